"""The claim window after a discard (NB-7.x): which seats may claim the tile and how,
and, once every one of them has answered, whose claim takes it.

The core does the hand work (:func:`nbmj.core.claim_options`, :func:`nbmj.core.resolve_claims`);
this module applies the table's state on top: the reserve at the end of the wall, the
restrictions in force, and whether a seat's hand is ready at all. :func:`offers` is also
what ``nbmj claims`` asks (:mod:`.claim_query`), so the command and the game cannot differ.
"""

from __future__ import annotations

from .. import core
from ..core import claim_options_ids as _meld_options  # (compiled: claim_window.pxd cimports these, C calls)
from ..core import resolve_claims as _take_claims
from ..rules.model import SEATS
from .actions import Action
from .claims import CHI_BITS, CLAIM_CODE, chi_discard_bans
from .draws import start_turn
from .ending import finish_win
from .kongs import kong_made
from .phases import ClaimWindow, Phase, new_claim_window, new_turn
from .precomputed import (BAN_FLAG, CHI_ACTS, CLAIM_ORDER, CODES, F_CHI, F_HU, F_KAN, F_PON, HU_ACTS, KAN_ACTS, O_CHI, O_HU, O_KAN, O_PON,
                          PASS_ACTS, PON_ACTS)
from .restrictions import chi_leaves_discard, note_passes
from .state import Offence, TableState, claimed_river_tile, new_meld
from .wins import discard_win


__all__ = ["open_claims", "offers", "claim_options", "resolve_claims"]


def open_claims(t: TableState, p: int, tile: int) -> Phase:
    """Offer ``tile``, just discarded by ``p``, to every seat that may claim it; with no
    such seat the next player's turn starts at once."""
    options = offers(t, p, tile)
    if options:
        return new_claim_window(tile, p, options)
    return start_turn(t, (p + 1) % 4)


def offers(t: TableState, p: int, tile: int) -> dict[int, list[Action]]:
    """The claims each other seat is offered on ``tile`` discarded by ``p`` (seats with
    none left out), nearest the discarder first."""
    if not _anyone_could_claim(t, p, tile):
        return {}  # the commonest discard: nothing to work out
    er = t.er
    flags = er.claim_flags
    if er.no_claims:
        for kind in t.banned_claims(at_claim=True):
            flags &= ~BAN_FLAG.get(kind, 0)
    if not t.can_draw():
        flags &= ~(F_CHI | F_PON | F_KAN)  # NB-15.2: the last discard may be claimed only to win
    elif not t.can_kong():
        flags &= ~F_KAN
    chi_seat = (p + 1) % 4 if flags & F_CHI and tile < 27 else -1
    seats = t.seats
    options: dict[int, list[Action]] = {}
    for q in CLAIM_ORDER[p]:
        seat = seats[q]
        f = flags
        # (a seat that passed no win is never barred: its flag first spares the call)
        if not seat.ready or (seat.passed_win and t.win_barred(q)):
            f &= ~F_HU
        if not f & F_HU and not _could_meld(seat.hand, tile, q == chi_seat):
            continue  # a cheap test first: most hands can make no meld with most discards
        opts = claim_options(t, q, tile, p, f)
        if opts:
            options[q] = opts
    return options


def _anyone_could_claim(t: TableState, p: int, tile: int) -> bool:
    """Whether any other seat could be offered ``tile`` were every claim allowed: a ready
    hand (a win), or a hand that could meld it (:func:`_could_meld`, the next seat alone by a
    chow of a suited tile). When none could, the rules need not be read at all."""
    chi_seat = (p + 1) % 4 if tile < 27 else -1
    for q in CLAIM_ORDER[p]:
        seat = t.seats[q]
        if seat.ready or _could_meld(seat.hand, tile, q == chi_seat):
            return True
    return False


def _could_meld(hand: bytearray, tile: int, may_chow: bool) -> bool:
    """Whether ``hand`` holds what a meld of ``tile`` takes: a pair of it (a pong or kong) or,
    when it may chow the tile (``may_chow``: the discarder's next seat, a suited tile, chows
    allowed), a neighbour of it. The claims' cheap test: what the core's
    :func:`~nbmj.core.claim_options` finds needs one of these."""
    if hand[tile] >= 2:
        return True
    rank = tile % 9
    return may_chow and ((rank > 0 and hand[tile - 1] > 0) or (rank < 8 and hand[tile + 1] > 0))


def claim_options(t: TableState, q: int, tile: int, d: int, flags: int) -> list[Action]:
    """The claims ``q`` is offered on ``tile`` from ``d``; ``flags`` are the core's
    ClaimFlag bits, without ``HU`` when ``q`` may not win (not ready, NB-8.7)."""
    seat_state = t.seats[q]
    if flags & F_PON and seat_state.passed_pon and tile in t.pons_barred(q):
        flags &= ~F_PON
    options = _meld_options(seat_state.hand, t.wt.wild_id_mask, tile, (q - d) % 4, flags)
    if (flags & F_HU and not options & O_HU and t.er.several_shapes
            and discard_win(t, q, tile, d, "discard") is not None):
        options |= O_HU  # a win in another shape of winning.shapes (nbmj.scoring.shapes)
    if not options:
        return []
    acts: list[Action] = []
    if options & O_HU and discard_win(t, q, tile, d, "discard", shape_wins=True) is not None:
        acts.append(HU_ACTS[q])
    if options & O_KAN:
        acts.append(KAN_ACTS[q][tile])
    if options & O_PON:
        acts.append(PON_ACTS[q][tile])
    if options & O_CHI:
        chows = CHI_ACTS[q][tile]  # the chows of the tile in chi_uses order
        for j in range(3):
            if options & CHI_BITS[j]:
                chow = chows[j]
                if chow is not None and chi_leaves_discard(t, q, tile, chow.use):
                    acts.append(chow)
    if acts:
        acts.append(PASS_ACTS[q])
    return acts


def resolve_claims(t: TableState, window: ClaimWindow) -> Phase:
    """Every seat offered a claim has answered: carry out the claim that takes the tile
    (a win, or a meld and the claimant's turn), or start the next player's turn."""
    tile, d = window.tile, window.discarder
    responses = window.responses
    er = t.er
    declared = [0] * 4
    for q, a in responses.items():
        declared[q] = CLAIM_CODE[a.kind]
    if er.win_pass is not None or er.pon_pass is not None:
        note_passes(t, tile, window.options, responses)
    won = _take_claims(declared, d, er.claim_tiers, er.claim_seat_order, er.all_winners)
    if not won:
        return start_turn(t, (d + 1) % 4)
    q = won[0]
    a = responses[q]
    kind = a.kind
    discarder = t.seats[d]
    river = discarder.river
    river[-1] = claimed_river_tile(river[-1].tile, SEATS[q])
    discarder.changes += 1
    if kind == "hu":
        return finish_win(t, [(w, tile, "discard", d, discard_win(t, w, tile, d, "discard")) for w in won])
    offences = t.offences
    for i, off in enumerate(offences):
        if off.warned == q and off.number == t.discards_made:
            offences[i] = Offence(off.discarder, off.warned, off.number, True)  # took the offending tile into a meld
    t.claims_made = True
    t.seat(d).fed[q] += 1
    seat = t.seats[q]
    seat.passed_win = False  # NB-8.6 / NB-8.7: a claim is acting
    seat.passed_pon.clear()
    hand = seat.hand
    seat.changes += 1  # the meld made below
    t.current = q
    if t.turn_kongs:
        t.turn_kongs.clear()  # a new turn, by a claim
    if t.keeps_log:  # (the event is not even made for a hand without a log)
        t.emit({"e": "take", "seat": SEATS[q], "claim": kind, "tile": CODES[tile], "from": SEATS[d]})
    if kind == "chi":
        for u in a.use:
            hand[u] -= 1
        seat.melds.append(new_meld("chi", tuple(sorted((tile, *a.use))), d))
        bans = chi_discard_bans(tile, a.use) if t.in_force(er.chi_ban, at_claim=True) else ()
        return new_turn(q, "after_chi", None, None, bans)
    if kind == "pon":
        hand[tile] -= 2
        seat.melds.append(new_meld("pon", (tile, tile, tile), d))
        return new_turn(q, "after_pon", None, None)
    hand[tile] -= 3
    kong = new_meld("kan", (tile, tile, tile, tile), d)
    seat.melds.append(kong)
    return kong_made(t, q, "exposed_kong", kong)

