# cython: boundscheck=False, wraparound=False
"""Conditions and counts as one flat program per rule set.

A rule set's conditions (``when``), counts (``each``) and win restrictions read named
features (:mod:`nbmj.scoring.features`). A :class:`Program` gives each distinct feature
they read a *slot*, and each distinct comparison, ``not``, ``and`` and ``or`` one more,
filled by an *op*: four ints ``(op, slot, a, b)`` in a flat list, after the ops that fill
what it reads. The slots of hand-level features, and of the ops that read only those, come
first: a hand fills them once (:meth:`Program.fill_hand`); a reading fills the rest once
(:meth:`Program.fill_reading`). A condition is then the value of its slot, 0 or 1; a count
the value of its feature's slot. Equal sub-expressions share a slot, so a feature read by
several items is computed once per reading. Compiled (``expressions.pxd``), the ops run as a
C loop over C ints; under ``NBMJ_PUREPYTHON`` the same code runs as Python.

:func:`holds` and :func:`feature_value` evaluate one expression over a reading, with a
program of its own (for the tests' oracle).
"""

from __future__ import annotations

from typing import Iterable

from ..rules.model import AllOf, AnyOf, Compare, Expr, Feature, Not
from .facts import HandFacts
from .features import READING_FEATURES, FeatureImpl, implementation
from .readings import Reading

__all__ = ["Program", "holds", "feature_value", "OP_GE", "OP_GT", "OP_LE", "OP_LT", "OP_EQ", "OP_NE", "OP_NOT",
           "OP_AND", "OP_OR", "COMPARISONS"]

# The ops: each fills slot ``slot`` from slots ``a`` and ``b`` (a comparison: slot ``a``
# against the number ``b``).
OP_GE = 0
OP_GT = 1
OP_LE = 2
OP_LT = 3
OP_EQ = 4
OP_NE = 5
OP_NOT = 6
OP_AND = 7
OP_OR = 8

#: A comparison's op code.
COMPARISONS = {">=": OP_GE, ">": OP_GT, "<=": OP_LE, "<": OP_LT, "==": OP_EQ, "!=": OP_NE}


def _parts(expr: Expr) -> tuple[Expr, ...]:
    """The expressions ``expr`` is made of, directly."""
    if isinstance(expr, Compare):
        return (expr.feature,)
    if isinstance(expr, Not):
        return (expr.operand,)
    if isinstance(expr, (AllOf, AnyOf)):
        return expr.operands
    if isinstance(expr, Feature):
        return ()
    raise TypeError(f"not a condition: {expr!r}")


class Program:
    """The conditions and counts ``exprs`` compiled over slots (see the module docs).

    ``slot_of`` maps each expression, and each part of one, to its slot; slots below
    ``hand_size`` depend on the hand only. ``features`` lists the features read, hand-level
    ones first (``hand_features`` of them), ``feature_slots`` their slots and
    ``feature_impls`` their implementations, made with their arguments;
    ``ops`` the ops, those of the hand-level slots first (``hand_ops`` ints of them).
    """

    def __init__(self, exprs: Iterable[Expr | None]) -> None:
        order: list[Expr] = []  # every expression once, each after its parts
        reading: dict[Expr, bool] = {}
        for root in exprs:
            if root is None:
                continue
            stack: list[tuple[Expr, bool]] = [(root, False)]
            while stack:
                expr, parts_done = stack.pop()
                if expr in reading:
                    continue
                parts = _parts(expr)
                if parts_done or not parts:
                    if isinstance(expr, Feature):
                        implementation(expr)  # ValueError for an unknown name
                        reading[expr] = expr.name in READING_FEATURES
                    else:
                        reading[expr] = any(reading[p] for p in parts)
                    order.append(expr)
                else:
                    stack.append((expr, True))
                    stack.extend((p, False) for p in reversed(parts) if p not in reading)
        hand = [e for e in order if not reading[e]]
        read = [e for e in order if reading[e]]
        self.slot_of: dict[Expr, int] = {e: i for i, e in enumerate(hand + read)}
        self.hand_size: int = len(hand)
        self.size: int = len(order)
        features = [e for e in hand + read if isinstance(e, Feature)]
        self.hand_features: int = sum(1 for f in features if not reading[f])
        #: the features read, hand-level ones first, with their slots and implementations (made
        #: with their arguments: ValueError for an argument a feature does not know)
        self.features: list[Feature] = features
        self.feature_slots: list[int] = [self.slot_of[f] for f in features]
        self.feature_impls: list[FeatureImpl] = [implementation(f).impl(f.args) for f in features]
        ops: list[int] = []
        for e in hand:
            if not isinstance(e, Feature):
                ops.extend(self._op(e))
        self.hand_ops: int = len(ops)
        for e in read:
            if not isinstance(e, Feature):
                ops.extend(self._op(e))
        self.ops: list[int] = ops

    def _op(self, expr: Expr) -> list[int]:
        """The ops that fill the slot of ``expr`` (an ``and`` or ``or`` of more than two
        operands is a chain of ops, the last filling its slot)."""
        slot = self.slot_of[expr]
        if isinstance(expr, Compare):
            return [COMPARISONS[expr.op], slot, self.slot_of[expr.feature], expr.value]
        if isinstance(expr, Not):
            return [OP_NOT, slot, self.slot_of[expr.operand], 0]
        assert isinstance(expr, (AllOf, AnyOf))
        op = OP_AND if isinstance(expr, AllOf) else OP_OR
        operands = [self.slot_of[o] for o in expr.operands]
        if len(operands) == 1:  # the truth of the one operand
            return [OP_OR, slot, operands[0], operands[0]]
        out = [op, slot, operands[0], operands[1]]
        for other in operands[2:]:
            out += [op, slot, slot, other]
        return out

    def new_values(self) -> list[int]:
        """Room for the slots of one hand and its readings."""
        return [0] * self.size

    def fill_hand(self, hf: HandFacts, values: list[int]) -> None:
        """Fill the hand-level slots of ``values`` for the hand ``hf``."""
        for i in range(self.hand_features):
            slot = self.feature_slots[i]  # (a C index where compiled: the list is written in place)
            impl = self.feature_impls[i]
            # the hand level gives most (one C method where compiled, not value's two); a
            # feature that needs more of the hand, or has yet to work it out, says -1
            value = impl.level_value(hf)
            values[slot] = value if value >= 0 else impl.value(hf, None)  # type: ignore[arg-type]  # (no reading)
        run(self.ops, 0, self.hand_ops, values)

    def holds(self, hf: HandFacts, expr: Expr) -> bool:
        """Whether ``expr``, one of the program's and of the hand only, holds for ``hf``."""
        return self.hand_value(hf, self.slot_of[expr]) != 0

    def hand_value(self, hf: HandFacts, slot: int) -> int:
        """The value of the hand-level slot ``slot`` for ``hf``."""
        values = self.new_values()
        self.fill_hand(hf, values)
        return values[slot]

    def fill_reading(self, hf: HandFacts, rd: Reading, values: list[int]) -> None:
        """Fill the reading-level slots of ``values`` for the reading ``rd`` of ``hf``
        (whose hand-level slots are filled)."""
        for i in range(self.hand_features, len(self.feature_slots)):
            slot = self.feature_slots[i]
            impl = self.feature_impls[i]
            values[slot] = impl.value(hf, rd)
        run(self.ops, self.hand_ops, len(self.ops), values)


def run(ops: list[int], start: int, end: int, values: list[int]) -> None:
    """Run ``ops[start:end]`` over ``values``."""
    # the op codes as locals: C ints where compiled, so that each op is told by C compares
    # (a module global is looked up, and the op boxed, at every compare)
    op_and, op_or, op_not, op_ge, op_gt, op_le, op_lt, op_eq = OP_AND, OP_OR, OP_NOT, OP_GE, OP_GT, OP_LE, OP_LT, OP_EQ
    i = start
    while i < end:
        op = ops[i]
        slot = ops[i + 1]
        operand = ops[i + 2]
        a = values[operand]
        b = ops[i + 3]
        i += 4
        if op == op_and:
            values[slot] = 1 if a and values[b] else 0
        elif op == op_or:
            values[slot] = 1 if a or values[b] else 0
        elif op == op_not:
            values[slot] = 0 if a else 1
        elif op == op_ge:
            values[slot] = 1 if a >= b else 0
        elif op == op_gt:
            values[slot] = 1 if a > b else 0
        elif op == op_le:
            values[slot] = 1 if a <= b else 0
        elif op == op_lt:
            values[slot] = 1 if a < b else 0
        elif op == op_eq:
            values[slot] = 1 if a == b else 0
        else:
            values[slot] = 1 if a != b else 0


#: One-expression programs (see :func:`holds`), by expression.
_SINGLE: dict[Expr, Program] = {}


def _value(expr: Expr, hf: HandFacts, rd: Reading) -> int:
    program = _SINGLE.get(expr)
    if program is None:
        if len(_SINGLE) >= 1024:
            _SINGLE.clear()
        program = _SINGLE[expr] = Program([expr])
    values = program.new_values()
    program.fill_hand(hf, values)
    program.fill_reading(hf, rd, values)
    return values[program.slot_of[expr]]


def feature_value(feat: Feature, hf: HandFacts, rd: Reading) -> int:
    """The value of one feature over a reading."""
    return _value(feat, hf, rd)


def holds(expr: Expr, hf: HandFacts, rd: Reading) -> bool:
    """Whether a condition holds over a reading."""
    return _value(expr, hf, rd) != 0
