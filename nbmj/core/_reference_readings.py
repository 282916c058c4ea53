"""Pure-Python reference for the decompositions a scorer reads: :func:`compact_decompositions`.

The compiled module ``nbmj.core._shape`` has the same function, signature and docstring and
must give the same answers and raise the same errors.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, SupportsIndex, TypeAlias

from ._types import HandLike

if TYPE_CHECKING:
    from ._reference import Group

__all__ = ["compact_decompositions", "compact_readings"]

#: A group as ``(type, first kind, mask)``, the mask true where a wild fills the slot.
CompactGroup: TypeAlias = tuple[str, int, tuple[bool, ...]]
#: A decomposition as ``(pair, melds)`` of compact groups, the melds sorted.
CompactSplit: TypeAlias = tuple[CompactGroup, tuple[CompactGroup, ...]]


def _compact(group: Group) -> CompactGroup:
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


def compact_decompositions(
    hand: HandLike, wilds: SupportsIndex = 0, wild_pungs: Iterable[int] = (), wild_chows: Iterable[int] = ()
) -> list[CompactSplit]:
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
    for pair_group, meld_groups in _reference._decompositions_only(counts, w, pungs, chows):
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


#: The largest group code :func:`compact_readings` takes: five codes add up to less than 2**43,
#: so that a key (the sum, a wait and an exposed code) fits in 64 bits.
MAX_CODE = 2**40 - 1
CODES_MESSAGE = f"chow, pung and pair codes must be 34 ints from 0 to {MAX_CODE}"
EXPOSED_MESSAGE = "exposed codes must be 34 ints from 0 to 510"
OR_BITS_MESSAGE = "or_bits must be an int from 0 to " + str(MAX_CODE) + ", not {!r}"

#: The waits :func:`compact_readings` names, by their number in its keys.
WAITS = ("single", "pair_pair", "closed", "edge", "two_sided")


def _wait(typ: str, first: int, pos: int) -> int:
    """The number (in :data:`WAITS`) of the wait a winning tile makes in slot ``pos``."""
    if typ == "pair":
        return 0
    if typ == "pung":
        return 1
    if pos == 1:
        return 2
    rank = first % 9
    return 3 if (pos == 2 and rank == 0) or (pos == 0 and rank == 6) else 4


def _group_waits(group: CompactGroup, win: int) -> list[int]:
    typ, first, mask = group
    if win < 0:  # a wild winning tile: any wild slot
        return list(dict.fromkeys(_wait(typ, first, pos) for pos, w in enumerate(mask) if w))
    if typ == "chow":
        pos = win - first
        return [_wait(typ, first, pos)] if 0 <= pos <= 2 and not mask[pos] else []
    return [_wait(typ, first, 0)] if first == win and False in mask else []


def compact_readings(
    hand: HandLike, wilds: SupportsIndex, wild_pungs: Iterable[int], wild_chows: Iterable[int], win: int,
    chow_codes: Sequence[int], pung_codes: Sequence[int], pair_codes: Sequence[int],
    exposed_codes: Sequence[int] | None = None, or_bits: int = 0,
) -> list[tuple[int, CompactSplit, int, str]]:
    """The readings of a winning hand, one per key: :func:`compact_decompositions`, each with
    a slot the winning tile took, readings with equal keys after the first left out.

    Each is ``(key, split, group, wait)``: ``split`` is ``(pair, melds)`` as
    :func:`compact_decompositions` gives it, ``group`` the index of the group holding the
    winning tile (0 the pair, then the melds), ``wait`` its name (``"single"``,
    ``"pair_pair"``, ``"closed"``, ``"edge"`` or ``"two_sided"``). They come in the order of
    the splits, then of their groups (a meld equal to the one before it skipped), then of
    the slots. ``win`` is the winning tile's kind, or -1 for a wild winning tile (it takes
    any wild slot).

    ``chow_codes``, ``pung_codes`` and ``pair_codes`` give per kind (34 each) a code from 0
    to ``2**40 - 1`` for a chow from that kind, a pung and a pair of it; ``exposed_codes``,
    when given, one from 0 to 510 for the pung holding the winning tile. The key is an int:
    the melds' codes and the pair's code combined, then the wait's number in three bits,
    then the exposed code plus one (0 when not given or the group is no pung) in nine. The
    codes' bits set in ``or_bits`` are or-ed together, their other bits added up (the
    caller keeps the two apart, so that no sum carries into an or-ed bit). A caller that
    gives each class of group a bit field of its own (wide enough for five groups) thus keys
    readings by how many groups of each class they hold, or, in or-ed bits, by which
    classes they hold at all; classes given the same code are not told apart.
    """
    tables = [list(chow_codes), list(pung_codes), list(pair_codes)]
    for table in tables:
        if len(table) != 34 or not all(0 <= c <= MAX_CODE for c in table):
            raise ValueError(CODES_MESSAGE)
    if not 0 <= or_bits <= MAX_CODE:
        raise ValueError(OR_BITS_MESSAGE.format(or_bits))
    exposed = None
    if exposed_codes is not None:
        exposed = list(exposed_codes)
        if len(exposed) != 34 or not all(0 <= c <= 510 for c in exposed):
            raise ValueError(EXPOSED_MESSAGE)
    out = []
    seen: set[int] = set()
    for split in compact_decompositions(hand, wilds, wild_pungs, wild_chows):
        pair, melds = split
        codes = [tables[2][pair[1]]] + [(tables[0] if typ == "chow" else tables[1])[first] for typ, first, _mask in melds]
        base = sum(c & ~or_bits for c in codes)
        for c in codes:
            base |= c & or_bits
        previous = None
        for gi, group in enumerate((pair,) + melds):
            if group == previous:
                continue
            previous = group
            for wait in _group_waits(group, win):
                exp = exposed[group[1]] + 1 if exposed is not None and group[0] == "pung" else 0
                key = (base * 8 + wait) * 512 + exp
                if key not in seen:
                    seen.add(key)
                    out.append((key, split, gi, WAITS[wait]))
    return out
