# The env's Table, typed for the compiled vector step (nbmj/env/_encode.pyx): this augmenting
# .pxd makes Cython compile table.py's Table into an extension type, whose fields the step reads
# as C struct members instead of through the type's slot descriptors (a dozen reads a move).
# The fields are table.py's __slots__, in their order; a field a test or a caller may set to
# something else (the encoder, the match, the game) stays a Python object.

cimport cython

# the engine's bot loop, a C call from _advance
from nbmj.engine.bots cimport play_bots
# the game, typed where the table asks whether its hand has ended (Game._ended, a C call);
# named apart from the Game table.py imports
from nbmj.engine.game cimport Game as CGame


cdef class Table:
    cdef public object rules
    cdef public tuple learners
    cdef public tuple is_learner
    cdef public dict bot_specs
    cdef public int max_hands
    cdef public bint normalized
    cdef public double reward_scale
    cdef public bint keep_logs
    cdef public bint penalize
    cdef public double illegal_penalty
    cdef public object encoder_rules
    cdef public object encoder
    cdef public dict bots
    cdef public object seed
    cdef public object match
    cdef public object game
    cdef public bint over
    cdef public list rewards
    cdef public int hands_played
    cdef public long long version
    # the version each position's kept mask was filled at: C numbers, read and written at every
    # step of the compiled vector step without an int object made for the count
    cdef public long long _masked_at[4]
    cdef public object _mask
    cdef public dict _random_bots

    # the two steps of a move that the compiled act (nbmj/env/_encode.pyx) calls after the
    # learner's: C methods, where a Python method call cost about a hundredth of a single
    # learner's step
    @cython.locals(game=CGame)
    cpdef void _after_move(self)
    @cython.locals(game=CGame)
    cpdef void _advance(self)
