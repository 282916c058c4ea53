# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The bound from a table's counts (``nbmj.scoring.bound.reach_from_counts``), compiled.

It mirrors :mod:`nbmj.scoring.bound` one to one: the items of a rule set's bound are
compiled here into a small program of op codes, one op per closure ``bound._compile``
builds (a feature of ``_LIGHT_FEATURES`` or ``_READING_BOUNDS``, ``pungs``, a comparison,
``not``, ``and`` / ``or``, and the unbounded fallback), evaluated over the same span of a
hand (the 34 counts, the wilds, the melded sets, the light hand facts) held in a C struct,
and so are the conditions of the win restrictions on the hand (``light_forbids``).
The Python closures stay the reference: they run under ``NBMJ_PUREPYTHON=1``, when this
module is not built, and for any rule set this compiler cannot express (it then returns
None and the closures answer). ``tests/test_scoring_bound_compiled.py`` holds the two equal.
"""

from libc.math cimport INFINITY, pow
from libc.string cimport memset
from cpython.mem cimport PyMem_Free, PyMem_Malloc

from ..rules.model import AllOf, AnyOf, Compare, Feature, Not, SEATS
from . import bound as reference
from .facts import SELF_DRAWN
from .features import READING_FEATURES, parse_pungs_args, wild_single_wait_of

cdef enum:
    MAX_GROUPS = 16     # the melds a span holds (a hand has at most four)
    MAX_STACK = 64      # the intervals an expression holds at once

# ---- the span of a hand (bound._Span and bound._LightFacts)

cdef struct Span:
    int shape[34]
    int wilds
    int wild_as_itself
    int win_is_wild
    int seat_kind
    int round_kind
    int n_melds
    int suits
    int simple_only
    int tiles
    int melded_chows
    int n_groups
    int g_size[MAX_GROUPS]      # 0 chow, 1 pung, 2 kong
    int g_exposed[MAX_GROUPS]
    int g_first[MAX_GROUPS]
    # the light facts
    int concealed_hand
    int discarded_wild
    int win_by                  # a code of _WIN_BY_CODES, -1 for one no program asks about
    int self_draw
    int after_discard_kong
    int last_tile
    int first_turn
    int dealer
    int before_wilds
    int single_wait             # 财神单吊 where it was worked out from the counts, -1 where not
    int fl_seat
    int fl_other
    int fl_seat_outside
    int fl_other_outside
    int fl_sets


cdef int _SIZE_CHOW = 0, _SIZE_PUNG = 1, _SIZE_KONG = 2
_SIZE_CODES = {"chow": 0, "pung": 1, "kong": 2}

#: the tile classes of facts.tile_in_class, by code
_CLASS_CODES = {"dragon": 0, "wind": 1, "seat_wind": 2, "round_wind": 3, "honor": 4, "terminal": 5, "simple": 6,
                "terminal_or_honor": 7, "suited": 8}

#: the winning ways the programs compare ``win_by`` with (``win(discard)`` ...), by code
_WIN_BY_CODES: dict = {}

_WIND_KINDS = {s: 27 + i for i, s in enumerate(SEATS)}  # facts.wind_kind


cdef inline bint _in_class(int kind, int cls, int seat_kind, int round_kind):
    """facts.tile_in_class."""
    if cls == 0:
        return 31 <= kind <= 33
    if cls == 1:
        return 27 <= kind <= 30
    if cls == 2:
        return kind == seat_kind
    if cls == 3:
        return kind == round_kind
    if cls == 4:
        return kind >= 27
    if cls == 5:
        return kind < 27 and (kind % 9 == 0 or kind % 9 == 8)
    if cls == 6:
        return kind < 27 and kind % 9 != 0 and kind % 9 != 8
    if cls == 7:
        return kind >= 27 or kind % 9 == 0 or kind % 9 == 8
    return kind < 27


cdef inline int _class_tiles(Span* s, int cls):
    """_Span.class_tiles."""
    cdef int k, n = 0
    if cls == 2:
        return s.shape[s.seat_kind]
    if cls == 3:
        return s.shape[s.round_kind]
    for k in range(34):
        if _in_class(k, cls, -1, -1):
            n += s.shape[k]
    return n


cdef inline int _floordiv3(int x):
    return x // 3 if x >= 0 else -((-x + 2) // 3)


cdef inline int _mod3(int x):
    """Python's ``x % 3`` (never negative)."""
    cdef int r = x % 3
    return r + 3 if r < 0 else r


cdef inline bint _any_held(int* sh, int start, int stop) noexcept:
    cdef int k
    for k in range(start, stop):
        if sh[k]:
            return True
    return False


cdef void _derive(Span* s):
    """What _Span.__init__ works out of the counts and the melded sets."""
    cdef int k, i, first, suits = 0, chows = 0, tiles = 0
    cdef int* sh = s.shape
    for k in range(34):
        tiles += sh[k]
    for k in range(4):  # the three suits' bits 1, 2, 4 and the honours' 8
        if _any_held(sh, 9 * k, 34 if k == 3 else 9 * k + 9):
            suits |= 1 << k
    cdef bint not_simple = (suits & 8 or sh[0] or sh[8] or sh[9] or sh[17] or sh[18] or sh[26])
    for i in range(s.n_groups):
        first = s.g_first[i]
        if s.g_size[i] == _SIZE_CHOW:
            chows += 1
            for k in range(first, first + 3):
                suits |= _suit_bit(k)
                not_simple = not_simple or _not_simple(k)
        else:
            suits |= _suit_bit(first)
            not_simple = not_simple or _not_simple(first)
    s.suits = suits
    s.simple_only = not not_simple
    s.tiles = tiles
    s.melded_chows = chows


cdef inline int _suit_bit(int k):
    return 1 << (k // 9) if k < 27 else 8


cdef inline bint _not_simple(int k):
    return k >= 27 or k % 9 == 0 or k % 9 == 8


# ---- the op codes: one per closure of bound._compile

cdef enum:
    OP_CONST            # an interval known when compiled (x, y): _unbounded, wait, shape, win()
    OP_WIN_TILE_WILD    # _LIGHT_FEATURES
    OP_CONCEALED_HAND
    OP_WILDS_HELD
    OP_WILD_SINGLE_WAIT
    OP_DISCARDED_WILD
    OP_FLOWERS          # a: 0 seat, 1 other, 2 any; b: outside sets only
    OP_FLOWER_SETS
    OP_WIN              # a: the code of the winning way asked about
    OP_SELF_DRAW
    OP_AFTER_DISCARD_KONG
    OP_LAST_TILE
    OP_FIRST_TURN
    OP_DEALER
    OP_MELDS_EXPOSED
    OP_PAIRS_CLASS      # _READING_BOUNDS; a: the class
    OP_CHOWS
    OP_FLUSH
    OP_HALF_FLUSH
    OP_ALL_HONORS
    OP_ALL_PUNGS
    OP_ALL_CHOWS
    OP_BIG_CRANE
    OP_WILD_AS_ITSELF
    OP_ALL_SIMPLES
    OP_WILD_PAIR_WIN
    OP_PUNGS            # _pungs_bound; a: class, b: exposed, c: size (-1 for any)
    OP_COMPARE          # a: the comparison (_COMPARE_CODES), x: the value
    OP_NOT
    OP_ALL              # a: the number of operands
    OP_ANY


cdef struct Op:
    int code
    int a
    int b
    int c
    double x
    double y


cdef struct Item:
    int is_multiplier
    double value
    int when_start      # -1: no condition
    int when_end
    int each_start      # -1: no count
    int each_end


_COMPARE_CODES = {">=": 0, ">": 1, "<=": 2, "<": 3, "==": 4, "!=": 5}

#: the light features with an op of their own (the others of bound._LIGHT_FEATURES make
#: the compiler decline)
_LIGHT_OPS = {
    "win_tile_wild": OP_WIN_TILE_WILD, "concealed_hand": OP_CONCEALED_HAND, "wilds_held": OP_WILDS_HELD,
    "wild_single_wait": OP_WILD_SINGLE_WAIT, "discarded_wild": OP_DISCARDED_WILD, "flowers": OP_FLOWERS,
    "flower_sets": OP_FLOWER_SETS, "win": OP_WIN, "self_draw": OP_SELF_DRAW,
    "after_discard_kong": OP_AFTER_DISCARD_KONG, "last_tile": OP_LAST_TILE, "first_turn": OP_FIRST_TURN,
    "dealer": OP_DEALER, "melds_exposed": OP_MELDS_EXPOSED,
}
#: the same for bound._READING_BOUNDS (pairs with a class; the ones of fixed value are constants)
_READING_OPS = {
    "chows": OP_CHOWS, "flush": OP_FLUSH, "half_flush": OP_HALF_FLUSH, "all_honors": OP_ALL_HONORS,
    "all_pungs": OP_ALL_PUNGS, "all_chows": OP_ALL_CHOWS, "big_crane": OP_BIG_CRANE,
    "wild_as_itself": OP_WILD_AS_ITSELF, "all_simples": OP_ALL_SIMPLES, "wild_pair_win": OP_WILD_PAIR_WIN,
}


class _Decline(Exception):
    """An expression the program cannot express: the closures answer for the rule set."""


cdef class Program:
    """The items of one list of bound._bound_items as op codes."""

    cdef Op* ops
    cdef Item* items
    cdef int n_ops
    cdef int n_items
    cdef readonly bint reads_flowers

    def __cinit__(self, list sources, bint light, bint any_tile):
        cdef list ops = []
        cdef list items = []
        for is_multiplier, value, when, each in sources:
            items.append((is_multiplier, value, *_span(when, light, any_tile, ops), *_span(each, light, any_tile, ops)))
        self.n_ops = len(ops)
        self.n_items = len(items)
        self.ops = <Op*>PyMem_Malloc(sizeof(Op) * (self.n_ops + 1))
        self.items = <Item*>PyMem_Malloc(sizeof(Item) * (self.n_items + 1))
        if self.ops == NULL or self.items == NULL:
            raise MemoryError()
        self.reads_flowers = False
        cdef int i
        for i, (code, a, b, c, x, y) in enumerate(ops):
            self.ops[i] = Op(code, a, b, c, x, y)
            if code == OP_FLOWERS or code == OP_FLOWER_SETS:
                self.reads_flowers = True
        for i, (is_multiplier, value, w0, w1, e0, e1) in enumerate(items):
            self.items[i] = Item(is_multiplier, value, w0, w1, e0, e1)
        _check_depth(ops)

    def __dealloc__(self):
        PyMem_Free(self.ops)
        PyMem_Free(self.items)


cdef tuple _span(expr, bint light, bint any_tile, list ops):
    """``expr``'s ops appended to ``ops``: their (start, end), or (-1, -1) for no expression."""
    if expr is None:
        return -1, -1
    cdef Py_ssize_t start = len(ops)
    _emit(expr, light, any_tile, ops)
    return start, len(ops)


def _check_depth(list ops):
    depth = 0
    for code, a, _b, _c, _x, _y in ops:
        if code == OP_COMPARE or code == OP_NOT:
            pass
        elif code == OP_ALL or code == OP_ANY:
            depth -= a - 1
        else:
            depth += 1
        if depth >= MAX_STACK:
            raise _Decline()


def _const(list ops, double lo, double hi):
    ops.append((OP_CONST, 0, 0, 0, lo, hi))


def _emit(expr, bint light, bint any_tile, list ops):
    """bound._compile, as ops appended to ``ops`` in postfix order."""
    if isinstance(expr, Feature):
        name = expr.name
        args = expr.args
        if name not in READING_FEATURES:
            if any_tile:
                return _const(ops, -INFINITY, INFINITY)
            if not light:
                raise _Decline()  # an exact hand-level feature, read from a hand's facts
            if name not in reference._LIGHT_FEATURES:
                return _const(ops, -INFINITY, INFINITY)
            code = _LIGHT_OPS.get(name)
            if code is None:
                raise _Decline()
            if code == OP_FLOWERS:
                which, outside = 2, 0
                for a in args:
                    if a == "seat":
                        which = 0
                    elif a == "other":
                        which = 1
                    elif a == "any":
                        which = 2
                    elif a == "outside_sets":
                        outside = 1
                    else:  # flowers_asked: None, so the bound takes every value
                        return _const(ops, -INFINITY, INFINITY)
                ops.append((code, which, outside, 0, 0.0, 0.0))
                return
            if code == OP_WIN:
                if not args:
                    return _const(ops, 1, 1)
                ops.append((code, _WIN_BY_CODES.setdefault(args[0], len(_WIN_BY_CODES)), 0, 0, 0.0, 0.0))
                return
            ops.append((code, 0, 0, 0, 0.0, 0.0))
            return
        if name == "pungs":
            cls, exp, size = parse_pungs_args(args)
            if (cls is not None and cls not in _CLASS_CODES) or (size is not None and size not in _SIZE_CODES):
                raise _Decline()
            ops.append((OP_PUNGS, -1 if cls is None else _CLASS_CODES[cls], -1 if exp is None else int(exp),
                        -1 if size is None else _SIZE_CODES[size], 0.0, 0.0))
            return
        if name not in reference._READING_BOUNDS:
            return _const(ops, -INFINITY, INFINITY)
        if name == "pairs":
            if not args:
                return _const(ops, 1, 1)
            if args[0] not in _CLASS_CODES:
                raise _Decline()
            ops.append((OP_PAIRS_CLASS, _CLASS_CODES[args[0]], 0, 0, 0.0, 0.0))
            return
        if name == "wait":
            return _const(ops, 0, 1) if args else _const(ops, 1, 1)
        if name == "shape":
            return _const(ops, 1, 1) if not args or args[0] == "standard" else _const(ops, 0, 0)
        code = _READING_OPS.get(name)
        if code is None:
            raise _Decline()
        ops.append((code, 0, 0, 0, 0.0, 0.0))
        return
    if isinstance(expr, Compare):
        _emit(expr.feature, light, any_tile, ops)
        ops.append((OP_COMPARE, _COMPARE_CODES[expr.op], 0, 0, float(expr.value), 0.0))
        return
    if isinstance(expr, Not):
        _emit(expr.operand, light, any_tile, ops)
        ops.append((OP_NOT, 0, 0, 0, 0.0, 0.0))
        return
    if isinstance(expr, (AllOf, AnyOf)):
        if not expr.operands:
            raise _Decline()
        for o in expr.operands:
            _emit(o, light, any_tile, ops)
        ops.append((OP_ALL if isinstance(expr, AllOf) else OP_ANY, len(expr.operands), 0, 0, 0.0, 0.0))
        return
    raise _Decline()


# ---- evaluation

cdef inline void _truth(double lo, double hi, double* tlo, double* thi):
    """bound._truth."""
    tlo[0] = 0.0 if lo <= 0 <= hi else 1.0
    thi[0] = 0.0 if lo == 0 and hi == 0 else 1.0


cdef void _eval(Op* ops, int start, int end, Span* s, double* out_lo, double* out_hi):
    """The interval of the expression ``ops[start:end]`` over ``s``."""
    cdef double lo[MAX_STACK]
    cdef double hi[MAX_STACK]
    cdef int sp = 0, i, j, n, m, v, code
    cdef Op* op
    cdef double a, b, t0, t1, r0, r1, value
    cdef bint can_hold, can_fail, pair_saves
    for i in range(start, end):
        op = &ops[i]
        code = op.code
        if code == OP_COMPARE:
            a = lo[sp - 1]
            b = hi[sp - 1]
            value = op.x
            if op.a == 0:
                can_hold, can_fail = b >= value, a < value
            elif op.a == 1:
                can_hold, can_fail = b > value, a <= value
            elif op.a == 2:
                can_hold, can_fail = a <= value, b > value
            elif op.a == 3:
                can_hold, can_fail = a < value, b >= value
            elif op.a == 4:
                can_hold, can_fail = a <= value <= b, not (a == b and b == value)
            else:
                can_hold, can_fail = not (a == b and b == value), a <= value <= b
            lo[sp - 1] = 0.0 if can_fail else 1.0
            hi[sp - 1] = 1.0 if can_hold else 0.0
            continue
        if code == OP_NOT:
            _truth(lo[sp - 1], hi[sp - 1], &t0, &t1)
            lo[sp - 1] = 1.0 - t1
            hi[sp - 1] = 1.0 - t0
            continue
        if code == OP_ALL or code == OP_ANY:
            n = op.a
            sp -= n
            _truth(lo[sp], hi[sp], &r0, &r1)
            for j in range(sp + 1, sp + n):
                _truth(lo[j], hi[j], &t0, &t1)
                if code == OP_ALL:
                    r0 = t0 if t0 < r0 else r0
                    r1 = t1 if t1 < r1 else r1
                else:
                    r0 = t0 if t0 > r0 else r0
                    r1 = t1 if t1 > r1 else r1
            lo[sp] = r0
            hi[sp] = r1
            sp += 1
            continue
        # a feature: push its interval
        if code == OP_CONST:
            a, b = op.x, op.y
        elif code == OP_WIN_TILE_WILD:
            a = b = s.win_is_wild
        elif code == OP_CONCEALED_HAND:
            a = b = s.concealed_hand
        elif code == OP_WILDS_HELD:
            a = b = s.wilds
        elif code == OP_WILD_SINGLE_WAIT:
            if s.before_wilds == 0:
                a = b = 0.0
            elif s.single_wait >= 0:
                a = b = s.single_wait
            else:
                a, b = -INFINITY, INFINITY
        elif code == OP_DISCARDED_WILD:
            a = b = s.discarded_wild
        elif code == OP_FLOWERS:
            if op.b:
                v = s.fl_seat_outside if op.a == 0 else s.fl_other_outside if op.a == 1 else (
                    s.fl_seat_outside + s.fl_other_outside)
            else:
                v = s.fl_seat if op.a == 0 else s.fl_other if op.a == 1 else s.fl_seat + s.fl_other
            a = b = v
        elif code == OP_FLOWER_SETS:
            a = b = s.fl_sets
        elif code == OP_WIN:
            a = b = (s.win_by == op.a)
        elif code == OP_SELF_DRAW:
            a = b = s.self_draw
        elif code == OP_AFTER_DISCARD_KONG:
            a = b = s.after_discard_kong
        elif code == OP_LAST_TILE:
            a = b = s.last_tile
        elif code == OP_FIRST_TURN:
            a = b = s.first_turn
        elif code == OP_DEALER:
            a = b = s.dealer
        elif code == OP_MELDS_EXPOSED:
            a = b = s.n_melds
        elif code == OP_PAIRS_CLASS:
            a = 0.0
            b = 1.0 if s.wilds or _class_tiles(s, op.a) else 0.0
        elif code == OP_CHOWS:
            a = s.melded_chows
            b = s.melded_chows + _floordiv3(s.tiles + s.wilds)
        elif code == OP_FLUSH:
            a = 0.0
            b = 1.0 if s.suits in (0, 1, 2, 4) else 0.0
        elif code == OP_HALF_FLUSH:
            a = 0.0
            b = 1.0 if s.suits & 7 in (0, 1, 2, 4) else 0.0
        elif code == OP_ALL_HONORS:
            a = 0.0
            b = 1.0 if s.suits & 7 == 0 else 0.0
        elif code == OP_ALL_PUNGS:
            a = b = 0.0
            if not s.melded_chows:
                m = 0
                pair_saves = False
                for j in range(34):
                    v = s.shape[j]
                    if v:
                        m += _mod3(-v)
                        pair_saves = pair_saves or _mod3(v) != 0
                m = m - 1 if pair_saves else m + 2
                b = 1.0 if s.wilds >= m else 0.0
        elif code == OP_ALL_CHOWS:
            a = 0.0
            b = 1.0
            for j in range(s.n_groups):
                if s.g_size[j] != _SIZE_CHOW:
                    b = 0.0
                    break
        elif code == OP_BIG_CRANE:
            a = 0.0
            b = 1.0 if s.n_melds == 4 else 0.0
        elif code == OP_WILD_AS_ITSELF:
            a = 0.0
            b = s.wild_as_itself
        elif code == OP_ALL_SIMPLES:
            a = 0.0
            b = 1.0 if s.simple_only else 0.0
        elif code == OP_WILD_PAIR_WIN:
            a = 0.0
            b = 1.0 if s.win_is_wild else 0.0
        else:  # OP_PUNGS
            m = 0
            for j in range(s.n_groups):
                if s.g_size[j] == _SIZE_CHOW or (op.c >= 0 and s.g_size[j] != op.c) or (
                        op.b >= 0 and op.b != s.g_exposed[j]):
                    continue
                if op.a >= 0 and not _in_class(s.g_first[j], op.a, s.seat_kind, s.round_kind):
                    continue
                m += 1
            v = s.tiles if op.a < 0 else _class_tiles(s, op.a)
            a = m
            b = m + _floordiv3(v + s.wilds)
        lo[sp] = a
        hi[sp] = b
        sp += 1
    out_lo[0] = lo[sp - 1]
    out_hi[0] = hi[sp - 1]


cdef void _sum_bounds(Program prog, Span* s, double* tai, double* mult):
    """bound._sum_bounds."""
    cdef int i
    cdef Item* it
    cdef double lo, hi, t0, t1, n_high
    for i in range(prog.n_items):
        it = &prog.items[i]
        if it.when_start >= 0:
            _eval(prog.ops, it.when_start, it.when_end, s, &lo, &hi)
            _truth(lo, hi, &t0, &t1)
            if not t1:
                continue
        if it.each_start < 0:
            n_high = 1.0
        else:
            _eval(prog.ops, it.each_start, it.each_end, s, &lo, &hi)
            n_high = hi
        if n_high <= 0:
            continue
        if it.is_multiplier:
            mult[0] *= pow(it.value, n_high) if n_high != INFINITY else INFINITY
        else:
            tai[0] += it.value * n_high


# ---- the plan

cdef class CompiledPlan:
    """A bound._BoundPlan's programs for the bound from counts, and what it reads of the
    rule set's scoring."""

    cdef Program hand_items
    cdef Program any_tile_items
    cdef Program light_items
    cdef bint light_items_read_hand
    cdef bint wild_kong
    cdef bint reads_flowers
    cdef double wait_tai
    cdef double wait_multiplier
    cdef bint of_value
    cdef double minimum
    cdef tuple alternatives
    #: (seat, flowers, wild kinds) -> the five counts of bound._flowers_counted
    cdef dict flower_counts
    #: bound.light_forbids: (the ways of winning forbidden, the condition as a program of one item)
    cdef list forbids

    def __cinit__(self, bp, scoring, list hand_sources, list any_tile_sources, list light_sources,
                  list forbid_sources):
        self.forbids = [(forbid, Program([(False, 1, when, None)], True, False)) for forbid, when in forbid_sources]
        self.hand_items = Program(hand_sources, True, False)
        self.any_tile_items = Program(any_tile_sources, True, True)
        self.light_items = Program(light_sources, True, False)
        self.light_items_read_hand = bp.light_items_read_hand
        self.wild_kong = bp.wild_kong
        self.reads_flowers = (self.hand_items.reads_flowers or (self.light_items_read_hand
                                                                and self.light_items.reads_flowers)
                              or any([(<Program>prog).reads_flowers for _forbid, prog in self.forbids]))
        self.wait_tai = bp.wait_tai
        self.wait_multiplier = bp.wait_multiplier
        self.of_value = scoring.minimum_of == "value"
        self.minimum = scoring.minimum
        self.alternatives = tuple((float(t), float(m)) for t, m in scoring.minimum_alternatives)
        self.flower_counts = {}

    cdef bint reaches(self, double tai, double mult):
        """bound._reaches."""
        cdef double reached
        if self.of_value:
            reached = tai * mult if tai > 0 else 0.0
        else:
            reached = tai
        if reached >= self.minimum:
            return True
        for t, m in self.alternatives:
            if tai >= <double>t and mult >= <double>m:
                return True
        return False


def compile_plan(bp, scoring, list hand_sources, list any_tile_sources, list light_sources, list forbid_sources):
    """The programs of a bound plan (bound._BoundPlan), None where some item or win
    restriction is not one the programs can express (then the closures answer)."""
    try:
        return CompiledPlan(bp, scoring, hand_sources, any_tile_sources, light_sources, forbid_sources)
    except _Decline:
        return None


cdef object _fallback(rules, hand, flower_flag, wild_kinds, int tile, bint count_tile, melds, flowers, seat,
                      round_wind, win_by, bint last_tile, bint first_turn, bint discarded_wild):
    from ..engine.wins import win_counts  # the engine imports the scoring, not the other way round

    shape, w, wild_as_itself = win_counts(hand, flower_flag, wild_kinds, tile if count_tile else -1)
    return reference.reach_from_counts(
        rules, shape, w, wild_as_itself, tile in wild_kinds, tuple([(m.kind, m.tiles) for m in melds]),
        tuple(flowers), wild_kinds, seat, round_wind, win_by, last_tile, first_turn, discarded_wild, tile)


cdef enum:
    PREPARED = 0
    FALL_BACK = 1
    REACHES = 2


cdef int _prepare(CompiledPlan cp, Span* s, Span* ws, rules, hand, tuple flower_flag, frozenset wild_kinds, int tile,
                  bint count_tile, list melds, list flowers, str seat, str round_wind, str win_by, bint last_tile,
                  bint first_turn, bint discarded_wild) except -1:
    """Fill ``s``, the span of the win, and ``ws``, that of the waiting hand with the
    winning tile as one more wild (as reach_from_counts builds them); FALL_BACK for a hand
    these spans do not hold, REACHES for one whose bound reach_from_counts does not work out."""
    cdef Py_ssize_t n_melds = len(melds)
    if (type(hand) is not bytearray or len(<bytearray>hand) < 42 or n_melds > MAX_GROUPS
            or not 0 <= tile < 42 or seat not in _WIND_KINDS or round_wind not in _WIND_KINDS):
        return FALL_BACK
    cdef unsigned char wild[42]
    cdef int k, c, i, first, w = 0, wild_as_itself = 0
    memset(wild, 0, 42)
    for x in wild_kinds:
        if type(x) is not int:
            return FALL_BACK
        if 0 <= x < 42:
            wild[<int>x] = 1
    cdef bint win_is_wild = wild[tile]
    if not win_is_wild and tile >= 34:
        return FALL_BACK
    cdef unsigned char* h = <unsigned char*><char*>hand
    # win_counts
    for k in range(34):
        s.shape[k] = 0
    for k in range(42):
        c = h[k]
        if not c or flower_flag[k]:
            continue
        if wild[k]:
            w += c
            if k < 34:
                wild_as_itself += c
        else:
            s.shape[k] = c
    if count_tile:
        if win_is_wild:
            w += 1
            if tile < 34:
                wild_as_itself += 1
        else:
            s.shape[tile] += 1
    # the melds (reach_from_counts' first loop, and the melded sets)
    cdef bint concealed_hand = True
    last_kind = None
    cdef tuple tiles
    cdef Py_ssize_t j
    for i in range(n_melds):
        m = melds[i]
        kind = m.kind
        tiles = m.tiles
        if not tiles:
            return FALL_BACK
        if kind != "ankan":
            concealed_hand = False
        elif cp.wild_kong and tiles[0] in wild_kinds:
            return REACHES
        first = 99
        for j in range(len(tiles)):  # min(tiles)
            c = tiles[j]
            if c < first:
                first = c
        if not 0 <= first < 34:
            return FALL_BACK
        s.g_first[i] = first
        if kind == "chi":
            s.g_size[i] = _SIZE_CHOW
            s.g_exposed[i] = 1
        elif kind == "pon":
            s.g_size[i] = _SIZE_PUNG
            s.g_exposed[i] = 1
        else:
            s.g_size[i] = _SIZE_KONG
            s.g_exposed[i] = kind != "ankan"
        last_kind = kind
    s.n_groups = n_melds
    s.n_melds = n_melds
    s.wilds = w
    s.wild_as_itself = wild_as_itself
    s.win_is_wild = win_is_wild
    s.seat_kind = _WIND_KINDS[seat]
    s.round_kind = _WIND_KINDS[round_wind]
    s.concealed_hand = concealed_hand
    s.discarded_wild = discarded_wild
    code = _WIN_BY_CODES.get(win_by)
    s.win_by = -1 if code is None else code
    s.self_draw = win_by in SELF_DRAWN
    s.after_discard_kong = win_by == "kong_replacement" and last_kind == "kan"
    s.last_tile = last_tile
    s.first_turn = first_turn
    s.dealer = seat == "E"
    s.before_wilds = w - win_is_wild
    s.single_wait = -1
    if cp.reads_flowers and flowers:
        held = tuple(flowers)
        key = (seat, held, wild_kinds)
        counted = cp.flower_counts.get(key)
        if counted is None:
            if len(cp.flower_counts) >= 4096:
                cp.flower_counts.clear()
            fc = reference._flowers_counted(rules, seat, held, wild_kinds)
            counted = cp.flower_counts[key] = (fc.seat, fc.other, fc.seat_outside, fc.other_outside, fc.sets)
        s.fl_seat, s.fl_other, s.fl_seat_outside, s.fl_other_outside, s.fl_sets = counted
    else:
        s.fl_seat = s.fl_other = s.fl_seat_outside = s.fl_other_outside = s.fl_sets = 0
    _derive(s)
    # the waiting hand and any winning tile: the tile out, one wild more
    ws[0] = s[0]
    if win_is_wild:
        ws.wild_as_itself = wild_as_itself - (tile < 34) + 1
    else:
        ws.shape[tile] -= 1
        ws.wilds = w + 1
        ws.wild_as_itself = wild_as_itself + 1
        _derive(ws)
    ws.win_is_wild = True
    return PREPARED


#: the rules last asked about, and their compiled plan: a table asks of one rule set
cdef object _last_rules = None
cdef CompiledPlan _last_plan = None
cdef bint _last_without_bound = False


cdef CompiledPlan _compiled_plan(rules, bint* without_bound):
    """The rules' compiled plan, None where the closures answer; ``without_bound`` set where
    the rules keep no bound from counts (bound._BoundPlan.counts_scoring is None)."""
    global _last_rules, _last_plan, _last_without_bound
    if rules is not _last_rules:
        entry = reference._BOUND_PLANS.get(id(rules))
        bp = entry[1] if entry is not None and entry[0] is rules else reference._bound_plan(rules)
        _last_without_bound = bp.counts_scoring is None
        _last_plan = bp.compiled
        _last_rules = rules
    without_bound[0] = _last_without_bound
    return _last_plan


def reach_from_hand(rules, hand, tuple flower_flag, frozenset wild_kinds, int tile, bint count_tile, list melds,
                    list flowers, str seat, str round_wind, str win_by, bint last_tile, bint first_turn,
                    bint discarded_wild):
    """``bound.reach_from_counts`` of a seat's hand (a bytearray of the 42 tile counts) and
    its winning ``tile`` (counted into the hand when ``count_tile``), its melds (with
    ``kind`` and ``tiles``) and flowers: the counts are those of
    ``nbmj.engine.wins.win_counts``."""
    cdef bint without_bound
    cdef CompiledPlan cp = _compiled_plan(rules, &without_bound)
    if without_bound:
        return True
    cdef Span s, ws
    cdef int status = FALL_BACK
    if cp is not None:
        status = _prepare(cp, &s, &ws, rules, hand, flower_flag, wild_kinds, tile, count_tile, melds, flowers, seat,
                          round_wind, win_by, last_tile, first_turn, discarded_wild)
    if status == REACHES:
        return True
    if status == FALL_BACK:
        return _fallback(rules, hand, flower_flag, wild_kinds, tile, count_tile, melds, flowers, seat, round_wind,
                         win_by, last_tile, first_turn, discarded_wild)
    # the hand-level part, then the bound over the waiting hand and any winning tile
    # (which most wins fail), then the one with the winning tile itself
    cdef double tai = 0.0, mult = 1.0, loose_tai = 0.0, loose_mult = 1.0
    _sum_bounds(cp.hand_items, &s, &tai, &mult)
    tai = cp.wait_tai + tai
    mult = cp.wait_multiplier * mult
    _sum_bounds(cp.any_tile_items, &ws, &loose_tai, &loose_mult)
    if not cp.reaches(tai + loose_tai, mult * loose_mult):
        return False
    _sum_bounds(cp.light_items, &s, &tai, &mult)
    if not cp.reaches(tai, mult):
        return False
    return not _forbidden(cp, &s, &ws, win_by)


cdef bint _forbidden(CompiledPlan cp, Span* s, Span* ws, str win_by) except -1:
    """Whether a win restriction on the hand surely holds (bound.reach_from_counts' last loop)."""
    cdef Program prog
    cdef double lo, hi, t0, t1
    cdef int k
    for forbid, prog in cp.forbids:
        if win_by in forbid:
            if s.before_wilds and s.single_wait < 0:
                s.single_wait = wild_single_wait_of([ws.shape[k] for k in range(34)], s.before_wilds)
            _eval(prog.ops, prog.items[0].when_start, prog.items[0].when_end, s, &lo, &hi)
            _truth(lo, hi, &t0, &t1)
            if t0 == 1.0:
                return True
    return False


def bound_parts(rules, hand, tuple flower_flag, frozenset wild_kinds, int tile, bint count_tile, list melds,
                list flowers, str seat, str round_wind, str win_by, bint last_tile, bint first_turn,
                bint discarded_wild):
    """The three sums of reach_from_hand, for the tests: the hand-level part, the part over
    the waiting hand and any tile, and the reading-level part, each (台, multiplier) from
    (0, 1), and whether a win restriction on the hand surely holds; None where reach_from_hand leaves the hand to the closures or answers without them."""
    cdef bint without_bound
    cdef CompiledPlan cp = _compiled_plan(rules, &without_bound)
    cdef Span s, ws
    if cp is None or _prepare(cp, &s, &ws, rules, hand, flower_flag, wild_kinds, tile, count_tile, melds, flowers,
                              seat, round_wind, win_by, last_tile, first_turn, discarded_wild) != PREPARED:
        return None
    cdef double t0 = 0.0, m0 = 1.0, t1 = 0.0, m1 = 1.0, t2 = 0.0, m2 = 1.0
    _sum_bounds(cp.hand_items, &s, &t0, &m0)
    _sum_bounds(cp.any_tile_items, &ws, &t1, &m1)
    _sum_bounds(cp.light_items, &s, &t2, &m2)
    return (t0, m0), (t1, m1), (t2, m2), _forbidden(cp, &s, &ws, win_by)
