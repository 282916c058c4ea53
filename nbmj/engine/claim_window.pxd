# claim_window.py's functions as C functions for the mechanics (compiled from claim_window.py
# itself; see state.pxd).
cimport cython

from nbmj.core._shape cimport claim_options_ids as _meld_options, resolve_claims as _take_claims
from nbmj.engine.actions cimport Action
from nbmj.engine.state cimport SeatState, TableState, claimed_river_tile, new_meld
from nbmj.engine.rules_view cimport EngineRules, WildTables
from nbmj.engine.phases cimport ClaimWindow, Turn, new_claim_window, new_turn
from nbmj.engine.claims cimport chi_discard_bans
from nbmj.engine.draws cimport start_turn
from nbmj.engine.ending cimport finish_win
from nbmj.engine.kongs cimport kong_made
from nbmj.engine.restrictions cimport chi_leaves_discard, note_passes
from nbmj.engine.wins cimport discard_win

# the core's claim bits (imported from precomputed.py), as C ints of the compiled module
cdef long F_HU, F_KAN, F_PON, F_CHI, O_HU, O_KAN, O_PON, O_CHI
# and its tables
cdef tuple CLAIM_ORDER, SEATS, CODES, KAN_ACTS, PON_ACTS, HU_ACTS, PASS_ACTS, CHI_ACTS, CHI_BITS


cpdef object open_claims(TableState t, int p, int tile)
@cython.locals(er=EngineRules, flags=long, f=long, chi_seat=int, seats=tuple, seat=SeatState, q=int,
               options=dict)
cpdef dict offers(TableState t, int p, int tile)
@cython.locals(chi_seat=int, q=int, seat=SeatState)
cpdef bint _anyone_could_claim(TableState t, int p, int tile) except -1
@cython.locals(rank=int)
cdef bint _could_meld(bytearray hand, int tile, bint may_chow) except -1
@cython.locals(seat_state=SeatState, options=long, acts=list, chows=tuple, j=int,
               chow=Action)
cpdef list claim_options(TableState t, int q, int tile, int d, long flags)
@cython.locals(tile=int, d=int, q=int, er=EngineRules, declared=list, discarder=SeatState, seat=SeatState, hand=bytearray,
               river=list, offences=list, a=Action)
cpdef object resolve_claims(TableState t, ClaimWindow window)
