# The declared state, typed for the compiled modules (the engine's mechanics, nbmj/env/_encode.pyx):
# this augmenting .pxd makes Cython compile state.py's classes into extension types whose fields
# the compiled code reads as C struct members. The fields and their order are state.py's; a
# field that may hold None, or a sequence a referee or a test sets, stays a Python object.
cimport cython

from .rules_view cimport EngineRules, WildTables
from .wall cimport Wall


cdef frozenset _NO_KINDS


cdef class SeatState:
    cdef public bytearray hand
    cdef public list melds
    cdef public list river
    cdef public list flowers
    cdef public list fed
    cdef public bint discarded_wild
    cdef public bint passed_win
    cdef public set passed_pon
    cdef public bint ready
    cdef public long changes


cdef class TableState:
    cdef public EngineRules er
    cdef public WildTables wt
    cdef public object rules
    cdef public Wall wall
    cdef public tuple seats
    cdef public int dealer
    cdef public str round_wind
    cdef public object indicator
    cdef public int discards_made
    cdef public bint claims_made
    cdef public int kongs
    cdef public int kept_tiles
    cdef public bint last_tile_drawn
    cdef public int current
    cdef public list offences
    cdef public list immediate
    cdef public list events
    cdef public dict scores
    cdef public list legal
    cdef public long version
    cdef public object phase
    cdef public bint keeps_log
    cdef public list turn_kongs

    # the reserve tests the mechanics ask at every step, called there as C methods (can_draw's
    # counts as C ints: Cython would keep them as Python ints)
    cpdef SeatState seat(self, int position)
    @cython.locals(kept=cython.int, remaining=cython.int)
    cpdef bint can_draw(self)
    cpdef bint can_kong(self)
    cpdef bint window_open(self, str window, bint at_claim, object seat=*) except -1
    cpdef bint in_force(self, object r, bint at_claim=*, object seat=*) except -1
    @cython.locals(er=EngineRules)
    cpdef bint win_barred(self, int p) except -1
    @cython.locals(passed=set, er=EngineRules)
    cpdef object pons_barred(self, int p)
    cpdef set banned_claims(self, bint at_claim)
    @cython.locals(legal=list)
    cpdef forget_legal(self)
    cpdef emit(self, dict event)
    @cython.locals(immediate=list, q=int)
    cpdef pay_immediate(self, int p, int amount, str why)


# the records' constructors, C functions for the mechanics
cpdef object new_meld(str kind, tuple tiles, object source)
cpdef object claimed_river_tile(object tile, str claimed_by)
