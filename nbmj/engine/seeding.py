"""The engine's seeded generators: ``random.Random`` for an int or str seed, or the compiled
MT19937 of :mod:`nbmj.engine._mt` (the same outputs; ``NBMJ_PUREPYTHON=1`` takes the library's).

The generator is not a rule: it is CPython's own algorithm, written in C for the shuffle and
the dice a hand starts with.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Callable, Protocol

from .._backend import compiled_module
from .wall import SeededDraws

__all__ = ["BACKEND", "Reseedable", "seeded_random", "seeded_pair", "reseed", "draw_below"]


class Reseedable(SeededDraws, Protocol):
    """A seeded generator that can be seeded again in place (``random.Random.seed``)."""

    def seed(self, a: int | str, /) -> None: ...


def _seeded_pair(first: int | str, second: int | str) -> tuple[SeededDraws, SeededDraws]:
    return seeded_random(first), seeded_random(second)


def _reseed(generators: Sequence[Reseedable], seeds: Sequence[int | str]) -> None:
    if len(generators) != len(seeds):
        raise ValueError(f"one seed per generator: {len(generators)} generators, {len(seeds)} seeds")
    for rng, seed in zip(generators, seeds):
        rng.seed(seed)


def _draw_below(rng: SeededDraws, n: int) -> int:
    """``rng._randbelow(n)`` of CPython's ``random.Random`` (``0 < n``): draws of ``n``'s bit
    length from ``rng.getrandbits`` until one is below ``n``."""
    k = 0  # n.bit_length()
    while n >> k:
        k += 1
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


_mt = compiled_module("nbmj.engine._mt")
#: ``"cython"`` when the compiled generator is live, else ``"python"``
BACKEND = "python" if _mt is None else "cython"
#: ``random.Random(seed)`` for an int or str seed, or its compiled equal
seeded_random: Callable[[int | str], Reseedable] = random.Random if _mt is None else _mt.MersenneTwister
#: ``(seeded_random(first), seeded_random(second))``; compiled, the two are seeded in one pass
seeded_pair: Callable[[int | str, int | str], tuple[SeededDraws, SeededDraws]] = _seeded_pair if _mt is None else _mt.seeded_pair
#: ``rng.seed(s)`` for each generator made by :data:`seeded_random` and its seed; compiled,
#: up to four are seeded in one pass (a table seeds its bots' generators at every new hand)
reseed: Callable[[Sequence[Reseedable], Sequence[int | str]], None] = _reseed if _mt is None else _mt.reseed
#: ``draw_below(rng, n)``: ``random.Random._randbelow(n)`` drawn from ``rng``, a
#: ``random.Random``, a generator made by :data:`seeded_random`, or another with its
#: ``getrandbits`` (the random bot's choice); compiled, a C function, which draws from a
#: generator of :data:`seeded_random` in C
draw_below: Callable[[SeededDraws, int], int] = _draw_below if _mt is None else _mt.draw_below
