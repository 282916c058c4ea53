# cython: annotation_typing=False
# (compiled by setup.py with fast.pxd, which types its inner loops; the annotations are for mypy)
"""``fast``: the fast tier of the strong bot, for self-play and the vector env.

It plays the same game as ``strong`` (:mod:`nbmj.bots.strong`) with the costly parts left
out: no lookahead and no item estimate per discard. What it keeps:

* **valid waits**: among the discards that leave the hand ready, the one whose waits
  (unseen copies, wilds counted) make the most valid wins, each completed hand asked of the
  public scorer once per hand (:class:`~nbmj.bots.waits.WaitBook`); a ready hand whose
  waits can never win is no better than the hand one tile short. Only the two ready hands
  with the most unseen waits are asked about, the second only when it waits on at least
  half as many tiles as the first (the scorer is most of the tier's cost);
* **tile efficiency**: otherwise the lowest shanten, then the most useful unseen tiles;
* **leanings** read once from the variant's items (:class:`Leanings`): how much a one-suit
  hand and a pung of each kind are worth, from the features the items name, so that a hand
  near a flush or holding a valuable pair keeps to it;
* **wilds kept**, and a plain **defence**: against a seat that looks ready, discards it let
  go by, weighed by what a deal-in costs in the variant (``nbmj.bots.stakes``);
  a discarded wild is dead where no one may win on it.

It claims a pung or chow when that lowers its shanten and does not break a valuable hand or
make a third meld from one seat where that links them (三摊), and always wins when it may.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any

from .. import core
from ..engine import Action
from ..engine.bots import split_wilds
from ..rules.model import FuFanScoring, RuleSet, TaiScoring
from ..scoring.features import features_in
from ..scoring.facts import tile_in_class, wind_kind
from ..scoring.settlement import counts_toward_link
from ..tiles import N_KINDS, N_TILE_IDS
from .stakes import Stakes
from .view import SeatView, hand_by_id
from .waits import WaitBook

__all__ = ["FastBot", "Leanings"]

_shanten = core.shanten
_first = itemgetter(0)
#: how much more valuable a hand one step further from ready must look to be kept
_LEAN_STEP = 0.6
#: the cheap score of a hand: this much per unit of leaning, less this much per step of shanten
_LEAN_WEIGHT = 25.0
_SHANTEN_WEIGHT = 60.0
#: the candidates, best by the cheap score, whose useful tiles are counted
_LOOKED_AT = 3
#: the discards leaving a ready hand, most unseen waits first, whose waits are asked of
#: the scorer (most turns have one or two; a third or later waits on fewer tiles and is
#: rarely the best: docs/bots.rst gives what leaving them out costs)
_READY_LOOKED_AT = 2


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
        self.book = WaitBook(rules, discard_after_self_draw=True, live_only=True, light=True)

    def __repr__(self) -> str:
        return f"<FastBot for {self.rules.name!r}>"

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
        if discards:
            return self._turn(SeatView(observation), discards, kongs)
        return self._claim(observation, legal)

    # ------------------------------------------------------------------ on turn

    def _turn(self, view: Any, discards: list[Action], kongs: list[Action]) -> Action:
        counts, wild_ids = view.counts, view.wild_ids
        w = len(wild_ids)
        wilds = view.wilds
        cands: list[tuple[int, int, Action]] = []  # (shanten after, tile, action)
        best_s = 99
        wild_s = -1
        for a in discards:
            t = a.tile
            assert t is not None
            if t in wilds:
                if wild_s < 0:
                    wild_s = _shanten(counts, w - 1)
                s = wild_s
            else:
                counts[t] -= 1
                s = _shanten(counts, w)
                counts[t] += 1
            cands.append((s, t, a))
            if s < best_s:
                best_s = s
        danger = _danger_table(view, self.stakes, self.leanings.dead_wilds)
        if best_s == 0:
            melds = tuple(view.my_melds())
            top = self._best_ready(view, cands, melds, danger)
            if top is not None:
                return self._kong_or(kongs, counts, w, wilds, 0, top)
            # no valid win from here: each ready hand is as good as one tile short
            best_s = 1
            cands = [(1 if s == 0 else s, t, a) for s, t, a in cands]
        gains = self.leanings.pung_gain(view.wind, view.round_wind)
        valued = [k for k in range(N_KINDS) if gains[k]]
        # a first, cheap score: value kept, connectedness, a wild kept, danger; a step back
        # in shanten only for a clearly more valuable hand
        scored: list[tuple[float, int, Action, bytearray, int]] = []
        melds = view.my_melds()
        top_lean = -1.0
        leans = []
        for s, t, a in cands:
            if s > best_s + 1:
                continue
            c, ww = _after(counts, w, wilds, t)
            lean = _lean(self.leanings, melds, view.unseen, c, gains, valued)
            leans.append((s, t, a, lean, c, ww))
            if s == best_s and lean > top_lean:
                top_lean = lean
        for s, t, a, lean, c, ww in leans:
            if s > best_s and lean <= top_lean + _LEAN_STEP:
                continue
            pre = _LEAN_WEIGHT * lean - 3.0 * _connected(counts, t) - _SHANTEN_WEIGHT * s
            if t in wilds:
                pre -= 30.0  # a wild held is worth more than any tile it stands for
            risk = danger[t] if danger else 0.0
            if risk:
                pre -= risk * (1.0 if s > 1 else 0.4)
            scored.append((pre, s, a, c, ww))
        scored.sort(key=_first, reverse=True)  # (stable: equal scores keep the legal order)
        best: tuple[float, Action] | None = None
        for pre, s, a, c, ww in scored[:_LOOKED_AT]:  # the useful tiles of the best few only
            score = pre + _useful(c, ww, s, view.unseen, view.unseen_wilds)
            if best is None or score > best[0]:
                best = (score, a)
        assert best is not None
        return self._kong_or(kongs, counts, w, wilds, best_s, best[1])

    @staticmethod
    def _kong_or(kongs: list[Action], counts: bytearray, w: int, wilds: frozenset[int], best_s: int, chosen: Action) -> Action:
        """A kong that costs nothing (its replacement is a free draw), else ``chosen``."""
        for a in kongs:
            t = a.tile
            assert t is not None
            c, ww = _after(counts, w, wilds, t, 4 if a.kind == "ankan" else 1)
            if _shanten(c, ww) <= best_s and (best_s > 0 or a.kind == "ankan"):
                return a
        return chosen

    def _best_ready(self, view: Any, cands: list[tuple[int, int, Action]], melds: tuple[Any, ...],
                    danger: list[float] | None) -> Action | None:
        """The discard whose ready hand makes the most valid wins, or None when none makes
        any. The candidates are asked of the scorer in order of their waits' unseen copies:
        at most ``_READY_LOOKED_AT``, and none with fewer than half the copies of the first
        or of the best found so far."""
        unseen = view.unseen
        wilds = view.wilds
        counts, w = view.counts, view.w
        order = []
        for s, t, a in cands:
            if s != 0:
                continue
            c, ww = _after(counts, w, wilds, t)
            raw = sum([unseen[k] for k in core.waits(c, ww)])
            order.append((raw, t, a))
        order.sort(key=lambda x: -x[0])
        best: tuple[float, Action] | None = None
        best_live = 0
        most = order[0][0] if order else 0
        for raw, t, a in order[:_READY_LOOKED_AT]:
            if (best is not None and raw < 0.5 * best_live) or raw < 0.5 * most:
                break
            value, live = self._ready_value(view, t, melds)
            if value <= 0.0:
                continue
            if danger:
                value -= 0.4 * danger[t]
            if best is None or value > best[0]:
                best, best_live = (value, a), live
        return None if best is None else best[1]

    def _ready_value(self, view: Any, t: int, melds: tuple[Any, ...]) -> tuple[float, int]:
        """Per round, the valid wins the waits of the hand left by discarding ``t`` make,
        weighted by what each pays, and the unseen copies of the waits that win self-drawn."""
        ids = list(view.wild_ids)
        c = bytearray(view.counts)
        if t in view.wilds:
            ids.remove(t)
        else:
            c[t] -= 1
        total = 0.0
        live = 0
        for x in self.book.waits(view, c, ids, melds):
            if not x.unseen:
                continue
            if x.self_draw.valid:
                total += x.unseen * (1.0 + x.self_draw.gain / 10.0)
                live += x.unseen
            if x.discard.valid and x.kind >= 0:
                total += 1.6 * x.unseen * (1.0 + x.discard.gain / 10.0)
        return total, live

    # ------------------------------------------------------------------ a discard to claim

    def _claim(self, observation: Mapping[str, Any], legal: list[Action]) -> Action:
        """A kong that costs nothing, or a pung or chow that lowers the shanten without
        giving up what the hand is worth or linking this seat to the discarder (三摊); else
        pass. The table is read only when some claim lowers the shanten."""
        wilds = frozenset(observation["wilds"])
        counts, w = _shape_of(observation, wilds)
        now = _shanten(counts, w)
        improving: list[tuple[Action, bytearray, int, int]] = []
        passing = legal[-1]
        for a in legal:
            kind = a.kind
            if kind == "pass":
                passing = a
                continue
            if kind not in ("kan", "pon", "chi"):
                continue
            t = a.tile
            assert t is not None
            c, ww = counts, w
            for u in a.use or (t,) * (3 if kind == "kan" else 2):
                c, ww = _after(c, ww, wilds, u)
            after = _shanten(c, ww)
            if after < now or (kind == "kan" and after <= now):
                improving.append((a, c, ww, after))
        if not improving:
            return passing
        view = SeatView(observation)
        source = view.discard["seat"] if view.discard else None
        liability = self.rules.liability
        melds = view.my_melds()
        # the melds of the kinds a 三摊 link counts that this seat claimed from the discarder (NB-14.5)
        fed_by = 0
        if liability is not None:
            for m in melds:
                if m[2] == source and counts_toward_link(m[0], liability):
                    fed_by += 1
        gains = self.leanings.pung_gain(view.wind, view.round_wind)
        valued = [k for k in range(N_KINDS) if gains[k]]
        lean_now = _lean(self.leanings, melds, view.unseen, counts, gains, valued)
        for a, c, ww, after in improving:
            kind = a.kind
            if liability is not None and counts_toward_link(kind, liability) and fed_by + 1 >= liability.threshold:
                continue  # a meld that links this seat to the discarder (三摊)
            if kind == "kan" or (kind == "pon" and gains[a.tile or 0] > 0):
                return a
            lean = _lean(self.leanings, melds, view.unseen, c, gains, valued)
            if _LEAN_WEIGHT * (lean_now - lean) > _SHANTEN_WEIGHT * (now - after):
                continue  # it gives up more of what the hand is worth than the step gains, as a discard weighs them
            return a
        return passing


def _shape_of(observation: Mapping[str, Any], wilds: frozenset[int]) -> tuple[bytearray, int]:
    """The hand as the core reads it: the 34 counts without the wilds, and the wilds."""
    counts, held = split_wilds(hand_by_id(observation), wilds)
    return counts, len(held)


def _danger_table(view: Any, stakes: Stakes, dead_wilds: bool) -> list[float] | None:
    """A plain defence: for each tile id, what discarding it is expected to cost against
    the seats that look ready (None when none does), beyond what this seat would pay for
    the same win self-drawn or on another's discard (:meth:`Stakes.deal_in_extra`: nothing
    where every loser pays alike); a seat's own discards are safe from it, a kind with no
    copy left nearly so, a discarded wild wholly where it is dead."""
    threats: list[tuple[bytearray, float]] = []
    for o in view.others():
        melds = len(view.melds[o])
        turns = view.river_length(o)
        if melds >= 3 or (melds >= 2 and turns >= 8) or turns >= 12:
            threats.append((_let_go(view.rivers[o]), (0.35 + 0.15 * melds) * stakes.deal_in_extra(view, o)))
    if not threats:
        return None
    unseen = view.unseen
    table = [0.0] * N_TILE_IDS
    for t in range(N_KINDS):
        risk = 0.0
        for river, weight in threats:
            if not river[t]:
                risk += weight
        table[t] = 40.0 * risk * (0.3 if unseen[t] == 0 else 1.0)
    if not dead_wilds:
        for t in view.wilds:
            table[t] = table[t] if t < N_KINDS else 40.0 * sum([weight for _r, weight in threats])
    else:
        for t in view.wilds:
            table[t] = 0.0
    return table


def _let_go(river: Sequence[tuple[int, str | None]]) -> bytearray:
    """The tile ids a seat has discarded (1 for each), as a mask."""
    mask = bytearray(N_TILE_IDS)
    for t, _claimed_by in river:
        mask[t] = 1
    return mask


def _after(counts: bytearray, w: int, wilds: frozenset[int], tile: int, n: int = 1) -> tuple[bytearray, int]:
    """The counts and wilds left when ``n`` copies of ``tile`` leave the hand (a wild's
    copies leave the wilds, which are counted apart)."""
    if tile in wilds:
        return counts, w - n
    c = bytearray(counts)
    c[tile] -= n
    return c, w


def _connected(c: bytearray, t: int) -> int:
    """How many tiles held pair with or sit within two of ``t`` (a wild or flower: none)."""
    if t >= N_KINDS:
        return 0
    near = c[t] - 1
    if t < 27:
        r = t % 9
        for d in (-2, -1, 1, 2):
            if 0 <= r + d <= 8:
                near += c[t + d]
    return near


def _useful(c: bytearray, w: int, s: int, unseen: list[int], unseen_wilds: int) -> float:
    """Unseen tiles whose draw lowers the shanten ``s`` of ``c`` (wilds always do)."""
    total = unseen_wilds
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


def _lean(lean: Leanings, melds: Sequence[Any], unseen: list[int], c: bytearray, gains: list[float], valued: list[int]) -> float:
    """How much of the variant's value the hand ``c`` (with ``melds``) keeps within reach
    (``valued``: the kinds whose pung is worth something, ``gains`` by kind)."""
    score = 0.0
    if lean.suit:
        s0 = s1 = s2 = 0
        for k in range(9):
            s0 += c[k]
            s1 += c[k + 9]
            s2 += c[k + 18]
        for _kind, tiles, _src in melds:
            first = tiles[0]
            if first < 9:
                s0 += 3
            elif first < 18:
                s1 += 3
            elif first < 27:
                s2 += 3
        main = max(s0, s1, s2)
        off = s0 + s1 + s2 - main
        if off <= 5:
            score += lean.suit * ((6 - off) / 6.0) ** 2
    for k in valued:
        n = c[k]
        if n >= 2:
            score += gains[k] * (1.0 if n >= 3 else 0.45 if unseen[k] else 0.0)
    if lean.all_pungs:
        pairs = 0
        for k in range(N_KINDS):
            if c[k] >= 2:
                pairs += 1
        if pairs >= 4:
            for m in melds:
                if m[0] == "chi":
                    return score
            score += lean.all_pungs * 0.4 * (pairs - 3)
    return score
