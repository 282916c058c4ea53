"""The scorer and bot benchmarks run end to end on a few hands (their numbers are not checked here:
speed is claimed by running bench/score.py and bench/bots.py, never by a timed test)."""

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench" / "score.py"


def test_score_bench_runs_and_reports_every_nbmj_row():
    out = subprocess.run([sys.executable, str(BENCH), "--hands", "40", "--repeats", "1"], capture_output=True,
                         text=True, timeout=300, check=True).stdout
    rows = [line for line in out.splitlines() if line.startswith("nbmj score")]
    assert len(rows) == 3
    for row in rows:
        assert int(row[34:44].replace(",", "")) > 0  # hands per second, in its column
    wild_row = next(row for row in rows if "with wilds" in row)
    held = float(wild_row.split("wilds held:")[1].split()[0])
    assert 1 <= held <= 3  # one to three wilds were put in each hand


def test_bots_bench_runs_and_reports_every_bot_in_both_variants():
    """bench/bots.py times every built-in bot side by side (its numbers are not checked)."""
    import json

    bots = BENCH.parent / "bots.py"
    out = subprocess.run([sys.executable, str(bots), "--rounds", "1", "--hands", "1", "--json"], capture_output=True,
                         text=True, timeout=300, check=True).stdout
    result = json.loads(out)
    assert set(result["variants"]) == {"ningbo", "ninghai"}
    for rows in result["variants"].values():
        assert set(rows) == {"random", "greedy", "fast", "strong"}
        assert rows["greedy"]["vs_greedy"] == 1.0
        assert all(r["decisions"] > 0 and r["decisions_per_cpu_second"] > 0 for r in rows.values())


def test_lsp_bench_runs_and_reports_a_row_per_variant():
    bench = BENCH.parent / "lsp.py"
    out = subprocess.run([sys.executable, str(bench), "--quick", "--variant", "ninghai-tuidaoba"], capture_output=True,
                         text=True, timeout=300, check=True).stdout
    [row] = [line for line in out.splitlines() if line.startswith("ninghai-tuidaoba")]
    assert row.count(" ms") == 2 and row.rstrip().endswith("x")
