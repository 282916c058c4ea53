# The hand-shape core's C entry points for the other compiled modules: the public functions that
# the engine's mechanics call at every step, as C functions (the mechanics, compiled from their
# own source, cimport these where the pure-Python source imports them from nbmj.core), and the
# answers of is_win, shanten, claim_options and resolve_claims for values already in C arrays
# (the RL encoder's). Each checks what the Python function's reader checks and, for values the
# reader would refuse, hands them to the reference, which raises its own error.
from libc.stdint cimport uint8_t, uint64_t

cpdef bint is_win_ids(counts, wild_ids, extra_wilds=*) except -1
cpdef int claim_options(counts, wilds, wild_mask, tile, relation, flags) except -1
cpdef int claim_options_ids(counts, wild_ids, tile, relation, flags) except -1
cpdef tuple resolve_claims(declared, discarder, tiers, seat_order, all_winners)

cdef int is_win_counts(const uint8_t* counts, int wilds) except -1
cdef int shanten_counts(const uint8_t* counts, int wilds) except -99
cdef int claim_options_counts(const uint8_t* counts, int wilds, uint64_t wild_mask, int tile, int relation, int flags) except -1
cdef int resolve_claims_small(const uint8_t* declared, int discarder, const uint8_t* tiers, const uint8_t* seat_order,
                              bint all_winners, uint8_t* won) except -1
