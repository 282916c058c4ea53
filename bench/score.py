"""Scored hands per second: nbmj beside ``mahjong``'s HandCalculator and ``riichienv``'s
HandEvaluator, each on its own rules, in one run.

    python bench/score.py [--hands N] [--repeats R] [--seed S]

One seeded set of closed, self-drawn winning hands (four sets and a pair) is scored by
each library: the peers with riichi rules (menzen tsumo always gives a yaku), nbmj with the
shipped ``ningbo`` variant twice, once without wilds and once with one to three of the
hand's tiles turned into wilds (the hand still wins: a wild stands for any tile), and with
``ninghai``. A peer that is not installed is skipped. Each figure is the median of the
repeats; ratios are against ``mahjong``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time


def make_hands(n: int, seed: int) -> list[list[int]]:
    """n winning 14-tile hands as kind lists (the last tile is the winning tile)."""
    rng = random.Random(seed)
    hands = []
    while len(hands) < n:
        counts = [0] * 34
        tiles: list[int] = []
        ok = True
        for _ in range(4):
            if rng.random() < 0.6:
                suit = rng.randrange(3)
                start = suit * 9 + rng.randrange(7)
                group = [start, start + 1, start + 2]
            else:
                k = rng.randrange(34)
                group = [k, k, k]
            for k in group:
                counts[k] += 1
            tiles += group
        k = rng.randrange(34)
        counts[k] += 2
        tiles += [k, k]
        if max(counts) > 4:
            ok = False
        if ok:
            rng.shuffle(tiles)
            hands.append(tiles)
    return hands


def to_136(kinds: list[int]) -> list[int]:
    used = [0] * 34
    out = []
    for k in kinds:
        out.append(k * 4 + used[k])
        used[k] += 1
    return out


def timed(fn, items, repeats: int) -> tuple[float, int]:
    rates = []
    errors = 0
    for _ in range(repeats):
        errors = 0
        t0 = time.perf_counter()
        for it in items:
            try:
                fn(it)
            except Exception:  # a peer refusing a hand still counts as a scored attempt
                errors += 1
        rates.append(len(items) / (time.perf_counter() - t0))
    return statistics.median(rates), errors


def bench_mahjong(hands, repeats):
    try:
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig
    except ImportError:
        return None
    calc = HandCalculator()
    config = HandConfig(is_tsumo=True)
    items = [(to_136(h), None) for h in hands]
    items = [(t, t[-1]) for t, _ in items]
    return timed(lambda it: calc.estimate_hand_value(it[0], it[1], config=config), items, repeats)


def bench_riichienv(hands, repeats):
    try:
        from riichienv import HandEvaluator
        from riichienv.hand import Conditions
    except ImportError:
        return None
    cond = Conditions(tsumo=True)
    items = [to_136(h) for h in hands]
    return timed(lambda t: HandEvaluator(t[:13]).calc(t[13], conditions=cond), items, repeats)


def nbmj_situations(hands, seed: int, wilds: bool, variant: str):
    from nbmj.rules import load_variant
    from nbmj.scoring import Situation

    rules = load_variant(variant)
    rng = random.Random(seed + 1)
    out = []
    for h in hands:
        tiles = list(h)
        indicator = None
        if wilds:
            # pick a wild kind with room for the indicator plus the wild copies used
            for _ in range(50):
                x = rng.randrange(34)
                n_wild = rng.randint(1, 3)
                natural = tiles.count(x)
                if natural + n_wild + 1 <= 4 and n_wild <= 3 - natural:
                    break
            else:
                x, n_wild = None, 0
            if x is not None:
                indicator = x
                for pos in rng.sample(range(14), n_wild):
                    if tiles[pos] != x:
                        tiles[pos] = x
                if tiles.count(x) > 3:
                    indicator = None
        out.append(
            Situation(seat="S", round_wind="E", concealed=tuple(tiles[:13]), win_tile=tiles[13], win_by="self_draw",
                      indicator=indicator)
        )
    return rules, out


def bench_nbmj(hands, repeats, seed, wilds, variant):
    from nbmj.scoring import score

    rules, sits = nbmj_situations(hands, seed, wilds, variant)
    if wilds:
        held = [sum(1 for t in s.concealed + (s.win_tile,) if t == s.indicator) for s in sits]
        avg = sum(held) / len(held)
    else:
        avg = 0.0
    rate, errors = timed(lambda s: score(s, rules), sits, repeats)
    return rate, errors, avg


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=20261130)
    args = ap.parse_args(argv)
    hands = make_hands(args.hands, args.seed)
    import nbmj.core

    print(f"{args.hands} winning hands, median of {args.repeats} repeats (nbmj core backend: {nbmj.core.BACKEND})")
    rows = []
    m = bench_mahjong(hands, args.repeats)
    rows.append(("mahjong HandCalculator (riichi)", m[0] if m else None, m[1] if m else None, ""))
    r = bench_riichienv(hands, args.repeats)
    rows.append(("riichienv HandEvaluator (riichi)", r[0] if r else None, r[1] if r else None, ""))
    for label, wilds, variant in (
        ("nbmj score, ningbo, no wilds", False, "ningbo"),
        ("nbmj score, ningbo, with wilds", True, "ningbo"),
        ("nbmj score, ninghai", False, "ninghai"),
    ):
        rate, errors, avg = bench_nbmj(hands, args.repeats, args.seed, wilds, variant)
        rows.append((label, rate, errors, f"avg wilds held {avg:.2f}" if wilds else ""))
    base = rows[0][1]
    print(f"{'scorer':<36}{'hands/s':>12}{'vs mahjong':>12}  notes")
    for label, rate, errors, note in rows:
        if rate is None:
            print(f"{label:<36}{'skipped (not installed)':>24}")
            continue
        ratio = f"{rate / base:.2f}x" if base else "-"
        extra = f"{note}; {errors} refused" if errors else note
        print(f"{label:<36}{rate:>12,.0f}{ratio:>12}  {extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
