"""How dangerous each discard is, and what dealing in would cost: :class:`Threats`.

From the table only: how far along each other seat looks (its discards and melds), what
its melds and flowers promise (a seat that cannot reach the minimum is no threat yet), which
tiles it has let go by (it discarded them, or passed them when another seat discarded
them after its own last discard), and how many copies of each kind are left. The cost of a
deal-in is the variant's own (:class:`~nbmj.bots.stakes.Stakes`): the discarder's share of
a discard win, with 三摊 links, and paying for the table where a discard breaks a 三摊
warning (NH-6); a discarded wild is dead where no one may win on it (NB-4.12).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..rules.model import SEATS, FuFanScoring, RuleSet, TaiScoring
from ..tiles import N_KINDS
from .outlook import Outlook, Sketch, points_at
from .stakes import Stakes
from .view import SeatView

__all__ = ["Threats", "Threat"]


@dataclass(frozen=True)
class Threat:
    """Another seat as this one sees it: the chance it is ready with a hand that may win,
    the points such a win is likely worth, what this seat pays per point if it wins on this
    seat's discard, self-drawn, or on a third seat's discard, and the kinds that would make
    this seat pay for the table."""

    seat: str
    ready: float
    valid: float
    progress: float
    melds: int
    points: float
    pay_discard: float
    pay_self_draw: float
    pay_other_discard: float
    bao: frozenset[int]
    pay_bao: float
    passed: frozenset[int]
    river: frozenset[int]


class _Progress:
    """How far along a seat is (its discards and three per meld) and its melds."""

    def __init__(self, progress: float, melds: int) -> None:
        self.progress = progress
        self.melds = melds


class Threats:
    """The other seats' threat, worked out once per decision."""

    def __init__(self, view: SeatView, stakes: Stakes, outlook: Outlook, rules: RuleSet) -> None:
        self.view = view
        self.rules = rules
        self.dead_wilds = not rules.claims.claim_discarded_wild
        self.seats = [self._threat(view, o, stakes, outlook) for o in view.others()]

    def _threat(self, view: SeatView, o: str, stakes: Stakes, outlook: Outlook) -> Threat:
        melds = view.melds[o]
        turns = view.river_length(o)
        open_melds = len(melds)
        # how far along: discards made and melds shown (a meld saves about three draws)
        progress = turns + 3.0 * open_melds
        # what the table shows of the hand: melds and flowers, the rest unknown
        sk = Sketch([0] * N_KINDS, 0, [(k, t) for k, t, _s in melds], tuple(view.flowers[o]), view.wind_of[o],
                    view.round_wind, False, view.my_draws_left(), view.unseen, view.unseen_wilds, max(1, view.pool),
                    view.wilds)
        pr = outlook.prospect(sk)
        scoring = self.rules.scoring
        if isinstance(scoring, TaiScoring) and scoring.minimum > 0:
            # the concealed part adds about two 台 of its own (a wait, a pung, no wild ...)
            gap = scoring.minimum - (pr.tai_for_minimum + 2.0)
            valid = 1.0 / (1.0 + math.exp(1.3 * gap))
            points = max(pr.points, points_at(outlook, scoring.minimum + 1))
        else:
            valid = 1.0
            points = pr.points
        if isinstance(scoring, FuFanScoring):
            points = max(points, float(scoring.base))
        ready = _ready_after(_Progress(progress, open_melds), 0)
        me = view.seat
        third = [s for s in view.others() if s != o]
        pay_discard = stakes.share(view, o, me, me)
        pay_self = stakes.share(view, o, me, None)
        pay_other = sum(stakes.share(view, o, me, t) for t in third) / len(third)
        bao = stakes.forbidden_for(view, o)
        pay_bao = stakes.share(view, o, me, me, liable=me) if bao else 0.0
        passed = self._passed(view, o)
        return Threat(o, ready * valid, valid, progress, open_melds, points, pay_discard, pay_self, pay_other, bao, pay_bao,
                      passed, view.river_kinds(o))

    @staticmethod
    def _passed(view: SeatView, o: str) -> frozenset[int]:
        """Kinds discarded after ``o``'s own last discard that ``o`` did not take: it let them
        go by (it is not waiting on them, or may not win on a discard until it acts, NB-8.7)."""
        dealer = SEATS.index(view.dealer)
        p = SEATS.index(o)
        order = (p - dealer) % 4  # o's place in the turn order from the dealer
        own = len(view.rivers[o])
        out = set()
        for i in (1, 2, 3):
            s = SEATS[(p + i) % 4]
            river = view.rivers[s]
            # a seat after o in the turn order has discarded after o's last discard once it
            # has as many discards; a seat before o (from the dealer) once it has one more
            # (claims skip turns: then this is a guess)
            after = own + (1 if (SEATS.index(s) - dealer) % 4 < order else 0)
            if river and len(river) >= after:
                t, claimed = river[-1]
                if claimed is None:
                    out.add(t)
        return frozenset(out)

    # ------------------------------------------------------------------ per tile

    def deal_in(self, tile: int, ready_after: bool) -> tuple[float, float]:
        """The chance that discarding ``tile`` lets another seat win (summed over seats) and
        the expected points this seat then pays; ``ready_after``: whether this seat is ready
        after the discard (a ready seat breaks no 三摊 warning, NH-6.4)."""
        if tile in self.view.wilds and self.dead_wilds:
            return 0.0, 0.0
        p_total = cost = 0.0
        for th in self.seats:
            if th.ready <= 0.0:
                continue
            p = th.ready * self._wait_chance(tile, th)
            pay = th.pay_discard
            if not ready_after and tile in th.bao:
                pay = th.pay_bao
                # the warned seat may also claim it into a meld and win later
                p = max(p, 0.25 * th.ready)
            p_total += p
            cost += p * pay * th.points
        return p_total, cost

    def _wait_chance(self, tile: int, th: Threat) -> float:
        """The chance that a ready ``th`` waits on ``tile``."""
        if tile >= N_KINDS:
            return 0.0
        left = self.view.unseen[tile]
        if tile >= 27:
            base = (0.01, 0.05, 0.09, 0.1, 0.1)[left]
        else:
            rank = tile % 9
            base = 0.06 if rank in (0, 8) else 0.09 if rank in (1, 7) else 0.12
            base *= (left + 1.5) / 5.5
            # a tile three away that the seat threw speaks against a two-sided wait on this one
            for d in (-3, 3):
                if 0 <= rank + d <= 8 and tile + d in th.river:
                    base *= 0.7
        if tile in th.passed:
            base *= 0.15
        elif tile in th.river:
            base *= 0.35
        return base

    def hazards(self, rounds: int) -> tuple[list[float], float]:
        """If the hand goes on without this seat winning: for each of the next ``rounds``
        rounds, the chance that another seat wins in it (each grows readier round by
        round), and what this seat expects to pay by the end of the hand."""
        view = self.view
        out = []
        alive = 1.0
        loss = 0.0
        pool = float(max(1, view.pool))
        for r in range(max(0, rounds)):
            # a ready seat's typical waits, met on its own draw or on a discard
            rate = min(0.5, _TYPICAL_WAITS * (1.0 + 3 * _DISCARD_RATE) / max(8.0, pool - 4.0 * r))
            q = 0.0
            pay = 0.0
            for th in self.seats:
                ready = _ready_after(th, r) * th.valid
                won = ready * rate
                q += won
                # a win of another seat: self-drawn or on a third seat's discard (this seat's
                # own discards are weighed tile by tile)
                pay += won * th.points * (0.45 * th.pay_self_draw + 0.55 * th.pay_other_discard)
            q = min(q, 0.9)
            out.append(q)
            loss += alive * pay
            alive *= 1.0 - q
        return out, loss


#: a ready hand's unseen waits, and how likely another seat is to discard a tile it does
#: not need relative to its share of the unseen tiles (as nbmj.bots.plan.Tuning)
_TYPICAL_WAITS = 5.0
_DISCARD_RATE = 0.55


def _ready_after(th: Threat | _Progress, rounds: int) -> float:
    """The chance that ``th`` is ready ``rounds`` rounds from now."""
    progress = th.progress + rounds
    if th.melds >= 4:
        return 0.95
    return 1.0 - math.exp(-((max(0.0, progress - 3.0) / 11.0) ** 1.6))
