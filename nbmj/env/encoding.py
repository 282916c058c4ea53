"""The encoder backend (compiled, or the pure-Python reference) and what it reads from a RuleSet.

``NBMJ_PUREPYTHON=1`` selects the reference, as it does for :mod:`nbmj.core`; without it
the compiled :mod:`nbmj.env._encode` is used when it was built. ``BACKEND`` says which.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Callable, Protocol

import numpy as np

from .._backend import compiled_module
from ..engine.actions import Action
from ..rules.model import RuleSet
from . import _reference
from . import layout as L

__all__ = [
    "BACKEND", "EncoderRules", "encode_observation", "FreshObservations", "ObservationSource", "observation_source", "GameEncoder", "ReferenceEncoder", "fill_mask", "action_index", "legal_choices", "encoder_rules", "game_encoder", "play_batch", "table_act", "table_observe",
]

_compiled: Any = None
def _table_act(table: Any, position: int, index: Any) -> list[float]:
    """``table.act(position, index)`` (the compiled twin plays its common case in C)."""
    earned: list[float] = table.act(position, index)
    return earned


def _table_observe(table: Any, position: int) -> dict[str, np.ndarray]:
    """The planes and the mask of ``position`` at ``table`` in new arrays, as the AEC and
    Gymnasium envs return them (the compiled twin fills them in C)."""
    planes = np.empty(L.OBS_SHAPE, dtype=np.uint8)
    mask = np.empty(L.ACTION_SIZE, dtype=np.int8)
    table.observe(position, planes, mask)
    return {"observation": planes, "action_mask": mask}


class ObservationSource(Protocol):
    """Where an env takes the observations it returns (:func:`observation_source`).

    ``observe_all(table)`` is ``{agent: observation}`` for the source's positions;
    ``observe(table, position)`` one position's observation. Each observation is a new dict
    of arrays, or one given out earlier that nothing outside the source holds any more.
    """

    def observe_all(self, table: Any) -> dict[str, dict[str, np.ndarray]]: ...
    def observe(self, table: Any, position: int) -> dict[str, np.ndarray]: ...


class FreshObservations:
    """The pure-Python :class:`ObservationSource`: new arrays at every call."""

    def __init__(self, positions: Sequence[int], agents: Sequence[str]) -> None:
        self.positions = tuple(positions)
        self.agents = tuple(agents)
        if len(self.positions) != len(self.agents):
            raise ValueError(f"one agent name per position: {self.positions!r} and {self.agents!r}")

    def observe_all(self, table: Any) -> dict[str, dict[str, np.ndarray]]:
        return {agent: table_observe(table, p) for p, agent in zip(self.positions, self.agents)}

    def observe(self, table: Any, position: int) -> dict[str, np.ndarray]:
        return table_observe(table, position)


def observation_source(positions: Sequence[int], agents: Sequence[str]) -> ObservationSource:
    """The backend's :class:`ObservationSource` for ``positions`` named ``agents``: the
    compiled :class:`nbmj.env._encode.ObservationPool`, which refills the arrays of an
    observation given out two calls before when nothing else holds them, or
    :class:`FreshObservations`. The caller cannot tell them apart: an array it still holds
    is never written again."""
    if _encode is not None:
        pool: ObservationSource = _encode.ObservationPool(positions, agents)
        return pool
    return FreshObservations(positions, agents)


#: ``table_act(table, position, index)``: what ``table.act`` does, the backend's way
table_act: Callable[[Any, int, Any], list[float]] = _table_act
#: ``table_observe(table, position)``: the position's observation dict in new arrays
table_observe: Callable[[Any, int], dict[str, np.ndarray]] = _table_observe
class _PlayBatch(Protocol):
    """The compiled step of a batch of tables (:func:`nbmj.env._encode.play_batch`)."""

    def __call__(
        self, tables: list[Any], actions: list[Any], agents: list[int], observations: Any, action_masks: Any, agent_row: Any = None, /
    ) -> tuple[list[tuple[int, list[float]]], Exception | None]: ...


#: the compiled step of the vector env's games (None: the vector env's own Python loop)
play_batch: _PlayBatch | None = None
fill_mask: Callable[[Any, Any, list[Any]], int]
action_index: Callable[[Any], int]
#: ``legal_choices(masks, uniforms, out)``: the kernel of :func:`nbmj.env.sample_legal`
legal_choices: Callable[[np.ndarray, np.ndarray, np.ndarray], None]

# the compiled encoder, unless the references are forced, it was not built (a source checkout
# without the extension), or the engine it was built against runs from its source (a stale build)
_encode = compiled_module("nbmj.env._encode")
#: ``"cython"`` when the compiled encoder (:mod:`nbmj.env._encode`) is live, ``"python"``
#: when the reference encoder runs, as ``nbmj.core.BACKEND`` and ``nbmj.engine.BACKEND`` say
BACKEND: str
if _encode is None:
    BACKEND = "python"
    fill_mask, action_index, legal_choices = _reference.fill_mask, _reference.action_index, _reference.legal_choices
else:
    BACKEND = "cython"
    # the compiled module repeats the layout's row offsets as C constants: hold them equal
    if _encode.ROW_OFFSETS != L.PLANE_INDEX or _encode.SHAPE != L.OBS_SHAPE:
        raise ImportError("nbmj.env._encode was built for another plane layout; rebuild it (pip install -e .)")
    fill_mask, action_index, legal_choices = _encode.fill_mask, _encode.action_index, _encode.legal_choices
    _compiled = _encode.TableEncoder
    play_batch = _encode.play_batch
    table_act, table_observe = _encode.act, _encode.observe


@dataclass(frozen=True)
class EncoderRules:
    """What the planes read from the RuleSet: the NH-6 warnings and the NH-1.8 claim bans."""

    bao_suits: bool
    bao_terminals: bool
    #: one ``(always, claim kinds)`` pair per no_claims restriction; not ``always``: first go-around only
    no_claims: tuple[tuple[bool, tuple[str, ...]], ...]


_CACHE: dict[int, tuple[RuleSet, EncoderRules]] = {}


def encoder_rules(rules: RuleSet) -> EncoderRules:
    """The :class:`EncoderRules` of ``rules`` (cached per RuleSet)."""
    hit = _CACHE.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    value = EncoderRules(
        bao_suits=rules.restriction("bao_suit_warning") is not None,
        bao_terminals=rules.restriction("bao_terminal_warning") is not None,
        no_claims=tuple((r.window == "always", tuple(r.claims)) for r in rules.restrictions if r.kind == "no_claims"),
    )
    _CACHE[id(rules)] = (rules, value)
    return value


class GameEncoder(Protocol):
    """The planes and masks of the seats of one table.

    ``encode(game, position, out, hands_played)`` writes a seat's planes into ``out``;
    ``fill_mask(game, position, mask)`` fills the seat's kept mask from the engine's legal
    list (and ``mask`` when it is not None) and returns how many actions are legal;
    ``observe(game, position, planes, mask, hands_played)`` does both; ``legal_action(position,
    index)`` is the action at ``index`` of that seat's kept mask, or None;
    ``observe_next(game, planes, mask, hands_played)`` observes the first seat the game waits
    for and returns its position (-1 when it waits for nobody).
    """

    def encode(self, game: Any, position: int, out: Any, hands_played: int) -> None: ...

    def fill_mask(self, game: Any, position: int, mask: Any = None) -> int: ...

    def observe(self, game: Any, position: int, planes: Any, mask: Any, hands_played: int) -> int: ...

    def observe_next(self, game: Any, planes: Any, mask: Any, hands_played: int) -> int: ...

    def legal_action(self, position: int, index: int) -> Action | None: ...


class ReferenceEncoder:
    """The pure-Python encoder over a seat's Observation (:func:`nbmj.env._reference.encode`)."""

    def __init__(self, rules: EncoderRules) -> None:
        self.rules = rules
        self._masks = np.zeros((4, L.ACTION_SIZE), dtype=np.int8)
        self._lookups: list[list[Any]] = [[None] * L.ACTION_SIZE for _ in range(4)]

    def encode(self, game: Any, position: int, out: Any, hands_played: int) -> None:
        _reference.encode(game.observation("ESWN"[position]), out, self.rules, hands_played)

    def fill_mask(self, game: Any, position: int, mask: Any = None) -> int:
        kept = self._masks[position]
        count = _reference.fill_mask(game.legal_actions("ESWN"[position]), kept, self._lookups[position])
        if mask is not None:
            mask[...] = kept
        return count

    def observe(self, game: Any, position: int, planes: Any, mask: Any, hands_played: int) -> int:
        self.encode(game, position, planes, hands_played)
        return self.fill_mask(game, position, mask)

    def observe_next(self, game: Any, planes: Any, mask: Any, hands_played: int) -> int:
        waiting = game.phase_state.to_act()
        if not waiting:
            return -1
        self.observe(game, waiting[0], planes, mask, hands_played)
        return int(waiting[0])

    def legal_action(self, position: int, index: int) -> Action | None:
        if not (0 <= index < L.ACTION_SIZE) or not self._masks[position, index]:
            return None
        action: Action = self._lookups[position][index]
        return action


def encode_observation(observation: Any, out: np.ndarray, rules: EncoderRules, hands_played: int = 0) -> None:
    """Fill ``out`` (``(N_PLANES, 42)`` uint8) with the planes of a seat's
    :class:`~nbmj.engine.observation.Observation`: what an env gives that seat, for a bot
    that is handed the Observation and not the game (the reference encoder, which reads
    nothing else; the tests hold it equal to the compiled one)."""
    _reference.encode(observation, out, rules, hands_played)


def game_encoder(rules: EncoderRules) -> GameEncoder:
    """The encoder of the selected backend: the compiled state encoder, or the reference."""
    if _compiled is not None:
        encoder: GameEncoder = _compiled(rules)
        return encoder
    return ReferenceEncoder(rules)
