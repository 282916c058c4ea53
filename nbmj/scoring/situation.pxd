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

# Situation.check, asked by score() of every win: the tiles counted in two C integers; the
# seats and win methods as C variables (no look-up of a module global at each check)
cdef frozenset _SEAT_SET
cdef frozenset _WIN_METHOD_SET
cdef frozenset _ON_A_DISCARD
cdef str _EAST, _SOUTH, _WEST, _NORTH, _SELF_DRAW, _DISCARD
cdef bint _is_seat(object value)
@cython.locals(ids=Py_ssize_t, kinds=Py_ssize_t, copies=Py_ssize_t, at=Py_ssize_t, n=Py_ssize_t, bit=int,
               one="unsigned long long", low="unsigned long long", high="unsigned long long", over=Py_ssize_t,
               n_tiles=Py_ssize_t, wrong=bint, on_table=bint, concealed=tuple, melds=tuple, flowers=tuple,
               after_kongs=tuple, rest=tuple, held=Py_ssize_t, end=Py_ssize_t, i=Py_ssize_t)
cpdef check_situation(Situation sit, Py_ssize_t size, object rules)
