# The hot path's entry points for the other compiled modules (nbmj/env/_encode.pyx): the
# game's kept legal list and its step for an offered action, called without a Python call.

cdef list game_legal_for(object game, int p)
cdef bint game_step_offered(object game, int p, object action) except -1
