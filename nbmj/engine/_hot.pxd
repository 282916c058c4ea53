# The hot path's entry points for the other compiled modules (nbmj/env/_encode.pyx): the
# game's kept legal list and its step for an offered action, called without a Python call,
# given the game's state (Game.table).
from nbmj.engine.phases cimport Turn
from nbmj.engine.state cimport TableState

# the kinds of turn_codes' codes, in the order the legal list gives them
cdef enum:
    TURN_HU = 0
    TURN_ANKAN = 1
    TURN_KAKAN = 2
    TURN_FLOWER = 3
    TURN_DISCARD = 4
    # room for the codes of any counts: a win, a concealed kong of each of 34 kinds, an added
    # kong of each of 42 tile ids, eight flowers and 42 discards
    TURN_CODES_MAX = 1 + 34 + 42 + 8 + 42

cdef int turn_codes(TableState t, Turn ph, int p, unsigned char* kinds, unsigned char* tiles, bint* complete) except -2
cdef object turn_action(int p, int kind, int tile)
cdef int table_step_marked(TableState t, int p, object action, int discard) except -1

cdef list table_legal_for(TableState t, int p)
cdef bint table_step_offered(TableState t, int p, object action) except -1
