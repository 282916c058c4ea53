"""How long short commands take from start to exit: CPU time of whole processes.

    python bench/startup.py [--runs N]

Each command runs N times (default 15) as a child process, in turns with the others, and its
user + system CPU time is read from the operating system when the child exits; the table
gives the median and the lowest run. ``python -c pass`` is the floor every command stands
on (the interpreter and its site-packages). ``nbmj variants`` is timed with the headers of
the variant files kept from an earlier run (as every run after the first finds them; see
``nbmj.rules.headers``) and without that cache (``NBMJ_CACHE_DIR`` set empty: every file is
parsed). The target: ``nbmj --help`` and ``nbmj variants`` under 0.1 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

TARGET = 0.1


def _nbmj() -> list[str]:
    """The ``nbmj`` console script beside this interpreter, or the same entry point run by it."""
    script = shutil.which("nbmj", path=os.path.dirname(sys.executable))
    if script is not None:
        return [script]
    return [sys.executable, "-c", "import sys; from nbmj.cli import main; sys.exit(main())"]


def cpu_seconds(argv: list[str], env: dict[str, str]) -> float:
    """User + system CPU time of one run of ``argv`` (its output thrown away)."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed with status {proc.returncode}:\n{err}")
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args(argv)
    nbmj = _nbmj()
    cache = tempfile.mkdtemp(prefix="nbmj-bench-cache-")
    warm = dict(os.environ, NBMJ_CACHE_DIR=cache)
    cold = dict(os.environ, NBMJ_CACHE_DIR="")
    cases = [
        ("python -c pass (the floor)", [sys.executable, "-c", "pass"], warm),
        ("python -c 'import nbmj'", [sys.executable, "-c", "import nbmj"], warm),
        ("python -c 'import nbmj.engine'", [sys.executable, "-c", "import nbmj.engine"], warm),
        ("nbmj --help", nbmj + ["--help"], warm),
        ("nbmj variants", nbmj + ["variants"], warm),
        ("nbmj variants, no header cache", nbmj + ["variants"], cold),
        ("nbmj hand 123m456p789s1122z", nbmj + ["hand", "123m456p789s1122z"], warm),
    ]
    cpu_seconds(nbmj + ["variants"], warm)  # the headers kept, as after any first run
    times: dict[str, list[float]] = {label: [] for label, _, _ in cases}
    for _ in range(args.runs):
        for label, command, env in cases:
            times[label].append(cpu_seconds(command, env))
    shutil.rmtree(cache, ignore_errors=True)
    print(f"CPU time of whole processes, {args.runs} runs each in turns (python {sys.version.split()[0]})")
    print(f"{'command':<36}{'median':>9}{'lowest':>9}  target")
    for label, _command, _env in cases:
        median = statistics.median(times[label])
        mark = ""
        if label in ("nbmj --help", "nbmj variants"):
            mark = f"< {TARGET:.1f} s: {'met' if median < TARGET else 'NOT met'}"
        print(f"{label:<36}{median:>8.3f}s{min(times[label]):>8.3f}s  {mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
