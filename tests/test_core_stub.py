"""The typed stub of :mod:`nbmj.core` (``nbmj/core/__init__.pyi``) matches both backends.

The stub is what type checkers read instead of the run-time switch in ``__init__.py``. Each
backend must offer exactly the stub's names, and each function the stub's parameters (names,
kinds, defaults); the reference, which is typed, must carry the stub's annotations word for
word. The compiled module's own stub (``_shape.pyi``) says it has the reference's
signatures, which is checked here too, and its classes are the reference's objects.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import _core_helpers as helpers
import nbmj.core
from nbmj.core import _reference, _reference_claims, _reference_readings, _scorer

CORE = Path(nbmj.core.__file__).parent
STUB = ast.parse((CORE / "__init__.pyi").read_text(encoding="utf-8"))
SHAPE_STUB = ast.parse((CORE / "_shape.pyi").read_text(encoding="utf-8"))
REFERENCE = {name: getattr(module, name) for module in (_reference, _reference_claims, _reference_readings)
             for name in module.__all__}


def reexports(tree: ast.Module) -> set[str]:
    """Names a stub re-exports (``from m import X as X``, the stub convention)."""
    return {a.asname for node in tree.body if isinstance(node, ast.ImportFrom) for a in node.names
            if a.asname is not None and a.asname == a.name}


def functions(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    return {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}


def stub_names() -> set[str]:
    assigned = {node.target.id for node in STUB.body if isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)}
    return reexports(STUB) | set(functions(STUB)) | (assigned - {"__all__"})


def stub_parameters(node: ast.FunctionDef) -> list[tuple[str, str, object]]:
    """(name, kind, default) of each parameter, as inspect names them."""
    args = node.args
    positional = args.posonlyargs + args.args
    defaults = [inspect.Parameter.empty] * (len(positional) - len(args.defaults))
    defaults += [ast.literal_eval(d) for d in args.defaults]
    out = [(a.arg, "POSITIONAL_ONLY", d) for a, d in zip(args.posonlyargs, defaults)]
    out += [(a.arg, "POSITIONAL_OR_KEYWORD", d) for a, d in zip(args.args, defaults[len(args.posonlyargs):])]
    out += [(a.arg, "KEYWORD_ONLY", inspect.Parameter.empty if d is None else ast.literal_eval(d))
            for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    return out


def parameters(function) -> list[tuple[str, str, object]]:
    return [(p.name, p.kind.name, p.default) for p in inspect.signature(function).parameters.values()]


def backend_modules():
    found = {"reference": _reference}
    shape = helpers.compiled()
    if shape is not None:
        found["compiled"] = shape
    return found


def test_the_stub_names_the_public_api():
    assert stub_names() == set(nbmj.core.__all__) | {"BACKEND"}
    assert nbmj.core.BACKEND in ("cython", "python")


@pytest.mark.parametrize("name, module", list(backend_modules().items()))
def test_each_backend_offers_exactly_the_stub_names(name, module):
    assert set(module.__all__) == stub_names() - {"BACKEND"}


@pytest.mark.parametrize("name, module", list(backend_modules().items()))
@pytest.mark.parametrize("function", sorted(functions(STUB)))
def test_each_backend_has_the_stub_parameters(name, module, function):
    assert parameters(getattr(module, function)) == stub_parameters(functions(STUB)[function])


@pytest.mark.parametrize("function", sorted(functions(STUB)))
def test_the_reference_has_the_stub_annotations(function):
    node = functions(STUB)[function]
    signature = inspect.signature(REFERENCE[function])
    want = {a.arg: ast.unparse(a.annotation) for a in node.args.args if a.annotation is not None}
    assert {p.name: p.annotation for p in signature.parameters.values()} == want
    assert node.returns is not None and signature.return_annotation == ast.unparse(node.returns)


def test_the_compiled_stub_is_the_reference_plus_scorer_support():
    assert reexports(SHAPE_STUB) == set(_reference.__all__) | set(_reference_readings.__all__)
    shape = helpers.compiled()
    if shape is None:
        pytest.skip("compiled core not built (pure-Python run): only its stub is checked")
    for name in reexports(SHAPE_STUB):
        ours, theirs = getattr(shape, name), REFERENCE[name]
        if isinstance(theirs, type):
            assert ours is theirs, name
        else:
            assert parameters(ours) == parameters(theirs), name
            assert ours.__doc__ == theirs.__doc__, name


def test_scorer_support_is_private():
    """compact_decompositions and compact_readings carry the scorer's key layout: they live
    in nbmj.core._scorer, not in the public API."""
    for name in ("compact_decompositions", "compact_readings"):
        assert name not in nbmj.core.__all__ and not hasattr(nbmj.core, name)
        live = helpers.compiled() if nbmj.core.BACKEND == "cython" else _reference_readings
        assert getattr(_scorer, name) is getattr(live, name)
