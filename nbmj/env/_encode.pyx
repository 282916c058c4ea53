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

from libc.string cimport memcpy, memset

from ..engine.liability import forbidden_tiles
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


def fill_mask(legal, signed char[::1] mask, list lookup):
    """Mark every action of ``legal`` in ``mask`` (zeroed first) and ``lookup``; returns the count."""
    cdef int i
    memset(&mask[0], 0, mask.shape[0])
    for a in legal:
        i = action_index(a)
        mask[i] = 1
        lookup[i] = a
    return len(legal)


# ---------------------------------------------------------------- the event-log tracker

cdef dict _CODE_ID = {tile_code(t): t for t in range(42)}
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
    cdef object rules
    cdef bint warn, bao_suits, bao_terminals

    def __init__(self, rules):
        self.rules = rules
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

    def encode(self, game, int position, unsigned char[:, ::1] out, int hands_played):
        """Fill ``out`` with the planes of ``position`` in ``game`` (what the reference's
        :func:`encode` writes from that seat's Observation)."""
        cdef int me = position, r, q, k, t, a, b, size
        cdef bint window
        self.update(game)
        obs = game.observation("ESWN"[me])
        memset(&out[0, 0], 0, N_ROWS * N_COLS)
        for t in range(42):
            out[R_HAND, t] = <unsigned char>self.hands[me][t]
        memcpy(&out[R_WILDS, 0], self.wild_row, 42)
        memcpy(&out[R_INDICATOR, 0], self.indicator_row, 42)
        for r in range(4):
            q = (me + r) & 3
            for k in range(4):
                memcpy(&out[R_MELDS + 4 * r + k, 0], self.meld_rows[q][k], 42)
            memcpy(&out[R_FLOWERS + r, 0], self.flower_rows[q], 42)
            for k in range(3):
                memcpy(&out[R_RIVERS + 3 * r + k, 0], self.river_rows[q][k], 42)
            memcpy(&out[R_WARNINGS + r, 0], self.warn_rows[q], 42)
            size = 0
            for t in range(42):
                size += self.hands[q][t]
            out[R_COUNTS, 2 + r] = _cap(size)
            for k in range(4):
                out[R_LIABILITY, 4 * r + ((k - me) & 3)] = _cap(self.fed[q][k])
        for a, b in self.liabilities:
            out[R_LIABILITY, 16 + 4 * ((a - me) & 3) + ((b - me) & 3)] = 1
        drawn = obs["drawn"]
        if drawn is not None:
            out[R_DRAWN, <int>drawn] = 1
        offer = obs["discard"]
        if offer is not None:
            out[R_OFFER, <int>offer["tile"]] = 1
            out[R_SEATS, 8 + ((<int>_SEAT[offer["seat"]] - me) & 3)] = 1
        for t in obs["chi_bans"]:
            out[R_CHI_BANS, t] = 1
        for t in obs.passed_pon:
            out[R_PASSED_PON, t] = 1
        out[R_SEAT_WIND, 27 + ((me - self.dealer) & 3)] = 1
        out[R_ROUND_WIND, 27 + self.round_wind] = 1
        out[R_SEATS, (self.dealer - me) & 3] = 1
        phase = obs["phase"]
        if phase != "over":
            out[R_SEATS, 4 + ((<int>_SEAT[obs["current"]] - me) & 3)] = 1
        for seat in obs["to_act"]:
            out[R_SEATS, 12 + ((<int>_SEAT[seat] - me) & 3)] = 1
        out[R_COUNTS, 0] = _cap(obs["wall_remaining"])
        out[R_COUNTS, 1] = _cap(obs["wall_kept"])
        out[R_COUNTS, 6] = _cap(self.discards)
        out[R_COUNTS, 7] = _cap(hands_played)
        if phase == "turn":
            out[R_FLAGS, 0] = 1
        elif phase == "claims":
            out[R_FLAGS, 1] = 1
        elif phase == "rob":
            out[R_FLAGS, 2] = 1
        window = self.discards < 4 and not self.claims_made
        if window:
            out[R_FLAGS, 3] = 1
        if obs.passed_win:
            out[R_FLAGS, 4] = 1
        for always, kinds in self.rules.no_claims:
            if always or window:
                for kind in kinds:
                    k = _CLAIM_FLAG.get(kind, -1)
                    if k >= 0:
                        out[R_FLAGS, k] = 1
