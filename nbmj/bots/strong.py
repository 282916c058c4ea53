"""``strong``: a built-in bot that plays for hands the variant lets it win.

At every decision it values each choice in expected points (``nbmj.bots.plan``):

* **valid waits**: for each discard, the hand left, its shanten, and once it is ready (or
  one tile from it, looking one draw ahead) every wait, its unseen copies (wilds counted)
  and whether the completed hand reaches the variant's minimum and what it pays, from the
  public scorer, in every variant (Ningbo 台, Ninghai 胡 × 番, multipliers, seven pairs);
  further out, an estimate of the items each hand can still make, read from the items'
  features in the rule set (``nbmj.bots.outlook``);
* **defence** by the variant's own payments (``nbmj.bots.defence``): the chance that a
  discard lets a seat that looks ready win, and what that costs here (the discarder's
  share, 三摊 links, paying for the table for a discard into a Ninghai warning); a
  discarded wild is dead where no one may win on it. It folds when its own hand is worth
  less than the risk;
* **claims by value**: a chow, pung or kong is made when the hand after it (and its best
  discard) is worth more than passing, counting the 三摊 link a third meld from one seat
  makes; a win is always taken (the engine offers only valid ones).

:class:`Tuning` sets the budget: how many ready hands one decision may look ahead to. The
fast tier (:mod:`nbmj.bots.fast`) is the same idea without the lookahead.

:meth:`StrongBot.decide` returns every option with its numbers; ``nbmj review`` shows them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import core
from ..engine import Action
from ..rules.model import RuleSet
from ..tiles import N_KINDS
from .defence import Threats
from .outlook import Outlook
from .plan import HandValue, Planner, Tuning
from .stakes import Stakes
from .view import MeldView, SeatView
from .waits import Wait

__all__ = ["StrongBot", "Option", "Decision", "Tuning", "NOTES"]


@dataclass
class Option:
    """One choice weighed: the action, its expected points, and why.

    ``shanten``, ``waits`` and ``useful`` are those of the waiting hand the choice leaves;
    ``deal_in`` the chance that a discard lets another seat win and ``deal_in_cost`` the
    points that costs on average; ``notes`` name what the choice runs into, each a key of
    :data:`NOTES`."""

    action: Action
    ev: float
    shanten: int
    waits: tuple[Wait, ...] = ()
    useful: int = 0
    p_win: float = 0.0
    deal_in: float = 0.0
    deal_in_cost: float = 0.0
    route: str = ""
    notes: list[str] = field(default_factory=list)
    points: float = 0.0


@dataclass
class Decision:
    """What the bot chose and every option it weighed, best first."""

    action: Action
    options: list[Option]
    shanten: int
    kind: str


#: The notes an option may carry: what it runs into, and the rule that says so.
NOTES = {
    "no_valid_wait": "every wait is below the minimum or otherwise refused",
    "some_waits_refused": "some waits cannot win",
    "dead_wild": "a discarded wild is dead: no one may claim or win on it",
    "bao": "a discard into a 三摊 warning: paying for the table if that player wins with it",
    "third_meld": "a third meld from one seat: a 三摊 link",
    "breaks_ready": "gives up a ready hand",
}


class _Kit:
    """What the bot reads from a rule set once: its payments and its items."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.stakes = Stakes(rules)
        self.outlook = Outlook(rules)


_KITS: dict[int, tuple[RuleSet, _Kit]] = {}


def _kit_for(rules: RuleSet) -> _Kit:
    """The rule set's kit, made once (a worker plays one variant, hand after hand)."""
    entry = _KITS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_KITS) > 32:
            _KITS.clear()
        entry = _KITS[id(rules)] = (rules, _Kit(rules))
    return entry[1]


class StrongBot:
    """Expected points from valid waits, the items within reach, defence and claims by
    value (see the module's docstring). One bot plays one seat for one hand: it keeps what
    the scorer told it. ``tuning`` sets the lookahead and its budget."""

    def __init__(self, rules: RuleSet | None = None, tuning: Tuning | None = None) -> None:
        self.rules = rules
        self.tuning = tuning or Tuning()
        self._planner: Planner | None = None

    def __repr__(self) -> str:
        rules = "the observation's variant" if self.rules is None else repr(self.rules.name)
        return f"<StrongBot for {rules}; budget {self.tuning.budget}>"

    def _kit(self, obs: Mapping[str, Any]) -> tuple[_Kit, Planner]:
        if self.rules is None:
            from ..rules import load_variant

            self.rules = load_variant(obs["variant"])
        kit = _kit_for(self.rules)
        if self._planner is None:
            self._planner = Planner(kit.stakes, kit.outlook, self.tuning)
        return kit, self._planner

    # ------------------------------------------------------------------ the call

    def __call__(self, observation: Mapping[str, Any], legal: list[Action]) -> Action:
        first = legal[0]
        if first.kind == "hu":  # the engine lists a win first, and offers only valid ones
            return first
        for a in legal:
            if a.kind == "flower":
                return a
        if len(legal) == 1:
            return first
        return self.decide(observation, legal).action

    def decide(self, observation: Mapping[str, Any], legal: list[Action]) -> Decision:
        """The choice among ``legal`` and every option weighed."""
        kit, planner = self._kit(observation)
        view = SeatView(observation)
        threats = Threats(view, kit.stakes, kit.outlook, kit.rules)
        hazards, loss = threats.hazards(int(view.my_draws_left() + 0.5))
        planner.begin(view, hazards, loss)
        now = core.shanten(view.counts, view.w)
        if any(a.kind == "discard" for a in legal):
            options = self._turn(view, planner, threats, legal)
            kind = "turn"
        else:
            options = self._claim(view, planner, threats, legal)
            kind = "claim"
        options.sort(key=lambda o: -o.ev)
        return Decision(options[0].action, options, now, kind)

    # ------------------------------------------------------------------ on turn

    def _turn(self, view: SeatView, planner: Planner, threats: Threats, legal: list[Action]) -> list[Option]:
        melds = tuple(view.my_melds())
        counts, wild_ids = view.counts, view.wild_ids
        options: list[Option] = []
        for a in legal:
            if a.kind == "hu":
                options.append(Option(a, float("inf"), -1, route="win"))
        discards = [a for a in legal if a.kind == "discard"]
        shanten_of = {}
        for a in discards:
            c, ids = _without(counts, wild_ids, view.wilds, (a.tile,))  # type: ignore[arg-type]
            shanten_of[a] = (core.shanten(c, len(ids)), c, ids)
        best_s = min(s for s, _c, _ids in shanten_of.values())
        ready_now = any(s == 0 for s, _c, _ids in shanten_of.values())
        for a in discards:
            s, c, ids = shanten_of[a]
            assert a.tile is not None
            if s > best_s + 1:
                hv = HandValue(s, 0.0, 0.0, route="behind")
            else:
                hv = planner.value(c, ids, melds, s)
            options.append(self._discard_option(a, hv, threats, planner, ready_now and s > 0))
        for a in legal:
            if a.kind in ("ankan", "kakan"):
                assert a.tile is not None
                c, ids = _without(counts, wild_ids, view.wilds, (a.tile,) * (4 if a.kind == "ankan" else 1))
                if a.kind == "ankan":
                    new_melds = melds + (("ankan", (a.tile,) * 4, None),)
                else:
                    new_melds = tuple(("kakan", (a.tile,) * 4, src) if k == "pon" and t[0] == a.tile else (k, t, src)
                                      for k, t, src in melds)
                hv = planner.value(c, ids, new_melds)
                ev = hv.ev * (1.0 + 1.0 / max(1.0, planner.rounds))  # the replacement is one more draw
                opt = Option(a, ev, hv.shanten, hv.waits, hv.useful, hv.p_win, route=hv.route)
                if a.kind == "kakan" and self.rules is not None and self.rules.claims.rob_kong:
                    p, cost = threats.deal_in(a.tile, True)
                    opt.deal_in, opt.deal_in_cost = p, cost
                    opt.ev = ev * (1.0 - p) - cost + p * planner.loss
                options.append(opt)
        return options

    def _discard_option(self, a: Action, hv: HandValue, threats: Threats, planner: Planner, breaks_ready: bool) -> Option:
        assert a.tile is not None
        p, cost = threats.deal_in(a.tile, hv.shanten == 0)
        ev = hv.ev * (1.0 - p) - cost + p * planner.loss
        opt = Option(a, ev, hv.shanten, hv.waits, hv.useful, hv.p_win, p, cost, hv.route,
                     points=hv.prospect.points if hv.prospect else 0.0)
        if a.tile in threats.view.wilds and threats.dead_wilds:
            opt.notes.append("dead_wild")
        if hv.shanten == 0 and hv.waits:
            valid = [x for x in hv.waits if x.self_draw.valid or x.discard.valid]
            if not valid:
                opt.notes.append("no_valid_wait")
            elif len(valid) < len(hv.waits):
                opt.notes.append("some_waits_refused")
        if any(a.tile in th.bao for th in threats.seats) and hv.shanten > 0:
            opt.notes.append("bao")
        if breaks_ready:
            opt.notes.append("breaks_ready")
        return opt

    # ------------------------------------------------------------------ a discard to claim

    def _claim(self, view: SeatView, planner: Planner, threats: Threats, legal: list[Action]) -> list[Option]:
        melds = tuple(view.my_melds())
        counts, wild_ids = view.counts, view.wild_ids
        options: list[Option] = []
        hv_pass = planner.value(counts, wild_ids, melds)
        discard = view.discard
        source = discard["seat"] if discard else None
        for a in legal:
            if a.kind == "hu":
                options.append(Option(a, float("inf"), -1, route="win"))
            elif a.kind == "pass":
                options.append(Option(a, hv_pass.ev, hv_pass.shanten, hv_pass.waits, hv_pass.useful, hv_pass.p_win,
                                      route=hv_pass.route))
            elif a.kind in ("chi", "pon", "kan") and source is not None:
                options.append(self._meld_option(a, view, planner, threats, melds, source))
        return options

    def _meld_option(self, a: Action, view: SeatView, planner: Planner, threats: Threats, melds: tuple[MeldView, ...],
                     source: str) -> Option:
        assert a.tile is not None
        size = 3 if a.kind == "kan" else 2
        used = a.use or (a.tile,) * size
        c, ids = _without(view.counts, view.wild_ids, view.wilds, used)
        tiles = tuple(sorted((a.tile, *used)))
        meld: MeldView = (a.kind, tiles, source)
        new_melds = melds + (meld,)
        notes = []
        link_cost = self._link_cost(a, view, threats, meld, source)
        if link_cost > 0:
            notes.append("third_meld")
        if a.kind == "kan":
            hv = planner.value(c, ids, new_melds)
            ev = hv.ev * (1.0 + 1.0 / max(1.0, planner.rounds))
            return Option(a, ev - link_cost, hv.shanten, hv.waits, hv.useful, hv.p_win, route=hv.route, notes=notes)
        # after a chow or a pung the seat discards: the best discard of the hand left
        best: Option | None = None
        for t in _kinds_held(c, ids):
            if t == a.tile:
                continue  # the tile just claimed may not go straight back out (NB-8.1, NB-8.6)
            c2, ids2 = _without(c, ids, view.wilds, (t,))
            hv = planner.value(c2, ids2, new_melds)
            p, cost = threats.deal_in(t, hv.shanten == 0)
            ev = hv.ev * (1.0 - p) - cost + p * planner.loss
            if best is None or ev > best.ev:
                best = Option(a, ev, hv.shanten, hv.waits, hv.useful, hv.p_win, p, cost, hv.route)
        if best is None:
            return Option(a, float("-inf"), 99, notes=notes)
        best.ev -= link_cost
        best.notes = notes
        return best

    def _link_cost(self, a: Action, view: SeatView, threats: Threats, meld: MeldView, source: str) -> float:
        """What a 三摊 link that this claim would make costs when the fed seat wins (its
        gain to this seat's own wins is in the scorer's payments)."""
        liability = self.rules.liability if self.rules is not None else None
        if liability is None or a.kind not in liability.counts:
            return 0.0
        for th in threats.seats:
            if th.seat != source:
                continue
            stakes = _kit_for(self.rules).stakes  # type: ignore[arg-type]
            me = view.seat
            before = 0.45 * th.pay_self_draw + 0.55 * th.pay_other_discard
            after = 0.45 * stakes.share(view, source, me, None, my_claim=meld) + 0.55 * sum(
                stakes.share(view, source, me, o, my_claim=meld) for o in view.others() if o != source) / 2.0
            extra = after - before
            if extra <= 0:
                return 0.0
            # the fed seat wins this hand with about its ready chance over the rest of it
            p_wins = min(0.8, max(th.ready, 0.15) * 0.5)
            return p_wins * extra * th.points
        return 0.0


def _without(counts: bytearray, wild_ids: Sequence[int], wilds: frozenset[int], tiles: Sequence[int]) -> tuple[bytearray, list[int]]:
    """The hand left when ``tiles`` leave it: a wild's copy leaves the wilds held (a kong of
    four wilds, NB-4.14, too), any other tile its kind's count."""
    c = bytearray(counts)
    ids = list(wild_ids)
    for t in tiles:
        if t in wilds:
            if t in ids:
                ids.remove(t)
            elif ids:
                ids.pop()
        elif c[t] > 0:
            c[t] -= 1
        elif ids:  # a wild standing in for the tile (wilds_in_melds)
            ids.pop()
    return c, ids


def _kinds_held(c: bytearray, ids: Sequence[int]) -> list[int]:
    """Each kind held, and each wild tile id held, once."""
    out = [k for k in range(N_KINDS) if c[k]]
    out.extend(sorted(set(ids)))
    return out
