"""The RL tutorial's training script and the env benchmark run end to end on tiny budgets
(their numbers are not checked here: speed is claimed by running bench/env.py, and the
training result by running the script for minutes, as docs/tutorials/rl.rst says)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

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
    names = [row["name"] for row in out["contestants"]]
    assert names[:5] == ["nbmj env() AEC, wrapped", "nbmj raw_env AEC", "nbmj parallel_env", "nbmj VectorEnv N=64", "nbmj VectorEnv N=256"]
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


def _bench_env():
    """bench/env.py as a module (bench/ is not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_env", ROOT / "bench" / "env.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_the_benchmarks_masked_choice_is_uniform_over_the_legal_actions():
    import numpy as np

    bench = _bench_env()
    mask = np.zeros((3, 125), dtype=np.int8)
    mask[0, [0, 7, 124]] = 1
    mask[1, 45] = 1
    mask[2, ::5] = 1
    rng = np.random.default_rng(0)
    draws = np.stack([bench.masked_choice(rng, mask) for _ in range(6000)])
    assert mask[np.arange(3), draws].all()  # never an illegal action
    assert (draws[:, 1] == 45).all()
    for row, legal in ((0, [0, 7, 124]), (2, list(range(0, 125, 5)))):
        counts = np.bincount(draws[:, row], minlength=125)[legal]
        expected = 6000 / len(legal)
        assert (abs(counts - expected) < 5 * np.sqrt(expected)).all(), counts  # every legal action, equally often


def test_the_benchmarks_masked_choice_picks_the_kth_legal_action_of_each_row():
    """The word-at-a-time running count (bench/env.py) picks, from the same uniform numbers,
    the action a plain running count along the row picks: the k-th legal one."""
    import numpy as np

    bench = _bench_env()
    shapes = np.random.default_rng(3)
    for n, width in ((1, 1), (5, 7), (64, 125), (9, 127), (33, 64)):
        for _ in range(20):
            mask = (shapes.random((n, width)) < shapes.random()).astype(np.int8)
            mask[np.arange(n), shapes.integers(0, width, n)] = 1  # at least one legal action a row
            seed = int(shapes.integers(1 << 30))
            u = np.random.default_rng(seed).random(n)
            k = (u * mask.sum(axis=1)).astype(int)
            expected = [int(np.flatnonzero(row)[kk]) for row, kk in zip(mask, k)]
            assert bench.masked_choice(np.random.default_rng(seed), mask).tolist() == expected
