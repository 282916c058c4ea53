"""The engine's seeded generators: ``random.Random`` for an int or str seed, or the compiled
MT19937 of :mod:`nbmj.engine._mt` (the same outputs; ``NBMJ_PUREPYTHON=1`` takes the library's).

The generator is not a rule: it is CPython's own algorithm, written in C for the shuffle and
the dice a hand starts with.
"""

from __future__ import annotations

import random
from typing import Callable

from .._backend import compiled_module
from .wall import SeededDraws

__all__ = ["BACKEND", "seeded_random", "seeded_pair"]


def _seeded_pair(first: int | str, second: int | str) -> tuple[SeededDraws, SeededDraws]:
    return seeded_random(first), seeded_random(second)


_mt = compiled_module("nbmj.engine._mt")
#: ``"cython"`` when the compiled generator is live, else ``"python"``
BACKEND = "python" if _mt is None else "cython"
#: ``random.Random(seed)`` for an int or str seed, or its compiled equal
seeded_random: Callable[[int | str], SeededDraws] = random.Random if _mt is None else _mt.MersenneTwister
#: ``(seeded_random(first), seeded_random(second))``; compiled, the two are seeded in one pass
seeded_pair: Callable[[int | str, int | str], tuple[SeededDraws, SeededDraws]] = _seeded_pair if _mt is None else _mt.seeded_pair
