"""Whole numbers as callers hand them in: the one reading of every seed and count that the
engine (:class:`~nbmj.engine.Game`, :class:`~nbmj.engine.Match`) and the environments of
:mod:`nbmj.env` take, so that one value is accepted or refused alike everywhere."""

from __future__ import annotations

import operator
import sys

__all__ = ["whole_number"]


def whole_number(value: object) -> int | None:
    """``value`` as an int when it is a whole number and not a bool, else None.

    A whole number is whatever Python would use as an index: an int, a NumPy integer or a
    0-d NumPy integer array. A float (even ``5.0``), a string or a bool (a NumPy one too,
    which older NumPy releases still let Python read as an index) is not one: taking ``5.0``
    or ``"5"`` by conversion would make two spellings of one seed look like two."""
    if type(value) is int:  # most values, read at every hand dealt: no further test
        return value
    if isinstance(value, bool):
        return None
    np = sys.modules.get("numpy")  # a NumPy value exists only once NumPy is imported
    if np is not None and isinstance(value, np.bool_):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None
