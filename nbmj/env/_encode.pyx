# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The compiled feature-plane encoder and action mask of :mod:`nbmj.env`.

The same arrays as the pure-Python reference :mod:`nbmj.env._reference` (the tests hold
them equal at every step of random hands); see :mod:`nbmj.env.layout` for the layout.

:func:`encode` is the reference's algorithm in typed loops over a seat's Observation.
:class:`Tracker` is what the environments use: it reads the game's event log (the public
record of the hand, :mod:`nbmj.engine.log`) as it grows and keeps every river, meld and
flower as ready rows, so that a step costs the new events and a copy of rows, not a rebuild
of the whole table view. Only the observer's own hand row is written from a hand; the
other seats' hands give only their sizes, as in the Observation. What the log does not say
(the seat's restrictions, the tile drawn, who is to act, the wall) it reads from the seat's
Observation.
"""

from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer
from libc.string cimport memcpy, memset

from ..engine.liability import forbidden_tiles
from ..engine.observation import PUBLIC_FIELDS
from ..tiles import parse_tiles, tile_code

# the row offsets of nbmj.env.layout.PLANES (checked against it at import in encoding.py)
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

cdef inline unsigned char _cap(Py_ssize_t n):
    return <unsigned char>(255 if n > 255 else n)


def encode(obs, unsigned char[:, ::1] out, rules, int hands_played):
    """Fill ``out`` with the planes of ``obs`` (see :mod:`nbmj.env._reference`)."""
    cdef int me, r, a, b, t, row, i, discards = 0
    cdef bint warn, claims_made = False, window
    cdef int fed[4][4]
    cdef list river
    cdef dict d
    memset(&out[0, 0], 0, N_ROWS * N_COLS)
    memset(fed, 0, sizeof(fed))
    me = _SEAT[obs["seat"]]
    for t in obs["hand"]:
        out[R_HAND, t] += 1
    drawn = obs["drawn"]
    if drawn is not None:
        out[R_DRAWN, <int>drawn] = 1
    for t in obs["wilds"]:
        out[R_WILDS, t] = 1
    indicator = obs["indicator"]
    if indicator is not None:
        out[R_INDICATOR, <int>indicator] = 1
    bao_suits = rules.bao_suits
    bao_terminals = rules.bao_terminals
    warn = bao_suits or bao_terminals
    for seat, melds in (<dict>obs["melds"]).items():
        r = (<int>_SEAT[seat] - me) & 3
        for m in melds:
            row = R_MELDS + 4 * r + <int>_MELD_ROW[m["kind"]]
            for t in m["tiles"]:
                out[row, t] += 1
            src = m["from"]
            if src is not None:
                claims_made = True
                fed[(<int>_SEAT[src] - me) & 3][r] += 1
        if warn and melds:
            pairs = [(m["kind"], m["tiles"]) for m in melds]
            for t in forbidden_tiles(pairs, suits=bao_suits, terminals=bao_terminals):
                out[R_WARNINGS + r, t] = 1
    for seat, flowers in (<dict>obs["flowers"]).items():
        r = (<int>_SEAT[seat] - me) & 3
        for t in flowers:
            out[R_FLOWERS + r, t] = 1
    for seat, river in (<dict>obs["rivers"]).items():
        row = R_RIVERS + 3 * ((<int>_SEAT[seat] - me) & 3)
        i = 0
        for d in river:
            t = d["tile"]
            out[row, t] += 1
            if d["claimed_by"] is not None:
                out[row + 1, t] += 1
            i += 1
            out[row + 2, t] = _cap(i)
        discards += i
    offer = obs["discard"]
    if offer is not None:
        out[R_OFFER, <int>offer["tile"]] = 1
        out[R_SEATS, 8 + ((<int>_SEAT[offer["seat"]] - me) & 3)] = 1
    for t in obs["chi_bans"]:
        out[R_CHI_BANS, t] = 1
    for t in obs.passed_pon:
        out[R_PASSED_PON, t] = 1
    out[R_SEAT_WIND, 27 + <int>_SEAT[obs["seat_wind"]]] = 1
    out[R_ROUND_WIND, 27 + <int>_SEAT[obs["round_wind"]]] = 1
    out[R_SEATS, (<int>_SEAT[obs["dealer"]] - me) & 3] = 1
    phase = obs["phase"]
    if phase != "over":
        out[R_SEATS, 4 + ((<int>_SEAT[obs["current"]] - me) & 3)] = 1
    for seat in obs["to_act"]:
        out[R_SEATS, 12 + ((<int>_SEAT[seat] - me) & 3)] = 1
    out[R_COUNTS, 0] = _cap(obs["wall_remaining"])
    out[R_COUNTS, 1] = _cap(obs["wall_kept"])
    for seat, n in (<dict>obs["hand_sizes"]).items():
        out[R_COUNTS, 2 + ((<int>_SEAT[seat] - me) & 3)] = _cap(n)
    out[R_COUNTS, 6] = _cap(discards)
    out[R_COUNTS, 7] = _cap(hands_played)
    if phase == "turn":
        out[R_FLAGS, 0] = 1
    elif phase == "claims":
        out[R_FLAGS, 1] = 1
    elif phase == "rob":
        out[R_FLAGS, 2] = 1
    window = discards < 4 and not claims_made
    if window:
        out[R_FLAGS, 3] = 1
    if obs.passed_win:
        out[R_FLAGS, 4] = 1
    for always, kinds in rules.no_claims:
        if always or window:
            for kind in kinds:
                i = _CLAIM_FLAG.get(kind, -1)
                if i >= 0:
                    out[R_FLAGS, i] = 1
    for a in range(4):
        for b in range(4):
            out[R_LIABILITY, 4 * a + b] = _cap(fed[a][b])
    for offender, warned in obs.liabilities:
        out[R_LIABILITY, 16 + 4 * ((<int>_SEAT[offender] - me) & 3) + ((<int>_SEAT[warned] - me) & 3)] = 1


cdef dict _FIXED = {"pass": 124, "hu": 123, "pon": 45, "kan": 46}
cdef dict _BY_TILE = {"discard": 0, "ankan": 47, "kakan": 81, "flower": 115 - 34}


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
        if t < <int>use[0]:
            return 42
        return 43 if t < <int>use[1] else 44
    raise ValueError(f"no index for action {str(action)!r}")


cdef dict _INDEX_BY_ID = {}  # id(action) -> (action, index): the engine offers the same interned objects


cdef inline int _cached_index(a) except -1:
    hit = _INDEX_BY_ID.get(id(a))
    if hit is not None and (<tuple>hit)[0] is a:
        return <int>(<tuple>hit)[1]
    cdef int i = action_index(a)
    if len(_INDEX_BY_ID) > 100_000:
        _INDEX_BY_ID.clear()
    _INDEX_BY_ID[id(a)] = (a, i)  # holding the action keeps its id from being reused
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


# ---------------------------------------------------------------- the event-log tracker

cdef dict _CODE_ID = {tile_code(t): t for t in range(42)}
_F_PHASE = PUBLIC_FIELDS["phase"]
_F_CURRENT = PUBLIC_FIELDS["current"]
_F_TO_ACT = PUBLIC_FIELDS["to_act"]
_F_WALL = PUBLIC_FIELDS["wall_remaining"]
_F_KEPT = PUBLIC_FIELDS["wall_kept"]
_F_CHI_BANS = PUBLIC_FIELDS["chi_bans"]
_F_DISCARD = PUBLIC_FIELDS["discard"]
cdef enum:
    MAX_RIVER = 255


cdef class Tracker:
    """The table of one game, kept up to date from its event log (see the module docstring)."""

    cdef object game
    cdef Py_ssize_t seen
    cdef int hands[4][42]
    cdef unsigned char meld_rows[4][4][42]
    cdef unsigned char flower_rows[4][42]
    cdef unsigned char river_rows[4][3][42]
    cdef unsigned char warn_rows[4][42]
    cdef unsigned char wild_row[42]
    cdef unsigned char indicator_row[42]
    cdef int river_len[4]
    cdef int river_last[4]
    cdef int fed[4][4]
    cdef int dealer, round_wind, discards, pending_seat, pending_tile
    cdef bint claims_made
    cdef list melds
    cdef list chi_use
    cdef list liabilities
    cdef tuple no_claims
    cdef bint warn, bao_suits, bao_terminals

    def __init__(self, rules):
        self.no_claims = tuple(rules.no_claims)
        self.bao_suits = rules.bao_suits
        self.bao_terminals = rules.bao_terminals
        self.warn = self.bao_suits or self.bao_terminals
        self.game = None

    cdef void _new_game(self, game):
        self.game = game
        self.seen = 0
        memset(self.hands, 0, sizeof(self.hands))
        memset(self.meld_rows, 0, sizeof(self.meld_rows))
        memset(self.flower_rows, 0, sizeof(self.flower_rows))
        memset(self.river_rows, 0, sizeof(self.river_rows))
        memset(self.warn_rows, 0, sizeof(self.warn_rows))
        memset(self.wild_row, 0, sizeof(self.wild_row))
        memset(self.indicator_row, 0, sizeof(self.indicator_row))
        memset(self.river_len, 0, sizeof(self.river_len))
        memset(self.river_last, 0, sizeof(self.river_last))
        memset(self.fed, 0, sizeof(self.fed))
        self.dealer = 0
        self.round_wind = 0
        self.discards = 0
        self.pending_seat = -1
        self.pending_tile = -1
        self.claims_made = False
        self.melds = [[], [], [], []]
        self.chi_use = [None, None, None, None]
        self.liabilities = []

    cdef void _add_meld(self, int q, str kind, tuple tiles):
        cdef int t
        cdef int row = <int>_MELD_ROW[kind]
        for t in tiles:
            self.meld_rows[q][row][t] += 1
        self.melds[q].append((kind, tiles))
        if self.warn:
            memset(self.warn_rows[q], 0, 42)
            for t in forbidden_tiles(self.melds[q], suits=self.bao_suits, terminals=self.bao_terminals):
                self.warn_rows[q][t] = 1

    cdef void _complete_kakan(self):
        cdef int q = self.pending_seat, t = self.pending_tile, i
        cdef list melds = self.melds[q]
        self.pending_seat = -1
        self.hands[q][t] -= 1
        self.meld_rows[q][1][t] -= 3
        for i in range(len(melds)):
            if melds[i][0] == "pon" and melds[i][1][0] == t:
                del melds[i]
                break
        self._add_meld(q, "kakan", (t, t, t, t))

    cdef void _event(self, dict e) except *:
        cdef str kind = e["e"]
        cdef int q, t, d, i
        if self.pending_seat >= 0 and kind != "pass" and kind != "hu":
            if kind == "end" and e["winners"] and e["winners"][0]["win_by"] == "rob_kong":
                self.hands[self.pending_seat][self.pending_tile] -= 1  # robbed: the pon stays (NB-11.5)
                self.pending_seat = -1
            else:
                self._complete_kakan()
        if kind == "discard":
            q = _SEAT[e["seat"]]
            t = _CODE_ID[e["tile"]]
            self.hands[q][t] -= 1
            i = self.river_len[q] = self.river_len[q] + 1
            self.river_last[q] = t
            self.river_rows[q][0][t] += 1
            self.river_rows[q][2][t] = _cap(i)
            self.discards += 1
        elif kind == "draw":
            self.hands[<int>_SEAT[e["seat"]]][<int>_CODE_ID[e["tile"]]] += 1
        elif kind == "pass":
            pass
        elif kind == "bu":
            q = _SEAT[e["seat"]]
            t = _CODE_ID[e["tile"]]
            self.hands[q][t] -= 1
            self.flower_rows[q][t] = 1
            drew = e["draw"]
            if drew is not None:
                self.hands[q][<int>_CODE_ID[drew]] += 1
        elif kind == "take":
            q = _SEAT[e["seat"]]
            d = _SEAT[e["from"]]
            t = _CODE_ID[e["tile"]]
            claim = e["claim"]
            self.river_rows[d][1][self.river_last[d]] += 1
            self.fed[d][q] += 1
            self.claims_made = True
            if claim == "chi":
                use = self.chi_use[q]
                for i in use:
                    self.hands[q][i] -= 1
                self._add_meld(q, "chi", tuple(sorted((t, *use))))
            elif claim == "pon":
                self.hands[q][t] -= 2
                self._add_meld(q, "pon", (t, t, t))
            else:
                self.hands[q][t] -= 3
                self._add_meld(q, "kan", (t, t, t, t))
        elif kind == "chi":
            self.chi_use[<int>_SEAT[e["seat"]]] = parse_tiles(e["use"])
        elif kind == "ankan":
            q = _SEAT[e["seat"]]
            t = _CODE_ID[e["tile"]]
            self.hands[q][t] -= 4
            self._add_meld(q, "ankan", (t, t, t, t))
        elif kind == "kakan":
            self.pending_seat = _SEAT[e["seat"]]
            self.pending_tile = _CODE_ID[e["tile"]]
        elif kind == "bao":
            self.liabilities.append((<int>_SEAT[e["seat"]], <int>_SEAT[e["warned"]]))
        elif kind == "end":
            winners = e["winners"]
            if winners:
                w = winners[0]
                src = w["from"]
                if src is not None:
                    q = _SEAT[w["seat"]]
                    t = _CODE_ID[w["tile"]]
                    self.hands[q][t] += 1  # the claimed winning tile joins the hand, for the final view
                    if w["win_by"] == "discard":
                        d = _SEAT[src]
                        self.river_rows[d][1][self.river_last[d]] += 1
        elif kind == "deal":
            q = _SEAT[e["seat"]]
            for t in parse_tiles(e["tiles"]):
                self.hands[q][t] += 1
        elif kind == "start":
            self.dealer = _SEAT[e["dealer"]]
            self.round_wind = _SEAT[e["round_wind"]]
            indicator = e.get("indicator")
            if indicator is not None:
                self.indicator_row[<int>_CODE_ID[indicator]] = 1
            for code in e.get("wilds", ()):
                self.wild_row[<int>_CODE_ID[code]] = 1

    cpdef void update(self, game) except *:
        """Read the events the game logged since the last call (a new game starts afresh)."""
        cdef list events = game.events
        cdef Py_ssize_t i, n = len(events)
        if game is not self.game:
            self._new_game(game)
        for i in range(self.seen, n):
            self._event(<dict>events[i])
        self.seen = n

    def encode(self, game, int position, out, int hands_played):
        """Fill ``out`` (``(N_PLANES, 42)`` uint8, C order) with the planes of ``position`` in
        ``game``: what the reference's :func:`encode` writes from that seat's Observation."""
        cdef Py_buffer view
        PyObject_GetBuffer(out, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
        try:
            if view.len != N_ROWS * N_COLS or view.itemsize != 1:
                raise ValueError(f"the planes are {N_ROWS} x {N_COLS} uint8 values, not {view.len // view.itemsize} of {view.itemsize} bytes")
            self.update(game)
            self._fill(game, position, <unsigned char*>view.buf, hands_played)
        finally:
            PyBuffer_Release(&view)

    cdef void _fill(self, game, int me, unsigned char* out, int hands_played) except *:
        cdef int r, q, k, t, a, b, size
        cdef bint window
        cdef unsigned char* row
        memset(out, 0, N_ROWS * N_COLS)
        row = out + R_HAND * N_COLS
        for t in range(42):
            row[t] = <unsigned char>self.hands[me][t]
        memcpy(out + R_WILDS * N_COLS, self.wild_row, 42)
        memcpy(out + R_INDICATOR * N_COLS, self.indicator_row, 42)
        for r in range(4):
            q = (me + r) & 3
            memcpy(out + (R_MELDS + 4 * r) * N_COLS, self.meld_rows[q], 4 * 42)
            memcpy(out + (R_FLOWERS + r) * N_COLS, self.flower_rows[q], 42)
            memcpy(out + (R_RIVERS + 3 * r) * N_COLS, self.river_rows[q], 3 * 42)
            memcpy(out + (R_WARNINGS + r) * N_COLS, self.warn_rows[q], 42)
            size = 0
            for t in range(42):
                size += self.hands[q][t]
            out[R_COUNTS * N_COLS + 2 + r] = _cap(size)
            for k in range(4):
                out[R_LIABILITY * N_COLS + 4 * r + ((k - me) & 3)] = _cap(self.fed[q][k])
        for a, b in self.liabilities:
            out[R_LIABILITY * N_COLS + 16 + 4 * ((a - me) & 3) + ((b - me) & 3)] = 1
        out[R_SEAT_WIND * N_COLS + 27 + ((me - self.dealer) & 3)] = 1
        out[R_ROUND_WIND * N_COLS + 27 + self.round_wind] = 1
        out[R_SEATS * N_COLS + ((self.dealer - me) & 3)] = 1
        out[R_COUNTS * N_COLS + 6] = _cap(self.discards)
        out[R_COUNTS * N_COLS + 7] = _cap(hands_played)
        window = self.discards < 4 and not self.claims_made
        if window:
            out[R_FLAGS * N_COLS + 3] = 1
        for always, kinds in self.no_claims:
            if always or window:
                for kind in kinds:
                    k = _CLAIM_FLAG.get(kind, -1)
                    if k >= 0:
                        out[R_FLAGS * N_COLS + k] = 1
        # what the log does not say: the public fields (nbmj.engine.observation.PUBLIC_FIELDS,
        # computed for the game as it is now) and the seat's own facts from its Observation
        phase = _F_PHASE(game, me)
        obs = game.observation("ESWN"[me])
        if obs.passed_win:
            out[R_FLAGS * N_COLS + 4] = 1
        for t in obs.passed_pon:
            out[R_PASSED_PON * N_COLS + t] = 1
        out[R_COUNTS * N_COLS] = _cap(_F_WALL(game, me))
        out[R_COUNTS * N_COLS + 1] = _cap(_F_KEPT(game, me))
        if phase == "over":
            return
        q = _SEAT[_F_CURRENT(game, me)]
        out[R_SEATS * N_COLS + 4 + ((q - me) & 3)] = 1
        if phase == "turn":  # the game waits for the player on turn alone
            out[R_FLAGS * N_COLS] = 1
            out[R_SEATS * N_COLS + 12 + ((q - me) & 3)] = 1
            if q == me:
                drawn = obs["drawn"]
                if drawn is not None:
                    out[R_DRAWN * N_COLS + <int>drawn] = 1
            for t in _F_CHI_BANS(game, me):
                out[R_CHI_BANS * N_COLS + t] = 1
            return
        if phase == "claims":
            out[R_FLAGS * N_COLS + 1] = 1
        elif phase == "rob":
            out[R_FLAGS * N_COLS + 2] = 1
        for seat in _F_TO_ACT(game, me):
            out[R_SEATS * N_COLS + 12 + ((<int>_SEAT[seat] - me) & 3)] = 1
        offer = _F_DISCARD(game, me)
        if offer is not None:
            out[R_OFFER * N_COLS + <int>offer["tile"]] = 1
            out[R_SEATS * N_COLS + 8 + ((<int>_SEAT[offer["seat"]] - me) & 3)] = 1
