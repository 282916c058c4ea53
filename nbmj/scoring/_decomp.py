"""The one place where the scorer meets the hand-shape core.

:func:`splits` returns every distinct split of the concealed part of a winning hand into
melds and one pair (:func:`nbmj.core.compact_decompositions`), each group as
``(type, first_kind, wild_mask)``: ``type`` ``"chow"``, ``"pung"`` or ``"pair"``;
``first_kind`` the kind of the group's first tile (the lowest, for a chow); ``wild_mask``
one boolean per slot, true where a wild fills it. A split is ``(pair, melds)``, melds
sorted. :func:`readings` adds the slot the winning tile took, one reading per key
(:func:`nbmj.core.compact_readings`).

Groups made of wilds only can stand for any pung or chow. Scoring only tells tiles apart by
their class and suit, and by whether a wild stands for its own face value, so such pungs
and pairs are kept only for the kinds in ``keep`` (one per class, chosen by the caller) and
such chows only as 123 of each suit (as 123 and 234 where chow ranks count, and as every
chow where the identical-chow features tell chows apart): the best score over the
representatives equals the best over every kind.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

# The live backend's scorer support (no part of nbmj.core's public API: see core/_scorer.py).
from ..core._scorer import compact_decompositions as _core_splits
from ..core._scorer import compact_readings as _core_readings

__all__ = ["ReadingCodes", "splits", "readings", "clear_caches"]

# Representative chow of a suit (first kind, relative): 123 has a two-sided, a closed and
# an edge slot (for a wild winning tile), and no feature tells chows of a suit apart otherwise.
_CHOW_REPS = (0,)
REP_CHOWS = frozenset(base + r for base in (0, 9, 18) for r in _CHOW_REPS)
#: With chow ranks told apart (断幺九): 123 holds a terminal, 234 none; no feature tells
#: the other chows of a suit apart from one of these two.
RANKED_CHOWS = frozenset(base + r for base in (0, 9, 18) for r in (0, 1))
#: With chows told apart by their tiles (板高, identical chows): every chow.
ALL_CHOWS = frozenset(base + r for base in (0, 9, 18) for r in range(7))


class ReadingCodes:
    """The per-kind codes the core's :func:`~nbmj.core.compact_readings` keys readings by
    (made by :func:`nbmj.scoring.readings._reading_codes`). Compared by identity: as part of
    a cache key it costs no hashing of its tables, and one object is made per spec and winds."""

    __slots__ = ("chow", "pung", "pair", "exposed", "or_bits")

    def __init__(self, chow: tuple[int, ...], pung: tuple[int, ...], pair: tuple[int, ...],
                 exposed: tuple[int, ...] | None, or_bits: int = 0) -> None:
        self.chow, self.pung, self.pair, self.exposed, self.or_bits = chow, pung, pair, exposed, or_bits


def clear_caches() -> None:
    """Forget every split and reading worked out so far (for cold-start timing)."""
    splits.cache_clear()
    _READINGS.clear()


def tile_total(counts: bytes, wilds: int) -> int:
    """The tiles of 34 counts plus ``wilds`` wild tiles."""
    total = wilds
    for n in counts:
        total += n
    return total


#: counts -> (wilds, keep, win, codes, the readings) of the last call on those counts: a bot
#: asks about a few hands again and again. Keyed by the counts alone, whose bytes hash once
#: and keep their hash (a key tuple of all five was built, and hashed twice, at every call);
#: the rest is compared on a hit (``keep`` and ``codes`` by identity: each is one object per
#: spec, winds and wild kinds). Started over when full, with no order kept: a scorer that
#: meets every hand once (a game server, bench/score.py) pays a dict look-up, where an LRU
#: cache's bookkeeping cost a fifth of the core's call.
_READINGS: dict[bytes, tuple[Any, ...]] = {}
_READINGS_KEPT = 64


def readings(counts: bytes, wilds: int, keep: frozenset[int], win: int, codes: ReadingCodes) -> list[Any]:
    """The core's :func:`~nbmj.core.compact_readings` of ``counts`` (34 counts as bytes, as
    :class:`~nbmj.scoring.facts.HandFacts` holds them) plus ``wilds`` wild tiles won on
    ``win`` (-1 for a wild), keyed by ``codes``. All-wild groups are kept as in
    :func:`splits`; empty when the tiles do not win. The list is kept for the next call on
    the same counts: the caller reads it and never changes it."""
    entry = _READINGS.get(counts)
    if entry is not None and entry[0] == wilds and entry[1] is keep and entry[2] == win and entry[3] is codes:
        found: list[Any] = entry[4]
        return found
    if tile_total(counts, wilds) % 3 != 2:
        found = []
    else:
        # (the core reads the bytes as they are: no list to build; its list is kept as it
        # is: a copy into a tuple cost a new object a call and kept no caller from harm)
        found = _core_readings(counts, wilds, keep, REP_CHOWS, win, codes.chow, codes.pung, codes.pair,
                               codes.exposed, codes.or_bits)
    if len(_READINGS) >= _READINGS_KEPT:
        _READINGS.clear()
    _READINGS[counts] = (wilds, keep, win, codes, found)
    return found


@lru_cache(maxsize=256)
def splits(counts: bytes, wilds: int, keep: frozenset[int],
           chows: frozenset[int] = REP_CHOWS) -> tuple[Any, ...]:
    """Every distinct split of ``counts`` plus ``wilds`` wild tiles into melds and one pair.

    ``keep`` holds the kinds all-wild pungs and pairs may take, ``chows`` the first kinds of
    the all-wild chows (see the module docstring).
    An empty tuple means the tiles do not win.
    """
    if tile_total(counts, wilds) % 3 != 2:
        return ()
    return tuple(_core_splits(counts, wilds, keep, chows))
