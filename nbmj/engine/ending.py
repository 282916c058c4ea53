"""How a hand ends: settling one or more wins (with NH-6 liability and the NH-5 losers'
settlement), the exhaustive draw, and the :class:`~nbmj.engine.game.HandResult` and
``end`` event that close the hand.

Functions of a :class:`~nbmj.engine.game.Game`, bound in game.py as its methods
(``finish_win`` is ``Game._finish_win``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.model import SEATS
from ..scoring.situation import Meld
from ..tiles import N_KINDS
from .settle import WinScore
from .precomputed import CODES

if TYPE_CHECKING:
    from .game import Game

__all__ = ["finish_win", "losers_settlement", "finish_draw", "end"]


def finish_win(game: Game, wins: list[tuple]) -> None:
    """End the hand on ``wins``, each ``(seat, tile, win_by, discarder, score)``, nearest
    the discarder first: the winners are paid, by a liable player where NH-6.5 says so."""
    deltas = [0] * 4
    winners = []
    scores = []
    situations = []
    for q, tile, win_by, discarder, score in wins:
        situations.append(game._situation(q, tile, win_by, discarder))
        paid = {(SEATS.index(wind) + game.dealer) % 4: amount for wind, amount in score.payments.items()}
        liable = game._liable(q, win_by) if game.offences else None
        if liable is not None:  # NH-6.5: the liable player pays every loser's share
            paid = {i: (paid[q] if i == q else -paid[q] if i == liable else 0) for i in range(4)}
        for i, amount in paid.items():
            deltas[i] += amount
        winner = {
            "seat": SEATS[q],
            "win_by": win_by,
            "tile": CODES[tile],
            "from": None if discarder is None else SEATS[discarder],
            "points": score.points,
            "items": [_item_name(i) for i in score.items],
        }
        if liable is not None:
            winner["liable"] = SEATS[liable]
        winners.append(winner)
        scores.append(score)
    if game.rules.loser_settlement is not None:  # NH-5: among the seats that did not win
        losers = game._losers_settlement([w[0] for w in wins])
    else:
        losers = None
    if losers is not None:
        for i in range(4):
            deltas[i] += losers[i]
    q, tile, _, discarder, _ = wins[0]
    if discarder is not None:
        game.hands[q][tile] += 1  # the claimed winning tile joins the hand, for the final view
    game._end("win", winners, deltas, scores, situations)


def losers_settlement(game: Game, winners) -> list[int]:
    """NH-5: the losers settle among themselves by the 胡 of their hands. ``winners`` is
    the winning seat's index, or the indices of every winner of one discard (a variant
    with ``multiple_winners all``): a winner takes no part."""
    from ..scoring import hand_fu, settle_losers

    winners = {winners} if isinstance(winners, int) else set(winners)
    fu = {}
    for i in range(4):
        if i in winners:
            continue
        hand = game.hands[i]
        concealed = [t for t in range(N_KINDS) for _ in range(hand[t])]
        melds = [Meld(m[0], m[1], None if m[2] is None else game.seat_wind(m[2])) for m in game.melds[i]]
        fu[game.seat_wind(i)] = hand_fu(concealed, melds, game.flowers[i], game.rules, game.seat_wind(i), game.round_wind)
    net = settle_losers(fu, game.rules)
    return [0 if i in winners else net[game.seat_wind(i)] for i in range(4)]


def finish_draw(game: Game) -> None:
    """End the hand drawn: the wall is used up and nobody won."""
    if game.rules.immediate.void_on_draw:  # NB-15.x: kong and flower scores are void
        game.immediate = [0] * 4
    game._end("draw", [], [0] * 4, [])


def end(game: Game, outcome: str, winners: list[dict], deltas: list[int], scores: list[WinScore], situations=()) -> None:
    """Close the hand: add the immediate payments to ``deltas``, set ``game.result`` and
    log the ``end`` event."""
    # HandResult stays in game.py, its documented home, and game.py imports this module:
    # so it is imported here, when a hand ends, not at the top
    from .game import HandResult

    total = [deltas[i] + game.immediate[i] for i in range(4)]
    game.phase = "over"
    game.options = {}
    game.result = HandResult(
        outcome,
        tuple(winners),
        {SEATS[i]: total[i] for i in range(4)},
        {SEATS[i]: game.immediate[i] for i in range(4)},
        tuple(scores),
        tuple(situations),
    )
    game._emit({"e": "end", "outcome": outcome, "winners": winners, "deltas": dict(game.result.deltas)})


def _item_name(item: dict) -> str:
    return str(item.get("name") or item.get("item") or item)
