"""Scored hands per second: nbmj beside ``riichienv``'s HandEvaluator (Rust) and
``mahjong``'s HandCalculator, each on its own rules, in one run.

    python bench/score.py [--hands N] [--repeats R] [--seed S] [--json]
    python bench/score.py --quick     # 500 hands, 3 passes
    python bench/score.py --growth    # also: cost per hand from 1k to 100k hands, 0-4 wilds

One seeded set of closed winning hands (four sets and a pair) is scored by every
contestant, once won by self-draw and once on a discard: the peers with riichi rules
(their evaluators find the yaku and fu of every hand), nbmj with the shipped ``ningbo``
and ``ninghai`` variants. The ``ningbo`` rows hold no wild (the indicator names a kind the
hand does not hold), then one to three wilds (hand tiles turned into copies of the wild
kind: a wild stands for any tile, so the hand still wins). ``ninghai`` has no wilds.
nbmj's caches are cleared before every pass, so every pass starts cold.

Each figure is the median over the passes, which are interleaved so that a busy machine
slows every contestant alike; time is the process's CPU time (``time.process_time``).
Ratios are against riichienv's evaluator on the same win kind; the issue's targets are
printed beside them. A peer that is not installed is skipped. A row in which nbmj refuses
a hand (raises) fails the run with exit status 1: a refused hand is not a scored one.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

#: the issue's targets: nbmj's hands/s over riichienv's, without and with wilds
TARGET_NO_WILDS = 1.5
TARGET_WILDS = 1.0


def make_hands(n: int, seed: int) -> list[list[int]]:
    """n winning 14-tile hands as kind lists (the last tile is the winning tile)."""
    rng = random.Random(seed)
    hands = []
    while len(hands) < n:
        counts = [0] * 34
        tiles: list[int] = []
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.randrange(3) * 9 + rng.randrange(7)
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
        if max(counts) <= 4:
            rng.shuffle(tiles)
            hands.append(tiles)
    return hands


def to_136(kinds: Sequence[int]) -> list[int]:
    """Kinds as riichi tile ids (0-135), each copy its own id."""
    used = [0] * 34
    out = []
    for k in kinds:
        out.append(k * 4 + used[k])
        used[k] += 1
    return out


Scorer = Callable[[Any], Any]


class Row:
    """One contestant: a label, the scorer, its inputs, a note, and what runs before a pass."""

    def __init__(self, label: str, kind: str, fn: Scorer, items: list[Any], note: str = "",
                 before_pass: Callable[[], None] | None = None, wilds: bool = False, peer: bool = False) -> None:
        self.label, self.kind, self.fn, self.items, self.note = label, kind, fn, items, note
        self.before_pass, self.wilds, self.peer = before_pass, wilds, peer
        self.rates: list[float] = []
        self.refused = 0
        self.first_refusal = ""

    def run_pass(self) -> None:
        if self.before_pass is not None:
            self.before_pass()
        fn = self.fn
        refused = 0
        t0 = time.process_time()
        for item in self.items:
            try:
                fn(item)
            except Exception as exc:  # counted, and reported below: a peer may refuse a hand
                if not refused:
                    self.first_refusal = f"{type(exc).__name__}: {exc}"
                refused += 1
        elapsed = time.process_time() - t0
        self.refused = refused
        self.rates.append(len(self.items) / elapsed if elapsed > 0 else float("inf"))

    @property
    def median(self) -> float:
        return statistics.median(self.rates)


def riichienv_rows(hands: list[list[int]]) -> list[Row]:
    try:
        from riichienv import HandEvaluator
        from riichienv.hand import Conditions
    except ImportError:
        return []
    items = [to_136(h) for h in hands]
    rows = []
    for kind, cond in (("self_draw", Conditions(tsumo=True)), ("discard", Conditions(tsumo=False))):
        rows.append(Row(f"riichienv HandEvaluator, {kind}", kind,
                        (lambda t, c=cond: HandEvaluator(t[:13]).calc(t[13], conditions=c)), items, peer=True))
    return rows


def mahjong_rows(hands: list[list[int]]) -> list[Row]:
    try:
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig
    except ImportError:
        return []
    calc = HandCalculator()
    items = [to_136(h) for h in hands]
    config = HandConfig(is_tsumo=True)
    return [Row("mahjong HandCalculator, self_draw", "self_draw",
                (lambda t: calc.estimate_hand_value(t, t[-1], config=config)), items, peer=True)]


def nbmj_situations(hands: list[list[int]], seed: int, rules: Any, kind: str, wilds: int | None) -> list[Any]:
    """The hands as nbmj Situations won by ``kind``. ``wilds``: None for a variant without
    wilds; else the indicator names wild kinds the hand does not hold, and that many of the
    hand's tiles (one to three at random where it is -1) become wild copies."""
    from nbmj.rules.wilds import wild_tiles
    from nbmj.scoring import Situation

    rng = random.Random(seed + 1)
    out = []
    for h in hands:
        tiles = list(h)
        indicator = None
        if wilds is not None:
            n_wild = rng.randint(1, 3) if wilds < 0 else wilds
            choices = []
            for x in range(34):
                kinds = sorted(wild_tiles(rules.wilds, x))
                if not any(tiles.count(k) for k in kinds):
                    # the copies in play: the shown indicator stays in the wall
                    copies = [k for k in kinds for _ in range(4 - (k == x))]
                    if len(copies) >= n_wild:
                        choices.append((x, copies))
            indicator, copies = rng.choice(choices)
            for pos, wild in zip(rng.sample(range(14), n_wild), copies):
                tiles[pos] = wild
        out.append(Situation(seat="S", round_wind="E", concealed=tuple(tiles[:13]), win_tile=tiles[13], win_by=kind,
                             discarder="W" if kind == "discard" else None, indicator=indicator))
    return out


def nbmj_row(hands: list[list[int]], seed: int, variant: str, kind: str, wilds: int | None, label: str) -> Row:
    from nbmj.rules import load_variant
    from nbmj.rules.wilds import wild_tiles
    from nbmj.scoring import clear_caches, score

    rules = load_variant(variant)
    situations = nbmj_situations(hands, seed, rules, kind, wilds)
    note = ""
    if wilds:
        held = [sum(1 for t in s.concealed + (s.win_tile,) if t in wild_tiles(rules.wilds, s.indicator))
                for s in situations]
        note = f"{sum(held) / len(held):.2f} wilds a hand"
    return Row(label, kind, (lambda s: score(s, rules)), situations, note, before_pass=clear_caches,
               wilds=bool(wilds))


def contestants(hands: list[list[int]], seed: int) -> list[Row]:
    rows = riichienv_rows(hands) + mahjong_rows(hands)
    for kind in ("self_draw", "discard"):
        rows.append(nbmj_row(hands, seed, "ningbo", kind, 0, f"nbmj ningbo, no wilds, {kind}"))
        rows.append(nbmj_row(hands, seed, "ningbo", kind, -1, f"nbmj ningbo, 1-3 wilds, {kind}"))
        rows.append(nbmj_row(hands, seed, "ninghai", kind, None, f"nbmj ninghai, {kind}"))
    return rows


def growth(seed: int, repeats: int) -> list[dict[str, Any]]:
    """Cost per hand (CPU microseconds) of self-draws for 1k to 100k distinct hands without
    wilds, and for 10k hands with 1 to 4 wilds (4 in ``ningbo-7wild``, whose seven wild
    tiles allow it; ``ningbo`` has three): flat if nothing grows with the run."""
    from nbmj.rules import load_variant
    from nbmj.scoring import clear_caches, score

    out = []
    plan = [("ningbo", n, 0) for n in (1_000, 10_000, 100_000)] + [("ningbo", 10_000, w) for w in (1, 2, 3)]
    plan.append(("ningbo-7wild", 10_000, 4))
    for variant, n, w in plan:
        rules = load_variant(variant)
        situations = nbmj_situations(make_hands(n, seed + n), seed, rules, "self_draw", w)
        costs = []
        for _ in range(repeats):
            clear_caches()
            t0 = time.process_time()
            for s in situations:
                score(s, rules)
            costs.append((time.process_time() - t0) / n * 1e6)
        out.append({"variant": variant, "hands": n, "wilds": w, "us_per_hand": statistics.median(costs)})
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--quick", action="store_true", help="500 hands, 3 passes")
    ap.add_argument("--growth", action="store_true", help="also time 1k to 100k hands and 0-4 wilds")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    if args.quick:
        args.hands, args.repeats = 500, 3
    import nbmj.scoring
    from nbmj._backend import is_compiled

    backend = "cython" if is_compiled(nbmj.scoring.scorer) else "python"
    rows = contestants(make_hands(args.hands, args.seed), args.seed)
    for _ in range(args.repeats):
        for row in rows:
            row.run_pass()
    peer = {r.kind: r.median for r in rows if r.label.startswith("riichienv")}
    failed = [r for r in rows if not r.peer and r.refused]
    if args.json:
        print(json.dumps({
            "hands": args.hands, "repeats": args.repeats, "scoring_backend": backend,
            "rows": [{"label": r.label, "win_by": r.kind, "hands_per_s": r.median,
                      "vs_riichienv": r.median / peer[r.kind] if r.kind in peer else None,
                      "refused": r.refused, "note": r.note} for r in rows],
            "growth": growth(args.seed, max(1, args.repeats // 2)) if args.growth else None,
        }, indent=1))
    else:
        print(f"{args.hands} winning hands, median of {args.repeats} interleaved passes, CPU time "
              f"(nbmj scoring: {backend})")
        print(f"{'contestant':<40}{'hands/s':>10}{'vs riichienv':>14}  target / notes")
        for r in rows:
            ratio = r.median / peer[r.kind] if r.kind in peer else None
            notes = [r.note] if r.note else []
            if not r.peer and ratio is not None:
                target = TARGET_WILDS if r.wilds else TARGET_NO_WILDS
                notes.insert(0, f">= {target:.1f}x: {'met' if ratio >= target else 'NOT met'}")
            if r.refused:
                notes.append(f"{r.refused} refused ({r.first_refusal})")
            shown = f"{ratio:.2f}x" if ratio is not None else "-"
            print(f"{r.label:<40}{r.median:>10,.0f}{shown:>14}  {'; '.join(notes)}")
        if not peer:
            print("riichienv is not installed: no ratios (pip install riichienv)")
        if args.growth:
            print("\ncost per hand, self-draws, cold caches (CPU microseconds):")
            for g in growth(args.seed, max(1, args.repeats // 2)):
                print(f"  {g['variant']:<13}{g['hands']:>8,} hands, {g['wilds']} wilds: {g['us_per_hand']:7.1f} us")
    for r in failed:
        print(f"error: nbmj refused {r.refused} of the hands of {r.label!r}, first: {r.first_refusal}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
