"""One hand of Ningbo or Ninghai mahjong: :class:`Game`.

Seats are table positions ``"E" "S" "W" "N"`` in turn order (counter-clockwise). In a
single hand they are also the seat winds when ``dealer="E"``; in a match the dealer moves
and a position's seat wind for scoring is counted from the dealer (NB-2.4).

The game advances by :meth:`Game.step` with an :class:`~nbmj.engine.actions.Action`;
everything that needs no decision (the deal, draws, flower replacement, claim
resolution, settlement) happens inside ``step``. :attr:`Game.to_act` names the seats whose
decision the game waits for: one seat on a turn, every seat able to claim after a discard
(NB-7.8) or able to rob an added kong.

Every rule difference between variants is read from the :class:`~nbmj.rules.model.RuleSet`
in ``__init__`` (the ``_r_*`` attributes), never from the variant's name.

This module holds the hand's state and its public API. The mechanics are functions of the
game in sibling modules, bound below as ``Game``'s private methods: the deal
(``dealing.py``), draws and flower replacement (``draws.py``), the player on turn
(``turn.py``), the claim window (``claim_window.py``), kongs and robbing them
(``kongs.py``), the variant's restrictions (``restrictions.py``), win checks and the
scorer's view (``wins.py``), and the end of the hand (``ending.py``); ``precomputed.py``
holds what is computed once per RuleSet or per wild set.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..errors import IllegalActionError
from ..rules.model import SEATS, RuleSet
from ..rules.wilds import wild_tiles
from ..scoring.situation import Situation
from ..tiles import parse_tiles
from . import claim_window, dealing, draws, ending, kongs, restrictions, turn, wins
from .actions import Action
from .log import LOG_FORMAT, dumps_event
from .observation import Observation, public_view
from .settle import WinScore
from .precomputed import CLAIM_ORDER, CODES, DISCARD_ACTS, HU_ACTS, PASS_ACTS, SEAT_INDEX, rule_values, wild_tables
from .wall import Wall, full_tile_set, indicator_position

__all__ = ["Game", "HandResult", "resolve_rules"]


def resolve_rules(variant: str | RuleSet) -> RuleSet:
    """A RuleSet from a variant name (or the RuleSet itself)."""
    if isinstance(variant, RuleSet):
        return variant
    from ..rules import load_variant

    return load_variant(variant)


@dataclass(frozen=True)
class HandResult:
    """How a hand ended. ``deltas`` (seat -> points) sum to zero and include ``immediate``."""

    outcome: str  # "win" or "draw"
    winners: tuple[dict, ...]
    deltas: dict[str, int]
    immediate: dict[str, int]
    scores: tuple[WinScore, ...] = field(default=(), compare=False)
    situations: tuple[Situation, ...] = field(default=(), compare=False)

    @property
    def winner(self) -> str | None:
        """The (first) winning seat, or None after a draw."""
        return self.winners[0]["seat"] if self.winners else None

    @property
    def win_by(self) -> str | None:
        """How the (first) winner won: ``discard``, ``self_draw``, ``rob_kong``, ..."""
        return self.winners[0]["win_by"] if self.winners else None

    @property
    def score(self) -> WinScore | None:
        """The (first) winner's score."""
        return self.scores[0] if self.scores else None

    @property
    def payments(self) -> dict[str, int]:
        """Same as ``deltas``: what each seat gains (negative: pays) this hand."""
        return self.deltas

    def to_json(self) -> dict:
        """The outcome, winners and deltas as plain JSON values (scores and situations left out)."""
        return {
            "outcome": self.outcome,
            "winners": [dict(w) for w in self.winners],
            "deltas": dict(self.deltas),
            "immediate": dict(self.immediate),
        }


class Game:
    """One hand, from the dice to the settlement.

    ``variant``: a variant name or a RuleSet. ``seed`` drives the dice and the shuffle
    (``random.Random(seed)``). ``wall``: a fixed tile order (ids or notation) in draw order
    (NB-3.6) for scripted hands; ``dice`` fixes the throw. ``dealer`` is the position that
    deals; ``round_wind`` the round's wind.
    """

    def __init__(
        self,
        variant: str | RuleSet = "ningbo",
        seed: int = 0,
        *,
        wall: Sequence[int] | str | None = None,
        dice: tuple[int, int] | None = None,
        dealer: str = "E",
        round_wind: str = "E",
    ) -> None:
        rules = resolve_rules(variant)
        self.rules = rules
        self.variant = rules.name
        self.seed = seed
        if dealer not in SEATS or round_wind not in SEATS:
            raise ValueError(f"dealer and round wind are seats E, S, W, N; got {dealer!r}, {round_wind!r}")
        self.dealer = SEATS.index(dealer)
        self.round_wind = round_wind
        rng = random.Random(seed)
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        self.dice = tuple(dice) if dice is not None else roll
        self._fixed = wall is not None
        self._fixed_dice = dice is not None
        tile_set = full_tile_set(rules.tiles.flowers)
        if wall is None:
            tiles = list(tile_set)
            rng.shuffle(tiles)  # NB-3.6: the shuffle fills the draw-order sequence directly
        else:
            tiles = parse_tiles(wall) if isinstance(wall, str) else list(wall)
            if sorted(tiles) != sorted(tile_set):
                raise ValueError(f"a fixed wall must hold the variant's {len(tile_set)} tiles exactly once each")
        n_stacks = len(tiles) // 2
        self.wall = Wall(tiles, indicator_position(rules.wilds, rules.dealing, self.dice, n_stacks))
        self.indicator = self.wall.indicator
        self.wilds = wild_tiles(rules.wilds, self.indicator)
        self._wild_ids = tuple(sorted(self.wilds))
        self._read_rules(rules)
        # Per-game tables: which ids act as flowers, which may be discarded, and the actions
        # each seat can be offered (shared; the engine offers only these objects).
        self.__dict__.update(wild_tables(self._wild_ids, self._wild_flower_is_flower))
        self._discard_act = DISCARD_ACTS
        self._hu_act = HU_ACTS
        self._pass_act = PASS_ACTS

        self.hands = [[0] * 42 for _ in range(4)]
        self.melds: list[list[list]] = [[] for _ in range(4)]  # [kind, tiles tuple, source or None]
        self.flowers: list[list[int]] = [[] for _ in range(4)]
        self.rivers: list[list[list]] = [[] for _ in range(4)]  # [tile, claimed_by or None]
        self.fed = [[0] * 4 for _ in range(4)]  # fed[a][b]: melds b made from a's discards
        self.discarded_wild = [False] * 4
        self.passed_win = [False] * 4
        # Whether each waiting hand is ready (shanten 0): only a ready hand can win on a
        # discard, so the others skip the win check. Set after the deal and at each discard,
        # the only times a hand takes its waiting shape.
        self._ready = [True] * 4
        self.passed_pon: list[set[int]] = [set() for _ in range(4)]
        self.immediate = [0] * 4
        # NH-6 包牌 offences: [discarder, warned player, discard number, claimed by the warned]
        self.offences: list[list] = []
        self.events: list[dict] = []
        self.phase = "deal"
        self.current = self.dealer
        self.turn_mode = "dealer_first"
        self.draw_kind: str | None = "self_draw"
        self.last_draw: int | None = None
        self.last_tile_drawn = False
        self.chi_bans: tuple[int, ...] = ()
        self.discards_made = 0
        self.claims_made = False
        self.kongs = 0
        self.claim_tile: int | None = None
        self.claim_from: int | None = None
        self.options: dict[int, list[Action]] = {}
        self.responses: dict[int, Action] = {}
        self._legal: dict[int, list[Action]] = {}
        self._scores: dict[tuple[int, str], WinScore] = {}
        self.result: HandResult | None = None
        self._version = 0  # counts steps, so that an old Observation knows it is stale
        self._deal()

    # ------------------------------------------------------------------ rules, read once

    def _read_rules(self, rules: RuleSet) -> None:
        self.__dict__.update(rule_values(rules))
        self._kept_tiles = self._kept_base

    # ------------------------------------------------------------------ small helpers

    def seat_wind(self, position: int) -> str:
        """The seat wind of a position this hand (NB-2.4)."""
        return SEATS[(position - self.dealer) % 4]

    def _is_flower(self, t: int) -> bool:
        """A flower that acts as a flower: wild flowers do not (NB-4.4)."""
        return self._flower_flag[t]

    def _emit(self, event: dict) -> None:
        self.events.append(event)

    # ------------------------------------------------------------------ the mechanics
    # Functions of the game from the sibling modules, bound as methods: the state stays in
    # one object, a call costs what a method call costs, and Game has no base classes to
    # show in the API docs (mixins would appear there as bases no page documents).

    # dealing.py
    _deal = dealing.deal
    _initial_flowers = dealing.initial_flowers
    # draws.py
    _kept = draws.kept_tiles
    _can_draw = draws.can_draw
    _can_kong = draws.can_kong
    _start_turn = draws.start_turn
    _replacement_draw = draws.replacement_draw
    _after_draw = draws.after_draw
    _replace_flower = draws.replace_flower
    _pay_immediate = draws.pay_immediate
    # turn.py
    _turn_actions = turn.turn_actions
    _do_turn_action = turn.do_turn_action
    _discard = turn.discard
    _enter_turn = turn.enter_turn
    # claim_window.py
    _open_claims = claim_window.open_claims
    _claim_order = claim_window.claim_order
    _claim_options = claim_window.claim_options
    _resolve_claims = claim_window.resolve_claims
    # kongs.py
    _declare_ankan = kongs.declare_ankan
    _kong_made = kongs.kong_made
    _begin_kakan = kongs.begin_kakan
    _complete_kakan = kongs.complete_kakan
    _resolve_rob = kongs.resolve_rob
    # restrictions.py
    _on = restrictions.on
    _window_open = restrictions.window_open
    _discardable = restrictions.discardable
    _banned_claims = restrictions.banned_claims
    _chi_leaves_discard = restrictions.chi_leaves_discard
    _note_passes = restrictions.note_passes
    _check_offence = restrictions.check_offence
    _liable = restrictions.liable
    # wins.py
    _shape = wins.shape
    _is_ready = wins.is_ready
    _self_win = wins.self_win
    _discard_win = wins.discard_win
    _situation = wins.situation
    # ending.py
    _finish_win = ending.finish_win
    _losers_settlement = ending.losers_settlement
    _finish_draw = ending.finish_draw
    _end = ending.end

    # ------------------------------------------------------------------ public API

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"{self.phase}, waiting for {', '.join(self.to_act)}"
        return f"<Game {self.variant} seed={self.seed!r}: {where}; {self.wall.remaining} tiles in the wall>"

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (``result`` is then set)."""
        return self.phase == "over"

    @property
    def to_act(self) -> list[str]:
        """Seats whose decision the game is waiting for, nearest the discarder first."""
        if self.phase == "turn":
            return [SEATS[self.current]]
        if self.phase in ("claims", "rob"):
            return [SEATS[q] for q in self._claim_order() if q in self.options and q not in self.responses]
        return []

    def _first_to_act(self) -> int:
        """The position of ``to_act[0]`` (only while the game waits for someone)."""
        if self.phase == "turn":
            return self.current
        options, responses = self.options, self.responses
        for q in CLAIM_ORDER[self.claim_from]:
            if q in options and q not in responses:
                return q
        raise RuntimeError(f"nobody is to act in phase {self.phase!r}")

    def legal_actions(self, seat: str) -> list[Action]:
        """Every action ``seat`` may take now (empty when the game is not waiting for it).

        The order is fixed: a win first when one is offered, then kongs, pong, chi (with the
        hand tiles they use), flower kongs, discards by tile id, and ``pass`` last.
        """
        return list(self._legal_for(SEATS.index(seat)))

    def _legal_for(self, p: int) -> list[Action]:
        """The cached legal list of position ``p`` (not a copy: do not change it)."""
        cached = self._legal.get(p)
        if cached is not None:
            return cached
        if self.phase == "turn" and p == self.current:
            acts = self._turn_actions(p)
        elif self.phase in ("claims", "rob") and p in self.options and p not in self.responses:
            acts = self.options[p]
        else:
            acts = []
        self._legal[p] = acts
        return acts

    def step(self, action: Action) -> None:
        """Carry out ``action``; raises IllegalActionError (state unchanged) when it is not legal."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}", action, ())
        p = SEAT_INDEX.get(action.seat)
        if p is None:
            raise IllegalActionError(f"unknown seat {action.seat!r} in {str(action)!r}", action, ())
        legal = self._legal.get(p)
        if legal is None:
            legal = self._legal_for(p)
        # identity first: bots hand back the very objects offered; == only for built ones
        for a in legal:
            if a is action:
                break
        else:
            if action in legal:
                pass
            elif not legal:
                waiting = ", ".join(self.to_act) or "nobody (the hand is over)"
                msg = f"{str(action)!r} is not legal: it is not {action.seat}'s move; waiting for {waiting}"
                raise IllegalActionError(msg, action, ())
            else:
                msg = f"{str(action)!r} is not legal; legal: {', '.join(str(a) for a in legal)}"
                raise IllegalActionError(msg, action, tuple(legal))
        self._legal.clear()
        self._version += 1
        cached = action.__dict__.get("_json")  # Action.to_json's own cache, read without a call
        self.events.append(cached.copy() if cached is not None else action.to_json())
        if self.phase == "turn":
            self._do_turn_action(p, action)
        else:
            self.responses[p] = action
            if len(self.responses) == len(self.options):
                if self.phase == "claims":
                    self._resolve_claims()
                else:
                    self._resolve_rob()
        self._legal.clear()

    # ------------------------------------------------------------------ views

    def observation(self, seat: str) -> Observation:
        """What ``seat`` can see: its own hand, every table face, never the wall order.

        A lazily read view, valid until the next step (see :class:`Observation`).
        """
        return Observation(self, SEATS.index(seat))

    def full_state(self) -> dict:
        """Everything, for a referee or a test: every hand and the wall's remaining order."""
        st = public_view(self)
        st["hands"] = {SEATS[i]: [t for t in range(42) for _ in range(self.hands[i][t])] for i in range(4)}
        st["wall"] = self.wall.live_order()
        st["wall_drawn"] = self.wall.drawn
        st["kongs"] = self.kongs
        st["passed_win"] = {SEATS[i]: self.passed_win[i] for i in range(4)}
        st["passed_pon"] = {SEATS[i]: sorted(self.passed_pon[i]) for i in range(4)}
        return st

    @property
    def state(self) -> dict:
        """Same as :meth:`full_state`."""
        return self.full_state()

    # ------------------------------------------------------------------ log

    def header(self) -> dict:
        """The log's header line (line 0): enough to deal the same hand again."""
        h = {
            "format": LOG_FORMAT,
            "variant": self.variant,
            "seed": self.seed,
            "dealer": SEATS[self.dealer],
            "round_wind": self.round_wind,
        }
        if self._fixed:
            h["wall"] = " ".join(CODES[t] for t in self.wall.tiles)
        if self._fixed_dice:
            h["dice"] = list(self.dice)
        return h

    def log_lines(self) -> list[str]:
        """The event log as JSON lines, header first."""
        return [dumps_event(self.header())] + [dumps_event(e) for e in self.events]

    def log_text(self) -> str:
        """The event log as text: the JSON lines of :meth:`log_lines`, one per line."""
        return "\n".join(self.log_lines()) + "\n"

    @classmethod
    def from_header(cls, header: dict, rules: RuleSet | None = None) -> "Game":
        """A fresh game from a log header."""
        dice = header.get("dice")
        return cls(
            rules if rules is not None else header["variant"],
            header.get("seed", 0),
            wall=header.get("wall"),
            dice=tuple(dice) if dice is not None else None,
            dealer=header.get("dealer", "E"),
            round_wind=header.get("round_wind", "E"),
        )

    @staticmethod
    def replay(log, rules: RuleSet | None = None) -> Iterator[dict]:
        """Rebuild every state of a logged hand (see :func:`nbmj.engine.log.replay`)."""
        from .log import replay

        return replay(log, rules)
