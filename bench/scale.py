"""Hands per second of ``nbmj simulate`` with 1 and 2 workers, on each backend, in one run.

    python bench/scale.py              # process and ray (when installed)
    python bench/scale.py --quick      # fewer hands
    python bench/scale.py --json

Each run plays the same seeded hands (random bots, ``ningbo``) through
:func:`nbmj.arena.simulate`; the repeats are interleaved (1 worker, 2 workers, then the
next round) so that a busy machine slows both alike, and each figure is the median of the
repeats by the wall clock. Ray is started once before the timing (its start-up is not a
cost per run); the process pool is started by every run, as ``nbmj simulate`` does. The
digest of every run must be the same: the bench fails otherwise.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time


def one_run(hands: int, workers: int, backend: str) -> tuple[float, str]:
    from nbmj.arena import simulate

    t0 = time.perf_counter()
    stats = simulate("ningbo", hands, 7, "random", workers=workers, backend=backend)
    return hands / (time.perf_counter() - t0), stats["digest"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer hands and repeats")
    ap.add_argument("--json", action="store_true", help="print JSON")
    ap.add_argument("--backend", choices=["process", "ray", "both"], default="both")
    args = ap.parse_args(argv)
    hands = 300 if args.quick else 1500
    repeats = 1 if args.quick else 3
    backends = ["process", "ray"] if args.backend == "both" else [args.backend]
    notes = []
    if "ray" in backends:
        try:
            import ray
        except ImportError:
            backends.remove("ray")
            notes.append("ray is not installed: pip install 'nbmj[ray]'")
        else:
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
            one_run(20, 2, "ray")  # warm the workers: imports and the rules load once each
    rates: dict[tuple[str, int], list[float]] = {(b, w): [] for b in backends for w in (1, 2)}
    digests = set()
    for _ in range(repeats):
        for backend in backends:
            for workers in (1, 2):
                rate, digest = one_run(hands, workers, backend)
                rates[backend, workers].append(rate)
                digests.add(digest)
    if len(digests) != 1:
        print(f"the runs disagree: {len(digests)} different digests", file=sys.stderr)
        return 1
    import os

    load = os.getloadavg()[0]
    rows = []
    for backend in backends:
        one = statistics.median(rates[backend, 1])
        two = statistics.median(rates[backend, 2])
        rows.append({"backend": backend, "hands": hands, "one_worker": round(one, 1), "two_workers": round(two, 1), "speedup": round(two / one, 2)})
    if args.json:
        print(json.dumps({"rows": rows, "digest": digests.pop(), "notes": notes, "load_average": load, "cpus": os.cpu_count()}))
        return 0
    print(f"nbmj simulate, {hands} random-bot ningbo hands, median of {repeats} (hands/s by the wall clock)")
    for row in rows:
        print(f"  {row['backend']:<8} 1 worker {row['one_worker']:>8.1f}   2 workers {row['two_workers']:>8.1f}   ×{row['speedup']:.2f}")
    print(f"  load average {load:.2f} on {os.cpu_count()} CPUs when the runs ended (a busy machine leaves no core for the second worker)")
    for note in notes:
        print(f"  note: {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
