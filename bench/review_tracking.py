"""Does the review's disagreement count track the points a player loses?

    nbmj arena --bot strong --bot greedy --duplicate --games 150 --seed 2026 --logs LOGS
    python bench/review_tracking.py LOGS [--walls 60] [--json]

For each wall of a duplicate arena of ``strong`` against ``greedy`` (logs named as the
arena writes them, ``wall000012-r3.log``), every greedy seat of every seating is reviewed
(:func:`nbmj.bots.review.review_log`): its disagreements with the strong bot, and the
expected points at stake. Against them, the points greedy lost: per seat-hand, what the
seat paid (minus what it won); per wall, greedy's mean points per seat-hand less strong's
(the duplicate margin, which the wall's luck mostly cancels out of).

The points greedy lost are counted two ways: per seat-hand, what the seat paid; and per
wall and seat, strong's mean points in that seat of that wall less greedy's (the same
tiles, the same seat: the duplicate's own counterfactual). Disagreements are counted all,
and "material" ones (at least ``--stake`` expected points at stake). Each correlation is
Pearson's, with a 95% interval from a bootstrap over walls (walls are independent; the
hands of one wall are not).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import statistics
import sys
from pathlib import Path


def pearson(xs: list[float], ys: list[float]) -> float:
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else 0.0


def bootstrap(groups: list[list[tuple[float, float]]], rounds: int = 2000, seed: int = 1) -> tuple[float, float, float]:
    """The correlation over every pair of ``groups`` and its 95% percentile interval from
    resampling the groups (walls) with replacement."""
    pairs = [p for g in groups for p in g]
    r = pearson([x for x, _ in pairs], [y for _, y in pairs])
    rng = random.Random(seed)
    out = []
    for _ in range(rounds):
        sample = [p for _ in groups for p in groups[rng.randrange(len(groups))]]
        out.append(pearson([x for x, _ in sample], [y for _, y in sample]))
    out.sort()
    return r, out[int(0.025 * rounds)], out[int(0.975 * rounds) - 1]


#: The reasons that name a cost: a wait that cannot win, a deal-in risk, a link, paying for
#: the table, a dead wild thrown, a passed win.
COSTLY = frozenset({"no_valid_wait", "fewer_valid_waits", "deal_in", "third_meld", "bao", "dead_wild", "passed_win"})


def _json(r: tuple[float, float, float]) -> dict[str, object]:
    return {"r": round(r[0], 3), "ci95": [round(r[1], 3), round(r[2], 3)]}


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", type=Path)
    parser.add_argument("--walls", type=int, default=60, help="walls to review (from the first)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--stake", type=float, default=0.25, help="expected points at stake that make a disagreement material")
    args = parser.parse_args(argv)
    from nbmj.bots.review import review_log
    from nbmj.engine.log import parse_log

    by_wall: dict[int, list[Path]] = {}
    for path in sorted(args.logs.glob("wall*-r*.log")):
        m = re.match(r"wall(\d+)-r(\d+)\.log$", path.name)
        if m:
            by_wall.setdefault(int(m.group(1)), []).append(path)
    walls = sorted(by_wall)[: args.walls]
    # the arena's two-bot seatings (nbmj.arena.arena.seatings): bot 0 is strong, bot 1 greedy
    from nbmj.arena.arena import seatings

    tables = seatings(2)
    cells: list[list[tuple[float, float]]] = []  # per wall: (greedy's disagreements, points it lost) per seat
    material: list[list[tuple[float, float]]] = []
    staked: list[list[tuple[float, float]]] = []
    costly_groups: list[list[tuple[float, float]]] = []
    per_wall: list[list[tuple[float, float]]] = []
    hand_groups: list[list[tuple[float, float]]] = []
    for wall in walls:
        # per seat: greedy's reviews there, and each bot's points there, over the seatings
        seen: dict[str, dict[str, list[float]]] = {s: {"k": [], "big": [], "stake": [], "greedy": [], "strong": []} for s in "ESWN"}
        hands = []
        costly_hands: list[tuple[float, float]] = []
        for path in by_wall[wall]:
            r = int(re.search(r"-r(\d+)", path.name).group(1))  # type: ignore[union-attr]
            text = path.read_text(encoding="utf-8")
            end = parse_log(text)[-1]
            deltas = end.get("deltas", {}) if end.get("e") == "end" else {}
            for p, seat in enumerate("ESWN"):
                points = float(deltas.get(seat, 0))
                if tables[r][p] == 0:
                    seen[seat]["strong"].append(points)
                    continue
                review = review_log(text, seat)
                k = len(review.disagreements)
                big = sum(1 for d in review.disagreements if d.stake >= args.stake)
                costly = sum(1 for d in review.disagreements if any(r.code in COSTLY for r in d.reasons))
                costly_hands.append((float(costly), -points))
                seen[seat]["k"].append(k)
                seen[seat]["big"].append(big)
                seen[seat]["stake"].append(sum(d.stake for d in review.decisions))
                seen[seat]["greedy"].append(points)
                hands.append((float(k), -points))
        hand_groups.append(hands)
        # the points greedy loses at a seat: strong's mean there less its own (same wall, same seat)
        cells.append([(statistics.fmean(v["k"]), statistics.fmean(v["strong"]) - statistics.fmean(v["greedy"]))
                      for v in seen.values() if v["k"] and v["strong"]])
        material.append([(statistics.fmean(v["big"]), statistics.fmean(v["strong"]) - statistics.fmean(v["greedy"]))
                         for v in seen.values() if v["big"] and v["strong"]])
        staked.append([(statistics.fmean(v["stake"]), statistics.fmean(v["strong"]) - statistics.fmean(v["greedy"]))
                       for v in seen.values() if v["stake"] and v["strong"]])
        costly_groups.append(costly_hands)
        strong_mean = statistics.fmean(x for v in seen.values() for x in v["strong"])
        greedy_mean = statistics.fmean(x for v in seen.values() for x in v["greedy"])
        per_wall.append([(float(sum(k for k, _ in hands)), strong_mean - greedy_mean)])
    per_hand = bootstrap(hand_groups)
    per_costly = bootstrap(costly_groups)
    wall_level = bootstrap(per_wall)
    per_stake = bootstrap(staked)
    per_cell = bootstrap(cells)
    per_material = bootstrap(material)
    result = {
        "walls": len(walls),
        "greedy_seat_hands": sum(len(g) for g in hand_groups),
        "disagreements_per_greedy_hand": round(statistics.fmean(x for g in hand_groups for x, _ in g), 3),
        "material_stake": args.stake,
        "seat_hand_disagreements_vs_points_paid": _json(per_hand),
        "seat_hand_costly_disagreements_vs_points_paid": _json(per_costly),
        "wall_seat_disagreements_vs_points_lost_to_strong": _json(per_cell),
        "wall_seat_material_disagreements_vs_points_lost_to_strong": _json(per_material),
        "wall_seat_stakes_vs_points_lost_to_strong": _json(per_stake),
        "wall_disagreements_vs_duplicate_margin": _json(wall_level),
    }
    print(json.dumps(result, indent=None if args.json else 2))
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
