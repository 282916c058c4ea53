"""Time the hand-shape core against its peers on the same seeded hands.

    python bench/core.py            # full run
    python bench/core.py --quick    # a short one

Contestants: nbmj compiled (``nbmj.core._shape``), nbmj pure Python (``nbmj.core._reference``),
and the PyPI peers ``riichienv``, ``xiangting`` and ``mahjong`` when installed (each is
skipped with a note otherwise). Peers know no wilds, so they run on wild-free hands only; a
win check or shanten with 1-3 wilds is compared to the peers' wild-free figures. A plain
recursive Python enumerator is the baseline for decompositions. Every figure is the median
of the repeats; ratios are calls per second divided by the fastest peer's (or the
baseline's) on the same task. Times are CPU time.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from itertools import combinations_with_replacement

import numpy as np


# ---------------------------------------------------------------- hands


def winning_tiles(rng: random.Random, wilds: int) -> list:
    """A random 14-tile winning hand (4 melds + pair, at most 4 of a kind) minus ``wilds`` tiles."""
    while True:
        tiles = []
        for _ in range(4):
            if rng.random() < 0.6:
                first = 9 * rng.randrange(3) + rng.randrange(7)
                tiles += [first, first + 1, first + 2]
            else:
                tiles += [rng.randrange(34)] * 3
        tiles += [rng.randrange(34)] * 2
        if max(tiles.count(k) for k in set(tiles)) <= 4:
            rng.shuffle(tiles)
            return tiles[wilds:]


def random_tiles(rng: random.Random, n: int) -> list:
    return [t // 4 for t in rng.sample(range(136), n)]


def counts(tiles) -> list:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


def ids_136(tiles) -> list:
    """Tile ids in the 136 format (kind * 4 + copy) that riichienv reads."""
    seen = [0] * 34
    out = []
    for t in tiles:
        out.append(4 * t + seen[t])
        seen[t] += 1
    return out


def hand_set(seed: int, n: int, size: int, wilds: int) -> list:
    """Tile lists of ``size - wilds`` tiles: half winning-shaped (bent for 13), half random."""
    rng = random.Random(seed * 100 + size * 10 + wilds)
    out = []
    for i in range(n):
        if i % 2 == 0:
            tiles = winning_tiles(rng, wilds)
            if size == 13:
                tiles = tiles[1:]
        else:
            tiles = random_tiles(rng, size - wilds)
        out.append(sorted(tiles))
    return out


# ---------------------------------------------------------------- the baseline enumerator


def plain_decompositions(c: list, wilds: int) -> set:
    """Plain recursive enumerator with wilds: each group through the lowest real tile."""
    found = set()
    melds_needed = (sum(c) + wilds) // 3

    def rec(c, wilds, melds, pair, groups):
        i = next((k for k in range(34) if c[k]), None)
        if i is None:
            singles = [("chow", f, 7) for f in range(27) if f % 9 <= 6] + [("pung", k, 3) for k in range(34)]
            pairs = [pair] if pair else [("pair", k, 2) for k in range(34)]
            for p in pairs:
                for extra in combinations_with_replacement(singles, melds):
                    found.add((p, tuple(sorted(groups + list(extra)))))
            return
        for real in range(1, min(c[i], 3) + 1):
            if melds and 3 - real <= wilds:
                c[i] -= real
                rec(c, wilds - 3 + real, melds - 1, pair, groups + [("pung", i, 3 - real)])
                c[i] += real
        for real in range(1, min(c[i], 2) + 1):
            if not pair and 2 - real <= wilds:
                c[i] -= real
                rec(c, wilds - 2 + real, melds, ("pair", i, 2 - real), groups)
                c[i] += real
        if i < 27 and melds:
            for first in range(max(i - 2, 9 * (i // 9)), min(i, 9 * (i // 9) + 6) + 1):
                for mask in range(8):
                    slots = [first, first + 1, first + 2]
                    if mask >> (i - first) & 1:
                        continue
                    if any(not mask >> j & 1 and (slots[j] < i or not c[slots[j]]) for j in range(3)):
                        continue
                    used = bin(mask).count("1")
                    if used > wilds:
                        continue
                    for j in range(3):
                        if not mask >> j & 1:
                            c[slots[j]] -= 1
                    rec(c, wilds - used, melds - 1, pair, groups + [("chow", first, mask)])
                    for j in range(3):
                        if not mask >> j & 1:
                            c[slots[j]] += 1

    rec(list(c), wilds, melds_needed, None, [])
    return found


# ---------------------------------------------------------------- timing


def median_rate(fn, items, repeats: int) -> float:
    """Median calls per second of fn over items, in CPU time of this process.

    CPU time rather than wall time: on a shared machine, waiting for a core is not work.
    Everything timed runs on this one thread (the batch loops too, with the GIL released).
    """
    times = []
    for _ in range(repeats):
        start = time.process_time()
        fn(items)
        times.append(time.process_time() - start)
    return len(items) / statistics.median(times)


def interleaved_rates(entries: list, repeats: int) -> dict:
    """Median calls per second of each (name, fn, items), the contestants taking turns.

    On a machine shared with other work the load drifts during a run; timing the
    contestants one after another in every repeat (each repeat in a rotated order) lets
    the drift reach all of them alike, so their ratio holds even when the rates move.
    """
    times: dict = {name: [] for name, _, _ in entries}
    for r in range(repeats):
        for name, fn, items in entries[r % len(entries):] + entries[: r % len(entries)]:
            start = time.process_time()
            fn(items)
            times[name].append(time.process_time() - start)
    return {name: len(items) / statistics.median(times[name]) for name, _, items in entries}


def loop(f):
    def run(items):
        for item in items:
            f(item)

    return run


def loop2(f):
    def run(items):
        for a, b in items:
            f(a, b)

    return run


class Table:
    def __init__(self):
        self.rows = []

    def add(self, task, contestant, rate, note=""):
        self.rows.append((task, contestant, rate, note))

    def print(self):
        print(f"{'task':34} {'contestant':22} {'calls/s':>12} {'ns/call':>9} {'vs peer':>8} {'vs base':>8}  note")
        tasks = list(dict.fromkeys(r[0] for r in self.rows))
        for task in tasks:
            rows = [r for r in self.rows if r[0] == task]
            base = [r[2] for r in rows if r[1] == "baseline python"]
            peers = [r[2] for r in rows if r[1].startswith("peer ")]
            if not peers and not base:  # win check and shanten with wilds: vs the wild-free peers
                sibling = task.split(",")[0] + ", 0 wilds"
                peers = [r[2] for r in self.rows if r[0] == sibling and r[1].startswith("peer ")]
            for _, who, rate, note in rows:
                vs_peer = f"{rate / max(peers):7.2f}x" if peers else "       -"
                vs_base = f"{rate / base[0]:7.1f}x" if base else "       -"
                print(f"{task:34} {who:22} {rate:12,.0f} {1e9 / rate:9,.0f} {vs_peer:>8} {vs_base:>8}  {note}")
            print()


def optional(name):
    try:
        return importlib.import_module(name)
    except ImportError:
        print(f"note: {name} is not installed; skipped (pip install {name})")
        return None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands and repeats")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    n_hands = 2000 if args.quick else 20000
    n_batch = 200_000 if args.quick else 1_000_000
    n_pure = 200 if args.quick else 1000
    n_dec = 100 if args.quick else 500
    repeats = 3 if args.quick else 5

    from nbmj.core import _reference as pure

    try:
        shape = importlib.import_module("nbmj.core._shape")
    except ImportError:
        print("error: the compiled core nbmj.core._shape is not built", file=sys.stderr)
        return 1
    riichienv = optional("riichienv")
    xiangting = optional("xiangting")
    mahjong_shanten = optional("mahjong.shanten")
    mahjong_agari = optional("mahjong.agari")
    mahjong_divider = optional("mahjong.hand_calculating.divider")
    shape.shanten([0] * 33 + [2], 0)  # build the tables outside the timings
    t = Table()

    for size, task in ((14, "win check"), (13, "shanten")):
        for wilds in range(4):
            tiles = hand_set(args.seed, n_hands, size, wilds)
            vecs = [counts(x) for x in tiles]
            items = [(v, wilds) for v in vecs]
            label = f"{task} 14-tile" if size == 14 else f"{task} 13-tile"
            label += f", {wilds} wild" + ("s" if wilds != 1 else "")
            fn = shape.is_win if size == 14 else shape.shanten
            ref_fn = pure.is_win if size == 14 else pure.shanten
            # Per call: nbmj and the peers take turns in every repeat (see interleaved_rates).
            per_call = [("nbmj compiled", loop2(fn), items, "per call, list of 34, interleaved")]
            if not wilds and riichienv:
                ids136 = [ids_136(x) for x in tiles]
                per_call.append(("peer riichienv", loop(riichienv.calculate_shanten), ids136,
                                 "shanten (-1 = win), 136-ids, interleaved"))
            if not wilds and xiangting:
                four = xiangting.PlayerCount.FOUR
                per_call.append(("peer xiangting", loop(lambda v: xiangting.calculate_replacement_number(v, four)), vecs,
                                 "replacement number, interleaved"))
            if not wilds and size == 14 and mahjong_agari:
                per_call.append(("peer mahjong", loop(mahjong_agari.Agari.is_agari), vecs, "Agari.is_agari, interleaved"))
            if not wilds and size == 13 and mahjong_shanten:
                per_call.append(("peer mahjong", loop(mahjong_shanten.Shanten.calculate_shanten_for_regular_hand), vecs,
                                 "regular hand, interleaved"))
            rates = interleaved_rates([(who, run, its) for who, run, its, _ in per_call], 3 * repeats)
            for who, _, _, note in per_call:
                t.add(label, who, rates[who], note)
            t.add(label, "nbmj pure python", median_rate(loop2(ref_fn), items[:n_pure], max(1, repeats - 2)), "per call")
            arr = np.array([v for v in vecs] * (n_batch // n_hands), dtype=np.uint8)
            w = np.full(len(arr), wilds, dtype=np.int64)
            batch = shape.is_win_batch if size == 14 else shape.shanten_batch
            t.add(label, "nbmj compiled batch", median_rate(lambda a: batch(a, w), arr, repeats), f"{len(arr):,} hands")

    for wilds in range(4):
        label = f"decompositions 14-tile, {wilds} wild" + ("s" if wilds != 1 else "")
        # Winning hands only: that is where decompositions cost anything.
        vecs = [counts(x) for x in hand_set(args.seed + 1, 2 * n_dec, 14, wilds)[::2]]
        items = [(v, wilds) for v in vecs]
        for v in vecs[:20]:  # the baseline must find the same decompositions to be a fair baseline
            assert len(plain_decompositions(v, wilds)) == len(shape.decompositions(v, wilds))
        t.add(label, "nbmj compiled", median_rate(loop2(shape.decompositions), items, repeats), "per call")
        t.add(label, "nbmj pure python", median_rate(loop2(pure.decompositions), items[: n_dec // 5], 1), "per call")
        t.add(label, "baseline python", median_rate(loop2(plain_decompositions), items[: n_dec // 5], 1), "plain recursive enumerator")
        if not wilds and mahjong_divider:
            t.add(label, "peer mahjong", median_rate(loop(mahjong_divider.HandDivider.divide_hand), vecs, repeats), "HandDivider.divide_hand")

    t.print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
