"""The player on turn: what they may do (win, kong, flower kong, discard) and carrying it
out. A discard ends the turn and opens the claim window (:mod:`.claim_window`).

Functions of a :class:`~nbmj.engine.game.Game`, bound in game.py as its methods
(``turn_actions`` is ``Game._turn_actions``).
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from ..rules.model import SEATS
from ..tiles import N_KINDS
from .actions import Action, interned
from .precomputed import DISCARD_ACTS

if TYPE_CHECKING:
    from .game import Game

__all__ = ["turn_actions", "do_turn_action", "discard", "enter_turn"]


def turn_actions(game: Game, p: int) -> list[Action]:
    """The legal actions of ``p`` on turn, in the order :meth:`Game.legal_actions` promises."""
    seat = SEATS[p]
    hand = game.hands[p]
    mode = game.turn_mode
    acts: list[Action] = []
    drew = mode == "draw" or mode == "dealer_first"
    may_kong = drew or (mode == "after_pon" and not game._on(game._r_kong_pon))
    if drew and game.last_draw is not None:
        # the hand before this draw is the one judged at the last discard, unless a kong
        # changed it this turn: a hand that was not ready cannot win on one tile
        if (game._ready[p] or game.draw_kind == "kong_replacement") and game._self_win(p) is not None:
            acts.append(game._hu_act[p])
    melds = game.melds[p]
    # (4 in hand, a C-speed scan, first: four of a kind is rare)
    if may_kong and (melds or 4 in hand) and game._can_kong() and not (game._r_no_claims and "kan" in game._banned_claims()):  # NH-1.8
        if 4 in hand:
            for k in range(N_KINDS):
                if hand[k] == 4 and (k not in game.wilds or game._claims.wilds_in_melds):
                    acts.append(interned(seat, "ankan", k))
        held = []
        for m in melds:  # a plain loop: cheaper than a comprehension for a few melds
            if m[0] == "pon" and hand[m[1][0]]:
                held.append(m[1][0])
        if held:
            for k in sorted(held):
                acts.append(interned(seat, "kakan", k))
    if not game._auto_flowers and may_kong:  # the manual flower kong (NB-5.4 note)
        for f in range(N_KINDS, 42):
            if hand[f] and game._flower_flag[f]:
                acts.append(interned(seat, "flower", f))
    if game.chi_bans or game._r_suits:
        table = game._discard_act[p]
        acts.extend([table[t] for t in game._discardable(p)])
    elif game._auto_flowers:
        # no restriction on the discard, and no flower stays in a hand: every tile held
        acts.extend(compress(DISCARD_ACTS[p], hand))
    else:  # no restriction on the discard: every playable tile held, at C speed
        acts.extend(compress(game._playable_discards[p], game._playable_counts(hand)))
    return acts


def do_turn_action(game: Game, p: int, a: Action) -> None:
    """Carry out the legal action ``a`` of ``p`` on turn."""
    kind = a.kind
    if kind == "discard":
        game._discard(p, a.tile)
    elif kind == "hu":
        game._finish_win([(p, game.last_draw, game.draw_kind, None, game._self_win(p))])
    elif kind == "ankan":
        game._declare_ankan(p, a.tile)
    elif kind == "kakan":
        game._begin_kakan(p, a.tile)
    elif kind == "flower":
        game._scores.clear()
        t = game._replace_flower(p, a.tile)
        if t is not None:
            game.draw_kind = "flower_replacement" if game.draw_kind != "kong_replacement" else game.draw_kind
            game._after_draw(p, t)


def discard(game: Game, p: int, t: int) -> None:
    """``p`` discards ``t``; the others may then claim it."""
    game.hands[p][t] -= 1
    game.rivers[p].append([t, None])
    game.discards_made += 1
    ready = game._ready[p] = game._is_ready(p)
    if game._r_bao_suits or game._r_bao_terminals:
        game._check_offence(p, t, ready)
    if t in game.wilds:
        game.discarded_wild[p] = True
    game.chi_bans = ()
    game.turn_mode = "none"
    game._scores.clear()
    game._open_claims(p, t)


def enter_turn(game: Game, q: int, mode: str) -> None:
    """``q`` is on turn without a draw, having claimed a meld (``mode``: after_chi, after_pon)."""
    game.phase = "turn"
    game.current = q
    game.turn_mode = mode
    game.draw_kind = None
    game.last_draw = None
