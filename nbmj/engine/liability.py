"""Ninghai 三摊 warnings (NH-6): which discards a player's melds make dangerous.

Pure functions over melds as ``(kind, tiles)`` pairs. The game decides who is ready and
records offences; see :meth:`nbmj.engine.game.Game._discard`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["MELDS_TO_WARN", "suit_warnings", "terminal_warning", "forbidden_tiles", "is_terminal_or_honour"]

_PUNG_KINDS = ("pon", "kan", "ankan", "kakan")

#: the fewest melds that show a warning: both take three (three melds of a suit or with
#: honour pungs, NH-6.1; three pungs or kongs, NH-6.3), so a seat with fewer warns of nothing
MELDS_TO_WARN = 3


def is_terminal_or_honour(t: int) -> bool:
    """大幺, read as terminals and honours (NB-1.4)."""
    return t >= 27 or t % 9 in (0, 8)


def suit_warnings(melds: Sequence[tuple[str, Sequence[int]]]) -> set[int]:
    """NH-6.1: the suits (0 m, 1 p, 2 s) in which these melds show a suit warning.

    Three melds of the suit; or two honour pungs/kongs and one of the suit; or one honour
    pung/kong and two of the suit. Three honour pungs alone warn of no suit.
    """
    if len(melds) < MELDS_TO_WARN:
        return set()
    honour = sum(1 for kind, tiles in melds if kind in _PUNG_KINDS and tiles[0] >= 27)
    out = set()
    for suit in range(3):
        n = sum(1 for _, tiles in melds if tiles[0] < 27 and tiles[0] // 9 == suit)
        if n >= 3 or (honour >= 2 and n >= 1) or (honour >= 1 and n >= 2):
            out.add(suit)
    return out


def terminal_warning(melds: Iterable[tuple[str, Sequence[int]]]) -> bool:
    """NH-6.3: three pungs or kongs on the table (chows do not count)."""
    return sum(1 for kind, _ in melds if kind in _PUNG_KINDS) >= MELDS_TO_WARN


def forbidden_tiles(melds: Sequence[tuple[str, Sequence[int]]], *, suits: bool, terminals: bool) -> set[int]:
    """Tile kinds another, not-ready player may not safely discard because of these melds."""
    out: set[int] = set()
    if suits:
        for suit in suit_warnings(melds):
            out.update(range(9 * suit, 9 * suit + 9))
    if terminals and terminal_warning(melds):
        out.update(t for t in range(34) if is_terminal_or_honour(t))
    return out
