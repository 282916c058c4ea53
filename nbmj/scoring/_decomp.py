"""The one place where the scorer meets the hand-shape core.

:func:`splits` returns every distinct split of the concealed part of a winning hand into
melds and one pair, each group as ``(type, first_kind, wild_mask)``:

* ``type`` is ``"chow"``, ``"pung"`` or ``"pair"``;
* ``first_kind`` is the kind of the group's first tile (the lowest, for a chow);
* ``wild_mask`` is a tuple of booleans, one per slot of the group, true where a wild fills
  the slot.

A split is ``(pair, melds)`` with ``melds`` a tuple of groups, sorted. The core
(:func:`nbmj.core.compact_decompositions`) does the enumeration when it is importable;
otherwise a small reference enumerator here does it.

Groups made of wilds only can stand for any pung or chow. Scoring only tells tiles apart by
their class (dragon, seat/round wind, other wind, terminal, simple) and suit, and by whether
a wild stands for its own face value, so such groups are kept only for a representative
kind of each class (:func:`representative_kinds`): the best score over the representatives
equals the best over every kind.
"""

from __future__ import annotations

from functools import lru_cache

Group = tuple  # (type, first_kind, wild_mask)

_NONE3 = (False, False, False)

# Representative chow of a suit (first kind, relative): 123 has a two-sided, a closed and
# an edge slot (for a wild winning tile), and no feature tells chows of a suit apart otherwise.
_CHOW_REPS = (0,)


@lru_cache(maxsize=256)
def representative_kinds(extra: frozenset[int] = frozenset(), winds: tuple[int, ...] = ()) -> frozenset[int]:
    """Kinds that an all-wild pung or pair may take: one dragon (白), the given ``winds``
    (the seat and round winds) and one other wind, 1 and 5 of each suit, plus ``extra``
    (the wild kinds themselves, for 还搭). Every tile class of FEATURES treats the kinds
    left out exactly like one of these."""
    kinds = {31}
    kinds.update(winds)
    kinds.add(next(k for k in range(27, 31) if k not in winds))
    for base in (0, 9, 18):
        kinds.update((base, base + 4))
    return frozenset(kinds | set(extra))


_REP_CHOWS = frozenset(base + r for base in (0, 9, 18) for r in _CHOW_REPS)


def _rep_chows() -> frozenset[int]:
    return _REP_CHOWS


try:  # pragma: no cover - depends on what the core provides at run time
    from ..core._scorer import compact_decompositions as _core_splits
except Exception:  # ImportError, or the core not built yet
    _core_splits = None


try:  # pragma: no cover - depends on what the core provides at run time
    from ..core._scorer import compact_readings as _core_readings
except Exception:
    _core_readings = None

#: Whether :func:`readings` can be used (else the scorer lists readings from :func:`splits`).
has_core_readings = _core_readings is not None


def clear_caches() -> None:
    """Forget every split and reading worked out so far (for cold-start timing)."""
    splits.cache_clear()
    readings.cache_clear()


@lru_cache(maxsize=64)
def readings(counts: tuple[int, ...], wilds: int, keep: frozenset[int], win: int, codes) -> tuple:
    """The core's :func:`~nbmj.core.compact_readings` of ``counts`` plus ``wilds`` wild tiles
    won on ``win`` (-1 for a wild), keyed by ``codes`` (a
    :class:`~nbmj.scoring.features.ReadingCodes`). All-wild groups are kept as in
    :func:`splits`; empty when the tiles do not win."""
    if (sum(counts) + wilds) % 3 != 2:
        return ()
    return tuple(_core_readings(list(counts), wilds, keep, _REP_CHOWS, win, codes.chow, codes.pung, codes.pair,
                                codes.exposed, codes.or_bits))


_ALL3 = (True, True, True)


def _keep_split(split, keep: frozenset[int]) -> bool:
    pair, melds = split
    if pair is not None and all(pair[2]) and pair[1] not in keep:
        return False
    reps = _rep_chows()
    for typ, first, mask in melds:
        if all(mask):
            if typ == "pung" and first not in keep:
                return False
            if typ == "chow" and first not in reps:
                return False
    return True


@lru_cache(maxsize=256)
def splits(counts: tuple[int, ...], wilds: int, keep: frozenset[int]) -> tuple:
    """Every distinct split of ``counts`` plus ``wilds`` wild tiles into melds and one pair.

    ``keep`` holds the kinds all-wild pungs and pairs may take (see the module docstring).
    An empty tuple means the tiles do not win.
    """
    total = sum(counts) + wilds
    if total % 3 != 2:
        return ()
    if _core_splits is not None:
        try:
            # the core's groups are ours; it keeps all-wild groups for ``keep`` (pungs and
            # pairs) and the representative chows only
            return tuple(_core_splits(list(counts), wilds, keep, _REP_CHOWS))
        except Exception:  # pragma: no cover - an incompatible core: use our own
            pass
    return tuple(_reference_splits(list(counts), wilds, keep))


def _reference_splits(counts: list[int], wilds: int, keep: frozenset[int]) -> list:
    n_melds = (sum(counts) + wilds - 2) // 3
    out: set = set()
    melds: list = []
    reps = _rep_chows()
    keep_sorted = sorted(keep)

    def all_wild(w: int, left: int, pair, min_group) -> None:
        if left == 0:
            if w == 0:
                out.add((pair, tuple(sorted(melds))))
            return
        if w < 3:
            return
        cands = [("chow", c, (True, True, True)) for c in reps] + [("pung", k, (True, True, True)) for k in keep_sorted]
        for g in cands:
            if min_group is not None and g < min_group:
                continue
            melds.append(g)
            all_wild(w - 3, left - 1, pair, g)
            melds.pop()

    def rec(w: int, left: int, pair) -> None:
        i = 0
        while i < 34 and not counts[i]:
            i += 1
        if i == 34:
            if pair is None:
                if w < 2:
                    return
                for k in keep_sorted:
                    all_wild(w - 2, left, ("pair", k, (True, True)), None)
            else:
                all_wild(w, left, pair, None)
            return
        c = counts[i]
        if left:
            for r in range(1, min(3, c) + 1):
                need = 3 - r
                if need > w:
                    continue
                counts[i] -= r
                melds.append(("pung", i, tuple([True] * need + [False] * r)))
                rec(w - need, left - 1, pair)
                melds.pop()
                counts[i] += r
        if pair is None:
            for r in range(1, min(2, c) + 1):
                need = 2 - r
                if need > w:
                    continue
                counts[i] -= r
                rec(w - need, left, ("pair", i, tuple([True] * need + [False] * r)))
                counts[i] += r
        if left and i < 27:
            for s in (i - 2, i - 1, i):
                if s < 0 or s // 9 != i // 9 or s % 9 > 6:
                    continue
                for mask_bits in range(8):
                    mask = tuple(bool(mask_bits >> j & 1) for j in range(3))
                    if mask[i - s]:
                        continue
                    ok = True
                    used = 0
                    for j in range(3):
                        k = s + j
                        if mask[j]:
                            used += 1
                        elif k < i or not counts[k]:
                            ok = False
                    if not ok or used > w:
                        continue
                    for j in range(3):
                        if not mask[j]:
                            counts[s + j] -= 1
                    melds.append(("chow", s, mask))
                    rec(w - used, left - 1, pair)
                    melds.pop()
                    for j in range(3):
                        if not mask[j]:
                            counts[s + j] += 1

    rec(wilds, n_melds, None)
    return sorted(out, key=repr)
