"""Compiling conditions (``when``/``each``/``forbid ... when``) into model expressions.

A condition's syntax tree (:mod:`nbmj.rules.syntax`) is checked against
:data:`~nbmj.rules.model.FEATURES` — feature names, their arguments, comparison values —
and turned into :class:`~nbmj.rules.model.Feature`, :class:`~nbmj.rules.model.Compare`,
:class:`~nbmj.rules.model.Not`, :class:`~nbmj.rules.model.AllOf` and
:class:`~nbmj.rules.model.AnyOf`. Problems are recorded through the reader.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from . import model as M
from .diagnostics import did_you_mean
from .schema import INT_RE, whole_value
from .source import Bad
from .syntax import EBool, ECompare, EFeature, ENot, ExprAst

if TYPE_CHECKING:
    from .reader import FileReader

__all__ = ["compile_expr"]


def compile_expr(e: ExprAst, reader: FileReader) -> M.Expr | None:
    """The model expression for a condition, or None after recording its problems."""
    if isinstance(e, EFeature):
        return _compile_feature(e, reader)
    if isinstance(e, ECompare):
        f = _compile_feature(e.feature, reader)
        if not INT_RE.match(e.value.text):
            reader.bad(f"a comparison needs a whole number, not {e.value.text!r}", e.value.loc)
            return None
        try:
            value = whole_value(e.value)
        except Bad as exc:
            reader.bad(exc.message, exc.loc)
            return None
        if f is None:
            return None
        return M.Compare(f, cast(M.ComparisonOp, e.op.text), value)
    if isinstance(e, ENot):
        inner = compile_expr(e.operand, reader)
        return None if inner is None else M.Not(inner)
    if isinstance(e, EBool):
        compiled = [compile_expr(o, reader) for o in e.operands]
        parts = [p for p in compiled if p is not None]
        if len(parts) < len(compiled):
            return None
        flat: list[M.Expr] = []
        cls: type[M.AllOf] | type[M.AnyOf] = M.AllOf if e.op == "and" else M.AnyOf
        for p in parts:
            flat.extend(p.operands if isinstance(p, cls) else (p,))
        return cls(tuple(flat))
    raise AssertionError(e)  # pragma: no cover


def _compile_feature(e: EFeature, reader: FileReader) -> M.Feature | None:
    name = e.name.text
    spec = M.FEATURES.get(name)
    if spec is None:
        reader.bad(f"unknown feature {name!r}{did_you_mean(name, M.FEATURES, 'feature')}", e.name.loc)
        return None
    if e.args and not spec.arg_choices:
        reader.bad(f"feature {name!r} takes no arguments", e.args[0].loc)
        return None
    slots: dict[int, str] = {}
    ok = True
    for a in e.args:
        slot = next((i for i, choices in enumerate(spec.arg_choices) if a.text in choices), None)
        if slot is None:
            allw = [w for choices in spec.arg_choices for w in choices]
            reader.bad(f"unknown argument {a.text!r} for feature {name!r}{did_you_mean(a.text, allw)}", a.loc)
            ok = False
        elif slot in slots:
            reader.bad(f"feature {name!r} takes one of {', '.join(spec.arg_choices[slot])}; {slots[slot]!r} and {a.text!r} are both given", a.loc)
            ok = False
        else:
            slots[slot] = a.text
    if not ok:
        return None
    # Arguments are kept in the order written; slots make the meaning order-free.
    return M.Feature(name, tuple(a.text for a in e.args))
