"""The RL tutorial's training script and the env benchmark run end to end on tiny budgets
(their numbers are not checked here: speed is claimed by running bench/env.py, and the
training result by running the script for minutes, as docs/tutorials/rl.rst says)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nbmj import core
from nbmj import engine

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> str:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=300, check=True, cwd=ROOT).stdout


def test_the_numpy_policy_trains_and_a_seed_repeats_the_run(tmp_path):
    saved = tmp_path / "policy.npz"
    args = ("examples/rl_reinforce.py", "--episodes", "6", "--eval-episodes", "3", "--seed", "4")
    first = json.loads(_run(*args, "--save", str(saved)))
    assert first["episodes"] == 6 and first["eval_hands"] == 3
    assert any(w != 0 for w in first["weights"].values())  # REINFORCE moved the weights
    import numpy as np

    assert np.load(saved)["weights"].shape == (len(first["weights"]),)
    again = json.loads(_run(*args))
    assert again["weights"] == first["weights"] and again["trained"] == first["trained"]


def test_the_env_benchmark_reports_every_contestant():
    out = json.loads(_run("bench/env.py", "--steps", "64", "--repeats", "2", "--json"))
    # the backends it names are those live in this install: one build makes the core and the
    # engine's hot path, and a bench run on a broken build says which fell back
    assert (out["core_backend"], out["engine_backend"]) == (core.BACKEND, engine.BACKEND)
    assert out["engine_backend"] == out["core_backend"]
    names = [row["name"] for row in out["contestants"]]
    assert names[:6] == [
        "nbmj env() AEC, wrapped", "nbmj raw_env AEC", "nbmj parallel_env", "nbmj VectorEnv N=64", "nbmj VectorEnv N=256", "nbmj MahjongEnv (single)",
    ]
    timed = [row for row in out["contestants"] if "note" not in row]
    for row in out["contestants"]:
        assert row.get("steps_per_s", 0) > 0 or row["note"].startswith("skipped")
    if any(row["name"].startswith("riichienv") for row in timed):  # ratios are per round, to RiichiEnv's
        for row in timed:
            for key in ("ratio", "cpu_ratio"):
                low, high = row[f"{key}_range"]
                assert 0 < low <= row[key] <= high
            if row["name"].startswith("riichienv"):
                assert row["ratio"] == row["cpu_ratio"] == 1.0
