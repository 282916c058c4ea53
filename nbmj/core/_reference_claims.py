"""Pure-Python reference for claims on a discard: which claims a hand may make, and whose
claim takes the tile (rulebook NB-7.1 to NB-7.7, NB-8.9).

Everything is small integers: seats 0-3 in turn order, tile ids, 34-count vectors and bit
masks. The core knows nothing of rule sets: the caller reads the variant (claim toggles,
priority tiers, seat order, one or several winners) and passes plain values. The compiled
module ``nbmj.core._shape`` has the same functions, signatures and docstrings, shares the
:class:`Claim`, :class:`ClaimFlag` and :class:`ClaimOption` classes and must give the same
answers and raise the same errors.
"""

from __future__ import annotations

import operator
from enum import IntEnum, IntFlag
from typing import Any, SupportsIndex

from ..errors import HandShapeError
from ._types import Counts

__all__ = ["Claim", "ClaimFlag", "ClaimOption", "claim_options", "claim_options_ids", "resolve_claims"]

N_KINDS = 34
N_IDS = 42
HONOURS_START = 27
MAX_CLAIM_HAND = 13


class Claim(IntEnum):
    """A claim kind as :func:`resolve_claims` reads it: ``NONE`` (a pass, or no decision to
    make), ``HU`` (win, 胡), ``KAN`` (exposed kong, 杠), ``PON`` (pung, 碰), ``CHI`` (chow, 吃)."""

    NONE = 0
    HU = 1
    KAN = 2
    PON = 3
    CHI = 4


class ClaimFlag(IntFlag):
    """What :func:`claim_options` may offer, as the caller settled it from the variant, the
    seat and the restrictions in force: ``HU``, ``KAN``, ``PON``, ``CHI`` allow that claim
    (``CHI`` still needs the discarder's next seat, relation 1); ``DISCARDED_WILD`` lets a
    discarded wild be claimed at all (else it is dead, NB-8.9); ``WILDS_IN_MELDS`` lets a
    wild kind held as itself make a pung, kong or chow (else melds take natural tiles only)."""

    HU = 1
    KAN = 2
    PON = 4
    CHI = 8
    DISCARDED_WILD = 16
    WILDS_IN_MELDS = 32


class ClaimOption(IntFlag):
    """The claims :func:`claim_options` finds. ``HU``: the hand plus the tile is a winning
    shape (whether it scores enough is the scorer's business); ``KAN``: three in hand;
    ``PON``: two in hand; the chows by where the claimed tile ``t`` sits in the run:
    ``CHI_HIGH`` uses ``t-2, t-1``, ``CHI_MID`` uses ``t-1, t+1``, ``CHI_LOW`` uses
    ``t+1, t+2``. ``HU``, ``KAN`` and ``PON`` have the values of the :class:`ClaimFlag`
    bits that allow them."""

    HU = 1
    KAN = 2
    PON = 4
    CHI_HIGH = 8
    CHI_MID = 16
    CHI_LOW = 32


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool):
        raise HandShapeError(f"{what} must be a whole number, not {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise HandShapeError(f"{what} must be a whole number, not {value!r}") from None


def _ints(values: Any, n: int, lo: int, hi: int, what: str) -> list[int]:
    try:
        items = list(values)
    except TypeError:
        raise HandShapeError(f"{what} is a sequence of {n} whole numbers, not {values!r}") from None
    if len(items) != n:
        raise HandShapeError(f"{what} holds {n} whole numbers, got {len(items)} in {values!r}")
    out = []
    for item in items:
        v = _whole(item, f"each of {what}")
        if not lo <= v <= hi:
            raise HandShapeError(f"{what} must hold whole numbers {lo}-{hi}, got {v} in {values!r}")
        out.append(v)
    return out


def _claim_validated(
    counts: Any, wilds: Any, wild_mask: Any, tile: Any, relation: Any, flags: Any
) -> tuple[list[int], int, int, int, int, int]:
    """The checked arguments of :func:`claim_options` (shared with the compiled backend)."""
    c = _ints(counts, N_KINDS, 0, 4, "counts")
    w = _whole(wilds, "wilds")
    if w < 0:
        raise HandShapeError(f"wilds must not be negative, got {wilds!r}")
    if sum(c) + w > MAX_CLAIM_HAND:
        from ._reference import tiles_text  # (that module imports this one)

        raise HandShapeError(f"{tiles_text(sum(c) + w, w)} in {counts!r}; a hand answering a discard holds at most {MAX_CLAIM_HAND}")
    m = _whole(wild_mask, "wild_mask")
    if not 0 <= m < 1 << N_KINDS:
        raise HandShapeError(f"wild_mask is a bit mask of the {N_KINDS} kinds, not {wild_mask!r}")
    t = _whole(tile, "tile")
    if not 0 <= t < N_IDS:
        raise HandShapeError(f"tile must be a tile id 0-{N_IDS - 1}, not {tile!r}")
    r = _whole(relation, "relation")
    if not 1 <= r <= 3:
        raise HandShapeError(f"relation must be 1 (next seat), 2 (opposite) or 3 (previous), not {relation!r}")
    f = _whole(flags, "flags")
    if not 0 <= f < 64:
        raise HandShapeError(f"flags must combine ClaimFlag bits (0-63), not {flags!r}")
    return c, w, m, t, r, f


def _wins(counts: list[int], wilds: int) -> bool:
    from ._reference import is_win

    return is_win(counts, wilds)


def claim_options(
    counts: Counts, wilds: SupportsIndex, wild_mask: SupportsIndex, tile: SupportsIndex, relation: SupportsIndex,
    flags: SupportsIndex,
) -> int:
    """The claims a seat may make on a discarded tile, as :class:`ClaimOption` bits (an int).

    ``counts``: the seat's concealed tiles as 34 counts (0-4), wild kinds counted as
    themselves; ``wilds``: wild tiles held besides them (wild flowers, ids 34 and up);
    ``wild_mask``: bit ``k`` set when kind ``k`` is wild this hand; ``tile``: the discard
    (id 0-41; an id from 34 up is a flower, discarded only as a wild, and counts as one);
    ``relation``: the seat seen from the discarder, 1 next (下家), 2 opposite, 3 previous;
    ``flags``: :class:`ClaimFlag` bits. The hand holds at most 13 tiles.

    A discarded wild offers nothing without ``DISCARDED_WILD`` (NB-8.9). ``HU`` when
    allowed and the hand (3n+1 tiles) plus the tile is a winning shape, every wild kind
    playing as a wild (NB-10.4); a natural tile held four times cannot be a fifth. ``KAN``
    and ``PON`` (NB-7.2, NB-7.3) with three or two of the tile in hand; ``CHI_*`` (NB-7.1)
    only for relation 1 and a suited tile, never wrapping 9-1. Without ``WILDS_IN_MELDS`` a
    meld uses no wild kind. Raises :class:`~nbmj.errors.HandShapeError` on bad input.
    """
    c, w, m, t, r, f = _claim_validated(counts, wilds, wild_mask, tile, relation, flags)
    tile_wild = t >= N_KINDS or bool(m >> t & 1)
    if tile_wild and not f & ClaimFlag.DISCARDED_WILD:
        return 0
    out = 0
    if f & ClaimFlag.HU and (sum(c) + w) % 3 == 1:
        shape = [0 if m >> k & 1 else c[k] for k in range(N_KINDS)]
        sw = w + sum(c[k] for k in range(N_KINDS) if m >> k & 1)
        if tile_wild:
            sw += 1
        else:
            shape[t] += 1
        if (tile_wild or shape[t] <= 4) and _wins(shape, sw):
            out |= ClaimOption.HU
    in_melds = bool(f & ClaimFlag.WILDS_IN_MELDS)

    def usable(k: int) -> bool:
        return in_melds or not m >> k & 1

    if t < N_KINDS and usable(t):
        if f & ClaimFlag.KAN and c[t] >= 3:
            out |= ClaimOption.KAN
        if f & ClaimFlag.PON and c[t] >= 2:
            out |= ClaimOption.PON
    # a chow uses the discard too: a wild discard (claimable, NB-4.12) chows only where wilds may meld (NB-4.11)
    if f & ClaimFlag.CHI and r == 1 and t < HONOURS_START and usable(t):
        rank = t % 9
        for bit, (a, b), fits in (
            (ClaimOption.CHI_HIGH, (t - 2, t - 1), rank >= 2),
            (ClaimOption.CHI_MID, (t - 1, t + 1), 1 <= rank <= 7),
            (ClaimOption.CHI_LOW, (t + 1, t + 2), rank <= 6),
        ):
            if fits and c[a] and c[b] and usable(a) and usable(b):
                out |= bit
    return int(out)


def _resolve_validated(
    declared: Any, discarder: Any, tiers: Any, seat_order: Any
) -> tuple[list[int], int, list[int], list[int]]:
    """The checked arguments of :func:`resolve_claims` (shared with the compiled backend)."""
    d = _ints(declared, 4, 0, 4, "declared")
    p = _whole(discarder, "discarder")
    if not 0 <= p <= 3:
        raise HandShapeError(f"discarder must be a seat 0-3, not {discarder!r}")
    if d[p] != Claim.NONE:
        raise HandShapeError(f"the discarder (seat {p}) cannot claim its own tile: declared {declared!r}")
    tier = _ints(tiers, 4, 0, 127, "tiers")
    order = _ints(seat_order, 3, 1, 3, "seat_order")
    if sorted(order) != [1, 2, 3]:
        raise HandShapeError(f"seat_order must order the relations 1, 2 and 3, not {seat_order!r}")
    return d, p, tier, order


def claim_options_ids(
    counts: Counts, wild_ids: SupportsIndex, tile: SupportsIndex, relation: SupportsIndex, flags: SupportsIndex
) -> int:
    """:func:`claim_options` of a hand kept as a count per tile id: the engine's form.

    ``counts`` holds 42 counts (0-4), one per tile id: the 34 kinds, then the flowers;
    ``wild_ids`` is a bit mask of the ids that are wild (bit ``t`` for id ``t``): the kinds
    among them are ``wild_mask``, and the wild flowers held are the ``wilds`` besides the
    34 counts (a flower not in the mask is laid aside and not counted). ``tile``,
    ``relation`` and ``flags`` are :func:`claim_options`' own, as are the answer and the
    errors (:class:`~nbmj.errors.HandShapeError`, also for counts that are not 42)."""
    values = _ints(counts if not isinstance(counts, (bytes, bytearray)) else list(counts), N_IDS, 0, 4, "counts")
    mask = _whole(wild_ids, "wild_ids")
    if mask < 0:
        raise HandShapeError(f"wild_ids is a bit mask of tile ids, not {wild_ids!r}")
    w = sum(values[k] for k in range(N_KINDS, N_IDS) if mask >> k & 1)
    return claim_options(values[:N_KINDS], w, mask & ((1 << N_KINDS) - 1), tile, relation, flags)


def resolve_claims(
    declared: Counts, discarder: SupportsIndex, tiers: Counts, seat_order: Counts, all_winners: bool
) -> tuple[int, ...]:
    """Whose claims take the tile: a tuple of seats, nearest the discarder first; empty
    when nobody claimed.

    ``declared``: each seat's (0-3) one claim as a :class:`Claim` (``NONE`` for a pass
    and for the discarder); ``discarder``: the seat that discarded (or added the kong);
    ``tiers``: the priority tier of ``HU``, ``KAN``, ``PON`` and ``CHI`` in that order,
    a lower tier taking precedence (NB-7.5: 胡 > 杠 = 碰 > 吃 is ``(0, 1, 1, 2)``);
    ``seat_order``: the three relations (1 next, 2 opposite, 3 previous) nearest first,
    for ties within a tier (NB-7.6: ``(1, 2, 3)``). The best-tier claim of the nearest
    seat wins alone (NB-7.7), unless ``all_winners`` is true and it is a win: then every
    ``HU`` in that tier wins. Raises :class:`~nbmj.errors.HandShapeError` on bad input.
    """
    d, p, tier, order = _resolve_validated(declared, discarder, tiers, seat_order)
    seats = [(p + rel) % 4 for rel in order]
    claiming = [q for q in seats if d[q] != Claim.NONE]
    if not claiming:
        return ()
    best = min(tier[d[q] - 1] for q in claiming)
    first = next(q for q in claiming if tier[d[q] - 1] == best)
    if d[first] == Claim.HU and all_winners:
        return tuple(q for q in claiming if d[q] == Claim.HU)
    return (first,)
