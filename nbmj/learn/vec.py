"""The vector env of ``nbmj/Mahjong-v0`` as Stable-Baselines3 steps it: :class:`SB3VectorEnv`."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from stable_baselines3.common.vec_env.base_vec_env import VecEnv, VecEnvIndices, VecEnvObs, VecEnvStepReturn

from ..env import MahjongVectorEnv
from ..env import layout as L
from ..env.spaces import plane_high
from ..env.table import BotSpec
from ..rules.model import RuleSet

__all__ = ["SB3VectorEnv", "planes_space"]


def planes_space() -> gymnasium.spaces.Box:
    """The observation space the policy sees: the planes alone (the mask goes to the
    policy through ``action_masks()``, as ``MaskablePPO`` asks for it)."""
    return gymnasium.spaces.Box(low=0, high=plane_high(), shape=L.OBS_SHAPE, dtype=np.uint8)


class SB3VectorEnv(VecEnv):
    """``num_envs`` single-learner games of :class:`~nbmj.env.MahjongVectorEnv` behind
    Stable-Baselines3's ``VecEnv`` interface: observations are the planes, the masks come
    from :meth:`action_masks` (``env_method("action_masks")``), and a finished game is dealt
    again at once with its last planes in ``infos[i]["terminal_observation"]``. Keyword
    arguments (opponents, reward, reward_scale, shaping, ...) as MahjongVectorEnv's."""

    def __init__(self, num_envs: int, variant: str | os.PathLike[str] | RuleSet = "ningbo", *, opponents: BotSpec | Mapping[int, BotSpec] = "greedy", **kwargs: Any) -> None:
        self.games = MahjongVectorEnv(num_envs, variant, opponents=opponents, autoreset_mode=AutoresetMode.SAME_STEP, copy=False, **kwargs)
        super().__init__(self.games.num_envs, planes_space(), gymnasium.spaces.Discrete(L.ACTION_SIZE))
        self.metadata = dict(self.games.metadata)
        self._actions: np.ndarray | None = None
        self._masks: np.ndarray = np.zeros((self.num_envs, L.ACTION_SIZE), dtype=bool)

    def _planes(self, obs: dict[str, np.ndarray]) -> np.ndarray:
        self._masks = obs["action_mask"].astype(bool)
        return obs["observation"].copy()

    def reset(self) -> VecEnvObs:
        seeds = self._seeds
        chosen = None if all(s is None for s in seeds) else list(seeds)
        obs, _ = self.games.reset(seed=chosen)
        self._reset_seeds()
        self._reset_options()
        return self._planes(obs)

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)

    def step_wait(self) -> VecEnvStepReturn:
        assert self._actions is not None, "step_async first"
        obs, rewards, terminated, truncated, info = self.games.step(self._actions)
        self._actions = None
        dones = terminated | truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        finals = info.get("final_obs")
        for i in np.flatnonzero(dones):
            infos[i]["terminal_observation"] = finals[i]["observation"] if finals is not None else obs["observation"][i].copy()
            infos[i]["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
        return self._planes(obs), rewards.astype(np.float32), dones, infos

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game now, ``(num_envs, ACTION_SIZE)`` booleans."""
        return self._masks

    def close(self) -> None:
        self.games.close()

    # the parts of VecEnv's interface that reach into the games one by one

    def _indices(self, indices: VecEnvIndices) -> list[int]:
        return list(self._get_indices(indices))

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        if attr_name == "action_masks":
            masks = self._masks
            return [lambda i=i: masks[i] for i in self._indices(indices)]
        if attr_name in ("render_mode", "metadata"):
            return [getattr(self.games, attr_name)] * len(self._indices(indices))
        raise AttributeError(f"the games of an SB3VectorEnv have no attribute {attr_name!r}")

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        raise AttributeError(f"the games of an SB3VectorEnv do not take attribute {attr_name!r}")

    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None, **method_kwargs: Any) -> list[Any]:
        if method_name == "action_masks":
            return [self._masks[i] for i in self._indices(indices)]
        raise AttributeError(f"the games of an SB3VectorEnv have no method {method_name!r}")

    def env_is_wrapped(self, wrapper_class: type[gymnasium.Wrapper[Any, Any, Any, Any]], indices: VecEnvIndices = None) -> list[bool]:
        return [False] * len(self._indices(indices))

    def get_images(self) -> Sequence[np.ndarray | None]:
        return [None] * self.num_envs


