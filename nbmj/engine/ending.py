"""How a hand ends: settling one or more wins (with NH-6 liability and the NH-5 losers'
settlement), the exhaustive draw, and the :class:`~nbmj.engine.results.HandResult` and
``end`` event that close the hand.

NH-6.5 包牌 is the scorer's: the liable seat goes into the win's
:class:`~nbmj.scoring.situation.Situation` (``liable``) and the scorer's settlement makes
it pay every loser's share.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..rules.model import SEATS
from ..scoring.situation import Situation
from ..tiles import N_KINDS
from .phases import Over
from .precomputed import CODES
from .restrictions import liable as liable_seat
from .results import HandResult
from .settle import WinScore, score_win
from .state import TableState
from .wins import scored_melds, situation

__all__ = ["Win", "finish_win", "held_bonuses", "losers_settlement", "losers_fu", "finish_draw", "end"]

#: One win to settle: (winner, tile, win_by, discarder or None, its score)
Win = tuple[int, int, str, "int | None", "WinScore | None"]


def finish_win(t: TableState, wins: Sequence[Win]) -> Over:
    """End the hand on ``wins``, nearest the discarder first: the winners are paid, by a
    liable player where NH-6.5 says so."""
    deltas = [0] * 4
    winners: list[dict[str, object]] = []
    scores: list[WinScore] = []
    situations: list[Situation] = []
    for q, tile, win_by, discarder, score in wins:
        assert score is not None, "a win is offered only when its score is valid"
        liable = liable_seat(t, q, win_by) if t.offences else None
        sit = situation(t, q, tile, win_by, discarder, liable)
        if liable is not None:  # NH-6.5: the scorer's settlement makes the liable seat pay
            score = score_win(sit, t.rules)
        situations.append(sit)
        for wind, amount in score.payments.items():
            deltas[(SEATS.index(wind) + t.dealer) % 4] += amount
        winner: dict[str, object] = {
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
    imm = t.er.immediate
    if imm.all_flowers_held or imm.all_wilds_held:  # NB-14.18: a non-winner holding them all
        held_bonuses(t, [w[0] for w in wins])
    if t.er.losers_settle:  # NH-5: among the seats that did not win
        losers = losers_settlement(t, [w[0] for w in wins])
        for i in range(4):
            deltas[i] += losers[i]
    q, tile, _, discarder, _ = wins[0]
    if discarder is not None:
        t.seat(q).hand[tile] += 1  # the claimed winning tile joins the hand, for the final view
    return end(t, "win", winners, deltas, scores, situations)


def held_bonuses(t: TableState, winners: Iterable[int]) -> None:
    """NB-14.18: at the end of a won hand, each other player pays a player who did not win
    but holds all eight flowers, or every wild tile of the hand (in hand or in its melds),
    the variant's amount for each (logged as ``pay`` events, like a kong's payment)."""
    imm = t.er.immediate
    won = set(winners)
    wilds = t.wt.wilds
    # every wild tile of the set, the face-up indicator (one copy of its kind) left out
    all_wilds = -1 if t.indicator in wilds else 0
    for k in wilds:
        all_wilds += 4 if k < N_KINDS else 1
    for p in range(4):
        if p in won:
            continue
        seat = t.seats[p]
        if imm.all_flowers_held and len(seat.flowers) == 8:
            t.pay_immediate(p, imm.all_flowers_held, "all_flowers_held")
        if imm.all_wilds_held and all_wilds > 0:
            held = 0
            for k in wilds:
                held += seat.hand[k]
            for m in seat.melds:
                for x in m.tiles:
                    if x in wilds:
                        held += 1
            if held >= all_wilds:
                t.pay_immediate(p, imm.all_wilds_held, "all_wilds_held")


def losers_settlement(t: TableState, winners: int | Iterable[int]) -> list[int]:
    """NH-5: the losers settle among themselves by the 胡 of their hands. ``winners`` is
    the winning seat's index, or the indices of every winner of one discard (a variant
    with ``multiple_winners all``): a winner takes no part."""
    from ..scoring import settle_losers

    won = {winners} if isinstance(winners, int) else set(winners)
    net = settle_losers(losers_fu(t, won), t.rules)
    return [0 if i in won else net[t.seat_wind(i)] for i in range(4)]


def losers_fu(t: TableState, won: Iterable[int]) -> dict[str, int]:
    """The 胡 of each losing hand (NH-5.2) by seat wind, the positions in ``won`` left out."""
    from ..scoring import hand_fu

    won = set(won)
    fu = {}
    for i in range(4):
        if i in won:
            continue
        seat = t.seats[i]
        hand = seat.hand
        concealed = [k for k in range(N_KINDS) for _ in range(hand[k])]
        melds = scored_melds(t, seat.melds)
        fu[t.seat_wind(i)] = hand_fu(concealed, melds, seat.flowers, t.rules, t.seat_wind(i), t.round_wind)
    return fu


def finish_draw(t: TableState) -> Over:
    """End the hand drawn: the wall is used up and nobody won."""
    if t.er.immediate.void_on_draw:  # NB-15.x: kong and flower scores are void
        t.immediate = [0] * 4
    return end(t, "draw", [], [0] * 4, [])


def end(
    t: TableState,
    outcome: str,
    winners: list[dict[str, object]],
    deltas: list[int],
    scores: list[WinScore],
    situations: Sequence[Situation] = (),
) -> Over:
    """Close the hand: add the immediate payments to ``deltas``, log the ``end`` event and
    return the :class:`~.phases.Over` phase holding the :class:`~nbmj.engine.results.HandResult`."""
    total = [deltas[i] + t.immediate[i] for i in range(4)]
    result = HandResult(
        outcome,
        tuple(winners),
        {SEATS[i]: total[i] for i in range(4)},
        {SEATS[i]: t.immediate[i] for i in range(4)},
        tuple(scores),
        tuple(situations),
    )
    t.emit({"e": "end", "outcome": outcome, "winners": winners, "deltas": dict(result.deltas)})
    return Over(result)


def _item_name(item: dict[str, object]) -> str:
    return str(item.get("name") or item.get("item") or item)
