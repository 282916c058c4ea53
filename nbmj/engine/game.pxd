# game.py's Game as an extension type (compiled from game.py itself; see state.pxd): its fields
# are game.py's __slots__, in their order, and the steps every move takes are C methods for the
# compiled bots' loop and the RL encoder.
cimport cython

from nbmj.engine.actions cimport Action
from nbmj.engine.state cimport TableState
from nbmj.engine.phases cimport ClaimWindow, Over, RobWindow, Turn
from nbmj.engine.claim_window cimport resolve_claims
from nbmj.engine.dealing cimport deal
from nbmj.engine.kongs cimport resolve_rob
from nbmj.engine.turn cimport discard, do_turn_action, turn_actions


# the seat of each seat letter (imported from precomputed.py), typed for the step's look-up
cdef dict SEAT_INDEX
# the phases' moves (imported from phases.py), typed for _enter's check at every move: a dict's
# own look-up and a tuple's own test instead of the generic item and membership calls
cdef dict TRANSITIONS


cdef class Game:
    cdef public object rules
    cdef public str variant
    cdef public object seed
    cdef public int dealer
    cdef public str round_wind
    cdef public tuple dice
    cdef public object wall_break
    cdef public bint _fixed
    cdef public bint _fixed_dice
    cdef public TableState _t

    @cython.locals(t=TableState)
    cpdef _enter(self, object phase)
    cpdef bint _ended(self) except -1
    @cython.locals(t=TableState, turn=Turn)
    cpdef list _legal_for(self, int p)
    @cython.locals(legal=list, offered=Action)
    cpdef step(self, object action)
    @cython.locals(t=TableState, window=ClaimWindow)
    cpdef _apply(self, int p, Action action)
