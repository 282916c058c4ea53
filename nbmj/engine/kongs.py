"""Kongs: declaring a concealed or added kong, robbing an added kong (NB-11.5), and what
every kong brings: a payment, a larger reserve at the end of the wall, and a
replacement tile from the tail (NB-9.6, NB-9.7). An exposed kong claimed on a discard
arrives from :func:`.claim_window.resolve_claims`.

Functions over the :class:`~.state.TableState` that return the phase that follows.
"""

from __future__ import annotations

from .. import core
from ..rules.model import SEATS
from .actions import Action, interned
from .claims import CLAIM_CODE
from .draws import replacement_draw
from .ending import finish_win
from .phases import Phase, RobWindow
from .precomputed import CLAIM_ORDER
from .state import TableMeld, TableState, new_meld
from .wins import discard_win

__all__ = ["declare_ankan", "kong_made", "begin_kakan", "complete_kakan", "resolve_rob"]


def declare_ankan(t: TableState, p: int, k: int) -> Phase:
    """``p`` lays down the four ``k`` of its hand as a concealed kong."""
    seat = t.seats[p]
    seat.hand[k] -= 4
    kong = new_meld("ankan", (k,) * 4, None)
    seat.melds.append(kong)
    seat.changes += 1
    return kong_made(t, p, "concealed_kong", kong)


def kong_made(t: TableState, p: int, why: str, kong: TableMeld) -> Phase:
    """``p`` has made the kong ``kong`` (``why``: concealed_kong, added_kong, exposed_kong):
    the reserve grows, the others pay, ``p`` draws from the tail, and the kong is one its
    turn came through (``TableState.turn_kongs``)."""
    t.kongs += 1
    t.turn_kongs.append(kong)
    er = t.er
    t.kept_tiles = er.kept_base + er.kept_per_kong * t.kongs
    imm = er.immediate
    amount = imm.concealed_kong if why == "concealed_kong" else imm.added_kong if why == "added_kong" else imm.exposed_kong
    t.pay_immediate(p, amount, why)
    return replacement_draw(t, p)


def begin_kakan(t: TableState, p: int, tile: int) -> Phase:
    """``p`` adds ``tile`` to its pong: first the seats that could win on it may rob it."""
    options: dict[int, list[Action]] = {}
    # NB-11.5; NB-8.7 does not apply to robbing. Robbing is a win on another's tile, as a
    # win on a discard is: a no_claims restriction of hu in force bars both.
    if t.er.claims.rob_kong and not (t.er.no_claims and "hu" in t.banned_claims(True)):
        for q in CLAIM_ORDER[p]:
            if t.seat(q).ready and discard_win(t, q, tile, p, "rob_kong") is not None:
                options[q] = [interned(SEATS[q], "hu"), interned(SEATS[q], "pass")]
    if options:
        return RobWindow(tile, p, options, {})
    return complete_kakan(t, p, tile)


def complete_kakan(t: TableState, p: int, tile: int) -> Phase:
    """Nobody robbed: ``tile`` joins the pong, which becomes an added kong."""
    seat = t.seats[p]
    seat.hand[tile] -= 1
    melds = seat.melds
    for i, m in enumerate(melds):
        if m.kind == "pon" and m.tiles[0] == tile:
            kong = melds[i] = new_meld("kakan", (tile,) * 4, m.source)
            seat.changes += 1
            break
    else:  # (begin_kakan offers only a pon's tile: never reached in a game)
        kong = new_meld("kakan", (tile,) * 4, None)
    return kong_made(t, p, "added_kong", kong)


def resolve_rob(t: TableState, window: RobWindow) -> Phase:
    """Every seat offered the robbing win has answered: the winners take the tile, or
    the added kong goes ahead."""
    tile, p = window.tile, window.discarder
    er = t.er
    declared = [0] * 4
    for q, a in window.responses.items():
        if a.kind == "hu":
            declared[q] = CLAIM_CODE["hu"]
    won = core.resolve_claims(declared, p, er.claim_tiers, er.claim_seat_order, er.all_winners)
    if won:
        t.seat(p).hand[tile] -= 1  # the robbed tile leaves the konging hand; the pon stays (NB-11.5)
        return finish_win(t, [(q, tile, "rob_kong", p, discard_win(t, q, tile, p, "rob_kong")) for q in won])
    return complete_kakan(t, p, tile)
