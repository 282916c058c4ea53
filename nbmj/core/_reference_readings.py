"""Pure-Python reference for the decompositions a scorer reads: :func:`compact_decompositions`.

The compiled module ``nbmj.core._shape`` has the same function, signature and docstring and
must give the same answers and raise the same errors.
"""

from __future__ import annotations

__all__ = ["compact_decompositions"]


def _compact(group) -> tuple:
    """A :class:`~nbmj.core.Group` as ``(type, first, mask)``."""
    typ, tiles, wild_kinds = group
    first = tiles[0]
    if typ == "chow":
        wild = list(wild_kinds)
        mask = []
        for k in (first, first + 1, first + 2):
            mask.append(k in wild)
            if k in wild:
                wild.remove(k)
        return (typ, first, tuple(mask))
    w = len(wild_kinds)
    return (typ, first, (True,) * w + (False,) * (len(tiles) - w))


def compact_decompositions(hand, wilds=0, wild_pungs=(), wild_chows=()):
    """The decompositions of :func:`decompositions`, in its order, as plain tuples, with
    groups of wilds only left out unless they stand where asked.

    Each is ``(pair, melds)``, a group being ``(type, first, mask)``: ``type`` ``"pair"``,
    ``"pung"`` or ``"chow"``, ``first`` its lowest kind, ``mask`` a tuple of booleans, one
    per slot, true where a wild fills it (a pair's or pung's wilds take its first slots);
    ``melds`` are sorted as tuples. A decomposition is left out when it holds a pair or pung
    of wilds only whose kind is not in ``wild_pungs``, or a chow of wilds only whose first
    kind is not in ``wild_chows``. ``hand`` and ``wilds`` are as for :func:`is_win`.
    """
    from . import _reference

    counts, w, _ = _reference._validated(hand, wilds, "compact_decompositions", True)
    pungs = frozenset(wild_pungs)
    chows = frozenset(wild_chows)
    out = []
    for pair_group, meld_groups in _reference.decompositions(counts, w):
        pair = _compact(pair_group)
        if False not in pair[2] and pair[1] not in pungs:
            continue
        melds = []
        for group in meld_groups:
            meld = _compact(group)
            if False not in meld[2] and meld[1] not in (chows if meld[0] == "chow" else pungs):
                break
            melds.append(meld)
        else:
            melds.sort()
            out.append((pair, tuple(melds)))
    return out
