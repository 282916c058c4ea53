# bound.py's records as extension types and its interval program as C loops over C doubles
# (compiled from bound.py itself; see nbmj/engine/state.pxd). The engine asks reach_from_hand
# at every win it meets.
cimport cython

from nbmj.scoring.expressions cimport Program
from nbmj.scoring.facts cimport FlowerCounts, HandFacts, SetGroup
from nbmj.scoring.items cimport ItemPlan


cdef class _LightFacts:
    cdef public bint concealed_hand
    cdef public bint discarded_wild
    cdef public FlowerCounts flowers
    cdef public str win_by
    cdef public bint last_tile
    cdef public bint first_turn
    cdef public bint dealer
    cdef public object last_meld_kind
    cdef public long before_wilds
    cdef public object single_wait


cdef class _Span:
    cdef public HandFacts hf
    cdef public object shape
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
    cdef public _LightFacts light

    @cython.locals(k=long)
    cpdef long class_tiles(self, str cls) except -1


cdef class ValueBound:
    cdef public double tai
    cdef public double multiplier


cdef class _Part:
    cdef public list items
    cdef public Py_ssize_t size
    cdef public int how
    cdef public list ops
    cdef public list hand_slots
    cdef public list hand_features
    cdef public list reading_slots
    cdef public list reading_bounds
    cdef public list reading_args
    cdef public list light_values
    cdef public bint reads_hand

    @cython.locals(lo=list, hi=list, i=Py_ssize_t, slot=Py_ssize_t, low=double, high=double, lf=_LightFacts)
    cpdef tuple intervals(self, _Span span, list values)
    @cython.locals(lo=list, hi=list, is_multiplier=bint, value=double, when=Py_ssize_t, each=Py_ssize_t,
                   n_high=double)
    cpdef tuple sum(self, _Span span, list values, double tai, double mult)
    @cython.locals(lo=list, hi=list)
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
cpdef _run_bounds(list ops, list lo, list hi)
@cython.locals(entry=tuple)
cpdef _BoundPlan _bound_plan(object rules)
@cython.locals(reached=double)
cpdef bint _reaches(object scoring, double tai, double mult) except -1
