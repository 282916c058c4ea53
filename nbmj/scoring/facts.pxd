# facts.py's records as extension types and its functions as C functions (compiled from
# facts.py itself; see nbmj/engine/state.pxd).
cimport cython

from nbmj.scoring._by_object cimport ByObject
from nbmj.scoring.situation cimport Situation, bloom_kong_of


cdef class SetGroup:
    cdef readonly str size
    cdef readonly int first
    cdef readonly bint exposed
    cdef readonly bint melded
    cdef readonly tuple wild_mask


cdef class FlowerCounts:
    cdef readonly int seat
    cdef readonly int other
    cdef readonly int seat_outside
    cdef readonly int other_outside
    cdef readonly int sets


cdef class HandLevel:
    cdef public str seat
    cdef public int win_method
    cdef public int wilds
    cdef public int melded_wilds
    cdef public bint win_is_wild
    cdef public object wild_single_wait  # None until a rule asks (features.wild_single_wait)
    cdef public bint discarded_wild
    cdef public FlowerCounts flowers
    cdef public bint concealed_hand
    cdef public int melds_exposed
    cdef public object bloom_kind  # a meld kind, or None
    cdef public bint last_tile
    cdef public bint first_turn


cdef class HandFacts(HandLevel):
    cdef public Situation situation
    cdef public object rules
    cdef public frozenset wild_kinds
    cdef public bytes shape
    cdef public dict wild_physical
    cdef public tuple melded
    cdef public int seat_kind
    cdef public int round_kind


@cython.locals(concealed_hand=bint, kind=str)
cpdef fill_level(HandLevel hl, str seat, str win_by, list meld_kinds, tuple after_kong_kinds, int wilds,
                 int melded_wilds, bint win_is_wild, int before_wilds, bint discarded_wild, FlowerCounts flowers,
                 bint last_tile, bint first_turn)


# C variables: wind_kind and win_method_code read them without a look-up of the module's globals
cdef dict _WIND_KINDS
cdef dict _WIN_CODES


@cython.locals(code=object)
cpdef int win_method_code(str win_by) except -1


@cython.locals(kind=object)
cpdef int wind_kind(str seat) except -1
cdef dict _CLASS_CODES
@cython.locals(code=object)
cpdef int class_code(str cls) except -1
cpdef long suit_bit(long kind) noexcept
cpdef bint kind_in_class(int kind, int code, int seat_kind, int round_kind) except -1
cpdef bint tile_in_class(int kind, str cls, int seat_kind, int round_kind) except -1
@cython.locals(seat_n=int, seat_out=int, other_out=int, n_sets=int)
cpdef FlowerCounts flower_counts(Situation sit, object rules, frozenset wild_kinds)
@cython.locals(entry=tuple)
cpdef FlowerCounts _flowers_of(Situation sit, object rules, frozenset wild_kinds)
@cython.locals(z=int, k=Py_ssize_t, won=bint, total=long)
cpdef bint sets_only(bytearray counts, int wilds) except -1
@cython.locals(i=int, c=int, r=int, s=int, used=int, k=int, take=list, ok=bint)
cpdef bint _sets_only_search(bytearray counts, int wilds) except -1
# a C variable: _wilds_of calls its get as a C method
cdef ByObject _WILDS


@cython.locals(by_indicator=dict)
cpdef frozenset _wilds_of(object rules_wilds, object indicator)
cdef list _NO_KINDS
cdef bytearray _NO_COUNTS
cdef bytes _NO_BYTES
@cython.locals(kinds=int, shape=bytearray, t=int, w=int, wilds=int, before_wilds=int, melded_wilds=int,
               wild_physical=dict, melded=tuple, sets=list, meld_kinds=list, m=object, flower_held=bint, hf=HandFacts)
cpdef HandFacts facts(Situation sit, object rules)
@cython.locals(hf=HandFacts)
cpdef HandFacts new_hand_facts(Situation sit, object rules, frozenset wild_kinds, bytes shape, dict wild_physical,
                               tuple melded)
