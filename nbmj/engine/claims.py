"""Claims on a discard: which melds a hand may make, and whose claim takes the tile (NB-7.x).

Pure functions over small integers (seat indices 0-3 in turn order, tile ids, 34-count
lists) with no game state, so that they can move into the compiled core unchanged.
Whether a win is allowed needs the scorer and is decided by the game; these functions
take that answer as input.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["meld_claims", "arbitrate", "relative", "RELATIVE_INDEX", "chi_patterns", "chi_discard_bans"]

# Relative position of a claimant seen from the discarder: 1 = next (下家), 2 = opposite, 3 = previous.
RELATIVE_INDEX = {"next": 1, "opposite": 2, "previous": 3}


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


def chi_discard_bans(tile: int, use: Sequence[int]) -> tuple[int, ...]:
    """吃张打张 (NB-8.x): the claimed tile and, where the run has one, the tile past its far end.

    56 + chi 4 bans 4 and 7; 23 + chi 4 bans 4 and 1; 12 + chi 3 bans only 3.
    """
    low, high = min(use), max(use)
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
    wild = set(wild)
    if tile in wild and not claim_discarded_wild:
        return []
    usable = (lambda k: True) if wilds_in_melds else (lambda k: k not in wild)
    out: list[tuple[str, tuple[int, ...]]] = []
    if tile < len(counts) and usable(tile):
        if may_kan and counts[tile] >= 3:
            out.append(("kan", (tile, tile, tile)))
        if may_pon and counts[tile] >= 2:
            out.append(("pon", (tile, tile)))
    if may_chi:
        for a, b in chi_patterns(tile):
            if counts[a] and counts[b] and usable(a) and usable(b):
                out.append(("chi", (a, b)))
    return out


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
    tier_of = {kind: i for i, tier in enumerate(priority) for kind in tier}
    rank_of = {RELATIVE_INDEX[name]: i for i, name in enumerate(seat_order)}
    ranked = sorted(declared, key=lambda sc: (tier_of[sc[1]], rank_of[relative(discarder, sc[0])]))
    best_tier = tier_of[ranked[0][1]]
    if ranked[0][1] == "hu" and multiple_winners == "all":
        return [sc for sc in ranked if sc[1] == "hu" and tier_of[sc[1]] == best_tier]
    return [ranked[0]]
