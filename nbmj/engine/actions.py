# cython: annotation_typing=False
# (the augmenting actions.pxd gives the C types; the annotations are for mypy)
"""What a player can do: the :class:`Action` value and its compact JSON form.

Kinds, and what ``tile`` / ``use`` mean for each:

``discard``
    throw ``tile`` from the hand.
``hu``
    win: on one's own draw, on the discard, or on a robbed kong.
``pass``
    decline every claim on a discard or an added kong.
``chi``
    chow the discard ``tile`` (上家 only) with the two tiles in ``use``.
``pon``
    pung the discard ``tile``.
``kan``
    kong the discard ``tile`` (明杠).
``ankan``
    concealed kong of four ``tile`` in hand (暗杠).
``kakan``
    add the fourth ``tile`` to one's pon (补杠).
``flower``
    lay down the flower ``tile`` and draw its replacement (manual replacement only).

The JSON form is the log line for the action: ``{"e": "chi", "seat": "S", "tile": "4m",
"use": "56m"}``; fields that do not apply are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import ActionSyntaxError
from ..rules.model import SEATS
from ..tiles import parse_tile, parse_tiles, tile_code, to_notation

__all__ = ["ACTION_KINDS", "CLAIM_KINDS", "Action", "interned"]

ACTION_KINDS = ("discard", "hu", "pass", "chi", "pon", "kan", "ankan", "kakan", "flower")
# Kinds that answer a discard; "hu" also answers one's own draw and a robbed kong.
CLAIM_KINDS = ("hu", "kan", "pon", "chi")


_CODES = tuple(tile_code(t) for t in range(42))


@dataclass(frozen=True, order=True)
class Action:
    """One move by one seat. Seats are table positions ``"E" "S" "W" "N"``."""

    seat: str
    kind: str
    tile: int | None = None
    use: tuple[int, ...] = ()
    #: the JSON form, made at the first :meth:`to_json` (an action is immutable): not part of
    #: the value (equality, order, hash and repr leave it out)
    _json: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False, hash=False)

    def to_json(self) -> dict[str, Any]:
        """The compact JSON form (also the action's line in the event log); a new dict each call."""
        cached = self._json
        if cached is not None:
            return cached.copy()
        out: dict[str, Any] = {"e": self.kind, "seat": self.seat}
        if self.tile is not None:
            out["tile"] = _CODES[self.tile] if 0 <= self.tile < len(_CODES) else tile_code(self.tile)
        if self.use:
            out["use"] = to_notation(self.use)
        object.__setattr__(self, "_json", out)  # (frozen: the one write, of the cache)
        return out.copy()

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> "Action":
        """Read the compact JSON form; raises ActionSyntaxError (a ValueError) on a malformed one."""
        if not isinstance(obj, dict):
            raise ActionSyntaxError(f"an action is a JSON object, not {obj!r}")
        kind, seat = obj.get("e"), obj.get("seat")
        if kind not in ACTION_KINDS:
            raise ActionSyntaxError(f"unknown action kind {kind!r}")
        if seat not in SEATS:
            raise ActionSyntaxError(f"unknown seat {seat!r}")
        tile = obj.get("tile")
        use = obj.get("use")
        if not (tile is None or isinstance(tile, str)) or not (use is None or isinstance(use, str)):
            raise ActionSyntaxError(f"an action's tile and use are tile notation, not {tile!r}, {use!r}")
        return cls(seat, kind, None if tile is None else parse_tile(tile), tuple(parse_tiles(use)) if use else ())

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read the text form ``"S chi 4m 56m"``, ``"E discard 5m"``, ``"W hu"``: seat, kind,
        then the tile and the hand tiles used where the kind has them (``with`` optional)."""
        words = [w for w in text.split() if w != "with"] if isinstance(text, str) else []
        if len(words) < 2:
            raise ActionSyntaxError(f"an action reads 'SEAT KIND [TILE [USE]]', not {text!r}")
        seat, kind, rest = words[0].upper(), words[1].lower(), words[2:]
        if seat not in SEATS:
            raise ActionSyntaxError(f"unknown seat {words[0]!r} in {text!r}")
        if kind not in ACTION_KINDS:
            raise ActionSyntaxError(f"unknown action kind {words[1]!r} in {text!r}; known: {', '.join(ACTION_KINDS)}")
        if len(rest) > 2:
            raise ActionSyntaxError(f"too many words in {text!r}")
        tile = parse_tile(rest[0]) if rest else None
        use = tuple(parse_tiles(rest[1])) if len(rest) > 1 else ()
        return cls(seat, kind, tile, use)

    def __str__(self) -> str:
        parts = [self.seat, self.kind]
        if self.tile is not None:
            parts.append(tile_code(self.tile))
        if self.use:
            parts.append(f"with {to_notation(self.use)}")
        return " ".join(parts)


_INTERNED: dict[tuple[str, str, int | None, tuple[int, ...]], Action] = {}


def interned(seat: str, kind: str, tile: int | None = None, use: tuple[int, ...] = ()) -> Action:
    """The one shared Action with these fields: the engine offers these, so that checking a
    bot's choice against the legal list is an identity test (there are only a few thousand)."""
    key = (seat, kind, tile, use)
    a = _INTERNED.get(key)
    if a is None:
        a = _INTERNED[key] = Action(seat, kind, tile, use)
    return a
