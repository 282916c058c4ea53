# The decompositions a scorer reads: included into _shape.pyx, the same API as
# nbmj.core._reference_readings. Groups come as plain (type, first, mask) tuples from a table
# by group code, so that a call builds no group objects; the docstring comes from the reference.

from . import _reference_readings

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
    with nogil:  # groups of wilds only not asked for are never listed
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


def compact_decompositions(hand, wilds=0, wild_pungs=(), wild_chows=()):
    cdef int j, n_melds, pair_code
    cdef int codes[4]
    cdef size_t r
    cdef uint64_t pungs, chows
    cdef nb_keys keys
    keys.keys = NULL
    keys.len = keys.cap = 0
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


# For compact_readings, per group code: its type (0 pair, 1 pung, 2 chow) and its wild slots
# as bits, so that the slots the winning tile can take are found without Python objects.
cdef uint8_t _C_TYPE[3 * 272]
cdef uint8_t _C_WILD_BITS[3 * 272]
cdef tuple _WAIT_NAMES = tuple(_reference_readings.WAITS)


cdef _slot_tables():
    cdef int code
    for code, g in enumerate(_COMPACT):
        if g is not None:
            _C_TYPE[code] = ("pair", "pung", "chow").index(g[0])
            _C_WILD_BITS[code] = sum(1 << pos for pos, w in enumerate(g[2]) if w)


_slot_tables()


cdef inline int _wait_number(int typ, int first, int pos):
    # as _reference_readings._wait
    if typ == 0:
        return 0
    if typ == 1:
        return 1
    if pos == 1:
        return 2
    if (pos == 2 and first % 9 == 0) or (pos == 0 and first % 9 == 6):
        return 3
    return 4


cdef enum:
    _SEEN_MAX = 256


# The reference's limits and messages, read once (a module attribute costs a look-up at every call)
cdef uint64_t _MAX_CODE = _reference_readings.MAX_CODE
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


def compact_readings(hand, wilds, wild_pungs, wild_chows, win, chow_codes, pung_codes, pair_codes,
                     exposed_codes=None, or_bits=0):
    cdef uint64_t c
    cdef uint64_t chow_c[34]
    cdef uint64_t pung_c[34]
    cdef uint64_t pair_c[34]
    cdef uint64_t exp_c[34]
    cdef int codes[4]
    cdef int w_kind = win
    cdef bint use_exp = exposed_codes is not None
    cdef int n_melds, j, gi, code, prev, typ, first, pos, wait, waits_seen, bits, pair_code
    cdef size_t r
    cdef uint64_t base, key, pungs, chows, ored, or_mask
    cdef nb_keys keys
    # keys kept so far: few per hand, so a linear search beats hashing Python ints; past
    # _SEEN_MAX the rest go to a set
    cdef uint64_t seen_keys[_SEEN_MAX]
    cdef int n_seen = 0
    cdef bint fresh
    _codes_table(chow_codes, 0, chow_c, _MAX_CODE, _CODES_MESSAGE)
    _codes_table(pung_codes, 1, pung_c, _MAX_CODE, _CODES_MESSAGE)
    _codes_table(pair_codes, 2, pair_c, _MAX_CODE, _CODES_MESSAGE)
    if use_exp:
        _codes_table(exposed_codes, 3, exp_c, 510, _EXPOSED_MESSAGE)
    if not 0 <= or_bits <= _MAX_CODE:
        raise ValueError(_reference_readings.OR_BITS_MESSAGE.format(or_bits))
    or_mask = or_bits
    keys.keys = NULL
    keys.len = keys.cap = 0
    try:
        n_melds = _listed(hand, wilds, wild_pungs, wild_chows, &keys, &pungs, &chows)
        out = []
        seen = None
        for r in range(keys.len):
            pair_code = _decoded(keys.keys[r], n_melds, pungs, chows, codes)
            if pair_code < 0:
                continue
            base = pair_c[_C_FIRST[pair_code]]
            ored = base & or_mask
            base &= ~or_mask
            for j in range(n_melds):  # the key adds (or ors) the codes: their order does not matter
                code = codes[j]
                c = chow_c[_C_FIRST[code]] if _C_TYPE[code] == 2 else pung_c[_C_FIRST[code]]
                ored |= c & or_mask
                base += c & ~or_mask
            base |= ored
            split = None  # built when a reading of it is kept
            prev = -1
            for gi in range(n_melds + 1):
                code = pair_code if gi == 0 else codes[gi - 1]
                if code == prev:  # a meld equal to the one before offers the same slots
                    continue
                prev = code
                typ = _C_TYPE[code]
                first = _C_FIRST[code]
                bits = _C_WILD_BITS[code]
                waits_seen = 0
                for pos in range(2 if typ == 0 else 3):
                    if w_kind < 0:
                        if not (bits >> pos) & 1:
                            continue
                    elif (bits >> pos) & 1 or (first + pos if typ == 2 else first) != w_kind:
                        continue
                    wait = _wait_number(typ, first, pos)
                    if (waits_seen >> wait) & 1:
                        continue
                    waits_seen |= 1 << wait
                    key = (base * 8 + <uint64_t>wait) * 512
                    if use_exp and typ == 1:
                        key += <uint64_t>(exp_c[first] + 1)
                    fresh = True
                    for j in range(n_seen):
                        if seen_keys[j] == key:
                            fresh = False
                            break
                    if not fresh:
                        continue
                    py_key = key
                    if n_seen < _SEEN_MAX:
                        seen_keys[n_seen] = key
                        n_seen += 1
                    else:
                        if seen is None:
                            seen = set()
                        if py_key in seen:
                            continue
                        seen.add(py_key)
                    if split is None:
                        split = (_COMPACT[pair_code], tuple([_COMPACT[codes[j]] for j in range(n_melds)]))
                    out.append((py_key, split, gi, _WAIT_NAMES[wait]))
        return out
    finally:
        nb_keys_free(&keys)
