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


cdef uint64_t _kind_mask(object kinds):
    cdef uint64_t m = 0
    cdef int k
    for k in range(34):
        if k in kinds:
            m |= (<uint64_t>1) << k
    return m


def compact_decompositions(hand, wilds=0, wild_pungs=(), wild_chows=()):
    cdef uint8_t c[34]
    cdef int w, total, n_melds, j, i, rc, code, pair_code
    cdef int codes[4]
    cdef size_t r
    cdef uint64_t key, pungs = 0, chows = 0
    cdef uint64_t mask = (1 << NB_CODE_BITS) - 1
    cdef nb_keys keys
    total = _read(hand, wilds, "compact_decompositions", COMPLETE, c, &w)
    pung_kinds = frozenset(wild_pungs)
    chow_kinds = frozenset(wild_chows)
    if w >= 2:  # fewer wilds make no group of wilds only
        pungs = _kind_mask(pung_kinds)
        chows = _kind_mask(chow_kinds)
    _tables()
    n_melds = total // 3
    if n_melds > 4:
        raise AssertionError("unreachable: a hand holds at most four melds")
    keys.keys = NULL
    keys.len = keys.cap = 0
    try:
        with nogil:
            rc = nb_decompose(c, w, n_melds, &keys)
        if rc != 0:
            raise MemoryError("out of memory listing decompositions")
        out = []
        for r in range(keys.len):
            key = keys.keys[r]
            for j in range(n_melds - 1, -1, -1):
                codes[j] = <int>(key & mask)
                key >>= NB_CODE_BITS
            pair_code = <int>key
            if _C_WILD_ONLY[pair_code] and not (pungs >> _C_FIRST[pair_code]) & 1:
                continue
            for j in range(n_melds):
                code = codes[j]
                if _C_WILD_ONLY[code] == 1 and not (chows >> _C_FIRST[code]) & 1:
                    break
                if _C_WILD_ONLY[code] == 2 and not (pungs >> _C_FIRST[code]) & 1:
                    break
            else:
                for j in range(1, n_melds):  # sort the melds as tuples
                    code = codes[j]
                    i = j - 1
                    while i >= 0 and _C_RANK[codes[i]] > _C_RANK[code]:
                        codes[i + 1] = codes[i]
                        i -= 1
                    codes[i + 1] = code
                melds = tuple([_COMPACT[codes[j]] for j in range(n_melds)])
                out.append((_COMPACT[pair_code], melds))
        return out
    finally:
        nb_keys_free(&keys)
