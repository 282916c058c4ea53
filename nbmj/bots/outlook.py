"""What a hand still far from ready may come to be worth: :class:`Outlook`.

Once a hand is ready, or one tile from it, the bot asks the scorer about the actual winning
hands (:mod:`nbmj.bots.waits`). Further out there is no winning hand to score yet, and a
bot must still choose a direction: toward a flush, honour pungs, all pungs, or plain speed.
The outlook estimates, for a hand in progress, how likely each of the variant's scoring
items is to hold when the hand is won, by reading every item's condition from the
:class:`~nbmj.rules.model.RuleSet` and estimating each *feature* it names (``flush``,
``pungs(dragon)``, ``flowers(seat)``, ``wilds_held`` ...; the vocabulary of
:data:`nbmj.rules.model.FEATURES`) from the tiles held, melded and unseen. Item names are
never read, so a renamed or new item of a user's variant counts the same.

The answer is an estimate (:class:`Prospect`): expected 台 (or 胡 and 番), the chance of
reaching the minimum, and expected points. Features it has no estimate for count as not
holding. The exact, scored values come from :mod:`nbmj.bots.waits` once there are waits.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..rules.model import AllOf, AnyOf, Compare, Expr, Feature, FuFanScoring, Not, RuleSet, ScoringItem, TaiScoring
from ..scoring import Situation
from ..scoring.facts import FlowerCounts, flower_counts, tile_in_class, wind_kind
from ..scoring.features import parse_pungs_args
from ..scoring.totals import fu_fan_from_entries, tai_from_entries
from ..tiles import N_KINDS

__all__ = ["Outlook", "Prospect", "Sketch", "points_at"]

_HONOURS = range(27, 34)


@dataclass
class Sketch:
    """A hand in progress as the outlook reads it: the concealed counts without the wilds,
    the wilds held, the melds ``(kind, tiles)``, the flowers held, the seat's and the
    round's wind, whether a wild was discarded, the draws left and the unseen copies."""

    counts: Sequence[int]
    wilds: int
    melds: Sequence[tuple[str, tuple[int, ...]]]
    flowers: tuple[int, ...]
    seat: str
    round_wind: str
    discarded_wild: bool
    draws_left: float
    unseen: Sequence[int]
    unseen_wilds: int = 0
    pool: int = 100
    wild_kinds: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Prospect:
    """The estimate for one hand: the expected 台 toward the minimum and in all, 胡 and 番
    (Ninghai), the expected multiplier, the chance that the minimum is reached, and the
    expected points S of a win (before any minimum)."""

    tai_for_minimum: float
    tai: float
    fu: float
    fan: float
    multiplier: float
    p_minimum: float
    points: float


class _Hand:
    """Numbers about a sketch that several features share, worked out once."""

    def __init__(self, sk: Sketch, rules: RuleSet) -> None:
        self.sk = sk
        counts = sk.counts
        self.seat_kind = wind_kind(sk.seat)
        self.round_kind = wind_kind(sk.round_wind)
        suit_tiles = [sum(counts[9 * s : 9 * s + 9]) for s in range(3)]
        honours = sum(counts[27:34])
        chi_melds = pung_melds = 0
        meld_suits: set[int] = set()
        for kind, tiles in sk.melds:
            t = tiles[0]
            if kind == "chi":
                chi_melds += 1
            else:
                pung_melds += 1
            if t < 27:
                suit_tiles[t // 9] += 3
                meld_suits.add(t // 9)
            else:
                honours += 3
                meld_suits.add(3)
        self.suit_tiles = suit_tiles
        self.honours = honours
        self.main = max(range(3), key=lambda s: (suit_tiles[s], -s))
        self.meld_suits = meld_suits
        self.chi_melds = chi_melds
        self.pung_melds = pung_melds
        self.pairs = sum(1 for k in range(N_KINDS) if counts[k] == 2)
        self.triplets = sum(1 for k in range(N_KINDS) if counts[k] >= 3)
        d = sk.draws_left
        #: how many unwanted tiles the hand can still throw away (one per draw)
        self.changes = max(0.0, d)
        wild_draws = sk.unseen_wilds * d / sk.pool if sk.pool else 0.0
        self.expected_wilds = sk.wilds + wild_draws
        if rules.wilds.wild_flower_is_flower:
            wild_flowers: frozenset[int] = frozenset()
        else:
            wild_flowers = sk.wild_kinds
        sit = Situation(seat=sk.seat, round_wind=sk.round_wind, concealed=(), win_tile=0, win_by="self_draw",
                        flowers=sk.flowers)
        self.flowers: FlowerCounts = flower_counts(sit, rules, wild_flowers)


def _away(off: float, changes: float, wilds: float) -> float:
    """The chance of throwing ``off`` unwanted tiles away in time, the wilds standing in
    for missing tiles of the suit: 1 with nothing to change, falling fast."""
    need = max(0.0, off - 0.5 * wilds)
    if need <= 0:
        return 0.9
    if need > changes:
        return 0.0
    return 0.9 * math.exp(-0.45 * need) * (1.0 - need / (changes + 1.0))


def _pungs(args: tuple[str, ...], h: _Hand) -> float:
    cls, exposure, size = parse_pungs_args(args)
    sk = h.sk
    total = 0.0
    for kind, tiles in sk.melds:
        if kind == "chi":
            continue
        exposed = kind != "ankan"
        is_kong = kind in ("kan", "ankan", "kakan")
        if exposure is not None and exposure != exposed:
            continue
        if size is not None and (size == "kong") != is_kong:
            continue
        if cls is None or tile_in_class(tiles[0], cls, h.seat_kind, h.round_kind):
            total += 1.0
    spare_wilds = h.expected_wilds
    for k in range(N_KINDS):
        c = sk.counts[k]
        if c < 2 or (cls is not None and not tile_in_class(k, cls, h.seat_kind, h.round_kind)):
            continue
        if c >= 3:
            p, p_exposed = (0.1 if size == "kong" else 0.9), 0.0
        else:
            p = 0.3 * min(1.0, sk.unseen[k] / 2.0)
            if spare_wilds >= 1:  # a wild makes the pair a pung at the win
                p = max(p, 0.6)
                spare_wilds -= 1
            p_exposed = 0.5
            if size == "kong":
                p *= 0.1
        if exposure is True:
            p *= p_exposed
        elif exposure is False:
            p *= 1.0 - p_exposed
        total += p
    return total


def _pairs(args: tuple[str, ...], h: _Hand) -> float:
    if not args:
        return 1.0
    sk = h.sk
    inside = sum(1 for k in range(N_KINDS) if sk.counts[k] >= 2 and tile_in_class(k, args[0], h.seat_kind, h.round_kind))
    return min(1.0, inside / max(1, h.pairs)) if h.pairs else 0.1


def _flush(h: _Hand, honours_allowed: bool) -> float:
    suits = h.meld_suits - {3}
    if len(suits) > 1 or (suits and h.main not in suits):
        return 0.0
    if not honours_allowed and 3 in h.meld_suits:
        return 0.0
    off = sum(h.suit_tiles) - h.suit_tiles[h.main] + (0 if honours_allowed else h.honours)
    return _away(off, h.changes, h.expected_wilds)


def _half_flush(h: _Hand) -> float:
    p = _flush(h, True)
    if h.honours == 0:  # 混一色 needs an honour set
        p *= 0.25
    return p * (1.0 - 0.5 * _flush(h, False))


def _all_honours(h: _Hand) -> float:
    if h.meld_suits - {3}:
        return 0.0
    return _away(sum(h.suit_tiles), h.changes, h.expected_wilds) * 0.5


def _all_pungs(h: _Hand) -> float:
    if h.chi_melds:
        return 0.0
    units = h.pung_melds + h.triplets + h.pairs
    missing = max(0.0, 5 - units - 0.7 * h.expected_wilds)
    return _away(2 * missing, h.changes, 0.0) * (0.8 if h.pairs <= 2 + h.triplets else 0.6)


def _simples(h: _Hand) -> float:
    sk = h.sk
    off = sum(sk.counts[k] for k in range(N_KINDS) if tile_in_class(k, "terminal_or_honor", -1, -1))
    for _kind, tiles in sk.melds:
        if tile_in_class(tiles[0], "terminal_or_honor", -1, -1) or (tiles[0] < 27 and tile_in_class(tiles[-1], "terminal", -1, -1)):
            return 0.0
    return _away(off, h.changes, h.expected_wilds) * 0.7


_WAIT_PRIOR = {"two_sided": 0.45, "closed": 0.15, "edge": 0.1, "single": 0.15, "pair_pair": 0.15}
_WIN_PRIOR = {"discard": 0.55, "self_draw": 0.38, "rob_kong": 0.01, "kong_replacement": 0.04, "flower_replacement": 0.02}


def _flowers(args: tuple[str, ...], h: _Hand) -> float:
    which, outside = "any", False
    for a in args:
        if a == "outside_sets":
            outside = True
        else:
            which = a
    fc = h.flowers
    seat, other = (fc.seat_outside, fc.other_outside) if outside else (fc.seat, fc.other)
    return float(seat if which == "seat" else other if which == "other" else seat + other)


#: An estimate per feature name: its expected value (a chance, for the yes/no features).
_FEATURES: dict[str, Callable[[tuple[str, ...], _Hand], float]] = {
    "pungs": _pungs,
    "pairs": _pairs,
    "chows": lambda a, h: h.chi_melds + max(0.0, 4 - len(h.sk.melds) - h.triplets - 0.5 * h.pairs) * 0.6,
    "flush": lambda a, h: _flush(h, False),
    "half_flush": lambda a, h: _half_flush(h),
    "all_honors": lambda a, h: _all_honours(h),
    "all_pungs": lambda a, h: _all_pungs(h),
    "all_chows": lambda a, h: 0.0 if h.pung_melds else 0.3,
    "shape": lambda a, h: 1.0 if not a or a[0] == "standard" else (0.3 if h.pairs >= 5 and not h.sk.melds else 0.0),
    "all_simples": lambda a, h: _simples(h),
    "wait": lambda a, h: _WAIT_PRIOR.get(a[0], 0.0) if a else 1.0,
    "big_crane": lambda a, h: 1.0 if len(h.sk.melds) == 4 else (0.15 if len(h.sk.melds) == 3 else 0.0),
    "concealed_hand": lambda a, h: 0.0 if any(k != "ankan" for k, _ in h.sk.melds) else 0.7,
    "wilds_held": lambda a, h: h.expected_wilds,
    "wild_as_itself": lambda a, h: 0.0,
    "win_tile_wild": lambda a, h: h.sk.unseen_wilds / (h.sk.unseen_wilds + 8.0) if h.sk.unseen_wilds else 0.0,
    "wild_pair_win": lambda a, h: 0.02 * h.sk.wilds,
    "wild_single_wait": lambda a, h: 0.0,
    "discarded_wild": lambda a, h: float(h.sk.discarded_wild),
    "flowers": _flowers,
    "flower_sets": lambda a, h: float(h.flowers.sets),
    "win": lambda a, h: _WIN_PRIOR.get(a[0], 0.0) if a else 1.0,
    "self_draw": lambda a, h: 0.44,
    "after_discard_kong": lambda a, h: 0.0,
    "after_kong": lambda a, h: 0.0,  # a kong just before the win: not foreseen
    "last_tile": lambda a, h: 0.02,
    "first_turn": lambda a, h: 0.0,
    "dealer": lambda a, h: float(h.sk.seat == "E"),
    "melds_exposed": lambda a, h: float(sum(1 for k, _ in h.sk.melds if k != "ankan")),
}

#: Features whose value is known now, exactly (a comparison of them is true or false).
_EXACT = frozenset({"discarded_wild", "flowers", "flower_sets", "dealer", "first_turn", "after_discard_kong"})


def _mean(f: Feature, h: _Hand) -> float:
    estimate = _FEATURES.get(f.name)
    return 0.0 if estimate is None else estimate(f.args, h)


def _chance_at_least(mean: float, v: int) -> float:
    """P(X >= v) for a count of mean ``mean`` (Poisson)."""
    if v <= 0:
        return 1.0
    term = math.exp(-mean)
    below = 0.0
    for i in range(v):
        below += term
        term *= mean / (i + 1)
    return max(0.0, min(1.0, 1.0 - below))


def _chance(expr: Expr, h: _Hand) -> float:
    """The chance that the condition ``expr`` holds in the won hand."""
    if isinstance(expr, Feature):
        m = _mean(expr, h)
        if expr.name in _EXACT:
            return 1.0 if m > 0 else 0.0
        return min(1.0, m) if m <= 1.0 else _chance_at_least(m, 1)
    if isinstance(expr, Compare):
        m = _mean(expr.feature, h)
        v, op = expr.value, expr.op
        if expr.feature.name in _EXACT or expr.feature.name == "wilds_held" and h.sk.unseen_wilds == 0:
            return 1.0 if _compare(m, op, v) else 0.0
        ge = {">=": v, ">": v + 1}.get(op)
        if ge is not None:
            return _chance_at_least(m, ge)
        le = {"<=": v, "<": v - 1}.get(op)
        if le is not None:
            return 1.0 - _chance_at_least(m, le + 1)
        at = _chance_at_least(m, v) - _chance_at_least(m, v + 1)
        return at if op == "==" else 1.0 - at
    if isinstance(expr, Not):
        return 1.0 - _chance(expr.operand, h)
    if isinstance(expr, AllOf):
        p = 1.0
        for o in expr.operands:
            p *= _chance(o, h)
        return p
    if isinstance(expr, AnyOf):
        q = 1.0
        for o in expr.operands:
            q *= 1.0 - _chance(o, h)
        return 1.0 - q
    return 0.0


def _compare(m: float, op: str, v: int) -> bool:
    return {">=": m >= v, ">": m > v, "<=": m <= v, "<": m < v, "==": m == v, "!=": m != v}[op]


class Outlook:
    """The items of a rule set, read once, and the estimate of a sketch."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.items = tuple(it for it in rules.items if it.value is not None)
        self.scoring = rules.scoring
        index = {it.name: i for i, it in enumerate(self.items)}
        #: (item, the items it excludes) by position
        self._excludes = [(i, [index[n] for n in it.excludes if n in index]) for i, it in enumerate(self.items) if it.excludes]
        self._sizes = [abs(float(it.value or 0)) for it in self.items]
        # ties are broken by what an item says, not by its name or place in the file
        self._conditions = [f"{it.unit} {it.when} {it.each}" for it in self.items]
        self._memo: dict[tuple[float, ...], float] = {}

    def prospect(self, sk: Sketch) -> Prospect:
        """Expected units, the chance of the minimum, and expected points of ``sk`` won."""
        h = _Hand(sk, self.rules)
        items = self.items
        chances = [1.0 if it.when is None else _chance(it.when, h) for it in items]
        counts = [1.0 if it.each is None else _mean(it.each, h) for it in items]
        for i, excluded in self._excludes:  # an item that holds suppresses those it excludes
            for j in excluded:
                chances[j] *= 1.0 - chances[i]
        # The largest uncertain items are taken in or out together (the points are far
        # from linear in them: 番 double, a minimum cuts); the rest count by expectation.
        uncertain = sorted((i for i in range(len(items)) if 0.02 < chances[i] < 0.98 and counts[i] > 0),
                           key=lambda i: (-self._sizes[i] * counts[i], self._conditions[i]))[:_ENUMERATED]
        base = _Units()
        mean = _Units()
        for i, it in enumerate(items):
            amount = chances[i] * counts[i]
            mean.add(it, amount, chances[i])
            if i not in uncertain:
                base.add(it, amount, chances[i])
        p_min = points = 0.0
        for mask in range(1 << len(uncertain)):
            p = 1.0
            units = base.copy()
            for bit, i in enumerate(uncertain):
                if mask >> bit & 1:
                    p *= chances[i]
                    units.add(items[i], counts[i], 1.0)
                else:
                    p *= 1.0 - chances[i]
            if p <= 1e-4:
                continue
            reach = self._reach(units)
            p_min += p * reach
            points += p * reach * self._points(units)
        return Prospect(mean.tai_min, mean.tai, mean.fu, mean.fan, mean.mult, p_min,
                        max(1.0, points / p_min) if p_min > 1e-9 else self._points(mean))

    def _points(self, u: _Units) -> float:
        """The points S of totals ``u``, from the scorer's own totals (interpolated between
        whole units; kept by units rounded to a tenth)."""
        key = (round(u.tai, 1), round(u.fu), round(u.fan, 1), round(u.mult, 1))
        got = self._memo.get(key)
        if got is None:
            if len(self._memo) > 20000:
                self._memo.clear()
            # worked out at the rounded units themselves, so that the answer does not
            # depend on which units first filled the entry
            rounded = _Units()
            rounded.tai, rounded.fu, rounded.fan, rounded.mult = key
            got = self._memo[key] = self._points_of(rounded)
        return got

    def _points_of(self, u: _Units) -> float:
        sc = self.scoring
        if isinstance(sc, TaiScoring):
            return _between(u.tai, lambda t: tai_from_entries(sc, [(0, _TAI, 1, t), (0, _X, 1, max(1, round(u.mult)))]).points)
        assert isinstance(sc, FuFanScoring)
        fu = int(round(u.fu))
        return _between(u.fan, lambda n: fu_fan_from_entries(sc, [(0, _FU, 1, fu), (0, _FAN, 1, n)]).points)

    def _reach(self, u: _Units) -> float:
        """The chance that totals about ``u`` meet the minimum (NB-13.1, NB-13.6)."""
        sc = self.scoring
        if not isinstance(sc, TaiScoring):
            return 1.0
        reached = u.tai_min * (u.mult if sc.minimum_of == "value" else 1.0)
        p = _normal_at_least(reached, sc.minimum)
        for t, m in sc.minimum_alternatives:
            if u.mult >= m:
                p = max(p, _normal_at_least(u.tai_min, t))
        return p


#: The uncertain items taken in or out together (2 ** this many cases per estimate).
_ENUMERATED = 3
#: Stand-in items for the scorer's totals: so many 台, 胡, 番, or a multiplier.
_TAI = ScoringItem("estimate", "", "", 0, "tai")
_FU = ScoringItem("estimate", "", "", 0, "fu")
_FAN = ScoringItem("estimate", "", "", 0, "fan")
_X = ScoringItem("estimate", "", "", 1, "x")


class _Units:
    """Running totals of items: 台 toward the minimum and in all, 胡, 番, the multiplier."""

    __slots__ = ("tai_min", "tai", "fu", "fan", "mult")

    def __init__(self) -> None:
        self.tai_min = self.tai = self.fu = self.fan = 0.0
        self.mult = 1.0

    def copy(self) -> "_Units":
        other = _Units()
        other.tai_min, other.tai, other.fu, other.fan, other.mult = self.tai_min, self.tai, self.fu, self.fan, self.mult
        return other

    def add(self, it: ScoringItem, amount: float, chance: float) -> None:
        """Add ``amount`` (count times chance) of item ``it``; a multiplier by its chance."""
        value = float(it.value or 0)
        if it.unit == "tai":
            self.tai += amount * value
            if it.counts_for_minimum:
                self.tai_min += amount * value
        elif it.unit == "fu":
            self.fu += amount * value
        elif it.unit == "fan":
            self.fan += amount * value
        else:
            self.mult *= 1.0 + chance * (value - 1.0)


def _between(x: float, at: Callable[[int], int]) -> float:
    """``at`` (a function of whole numbers) at ``x``, linear between the nearest two."""
    lo = math.floor(max(0.0, x))
    frac = max(0.0, x) - lo
    low = float(at(lo))
    return low if frac < 1e-9 else low + frac * (at(lo + 1) - low)


def points_at(outlook: Outlook, tai: int) -> float:
    """The points of a win worth ``tai`` 台 under the outlook's (tai) scoring, from the
    scorer's own totals."""
    scoring = outlook.scoring
    assert isinstance(scoring, TaiScoring)
    return float(tai_from_entries(scoring, [(0, _TAI, 1, tai)]).points)


def _normal_at_least(mean: float, minimum: float) -> float:
    """The chance that a total of mean ``mean`` (spread about 1.3) reaches ``minimum``."""
    if minimum <= 0:
        return 1.0
    z = (mean - minimum + 0.5) / 1.3
    return 0.5 * math.erfc(-z / math.sqrt(2.0))
