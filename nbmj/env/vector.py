"""A batch of games stepped in lockstep: :class:`VectorEnv`."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..rules.model import RuleSet
from . import layout as L
from ._common import RowViews, action_batch, batch_size, make_table
from .encoding import play_batch as _play_batch
from .table import BotSpec, _chosen_seed, _derived_seed

__all__ = ["VectorEnv"]


class VectorEnv:
    """``num_envs`` games; each step plays one action in every game, from an ``(N,)`` array.

    In each game the agent to act is the first seat the game waits for, as in the AEC env
    (all four seats are agents unless ``opponents`` gives some to bots); ``agent[i]`` says
    which position (0-3) the observation and mask of game ``i`` belong to. Observations are
    returned in the env's own buffers, overwritten by the next step: copy what you keep.

    A game whose episode ends is dealt again at once (auto-reset): the step that ends it
    returns its rewards and ``terminated[i] = True`` together with the *new* episode's first
    observation. Episode ``k`` of game ``i`` is seeded by ``(seed, i, k)`` alone.
    Other keyword arguments as :class:`nbmj.env.raw_env`.
    """

    def __init__(
        self,
        num_envs: int,
        variant: str | os.PathLike[str] | RuleSet = "ningbo",
        *,
        opponents: Mapping[str, BotSpec] | None = None,
        reward: str = "points",
        reward_scale: float = 1.0,
        max_hands: int = 1,
        illegal: str = "raise",
        illegal_penalty: float = 1.0,
    ) -> None:
        count = batch_size(num_envs)
        self.num_envs = count
        self.tables = [
            make_table(variant, opponents, reward=reward, reward_scale=reward_scale, max_hands=max_hands, illegal=illegal, illegal_penalty=illegal_penalty)
            for _ in range(count)
        ]
        self.observations = np.zeros((count, *L.OBS_SHAPE), dtype=np.uint8)
        self.action_masks = np.zeros((count, L.ACTION_SIZE), dtype=np.int8)
        self.agent = np.zeros(count, dtype=np.int8)
        self.rewards = np.zeros((count, 4), dtype=np.float32)
        self.terminations = np.zeros(count, dtype=bool)
        self.truncations = np.zeros(count, dtype=bool)
        self.episodes = [0] * count
        self.seed = 0
        self._obs_rows = RowViews(self.observations)
        self._mask_rows = RowViews(self.action_masks)

    def _obs(self) -> dict[str, np.ndarray]:
        return {"observation": self.observations, "action_mask": self.action_masks, "agent": self.agent}

    def _deal(self, i: int) -> None:
        table = self.tables[i]
        table.reset(_derived_seed(self.seed, i, self.episodes[i]))
        self.episodes[i] += 1

    def reset(self, seed: int | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal every game; ``seed`` fixes all of them (None: drawn from the OS)."""
        self.seed = _chosen_seed(seed)
        self.episodes = [0] * self.num_envs
        agents = []
        for i, table in enumerate(self.tables):
            self._deal(i)
            agents.append(table.observe_next(self._obs_rows[i], self._mask_rows[i]))
        self.agent[:] = agents
        return self._obs(), {}

    def step(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Play ``actions[i]`` for ``agent[i]`` in game ``i``. Returns observations, rewards
        ``(N, 4)`` by position, terminations and truncations ``(N,)``, and infos."""
        acts = action_batch(actions, self.num_envs)
        self.terminations.fill(False)
        self.rewards.fill(0.0)
        agents = self.agent.tolist()
        if _play_batch is not None:  # it writes the new positions into self.agent as it goes
            stepped, error = _play_batch(self.tables, acts.tolist(), agents, self.observations, self.action_masks, self.agent)
            for i, earned in stepped:
                self._book(i, earned, agents)
            if error is not None:
                raise error
            return self._obs(), self.rewards, self.terminations, self.truncations, {}
        obs_rows, mask_rows = self._obs_rows, self._mask_rows
        try:
            for i, (table, action) in enumerate(zip(self.tables, acts.tolist())):
                earned = table.act(agents[i], action)
                if earned[0] or earned[1] or earned[2] or earned[3] or table.over:
                    self._book(i, earned, agents)
                else:
                    agents[i] = table.observe_next(obs_rows[i], mask_rows[i])
        finally:  # the games stepped before an illegal action raised show their new state
            self.agent[:] = agents
        return self._obs(), self.rewards, self.terminations, self.truncations, {}

    def _book(self, i: int, earned: list[float], agents: list[int]) -> None:
        """Game ``i``'s step earned something or ended its episode: its rewards, its
        termination and a new deal; then its next observation."""
        table = self.tables[i]
        if earned[0] or earned[1] or earned[2] or earned[3]:
            self.rewards[i] = earned
        if table.over:
            self.terminations[i] = True
            self._deal(i)
        agents[i] = self.agent[i] = table.observe_next(self._obs_rows[i], self._mask_rows[i])
