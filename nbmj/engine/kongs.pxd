# kongs.py's functions as C functions for the mechanics (compiled from kongs.py itself; see
# state.pxd).
cimport cython

from nbmj.engine.state cimport SeatState, TableState, new_meld
from nbmj.engine.rules_view cimport EngineRules
from nbmj.engine.phases cimport ClaimWindow, RobWindow
from nbmj.engine.draws cimport replacement_draw
from nbmj.engine.ending cimport finish_win
from nbmj.engine.wins cimport discard_win


@cython.locals(seat=SeatState)
cpdef object declare_ankan(TableState t, int p, int k)
@cython.locals(er=EngineRules)
cpdef object kong_made(TableState t, int p, str why, object kong)
@cython.locals(options=dict, q=int)
cpdef object begin_kakan(TableState t, int p, int tile)
@cython.locals(seat=SeatState, melds=list)
cpdef object complete_kakan(TableState t, int p, int tile)
@cython.locals(tile=int, p=int, er=EngineRules, declared=list)
cpdef object resolve_rob(TableState t, RobWindow window)
