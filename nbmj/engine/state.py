# cython: annotation_typing=False
# (the augmenting state.pxd gives the C types; the annotations are for mypy)
"""The hand's declared state: per-seat :class:`SeatState`, the :class:`TableState` around
them, and the small records they hold (:class:`TableMeld`, :class:`RiverTile`, :class:`Offence`).

The mechanics (dealing, draws, turn, claim window, kongs, restrictions, wins, ending) are
functions over a TableState that return the next phase (:mod:`.phases`); nothing else
holds game state. :meth:`TableState.in_force` is the one test of whether a variant's
restriction applies now.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, NamedTuple

from ..rules.model import SEATS, Restriction, RuleSet
from .rules_view import EngineRules, WildTables
from .wall import Wall

if TYPE_CHECKING:
    from .actions import Action
    from .phases import Phase
    from .settle import WinScore

__all__ = ["MeldKind", "WinBy", "TableMeld", "RiverTile", "UNCLAIMED", "new_meld", "claimed_river_tile", "Offence", "SeatState", "TableState"]

# what TableState.pons_barred gives a seat barred from no pung
_NO_KINDS: frozenset[int] = frozenset()

#: The kinds of meld on the table.
MeldKind = Literal["chi", "pon", "kan", "ankan", "kakan"]
#: How a win came: the scorer's ``Situation.win_by``.
WinBy = Literal["discard", "self_draw", "rob_kong", "kong_replacement", "flower_replacement"]


class TableMeld(NamedTuple):
    """A meld on the table: ``kind`` (chi, pon, kan, ankan, kakan), its ``tiles`` and the
    position it was claimed from (None for a concealed kong)."""

    kind: MeldKind
    tiles: tuple[int, ...]
    source: int | None


class RiverTile(NamedTuple):
    """A discarded tile and the seat that claimed it (None while it lies in the river)."""

    tile: int
    claimed_by: str | None


#: A discard lies in the river as ``RiverTile(tile, None)`` until a claim replaces it: records
#: are immutable, so every river shares this one record per tile id instead of making one per
#: discard (about sixty a hand, most of what a hand would add to the garbage collector's count).
UNCLAIMED = tuple([RiverTile(t, None) for t in range(42)])


def new_meld(kind: MeldKind, tiles: tuple[int, ...], source: int | None) -> TableMeld:
    """``TableMeld(kind, tiles, source)``, made as ``tuple.__new__`` makes it, without the
    named tuple's own constructor (a function of Python source, run at every meld)."""
    return tuple.__new__(TableMeld, (kind, tiles, source))


def claimed_river_tile(tile: int, claimed_by: str) -> RiverTile:
    """``RiverTile(tile, claimed_by)``, made as :func:`new_meld` makes a meld."""
    return tuple.__new__(RiverTile, (tile, claimed_by))


class Offence(NamedTuple):
    """An NH-6 包牌 offence: ``discarder`` threw ``number``-th discard into the warning of
    ``warned``; ``claimed`` once the warned player took that tile into a meld."""

    discarder: int
    warned: int
    number: int
    claimed: bool


@dataclass(init=False)
class SeatState:
    """One seat's part of the hand. Each field is also a keyword of the constructor; a
    field not given starts empty (an empty hand, no melds, no flags set, ``ready``)."""

    #: counts of the 42 tile ids held (flowers that act as flowers are laid aside at once
    #: when flowers are replaced automatically). A bytearray: the core reads a buffer
    #: several times faster than a list, and a count can never go below zero.
    hand: bytearray
    melds: list[TableMeld]
    river: list[RiverTile]
    flowers: list[int]
    #: fed[b]: melds seat b made from this seat's discards
    fed: list[int]
    discarded_wild: bool
    #: passed a discard win and has not acted since (NB-8.7)
    passed_win: bool
    #: kinds passed for a pong since the seat last acted (NB-8.6)
    passed_pon: set[int]
    #: whether the waiting hand is ready (shanten 0): only a ready hand can win on a
    #: discard. Set after the deal and at each discard, the only times a hand takes its
    #: waiting shape.
    ready: bool
    #: how many times ``melds``, ``river`` or ``flowers`` have changed: every change the
    #: engine makes to them counts one, and so does :meth:`Game.invalidate
    #: <nbmj.engine.game.Game.invalidate>`, which a referee or a test calls after changing
    #: the state by hand. The compiled encoder reads a seat's records again only when this
    #: count has moved or a list was replaced. Not compared: it is history, not the seat's
    #: state.
    changes: int = field(default=0, compare=False)

    # Written out rather than generated: compiled, the generated constructor imports the
    # dataclasses module once per default_factory field at every call (3 µs a seat, against
    # a few hundred nanoseconds for this one; four seats are made for every hand).
    def __init__(
        self,
        hand: bytearray | None = None,
        melds: list[TableMeld] | None = None,
        river: list[RiverTile] | None = None,
        flowers: list[int] | None = None,
        fed: list[int] | None = None,
        discarded_wild: bool = False,
        passed_win: bool = False,
        passed_pon: set[int] | None = None,
        ready: bool = True,
        changes: int = 0,
    ) -> None:
        self.hand = bytearray(42) if hand is None else hand
        self.melds = [] if melds is None else melds
        self.river = [] if river is None else river
        self.flowers = [] if flowers is None else flowers
        self.fed = [0] * 4 if fed is None else fed
        self.discarded_wild = discarded_wild
        self.passed_win = passed_win
        self.passed_pon = set() if passed_pon is None else passed_pon
        self.ready = ready
        self.changes = changes


@dataclass(init=False)
class TableState:
    """Everything of the hand that is not the current phase: rules view, wall, seats."""

    er: EngineRules
    wt: WildTables
    rules: RuleSet
    wall: Wall
    seats: tuple[SeatState, SeatState, SeatState, SeatState]
    dealer: int
    round_wind: str
    indicator: int | None
    discards_made: int = 0
    claims_made: bool = False
    kongs: int = 0
    #: drawable tiles that must stay in the wall (NB-15.1, NH-1.9), raised by each kong
    kept_tiles: int = 0
    last_tile_drawn: bool = False
    #: the seat that last drew, discarded or claimed
    current: int = 0
    offences: list[Offence] = field(default_factory=list)
    immediate: list[int] = field(default_factory=lambda: [0] * 4)
    events: list[dict[str, object]] = field(default_factory=list)
    #: scores of possible wins, valid for the current decision point: cleared each time
    #: the game enters a phase (``Game._enter``), the one place
    scores: dict[tuple[int, str], WinScore | None] = field(default_factory=dict)
    #: each position's legal list at the current decision point, as the game worked it out
    #: (``Game._legal_for``), None where it has not: forgotten at every step
    #: (:meth:`forget_legal`). A list by position, not a dict: the game asks it and fills it
    #: at every move, where a dict's look-up and insert cost ten times a list's item
    legal: list[list[Action] | None] = field(default_factory=lambda: [None] * 4)
    #: the steps taken, so that an Observation knows when it is stale
    version: int = 0
    phase: Phase | None = None
    #: whether ``events`` is kept: False for a hand played without a log (``Game(log=False)``),
    #: whose events are not made at all
    keeps_log: bool = True
    #: the kongs the seat on turn has made since it last drew from the wall's head or claimed
    #: a discard, oldest first: what a win on its next discard, or on a kong's replacement,
    #: came right after (the scorer's ``Situation.after_kongs``, NB-12.49)
    turn_kongs: list[TableMeld] = field(default_factory=list)

    # Written out for the reason SeatState's is (five default_factory fields: five imports of
    # the dataclasses module at every hand dealt, compiled).
    def __init__(
        self,
        er: EngineRules,
        wt: WildTables,
        rules: RuleSet,
        wall: Wall,
        seats: tuple[SeatState, SeatState, SeatState, SeatState],
        dealer: int,
        round_wind: str,
        indicator: int | None,
        discards_made: int = 0,
        claims_made: bool = False,
        kongs: int = 0,
        kept_tiles: int = 0,
        last_tile_drawn: bool = False,
        current: int = 0,
        offences: list[Offence] | None = None,
        immediate: list[int] | None = None,
        events: list[dict[str, object]] | None = None,
        scores: dict[tuple[int, str], WinScore | None] | None = None,
        legal: list[list[Action] | None] | None = None,
        version: int = 0,
        phase: Phase | None = None,
        keeps_log: bool = True,
        turn_kongs: list[TableMeld] | None = None,
    ) -> None:
        self.er = er
        self.wt = wt
        self.rules = rules
        self.wall = wall
        self.seats = seats
        self.dealer = dealer
        self.round_wind = round_wind
        self.indicator = indicator
        self.discards_made = discards_made
        self.claims_made = claims_made
        self.kongs = kongs
        self.kept_tiles = kept_tiles
        self.last_tile_drawn = last_tile_drawn
        self.current = current
        self.offences = [] if offences is None else offences
        self.immediate = [0] * 4 if immediate is None else immediate
        self.events = [] if events is None else events
        self.scores = {} if scores is None else scores
        self.legal = [None, None, None, None] if legal is None else legal
        self.version = version
        self.phase = phase
        self.keeps_log = keeps_log
        self.turn_kongs = [] if turn_kongs is None else turn_kongs

    @property
    def wilds(self) -> frozenset[int]:
        """The wild tile ids of this hand."""
        return self.wt.wilds

    def seat(self, position: int) -> SeatState:
        """The seat at ``position`` (0 to 3): ``seats[position]``, typed for the compiled
        mechanics, which read its fields as C struct members."""
        return self.seats[position]

    def seat_wind(self, position: int) -> str:
        """The seat wind of a position this hand (NB-2.4)."""
        return SEATS[(position - self.dealer) % 4]

    def can_draw(self) -> bool:
        """May a player draw from the head? NB-15.1: to the last tile; NH-1.9: only while
        tiles remain beyond those kept back (``draw.count_by tiles``: the odd tile a tail
        draw leaves is drawn, seed 004's "最后是单数牌不算"), or, read by stacks
        (``count_by stacks``), while more whole stacks remain than are kept back."""
        kept = self.kept_tiles
        remaining = self.wall.remaining
        if self.er.kept_whole_stacks and kept:
            return remaining // 2 > kept // 2
        return remaining > kept

    def can_kong(self) -> bool:
        """NB-9.7: a kong needs a replacement beyond the reserve, counting its own extra stack."""
        return self.wall.remaining > self.kept_tiles + self.er.kept_per_kong

    def window_open(self, window: str, at_claim: bool, seat: int | None = None) -> bool:
        """Whether a restriction ``window`` is open now.

        ``first_go_around`` (NH-1.x): fewer than four discards and no claim yet, and when
        the question is about ``seat``'s discard, that seat has not discarded.
        ``dealer_first_turn``: only the dealer's first discard (its turn, or the claims
        on it, ``at_claim``). ``always``: always.
        """
        if window == "always":
            return True
        if self.claims_made:
            return False
        if window == "first_go_around":
            return self.discards_made < 4 and (seat is None or not self.seats[seat].river)
        if window == "dealer_first_turn":
            return self.discards_made == (1 if at_claim else 0)
        raise AssertionError(f"unknown restriction window {window!r}")

    def in_force(self, r: Restriction | None, at_claim: bool = False, seat: int | None = None) -> bool:
        """The one test of whether restriction ``r`` applies now (its ``window``); ``at_claim``
        when asked in the claim window on a discard, ``seat`` when it limits that seat's discard."""
        return r is not None and (r.window == "always" or self.window_open(r.window, at_claim, seat))

    def win_barred(self, p: int) -> bool:
        """The one answer to whether seat ``p`` may not win on a discard now (NB-8.7): it let
        a win go by and has not acted since, and ``win_after_pass`` is in force (a variant may
        close its window before the seat acts again, and the bar with it)."""
        er = self.er  # (win_pass_always: the window need not be asked of the usual 'always')
        return self.seat(p).passed_win and (er.win_pass_always or self.in_force(er.win_pass, True))

    def pons_barred(self, p: int) -> AbstractSet[int]:
        """The one answer to which tile kinds seat ``p`` may not pung now (NB-8.6): those it
        let go by since it last acted, while ``pon_after_pass`` is in force; else none. The
        seat's own set is returned, not a copy: read it, do not change it."""
        passed = self.seat(p).passed_pon
        er = self.er
        return passed if passed and (er.pon_pass_always or self.in_force(er.pon_pass, True)) else _NO_KINDS

    def banned_claims(self, at_claim: bool) -> set[str]:
        """The claim kinds (``kan``, ``pon``, ...) that no_claims restrictions forbid now (NH-1.8)."""
        banned: set[str] = set()
        for r in self.er.no_claims:
            if self.in_force(r, at_claim):
                banned.update(r.claims)
        return banned

    def forget_legal(self) -> None:
        """Forget every position's legal list: the state has moved on."""
        legal = self.legal
        legal[0] = legal[1] = legal[2] = legal[3] = None

    def emit(self, event: dict[str, object]) -> None:
        """Append an engine event to the log (when the hand keeps one)."""
        if self.keeps_log:
            self.events.append(event)

    def pay_immediate(self, p: int, amount: int, why: str) -> None:
        """Each other seat pays ``p`` ``amount`` now, for ``why``: a flower or a kong as it is
        laid down, or at the end of a won hand a player's held flowers or wilds (NB-14.18)."""
        if not amount:
            return
        immediate = self.immediate
        for q in range(4):
            immediate[q] += 3 * amount if q == p else -amount
        if self.keeps_log:  # (the event is not even made for a hand without a log)
            self.events.append({"e": "pay", "seat": SEATS[p], "why": why, "amount": amount})
