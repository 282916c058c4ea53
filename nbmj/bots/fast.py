"""``fast``: the fast tier of the strong bot, for self-play and the vector env.

It plays the same game as ``strong`` (:mod:`nbmj.bots.strong`) with the costly parts left
out: no lookahead and no item estimate per discard. What it keeps:

* **valid waits**: among the discards that leave the hand ready, the one whose waits
  (unseen copies, wilds counted) make the most valid wins, each completed hand asked of the
  public scorer once per hand (:class:`~nbmj.bots.waits.WaitBook`); a ready hand whose
  waits can never win is no better than the hand one tile short;
* **tile efficiency**: otherwise the lowest shanten, then the most useful unseen tiles;
* **leanings** read once from the variant's items (:class:`Leanings`): how much a one-suit
  hand and a pung of each kind are worth, from the features the items name, so that a hand
  near a flush or holding a valuable pair keeps to it;
* **wilds kept**, and a plain **defence**: against a seat that looks ready, discards it let
  go by, weighed by what a deal-in costs in the variant (:class:`~nbmj.bots.stakes.Stakes`);
  a discarded wild is dead where no one may win on it.

It claims a pung or chow when that lowers its shanten and does not break a valuable hand or
make a third meld from one seat where that links them (三摊), and always wins when it may.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import core
from ..engine import Action
from ..rules.model import FuFanScoring, RuleSet, TaiScoring
from ..scoring.features import features_in
from ..scoring.facts import tile_in_class, wind_kind
from ..tiles import N_KINDS
from .stakes import Stakes
from .waits import WaitBook

__all__ = ["FastBot", "Leanings"]

_shanten = core.shanten
#: how much more valuable a hand one step further from ready must look to be kept
_LEAN_STEP = 0.6


class Leanings:
    """What a variant's items make worth chasing, read from the features they name: the
    gain of a one-suit hand, of an all-pungs hand, and of a pung of each kind (for each
    seat wind and round wind), each relative to a plain win's points."""

    def __init__(self, rules: RuleSet) -> None:
        scoring = rules.scoring
        suit = pungs_hand = 0.0
        pung_classes: list[tuple[str, float]] = []
        for it in rules.items:
            if it.value is None or it.value <= 0:
                continue
            gain = _relative(it.unit, it.value, scoring)
            names = {f.name: f for f in features_in((it.when, it.each))}
            if names.keys() & {"flush", "half_flush", "all_honors"}:
                suit = max(suit, gain)
            if "all_pungs" in names:
                pungs_hand = max(pungs_hand, gain)
            if "pungs" in names:
                args = names["pungs"].args
                cls = next((a for a in args if a not in ("exposed", "concealed", "pung", "kong")), "")
                pung_classes.append((cls, gain))
        self.suit = suit
        self.all_pungs = pungs_hand
        self._classes = pung_classes
        self._by_winds: dict[tuple[str, str], list[float]] = {}
        self.dead_wilds = not rules.claims.claim_discarded_wild

    def pung_gain(self, seat_wind: str, round_wind: str) -> list[float]:
        """The gain of a pung of each kind for a seat with these winds."""
        key = (seat_wind, round_wind)
        got = self._by_winds.get(key)
        if got is None:
            sk, rk = wind_kind(seat_wind), wind_kind(round_wind)
            got = [0.0] * N_KINDS
            for cls, gain in self._classes:
                for k in range(N_KINDS):
                    if not cls or tile_in_class(k, cls, sk, rk):
                        got[k] += gain
            self._by_winds[key] = got
        return got


def _relative(unit: str, value: int, scoring: TaiScoring | FuFanScoring) -> float:
    """An item's value relative to a plain win: 台 against the minimum (or four), a 番 by
    how much it multiplies, 胡 against the base, a multiplier by what it adds."""
    if unit == "tai":
        minimum = scoring.minimum if isinstance(scoring, TaiScoring) else 0
        return value / max(4.0, float(minimum))
    if unit == "fan":
        power = isinstance(scoring, FuFanScoring) and scoring.fan_multiplier == "power_of_two"
        return float(2**value - 1) if power else float(value)
    if unit == "fu":
        base = scoring.base if isinstance(scoring, FuFanScoring) else 30
        return value / max(10.0, float(base)) * 0.5
    return max(0.0, value - 1.0)


_LEANINGS: dict[int, tuple[RuleSet, Leanings, Stakes]] = {}


def _kit(rules: RuleSet) -> tuple[Leanings, Stakes]:
    entry = _LEANINGS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_LEANINGS) > 32:
            _LEANINGS.clear()
        entry = _LEANINGS[id(rules)] = (rules, Leanings(rules), Stakes(rules))
    return entry[1], entry[2]


class FastBot:
    """The fast tier (see the module's docstring). One bot plays one seat for one hand."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.leanings, self.stakes = _kit(rules)
        self.book = WaitBook(rules, discard_after_self_draw=True)

    def __call__(self, observation: Mapping[str, Any], legal: list[Action]) -> Action:
        first = legal[0]
        if first.kind == "hu":
            return first
        if len(legal) == 1:
            return first
        discards: list[Action] = []
        kongs: list[Action] = []
        for a in legal:
            kind = a.kind
            if kind == "discard":
                discards.append(a)
            elif kind == "flower":
                return a
            elif kind in ("ankan", "kakan"):
                kongs.append(a)
        from .view import SeatView

        view = SeatView(observation)
        if discards:
            return self._turn(view, discards, kongs)
        return self._claim(view, legal)

    # ------------------------------------------------------------------ on turn

    def _turn(self, view: Any, discards: list[Action], kongs: list[Action]) -> Action:
        counts, wild_ids = view.counts, view.wild_ids
        w = len(wild_ids)
        wilds = view.wilds
        by_s: list[tuple[int, Action]] = []
        best_s = 99
        wild_s: int | None = None
        for a in discards:
            t = a.tile
            if t in wilds:
                if wild_s is None:
                    wild_s = _shanten(counts, w - 1)
                s = wild_s
            else:
                counts[t] -= 1
                s = _shanten(counts, w)
                counts[t] += 1
            by_s.append((s, a))
            if s < best_s:
                best_s = s
        danger = _Danger(view, self.stakes, self.leanings.dead_wilds)
        melds = tuple(view.my_melds())
        best: tuple[float, Action] | None = None
        ready_values: dict[Action, float] = {}
        if best_s == 0:
            for s, a in by_s:
                if s == 0:
                    ready_values[a] = self._ready_value(view, a, melds)
            if max(ready_values.values()) <= 0.0:
                # no valid win from here: each ready hand is as good as one tile short
                best_s = 1
                by_s = [(1 if s == 0 else s, a) for s, a in by_s]
        gains = self.leanings.pung_gain(view.wind, view.round_wind)
        valued = [k for k in range(N_KINDS) if gains[k]]
        leans: dict[Action, float] = {}
        top_lean = -1.0
        for s, a in by_s:
            if s <= best_s + 1 and a not in ready_values:
                t = a.tile
                assert t is not None
                c, ww = _after(counts, w, wilds, t)
                leans[a] = lean = self._lean(view, c, ww, gains, valued)
                if s == best_s and lean > top_lean:
                    top_lean = lean
        for s, a in by_s:
            t = a.tile
            assert t is not None
            if a in ready_values and ready_values[a] > 0:
                score = 1000.0 + ready_values[a]
            elif s == best_s or (s == best_s + 1 and leans.get(a, 0.0) > top_lean + _LEAN_STEP):
                # a step back in shanten only for a clearly more valuable hand
                c, ww = _after(counts, w, wilds, t)
                score = -60.0 * s + _useful(c, ww, s, view) + 25.0 * leans.get(a, 0.0)
                if t in wilds:
                    score -= 30.0  # a wild held is worth more than any tile it stands for
            else:
                continue
            risk = danger.of(t)
            if risk:
                score -= risk * (1.0 if s > 1 else 0.4)
            if best is None or score > best[0]:
                best = (score, a)
        assert best is not None
        chosen = best[1]
        for a in kongs:
            t = a.tile
            assert t is not None
            c, ww = _after(counts, w, wilds, t, 4 if a.kind == "ankan" else 1)
            if _shanten(c, ww) <= best_s and (best_s > 0 or a.kind == "ankan"):
                return a  # a kong that costs nothing: its replacement is a free draw
        return chosen

    def _ready_value(self, view: Any, a: Action, melds: tuple[Any, ...]) -> float:
        """Per round, the valid wins the waits of the hand left by ``a`` make, weighted by
        what each pays."""
        t = a.tile
        assert t is not None
        ids = list(view.wild_ids)
        c = bytearray(view.counts)
        if t in view.wilds:
            ids.remove(t)
        else:
            c[t] -= 1
        total = 0.0
        for x in self.book.waits(view, c, ids, melds):
            if not x.unseen:
                continue
            if x.self_draw.valid:
                total += x.unseen * (1.0 + x.self_draw.gain / 10.0)
            if x.discard.valid and x.kind >= 0:
                total += 1.6 * x.unseen * (1.0 + x.discard.gain / 10.0)
        return total

    def _lean(self, view: Any, c: bytearray, w: int, gains: list[float], valued: list[int]) -> float:
        """How much of the variant's value the hand ``c`` keeps within reach (``valued``: the
        kinds whose pung is worth something)."""
        lean = self.leanings
        score = 0.0
        melds = view.my_melds()
        if lean.suit:
            suits = [sum(c[0:9]), sum(c[9:18]), sum(c[18:27])]
            for _kind, tiles, _src in melds:
                if tiles[0] < 27:
                    suits[tiles[0] // 9] += 3
            main = max(suits)
            off = suits[0] + suits[1] + suits[2] - main
            if off <= 5:
                score += lean.suit * ((6 - off) / 6.0) ** 2
        unseen = view.unseen
        for k in valued:
            n = c[k]
            if n >= 2:
                score += gains[k] * (1.0 if n >= 3 else 0.45 if unseen[k] else 0.0)
        if lean.all_pungs:
            pairs = c.count(2) + c.count(3) + c.count(4)
            if pairs >= 4 and not any(m[0] == "chi" for m in melds):
                score += lean.all_pungs * 0.4 * (pairs - 3)
        return score

    # ------------------------------------------------------------------ a discard to claim

    def _claim(self, view: Any, legal: list[Action]) -> Action:
        counts, wild_ids = view.counts, view.wild_ids
        w = len(wild_ids)
        wilds = view.wilds
        now = _shanten(counts, w)
        discard = view.discard
        source = discard["seat"] if discard else None
        liability = self.rules.liability
        fed_by = sum(1 for m in view.my_melds() if m[2] == source)
        gains = self.leanings.pung_gain(view.wind, view.round_wind)
        valued = [k for k in range(N_KINDS) if gains[k]]
        lean_now = self._lean(view, counts, w, gains, valued)
        passing = None
        for a in legal:
            kind = a.kind
            if kind == "pass":
                passing = a
                continue
            if kind not in ("kan", "pon", "chi"):
                continue
            t = a.tile
            assert t is not None
            if liability is not None and kind in liability.counts and fed_by + 1 >= liability.threshold:
                continue  # a meld that links this seat to the discarder (三摊)
            c, ww = counts, w
            for u in a.use or (t,) * (3 if kind == "kan" else 2):
                c, ww = _after(c, ww, wilds, u)
            after = _shanten(c, ww)
            if kind == "kan":
                if after <= now:
                    return a
                continue
            if after >= now:
                continue
            if kind == "pon" and gains[t] > 0:
                return a
            if self._lean(view, c, ww, gains, valued) + 0.05 < lean_now:
                continue  # it gives up what the hand is worth
            return a
        assert passing is not None
        return passing


class _Danger:
    """A plain defence: for each kind, what discarding it is expected to cost (0 when no
    seat looks ready)."""

    def __init__(self, view: Any, stakes: Stakes, dead_wilds: bool) -> None:
        self.view = view
        self.dead_wilds = dead_wilds
        threats = []
        for o in view.others():
            melds = len(view.melds[o])
            turns = view.river_length(o)
            if melds >= 3 or (melds >= 2 and turns >= 8) or turns >= 12:
                threats.append((o, 0.35 + 0.15 * melds, stakes.share(view, o, view.seat, view.seat)))
        self.threats = threats

    def of(self, tile: int | None) -> float:
        if not self.threats or tile is None:
            return 0.0
        view = self.view
        if tile in view.wilds and self.dead_wilds:
            return 0.0
        risk = 0.0
        left = view.unseen[tile] if tile < N_KINDS else 0
        for o, ready, pay in self.threats:
            if tile in view.river_kinds(o):
                continue
            risk += ready * pay * (0.3 if left == 0 else 1.0)
        return 40.0 * risk


def _after(counts: bytearray, w: int, wilds: frozenset[int], tile: int, n: int = 1) -> tuple[bytearray, int]:
    """The counts and wilds left when ``n`` copies of ``tile`` leave the hand (a wild's
    copies leave the wilds, which are counted apart)."""
    if tile in wilds:
        return counts, w - n
    c = bytearray(counts)
    c[tile] -= n
    return c, w


def _useful(c: bytearray, w: int, s: int, view: Any) -> float:
    """Unseen tiles whose draw lowers the shanten ``s`` of ``c`` (wilds always do)."""
    unseen = view.unseen
    total = view.unseen_wilds
    for k in range(N_KINDS):
        left = unseen[k]
        if not left:
            continue
        if not c[k]:
            if k >= 27:
                continue
            r = k % 9
            if not ((r > 0 and c[k - 1]) or (r < 8 and c[k + 1]) or (r > 1 and c[k - 2]) or (r < 7 and c[k + 2])):
                continue
        c[k] += 1
        if _shanten(c, w) < s:
            total += left
        c[k] -= 1
    return float(total)
