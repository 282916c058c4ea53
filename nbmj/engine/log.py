"""The event log: JSON lines with a format version (replaying one is :meth:`Game.replay
<nbmj.engine.game.Game.replay>`, which re-runs the game).

Line 1 is the header: ``{"format": "nbmj-log/1", "variant": ..., "rules_digest": ...,
"seed": ..., "dealer": ..., "round_wind": ...}`` plus ``"wall"`` and ``"dice"`` when the
hand was played on a fixed wall. ``rules_digest`` is the
:attr:`~nbmj.rules.model.RuleSet.digest` of the rules the hand was played under: a replay
refuses rules with another digest, naming both (the variant's name alone would let a
user file that shadows a shipped variant pass for it); a log written before the field
existed replays without the check. Every later line is one event: the engine's own (``start``, ``deal``, ``bu``
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
from collections.abc import Iterable
from typing import Any

from ..errors import ReplayError

__all__ = ["LOG_FORMAT", "dumps_event", "parse_log", "numbered_events", "same_event"]

#: The format every event log names in its header (``"format"``); a replay refuses any other
LOG_FORMAT = "nbmj-log/1"


def dumps_event(event: dict[str, Any]) -> str:
    """One log line. Key order is the order the engine wrote the keys in, which is fixed."""
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


def numbered_events(log: str | Iterable[str | dict[str, Any]]) -> tuple[list[dict[str, Any]], list[int]]:
    """The log's events (blank lines skipped) and the 1-based line number of each. A UTF-8
    byte-order mark before the first line, as some editors save one, is no part of it. The
    text may come as UTF-8 bytes (a file read in binary)."""
    if isinstance(log, (bytes, bytearray)):
        try:
            log = bytes(log).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ReplayError(f"the log is not UTF-8 text: {exc.reason} at byte {exc.start}", 0) from None
    try:
        lines = log.splitlines() if isinstance(log, str) else list(log)
    except TypeError:  # (None, a number)
        raise ReplayError(f"a log is its text or its lines, not {log!r}", 0) from None
    out: list[dict[str, Any]] = []
    numbers: list[int] = []
    for number, line in enumerate(lines, 1):
        line = line.strip() if isinstance(line, str) else line
        if number == 1 and isinstance(line, str):
            line = line.removeprefix("\ufeff")
        if not line:
            continue
        try:
            obj = json.loads(line) if isinstance(line, str) else line
        except json.JSONDecodeError as exc:
            raise ReplayError(f"line {number} is not JSON: {exc.msg} in {str(line)[:60]!r}", len(out)) from None
        except RecursionError:
            raise ReplayError(f"line {number} is nested too deeply to read", len(out)) from None
        except ValueError:  # (not JSONDecodeError: Python's cap on the digits of a whole number)
            raise ReplayError(f"line {number} holds a number too long to read: {str(line)[:60]!r}", len(out)) from None
        if not isinstance(obj, dict):
            raise ReplayError(f"line {number} is not a JSON object: {str(line)[:60]!r}", len(out))
        out.append(obj)
        numbers.append(number)
    if not out:
        raise ReplayError("the log is empty", 0)
    return out, numbers


def same_event(logged: dict[str, Any], produced: dict[str, Any]) -> bool:
    """Whether a logged engine event is the one produced; the wall's break may be missing
    from the ``start`` of an older log, since it follows from the dice and the variant."""
    if logged == produced:
        return True
    if produced.get("e") == "start" and "break" not in logged:
        return logged == {k: v for k, v in produced.items() if k != "break"}
    return False


def refuse_variant_path(header: dict[str, Any], line: int = 1) -> None:
    """Raise a ReplayError when the ``header`` (read from log line ``line``) names its variant
    by a file's path: nbmj writes the rule set's name, so a path is what a crafted log puts
    there to have a file of the reader's read (and its first line quoted in the error)."""
    from ..rules.registry import _looks_like_path  # (the same test load_variant makes)

    variant = header.get("variant")
    if isinstance(variant, str) and _looks_like_path(variant):
        raise ReplayError(f"line {line}: a log names its variant, never a file: {variant!r}; give the variant file", 0)


def parse_log(log: str | Iterable[str | dict[str, Any]]) -> list[dict[str, Any]]:
    """The log's lines as dicts (blank lines skipped); raises ReplayError on a bad line."""
    return numbered_events(log)[0]
