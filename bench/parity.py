"""Both builds play random variants alike: the long run of tests/test_random_variants.py.

    python bench/parity.py                       # 300 variants x 20 hands
    python bench/parity.py --variants 50 --hands 4 --first 1000

Random valid variants are drawn from the rule language's settings space (every section's
settings, combinations no shipped variant uses: tests/_random_variants.py), and every hand
of each is played twice: in this process on the compiled build, and in a child process on
the pure-Python source (``NBMJ_PUREPYTHON=1``), random bots on even seeds and greedy bots on
odd ones. The event logs' SHA-256 digests must be equal, hand for hand. The run prints its
progress, every variant that differs (with its text), and exits 1 if any did.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path.insert(0, str(TESTS))

from _random_variants import hand_digests, random_variant  # noqa: E402

from nbmj.engine import BACKEND  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", type=int, default=300, help="random variants (default 300)")
    ap.add_argument("--hands", type=int, default=20, help="hands of each (default 20)")
    ap.add_argument("--first", type=int, default=0, help="the seed of the first variant (default 0)")
    ap.add_argument("--chunk", type=int, default=10, help="variants per child process (default 10)")
    args = ap.parse_args()
    if BACKEND != "cython":
        print("the engine is not compiled here (or NBMJ_PUREPYTHON is set): nothing to compare", file=sys.stderr)
        return 2
    env = dict(os.environ, NBMJ_PUREPYTHON="1")
    seeds = list(range(args.first, args.first + args.variants))
    differing: list[int] = []
    hands = 0
    start = time.perf_counter()
    for at in range(0, len(seeds), args.chunk):
        chunk = seeds[at:at + args.chunk]
        compiled = hand_digests(chunk, args.hands)
        child = subprocess.run([sys.executable, str(TESTS / "_random_variants.py"), "--digests", str(args.hands), *map(str, chunk)],
                               capture_output=True, text=True, env=env, cwd=TESTS, check=True)
        pure = json.loads(child.stdout)
        for seed in chunk:
            hands += args.hands
            if compiled[str(seed)] != pure[str(seed)]:
                differing.append(seed)
                print(f"variant {seed} differs; its text:\n{random_variant(seed)[0]}", flush=True)
        done = at + len(chunk)
        print(f"{done}/{len(seeds)} variants, {hands} hands on each build, {len(differing)} differing "
              f"({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)
    print(json.dumps({"variants": len(seeds), "hands_per_variant": args.hands, "first": args.first, "hands": hands,
                      "differing": differing}))
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
