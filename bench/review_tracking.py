"""Does the review's disagreement count track the points a player loses?

    nbmj arena --bot strong --bot greedy --duplicate --games 150 --seed 7 --logs LOGS
    python bench/review_tracking.py LOGS [--walls 150] [--json]

A duplicate arena of two bots plays every wall in the six seatings of two seats each
(:func:`nbmj.arena.arena.seatings`; bot 0 ``strong``, bot 1 ``greedy``, as above). Every
greedy seat of every hand is reviewed (:func:`nbmj.bots.review.review_log`): its
decisions, and its disagreements with the strong bot. Two measures of what greedy lost in
that seat-hand stand against them:

* **paid**: the points the seat paid (its points in the hand, negated);
* **replaced**: the hand played again on the same wall with the same three other players
  and ``strong`` in the seat, the seat's points then less greedy's. This is the cost of
  greedy's own choices in that hand: a seat-hand in which greedy took the bot's choice at
  every decision plays out the same and costs nothing. (Every bot is built as the arena
  builds it, from the hand's seed, so the hand as logged is replayed exactly: the first
  wall is checked.)

The review's figure is taken two ways: the number of disagreements, and their share of
the seat's reviewed decisions (:attr:`nbmj.bots.review.Review.disagreement_rate`). Each
correlation is Pearson's over the seat-hands, with a 95% percentile interval from a
bootstrap over walls (the walls are independent; the hands of one wall are not). Progress
goes to standard error, the result to standard output (a line per figure, or JSON).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
from pathlib import Path
from typing import Any

#: the bot of each index of the arena's seatings
BOTS = ("strong", "greedy")
POSITIONS = "ESWN"


def pearson(xs: list[float], ys: list[float]) -> float:
    """Pearson's r (the standard library's), 0 where either side does not vary (a resample
    of few walls may hold one value only)."""
    try:
        return statistics.correlation(xs, ys)
    except statistics.StatisticsError:
        return 0.0


def bootstrap(groups: list[list[tuple[float, float]]], rounds: int = 2000, seed: int = 1) -> dict[str, Any]:
    """Pearson's correlation over every pair of ``groups`` and its 95% percentile interval
    from resampling the groups (walls) with replacement."""
    pairs = [p for g in groups for p in g]
    r = pearson([x for x, _ in pairs], [y for _, y in pairs])
    rng = random.Random(seed)
    out = []
    for _ in range(rounds):
        sample = [p for _ in groups for p in groups[rng.randrange(len(groups))]]
        out.append(pearson([x for x, _ in sample], [y for _, y in sample]))
    out.sort()
    return {"r": round(r, 3), "ci95": [round(out[int(0.025 * rounds)], 3), round(out[int(0.975 * rounds) - 1], 3)],
            "n": len(pairs)}


def play_again(header: dict[str, Any], rules: Any, bots: dict[str, str]) -> Any:
    """The hand of ``header`` played by the built-in ``bots`` (position -> name), each made
    from the hand's seed as the arena makes it; the finished game."""
    from nbmj.bots import BUILTIN_BOTS
    from nbmj.engine import Game

    game = Game(rules, header["seed"])
    players = {seat: BUILTIN_BOTS[name](game.seed, seat, rules) for seat, name in bots.items()}
    while not game.is_over:
        seat = game.to_act[0]
        game.step(players[seat](game.observation(seat), game.legal_actions(seat)))
    return game


def seat_hands(logs: Path, walls: int) -> list[list[dict[str, Any]]]:
    """Per wall, one record per greedy seat-hand: its decisions, disagreements, points and
    the points strong would have had in its place."""
    from nbmj.arena.arena import seatings
    from nbmj.bots.review import review_log
    from nbmj.engine.log import parse_log
    from nbmj.web.viewer import log_rules

    by_wall: dict[int, dict[int, Path]] = {}
    for path in logs.glob("wall*-r*.log"):
        m = re.match(r"wall(\d+)-r(\d+)\.log$", path.name)
        if m:
            by_wall.setdefault(int(m.group(1)), {})[int(m.group(2))] = path
    tables = seatings(len(BOTS))
    chosen = sorted(by_wall)[:walls]
    if not chosen:
        sys.exit(f"no arena logs (wall000000-r0.log, ...) in {str(logs)!r}")
    out = []
    for n, wall in enumerate(chosen):
        records = []
        for r, path in sorted(by_wall[wall].items()):
            text = path.read_text(encoding="utf-8")
            events = parse_log(text)
            header, end = events[0], events[-1]
            rules = log_rules(header, None)
            names = {seat: BOTS[tables[r][p]] for p, seat in enumerate(POSITIONS)}
            if n == 0 and r == min(by_wall[wall]) and play_again(header, rules, names).log_text() != text:
                sys.exit(f"{path}: the hand played again differs from its log; are these logs of strong against greedy?")
            for seat, name in names.items():
                if name != "greedy":
                    continue
                review = review_log(text, seat, rules)
                points = float(end["deltas"][seat])
                k = len(review.disagreements)
                if k:
                    instead = play_again(header, rules, {**names, seat: "strong"})
                    replaced = float(instead.result.deltas[seat]) - points
                else:  # greedy played the bot's hand: nothing differs
                    replaced = 0.0
                records.append({"disagreements": k, "rate": review.disagreement_rate, "decisions": len(review.decisions),
                                "paid": -points, "replaced": replaced})
        out.append(records)
        if (n + 1) % 10 == 0 or n + 1 == len(chosen):
            print(f"{n + 1}/{len(chosen)} walls", file=sys.stderr, flush=True)
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", type=Path, help="the --logs directory of the arena above")
    parser.add_argument("--walls", type=int, default=150, help="walls to use (from the first)")
    parser.add_argument("--json", action="store_true", help="the result as one JSON object")
    args = parser.parse_args(argv)
    walls = seat_hands(args.logs, args.walls)
    flat = [rec for w in walls for rec in w]

    def corr(x: str, y: str) -> dict[str, Any]:
        return bootstrap([[(float(rec[x]), float(rec[y])) for rec in w] for w in walls])

    result = {
        "walls": len(walls),
        "greedy_seat_hands": len(flat),
        "decisions_per_hand": round(statistics.fmean(rec["decisions"] for rec in flat), 2),
        "disagreements_per_hand": round(statistics.fmean(rec["disagreements"] for rec in flat), 2),
        "points_paid_per_hand": round(statistics.fmean(rec["paid"] for rec in flat), 3),
        "points_replaced_per_hand": round(statistics.fmean(rec["replaced"] for rec in flat), 3),
        "rate_vs_replaced": corr("rate", "replaced"),
        "rate_vs_paid": corr("rate", "paid"),
        "count_vs_replaced": corr("disagreements", "replaced"),
        "count_vs_paid": corr("disagreements", "paid"),
        "count_vs_decisions": corr("disagreements", "decisions"),
        "decisions_vs_paid": corr("decisions", "paid"),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print("\n".join(f"{key}: {json.dumps(value)}" for key, value in result.items()))
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
