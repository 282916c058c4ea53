# cython: annotation_typing=False
# (compiled as it is by setup.py: the annotations are for mypy, not C types)
"""The Gymnasium single-seat environment ``nbmj/Mahjong-v0``: one learner against bots."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np

from .._numbers import whole_number
from ..rules.model import RuleSet
from . import encoding
from ._common import RENDER_MODES, Shaping, check_render_mode, render_table
from .layout import ACTION_SIZE
from .table import BotSpec, EnvConfigError, Table, resolve_variant

__all__ = ["MahjongEnv", "ENV_ID", "seat_position", "single_seat_table", "reward_metadata"]

ENV_ID = "nbmj/Mahjong-v0"

_table_act = encoding.table_act  # Table.act, in C for a legal action of the learner

Obs = dict[str, np.ndarray]


def seat_position(seat: object) -> int:
    """``seat`` as the table position 0-3 it names: a whole number (an int, a NumPy integer
    or a 0-d array of one; see :func:`nbmj._numbers.whole_number`). A float (even 2.0) or a
    bool is refused, as for every count and seed of the envs."""
    position = _table_position(seat)
    if position is None:
        raise EnvConfigError(f"seat is a table position 0-3, not {seat!r}")
    return position


def _table_position(value: object) -> int | None:
    """``value`` as a table position 0-3 when it is a whole number naming one, else None."""
    position = whole_number(value)
    return position if position is not None and 0 <= position <= 3 else None


def single_seat_table(
    rules: RuleSet,
    opponents: BotSpec | Mapping[int, BotSpec],
    seat: int,
    *,
    reward: str,
    max_hands: int,
    illegal: str,
    illegal_penalty: float,
    reward_scale: float = 1.0,
    keep_logs: bool = False,
) -> Table:
    """The :class:`Table` of one learner at ``seat`` and ``opponents`` in the other seats
    (one bot for all three, or a mapping from position to bot)."""
    seat = seat_position(seat)
    if isinstance(opponents, Mapping):
        bots = {}
        for key, spec in opponents.items():
            position = _table_position(key)
            if position is None:
                raise EnvConfigError(f"opponents maps table positions 0-3 to bots, not {key!r}")
            bots[position] = spec
    else:
        bots = {p: opponents for p in range(4) if p != seat}
    return Table(
        rules,
        learners=[seat],
        bots=bots,
        max_hands=max_hands,
        reward=reward,
        reward_scale=reward_scale,
        keep_logs=keep_logs,
        illegal=illegal,
        illegal_penalty=illegal_penalty,
    )


def reward_metadata(reward: str, reward_scale: float, shaping: float) -> dict[str, Any]:
    """What a single-learner env's ``metadata`` says of its reward (and its vector twin's)."""
    return {"reward": reward, "reward_scale": float(reward_scale), "reward_shaping": float(shaping)}


class MahjongEnv(gymnasium.Env[Obs, int]):
    """The learner plays position ``seat`` (0-3, agent ``player_<seat>``); bots play the others.

    ``opponents``: one bot for the three other seats (a built-in bot's name, ``"random"``,
    ``"greedy"``, ``"fast"`` or ``"strong"``, or a callable ``(observation, legal) ->
    action`` such as a trained :class:`nbmj.learn.PolicyBot`), or a mapping from each other
    position to one. The reward of a step is what the learner earned by it (the hands that
    ended; see ``reward`` and ``reward_scale`` of :class:`nbmj.env.raw_env`), plus, when
    ``shaping`` is above 0, the potential-based shaping term of
    :class:`nbmj.env._common.Shaping` (progress toward a complete hand; off by default).
    ``metadata`` states the reward options the env was made with. ``keep_logs=True`` keeps
    the event log of each hand played (``env.unwrapped.table.hand_logs()``: what ``nbmj
    dataset`` reads). Other keyword arguments as :class:`nbmj.env.raw_env`.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2}

    def __init__(
        self,
        variant: str | os.PathLike[str] | RuleSet = "ningbo",
        *,
        opponents: BotSpec | Mapping[int, BotSpec] = "greedy",
        seat: int = 0,
        render_mode: str | None = None,
        reward: str = "points",
        max_hands: int = 1,
        illegal: str = "raise",
        illegal_penalty: float = 1.0,
        reward_scale: float = 1.0,
        shaping: float = 0.0,
        keep_logs: bool = False,
    ) -> None:
        from .spaces import action_space, observation_space

        self.render_mode = check_render_mode(render_mode)
        self.seat = seat = seat_position(seat)
        self.table = single_seat_table(
            resolve_variant(variant),
            opponents,
            seat,
            reward=reward,
            max_hands=max_hands,
            illegal=illegal,
            illegal_penalty=illegal_penalty,
            reward_scale=reward_scale,
            keep_logs=keep_logs,
        )
        self.shaping = Shaping(shaping, seat)
        self.metadata = {**type(self).metadata, **reward_metadata(reward, reward_scale, self.shaping.coefficient)}
        self.observation_space = observation_space()  # type: ignore[assignment]  # (Gymnasium types them loosely)
        self.action_space = action_space()  # type: ignore[assignment]
        # the observations given out, in arrays refilled once nothing else holds them
        self._observations = encoding.observation_source((seat,), (f"player_{seat}",))

    def _obs(self) -> Obs:
        return self._observations.observe(self.table, self.seat)

    def action_masks(self) -> np.ndarray:
        """The last observation's ``"action_mask"`` as booleans, shape ``(ACTION_SIZE,)``:
        the method sb3-contrib's ``MaskablePPO`` calls on an env for its masks. All false
        before the first reset and once the episode is over."""
        if self.table.game is None:
            return np.zeros(ACTION_SIZE, dtype=bool)
        # the table's kept mask of the seat: the last observation's, as nothing has moved since
        return self.table.mask(self.seat).astype(bool)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """Deal a new episode (the same ``seed``, the same deals; with none, the next seed of
        the env's own generator, which the last seeded reset seeded); the learner's first
        observation and an empty info."""
        super().reset(seed=seed)
        if seed is None:
            # no seed: the next one from the env's own generator (seeded by the last reset)
            seed = int(self.np_random.integers(0, 2**63 - 1))
        table = self.table
        table.reset(seed)
        if self.shaping.coefficient:  # (start does nothing without shaping)
            self.shaping.start(table)
        return self._observations.observe(table, self.seat), {}

    def step(self, action: int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """The learner's ``action``, then the bots' moves until the learner is asked again or
        the episode ends; the learner's observation and reward, whether the episode ended, False
        (the env itself never truncates one) and an empty info."""
        table, seat = self.table, self.seat
        earned = _table_act(table, seat, action)
        obs = self._observations.observe(table, seat)  # (self._obs(), without its frame)
        if self.render_mode == "human":
            self.render()
        shaping = self.shaping  # off by default: its term is 0.0 then, and not asked for
        return obs, float(earned[seat]) + (shaping.term(table) if shaping.coefficient else 0.0), table.over, False, {}

    def render(self) -> str | None:
        """The table as text (``"ansi"``), or printed (``"human"``); None without a render mode."""
        return render_table(self.table, self.render_mode)
