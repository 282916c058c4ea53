"""The table every environment of :mod:`nbmj.env` drives: a match of hands, the learners and
the bots around it, rewards, illegal actions and the encoders.

It speaks to the engine only through its public API (:class:`~nbmj.engine.Match`,
:class:`~nbmj.engine.Game`'s ``to_act``, ``legal_actions``, ``observation``, ``step`` and
``result``) and needs neither PettingZoo nor Gymnasium, which the env classes wrap around it.

Positions: learner and bot positions are table positions 0-3 (``"E" "S" "W" "N"`` in turn
order); agent ``player_i`` sits at position ``i`` for the whole match. The dealer moves
among the positions (NB-16), and each hand's seat winds are counted from its dealer
(NB-2.4): position ``i`` has seat wind ``(i - dealer) % 4``.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from .._numbers import finite_real, whole_number
from ..engine import Game, Match
from ..engine.actions import Action
from ..engine.bots import GreedyBot, RandomBot, play_bots
from ..engine.seeding import reseed, seeded_random
from ..errors import IllegalActionError, NbmjError
from ..rules.model import SEATS, RuleSet
from ..tiles import to_notation
from . import encoding
from . import layout as L

__all__ = ["Table", "BotSpec", "resolve_variant", "REWARDS", "ILLEGAL_MODES", "OPPONENTS", "hand_rewards"]

Bot = Callable[[Any, list[Action]], Action]
#: a bot: a built-in bot's name (``"random"``, ``"greedy"``, ``"fast"``, ``"strong"``), or any
#: callable ``(observation, legal) -> action`` (a trained policy: :class:`nbmj.learn.PolicyBot`)
BotSpec = str | Bot
REWARDS = ("points", "normalized")
_POSITION = {s: i for i, s in enumerate(SEATS)}
ILLEGAL_MODES = ("raise", "penalty")
_ACTION_SIZE = L.ACTION_SIZE


class EnvConfigError(NbmjError, ValueError):
    """A bad keyword argument of an environment."""


def resolve_variant(variant: str | os.PathLike[str] | RuleSet) -> RuleSet:
    """A RuleSet from a shipped variant name, a user variant name on the variant path, a
    ``.nbv`` path, or a RuleSet (returned as is)."""
    if isinstance(variant, RuleSet):
        return variant
    from ..rules import load_variant

    return load_variant(variant)


def _derived_seed(*parts: object) -> int:
    """A 63-bit seed from ``parts``, the same on every platform and Python (no hash())."""
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def _chosen_seed(seed: object) -> int:
    """``seed`` as an int, or a fresh one from the OS for None. A float, a string or a bool
    is refused: ``5.0`` and ``"5"`` would otherwise become seed 5 by conversion, and two
    spellings of one seed would look like two seeds."""
    if seed is None:
        return secrets.randbits(63)
    whole = whole_number(seed)
    if whole is None:
        raise EnvConfigError(f"seed is a whole number or None, not {seed!r}")
    return whole


def _whole_action(index: object) -> int:
    """``index`` (not an int: :meth:`Table.act` takes those as they are) as an int, when it
    is a whole number (a NumPy integer, a 0-d array of one). A bool (``step(True)``: to Python
    an int, but no action is a truth value), a float (even 3.0), a string or None is a
    caller's mistake, not a move of the game, and is refused with no penalty."""
    whole = whole_number(index)
    if whole is None:
        raise IllegalActionError(f"an action is an int from 0 to {_ACTION_SIZE - 1}, not {index!r}", index, ())
    return whole


OPPONENTS = ("random", "greedy", "fast", "strong")


def hand_rewards(deltas: Mapping[str, int], normalized: bool, scale: float) -> list[float]:
    """What each position (E S W N) earns by a hand that settled ``deltas``: the points, or
    with ``normalized`` the points over the hand's largest payment (0 for a hand without
    any), times ``scale`` (the envs' ``reward`` and ``reward_scale``, and the returns of
    :mod:`nbmj.env.dataset`)."""
    rewards = [float(deltas.get(s, 0)) for s in SEATS]
    if normalized:
        largest = max(abs(r) for r in rewards)
        rewards = [r / largest if largest else 0.0 for r in rewards]
    if scale != 1.0:
        rewards = [r * scale for r in rewards]
    return rewards


def _random_bot_seed(seed: int, position: int) -> str:
    """The seed of the random bot at ``position`` in the match seeded ``seed``."""
    return f"{seed}:{position}"


def _make_bot(spec: BotSpec, seed: int, position: int, rules: RuleSet) -> Bot:
    if spec == "random":
        return RandomBot(_random_bot_seed(seed, position))
    if spec == "greedy":
        return GreedyBot()
    if spec == "fast" or spec == "strong":
        from ..bots import BUILTIN_BOTS  # (the bots package only when a table seats one)

        return BUILTIN_BOTS[spec](seed, SEATS[position], rules)
    if callable(spec):
        return spec
    raise _unknown_opponent(spec)


def _unknown_opponent(spec: object) -> EnvConfigError:
    return EnvConfigError(f"unknown opponent {spec!r}; give one of {', '.join(OPPONENTS)} or a callable (observation, legal) -> action")


class Table:
    """A match among ``learners`` (positions asked from outside) and bots (the other positions).

    ``reward``: ``"points"`` gives each seat its settlement delta when a hand ends;
    ``"normalized"`` divides the deltas by the hand's largest absolute delta, into [-1, 1]
    (0 for a hand without payments). ``reward_scale`` (a number above 0, default 1)
    multiplies either: ``reward="points", reward_scale=0.05`` gives points scaled.
    ``keep_logs``: keep the event log of every finished hand of the episode
    (:meth:`hand_logs`), for ``nbmj replay``, ``nbmj view`` or ``nbmj dataset``. ``illegal``: ``"raise"`` raises
    :class:`~nbmj.errors.IllegalActionError` (nothing changes); ``"penalty"`` ends the episode
    at once with ``-illegal_penalty`` for the offender and 0 for the others.
    """

    # declared state (the compiled vector step reads several of these at every move)
    __slots__ = (
        "rules", "learners", "is_learner", "bot_specs", "max_hands", "normalized", "reward_scale", "keep_logs", "penalize", "illegal_penalty",
        "encoder_rules", "encoder", "bots", "seed", "match", "game", "over", "rewards", "hands_played", "version",
        "_masked_at", "_mask", "_random_bots",
    )

    def __init__(
        self,
        rules: RuleSet,
        *,
        learners: Sequence[int],
        bots: Mapping[int, BotSpec] | None = None,
        # (typed object: annotated int and float, the compiled class would convert 2.0 to
        # 2 and refuse "x" with Cython's own message before the checks below could)
        max_hands: object = 1,
        reward: str = "points",
        illegal: str = "raise",
        illegal_penalty: object = 1.0,
        reward_scale: object = 1.0,
        keep_logs: bool = False,
    ) -> None:
        if reward not in REWARDS:
            raise EnvConfigError(f"unknown reward {reward!r}; known: {', '.join(REWARDS)}")
        scale = finite_real(reward_scale, above_zero=True)
        if scale is None:
            raise EnvConfigError(f"reward_scale is a finite number above 0, not {reward_scale!r}")
        if illegal not in ILLEGAL_MODES:
            raise EnvConfigError(f"unknown illegal-action mode {illegal!r}; known: {', '.join(ILLEGAL_MODES)}")
        hands = whole_number(max_hands)
        if hands is None or hands < 1:
            raise EnvConfigError(f"max_hands is a whole number of hands, at least 1, not {max_hands!r}")
        penalty = finite_real(illegal_penalty)
        if penalty is None:
            raise EnvConfigError(f"illegal_penalty is a finite number, at least 0, not {illegal_penalty!r}")
        bots = dict(bots or {})
        for spec in bots.values():
            if not callable(spec) and spec not in OPPONENTS:
                raise _unknown_opponent(spec)
        if sorted([*learners, *bots]) != [0, 1, 2, 3]:
            raise EnvConfigError(f"every position 0-3 is a learner or a bot, once: learners {list(learners)!r}, bots {sorted(bots)!r}")
        if not learners:
            raise EnvConfigError("an environment needs at least one learner")
        self.rules = rules
        self.learners = tuple(learners)
        self.is_learner = tuple(p in self.learners for p in range(4))
        self.bot_specs = bots
        self.max_hands = hands
        self.normalized = reward == "normalized"
        self.reward_scale = scale
        self.keep_logs = bool(keep_logs)
        self.penalize = illegal == "penalty"
        self.illegal_penalty = penalty
        self.encoder_rules = encoding.encoder_rules(rules)
        self.encoder = encoding.game_encoder(self.encoder_rules)
        self.bots: dict[int, Bot] = {}
        self.seed = 0
        self.match: Match | None = None
        self.game: Game | None = None
        self.over = True
        self.rewards = [0.0] * 4  # what the last reset or act earned each position
        self.hands_played = 0
        self.version = 0  # counts moves, so that cached encodings know when they are stale
        self._masked_at = [-1] * 4  # the version at which the encoder's kept mask of each position was filled
        self._mask = np.zeros((4, L.ACTION_SIZE), dtype=np.int8)
        # the random bots, made once and seeded again for each match (``_make_bot``'s seeds:
        # the same draws), their generators in one pass: building three bots, each seeding a
        # random.Random of its own, cost about a tenth of a single-learner env's time
        self._random_bots = {p: RandomBot(rng=seeded_random(0)) for p, spec in bots.items() if spec == "random"}

    # ------------------------------------------------------------------ the episode

    def reset(self, seed: object) -> int:
        """Start a new match; returns the seed used (drawn from the OS when ``seed`` is None).

        Should the bots end the first hand before any learner is asked anything (a bot's
        win on its first draw), the match is dealt again from a seed derived from this one.
        """
        self.seed = _chosen_seed(seed)
        attempt = 0
        while True:
            match_seed = self.seed if attempt == 0 else _derived_seed(self.seed, "redeal", attempt)
            self.bots = self._seated_bots(match_seed)
            self.match = Match(self.rules, match_seed, hands=self.max_hands, keep_logs=self.keep_logs)
            self.game = self.match.new_game()
            self.hands_played = 0
            self.over = False
            self.rewards = [0.0] * 4
            self.version += 1
            self._advance()
            if not self.over:
                break
            attempt += 1
        self.rewards = [0.0] * 4
        return self.seed

    def _seated_bots(self, match_seed: int) -> dict[int, Bot]:
        """The bots of a match seeded ``match_seed``: a random bot seeded as ``_make_bot``
        seeds one (the kept ones, seeded again), any other made by it."""
        randoms = self._random_bots
        if randoms:
            reseed([bot.rng for bot in randoms.values()], [_random_bot_seed(match_seed, p) for p in randoms])
        return {p: randoms[p] if p in randoms else _make_bot(spec, match_seed, p, self.rules) for p, spec in self.bot_specs.items()}

    def hand_logs(self) -> list[str]:
        """The ``nbmj-log/1`` text of each hand of this episode that has ended, in order (one
        file each, as ``simulate --logs`` writes them). Empty unless the table keeps logs."""
        if self.match is None:
            return []
        return list(self.match.logs)

    def waiting(self) -> list[int]:
        """The learner positions the game waits for, nearest the discarder first."""
        if self.over:
            return []
        assert self.game is not None
        is_learner = self.is_learner
        return [p for p in map(_POSITION.__getitem__, self.game.to_act) if is_learner[p]]

    def first_waiting(self) -> int | None:
        """The learner position to act next (None once the episode is over)."""
        if self.over:
            return None
        assert self.game is not None
        # the bots have moved (see _advance): every seat the game waits for is a learner's
        to_act = self.game.phase_state.to_act()
        return to_act[0] if to_act else None

    def legal(self, position: int) -> list[Action]:
        """The engine's legal actions of ``position`` now."""
        if self.over:
            return []
        assert self.game is not None
        return self.game.legal_actions(SEATS[position])

    def mask(self, position: int) -> np.ndarray:
        """The action mask of ``position`` now (a shared row: copy it to keep it)."""
        row: np.ndarray = self._mask[position]
        if self.over:
            row[:] = 0
        else:
            assert self.game is not None
            # the encoder's kept mask, filled again: its copy here may be older than the
            # kept mask itself, which observe() fills without this row
            self.encoder.fill_mask(self.game, position, row)
            self._masked_at[position] = self.version
        return row

    def dealt(self) -> Game:
        """The game in play; before the first reset there is none, and that is an error of
        the caller's order of calls, said as such (not a failed assertion)."""
        if self.game is None:
            raise EnvConfigError("no game yet: call reset() first")
        return self.game

    def encode(self, position: int, out: np.ndarray) -> None:
        """Write the feature planes of ``position`` into ``out`` (``(N_PLANES, 42)`` uint8)."""
        self.encoder.encode(self.dealt(), position, out, self.hands_played)

    def observe(self, position: int, planes: np.ndarray, mask: np.ndarray) -> None:
        """Write the planes of ``position`` into ``planes`` and its action mask into ``mask``
        (``(ACTION_SIZE,)`` int8): :meth:`encode` and :meth:`mask` in one pass."""
        game = self.dealt()
        if self.over:
            self.encoder.encode(game, position, planes, self.hands_played)
            mask[:] = 0
            return
        self.encoder.observe(game, position, planes, mask, self.hands_played)
        self._masked_at[position] = self.version

    def observe_next(self, planes: np.ndarray, mask: np.ndarray) -> int:
        """:meth:`observe` for :meth:`first_waiting`, whose position it returns (the episode
        must not be over)."""
        assert self.game is not None and not self.over
        p = self.encoder.observe_next(self.game, planes, mask, self.hands_played)
        self._masked_at[p] = self.version
        return p

    def act(self, position: int, index: object) -> list[float]:
        """Play action ``index`` for ``position``; returns what each position earned by it
        (hands that ended), the bots' moves included. ``index`` is an int or a NumPy integer
        (a 0-d array of one too); anything else raises, whatever ``illegal`` says."""
        i = index if type(index) is int else _whole_action(index)
        rewards = self.rewards = [0.0] * 4
        if self.over:
            self.dealt()
            raise IllegalActionError(f"the episode is over; no action {index!r} is legal", index, ())
        game = self.game
        assert game is not None
        if self._masked_at[position] != self.version:
            self.encoder.fill_mask(game, position)
            self._masked_at[position] = self.version
        action = self.encoder.legal_action(position, i) if -1 < i < _ACTION_SIZE else None
        if action is None:
            return self._illegal(position, i)
        game.step(action)
        self.version += 1
        if game.is_over:
            self._after_move()
        if self.bots:
            self._advance()
        return rewards

    # ------------------------------------------------------------------ inside

    def _illegal(self, position: int, index: int) -> list[float]:
        legal = self.legal(position)
        if not self.penalize:
            names = ", ".join(L.action_name(encoding.action_index(a)) for a in legal) or "none"
            who = f"player_{position}"
            if not legal:
                waiting = ", ".join(f"player_{p}" for p in self.waiting())
                raise IllegalActionError(f"action {index!r} of {who} is not legal: it is not {who}'s move; waiting for {waiting}", index, ())
            raise IllegalActionError(f"action {index!r} of {who} is not legal; legal: {names}", index, tuple(legal))
        self.rewards = [0.0] * 4
        self.rewards[position] = -self.illegal_penalty
        self.over = True
        self.version += 1
        return self.rewards

    def _after_move(self) -> None:
        """Book a finished hand and deal the next one of the match."""
        game, match = self.game, self.match
        assert game is not None and match is not None
        if not game._ended():  # (is_over, as a C call: _advance and the compiled step call this at every hand's end)
            return
        assert game.result is not None
        deltas = hand_rewards(game.result.deltas, self.normalized, self.reward_scale)
        for p in range(4):
            self.rewards[p] += deltas[p]
        match.record(game)
        self.hands_played += 1
        if match.is_over:
            self.over = True
        else:
            self.game = match.new_game()
        self.version += 1

    def _advance(self) -> None:
        """Let the bots move until a learner must act or the episode ends."""
        bots = self.bots
        if not bots:
            return
        while not self.over:
            game = self.game
            assert game is not None
            # the engine's loop (the engine's own bots asked without an Observation): in C,
            # where asking for the phase, its seats and each bot here cost about a tenth of a
            # single learner's step
            moves = play_bots(game, bots)
            self.version += moves  # (one a move)
            if moves == 0 or not game._ended():  # (is_over, as a C call)
                return
            self._after_move()

    # ------------------------------------------------------------------ text

    def render_text(self) -> str:
        """The table as text: every hand, meld, river and flower (a referee's view)."""
        game = self.game
        if game is None:
            return "(no game: call reset first)"
        st = game.full_state()
        lines = [
            f"{game.variant}: hand {self.hands_played + (0 if game.is_over else 1)} of {self.max_hands}, "
            f"round wind {game.round_wind}, dealer player_{SEATS.index(st['dealer'])}, "
            f"wilds {to_notation(st['wilds']) or '-'}, {st['wall_remaining']} tiles in the wall"
        ]
        for p, seat in enumerate(SEATS):
            melds = " ".join(to_notation(m["tiles"]) for m in st["melds"][seat]) or "-"
            river = " ".join(to_notation([d["tile"]]) + ("*" if d["claimed_by"] else "") for d in st["rivers"][seat]) or "-"
            flowers = to_notation(st["flowers"][seat]) or "-"
            mark = ">" if seat in game.to_act else " "
            lines.append(
                f"{mark} player_{p} ({game.seat_wind(p)}): hand {to_notation(st['hands'][seat])}  melds {melds}  flowers {flowers}"
            )
            lines.append(f"    river {river}")
        if game.is_over and game.result is not None:
            lines.append(f"  result: {game.result.outcome}, deltas {game.result.deltas}")
        return "\n".join(lines) + "\n"
