# cython: language_level=3, boundscheck=False, wraparound=False
# (the compiler directives live here only; embedsignature stays off: the docstrings are the
# reference's, copied in at import, and inspect.signature reads the functions directly)
"""Compiled hand-shape core: the same API as :mod:`nbmj.core._reference`, over C tables.

Arguments are read on fast paths (a list or tuple of ints, bytes, a 1-byte buffer such as a
uint8 numpy array); anything else, and every invalid input, goes through the reference's
validation so that errors and their messages are the same in both backends. Result types
(:class:`Group`, :class:`Decomposition`) are the reference's own classes. Docstrings are
taken from the reference too, so the two cannot drift apart.
"""

from cpython.buffer cimport PyBUF_FORMAT, PyBUF_ND, PyObject_CheckBuffer, PyObject_GetBuffer, PyBuffer_Release
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_GET_SIZE
from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy

from . import _reference
from ._reference import Decomposition, Group

__all__ = list(_reference.__all__)

cdef extern from "shape.h" nogil:
    int NB_KINDS
    int NB_CODE_BITS
    ctypedef struct nb_keys:
        uint64_t *keys
        size_t len
        size_t cap
        uint64_t *heap
    int nb_init()
    int nb_ready()
    int nb_is_win(const uint8_t *counts, int wilds) noexcept
    int nb_is_seven_pairs(const uint8_t *counts, int wilds) noexcept
    int nb_is_all_honors(const uint8_t *counts) noexcept
    int nb_shanten(const uint8_t *counts, int wilds, int n_melds) noexcept
    int nb_waits(const uint8_t *counts, int wilds, uint8_t *out) noexcept
    int nb_check(const uint8_t *counts, long wilds, int need_complete) noexcept
    ptrdiff_t nb_is_win_batch(const uint8_t *hands, const int64_t *wilds, size_t n, uint8_t *out) noexcept
    ptrdiff_t nb_shanten_batch(const uint8_t *hands, const int64_t *wilds, size_t n, int8_t *out) noexcept
    int nb_decompose(const uint8_t *counts, int wilds, int n_melds, nb_keys *out) noexcept
    int nb_decompose_only(const uint8_t *counts, int wilds, int n_melds, uint64_t wild_pungs, uint64_t wild_chows,
                          nb_keys *out) noexcept
    void nb_keys_free(nb_keys *keys) noexcept

# Which totals a function accepts.
cdef enum Size:
    ANY_SIZE = 0   # 3n+1 or 3n+2
    COMPLETE = 1   # 3n+2
    WAITING = 2    # 3n+1

cdef inline int _tables() except -1:
    if not nb_ready():
        if nb_init() != 0:
            raise MemoryError("not enough memory for the hand-shape tables")
    return 0


cdef extern from "pyread.h":
    int nb_known_init() except -1
    long nb_read_sequence(object seq, uint8_t *out)
    long nb_read_small(object seq, Py_ssize_t n, long hi, uint8_t *out)
    int nb_read_wilds(object o, long *out)

cdef extern from "pycalls.h":
    enum:
        NB_FAST_IS_WIN
        NB_FAST_SHANTEN
    object nb_fast_function(int which, object general, const char *signature, object doc, object module_name)

nb_known_init()


cdef int _read_buffer(object hand, uint8_t *out) except -1:
    cdef Py_buffer view
    cdef const uint8_t *data
    cdef Py_ssize_t k
    cdef int ok = 0
    try:
        PyObject_GetBuffer(hand, &view, PyBUF_ND | PyBUF_FORMAT)
    except Exception:  # e.g. a strided array: the slow path reads it item by item
        return 0
    try:
        if (view.ndim == 1 and view.itemsize == 1 and view.len == 34 and view.format != NULL
                and (view.format[0] == b'B' or view.format[0] == b'b') and view.format[1] == 0):
            data = <const uint8_t *>view.buf
            ok = 1
            for k in range(34):
                if data[k] > 4:  # also catches negative int8 counts
                    ok = 0
                    break
                out[k] = data[k]
    finally:
        PyBuffer_Release(&view)
    return ok


cdef int _read(object hand, object wilds, str function, Size size, uint8_t *out, int *n_wilds) except -1:
    """Reads and validates a hand; returns its total. Raises the reference's error otherwise."""
    cdef int fast = 0
    cdef long w = 0, real
    cdef int total
    cdef Py_ssize_t k
    if type(hand) is list or type(hand) is tuple:
        # the reader has checked each count and summed them: only the size is left to check
        real = nb_read_sequence(hand, out)
        if real >= 0 and nb_read_wilds(wilds, &w) and 0 <= w and real + w <= 14:
            total = <int>(real + w)
            if (total % 3 == 2) if size == COMPLETE else (total % 3 == 1 or (size == ANY_SIZE and total % 3 == 2)):
                n_wilds[0] = <int>w
                return total
    elif type(hand) is bytes and PyBytes_GET_SIZE(hand) == 34:
        memcpy(out, PyBytes_AS_STRING(hand), 34)
        fast = 1
    elif type(hand) is bytearray and PyByteArray_GET_SIZE(hand) == 34:  # the engine's counts
        memcpy(out, PyByteArray_AS_STRING(hand), 34)
        fast = 1
    elif type(hand) is not str and PyObject_CheckBuffer(hand):
        fast = _read_buffer(hand, out)
    if fast and nb_read_wilds(wilds, &w):
        total = nb_check(out, w, size == COMPLETE)
        if total > 0 and (size != WAITING or total % 3 == 1):
            n_wilds[0] = <int>w
            return total
    # Slow path: the reference validates (raising its own errors) and converts.
    complete = None if size == ANY_SIZE else size == COMPLETE
    counts, w, _ = _reference._validated(hand, wilds, function, complete)
    for k in range(34):
        out[k] = <uint8_t>counts[k]
    n_wilds[0] = <int>w
    return nb_check(out, w, 0)


def is_win(hand, wilds=0):
    cdef uint8_t c[34]
    cdef int w
    _read(hand, wilds, "is_win", COMPLETE, c, &w)
    _tables()
    return nb_is_win(c, w) != 0


cpdef bint is_win_ids(counts, wild_ids, extra_wilds=0) except -1:
    cdef uint8_t c[34]
    cdef const uint8_t* data
    cdef long mask = 0, extra = 0
    cdef int t, w, total = 0
    cdef uint8_t v
    if type(counts) is bytearray and PyByteArray_GET_SIZE(counts) == 42:  # the engine's hands
        data = <const uint8_t*>PyByteArray_AS_STRING(counts)
    elif type(counts) is bytes and PyBytes_GET_SIZE(counts) == 42:
        data = <const uint8_t*>PyBytes_AS_STRING(counts)
    else:
        return _reference.is_win_ids(counts, wild_ids, extra_wilds)  # any other form, and its errors
    if not (nb_read_wilds(wild_ids, &mask) and mask >= 0 and nb_read_wilds(extra_wilds, &extra) and 0 <= extra <= 14):
        return _reference.is_win_ids(counts, wild_ids, extra_wilds)
    w = <int>extra
    for t in range(42):
        v = data[t]
        if v > 4:
            return _reference.is_win_ids(counts, wild_ids, extra_wilds)  # its error
        if (mask >> t) & 1:
            w += v
            v = 0  # a wild's kind counts no tile of its own
        if t < 34:  # (a flower that is no wild is not in the shape)
            c[t] = v
            total += v
    total += w
    if total % 3 != 2 or total > 14:
        return False
    _tables()
    return nb_is_win(c, w) != 0


def is_seven_pairs(hand, wilds=0):
    cdef uint8_t c[34]
    cdef int w
    _read(hand, wilds, "is_seven_pairs", COMPLETE, c, &w)
    return nb_is_seven_pairs(c, w) != 0


def is_all_honors(hand, wilds=0):
    cdef uint8_t c[34]
    cdef int w
    _read(hand, wilds, "is_all_honors", COMPLETE, c, &w)
    return nb_is_all_honors(c) != 0


def shanten(hand, wilds=0):
    cdef uint8_t c[34]
    cdef int w
    cdef int total = _read(hand, wilds, "shanten", ANY_SIZE, c, &w)
    _tables()
    return nb_shanten(c, w, total // 3)


def waits(hand, wilds=0):
    cdef uint8_t c[34]
    cdef uint8_t found[34]
    cdef int w, k, n
    _read(hand, wilds, "waits", WAITING, c, &w)
    _tables()
    n = nb_waits(c, w, found)
    return [found[k] for k in range(n)]


# Group objects by code (see shape.h): type * 272 + first kind * 8 + wild rank.
_CHOW_RANK_MASK = (0, 1, 3, 7, 5, 2, 6, 4)


def _group_table():
    table = [None] * (3 * 272)
    for first in range(34):
        if first < 27 and first % 9 <= 6:
            for rank, mask in enumerate(_CHOW_RANK_MASK):
                table[first * 8 + rank] = _reference._make_group(
                    "chow", first, tuple(j for j in range(3) if mask >> j & 1))
        for wild in range(3):
            table[272 + first * 8 + wild] = _reference._make_group("pair", first, tuple(range(2 - wild, 2)))
        for wild in range(4):
            table[544 + first * 8 + wild] = _reference._make_group("pung", first, tuple(range(3 - wild, 3)))
    return table


cdef list _GROUPS = _group_table()
cdef object _new_tuple = tuple.__new__


def decompositions(hand, wilds=0):
    cdef uint8_t c[34]
    cdef int w, total, n_melds, j, rc
    cdef size_t r
    cdef uint64_t key
    cdef uint64_t mask = (1 << NB_CODE_BITS) - 1
    cdef nb_keys keys
    total = _read(hand, wilds, "decompositions", COMPLETE, c, &w)
    _tables()
    n_melds = total // 3
    keys.keys = keys.heap = NULL
    keys.len = keys.cap = 0
    try:
        with nogil:
            rc = nb_decompose(c, w, n_melds, &keys)
        if rc != 0:
            raise MemoryError("out of memory listing decompositions")
        out = []
        for r in range(keys.len):
            key = keys.keys[r]
            melds = [None] * n_melds
            for j in range(n_melds - 1, -1, -1):
                melds[j] = _GROUPS[key & mask]
                key >>= NB_CODE_BITS
            out.append(_new_tuple(Decomposition, (_GROUPS[key], tuple(melds))))
        return out
    finally:
        nb_keys_free(&keys)


cdef _raise_row(function, hands, w, Py_ssize_t row, complete):
    try:
        _reference._validated(hands[row].tolist(), int(w[row]), function.replace("_batch", ""), complete)
    except _reference.HandShapeError as exc:
        raise _reference._batch_row_error(row, exc) from None
    raise AssertionError("unreachable: the batch check and the reference disagree")


def is_win_batch(hands, wilds):
    import numpy as np  # on the first batch, not with nbmj.core

    hands, w = _reference._batch_arrays(hands, wilds, "is_win_batch")
    cdef const uint8_t[:, ::1] h = hands
    cdef const int64_t[::1] wv = w
    cdef Py_ssize_t n = h.shape[0], bad = -1
    out = np.zeros(n, dtype=np.bool_)
    cdef uint8_t[::1] o = out.view(np.uint8)
    _tables()
    if n:
        with nogil:
            bad = nb_is_win_batch(&h[0, 0], &wv[0], n, &o[0])
    if bad >= 0:
        _raise_row("is_win_batch", hands, w, bad, True)
    return out


def shanten_batch(hands, wilds):
    import numpy as np

    hands, w = _reference._batch_arrays(hands, wilds, "shanten_batch")
    cdef const uint8_t[:, ::1] h = hands
    cdef const int64_t[::1] wv = w
    cdef Py_ssize_t n = h.shape[0], bad = -1
    out = np.zeros(n, dtype=np.int8)
    cdef int8_t[::1] o = out
    _tables()
    if n:
        with nogil:
            bad = nb_shanten_batch(&h[0, 0], &wv[0], n, &o[0])
    if bad >= 0:
        _raise_row("shanten_batch", hands, w, bad, None)
    return out


include "_claims.pxi"
include "_readings.pxi"

for _name in __all__ + _reference_readings.__all__:
    _own = globals()[_name]
    if not isinstance(_own, type):
        _own.__doc__ = getattr(_reference if _name in __all__ else _reference_readings, _name).__doc__
del _name, _own

# The public is_win and shanten are C functions in front of the ones above (csrc/pycalls.h):
# they answer the usual call and hand every other one on to these, unchanged.
is_win = nb_fast_function(NB_FAST_IS_WIN, is_win, b"is_win(hand, wilds=0)", _reference.is_win.__doc__, __name__)
shanten = nb_fast_function(NB_FAST_SHANTEN, shanten, b"shanten(hand, wilds=0)", _reference.shanten.__doc__, __name__)


# ---------------------------------------------------------------- C entry points (_shape.pxd)

cdef inline int _counts_total(const uint8_t* counts) noexcept:
    """The tiles in 34 counts, or -1 when a count is above 4 (the reader refuses it)."""
    cdef int k, total = 0
    for k in range(34):
        if counts[k] > 4:
            return -1
        total += counts[k]
    return total


cdef int is_win_counts(const uint8_t* counts, int wilds) except -1:
    """``is_win(counts, wilds)`` of 34 counts in a C array."""
    cdef int total = _counts_total(counts)
    if total < 0 or wilds < 0 or total + wilds > 14 or (total + wilds) % 3 != 2:
        return 1 if is_win(bytes(counts[:34]), wilds) else 0  # the reader's error
    _tables()
    return nb_is_win(counts, wilds) != 0


cdef int shanten_counts(const uint8_t* counts, int wilds) except -99:
    """``shanten(counts, wilds)`` of 34 counts in a C array."""
    cdef int total = _counts_total(counts)
    if total < 0 or wilds < 0 or total + wilds > 14 or (total + wilds) % 3 == 0:
        return shanten(bytes(counts[:34]), wilds)  # the reader's error
    _tables()
    return nb_shanten(counts, wilds, (total + wilds) // 3)


cdef int resolve_claims_small(const uint8_t* declared, int discarder, const uint8_t* tiers, const uint8_t* seat_order,
                              bint all_winners, uint8_t* won) except -1:
    """``resolve_claims`` of four declared claims, four tiers and the three seat offsets in C
    arrays: the number of winners, their positions in ``won`` (three places)."""
    cdef int k
    if not _resolvable(declared, discarder, tiers, seat_order):  # the reader's error, or its answer
        answer = resolve_claims([declared[k] for k in range(4)], discarder, tuple([tiers[k] for k in range(4)]),
                                tuple([seat_order[k] for k in range(3)]), all_winners)  # as the rules hold them
        for k in range(len(answer)):
            won[k] = <uint8_t>answer[k]
        return len(answer)
    return nb_resolve_claims(declared, discarder, tiers, seat_order, all_winners, won)


def _resolve_claims_arrays(declared, int discarder, tiers, seat_order, bint all_winners):
    """:func:`resolve_claims` through :c:func:`resolve_claims_small`, the arguments copied
    into C arrays first (for the tests of that entry point)."""
    cdef uint8_t d[4]
    cdef uint8_t tier[4]
    cdef uint8_t order[3]
    cdef uint8_t won[3]
    cdef int k
    for k in range(4):
        d[k] = declared[k]
        tier[k] = tiers[k]
    for k in range(3):
        order[k] = seat_order[k]
    cdef int n = resolve_claims_small(d, discarder, tier, order, all_winners, won)
    return tuple([won[k] for k in range(n)])


cdef int claim_options_counts(const uint8_t* counts, int wilds, uint64_t wild_mask, int tile, int relation, int flags) except -1:
    """``claim_options(counts, wilds, wild_mask, tile, relation, flags)`` of 34 counts in a C array."""
    cdef int total = _counts_total(counts)
    if (total < 0 or not 0 <= wilds <= 13 or total + wilds > 13 or wild_mask >= (<uint64_t>1 << 34)
            or not 0 <= tile < 42 or not 1 <= relation <= 3 or not 0 <= flags < 64):
        return claim_options(bytes(counts[:34]), wilds, wild_mask, tile, relation, flags)  # the reader's error
    if flags & 1:  # ClaimFlag.HU: the win check reads the shape tables
        _tables()
    return nb_claim_options(counts, wilds, wild_mask, tile, relation, flags)
