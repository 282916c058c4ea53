# cython: annotation_typing=False
# (the augmenting game.pxd gives the C types; the annotations are for mypy)
"""One hand of Ningbo or Ninghai mahjong: :class:`Game`.

Seats are table positions ``"E" "S" "W" "N"`` in turn order (counter-clockwise). In a
single hand they are also the seat winds when ``dealer="E"``; in a match the dealer moves
and a position's seat wind for scoring is counted from the dealer (NB-2.4).

The game advances by :meth:`Game.step` with an :class:`~nbmj.engine.actions.Action`;
everything that needs no decision (the deal, draws, flower replacement, claim
resolution, settlement) happens inside ``step``. :attr:`Game.to_act` names the seats whose
decision the game waits for: one seat on a turn, every seat able to claim after a discard
(NB-7.8) or able to rob an added kong.

Every rule difference between variants is read once from the
:class:`~nbmj.rules.model.RuleSet` into an :class:`~nbmj.engine.rules_view.EngineRules`,
never from the variant's name.

``Game`` is a façade: it holds the declared state (:class:`~nbmj.engine.state.TableState`,
with a :class:`~nbmj.engine.state.SeatState` per seat), the current phase
(:mod:`nbmj.engine.phases`: deal, turn, claim window, robbing window, over) and the event
log. The mechanics are functions over that state in sibling modules, each returning the
phase that follows: the deal (``dealing.py``), draws and flower replacement
(``draws.py``), the player on turn (``turn.py``), the claim window (``claim_window.py``),
kongs and robbing them (``kongs.py``), the variant's restrictions (``restrictions.py``),
win checks and the scorer's view (``wins.py``), and the end of the hand (``ending.py``).
The game enters every phase through one method, ``Game._enter``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .._numbers import whole_number
from ..errors import GameSetupError, NbmjError, IllegalActionError, ReplayError, UnknownSeatError
from ..narration import Language, check_language
from ..rules.model import SEATS, RuleSet
from ..rules.wilds import wild_tiles
from ..scoring.explanation import Settlement, refusal_text
from ..scoring.situation import Situation
from ..tiles import parse_tiles
from .actions import ACTION_KINDS, Action
from .claim_window import resolve_claims
from .dealing import deal
from .explain import explained_settlement, refusal, withheld_win
from .kongs import resolve_rob
from .log import LOG_FORMAT, dumps_event, numbered_events, refuse_variant_path, same_event
from .observation import Observation, public_view
from .phases import TRANSITIONS, ClaimWindow, Deal, Over, Phase, RobWindow, Turn
from .precomputed import CODES, SEAT_INDEX
from .rules_view import engine_rules, wild_tables
from .results import HandResult
from .seeding import seeded_random
from .settle import WinScore
from .state import TableMeld, Offence, RiverTile, SeatState, TableState
from .turn import discard, do_turn_action, turn_actions
from .wall import Wall, WallBreak, full_tile_set, indicator_position, wall_break
from .wall import shuffle as _shuffle  # the compiled generator shuffles itself in C
from .wins import discard_win, self_win

__all__ = ["Game", "HandResult", "resolve_rules", "seat_position", "replay", "replay_games", "logged_choices"]

def resolve_rules(variant: str | RuleSet) -> RuleSet:
    """A RuleSet from a variant name (or the RuleSet itself)."""
    if isinstance(variant, RuleSet):
        return variant
    from ..rules import load_variant

    return load_variant(variant)


def seat_position(seat: object) -> int:
    """The table position (0 to 3) of seat ``"E" "S" "W" "N"``; raises UnknownSeatError."""
    p = SEAT_INDEX.get(seat) if isinstance(seat, str) else None
    if p is None:
        raise UnknownSeatError(f"unknown seat {seat!r}; the seats are {', '.join(SEATS)}")
    return p


def checked_seed(seed: object) -> int:
    """A recorded integer seed: None draws a fresh one, an integer (a numpy one too) is
    kept; anything else is refused, since a log must deal the same hand again."""
    if seed is None:
        # 53 bits: exact in any JSON reader, and too many to try against the tiles one sees
        return random.SystemRandom().getrandbits(53)
    whole = whole_number(seed)
    if whole is None:
        raise GameSetupError(f"the seed is an integer, not {seed!r}")
    return whole


def _check_dice(dice: object) -> tuple[int, int]:
    """Two dice, each 1 to 6."""
    try:
        values: tuple[object, ...] = tuple(dice)  # type: ignore[arg-type]
    except TypeError:
        raise GameSetupError(f"the dice are two numbers from 1 to 6, not {dice!r}") from None
    a, b = values if len(values) == 2 else (None, None)
    if not (type(a) is int and type(b) is int and 1 <= a <= 6 and 1 <= b <= 6):
        raise GameSetupError(f"the dice are two numbers from 1 to 6, not {dice!r}")
    return a, b


def _check_wall(wall: Sequence[int] | str, tile_set: list[int]) -> list[int]:
    """A fixed wall: every tile of the variant exactly once, as ids or notation."""
    if isinstance(wall, str):
        tiles = parse_tiles(wall)
    else:
        try:
            tiles = list(wall)
        except TypeError:  # no sequence at all (a log's header may say "wall": true)
            raise GameSetupError(f"a fixed wall is tile notation or a list of tile ids (integers), not {wall!r}") from None
        if not all(type(t) is int for t in tiles):
            raise GameSetupError("a fixed wall is tile notation or a list of tile ids (integers)")
    if sorted(tiles) != tile_set:
        raise GameSetupError(f"a fixed wall must hold the variant's {len(tile_set)} tiles exactly once each")
    return tiles


class Game:
    """One hand, from the dice to the settlement.

    ``variant``: a variant name or a RuleSet. ``seed`` drives the dice and the shuffle
    (``random.Random(seed)``); ``None`` draws a fresh integer seed, which the log records.
    ``wall``: a fixed tile order (ids or notation) in draw order (NB-3.6) for scripted
    hands; ``dice`` fixes the throw. ``dealer`` is the position that deals; ``round_wind``
    the round's wind. A bad value of any of them raises
    :class:`~nbmj.errors.GameSetupError`. ``log=False`` plays the hand without an event log
    (:attr:`events` stays empty and :meth:`log_lines` raises), for loops that play many
    hands and never read them; the play is the same.
    """

    # declared state (game.pxd types it for the compiled modules)
    __slots__ = ("rules", "variant", "seed", "dealer", "round_wind", "dice", "wall_break", "_fixed", "_fixed_dice", "_t")

    def __init__(
        self,
        variant: str | RuleSet = "ningbo",
        seed: int | None = 0,
        *,
        wall: Sequence[int] | str | None = None,
        dice: tuple[int, int] | None = None,
        dealer: str = "E",
        round_wind: str = "E",
        log: bool = True,
    ) -> None:
        rules = resolve_rules(variant)
        #: the variant's rules
        self.rules = rules
        #: the variant's name
        self.variant = rules.name
        if dealer not in SEATS or round_wind not in SEATS:
            raise GameSetupError(f"dealer and round wind are seats {', '.join(SEATS)}; got {dealer!r}, {round_wind!r}")
        #: the recorded integer seed
        self.seed = checked_seed(seed)
        #: the dealer's table position (0 to 3)
        self.dealer = SEATS.index(dealer)
        #: the round's wind
        self.round_wind = round_wind
        rng = seeded_random(self.seed)
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        #: the dice thrown
        self.dice = _check_dice(dice) if dice is not None else roll
        #: where the dice open the wall (NB-3.2, NB-3.3), also written into the ``start`` event
        self.wall_break: WallBreak = wall_break(rules.dealing, self.dice, self.dealer)
        self._fixed = wall is not None
        self._fixed_dice = dice is not None
        tile_set = full_tile_set(rules.tiles.flowers)
        if wall is None:
            tiles = list(tile_set)
            _shuffle(tiles, rng)  # NB-3.6: the shuffle fills the draw-order sequence directly
        else:
            tiles = _check_wall(wall, tile_set)
        wall_ = Wall(tiles, indicator_position(rules.wilds, rules.dealing, self.dice, len(tiles) // 2))
        er = engine_rules(rules)
        indicator = wall_.indicator
        wt = wild_tables(tuple(sorted(wild_tiles(rules.wilds, indicator))), er.wild_flower_is_flower)
        seats = (SeatState(), SeatState(), SeatState(), SeatState())
        self._t = t = TableState(
            er, wt, rules, wall_, seats, self.dealer, round_wind, indicator, kept_tiles=er.kept_base, current=self.dealer,
            keeps_log=bool(log),
        )
        t.phase = Deal()
        self._enter(deal(t, self.dice, self.wall_break))

    # ------------------------------------------------------------------ phases

    def _enter(self, phase: Phase) -> None:
        """The one way into a phase: checked against :data:`~nbmj.engine.phases.TRANSITIONS`;
        the scores of possible wins, worked out for the decision point being left, go."""
        t = self._t
        if type(phase) not in TRANSITIONS[type(t.phase)]:
            raise AssertionError(f"no transition from {t.phase!r} to {phase!r}")
        t.scores.clear()
        t.phase = phase

    # ------------------------------------------------------------------ the state, read-only

    @property
    def table(self) -> TableState:
        """The declared state of the hand (read it; change it only through :meth:`step`)."""
        return self._t

    @property
    def phase_state(self) -> Phase:
        """The current phase object (:mod:`nbmj.engine.phases`)."""
        assert self._t.phase is not None
        return self._t.phase

    @property
    def phase(self) -> str:
        """The phase's name: ``deal``, ``turn``, ``claims``, ``rob`` or ``over``."""
        return self.phase_state.name

    @property
    def wall(self) -> Wall:
        """The live wall."""
        return self._t.wall

    @property
    def indicator(self) -> int | None:
        """The face-up wild indicator tile, or None."""
        return self._t.indicator

    @property
    def wilds(self) -> frozenset[int]:
        """The wild tile ids this hand."""
        return self._t.wt.wilds

    @property
    def events(self) -> list[dict[str, Any]]:
        """The event log so far (without the header line); empty for a hand played with ``log=False``."""
        return self._t.events

    @property
    def result(self) -> HandResult | None:
        """How the hand ended, once it is over."""
        ph = self._t.phase
        return ph.result if isinstance(ph, Over) else None

    @property
    def hands(self) -> list[bytearray]:
        """Each position's counts of the 42 tile ids (the referee's view), as bytearrays."""
        return [s.hand for s in self._t.seats]

    @property
    def melds(self) -> list[list[TableMeld]]:
        """Each position's melds."""
        return [s.melds for s in self._t.seats]

    @property
    def flowers(self) -> list[list[int]]:
        """Each position's flowers laid aside."""
        return [s.flowers for s in self._t.seats]

    @property
    def rivers(self) -> list[list[RiverTile]]:
        """Each position's discards, with the seat that claimed each."""
        return [s.river for s in self._t.seats]

    @property
    def passed_win(self) -> list[bool]:
        """Whether each position passed a discard win and has not acted since (NB-8.7)."""
        return [s.passed_win for s in self._t.seats]

    @property
    def passed_pon(self) -> list[set[int]]:
        """The kinds each position passed a pong of since it last acted (NB-8.6)."""
        return [s.passed_pon for s in self._t.seats]

    @property
    def discarded_wild(self) -> list[bool]:
        """Whether each position has discarded a wild."""
        return [s.discarded_wild for s in self._t.seats]

    @property
    def offences(self) -> list[Offence]:
        """The NH-6 包牌 offences so far."""
        return self._t.offences

    @property
    def immediate(self) -> list[int]:
        """The immediate payments (flowers, kongs) so far, by position."""
        return self._t.immediate

    @property
    def current(self) -> int:
        """The position that last drew, discarded or claimed (on turn during a turn)."""
        return self._t.current

    @property
    def turn_mode(self) -> str:
        """How the seat on turn came to it (:data:`~nbmj.engine.phases.TURN_MODES`); ``none`` outside a turn."""
        ph = self._t.phase
        return ph.mode if isinstance(ph, Turn) else "none"

    @property
    def draw_kind(self) -> str | None:
        """How the seat on turn got its last tile (:data:`~nbmj.engine.phases.DRAW_KINDS`); None otherwise."""
        ph = self._t.phase
        return ph.draw_kind if isinstance(ph, Turn) else None

    @property
    def last_draw(self) -> int | None:
        """The tile the seat on turn drew, None after a claim or outside a turn."""
        ph = self._t.phase
        return ph.drawn if isinstance(ph, Turn) else None

    @property
    def chi_bans(self) -> tuple[int, ...]:
        """The tiles 吃张打张 bars the seat on turn from discarding now."""
        ph = self._t.phase
        return ph.chi_bans if isinstance(ph, Turn) else ()

    @property
    def last_tile_drawn(self) -> bool:
        """Whether the last drawable tile has been drawn (NB-15.1)."""
        return self._t.last_tile_drawn

    @property
    def discards_made(self) -> int:
        """Discards so far this hand."""
        return self._t.discards_made

    @property
    def claims_made(self) -> bool:
        """Whether any meld has been claimed this hand."""
        return self._t.claims_made

    @property
    def kongs(self) -> int:
        """Kongs made this hand."""
        return self._t.kongs

    @property
    def claim_tile(self) -> int | None:
        """The tile of the open claim or robbing window, else None."""
        ph = self._t.phase
        return ph.tile if isinstance(ph, ClaimWindow) else None

    @property
    def claim_from(self) -> int | None:
        """The position that discarded (or adds a kong) in the open window, else None."""
        ph = self._t.phase
        return ph.discarder if isinstance(ph, ClaimWindow) else None

    @property
    def options(self) -> dict[int, list[Action]]:
        """The claims each position is offered in the open window (empty outside one)."""
        ph = self._t.phase
        return ph.options if isinstance(ph, ClaimWindow) else {}

    @property
    def responses(self) -> dict[int, Action]:
        """The answers given so far in the open window."""
        ph = self._t.phase
        return ph.responses if isinstance(ph, ClaimWindow) else {}

    def seat_wind(self, position: int) -> str:
        """The seat wind of a position this hand (NB-2.4)."""
        return self._t.seat_wind(position)

    def is_flower(self, tile: int) -> bool:
        """Whether ``tile`` acts as a flower this hand: a wild flower does not (NB-4.4)."""
        return self._t.wt.flower_flag[tile]

    def can_draw(self) -> bool:
        """Whether a tile may still be drawn from the head (NB-15.1, NH-1.9)."""
        return self._t.can_draw()

    def can_kong(self) -> bool:
        """Whether a kong may still be made: its replacement lies beyond the reserve (NB-9.7)."""
        return self._t.can_kong()

    def kept_tiles(self) -> int:
        """Drawable tiles that must stay in the wall now (NB-15.1, NH-1.9)."""
        return self._t.kept_tiles

    def banned_claims(self) -> set[str]:
        """The claim kinds a no_claims restriction forbids now (NH-1.8)."""
        return self._t.banned_claims(at_claim=isinstance(self._t.phase, ClaimWindow))

    def invalidate(self) -> None:
        """Forget what the game worked out from its state (legal lists, win scores), for a
        referee or a test that changed :attr:`table` by hand. Every seat counts a change
        (:attr:`~nbmj.engine.state.SeatState.changes`), so that what keeps rows made from
        the seats' records reads them again."""
        t = self._t
        t.forget_legal()
        t.scores.clear()
        t.version += 1
        for seat in t.seats:
            seat.changes += 1

    def win_for(self, seat: str) -> WinScore | None:
        """The score ``seat`` would have winning now: on its own draw while on turn, on the
        discard or the added kong of the open window; None when it may not win.

        This is the engine's own test: the win is offered exactly when this is not None
        and the seat is not barred from winning on a discard it passed (NB-8.7)."""
        p = seat_position(seat)
        t = self._t
        ph = t.phase
        if isinstance(ph, Turn):
            if p != ph.seat or ph.drawn is None:
                return None
            return self_win(t, p, ph.drawn, ph.draw_kind)
        if isinstance(ph, ClaimWindow) and p != ph.discarder:
            return discard_win(t, p, ph.tile, ph.discarder, "rob_kong" if isinstance(ph, RobWindow) else "discard")
        return None

    def withheld_win(self, seat: str) -> WinScore | None:
        """When ``seat``'s hand is complete now (with its drawn tile, or with the open
        window's tile) but the win is refused, the refused score: ``valid`` false and a
        ``reason`` naming the rule (below the minimum, NB-8.7, NB-4.12). None otherwise.
        For a table that owes a person the reason; the engine's own offers do not use it."""
        return withheld_win(self._t, seat_position(seat))

    def settlement(self) -> Settlement:
        """The finished hand's settlement explained: each seat's change as a sum of named
        terms with their rules (each win's value step by step and what each loser pays it,
        the losers' 胡头, kong and flower payments), in English and Chinese; see
        :mod:`nbmj.scoring.explanation`. Its :meth:`~nbmj.scoring.explanation.Settlement.deltas`
        are :attr:`result`'s. A :class:`~nbmj.errors.GameSetupError` before the hand is over."""
        return explained_settlement(self._t)

    def why_not(self, action: Action, lang: Language = "en") -> str | None:
        """None when ``action`` is legal now; otherwise why not, in a sentence that names
        the rule that bars it where one does (a restricted discard, a banned claim, a
        withheld win), in ``lang``: ``"en"`` or ``"zh"`` (another raises
        :class:`~nbmj.errors.UnknownLanguageError`). The sentence tells the seat that
        made the move nothing it may not know, so a server may send it to that player."""
        lang = check_language(lang)
        p = seat_position(action.seat)
        legal = self._legal_for(p)
        if action in legal:
            return None
        return refusal_text(refusal(self._t, p, action, list(legal)), lang)

    # ------------------------------------------------------------------ public API

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"{self.phase}, waiting for {', '.join(self.to_act)}"
        return f"<Game {self.variant} seed={self.seed!r}: {where}; {self.wall.remaining} tiles in the wall>"

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (``result`` is then set)."""
        return self._ended()

    def _ended(self) -> bool:
        """:attr:`is_over` itself: a C method of the compiled game, which the env's compiled
        table and step call directly at every move, where a property is looked up by name."""
        return isinstance(self._t.phase, Over)

    @property
    def to_act(self) -> list[str]:
        """Seats whose decision the game is waiting for, nearest the discarder first."""
        return [SEATS[q] for q in self.phase_state.to_act()]

    def legal_actions(self, seat: str) -> list[Action]:
        """Every action ``seat`` may take now (empty when the game is not waiting for it).

        The order is fixed: a win first when one is offered, then kongs, pong, chi (with the
        hand tiles they use), flower kongs, discards by tile id, and ``pass`` last.
        """
        return list(self._legal_for(seat_position(seat)))

    def _legal_for(self, p: int) -> list[Action]:
        """The cached legal list of position ``p`` (not a copy: do not change it)."""
        cached = self._t.legal[p]
        if cached is not None:
            return cached
        t = self._t
        ph = t.phase
        assert ph is not None
        if isinstance(ph, Turn):
            turn = ph  # (a typed local: the compiled module reads its fields as C struct members)
            acts = turn_actions(t, turn, p) if p == turn.seat else []
        else:
            acts = ph.legal(t, p)
        self._t.legal[p] = acts
        return acts

    def step(self, action: Action) -> None:
        """Carry out ``action``; raises IllegalActionError (state unchanged) when it is not legal."""
        if type(action) is not Action:
            raise IllegalActionError(f"not an action: {action!r}", action, ())
        offered = action  # (a typed local, as in _legal_for)
        p = SEAT_INDEX.get(offered.seat)
        if p is None:
            raise IllegalActionError(f"unknown seat {action.seat!r} in {action!r}; the seats are {', '.join(SEATS)}", action, ())
        legal = self._legal_for(p)
        # identity first: bots hand back the very objects offered; == only for built ones
        for a in legal:
            if a is action:
                break
        else:
            action = self._offered(action, legal)
        self._apply(p, action)

    def _apply(self, p: int, action: Action) -> None:
        """Carry out ``action`` of position ``p``, known to be legal now: one of the actions
        :meth:`step` found offered, or one the RL encoder marked in ``p``'s action mask from
        :func:`~nbmj.engine.turn.turn_codes` at this very state."""
        t = self._t
        # (once, before the move: the mechanics below are given the state, not the game, and
        # work out no legal list of their own)
        t.forget_legal()
        t.version += 1
        if t.keeps_log:
            t.events.append(action.to_json())
        ph = t.phase
        if type(ph) is Turn:
            tile = action.tile
            if action.kind == "discard" and tile is not None:  # the commonest step
                self._enter(discard(t, p, tile))
            else:
                self._enter(do_turn_action(t, ph, p, action))
        else:
            assert isinstance(ph, ClaimWindow)
            window = ph
            window.responses[p] = action
            if len(window.responses) == len(window.options):
                self._enter(resolve_rob(t, window) if type(window) is RobWindow else resolve_claims(t, window))

    def _offered(self, action: Action, legal: list[Action]) -> Action:
        """The offered action equal to ``action``, built by the caller; raises
        IllegalActionError when there is none or its fields are not plain tile ids."""
        tile, use = action.tile, action.use
        well_typed = (tile is None or type(tile) is int) and type(use) is tuple and all(type(u) is int for u in use)
        if well_typed:
            for a in legal:
                if a == action:
                    return a
        text = _describe(action)
        if not well_typed:
            msg = f"{text} is not legal: tiles are plain integer ids 0 to 41 (got {tile!r}, {use!r})"
            raise IllegalActionError(msg, action, tuple(legal))
        if not legal:
            # who may answer a discard or an added kong is theirs to know: a window names none
            if self.is_over:
                waiting = "nobody (the hand is over)"
            elif self.phase == "turn":
                waiting = ", ".join(self.to_act)
            else:
                waiting = "the answers to the open " + ("kong" if self.phase == "rob" else "discard")
            msg = f"{text} is not legal: it is not {action.seat}'s move; waiting for {waiting}"
            raise IllegalActionError(msg, action, ())
        msg = f"{text} is not legal; legal: {', '.join(str(a) for a in legal)}"
        raise IllegalActionError(msg, action, tuple(legal))

    # ------------------------------------------------------------------ views

    def observation(self, seat: str) -> Observation:
        """What ``seat`` can see: its own hand, every table face, never the wall order.

        A lazily read view, valid until the next step (see :class:`Observation`).
        """
        return Observation(self, seat_position(seat))

    def full_state(self) -> dict[str, Any]:
        """Everything, for a referee or a test: every hand and the wall's remaining order."""
        t = self._t
        st = public_view(self)
        st["hands"] = {SEATS[i]: [k for k in range(42) for _ in range(t.seats[i].hand[k])] for i in range(4)}
        st["wall"] = t.wall.live_order()
        st["wall_drawn"] = t.wall.drawn
        st["kongs"] = t.kongs
        st["passed_win"] = {SEATS[i]: t.seats[i].passed_win for i in range(4)}
        st["passed_pon"] = {SEATS[i]: sorted(t.seats[i].passed_pon) for i in range(4)}
        return st

    @property
    def state(self) -> dict[str, Any]:
        """Same as :meth:`full_state`."""
        return self.full_state()

    # ------------------------------------------------------------------ log

    def header(self) -> dict[str, Any]:
        """The log's header line (line 1 of the log): enough to deal the same hand again."""
        h: dict[str, Any] = {
            "format": LOG_FORMAT,
            "variant": self.variant,
            "rules_digest": self.rules.digest,  # replay refuses other rules of the same name
            "seed": self.seed,
            "dealer": SEATS[self.dealer],
            "round_wind": self.round_wind,
        }
        if self._fixed:
            h["wall"] = " ".join(CODES[k] for k in self.wall.tiles)
        if self._fixed_dice:
            h["dice"] = list(self.dice)
        return h

    def log_lines(self) -> list[str]:
        """The event log as JSON lines, header first. A hand played with ``log=False`` has
        none: :class:`~nbmj.errors.GameSetupError`."""
        if not self._t.keeps_log:
            raise GameSetupError("this hand keeps no log: it was dealt with log=False")
        return [dumps_event(self.header())] + [dumps_event(e) for e in self.events]

    def log_text(self) -> str:
        """The event log as text: the JSON lines of :meth:`log_lines`, one per line."""
        return "\n".join(self.log_lines()) + "\n"

    @classmethod
    def from_header(cls, header: dict[str, Any], rules: RuleSet | None = None) -> "Game":
        """A fresh game from a log header; a bad field raises GameSetupError."""
        dice = header.get("dice")
        if dice is not None and not isinstance(dice, list):
            raise GameSetupError(f"the dice are two numbers from 1 to 6, not {dice!r}")
        seed = header.get("seed", 0)
        if seed is None:
            raise GameSetupError("the header's seed is an integer, not None")
        return cls(
            rules if rules is not None else header["variant"],
            seed,
            wall=header.get("wall"),
            dice=tuple(dice) if dice is not None else None,
            dealer=header.get("dealer", "E"),
            round_wind=header.get("round_wind", "E"),
        )

    @staticmethod
    def replay(log: str | Iterable[str], rules: RuleSet | None = None) -> Iterator[dict[str, Any]]:
        """Rebuild every state of a logged hand (see :func:`replay`)."""
        return replay(log, rules)

    @staticmethod
    def from_log(log: str | Iterable[str], rules: RuleSet | None = None) -> "Game":
        """The hand a log records, as it stands after the log's last line, ready to play on.

        A server that keeps :meth:`log_text` after every step gets the hand back with this
        after a restart, and the hand goes on as it would have: the same draws, the same
        legal actions, the same log. The log is checked as :func:`replay` checks it
        (:class:`~nbmj.errors.ReplayError` at its first bad line); ``rules`` is needed, as
        there, for a hand of a variant given as a file or a text. A finished hand's log
        gives the finished hand, with its ``result`` and :meth:`settlement`."""
        game = None
        for game in _replay(*numbered_events(log), rules):
            pass
        assert game is not None  # (the replay yields the game once it is dealt, or raises)
        return game


def replay(log: str | Iterable[str | dict[str, Any]], rules: RuleSet | None = None) -> Iterator[dict[str, Any]]:
    """Re-run a logged hand, yielding the full state after the header and after each action.

    Raises :class:`~nbmj.errors.ReplayError` at the first event that is malformed, illegal,
    or not what the engine produces at that point; its message names the line (from 1) and
    its ``index`` is the event's 0-based number (the header is 0). A log cut short replays
    as far as it goes: the last state's ``result`` is then None.

    It is a generator: each event is checked as the states are asked for, and nothing before
    the first; ``list(replay(log))`` checks the whole log at once.
    """
    for _game, state in replay_games(log, rules):
        yield state


def replay_games(log: str | Iterable[str | dict[str, Any]], rules: RuleSet | None = None) -> Iterator[tuple[Game, dict[str, Any]]]:
    """As :func:`replay`, yielding the game itself with each state (the same game each time)."""
    for game in _replay(*numbered_events(log), rules):
        yield game, game.full_state()


def logged_choices(log: str | Iterable[str | dict[str, Any]], rules: RuleSet | None = None) -> Iterator[tuple[Game, dict[str, Any]]]:
    """Each player's action of a logged hand, as its event, with the game as it stood when
    the action was chosen: for readers that look at every decision (``nbmj review``, ``nbmj
    dataset``). The game is the same object each time, stepped by the action after the
    reader has looked; once the iteration ends it holds the hand's last state (its
    ``result`` is None for a log cut short). The log is checked as :func:`replay` checks it,
    and no full state is built."""
    events, numbers = numbered_events(log)
    actions = [ev for ev in events[1:] if ev.get("e") in ACTION_KINDS]
    for k, game in enumerate(_replay(events, numbers, rules)):
        # An action the game would not take is not handed to the reader: the replay, going
        # on, steps it and says what is wrong at its line.
        if k < len(actions) and not game.is_over and _takes(game, actions[k]):
            yield game, actions[k]


def _takes(game: Game, event: dict[str, Any]) -> bool:
    """Whether ``game`` takes the logged action ``event`` now (Game.step accepts it)."""
    try:
        action = Action.from_json(event)
    except NbmjError:
        return False
    return action in game.legal_actions(action.seat)


def _replay(events: list[dict[str, Any]], numbers: list[int], rules: RuleSet | None) -> Iterator[Game]:
    """The replay of parsed ``events`` (from the log's lines ``numbers``): the game after
    the header and after each action, every event checked (see :func:`replay`)."""
    header = events[0]
    if header.get("format") != LOG_FORMAT:
        raise ReplayError(f"line {numbers[0]} is not an {LOG_FORMAT!r} header: format {header.get('format')!r}", 0)
    if rules is not None and header.get("variant") != rules.name:
        raise ReplayError(f"line {numbers[0]}: the log is of variant {header.get('variant')!r}, not {rules.name!r}", 0)
    if rules is None:
        refuse_variant_path(header, numbers[0])
    try:
        game = Game.from_header(header, rules=rules)
    except NbmjError as exc:
        raise ReplayError(f"line {numbers[0]}: cannot start the hand: {exc}", 0) from exc
    except (TypeError, ValueError, KeyError) as exc:
        raise ReplayError(f"line {numbers[0]}: bad header: {exc!r}", 0) from exc
    logged = header.get("rules_digest")  # (a log written before the digest existed has none)
    if logged is not None and logged != game.rules.digest:
        where = f" from {game.rules.source}" if game.rules.source else ""
        raise ReplayError(
            f"line {numbers[0]}: the log was played under rules {logged!r}, but the rules of {game.rules.name!r}"
            f"{where} are {game.rules.digest!r}; give the variant file it was played under",
            0,
        )
    index = 1

    def check_engine_events() -> None:
        nonlocal index
        produced = game.events
        while index - 1 < len(produced):
            if index >= len(events):
                return
            expected = produced[index - 1]
            if not same_event(events[index], expected):
                raise ReplayError(
                    f"line {numbers[index]}: the log says {json.dumps(events[index], ensure_ascii=False)} "
                    f"but the game gives {json.dumps(expected, ensure_ascii=False)}",
                    index,
                )
            index += 1

    check_engine_events()
    yield game
    while index < len(events):
        ev = events[index]
        line = numbers[index]
        if ev.get("e") not in ACTION_KINDS:
            raise ReplayError(f"line {line}: expected a player's action, got event {ev.get('e')!r}", index)
        if game.is_over:
            raise ReplayError(f"line {line}: the hand is already over", index)
        try:
            action = Action.from_json(ev)
            game.step(action)
        except NbmjError as exc:
            raise ReplayError(f"line {line}: {exc}", index) from exc
        if game.events[index - 1] != ev:
            raise ReplayError(f"line {line}: the action is not written in its normal form", index)
        index += 1
        check_engine_events()
        yield game


def _describe(action: Action) -> str:
    """``str(action)`` quoted, or its repr when its fields are not tiles."""
    try:
        return repr(str(action))
    except (NbmjError, TypeError, ValueError, IndexError):  # a tile out of range or of a foreign type
        return repr(action)
