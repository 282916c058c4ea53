# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The compiled feature-plane encoder and action mask of :mod:`nbmj.env`.

The same arrays as the pure-Python reference :mod:`nbmj.env._reference` (the tests hold
them equal at every step of random hands); see :mod:`nbmj.env.layout` for the layout.

:class:`TableEncoder` is what the environments use: one pass in typed loops over the
game's declared state (:attr:`nbmj.engine.game.Game.table`: the seats' hands, melds,
rivers and flowers, the phase, the wall) writes a seat's planes, and the engine's legal
list its mask. It reads only what the seat's Observation shows: of the other seats'
hands, only their sizes. What changes seldom (the wilds of the hand, each seat's 包牌
warnings) is kept between calls and rebuilt when the hand or the melds change.
"""

cimport cython
from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_FORMAT, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_CheckExact, PyByteArray_GET_SIZE
from cpython.float cimport PyFloat_AS_DOUBLE
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE, PyList_SET_ITEM
from cpython.tuple cimport PyTuple_Check, PyTuple_GET_ITEM, PyTuple_GET_SIZE
from cpython.ref cimport Py_INCREF, Py_REFCNT, Py_XDECREF, PyObject
from libc.stdint cimport uint64_t
from libc.string cimport memcpy, memset

cimport numpy as cnp

from ..engine.liability import forbidden_tiles
from ..engine.phases import Over, RobWindow
from nbmj.engine.phases cimport ClaimWindow, Turn
from nbmj.engine.state cimport SeatState, TableState
from nbmj.engine.wall cimport Wall
from nbmj.env.table cimport Table
from ..engine import precomputed as _precomputed
from ..rules.model import SEATS as _SEAT_ORDER

# the engine's legal list and step, compiled from its own source and called in C
# (nbmj/engine/turn.pxd, game.pxd): a step's mask and move without Game.legal_actions' copy
# and frames. The mask of the seat on turn lists the turn's options by their action index
# (turn_options), without making the legal list.
from nbmj.engine.game cimport Game
from nbmj.engine.turn cimport turn_options

# the row offsets of nbmj.env.layout.PLANES (checked against it at import in encoding.py)
cdef tuple _CLAIM_ORDER = _precomputed.CLAIM_ORDER
cdef tuple _TURN_ACTIONS = _precomputed.TURN_ACTIONS

cdef enum:
    N_ACTIONS = 125  # the action space's size (nbmj.env.layout)

cdef enum:
    R_HAND = 0
    R_DRAWN = 1
    R_WILDS = 2
    R_INDICATOR = 3
    R_MELDS = 4
    R_FLOWERS = 20
    R_RIVERS = 24
    R_OFFER = 36
    R_CHI_BANS = 37
    R_PASSED_PON = 38
    R_WARNINGS = 39
    R_SEAT_WIND = 43
    R_ROUND_WIND = 44
    R_SEATS = 45
    R_COUNTS = 46
    R_FLAGS = 47
    R_LIABILITY = 48
    N_ROWS = 49
    N_COLS = 42

ROW_OFFSETS = {
    "hand": R_HAND, "drawn": R_DRAWN, "wilds": R_WILDS, "indicator": R_INDICATOR,
    "melds": R_MELDS, "flowers": R_FLOWERS, "rivers": R_RIVERS, "on_offer": R_OFFER,
    "chi_bans": R_CHI_BANS, "passed_pon": R_PASSED_PON, "warnings": R_WARNINGS,
    "seat_wind": R_SEAT_WIND, "round_wind": R_ROUND_WIND, "seats": R_SEATS,
    "counts": R_COUNTS, "flags": R_FLAGS, "liability": R_LIABILITY,
}
SHAPE = (N_ROWS, N_COLS)

cdef dict _SEAT = {"E": 0, "S": 1, "W": 2, "N": 3}
cdef dict _MELD_ROW = {"chi": 0, "pon": 1, "kan": 2, "kakan": 2, "ankan": 3}
cdef dict _CLAIM_FLAG = {"kan": 5, "pon": 6, "chi": 7}

cdef inline void _list_put(list items, Py_ssize_t i, object value) noexcept:
    """``items[i] = value`` for an index known to be in range, without the bounds test."""
    cdef PyObject* old = PyList_GET_ITEM(items, i)
    Py_INCREF(value)  # PyList_SET_ITEM takes this reference
    PyList_SET_ITEM(items, i, value)
    Py_XDECREF(old)


cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    #if defined(__SSE2__)
    #include <emmintrin.h>
    #endif
    /* The sum of the 42 tile counts at p (each at most 4, so 255 is never passed by a byte's
       sum of three). On x86-64 (SSE2): bytes 0-15, 16-31 and 26-41 loaded, the last shifted
       down to bytes 32-41 alone, added bytewise and summed by one sum of absolute
       differences against zero. Else eight at a time, each 64-bit word's bytes summed by
       one multiplication (their total, at most 32, never carries past a byte). */
    static inline int nbmj_tile_total(const unsigned char* p) {
    #if defined(__SSE2__)
        __m128i bytes = _mm_add_epi8(_mm_loadu_si128((const __m128i*)p), _mm_loadu_si128((const __m128i*)(p + 16)));
        bytes = _mm_add_epi8(bytes, _mm_srli_si128(_mm_loadu_si128((const __m128i*)(p + 26)), 6));
        __m128i sums = _mm_sad_epu8(bytes, _mm_setzero_si128());
        return _mm_cvtsi128_si32(sums) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums));
    #else
        uint64_t word, total = 0;
        for (int k = 0; k < 5; k++) {
            memcpy(&word, p + 8 * k, 8);
            total += (word * 0x0101010101010101ULL) >> 56;
        }
        return (int)total + p[40] + p[41];
    #endif
    }
    """
    # the sum of 42 tile counts (each at most 4), a seat's hand size
    int _tile_total "nbmj_tile_total"(const unsigned char* counts) noexcept


cdef inline unsigned char _cap(Py_ssize_t n) noexcept:
    return <unsigned char>(255 if n > 255 else n)


cdef dict _FIXED = {"pass": 124, "hu": 123, "pon": 45, "kan": 46}
cdef dict _BY_TILE = {"discard": 0, "ankan": 47, "kakan": 81, "flower": 115 - 34}
cdef int _HU_INDEX = _FIXED["hu"], _ANKAN_BASE = _BY_TILE["ankan"], _KAKAN_BASE = _BY_TILE["kakan"]
cdef int _FLOWER_BASE = _BY_TILE["flower"]


cdef object _coded_action(int p, int index):
    """The shared action of position ``p`` at ``index`` of a mask marked from the turn's
    options (the one of :data:`_TURN_CODE` there)."""
    cdef int code = _TURN_CODE[index] if 0 <= index < N_ACTIONS else -1
    if code < 0:
        raise AssertionError(f"no turn action is at action {index!r}")
    return (<tuple>_TURN_ACTIONS[p])[code]


cpdef int action_index(action) except -1:
    """The index of an engine Action in the action space (see :mod:`nbmj.env.layout`)."""
    cdef str kind = action.kind
    cdef int t
    base = _BY_TILE.get(kind)
    if base is not None:
        return <int>base + <int>action.tile
    base = _FIXED.get(kind)
    if base is not None:
        return <int>base
    if kind == "chi":
        t = action.tile
        use = action.use
        if type(use) is not tuple or len(<tuple>use) != 2:  # (read unchecked below: bounds checks are off)
            raise ValueError(f"no index for action {str(action)!r}")
        if t < <int>use[0]:
            return 42
        return 43 if t < <int>use[1] else 44
    raise ValueError(f"no index for action {str(action)!r}")


# A turn code (nbmj.engine.precomputed.TURN_CODES) and the action index of its action: what
# turn_options lists the turn's options as, for a mask (-1 for a code no action has), and
# back.
cdef tuple _TURN_INDEX = tuple([-1 if a is None else action_index(a) for a in _TURN_ACTIONS[0]])
cdef int _TURN_CODE[N_ACTIONS]
for _index in range(N_ACTIONS):
    _TURN_CODE[_index] = _TURN_INDEX.index(_index) if _index in _TURN_INDEX else -1


# The index of each Action object seen, by address: the engine offers the same interned
# objects again and again, so a mask costs a probe per action, not a look at its fields.
# Every key is held (a strong reference), so that no address is reused while it is a key.
cdef enum:
    INDEX_SLOTS = 1 << 14
    INDEX_LIMIT = 1 << 13  # cleared when half full, to keep the probes short

cdef PyObject* _index_keys[INDEX_SLOTS]
cdef int _index_values[INDEX_SLOTS]
cdef Py_ssize_t _index_count = 0


cdef void _index_clear():
    global _index_count
    cdef Py_ssize_t k
    for k in range(INDEX_SLOTS):
        Py_XDECREF(_index_keys[k])
        _index_keys[k] = NULL
    _index_count = 0


cdef inline size_t _slot(PyObject* key):
    return <size_t>(((<unsigned long long>key >> 4) * 0x9E3779B97F4A7C15ULL) >> (64 - 14))


cdef int _cached_index(object a) except -1:
    global _index_count
    cdef PyObject* key = <PyObject*>a
    cdef size_t k = _slot(key)
    cdef int i
    while _index_keys[k] != NULL:
        if _index_keys[k] == key:
            return _index_values[k]
        k = (k + 1) & (INDEX_SLOTS - 1)
    i = action_index(a)
    if _index_count >= INDEX_LIMIT:
        _index_clear()
        k = _slot(key)
    Py_INCREF(a)
    _index_keys[k] = key
    _index_values[k] = i
    _index_count += 1
    return i


def fill_mask(legal, mask, list lookup):
    """Mark every action of ``legal`` in ``mask`` (zeroed first) and ``lookup``; returns the count."""
    cdef Py_buffer view
    cdef int i
    cdef signed char* m
    PyObject_GetBuffer(mask, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
    try:
        if view.len != 125 or view.itemsize != 1:
            raise ValueError(f"the mask is 125 int8 values, not {view.len // view.itemsize} of {view.itemsize} bytes")
        m = <signed char*>view.buf
        memset(m, 0, 125)
        for a in legal:
            i = _cached_index(a)
            m[i] = 1
            lookup[i] = a
    finally:
        PyBuffer_Release(&view)
    return len(legal)


# ---------------------------------------------------------------- the state encoder

cdef tuple _SEATS = _SEAT_ORDER


cdef inline int _tile(object value) except -1:
    """A tile id 0-41 from the state (anything else would write outside the row)."""
    cdef long t = value
    if t < 0 or t >= N_COLS:
        raise ValueError(f"tile id {value!r} is outside 0-41")
    return <int>t


cnp.import_array()

cdef int _WRITABLE_C = cnp.NPY_ARRAY_C_CONTIGUOUS | cnp.NPY_ARRAY_WRITEABLE


cdef inline TableState _state_of(game):
    """``game._t``, read as a struct member from a :class:`~nbmj.engine.game.Game` (the
    attribute through its descriptor otherwise)."""
    if type(game) is Game:
        return (<Game>game)._t
    return game._t


cdef inline object _field(object record, Py_ssize_t k, str name):
    """Field ``k`` (``name``) of a state record: TableMeld, RiverTile and Offence are named
    tuples, read as tuples (their ``__getitem__`` from Python costs a method call)."""
    if PyTuple_Check(record) and k < PyTuple_GET_SIZE(record):
        return <object>PyTuple_GET_ITEM(record, k)
    return getattr(record, name)


cdef inline int _seat_index(object seat) except -1:
    return <int>_SEAT[seat]


cdef inline unsigned char* _writable(object obj, Py_buffer* view, Py_ssize_t size, str what) except NULL:
    """The bytes of ``obj`` to write (``size`` one-byte values, C order). A NumPy array that
    is so is read from its header, holding no export (``view.obj`` stays NULL, which
    PyBuffer_Release ignores): the buffer protocol's export of an ndarray costs more than
    encoding a seat's planes. Anything else goes through the buffer protocol."""
    if cnp.PyArray_CheckExact(obj):
        arr = <cnp.ndarray>obj
        if (cnp.PyArray_FLAGS(arr) & _WRITABLE_C) == _WRITABLE_C and cnp.PyArray_ITEMSIZE(arr) == 1 and cnp.PyArray_SIZE(arr) == size:
            memset(view, 0, sizeof(Py_buffer))
            return <unsigned char*>cnp.PyArray_DATA(arr)
    PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
    if view.len != size or view.itemsize != 1:
        n, itemsize = view.len // view.itemsize, view.itemsize
        PyBuffer_Release(view)
        raise ValueError(f"the {what} are {size} one-byte values, not {n} of {itemsize} bytes")
    return <unsigned char*>view.buf


cdef enum:
    MELD_IDS = 6  # the melds of a seat whose addresses are kept (a hand of 14 tiles has at most 4)


@cython.final  # no subclass: its C methods are called directly, and the small ones inlined
cdef class TableEncoder:
    """The planes and action masks of the seats of one table (see the module docstring).

    ``encode`` writes a seat's planes; ``observe`` its planes and mask; ``fill_mask`` its
    mask alone. The mask last filled for each seat is kept with the legal actions it marks,
    for :meth:`legal_action`: by index in a lookup row when it was made from the legal list,
    and as the shared actions of the seat's turn codes when it was made from those.

    Each seat's river, meld and flower rows are kept between calls. A seat whose change
    count (``SeatState.changes``, which the engine and ``Game.invalidate`` move) and whose
    three lists are those the rows were made at is not read at all. The engine only appends
    to a river or a flower list during a hand, and a claim replaces the river's last record,
    so a call reads the records added since the last one, after checking by identity that
    the last record read is still in its place (when it is not, the seat's rows are rebuilt;
    the whole list is not compared, which at every step cost more than the rest of the
    river's rows). A meld list is short and a kong replaces a pung in place: it is compared
    record by record. Records are immutable named tuples; a record of any other kind makes
    its seat's rows be rebuilt at every call.

    A copy (``copy.deepcopy``, ``pickle``) keeps the rules and the kept masks with their
    actions, which the table's bookkeeping still names; the rows are a cache, which the
    copy rebuilds from the game at its first call.
    """

    cdef object table  # the TableState the kept rows belong to
    cdef unsigned char wild_row[42]
    cdef unsigned char indicator_row[42]
    cdef int round_wind
    # per table position (not relative to an observer)
    cdef unsigned char meld_rows[4][4][42]
    cdef unsigned char warn_rows[4][42]
    cdef unsigned char flower_rows[4][42]
    cdef unsigned char river_rows[4][3][42]
    cdef int fed_from[4][4]  # fed_from[q][a]: melds seat q made from seat a's discards
    cdef bint claimed[4]  # seat q has a meld claimed from a discard
    # seat q's kept mask was marked from the engine's turn codes: its actions are the shared
    # ones of (q, index) (_coded_action), and its lookup row is not written (a row of 125
    # slots per seat, written at every step, cost a cache miss or two a step in a big batch)
    cdef bint coded[4]
    cdef bint volatile[4]  # seat q's records are not all tuples: rebuild its rows each call
    cdef Py_ssize_t river_read[4]  # per seat: how many records the river rows hold
    cdef Py_ssize_t flowers_read[4]  # and the flower row
    cdef list river_last, flowers_last  # per seat: the last of them (held, so no other object takes its address), or None
    # their addresses, which a call compares without reading the lists above
    cdef PyObject* river_last_id[4]
    cdef PyObject* flowers_last_id[4]
    cdef list melds_seen  # per seat: the meld records the rows were made from (held, as river_last)
    # and their addresses, compared at each call without reading the list above (most of
    # melds_read[q] of them; a seat with more is rebuilt at every call)
    cdef PyObject* meld_ids[4][MELD_IDS]
    cdef Py_ssize_t melds_read[4]  # per seat: how many they are (most seats have none: their rows are not copied)
    # per seat: its change count (SeatState.changes) and its three lists when the rows were
    # last brought up to date. A seat whose count and lists are the same has the same
    # records: its lists are not read (at most steps, three seats of four; in a big batch
    # each list read is a cache miss or two)
    cdef long seen_changes[4]
    cdef PyObject* seen_lists[4][3]
    cdef signed char masks[4][125]
    cdef list lookups
    # A seat's mask marked from the turn's options (turn_options) at marked_table's
    # version marked_version[seat] (else -1): its actions are legal while that state is at
    # that version, which the step reads instead of the legal list the mask was made without
    cdef object marked_table
    cdef long marked_version[4]
    cdef tuple no_claims
    cdef bint warn, bao_suits, bao_terminals
    cdef readonly object rules  # the EncoderRules it was made for

    def __init__(self, rules):
        self.rules = rules
        self.no_claims = tuple(rules.no_claims)
        self.bao_suits = rules.bao_suits
        self.bao_terminals = rules.bao_terminals
        self.warn = self.bao_suits or self.bao_terminals
        self.table = None
        self.river_last = [None] * 4
        self.flowers_last = [None] * 4
        self.melds_seen = [()] * 4
        self.lookups = [[None] * N_ACTIONS for _ in range(4)]
        memset(self.masks, 0, sizeof(self.masks))
        memset(self.coded, 0, sizeof(self.coded))
        self.marked_table = None
        for k in range(4):
            self.marked_version[k] = -1

    def __reduce__(self):
        # Cython's own pickling of the C arrays loses their zero bytes: this one keeps what a
        # copy needs (the rows are rebuilt, as for a new hand)
        return (_copied_encoder, (self.rules, PyBytes_FromStringAndSize(<char*>self.masks, sizeof(self.masks)),
                                  [self._kept_row(q) for q in range(4)]))

    cdef list _kept_row(self, int q):
        """Seat ``q``'s kept actions by index, as a lookup row (a coded mask's made here)."""
        if not self.coded[q]:
            return list(<list>self.lookups[q])
        return [_coded_action(q, i) if self.masks[q][i] else None for i in range(N_ACTIONS)]

    cdef inline object _kept_action(self, int q, Py_ssize_t index):
        """The action at ``index`` (0-124) of seat ``q``'s kept mask, which marks it."""
        if self.coded[q]:
            return _coded_action(q, <int>index)
        return <object>PyList_GET_ITEM(<list>self.lookups[q], index)

    cdef int _new_table(self, TableState t) except -1:
        """A new hand: what stays for all of it (the wilds, the indicator, the round wind),
        and no rows kept yet."""
        self.table = t
        memset(self.wild_row, 0, 42)
        memset(self.indicator_row, 0, 42)
        memset(self.meld_rows, 0, sizeof(self.meld_rows))
        memset(self.warn_rows, 0, sizeof(self.warn_rows))
        memset(self.flower_rows, 0, sizeof(self.flower_rows))
        memset(self.river_rows, 0, sizeof(self.river_rows))
        memset(self.fed_from, 0, sizeof(self.fed_from))
        memset(self.claimed, 0, sizeof(self.claimed))
        memset(self.volatile, 0, sizeof(self.volatile))
        memset(self.river_read, 0, sizeof(self.river_read))
        memset(self.flowers_read, 0, sizeof(self.flowers_read))
        memset(self.melds_read, 0, sizeof(self.melds_read))
        memset(self.river_last_id, 0, sizeof(self.river_last_id))
        memset(self.flowers_last_id, 0, sizeof(self.flowers_last_id))
        for q in range(4):  # (the lists of __init__ are reused: a hand dealt makes no container)
            self.river_last[q] = None
            self.flowers_last[q] = None
            self.melds_seen[q] = ()
            self.seen_changes[q] = -1  # (a count is never negative: every seat is read)
        memset(self.seen_lists, 0, sizeof(self.seen_lists))
        for w in t.wt.wild_ids:
            self.wild_row[_tile(w)] = 1
        indicator = t.indicator
        if indicator is not None:
            self.indicator_row[_tile(indicator)] = 1
        self.round_wind = _seat_index(t.round_wind)
        return 0

    cdef inline Py_ssize_t _still_read(self, int q, list current, Py_ssize_t* read, PyObject** last_id) noexcept:
        """How many records of seat ``q``'s growing list ``current`` its rows already hold:
        ``read[q]`` when the last one read (at ``last_id[q]``) is still in its place; else 0
        (and the caller rebuilds from the start)."""
        cdef Py_ssize_t k = read[q]
        if self.volatile[q] or k == 0 or PyList_GET_SIZE(current) < k:
            return 0
        if PyList_GET_ITEM(current, k - 1) != last_id[q]:
            return 0
        return k

    cdef inline bint _unchanged(self, int q, list current, Py_ssize_t* read, PyObject** last_id) noexcept:
        """Whether the rows of seat ``q`` hold exactly the records of its growing list
        ``current``: as many as it has, the last one read still in its place."""
        cdef Py_ssize_t n = PyList_GET_SIZE(current)
        if self.volatile[q] or n != read[q]:
            return False
        return n == 0 or PyList_GET_ITEM(current, n - 1) == last_id[q]

    cdef int _mark_read(self, int q, list current, Py_ssize_t* read, list last, PyObject** last_id) except -1:
        """The rows of seat ``q`` now hold every record of ``current``: its last one is held
        in ``last`` (so that no other object takes its address) and its address kept."""
        cdef Py_ssize_t n = PyList_GET_SIZE(current)
        read[q] = n
        last[q] = <object>PyList_GET_ITEM(current, n - 1) if n else None
        last_id[q] = PyList_GET_ITEM(current, n - 1) if n else NULL
        return 0

    cdef inline bint _same_melds(self, int q, list current) noexcept:
        """``current`` holds exactly the meld records seat ``q``'s rows were made from, by
        identity (their addresses, kept while ``melds_seen`` holds the records)."""
        cdef Py_ssize_t k = self.melds_read[q], i
        if self.volatile[q] or PyList_GET_SIZE(current) != k or k > MELD_IDS:
            return False
        for i in range(k):
            if PyList_GET_ITEM(current, i) != self.meld_ids[q][i]:
                return False
        return True

    cdef int _update_seat(self, int q, SeatState s) except -1:
        """Bring seat ``q``'s rows up to date with its records, whose change count or lists
        have moved since the rows were: most often one record was added, and only it is read."""
        # a seat without melds has no meld rows to keep; a river or flowers list that ends
        # in the record last read has only gained records since
        records = s.melds
        if records is None or PyList_GET_SIZE(records) or self.melds_read[q]:
            self._update_melds(q, records if type(records) is list else list(records))
        records = s.river
        if records is None or not self._unchanged(q, records, self.river_read, self.river_last_id):
            self._update_river(q, records if type(records) is list else list(records))
        records = s.flowers
        if records is None or not self._unchanged(q, records, self.flowers_read, self.flowers_last_id):
            self._update_flowers(q, records if type(records) is list else list(records))
        self.seen_changes[q] = s.changes
        self.seen_lists[q][0] = <PyObject*>s.melds
        self.seen_lists[q][1] = <PyObject*>s.river
        self.seen_lists[q][2] = <PyObject*>s.flowers
        return 0

    cdef int _update_river(self, int q, list river) except -1:
        """Seat ``q``'s river rows from ``river``, which has something they do not hold
        (:meth:`_unchanged` is False): the records added since, or all of them again."""
        cdef Py_ssize_t n = PyList_GET_SIZE(river)
        cdef Py_ssize_t k = self._still_read(q, river, self.river_read, self.river_last_id), i
        cdef int t
        cdef unsigned char* rows = &self.river_rows[q][0][0]
        if k == 0 and self.river_read[q]:
            memset(rows, 0, 3 * 42)
        for i in range(k, n):
            d = <object>PyList_GET_ITEM(river, i)
            if not PyTuple_Check(d):
                self.volatile[q] = True
            t = _tile(_field(d, 0, "tile"))
            rows[t] += 1
            if _field(d, 1, "claimed_by") is not None:
                rows[N_COLS + t] += 1
            rows[2 * N_COLS + t] = _cap(i + 1)
        self._mark_read(q, river, self.river_read, self.river_last, self.river_last_id)
        return 0

    cdef int _update_melds(self, int q, list melds) except -1:
        """Seat ``q``'s meld rows from ``melds`` (which has melds, or the rows some): rebuilt
        unless the melds are the records they were made from."""
        cdef Py_ssize_t n = PyList_GET_SIZE(melds), i
        cdef int row, src
        if self._same_melds(q, melds):
            return 0
        memset(self.meld_rows[q], 0, 4 * 42)
        memset(self.fed_from[q], 0, sizeof(self.fed_from[q]))
        self.claimed[q] = False
        for m in melds:
            if not PyTuple_Check(m):
                self.volatile[q] = True
            row = _MELD_ROW[_field(m, 0, "kind")]
            for tile in _field(m, 1, "tiles"):
                self.meld_rows[q][row][_tile(tile)] += 1
            source = _field(m, 2, "source")
            if source is not None:
                src = source
                self.claimed[q] = True
                self.fed_from[q][src & 3] += 1
        if self.warn:
            memset(self.warn_rows[q], 0, 42)
            if n:
                pairs = [(_field(m, 0, "kind"), _field(m, 1, "tiles")) for m in melds]
                for t in forbidden_tiles(pairs, suits=self.bao_suits, terminals=self.bao_terminals):
                    self.warn_rows[q][_tile(t)] = 1
        seen = list(melds)
        self.melds_seen[q] = seen
        for i in range(min(n, MELD_IDS)):
            self.meld_ids[q][i] = PyList_GET_ITEM(seen, i)
        self.melds_read[q] = n
        return 0

    cdef int _update_flowers(self, int q, list flowers) except -1:
        """Seat ``q``'s flower row from ``flowers``, which has something it does not hold
        (:meth:`_unchanged` is False)."""
        cdef Py_ssize_t n = PyList_GET_SIZE(flowers)
        cdef Py_ssize_t k = self._still_read(q, flowers, self.flowers_read, self.flowers_last_id), i
        if k == 0 and self.flowers_read[q]:
            memset(self.flower_rows[q], 0, 42)
        for i in range(k, n):
            self.flower_rows[q][_tile(<object>PyList_GET_ITEM(flowers, i))] = 1
        self._mark_read(q, flowers, self.flowers_read, self.flowers_last, self.flowers_last_id)
        return 0

    cdef int _fill(self, TableState tstate, int me, unsigned char* out, int hands_played) except -1:
        """Write the planes of position ``me`` (the reference's values, from the game's state)."""
        cdef int r, q, t, k, a, b, size, discards = 0, dealer
        cdef bint claims_made = False, window
        cdef const unsigned char* hand
        cdef unsigned char* seats_row = out + R_SEATS * N_COLS
        cdef unsigned char* counts = out + R_COUNTS * N_COLS
        cdef unsigned char* flags = out + R_FLAGS * N_COLS
        cdef SeatState s, own
        cdef Turn turn
        cdef ClaimWindow claim_window
        if tstate is not self.table:
            self._new_table(tstate)
        memset(out, 0, N_ROWS * N_COLS)
        cdef tuple seats = tstate.seats
        for r in range(4):
            q = (me + r) & 3
            s = seats[q]
            hand_obj = s.hand
            if PyByteArray_CheckExact(hand_obj) and PyByteArray_GET_SIZE(hand_obj) == 42:
                hand = <const unsigned char*>PyByteArray_AS_STRING(hand_obj)
                size = _tile_total(hand)
                if r == 0:
                    memcpy(out + R_HAND * N_COLS, hand, 42)
            else:  # any other sequence of 42 counts
                size = 0
                for t in range(42):
                    k = hand_obj[t]
                    size += k
                    if r == 0:
                        out[R_HAND * N_COLS + t] = <unsigned char>k
            counts[2 + r] = _cap(size)
            if (s.changes != self.seen_changes[q] or self.volatile[q] or <PyObject*>s.melds != self.seen_lists[q][0]
                    or <PyObject*>s.river != self.seen_lists[q][1] or <PyObject*>s.flowers != self.seen_lists[q][2]):
                self._update_seat(q, s)
            # the planes are zeroed above: the rows of what a seat does not have yet are not read
            if self.melds_read[q]:
                memcpy(out + (R_MELDS + 4 * r) * N_COLS, self.meld_rows[q], 4 * 42)
                if self.warn:
                    memcpy(out + (R_WARNINGS + r) * N_COLS, self.warn_rows[q], 42)
            if self.flowers_read[q]:
                memcpy(out + (R_FLOWERS + r) * N_COLS, self.flower_rows[q], 42)
            if self.river_read[q]:
                memcpy(out + (R_RIVERS + 3 * r) * N_COLS, self.river_rows[q], 3 * 42)
            discards += <int>self.river_read[q]
            if self.claimed[q]:  # (fed_from[q] is all zero otherwise)
                claims_made = True
                for a in range(4):  # a fed seat q: row relative a, column relative q
                    out[R_LIABILITY * N_COLS + 4 * ((a - me) & 3) + r] = _cap(self.fed_from[q][a])
        memcpy(out + R_WILDS * N_COLS, self.wild_row, 42)
        memcpy(out + R_INDICATOR * N_COLS, self.indicator_row, 42)
        # (a seat that passed nothing is never barred: its flags first spare the calls)
        own = seats[me]
        if own.passed_win and tstate.win_barred(me):
            flags[4] = 1
        if own.passed_pon:  # (an empty set's table is not read: its size is in the header)
            for t in tstate.pons_barred(me):
                out[R_PASSED_PON * N_COLS + _tile(t)] = 1
        dealer = tstate.dealer
        out[R_SEAT_WIND * N_COLS + 27 + ((me - dealer) & 3)] = 1
        out[R_ROUND_WIND * N_COLS + 27 + self.round_wind] = 1
        seats_row[(dealer - me) & 3] = 1
        counts[0] = _cap(tstate.wall.remaining)
        counts[1] = _cap(tstate.kept_tiles)
        counts[6] = _cap(discards)
        counts[7] = _cap(hands_played)
        window = discards < 4 and not claims_made
        if window:
            flags[3] = 1
        for always, kinds in self.no_claims:
            if always or window:
                for kind in kinds:
                    k = _CLAIM_FLAG.get(kind, -1)
                    if k >= 0:
                        flags[k] = 1
        for o in tstate.offences:
            a = _field(o, 0, "discarder")
            b = _field(o, 1, "warned")
            out[R_LIABILITY * N_COLS + 16 + 4 * ((a - me) & 3) + ((b - me) & 3)] = 1
        # the phase: who is on turn or may claim, the tile on offer, the turn's facts
        ph = tstate.phase
        kind_of_phase = type(ph)
        if kind_of_phase is Over:
            return 0
        q = tstate.current
        seats_row[4 + ((q - me) & 3)] = 1
        if kind_of_phase is Turn:
            turn = ph
            flags[0] = 1
            q = turn.seat
            seats_row[12 + ((q - me) & 3)] = 1
            if q == me:
                drawn = turn.drawn
                if drawn is not None:
                    out[R_DRAWN * N_COLS + _tile(drawn)] = 1
            for t in turn.chi_bans:
                out[R_CHI_BANS * N_COLS + _tile(t)] = 1
            return 0
        if kind_of_phase is RobWindow:
            flags[2] = 1
        elif kind_of_phase is ClaimWindow:
            flags[1] = 1
        else:  # the deal: nobody acts, nothing is on offer
            return 0
        claim_window = ph
        # this seat, if it is yet to answer (phases.ClaimWindow.to_act): who else may answer
        # is theirs to know, their hands decide it
        for q in (<ClaimWindow>ph).to_act():
            if <int>q == me:
                seats_row[12] = 1
        out[R_OFFER * N_COLS + _tile(claim_window.tile)] = 1
        q = claim_window.discarder
        seats_row[8 + ((q - me) & 3)] = 1
        return 0

    cdef int _mask(self, game, TableState tstate, int position, unsigned char* out) except -1:
        """Fill the kept mask of ``position`` and copy it to ``out`` (``tstate``: the game's
        state, ``game._t``): for the seat on turn, from the turn's options listed by their action
        index (``nbmj.engine.turn.turn_options``, of which the engine makes its legal list),
        without making the list; for another seat during a turn, nothing; else from the legal
        list."""
        cdef signed char* m = self.masks[position]
        cdef list lookup, indices
        cdef int i, k, n
        self.marked_version[position] = -1
        ph = tstate.phase
        if type(ph) is Turn and (<Turn>ph).seat == position:  # the engine's options, no list
            indices = turn_options(tstate, <Turn>ph, position, _TURN_INDEX)
            n = <int>len(indices)
            memset(m, 0, N_ACTIONS)
            for k in range(n):
                m[<int>indices[k]] = 1
            self.coded[position] = True
            if tstate is not self.marked_table:  # another hand: no older mark holds
                self.marked_table = tstate
                for k in range(4):
                    self.marked_version[k] = -1
            self.marked_version[position] = tstate.version
            if out != NULL:
                memcpy(out, m, N_ACTIONS)
            return n
        memset(m, 0, N_ACTIONS)
        self.coded[position] = False
        if type(ph) is Turn:  # a turn waits for its seat alone (phases.Turn.to_act): no list to ask for
            if out != NULL:
                memcpy(out, m, N_ACTIONS)
            return 0
        # the game's own kept list (read here, never changed): no copy
        legal = (<Game>game)._legal_for(position)
        lookup = <list>self.lookups[position]
        for a in legal:
            i = _cached_index(a)
            m[i] = 1
            _list_put(lookup, i, a)
        if out != NULL:
            memcpy(out, m, N_ACTIONS)
        return <int>len(legal)

    cdef inline bint _marked(self, TableState tstate, int position) noexcept:
        """Whether ``position``'s kept mask was marked from the turn codes of ``tstate`` as it
        is now (then every action it marks is legal, without the legal list)."""
        return tstate is self.marked_table and self.marked_version[position] == tstate.version

    def encode(self, game, int position, out, int hands_played):
        """Fill ``out`` (``(N_PLANES, 42)`` uint8, C order) with the planes of ``position``."""
        cdef Py_buffer view
        if position < 0 or position > 3:
            raise ValueError(f"position {position!r} is not 0-3")
        cdef unsigned char* planes = _writable(out, &view, N_ROWS * N_COLS, "planes")
        try:
            self._fill(_state_of(game), position, planes, hands_played)
        finally:
            PyBuffer_Release(&view)

    def fill_mask(self, game, int position, mask=None):
        """Fill the kept mask of ``position`` (and ``mask``, 125 int8, when given); returns
        how many actions are legal."""
        cdef Py_buffer view
        if position < 0 or position > 3:
            raise ValueError(f"position {position!r} is not 0-3")
        if mask is None:
            return self._mask(game, _state_of(game), position, NULL)
        cdef unsigned char* m = _writable(mask, &view, N_ACTIONS, "mask values")
        try:
            return self._mask(game, _state_of(game), position, m)
        finally:
            PyBuffer_Release(&view)

    def observe(self, game, int position, planes, mask, int hands_played):
        """:meth:`encode` into ``planes`` and :meth:`fill_mask` into ``mask``; returns how many
        actions are legal."""
        cdef Py_buffer pview, mview
        if position < 0 or position > 3:
            raise ValueError(f"position {position!r} is not 0-3")
        cdef unsigned char* p = _writable(planes, &pview, N_ROWS * N_COLS, "planes")
        cdef unsigned char* m
        try:
            m = _writable(mask, &mview, N_ACTIONS, "mask values")
            try:
                tstate = _state_of(game)
                self._fill(tstate, position, p, hands_played)
                return self._mask(game, tstate, position, m)
            finally:
                PyBuffer_Release(&mview)
        finally:
            PyBuffer_Release(&pview)

    def observe_next(self, game, planes, mask, int hands_played):
        """:meth:`observe` for the first seat the game waits for (``to_act()[0]`` of its
        phase); returns that position, or -1 (nothing written) when it waits for nobody."""
        cdef int position
        waiting = game.phase_state.to_act()
        if not waiting:
            return -1
        position = waiting[0]
        self.observe(game, position, planes, mask, hands_played)
        return position

    def legal_action(self, int position, Py_ssize_t index):
        """The action at ``index`` of the mask last filled for ``position``; None when it is
        not marked there (or ``index`` is outside the action space)."""
        if position < 0 or position > 3 or index < 0 or index >= N_ACTIONS or not self.masks[position][index]:
            return None
        return self._kept_action(position, index)


def _copied_encoder(rules, bytes masks, list lookups):
    """The copy of a :class:`TableEncoder` (its ``__reduce__``): made for ``rules``, with
    the kept ``masks`` (the bytes of its ``signed char[4][125]``) and their ``lookups``."""
    cdef TableEncoder enc = TableEncoder(rules)
    if len(masks) != sizeof(enc.masks) or len(lookups) != 4 or any(len(row) != N_ACTIONS for row in lookups):
        raise ValueError(f"not the kept masks of an encoder: {len(masks)} mask bytes, {len(lookups)} lookup rows")
    memcpy(enc.masks, <const char*>masks, sizeof(enc.masks))
    enc.lookups = [list(row) for row in lookups]
    return enc


# ---------------------------------------------------------------- the vector env's step

def play_batch(list tables, list actions, list agents, observations, action_masks, agent_row=None):
    """One step of :class:`nbmj.env.VectorEnv` over its tables, as its Python loop plays it.

    Game ``i`` plays ``actions[i]`` for position ``agents[i]``; then, unless its episode is
    over, the planes and the mask of the first seat it waits for are written into row ``i``
    of ``observations`` and ``action_masks`` and ``agents[i]`` becomes that position.
    Returns the games whose step earned something or ended the episode, as ``(i, earned)``
    pairs (``earned``: :meth:`Table.act`'s list), and the exception that stopped the loop
    (None when every game moved): the caller books those games, deals the ones that ended
    (whose rows this leaves alone), then raises it. A game whose action is None is left
    alone, its row too.

    ``agent_row`` (an int8 array of one entry per game, when given) is written as ``agents``
    is: a game's new position goes into both at once, so that the caller need not convert
    the whole list into its array after the step.

    A game with a stale mask or an action that is not marked in its mask is played by
    ``Table.act`` itself (which raises or penalizes as the table says); the others by the
    same steps in C, without the Python frames (the bots' moves by ``Table._advance``). A
    table of another class than :class:`~nbmj.env.table.Table` plays by its own ``act`` and
    ``observe_next``.
    """
    cdef Py_buffer oview, mview
    cdef Py_ssize_t n = len(tables)
    cdef list out = []
    error = None
    cdef unsigned char* planes = _writable(observations, &oview, n * N_ROWS * N_COLS, "observations")
    cdef unsigned char* masks
    cdef Py_buffer aview
    cdef signed char* row = NULL
    try:
        masks = _writable(action_masks, &mview, n * N_ACTIONS, "action masks")
        try:
            if agent_row is not None:
                row = <signed char*>_writable(agent_row, &aview, n, "agent positions")
            try:
                if len(actions) != n or len(agents) != n:
                    raise ValueError(f"{n} tables, {len(actions)} actions and {len(agents)} agents")
                try:
                    _play_all(tables, actions, agents, observations, action_masks, planes, masks, n, out, row)
                except Exception as exc:  # the games stepped before it are booked all the same
                    error = exc
            finally:
                if row != NULL:
                    PyBuffer_Release(&aview)
        finally:
            PyBuffer_Release(&mview)
    finally:
        PyBuffer_Release(&oview)
    return out, error


# The zero a step's rewards start from. The rewards of a move that earned nothing are a list
# of four of this very object, which a step can tell by address.
cdef object _NO_REWARD = 0.0


cdef inline list _fresh_rewards(Table table):
    """The list of four zero rewards a learner's move starts from, as ``table.rewards``. Most
    moves earn nothing and the list they returned is dropped at once: when nothing but the
    table still holds its last one (the reference counts say so, as for
    :class:`ObservationPool`) and it holds four zeros of :data:`_NO_REWARD`, it is taken
    again, not made anew (a list made and freed each step in each game of a batch). A list
    anyone else holds, or that a move wrote into, is left to its holder."""
    cdef PyObject* kept = <PyObject*>table.rewards
    cdef PyObject* zero = <PyObject*>_NO_REWARD
    if (_type_of(kept) == _LIST_TYPE and _refs(kept) == 1 and PyList_GET_SIZE(<list>kept) == 4
            and PyList_GET_ITEM(<list>kept, 0) == zero and PyList_GET_ITEM(<list>kept, 1) == zero
            and PyList_GET_ITEM(<list>kept, 2) == zero and PyList_GET_ITEM(<list>kept, 3) == zero):
        return table.rewards
    earned = [_NO_REWARD, _NO_REWARD, _NO_REWARD, _NO_REWARD]
    table.rewards = earned
    return earned


cdef list _act_read(Table table, encoder, game, TableState tstate, int position, chosen, int* plain):
    """:func:`act`, with the table's ``encoder``, ``game`` and the game's state ``tstate`` read
    by the caller (who reads them once for the move and the observation after it). ``plain``
    (when given) is set to 1 when the move was made here and neither ended the hand nor let a
    bot move (then the table's game, encoder and episode are as before the move), else to -1."""
    cdef Py_ssize_t index
    cdef long long version
    cdef bint moved_alone
    cdef TableEncoder enc
    if plain != NULL:
        plain[0] = -1
    if type(encoder) is TableEncoder and tstate is not None and 0 <= position < 4 and not table.over:
        enc = <TableEncoder>encoder
        version = table.version
        index = chosen if type(chosen) is int and -1 < chosen < N_ACTIONS else -1
        if index >= 0 and table._masked_at[position] == version and enc.masks[position][index]:
            action = enc._kept_action(position, index)
            earned = _fresh_rewards(table)
            if enc._marked(tstate, position):  # marked from the options of this very state: legal
                (<Game>game)._apply(position, action)
            else:
                (<Game?>game).step(action)
            version += 1
            table.version = version
            moved_alone = True
            if type(tstate.phase) is Over:  # Game.is_over (Over has no subclasses)
                table._after_move()
                moved_alone = False
            if table.bots:
                table._advance()
                moved_alone = False
            if moved_alone and plain != NULL:
                plain[0] = 1
            return earned
    return table.act(position, chosen)


def act(table, int position, index):
    """``table.act(position, index)``: a learner's legal action, whose kept mask is current,
    in C (the bots' answers by ``Table._advance``); anything else, and any table of another
    class than :class:`~nbmj.env.table.Table`, by ``table.act`` itself (which raises or
    penalizes)."""
    if type(table) is not Table:
        return table.act(position, index)
    cdef Table tab = <Table>table
    game = tab.game
    return _act_read(tab, tab.encoder, game, None if game is None else _state_of(game), position, index, NULL)


import numpy as _np

_empty = _np.empty
_UINT8, _INT8 = _np.dtype(_np.uint8), _np.dtype(_np.int8)


def observe(table, int position):
    """``{"observation": planes, "action_mask": mask}`` of ``position`` at ``table``, in
    new arrays: :meth:`Table.observe`, in C when the table's encoder is this module's."""
    planes = _empty(SHAPE, _UINT8)
    mask = _empty(N_ACTIONS, _INT8)
    _observe_into(table, position, planes, mask)
    return {"observation": planes, "action_mask": mask}


cdef int _observe_into(table, int position, planes, mask) except -1:
    """:meth:`Table.observe` of ``position`` into ``planes`` and ``mask``: in C when the
    table is a :class:`Table` whose encoder is this module's and the episode goes on."""
    cdef Py_buffer pview, mview
    cdef TableEncoder enc
    cdef Table tab
    if type(table) is not Table or type((<Table>table).encoder) is not TableEncoder or (<Table>table).over or not 0 <= position < 4:
        table.observe(position, planes, mask)
        return 0
    tab = <Table>table
    enc = <TableEncoder>tab.encoder
    game = tab.game
    p = _writable(planes, &pview, N_ROWS * N_COLS, "planes")
    try:
        m = _writable(mask, &mview, N_ACTIONS, "mask values")
        try:
            tstate = _state_of(game)
            enc._fill(tstate, position, p, tab.hands_played)
            enc._mask(game, tstate, position, m)
        finally:
            PyBuffer_Release(&mview)
    finally:
        PyBuffer_Release(&pview)
    tab._masked_at[position] = tab.version
    return 0


@cython.final
cdef class ObservationPool:
    """The observation dicts an env gives out (``{"observation": planes, "action_mask":
    mask}``), filled again in place once nothing outside the pool can see them.

    An env returns new observations at every step, and a training loop mostly drops the
    ones before when it takes the next (what it keeps, it copies into its own buffers).
    Allocating their arrays anew costs as much as encoding them; so the pool keeps the last
    two it gave out and, when the reference counts say that nothing but the pool holds the
    older one, its dicts and arrays or any of their views, refills those instead. This is
    how CPython's own ``zip`` and ``enumerate`` reuse their result tuple. Whatever is still
    held anywhere (a list of past observations, a view of an array, one agent's dict) is
    never written again: the pool lets go of it and makes new arrays. The counts are exact
    on CPython with the GIL, which this module is built for.

    ``positions`` and ``agents``: the seats :meth:`observe_all` observes and their names.
    """

    cdef tuple positions
    cdef tuple agents
    cdef tuple older  # the last-but-one observations given out: (outer or None, dicts, planes, masks)
    cdef tuple newer  # the last ones

    def __init__(self, positions, agents):
        self.positions = tuple(int(p) for p in positions)
        self.agents = tuple(agents)
        if len(self.positions) != len(self.agents):
            raise ValueError(f"one agent name per position: {self.positions!r} and {self.agents!r}")
        self.older = None
        self.newer = None

    def observe_all(self, table):
        """``{agent: observation}`` of every position at ``table``."""
        cdef Py_ssize_t k, n = len(self.positions)
        cdef tuple gen = self.older
        cdef list dicts, planes, masks
        cdef dict outer
        cdef bint reused = gen is not None and self._free(gen, True)
        if reused:
            outer, dicts, planes, masks = gen
        else:
            dicts, planes, masks = [], [], []
            outer = {}
            for k in range(n):
                planes.append(_empty(SHAPE, _UINT8))
                masks.append(_empty(N_ACTIONS, _INT8))
                dicts.append({"observation": planes[k], "action_mask": masks[k]})
                outer[self.agents[k]] = dicts[k]
            gen = (outer, dicts, planes, masks)
        for k in range(n):
            _refill(table, <int>self.positions[k], k, dicts, planes, masks, reused)
        self.older, self.newer = self.newer, gen
        return outer

    def observe(self, table, int position):
        """The observation of ``position`` at ``table`` (its arrays new or free)."""
        cdef tuple gen = self.older
        cdef list dicts, planes, masks
        cdef bint reused = gen is not None and self._free(gen, False)
        if reused:
            _, dicts, planes, masks = gen
        else:
            planes, masks = [_empty(SHAPE, _UINT8)], [_empty(N_ACTIONS, _INT8)]
            dicts = [{"observation": planes[0], "action_mask": masks[0]}]
            gen = (None, dicts, planes, masks)
        _refill(table, position, 0, dicts, planes, masks, reused)
        self.older, self.newer = self.newer, gen
        return dicts[0]

    cdef bint _free(self, tuple gen, bint with_outer):
        """Whether nothing outside the pool holds ``gen`` or any part of it (the counts below
        are the pool's own references: ``gen``'s lists, the dicts holding each object, and
        the local that reads it)."""
        cdef Py_ssize_t k
        cdef list dicts = <list>gen[1]
        cdef list planes = <list>gen[2]
        cdef list masks = <list>gen[3]
        cdef dict outer
        cdef dict obs
        if (gen[0] is not None) != with_outer:  # given out by the other method
            return False
        if with_outer:
            outer = <dict>gen[0]
            # gen's tuple and this local
            if Py_REFCNT(outer) != 2 or len(outer) != len(dicts):
                return False
        for k in range(len(dicts)):
            obs = <dict>dicts[k]
            # the list, the outer dict (when there is one) and this local
            if Py_REFCNT(obs) != 2 + with_outer or len(obs) != 2:
                return False
            if with_outer and outer.get(self.agents[k]) is not obs:
                return False
            plane, mask = planes[k], masks[k]
            # the list, the dict and this local: no view of it anywhere (a view holds its base)
            if Py_REFCNT(plane) != 3 or Py_REFCNT(mask) != 3:
                return False
            if obs.get("observation") is not plane or obs.get("action_mask") is not mask:
                return False
        return True


cdef int _refill(table, int position, Py_ssize_t k, list dicts, list planes, list masks, bint reused) except -1:
    """Observe ``position`` into the ``k``-th arrays; should arrays the pool took back no
    longer take writes (their holder locked them before letting go), into new ones."""
    try:
        _observe_into(table, position, planes[k], masks[k])
    except (BufferError, ValueError):
        if not reused:
            raise
        planes[k] = _empty(SHAPE, _UINT8)
        masks[k] = _empty(N_ACTIONS, _INT8)
        obs = <dict>dicts[k]
        obs["observation"] = planes[k]
        obs["action_mask"] = masks[k]
        _observe_into(table, position, planes[k], masks[k])
    return 0


cdef inline bint _earned_any(earned) except -1:
    """Whether a step's ``earned`` (one reward per position) holds anything."""
    cdef Py_ssize_t i
    if type(earned) is list and PyList_GET_SIZE(earned) == 4:
        for i in range(4):
            v = <object>PyList_GET_ITEM(earned, i)
            if type(v) is float:
                if PyFloat_AS_DOUBLE(v) != 0.0:
                    return True
            elif v:
                return True
        return False
    return earned[0] or earned[1] or earned[2] or earned[3]


cdef int _first_to_act(ph) except -2:
    """``ph.to_act()[0]`` (-1 when it waits for nobody): the compiled ``to_act`` of a turn
    or a claim window (:mod:`nbmj.engine.phases`) called as a C method."""
    cdef object kind = type(ph)
    if kind is Turn:
        waiting = (<Turn>ph).to_act()
    elif kind is ClaimWindow or kind is RobWindow:
        waiting = (<ClaimWindow>ph).to_act()
    else:
        waiting = ph.to_act()
    return <int>waiting[0] if waiting else -1


# ---------------------------------------------------------------- reading ahead in a batch
#
# With a few hundred games a batch's state outgrows the core's own caches, and each game's
# step would wait on memory for most of the objects it reads (its table, encoder and
# TableState, the seats, their hands and lists) one after another. So while game i moves,
# the objects of the next games are asked of memory ahead of use with prefetch hints, which
# never fault and change nothing: game i + d is asked for the objects at depth
# READ_AHEAD - 1 - d of the chain table -> encoder -> TableState -> seats -> hands and
# lists -> their items. Their parents were asked for one game earlier, so each level reads
# only pointers already on their way, and no header that is not (every object's size is
# known from its type). Every pointer is read through references held at that moment by
# the caller's list of tables, with nothing run in between, and its type checked before a
# field of it is read: no pointer is kept from one game to the next.

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define NBMJ_PREFETCH(p) __builtin_prefetch((const void*)(p), 0, 3)
    #else
    #define NBMJ_PREFETCH(p) ((void)(p))
    #endif
    """
    void NBMJ_PREFETCH(const void* p) noexcept

cdef extern from "Python.h":
    # (spelled for borrowed pointers, which Cython's own declarations take as objects)
    void* _type_of "Py_TYPE"(PyObject* o) noexcept
    Py_ssize_t _refs "Py_REFCNT"(PyObject* o) noexcept
    PyObject** _list_items "PySequence_Fast_ITEMS"(PyObject* o) noexcept
    PyObject* _none "Py_None"

cdef enum:
    READ_AHEAD = 9  # the game moving and the eight after it, one a level of the chain (0-7)
    # the smallest batch read ahead: the state of a smaller one mostly stays in a core's
    # own cache of 1 MB, where the hints cost more than they save (measured: about 2% lost
    # at 64 games, 4% won at 128 and 20% at 256)
    READ_AHEAD_FROM = 100

# the instance sizes of the types read ahead, and the types (as C pointers, compared cheaply)
cdef Py_ssize_t _TABLE_SIZE = Table.__basicsize__
cdef Py_ssize_t _STATE_SIZE = TableState.__basicsize__
cdef Py_ssize_t _SEAT_SIZE = SeatState.__basicsize__
cdef Py_ssize_t _WALL_SIZE = Wall.__basicsize__
cdef void* _TABLE_TYPE = <void*>Table
cdef void* _ENCODER_TYPE = <void*>TableEncoder
cdef void* _STATE_TYPE = <void*>TableState
cdef void* _SEAT_TYPE = <void*>SeatState
cdef void* _WALL_TYPE = <void*>Wall
cdef void* _WINDOW_TYPE = <void*>ClaimWindow
cdef void* _ROB_TYPE = <void*>RobWindow
cdef void* _LIST_TYPE = <void*>list
cdef void* _TUPLE_TYPE = <void*>tuple
cdef void* _INT_TYPE = <void*>int


cdef inline void _fetch(const void* p, Py_ssize_t size) noexcept:
    """Ask for the lines of the ``size`` bytes at ``p``."""
    cdef const char* c = <const char*>p
    cdef Py_ssize_t k = 0
    while k < size:
        NBMJ_PREFETCH(c + k)
        k += 64
    NBMJ_PREFETCH(c + size - 1)


cdef inline PyObject** _list_slot(PyObject* items, Py_ssize_t k) noexcept:
    """Where item ``k`` of ``items`` is kept (its last when ``k`` is -1), when ``items`` is a
    list (whose header was asked for earlier) that has one, else NULL; the item is not read."""
    cdef Py_ssize_t n
    if _type_of(items) != _LIST_TYPE:
        return NULL
    n = PyList_GET_SIZE(<list>items)
    if k == -1:
        k = n - 1
    return &_list_items(items)[k] if 0 <= k < n else NULL


cdef inline void _fetch_item(PyObject* items, Py_ssize_t k) noexcept:
    """Ask for the line that holds item ``k`` of the list ``items`` (see _list_slot)."""
    cdef PyObject** slot = _list_slot(items, k)
    if slot != NULL:
        NBMJ_PREFETCH(slot)


cdef inline PyObject* _list_item(PyObject* items, Py_ssize_t k) noexcept:
    """Item ``k`` (0 or more) of ``items`` when it is a list that has one, else NULL."""
    cdef PyObject** slot = _list_slot(items, k) if k >= 0 else NULL
    return slot[0] if slot != NULL else NULL


cdef inline int _hint(list values, Py_ssize_t j) noexcept:
    """``values[j]`` when it is an int from 0 to 999 (a position, an action), else -1."""
    cdef PyObject* x = PyList_GET_ITEM(values, j)
    cdef int overflow = 0
    cdef long v
    if _type_of(x) != _INT_TYPE:
        return -1
    v = PyLong_AsLongAndOverflow(<object>x, &overflow)
    return <int>v if not overflow and 0 <= v < 1000 else -1


cdef void _read_ahead(PyObject* table_p, int level, int position, int index) noexcept:
    """Ask for the objects at depth ``level`` of the game of ``table_p`` (a Table), whose
    learner to move is ``position`` and whose action is ``index`` (-1 when not known): they
    say which mask and which kept action its step will read."""
    cdef PyObject* enc_p
    cdef PyObject* t_p
    cdef PyObject* x
    cdef PyObject* seat
    cdef int q
    cdef Table table
    if level == 0:  # (no reference is taken to a table before its header is here)
        _fetch(table_p, _TABLE_SIZE)
        return
    table = <Table>table_p
    enc_p = <PyObject*>table.encoder
    if level == 1:
        NBMJ_PREFETCH(enc_p)  # (the versions of the kept masks are in the table's own header)
        return
    if _type_of(enc_p) != _ENCODER_TYPE:
        return
    cdef TableEncoder enc = <TableEncoder>enc_p
    if position > 3:
        position = -1
    if level == 2:  # what a step reads of the encoder: rows, bookkeeping, the learner's mask
        _fetch(&enc.wild_row[0], 2 * 42)
        _fetch(&enc.river_rows[0][0][0], sizeof(enc.river_rows))
        _fetch(&enc.fed_from[0][0], <char*>&enc.masks[0][0] - <char*>&enc.fed_from[0][0])
        _fetch(<char*>&enc.masks[0][0] + sizeof(enc.masks), 64)  # the fields after the masks
        if position >= 0:
            _fetch(&enc.masks[position][0], N_ACTIONS)
        return
    t_p = <PyObject*>enc.table  # the game's TableState (an earlier hand's, or None, before the first rows: no harm)
    if level == 3:  # (its type is not read here: its header is only now asked for)
        if t_p != _none:
            _fetch(t_p, _STATE_SIZE)
        if position >= 0 and not enc.coded[position]:
            NBMJ_PREFETCH(<PyObject*>enc.lookups)
        NBMJ_PREFETCH(<PyObject*>enc.river_last)  # written when a river grows (a discard, most steps)
        for q in range(4):
            if enc.melds_read[q]:
                _fetch(&enc.meld_rows[q][0][0], 4 * 42)
                _fetch(&enc.warn_rows[q][0], 42)
                _fetch(&enc.meld_ids[q][0], sizeof(enc.meld_ids[q]))
            if enc.flowers_read[q]:
                _fetch(&enc.flower_rows[q][0], 42)
        return
    if _type_of(t_p) != _STATE_TYPE:
        return
    cdef TableState t = <TableState>t_p
    cdef PyObject* seats_p = <PyObject*>t.seats
    if level == 4:
        if seats_p != _none:
            _fetch(seats_p, sizeof(PyObject) + 6 * sizeof(void*))  # the header and four items
        NBMJ_PREFETCH(<PyObject*>t.phase)
        NBMJ_PREFETCH(<PyObject*>t.offences)
        if <PyObject*>t.wall != _none:
            _fetch(<PyObject*>t.wall, _WALL_SIZE)
        if position >= 0 and not enc.coded[position]:
            x = _list_item(<PyObject*>enc.lookups, position)
            if x != NULL:
                NBMJ_PREFETCH(x)
        _fetch_item(<PyObject*>enc.river_last, 0)
        return
    if _type_of(seats_p) != _TUPLE_TYPE or PyTuple_GET_SIZE(<tuple>seats_p) != 4:
        return
    if level == 5:
        for q in range(4):
            _fetch(PyTuple_GET_ITEM(<tuple>seats_p, q), _SEAT_SIZE)
        if position >= 0 and not enc.coded[position]:
            x = _list_item(<PyObject*>enc.lookups, position)
            if x != NULL and index >= 0:  # the kept action the step will play
                _fetch_item(x, index)
        x = <PyObject*>t.wall
        if _type_of(x) == _WALL_TYPE:
            NBMJ_PREFETCH(<PyObject*>(<Wall>x).tiles)
            NBMJ_PREFETCH(<PyObject*>(<Wall>x)._taken)
        NBMJ_PREFETCH(<PyObject*>t.legal)  # (the engine clears both at every move)
        NBMJ_PREFETCH(<PyObject*>t.scores)
        x = <PyObject*>t.phase
        if _type_of(x) == _WINDOW_TYPE or _type_of(x) == _ROB_TYPE:  # the claims asked and answered
            NBMJ_PREFETCH(<PyObject*>(<ClaimWindow>x).options)
            NBMJ_PREFETCH(<PyObject*>(<ClaimWindow>x).responses)
        return
    for q in range(4):
        if _type_of(PyTuple_GET_ITEM(<tuple>seats_p, q)) != _SEAT_TYPE:
            return
    if level == 6:  # every seat's hand and pong passes, which the claims on a discard read;
        # the lists of the seat that moves, which its move reads or grows (another seat's are
        # read only when its change count has moved: rarely)
        for q in range(4):
            seat = PyTuple_GET_ITEM(<tuple>seats_p, q)
            NBMJ_PREFETCH(<PyObject*>(<SeatState>seat).hand)
            NBMJ_PREFETCH(<PyObject*>(<SeatState>seat).passed_pon)
            if q == position:
                NBMJ_PREFETCH(<PyObject*>(<SeatState>seat).melds)
                NBMJ_PREFETCH(<PyObject*>(<SeatState>seat).river)
                NBMJ_PREFETCH(<PyObject*>(<SeatState>seat).flowers)
        x = <PyObject*>t.wall
        if _type_of(x) == _WALL_TYPE:  # the next tile drawn
            _fetch_item(<PyObject*>(<Wall>x).tiles, (<Wall>x)._head)
        return
    for q in range(4):  # level 7, the last: the hands' counts and the mover's newest records
        seat = PyTuple_GET_ITEM(<tuple>seats_p, q)
        x = <PyObject*>(<SeatState>seat).hand
        if PyByteArray_CheckExact(<object>x):
            _fetch(PyByteArray_AS_STRING(<object>x), 42)
        if q == position:
            _fetch_item(<PyObject*>(<SeatState>seat).river, -1)
            _fetch_item(<PyObject*>(<SeatState>seat).melds, 0)
            _fetch_item(<PyObject*>(<SeatState>seat).flowers, -1)


cdef int _play_all(list tables, list actions, list agents, observations, action_masks,
                   unsigned char* planes, unsigned char* masks, Py_ssize_t n, list out, signed char* row) except -1:
    cdef Py_ssize_t i
    cdef int position, plain
    cdef TableEncoder enc
    cdef TableState tstate
    cdef Table table
    cdef Py_ssize_t j, ahead_to = n if n >= READ_AHEAD_FROM else 0
    cdef PyObject* ahead
    # the learner and the action of each game in the window, read once as it enters it
    cdef int ahead_position[16]
    cdef int ahead_index[16]
    for j in range(min(READ_AHEAD, ahead_to)):
        ahead_position[j & 15] = _hint(agents, j)
        ahead_index[j & 15] = _hint(actions, j)
    for i in range(n):
        j = i + READ_AHEAD - 1
        if j < ahead_to:
            ahead_position[j & 15] = _hint(agents, j)
            ahead_index[j & 15] = _hint(actions, j)
        for j in range(i + 1, min(i + READ_AHEAD, ahead_to)):  # (see _read_ahead)
            ahead = PyList_GET_ITEM(tables, j)
            if _type_of(ahead) == _TABLE_TYPE:
                _read_ahead(ahead, READ_AHEAD - 1 - <int>(j - i), ahead_position[j & 15], ahead_index[j & 15])
        chosen = actions[i]
        if chosen is None:  # a game the caller deals again itself this step (next-step auto-reset)
            continue
        table_obj = tables[i]
        if type(table_obj) is not Table:  # a table of another class: its own act and observation
            earned = table_obj.act(agents[i], chosen)
            if _earned_any(earned) or table_obj.over:
                out.append((i, earned))
            if not table_obj.over:
                position = table_obj.observe_next(observations[i], action_masks[i])
                agents[i] = position
                if row != NULL:
                    row[i] = position
            continue
        table = <Table>table_obj
        enc_obj = table.encoder
        game = table.game
        tstate = None if game is None else _state_of(game)
        earned = _act_read(table, enc_obj, game, tstate, agents[i], chosen, &plain)
        if plain < 0:  # the move went through Table.act, ended the hand or let a bot move
            if _earned_any(earned) or table.over:
                out.append((i, earned))
            if table.over:
                continue
            enc_obj = table.encoder  # a new hand may have a new game
            game = table.game
            tstate = _state_of(game)
        elif _earned_any(earned):  # the episode goes on (see _act_read)
            out.append((i, earned))
        position = _first_to_act(tstate.phase)
        if position < 0:  # a live episode always waits for someone
            raise AssertionError(f"game {i} of the batch waits for nobody")
        if type(enc_obj) is TableEncoder:
            enc = <TableEncoder>enc_obj
            enc._fill(tstate, position, planes + i * N_ROWS * N_COLS, table.hands_played)
            enc._mask(game, tstate, position, masks + i * N_ACTIONS)
            table._masked_at[position] = table.version
        else:
            position = table.observe_next(observations[i], action_masks[i])
        agents[i] = position
        if row != NULL:
            row[i] = position
    return 0


# ---------------------------------------------------------------- masked random choices

cdef extern from *:
    """
    #include <string.h>
    #include <stdint.h>
    #include "bits.h"
    #if defined(__SSE2__)
    #include <emmintrin.h>
    #endif
    /* the high bit of each byte that is not zero among the n (1-8) bytes at p, the first
       byte's in the lowest bits whatever the machine's byte order */
    static inline uint64_t nbmj_nonzero_bytes(const unsigned char* p, Py_ssize_t n) {
        const uint64_t low7 = 0x7F7F7F7F7F7F7F7FULL;
        uint64_t x = 0;
        if (n >= 8) {
            memcpy(&x, p, 8);
        #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            x = __builtin_bswap64(x);
        #endif
        } else {
            for (Py_ssize_t i = 0; i < n; i++) x |= (uint64_t)p[i] << (8 * i);
        }
        return (((x & low7) + low7) | x) & ~low7;
    }
    /* the nonzero bytes among the n (1-16) bytes at p as the low n bits, the first byte's
       lowest; before_p: how many bytes of the row lie before p. On x86-64 (SSE2) sixteen at
       one compare: a shorter run after at least 16 - n bytes of the row is read as the
       sixteen bytes that end it, shifted. Else eight at a time, each word's high bits
       gathered into one byte by a multiplication */
    static inline unsigned nbmj_nonzero_bits16(const unsigned char* p, Py_ssize_t n, Py_ssize_t before_p) {
        unsigned bits = 0;
    #if defined(__SSE2__)
        const __m128i zero = _mm_setzero_si128();
        if (n == 16)
            return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)p), zero)) & 0xFFFFu;
        if (before_p >= 16 - n)
            return (~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)(p + n - 16)), zero)) & 0xFFFFu) >> (16 - n);
    #endif
        for (Py_ssize_t i = 0; i < n; i += 8)
            bits |= (unsigned)(((nbmj_nonzero_bytes(p + i, n - i) >> 7) * 0x0102040810204080ULL) >> 56) << i;
        return bits;
    }
    /* the nonzero bytes among the n (1-128) bytes at row + start, as the bits of w[0], w[1]
       (the runs of sixteen first, each in one word, then the last shorter one) */
    static inline void nbmj_block_bits(const unsigned char* row, Py_ssize_t start, Py_ssize_t n, uint64_t w[2]) {
        const unsigned char* p = row + start;
        uint64_t low = 0, high = 0, last;
        Py_ssize_t c = 0;
        for (; c + 16 <= n && c < 64; c += 16)
            low |= (uint64_t)nbmj_nonzero_bits16(p + c, 16, start + c) << c;
        for (; c + 16 <= n; c += 16)
            high |= (uint64_t)nbmj_nonzero_bits16(p + c, 16, start + c) << (c - 64);
        if (c < n) {  /* (c is 0, 16, 32 or 48 past a word's start: the run stays in it) */
            last = nbmj_nonzero_bits16(p + c, n - c, start + c);
            if (c < 64)
                low |= last << c;
            else
                high |= last << (c - 64);
        }
        w[0] = low;
        w[1] = high;
    }
    /* each byte of x replaced by the count of its set bits (no popcount instruction is
       assumed of the target); their sum is (counts * 0x0101010101010101) >> 56 */
    static inline uint64_t nbmj_byte_counts(uint64_t x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        return (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    }
    static inline int nbmj_sum_bytes(uint64_t counts) { return (int)((counts * 0x0101010101010101ULL) >> 56); }
    /* the position of the k-th set bit (from 0) of w, which has more than k; counts is
       nbmj_byte_counts(w) */
    static inline int nbmj_select_bit(uint64_t w, uint64_t counts, int k) {
        int shift = 0, c;
        while (k >= (c = (int)((counts >> shift) & 0xFF))) { k -= c; shift += 8; }
        unsigned b = (unsigned)(w >> shift) & 0xFFu;
        while (k--) b &= b - 1;
        return shift + NBMJ_CTZ64((uint64_t)b);
    }
    /* the floor(u * count)-th nonzero entry of the width bytes at row, count being how many
       are nonzero, held to 0 to count - 1 (a caller's u may fall outside [0, 1)); 0 when
       none is. The row is read in blocks of 128 entries, each made two bit words: an
       action mask's row (125 entries) is one block, read once */
    static inline Py_ssize_t nbmj_kth_nonzero(const unsigned char* row, Py_ssize_t width, double u) {
        uint64_t w[2], low = 0, high = 0;
        Py_ssize_t start, count = 0, k;
        int in_low = 0, in_block;
        for (start = 0; start < width; start += 128) {
            nbmj_block_bits(row, start, width - start < 128 ? width - start : 128, w);
            low = nbmj_byte_counts(w[0]);
            high = nbmj_byte_counts(w[1]);
            in_low = nbmj_sum_bytes(low);
            count += in_low + nbmj_sum_bytes(high);
        }
        if (count == 0) return 0;
        k = (Py_ssize_t)(u * (double)count);
        k = k >= count ? count - 1 : (k < 0 ? 0 : k);
        for (start = 0; ; start += 128) {  /* (ends: k < count) */
            if (width > 128) {  /* (a row of one block still has its words and counts) */
                nbmj_block_bits(row, start, width - start < 128 ? width - start : 128, w);
                low = nbmj_byte_counts(w[0]);
                high = nbmj_byte_counts(w[1]);
                in_low = nbmj_sum_bytes(low);
            }
            in_block = in_low + nbmj_sum_bytes(high);
            if (k < in_block)
                return start + (k < in_low ? nbmj_select_bit(w[0], low, (int)k) : 64 + nbmj_select_bit(w[1], high, (int)(k - in_low)));
            k -= in_block;
        }
    }
    """
    Py_ssize_t nbmj_kth_nonzero(const unsigned char* row, Py_ssize_t width, double u) noexcept nogil


def legal_choices(masks, uniforms, out):
    """``out[r]``: the ``k``-th legal action of row ``r`` of ``masks`` (``(N, A)``, one byte
    an entry, C order; nonzero is legal), ``k`` the floor of ``uniforms[r]`` (``(N,)``
    float64 in [0, 1)) times the row's count of legal actions; 0 for a row with none.
    ``out``: ``(N,)`` int64. The reference is :func:`nbmj.env._reference.legal_choices`."""
    cdef Py_buffer mview, uview, oview
    cdef Py_ssize_t n, width, r
    cdef const double* u
    cdef long long* chosen
    PyObject_GetBuffer(masks, &mview, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
    try:
        if mview.ndim != 2 or mview.itemsize != 1:
            raise ValueError(f"the masks are an (N, A) array of one-byte entries, not {mview.ndim} dimensions of {mview.itemsize} bytes")
        n, width = mview.shape[0], mview.shape[1]
        PyObject_GetBuffer(uniforms, &uview, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
        try:
            if uview.ndim != 1 or uview.shape[0] != n or uview.format != b"d":
                raise ValueError(f"the uniforms are {n} float64 values")
            PyObject_GetBuffer(out, &oview, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
            try:
                if oview.ndim != 1 or oview.shape[0] != n or oview.itemsize != 8 or oview.format not in (b"q", b"l"):
                    raise ValueError(f"out is {n} int64 values")
                u = <const double*>uview.buf
                chosen = <long long*>oview.buf
                for r in range(n):
                    chosen[r] = nbmj_kth_nonzero(<const unsigned char*>mview.buf + r * width, width, u[r])
            finally:
                PyBuffer_Release(&oview)
        finally:
            PyBuffer_Release(&uview)
    finally:
        PyBuffer_Release(&mview)
