# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""A compiled twin of :class:`random.Random` for the engine's seeded draws.

:class:`MersenneTwister` is CPython's generator, MT19937, seeded the way ``random.Random``
seeds it from an integer or a string (``version=2``), so that it gives the same outputs and
so the same dice, shuffles and seeds. It offers only what the engine asks of its seeded
generators (``getrandbits``, ``randint``, ``randrange``, ``shuffle``), each drawing exactly
what ``random.Random``'s method draws. A dealt hand made three such generators, and asked
them for about 180 outputs, through ``random.Random``'s Python methods; here the outputs
come from C, and :func:`seeded_pair` seeds a match's two generators in one pass. The tests
hold them equal to ``random.Random`` on randomized seeds and draws.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE, PyList_SET_ITEM
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.ref cimport PyObject
from libc.stdint cimport uint32_t, uint64_t
from libc.string cimport memcpy, memset

cdef extern from "bits.h":
    int NBMJ_BIT_LENGTH64(uint64_t n) noexcept nogil

cdef extern from "mt_seed.h":
    # init_by_array of n (1 to 4) keys side by side, the first loop ``steps`` long (see :func:`_init_chains`)
    void nbmj_mt_seed(int n, uint32_t** mt, const uint32_t** addend, const Py_ssize_t* length, Py_ssize_t steps) noexcept nogil

try:  # as random.py takes it: the builtin module's hash object is cheaper to make than OpenSSL's
    from _sha512 import sha512 as _sha512
except ImportError:
    from hashlib import sha512 as _sha512
from operator import index as _index

__all__ = ["MersenneTwister", "seeded_pair", "reseed", "draw_below"]

cdef enum:
    MT_N = 624
    MT_M = 397
    _TWIST_BLOCK = 32  # words of a new generation twisted at once (a shuffle of 144 tiles: five blocks)

cdef uint32_t _UPPER = 0x80000000u
cdef uint32_t _LOWER = 0x7fffffffu
cdef uint32_t _MATRIX_A = 0x9908b0dfu

# init_genrand(19650218), where every seeding by a key starts: the same 624 words each time,
# made once here (a serial chain of 624 multiplications, a quarter of a seeding's time)
cdef uint32_t _KEYED_START[MT_N]
_KEYED_START[0] = 19650218u
for _i in range(1, MT_N):
    _KEYED_START[_i] = <uint32_t>(1812433253u * (_KEYED_START[_i - 1] ^ (_KEYED_START[_i - 1] >> 30)) + <uint32_t>_i)
del _i


cdef class MersenneTwister:
    """``random.Random(seed)`` for an int or a str seed: the same outputs, from C.

    Another seed type (bytes, None, a float) is refused with :class:`TypeError`: the engine
    seeds with integers and strings only, and this class does not guess at the others."""

    cdef uint32_t state[MT_N]
    cdef int index  # the next word of the state to temper into an output
    # how many words of the state belong to the generation ``index`` reads: the words of a
    # new generation are twisted as they are first needed, not all 624 at once (a hand's
    # seed generator gives one output, a match's first-dealer generator two or three)
    cdef int twisted

    def __init__(self, seed):
        self._init_by_array(_key_bytes(seed))

    def seed(self, seed):
        """``random.Random.seed(seed)`` for an int or a str seed: seeded again, in place, as
        ``MersenneTwister(seed)`` is seeded."""
        self._init_by_array(_key_bytes(seed))

    cdef int _init_by_array(self, bytes key) except -1:
        """``init_by_array`` of ``key`` (from :func:`_key_bytes`)."""
        cdef _Seeding a
        cdef uint32_t* addend
        cdef const uint32_t* addends[1]
        _start(&a, self, key)
        if a.length <= MT_N:  # every key but a str seed's of over 2,400 bytes
            _init_chains(&a, 1)
            return 0
        # a longer key: its addends on the heap, and a first loop as long as the key
        addend = <uint32_t*>PyMem_Malloc(a.length * sizeof(uint32_t))
        if addend == NULL:
            raise MemoryError("out of memory seeding a generator")
        _fill_addends(a.key, a.length, addend)
        addends[0] = addend
        nbmj_mt_seed(1, &a.mt, addends, &a.length, a.length)
        PyMem_Free(addend)
        return 0

    cdef void _twist_to(self, int upto) noexcept:
        """Twist the words ``twisted`` to ``upto - 1`` of the state into the new generation,
        in order, as ``genrand_uint32`` twists all of them: word ``kk`` reads words ``kk + 1``
        and ``kk + 397`` (mod 624), still old above ``kk`` and already new below it."""
        cdef uint32_t* mt = self.state
        cdef uint32_t y
        cdef int kk = self.twisted
        cdef int stop = upto if upto < MT_N - MT_M else MT_N - MT_M
        while kk < stop:
            y = (mt[kk] & _UPPER) | (mt[kk + 1] & _LOWER)
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
            kk += 1
        stop = upto if upto < MT_N - 1 else MT_N - 1
        while kk < stop:
            y = (mt[kk] & _UPPER) | (mt[kk + 1] & _LOWER)
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
            kk += 1
        if kk < upto:  # the last word, which reads the new first one
            y = (mt[MT_N - 1] & _UPPER) | (mt[0] & _LOWER)
            mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
            kk += 1
        self.twisted = kk

    cdef inline uint32_t _next(self) noexcept:
        """The next 32-bit output (``genrand_uint32``)."""
        cdef uint32_t y
        cdef int i = self.index
        if i >= MT_N:  # a new generation begins
            i = 0
            self.twisted = 0
        if i >= self.twisted:  # twist its words a block at a time as they are reached
            self._twist_to(i + _TWIST_BLOCK if i + _TWIST_BLOCK < MT_N else MT_N)
        y = self.state[i]
        self.index = i + 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9d2c5680u
        y ^= (y << 15) & 0xefc60000u
        y ^= y >> 18
        return y

    cdef inline uint32_t _below(self, uint32_t n) noexcept:
        """``random.Random._randbelow(n)`` for ``0 < n < 2**32``: the top ``n.bit_length()``
        bits of an output, drawn again while they reach ``n``."""
        cdef int k = NBMJ_BIT_LENGTH64(n)
        cdef uint32_t r = self._next() >> (32 - k)
        while r >= n:
            r = self._next() >> (32 - k)
        return r

    def getrandbits(self, k):
        """``random.Random.getrandbits(k)``: an int of ``k`` random bits."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        cdef Py_ssize_t bits = k, words, i
        cdef uint32_t r
        if bits == 0:
            return 0
        if bits <= 32:
            return self._next() >> (32 - bits)
        words = (bits - 1) // 32 + 1
        raw = bytearray(4 * words)
        cdef unsigned char* out = raw
        for i in range(words):  # the first output lowest; the last one keeps its top bits
            r = self._next()
            if bits < 32:
                r >>= 32 - bits
            out[4 * i] = r & 0xff
            out[4 * i + 1] = (r >> 8) & 0xff
            out[4 * i + 2] = (r >> 16) & 0xff
            out[4 * i + 3] = r >> 24
            bits -= 32
        return int.from_bytes(raw, "little")

    cdef object _randbelow(self, n):
        """``random.Random._randbelow(n)`` (``n > 0``): in C below ``2**32``, else from
        whole outputs as the library draws them."""
        if n < 0x100000000:
            return self._below(<uint32_t>n)
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    cdef object _from_range(self, istart, istop):
        """``random.Random.randrange(istart, istop)`` of two ints, step 1."""
        width = istop - istart
        if width > 0:
            return istart + self._randbelow(width)
        raise ValueError(f"empty range for randrange() ({istart}, {istop}, {width})")

    def randrange(self, start, stop=None):
        """``random.Random.randrange(start, stop)`` with step 1, of integers."""
        istart = _index(start)
        if stop is None:
            if istart > 0:
                return self._randbelow(istart)
            raise ValueError("empty range for randrange()")
        return self._from_range(istart, _index(stop))

    def randint(self, a, b):
        """``random.Random.randint(a, b)``: an integer from ``a`` to ``b``, both included."""
        return self._from_range(_index(a), _index(b) + 1)

    def shuffle(self, list x):
        """``random.Random.shuffle(x)``: the same swaps from the same outputs."""
        cdef Py_ssize_t i = PyList_GET_SIZE(x) - 1, j
        cdef PyObject* item
        if i >= 0x100000000:
            raise OverflowError(f"a list of {i + 1} items is too long to shuffle here")
        while i > 0:
            j = self._below(<uint32_t>(i + 1))
            if i != j:  # the two references trade places: no count changes
                item = PyList_GET_ITEM(x, i)
                PyList_SET_ITEM(x, i, <object>PyList_GET_ITEM(x, j))
                PyList_SET_ITEM(x, j, <object>item)
            i -= 1


cpdef Py_ssize_t draw_below(rng, Py_ssize_t n) except -1:
    """``random.Random._randbelow(n)`` drawn from ``rng`` (``0 < n < 2**32``): from a
    :class:`MersenneTwister` in C, from any other generator by its ``getrandbits`` as
    ``random.Random`` draws (nbmj.engine.seeding's pure-Python twin): the random bot's choice,
    a C call from the compiled engine (a Python method call cost it four times as much)."""
    if not 0 < n < 0x100000000:
        raise ValueError(f"draw_below draws below a bound from 1 to 2**32 - 1, not {n}")
    if type(rng) is MersenneTwister:
        return (<MersenneTwister>rng)._below(<uint32_t>n)
    cdef int k = NBMJ_BIT_LENGTH64(<uint64_t>n)
    cdef Py_ssize_t r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


cdef bytes _key_bytes(seed):
    """The key ``random.Random.seed`` (version 2) makes of an int or a str seed: the absolute
    value's 32-bit words, lowest first (at least one), as little-endian bytes."""
    if isinstance(seed, str):
        return _str_key(seed)
    if type(seed) is bool or not isinstance(seed, int):
        raise TypeError(f"a MersenneTwister is seeded by an int or a str, not {seed!r}")
    n = abs(int(seed))
    cdef Py_ssize_t words = max(1, (n.bit_length() + 31) // 32)
    return n.to_bytes(4 * words, "little")


cdef bytes _str_key(str seed):
    """:func:`_key_bytes` of a str seed. ``random.Random.seed`` reads the utf-8 bytes of the
    seed followed by their SHA-512 digest as one big-endian integer; its key is that
    integer's little-endian bytes, zero-padded to whole words: the same bytes reversed,
    without their leading zeros, copied here without making the integer (making it and
    writing it out again was about a third of the key's cost, the digest most of the rest)."""
    raw = seed.encode()
    cdef bytes number = raw + _sha512(raw).digest()
    cdef const unsigned char* big = <const unsigned char*>PyBytes_AS_STRING(number)
    cdef Py_ssize_t size = PyBytes_GET_SIZE(number), start = 0, i
    while start < size and big[start] == 0:  # the integer's leading zero bytes
        start += 1
    cdef Py_ssize_t length = size - start
    cdef Py_ssize_t padded = 4 * ((length + 3) // 4) if length else 4  # (zero: one zero word)
    cdef bytes key = PyBytes_FromStringAndSize(NULL, padded)
    cdef unsigned char* little = <unsigned char*>PyBytes_AS_STRING(key)
    for i in range(length):
        little[i] = big[size - 1 - i]
    memset(little + length, 0, padded - length)
    return key


cdef struct _Seeding:
    # one generator's init_by_array about to run: its state and its key (little-endian bytes
    # of ``length`` words)
    uint32_t* mt
    const unsigned char* key
    Py_ssize_t length
    # for a key of at most 624 words: key word j plus j, what the first loop's step at key
    # word j adds, read once from the key's bytes rather than at each of the 624 steps
    uint32_t addend[MT_N]


cdef inline void _start(_Seeding* s, MersenneTwister g, bytes key) noexcept:
    """Begin seeding ``g`` by ``key``: init_genrand(19650218), then the key's loops."""
    s.mt = g.state
    s.key = <const unsigned char*>PyBytes_AS_STRING(key)
    s.length = PyBytes_GET_SIZE(key) // 4  # (the unchecked forms: the key is bytes, no error path)
    memcpy(s.mt, _KEYED_START, sizeof(_KEYED_START))
    g.index = MT_N
    g.twisted = MT_N
    if s.length <= MT_N:
        _fill_addends(s.key, s.length, s.addend)


cdef inline void _fill_addends(const unsigned char* key, Py_ssize_t length, uint32_t* addend) noexcept:
    """``addend[j]``: key word j (little-endian bytes from ``key + 4 * j``) plus j."""
    cdef Py_ssize_t j
    cdef const unsigned char* b
    for j in range(length):
        b = key + 4 * j
        addend[j] = (<uint32_t>b[0] | (<uint32_t>b[1] << 8) | (<uint32_t>b[2] << 16) | (<uint32_t>b[3] << 24)) + <uint32_t>j


cdef enum:
    _CHAINS = 4  # generators seeded side by side at most (four multiply chains overlap on one core)


cdef inline void _init_chains(_Seeding* s, Py_ssize_t n) noexcept:
    """``init_by_array`` of ``n`` (at most ``_CHAINS``) keys of at most 624 words each, side
    by side, after :func:`_start` of each: each chain of 1,247 steps waits on the
    multiplication of the step before it, so independent chains run in one loop in about the
    time of one. The loop is C's (csrc/mt_seed.h), specialised for each count of chains."""
    cdef uint32_t* mt[_CHAINS]
    cdef const uint32_t* addend[_CHAINS]
    cdef Py_ssize_t length[_CHAINS]
    cdef Py_ssize_t c
    for c in range(n):
        mt[c] = s[c].mt
        addend[c] = s[c].addend
        length[c] = s[c].length
    nbmj_mt_seed(<int>n, mt, addend, length, MT_N)


cdef void _init_pair(MersenneTwister a, bytes key_a, MersenneTwister b, bytes key_b) noexcept:
    """``init_by_array`` of two keys of at most 624 words each, side by side (:func:`_init_chains`)."""
    cdef _Seeding s[2]
    _start(&s[0], a, key_a)
    _start(&s[1], b, key_b)
    _init_chains(s, 2)


def reseed(generators, seeds):
    """``g.seed(s)`` for each generator ``g`` of ``generators`` (each a
    :class:`MersenneTwister`) and its seed ``s`` of ``seeds``, up to four at a time in one
    pass (see :func:`_init_chains`): the generators a table seeds for each new hand, in
    about the time of one seeding per four."""
    cdef list gens = list(generators)
    cdef list keys = [_key_bytes(seed) for seed in seeds]
    cdef Py_ssize_t n = len(gens), done = 0, c, m
    cdef _Seeding chains[_CHAINS]
    cdef list held  # the keys of the chains under way, held while their bytes are read
    if len(keys) != n:
        raise ValueError(f"one seed per generator: {n} generators, {len(keys)} seeds")
    for g in gens:
        if type(g) is not MersenneTwister:
            raise TypeError(f"reseed takes MersenneTwister generators, not {type(g).__name__}")
    while done < n:
        m = 0
        held = []
        while done < n and m < _CHAINS:
            key = <bytes>keys[done]
            if len(key) > 4 * MT_N:  # a longer key steps its first chain more: alone
                (<MersenneTwister>gens[done])._init_by_array(key)
            else:
                held.append(key)
                _start(&chains[m], <MersenneTwister>gens[done], key)
                m += 1
            done += 1
        _init_chains(chains, m)


def seeded_pair(first, second):
    """``(MersenneTwister(first), MersenneTwister(second))``, the two seeded in one pass
    (see :func:`_init_pair`): the same generators, in about the time of one seeding."""
    key_a, key_b = _key_bytes(first), _key_bytes(second)
    cdef MersenneTwister a = MersenneTwister.__new__(MersenneTwister)
    cdef MersenneTwister b = MersenneTwister.__new__(MersenneTwister)
    if len(key_a) > 4 * MT_N or len(key_b) > 4 * MT_N:  # a longer key steps its first chain more: one at a time
        a._init_by_array(key_a)
        b._init_by_array(key_b)
    else:
        _init_pair(a, key_a, b, key_b)
    return a, b
