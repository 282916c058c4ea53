# turn.py's functions as C functions for the mechanics and the RL encoder (compiled from turn.py
# itself; see state.pxd).
cimport cython

from nbmj.engine.state cimport SeatState, TableState
from nbmj.engine.rules_view cimport EngineRules
from nbmj.engine.phases cimport Turn
from nbmj.engine.claim_window cimport open_claims
from nbmj.engine.draws cimport after_draw, replace_flower
from nbmj.engine.ending cimport finish_draw, finish_win
from nbmj.engine.kongs cimport begin_kakan, declare_ankan
from nbmj.engine.restrictions cimport check_offence, discardable
from nbmj.engine.wins cimport is_ready, self_win

# the turn codes' bases (imported from precomputed.py), as C ints of the compiled module
cdef int TURN_ANKAN, TURN_KAKAN, TURN_FLOWER, TURN_HU
cdef tuple TURN_ACTIONS, TURN_CODE_IDS


@cython.locals(st=SeatState, hand=bytearray, er=EngineRules, mode=str, codes=list, k=int, drew=bint, may_kong=bint,
               melds=list, held=list, flower_flag=tuple, bans=tuple, playable='unsigned long long')
cpdef list turn_options(TableState t, Turn ph, int p, tuple names)
cpdef list turn_codes(TableState t, Turn ph, int p)
cpdef object turn_action(int p, int code)
cpdef list turn_actions(TableState t, Turn ph, int p)
cpdef object do_turn_action(TableState t, Turn ph, int p, object a)
@cython.locals(st=SeatState, ready=bint, er=EngineRules)
cpdef object discard(TableState t, int p, int tile)
