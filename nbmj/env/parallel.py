"""The native PettingZoo ParallelEnv: :func:`parallel_env`."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from .._numbers import whole_number
from ..errors import IllegalActionError
from ..rules.model import RuleSet
from . import encoding
from ._common import _POSITIONS, AGENTS, RENDER_MODES, check_render_mode, make_table, render_table
from .layout import ACTION_SIZE
from .spaces import action_space, observation_space
from .table import BotSpec, Table

__all__ = ["parallel_env", "ParallelMahjongEnv"]

_table_act = encoding.table_act  # Table.act, in C for a legal action of a learner

Obs = dict[str, np.ndarray]

class ParallelMahjongEnv(ParallelEnv):  # type: ignore[misc]  # (ParallelEnv is untyped)
    """Every agent answers at each step; only the seats the game waits for are heard.

    On a turn that is the player on turn; after a discard it is every seat able to claim,
    whose answers the engine then arbitrates. The actions of the other agents are ignored
    (their action masks are all zero). Keyword arguments as :class:`nbmj.env.raw_env`.
    """

    metadata = {"render_modes": list(RENDER_MODES), "name": "nbmj_mahjong_v0", "render_fps": 2}

    def __init__(
        self,
        variant: str | os.PathLike[str] | RuleSet = "ningbo",
        *,
        render_mode: str | None = None,
        opponents: Mapping[str, BotSpec] | None = None,
        reward: str = "points",
        reward_scale: float = 1.0,
        max_hands: int = 1,
        illegal: str = "raise",
        illegal_penalty: float = 1.0,
    ) -> None:
        self.render_mode = check_render_mode(render_mode)
        self.table = make_table(
            variant, opponents, reward=reward, reward_scale=reward_scale, max_hands=max_hands, illegal=illegal, illegal_penalty=illegal_penalty
        )
        self.possible_agents = [AGENTS[p] for p in self.table.learners]
        # every learner's observation at each step, in arrays refilled once nothing else holds them
        self._observations = encoding.observation_source(self.table.learners, self.possible_agents)
        self.agents: list[str] = []
        self._obs_space = observation_space()
        self._act_space = action_space()
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._act_space for a in self.possible_agents}
        # what every step of an episode under way returns for all its agents, copied out at each
        # step: a copy of a small dict costs a tenth of building it again from the agents
        self._positions = tuple(self.table.learners)
        self._going_on = dict.fromkeys(self.possible_agents, False)
        self._ended = dict.fromkeys(self.possible_agents, True)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s observations: the planes and the action mask (every agent's is the same)."""
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s actions: the indices of the action layout (every agent's is the same)."""
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """Deal a new episode (the same ``seed``, the same deals); every agent's observation and info."""
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        return self._observations.observe_all(self.table), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[dict[str, Obs], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        """One action from every live agent, of which only those the game waits for are heard;
        the observations, rewards, terminations, truncations and infos of the agents."""
        table = self.table
        game = table.dealt()
        if table.over:
            raise IllegalActionError(f"the episode is over; call reset() to deal again, not step({actions!r})", actions, ())
        earned = [0.0] * 4
        is_learner = table.is_learner
        # the positions the game waits for, nearest the discarder first (the bots have moved)
        to_act = game.phase_state.to_act()
        if len(to_act) > 1:  # answers to a claim, played one by one: all are checked first
            _check_answers(table, to_act, actions)
        for p in to_act:
            if not is_learner[p]:
                continue
            agent = AGENTS[p]
            if agent not in actions:
                raise _no_action(agent, actions)
            for q, r in enumerate(_table_act(table, p, actions[agent])):
                earned[q] += r
            if table.over:
                break
        live = self.agents
        observations = self._observations.observe_all(table)
        over: bool = table.over  # (the steps above may have ended it)
        if live == self.possible_agents:  # (always, unless a caller changed self.agents)
            rewards = {a: earned[p] for a, p in zip(live, self._positions)}
            terminations = (self._ended if over else self._going_on).copy()
            truncations = self._going_on.copy()
        else:
            rewards = {a: earned[_POSITIONS[a]] for a in live}
            terminations = dict.fromkeys(live, over)
            truncations = dict.fromkeys(live, False)
        infos: dict[str, dict[str, Any]] = {a: {} for a in live}
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The table as text (``"ansi"``), or printed (``"human"``); None without a render mode."""
        return render_table(self.table, self.render_mode)

    def close(self) -> None:
        """Nothing to release: the env holds no outside resource."""
        pass


def _no_action(agent: str, actions: Mapping[str, Any]) -> IllegalActionError:
    return IllegalActionError(f"no action for {agent!r}, whom the game waits for, in {actions!r}", actions, ())


def _check_answers(table: Table, to_act: Sequence[int], actions: Mapping[str, Any]) -> None:
    """Refuse the answers of the seats in ``to_act`` (to a claim) before any is played, when
    one is missing, is no action at all, or is not legal and the table raises for that: the
    step plays them one by one, and a refusal of the second would leave the first played."""
    for p in to_act:
        if not table.is_learner[p]:
            continue
        agent = AGENTS[p]
        if agent not in actions:
            raise _no_action(agent, actions)
        action = actions[agent]
        index = whole_number(action)
        if index is None or not (table.penalize or (-1 < index < ACTION_SIZE and table.mask(p)[index])):
            table.act(p, action)  # raises its own error for it, nothing played (a penalty is taken in turn)


def parallel_env(**kwargs: Any) -> ParallelMahjongEnv:
    """The parallel environment (a native :class:`pettingzoo.ParallelEnv`, not a wrapped AEC env)."""
    return ParallelMahjongEnv(**kwargs)
