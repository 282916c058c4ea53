# draws.py's functions as C functions for the other mechanics (compiled from draws.py itself;
# see state.pxd): the types of their arguments and of the locals the loops read.
cimport cython

from nbmj.engine.state cimport SeatState, TableState
from nbmj.engine.phases cimport Turn, new_turn
from nbmj.engine.ending cimport finish_draw


@cython.locals(seat=SeatState, tile=int)
cpdef object start_turn(TableState t, int p)
@cython.locals(tile=int)
cpdef object replacement_draw(TableState t, int p)
@cython.locals(flower_flag=tuple)
cpdef object after_draw(TableState t, int p, int tile, str draw_kind)
@cython.locals(seat=SeatState, tile=int)
cpdef object replace_flower(TableState t, int p, int f)
