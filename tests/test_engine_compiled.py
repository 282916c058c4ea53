"""The engine compiled from its own source: one text of each rule, two builds.

Every mechanic of the engine (``draws.py``, ``turn.py``, ``claim_window.py``, ...) is
compiled by Cython from its ``.py`` with the augmenting ``.pxd`` beside it, and runs as that
``.py`` under ``NBMJ_PUREPYTHON=1`` (``nbmj._backend``). These tests hold the build to that:
the modules with a ``.pxd`` are the ones compiled; no hand-written ``.pyx`` defines a rule;
a build older than its source is not run silently; and a few data layouts the compiled code
relies on hold in both builds.
"""

from __future__ import annotations

import ast
import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import nbmj
from nbmj._backend import FROM_SOURCE, PLAIN_FROM_SOURCE, is_compiled, pure_python_forced, stale_builds
from nbmj.engine import BACKEND, Game
from nbmj.engine.phases import Turn
from nbmj.engine.state import UNCLAIMED, RiverTile, TableMeld
from nbmj.engine.turn import turn_actions

PACKAGE = Path(nbmj.__file__).parent
ROOT = PACKAGE.parent
# the source checkout these tests are in: the .pyx and .pxd files are build inputs, not installed
CHECKOUT = Path(__file__).resolve().parents[1]
needs_compiled = pytest.mark.skipif(BACKEND != "cython", reason="the engine is not compiled (or NBMJ_PUREPYTHON is set)")


def test_each_augmenting_pxd_belongs_to_a_module_compiled_from_its_source():
    """A ``.pxd`` beside a ``.py`` types that module for the compiled build: the module must
    be in FROM_SOURCE (so NBMJ_PUREPYTHON loads its source), and setup.py must compile it."""
    setup = (CHECKOUT / "setup.py").read_text(encoding="utf-8")
    declared = set()
    for pxd in (CHECKOUT / "nbmj").rglob("*.pxd"):
        if pxd.with_suffix(".py").exists():
            name = ".".join(pxd.with_suffix("").relative_to(CHECKOUT).parts)
            declared.add(name)
            path = pxd.with_suffix("").relative_to(CHECKOUT).as_posix()
            assert f'"{pxd.stem}"' in setup or f'"{path}.py"' in setup, f"setup.py does not compile {name}"
    assert declared == set(FROM_SOURCE)


@needs_compiled
def test_every_module_compiled_from_source_is_compiled_in_this_build():
    for name in sorted(FROM_SOURCE | PLAIN_FROM_SOURCE):
        assert is_compiled(importlib.import_module(name)), name


def test_the_pure_python_run_loads_every_one_from_its_source():
    if pure_python_forced():
        for name in sorted(FROM_SOURCE | PLAIN_FROM_SOURCE):
            assert not is_compiled(importlib.import_module(name)), name
    else:
        assert not stale_builds()  # the build this suite runs is not older than its source


# the functions a rule may be written in: the engine's mechanics and the scorer
_RULE_MODULES = ("nbmj/engine", "nbmj/scoring")


def test_no_hand_written_cython_module_defines_a_rule_of_the_engine_or_the_scorer():
    """The only hand-written ``.pyx`` files left are not rules: the hand-shape core, the RNG,
    the RL encoder's memory layout. None of them defines a function named after a mechanic of
    the engine (the names its hand-written twins had)."""
    words = ("offer", "deal", "discard", "start_turn", "draw_head", "self_win", "discard_win", "may_reach", "is_ready",
             "claim_option", "resolve", "note_pass", "take_meld", "chi_ban", "chi_leaves", "replace_flower", "after_draw",
             "turn_action", "turn_code", "step_offered", "step_marked", "legal_for", "_enter", "greedy", "best_discard")
    for pyx in sorted((CHECKOUT / "nbmj").rglob("*.pyx")):
        rel = pyx.relative_to(CHECKOUT).as_posix()
        assert not rel.startswith(_RULE_MODULES) or rel == "nbmj/engine/_mt.pyx", f"{rel}: a hand-written twin in a rule package"
        if rel.startswith("nbmj/core/"):
            continue  # the hand-shape core: shapes, waits, shanten (claim_options reads shapes only)
        source = pyx.read_text(encoding="utf-8")
        for line in source.splitlines():
            stripped = line.strip()
            if stripped.startswith(("def ", "cdef ", "cpdef ")) and "(" in stripped:
                name = stripped.split("(")[0].split()[-1]
                assert not any(w in name for w in words), f"{rel}: {stripped}"


def test_a_discard_lies_in_the_river_as_one_shared_record_per_tile():
    """Records are immutable, so the river shares ``UNCLAIMED[tile]`` (a hand makes no object
    per discard); a claim replaces it with a new record, which the encoder's identity check of
    a seat's last river record relies on."""
    assert [r == RiverTile(t, None) for t, r in enumerate(UNCLAIMED)] == [True] * 42
    game = Game("ningbo", seed=11, log=False)
    while not game.is_over:
        game.step(game.legal_actions(game.to_act[0])[-1])  # pass on claims: passes, then discards
    rivers = [record for seat in game.table.seats for record in seat.river]
    assert rivers and all(r is UNCLAIMED[r.tile] for r in rivers if r.claimed_by is None)
    claimed = Game("ningbo", seed=3)
    while not claimed.is_over and not any(r.claimed_by for s in claimed.table.seats for r in s.river):
        seat = claimed.to_act[0]
        claimed.step(claimed.legal_actions(seat)[0])
    taken = [r for s in claimed.table.seats for r in s.river if r.claimed_by]
    assert taken and all(type(r) is RiverTile and r is not UNCLAIMED[r.tile] for r in taken)


def test_the_turn_options_fit_any_counts_of_a_hand():
    """The seat on turn's options for counts no hand of the game holds (a concealed kong of
    every kind, an added kong of every kind, two pungs of one tile): every kong listed once, in
    tile order, and the discards after them."""
    g = Game("ningbo", 5)
    t = g.table
    ph = t.phase
    assert isinstance(ph, Turn)
    p = ph.seat
    hand = t.seats[p].hand
    for k in range(34):
        hand[k] = 4
    g.invalidate()
    kinds = [a.kind for a in turn_actions(t, ph, p)]
    wilds = len([k for k in t.wt.wild_ids if k < 34])
    assert kinds.count("ankan") == 34 - (0 if t.er.wild_kong else wilds) and kinds.count("discard") == 34
    t.seats[p].melds[:] = [TableMeld("pon", (k,) * 3, None) for k in range(34)]
    assert [a.tile for a in turn_actions(t, ph, p) if a.kind == "kakan"] == list(range(34))
    t.seats[p].melds[:] = [TableMeld("pon", (k % 34,) * 3, None) for k in range(50)]  # pungs of one tile twice
    kakans = [a.tile for a in turn_actions(t, ph, p) if a.kind == "kakan"]
    assert kakans == sorted(kakans) and set(kakans) == set(range(34))


@needs_compiled
def test_a_build_older_than_its_source_runs_the_source_and_says_so(tmp_path):
    """An edit to a ``.py`` of an in-place build is never ignored: a copy of the package in a
    source checkout (a setup.py beside it) whose ``draws.py`` is newer than its compiled module
    runs every engine module from source, with one StaleBuildWarning naming the file; the copy
    as built runs compiled, silently, and so does an installed copy (no setup.py), whose files'
    times are those of its unpacking."""
    copy = tmp_path / "nbmj"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    code = ("import warnings\nwarnings.simplefilter('always')\n"
            "with warnings.catch_warnings(record=True) as seen:\n"
            "    import nbmj.engine as e\n"
            "print(e.BACKEND, [str(w.message) for w in seen if w.category.__name__ == 'StaleBuildWarning'])\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    env.pop("NBMJ_PUREPYTHON", None)

    def run() -> str:
        return subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True, check=True).stdout

    # as an in-place build leaves it: every compiled module newer than its sources (an
    # installed copy's files carry the times of their unpacking, in any order)
    built = max(p.stat().st_mtime for p in copy.rglob("*")) + 5
    for module in copy.rglob("*.so"):
        os.utime(module, (built, built))
    (tmp_path / "setup.py").write_text("", encoding="utf-8")
    assert run().startswith("cython []")
    source = copy / "engine" / "draws.py"
    later = max(p.stat().st_mtime for p in (copy / "engine").glob("draws.*.so")) + 10
    os.utime(source, (later, later))
    (tmp_path / "setup.py").unlink()
    assert run().startswith("cython []")  # installed: not judged by its files' times
    (tmp_path / "setup.py").write_text("", encoding="utf-8")
    out = run()
    assert out.startswith("python ["), out
    assert "nbmj/engine/draws.py is newer than draws." in out and "build_ext --inplace" in out
    assert ast.literal_eval(out.split(" ", 1)[1]).__len__() == 1  # said once
