# cython: annotation_typing=False
# (compiled as it is by setup.py: the annotations are for mypy, not C types)
"""Who pays whom, read from the variant's own payment rules: :class:`Stakes`.

A bot weighs a discard by what dealing in would cost it, and a claim by the liability it
creates; both depend on the variant: in Ningbo the discarder alone pays 2S for a discard
win (NB-14.1) and a 三摊 link makes a partner pay more (NB-14.5 on); in Ninghai every loser
pays the winner's value whoever discarded (NH-4.8), except that a discard into a 三摊
warning makes the discarder pay for the table (包牌, NH-6.5). None of that is written
here: every amount is :func:`nbmj.scoring.settle` of a win worth one point, in the
situation at hand (who wins, how, who discarded, the melds and who fed them, who is liable).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine.liability import forbidden_tiles
from ..rules.model import Liability, RuleSet
from ..scoring import Meld, Situation
from ..scoring.settlement import counts_toward_link, payments_of
from .view import MeldView, SeatView, payment_links

__all__ = ["Stakes"]


def _counted_fed(table: Mapping[str, Sequence[MeldView]], winner: str, liability: Liability) -> list[tuple[str, int]]:
    """For each other position, the melds it claimed from ``winner`` that count toward a
    三摊 link (:func:`~nbmj.scoring.settlement.counts_toward_link`), sorted by position."""
    out = []
    for s in sorted(table):
        if s != winner:
            n = 0
            for kind, _tiles, src in table[s]:
                if src == winner and counts_toward_link(kind, liability):
                    n += 1
            out.append((s, n))
    return out


class Stakes:
    """Payments per point of a win, for one rule set."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self._cache: dict[tuple[object, ...], float] = {}
        self.bao = rules.restriction("bao_suit_warning") is not None, rules.restriction("bao_terminal_warning") is not None

    def share(self, view: SeatView, winner: str, payer: str, discarder: str | None, *, my_claim: MeldView | None = None,
              liable: str | None = None) -> float:
        """What ``payer`` pays (negative: receives) per point when ``winner`` (a position)
        wins, on ``discarder``'s discard or self-drawn (None); ``my_claim``: a meld this
        seat would make (a claim weighed, not made yet); ``liable``: the seat paying for the
        table."""
        table = view.melds
        if my_claim is None:
            own, fed = view.links(winner)
        else:
            table = {**table, view.seat: [*table[view.seat], my_claim]}
            own, fed = payment_links(table, winner)
        liability = self.rules.liability
        if liability is not None:  # only the melds of the kinds a link counts (NB-14.5), as the engine's Situation
            fed = tuple([(s, n) for s, n in _counted_fed(table, winner, liability)])
        key = (winner, payer, discarder, own, fed, liable)
        got = self._cache.get(key)
        if got is None:
            melds = table[winner]
            wind = view.wind_of
            sit = Situation(
                seat=wind[winner],
                round_wind=view.round_wind,
                concealed=(),
                win_tile=0,
                win_by="self_draw" if discarder is None else "discard",
                discarder=None if discarder is None else wind[discarder],
                melds=tuple([Meld(kind, tiles, None if src is None else wind[src]) for kind, tiles, src in melds]),  # type: ignore[arg-type]
                fed=tuple([(wind[s], n) for s, n in fed if n]),
                liable=None if liable is None else wind[liable],
            )
            # (sit holds only the fields the payments read: no check of a whole hand)
            got = self._cache[key] = -float(payments_of(sit, self.rules, 1, True)[0][wind[payer]])
        return got

    def deal_in_extra(self, view: SeatView, winner: str) -> float:
        """What this seat pays per point when ``winner`` wins on its discard, beyond what it
        would pay for the same win self-drawn (weighed 0.45) or on a third seat's discard
        (0.55, the weights :mod:`nbmj.bots.defence` gives another seat's win): nothing
        where every loser pays alike (NH-4.8), most of the win where the discarder pays
        alone (NB-14.1)."""
        me = view.seat
        third = [s for s in view.others() if s != winner]
        anyway = 0.45 * self.share(view, winner, me, None) + 0.55 * sum(
            [self.share(view, winner, me, t) for t in third]) / len(third)
        return max(0.0, self.share(view, winner, me, me) - anyway)

    def my_gain(self, view: SeatView, self_drawn: bool) -> float:
        """What this seat gains per point winning now, self-drawn or on a discard (the
        mean over the three possible discarders)."""
        me = view.seat
        if self_drawn:
            return -self.share(view, me, me, None)
        others = view.others()
        return -sum([self.share(view, me, me, o) for o in others]) / 3.0

    def forbidden_for(self, view: SeatView, other: str) -> frozenset[int]:
        """The kinds this seat, if not ready, may discard only on pain of paying for the
        table should ``other`` win with them (NH-6.2, NH-6.3): empty where the variant has
        no such warning."""
        suits, terminals = self.bao
        if not (suits or terminals):
            return frozenset()
        melds = [(kind, tiles) for kind, tiles, _src in view.melds[other]]
        return frozenset(forbidden_tiles(melds, suits=suits, terminals=terminals))
