# The declared state, typed for the compiled modules (nbmj/engine/_hot.pyx, nbmj/env/_encode.pyx):
# this augmenting .pxd makes Cython compile state.py's classes into extension types whose fields
# the compiled code reads as C struct members. The fields and their order are state.py's; a
# field that may hold None, or a sequence a referee or a test sets, stays a Python object.
cimport cython

from .rules_view cimport EngineRules, WildTables
from .wall cimport Wall


cdef class SeatState:
    cdef public object hand  # a bytearray; a test may set another sequence (the hot path checks)
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
    cdef public dict legal
    cdef public long version
    cdef public object phase
    cdef public bint keeps_log

    # the reserve tests the compiled hot path asks at every step, called there as C methods
    # (can_draw's counts as C ints: Cython would keep them as Python ints)
    @cython.locals(kept=cython.int, remaining=cython.int)
    cpdef bint can_draw(self)
    cpdef bint can_kong(self)
