"""The PettingZoo AEC environment: :func:`env` (wrapped) and :class:`raw_env`."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator  # type: ignore[import-untyped]

from ..errors import IllegalActionError
from ..rules.model import RuleSet
from . import encoding
from ._common import _POSITIONS, AGENTS, RENDER_MODES, agent_position, check_render_mode, make_table, render_table
from .spaces import action_space, observation_space
from .table import BotSpec

__all__ = ["env", "raw_env"]

_table_act = encoding.table_act


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name; AECEnv is untyped)
    """Ningbo / Ninghai mahjong as a PettingZoo AEC environment.

    Agents ``player_0`` .. ``player_3`` sit at table positions E, S, W, N for the whole
    match; the game selects, one at a time, each seat it waits for (the player on turn;
    after a discard, each seat able to claim it, nearest the discarder first). Keyword
    arguments are described in :doc:`/tutorials/rl`.
    """

    # not parallelizable: PettingZoo's aec_to_parallel assumes the agents act in a fixed
    # cycle, one move each, and a mahjong game asks claimers out of turn; parallel_env is
    # the native parallel form
    metadata = {"render_modes": list(RENDER_MODES), "name": "nbmj_mahjong_v0", "is_parallelizable": False, "render_fps": 2}

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
        super().__init__()
        self.render_mode = check_render_mode(render_mode)
        self.table = make_table(
            variant, opponents, reward=reward, reward_scale=reward_scale, max_hands=max_hands, illegal=illegal, illegal_penalty=illegal_penalty
        )
        self.possible_agents = [AGENTS[p] for p in self.table.learners]
        self.agents: list[str] = []
        self._obs_space = observation_space()
        self._act_space = action_space()
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._act_space for a in self.possible_agents}
        self.rewards: dict[str, float] = {}
        self._rewards_zero = False  # whether every value of self.rewards is 0.0
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]
        # the observations given out, in arrays refilled once nothing else holds them
        self._observations = encoding.observation_source(self.table.learners, self.possible_agents)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The planes and the action mask of ``agent``, in arrays that nothing else holds
        (new ones, or those of an observation given out before and let go since)."""
        return self._observations.observe(self.table, agent_position(agent))

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        # AECEnv.last, read from this env's own attributes without the base class's call chain
        agent = self.agent_selection
        return (
            self._observations.observe(self.table, _POSITIONS[agent]) if observe else None,  # agent_selection is always one of ours
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._rewards_zero = True
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        first = self.table.first_waiting()
        assert first is not None  # Table.reset deals again until a learner is asked
        self.agent_selection = AGENTS[first]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        try:
            dead = self.terminations[agent] or self.truncations[agent]
        except KeyError:  # no entries: before the first reset (the table says so), or every agent is done
            self.table.dealt()
            raise IllegalActionError(
                f"the episode is over and every agent has been stepped out of it; call reset() to deal again, not step({action!r})",
                action,
                (),
            ) from None
        if dead:
            self._was_dead_step(action)
            return
        table = self.table
        earned = _table_act(table, _POSITIONS[agent], action)  # agent_selection is always one of ours
        self._cumulative_rewards[agent] = 0.0
        if earned[0] or earned[1] or earned[2] or earned[3]:
            self.rewards = {a: earned[agent_position(a)] for a in self.agents}
            self._rewards_zero = False
            self._accumulate_rewards()
        elif not self._rewards_zero:  # most steps earn nothing: the zero dict stays, nothing to add up
            self.rewards = {a: 0.0 for a in self.agents}
            self._rewards_zero = True
        if table.over:
            self.terminations = {a: True for a in self.agents}
            order = self.agents
            self.agent_selection = order[(order.index(agent) + 1) % len(order)]
        else:
            nxt = table.first_waiting()
            assert nxt is not None
            self.agent_selection = AGENTS[nxt]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        return render_table(self.table, self.render_mode)

    def close(self) -> None:
        pass


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]  # PettingZoo is untyped
    """PettingZoo's order-enforcing wrapper with short cuts for what a step reads, once the
    env is reset: ``last()`` is the wrapped env's own, ``agents`` and ``agent_selection`` are
    read from it directly, ``step`` calls its ``step`` and ``agent_iter`` reads it directly.
    The inherited paths go through the wrapper's ``__getattr__`` chain at every step. Before
    ``reset`` each is PettingZoo's, errors and all."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        last: Any = self.env.last if self._has_reset else super().last
        result: tuple[Any, float, bool, bool, dict[str, Any]] = last(observe)
        return result

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        agents: list[str] = self.env.agents
        return agents

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        selection: str = self.env.agent_selection
        return selection

    def step(self, action: int | None) -> None:
        env = self.env
        if self._has_reset and env.agents:
            self._has_updated = True
            env.step(action)
        else:
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            return super().agent_iter(max_iter)  # PettingZoo's error
        return _AgentIterable(self, max_iter)


class _AgentIterable(AECOrderEnforcingIterable):  # type: ignore[misc]  # PettingZoo is untyped
    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's order-enforcing agent iterator, reading the wrapped env directly."""

    def __next__(self) -> str:
        wrapper = self.env
        inner = wrapper.env
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        agent: str = inner.agent_selection
        return agent


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment wrapped as PettingZoo's classic environments are.

    :class:`~pettingzoo.utils.wrappers.OrderEnforcingWrapper` checks that ``reset`` comes
    first. PettingZoo's bounds wrapper is left out: :class:`raw_env` itself refuses an action
    outside the space (like any illegal one), and every wrapper layer costs each step an
    attribute lookup chain.
    """
    wrapped: AECEnv = _OrderEnforcing(raw_env(**kwargs))
    return wrapped
