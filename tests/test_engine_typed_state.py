"""The engine's declared state compiled from its own source (``state.pxd``, ``phases.pxd``,
``wall.pxd``, ``rules_view.pxd``, and the env's ``table.pxd``): the extension types are the
dataclasses and slotted classes of the source, field for field, and ``NBMJ_PUREPYTHON=1`` loads
the source itself."""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import nbmj
from nbmj._backend import FROM_SOURCE, PLAIN_FROM_SOURCE, pure_python_forced
from nbmj.engine import Game
from nbmj.errors import GameSetupError

COMPILED = not pure_python_forced() and all(importlib.import_module(name).__file__.endswith((".so", ".pyd")) for name in FROM_SOURCE)  # type: ignore[union-attr]
needs_compiled = pytest.mark.skipif(not COMPILED, reason="the state modules are not compiled (or NBMJ_PUREPYTHON is set)")


def _source_twin(name: str) -> ModuleType:
    """Module ``name`` loaded from its .py under another name, in the same package."""
    module = importlib.import_module(name)
    package, _, leaf = name.rpartition(".")
    source = Path(module.__file__).with_name(leaf + ".py")  # type: ignore[arg-type]
    spec = importlib.util.spec_from_file_location(f"{package}._source_{leaf}", source)
    assert spec is not None and spec.loader is not None
    twin = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = twin  # dataclasses reads the module of the class it decorates
    try:
        spec.loader.exec_module(twin)
    finally:
        del sys.modules[spec.name]
    return twin


@needs_compiled
@pytest.mark.parametrize("name", sorted(FROM_SOURCE))
def test_the_compiled_classes_are_the_source_dataclasses_field_for_field(name):
    compiled, source = importlib.import_module(name), _source_twin(name)
    mine = [v for v in vars(source).values() if isinstance(v, type) and v.__module__ == source.__name__]
    for slotted in (v for v in mine if "__slots__" in vars(v)):  # a plain class: its slots are the struct's fields
        ours = getattr(compiled, slotted.__name__)
        properties = {k for k, v in vars(slotted).items() if isinstance(v, property)}
        fields = {k for k, v in vars(ours).items() if type(v).__name__ == "getset_descriptor"} - properties
        assert fields == set(slotted.__slots__), slotted.__name__
    classes = [v.__name__ for v in mine if dataclasses.is_dataclass(v)]
    # the same public names, and each a function where the source has one
    assert getattr(compiled, "__all__", None) == getattr(source, "__all__", None), name
    for public in getattr(source, "__all__", ()):
        if callable(getattr(source, public)) and not isinstance(getattr(source, public), type):
            assert callable(getattr(compiled, public)), (name, public)
    for k in classes:
        ours, theirs = getattr(compiled, k), getattr(source, k)
        assert type(ours) is type and ours.__module__ == name
        assert [(f.name, f.default, f.init, f.compare) for f in dataclasses.fields(ours)] == [
            (f.name, f.default, f.init, f.compare) for f in dataclasses.fields(theirs)
        ], k
        assert "__dict__" not in dir(ours), k  # the fields are the struct's: nothing else can be set


@needs_compiled
def test_the_modules_compiled_as_they_are_keep_their_python_classes():
    """game.py, match.py and ending.py are compiled without a .pxd: built with the state
    modules, their classes are the source's Python classes (instances keep a __dict__ or
    their __slots__ as written), and a Game still takes any int-like seed its source takes."""
    for name in PLAIN_FROM_SOURCE:
        assert importlib.import_module(name).__file__.endswith((".so", ".pyd")), name
    from nbmj.engine.game import HandResult
    from nbmj.engine.match import Match

    assert dataclasses.is_dataclass(HandResult) and Game.__slots__ == _source_twin("nbmj.engine.game").Game.__slots__
    # the source's own check answers, not a C conversion from the annotation seed: int
    # (which would truncate 2.5 or refuse it with Cython's TypeError)
    with pytest.raises(GameSetupError, match="^the seed is an integer, not 2.5$"):
        Match("ningbo", 2.5)
    assert Game("ningbo", seed=np.int64(3), log=0).seed == Game("ningbo", seed=3).seed


@needs_compiled
def test_a_compiled_state_takes_no_new_attributes_and_keeps_its_types():
    """Declared state: no attribute can be injected, and a counted field holds an int."""
    t = Game("ningbo", 3).table
    with pytest.raises(AttributeError):
        t.surprise = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        t.seats[0].surprise = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        t.kongs = "two"  # type: ignore[assignment]
    with pytest.raises(AttributeError):  # the rules view is frozen
        t.er.kept_base = 0  # type: ignore[misc]


def test_the_pure_python_run_loads_the_state_from_its_source():
    """``NBMJ_PUREPYTHON=1``: every module of FROM_SOURCE and PLAIN_FROM_SOURCE is its .py
    file, in a fresh process."""
    code = (
        "import importlib, nbmj._backend as b; "
        "print(all(importlib.import_module(n).__file__.endswith('.py') for n in b.FROM_SOURCE | b.PLAIN_FROM_SOURCE))"
    )
    env = {**os.environ, "NBMJ_PUREPYTHON": "1"}
    root = Path(nbmj.__file__).parents[1]
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=root.parent, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


def test_a_hand_plays_the_same_from_source_and_compiled():
    """The same seeded hands, compiled state or source state: the same log (the source in a
    fresh process under NBMJ_PUREPYTHON=1, this process as it is)."""
    code = (
        "from nbmj.engine import Game\n"
        "from nbmj.engine.bots import play_hand, RandomBot\n"
        "import hashlib\n"
        "h = hashlib.sha256()\n"
        "for seed in range(12):\n"
        "    g = Game('ningbo' if seed % 2 else 'ninghai', seed)\n"
        "    play_hand(g, [RandomBot(seed * 4 + i) for i in range(4)])\n"
        "    h.update(g.log_text().encode())\n"
        "print(h.hexdigest())\n"
    )
    root = Path(nbmj.__file__).parents[1]
    runs = []
    for forced in ("1", "0"):
        env = {**os.environ, "NBMJ_PUREPYTHON": forced}
        runs.append(subprocess.run([sys.executable, "-c", code], env=env, cwd=root.parent, capture_output=True, text=True, check=True).stdout)
    assert runs[0] == runs[1] and len(runs[0].strip()) == 64
