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

The items' conditions are the scorer's program (:class:`~nbmj.scoring.expressions.Program`)
run over intervals instead of values: a feature's slot holds the least and the most it can
be over every reading (``_READING_BOUNDS``, or its value where the hand's facts give it),
and each op the interval of its outcome. The engine asks :func:`reach_from_hand` of a seat's
counts at every win it meets, before any Situation is built; compiled (``bound.pxd``), that
runs as C over C doubles, and under ``NBMJ_PUREPYTHON`` the same code runs as Python.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Callable

from ..rules.model import Feature, FuFanScoring, RuleSet, ScoringItem, TaiScoring
from ..tiles import N_KINDS
from ._by_object import ByObject
from .expressions import OP_AND, OP_EQ, OP_GE, OP_GT, OP_LE, OP_LT, OP_NOT, OP_OR, Program
from .facts import FlowerCounts, HandFacts, HandLevel, SetGroup, facts, fill_level, flower_counts, melded_group, suit_bit, tile_in_class, wind_kind
from .features import FeatureImpl, parse_pungs_args, wild_single_wait_of
from .items import ItemPlan, plan_for
from .readings import TILE_CLASSES
from .situation import Situation
from .totals import reaches_minimum

__all__ = ["may_be_valid", "value_bound", "ValueBound", "valid_with_facts", "may_reach_minimum", "reach_from_counts",
           "reach_from_hand", "hand_counts"]

_INF = math.inf

#: An interval ``(low, high)`` that holds every value a feature or condition can take.
Interval = tuple[float, float]


#: Per kind: whether it is a terminal or an honour.
_NOT_SIMPLE = tuple(k >= 27 or k % 9 in (0, 8) for k in range(N_KINDS))
#: The kinds of each fixed tile class (the seat's and the round's winds are one kind each).
_CLASS_KINDS = {cls: tuple(k for k in range(N_KINDS) if tile_in_class(k, cls, -1, -1))
                for cls in TILE_CLASSES if cls not in ("seat_wind", "round_wind")}


class _Span:
    """What the reading-level bounds read of a hand, worked out once per hand: the suits
    of the tiles that are not wild (a reading's suits include them, as wilds take any
    kind), whether they are all simples, how many are concealed, the melded chows.

    Made by :func:`_span` from a hand's facts (:func:`_span_of`), or from a table's counts
    without them (:func:`may_reach_minimum`): then ``hf`` is None and the hand-level
    features are read from ``light``, the hand level filled from the counts (a feature that
    needs more than the hand level takes every value)."""

    __slots__ = ("hf", "shape", "wilds", "melded", "seat_kind", "round_kind", "n_melds", "wild_as_itself",
                 "win_is_wild", "suits", "simple_only", "tiles", "melded_chows", "light")
    hf: HandFacts | None
    shape: bytes
    wilds: int
    melded: tuple[SetGroup, ...]
    seat_kind: int
    round_kind: int
    n_melds: int
    wild_as_itself: int
    win_is_wild: bool
    suits: int
    simple_only: bool
    tiles: int
    melded_chows: int
    light: HandLevel | None

    def class_tiles(self, cls: str) -> int:
        """The concealed tiles (wilds apart) of a tile class."""
        if cls == "seat_wind":
            return self.shape[self.seat_kind]
        if cls == "round_wind":
            return self.shape[self.round_kind]
        shape = self.shape
        n = 0
        for k in _CLASS_KINDS[cls]:
            n += shape[k]
        return n


def _span(hf: HandFacts | None, shape: Sequence[int], wilds: int, melded: tuple[SetGroup, ...], seat_kind: int,
          round_kind: int, n_melds: int, wild_as_itself: int, win_is_wild: bool,
          light: HandLevel | None = None) -> _Span:
    """The span of a hand (made without a call to the class: compiled, its fields are set in C)."""
    span = _Span.__new__(_Span)
    span.hf = hf
    counts = bytes(shape)  # the counts as bytes: read kind by kind below and by the bounds
    span.shape = counts
    span.wilds = wilds
    span.melded = melded
    span.seat_kind = seat_kind
    span.round_kind = round_kind
    span.n_melds = n_melds
    span.wild_as_itself = wild_as_itself
    span.win_is_wild = win_is_wild
    span.light = light
    # the suits of the tiles, whether all are simples, how many are concealed, the melded chows
    suits = 0
    tiles = 0
    for k in range(N_KINDS):
        if counts[k]:
            suits |= suit_bit(k)
            tiles += counts[k]
    not_simple = bool(suits & 8 or counts[0] or counts[8] or counts[9] or counts[17] or counts[18] or counts[26])
    chows = 0
    for g in melded:
        last = g.first + 2 if g.size == "chow" else g.first  # a pung or kong holds one kind
        for k in range(g.first, last + 1):
            suits |= suit_bit(k)
            not_simple = not_simple or _NOT_SIMPLE[k]
        if g.size == "chow":
            chows += 1
    span.suits = suits
    span.simple_only = not not_simple
    span.tiles = tiles
    span.melded_chows = chows
    return span


def _span_of(hf: HandFacts) -> _Span:
    return _span(hf, hf.shape, hf.wilds, hf.melded, hf.seat_kind, hf.round_kind, hf.melds_exposed,
                 sum(hf.wild_physical.values()), hf.win_is_wild)


#: parse_pungs_args by argument tuple (a rule set has a few)
_PUNGS_ARGS: dict[tuple[str, ...], tuple[str | None, bool | None, str | None]] = {}


def _pungs_bound(args: tuple[str, ...], span: _Span, iv: _Intervals, slot: int) -> None:
    # The melded sets are in every reading; the concealed pungs are made of the concealed
    # tiles of the class and the wilds, three each.
    parsed = _PUNGS_ARGS.get(args)
    if parsed is None:
        parsed = _PUNGS_ARGS[args] = parse_pungs_args(args)
    cls, exp, size = parsed
    melded = 0
    for g in span.melded:
        if g.size == "chow" or (size is not None and g.size != size) or (exp is not None and exp != g.exposed):
            continue
        if cls is not None and not tile_in_class(g.first, cls, span.seat_kind, span.round_kind):
            continue
        melded += 1
    tiles = span.tiles if cls is None else span.class_tiles(cls)
    iv.lo[slot] = melded
    iv.hi[slot] = melded + (tiles + span.wilds) // 3


def _all_pungs_possible(span: _Span) -> bool:
    if span.melded_chows:
        return False
    # Without chows each kind's tiles make pungs of that kind, one kind maybe the pair: the
    # wilds fill each kind up to a multiple of three, or the pair's kind to two more than
    # one (one wild less, where its count is not a multiple of three); an all-wild pair
    # takes two.
    fill = 0
    pair_saves = False
    shape = span.shape
    for k in range(N_KINDS):
        c = shape[k]
        if c:
            fill += -c % 3
            pair_saves = pair_saves or c % 3 != 0
    need = fill - 1 if pair_saves else fill + 2
    return span.wilds >= need


def _all_chows_possible(span: _Span) -> bool:
    for g in span.melded:
        if g.size != "chow":
            return False
    return True


def _identical_chows_high(span: _Span) -> int:
    """The most identical chows any reading can hold: per chow, the melded ones plus those
    the concealed tiles and the wilds can make (one tile of each of its three kinds each,
    a wild for any)."""
    shape = span.shape
    most = 0
    for base in (0, 9, 18):
        for first in range(base, base + 7):
            a = shape[first]
            b = shape[first + 1]
            c = shape[first + 2]
            least = min(a, b, c)
            made = min(least + span.wilds, (a + b + c + span.wilds) // 3)
            for g in span.melded:
                if g.size == "chow" and g.first == first:
                    made += 1
            if made > most:
                most = made
    return most


# The reading-level features with a bound over every reading (:data:`_READING_BOUNDS`).
_B_PUNGS = 0
_B_PAIRS = 1
_B_CHOWS = 2
_B_FLUSH = 3
_B_HALF_FLUSH = 4
_B_ALL_HONORS = 5
_B_ALL_PUNGS = 6
_B_ALL_CHOWS = 7
_B_WAIT = 8
_B_BIG_CRANE = 9
_B_WILD_AS_ITSELF = 10
_B_ALL_SIMPLES = 11
_B_WILD_PAIR_WIN = 12
_B_SHAPE = 13
_B_IDENTICAL_CHOWS = 14
_B_CHOW_PAIRS = 15

#: The reading-level features with an interval over every reading of a hand
#: (:func:`_reading_bound`), by name. A feature missing here has no bound: an item that
#: reads it makes the hand's bound infinite.
_READING_BOUNDS: dict[str, int] = {
    "pungs": _B_PUNGS, "pairs": _B_PAIRS, "chows": _B_CHOWS, "flush": _B_FLUSH, "half_flush": _B_HALF_FLUSH,
    "all_honors": _B_ALL_HONORS, "all_pungs": _B_ALL_PUNGS, "all_chows": _B_ALL_CHOWS, "wait": _B_WAIT,
    "big_crane": _B_BIG_CRANE, "wild_as_itself": _B_WILD_AS_ITSELF, "all_simples": _B_ALL_SIMPLES,
    "wild_pair_win": _B_WILD_PAIR_WIN, "shape": _B_SHAPE, "identical_chows": _B_IDENTICAL_CHOWS,
    "chow_pairs": _B_CHOW_PAIRS,
}


def _reading_bound(code: int, args: tuple[str, ...], span: _Span, iv: _Intervals, slot: int) -> None:
    """Into ``slot`` of ``iv``: the interval of the reading-level feature ``code``
    (:data:`_READING_BOUNDS`) with ``args`` over every reading of ``span``. A flag is 0 to
    1 where it may hold, 0 to 0 where it cannot."""
    lo = 0
    hi = 1
    if code == _B_PUNGS:
        _pungs_bound(args, span, iv, slot)
        return
    if code == _B_PAIRS:
        if not args:
            lo = 1
        elif not (span.wilds or span.class_tiles(args[0])):
            hi = 0
    elif code == _B_CHOWS:
        lo = span.melded_chows
        hi = span.melded_chows + (span.tiles + span.wilds) // 3
    elif code == _B_FLUSH:
        hi = 1 if span.suits in (0, 1, 2, 4) else 0
    elif code == _B_HALF_FLUSH:
        hi = 1 if span.suits & 7 in (0, 1, 2, 4) else 0
    elif code == _B_ALL_HONORS:
        hi = 1 if span.suits & 7 == 0 else 0
    elif code == _B_ALL_PUNGS:
        hi = 1 if _all_pungs_possible(span) else 0
    elif code == _B_ALL_CHOWS:
        hi = 1 if _all_chows_possible(span) else 0
    elif code == _B_WAIT:
        if not args:
            lo = 1
    elif code == _B_BIG_CRANE:
        hi = 1 if span.n_melds == 4 else 0
    elif code == _B_WILD_AS_ITSELF:
        hi = span.wild_as_itself
    elif code == _B_ALL_SIMPLES:
        hi = 1 if span.simple_only else 0
    elif code == _B_WILD_PAIR_WIN:
        hi = 1 if span.win_is_wild else 0
    elif code == _B_IDENTICAL_CHOWS:
        hi = _identical_chows_high(span)
    elif code == _B_CHOW_PAIRS:  # each such chow takes two of the hand's chows
        hi = (span.melded_chows + (span.tiles + span.wilds) // 3) // 2
    elif not args or args[0] == "standard":  # _B_SHAPE: bounds are worked out only where the
        lo = 1  # standard shape is the only one (value_bound)
    else:
        hi = 0
    iv.lo[slot] = lo
    iv.hi[slot] = hi


def _truth_low(lo: float, hi: float) -> float:
    """The low end of a value's interval as a condition's: 1 where it surely holds."""
    return 0.0 if lo <= 0 <= hi else 1.0


def _truth_high(lo: float, hi: float) -> float:
    """The high end: 1 where it may hold."""
    return 0.0 if lo == 0 and hi == 0 else 1.0


def _truth(iv: Interval) -> Interval:
    """A value's interval as a condition's: 1 for may hold, 0 for may fail."""
    return _truth_low(iv[0], iv[1]), _truth_high(iv[0], iv[1])


#: The most slots a part of the bound reads (compiled, the length of the arrays of
#: :class:`_Intervals`, in bound.pxd): a rule set one of whose parts reads more has no bound.
_MAX_SLOTS = 128


class _Intervals:
    """The intervals of a part's slots for one hand, ``lo[i]`` to ``hi[i]``: compiled, two
    arrays of C doubles."""

    __slots__ = ("lo", "hi")

    def __init__(self) -> None:
        # _MAX_SLOTS, written out: compiled, a list of a constant length fills a C array in place
        self.lo = [0.0] * 128
        self.hi = [0.0] * 128


def _run_bounds(ops: list[int], iv: _Intervals) -> None:
    """Run the program's ``ops`` over intervals: each fills its slot of ``iv`` with the
    interval of its outcome (1 for may hold, 0 for may fail)."""
    i = 0
    end = len(ops)
    while i < end:
        op = ops[i]
        slot = ops[i + 1]
        a = ops[i + 2]
        b = ops[i + 3]
        i += 4
        alo = iv.lo[a]
        ahi = iv.hi[a]
        if op == OP_AND or op == OP_OR:
            t1lo = _truth_low(alo, ahi)
            t1hi = _truth_high(alo, ahi)
            t2lo = _truth_low(iv.lo[b], iv.hi[b])
            t2hi = _truth_high(iv.lo[b], iv.hi[b])
            if op == OP_AND:
                iv.lo[slot] = t1lo if t1lo < t2lo else t2lo
                iv.hi[slot] = t1hi if t1hi < t2hi else t2hi
            else:
                iv.lo[slot] = t1lo if t1lo > t2lo else t2lo
                iv.hi[slot] = t1hi if t1hi > t2hi else t2hi
            continue
        if op == OP_NOT:
            t1lo = _truth_low(alo, ahi)
            t1hi = _truth_high(alo, ahi)
            iv.lo[slot] = 1.0 - t1hi
            iv.hi[slot] = 1.0 - t1lo
            continue
        v = b  # a comparison of slot ``a`` with the number ``b``: can it hold, can it fail
        if op == OP_GE:
            can_hold, can_fail = ahi >= v, alo < v
        elif op == OP_GT:
            can_hold, can_fail = ahi > v, alo <= v
        elif op == OP_LE:
            can_hold, can_fail = alo <= v, ahi > v
        elif op == OP_LT:
            can_hold, can_fail = alo < v, ahi >= v
        elif op == OP_EQ:
            can_hold, can_fail = alo <= v <= ahi, not (alo == ahi and ahi == v)
        else:
            can_hold, can_fail = not (alo == ahi and ahi == v), alo <= v <= ahi
        iv.lo[slot] = 0.0 if can_fail else 1.0
        iv.hi[slot] = 1.0 if can_hold else 0.0


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

#: How a part fills the slots of a hand-level feature: from the hand's facts, from a table's
#: counts (their ``level_value`` over the hand level filled from the counts), or not at all
#: (every value: the winning tile unknown).
_EXACT = 0
_LIGHT = 1
_ANY = 2


class _Part:
    """What one sum of the bound reads: ``items`` (is a multiplier, value, the ``when`` or
    -1, the ``each`` or -1) and the slots they read, with the ops that fill them (the
    program's, in its order) and the features those read, each with how it is bounded
    (:data:`_READING_BOUNDS`, ``FeatureImpl.level_value``, or every value). Its slots are the
    program's it needs, numbered from 0 in the program's order."""

    def __init__(self, program: Program, items: list[tuple[bool, int, int, int]], roots: list[int], how: int) -> None:
        self.how = how
        ops = program.ops
        filled_by: dict[int, list[int]] = {}
        for i in range(0, len(ops), 4):
            filled_by.setdefault(ops[i + 1], []).append(i)
        need = set(roots)
        todo = list(roots)
        while todo:
            slot = todo.pop()
            for i in filled_by.get(slot, ()):
                for read in (ops[i + 2],) + ((ops[i + 3],) if ops[i] in (OP_AND, OP_OR) else ()):
                    if read not in need:
                        need.add(read)
                        todo.append(read)
        #: program slot -> the part's slot
        self.index: dict[int, int] = {slot: i for i, slot in enumerate(sorted(need))}
        index = self.index
        self.size = len(index)
        self.items = [(is_multiplier, value, -1 if when < 0 else index[when], -1 if each < 0 else index[each])
                      for is_multiplier, value, when, each in items]
        #: the needed ops, in the program's order, over the part's slots
        self.ops: list[int] = []
        for i in range(0, len(ops), 4):
            op, slot, a, b = ops[i], ops[i + 1], ops[i + 2], ops[i + 3]
            if slot in need:
                self.ops += [op, index[slot], index[a], index[b] if op in (OP_AND, OP_OR) else b]
        #: the hand-level features read: their slots here and in the program, and their
        #: implementations (the program's), asked for their value from the hand level alone
        #: where the part reads a table's counts
        self.hand_slots: list[int] = []
        self.hand_sources: list[int] = []
        self.hand_impls: list[FeatureImpl] = []
        #: the reading-level features read: their slots, bounds and arguments
        self.reading_slots: list[int] = []
        self.reading_codes: list[int] = []  # -1: no bound
        self.reading_args: list[tuple[str, ...]] = []
        for f, slot, impl in zip(program.features, program.feature_slots, program.feature_impls):
            if slot not in need:
                continue
            if slot < program.hand_size:
                self.hand_slots.append(index[slot])
                self.hand_sources.append(slot)
                self.hand_impls.append(impl)
            else:
                self.reading_slots.append(index[slot])
                self.reading_codes.append(_READING_BOUNDS.get(f.name, -1))
                self.reading_args.append(f.args)
        #: whether it reads any hand-level feature
        self.reads_hand = bool(self.hand_slots)

    def intervals(self, span: _Span, values: list[int] | None) -> _Intervals:
        """The intervals of the part's slots for ``span`` (``values``: the hand's slots in
        the program, where the part reads them from the hand's facts)."""
        iv = _Intervals()
        for i in range(self.size):
            iv.lo[i] = -_INF
            iv.hi[i] = _INF
        if self.how == _EXACT:
            assert values is not None
            for i in range(len(self.hand_slots)):
                slot = self.hand_slots[i]
                iv.lo[slot] = iv.hi[slot] = values[self.hand_sources[i]]
        elif self.how == _LIGHT and span.light is not None:
            hl = span.light
            for i in range(len(self.hand_slots)):
                impl = self.hand_impls[i]
                v = impl.level_value(hl)
                if v >= 0:  # (-1: not known from the hand level)
                    slot = self.hand_slots[i]
                    iv.lo[slot] = iv.hi[slot] = v
        for i in range(len(self.reading_slots)):
            code = self.reading_codes[i]
            if code >= 0:
                _reading_bound(code, self.reading_args[i], span, iv, self.reading_slots[i])
        _run_bounds(self.ops, iv)
        return iv

    def sum(self, span: _Span, values: list[int] | None, tai: float, mult: float) -> tuple[float, float]:
        """``tai`` and ``mult`` raised by the most each item can add over ``span``."""
        if not self.items:
            return tai, mult
        iv = self.intervals(span, values)
        for is_multiplier, value, when, each in self.items:
            if when >= 0 and _truth_high(iv.lo[when], iv.hi[when]) == 0:
                continue
            n_high = 1.0 if each < 0 else iv.hi[each]
            if n_high <= 0:
                continue
            if is_multiplier:
                mult *= value**n_high if n_high != _INF else _INF
            else:
                tai += value * n_high
        return tai, mult

    def surely_holds(self, span: _Span, slot: int) -> bool:
        """Whether the condition in the program's ``slot`` holds for every reading of ``span``."""
        iv = self.intervals(span, None)
        at = self.index[slot]
        return _truth_low(iv.lo[at], iv.hi[at]) == 1


def _raises(item: ScoringItem) -> bool:
    """Whether an item can raise a bound: 台 above 0 toward the minimum, a multiplier above 1."""
    value = item.value
    assert value is not None  # switched-off items are never compiled
    return (item.unit == "tai" and item.counts_for_minimum and value > 0) or (item.unit == "x" and value > 1)


def _is_wait_item(item: ScoringItem) -> bool:
    """An item of one wait (``when wait(edge)``): a reading has one wait, so of these items
    only those of one wait apply together."""
    when = item.when
    return item.each is None and isinstance(when, Feature) and when.name == "wait" and len(when.args) == 1


class _BoundPlan:
    """A rule set's items compiled for the bound: the parts of :func:`value_bound` and of the
    bound from counts (:func:`reach_from_counts`), the most the wait items can add (the wait
    is one per reading, the same for every hand), and whether a negative multiplier or
    another shape makes every bound infinite."""

    def __init__(self, plan: ItemPlan, rules: RuleSet) -> None:
        self.unbounded = any(s != "standard" for s in rules.shapes) or any(
            it.unit == "x" and it.value is not None and it.value < 0 for it in rules.items)
        items = plan.items
        program = plan.program
        self.wait_tai = 0
        self.wait_multiplier = 1
        waits: dict[str, tuple[int, int]] = {}
        reading: list[tuple[bool, int, int, int]] = []
        for order, when, each in plan.reading_items:
            item = items[order]
            if _is_wait_item(item):
                assert isinstance(item.when, Feature)
                tai, mult = waits.get(item.when.args[0], (0, 1))
                if _raises(item):
                    value = plan.values[order]
                    if item.unit == "x":
                        mult *= value
                    else:
                        tai += value
                waits[item.when.args[0]] = (tai, mult)
            elif _raises(item):
                reading.append((item.unit == "x", plan.values[order], when, each))
        for tai, mult in waits.values():
            self.wait_tai = max(self.wait_tai, tai)
            self.wait_multiplier = max(self.wait_multiplier, mult)
        hand = [(items[order].unit == "x", plan.values[order], when, each)
                for order, when, each in plan.hand_items if _raises(items[order])]
        #: the hand-level items that can raise a bound, exactly as the scorer counts them
        self.hand_items = [(order, when, each) for order, when, each in plan.hand_items if _raises(items[order])]
        roots = [s for _m, _v, when, each in reading for s in (when, each) if s >= 0]
        hand_roots = [s for _m, _v, when, each in hand for s in (when, each) if s >= 0]
        self.items = _Part(program, reading, roots, _EXACT)
        #: every item that can raise a bound, hand-level ones too, from a table's counts
        self.light_hand_items = _Part(program, hand, hand_roots, _LIGHT)
        self.light_items = _Part(program, reading, roots, _LIGHT)
        #: the reading-level items over a waiting hand and any winning tile
        self.any_tile_items = _Part(program, reading, roots, _ANY)
        #: the win restrictions (C27) whose condition is the hand's, whatever the reading:
        #: (the ways of winning they forbid, the slot of the condition); one that surely holds
        #: makes the scorer refuse every reading
        #: (the ways of winning they forbid, the condition's part from counts, its slot there)
        self.light_forbids = [(wr.forbid, _Part(condition, [], [slot], _LIGHT),
                               slot) for _outcome, wr, condition, slot in plan.hand_conditions]
        #: the hand-level part of the bound from counts, (台, multiplier), by the facts it reads
        self.light_hand_parts: dict[tuple[Any, ...], tuple[float, float]] = {}
        #: the same by the flowers' counts in place of the flowers and the wild kinds
        self.light_hand_counted: dict[tuple[Any, ...], tuple[float, float]] = {}
        #: whether a reading-level item reads a hand-level feature: only then does the
        #: bound from counts need the light facts for them
        self.light_items_read_hand = self.light_items.reads_hand
        #: whether a concealed kong may hold four wilds (NB-4.14; the facts count them held)
        self.wild_kong = rules.claims.wild_kong and not rules.claims.wilds_in_melds
        #: the scoring the bound from counts reads, None where it answers true to every win
        self.counts_scoring = (rules.scoring if isinstance(rules.scoring, TaiScoring) and not isinstance(
            rules.scoring, FuFanScoring) and not self.unbounded else None)
        #: the bounds over a waiting hand and any winning tile, by waiting hand
        self.any_tile_parts: dict[tuple[Any, ...], tuple[float, float]] = {}
        self.plan = plan
        if any(part.size > _MAX_SLOTS for part in (self.items, self.light_hand_items, self.light_items)) or any(
                condition.size > _MAX_SLOTS for _forbid, condition, _slot in self.light_forbids):
            self.unbounded = True  # more conditions than a bound holds: every win may reach the minimum
            self.counts_scoring = None


#: Per rule set, what the bounds read of it.
_BOUND_PLANS = ByObject()


def _bound_plan(rules: RuleSet) -> _BoundPlan:
    bp: _BoundPlan | None = _BOUND_PLANS.get(rules)
    if bp is None:
        bp = _BOUND_PLANS.put(rules, _BoundPlan(plan_for(rules), rules))
    return bp


def value_bound(hf: HandFacts, rules: RuleSet) -> ValueBound:
    """Upper bounds on the 台 toward the minimum and on the multiplier of any reading of
    the hand ``hf``. Items are summed as if all applied at once (an exclusion or a group
    only takes items away); an item of negative value is counted as not applying, a
    multiplier below 1 as 1."""
    bp = _bound_plan(rules)
    if bp.unbounded:
        return _UNBOUNDED
    plan = bp.plan
    tai: float = bp.wait_tai
    mult: float = bp.wait_multiplier
    values = plan.new_values()
    plan.program.fill_hand(hf, values)
    for order, when, each in bp.hand_items:
        if when >= 0 and not values[when]:
            continue
        n = 1 if each < 0 else values[each]
        if n <= 0:
            continue
        value = plan.values[order] * n
        if plan.items[order].unit == "tai":
            if value > 0:
                tai += value
        elif value > 1:  # a multiplier
            mult *= value
    tai, mult = bp.items.sum(_span_of(hf), values, tai, mult)
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
    if rules.heavenly_wait == "any" and situation.first_turn and win_by == "self_draw":
        return True, None  # NB-12.48: another of the fourteen may be the winning tile; let the scorer read them
    hf = facts(situation, rules)
    if win_by == "discard" and hf.win_is_wild and not claims.claim_discarded_wild:
        return False, hf
    if not value_bound(hf, rules).reaches(scoring):
        return False, hf
    # a win restriction on the hand, whatever the reading, refuses every reading (the
    # scorer's _forbidding); what it works out (财神单吊) stays in the facts for the scorer
    for _outcome, wr, condition, slot in plan_for(rules).hand_conditions:
        if win_by in wr.forbid and condition.hand_value(hf, slot):
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
    after_kong_kinds: tuple[str, ...] = (),
) -> bool:
    """False only when no reading of the win can reach the minimum, or a win restriction
    on the hand forbids it whatever the reading: the value and restriction tests of
    :func:`may_be_valid`, from what a table knows of the hand without building its
    Situation. True says nothing (:func:`may_be_valid` and the scorer decide).

    ``shape``: the 34 counts of the concealed tiles that are not wild, the winning tile
    included; ``wilds``: the wild tiles among them, ``wild_as_itself`` those that are
    tiles of the 34 kinds; ``melds``: ``(kind, tiles)`` oldest first; ``wild_kinds`` the
    wild tile ids; ``after_kong_kinds`` the kinds of the kongs the win came right after
    (the Situation's ``after_kongs``); the rest as in
    :class:`~nbmj.scoring.situation.Situation`. With ``win_tile`` (in ``shape`` or among the
    wilds), the bound of the waiting hand without it is kept and asked first.
    """
    return reach_from_counts(rules, shape, wilds, wild_as_itself, win_is_wild, tuple(melds), flowers, wild_kinds, seat,
                             round_wind, win_by, last_tile, first_turn, discarded_wild, win_tile, after_kong_kinds)


def hand_counts(hand: bytearray, flower_flag: tuple[bool, ...], wilds: frozenset[int], tile: int) -> tuple[bytearray, int, int]:
    """The counts of a seat's hand that the Situation the engine would build gives the
    scorer, of ``hand`` (its 42 tile counts) and ``tile`` (-1 for none, when the hand holds
    it): the 34 counts of the tiles that are not flowers and not wild, the wilds, and the
    wilds that are tiles of the 34 kinds."""
    shape = bytearray(N_KINDS)
    wild = bytearray(42)  # whether each tile id is wild: one look-up per kind held below
    for k in wilds:
        if 0 <= k < 42:
            wild[k] = 1
    w = wild_as_itself = 0
    counts = bytearray(hand)  # (a copy of 42 bytes, read as C bytes when compiled)
    for k in range(42):
        c = counts[k]
        if not c or flower_flag[k]:
            continue
        if wild[k]:
            w += c
            if k < N_KINDS:
                wild_as_itself += c
        else:
            shape[k] = c
    if tile >= 0:
        if tile in wilds:
            w += 1
            if tile < N_KINDS:
                wild_as_itself += 1
        else:
            shape[tile] += 1
    return shape, w, wild_as_itself


def reach_from_hand(rules: RuleSet, hand: Any, flower_flag: tuple[bool, ...], wild_kinds: frozenset[int], tile: int,
                    count_tile: bool, melds: Sequence[Any], flowers: Sequence[int], seat: str, round_wind: str,
                    win_by: str, last_tile: bool, first_turn: bool, discarded_wild: bool,
                    after_kong_kinds: tuple[str, ...] = ()) -> bool:
    """:func:`reach_from_counts` of a seat's hand as the engine holds it: ``hand`` the 42
    tile counts (a bytearray), the winning ``tile`` (counted into the hand when
    ``count_tile``: a discard or a robbed tile), ``melds`` with ``kind`` and ``tiles``, the
    flowers laid aside (the counts of :func:`hand_counts`)."""
    shape, w, wild_as_itself = hand_counts(hand, flower_flag, wild_kinds, tile if count_tile else -1)
    return reach_from_counts(rules, shape, w, wild_as_itself, tile in wild_kinds,
                             tuple([(m.kind, m.tiles) for m in melds]) if melds else (), tuple(flowers), wild_kinds, seat, round_wind,
                             win_by, last_tile, first_turn, discarded_wild, tile, after_kong_kinds)


def _light_facts(rules: RuleSet, flowers: tuple[int, ...], wild_kinds: frozenset[int], meld_kinds: list[str],
                 after_kong_kinds: tuple[str, ...], discarded_wild: bool, win_by: str, last_tile: bool,
                 first_turn: bool, seat: str, wilds: int, win_is_wild: bool) -> HandLevel:
    """The hand level of a win from a table's counts (see :func:`reach_from_counts`), filled
    as the scorer's facts fill theirs (a kong of wilds is never among the counts' melds)."""
    fc = _flowers_counted(rules, seat, flowers, wild_kinds) if flowers else _NO_FLOWER_COUNTS
    hl = HandLevel.__new__(HandLevel)
    fill_level(hl, seat, win_by, meld_kinds, after_kong_kinds, wilds, 0, win_is_wild, wilds - win_is_wild,
               discarded_wild, fc, last_tile, first_turn)
    return hl


def reach_from_counts(
    rules: RuleSet, shape: Sequence[int], wilds: int, wild_as_itself: int, win_is_wild: bool,
    melds: tuple[tuple[str, tuple[int, ...]], ...], flowers: tuple[int, ...], wild_kinds: frozenset[int], seat: str,
    round_wind: str, win_by: str, last_tile: bool, first_turn: bool, discarded_wild: bool, win_tile: int | None,
    after_kong_kinds: tuple[str, ...] = (),
) -> bool:
    """:func:`may_reach_minimum` with its arguments in order and ``melds`` a tuple, for the
    engine, which asks it at most wins a hand meets: a call by position costs less."""
    bp = _bound_plan(rules)
    scoring = bp.counts_scoring
    if scoring is None:
        return True
    meld_kinds = []
    for kind, tiles in melds:
        if kind == "ankan" and bp.wild_kong and tiles[0] in wild_kinds:
            # a kong of four wilds (NB-4.14): its wilds are held but not among the counts'
            # wilds, so the counts say too little; the Situation's bound counts them
            return True
        meld_kinds.append(kind)
    kinds = tuple(meld_kinds)

    melded: tuple[SetGroup, ...] | None = None  # the spans, and the melded sets, only when asked
    span: _Span | None = None
    hl: HandLevel | None = None  # the hand level from the counts, filled once, when first asked
    # the hand-level items read only the hand level (the flowers counted from the seat, the
    # flowers and the wild kinds), the wilds and the winning tile's wildness: a seat's few
    # combinations of them are kept, and by the flowers' counts (fewer combinations, met
    # again hand after hand) behind them
    hand_key = (seat, flowers, wild_kinds, win_by, last_tile, first_turn, discarded_wild, kinds, after_kong_kinds,
                wilds, win_is_wild)
    hand_part = bp.light_hand_parts.get(hand_key)
    if hand_part is None:
        if len(bp.light_hand_parts) >= 4096:
            bp.light_hand_parts.clear()
        hl = _light_facts(rules, flowers, wild_kinds, meld_kinds, after_kong_kinds, discarded_wild, win_by, last_tile,
                          first_turn, seat, wilds, win_is_wild)
        counted_key = (seat, hl.flowers, win_by, last_tile, first_turn, discarded_wild, kinds, after_kong_kinds,
                       wilds, win_is_wild)
        hand_part = bp.light_hand_counted.get(counted_key)
        if hand_part is None:
            if len(bp.light_hand_counted) >= 4096:
                bp.light_hand_counted.clear()
            melded = tuple([melded_group(kind, min(tiles)) for kind, tiles in melds])
            span = _span(None, shape, wilds, melded, wind_kind(seat), wind_kind(round_wind), len(melds), wild_as_itself,
                         win_is_wild, hl)
            hand_part = bp.light_hand_counted[counted_key] = bp.light_hand_items.sum(span, None, 0, 1)
        bp.light_hand_parts[hand_key] = hand_part
    tai, mult = bp.wait_tai + hand_part[0], bp.wait_multiplier * hand_part[1]
    # First the bound over the waiting hand and any winning tile, kept by waiting hand (a
    # ready hand meets many discards): the winning tile taken out and counted as one more
    # wild, which can be any kind, so every reading-level bound is at least the one with
    # the tile itself. Most wins fail it; the others take the bound with their own tile.
    waiting = b""
    if win_tile is not None:
        if win_is_wild:
            waiting = bytes(shape)
            wild_before, itself_before = wilds - 1, wild_as_itself - (win_tile < N_KINDS)
        else:
            held = bytearray(shape)
            held[win_tile] -= 1
            waiting = bytes(held)
            wild_before, itself_before = wilds, wild_as_itself
        wait_key = (waiting, wild_before, itself_before, melds, seat, round_wind)
        loose = bp.any_tile_parts.get(wait_key)
        if loose is None:
            if len(bp.any_tile_parts) >= 4096:
                bp.any_tile_parts.clear()
            if melded is None:
                melded = tuple([melded_group(kind, min(tiles)) for kind, tiles in melds])
            any_span = _span(None, waiting, wild_before + 1, melded, wind_kind(seat), wind_kind(round_wind), len(melds),
                             itself_before + 1, True)
            loose = bp.any_tile_parts[wait_key] = bp.any_tile_items.sum(any_span, None, 0, 1)
        if not _reaches(scoring, tai + loose[0], mult * loose[1]):
            return False
    if span is None:
        if melded is None:
            melded = tuple([melded_group(kind, min(tiles)) for kind, tiles in melds])
        light = None
        if bp.light_items_read_hand:
            if hl is None:
                hl = _light_facts(rules, flowers, wild_kinds, meld_kinds, after_kong_kinds, discarded_wild, win_by,
                                  last_tile, first_turn, seat, wilds, win_is_wild)
            light = hl
        span = _span(None, shape, wilds, melded, wind_kind(seat), wind_kind(round_wind), len(melds), wild_as_itself,
                     win_is_wild, light)
    tai, mult = bp.light_items.sum(span, None, tai, mult)
    if not _reaches(scoring, tai, mult):
        return False
    # A win restriction on the hand, whatever the reading, that surely holds refuses every
    # reading (the scorer's _forbidding): asked last, of the few wins that reach the minimum
    for forbid, condition, slot in bp.light_forbids:
        if win_by in forbid:
            if hl is None:
                hl = _light_facts(rules, flowers, wild_kinds, meld_kinds, after_kong_kinds, discarded_wild, win_by,
                                  last_tile, first_turn, seat, wilds, win_is_wild)
            if hl.wild_single_wait is None and win_tile is not None:
                # (for the win restrictions only: the hand-level part of the bound is kept by
                # facts that do not hold the counts, so it never reads this)
                hl.wild_single_wait = wild_single_wait_of(bytearray(waiting), wilds - win_is_wild)
            span.light = hl
            if condition.surely_holds(span, slot):
                return False
    return True


def _reaches(scoring: TaiScoring, tai: float, mult: float) -> bool:
    """Whether 台 and multiplier bounds ``tai`` and ``mult`` could meet the minimum
    (:meth:`ValueBound.reaches`, without the object): the rule's own test
    (:func:`~nbmj.scoring.totals.reaches_minimum`) of the most that a reading within them
    could be worth. The multipliers are at least 0, so a bound of ``tai`` at most 0 gives a
    value of at most 0 (and no product of an unbounded multiplier with 0)."""
    return reaches_minimum(scoring, tai, tai * mult if tai > 0 else 0, mult)


_NO_FLOWER_COUNTS = FlowerCounts()
