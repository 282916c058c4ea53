"""The engine's layers can be seen: every module imports downward only.

The data the engine works on (the declared state, the phases, the wall, the rules view, the
records and results) sits at the bottom; the mechanics that are the rules (draws, the turn,
the claim window, kongs, wins, the restrictions, dealing, the end) above it; the façade that
runs a hand (``Game``, matches, the bots' loop, the claims query) on top. A module may import
its own layer and the ones below, never one above, and no two modules import each other at
run time: each can be read, imported and tested without the layers above it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import nbmj.engine

ENGINE = Path(nbmj.engine.__file__).parent

#: every module of nbmj.engine, by layer, the bottom first
LAYERS: tuple[tuple[str, ...], ...] = (
    ("actions", "precomputed", "claims", "wall", "rules_view", "state", "phases", "results", "settle", "liability", "seeding", "log"),
    ("restrictions", "wins", "ending", "draws", "kongs", "claim_window", "turn", "dealing", "explain", "observation"),
    ("game", "match", "bots", "claim_query", "script", "__init__"),
)
LAYER = {name: i for i, layer in enumerate(LAYERS) for name in layer}


def _imports(path: Path) -> list[tuple[str, bool]]:
    """The engine modules ``path`` imports, each with whether the import is for type checking
    only (under ``if TYPE_CHECKING:``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            typing_only |= {id(n) for child in node.body for n in ast.walk(child)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names = [node.module.split(".")[0]] if node.module else [a.name for a in node.names]
            out += [(name, id(node) in typing_only) for name in names]
    return out


GRAPH = {path.stem: _imports(path) for path in ENGINE.glob("*.py")}


def test_every_engine_module_has_a_layer():
    assert set(GRAPH) == set(LAYER)


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_a_module_imports_its_own_layer_and_the_ones_below_only(module):
    upward = [name for name, _ in GRAPH[module] if LAYER[name] > LAYER[module]]
    assert not upward, f"{module} (layer {LAYER[module]}) imports {upward} from above"


def test_no_two_engine_modules_import_each_other_at_run_time():
    graph = {m: {name for name, typing in deps if not typing} for m, deps in GRAPH.items()}
    seen: dict[str, int] = {}  # 1 on the path, 2 done

    def visit(module: str, path: list[str]) -> None:
        seen[module] = 1
        for name in sorted(graph[module]):
            if seen.get(name) == 1:
                raise AssertionError("an import cycle: " + " -> ".join(path[path.index(name):] + [module, name]))
            if name not in seen:
                visit(name, path + [module])
        seen[module] = 2

    for module in sorted(graph):
        if module not in seen:
            visit(module, [])
