"""The variant's restrictions as they apply at the table: 吃张打张 (no discarding what a
chow just took, NB-8.x), no pong or win on a tile passed over until the player acts again
(NB-8.6, NB-8.7), Ninghai's first go-around limits on discards and claims (NH-1.x), and
the NH-6 包牌 offences that make a player liable.

Which restrictions a variant has is read once into the :class:`~.rules_view.EngineRules`;
whether one applies now (its ``window``) is :meth:`.state.TableState.in_force`, the one
place that says so.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.model import SEATS, Restriction
from ..tiles import suit_of
from .actions import Action
from .claims import chi_discard_bans
from .liability import MELDS_TO_WARN, forbidden_tiles
from .precomputed import CODES
from .state import Offence, TableState

__all__ = ["held_discards", "discard_mask", "suits_mask", "discardable", "chi_leaves_discard", "note_passes", "check_offence", "liable"]

# 1 << k for each tile id k
_BIT = tuple([1 << k for k in range(42)])
# the ids of each suit's tiles, bit k for id k, by the letter a discard_suits limit names
# (m, p, s, z for the honours, f for the flowers: nbmj.tiles.suit_of's letters)
_SUIT_MASK = {s: sum([1 << k for k in range(42) if suit_of(k) == s]) for s in "mpszf"}


def held_discards(t: TableState, hand: bytearray) -> int:
    """The tile ids of ``hand`` that may be discarded when no restriction limits the
    discard, as a bit mask (bit ``k`` for id ``k``): every tile held but a flower laid aside."""
    playable = t.wt.playable_mask  # bit k: id k is no flower laid aside
    held = 0
    bit = 1  # 1 << k (kept a running bit: compiled, a 64-bit C value)
    for k in range(42):
        if hand[k] and playable & bit:
            held |= bit
        bit <<= 1
    return held


def discard_mask(t: TableState, p: int, hand: bytearray, bans: Sequence[int], at_claim: bool = False) -> int:
    """The tile ids ``p`` may discard from ``hand`` with ``bans``, as a bit mask (bit ``k``
    for id ``k``): :func:`held_discards`, less what 吃张打张 bars after a chow (NB-8.1 to
    NB-8.4) and what the first go-around's suit limit bars (NH-1.7)."""
    er = t.er
    wt = t.wt
    held = held_discards(t, hand)
    chi_ban = er.chi_ban
    if bans and t.in_force(chi_ban, at_claim):
        assert chi_ban is not None
        in_hand = 0  # the tiles that may be discarded, counted
        for k in range(42):
            if held >> k & 1:
                in_hand += hand[k]
        big_crane = in_hand == 2 and "big_crane" in chi_ban.unless  # NB-8.4
        if not big_crane:
            banned = 0
            for k in bans:
                banned |= _BIT[k]
            held &= ~(banned & ~wt.wild_id_mask)  # a wild may always go
    if er.suits:
        allowed = 0
        for r in er.suits:  # NH-1.7: in the window, each player's first discard
            if t.in_force(r, at_claim, seat=p):
                allowed |= suits_mask(r)
        # nbmj's choice: a hand with no tile of the allowed suits may discard any tile
        if held & allowed:
            held &= allowed
    return held


def suits_mask(r: Restriction) -> int:
    """The tile ids a ``discard_suits`` limit ``r`` lets be discarded, as a bit mask (bit
    ``k`` for id ``k``): those of the suits it lists, ``z`` the honours and ``f`` the
    flowers (NH-1.7)."""
    mask = 0
    for suit in r.suits:
        mask |= _SUIT_MASK[suit]
    return mask


def discardable(t: TableState, p: int, hand: bytearray, bans: Sequence[int], at_claim: bool = False) -> list[int]:
    """Tile ids ``p`` may discard from ``hand`` with ``bans`` (:func:`discard_mask`), in order."""
    held = discard_mask(t, p, hand, bans, at_claim)
    tiles = []
    for k in range(42):  # (a loop: compiled, over C ints)
        if held >> k & 1:
            tiles.append(k)
    return tiles


def chi_leaves_discard(t: TableState, q: int, tile: int, use: tuple[int, ...]) -> bool:
    """NB-8.5: a chi is offered only if some tile may be discarded after it."""
    if not t.in_force(t.er.chi_ban, at_claim=True):
        return True
    hand = t.seat(q).hand.copy()  # (compiled: bytearray's own copy, a C call; bytearray(...) is a call of the type)
    for u in use:
        hand[u] -= 1
    return discard_mask(t, q, hand, chi_discard_bans(tile, use), at_claim=True) != 0


def note_passes(t: TableState, tile: int, options: dict[int, list[Action]], responses: dict[int, Action]) -> None:
    """Remember who let ``tile`` go by when they could have won or ponged on it (NB-8.6, NB-8.7)."""
    er = t.er
    no_win = t.in_force(er.win_pass, at_claim=True)
    no_pon = t.in_force(er.pon_pass, at_claim=True)
    for q, opts in options.items():
        response = responses[q]
        chosen = response.kind
        first = opts[0]
        # a win is always listed first (see legal_actions)
        if no_win and first.kind == "hu" and chosen != "hu":
            t.seat(q).passed_win = True  # NB-8.7
        if no_pon and chosen not in ("pon", "kan", "hu"):
            for a in opts:
                if a.kind == "pon":
                    t.seat(q).passed_pon.add(tile)  # NB-8.6
                    break


def check_offence(t: TableState, p: int, tile: int, ready: bool) -> None:
    """NH-6.2 to NH-6.4: a not-ready player discarding into a warning becomes liable."""
    er = t.er
    warned = []
    for q in range(4):
        melds = t.seat(q).melds
        # (only a seat with MELDS_TO_WARN melds shows a warning, NH-6.1, NH-6.3: asked first)
        if q != p and len(melds) >= MELDS_TO_WARN and tile in forbidden_tiles(
                [(m.kind, m.tiles) for m in melds], suits=er.bao_suits, terminals=er.bao_terminals):
            warned.append(q)
    if not warned:
        return
    if ready:  # NH-6.4: ready after the discard
        return
    for q in warned:
        t.offences.append(Offence(p, q, t.discards_made, False))
        t.emit({"e": "bao", "seat": SEATS[p], "warned": SEATS[q], "tile": CODES[tile]})


def liable(t: TableState, q: int, win_by: str) -> int | None:
    """NH-6.5: who pays for the table when ``q`` wins, the earlier offence first."""
    for offender, warned, number, claimed in t.offences:
        if warned == q and (claimed or (win_by == "discard" and number == t.discards_made)):
            return offender
    return None
