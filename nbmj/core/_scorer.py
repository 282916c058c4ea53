"""Scorer support: the decompositions of a winning hand in the form :mod:`nbmj.scoring` keys.

Private and provisional: these two functions carry the scorer's key layout (per-kind codes,
``or_bits``, exposed codes), which the core should not know, and they stay only because the
scorer's speed depends on them. They are no part of :mod:`nbmj.core`'s public API and may
change with the scorer. The live backend's versions (see :data:`nbmj.core.BACKEND`); the
pure-Python reference is :mod:`nbmj.core._reference_readings`.
"""

from __future__ import annotations

from . import BACKEND
from ._reference_readings import CompactGroup, CompactSplit

if BACKEND == "cython":
    from ._shape import compact_decompositions, compact_readings
else:
    from ._reference_readings import compact_decompositions, compact_readings

__all__ = ["compact_decompositions", "compact_readings", "CompactGroup", "CompactSplit"]
