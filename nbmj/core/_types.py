"""The argument types of :mod:`nbmj.core`, shared by its reference, its stub and its callers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, SupportsIndex, TypeAlias

if TYPE_CHECKING:  # NumPy is imported when a batch function first runs, not with nbmj
    import numpy as np
    import numpy.typing as npt

__all__ = ["HandLike", "Counts", "HandArray", "WildsLike"]

#: 34 counts as any sequence of whole numbers (a list, a tuple, a 1-D numpy array).
Counts: TypeAlias = "Sequence[SupportsIndex] | npt.NDArray[np.integer[Any]]"

#: A hand as the single-hand functions read it: :data:`Counts`, bytes of 34 counts, or tile
#: notation such as ``"123m456p"``.
HandLike: TypeAlias = "str | bytes | bytearray | Counts"

#: Many hands at once: a C-contiguous (N, 34) uint8 array.
HandArray: TypeAlias = "npt.NDArray[np.uint8]"

#: Wilds of a batch: one whole number for every hand, or one per hand.
WildsLike: TypeAlias = "SupportsIndex | Sequence[SupportsIndex] | npt.NDArray[np.integer[Any]]"
