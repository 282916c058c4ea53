"""The event log: JSON lines with a format version, and replaying a log into game states.

Line 0 is the header: ``{"format": "nbmj-log/1", "variant": ..., "seed": ..., "dealer":
..., "round_wind": ...}`` plus ``"wall"`` and ``"dice"`` when the hand was played on a
fixed wall. Every later line is one event: the engine's own (``start``, ``deal``, ``bu``
flower replacement, ``draw``, ``take`` for a claim carried out, ``pay`` for an immediate
payment, ``end``) or a player's action in the compact form of
:class:`~nbmj.engine.actions.Action` (``discard``, ``pass``, ``chi``, ...).

The engine's events follow from the header and the actions, so a replay re-runs the hand
from the header, feeds it the logged actions, and checks that every engine event it
produces is the logged one. Lines are compared as parsed JSON, so spacing may differ.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from ..errors import NbmjError, ReplayError
from .actions import ACTION_KINDS, Action

__all__ = ["LOG_FORMAT", "dumps_event", "parse_log", "replay"]

LOG_FORMAT = "nbmj-log/1"


def dumps_event(event: dict) -> str:
    """One log line. Key order is the order the engine wrote the keys in, which is fixed."""
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


def parse_log(log: str | Iterable[str]) -> list[dict]:
    """The log's lines as dicts (blank lines skipped); raises ReplayError on a bad line."""
    lines = log.splitlines() if isinstance(log, str) else list(log)
    out = []
    for line in lines:
        line = line.strip() if isinstance(line, str) else line
        if not line:
            continue
        try:
            obj = json.loads(line) if isinstance(line, str) else line
        except json.JSONDecodeError as exc:
            raise ReplayError(f"line {len(out)} is not JSON: {exc.msg} in {line[:60]!r}", len(out)) from None
        if not isinstance(obj, dict):
            raise ReplayError(f"line {len(out)} is not a JSON object: {line[:60]!r}", len(out))
        out.append(obj)
    if not out:
        raise ReplayError("the log is empty", 0)
    return out


def replay(log: str | Iterable[str], rules=None) -> Iterator[dict]:
    """Re-run a logged hand, yielding the full state after the header and after each action.

    Raises :class:`~nbmj.errors.ReplayError` whose ``index`` is the 0-based line number
    (the header is line 0) of the first event that is malformed, illegal, or not what the
    engine produces at that point. A log cut short replays as far as it goes.
    """
    from .game import Game

    events = parse_log(log)
    header = events[0]
    if header.get("format") != LOG_FORMAT:
        raise ReplayError(f"line 0 is not an {LOG_FORMAT!r} header: format {header.get('format')!r}", 0)
    try:
        game = Game.from_header(header, rules=rules)
    except NbmjError as exc:
        raise ReplayError(f"line 0: cannot start the hand: {exc}", 0) from exc
    except (TypeError, ValueError, KeyError) as exc:
        raise ReplayError(f"line 0: bad header: {exc}", 0) from exc
    index = 1

    def check_engine_events() -> Iterator[int]:
        nonlocal index
        produced = game.events
        while index - 1 < len(produced):
            if index >= len(events):
                return
            expected = produced[index - 1]
            if events[index] != expected:
                raise ReplayError(
                    f"line {index}: the log says {json.dumps(events[index], ensure_ascii=False)} "
                    f"but the game gives {json.dumps(expected, ensure_ascii=False)}",
                    index,
                )
            index += 1
        yield index

    list(check_engine_events())
    yield game.full_state()
    while index < len(events):
        ev = events[index]
        if ev.get("e") not in ACTION_KINDS:
            raise ReplayError(f"line {index}: expected a player's action, got event {ev.get('e')!r}", index)
        if game.is_over:
            raise ReplayError(f"line {index}: the hand is already over", index)
        try:
            action = Action.from_json(ev)
            game.step(action)
        except NbmjError as exc:
            raise ReplayError(f"line {index}: {exc}", index) from exc
        if game.events[index - 1] != ev:
            raise ReplayError(f"line {index}: the action is not written in its normal form", index)
        index += 1
        list(check_engine_events())
        yield game.full_state()
