"""Claims on a discard: which melds a hand may make, and whose claim takes the tile (NB-7.x).

The work is done by the core (:func:`nbmj.core.claim_options`, :func:`nbmj.core.resolve_claims`,
compiled or pure Python); this module reads rule values into the core's plain integers and
keeps the string-based helpers that the claims query and the tests use. Whether a win is
allowed needs the scorer and is decided by the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .. import core
from ..rules.model import ClaimRules

__all__ = [
    "meld_claims",
    "arbitrate",
    "relative",
    "RELATIVE_INDEX",
    "CLAIM_CODE",
    "chi_patterns",
    "chi_discard_bans",
    "chi_uses",
    "CHI_BITS",
    "claim_flags",
    "claim_tiers",
    "claim_seat_order",
]

# Relative position of a claimant seen from the discarder: 1 = next (下家), 2 = opposite, 3 = previous.
RELATIVE_INDEX = {"next": 1, "opposite": 2, "previous": 3}
# Claim kinds as the core numbers them (core.Claim); a pass is 0.
CLAIM_CODE = {"pass": 0, "hu": 1, "kan": 2, "pon": 3, "chi": 4}
_KINDS = ("hu", "kan", "pon", "chi")
_KAN, _PON = int(core.ClaimOption.KAN), int(core.ClaimOption.PON)
#: the core's chow bits, in chi_uses order: the hand tiles below the tile, around it, above it
CHI_BITS = (int(core.ClaimOption.CHI_HIGH), int(core.ClaimOption.CHI_MID), int(core.ClaimOption.CHI_LOW))


def claim_flags(claims: ClaimRules, *, hu: bool = True, kan: bool = True, pon: bool = True, chi: bool = True) -> int:
    """The :class:`~nbmj.core.ClaimFlag` bits for a variant's ``claims`` rules, with the
    keyword arguments switching kinds off on top of what the variant allows."""
    F = core.ClaimFlag
    flags = 0
    if claims.win_on_discard and hu:
        flags |= F.HU
    if claims.kan and kan:
        flags |= F.KAN
    if claims.pon and pon:
        flags |= F.PON
    if claims.chi and chi:
        flags |= F.CHI
    if claims.claim_discarded_wild:
        flags |= F.DISCARDED_WILD
    if claims.wilds_in_melds:
        flags |= F.WILDS_IN_MELDS
    return int(flags)


def claim_tiers(priority: Sequence[Sequence[str]]) -> tuple[int, int, int, int]:
    """The core's tiers of hu, kan, pon, chi from a variant's ``priority``; a kind the
    variant does not list (it cannot be claimed on a discard) ranks after every tier."""
    tier_of = {kind: i for i, tier in enumerate(priority) for kind in tier}
    return tuple(tier_of.get(k, len(priority)) for k in _KINDS)  # type: ignore[return-value]


def claim_seat_order(seat_order: Sequence[str]) -> tuple[int, int, int]:
    """The core's relations (1 next, 2 opposite, 3 previous) from a variant's ``seat_order``."""
    return tuple(RELATIVE_INDEX[name] for name in seat_order)  # type: ignore[return-value]


def relative(discarder: int, seat: int) -> int:
    """1 for the discarder's next seat, 2 opposite, 3 previous."""
    return (seat - discarder) % 4


def chi_patterns(tile: int) -> list[tuple[int, int]]:
    """The pairs of hand tiles that chow ``tile``: lower, middle and upper positions.

    Honours never chow and 9-1 do not wrap (NB-7.x).
    """
    if tile >= 27:
        return []
    rank = tile % 9
    out = []
    if rank >= 2:
        out.append((tile - 2, tile - 1))
    if 1 <= rank <= 7:
        out.append((tile - 1, tile + 1))
    if rank <= 6:
        out.append((tile + 1, tile + 2))
    return out


def chi_uses(tile: int, options: int) -> list[tuple[int, int]]:
    """The hand tiles of each chow among the core's ``options`` bits, in :func:`chi_patterns` order."""
    out = []
    if options & CHI_BITS[0]:
        out.append((tile - 2, tile - 1))
    if options & CHI_BITS[1]:
        out.append((tile - 1, tile + 1))
    if options & CHI_BITS[2]:
        out.append((tile + 1, tile + 2))
    return out


def chi_discard_bans(tile: int, use: Sequence[int]) -> tuple[int, ...]:
    """吃张打张 (NB-8.x): the claimed tile and, where the run has one, the tile past its far end.

    56 + chi 4 bans 4 and 7; 23 + chi 4 bans 4 and 1; 12 + chi 3 bans only 3.
    """
    low = high = use[0]
    for u in use:  # (the least and the greatest in one pass, a C loop compiled)
        if u < low:
            low = u
        if u > high:
            high = u
    bans = [tile]
    if tile < low and high % 9 <= 7:  # claimed the low end: the tile past the high end
        bans.append(high + 1)
    elif tile > high and low % 9 >= 1:  # claimed the high end: the tile below the low end
        bans.append(low - 1)
    return tuple(bans)


def meld_claims(
    counts: Sequence[int],
    tile: int,
    *,
    may_chi: bool,
    may_pon: bool,
    may_kan: bool,
    wild: Iterable[int],
    claim_discarded_wild: bool,
    wilds_in_melds: bool,
) -> list[tuple[str, tuple[int, ...]]]:
    """The meld claims (``kan``, ``pon``, ``chi``) a hand may make on ``tile``, with the hand tiles used.

    ``counts`` are the hand's counts of the 34 kinds (wild tiles included as themselves);
    ``wild`` the wild kinds. The ``may_*`` flags carry what the caller already settled:
    the variant allows the claim, the seat relation allows chi, no restriction bars it.
    """
    mask = 0
    for k in wild:
        if k < 34:
            mask |= 1 << k
    flags = _meld_flags(may_chi, may_pon, may_kan, claim_discarded_wild, wilds_in_melds)
    options = core.claim_options(list(counts[:34]), 0, mask, tile, 1, flags)
    out: list[tuple[str, tuple[int, ...]]] = []
    if options & _KAN:
        out.append(("kan", (tile, tile, tile)))
    if options & _PON:
        out.append(("pon", (tile, tile)))
    out.extend(("chi", use) for use in chi_uses(tile, options))
    return out


def _meld_flags(may_chi: bool, may_pon: bool, may_kan: bool, claim_discarded_wild: bool, wilds_in_melds: bool) -> int:
    """:class:`~nbmj.core.ClaimFlag` bits for the meld claims only (no win)."""
    F = core.ClaimFlag
    return int(
        (F.CHI if may_chi else 0)
        | (F.PON if may_pon else 0)
        | (F.KAN if may_kan else 0)
        | (F.DISCARDED_WILD if claim_discarded_wild else 0)
        | (F.WILDS_IN_MELDS if wilds_in_melds else 0)
    )


def arbitrate(
    discarder: int,
    declared: Sequence[tuple[int, str]],
    priority: Sequence[Sequence[str]],
    seat_order: Sequence[str],
    multiple_winners: str,
) -> list[tuple[int, str]]:
    """Whose claims take the tile: ``[(seat, kind)]``, empty when nobody claimed.

    ``declared`` holds each claimant's one claim. The highest tier of ``priority`` wins;
    within a tier the seat nearest in ``seat_order`` from the discarder wins. With
    ``multiple_winners == "all"`` every ``hu`` in the top tier wins, nearest first.
    """
    if not declared:
        return []
    codes = [0] * 4
    kind_of = {}
    for seat, kind in declared:
        codes[seat] = CLAIM_CODE[kind]
        kind_of[seat] = kind
    won = core.resolve_claims(codes, discarder, claim_tiers(priority), claim_seat_order(seat_order), multiple_winners == "all")
    return [(q, kind_of[q]) for q in won]
