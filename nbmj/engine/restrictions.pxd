# restrictions.py's functions as C functions for the mechanics (compiled from restrictions.py
# itself; see state.pxd).
cimport cython

from nbmj.engine.state cimport SeatState, TableState
from nbmj.engine.rules_view cimport EngineRules, WildTables
from nbmj.engine.claims cimport chi_discard_bans
from nbmj.engine.actions cimport Action


@cython.locals(playable='unsigned long long', held='unsigned long long', bit='unsigned long long', k=int)
cpdef unsigned long long held_discards(TableState t, bytearray hand) except? 0xFFFFFFFFFFFFFFFF
@cython.locals(er=EngineRules, wt=WildTables, held='unsigned long long', banned='unsigned long long',
               allowed='unsigned long long', in_hand=int, k=int)
cpdef unsigned long long discard_mask(TableState t, int p, bytearray hand, bans, bint at_claim=*) except? 0xFFFFFFFFFFFFFFFF
@cython.locals(mask='unsigned long long', suit=str)
cpdef unsigned long long suits_mask(r) except? 0xFFFFFFFFFFFFFFFF
@cython.locals(held='unsigned long long', k=int, tiles=list)
cpdef list discardable(TableState t, int p, bytearray hand, bans, bint at_claim=*)
@cython.locals(hand=bytearray, u=int)
cpdef bint chi_leaves_discard(TableState t, int q, int tile, tuple use) except -1
@cython.locals(no_win=bint, no_pon=bint, opts=list, response=Action, first=Action, a=Action, chosen=str)
cpdef note_passes(TableState t, int tile, dict options, dict responses)
cpdef check_offence(TableState t, int p, int tile, bint ready)
cpdef object liable(TableState t, int q, str win_by)

cdef dict _SUIT_MASK
cdef tuple _BIT
