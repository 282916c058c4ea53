"""The Gymnasium vector environment of ``nbmj/Mahjong-v0``: :class:`MahjongVectorEnv`."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymVectorEnv
from gymnasium.vector.utils import batch_space

from .._numbers import whole_number
from ..rules.model import RuleSet
from . import layout as L
from ._common import RENDER_MODES, RowViews, Shaping, action_batch, batch_size, check_render_mode, render_table
from .encoding import play_batch as _play_batch
from .single import reward_metadata, seat_position, single_seat_table
from .spaces import action_space, observation_space
from .table import BotSpec, EnvConfigError, Table, resolve_variant

__all__ = ["MahjongVectorEnv", "AUTORESET_MODES"]

Obs = dict[str, np.ndarray]

#: the auto-reset modes the env plays (Gymnasium's DISABLED is not one of them)
AUTORESET_MODES = (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP)
_SEED_LIMIT = 2**63 - 1  # MahjongEnv.reset draws a missing seed below this


def _autoreset_mode(value: object) -> AutoresetMode:
    for mode in AUTORESET_MODES:
        if value is mode or value == mode.value:
            return mode
    known = ", ".join(repr(m.value) for m in AUTORESET_MODES)
    raise EnvConfigError(f"unknown autoreset_mode {value!r}; known: {known} (or those AutoresetMode members)")


class MahjongVectorEnv(GymVectorEnv[Obs, np.ndarray, np.ndarray]):
    """``num_envs`` games of ``nbmj/Mahjong-v0`` (:class:`MahjongEnv`) stepped in lockstep.

    Each game is what a :class:`MahjongEnv` with the same keyword arguments would play:
    ``gymnasium.make_vec("nbmj/Mahjong-v0", num_envs=N, vectorization_mode="sync")`` gives
    the same observations, rewards and terminations, step by step. ``reset(seed=s)`` seeds
    game ``i`` with ``s + i`` (a list seeds each game, None entries from its own generator),
    as Gymnasium's SyncVectorEnv does. ``autoreset_mode``: ``AutoresetMode.NEXT_STEP``
    (Gymnasium's default) or ``SAME_STEP``; with ``copy=False`` the observations are the
    env's own buffers, overwritten by the next step. ``max_episode_steps`` (None, or a whole
    number at least 1; ``make_vec`` passes its own and the registered spec's) truncates each
    game's episode after that many steps, as ``gymnasium.make(..., max_episode_steps=...)``'s
    ``TimeLimit`` does, and the game is dealt again as after its end.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 2}

    def __init__(
        self,
        num_envs: int,
        variant: str | os.PathLike[str] | RuleSet = "ningbo",
        *,
        opponents: BotSpec | Mapping[int, BotSpec] = "greedy",
        seat: int = 0,
        render_mode: str | None = None,
        reward: str = "points",
        max_hands: int = 1,
        illegal: str = "raise",
        illegal_penalty: float = 1.0,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        copy: bool = True,
        reward_scale: float = 1.0,
        shaping: float = 0.0,
        max_episode_steps: int | None = None,
    ) -> None:
        count = batch_size(num_envs)
        self.num_envs = count
        limit = None if max_episode_steps is None else whole_number(max_episode_steps)
        if max_episode_steps is not None and (limit is None or limit < 1):
            raise EnvConfigError(f"max_episode_steps is None or a whole number, at least 1, not {max_episode_steps!r}")
        self.max_episode_steps = limit
        self.autoreset_mode = _autoreset_mode(autoreset_mode)
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self.render_mode = check_render_mode(render_mode)
        self.copy = bool(copy)
        self.seat = seat = seat_position(seat)
        rules = resolve_variant(variant)
        self.tables: list[Table] = [
            single_seat_table(
                rules, opponents, seat, reward=reward, max_hands=max_hands, illegal=illegal, illegal_penalty=illegal_penalty,
                reward_scale=reward_scale,
            )
            for _ in range(self.num_envs)
        ]
        self._shaping = [Shaping(shaping, seat) for _ in range(self.num_envs)]
        self.metadata.update(reward_metadata(reward, reward_scale, self._shaping[0].coefficient))
        self.single_observation_space = observation_space()
        self.single_action_space = action_space()
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        n = self.num_envs
        self._planes = np.zeros((n, *L.OBS_SHAPE), dtype=np.uint8)
        self._masks = np.zeros((n, L.ACTION_SIZE), dtype=np.int8)
        self._plane_rows = RowViews(self._planes)
        self._mask_rows = RowViews(self._masks)
        self._rewards = np.zeros(n, dtype=np.float64)
        self._terminations = np.zeros(n, dtype=np.bool_)
        self._truncations = np.zeros(n, dtype=np.bool_)
        self._autoreset = [False] * n  # next-step mode: game i is dealt again by the next step
        self._elapsed = [0] * n  # with max_episode_steps: the steps of each game's episode so far
        # each game's generator, as MahjongEnv's np_random: it draws the seed of a reset without one
        self._generators: list[np.random.Generator | None] = [None] * n

    # ------------------------------------------------------------------ Gymnasium's API

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal every game: ``seed`` None, an int ``s`` (game ``i`` gets ``s + i``) or one
        seed (or None) per game. ``options`` is accepted and unused, as by MahjongEnv."""
        seeds = self._seeds(seed)
        for i, game_seed in enumerate(seeds):
            self._deal(i, game_seed)
            self._observe(i)
        self._terminations[:] = False
        self._truncations[:] = False
        self._rewards[:] = 0.0
        self._autoreset = [False] * self.num_envs
        return self._obs(), {}

    def step(self, actions: Any) -> tuple[Obs, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Play ``actions[i]`` for the learner of game ``i``; see the class docstring for
        the auto-reset. Returns observations, rewards, terminations, truncations and infos."""
        self.tables[0].dealt()  # before the first reset: the envs' one error for it
        acts = action_batch(actions, self.num_envs)
        n, seat = self.num_envs, self.seat
        rewards, terms = self._rewards, self._terminations
        rewards[:] = 0.0
        terms[:] = False
        chosen: list[Any] = acts.tolist()
        dealt_again: list[int] = []
        if self.autoreset_mode is AutoresetMode.NEXT_STEP:
            for i, pending in enumerate(self._autoreset):
                if pending:
                    chosen[i] = None  # this game ignores its action: it is dealt again below
                    dealt_again.append(i)
        ended: list[int] = []
        error: Exception | None = None
        limit = self.max_episode_steps
        versions = None if limit is None else [table.version for table in self.tables]  # (a move changes its table's)
        if _play_batch is not None:
            agents = [seat] * n
            stepped, error = _play_batch(self.tables, chosen, agents, self._planes, self._masks)
            for i, earned in stepped:
                rewards[i] = earned[seat]
                if self.tables[i].over:
                    ended.append(i)
        else:
            try:
                for i, action in enumerate(chosen):
                    if action is None:
                        continue
                    table = self.tables[i]
                    rewards[i] = table.act(seat, action)[seat]
                    if table.over:
                        ended.append(i)
                    else:
                        table.observe(seat, self._plane_rows[i], self._mask_rows[i])
            except Exception as exc:  # the games stepped before it keep their new state, as in play_batch
                error = exc
        if self._shaping[0].coefficient:
            for i, action in enumerate(chosen):
                if action is not None:
                    rewards[i] += self._shaping[i].term(self.tables[i])
        infos: dict[str, Any] = {}
        for i in ended:
            terms[i] = True
            self._observe(i)  # the finished episode's last observation (its mask all zero)
        done = ended
        if versions is not None:
            done = ended + self._time_limit(versions, set(ended))
        if self.autoreset_mode is AutoresetMode.SAME_STEP:
            for i in done:
                final = {"observation": self._planes[i].copy(), "action_mask": self._masks[i].copy()}
                infos = self._add_info(infos, {"final_obs": final, "final_info": {}}, i)
                self._deal(i, None)
                self._observe(i)
        else:
            for i in dealt_again:
                self._deal(i, None)
                self._observe(i)
                self._autoreset[i] = False
            for i in done:
                self._autoreset[i] = True
        if self.render_mode == "human":
            for i, action in enumerate(chosen):
                if action is not None:
                    render_table(self.tables[i], "human")
        if error is not None:
            raise error
        return self._obs(), rewards.copy(), terms.copy(), self._truncations.copy(), infos

    def render(self) -> tuple[Any, ...]:  # (str or None each: Gymnasium types frames as arrays)
        """Each game's ``render()`` (as :class:`MahjongEnv`'s), in a tuple."""
        return tuple(render_table(table, self.render_mode) for table in self.tables)

    def close_extras(self, **kwargs: Any) -> None:
        self.tables = []

    # ------------------------------------------------------------------ inside

    def _time_limit(self, versions: list[int], ended: set[int]) -> list[int]:
        """Count a step of each game that moved (its table's version is not ``versions``'s),
        mark the truncations of those at ``max_episode_steps``, as TimeLimit does (an episode
        that ended at the limit is both), and return the games cut short that did not end."""
        limit = self.max_episode_steps
        truncs, elapsed = self._truncations, self._elapsed
        truncs[:] = False
        cut: list[int] = []
        for i, table in enumerate(self.tables):
            if table.version != versions[i]:
                elapsed[i] += 1
                if limit is not None and elapsed[i] >= limit:
                    truncs[i] = True
                    if i not in ended:
                        cut.append(i)
        return cut

    def _seeds(self, seed: object) -> list[int | None]:
        n = self.num_envs
        if seed is None:
            return [None] * n
        whole = whole_number(seed)
        if whole is not None:
            if whole < 0:
                raise EnvConfigError(f"seed is a whole number, at least 0, not {seed!r}")
            return [whole + i for i in range(n)]
        if isinstance(seed, (str, bytes)) or not isinstance(seed, Sequence):
            raise EnvConfigError(f"seed is None, a whole number or a list of {n} of them, not {seed!r}")
        seeds = [None if given is None else whole_number(given) for given in seed]
        if len(seeds) != n or any(s is None or s < 0 for given, s in zip(seed, seeds) if given is not None):
            raise EnvConfigError(f"seed is a list of {n} whole numbers at least 0 (or None), not {seed!r}")
        return seeds

    def _deal(self, i: int, seed: int | None) -> None:
        """Deal game ``i`` as MahjongEnv.reset(seed=seed) deals its table."""
        if seed is not None:
            self._generators[i], _ = seeding.np_random(seed)
        else:
            generator = self._generators[i]
            if generator is None:
                generator = self._generators[i] = seeding.np_random()[0]
            seed = int(generator.integers(0, _SEED_LIMIT))
        self.tables[i].reset(seed)
        self._elapsed[i] = 0
        self._shaping[i].start(self.tables[i])

    def _observe(self, i: int) -> None:
        self.tables[i].observe(self.seat, self._plane_rows[i], self._mask_rows[i])

    def _obs(self) -> Obs:
        if self.copy:
            return {"observation": self._planes.copy(), "action_mask": self._masks.copy()}
        return {"observation": self._planes, "action_mask": self._masks}
