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
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import compress
from operator import itemgetter

from .. import core
from ..errors import IllegalActionError
from ..rules.model import SEATS, RuleSet
from ..rules.wilds import wild_tiles
from ..scoring.situation import Meld, Situation
from ..tiles import N_KINDS, parse_tiles, tile_code
from .actions import Action, interned
from .claims import CLAIM_CODE, chi_discard_bans, chi_uses, claim_flags, claim_seat_order, claim_tiers
from .liability import forbidden_tiles
from .log import LOG_FORMAT, dumps_event
from .observation import Observation, public_view
from .settle import WinScore, score_win
from .wall import Wall, full_tile_set, indicator_position

__all__ = ["Game", "HandResult", "resolve_rules"]

CODES = tuple(tile_code(t) for t in range(42))  # tile_code without its checks, for the event log
# The actions the engine offers most, shared by every game (Actions are immutable).
_DISCARD_ACTS = tuple(tuple(interned(s, "discard", t) for t in range(42)) for s in SEATS)
_HU_ACTS = tuple(interned(s, "hu") for s in SEATS)
_CLAIM_ORDER = tuple(tuple((d + i) % 4 for i in (1, 2, 3)) for d in range(4))  # next, opposite, previous
_PASS_ACTS = tuple(interned(s, "pass") for s in SEATS)
_SEAT_INDEX = {s: i for i, s in enumerate(SEATS)}
_is_win = core.is_win
_F_HU, _F_KAN, _F_PON, _F_CHI = (int(core.ClaimFlag[k]) for k in ("HU", "KAN", "PON", "CHI"))
_O_HU, _O_KAN, _O_PON = (int(core.ClaimOption[k]) for k in ("HU", "KAN", "PON"))
_O_CHI = int(core.ClaimOption.CHI_HIGH | core.ClaimOption.CHI_MID | core.ClaimOption.CHI_LOW)
_BAN_FLAG = {"hu": _F_HU, "kan": _F_KAN, "pon": _F_PON, "chi": _F_CHI}


def _notation(tiles) -> str:
    """:func:`nbmj.tiles.to_notation` for valid ids, faster: ids sort in the order m p s z f."""
    out = []
    digits = ""
    letter = ""
    for t in sorted(tiles):
        code = CODES[t]
        if code[1] != letter:
            if digits:
                out.append(digits + letter)
            digits, letter = "", code[1]
        digits += code[0]
    if digits:
        out.append(digits + letter)
    return "".join(out)
_DEAL_BLOCK = 4  # NB-3.8: tiles taken at a time in the deal
_SUIT_LETTER = "mps"


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
        return {
            "outcome": self.outcome,
            "winners": [dict(w) for w in self.winners],
            "deltas": dict(self.deltas),
            "immediate": dict(self.immediate),
        }


def _read_rule_values(rules: RuleSet) -> dict:
    """The ``_r_*`` and other rule attributes a Game reads from its RuleSet."""
    c = rules.claims
    return {
        "_claims": c,
        # the claim rules as the core reads them (nbmj.core.claim_options / resolve_claims)
        "_claim_flags": claim_flags(c),
        "_claim_tiers": claim_tiers(c.priority),
        "_claim_seat_order": claim_seat_order(c.seat_order),
        "_all_winners": c.multiple_winners == "all",
        "_r_chi_ban": rules.restriction("chi_discard_ban"),
        "_r_pon_pass": rules.restriction("pon_after_pass"),
        "_r_win_pass": rules.restriction("win_after_pass"),
        "_r_kong_pon": rules.restriction("kong_after_pon"),
        "_r_suits": tuple(r for r in rules.restrictions if r.kind == "discard_suits"),
        "_r_no_claims": tuple(r for r in rules.restrictions if r.kind == "no_claims"),
        "_r_bao_suits": rules.restriction("bao_suit_warning") is not None,
        "_r_bao_terminals": rules.restriction("bao_terminal_warning") is not None,
        "_auto_flowers": rules.flowers.in_play == "auto",
        "_wild_flower_is_flower": rules.wilds.wild_flower_is_flower,
        "_kept_base": 2 * rules.draw.kept_stacks,
        "_kept_per_kong": 2 * rules.draw.kept_stacks_per_kong,
    }


# RuleSets are frozen: what a game reads from one is read once. Keyed by id, holding the
# RuleSet itself so that the id cannot be reused while the entry lives.
_RULE_VALUES: dict[int, tuple[RuleSet, dict]] = {}


def _rule_values(rules: RuleSet) -> dict:
    hit = _RULE_VALUES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    values = _read_rule_values(rules)
    if len(_RULE_VALUES) >= 64:
        _RULE_VALUES.clear()
    _RULE_VALUES[id(rules)] = (rules, values)
    return values


# Per-game tables that depend only on the wild ids and whether a wild flower still acts as
# a flower: built once for each such pair.
_WILD_TABLES: dict[tuple, dict] = {}


def _wild_tables(wild_ids: tuple[int, ...], wild_flower_is_flower: bool) -> dict:
    key = (wild_ids, wild_flower_is_flower)
    hit = _WILD_TABLES.get(key)
    if hit is not None:
        return hit
    wilds = set(wild_ids)
    flower_flag = tuple(t >= N_KINDS and (t not in wilds or wild_flower_is_flower) for t in range(42))
    playable = tuple(t for t in range(42) if not flower_flag[t])
    hit = _WILD_TABLES[key] = {
        "_wild_kinds": tuple(k for k in wild_ids if k < N_KINDS),
        "_wild_mask": sum(1 << k for k in wild_ids if k < N_KINDS),
        "_wild_flower_ids": tuple(k for k in wild_ids if k >= N_KINDS),
        "_flower_flag": flower_flag,
        "_playable": playable,
        "_playable_counts": itemgetter(*playable),  # hand -> counts of the playable ids
        "_playable_discards": tuple(tuple(_DISCARD_ACTS[s][t] for t in playable) for s in range(4)),
    }
    return hit


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
        self.__dict__.update(_wild_tables(self._wild_ids, self._wild_flower_is_flower))
        self._discard_act = _DISCARD_ACTS
        self._hu_act = _HU_ACTS
        self._pass_act = _PASS_ACTS

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
        self.__dict__.update(_rule_values(rules))
        self._kept_tiles = self._kept_base

    # ------------------------------------------------------------------ small helpers

    def seat_wind(self, position: int) -> str:
        """The seat wind of a position this hand (NB-2.4)."""
        return SEATS[(position - self.dealer) % 4]

    def _is_flower(self, t: int) -> bool:
        """A flower that acts as a flower: wild flowers do not (NB-4.4)."""
        return self._flower_flag[t]

    def _kept(self) -> int:
        """Drawable tiles that must stay in the wall (NB-15.1, NH-1.9)."""
        return self._kept_tiles

    def _can_draw(self) -> bool:
        """May a player draw from the head? NB-15.1: to the last tile; NH-1.9: only while
        more whole stacks remain than are kept back (an odd last tile does not count)."""
        kept = self._kept_tiles
        if kept == 0:
            return self.wall.remaining > 0
        return self.wall.remaining // 2 > kept // 2

    def _can_kong(self) -> bool:
        """NB-9.7: a kong needs a replacement beyond the reserve, counting its own extra stack."""
        return self.wall.remaining > self._kept() + self._kept_per_kong

    def _shape(self, p: int) -> tuple[list[int], int]:
        """The 34-count vector without wilds, and the number of wilds (wild flowers included)."""
        hand = self.hands[p]
        counts = hand[:N_KINDS]
        w = 0
        for k in self._wild_ids:
            w += hand[k]
            if k < N_KINDS:
                counts[k] = 0
        return counts, w

    def _is_ready(self, p: int) -> bool:
        """Whether a waiting-size (3n+1) hand is ready, shanten 0. A wild stands for any kind,
        a fifth copy too (NB-10.4), so that is the hand winning with one more wild: one
        is_win instead of a shanten, which costs twice as much."""
        counts, wilds = self._shape(p)
        return _is_win(counts, wilds + 1)

    def _emit(self, event: dict) -> None:
        self.events.append(event)

    def _on(self, restriction) -> bool:
        """Whether a restriction of the variant applies now (its ``window``)."""
        return restriction is not None and (restriction.window == "always" or self._window_open())

    def _window_open(self) -> bool:
        """The first go-around (NH-1.x): every seat's first discard, no claim made yet."""
        return self.discards_made < 4 and not self.claims_made

    # ------------------------------------------------------------------ deal and flowers

    def _deal(self) -> None:
        d = self.rules.dealing
        self._emit(
            {
                "e": "start",
                "dice": list(self.dice),
                "dealer": SEATS[self.dealer],
                "round_wind": self.round_wind,
                "indicator": None if self.indicator is None else CODES[self.indicator],
                "wilds": [CODES[t] for t in self._wild_ids],
            }
        )
        need = [d.other_tiles] * 4
        need[self.dealer] = d.dealer_tiles
        dealt: list[list[int]] = [[] for _ in range(4)]
        order = [(self.dealer + i) % 4 for i in range(4)]
        drawn = self.wall.draw_head_many(sum(need))
        at = 0
        while any(need):  # NB-3.8: four at a time from the dealer round, then the rest
            for p in order:
                take = min(_DEAL_BLOCK, need[p])
                dealt[p] += drawn[at : at + take]
                at += take
                need[p] -= take
        for p in order:
            hand = self.hands[p]
            for t in dealt[p]:
                hand[t] += 1
        for p in order:
            self._emit({"e": "deal", "seat": SEATS[p], "tiles": _notation(dealt[p])})
        self.last_draw = dealt[self.dealer][-1]
        if not self._initial_flowers(order):
            return
        for p in range(4):
            if p != self.dealer:
                self._ready[p] = self._is_ready(p)
        self.phase = "turn"
        self.current = self.dealer
        self.turn_mode = "dealer_first"
        self.draw_kind = "self_draw"

    def _initial_flowers(self, order: list[int]) -> bool:
        """NB-5.3 in rounds from the dealer, or one player after another (per_player)."""
        per_player = self.rules.flowers.initial_replacement == "per_player"
        while True:
            any_flower = False
            for p in order:
                while True:
                    held = [t for t in range(N_KINDS, 42) if self.hands[p][t] and self._is_flower(t)]
                    if not held:
                        break
                    any_flower = True
                    for f in held:
                        t = self._replace_flower(p, f)
                        if t is None:
                            return False
                        if p == self.dealer:
                            self.last_draw = t
                    if not per_player:
                        break  # a replacement flower waits for the next round
            if not any_flower or per_player:
                return True

    def _replace_flower(self, p: int, f: int) -> int | None:
        """Lay flower ``f`` aside and draw its replacement; None when the wall is used up (NB-5.7)."""
        self.hands[p][f] -= 1
        self.flowers[p].append(f)
        self._pay_immediate(p, self.rules.immediate.flower, "flower")
        if self.wall.remaining <= self._kept():
            self._emit({"e": "bu", "seat": SEATS[p], "tile": CODES[f], "draw": None})
            self._finish_draw()
            return None
        t = self.wall.draw_tail()
        self.hands[p][t] += 1
        self._emit({"e": "bu", "seat": SEATS[p], "tile": CODES[f], "draw": CODES[t]})
        self.last_tile_drawn = not self._can_draw()
        return t

    def _pay_immediate(self, p: int, amount: int, why: str) -> None:
        if not amount:
            return
        for q in range(4):
            self.immediate[q] += 3 * amount if q == p else -amount
        self._emit({"e": "pay", "seat": SEATS[p], "why": why, "amount": amount})

    # ------------------------------------------------------------------ draws and turns

    def _start_turn(self, p: int) -> None:
        """A normal turn (NB-6.2): draw from the head, replace flowers, then decide."""
        self.passed_win[p] = False  # NB-8.6 / NB-8.7: drawing is acting
        if self.passed_pon[p]:
            self.passed_pon[p].clear()
        wall, kept = self.wall, self._kept_tiles
        if not (wall.remaining > 0 if kept == 0 else wall.remaining // 2 > kept // 2):  # _can_draw()
            self._finish_draw()
            return
        t = wall.draw_head()
        self.hands[p][t] += 1
        self.events.append({"e": "draw", "seat": SEATS[p], "tile": CODES[t]})
        self.last_tile_drawn = not (wall.remaining > 0 if kept == 0 else wall.remaining // 2 > kept // 2)
        self.current = p
        self.draw_kind = "self_draw"
        if self._auto_flowers and self._flower_flag[t]:
            self._after_draw(p, t)
            return
        # _after_draw for a tile that is no flower
        self._scores.clear()
        self.last_draw = t
        self.phase = "turn"
        self.turn_mode = "draw"

    def _replacement_draw(self, p: int) -> None:
        """The tail draw after a kong (NB-9.6)."""
        t = self.wall.draw_tail()
        self.hands[p][t] += 1
        self._emit({"e": "draw", "seat": SEATS[p], "tile": CODES[t], "from": "tail"})
        self.last_tile_drawn = not self._can_draw()
        self.draw_kind = "kong_replacement"
        self._after_draw(p, t)

    def _after_draw(self, p: int, t: int) -> None:
        if self._auto_flowers:  # NB-5.4, NB-5.5: replaced at once, repeatedly
            while self._flower_flag[t]:
                t2 = self._replace_flower(p, t)
                if t2 is None:
                    return
                t = t2
                if self.draw_kind == "self_draw":
                    self.draw_kind = "flower_replacement"
        self._scores.clear()
        self.last_draw = t
        self.phase = "turn"
        self.current = p
        self.turn_mode = "draw"

    # ------------------------------------------------------------------ public API

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"{self.phase}, waiting for {', '.join(self.to_act)}"
        return f"<Game {self.variant} seed={self.seed!r}: {where}; {self.wall.remaining} tiles in the wall>"

    @property
    def is_over(self) -> bool:
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
        for q in _CLAIM_ORDER[self.claim_from]:
            if q in options and q not in responses:
                return q
        raise RuntimeError(f"nobody is to act in phase {self.phase!r}")

    def _claim_order(self) -> tuple[int, ...]:
        return _CLAIM_ORDER[self.claim_from]

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
        p = _SEAT_INDEX.get(action.seat)
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

    # ------------------------------------------------------------------ the turn

    def _turn_actions(self, p: int) -> list[Action]:
        seat = SEATS[p]
        hand = self.hands[p]
        mode = self.turn_mode
        acts: list[Action] = []
        drew = mode == "draw" or mode == "dealer_first"
        may_kong = drew or (mode == "after_pon" and not self._on(self._r_kong_pon))
        if drew and self.last_draw is not None:
            # the hand before this draw is the one judged at the last discard, unless a kong
            # changed it this turn: a hand that was not ready cannot win on one tile
            if (self._ready[p] or self.draw_kind == "kong_replacement") and self._self_win(p) is not None:
                acts.append(self._hu_act[p])
        melds = self.melds[p]
        # (4 in hand, a C-speed scan, first: four of a kind is rare)
        if may_kong and (melds or 4 in hand) and self._can_kong() and not (self._r_no_claims and "kan" in self._banned_claims()):  # NH-1.8
            if 4 in hand:
                for k in range(N_KINDS):
                    if hand[k] == 4 and (k not in self.wilds or self._claims.wilds_in_melds):
                        acts.append(interned(seat, "ankan", k))
            held = []
            for m in melds:  # a plain loop: cheaper than a comprehension for a few melds
                if m[0] == "pon" and hand[m[1][0]]:
                    held.append(m[1][0])
            if held:
                for k in sorted(held):
                    acts.append(interned(seat, "kakan", k))
        if not self._auto_flowers and may_kong:  # the manual flower kong (NB-5.4 note)
            for f in range(N_KINDS, 42):
                if hand[f] and self._flower_flag[f]:
                    acts.append(interned(seat, "flower", f))
        if self.chi_bans or self._r_suits:
            table = self._discard_act[p]
            acts.extend([table[t] for t in self._discardable(p)])
        elif self._auto_flowers:
            # no restriction on the discard, and no flower stays in a hand: every tile held
            acts.extend(compress(_DISCARD_ACTS[p], hand))
        else:  # no restriction on the discard: every playable tile held, at C speed
            acts.extend(compress(self._playable_discards[p], self._playable_counts(hand)))
        return acts

    def _discardable(self, p: int, hand: list[int] | None = None, bans: Sequence[int] | None = None) -> list[int]:
        """Tile ids ``p`` may discard now (NB-8.1 to NB-8.4, NH first go-around)."""
        hand = self.hands[p] if hand is None else hand
        bans = self.chi_bans if bans is None else bans
        tiles = list(compress(self._playable, self._playable_counts(hand)))
        if bans and self._on(self._r_chi_ban):
            in_hand = sum(hand[t] for t in tiles)
            big_crane = in_hand == 2 and "big_crane" in self._r_chi_ban.unless
            if not big_crane:
                tiles = [t for t in tiles if t not in bans or t in self.wilds]
        if self._r_suits:
            allowed: set[str] = set()
            for r in self._r_suits:  # NH-1.7: in the window, each player's first discard
                if r.window == "always" or (self._window_open() and not self.rivers[p]):
                    allowed.update(r.suits)
            if allowed:
                limited = [t for t in tiles if t < 27 and _SUIT_LETTER[t // 9] in allowed]
                # nbmj's choice: a hand with no tile of the allowed suits may discard any tile.
                if limited:
                    tiles = limited
        return tiles

    def _self_win(self, p: int) -> WinScore | None:
        key = (p, "self")
        if key in self._scores:
            return self._scores[key]
        counts, w = self._shape(p)
        res = None
        if (sum(counts) + w) % 3 == 2 and core.is_win(counts, w):
            sit = self._situation(p, self.last_draw, self.draw_kind, None)
            score = score_win(sit, self.rules)
            res = score if score.valid else None
        self._scores[key] = res
        return res

    def _do_turn_action(self, p: int, a: Action) -> None:
        kind = a.kind
        if kind == "discard":
            self._discard(p, a.tile)
        elif kind == "hu":
            self._finish_win([(p, self.last_draw, self.draw_kind, None, self._self_win(p))])
        elif kind == "ankan":
            self.hands[p][a.tile] -= 4
            self.melds[p].append(["ankan", (a.tile,) * 4, None])
            self._scores.clear()
            self._kong_made(p, "concealed_kong")
        elif kind == "kakan":
            self._begin_kakan(p, a.tile)
        elif kind == "flower":
            self._scores.clear()
            t = self._replace_flower(p, a.tile)
            if t is not None:
                self.draw_kind = "flower_replacement" if self.draw_kind != "kong_replacement" else self.draw_kind
                self._after_draw(p, t)

    def _kong_made(self, p: int, why: str) -> None:
        self.kongs += 1
        self._kept_tiles = self._kept_base + self._kept_per_kong * self.kongs
        imm = self.rules.immediate
        self._pay_immediate(p, {"concealed_kong": imm.concealed_kong, "added_kong": imm.added_kong}.get(why, imm.exposed_kong), why)
        self._scores.clear()
        self._replacement_draw(p)

    def _discard(self, p: int, t: int) -> None:
        self.hands[p][t] -= 1
        self.rivers[p].append([t, None])
        self.discards_made += 1
        ready = self._ready[p] = self._is_ready(p)
        if self._r_bao_suits or self._r_bao_terminals:
            self._check_offence(p, t, ready)
        if t in self.wilds:
            self.discarded_wild[p] = True
        self.chi_bans = ()
        self.turn_mode = "none"
        self._scores.clear()
        self.claim_tile = t
        self.claim_from = p
        self.options = {}
        self.responses = {}
        flags = self._claim_flags
        if self._r_no_claims:
            for kind in self._banned_claims():
                flags &= ~_BAN_FLAG.get(kind, 0)
        remaining, kept = self.wall.remaining, self._kept_tiles
        if not (remaining > 0 if kept == 0 else remaining // 2 > kept // 2):  # _can_draw()
            flags &= ~(_F_CHI | _F_PON | _F_KAN)  # NB-15.2: the last discard may be claimed only to win
        elif not remaining > kept + self._kept_per_kong:  # _can_kong()
            flags &= ~_F_KAN
        chi_seat = (p + 1) % 4 if flags & _F_CHI and t < 27 else -1
        rank = t % 9
        r = self._r_win_pass
        no_win = r is not None and (r.window == "always" or self._window_open())  # _on(r)
        hands, ready_seats, passed_win = self.hands, self._ready, self.passed_win
        options = self.options
        for q in _CLAIM_ORDER[p]:
            f = flags
            if not ready_seats[q] or (no_win and passed_win[q]):
                f &= ~_F_HU
            if not f & _F_HU:
                # a cheap test first: most hands can make no meld with most discards
                hand = hands[q]
                if hand[t] < 2 and not (q == chi_seat and ((rank and hand[t - 1]) or (rank < 8 and hand[t + 1]))):
                    continue
            opts = self._claim_options(q, t, p, f)
            if opts:
                options[q] = opts
        if options:
            self.phase = "claims"
        else:
            self._start_turn((p + 1) % 4)

    def _check_offence(self, p: int, t: int, ready: bool) -> None:
        """NH-6.2 to NH-6.4: a not-ready player discarding into a warning becomes liable."""
        warned = [
            q
            for q in range(4)
            if q != p
            and t in forbidden_tiles([(m[0], m[1]) for m in self.melds[q]], suits=self._r_bao_suits, terminals=self._r_bao_terminals)
        ]
        if not warned:
            return
        if ready:  # NH-6.4: ready after the discard
            return
        for q in warned:
            self.offences.append([p, q, self.discards_made, False])
            self._emit({"e": "bao", "seat": SEATS[p], "warned": SEATS[q], "tile": CODES[t]})

    def _liable(self, q: int, win_by: str) -> int | None:
        """NH-6.5: who pays for the table when ``q`` wins, the earlier offence first."""
        for offender, warned, number, claimed in self.offences:
            if warned == q and (claimed or (win_by == "discard" and number == self.discards_made)):
                return offender
        return None

    # ------------------------------------------------------------------ claims

    def _banned_claims(self) -> set[str]:
        banned: set[str] = set()
        for r in self._r_no_claims:
            if r.window == "always" or self._window_open():
                banned.update(r.claims)
        return banned

    def _claim_options(self, q: int, t: int, d: int, flags: int) -> list[Action]:
        """The claims ``q`` is offered on ``t`` from ``d``; ``flags`` are the core's
        ClaimFlag bits, without ``HU`` when ``q`` may not win (not ready, NB-8.7)."""
        if flags & _F_PON and t in self.passed_pon[q] and self._on(self._r_pon_pass):
            flags &= ~_F_PON
        hand = self.hands[q]
        w = 0
        for k in self._wild_flower_ids:
            w += hand[k]
        options = core.claim_options(hand[:N_KINDS], w, self._wild_mask, t, (q - d) % 4, flags)
        if not options:
            return []
        seat = SEATS[q]
        acts: list[Action] = []
        if options & _O_HU and self._discard_win(q, t, d, "discard", shape_wins=True) is not None:
            acts.append(self._hu_act[q])
        if options & _O_KAN:
            acts.append(interned(seat, "kan", t))
        if options & _O_PON:
            acts.append(interned(seat, "pon", t))
        if options & _O_CHI:
            for use in chi_uses(t, options):
                if self._chi_leaves_discard(q, t, use):
                    acts.append(interned(seat, "chi", t, use))
        if acts:
            acts.append(self._pass_act[q])
        return acts

    def _chi_leaves_discard(self, q: int, t: int, use: tuple[int, ...]) -> bool:
        """NB-8.5: a chi is offered only if some tile may be discarded after it."""
        if not self._on(self._r_chi_ban):
            return True
        hand = list(self.hands[q])
        for u in use:
            hand[u] -= 1
        return bool(self._discardable(q, hand, chi_discard_bans(t, use)))

    def _discard_win(self, q: int, t: int, d: int, win_by: str, shape_wins: bool = False) -> WinScore | None:
        """The score of ``q`` winning on ``t``, None when it may not; ``shape_wins`` when
        the caller already knows the hand plus the tile is a winning shape."""
        key = (q, win_by)
        if key in self._scores:
            return self._scores[key]
        if not shape_wins:
            counts, w = self._shape(q)
            if t in self.wilds:
                w += 1
            else:
                counts[t] += 1
            shape_wins = core.is_win(counts, w)
        res = None
        if shape_wins:
            score = score_win(self._situation(q, t, win_by, d), self.rules)
            res = score if score.valid else None
        self._scores[key] = res
        return res

    def _resolve_claims(self) -> None:
        t, d = self.claim_tile, self.claim_from
        declared = [0] * 4
        for q, a in self.responses.items():
            declared[q] = CLAIM_CODE[a.kind]
        win_pass, pon_pass = self._r_win_pass, self._r_pon_pass
        if win_pass is not None or pon_pass is not None:
            for q, opts in self.options.items():
                chosen = self.responses[q].kind
                # a win is always listed first (see legal_actions)
                if opts[0].kind == "hu" and chosen != "hu" and self._on(win_pass):
                    self.passed_win[q] = True  # NB-8.7
                if chosen not in ("pon", "kan", "hu") and any(a.kind == "pon" for a in opts) and self._on(pon_pass):
                    self.passed_pon[q].add(t)  # NB-8.6
        won = core.resolve_claims(declared, d, self._claim_tiers, self._claim_seat_order, self._all_winners)
        self.phase = "resolving"
        if not won:
            self._start_turn((d + 1) % 4)
            return
        q = won[0]
        a = self.responses[q]
        kind = a.kind
        if kind == "hu":
            self.rivers[d][-1][1] = SEATS[q]
            self._finish_win([(w, t, "discard", d, self._discard_win(w, t, d, "discard")) for w in won])
            return
        self.rivers[d][-1][1] = SEATS[q]
        for off in self.offences:
            if off[1] == q and off[2] == self.discards_made:
                off[3] = True  # the warned player took the offending tile into a meld
        self.claims_made = True
        self.fed[d][q] += 1
        self.passed_win[q] = False  # NB-8.6 / NB-8.7: a claim is acting
        self.passed_pon[q].clear()
        self._scores.clear()
        hand = self.hands[q]
        self.current = q
        self._emit({"e": "take", "seat": SEATS[q], "claim": kind, "tile": CODES[t], "from": SEATS[d]})
        if kind == "chi":
            for u in a.use:
                hand[u] -= 1
            self.melds[q].append(["chi", tuple(sorted((t, *a.use))), d])
            self.chi_bans = chi_discard_bans(t, a.use) if self._on(self._r_chi_ban) else ()
            self._enter_turn(q, "after_chi")
        elif kind == "pon":
            hand[t] -= 2
            self.melds[q].append(["pon", (t, t, t), d])
            self._enter_turn(q, "after_pon")
        else:
            hand[t] -= 3
            self.melds[q].append(["kan", (t, t, t, t), d])
            self._kong_made(q, "exposed_kong")

    def _enter_turn(self, q: int, mode: str) -> None:
        self.phase = "turn"
        self.current = q
        self.turn_mode = mode
        self.draw_kind = None
        self.last_draw = None

    # ------------------------------------------------------------------ added kong and robbing

    def _begin_kakan(self, p: int, t: int) -> None:
        self.claim_tile = t
        self.claim_from = p
        self.options = {}
        self.responses = {}
        self._scores.clear()
        if self._claims.rob_kong:  # NB-11.5; NB-8.7 does not apply to robbing
            for q in self._claim_order():
                if self._ready[q] and self._discard_win(q, t, p, "rob_kong") is not None:
                    self.options[q] = [interned(SEATS[q], "hu"), interned(SEATS[q], "pass")]
        if self.options:
            self.phase = "rob"
        else:
            self._complete_kakan(p, t)

    def _complete_kakan(self, p: int, t: int) -> None:
        self.hands[p][t] -= 1
        for m in self.melds[p]:
            if m[0] == "pon" and m[1][0] == t:
                m[0], m[1] = "kakan", (t,) * 4
                break
        self._kong_made(p, "added_kong")

    def _resolve_rob(self) -> None:
        t, p = self.claim_tile, self.claim_from
        declared = [0] * 4
        for q, a in self.responses.items():
            if a.kind == "hu":
                declared[q] = CLAIM_CODE["hu"]
        won = core.resolve_claims(declared, p, self._claim_tiers, self._claim_seat_order, self._all_winners)
        if won:
            self.hands[p][t] -= 1  # the robbed tile leaves the konging hand; the pon stays (NB-11.5)
            self._finish_win([(q, t, "rob_kong", p, self._discard_win(q, t, p, "rob_kong")) for q in won])
        else:
            self.phase = "turn"
            self._complete_kakan(p, t)

    # ------------------------------------------------------------------ the situation for the scorer

    def _situation(self, p: int, tile: int, win_by: str, discarder: int | None) -> Situation:
        hand = self.hands[p]
        concealed = [t for t in range(42) for _ in range(hand[t]) if not self._is_flower(t)]
        if discarder is None:
            concealed.remove(tile)
        first_turn = self.discards_made == 0 or (win_by == "discard" and self.discards_made == 1 and not self.claims_made)
        return Situation(
            seat=self.seat_wind(p),
            round_wind=self.round_wind,
            concealed=tuple(concealed),
            win_tile=tile,
            win_by=win_by,
            discarder=None if discarder is None else self.seat_wind(discarder),
            melds=tuple(Meld(m[0], m[1], None if m[2] is None else self.seat_wind(m[2])) for m in self.melds[p]),
            flowers=tuple(self.flowers[p]),
            indicator=self.indicator,
            last_tile=self.last_tile_drawn and discarder is None,
            first_turn=first_turn,
            fed=tuple((self.seat_wind(q), self.fed[p][q]) for q in range(4) if q != p and self.fed[p][q]),
            discarded_wild=self.discarded_wild[p],
            variant=self.variant,
        )

    # ------------------------------------------------------------------ the end

    def _finish_win(self, wins: list[tuple]) -> None:
        deltas = [0] * 4
        winners = []
        scores = []
        situations = []
        for q, tile, win_by, discarder, score in wins:
            situations.append(self._situation(q, tile, win_by, discarder))
            paid = {(SEATS.index(wind) + self.dealer) % 4: amount for wind, amount in score.payments.items()}
            liable = self._liable(q, win_by) if self.offences else None
            if liable is not None:  # NH-6.5: the liable player pays every loser's share
                paid = {i: (paid[q] if i == q else -paid[q] if i == liable else 0) for i in range(4)}
            for i, amount in paid.items():
                deltas[i] += amount
            winner = {
                "seat": SEATS[q],
                "win_by": win_by,
                "tile": CODES[tile],
                "from": None if discarder is None else SEATS[discarder],
                "points": score.points,
                "items": [_item_name(i) for i in score.items],
            }
            if liable is not None:
                winner["liable"] = SEATS[liable]
            winners.append(winner)
            scores.append(score)
        losers = self._losers_settlement(wins[0][0]) if self.rules.loser_settlement is not None else None
        if losers is not None:
            for i in range(4):
                deltas[i] += losers[i]
        q, tile, _, discarder, _ = wins[0]
        if discarder is not None:
            self.hands[q][tile] += 1  # the claimed winning tile joins the hand, for the final view
        self._end("win", winners, deltas, scores, situations)

    def _losers_settlement(self, winner: int) -> list[int]:
        """NH-5: the three losers settle among themselves by the 胡 of their hands."""
        from ..scoring import hand_fu, settle_losers

        fu = {}
        for i in range(4):
            if i == winner:
                continue
            hand = self.hands[i]
            concealed = [t for t in range(N_KINDS) for _ in range(hand[t])]
            melds = [Meld(m[0], m[1], None if m[2] is None else self.seat_wind(m[2])) for m in self.melds[i]]
            fu[self.seat_wind(i)] = hand_fu(concealed, melds, self.flowers[i], self.rules, self.seat_wind(i), self.round_wind)
        net = settle_losers(fu, self.rules)
        return [0 if i == winner else net[self.seat_wind(i)] for i in range(4)]

    def _finish_draw(self) -> None:
        if self.rules.immediate.void_on_draw:  # NB-15.x: kong and flower scores are void
            self.immediate = [0] * 4
        self._end("draw", [], [0] * 4, [])

    def _end(self, outcome: str, winners: list[dict], deltas: list[int], scores: list[WinScore], situations=()) -> None:
        total = [deltas[i] + self.immediate[i] for i in range(4)]
        self.phase = "over"
        self.options = {}
        self.result = HandResult(
            outcome,
            tuple(winners),
            {SEATS[i]: total[i] for i in range(4)},
            {SEATS[i]: self.immediate[i] for i in range(4)},
            tuple(scores),
            tuple(situations),
        )
        self._emit({"e": "end", "outcome": outcome, "winners": winners, "deltas": dict(self.result.deltas)})

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


def _item_name(item: dict) -> str:
    return str(item.get("name") or item.get("item") or item)
