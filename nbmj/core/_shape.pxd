# The hand-shape core's C entry points for the other compiled modules (nbmj/engine/_hot.pyx):
# the answers of is_win, shanten and claim_options for counts already in a C array, without a
# Python call. Each checks what the Python function's reader checks and, for counts the reader
# would refuse, hands them to that function, which raises its own error.
from libc.stdint cimport uint8_t, uint64_t

cdef int is_win_counts(const uint8_t* counts, int wilds) except -1
cdef int shanten_counts(const uint8_t* counts, int wilds) except -99
cdef int claim_options_counts(const uint8_t* counts, int wilds, uint64_t wild_mask, int tile, int relation, int flags) except -1
