"""Whole numbers as callers hand them in: the one reading of every seed and count that the
engine (:class:`~nbmj.engine.Game`, :class:`~nbmj.engine.Match`) and the environments of
:mod:`nbmj.env` take, so that one value is accepted or refused alike everywhere."""

from __future__ import annotations

import math
import numbers
import operator
import sys

__all__ = ["whole_number", "finite_real"]


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


def finite_real(value: object, *, above_zero: bool = False) -> float | None:
    """``value`` as a float when it is a finite real number at least 0 (above 0 with
    ``above_zero``) and not a bool, else None: the one reading of the envs' penalties and
    scales (a bool is a truth value, not an amount)."""
    if not isinstance(value, numbers.Real) or isinstance(value, bool):
        return None
    number = float(value)
    if not 0 <= number < math.inf or (above_zero and number == 0):
        return None
    return number
