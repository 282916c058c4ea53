# wins.py's functions as C functions for the other mechanics (compiled from wins.py itself; see
# state.pxd): a hand's counts are bytearrays, read and written as C bytes.
cimport cython

from nbmj.core._shape cimport is_win_ids as _is_win_ids
from nbmj.engine.state cimport SeatState, TableState


@cython.locals(hand=bytearray, counts=bytearray, w=int, k=int, flower_flag=tuple)
cpdef tuple shape(TableState t, int p)
@cython.locals(total=int, k=int)
cpdef int tile_total(bytearray counts) except -1
@cython.locals(counts=bytearray, wilds=int)
cpdef bint is_ready(TableState t, int p) except -1
@cython.locals(scores=dict)
cpdef object self_win(TableState t, int p, object tile, object draw_kind)
@cython.locals(counts=bytearray, w=int, scores=dict)
cpdef object discard_win(TableState t, int q, int tile, int d, str win_by, bint shape_wins=*)
cpdef object _valid_score(object sit, TableState t)
cpdef bint first_turn(TableState t, str win_by) except -1
@cython.locals(seat=SeatState, kongs=list, kong_kinds=tuple)
cpdef bint _may_reach(TableState t, int p, int tile, str win_by, object discarder) except -1
@cython.locals(counts=bytearray, w=int)
cpdef bint _wins_other_shape(TableState t, int p) except -1
cpdef bint _other_shape(TableState t, int p, bytearray counts, int w) except -1
cdef list _NO_KONGS
cpdef list kongs_before(TableState t, int p, object discarder)
cpdef tuple scored_melds(TableState t, list melds)
cpdef tuple fed_winds(TableState t, int p, list fed)
@cython.locals(seat=SeatState, hand=bytearray, kongs=list)
cpdef object situation(TableState t, int p, int tile, str win_by, object discarder, object liable=*)
