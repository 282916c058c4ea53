"""Decisions per CPU-second of nbmj's built-in bots, side by side in one run.

    python bench/bots.py            # full run
    python bench/bots.py --quick    # a short one
    python bench/bots.py --json     # machine-readable

Each bot plays all four seats of the same seeded hands of ``ningbo`` and of ``ninghai``
(the bots decide every move: discards, claims, kongs). A bot's time is the CPU time of its
own calls (reading the observation included: it is read lazily, by the bot), not the
engine's; a decision is one call. The rounds are interleaved (one round of each bot, then
the next), so that a machine busy with other work slows every bot alike; each figure is
the median of the rounds, and the ratios divide by ``greedy``'s rate in the same run.

The strong bot keeps what the scorer told it for the rest of its hand: its first decisions
cost more than its later ones. The fast tier asks the scorer only where a variant's
minimum needs its answer (ningbo); its cost there is mostly the scorer's.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

BOTS = ("random", "greedy", "fast", "strong")
VARIANTS = ("ningbo", "ninghai")


def play(bot: str, variant: str, seeds: range) -> tuple[int, float]:
    """Decisions made by ``bot`` (all four seats) over the hands of ``seeds``, and the CPU
    time of its calls."""
    from nbmj.bots import BUILTIN_BOTS
    from nbmj.engine import Game
    from nbmj.rules import load_variant
    from nbmj.rules.model import SEATS

    rules = load_variant(variant)
    factory = BUILTIN_BOTS[bot]
    clock = time.process_time
    decisions = 0
    spent = 0.0
    for seed in seeds:
        game = Game(rules, seed)
        seats = {s: factory(seed, s, rules) for s in SEATS}
        while not game.is_over:
            seat = game.to_act[0]
            obs = game.observation(seat)
            legal = game.legal_actions(seat)
            t0 = clock()
            action = seats[seat](obs, legal)
            spent += clock() - t0
            decisions += 1
            game.step(action)
    return decisions, spent


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--rounds", type=int, default=None, help="rounds per bot (median taken)")
    parser.add_argument("--hands", type=int, default=None, help="hands per round")
    args = parser.parse_args(argv)
    rounds = args.rounds or (3 if args.quick else 7)
    hands = args.hands or (4 if args.quick else 40)
    rates: dict[str, dict[str, list[float]]] = {v: {b: [] for b in BOTS} for v in VARIANTS}
    counts: dict[str, dict[str, int]] = {v: {b: 0 for b in BOTS} for v in VARIANTS}
    for variant in VARIANTS:
        play("strong", variant, range(1))  # load the rules and the scorer's tables first
        for r in range(rounds):
            seeds = range(1000 * r, 1000 * r + hands)
            for bot in BOTS:
                n, spent = play(bot, variant, seeds)
                rates[variant][bot].append(n / max(spent, 1e-9))
                counts[variant][bot] += n
    result: dict[str, object] = {"rounds": rounds, "hands_per_round": hands, "variants": {}}
    for variant in VARIANTS:
        greedy = statistics.median(rates[variant]["greedy"])
        rows = {}
        for bot in BOTS:
            med = statistics.median(rates[variant][bot])
            rows[bot] = {"decisions_per_cpu_second": round(med), "vs_greedy": round(med / greedy, 3),
                         "decisions": counts[variant][bot], "rounds": [round(x) for x in rates[variant][bot]]}
        result["variants"][variant] = rows  # type: ignore[index]
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"decisions per CPU-second (median of {rounds} rounds of {hands} hands; ratio to greedy)")
        for variant in VARIANTS:
            print(f"\n{variant}")
            for bot, row in result["variants"][variant].items():  # type: ignore[index]
                print(f"  {bot:8s} {row['decisions_per_cpu_second']:>10,}  {row['vs_greedy']:6.3f}x")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
