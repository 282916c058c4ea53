"""A cheap upper bound on what a win can be worth, to skip the full scoring of wins that
cannot reach the minimum.

Most complete hands a bot meets are worth too little to win (below NB-13.1's minimum): the
full :func:`~nbmj.scoring.score` reads every split of the hand only to say so.
:func:`may_be_valid` answers from facts that need no split: the items that do not depend
on the reading are evaluated exactly (as the scorer's ``ItemPlan.hand_part`` does), and
each item that does is given the most it could score over *any* reading, from an interval
of every feature it reads (the melded sets, the concealed tile counts, the wilds). The
bounds add up, the multipliers multiply, and the win may be valid only if that total
reaches the minimum.

It is sound, never exact: ``may_be_valid`` is false only when the full scorer would refuse
the win (``tests/test_scoring_bound.py`` checks it against the scorer over random winning
hands of every shipped variant). Whatever it cannot bound (a feature with no interval, a
shape besides the standard one, a negative multiplier) makes it answer true.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Callable, Optional

from .._backend import compiled_module
from ..rules.model import AllOf, AnyOf, Compare, Expr, Feature, FuFanScoring, Not, RuleSet, ScoringItem, TaiScoring
from ..tiles import N_KINDS
from .facts import SELF_DRAWN, FlowerCounts, HandFacts, SetGroup, facts, flower_counts, melded_group, tile_in_class, wind_kind
from .features import READING_FEATURES, features_in, flowers_asked, implementation, parse_pungs_args, wild_single_wait_of
from .items import Entry, ItemPlan, plan_for
from .readings import TILE_CLASSES
from .situation import Situation

__all__ = ["may_be_valid", "value_bound", "ValueBound"]

_INF = math.inf

#: An interval ``(low, high)`` that holds every value a feature or condition can take.
Interval = tuple[float, float]


#: Per kind: its suit bit (1, 2, 4; 8 for the honours), and whether it is a terminal or an honour.
_SUIT_BIT = tuple(1 << (k // 9) if k < 27 else 8 for k in range(N_KINDS))
_NOT_SIMPLE = tuple(k >= 27 or k % 9 in (0, 8) for k in range(N_KINDS))
#: The kinds of each fixed tile class (the seat's and the round's winds are one kind each).
_CLASS_KINDS = {cls: tuple(k for k in range(N_KINDS) if tile_in_class(k, cls, -1, -1))
                for cls in TILE_CLASSES if cls not in ("seat_wind", "round_wind")}


class _Span:
    """What the reading-level bounds read of a hand, worked out once per hand: the suits
    of the tiles that are not wild (a reading's suits include them, as wilds take any
    kind), whether they are all simples, how many are concealed, the melded chows.

    Made from a hand's facts (:func:`_span_of`), or from a table's counts without them
    (:func:`may_reach_minimum`): then ``hf`` is None and the hand-level features are read
    from the ``light`` fields instead (:data:`_LIGHT_FEATURES`)."""

    __slots__ = ("hf", "shape", "wilds", "melded", "seat_kind", "round_kind", "n_melds", "wild_as_itself",
                 "win_is_wild", "suits", "simple_only", "tiles", "melded_chows", "light")

    def __init__(self, hf: HandFacts | None, shape: Sequence[int], wilds: int, melded: tuple[SetGroup, ...],
                 seat_kind: int, round_kind: int, n_melds: int, wild_as_itself: int, win_is_wild: bool,
                 light: _LightFacts | None = None) -> None:
        self.hf = hf
        self.shape = shape
        self.wilds = wilds
        self.melded = melded
        self.seat_kind = seat_kind
        self.round_kind = round_kind
        self.n_melds = n_melds
        self.wild_as_itself = wild_as_itself
        self.win_is_wild = win_is_wild
        self.light = light
        # by slices of the counts (C loops), not kind by kind
        suits = (any(shape[0:9]) and 1) | (any(shape[9:18]) and 2) | (any(shape[18:27]) and 4) | (any(shape[27:34]) and 8)
        not_simple = bool(suits & 8 or shape[0] or shape[8] or shape[9] or shape[17] or shape[18] or shape[26])
        tiles = sum(shape)
        chows = 0
        for g in melded:
            for k in g.kinds():
                suits |= _SUIT_BIT[k]
                not_simple = not_simple or _NOT_SIMPLE[k]
            chows += g.size == "chow"
        self.suits = suits
        self.simple_only = not not_simple
        self.tiles = tiles
        self.melded_chows = chows

    def class_tiles(self, cls: str) -> int:
        """The concealed tiles (wilds apart) of a tile class."""
        if cls == "seat_wind":
            return self.shape[self.seat_kind]
        if cls == "round_wind":
            return self.shape[self.round_kind]
        shape = self.shape
        return sum([shape[k] for k in _CLASS_KINDS[cls]])


def _span_of(hf: HandFacts) -> _Span:
    return _Span(hf, hf.shape, hf.wilds, hf.melded, hf.seat_kind, hf.round_kind, len(hf.situation.melds),
                 sum(hf.wild_physical.values()), hf.win_is_wild)


class _LightFacts:
    """The hand-level facts of a win as a table knows them (:func:`may_reach_minimum`)."""

    __slots__ = ("concealed_hand", "discarded_wild", "flowers", "win_by", "last_tile", "first_turn", "dealer",
                 "last_meld_kind", "before_wilds", "single_wait")

    def __init__(self, concealed_hand: bool, discarded_wild: bool, flowers: FlowerCounts, win_by: str, last_tile: bool,
                 first_turn: bool, dealer: bool, last_meld_kind: str | None, before_wilds: int) -> None:
        self.concealed_hand = concealed_hand
        self.discarded_wild = discarded_wild
        self.flowers = flowers
        self.win_by = win_by
        self.last_tile = last_tile
        self.first_turn = first_turn
        self.dealer = dealer
        self.last_meld_kind = last_meld_kind
        self.before_wilds = before_wilds
        #: 财神单吊 (``features.wild_single_wait``) where it was worked out from the waiting
        #: hand's counts (for the win restrictions only: the hand-level part of the bound is
        #: kept by facts that do not hold the counts), None where it was not
        self.single_wait: bool | None = None


def _light_flowers(args: tuple[str, ...], span: _Span, lf: _LightFacts) -> int | None:
    return flowers_asked(args, lf.flowers)  # None for a bad argument: the scorer says what is wrong


#: The value of each hand-level feature (``nbmj.scoring.features``) from a table's counts,
#: None where it is not known without the hand's facts (the bound then takes every value).
#: A feature missing here has no bound from counts.
_LIGHT_FEATURES: dict[str, Callable[[tuple[str, ...], _Span, _LightFacts], int | None]] = {
    "win_tile_wild": lambda args, span, lf: int(span.win_is_wild),
    "concealed_hand": lambda args, span, lf: int(lf.concealed_hand),
    "wilds_held": lambda args, span, lf: span.wilds,
    # no wild before the win: no 财神单吊 (as facts() decides it); otherwise known only
    # where it was worked out from the counts
    "wild_single_wait": lambda args, span, lf: 0 if lf.before_wilds == 0 else (
        None if lf.single_wait is None else int(lf.single_wait)),
    "discarded_wild": lambda args, span, lf: int(lf.discarded_wild),
    "flowers": _light_flowers,
    "flower_sets": lambda args, span, lf: lf.flowers.sets,
    "win": lambda args, span, lf: 1 if not args else int(lf.win_by == args[0]),
    "self_draw": lambda args, span, lf: int(lf.win_by in SELF_DRAWN),
    "after_discard_kong": lambda args, span, lf: int(lf.win_by == "kong_replacement" and lf.last_meld_kind == "kan"),
    "last_tile": lambda args, span, lf: int(lf.last_tile),
    "first_turn": lambda args, span, lf: int(lf.first_turn),
    "dealer": lambda args, span, lf: int(lf.dealer),
    "melds_exposed": lambda args, span, lf: span.n_melds,
}


def _pungs_bound(args: tuple[str, ...]) -> Callable[[_Span], Interval]:
    # The melded sets are in every reading; the concealed pungs are made of the concealed
    # tiles of the class and the wilds, three each.
    cls, exp, size = parse_pungs_args(args)

    def bound(span: _Span) -> Interval:
        melded = 0
        for g in span.melded:
            if g.size == "chow" or (size is not None and g.size != size) or (exp is not None and exp != g.exposed):
                continue
            if cls is not None and not tile_in_class(g.first, cls, span.seat_kind, span.round_kind):
                continue
            melded += 1
        tiles = span.tiles if cls is None else span.class_tiles(cls)
        return melded, melded + (tiles + span.wilds) // 3
    return bound


def _pairs_bound(args: tuple[str, ...], span: _Span) -> Interval:
    if not args:
        return 1, 1
    return 0, 1 if span.wilds or span.class_tiles(args[0]) else 0


def _chows_bound(args: tuple[str, ...], span: _Span) -> Interval:
    return span.melded_chows, span.melded_chows + (span.tiles + span.wilds) // 3


def _all_pungs_bound(args: tuple[str, ...], span: _Span) -> Interval:
    if span.melded_chows:
        return 0, 0
    # Without chows each kind's tiles make pungs of that kind, one kind maybe the pair: the
    # wilds fill each kind up to a multiple of three, or the pair's kind to two more than
    # one (one wild less, where its count is not a multiple of three); an all-wild pair
    # takes two.
    fill = 0
    pair_saves = False
    for c in span.shape:
        if c:
            fill += -c % 3
            pair_saves = pair_saves or c % 3 != 0
    need = fill - 1 if pair_saves else fill + 2
    return 0, 1 if span.wilds >= need else 0


def _flag(possible: bool) -> Interval:
    return 0, 1 if possible else 0


#: An interval for each reading-level feature over every reading of a hand (``pungs``,
#: whose arguments are read once, is :func:`_pungs_bound`). A feature missing here has no
#: bound: an item that reads it makes the hand's bound infinite.
_READING_BOUNDS: dict[str, Callable[[tuple[str, ...], _Span], Interval]] = {
    "pairs": _pairs_bound,
    "chows": _chows_bound,
    "flush": lambda args, span: _flag(span.suits in (0, 1, 2, 4)),
    "half_flush": lambda args, span: _flag(span.suits & 7 in (0, 1, 2, 4)),
    "all_honors": lambda args, span: _flag(span.suits & 7 == 0),
    "all_pungs": _all_pungs_bound,
    "all_chows": lambda args, span: _flag(not any(g.size != "chow" for g in span.melded)),
    "wait": lambda args, span: (0, 1) if args else (1, 1),
    "big_crane": lambda args, span: _flag(span.n_melds == 4),
    "wild_as_itself": lambda args, span: (0, span.wild_as_itself),
    "all_simples": lambda args, span: _flag(span.simple_only),
    "wild_pair_win": lambda args, span: _flag(span.win_is_wild),
    # bounds are worked out only where the standard shape is the only one (value_bound)
    "shape": lambda args, span: (1, 1) if not args or args[0] == "standard" else (0, 0),
}

#: Whether each comparison can hold, and can fail, for a value in ``[lo, hi]`` against ``v``.
_COMPARE: dict[str, Callable[[float, float, int], tuple[bool, bool]]] = {
    ">=": lambda lo, hi, v: (hi >= v, lo < v),
    ">": lambda lo, hi, v: (hi > v, lo <= v),
    "<=": lambda lo, hi, v: (lo <= v, hi > v),
    "<": lambda lo, hi, v: (lo < v, hi >= v),
    "==": lambda lo, hi, v: (lo <= v <= hi, not lo == hi == v),
    "!=": lambda lo, hi, v: (not lo == hi == v, lo <= v <= hi),
}

#: A compiled interval: every value an expression takes over the readings of a hand.
_Bound = Callable[[_Span], Interval]


def _truth(iv: Interval) -> Interval:
    """A value's interval as a condition's: 1 for may hold, 0 for may fail."""
    lo, hi = iv
    can_hold = not lo == hi == 0
    can_fail = lo <= 0 <= hi
    return (0 if can_fail else 1), (1 if can_hold else 0)


def _unbounded(span: _Span) -> Interval:
    return -_INF, _INF


def _compile(expr: Expr, light: bool = False, any_tile: bool = False) -> _Bound:
    """``expr`` (a feature or a condition) as a function from a hand to its interval;
    ``light``: from a table's counts (:func:`may_reach_minimum`), without the hand's facts;
    ``any_tile``: over a waiting hand and any winning tile (the hand-level features, which
    the winning tile changes, take every value)."""
    if isinstance(expr, Feature):
        args = expr.args
        if expr.name not in READING_FEATURES:
            if any_tile:
                return _unbounded
            if light:
                value_of = _LIGHT_FEATURES.get(expr.name)
                if value_of is None:
                    return _unbounded

                def from_counts(span: _Span) -> Interval:
                    assert span.light is not None
                    v = value_of(args, span, span.light)
                    return (-_INF, _INF) if v is None else (v, v)
                return from_counts
            impl = implementation(expr).impl

            def exact(span: _Span) -> Interval:
                v = impl(args, span.hf, None)  # type: ignore[arg-type]  # hand level: no reading
                return v, v
            return exact
        if expr.name == "pungs":
            return _pungs_bound(args)
        bound = _READING_BOUNDS.get(expr.name)
        if bound is None:
            return _unbounded
        return lambda span: bound(args, span)
    if isinstance(expr, Compare):
        inner = _compile(expr.feature, light, any_tile)
        test = _COMPARE[expr.op]
        value = expr.value

        def compare(span: _Span) -> Interval:
            lo, hi = inner(span)
            can_hold, can_fail = test(lo, hi, value)
            return (0 if can_fail else 1), (1 if can_hold else 0)
        return compare
    if isinstance(expr, Not):
        operand = _compile(expr.operand, light, any_tile)

        def negate(span: _Span) -> Interval:
            lo, hi = _truth(operand(span))
            return 1 - hi, 1 - lo
        return negate
    if isinstance(expr, (AllOf, AnyOf)):
        parts = tuple(_compile(o, light, any_tile) for o in expr.operands)
        pick = min if isinstance(expr, AllOf) else max
        if len(parts) == 2:  # the common case, without a list and two generators
            first, second = parts
            both = isinstance(expr, AllOf)

            def combine_two(span: _Span) -> Interval:
                lo1, hi1 = _truth(first(span))
                lo2, hi2 = _truth(second(span))
                if both:
                    return (lo1 if lo1 < lo2 else lo2), (hi1 if hi1 < hi2 else hi2)
                return (lo1 if lo1 > lo2 else lo2), (hi1 if hi1 > hi2 else hi2)
            return combine_two

        def combine(span: _Span) -> Interval:
            truths = [_truth(p(span)) for p in parts]
            return pick(t[0] for t in truths), pick(t[1] for t in truths)
        return combine
    raise TypeError(f"not a condition: {expr!r}")


class ValueBound:
    """Upper bounds over every reading of one win: ``tai``, the 台 that count toward the
    minimum, and ``multiplier``, the product of the multiplier items (``inf`` where no
    bound is known)."""

    __slots__ = ("tai", "multiplier")

    def __init__(self, tai: float, multiplier: float) -> None:
        self.tai = tai
        self.multiplier = multiplier

    def reaches(self, scoring: TaiScoring) -> bool:
        """Whether a reading within these bounds could meet the minimum (as
        the scorer's ``meets_minimum`` asks it). The multipliers are at
        least 0, so a bound of ``tai`` below 0 gives a value of at most 0."""
        return _reaches(scoring, self.tai, self.multiplier)


_UNBOUNDED = ValueBound(_INF, _INF)


class _BoundPlan:
    """A rule set's reading-level items compiled for the bound: ``(is a multiplier, value,
    when, each)`` for the items in 台 toward the minimum and the multipliers; the most
    the wait items can add (the wait is one per reading, the same for every hand); and
    whether a negative multiplier makes every bound infinite."""

    def __init__(self, plan: ItemPlan, rules: RuleSet) -> None:
        self.unbounded = any(s != "standard" for s in rules.shapes) or any(
            it.unit == "x" and it.value is not None and it.value < 0 for it in rules.items)
        #: the hand-level items that can raise a bound, compiled as the scorer compiles them
        self.hand_items = [c for c in plan.hand_level if _raises(c[1])]
        self.items = _bound_items(plan.reading_level, light=False)
        #: every item that can raise a bound, hand-level ones too, compiled from a table's
        #: counts (:func:`may_reach_minimum`)
        hand_sources, reading_sources = _item_sources(plan.hand_level), _item_sources(plan.reading_level)
        self.light_hand_items = _bound_items(plan.hand_level, light=True)
        self.light_items = _bound_items(plan.reading_level, light=True)
        #: the win restrictions (C27) whose condition is the hand's, whatever the reading:
        #: (the ways of winning they forbid, the condition), the condition compiled from
        #: counts; one that surely holds makes the scorer refuse every reading
        forbid_sources = [(wr.forbid, wr.when) for wr, _fn, per_reading in plan.restrictions if not per_reading]
        self.light_forbids = [(forbid, _compile(when, light=True)) for forbid, when in forbid_sources]
        #: the hand-level part of the bound from counts, (台, multiplier), by the facts it reads
        self.light_hand_parts: dict[tuple[Any, ...], tuple[float, float]] = {}
        #: the same by the flowers' counts in place of the flowers and the wild kinds
        self.light_hand_counted: dict[tuple[Any, ...], tuple[float, float]] = {}
        #: whether a reading-level item reads a hand-level feature: only then does the
        #: bound from counts need the light facts for them
        self.light_items_read_hand = any(
            f.name not in READING_FEATURES
            for _order, item, _when, _each in plan.reading_level if _raises(item)
            for f in features_in((item.when, item.each)))
        #: whether a concealed kong may hold four wilds (NB-4.14; the facts count them held)
        self.wild_kong = rules.claims.wild_kong and not rules.claims.wilds_in_melds
        #: the scoring the bound from counts reads, None where it answers true to every win
        self.counts_scoring = (rules.scoring if isinstance(rules.scoring, TaiScoring) and not isinstance(
            rules.scoring, FuFanScoring) and not self.unbounded else None)
        #: the reading-level items over a waiting hand and any winning tile, and their
        #: bounds by waiting hand (see may_reach_minimum)
        self.any_tile_items = _bound_items(plan.reading_level, light=True, any_tile=True)
        self.any_tile_parts: dict[tuple[Any, ...], tuple[float, float]] = {}
        self.wait_tai = 0
        self.wait_multiplier = 1
        for entries in plan.by_wait.values():
            tai, mult = 0, 1
            for _order, item, _n, value in entries:
                if item.unit == "tai" and item.counts_for_minimum and value > 0:
                    tai += value
                elif item.unit == "x" and value > 1:
                    mult *= value
            self.wait_tai = max(self.wait_tai, tai)
            self.wait_multiplier = max(self.wait_multiplier, mult)
        #: the bound from counts as op codes (nbmj.scoring._bound), None where that module is
        #: not live or cannot express an item (then the closures above answer)
        self.compiled: object | None = None
        if _compiled is not None and self.counts_scoring is not None:
            self.compiled = _compiled.compile_plan(self, self.counts_scoring, hand_sources,
                                                   _item_sources(plan.reading_level), reading_sources, forbid_sources)


#: A compiled item of the bound: (is a multiplier, value, when, each).
_BoundItem = tuple[bool, int, Optional[_Bound], Optional[_Bound]]


def _item_sources(compiled: list[Any]) -> list[tuple[bool, int, Expr | None, Expr | None]]:
    """The items of ``compiled`` (the scorer's ``(order, item, when, each)``) that can raise
    a bound: (is a multiplier, value, when, each), the expressions as the rules give them."""
    out: list[tuple[bool, int, Expr | None, Expr | None]] = []
    for _order, item, _when, _each in compiled:
        value = item.value
        assert value is not None  # switched-off items are never compiled
        if _raises(item):
            out.append((item.unit == "x", value, item.when, item.each))
    return out


def _bound_items(compiled: list[Any], light: bool, any_tile: bool = False) -> list[_BoundItem]:
    """The items of ``compiled`` (the scorer's ``(order, item, when, each)``) that can raise
    a bound, compiled for it."""
    return [(is_multiplier, value, None if when is None else _compile(when, light, any_tile),
             None if each is None else _compile(each, light, any_tile))
            for is_multiplier, value, when, each in _item_sources(compiled)]


def _raises(item: ScoringItem) -> bool:
    """Whether an item can raise a bound: 台 above 0 toward the minimum, a multiplier above 1."""
    value = item.value
    assert value is not None  # switched-off items are never compiled
    return (item.unit == "tai" and item.counts_for_minimum and value > 0) or (item.unit == "x" and value > 1)


_BOUND_PLANS: dict[int, tuple[RuleSet, _BoundPlan]] = {}


_compiled: ModuleType | None = None


def _bound_plan(rules: RuleSet) -> _BoundPlan:
    entry = _BOUND_PLANS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_BOUND_PLANS) > 64:
            _BOUND_PLANS.clear()
        entry = _BOUND_PLANS[id(rules)] = (rules, _BoundPlan(plan_for(rules), rules))
    return entry[1]


def value_bound(hf: HandFacts, rules: RuleSet) -> ValueBound:
    """Upper bounds on the 台 toward the minimum and on the multiplier of any reading of
    the hand ``hf``. Items are summed as if all applied at once (an exclusion or a group
    only takes items away); an item of negative value is counted as not applying, a
    multiplier below 1 as 1."""
    bp = _bound_plan(rules)
    if bp.unbounded:
        return _UNBOUNDED
    tai: float = bp.wait_tai
    mult: float = bp.wait_multiplier
    hand_part: list[Entry] = []
    ItemPlan._eval(bp.hand_items, hf, None, hand_part)
    for _order, item, _n, value in hand_part:
        if item.unit == "tai":
            if item.counts_for_minimum and value > 0:
                tai += value
        elif value > 1:  # a multiplier
            mult *= value
    if bp.items:
        tai, mult = _sum_bounds(bp.items, _span_of(hf), tai, mult)
    return ValueBound(tai, mult)


def may_be_valid(situation: Situation, rules: RuleSet) -> bool:
    """False only when :func:`~nbmj.scoring.score` would find the win invalid: a win the
    variant does not allow (on a discard, a robbed kong, a discarded wild), a hand no
    reading of which can reach the minimum, or one a win restriction forbids whatever the
    reading. True says nothing: score it.

    Raises :class:`~nbmj.errors.SituationError` for tiles no hand can hold, as ``score`` does.
    """
    return valid_with_facts(situation, rules)[0]


def valid_with_facts(situation: Situation, rules: RuleSet) -> tuple[bool, HandFacts | None]:
    """:func:`may_be_valid`, and the hand's facts where it worked them out (None where it did
    not), for the scorer to reuse."""
    scoring = rules.scoring
    claims = rules.claims
    win_by = situation.win_by
    if win_by == "discard" and not claims.win_on_discard:
        return False, None
    if win_by == "rob_kong" and not claims.rob_kong:
        return False, None
    if isinstance(scoring, FuFanScoring) or not isinstance(scoring, TaiScoring):
        if rules.wilds.enabled and situation.indicator is None:
            return True, None  # let the scorer say what is missing
        hf = facts(situation, rules)
        return not (win_by == "discard" and hf.win_is_wild and not claims.claim_discarded_wild), hf
    if rules.wilds.enabled and situation.indicator is None:
        return True, None
    hf = facts(situation, rules)
    if win_by == "discard" and hf.win_is_wild and not claims.claim_discarded_wild:
        return False, hf
    if not value_bound(hf, rules).reaches(scoring):
        return False, hf
    # a win restriction on the hand, whatever the reading, refuses every reading (the
    # scorer's _evaluate); what it works out (财神单吊) stays in the facts for the scorer
    for wr, condition, per_reading in plan_for(rules).restrictions:
        if not per_reading and win_by in wr.forbid and condition(hf, None):
            return False, hf
    return True, hf


#: (id of the rules, seat, flowers, wild kinds) -> (the rules, their counts), for
#: :func:`may_reach_minimum`: a seat's flowers change a few times a hand.
_FLOWER_COUNTS: dict[tuple[int, str, tuple[int, ...], frozenset[int]], tuple[RuleSet, FlowerCounts]] = {}


def _flowers_counted(rules: RuleSet, seat: str, flowers: tuple[int, ...], wild_kinds: frozenset[int]) -> FlowerCounts:
    key = (id(rules), seat, flowers, wild_kinds)
    entry = _FLOWER_COUNTS.get(key)
    if entry is None or entry[0] is not rules:
        if len(_FLOWER_COUNTS) >= 4096:
            _FLOWER_COUNTS.clear()
        # flower_counts reads the seat and the flowers of its situation, nothing else
        sit = Situation(seat=seat, round_wind=seat, concealed=(), win_tile=0, win_by="self_draw", flowers=flowers)
        entry = _FLOWER_COUNTS[key] = (rules, flower_counts(sit, rules, wild_kinds))
    return entry[1]


def may_reach_minimum(
    rules: RuleSet,
    *,
    shape: Sequence[int],
    wilds: int,
    wild_as_itself: int,
    win_is_wild: bool,
    melds: Sequence[tuple[str, tuple[int, ...]]],
    flowers: tuple[int, ...],
    wild_kinds: frozenset[int],
    seat: str,
    round_wind: str,
    win_by: str,
    last_tile: bool,
    first_turn: bool,
    discarded_wild: bool,
    win_tile: int | None = None,
) -> bool:
    """False only when no reading of the win can reach the minimum, or a win restriction
    on the hand forbids it whatever the reading: the value and restriction tests of
    :func:`may_be_valid`, from what a table knows of the hand without building its
    Situation. True says nothing (:func:`may_be_valid` and the scorer decide).

    ``shape``: the 34 counts of the concealed tiles that are not wild, the winning tile
    included; ``wilds``: the wild tiles among them, ``wild_as_itself`` those that are
    tiles of the 34 kinds; ``melds``: ``(kind, tiles)`` oldest first; ``wild_kinds`` the
    wild tile ids; the rest as in :class:`~nbmj.scoring.situation.Situation`. With
    ``win_tile`` (in ``shape`` or among the wilds), the bound of the waiting hand without
    it is kept and asked first.
    """
    return reach_from_counts(rules, shape, wilds, wild_as_itself, win_is_wild, tuple(melds), flowers, wild_kinds, seat,
                             round_wind, win_by, last_tile, first_turn, discarded_wild, win_tile)


def reach_from_counts(
    rules: RuleSet, shape: Sequence[int], wilds: int, wild_as_itself: int, win_is_wild: bool,
    melds: tuple[tuple[str, tuple[int, ...]], ...], flowers: tuple[int, ...], wild_kinds: frozenset[int], seat: str,
    round_wind: str, win_by: str, last_tile: bool, first_turn: bool, discarded_wild: bool, win_tile: int | None,
) -> bool:
    """:func:`may_reach_minimum` with its arguments in order and ``melds`` a tuple, for the
    engine, which asks it at most wins a hand meets: a call by position costs less."""
    entry = _BOUND_PLANS.get(id(rules))
    bp = entry[1] if entry is not None and entry[0] is rules else _bound_plan(rules)
    scoring = bp.counts_scoring
    if scoring is None:
        return True
    concealed_hand = True
    for kind, tiles in melds:
        if kind != "ankan":
            concealed_hand = False
        elif bp.wild_kong and tiles[0] in wild_kinds:
            # a kong of four wilds (NB-4.14): its wilds are held but not among the counts'
            # wilds, so the counts say too little; the Situation's bound counts them
            return True
    last_meld_kind = melds[-1][0] if melds else None

    def light_facts() -> _LightFacts:
        fc = _flowers_counted(rules, seat, flowers, wild_kinds) if flowers else _NO_FLOWER_COUNTS
        return _LightFacts(concealed_hand, discarded_wild, fc, win_by, last_tile, first_turn, seat == "E",
                           last_meld_kind, wilds - win_is_wild)

    melded: tuple[SetGroup, ...] | None = None  # the spans, and the melded sets, only when asked
    span: _Span | None = None
    # the hand-level items read only the light facts (the flowers counted from the seat,
    # the flowers and the wild kinds), the wilds, the winning tile's wildness and the
    # number of melds: a seat's few combinations of them are kept, and by the flowers'
    # counts (fewer combinations, met again hand after hand) behind them
    hand_key = (seat, flowers, wild_kinds, win_by, last_tile, first_turn, discarded_wild, concealed_hand, last_meld_kind,
                wilds, win_is_wild, len(melds))
    hand_part = bp.light_hand_parts.get(hand_key)
    if hand_part is None:
        if len(bp.light_hand_parts) >= 4096:
            bp.light_hand_parts.clear()
        lf = light_facts()
        counted_key = (seat, lf.flowers, win_by, last_tile, first_turn, discarded_wild, concealed_hand, last_meld_kind,
                       wilds, win_is_wild, len(melds))
        hand_part = bp.light_hand_counted.get(counted_key)
        if hand_part is None:
            if len(bp.light_hand_counted) >= 4096:
                bp.light_hand_counted.clear()
            melded = tuple([melded_group(kind, min(tiles)) for kind, tiles in melds])
            span = _Span(None, shape, wilds, melded, wind_kind(seat), wind_kind(round_wind), len(melds), wild_as_itself,
                         win_is_wild, lf)
            hand_part = bp.light_hand_counted[counted_key] = _sum_bounds(bp.light_hand_items, span, 0, 1)
        bp.light_hand_parts[hand_key] = hand_part
    tai, mult = bp.wait_tai + hand_part[0], bp.wait_multiplier * hand_part[1]
    # First the bound over the waiting hand and any winning tile, kept by waiting hand (a
    # ready hand meets many discards): the winning tile taken out and counted as one more
    # wild, which can be any kind, so every reading-level bound is at least the one with
    # the tile itself. Most wins fail it; the others take the bound with their own tile.
    if win_tile is not None:
        if win_is_wild:
            waiting = tuple(shape)
            wild_before, itself_before = wilds - 1, wild_as_itself - (win_tile < N_KINDS)
        else:
            held = list(shape)
            held[win_tile] -= 1
            waiting = tuple(held)
            wild_before, itself_before = wilds, wild_as_itself
        wait_key = (waiting, wild_before, itself_before, melds, seat, round_wind)
        loose = bp.any_tile_parts.get(wait_key)
        if loose is None:
            if len(bp.any_tile_parts) >= 4096:
                bp.any_tile_parts.clear()
            if melded is None:
                melded = tuple([melded_group(kind, min(tiles)) for kind, tiles in melds])
            any_span = _Span(None, waiting, wild_before + 1, melded, wind_kind(seat), wind_kind(round_wind), len(melds),
                             itself_before + 1, True)
            loose = bp.any_tile_parts[wait_key] = _sum_bounds(bp.any_tile_items, any_span, 0, 1)
        if not _reaches(scoring, tai + loose[0], mult * loose[1]):
            return False
    if span is None:
        if melded is None:
            melded = tuple([melded_group(kind, min(tiles)) for kind, tiles in melds])
        span = _Span(None, shape, wilds, melded, wind_kind(seat), wind_kind(round_wind), len(melds), wild_as_itself,
                     win_is_wild, light_facts() if bp.light_items_read_hand else None)
    tai, mult = _sum_bounds(bp.light_items, span, tai, mult)
    if not _reaches(scoring, tai, mult):
        return False
    # A win restriction on the hand, whatever the reading, that surely holds refuses every
    # reading (the scorer's _evaluate): asked last, of the few wins that reach the minimum
    for forbid, condition in bp.light_forbids:
        if win_by in forbid:
            lf = light_facts()
            if lf.before_wilds and win_tile is not None:
                lf.single_wait = wild_single_wait_of(list(waiting), lf.before_wilds)
            span.light = lf
            if _truth(condition(span))[0] == 1:
                return False
    return True


def _reaches(scoring: TaiScoring, tai: float, mult: float) -> bool:
    """Whether 台 and multiplier bounds ``tai`` and ``mult`` could meet the minimum
    (:meth:`ValueBound.reaches`, without the object)."""
    if scoring.minimum_of == "value":
        reached = tai * mult if tai > 0 else 0
    else:
        reached = tai
    if reached >= scoring.minimum:
        return True
    return any(tai >= t and mult >= m for t, m in scoring.minimum_alternatives)


def _sum_bounds(items: list[_BoundItem], span: _Span, tai: float, mult: float) -> tuple[float, float]:
    """``tai`` and ``mult`` raised by the most each of ``items`` can add over ``span``."""
    for is_multiplier, value, when, each in items:
        if when is not None and not _truth(when(span))[1]:
            continue
        n_high = 1.0 if each is None else each(span)[1]
        if n_high <= 0:
            continue
        if is_multiplier:
            mult *= value**n_high if n_high != _INF else _INF
        else:
            tai += value * n_high
    return tai, mult


_NO_FLOWER_COUNTS = FlowerCounts()

#: nbmj.scoring._bound, the bound from counts compiled (None: the closures answer)
_compiled = compiled_module("nbmj.scoring._bound")
