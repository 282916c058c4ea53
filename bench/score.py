"""Scored hands per second: nbmj beside ``mahjong``'s HandCalculator and ``riichienv``'s
HandEvaluator, each on its own rules, in one run.

    python bench/score.py [--hands N] [--repeats R] [--seed S]
    python bench/score.py --quick    # 500 hands, 3 passes

One seeded set of closed, self-drawn winning hands (four sets and a pair) is scored by
each library: the peers with riichi rules (menzen tsumo always gives a yaku), nbmj with the
shipped ``ningbo`` variant twice, once without wilds and once with one to three of the
hand's tiles turned into wilds (the hand still wins: a wild stands for any tile), and with
``ninghai``. A peer that is not installed is skipped. Each figure is the median of the
repeats; ratios are against ``mahjong``. Time is the process's CPU time (``time.process_time``), so
that other work on a shared machine does not skew the comparison.
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


def timed_once(fn, items) -> tuple[float, int]:
    """Hands per second for one pass over ``items``, and how many the scorer refused."""
    errors = 0
    t0 = time.process_time()
    for it in items:
        try:
            fn(it)
        except Exception:  # a peer refusing a hand still counts as a scored attempt
            errors += 1
    return len(items) / (time.process_time() - t0), errors


def bench_mahjong(hands):
    try:
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig
    except ImportError:
        return None
    calc = HandCalculator()
    config = HandConfig(is_tsumo=True)
    items = [to_136(h) for h in hands]
    return (lambda t: calc.estimate_hand_value(t, t[-1], config=config)), items, ""


def bench_riichienv(hands):
    try:
        from riichienv import HandEvaluator
        from riichienv.hand import Conditions
    except ImportError:
        return None
    cond = Conditions(tsumo=True)
    items = [to_136(h) for h in hands]
    return (lambda t: HandEvaluator(t[:13]).calc(t[13], conditions=cond)), items, ""


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
            # a wild kind with room for the indicator; one to three tiles become wild copies
            for _ in range(100):
                x = rng.randrange(34)
                n_wild = rng.randint(1, 3)
                if tiles.count(x) + n_wild <= 3:
                    break
            else:
                x = None
            if x is not None:
                indicator = x
                for pos in rng.sample([i for i in range(14) if tiles[i] != x], n_wild):
                    tiles[pos] = x
        out.append(
            Situation(seat="S", round_wind="E", concealed=tuple(tiles[:13]), win_tile=tiles[13], win_by="self_draw",
                      indicator=indicator)
        )
    return rules, out


def bench_nbmj(hands, seed, wilds, variant):
    from nbmj.scoring import clear_caches, score

    rules, sits = nbmj_situations(hands, seed, wilds, variant)
    note = ""
    if wilds:
        held = [sum(1 for t in s.concealed + (s.win_tile,) if t == s.indicator) for s in sits]
        note = f"wilds held: {sum(held) / len(held):.2f} per hand"

    def one(s):
        return score(s, rules)

    # no help from the scorer's caches (splits, scored readings) between passes: every
    # pass starts cold
    return one, sits, note, clear_caches


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--quick", action="store_true", help="500 hands, 3 passes")
    args = ap.parse_args(argv)
    if args.quick:
        args.hands, args.repeats = 500, 3
    hands = make_hands(args.hands, args.seed)
    import nbmj.core

    print(f"{args.hands} winning hands, median of {args.repeats} interleaved passes (nbmj core: {nbmj.core.BACKEND})")
    scorers = [
        ("mahjong HandCalculator (riichi)", bench_mahjong(hands)),
        ("riichienv HandEvaluator (riichi)", bench_riichienv(hands)),
        ("nbmj score, ningbo, no wilds", bench_nbmj(hands, args.seed, False, "ningbo")),
        ("nbmj score, ningbo, with wilds", bench_nbmj(hands, args.seed, True, "ningbo")),
        ("nbmj score, ninghai", bench_nbmj(hands, args.seed, False, "ninghai")),
    ]
    rates: dict[str, list[float]] = {label: [] for label, _ in scorers}
    errors: dict[str, int] = {}
    # passes are interleaved so that a busy machine slows every scorer alike
    for _ in range(args.repeats):
        for label, setup in scorers:
            if setup is None:
                continue
            fn, items, *rest = setup
            if len(rest) > 1:
                rest[1]()  # clear caches
            rate, err = timed_once(fn, items)
            rates[label].append(rate)
            errors[label] = err
    base = statistics.median(rates[scorers[0][0]]) if rates[scorers[0][0]] else None
    print(f"{'scorer':<34}{'hands/s':>10}{'vs mahjong':>12}  notes")
    for label, setup in scorers:
        if setup is None:
            print(f"{label:<34}{'skipped (not installed)':>24}")
            continue
        rate = statistics.median(rates[label])
        ratio = f"{rate / base:.2f}x" if base else "-"
        note = setup[2]
        if errors.get(label):
            note = f"{note}; {errors[label]} refused".lstrip("; ")
        print(f"{label:<34}{rate:>10,.0f}{ratio:>12}  {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
