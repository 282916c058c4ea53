"""The engine's hot path: the compiled :mod:`nbmj.engine._hot` when it was built, else
its pure-Python twins. ``NBMJ_PUREPYTHON=1`` forces the twins, as it does for
:mod:`nbmj.core`; :data:`BACKEND` says which is live (``"cython"`` or ``"python"``).

Imported by the game and the bots once the engine modules it names have loaded (the
compiled module calls back into them for the rare cases).
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Callable

from .._backend import compiled_module
from .actions import Action
from .claim_window import resolve_claims as reference_resolve_claims
from .dealing import deal as reference_deal
from .draws import start_turn as reference_start_turn
from .phases import ClaimWindow, Phase, Turn
from .state import TableState
from .wall import SeededDraws, WallBreak
from .turn import discard as reference_discard
from .turn import turn_actions as reference_turn_actions
from .wins import is_ready as reference_is_ready

__all__ = ["BACKEND", "compiled", "start_turn", "discard", "turn_actions", "is_ready", "resolve_claims", "deal", "seeded_random", "seeded_pair"]


#: the compiled module, None when the pure-Python twins are live
compiled: ModuleType | None = compiled_module("nbmj.engine._hot")
BACKEND = "python" if compiled is None else "cython"

start_turn: Callable[[TableState, int], Phase] = reference_start_turn
discard: Callable[[TableState, int, int], Phase] = reference_discard
turn_actions: Callable[[TableState, Turn, int], list[Action]] = reference_turn_actions
is_ready: Callable[[TableState, int], bool] = reference_is_ready
resolve_claims: Callable[[TableState, ClaimWindow], Phase] = reference_resolve_claims
deal: Callable[[TableState, tuple[int, int], WallBreak], Phase] = reference_deal
#: ``random.Random(seed)`` for an int or str seed, or its compiled twin (the same outputs)
seeded_random: Callable[[int | str], SeededDraws] = random.Random


def _seeded_pair(first: int | str, second: int | str) -> tuple[SeededDraws, SeededDraws]:
    return seeded_random(first), seeded_random(second)


#: ``(seeded_random(first), seeded_random(second))``; compiled, the two are seeded in one pass
seeded_pair: Callable[[int | str, int | str], tuple[SeededDraws, SeededDraws]] = _seeded_pair
_mt = compiled_module("nbmj.engine._mt")
if _mt is not None:
    seeded_random = _mt.MersenneTwister
    seeded_pair = _mt.seeded_pair
if compiled is not None:
    start_turn = compiled.start_turn
    discard = compiled.discard
    turn_actions = compiled.turn_actions
    is_ready = compiled.is_ready
    resolve_claims = compiled.resolve_claims
    deal = compiled.deal
