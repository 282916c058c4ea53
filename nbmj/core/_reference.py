"""Pure-Python reference for the hand-shape core: simple and exhaustive rather than fast.

The compiled module ``nbmj.core._shape`` has the same functions, signatures and docstrings
and must give the same answers; it reuses this module's :class:`Group`,
:class:`Decomposition` and input validation, so errors and result types match exactly.

Rules implemented (rulebook NB-10):

* A winning shape is n melds and one pair. A meld is a pung (three of a kind) or a chow
  (three consecutive ranks of one suit; honours never chow; 9 and 1 are not consecutive).
  There is no seven-pairs or thirteen-orphans shape.
* A wild (百搭) stands for any of the 34 kinds, never a flower.
* NB-10.4, the fifth copy: a wild may stand for a kind even when the hand already holds all
  four real copies of it; the wild is notional, and the sources limit wild use only by
  "any tile except flowers". ``waits`` still leaves out a kind held four times as real
  tiles, because a fifth real copy can never be drawn.
"""

from __future__ import annotations

import operator
from functools import lru_cache
from itertools import combinations_with_replacement, product
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple, SupportsIndex

if TYPE_CHECKING:  # imported by the batch functions when they run: not every user needs NumPy
    import numpy as np
    import numpy.typing as npt

from ..errors import HandShapeError
from ..tiles import N_KINDS, N_TILE_IDS, parse_counts, tile_code
from ._types import Counts, HandArray, HandLike, WildsLike

__all__ = [
    "Group",
    "Decomposition",
    "is_win",
    "is_win_ids",
    "shanten",
    "waits",
    "decompositions",
    "is_win_batch",
    "shanten_batch",
]
from ._reference_claims import *  # noqa: E402,F403  claims on a discard (NB-7)
from ._reference_claims import __all__ as _claims_all  # noqa: E402

__all__ += _claims_all
# Scorer support, as in the compiled module: present, but no part of __all__ (see _scorer.py).
from ._reference_readings import compact_decompositions, compact_readings  # noqa: E402,F401
from ._reference_shapes import *  # noqa: E402,F403  seven pairs, honours in any arrangement
from ._reference_shapes import __all__ as _shapes_all  # noqa: E402

__all__ += _shapes_all

MAX_TILES = 14
HONOURS_START = 27


class Group(NamedTuple):
    """One group of a decomposition.

    ``type`` is ``"chow"``, ``"pair"`` or ``"pung"``; ``tiles`` the kinds the group stands
    for, ascending; ``wilds`` the kinds that wilds play within it, ascending (a sub-multiset
    of ``tiles``; empty when the group is all real tiles). Groups compare as tuples.
    """

    type: str
    tiles: tuple[int, ...]
    wilds: tuple[int, ...]

    def __repr__(self) -> str:
        wild_left = list(self.wilds)
        shown = []
        # Mark as many copies of each kind as wilds play it; wilds are listed last per kind.
        for kind in reversed(self.tiles):
            if kind in wild_left:
                wild_left.remove(kind)
                shown.append(tile_code(kind) + "*")
            else:
                shown.append(tile_code(kind))
        return f"<{self.type} {' '.join(reversed(shown))}>"


class Decomposition(NamedTuple):
    """A split of a complete hand into one pair and its melds (sorted ascending).

    Two decompositions are the same when their multisets of groups are equal, a group being
    its type, the kinds it stands for and the kinds its wilds play (see :class:`Group`);
    which physical wild tile plays which role does not matter.
    """

    pair: Group
    melds: tuple[Group, ...]

    @property
    def groups(self) -> tuple[Group, ...]:
        """The pair followed by the melds."""
        return (self.pair, *self.melds)

    @property
    def wild_kinds(self) -> tuple[int, ...]:
        """Every kind a wild stands for in this decomposition, ascending."""
        return tuple(sorted(k for g in self.groups for k in g.wilds))

    def __repr__(self) -> str:
        return f"Decomposition(pair={self.pair!r}, melds=({', '.join(map(repr, self.melds))}))"


def _make_group(type_: str, first: int, wild_slots: tuple[int, ...]) -> Group:
    size = 3 if type_ != "pair" else 2
    tiles = tuple(first + j for j in range(size)) if type_ == "chow" else (first,) * size
    return Group(type_, tiles, tuple(sorted(tiles[j] for j in wild_slots)))


# ---------------------------------------------------------------- input validation
# Shared with the compiled backend so both raise the same errors with the same messages.


def _read_hand(hand: Any) -> list[int]:
    """A validated list of 34 counts from notation, a sequence or a buffer."""
    if isinstance(hand, str):
        return parse_counts(hand)
    try:
        items = list(memoryview(hand).cast("B")) if isinstance(hand, (bytes, bytearray)) else list(hand)
    except TypeError:
        raise HandShapeError(f"a hand is a 34-count vector or tile notation, not {hand!r}") from None
    if len(items) != N_KINDS:
        raise HandShapeError(f"a hand has {N_KINDS} counts, got {len(items)} in {hand!r}")
    counts = []
    for kind, item in enumerate(items):
        try:
            n = operator.index(item)
        except TypeError:
            raise HandShapeError(f"count {item!r} for {tile_code(kind)!r} is not a whole number in {hand!r}") from None
        if n < 0:
            raise HandShapeError(f"negative count {n} for {tile_code(kind)!r} in {hand!r}")
        if n > 4:
            raise HandShapeError(f"{n} copies of {tile_code(kind)!r} in {hand!r}; at most 4 exist")
        counts.append(n)
    return counts


def _read_wilds(wilds: Any) -> int:
    if isinstance(wilds, bool):
        raise HandShapeError(f"wilds must be a whole number, not {wilds!r}")
    try:
        w = operator.index(wilds)
    except TypeError:
        raise HandShapeError(f"wilds must be a whole number, not {wilds!r}") from None
    if w < 0:
        raise HandShapeError(f"wilds must not be negative, got {wilds!r}")
    return w


def tiles_text(total: int, wilds: int) -> str:
    """``"14 tiles (1 wild)"``: a hand's size in an error, its wilds counted."""
    return f"{total} tiles ({wilds} wild{'' if wilds == 1 else 's'})"


def _size_error(function: str, hand: object, wilds: int, total: int, allowed: str) -> HandShapeError:
    return HandShapeError(f"{function} needs a {allowed} hand, got {tiles_text(total, wilds)} in {hand!r}")


def _validated(hand: Any, wilds: Any, function: str, complete: bool | None) -> tuple[list[int], int, int]:
    """(counts, wilds, number of melds) after every check; ``complete`` None allows both sizes."""
    counts = _read_hand(hand)
    w = _read_wilds(wilds)
    total = sum(counts) + w
    if total > MAX_TILES:
        raise HandShapeError(f"{tiles_text(total, w)} in {hand!r}; a hand holds at most {MAX_TILES}")
    if complete is None:
        if total % 3 == 0:
            raise _size_error(function, hand, w, total, "3n+1 or 3n+2 (1, 2, 4, 5, ... 13 or 14 tiles)")
    elif complete and total % 3 != 2:
        raise _size_error(function, hand, w, total, "complete 3n+2 (2, 5, 8, 11 or 14 tiles)")
    elif not complete and total % 3 != 1:
        raise _size_error(function, hand, w, total, "waiting 3n+1 (1, 4, 7, 10 or 13 tiles)")
    return counts, w, total // 3


def _batch_arrays(hands: Any, wilds: Any, function: str) -> tuple[HandArray, Any]:
    """The (N, 34) uint8 hands and an int64 N-vector of wilds, checked."""
    import numpy as np

    if not isinstance(hands, np.ndarray):
        raise HandShapeError(f"{function} needs an (N, 34) numpy uint8 array, not {type(hands).__name__} {hands!r}")
    if hands.dtype != np.uint8:
        raise HandShapeError(f"{function} needs a uint8 array, got dtype {hands.dtype!r}")
    if hands.ndim != 2 or hands.shape[1] != N_KINDS:
        raise HandShapeError(f"{function} needs an array of shape (N, {N_KINDS}), got shape {hands.shape!r}")
    if not hands.flags.c_contiguous:
        raise HandShapeError(f"{function} needs a C-contiguous array (use numpy.ascontiguousarray)")
    w = np.asarray(wilds)
    if w.dtype.kind not in "iu":
        raise HandShapeError(f"wilds must be whole numbers, got dtype {w.dtype!r} in {wilds!r}")
    if w.ndim == 0:
        w = np.full(hands.shape[0], int(w), dtype=np.int64)
    elif w.shape != (hands.shape[0],):
        raise HandShapeError(f"wilds must be a number or an N-vector with N = {hands.shape[0]}, got shape {w.shape!r}")
    return hands, np.ascontiguousarray(w, dtype=np.int64)


def _batch_row_error(row: int, exc: HandShapeError) -> HandShapeError:
    return HandShapeError(f"hand {row} of the batch: {exc}")


# ---------------------------------------------------------------- the search
# Groups are tried through the lowest kind that still holds a real tile: some group must
# take one of those tiles. Every slot of that group whose kind still holds a real tile may
# take it or be a wild; slots below that kind can only be wilds. Exhaustive, memoised.


def _chow_firsts_through(i: int) -> tuple[int, ...]:
    """First kinds of the chows that contain kind i (none for honours)."""
    if i >= HONOURS_START:
        return ()
    return tuple(f for f in range(i - 2, i + 1) if f >= 0 and f // 9 == i // 9 and f % 9 <= 6)


_CHOWS_THROUGH = [_chow_firsts_through(i) for i in range(N_KINDS)]


def _groups_through(
    counts: tuple[int, ...], i: int, every_choice: bool = True
) -> Iterator[tuple[str, int, tuple[int, ...], tuple[int, ...]]]:
    """(type, first kind, wild slot positions, counts left) for each group taking a real i.

    With ``every_choice`` False only the groups that take a real tile wherever one is at hand
    are given: enough when counting missing tiles, since moving a real tile into a slot that
    a wild or nothing would fill is never worse.
    """
    ci = counts[i]
    for size, type_ in ((3, "pung"), (2, "pair")):
        for real in range(1, min(ci, size) + 1) if every_choice else (min(ci, size),):
            left = list(counts)
            left[i] -= real
            yield type_, i, tuple(range(real, size)), tuple(left)
    for first in _CHOWS_THROUGH[i]:
        # Slots below i can only be wilds (no real tile is left there); slot i is real.
        at_hand = [j for j in range(3) if first + j > i and counts[first + j]]
        forced = [j for j in range(3) if first + j < i or (first + j > i and not counts[first + j])]
        choices = product((True, False), repeat=len(at_hand)) if every_choice else [(True,) * len(at_hand)]
        for takes_real in choices:
            left = list(counts)
            left[i] -= 1
            wild = list(forced)
            for j, real in zip(at_hand, takes_real):
                if real:
                    left[first + j] -= 1
                else:
                    wild.append(j)
            yield "chow", first, tuple(sorted(wild)), tuple(left)


@lru_cache(maxsize=1 << 16)
def _completes(counts: tuple[int, ...], wilds: int, melds: int, pairs: int) -> bool:
    """Whether the real tiles plus exactly ``wilds`` wilds make ``melds`` melds and ``pairs`` pairs."""
    i = next((k for k in range(N_KINDS) if counts[k]), None)
    if i is None:
        return wilds == 3 * melds + 2 * pairs
    for type_, _first, wild_slots, left in _groups_through(counts, i):
        used = len(wild_slots)
        if used > wilds:
            continue
        if type_ == "pair":
            if pairs and _completes(left, wilds - used, melds, pairs - 1):
                return True
        elif melds and _completes(left, wilds - used, melds - 1, pairs):
            return True
    return False


MAX_MELDS = 4


@lru_cache(maxsize=1 << 16)
def _missing(counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Fewest tiles to add so the real tiles fit inside m melds and p pairs, for every m and p.

    Returned as ``result[m][p]`` for m = 0..4 melds and p = 0..1 pairs. A real tile may also
    be left out (it would be discarded); each empty slot costs one tile.
    """
    i = next((k for k in range(N_KINDS) if counts[k]), None)
    if i is None:
        return tuple((3 * m, 3 * m + 2) for m in range(MAX_MELDS + 1))
    left = list(counts)
    left[i] -= 1
    best = [list(row) for row in _missing(tuple(left))]  # this tile is not used
    for type_, _first, wild_slots, rest in _groups_through(counts, i, every_choice=False):
        after = _missing(rest)
        cost = len(wild_slots)
        for m in range(MAX_MELDS + 1):
            for p in range(2):
                if type_ == "pair":
                    if p:
                        best[m][p] = min(best[m][p], cost + after[m][0])
                elif m:
                    best[m][p] = min(best[m][p], cost + after[m - 1][p])
    return tuple(tuple(row) for row in best)


_SUITS = ((0, 9), (9, 18), (18, 27), (27, 34))


def _missing_by_suit(counts: list[int], melds: int) -> int:
    """Fewest tiles missing for ``melds`` melds and a pair, combining :func:`_missing` by suit.

    No group spans two suits, so the best target splits into per-suit targets; each suit is
    cached on its own tiles, which repeat far more often than whole hands.
    """
    best = {(0, 0): 0}  # (melds, pairs) placed so far -> fewest tiles missing
    for lo, hi in _SUITS:
        suit = tuple(counts[k] if lo <= k < hi else 0 for k in range(N_KINDS))
        nxt: dict[tuple[int, int], int] = {}
        for (m, p), cost in best.items():
            for dm in range(melds - m + 1):
                for dp in range(2 - p):
                    key = (m + dm, p + dp)
                    total = cost + _missing(suit)[dm][dp]
                    if total < nxt.get(key, 99):
                        nxt[key] = total
        best = nxt
    return best[(melds, 1)]


def _all_wild_melds() -> list[Group]:
    chows = [_make_group("chow", f, (0, 1, 2)) for f in range(HONOURS_START) if f % 9 <= 6]
    pungs = [_make_group("pung", k, (0, 1, 2)) for k in range(N_KINDS)]
    return sorted(chows + pungs)


_ALL_WILD_MELDS = _all_wild_melds()
_ALL_WILD_PAIRS = [_make_group("pair", k, (0, 1)) for k in range(N_KINDS)]


def _decompose(counts: tuple[int, ...], wilds: int, melds: int, pair: Group | None, groups: list[Group],
               out: set[Decomposition], wild_pairs: list[Group] = _ALL_WILD_PAIRS,
               wild_melds: list[Group] = _ALL_WILD_MELDS) -> None:
    """Adds to ``out`` every decomposition of ``counts`` plus ``wilds`` into ``melds`` more
    melds and a pair (``pair`` when already made) beside ``groups``; groups of wilds only
    are taken from ``wild_pairs`` and ``wild_melds``."""
    i = next((k for k in range(N_KINDS) if counts[k]), None)
    if i is None:
        # Only wilds are left: any all-wild melds, and an all-wild pair if none was made.
        pairs = [pair] if pair is not None else wild_pairs
        for p in pairs:
            for extra in combinations_with_replacement(wild_melds, melds):
                out.add(Decomposition(p, tuple(sorted(groups + list(extra)))))
        return
    for type_, first, wild_slots, left in _groups_through(counts, i):
        used = len(wild_slots)
        if used > wilds:
            continue
        # a branch whose remaining tiles cannot be completed is cut before it is explored
        # (the answer is the same; without it, hands with wilds try every dead end)
        if type_ == "pair":
            if pair is None and _completes(left, wilds - used, melds, 0):
                _decompose(left, wilds - used, melds, _make_group(type_, first, wild_slots), groups, out,
                           wild_pairs, wild_melds)
        elif melds and _completes(left, wilds - used, melds - 1, 1 if pair is None else 0):
            _decompose(left, wilds - used, melds - 1, pair, groups + [_make_group(type_, first, wild_slots)], out,
                       wild_pairs, wild_melds)


# ---------------------------------------------------------------- public API


def is_win(hand: HandLike, wilds: SupportsIndex = 0) -> bool:
    """Whether a complete-size hand is a winning shape: n melds and one pair.

    ``hand`` is a 34-count vector (list, tuple, numpy array, bytes or any sequence of
    whole numbers, kinds in the order 1-9m 1-9p 1-9s 1-7z) or tile notation such as
    ``"123m456p"``; ``wilds`` is how many wild (百搭) tiles are held besides it. The total
    must be 3n+2 (2, 5, 8, 11 or 14): exposed melds are implied by a smaller total. A wild
    stands for any kind, even a fifth copy of a kind held four times (rule NB-10.4).
    Raises :class:`~nbmj.errors.HandShapeError` for an impossible hand.
    """
    counts, w, n = _validated(hand, wilds, "is_win", True)
    return _completes(tuple(counts), w, n, 1)


def is_win_ids(counts: Counts, wild_ids: SupportsIndex, extra_wilds: SupportsIndex = 0) -> bool:
    """Whether a hand kept as a count per tile id makes a winning shape: the engine's form.

    ``counts`` holds 42 counts, one per tile id (the 34 kinds, then the eight flowers, ids
    34-41); ``wild_ids`` is a bit mask of the ids that are wild (百搭: bit ``t`` for id
    ``t``), whose tiles count as wilds; a flower that is not wild is laid aside and not
    counted. ``extra_wilds`` more wilds are held besides: one more asks whether a waiting
    3n+1 hand is ready, since a wild stands for any kind (NB-10.4). Unlike :func:`is_win`, a
    hand whose tiles do not number 3n+2 (at most 14) is simply not a win: False, no error.
    Raises :class:`~nbmj.errors.HandShapeError` for counts that are not 42 whole numbers from
    0 to 4, or a mask or extra wilds that are not whole numbers (or negative).
    """
    try:
        items = list(memoryview(counts).cast("B")) if isinstance(counts, (bytes, bytearray)) else list(counts)
    except TypeError:
        raise HandShapeError(f"a hand by tile id is 42 counts, not {counts!r}") from None
    if len(items) != N_TILE_IDS:
        raise HandShapeError(f"a hand by tile id has {N_TILE_IDS} counts, got {len(items)} in {counts!r}")
    values = []
    for t, item in enumerate(items):
        try:
            n = operator.index(item)
        except TypeError:
            raise HandShapeError(f"count {item!r} for {tile_code(t)!r} is not a whole number in {counts!r}") from None
        if not 0 <= n <= 4:
            raise HandShapeError(f"count {n} for {tile_code(t)!r} in {counts!r}; each is 0 to 4")
        values.append(n)
    mask = _read_wilds(wild_ids)
    w = _read_wilds(extra_wilds)
    kinds = [0] * N_KINDS
    for t in range(N_TILE_IDS):
        if mask >> t & 1:
            w += values[t]
        elif t < N_KINDS:
            kinds[t] = values[t]
    total = sum(kinds) + w
    if total % 3 != 2 or total > MAX_TILES:
        return False
    return _completes(tuple(kinds), w, total // 3, 1)


def shanten(hand: HandLike, wilds: SupportsIndex = 0) -> int:
    """How far a hand is from winning: tiles still missing minus one.

    -1 means complete, 0 waiting (tenpai). The hand may be 3n+1 (waiting size) or 3n+2
    tiles (then it is the best over one discard). Wilds count as free tiles:
    ``shanten(H, w)`` equals the standard meld-and-pair shanten of ``H`` for the same number
    of melds minus ``w``, never below -1. Only the meld-and-pair shape counts. ``hand`` and
    ``wilds`` are as for :func:`is_win`.
    """
    counts, w, n = _validated(hand, wilds, "shanten", None)
    return max(-1, _missing_by_suit(counts, n) - w - 1)


def waits(hand: HandLike, wilds: SupportsIndex = 0) -> list[int]:
    """The kinds (ints 0-33, ascending) whose draw completes a 3n+1 hand.

    A kind of which the hand holds all four real copies is never listed: no fifth real copy
    can be drawn (although a wild may still play one, rule NB-10.4). Only the tiles given
    are seen: a caller with exposed melds must also drop kinds whose fourth copy sits in a
    meld. Drawing a wild is not a kind and is not listed; it completes the hand whenever
    shanten is 0. The hand is ready (rule NB-10.5) when the list is not empty; shanten 0
    alone does not say that, when only a fifth copy would complete the hand. ``hand`` and
    ``wilds`` are as for :func:`is_win`.
    """
    counts, w, n = _validated(hand, wilds, "waits", False)
    found = []
    for kind in range(N_KINDS):
        if counts[kind] >= 4:
            continue
        counts[kind] += 1
        if _completes(tuple(counts), w, n, 1):
            found.append(kind)
        counts[kind] -= 1
    return found


def decompositions(hand: HandLike, wilds: SupportsIndex = 0) -> list[Decomposition]:
    """Every distinct way to split a complete 3n+2 hand into melds and a pair.

    Returns a sorted list of :class:`Decomposition` (empty when the hand does not win);
    decompositions sort as tuples (pair, melds) and groups as (type, tiles, wilds). Each
    group says which kinds it stands for and which of them wilds play. Two splits are the
    same when their multisets of groups are equal (type, kinds, kinds played by wilds);
    wilds are interchangeable, and a group of wilds only may stand for any pung, chow or
    pair, so the list grows quickly with many wilds (three wilds forming a meld of their
    own alone give 55 choices). A wild may play a fifth copy (rule NB-10.4). ``hand`` and
    ``wilds`` are as for :func:`is_win`.
    """
    counts, w, n = _validated(hand, wilds, "decompositions", True)
    found: set[Decomposition] = set()
    _decompose(tuple(counts), w, n, None, [], found)
    return sorted(found)


def _decompositions_only(counts: list[int], w: int, pung_kinds: frozenset[int], chow_firsts: frozenset[int]) -> list[Decomposition]:
    """:func:`decompositions` of validated ``counts`` and ``w`` wilds, leaving out those with
    a pair or pung of wilds only whose kind is not in ``pung_kinds`` or a chow of wilds only
    whose first kind is not in ``chow_firsts`` (without listing them first)."""
    pairs = [g for g in _ALL_WILD_PAIRS if g.tiles[0] in pung_kinds]
    melds = [g for g in _ALL_WILD_MELDS if g.tiles[0] in (chow_firsts if g.type == "chow" else pung_kinds)]
    found: set[Decomposition] = set()
    _decompose(tuple(counts), w, (sum(counts) + w) // 3, None, [], found, pairs, melds)
    return sorted(found)


def is_win_batch(hands: HandArray, wilds: WildsLike) -> npt.NDArray[np.bool_]:
    """:func:`is_win` over many hands at once; returns a numpy bool array of length N.

    ``hands`` is a C-contiguous ``(N, 34)`` numpy uint8 array of counts; ``wilds`` a whole
    number for every hand or an N-vector of whole numbers. Raises
    :class:`~nbmj.errors.HandShapeError` naming the first bad hand.
    """
    import numpy as np

    hands, w = _batch_arrays(hands, wilds, "is_win_batch")
    out = np.zeros(hands.shape[0], dtype=bool)
    for row in range(hands.shape[0]):
        try:
            out[row] = is_win(hands[row].tolist(), int(w[row]))
        except HandShapeError as exc:
            raise _batch_row_error(row, exc) from None
    return out


def shanten_batch(hands: HandArray, wilds: WildsLike) -> npt.NDArray[np.int8]:
    """:func:`shanten` over many hands at once; returns a numpy int8 array of length N.

    Arguments as for :func:`is_win_batch`; each hand may be 3n+1 or 3n+2 tiles.
    """
    import numpy as np

    hands, w = _batch_arrays(hands, wilds, "shanten_batch")
    out = np.zeros(hands.shape[0], dtype=np.int8)
    for row in range(hands.shape[0]):
        try:
            out[row] = shanten(hands[row].tolist(), int(w[row]))
        except HandShapeError as exc:
            raise _batch_row_error(row, exc) from None
    return out
