"""The claim window after a discard (NB-7.x): which seats may claim the tile and how,
and, once every one of them has answered, whose claim takes it.

The core does the hand work (:func:`nbmj.core.claim_options`, :func:`nbmj.core.resolve_claims`);
this module applies the table's state on top: the reserve at the end of the wall, the
restrictions in force, and whether a seat's hand is ready at all.

Functions of a :class:`~nbmj.engine.game.Game`, bound in game.py as its methods
(``open_claims`` is ``Game._open_claims``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import core
from ..rules.model import SEATS
from ..tiles import N_KINDS
from .actions import Action, interned
from .claims import CLAIM_CODE, chi_discard_bans, chi_uses
from .precomputed import BAN_FLAG, CLAIM_ORDER, CODES, F_CHI, F_HU, F_KAN, F_PON, O_CHI, O_HU, O_KAN, O_PON

if TYPE_CHECKING:
    from .game import Game

__all__ = ["open_claims", "claim_order", "claim_options", "resolve_claims"]


def open_claims(game: Game, p: int, t: int) -> None:
    """Offer ``t``, just discarded by ``p``, to every seat that may claim it; with no
    such seat the next player's turn starts at once."""
    game.claim_tile = t
    game.claim_from = p
    game.options = {}
    game.responses = {}
    flags = game._claim_flags
    if game._r_no_claims:
        for kind in game._banned_claims():
            flags &= ~BAN_FLAG.get(kind, 0)
    remaining, kept = game.wall.remaining, game._kept_tiles
    if not (remaining > 0 if kept == 0 else remaining // 2 > kept // 2):  # _can_draw()
        flags &= ~(F_CHI | F_PON | F_KAN)  # NB-15.2: the last discard may be claimed only to win
    elif not remaining > kept + game._kept_per_kong:  # _can_kong()
        flags &= ~F_KAN
    chi_seat = (p + 1) % 4 if flags & F_CHI and t < 27 else -1
    rank = t % 9
    r = game._r_win_pass
    no_win = r is not None and (r.window == "always" or game._window_open())  # _on(r)
    hands, ready_seats, passed_win = game.hands, game._ready, game.passed_win
    options = game.options
    for q in CLAIM_ORDER[p]:
        f = flags
        if not ready_seats[q] or (no_win and passed_win[q]):
            f &= ~F_HU
        if not f & F_HU:
            # a cheap test first: most hands can make no meld with most discards
            hand = hands[q]
            if hand[t] < 2 and not (q == chi_seat and ((rank and hand[t - 1]) or (rank < 8 and hand[t + 1]))):
                continue
        opts = game._claim_options(q, t, p, f)
        if opts:
            options[q] = opts
    if options:
        game.phase = "claims"
    else:
        game._start_turn((p + 1) % 4)


def claim_order(game: Game) -> tuple[int, ...]:
    """The other seats from the discarder's: next, opposite, previous."""
    return CLAIM_ORDER[game.claim_from]


def claim_options(game: Game, q: int, t: int, d: int, flags: int) -> list[Action]:
    """The claims ``q`` is offered on ``t`` from ``d``; ``flags`` are the core's
    ClaimFlag bits, without ``HU`` when ``q`` may not win (not ready, NB-8.7)."""
    if flags & F_PON and t in game.passed_pon[q] and game._on(game._r_pon_pass):
        flags &= ~F_PON
    hand = game.hands[q]
    w = 0
    for k in game._wild_flower_ids:
        w += hand[k]
    options = core.claim_options(hand[:N_KINDS], w, game._wild_mask, t, (q - d) % 4, flags)
    if (flags & F_HU and not options & O_HU and len(game.rules.shapes) > 1
            and game._discard_win(q, t, d, "discard") is not None):
        options |= O_HU  # a win in another shape of winning.shapes (nbmj.scoring.shapes)
    if not options:
        return []
    seat = SEATS[q]
    acts: list[Action] = []
    if options & O_HU and game._discard_win(q, t, d, "discard", shape_wins=True) is not None:
        acts.append(game._hu_act[q])
    if options & O_KAN:
        acts.append(interned(seat, "kan", t))
    if options & O_PON:
        acts.append(interned(seat, "pon", t))
    if options & O_CHI:
        for use in chi_uses(t, options):
            if game._chi_leaves_discard(q, t, use):
                acts.append(interned(seat, "chi", t, use))
    if acts:
        acts.append(game._pass_act[q])
    return acts


def resolve_claims(game: Game) -> None:
    """Every seat offered a claim has answered: carry out the claim that takes the tile
    (a win, or a meld and the claimant's turn), or start the next player's turn."""
    t, d = game.claim_tile, game.claim_from
    declared = [0] * 4
    for q, a in game.responses.items():
        declared[q] = CLAIM_CODE[a.kind]
    if game._r_win_pass is not None or game._r_pon_pass is not None:
        game._note_passes(t)
    won = core.resolve_claims(declared, d, game._claim_tiers, game._claim_seat_order, game._all_winners)
    game.phase = "resolving"
    if not won:
        game._start_turn((d + 1) % 4)
        return
    q = won[0]
    a = game.responses[q]
    kind = a.kind
    if kind == "hu":
        game.rivers[d][-1][1] = SEATS[q]
        game._finish_win([(w, t, "discard", d, game._discard_win(w, t, d, "discard")) for w in won])
        return
    game.rivers[d][-1][1] = SEATS[q]
    for off in game.offences:
        if off[1] == q and off[2] == game.discards_made:
            off[3] = True  # the warned player took the offending tile into a meld
    game.claims_made = True
    game.fed[d][q] += 1
    game.passed_win[q] = False  # NB-8.6 / NB-8.7: a claim is acting
    game.passed_pon[q].clear()
    game._scores.clear()
    hand = game.hands[q]
    game.current = q
    game._emit({"e": "take", "seat": SEATS[q], "claim": kind, "tile": CODES[t], "from": SEATS[d]})
    if kind == "chi":
        for u in a.use:
            hand[u] -= 1
        game.melds[q].append(["chi", tuple(sorted((t, *a.use))), d])
        game.chi_bans = chi_discard_bans(t, a.use) if game._on(game._r_chi_ban) else ()
        game._enter_turn(q, "after_chi")
    elif kind == "pon":
        hand[t] -= 2
        game.melds[q].append(["pon", (t, t, t), d])
        game._enter_turn(q, "after_pon")
    else:
        hand[t] -= 3
        game.melds[q].append(["kan", (t, t, t, t), d])
        game._kong_made(q, "exposed_kong")
