"""Brute-force answers for the hand-shape core, slow and written to be obviously right.

Nothing here shares code with nbmj.core except the result classes. Counts may exceed four
in the completed hands below, because a wild may play a fifth copy (rule NB-10.4).

* ``win``: try every assignment of the wilds to kinds, then a plain meld search.
* ``shanten``: the largest overlap between the hand and any target shape of n melds and a
  pair, over all targets (``shanten_by_exchange`` cross-checks it on small hands by
  replacing real tiles with wilds until the hand wins).
* ``decompositions``: every wild assignment, every plain split of the completed hand, then
  every way to say which copies in each group are the wilds.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product

N_KINDS = 34


def chow_firsts():
    return [f for f in range(27) if f % 9 <= 6]


def group_tiles(type_, first):
    if type_ == "chow":
        return (first, first + 1, first + 2)
    return (first,) * (2 if type_ == "pair" else 3)


@lru_cache(maxsize=None)
def plain_splits(counts: tuple, melds: int, pair: bool) -> tuple:
    """Every split, without wilds, as sorted tuples of (type, first) groups."""
    i = next((k for k in range(N_KINDS) if counts[k]), None)
    if i is None:
        return ((),) if melds == 0 and not pair else ()
    out = set()
    options = []
    if counts[i] >= 3 and melds:
        options.append(("pung", i, melds - 1, pair))
    if counts[i] >= 2 and pair:
        options.append(("pair", i, melds, False))
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2] and melds:
        options.append(("chow", i, melds - 1, pair))
    for type_, first, m, p in options:
        left = list(counts)
        for k in group_tiles(type_, first):
            left[k] -= 1
        for rest in plain_splits(tuple(left), m, p):
            out.add(tuple(sorted(((type_, first),) + rest)))
    return tuple(out)


def _sizes(counts, wilds):
    total = sum(counts) + wilds
    return total, total // 3


def win(counts, wilds) -> bool:
    """3n+2 hands: does some assignment of the wilds make a plain n melds + pair?

    Only kinds within two ranks of a real tile (same suit), and 7z, are tried: a wild in a
    group with a real tile plays such a kind, and a group made of wilds only can be turned
    into 7z7z7z / 7z7z without changing whether the hand wins.
    """
    total, n = _sizes(counts, wilds)
    assert total % 3 == 2
    near = {33}
    for k in range(N_KINDS):
        if counts[k]:
            if k >= 27:
                near.add(k)
            else:
                near.update(j for j in range(k - 2, k + 3) if 0 <= j < 27 and j // 9 == k // 9)
    for assignment in combinations_with_replacement(sorted(near), wilds):
        full = list(counts)
        for k in assignment:
            full[k] += 1
        if plain_splits(tuple(full), n, True):
            return True
    return False


def max_overlap(counts, n) -> int:
    """Largest number of the hand's tiles inside some n melds + a pair (any kinds, no copy limit)."""
    melds = [group_tiles("pung", k) for k in range(N_KINDS)] + [group_tiles("chow", f) for f in chow_firsts()]
    # Melds sharing no kind with the hand add nothing; one empty stand-in represents them all.
    candidates = [m for m in melds if any(counts[k] for k in m)] + [()]
    held = [k for k in range(N_KINDS) if counts[k]]
    target = [0] * N_KINDS
    best = 0

    def choose(start, left, used):
        nonlocal best
        if used + 3 * left + 2 <= best:  # cannot beat the best found: prune
            return
        if left == 0:
            left_max = max(counts[k] - min(target[k], counts[k]) for k in held) if held else 0
            best = max(best, used + min(2, left_max))  # the pair takes the best leftover kind
            return
        for idx in range(start, len(candidates)):  # multisets: nondecreasing indices
            gained = 0
            for k in candidates[idx]:
                gained += target[k] < counts[k]
                target[k] += 1
            choose(idx, left - 1, used + gained)
            for k in candidates[idx]:
                target[k] -= 1

    choose(0, n, 0)
    return best


def shanten(counts, wilds) -> int:
    """Tiles missing minus one, from the best target: |H| - overlap - (1 for 3n+2 hands)."""
    total, n = _sizes(counts, wilds)
    return sum(counts) - max_overlap(counts, n) - (1 if total % 3 == 2 else 0)


def shanten_by_exchange(counts, wilds) -> int:
    """The fewest real tiles to swap for wilds (free tiles) so the hand wins, minus one.

    A 3n+1 hand first receives one more free tile (the winning draw). Small hands only.
    """
    total, _ = _sizes(counts, wilds)
    extra = 1 if total % 3 == 1 else 0
    tiles = [k for k in range(N_KINDS) for _ in range(counts[k])]
    for r in range(len(tiles) + 1):
        for removed in set(combinations(tiles, r)):  # each sub-multiset of r tiles
            left = list(counts)
            for k in removed:
                left[k] -= 1
            if win(left, wilds + r + extra):
                return r - 1 + extra
    raise AssertionError("a hand of wilds only always wins")


def decompositions(counts, wilds, group_cls, decomposition_cls) -> list:
    """Every distinct decomposition, built from plain splits of every completed hand."""
    total, n = _sizes(counts, wilds)
    found = set()
    for assignment in combinations_with_replacement(range(N_KINDS), wilds):
        full = list(counts)
        for k in assignment:
            full[k] += 1
        wild_count = Counter(assignment)
        for split in plain_splits(tuple(full), n, True):
            found.update(_mark_wilds(split, wild_count, group_cls, decomposition_cls))
    return sorted(found)


def _mark_wilds(split, wild_count, group_cls, decomposition_cls):
    """Every way to choose which copies in the split's groups are the assigned wilds."""
    per_group = []
    for type_, first in split:
        tiles = group_tiles(type_, first)
        slots = Counter(tiles)
        kinds = sorted(slots)
        # For each kind in the group: 0..(copies of it in the group) of them are wilds.
        per_group.append([(type_, tiles, dict(zip(kinds, c))) for c in product(*(range(slots[k] + 1) for k in kinds))])
    for choice in product(*per_group):
        used = Counter()
        for _type, _tiles, wild in choice:
            used.update({k: v for k, v in wild.items() if v})
        if used != wild_count:
            continue
        groups = [group_cls(t, tiles, tuple(sorted(k for k, v in w.items() for _ in range(v)))) for t, tiles, w in choice]
        pairs = [g for g in groups if g.type == "pair"]
        melds = tuple(sorted(g for g in groups if g.type != "pair"))
        yield decomposition_cls(pairs[0], melds)


def waits(counts, wilds) -> list:
    """Kinds held fewer than four times whose draw makes a winning hand."""
    out = []
    for k in range(N_KINDS):
        if counts[k] < 4:
            full = list(counts)
            full[k] += 1
            if win(full, wilds):
                out.append(k)
    return out


def seven_pairs(counts, wilds) -> bool:
    """Does some assignment of the wilds make 14 tiles of seven pairs (four of a kind count
    as two)? A wild that pairs another wild may play any kind, so the kinds tried are those
    held and one that is not."""
    if sum(counts) + wilds != 14:
        return False
    spare = next(k for k in range(N_KINDS) if not counts[k]) if any(c == 0 for c in counts) else 0
    kinds = sorted({k for k in range(N_KINDS) if counts[k]} | {spare})
    for assignment in combinations_with_replacement(kinds, wilds):
        full = list(counts)
        for k in assignment:
            full[k] += 1
        if all(c % 2 == 0 for c in full):
            return True
    return False


def all_honors(counts, wilds) -> bool:
    """Does some assignment of the wilds leave only honours (kinds 27-33)? The wilds may
    all play 7z, so only the real tiles decide."""
    return all(counts[k] == 0 for k in range(27))
