# cython: language_level=3, initializedcheck=False
# (bounds and negative indices of Python lists stay checked, as in the twins: only the
# raw counts of a bytearray, read through a pointer, go unchecked, and every index into them is
# a tile id checked against the length first)
"""The engine's hot path, compiled: a discard up to the next player's turn when nobody may
claim it, the legal list of the seat on turn, the greedy bot's choice of discard, and the
loop of ``play_hand`` with the game's step for the actions offered.

Each function does what its pure-Python twin does (named in its docstring), with the same
results and the same events in the same order; :mod:`nbmj.engine._hotpath` chooses between
them (``NBMJ_PUREPYTHON=1`` forces the twins). Only the common cases are typed loops here:
whatever is rare (a seat that may claim, a restricted discard, a flower drawn) goes to the
pure-Python functions themselves, so there is one definition of each rule.
"""

from cpython.dict cimport PyDict_Copy
from cpython.object cimport PyTypeObject
from cpython.ref cimport PyObject, Py_INCREF
from cpython.list cimport PyList_GET_ITEM, PyList_New, PyList_SET_ITEM
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_SET_ITEM
from libc.string cimport memchr, memcpy

from libc.stdint cimport uint8_t, uint64_t

cdef extern from "bits.h":  # (csrc/bits.h, shared with nbmj.env._encode and nbmj.engine._mt)
    int NBMJ_BIT_LENGTH64(uint64_t n) noexcept nogil

from nbmj.core._shape cimport claim_options_counts, is_win_counts, resolve_claims_small


from .. import core
from ..errors import WallExhausted
from ..rules.model import SEATS
from .actions import Action as _Action
from .actions import interned
from .claim_window import offers as reference_offers
from .claims import _CHI_BITS
from .claims import chi_discard_bans as reference_chi_discard_bans
from .dealing import DEAL_BLOCK
from .draws import pay_immediate, replace_flower
from .dealing import deal as reference_deal
from .dealing import emit_start
from .ending import finish_draw
from .claim_window import resolve_claims as reference_resolve_claims
from .claims import CLAIM_CODE

cdef int _CODE_CHI = CLAIM_CODE["chi"], _CODE_PON = CLAIM_CODE["pon"]
from .kongs import resolve_rob
from .observation import Observation
from .phases import TRANSITIONS, Over, RobWindow
from .phases cimport ClaimWindow, Turn
from .turn import do_turn_action
from .precomputed import (BAN_FLAG, CHI_ACTS, CODES, DISCARD_ACTS, F_CHI, F_HU, F_KAN, F_PON, HU_ACTS, KAN_ACTS, O_CHI, O_HU,
                          O_KAN, O_PON, PASS_ACTS, PON_ACTS, notation)
from .restrictions import check_offence, discardable
from .liability import MELDS_TO_WARN
from .state import Offence, RiverTile, TableMeld
from .state cimport SeatState, TableState
from .rules_view cimport EngineRules, WildTables
from ..rules.model import Restriction as _Restriction
from .wall cimport Wall
from .draws import start_turn as reference_start_turn
from .turn import discard as reference_discard
from .turn import turn_actions as reference_turn_actions
from .wins import _may_reach as reference_may_reach
from .wins import _other_shape, _valid_score, first_turn, situation
from .wins import discard_win as reference_discard_win
from ..scoring.bound import _compiled as _compiled_bound
from .wins import self_win as reference_self_win
from .wins import is_ready as reference_is_ready

_reach_from_hand = None if _compiled_bound is None else _compiled_bound.reach_from_hand
_shanten = core.shanten


cdef inline bint _typed(object hand, Py_ssize_t need):
    """Whether ``hand`` is what the typed loops read: a bytearray of at least ``need``
    counts. A referee or a test may set a hand to another sequence: then the pure-Python
    twin does the work."""
    return type(hand) is bytearray and len(<bytearray>hand) >= need


cdef inline unsigned char* _bytes(object hand):
    return <unsigned char*><char*><bytearray>hand


cdef inline int _add_tile(unsigned char* h, int k) except -1:
    """``hand[k] += 1`` on a hand's 42 counts, with the errors the bytearray itself raises."""
    if not 0 <= k < 42:
        raise IndexError("bytearray index out of range")
    if h[k] == 255:
        raise ValueError("byte must be in range(0, 256)")
    h[k] += 1
    return 0


cdef inline int _remove_tile(unsigned char* h, int k) except -1:
    """``hand[k] -= 1`` on a hand's 42 counts, with the errors the bytearray itself raises."""
    if not 0 <= k < 42:
        raise IndexError("bytearray index out of range")
    if h[k] == 0:
        raise ValueError("byte must be in range(0, 256)")
    h[k] -= 1
    return 0


cdef inline object _event_of(object action, dict fields):
    """``action.to_json()``, given the action's ``__dict__``: for the interned actions (whose
    JSON form is cached there), a copy of that cache made here without the method calls."""
    cached = fields.get("_json")
    if type(cached) is dict:
        return PyDict_Copy(cached)
    return action.to_json()


cdef int _split_wilds(TableState t, unsigned char* h, unsigned char* c, int* wilds) except -1:
    """``wins.shape`` into ``c`` (34 counts): the hand's kinds with the wilds taken out;
    ``wilds`` gets how many wilds there are; returns the tiles left in ``c``."""
    cdef int k, w = 0, total = 0
    for k in range(34):
        c[k] = h[k]
    for k in t.wt.wild_ids:
        w += h[k]
        if k < 34:
            c[k] = 0
    for k in range(34):
        total += c[k]
    wilds[0] = w
    return total


# Turn and ClaimWindow are extension types (phases.pxd): the hot path makes them with their
# type's own allocation and fills the fields, without the dataclass __init__'s Python call.
# The records of state.py (RiverTile, TableMeld, Offence) are named tuples: they are
# allocated here the way tuple.__new__ allocates a subclass of tuple, which is several times
# cheaper than calling the class (checked here; otherwise the class is called).
cdef extern from "Python.h":
    object PyType_GenericAlloc(PyTypeObject* type, Py_ssize_t nitems)
    void PyObject_GC_UnTrack(void* op)
    int PyObject_IS_GC(PyObject* op)


def _plain_record(cls, fields):
    """Whether ``cls`` is a named tuple with exactly ``fields``, no defaults and the
    generated constructor: then an instance is a tuple of its values and nothing more."""
    return (cls.__bases__ == (tuple,) and cls._fields == fields and not cls._field_defaults
            and vars(cls).get("__slots__") == () and cls.__new__.__module__ == f"namedtuple_{cls.__name__}")


cdef bint _PLAIN_RIVER_TILE = _plain_record(RiverTile, ("tile", "claimed_by"))
cdef bint _PLAIN_TABLE_MELD = _plain_record(TableMeld, ("kind", "tiles", "source"))
cdef bint _PLAIN_OFFENCE = _plain_record(Offence, ("discarder", "warned", "number", "claimed"))


cdef inline bint _atomic(object v):
    """``v`` refers to no object that could lead back to a record: None, an int, a str, or
    a tuple of ints."""
    cdef object kind = type(v)
    if v is None or kind is int or kind is str or kind is bool:
        return True
    if kind is tuple:
        for x in <tuple>v:
            if type(x) is not int:
                return False
        return True
    return False


cdef inline object _record(object cls, tuple values):
    """``cls(*values)`` for a plain named tuple ``cls`` (:func:`_plain_record`). A record of
    atomic values can never be part of a reference cycle (it is immutable), so it is not
    tracked by the garbage collector, as CPython does for such plain tuples: a hand's
    rivers are most of the objects a collection of the oldest generation would walk."""
    cdef Py_ssize_t i, n = len(values)
    cdef bint atomic = True
    r = PyType_GenericAlloc(<PyTypeObject*>cls, n)
    for i in range(n):
        v = values[i]
        Py_INCREF(v)  # PyTuple_SET_ITEM takes the reference
        PyTuple_SET_ITEM(r, i, v)
        if atomic and not _atomic(v):
            atomic = False
    if atomic:
        PyObject_GC_UnTrack(<void*>r)
    return r


cdef inline void _untrack(object o) noexcept:
    """Leave ``o`` out of the garbage collector, as :func:`_record` leaves its records, when
    it is a container (a field a test set to None or to another object is left as it is)."""
    if PyObject_IS_GC(<PyObject*>o):
        PyObject_GC_UnTrack(<void*>o)


cdef Turn _turn(int p, str mode, draw_kind, drawn, tuple chi_bans=()):
    """``Turn(p, mode, draw_kind, drawn, chi_bans)``."""
    cdef Turn ph = Turn.__new__(Turn)
    ph.seat = p
    ph.mode = mode
    ph.draw_kind = draw_kind
    ph.drawn = drawn
    ph.chi_bans = chi_bans
    return ph


cdef ClaimWindow _claim_window(int tile, int discarder, dict options):
    """``ClaimWindow(tile, discarder, options, {})``."""
    cdef ClaimWindow ph = ClaimWindow.__new__(ClaimWindow)
    ph.tile = tile
    ph.discarder = discarder
    ph.options = options
    ph.responses = {}
    return ph


cdef object _river_tile(object tile, object claimed_by):
    """``RiverTile(tile, claimed_by)``; a tile still in the river is one shared record per
    tile id (:data:`_UNCLAIMED`)."""
    cdef long t
    if not _PLAIN_RIVER_TILE:
        return RiverTile(tile, claimed_by)
    if claimed_by is None and type(tile) is int:
        t = tile
        if 0 <= t < 42:
            return _UNCLAIMED[t]
    return _record(RiverTile, (tile, claimed_by))


cdef object _table_meld(str kind, tuple tiles, object source):
    """``TableMeld(kind, tiles, source)``."""
    if not _PLAIN_TABLE_MELD:
        return TableMeld(kind, tiles, source)
    return _record(TableMeld, (kind, tiles, source))


cdef object _offence(object discarder, object warned, object number, bint claimed):
    """``Offence(discarder, warned, number, claimed)``."""
    if not _PLAIN_OFFENCE:
        return Offence(discarder, warned, number, claimed)
    return _record(Offence, (discarder, warned, number, claimed))


# A discard lies in the river as RiverTile(tile, None) until a claim replaces it: records are
# immutable, so the hot path shares one per tile id instead of making one per discard (about
# sixty a hand, which were most of the objects a hand adds to the collector's count and so
# set how often the garbage collector runs). Nothing reads a record's identity but the
# encoder's check that the last river record it read is still in place, which a claim
# still fails, since a claimed record is always new.
cdef tuple _UNCLAIMED = tuple([_record(RiverTile, (t, None)) for t in range(42)]) if _PLAIN_RIVER_TILE else ()


def record(cls, *values):
    """``cls(*values)`` for RiverTile, TableMeld or Offence, made as the hot path makes it
    (for the tests)."""
    if cls is RiverTile:
        tile, claimed_by = values
        return _river_tile(tile, claimed_by)
    if cls is TableMeld:
        kind, tiles, source = values
        return _table_meld(kind, tiles, source)
    if cls is Offence:
        discarder, warned, number, claimed = values
        return _offence(discarder, warned, number, claimed)
    raise TypeError(f"not a record of the table: {cls!r}")


cpdef tuple chi_discard_bans(int tile, use):
    """``nbmj.engine.claims.chi_discard_bans``: 吃张打张 (NB-8.x), the claimed tile and, where
    the run has one, the tile past its far end."""
    if len(use) != 2:  # a chow uses two tiles of the hand; anything else goes to the twin
        return reference_chi_discard_bans(tile, use)
    cdef int a = use[0], b = use[1]
    cdef int low = a if a < b else b, high = b if a < b else a
    if tile < low and high % 9 <= 7:
        return (tile, high + 1)
    if tile > high and low % 9 >= 1:
        return (tile, low - 1)
    return (tile,)


cdef bint _is_ready(TableState t, int p, object hand) except -1:
    """``nbmj.engine.wins.is_ready`` of a typed hand."""
    cdef unsigned char c[34]
    cdef int w = 0
    cdef int total = _split_wilds(t, _bytes(hand), c, &w)
    if (total + w) % 3 != 1:
        return False
    if is_win_counts(c, w + 1):
        return True
    return t.er.several_shapes and bool(_other_shape(t, p, bytearray(c[:34]), w + 1))  # _other_shape's own test first


cdef extern from "Python.h":
    object PyObject_GenericGetDict(object o, void* context)
    PyObject* PyDict_GetItemWithError(object d, object key) except? NULL


cdef inline object _plain_field(object o, str name):
    """``o.name``. For an Action or a Restriction it is read from the instance dict: a
    frozen dataclass keeps its fields there and defines no descriptor over them, so this is
    what the attribute look-up finds, without its search of the class first."""
    cdef PyObject* v
    if type(o) is _Action or type(o) is _Restriction:
        v = PyDict_GetItemWithError(PyObject_GenericGetDict(o, NULL), name)
        if v != NULL:
            return <object>v
    return getattr(o, name)


cdef bint _in_force(TableState t, object r, bint always, bint at_claim) except -1:
    """``TableState.in_force(r, at_claim)`` for one of the four restrictions of EngineRules,
    with its ``*_always`` flag: a restriction the variant lacks, or one always in force,
    answered here; another window by ``TableState.window_open``."""
    if r is None:
        return False
    if always:
        return True
    return bool(t.window_open(_plain_field(r, "window"), at_claim, None))


cdef object _draw_head(Wall wall):
    """``Wall.draw_head``."""
    taken = wall._taken
    if taken is None:
        return wall.draw_head()
    cdef unsigned char* marks = _bytes(taken)
    cdef Py_ssize_t n = len(<bytearray>taken), i = wall._head
    while i < n and marks[i]:
        i += 1
    if i >= n:
        raise WallExhausted("the wall is empty")
    marks[i] = 1
    wall._head = i + 1
    wall.remaining -= 1
    wall.drawn += 1
    return wall.tiles[i]


def is_ready(t, int p):
    """``nbmj.engine.wins.is_ready``."""
    hand = t.seats[p].hand
    if type(t) is not TableState or not _typed(hand, 42):
        return reference_is_ready(t, p)
    return _is_ready(t, p, hand)


def start_turn(t, int p):
    """``nbmj.engine.draws.start_turn``."""
    if type(t) is not TableState:
        return reference_start_turn(t, p)
    return _start_turn(t, p)


cdef object _start_turn(TableState t, int p):
    cdef SeatState seat = t.seats[p]
    hand = seat.hand  # read once: nothing below puts another hand in the seat
    if not _typed(hand, 42):
        return reference_start_turn(t, p)
    seat.passed_win = False  # NB-8.6 / NB-8.7: drawing is acting
    passed_pon = seat.passed_pon
    if passed_pon:
        passed_pon.clear()
    if not t.can_draw():
        return finish_draw(t)
    tile = _draw_head(t.wall)
    cdef unsigned char* h = _bytes(hand)
    cdef int k = tile
    _add_tile(h, k)
    if t.keeps_log:
        t.events.append({"e": "draw", "seat": SEATS[p], "tile": CODES[k]})
    t.last_tile_drawn = not t.can_draw()
    t.current = p
    if t.er.auto_flowers and t.wt.flower_flag[k]:
        return _after_draw(t, p, tile, "self_draw")
    return _turn(p, "draw", "self_draw", tile)


cdef object _after_draw(TableState t, int p, tile, str draw_kind):
    """``nbmj.engine.draws.after_draw`` of a typed hand, each flower replaced by
    :func:`_replace_flower` (NB-5.4, NB-5.5)."""
    cdef WildTables wt = t.wt
    if t.er.auto_flowers:
        while wt.flower_flag[tile]:
            tile = _replace_flower(t, p, tile)
            if tile is None:
                return finish_draw(t)
            if draw_kind == "self_draw":
                draw_kind = "flower_replacement"
    t.current = p
    return _turn(p, "draw", draw_kind, tile)


cdef object _replace_flower(TableState t, int p, int f):
    """``nbmj.engine.draws.replace_flower`` of a typed hand (the payment, where the variant
    has one, by ``nbmj.engine.draws.pay_immediate``)."""
    cdef SeatState seat = t.seats[p]
    hand = seat.hand
    if not _typed(hand, 42):
        return replace_flower(t, p, f)
    cdef unsigned char* h = _bytes(hand)
    _remove_tile(h, f)
    seat.flowers.append(f)
    seat.changes += 1
    amount = t.er.immediate.flower
    if amount:
        pay_immediate(t, p, amount, "flower")
    cdef Wall wall = t.wall
    if wall.remaining <= t.kept_tiles:
        if t.keeps_log:
            t.events.append({"e": "bu", "seat": SEATS[p], "tile": CODES[f], "draw": None})
        return None
    tile = wall.draw_tail()
    _add_tile(h, tile)
    if t.keeps_log:
        t.events.append({"e": "bu", "seat": SEATS[p], "tile": CODES[f], "draw": CODES[tile]})
    t.last_tile_drawn = not t.can_draw()
    return tile


def replace_flower_typed(t, int p, int f):
    """``nbmj.engine.draws.replace_flower``, as the hot path does it (for the tests)."""
    if type(t) is not TableState:
        return replace_flower(t, p, f)
    return _replace_flower(t, p, f)


def discard(t, int p, int tile):
    """``nbmj.engine.turn.discard``, and ``nbmj.engine.claim_window.open_claims`` after it."""
    if type(t) is not TableState:
        return reference_discard(t, p, tile)
    return _discard(t, p, tile)


cdef object _discard(TableState t, int p, int tile):
    cdef tuple seats = t.seats
    cdef SeatState st, other
    for other in seats:
        if not _typed(other.hand, 42):
            return reference_discard(t, p, tile)
    st = seats[p]
    hand = st.hand
    cdef unsigned char* h = _bytes(hand)
    _remove_tile(h, tile)
    st.river.append(_river_tile(tile, None))
    st.changes += 1
    t.discards_made += 1
    cdef bint ready = _is_ready(t, p, hand)
    st.ready = ready
    cdef EngineRules er = t.er
    cdef int i, q
    if er.bao_suits or er.bao_terminals:
        for i in range(1, 4):  # only a seat with MELDS_TO_WARN melds shows a warning (NH-6.1, NH-6.3)
            if len((<SeatState>seats[(p + i) % 4]).melds) >= _MELDS_TO_WARN:
                check_offence(t, p, tile, ready)
                break
    if tile in t.wt.wilds:
        st.discarded_wild = True
    # open_claims: a seat that is not ready and can make no meld with the tile is offered
    # nothing whatever the rules allow (offers' own cheap test, with every claim allowed);
    # when that holds for the three, the next turn starts without asking offers
    cdef int chi_seat = (p + 1) % 4 if tile < 27 else -1
    cdef int rank = tile % 9
    cdef unsigned char* o
    cdef bint ask = False
    for i in range(1, 4):
        q = (p + i) % 4
        other = seats[q]
        if other.ready:
            ask = True
            break
        o = _bytes(other.hand)
        if o[tile] >= 2 or (q == chi_seat and ((rank and o[tile - 1]) or (rank < 8 and o[tile + 1]))):
            ask = True
            break
    if ask:
        options = _offers(t, p, tile)
        if options:
            return _claim_window(tile, p, options)
    return _start_turn(t, (p + 1) % 4)


cdef Py_ssize_t _MELDS_TO_WARN = MELDS_TO_WARN
cdef long _F_HU = F_HU, _F_KAN = F_KAN, _F_PON = F_PON, _F_CHI = F_CHI
cdef long _O_HU = O_HU, _O_KAN = O_KAN, _O_PON = O_PON, _O_CHI = O_CHI
cdef long _CHI_BIT[3]  # the core's chow bits in chi_uses order (nbmj.engine.claims._CHI_BITS)
_CHI_BIT[:] = list(_CHI_BITS)


cdef dict _offers(TableState t, int p, int tile):
    """``nbmj.engine.claim_window.offers``, every hand a typed one."""
    cdef EngineRules er = t.er
    cdef long flags = er.claim_flags, f
    if er.no_claims:
        for kind in t.banned_claims(True):
            flags &= ~<long>BAN_FLAG.get(kind, 0)
    if not t.can_draw():
        flags &= ~(_F_CHI | _F_PON | _F_KAN)  # NB-15.2: the last discard may be claimed only to win
    elif not t.can_kong():
        flags &= ~_F_KAN
    cdef int chi_seat = (p + 1) % 4 if flags & _F_CHI and tile < 27 else -1
    cdef int rank = tile % 9
    cdef int i, q
    cdef unsigned char* o
    cdef bint no_win = _in_force(t, er.win_pass, er.win_pass_always, True)
    cdef tuple seats = t.seats
    cdef SeatState seat
    options = {}
    for i in range(1, 4):  # CLAIM_ORDER: next, opposite, previous
        q = (p + i) % 4
        seat = seats[q]
        f = flags
        if not seat.ready or (no_win and seat.passed_win):
            f &= ~_F_HU
        if not f & _F_HU:
            o = _bytes(seat.hand)
            if o[tile] < 2 and not (q == chi_seat and ((rank and o[tile - 1]) or (rank < 8 and o[tile + 1]))):
                continue
        opts = _claim_options(t, q, tile, p, f)
        if opts:
            options[q] = opts
    return options


cdef list _claim_options(TableState t, int q, int tile, int d, long flags):
    """``nbmj.engine.claim_window.claim_options`` of a typed hand."""
    cdef SeatState seat_state = t.seats[q]
    if flags & _F_PON and tile in seat_state.passed_pon and _in_force(t, t.er.pon_pass, t.er.pon_pass_always, True):
        flags &= ~_F_PON
    hand = seat_state.hand
    cdef unsigned char* h = _bytes(hand)
    cdef WildTables wt = t.wt
    cdef int k, w = 0
    for k in wt.wild_flower_ids:
        w += h[k]
    cdef long options = claim_options_counts(h, w, wt.wild_mask, tile, (q - d + 4) % 4, flags)
    if (flags & _F_HU and not options & _O_HU and t.er.several_shapes
            and discard_win(t, q, tile, d, "discard") is not None):
        options |= _O_HU  # a win in another shape of winning.shapes
    if not options:
        return []
    cdef list acts = []
    cdef int j
    if options & _O_HU and discard_win(t, q, tile, d, "discard", True) is not None:
        acts.append(HU_ACTS[q])
    if options & _O_KAN:
        acts.append((<tuple>KAN_ACTS[q])[tile])
    if options & _O_PON:
        acts.append((<tuple>PON_ACTS[q])[tile])
    if options & _O_CHI:
        chows = (<tuple>CHI_ACTS[q])[tile]
        for j in range(3):  # chi_uses order: below, around, above the tile
            if options & _CHI_BIT[j]:
                a = (<tuple>chows)[j]
                if a is not None and _chi_leaves_discard(t, q, tile, a.use):
                    acts.append(a)
    if acts:
        acts.append(PASS_ACTS[q])
    return acts


cdef list _discardable(TableState t, int p, object hand, bans, bint at_claim):
    """``nbmj.engine.restrictions.discardable`` of a typed hand; a variant that limits the
    suits of first discards (NH-1.7) goes to the twin."""
    if t.er.suits:
        return discardable(t, p, hand, bans, at_claim)
    cdef int ids[42]
    cdef int i, n = _discardable_ids(t, _bytes(hand), bans, at_claim, ids)
    return [ids[i] for i in range(n)]


cdef int _discardable_ids(TableState t, const unsigned char* h, bans, bint at_claim, int* out) except -1:
    """The ids of the tiles of counts ``h`` that may be discarded, in ``_discardable``'s
    order, written into ``out`` (room for 42); returns how many (a variant without the
    NH-1.7 suit limit)."""
    cdef EngineRules er = t.er
    cdef WildTables wt = t.wt
    cdef unsigned long long playable = wt.playable_mask, banned = 0
    cdef int k, i, n = 0, kept = 0, in_hand = 0
    for k in range(42):
        if h[k] and (playable >> k) & 1:
            out[n] = k
            n += 1
            in_hand += h[k]
    if n and bans and _in_force(t, er.chi_ban, er.chi_ban_always, at_claim) and not (in_hand == 2 and "big_crane" in er.chi_ban.unless):
        for k in bans:
            if 0 <= k < 42:
                banned |= 1ULL << k
        banned &= ~wt.wild_id_mask  # a wild may always go
        for i in range(n):
            k = out[i]
            if not (banned >> k) & 1:
                out[kept] = k
                kept += 1
        n = kept
    return n


cdef bint _chi_leaves_discard(TableState t, int q, int tile, use) except -1:
    """``nbmj.engine.restrictions.chi_leaves_discard`` (NB-8.5) of a typed hand (asked for
    every chow offered: the hand after the chow is counted in C, not copied)."""
    cdef EngineRules er = t.er
    if not _in_force(t, er.chi_ban, er.chi_ban_always, True):
        return True
    cdef unsigned char h[42]
    cdef int ids[42]
    cdef int u
    if not er.suits:
        memcpy(h, _bytes(t.seats[q].hand), 42)
        for u in use:
            if not 0 <= u < 42 or h[u] == 0:
                break
            h[u] -= 1
        else:
            return _discardable_ids(t, h, chi_discard_bans(tile, use), True, ids) > 0
    # NH-1.7's twin, or not a chow of this hand (the copy raises as the twin's does)
    hand = bytearray(t.seats[q].hand)
    for u in use:
        hand[u] -= 1
    return len(_discardable(t, q, hand, chi_discard_bans(tile, use), True)) > 0


def offers_of(t, int p, int tile):
    """``nbmj.engine.claim_window.offers``."""
    if type(t) is not TableState:
        return reference_offers(t, p, tile)
    for other in t.seats:
        if not _typed(other.hand, 42):
            return reference_offers(t, p, tile)
    return _offers(t, p, tile)


def turn_actions(t, ph, int p):
    """``nbmj.engine.turn.turn_actions``."""
    if type(t) is not TableState or type(ph) is not Turn:
        return reference_turn_actions(t, ph, p)
    return _turn_actions(t, ph, p)


cdef list _turn_actions(TableState t, Turn ph, int p):
    cdef unsigned char kinds[TURN_CODES_MAX]
    cdef unsigned char tiles[TURN_CODES_MAX]
    cdef bint complete
    cdef int n = turn_codes(t, ph, p, kinds, tiles, &complete), i
    if n < 0:  # not a typed hand
        return reference_turn_actions(t, ph, p)
    cdef list acts
    if complete and n and kinds[0] == TURN_DISCARD:  # only discards: the list made at its size
        acts = PyList_New(n)
        table = turn_discards(p)
        for i in range(n):
            a = <object>PyTuple_GET_ITEM(table, tiles[i])
            Py_INCREF(a)  # PyList_SET_ITEM takes the reference
            PyList_SET_ITEM(acts, i, a)
        return acts
    acts = [turn_action(p, kinds[i], tiles[i]) for i in range(n)]
    if not complete:  # NH-1.7's suit limit on the discards, by its twin
        table = DISCARD_ACTS[p]
        acts.extend([table[k] for k in discardable(t, p, t.seats[p].hand, ph.chi_bans, False)])
    return acts


cdef tuple _DISCARD_TABLES = tuple(DISCARD_ACTS)  # per position, the 42 discard actions


cdef tuple turn_discards(int p):
    """Position ``p``'s 42 shared discard actions, by tile id (``p`` is 0-3)."""
    return <tuple>PyTuple_GET_ITEM(_DISCARD_TABLES, p)


cdef object turn_action(int p, int kind, int tile):
    """The shared Action of a turn code of position ``p`` (see :func:`turn_codes`)."""
    if kind == TURN_DISCARD:
        return <object>PyTuple_GET_ITEM(turn_discards(p), tile)
    if kind == TURN_HU:
        return HU_ACTS[p]
    return interned(SEATS[p], "ankan" if kind == TURN_ANKAN else "kakan" if kind == TURN_KAKAN else "flower", tile)


cdef int turn_codes(TableState t, Turn ph, int p, unsigned char* kinds, unsigned char* tiles, bint* complete) except -2:
    """The legal actions of position ``p`` on turn ``ph``, as codes: ``kinds[i]`` (a ``TURN_``
    kind) and ``tiles[i]`` (its tile id; 0 for a win), in the order of the engine's legal list
    (``nbmj.engine.turn.turn_actions``), which :func:`_turn_actions` builds from them and the
    compiled encoder marks in a mask without building it. ``kinds`` and ``tiles`` have room for
    ``TURN_CODES_MAX``. Returns how many; -1 for a hand that is not a typed one, or with two
    pungs of one tile or a pung of no tile id (which no hand of the game has): the twin's
    list then. ``complete[0]`` is False when the discards are left out because the variant limits
    the suits of first discards (NH-1.7) and the discards are restricted now: the caller adds
    them by the twin (``nbmj.engine.restrictions.discardable``), after the codes."""
    cdef SeatState st = t.seats[p]
    hand = st.hand
    complete[0] = True
    if not _typed(hand, 42):
        return -1
    cdef unsigned char* h = _bytes(hand)
    cdef EngineRules er = t.er
    cdef WildTables wt = t.wt
    cdef str mode = ph.mode
    cdef int n = 0, k, i
    cdef int ids[42]
    cdef bint drew = mode == "draw" or mode == "dealer_first"
    cdef bint may_kong = drew or (mode == "after_pon" and not _in_force(t, er.kong_pon, er.kong_pon_always, False))
    cdef unsigned long long playable, held = 0  # held: a bit for each pung whose fourth tile is held
    drawn = ph.drawn
    if drew and drawn is not None:
        if (st.ready or ph.draw_kind == "kong_replacement") and _self_win(t, p, drawn, ph.draw_kind) is not None:
            kinds[n] = TURN_HU
            tiles[n] = 0
            n += 1
    cdef list melds = st.melds
    cdef bint has_four = memchr(h, 4, 42) != NULL
    if may_kong and (melds or has_four) and t.can_kong() and not (er.no_claims and "kan" in t.banned_claims(False)):
        if has_four:
            wilds = wt.wilds
            for k in range(34):
                if h[k] == 4 and (k not in wilds or er.wild_kong):  # NB-4.11, NB-4.14
                    kinds[n] = TURN_ANKAN
                    tiles[n] = k
                    n += 1
        for m in melds:
            if type(m) is TableMeld:  # a named tuple: (kind, tiles, source), read as a tuple
                meld_kind, first = (<tuple>m)[0], (<tuple>(<tuple>m)[1])[0]
            else:
                meld_kind, first = m.kind, m.tiles[0]
            if meld_kind == "pon" and hand[first]:
                k = first
                if not 0 <= k < 42 or (held >> k) & 1:  # not a tile id, or two pungs of one: the twin's list
                    return -1
                held |= 1ULL << k
        k = 0
        while held >> k:  # in order of tile, as sorted() gives them
            if (held >> k) & 1:
                kinds[n] = TURN_KAKAN
                tiles[n] = k
                n += 1
            k += 1
    if not er.auto_flowers and may_kong:
        flower_flag = wt.flower_flag
        for k in range(34, 42):
            if h[k] and flower_flag[k]:
                kinds[n] = TURN_FLOWER
                tiles[n] = k
                n += 1
    bans = ph.chi_bans
    if bans or er.discard_limited:
        if er.suits:
            complete[0] = False
            return n
        for i in range(_discardable_ids(t, h, bans, False, ids)):
            kinds[n] = TURN_DISCARD
            tiles[n] = ids[i]
            n += 1
    elif er.auto_flowers:  # every tile held
        for k in range(42):
            if h[k]:
                kinds[n] = TURN_DISCARD
                tiles[n] = k
                n += 1
    else:  # every playable tile held (a flower is laid down, not discarded)
        playable = wt.playable_mask
        for k in range(42):
            if h[k] and (playable >> k) & 1:
                kinds[n] = TURN_DISCARD
                tiles[n] = k
                n += 1
    return n


cdef int _isolation(unsigned char* c, int t):
    """``nbmj.engine.bots._isolation``."""
    cdef int near = c[t] - 1, r, d
    if t < 27:
        r = t % 9
        for d in (-2, -1, 1, 2):
            if 0 <= r + d <= 8:
                near += c[t + d]
    return near


def best_discard(counts, int w, wilds, list discards):
    """``nbmj.engine.bots._best_discard``."""
    if not _typed(counts, 34):
        counts = bytearray(counts)  # the same choice: the counts are restored before it returns
        if len(counts) < 34:
            raise IndexError("bytearray index out of range")
    cdef unsigned char* c = _bytes(counts)
    cdef Py_ssize_t n = len(discards), i, best_i = -1
    cdef int t, s, best_shanten = 99, wild_shanten = -1
    cdef int best_wild = 0, best_iso = 0, best_t = 0, is_wild, iso
    if n == 0:
        raise ValueError("no discard to choose from")
    shanten = [0] * n
    for i in range(n):
        tile = (<object>discards[i]).tile
        assert tile is not None
        if tile in wilds:
            if wild_shanten < 0:
                wild_shanten = _shanten(counts, w - 1)
            s = wild_shanten
        else:
            t = tile
            if not 0 <= t < len(counts):
                raise IndexError("bytearray index out of range")
            if c[t] == 0:
                raise ValueError("byte must be in range(0, 256)")
            c[t] -= 1
            try:
                s = _shanten(counts, w)
            finally:
                c[t] += 1
        shanten[i] = s
        if s < best_shanten:
            best_shanten = s
    # the least (is wild, isolation, -tile) among those at the best shanten, the first on a tie
    for i in range(n):
        if shanten[i] != best_shanten:
            continue
        tile = (<object>discards[i]).tile
        is_wild = tile in wilds
        t = tile
        iso = 0 if is_wild else _isolation(c, t)
        if best_i < 0 or is_wild < best_wild or (is_wild == best_wild and (
                iso < best_iso or (iso == best_iso and t > best_t))):
            best_i, best_wild, best_iso, best_t = i, is_wild, iso, t
    return discards[best_i], best_shanten


_RandomBot = _GreedyBot = None


def play(game, list by_position):
    """``nbmj.engine.bots._play``, with ``Game.step`` taken in for the actions the bots hand
    back from their legal lists (any other goes to ``game.step`` and its checks), and the
    engine's own bots asked without their Python frames."""
    global _RandomBot, _GreedyBot
    if _RandomBot is None:
        from .bots import GreedyBot, RandomBot  # loaded by now: bots.play_hand calls this
        _RandomBot, _GreedyBot = RandomBot, GreedyBot
    cdef TableState t = game._t
    cache = t.legal
    cdef int p
    while True:
        ph = t.phase
        phase_type = type(ph)
        if phase_type is Turn:
            p = (<Turn>ph).seat
        elif phase_type is Over:
            return ph.result
        else:
            p = ph.to_act()[0]
        legal = cache.get(p)
        if legal is None:
            legal = _legal_for(t, ph, p)
        _bot_move(game, t, ph, p, by_position[p], legal)


cdef int _bot_move(game, TableState t, ph, int p, bot, list legal) except -1:
    """``game.step(bot(game.observation(seat), game.legal_actions(seat)))`` for position
    ``p``, whose legal list the game keeps as ``legal``; the engine's own bots are asked
    without their Python frames."""
    bot_type = type(bot)
    if bot_type is _RandomBot:  # its choice reads neither the observation nor changes the list
        action = _random_choice(bot, legal)
    elif bot_type is _GreedyBot:
        action = _greedy(game, p, legal)
    else:
        action = bot(Observation(game, p), list(legal))
    for offered in legal:
        if offered is action:
            break
    else:
        game.step(action)  # built by the bot (or not legal): the game's own checks
        return 0
    _step_offered(t, ph, p, action, -1)
    return 0


def bot_move(game, int p, bot):
    """``game.step(bot(game.observation(seat), game.legal_actions(seat)))`` for the bot at
    position ``p``, as :func:`play` asks it (the engine's bots in C)."""
    global _RandomBot, _GreedyBot
    if _RandomBot is None:
        from .bots import GreedyBot, RandomBot
        _RandomBot, _GreedyBot = RandomBot, GreedyBot
    if p < 0 or p > 3:
        raise ValueError(f"position {p!r} is not 0-3")
    cdef TableState t = game._t
    ph = t.phase
    legal = t.legal.get(p)
    if legal is None:
        legal = _legal_for(t, ph, p)
    _bot_move(game, t, ph, p, bot, legal)


cdef int _step_offered(TableState t, ph, int p, action, int discard) except -1:
    """What ``Game.step`` does with ``action`` once it has found it in ``p``'s legal list.
    ``discard``: the tile id when the caller knows ``action`` is that tile's discard on turn
    (else -1); a hand without a log then leaves the action's fields unread."""
    t.legal.clear()
    t.version += 1
    cdef dict fields = None
    if type(action) is _Action and (discard < 0 or t.keeps_log):
        fields = PyObject_GenericGetDict(action, NULL)  # its __dict__, read once
    if t.keeps_log:
        t.events.append(action.to_json() if fields is None else _event_of(action, fields))
    cdef ClaimWindow window
    if type(ph) is Turn:
        if discard >= 0:
            tile, kind = discard, "discard"
        elif fields is not None:
            tile, kind = fields["tile"], fields["kind"]
        else:
            tile, kind = action.tile, action.kind
        if kind == "discard" and tile is not None:
            _enter(t, _discard(t, p, tile))
        else:
            _enter(t, do_turn_action(t, ph, p, action))
    else:
        window = ph
        responses = window.responses
        responses[p] = action
        if len(responses) == len(window.options):
            _enter(t, resolve_rob(t, ph) if type(ph) is RobWindow else _resolve_claims(t, window))
    t.legal.clear()
    return 0


def step_offered(game, int p, action):
    """``game.step(action)`` for ``action`` from position ``p``'s legal list as the game
    keeps it (:func:`legal_for`), found there by identity; returns False, having done
    nothing, when it is not there (the caller then calls ``game.step``, which checks it)."""
    return table_step_offered(game._t, p, action)


cdef int table_step_marked(TableState t, int p, object action, int discard) except -1:
    """``Game.step(action)`` for an action the compiled encoder marked in ``p``'s mask from
    :func:`turn_codes` at this very state and version (so legal, without a look at the legal
    list, which the encoder did not make). ``discard`` is the tile id when the action is
    that tile's discard (known from its place in the mask), else -1."""
    return _step_offered(t, t.phase, p, action, discard)


cdef bint table_step_offered(TableState t, int p, object action) except -1:
    """:func:`step_offered` of the game whose state is ``t``, for the compiled encoder (``_hot.pxd``)."""
    if p < 0 or p > 3:
        return False
    legal = t.legal.get(p)
    if legal is None:
        return False
    for offered in <list>legal:
        if offered is action:
            break
    else:
        return False
    _step_offered(t, t.phase, p, action, -1)
    return True


cdef list _legal_for(TableState t, ph, int p):
    """``Game._legal_for``, the list not yet kept."""
    if type(ph) is Turn:
        legal = _turn_actions(t, ph, p) if p == (<Turn>ph).seat else []
    else:
        legal = ph.legal(t, p)
    t.legal[p] = legal
    return legal


def legal_for(game, int p):
    """``Game._legal_for(p)``: position ``p``'s legal list as the game keeps it (not a copy:
    read it, do not change it)."""
    return table_legal_for(game._t, p)


cdef list table_legal_for(TableState t, int p):
    """:func:`legal_for` of the game whose state is ``t``, for the compiled encoder (``_hot.pxd``)."""
    legal = t.legal.get(p)
    if legal is None:
        legal = _legal_for(t, t.phase, p)
    return legal


# TRANSITIONS' pairs (phase type, next phase type) by address, for _enter to find by pointer
# instead of a dict and a tuple probe. The types are the phase classes, which the mapping
# holds for good.
cdef enum:
    MAX_TRANSITIONS = 16
cdef PyObject* _transition_from[MAX_TRANSITIONS]
cdef PyObject* _transition_to[MAX_TRANSITIONS]
cdef int _transition_count = 0


cdef int _load_transitions() except -1:
    global _transition_count
    for before, afters in TRANSITIONS.items():
        for after in afters:
            if _transition_count < MAX_TRANSITIONS:  # any beyond are found through the mapping
                _transition_from[_transition_count] = <PyObject*>before
                _transition_to[_transition_count] = <PyObject*>after
                _transition_count += 1
    return 0


_load_transitions()


cdef _enter(TableState t, phase):
    """``Game._enter``."""
    kind_before, kind_after = type(t.phase), type(phase)
    cdef PyObject* before = <PyObject*>kind_before
    cdef PyObject* after = <PyObject*>kind_after
    cdef int k
    for k in range(_transition_count):
        if _transition_from[k] == before and _transition_to[k] == after:
            break
    else:  # not one of TRANSITIONS' pairs as they were at import: the mapping decides
        if kind_after not in TRANSITIONS[kind_before]:
            raise AssertionError(f"no transition from {t.phase!r} to {phase!r}")
    t.scores.clear()
    t.phase = phase


cdef object _random_choice(bot, list legal):
    """``nbmj.engine.bots.RandomBot.__call__``."""
    first = legal[0]
    if bot.always_win and first.kind == "hu":  # the engine lists a win first
        return first
    if not bot._fast:
        return bot.rng.choice(legal)
    bits = bot.rng.getrandbits
    cdef Py_ssize_t n = len(legal)
    cdef int k = NBMJ_BIT_LENGTH64(<uint64_t>n)
    r = bits(k)
    while r >= n:
        r = bits(k)
    return legal[r]


def greedy_act(observation, list legal):
    """``nbmj.engine.bots.GreedyBot.__call__`` for an Observation."""
    game = observation._game
    if (<TableState>game._t).version != observation._version:
        observation["wilds"]  # raises StaleObservationError, as the bot's first read does
    return _greedy(game, observation._p, legal)


cdef object _greedy(game, int p, list legal):
    """GreedyBot's choice for seat ``p`` of a live ``game``."""
    flower = None
    discards = []
    kongs = []
    kakans = []
    for a in legal:
        kind = a.kind
        if kind == "discard":
            discards.append(a)
        elif kind == "hu":
            return a
        elif kind == "flower":
            if flower is None:
                flower = a
        elif kind == "ankan":
            kongs.append(a)
        elif kind == "kakan":
            kakans.append(a)
    cdef TableState table = game._t
    wilds = set(table.wt.wild_ids)  # the observation's "wilds"
    # bots._counts_of of the observation's hand counts
    hand = table.seats[p].hand
    counts = bytearray(hand[:34])
    cdef int w = 0
    for t in wilds:
        w += hand[t]
        if t < 34:
            counts[t] = 0
    if flower is not None:
        return flower
    if discards:
        best, best_shanten = best_discard(counts, w, wilds, discards)
        for a in kongs + kakans:  # the concealed kongs, then the added ones
            tile = a.tile
            assert tile is not None
            c, ww = _without(counts, w, wilds, (tile,) * (4 if a.kind == "ankan" else 1))
            if _shanten(c, ww) <= best_shanten:
                return a
        return best
    # GreedyBot._claim
    now = _shanten(counts, w)
    for kind in ("kan", "pon", "chi"):
        for a in legal:
            if a.kind != kind:
                continue
            tile = a.tile
            assert tile is not None
            c, ww = _without(counts, w, wilds, a.use or (tile,) * (3 if kind == "kan" else 2))
            after = _shanten(c, ww)
            if after < now or (kind == "kan" and after <= now):
                return a
    for a in legal:
        if a.kind == "pass":
            return a
    raise KeyError("pass")


cdef tuple _without(counts, int w, wilds, tiles):
    """``nbmj.engine.bots._without``."""
    c = bytearray(counts)
    for u in tiles:
        if u not in wilds and c[u] > 0:
            c[u] -= 1
        elif w > 0:
            w -= 1
    return c, w


def resolve_claims(t, window):
    """``nbmj.engine.claim_window.resolve_claims``: when nobody takes the tile or a chow or
    a pong takes it, here; a win or a kong goes to the twin."""
    if type(t) is not TableState or type(window) is not ClaimWindow:
        return reference_resolve_claims(t, window)
    return _resolve_claims(t, window)


cdef object _resolve_claims(TableState t, ClaimWindow window):
    responses = window.responses
    cdef EngineRules er = t.er
    cdef uint8_t declared[4]
    cdef uint8_t tiers[4]
    cdef uint8_t seat_order[3]
    cdef uint8_t won[3]
    cdef int k, q
    for k in range(4):
        declared[k] = 0
        tiers[k] = er.claim_tiers[k]
    for k in range(3):
        seat_order[k] = er.claim_seat_order[k]
    for q, a in responses.items():
        if not 0 <= q < 4:
            return reference_resolve_claims(t, window)  # not a position: the twin's error
        declared[q] = CLAIM_CODE[_plain_field(a, "kind")]
    cdef int d = window.discarder
    cdef int winners = resolve_claims_small(declared, d, tiers, seat_order, er.all_winners, won)
    if winners:
        if declared[won[0]] != _CODE_CHI and declared[won[0]] != _CODE_PON:
            return reference_resolve_claims(t, window)  # it notes the passes itself
        a = responses[won[0]]
    if er.win_pass is not None or er.pon_pass is not None:
        _note_passes(t, window.tile, window.options, responses)
    if winners:
        return _take_meld(t, window, won[0], a)
    return _start_turn(t, (d + 1) % 4)


cdef object _take_meld(TableState t, ClaimWindow window, int q, a):
    """The chow or pong ``a`` of position ``q`` takes the discard: what
    ``nbmj.engine.claim_window.resolve_claims`` does after the passes are noted."""
    tile, d = window.tile, window.discarder
    cdef EngineRules er = t.er
    kind = a.kind
    cdef tuple seats = t.seats
    cdef SeatState seat
    seat = seats[d]
    river = seat.river
    river[-1] = _river_tile(river[-1].tile, SEATS[q])
    seat.changes += 1
    offences = t.offences
    for i, off in enumerate(offences):
        if off.warned == q and off.number == t.discards_made:
            offences[i] = _offence(off.discarder, off.warned, off.number, True)  # took the offending tile into a meld
    t.claims_made = True
    (<SeatState>seats[d]).fed[q] += 1
    seat = seats[q]
    seat.passed_win = False  # NB-8.6 / NB-8.7: a claim is acting
    if seat.passed_pon:  # (clearing an empty set would still write its table)
        seat.passed_pon.clear()
    hand = seat.hand
    seat.changes += 1  # the meld made below
    t.current = q
    if t.keeps_log:
        t.events.append({"e": "take", "seat": SEATS[q], "claim": kind, "tile": CODES[tile], "from": SEATS[d]})
    if kind == "chi":
        for u in a.use:
            hand[u] -= 1
        seat.melds.append(_table_meld("chi", tuple(sorted((tile, *a.use))), d))
        bans = chi_discard_bans(tile, a.use) if _in_force(t, er.chi_ban, er.chi_ban_always, True) else ()
        return _turn(q, "after_chi", None, None, bans)
    hand[tile] -= 2
    seat.melds.append(_table_meld("pon", (tile, tile, tile), d))
    return _turn(q, "after_pon", None, None)


cdef _note_passes(TableState t, tile, options, responses):
    """``nbmj.engine.restrictions.note_passes``."""
    cdef EngineRules er = t.er
    no_win = _in_force(t, er.win_pass, er.win_pass_always, True)
    no_pon = _in_force(t, er.pon_pass, er.pon_pass_always, True)
    for q, opts in options.items():
        chosen = _plain_field(responses[q], "kind")
        # a win is always listed first (see legal_actions)
        if no_win and _plain_field(opts[0], "kind") == "hu" and chosen != "hu":
            t.seats[q].passed_win = True  # NB-8.7
        if no_pon and chosen != "pon" and chosen != "kan" and chosen != "hu":
            for a in opts:
                if _plain_field(a, "kind") == "pon":
                    t.seats[q].passed_pon.add(tile)  # NB-8.6
                    break


cdef bint _may_reach(TableState t, int p, int tile, str win_by, discarder) except -1:
    """``nbmj.engine.wins._may_reach``, asking the compiled bound without the twin's frame."""
    if _reach_from_hand is None:
        return reference_may_reach(t, p, tile, win_by, discarder)
    cdef SeatState seat = t.seats[p]
    cdef WildTables wt = t.wt
    cdef bint discarded = discarder is not None
    return _reach_from_hand(
        t.rules, seat.hand, wt.flower_flag, wt.wilds, tile, discarded, seat.melds, seat.flowers, t.seat_wind(p),
        t.round_wind, win_by, t.last_tile_drawn and not discarded, first_turn(t, win_by), seat.discarded_wild)


cdef object discard_win(TableState t, int q, int tile, int d, str win_by, bint shape_wins=False):
    """``nbmj.engine.wins.discard_win``: the valuation of a hand known to win in shape
    here, any other in the twin."""
    if not shape_wins:
        return reference_discard_win(t, q, tile, d, win_by)
    key = (q, win_by)
    scores = t.scores
    res = scores.get(key, scores)
    if res is not scores:
        return res
    res = None
    if _may_reach(t, q, tile, win_by, d):
        res = _valid_score(situation(t, q, tile, win_by, d), t)
    scores[key] = res
    return res


def self_win(t, int p, tile, draw_kind):
    """``nbmj.engine.wins.self_win``: the shape test here, the valuation in the twin's own
    helpers."""
    if type(t) is not TableState:
        return reference_self_win(t, p, tile, draw_kind)
    return _self_win(t, p, tile, draw_kind)


cdef object _self_win(TableState t, int p, tile, draw_kind):
    key = (p, "self")
    scores = t.scores
    if key in scores:
        return scores[key]
    hand = t.seats[p].hand
    if not _typed(hand, 42):
        return reference_self_win(t, p, tile, draw_kind)
    cdef unsigned char c[34]  # wins.shape
    cdef int w = 0
    cdef int total = _split_wilds(t, _bytes(hand), c, &w)
    res = None
    if tile is not None and (total + w) % 3 == 2 and (
            is_win_counts(c, w) or (t.er.several_shapes and _other_shape(t, p, bytearray(c[:34]), w))):
        win_by = draw_kind or "self_draw"
        if _may_reach(t, p, tile, win_by, None):
            res = _valid_score(situation(t, p, tile, win_by, None), t)
    scores[key] = res
    return res


cdef object _initial_flowers(TableState t, list order, last):
    """``nbmj.engine.dealing.initial_flowers`` of typed hands: the scan for flowers here,
    each replacement by :func:`_replace_flower`."""
    per_player = t.er.per_player_flowers
    flower_flag = t.wt.flower_flag
    seats = t.seats
    cdef int dealer = t.dealer
    cdef int p, f
    cdef bint any_flower
    cdef unsigned char* h
    while True:
        any_flower = False
        for p in order:
            hand = seats[p].hand
            while True:
                h = _bytes(hand)  # again after each round of replacements: they change the hand
                held = [f for f in range(34, 42) if h[f] and flower_flag[f]]
                if not held:
                    break
                any_flower = True
                for f in held:
                    tile = _replace_flower(t, p, f)
                    if tile is None:
                        return None
                    if p == dealer:
                        last = tile
                if not per_player:
                    break  # a replacement flower waits for the next round
        if not any_flower or per_player:
            return last


cdef void _untrack_hand(TableState t) noexcept:
    """Take the hand's per-seat records, the seats and the wall out of the cyclic collector.

    None of them can be part of a reference cycle: they hold tile ids, counts, records of
    ints and strings, and each other only downward (state -> seat -> list -> record), and
    refcounting frees them with the hand. Tracked, a batch of games dealing new hands
    gave the young generation some 55 objects a hand that every collection walked (the
    collector's share of a 256-game batch fell by half without them); a list that replaces
    one of them later is tracked as usual.
    """
    cdef SeatState s
    for seat in t.seats:
        s = <SeatState>seat
        _untrack(s.melds)
        _untrack(s.river)
        _untrack(s.flowers)
        _untrack(s.fed)
        _untrack(s.passed_pon)
        _untrack(s)
    _untrack(t.offences)
    _untrack(t.immediate)
    _untrack(t.events)
    if t.wall is not None:
        _untrack(t.wall.tiles)
        _untrack(t.wall)


def deal(t, dice, opened):
    """``nbmj.engine.dealing.deal``."""
    if type(t) is not TableState:
        return reference_deal(t, dice, opened)
    return _deal(t, dice, opened)


cdef object _deal(TableState t, dice, opened):
    for seat in t.seats:
        if not _typed(seat.hand, 42):
            return reference_deal(t, dice, opened)
    _untrack_hand(t)
    emit_start(t, dice, opened)
    cdef EngineRules er = t.er
    cdef int dealer = t.dealer
    cdef int need[4]
    cdef int i, p, take, at = 0, left = 0
    for i in range(4):
        need[i] = er.other_tiles
    need[dealer] = er.dealer_tiles
    for i in range(4):
        left += need[i]
    order = [(dealer + i) % 4 for i in range(4)]
    cdef list drawn = t.wall.draw_head_many(left)
    cdef tuple seats = t.seats
    cdef unsigned char* hands[4]
    for p in range(4):
        hands[p] = _bytes((<SeatState>seats[p]).hand)
    cdef bint logged = t.keeps_log
    dealt = [[], [], [], []] if logged else None  # each seat's tiles in the order dealt, for the log
    cdef int j, tile, dealer_last = -1
    while left:  # NB-3.8: four at a time from the dealer round, then the rest
        for i in range(4):
            p = (dealer + i) % 4
            take = need[p] if need[p] < DEAL_BLOCK else DEAL_BLOCK
            for j in range(at, at + take):
                tile = <object>PyList_GET_ITEM(drawn, j)
                _add_tile(hands[p], tile)
                if p == dealer:
                    dealer_last = tile
            if logged:
                (<list>dealt[p]).extend(drawn[at : at + take])
            at += take
            need[p] -= take
            left -= take
    if logged:  # the notation is only for the log
        for p in order:
            t.emit({"e": "deal", "seat": SEATS[p], "tiles": notation(dealt[p])})
    last = _initial_flowers(t, order, dealer_last)
    if last is None:
        return finish_draw(t)
    for p in range(4):
        if p != dealer:
            (<SeatState>seats[p]).ready = _is_ready(t, p, (<SeatState>seats[p]).hand)
    t.current = dealer
    return _turn(dealer, "dealer_first", "self_draw", last)
