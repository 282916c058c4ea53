# bound.py's records as extension types and its interval program as C loops over C doubles
# (compiled from bound.py itself; see nbmj/engine/state.pxd). The engine asks reach_from_hand
# at every win it meets.
cimport cython

from nbmj.scoring._by_object cimport ByObject
from nbmj.scoring.expressions cimport Program
from nbmj.scoring.facts cimport FlowerCounts, HandFacts, HandLevel, SetGroup, fill_level, suit_bit
from nbmj.scoring.features cimport FeatureImpl
from nbmj.scoring.items cimport ItemPlan
from nbmj.scoring.totals cimport reaches_minimum


cdef class _Span:
    cdef public HandFacts hf
    cdef public bytes shape
    cdef public long wilds
    cdef public tuple melded
    cdef public long seat_kind
    cdef public long round_kind
    cdef public long n_melds
    cdef public long wild_as_itself
    cdef public bint win_is_wild
    cdef public long suits
    cdef public bint simple_only
    cdef public long tiles
    cdef public long melded_chows
    cdef public HandLevel light

    @cython.locals(k=long, shape=bytes, n=long)
    cpdef long class_tiles(self, str cls) except -1


@cython.locals(fill=long, pair_saves=bint, c=long, need=long, k=long, shape=bytes)
cpdef bint _all_pungs_possible(_Span span) except -1


@cython.locals(shape=bytes, most=long, base=long, first=long, a=long, b=long, c=long, least=long, made=long,
               g=SetGroup)
cpdef long _identical_chows_high(_Span span) except -1


cdef class ValueBound:
    cdef public double tai
    cdef public double multiplier


cdef class _Intervals:
    cdef public double lo[128]  # bound._MAX_SLOTS
    cdef public double hi[128]


cdef class _Part:
    cdef public int how
    cdef public dict index
    cdef public Py_ssize_t size
    cdef public list items
    cdef public list ops
    cdef public list hand_slots
    cdef public list hand_sources
    cdef public list reading_slots
    cdef public list reading_codes
    cdef public list reading_args
    cdef public list hand_impls
    cdef public bint reads_hand

    @cython.locals(iv=_Intervals, i=Py_ssize_t, slot=Py_ssize_t, v=long, hl=HandLevel, impl=FeatureImpl)
    cpdef _Intervals intervals(self, _Span span, list values)
    @cython.locals(iv=_Intervals, is_multiplier=bint, value=double, when=Py_ssize_t, each=Py_ssize_t,
                   n_high=double)
    cpdef tuple sum(self, _Span span, list values, double tai, double mult)
    @cython.locals(iv=_Intervals, at=Py_ssize_t)
    cpdef bint surely_holds(self, _Span span, Py_ssize_t slot) except -1


cdef class _BoundPlan:
    cdef public bint unbounded
    cdef public double wait_tai
    cdef public double wait_multiplier
    cdef public list hand_items
    cdef public _Part items
    cdef public _Part light_hand_items
    cdef public _Part light_items
    cdef public _Part any_tile_items
    cdef public list light_forbids
    cdef public dict light_hand_parts
    cdef public dict light_hand_counted
    cdef public bint light_items_read_hand
    cdef public bint wild_kong
    cdef public object counts_scoring
    cdef public dict any_tile_parts
    cdef public ItemPlan plan


cpdef double _truth_low(double lo, double hi)
cpdef double _truth_high(double lo, double hi)
@cython.locals(i=Py_ssize_t, end=Py_ssize_t, op=long, slot=Py_ssize_t, a=Py_ssize_t, b=Py_ssize_t, alo=double,
               ahi=double, t1lo=double, t1hi=double, t2lo=double, t2hi=double, v=double, can_hold=bint, can_fail=bint)
cpdef _run_bounds(list ops, _Intervals iv)
# a C variable: _bound_plan calls its get as a C method
cdef ByObject _BOUND_PLANS


@cython.locals(bp=_BoundPlan)
cpdef _BoundPlan _bound_plan(object rules)
cpdef bint _reaches(object scoring, double tai, double mult) except -1
@cython.locals(shape=bytearray, wild=bytearray, counts=bytearray, w=long, wild_as_itself=long, k=long, c=long)
cpdef tuple hand_counts(object hand, tuple flower_flag, frozenset wilds, long tile)
@cython.locals(parsed=tuple, melded=long, g=SetGroup, tiles=long)
cpdef _pungs_bound(tuple args, _Span span, _Intervals iv, Py_ssize_t slot)
@cython.locals(lo=double, hi=double)
cpdef _reading_bound(long code, tuple args, _Span span, _Intervals iv, Py_ssize_t slot)
@cython.locals(g=SetGroup)
cpdef bint _all_chows_possible(_Span span) except -1
@cython.locals(hl=HandLevel)
cpdef HandLevel _light_facts(object rules, tuple flowers, frozenset wild_kinds, list meld_kinds, tuple after_kong_kinds,
                             bint discarded_wild, str win_by, bint last_tile, bint first_turn, str seat, long wilds,
                             bint win_is_wild)
@cython.locals(bp=_BoundPlan, meld_kinds=list, kinds=tuple, melded=tuple, span=_Span, any_span=_Span,
               hand_key=tuple, hand_part=tuple, counted_key=tuple, hl=HandLevel, tai=double, mult=double,
               waiting=bytes, held=bytearray, wild_before=long, itself_before=long, wait_key=tuple, loose=tuple,
               light=HandLevel, condition=_Part, slot=Py_ssize_t)
cpdef bint reach_from_counts(object rules, object shape, long wilds, long wild_as_itself, bint win_is_wild,
                             tuple melds, tuple flowers, frozenset wild_kinds, str seat, str round_wind, str win_by,
                             bint last_tile, bint first_turn, bint discarded_wild, object win_tile,
                             tuple after_kong_kinds=*) except -1
@cython.locals(shape=bytearray, w=long, wild_as_itself=long)
cpdef bint reach_from_hand(object rules, object hand, tuple flower_flag, frozenset wild_kinds, long tile,
                           bint count_tile, object melds, object flowers, str seat, str round_wind, str win_by,
                           bint last_tile, bint first_turn, bint discarded_wild, tuple after_kong_kinds=*) except -1
@cython.locals(span=_Span, counts=bytes, suits=long, tiles=long, k=long, last=long, not_simple=bint, chows=long,
               g=SetGroup)
cpdef _Span _span(HandFacts hf, object shape, long wilds, tuple melded, long seat_kind, long round_kind,
                  long n_melds, long wild_as_itself, bint win_is_wild, HandLevel light=*)
