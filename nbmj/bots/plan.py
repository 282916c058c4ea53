"""What a hand is worth to play on: the expected points of a waiting hand (3n+1 tiles).

:class:`Planner` values a hand the way the bot chooses between discards. The hand moves
toward a win one useful tile at a time; each round (four turns) it meets a useful tile with
some chance, and the hand may end first: another seat wins, or the wall runs out. So a
hand is a short chain of stages, and its value is the chance of reaching the last one in
the draws left, times what a win there is worth (with the loss a win spares the seat).

* A **ready** hand's last stage is exact: every wait, its unseen copies (wilds counted),
  and whether the completed hand may win and what the seat gains, self-drawn or on a
  discard, asked of the scorer (:class:`~nbmj.bots.waits.WaitBook`).
* A hand **one tile from ready** looks one draw ahead: for every tile that makes it
  ready, the best discard then and that ready hand's exact value.
* A hand **further out**, and any hand whose near routes lead to no valid win, is valued
  by the item estimate of :class:`~nbmj.bots.outlook.Outlook`: how many useful tiles there
  are (acceptance), the chance of reaching the minimum, the expected points.

The chances are simple on purpose: a tile is drawn with its share of the unseen tiles, and
each other seat discards a given tile with a smaller chance (it keeps what it needs).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .. import core
from ..tiles import N_KINDS
from .outlook import Outlook, Prospect, Sketch
from .stakes import Stakes
from .view import MeldView, SeatView
from .waits import Wait, WaitBook

__all__ = ["Planner", "HandValue", "Tuning"]


@dataclass(frozen=True)
class Tuning:
    """The planner's constants (the bot's budget among them)."""

    #: how likely another seat is to discard a tile it does not need, per turn, relative
    #: to its share of the unseen tiles
    discard_rate: float = 0.55
    #: per round, the chance that a seat that looks ready wins
    threat_win_rate: float = 0.10
    #: the weight of the estimate's route beside the exact one
    outlook_weight: float = 0.7
    #: look one draw ahead from a hand one tile from ready
    lookahead: bool = True
    #: the most one-draw-ahead waiting hands valued in one decision (the time budget)
    budget: int = 400
    #: value a hand one tile from ready by the estimate too, at its own distance (so that
    #: it compares with hands further out on one scale), keeping the better of the two
    near_outlook: bool = True
    #: the estimate's points are scaled by this (it runs about a fifth high in Ninghai)
    outlook_points: float = 0.85


@dataclass
class HandValue:
    """The value of one waiting hand: its shanten, its waits when ready, the useful tiles,
    the chance of a valid win and the expected points (``ev``), and how it was valued."""

    shanten: int
    ev: float
    p_win: float
    waits: tuple[Wait, ...] = ()
    useful: int = 0
    route: str = "outlook"
    prospect: Prospect | None = None
    extra: dict[str, float] = field(default_factory=dict)


class _Rates:
    """Per round: the chance of a valid win and the points it brings, summed over the waits."""

    __slots__ = ("p", "pg")

    def __init__(self, p: float, pg: float) -> None:
        self.p = p
        self.pg = pg


class Planner:
    """Values waiting hands for one seat in one hand (it keeps what it learns)."""

    def __init__(self, stakes: Stakes, outlook: Outlook, tuning: Tuning) -> None:
        self.stakes = stakes
        self.outlook = outlook
        self.rules = stakes.rules
        self.tuning = tuning
        self.book = WaitBook(stakes.rules)
        self._values: dict[tuple[object, ...], HandValue] = {}
        self._prospects: dict[tuple[object, ...], Prospect] = {}
        self.spent = 0

    # ------------------------------------------------------------------ the context of a decision

    def begin(self, view: SeatView, others_win: Sequence[float], loss: float) -> None:
        """A new decision: ``others_win`` is the chance that another seat wins in each of the
        rounds to come, ``loss`` what this seat expects to pay if the hand goes on without
        its win."""
        self.view = view
        self.q = list(others_win)
        self.loss = loss
        self.rounds = view.my_draws_left()
        self.pool = max(1, view.pool)
        self.gain_self = self.stakes.my_gain(view, True)
        self.gain_discard = self.stakes.my_gain(view, False)
        self._values.clear()
        self.spent = 0

    # ------------------------------------------------------------------ one hand

    def value(self, counts: bytearray, wild_ids: Sequence[int], melds: tuple[MeldView, ...], s: int | None = None,
              deep: bool = True) -> HandValue:
        """The value of the waiting hand ``counts`` + ``wild_ids`` with ``melds``."""
        key = (bytes(counts), tuple(wild_ids), melds, deep)
        got = self._values.get(key)
        if got is not None:
            return got
        w = len(wild_ids)
        if s is None:
            s = core.shanten(counts, w)
        if s <= 0:
            hv = self._ready(counts, wild_ids, melds)
        elif s == 1 and deep and self.tuning.lookahead and self.spent < self.tuning.budget:
            hv = self._one_away(counts, wild_ids, melds)
        else:
            hv = self._far(counts, wild_ids, melds, s)
        self._values[key] = hv
        return hv

    def _ready(self, counts: bytearray, wild_ids: Sequence[int], melds: tuple[MeldView, ...]) -> HandValue:
        waits = self.book.waits(self.view, counts, wild_ids, melds)
        rates = self._wait_rates(waits)
        ev, p_win = self._chain((), rates)
        hv = HandValue(0, ev, p_win, waits, sum(x.unseen for x in waits), "waits")
        if _live_waits(waits) < 3:  # few or no valid waits: changing the hand may pay more
            self._with_outlook(hv, counts, wild_ids, melds, 2)
        return hv

    def _one_away(self, counts: bytearray, wild_ids: Sequence[int], melds: tuple[MeldView, ...]) -> HandValue:
        view = self.view
        w = len(wild_ids)
        shanten = core.shanten
        unseen = view.unseen
        total_rate = 0.0
        p_sum = pg_sum = 0.0
        useful = 0
        c = counts
        draws: list[tuple[int, int]] = [(k, unseen[k]) for k in range(N_KINDS) if unseen[k] and _near(c, k)]
        if view.unseen_wilds:
            draws.append((-1, view.unseen_wilds))
        for k, left in draws:
            if k >= 0:
                c[k] += 1
                improves = shanten(c, w) == 0
                ids = list(wild_ids)
            else:
                improves = True
                ids = list(wild_ids) + [view.unseen_wild_id]
            if improves:
                best: _Rates | None = None
                for d in range(N_KINDS):
                    if not c[d]:
                        continue
                    c[d] -= 1
                    if shanten(c, len(ids)) == 0:
                        self.spent += 1
                        r = self._wait_rates(self.book.waits(view, c, ids, melds))
                        if best is None or r.pg > best.pg:
                            best = r
                    c[d] += 1
                useful += left
                rate = left / self.pool
                total_rate += rate
                if best is not None:
                    p_sum += rate * best.p
                    pg_sum += rate * best.pg
            if k >= 0:
                c[k] -= 1
        if total_rate <= 0 or p_sum <= 0:
            hv = HandValue(1, 0.0, 0.0, (), useful, "lookahead")
        else:
            mean = _Rates(p_sum / total_rate, pg_sum / total_rate)
            ev, p_win = self._chain((total_rate,), mean)
            hv = HandValue(1, ev, p_win, (), useful, "lookahead")
        if self.tuning.near_outlook:
            self._with_outlook(hv, counts, wild_ids, melds, 2, weight=1.0)
        elif p_sum < 3.0 * total_rate / self.pool:  # the ready hands within a draw win seldom
            self._with_outlook(hv, counts, wild_ids, melds, 3)
        return hv

    def _far(self, counts: bytearray, wild_ids: Sequence[int], melds: tuple[MeldView, ...], s: int) -> HandValue:
        useful = self.useful(counts, len(wild_ids), s)
        hv = HandValue(s, 0.0, 0.0, (), useful, "outlook")
        self._with_outlook(hv, counts, wild_ids, melds, s + 1, weight=1.0)
        return hv

    def _with_outlook(self, hv: HandValue, counts: bytearray, wild_ids: Sequence[int], melds: tuple[MeldView, ...],
                      steps: int, weight: float | None = None) -> None:
        """Raise ``hv`` to the estimate's route where that is worth more: ``steps`` useful
        tiles to a win, the estimate's chance of the minimum and points."""
        pr = self.prospect(counts, wild_ids, melds)
        hv.prospect = pr
        view = self.view
        stages: tuple[float, ...] = ()
        if steps > 1:
            # the first useful tile: the hand's own acceptance; the later ones: what a hand
            # that far from ready typically accepts
            s = hv.shanten
            useful = hv.useful if hv.useful else self.useful(counts, len(wild_ids), max(s, 0))
            hv.useful = useful
            first = useful / self.pool if s == steps - 1 else _TYPICAL_ACCEPTANCE[min(steps - 1, 4)]
            stages = (first, *(_TYPICAL_ACCEPTANCE[min(i, 4)] for i in range(steps - 2, 0, -1)))
        waits_rate = 6.0 / self.pool  # a typical ready hand's unseen waits
        p_round = waits_rate * (1.0 + 3 * self.tuning.discard_rate) * pr.p_minimum
        gain = 0.4 * self.gain_self + 0.6 * self.gain_discard
        points = pr.points * self.tuning.outlook_points
        ev, p_win = self._chain(stages, _Rates(p_round, p_round * (points * gain + self.loss)))
        w = self.tuning.outlook_weight if weight is None else weight
        if w * ev > hv.ev:
            hv.ev, hv.p_win, hv.route = w * ev, w * p_win, hv.route + "+outlook" if hv.route != "outlook" else "outlook"
        del view

    def prospect(self, counts: Sequence[int], wild_ids: Sequence[int], melds: tuple[MeldView, ...]) -> Prospect:
        """The item estimate of a hand (kept by hand)."""
        view = self.view
        key = (bytes(counts), len(wild_ids), melds, int(self.rounds))
        got = self._prospects.get(key)
        if got is None:
            sk = Sketch(counts, len(wild_ids), [(k, t) for k, t, _s in melds], tuple(view.flowers[view.seat]), view.wind,
                        view.round_wind, view.discarded_wild, self.rounds, view.unseen, view.unseen_wilds, self.pool,
                        view.wilds)
            got = self._prospects[key] = self.outlook.prospect(sk)
        return got

    # ------------------------------------------------------------------ pieces

    def useful(self, counts: bytearray, w: int, s: int) -> int:
        """Unseen tiles whose draw lowers the shanten ``s`` of the waiting hand (wilds count)."""
        view = self.view
        unseen = view.unseen
        shanten = core.shanten
        total = view.unseen_wilds
        for k in range(N_KINDS):
            left = unseen[k]
            if not left or not _near(counts, k):
                continue
            counts[k] += 1
            if shanten(counts, w) < s:
                total += left
            counts[k] -= 1
        return total

    def _wait_rates(self, waits: tuple[Wait, ...]) -> _Rates:
        """Per round: the chance of a valid win on one of ``waits`` and its points."""
        pool = self.pool
        dr = self.tuning.discard_rate
        p = pg = 0.0
        gain_loss = self.loss
        for x in waits:
            if not x.unseen:
                continue
            share = x.unseen / pool
            if x.self_draw.valid:
                p += share
                pg += share * (x.self_draw.gain + gain_loss)
            if x.discard.valid and x.kind >= 0:
                q = 3 * dr * share
                p += q
                pg += q * (x.discard.gain + gain_loss)
        return _Rates(min(p, 0.95), pg)

    def _chain(self, stages: tuple[float, ...], last: _Rates) -> tuple[float, float]:
        """The expected points and the chance of a win of a hand that needs one useful
        tile per stage (each found per round with its chance) and then wins with ``last``,
        within the rounds left, unless another seat wins first."""
        rounds = int(self.rounds + 0.5)
        if rounds <= 0 or last.p <= 0:
            return 0.0, 0.0
        hazards = self.q
        n = len(stages)
        at = [0.0] * (n + 1)
        at[0] = 1.0
        ev = p_win = 0.0
        mean_gain = last.pg / last.p
        for r in range(rounds):
            won = at[n] * last.p
            p_win += won
            ev += won * mean_gain
            at[n] -= won
            for i in range(n - 1, -1, -1):
                moved = at[i] * stages[i]
                at[i] -= moved
                at[i + 1] += moved
            stay = 1.0 - (hazards[r] if r < len(hazards) else 0.0)
            for i in range(n + 1):
                at[i] *= stay
        return ev, p_win


#: The share of the unseen tiles that lowers a typical hand's shanten, by that shanten
#: (greedy play of ningbo; a ready hand's waits are counted exactly instead)
_TYPICAL_ACCEPTANCE = (0.0, 0.17, 0.28, 0.38, 0.46)


def _live_waits(waits: tuple[Wait, ...]) -> int:
    """Unseen copies of the waits that make a valid win one way or the other."""
    return sum(x.unseen for x in waits if x.self_draw.valid or x.discard.valid)


def _near(c: Sequence[int], k: int) -> bool:
    """Whether drawing kind ``k`` can help ``c``: it pairs a tile held or sits within two of
    one of its suit."""
    if c[k]:
        return True
    if k >= 27:
        return False
    r = k % 9
    for d in (-2, -1, 1, 2):
        if 0 <= r + d <= 8 and c[k + d]:
            return True
    return False
