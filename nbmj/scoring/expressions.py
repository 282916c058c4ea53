"""Conditions and counts over a reading: compiled to closures for the scorer
(:func:`compile_expr`), or interpreted (:func:`holds`, :func:`feature_value`) by the plain
item pass that ``hand_fu`` and the tests' oracle use. Both give the same values."""

from __future__ import annotations

import operator
from functools import partial
from typing import Any, Callable

from ..rules.model import AllOf, AnyOf, Compare, Expr, Feature, Not
from ..tiles import N_KINDS
from .facts import HandFacts, tile_in_class
from .features import READING_FEATURES, implementation, parse_pungs_args
from .readings import Reading

__all__ = ["Compiled", "compile_expr", "feature_value", "holds"]

#: A compiled condition or count: its value over the hand facts and a reading (the reading
#: is None where a hand-level expression is evaluated once per hand).
Compiled = Callable[[HandFacts, Any], int]

#: The comparison operators (written in C: no Python frame per call).
_OPS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge, "<=": operator.le, "==": operator.eq, "!=": operator.ne, ">": operator.gt, "<": operator.lt,
}


def _specialise(name: str, args: tuple[str, ...]) -> Compiled | None:
    """Faster closures for the features read in every reading (same values as the registry's)."""
    if name == "wait" and args:
        want = args[0]
        return lambda hf, rd: rd.wait == want
    if name != "pungs":
        return None
    cls, exp, size = parse_pungs_args(args)
    if cls is None:
        def count(hf: HandFacts, rd: Reading) -> int:
            return sum(1 for g in rd.pungs if (size is None or g.size == size) and (exp is None or g.exposed == exp))
        return count
    if cls in ("seat_wind", "round_wind"):
        seat = cls == "seat_wind"
        if size is None and exp is None:
            def count_wind_any(hf: HandFacts, rd: Reading) -> int:
                return [g.first for g in rd.pungs].count(hf.seat_kind if seat else hf.round_kind)
            return count_wind_any

        def count_wind(hf: HandFacts, rd: Reading) -> int:
            k = hf.seat_kind if seat else hf.round_kind
            return sum(1 for g in rd.pungs if g.first == k and (size is None or g.size == size)
                       and (exp is None or g.exposed == exp))
        return count_wind
    members = frozenset(k for k in range(N_KINDS) if tile_in_class(k, cls, -1, -1))
    if size is None and exp is None:
        def count_cls_any(hf: HandFacts, rd: Reading) -> int:
            return len([g for g in rd.pungs if g.first in members])
        return count_cls_any

    def count_cls(hf: HandFacts, rd: Reading) -> int:
        return sum(1 for g in rd.pungs if g.first in members
                   and (size is None or g.size == size) and (exp is None or g.exposed == exp))
    return count_cls


def compile_expr(expr: Expr) -> tuple[Compiled, bool]:
    """A condition or feature as ``(function(hf, rd) -> int, depends_on_reading)``.

    Features give their value; conditions give 0 or 1.
    """
    if isinstance(expr, Feature):
        fd = implementation(expr)
        level = expr.name in READING_FEATURES
        special = _specialise(expr.name, expr.args)
        if special is not None:
            return special, level
        # a partial (written in C) adds no Python frame to each call, as a lambda would
        return partial(fd.impl, expr.args), level
    # Below, ``1 if ... else 0`` is int(...) of the same truth value, without the call.
    if isinstance(expr, Compare):
        fn, level = compile_expr(expr.feature)
        op = _OPS[expr.op]
        value = expr.value
        return (lambda hf, rd: 1 if op(fn(hf, rd), value) else 0), level
    if isinstance(expr, Not):
        inner, level = compile_expr(expr.operand)
        return (lambda hf, rd: 0 if inner(hf, rd) else 1), level
    if isinstance(expr, (AllOf, AnyOf)):
        parts = [compile_expr(o) for o in expr.operands]
        fns = tuple(f for f, _ in parts)
        level = any(lv for _, lv in parts)
        if len(fns) == 2:  # the common case, without a generator
            f1, f2 = fns
            if isinstance(expr, AllOf):
                return (lambda hf, rd: 1 if f1(hf, rd) and f2(hf, rd) else 0), level
            return (lambda hf, rd: 1 if f1(hf, rd) or f2(hf, rd) else 0), level
        if isinstance(expr, AllOf):
            return (lambda hf, rd: int(all(f(hf, rd) for f in fns))), level
        return (lambda hf, rd: int(any(f(hf, rd) for f in fns))), level
    raise TypeError(f"not a condition: {expr!r}")


def feature_value(feat: Feature, hf: HandFacts, rd: Reading) -> int:
    """The value of one feature over a reading."""
    values = rd._values
    v = values.get(feat)
    if v is None:
        v = implementation(feat).impl(feat.args, hf, rd)
        values[feat] = v
    return v


def holds(expr: Expr, hf: HandFacts, rd: Reading) -> bool:
    """Whether a condition holds over a reading."""
    if isinstance(expr, Feature):
        return feature_value(expr, hf, rd) != 0
    if isinstance(expr, Compare):
        return _OPS[expr.op](feature_value(expr.feature, hf, rd), expr.value)
    if isinstance(expr, Not):
        return not holds(expr.operand, hf, rd)
    if isinstance(expr, AllOf):
        return all(holds(o, hf, rd) for o in expr.operands)
    if isinstance(expr, AnyOf):
        return any(holds(o, hf, rd) for o in expr.operands)
    raise TypeError(f"not a condition: {expr!r}")
