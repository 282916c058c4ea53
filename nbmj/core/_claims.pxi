# Claims on a discard (NB-7): included into _shape.pyx, the same API as
# nbmj.core._reference_claims. Fast paths read lists or tuples of small exact ints; anything
# else, and every invalid input, goes through the reference's validation, so errors and
# their messages are the same in both backends. Docstrings come from the reference.

from . import _reference_claims
from ._reference_claims import Claim, ClaimFlag, ClaimOption

cdef extern from "claims.h" nogil:
    int nb_claim_options(const uint8_t *counts, int wilds, uint64_t wild_mask, int tile, int relation, int flags) noexcept
    int nb_resolve_claims(const uint8_t *declared, int discarder, const uint8_t *tiers, const uint8_t *seat_order,
                          int all_winners, uint8_t *out) noexcept

cdef inline bint _is_seq(object o):
    return type(o) is list or type(o) is tuple


cdef inline bint _read_bytes(object o, uint8_t* out):
    """Reads 34 counts from exact bytes or a bytearray of 34, each at most 4 (the engine's hand
    slices); False for anything else, which the slow path then validates."""
    cdef const uint8_t* data
    cdef int k
    if type(o) is bytearray and PyByteArray_GET_SIZE(o) == 34:
        data = <const uint8_t*>PyByteArray_AS_STRING(o)
    elif type(o) is bytes and PyBytes_GET_SIZE(o) == 34:
        data = <const uint8_t*>PyBytes_AS_STRING(o)
    else:
        return False
    for k in range(34):
        if data[k] > 4:
            return False
        out[k] = data[k]
    return True


cpdef int claim_options(counts, wilds, wild_mask, tile, relation, flags) except -1:
    cdef uint8_t c[34]
    cdef long w = 0, m = 0, t = 0, r = 0, f = 0
    cdef int k, total = 0, out
    cdef bint fast = ((_is_seq(counts) and nb_read_sequence(counts, c) >= 0 or _read_bytes(counts, c))
                      and nb_read_wilds(wilds, &w) and nb_read_wilds(wild_mask, &m) and nb_read_wilds(tile, &t)
                      and nb_read_wilds(relation, &r) and nb_read_wilds(flags, &f))
    if fast:
        for k in range(34):
            total += c[k]
        fast = (0 <= w <= 13 and total + w <= 13 and 0 <= m < (<long>1 << 34) and 0 <= t < 42
                and 1 <= r <= 3 and 0 <= f < 64)
    if not fast:
        counts, w, m, t, r, f = _reference_claims._claim_validated(counts, wilds, wild_mask, tile, relation, flags)
        for k in range(34):
            c[k] = <uint8_t>counts[k]
    if f & 1:  # ClaimFlag.HU: the win check reads the shape tables
        _tables()
    # (the GIL is kept: releasing and taking it back costs more than the call)
    out = nb_claim_options(c, <int>w, <uint64_t>m, <int>t, <int>r, <int>f)
    return out


cpdef int claim_options_ids(counts, wild_ids, tile, relation, flags) except -1:
    cdef uint8_t c[34]
    cdef const uint8_t* data
    cdef long m = 0, t = 0, r = 0, f = 0
    cdef int k, w = 0, total = 0, out
    if type(counts) is bytearray and PyByteArray_GET_SIZE(counts) == 42:  # the engine's hands
        data = <const uint8_t*>PyByteArray_AS_STRING(counts)
    elif type(counts) is bytes and PyBytes_GET_SIZE(counts) == 42:
        data = <const uint8_t*>PyBytes_AS_STRING(counts)
    else:
        return _reference_claims.claim_options_ids(counts, wild_ids, tile, relation, flags)
    if not (nb_read_wilds(wild_ids, &m) and 0 <= m and nb_read_wilds(tile, &t) and nb_read_wilds(relation, &r)
            and nb_read_wilds(flags, &f) and 0 <= t < 42 and 1 <= r <= 3 and 0 <= f < 64):
        return _reference_claims.claim_options_ids(counts, wild_ids, tile, relation, flags)
    for k in range(42):
        if data[k] > 4:
            return _reference_claims.claim_options_ids(counts, wild_ids, tile, relation, flags)  # its error
        if k < 34:
            c[k] = data[k]
            total += data[k]
        elif (m >> k) & 1:
            w += data[k]
    if total + w > 13:
        return _reference_claims.claim_options_ids(counts, wild_ids, tile, relation, flags)
    if f & 1:  # ClaimFlag.HU: the win check reads the shape tables
        _tables()
    out = nb_claim_options(c, w, <uint64_t>(m & ((<long>1 << 34) - 1)), <int>t, <int>r, <int>f)
    return out


cdef inline bint _resolvable(const uint8_t* d, long p, const uint8_t* tier, const uint8_t* order) noexcept:
    """Whether four declared claims, the discarder, four tiers and three seat offsets read into
    C arrays are what nb_resolve_claims takes: the claim codes 0-4, the discarder 0-3 with no
    claim, tiers up to 127, and the offsets 1, 2 and 3 in some order."""
    cdef int k
    if not 0 <= p <= 3 or d[p] != 0:
        return False
    for k in range(4):
        if d[k] > 4 or tier[k] > 127:
            return False
    for k in range(3):
        if not 1 <= order[k] <= 3:
            return False
    return order[0] != order[1] and order[1] != order[2] and order[0] != order[2]


cpdef tuple resolve_claims(declared, discarder, tiers, seat_order, all_winners):
    cdef uint8_t d[4]
    cdef uint8_t tier[4]
    cdef uint8_t order[3]
    cdef uint8_t won[3]
    cdef long p = 0
    cdef int n, k
    cdef bint every = all_winners
    cdef bint fast = (_is_seq(declared) and nb_read_small(declared, 4, 4, d) >= 0 and nb_read_wilds(discarder, &p)
                      and 0 <= p <= 3 and _is_seq(tiers) and nb_read_small(tiers, 4, 127, tier) >= 0
                      and _is_seq(seat_order) and nb_read_small(seat_order, 3, 3, order) >= 0)
    if fast:
        fast = _resolvable(d, p, tier, order)
    if not fast:
        dv, p, tv, ov = _reference_claims._resolve_validated(declared, discarder, tiers, seat_order)
        for k in range(4):
            d[k] = <uint8_t>dv[k]
            tier[k] = <uint8_t>tv[k]
        for k in range(3):
            order[k] = <uint8_t>ov[k]
    n = nb_resolve_claims(d, <int>p, tier, order, every, won)
    if n == 0:
        return ()
    if n == 1:
        return (won[0],)
    return tuple([won[k] for k in range(n)])
