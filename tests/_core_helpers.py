"""Shared pieces of the core tests: the backends under test and hand strategies.

tests/conftest.py puts tests/ on sys.path (the suite runs with ``--import-mode=importlib``,
which leaves it off), so test files import this module and ``oracle`` by name.
"""

from __future__ import annotations

import importlib
import marshal
import os

from hypothesis import assume
from hypothesis import strategies as st

import nbmj.core
from nbmj.core import _reference

PURE = os.environ.get("NBMJ_PUREPYTHON", "") not in ("", "0")


def compiled():
    """The compiled module, or None when the run is pure-Python and it is not built."""
    try:
        return importlib.import_module("nbmj.core._shape")
    except ImportError:
        if PURE:
            return None
        raise


def backends():
    """The live backend and the reference, plus the compiled module when it is importable."""
    found = {"live": nbmj.core, "reference": _reference}
    shape = compiled()
    if shape is not None:
        found["compiled"] = shape
    return found


def unshared_int(value: int) -> int:
    """An int equal to ``value`` (0-255) but, in CPython, not the interpreter's shared object
    for it: marshal's multi-digit form builds a new one. The compiled list reader must read
    such ints as well as the shared ones (it looks the shared ones up by identity)."""
    return marshal.loads(b"l\x01\x00\x00\x00" + bytes([value, 0])) if value else marshal.loads(b"l\x00\x00\x00\x00")


def counts_of(kinds) -> list:
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return counts


@st.composite
def hands(draw, complete=None, max_wilds=4, max_melds=4):
    """(counts, wilds): random hands, or winning hands bent a little, holding 0-max_wilds wilds.

    ``complete`` True gives 3n+2 totals, False 3n+1, None either.
    """
    n = draw(st.integers(0, max_melds))
    is_complete = draw(st.booleans()) if complete is None else complete
    size = 3 * n + (2 if is_complete else 1)
    wilds = draw(st.integers(0, min(max_wilds, size)))
    reals = size - wilds
    if draw(st.booleans()):
        ids = draw(st.lists(st.integers(0, 135), min_size=reals, max_size=reals, unique=True))
        return counts_of(i // 4 for i in ids), wilds
    # Near-win: n melds and a pair, a tile dropped for 3n+1, wilds taking some places,
    # then a few tiles swapped for random ones.
    tiles = []
    for _ in range(n):
        if draw(st.booleans()):
            suit = draw(st.integers(0, 2))
            first = 9 * suit + draw(st.integers(0, 6))
            tiles += [first, first + 1, first + 2]
        else:
            tiles += [draw(st.integers(0, 33))] * 3
    tiles += [draw(st.integers(0, 33))] * 2
    tiles = draw(st.permutations(tiles))[: 3 * n + 2 - (0 if is_complete else 1)]
    tiles = tiles[wilds:]
    swaps = draw(st.integers(0, 2))
    for j in range(min(swaps, len(tiles))):
        tiles[j] = draw(st.integers(0, 33))
    counts = counts_of(tiles)
    assume(max(counts) <= 4)
    return counts, wilds
