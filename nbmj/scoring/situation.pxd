# situation.py's records as extension types (compiled from situation.py itself; see
# nbmj/engine/state.pxd): the scorer reads a win's fields as C struct members.

cimport cython


cdef class Meld:
    cdef readonly str kind
    cdef readonly tuple tiles
    cdef readonly object source  # a seat, or None


cdef class Situation:
    cdef readonly str seat
    cdef readonly str round_wind
    cdef readonly tuple concealed
    cdef readonly int win_tile
    cdef readonly str win_by
    cdef readonly object discarder  # a seat, or None
    cdef readonly tuple melds
    cdef readonly tuple flowers
    cdef readonly object indicator  # a tile id, or None
    cdef readonly bint last_tile
    cdef readonly bint first_turn
    cdef readonly tuple fed
    cdef readonly bint discarded_wild
    cdef readonly object variant
    cdef readonly object liable
    cdef readonly tuple after_kongs

    @cython.locals(last=Meld)
    cpdef object bloom_kong(self)

cpdef object bloom_kong_of(str win_by, tuple after_kongs, object last_meld, object last_meld_kind)
