# The hot path's entry points for the other compiled modules (nbmj/env/_encode.pyx): the
# game's kept legal list and its step for an offered action, called without a Python call,
# given the game's state (Game.table).
from nbmj.engine.state cimport TableState

cdef list table_legal_for(TableState t, int p)
cdef bint table_step_offered(TableState t, int p, object action) except -1
