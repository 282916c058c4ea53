"""The policy network of the planes, a new ``MaskablePPO`` around it, and a saved policy
seated as a bot."""

from __future__ import annotations

import os
import sys
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.logger import HumanOutputFormat, Logger
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from stable_baselines3.common.vec_env import VecEnv

from .._paths import file_or_with_suffix
from ..engine.actions import Action
from ..env import encoding
from ..env import layout as L
from ..env.spaces import plane_high
from ..errors import NbmjError
from ..rules.model import RuleSet

__all__ = ["TilePlanes", "new_model", "load_policy", "PolicyBot", "PolicyLoadError"]


class PolicyLoadError(NbmjError, ValueError):
    """A saved policy that cannot be read (no such file, or not a MaskablePPO save)."""


class TilePlanes(BaseFeaturesExtractor):
    """Features of the ``(N_PLANES, 42)`` planes: each plane scaled to [0, 1] by its largest
    value, two 1-D convolutions along the 42 tile columns (a kernel of three sees a tile
    and its neighbours in rank, which is where runs are), then one dense layer."""

    def __init__(self, observation_space: gymnasium.spaces.Box, features_dim: int = 256, channels: int = 64) -> None:
        super().__init__(observation_space, features_dim)
        planes, columns = observation_space.shape
        self.scale: torch.Tensor
        self.register_buffer("scale", torch.as_tensor(1.0 / np.maximum(plane_high(), 1), dtype=torch.float32))
        self.convolutions = torch.nn.Sequential(
            torch.nn.Conv1d(planes, channels, kernel_size=3, padding=1),
            torch.nn.ReLU(),
            torch.nn.Conv1d(channels, channels, kernel_size=3, padding=1),
            torch.nn.ReLU(),
            torch.nn.Flatten(),
        )
        self.dense = torch.nn.Sequential(torch.nn.Linear(channels * columns, features_dim), torch.nn.ReLU())

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        features: torch.Tensor = self.dense(self.convolutions(observations.float() * self.scale))
        return features


def new_model(env: VecEnv, *, seed: int | None = 0, **ppo_kwargs: Any) -> MaskablePPO:
    """A ``MaskablePPO`` on ``env`` (an :class:`~nbmj.learn.SB3VectorEnv`) whose policy
    reads the planes with :class:`TilePlanes`, on the CPU; ``ppo_kwargs`` go to MaskablePPO."""
    policy_kwargs = {"features_extractor_class": TilePlanes, "net_arch": {"pi": [128], "vf": [128]}}
    policy_kwargs.update(ppo_kwargs.pop("policy_kwargs", {}))
    model = MaskablePPO(MaskableActorCriticPolicy, env, policy_kwargs=policy_kwargs, seed=seed, device="cpu", **ppo_kwargs)
    if model.tensorboard_log is None:
        # Left to itself, SB3 makes a directory under the system's temp dir at every learn()
        # and writes nothing there: the same output (stdout when verbose), without it.
        model.set_logger(Logger(None, [HumanOutputFormat(sys.stdout)] if model.verbose >= 1 else []))
    return model


def load_policy(path: str | os.PathLike[str]) -> MaskableActorCriticPolicy:
    """The policy of a ``MaskablePPO`` saved at ``path`` (``model.save(path)``), on the CPU."""
    where = file_or_with_suffix(path, ".zip")  # `model.save("run/best")` writes run/best.zip
    if where is None:
        raise PolicyLoadError(f"no saved policy at {str(path)!r}")
    try:
        model = MaskablePPO.load(where, device="cpu")
    except (OSError, ValueError, KeyError, RuntimeError) as exc:
        raise PolicyLoadError(f"{str(path)!r} is not a saved MaskablePPO policy: {exc}") from exc
    policy: MaskableActorCriticPolicy = model.policy
    policy.set_training_mode(False)
    return policy


class PolicyBot:
    """A trained policy as an engine bot: called with a seat's Observation and its legal
    actions, it encodes the planes the envs would give that seat (from the Observation
    alone), masks the illegal actions and returns the policy's choice (its most likely
    action; a sample with ``deterministic=False``). A sole legal action is taken without
    asking the network. Seated by ``nbmj arena --bot policy:PATH``, or given as an env's
    opponent."""

    def __init__(self, policy: MaskableActorCriticPolicy | str | os.PathLike[str], rules: RuleSet, *, deterministic: bool = True) -> None:
        self.policy = policy if isinstance(policy, MaskableActorCriticPolicy) else load_policy(policy)
        #: the file the policy was loaded from (None for a policy given as an object)
        self.source: str | None = None if isinstance(policy, MaskableActorCriticPolicy) else os.fspath(policy)
        self.deterministic = deterministic
        self.variant = rules.name
        self._encoder_rules = encoding.encoder_rules(rules)
        self._planes = np.zeros(L.OBS_SHAPE, dtype=np.uint8)
        self._mask = np.zeros(L.ACTION_SIZE, dtype=np.int8)
        self._lookup: list[Any] = [None] * L.ACTION_SIZE

    def __repr__(self) -> str:
        policy = "a policy object" if self.source is None else repr(self.source)
        choice = "most likely action" if self.deterministic else "sampled action"
        return f"<PolicyBot for {self.variant!r}: {policy}, its {choice}>"

    def choose(self, planes: np.ndarray, mask: np.ndarray) -> int:
        """The policy's action index for ``planes`` under ``mask`` (both one seat's)."""
        with torch.no_grad():
            obs = torch.as_tensor(planes[None])
            distribution = self.policy.get_distribution(obs, action_masks=mask[None].astype(bool))
            return int(distribution.get_actions(deterministic=self.deterministic)[0])

    def __call__(self, observation: Any, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        encoding.encode_observation(observation, self._planes, self._encoder_rules)
        encoding.fill_mask(legal, self._mask, self._lookup)
        action: Action = self._lookup[self.choose(self._planes, self._mask)]
        return action
