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
from typing import Callable

from ..rules.model import AllOf, AnyOf, Compare, Expr, Feature, FuFanScoring, Not, RuleSet, ScoringItem, TaiScoring
from ..tiles import N_KINDS
from .facts import HandFacts, facts, tile_in_class
from .features import READING_FEATURES, implementation, parse_pungs_args
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
    kind), whether they are all simples, how many are concealed, the melded chows."""

    __slots__ = ("hf", "suits", "simple_only", "tiles", "melded_chows")

    def __init__(self, hf: HandFacts) -> None:
        self.hf = hf
        suits = 0
        not_simple = False
        tiles = 0
        for k, c in enumerate(hf.shape):
            if c:
                tiles += c
                suits |= _SUIT_BIT[k]
                not_simple = not_simple or _NOT_SIMPLE[k]
        chows = 0
        for g in hf.melded:
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
        hf = self.hf
        if cls == "seat_wind":
            return hf.shape[hf.seat_kind]
        if cls == "round_wind":
            return hf.shape[hf.round_kind]
        shape = hf.shape
        return sum([shape[k] for k in _CLASS_KINDS[cls]])


def _pungs_bound(args: tuple[str, ...]) -> Callable[[_Span], Interval]:
    # The melded sets are in every reading; the concealed pungs are made of the concealed
    # tiles of the class and the wilds, three each.
    cls, exp, size = parse_pungs_args(args)

    def bound(span: _Span) -> Interval:
        hf = span.hf
        melded = 0
        for g in hf.melded:
            if g.size == "chow" or (size is not None and g.size != size) or (exp is not None and exp != g.exposed):
                continue
            if cls is not None and not tile_in_class(g.first, cls, hf.seat_kind, hf.round_kind):
                continue
            melded += 1
        tiles = span.tiles if cls is None else span.class_tiles(cls)
        return melded, melded + (tiles + hf.wilds) // 3
    return bound


def _pairs_bound(args: tuple[str, ...], span: _Span) -> Interval:
    if not args:
        return 1, 1
    return 0, 1 if span.hf.wilds or span.class_tiles(args[0]) else 0


def _chows_bound(args: tuple[str, ...], span: _Span) -> Interval:
    return span.melded_chows, span.melded_chows + (span.tiles + span.hf.wilds) // 3


def _all_pungs_bound(args: tuple[str, ...], span: _Span) -> Interval:
    if span.melded_chows:
        return 0, 0
    # Without chows each kind's tiles make pungs of that kind, one kind maybe the pair: the
    # wilds fill each kind up to a multiple of three, or the pair's kind to two more than
    # one (one wild less, where its count is not a multiple of three); an all-wild pair
    # takes two.
    fill = 0
    pair_saves = False
    for c in span.hf.shape:
        if c:
            fill += -c % 3
            pair_saves = pair_saves or c % 3 != 0
    need = fill - 1 if pair_saves else fill + 2
    return 0, 1 if span.hf.wilds >= need else 0


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
    "all_chows": lambda args, span: _flag(not any(g.size != "chow" for g in span.hf.melded)),
    "wait": lambda args, span: (0, 1) if args else (1, 1),
    "big_crane": lambda args, span: _flag(len(span.hf.situation.melds) == 4),
    "wild_as_itself": lambda args, span: (0, sum(span.hf.wild_physical.values())),
    "all_simples": lambda args, span: _flag(span.simple_only),
    "wild_pair_win": lambda args, span: _flag(span.hf.win_is_wild),
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


def _compile(expr: Expr) -> _Bound:
    """``expr`` (a feature or a condition) as a function from a hand to its interval."""
    if isinstance(expr, Feature):
        args = expr.args
        if expr.name not in READING_FEATURES:
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
        inner = _compile(expr.feature)
        test = _COMPARE[expr.op]
        value = expr.value

        def compare(span: _Span) -> Interval:
            lo, hi = inner(span)
            can_hold, can_fail = test(lo, hi, value)
            return (0 if can_fail else 1), (1 if can_hold else 0)
        return compare
    if isinstance(expr, Not):
        operand = _compile(expr.operand)

        def negate(span: _Span) -> Interval:
            lo, hi = _truth(operand(span))
            return 1 - hi, 1 - lo
        return negate
    if isinstance(expr, (AllOf, AnyOf)):
        parts = tuple(_compile(o) for o in expr.operands)
        pick = min if isinstance(expr, AllOf) else max

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
        tai, mult = self.tai, self.multiplier
        if scoring.minimum_of == "value":
            reached = tai * mult if tai > 0 else 0
        else:
            reached = tai
        if reached >= scoring.minimum:
            return True
        return any(tai >= t and mult >= m for t, m in scoring.minimum_alternatives)


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
        self.items: list[tuple[bool, int, _Bound | None, _Bound | None]] = []
        for _order, item, _when, _each in plan.reading_level:
            value = item.value
            assert value is not None  # switched-off items are never compiled
            if _raises(item):
                when = None if item.when is None else _compile(item.when)
                each = None if item.each is None else _compile(item.each)
                self.items.append((item.unit == "x", value, when, each))
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


def _raises(item: ScoringItem) -> bool:
    """Whether an item can raise a bound: 台 above 0 toward the minimum, a multiplier above 1."""
    value = item.value
    assert value is not None  # switched-off items are never compiled
    return (item.unit == "tai" and item.counts_for_minimum and value > 0) or (item.unit == "x" and value > 1)


_BOUND_PLANS: dict[int, tuple[RuleSet, _BoundPlan]] = {}


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
        span = _Span(hf)
        for is_multiplier, value, when, each in bp.items:
            if when is not None and not _truth(when(span))[1]:
                continue
            n_high = 1.0 if each is None else each(span)[1]
            if n_high <= 0:
                continue
            if is_multiplier:
                mult *= value**n_high if n_high != _INF else _INF
            else:
                tai += value * n_high
    return ValueBound(tai, mult)


def may_be_valid(situation: Situation, rules: RuleSet) -> bool:
    """False only when :func:`~nbmj.scoring.score` would find the win invalid: a win the
    variant does not allow (on a discard, a robbed kong, a discarded wild) or a hand no
    reading of which can reach the minimum. True says nothing: score it.

    Raises :class:`~nbmj.errors.SituationError` for tiles no hand can hold, as ``score`` does.
    """
    scoring = rules.scoring
    claims = rules.claims
    win_by = situation.win_by
    if win_by == "discard" and not claims.win_on_discard:
        return False
    if win_by == "rob_kong" and not claims.rob_kong:
        return False
    if isinstance(scoring, FuFanScoring) or not isinstance(scoring, TaiScoring):
        if rules.wilds.enabled and situation.indicator is None:
            return True  # let the scorer say what is missing
        hf = facts(situation, rules)
        return not (win_by == "discard" and hf.win_is_wild and not claims.claim_discarded_wild)
    if rules.wilds.enabled and situation.indicator is None:
        return True
    hf = facts(situation, rules)
    if win_by == "discard" and hf.win_is_wild and not claims.claim_discarded_wild:
        return False
    return value_bound(hf, rules).reaches(scoring)
