# The decompositions a scorer reads: included into _shape.pyx, the same API as
# nbmj.core._reference_readings. Groups come as plain (type, first, mask) tuples from a table
# by group code, so that a call builds no group objects; the docstring comes from the reference.

from . import _reference_readings
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

# Per group code (see _group_table): the group as (type, first, mask), or None for no group.
cdef list _COMPACT = [None if g is None else _reference_readings._compact(g) for g in _GROUPS]

# Per group code: 0 for a group with a real tile, 1 for a chow of wilds only, 2 for a pair or
# pung of wilds only; its first kind; and its place among all groups sorted as tuples.
cdef uint8_t _C_WILD_ONLY[3 * 272]
cdef uint8_t _C_FIRST[3 * 272]
cdef int _C_RANK[3 * 272]


cdef _compact_tables():
    cdef int code
    order = sorted((g, i) for i, g in enumerate(_COMPACT) if g is not None)
    for rank, (g, code) in enumerate(order):
        _C_RANK[code] = rank
        _C_FIRST[code] = g[1]
        _C_WILD_ONLY[code] = 0 if False in g[2] else (1 if g[0] == "chow" else 2)


_compact_tables()


# Masks of the kind sets seen so far: a scorer passes the same few frozensets again and again.
cdef dict _MASKS = {}


cdef uint64_t _kind_mask(object kinds):
    cdef uint64_t m = 0
    cdef int k
    cached = _MASKS.get(kinds) if type(kinds) is frozenset else None
    if cached is not None:
        return <uint64_t>cached
    for k in range(34):
        if k in kinds:
            m |= (<uint64_t>1) << k
    if type(kinds) is frozenset:
        if len(_MASKS) >= 1024:
            _MASKS.clear()
        _MASKS[kinds] = m
    return m


cdef int _listed(object hand, object wilds, object wild_pungs, object wild_chows, nb_keys *keys,
                 uint64_t *pungs, uint64_t *chows) except -1:
    """Lists the decompositions' keys of a hand into ``keys`` (the caller frees them), sets
    the kind masks of the groups of wilds only asked for, and returns the number of melds."""
    cdef uint8_t c[34]
    cdef int w, total, n_melds, rc
    total = _read(hand, wilds, "compact_decompositions", COMPLETE, c, &w)
    pungs[0] = chows[0] = 0
    if w >= 2:  # fewer wilds make no group of wilds only
        pungs[0] = _kind_mask(wild_pungs if type(wild_pungs) is frozenset else frozenset(wild_pungs))
        chows[0] = _kind_mask(wild_chows if type(wild_chows) is frozenset else frozenset(wild_chows))
    _tables()
    n_melds = total // 3
    if n_melds > 4:
        raise AssertionError("unreachable: a hand holds at most four melds")
    # groups of wilds only not asked for are never listed. The GIL stays held: releasing and
    # taking it back cost more than most hands' search.
    rc = nb_decompose_only(c, w, n_melds, pungs[0], chows[0], keys)
    if rc != 0:
        raise MemoryError("out of memory listing decompositions")
    return n_melds


cdef inline int _decoded(uint64_t key, int n_melds, uint64_t pungs, uint64_t chows, int *codes) noexcept:
    """The pair's group code of a decomposition's key, its melds' codes into ``codes``
    sorted as tuples; -1 when it holds a group of wilds only not asked for."""
    cdef uint64_t mask = (1 << NB_CODE_BITS) - 1
    cdef int j, i, code, pair_code
    for j in range(n_melds - 1, -1, -1):
        codes[j] = <int>(key & mask)
        key >>= NB_CODE_BITS
    pair_code = <int>key
    if _C_WILD_ONLY[pair_code] and not (pungs >> _C_FIRST[pair_code]) & 1:
        return -1
    for j in range(n_melds):
        code = codes[j]
        if _C_WILD_ONLY[code] == 1 and not (chows >> _C_FIRST[code]) & 1:
            return -1
        if _C_WILD_ONLY[code] == 2 and not (pungs >> _C_FIRST[code]) & 1:
            return -1
    for j in range(1, n_melds):  # sort the melds as tuples
        code = codes[j]
        i = j - 1
        while i >= 0 and _C_RANK[codes[i]] > _C_RANK[code]:
            codes[i + 1] = codes[i]
            i -= 1
        codes[i + 1] = code
    return pair_code


# Room on the stack for the keys and readings of most hands (more move to the heap).
cdef enum:
    _KEY_BUFFER = 64
    _READING_BUFFER = 32


def compact_decompositions(hand, wilds=0, wild_pungs=(), wild_chows=()):
    cdef int j, n_melds, pair_code
    cdef int codes[4]
    cdef size_t r
    cdef uint64_t pungs, chows
    cdef nb_keys keys
    cdef uint64_t key_buffer[_KEY_BUFFER]
    keys.keys = key_buffer
    keys.cap = _KEY_BUFFER
    keys.len = 0
    keys.heap = NULL
    try:
        n_melds = _listed(hand, wilds, wild_pungs, wild_chows, &keys, &pungs, &chows)
        out = []
        for r in range(keys.len):
            pair_code = _decoded(keys.keys[r], n_melds, pungs, chows, codes)
            if pair_code >= 0:
                melds = tuple([_COMPACT[codes[j]] for j in range(n_melds)])
                out.append((_COMPACT[pair_code], melds))
        return out
    finally:
        nb_keys_free(&keys)


# The waits' names by number (nb_reading.wait).
cdef tuple _WAIT_NAMES = tuple(_reference_readings.WAITS)


# The reference's limits and messages, read once (a module attribute costs a look-up at every call)
cdef uint64_t _MAX_CODE = _reference_readings.MAX_CODE
cdef object _MAX_CODE_INT = _reference_readings.MAX_CODE  # compared with or_bits as the reference does
cdef str _CODES_MESSAGE = _reference_readings.CODES_MESSAGE
cdef str _EXPOSED_MESSAGE = _reference_readings.EXPOSED_MESSAGE


# The last tuple of codes read into each argument's place, and its values: a scorer passes
# the same few tuples call after call, and a tuple cannot change.
cdef list _last_codes = [None, None, None, None]
cdef uint64_t _last_values[4][34]


cdef int _codes_table(object codes, int slot, uint64_t *out, uint64_t top, str message) except -1:
    if codes is _last_codes[slot]:
        memcpy(out, _last_values[slot], 34 * sizeof(uint64_t))
        return 0
    table = list(codes)
    if len(table) != 34:
        raise ValueError(message)
    for k in range(34):
        c = table[k]
        if not 0 <= c <= top:
            raise ValueError(message)
        out[k] = c
    if type(codes) is tuple:
        memcpy(_last_values[slot], out, 34 * sizeof(uint64_t))
        _last_codes[slot] = codes
    return 0


cdef extern from "shape.h" nogil:
    ctypedef struct nb_reading:
        uint64_t key
        uint64_t split
        uint8_t group
        uint8_t wait
    ctypedef struct nb_reading_list:
        nb_reading *items
        size_t len
        size_t cap
        nb_reading *heap
    ctypedef struct nb_reading_codes:
        const uint64_t *chow
        const uint64_t *pung
        const uint64_t *pair
        const uint64_t *exposed
        uint64_t or_bits
    int nb_readings(const nb_keys *splits, int n_melds, int win, const nb_reading_codes *codes,
                    nb_reading_list *out) noexcept
    void nb_reading_list_free(nb_reading_list *list) noexcept


cdef tuple _split_tuple(uint64_t split, int n_melds):
    """A split as compact_decompositions gives it, from nb_reading's split (the pair's group
    code, then the melds' in the order their tuples sort)."""
    cdef uint64_t mask = (1 << NB_CODE_BITS) - 1
    cdef int j
    cdef tuple melds = PyTuple_New(n_melds)
    for j in range(n_melds - 1, -1, -1):
        group = _COMPACT[<Py_ssize_t>(split & mask)]
        Py_INCREF(group)  # the tuple takes a reference of its own
        PyTuple_SET_ITEM(melds, j, group)
        split >>= NB_CODE_BITS
    return (_COMPACT[<Py_ssize_t>split], melds)


def compact_readings(hand, wilds, wild_pungs, wild_chows, win, chow_codes, pung_codes, pair_codes,
                     exposed_codes=None, or_bits=0):
    cdef uint64_t chow_c[34]
    cdef uint64_t pung_c[34]
    cdef uint64_t pair_c[34]
    cdef uint64_t exp_c[34]
    cdef int w_kind = win
    cdef int n_melds
    cdef size_t r
    cdef uint64_t pungs, chows, last_split = 0
    cdef nb_keys keys
    cdef uint64_t key_buffer[_KEY_BUFFER]
    cdef nb_reading_list found
    cdef nb_reading found_buffer[_READING_BUFFER]
    cdef nb_reading_codes codes
    cdef nb_reading *reading
    # checked in the reference's order, so that a call with several faults raises its error
    _codes_table(chow_codes, 0, chow_c, _MAX_CODE, _CODES_MESSAGE)
    _codes_table(pung_codes, 1, pung_c, _MAX_CODE, _CODES_MESSAGE)
    _codes_table(pair_codes, 2, pair_c, _MAX_CODE, _CODES_MESSAGE)
    if not 0 <= or_bits <= _MAX_CODE_INT:
        raise ValueError(_reference_readings.OR_BITS_MESSAGE.format(or_bits))
    codes.exposed = NULL
    if exposed_codes is not None:
        _codes_table(exposed_codes, 3, exp_c, 510, _EXPOSED_MESSAGE)
        codes.exposed = exp_c
    codes.chow = chow_c
    codes.pung = pung_c
    codes.pair = pair_c
    codes.or_bits = or_bits
    keys.keys = key_buffer
    keys.cap = _KEY_BUFFER
    keys.len = 0
    keys.heap = NULL
    found.items = found_buffer
    found.cap = _READING_BUFFER
    found.len = 0
    found.heap = NULL
    try:
        n_melds = _listed(hand, wilds, wild_pungs, wild_chows, &keys, &pungs, &chows)
        if nb_readings(&keys, n_melds, w_kind, &codes, &found) != 0:
            raise MemoryError("out of memory listing readings")
        out = PyList_New(found.len)
        split = None
        for r in range(found.len):
            reading = &found.items[r]
            if split is None or reading.split != last_split:  # a split's readings come together
                split = _split_tuple(reading.split, n_melds)
                last_split = reading.split
            item = (reading.key, split, reading.group, _WAIT_NAMES[reading.wait])
            Py_INCREF(item)  # the list takes a reference of its own
            PyList_SET_ITEM(out, r, item)
        return out
    finally:
        nb_keys_free(&keys)
        nb_reading_list_free(&found)
