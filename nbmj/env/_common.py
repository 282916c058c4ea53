"""What every environment of :mod:`nbmj.env` shares: the keyword arguments, read in one place,
the batch envs' row views, and the optional shaping term of a single learner's reward."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import numpy as np

from .._numbers import finite_real, whole_number
from ..rules.model import SEATS, RuleSet
from .table import BotSpec, EnvConfigError, Table, resolve_variant

__all__ = ["Shaping", "shanten_of", "RENDER_MODES", "AGENTS", "agent_position", "make_table", "check_render_mode", "render_table", "RowViews", "action_batch", "batch_size"]

RENDER_MODES = ("ansi", "human")
AGENTS = tuple(f"player_{i}" for i in range(4))


_POSITIONS = {a: p for p, a in enumerate(AGENTS)}


def agent_position(agent: str) -> int:
    """``"player_2"`` -> 2."""
    p = _POSITIONS.get(agent) if isinstance(agent, str) else None
    if p is None:
        raise EnvConfigError(f"unknown agent {agent!r}; agents are {', '.join(AGENTS)}")
    return p


def batch_size(num_envs: object) -> int:
    """``num_envs`` of a batch env (:class:`~nbmj.env.VectorEnv`, the Gymnasium one) as an
    int: a whole number (see :func:`nbmj._numbers.whole_number`), at least 1."""
    count = whole_number(num_envs)
    if count is None or count < 1:
        raise EnvConfigError(f"num_envs is a whole number, at least 1, not {num_envs!r}")
    return count


def action_batch(actions: Any, num_envs: int) -> np.ndarray:
    """``actions`` as the ``(num_envs,)`` integer array a batch env steps with, checked before
    any game moves: a float or an object among them would otherwise be refused only when its
    game's turn came, after the games before it had moved."""
    acts = np.asarray(actions)
    if acts.shape != (num_envs,) or acts.dtype.kind not in "iu":
        raise EnvConfigError(f"actions is an integer array of shape ({num_envs},), not {acts.dtype.name} of shape {acts.shape!r}")
    return acts


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise EnvConfigError(f"unknown render_mode {render_mode!r}; known: {', '.join(RENDER_MODES)}")
    return render_mode


def render_table(table: Table, render_mode: str | None) -> str | None:
    """``render()`` of every env: the table's text for ``"ansi"``, printed for ``"human"``."""
    if render_mode is None:
        return None
    text = table.render_text()
    if render_mode == "ansi":
        return text
    print(text, end="")
    return None


def make_table(
    variant: str | os.PathLike[str] | RuleSet,
    opponents: Mapping[str, BotSpec] | None,
    *,
    reward: str,
    max_hands: int,
    illegal: str,
    illegal_penalty: float,
    reward_scale: float = 1.0,
) -> Table:
    """A :class:`Table` whose bots sit where ``opponents`` (agent name -> bot) says."""
    if opponents is not None and not isinstance(opponents, Mapping):
        raise EnvConfigError(f"opponents maps agent names to bots, e.g. {{'player_1': 'greedy'}}, not {opponents!r}")
    bots: dict[int, Any] = {agent_position(a): spec for a, spec in (opponents or {}).items()}
    learners = [p for p in range(4) if p not in bots]
    return Table(
        resolve_variant(variant),
        learners=learners,
        bots=bots,
        max_hands=max_hands,
        reward=reward,
        reward_scale=reward_scale,
        illegal=illegal,
        illegal_penalty=illegal_penalty,
    )


def shanten_of(table: Table, position: int) -> int:
    """The shanten of the concealed hand at ``position`` (-1 complete, 0 waiting), its wilds
    counted as free tiles: read from the seat's own Observation, what the seat may see."""
    from .. import core  # (the hand-shape core only when an env shapes its reward)
    from ..engine.bots import hand_shape

    obs = table.dealt().observation(SEATS[position])
    return int(core.shanten(*hand_shape(obs["hand"], set(obs["wilds"]))))


class Shaping:
    """The optional shaping term of a single learner's reward: potential-based (Ng, Harada
    and Russell, 1999), so that it changes how fast a policy learns and not which policy is
    best. The potential of a state is ``-coefficient * shanten`` of the learner's hand
    (:func:`shanten_of`: progress toward a complete hand), and 0 once the episode is over;
    each step adds the change of the potential to the reward. Over an episode the terms add
    up to minus the first state's potential, whatever was played. ``coefficient`` 0 (the
    default of every env) turns it off and costs nothing."""

    __slots__ = ("coefficient", "position", "potential")

    def __init__(self, coefficient: object, position: int) -> None:
        value = finite_real(coefficient)
        if value is None:
            raise EnvConfigError(f"shaping is a finite number, at least 0, not {coefficient!r}")
        self.coefficient = value
        self.position = position
        self.potential = 0.0

    def _potential(self, table: Table) -> float:
        if table.over:
            return 0.0
        return -self.coefficient * shanten_of(table, self.position)

    def start(self, table: Table) -> None:
        """The episode at ``table`` was dealt: its first state's potential."""
        if self.coefficient:
            self.potential = self._potential(table)

    def term(self, table: Table) -> float:
        """The shaping term of the step that led to ``table``'s state now."""
        if not self.coefficient:
            return 0.0
        now = self._potential(table)
        change = now - self.potential
        self.potential = now
        return change


class RowViews(list[np.ndarray]):
    """One view per game of a batch array ``(N, ...)``, made once: indexing the array at
    every step costs more than reading a list. A copy (``copy.deepcopy``, ``pickle``) makes
    its views again, of the copy of the array, so that they still write into the batch the
    copied env returns (copied apart, they would be arrays of their own)."""

    __slots__ = ("batch",)

    def __init__(self, batch: np.ndarray) -> None:
        super().__init__(batch)
        self.batch = batch

    def __reduce__(self) -> tuple[type[RowViews], tuple[np.ndarray]]:
        return (RowViews, (self.batch,))
