# dealing.py's functions as C functions (compiled from dealing.py itself; see state.pxd).
cimport cython

from nbmj.engine.state cimport SeatState, TableState
from nbmj.engine.rules_view cimport EngineRules
from nbmj.engine.phases cimport Turn, new_turn
from nbmj.engine.draws cimport replace_flower
from nbmj.engine.ending cimport finish_draw
from nbmj.engine.wins cimport is_ready


cpdef emit_start(TableState t, tuple dice, object opened)
@cython.locals(er=EngineRules, need=list, dealt=list, order=list, drawn=list, at=int, take=int, p=int, hand=bytearray, tile=int,
               i=int, left=int, dealer_last=int)
cpdef object deal(TableState t, tuple dice, object opened)
@cython.locals(per_player=bint, flower_flag=tuple, any_flower=bint, p=int, hand=bytearray, held=list, f=int)
cpdef object initial_flowers(TableState t, list order, object last)
