"""Kongs: declaring a concealed or added kong, robbing an added kong (NB-11.5), and what
every kong brings: a payment, a larger reserve at the end of the wall, and a
replacement tile from the tail (NB-9.6, NB-9.7). An exposed kong claimed on a discard
arrives from :func:`.claim_window.resolve_claims`.

Functions of a :class:`~nbmj.engine.game.Game`, bound in game.py as its methods
(``kong_made`` is ``Game._kong_made``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import core
from ..rules.model import SEATS
from .actions import interned
from .claims import CLAIM_CODE

if TYPE_CHECKING:
    from .game import Game

__all__ = ["declare_ankan", "kong_made", "begin_kakan", "complete_kakan", "resolve_rob"]


def declare_ankan(game: Game, p: int, k: int) -> None:
    """``p`` lays down the four ``k`` of its hand as a concealed kong."""
    game.hands[p][k] -= 4
    game.melds[p].append(["ankan", (k,) * 4, None])
    game._scores.clear()
    game._kong_made(p, "concealed_kong")


def kong_made(game: Game, p: int, why: str) -> None:
    """``p`` has made a kong (``why``: concealed_kong, added_kong, exposed_kong): the
    reserve grows, the others pay, and ``p`` draws from the tail."""
    game.kongs += 1
    game._kept_tiles = game._kept_base + game._kept_per_kong * game.kongs
    imm = game.rules.immediate
    game._pay_immediate(p, {"concealed_kong": imm.concealed_kong, "added_kong": imm.added_kong}.get(why, imm.exposed_kong), why)
    game._scores.clear()
    game._replacement_draw(p)


def begin_kakan(game: Game, p: int, t: int) -> None:
    """``p`` adds ``t`` to its pong: first the seats that could win on ``t`` may rob it."""
    game.claim_tile = t
    game.claim_from = p
    game.options = {}
    game.responses = {}
    game._scores.clear()
    if game._claims.rob_kong:  # NB-11.5; NB-8.7 does not apply to robbing
        for q in game._claim_order():
            if game._ready[q] and game._discard_win(q, t, p, "rob_kong") is not None:
                game.options[q] = [interned(SEATS[q], "hu"), interned(SEATS[q], "pass")]
    if game.options:
        game.phase = "rob"
    else:
        game._complete_kakan(p, t)


def complete_kakan(game: Game, p: int, t: int) -> None:
    """Nobody robbed: ``t`` joins the pong, which becomes an added kong."""
    game.hands[p][t] -= 1
    for m in game.melds[p]:
        if m[0] == "pon" and m[1][0] == t:
            m[0], m[1] = "kakan", (t,) * 4
            break
    game._kong_made(p, "added_kong")


def resolve_rob(game: Game) -> None:
    """Every seat offered the robbing win has answered: the winners take the tile, or
    the added kong goes ahead."""
    t, p = game.claim_tile, game.claim_from
    declared = [0] * 4
    for q, a in game.responses.items():
        if a.kind == "hu":
            declared[q] = CLAIM_CODE["hu"]
    won = core.resolve_claims(declared, p, game._claim_tiers, game._claim_seat_order, game._all_winners)
    if won:
        game.hands[p][t] -= 1  # the robbed tile leaves the konging hand; the pon stays (NB-11.5)
        game._finish_win([(q, t, "rob_kong", p, game._discard_win(q, t, p, "rob_kong")) for q in won])
    else:
        game.phase = "turn"
        game._complete_kakan(p, t)
