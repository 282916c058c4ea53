"""The scorer benchmark runs end to end on a few hands (its numbers are not checked here:
speed is claimed by running bench/score.py, never by a timed test)."""

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
