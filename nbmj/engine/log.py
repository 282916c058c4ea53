"""The event log: JSON lines with a format version, and replaying a log into game states.

Line 1 is the header: ``{"format": "nbmj-log/1", "variant": ..., "seed": ..., "dealer":
..., "round_wind": ...}`` plus ``"wall"`` and ``"dice"`` when the hand was played on a
fixed wall. Every later line is one event: the engine's own (``start``, ``deal``, ``bu``
flower replacement, ``draw``, ``take`` for a claim carried out, ``pay`` for an immediate
payment, ``end``) or a player's action in the compact form of
:class:`~nbmj.engine.actions.Action` (``discard``, ``pass``, ``chi``, ...).

The engine's events follow from the header and the actions, so a replay re-runs the hand
from the header, feeds it the logged actions, and checks that every engine event it
produces is the logged one. Lines are compared as parsed JSON, so spacing may differ.
A ``start`` event without ``"break"`` (where the dice open the wall), as logs written
before that field existed have it, still replays.
Messages number the lines of the text from 1, blank lines counted; a
:class:`~nbmj.errors.ReplayError`'s ``index`` is the 0-based number of the event (the
header is event 0).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from ..errors import NbmjError, ReplayError
from .actions import ACTION_KINDS, Action

if TYPE_CHECKING:
    from ..rules.model import RuleSet

__all__ = ["LOG_FORMAT", "dumps_event", "parse_log", "replay", "replay_games"]

LOG_FORMAT = "nbmj-log/1"


def dumps_event(event: dict[str, Any]) -> str:
    """One log line. Key order is the order the engine wrote the keys in, which is fixed."""
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


def _numbered(log: str | Iterable[str | dict[str, Any]]) -> tuple[list[dict[str, Any]], list[int]]:
    """The log's events (blank lines skipped) and the 1-based line number of each."""
    lines = log.splitlines() if isinstance(log, str) else list(log)
    out: list[dict[str, Any]] = []
    numbers: list[int] = []
    for number, line in enumerate(lines, 1):
        line = line.strip() if isinstance(line, str) else line
        if not line:
            continue
        try:
            obj = json.loads(line) if isinstance(line, str) else line
        except json.JSONDecodeError as exc:
            raise ReplayError(f"line {number} is not JSON: {exc.msg} in {str(line)[:60]!r}", len(out)) from None
        except RecursionError:
            raise ReplayError(f"line {number} is nested too deeply to read", len(out)) from None
        if not isinstance(obj, dict):
            raise ReplayError(f"line {number} is not a JSON object: {str(line)[:60]!r}", len(out))
        out.append(obj)
        numbers.append(number)
    if not out:
        raise ReplayError("the log is empty", 0)
    return out, numbers


def _same_event(logged: dict[str, Any], produced: dict[str, Any]) -> bool:
    """Whether a logged engine event is the one produced; the wall's break may be missing
    from the ``start`` of an older log, since it follows from the dice and the variant."""
    if logged == produced:
        return True
    if produced.get("e") == "start" and "break" not in logged:
        return logged == {k: v for k, v in produced.items() if k != "break"}
    return False


def parse_log(log: str | Iterable[str | dict[str, Any]]) -> list[dict[str, Any]]:
    """The log's lines as dicts (blank lines skipped); raises ReplayError on a bad line."""
    return _numbered(log)[0]


def replay(log: str | Iterable[str | dict[str, Any]], rules: RuleSet | None = None) -> Iterator[dict[str, Any]]:
    """Re-run a logged hand, yielding the full state after the header and after each action.

    Raises :class:`~nbmj.errors.ReplayError` at the first event that is malformed, illegal,
    or not what the engine produces at that point; its message names the line (from 1) and
    its ``index`` is the event's 0-based number (the header is 0). A log cut short replays
    as far as it goes: the last state's ``result`` is then None.
    """
    for _game, state in replay_games(log, rules):
        yield state


def replay_games(log: str | Iterable[str | dict[str, Any]], rules: RuleSet | None = None) -> Iterator[tuple[Any, dict[str, Any]]]:
    """As :func:`replay`, yielding the game itself with each state (the same game each time)."""
    from .game import Game

    events, numbers = _numbered(log)
    header = events[0]
    if header.get("format") != LOG_FORMAT:
        raise ReplayError(f"line {numbers[0]} is not an {LOG_FORMAT!r} header: format {header.get('format')!r}", 0)
    if rules is not None and header.get("variant") != rules.name:
        raise ReplayError(f"line {numbers[0]}: the log is of variant {header.get('variant')!r}, not {rules.name!r}", 0)
    try:
        game = Game.from_header(header, rules=rules)
    except NbmjError as exc:
        raise ReplayError(f"line {numbers[0]}: cannot start the hand: {exc}", 0) from exc
    except (TypeError, ValueError, KeyError) as exc:
        raise ReplayError(f"line {numbers[0]}: bad header: {exc!r}", 0) from exc
    index = 1

    def check_engine_events() -> None:
        nonlocal index
        produced = game.events
        while index - 1 < len(produced):
            if index >= len(events):
                return
            expected = produced[index - 1]
            if not _same_event(events[index], expected):
                raise ReplayError(
                    f"line {numbers[index]}: the log says {json.dumps(events[index], ensure_ascii=False)} "
                    f"but the game gives {json.dumps(expected, ensure_ascii=False)}",
                    index,
                )
            index += 1

    check_engine_events()
    yield game, game.full_state()
    while index < len(events):
        ev = events[index]
        line = numbers[index]
        if ev.get("e") not in ACTION_KINDS:
            raise ReplayError(f"line {line}: expected a player's action, got event {ev.get('e')!r}", index)
        if game.is_over:
            raise ReplayError(f"line {line}: the hand is already over", index)
        try:
            action = Action.from_json(ev)
            game.step(action)
        except NbmjError as exc:
            raise ReplayError(f"line {line}: {exc}", index) from exc
        if game.events[index - 1] != ev:
            raise ReplayError(f"line {line}: the action is not written in its normal form", index)
        index += 1
        check_engine_events()
        yield game, game.full_state()
