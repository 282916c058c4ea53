"""The arena: bots against each other over seeded walls, with confidence intervals.

Up to four bots take the four seats (fewer are repeated in turn: two bots A B sit A B A B).
Each *wall* ``w`` is dealt from :func:`~nbmj.arena.simulation.game_seed` ``(seed, w)``. In
a plain arena the bots move one seat on from wall to wall, so each deals equally often;
with ``duplicate`` every wall is played four times, the bots rotated through the seats, so
that the luck of the deal cancels out. East deals every hand.

A bot's score for a wall is its mean points per hand over the seats it held; its mean
points per hand and the 95% confidence interval are over walls (which are independent),
and so is the margin between two bots (the mean of their per-wall difference).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..errors import NbmjError
from .backends import Record, Task, check_seed, fold_records, make_log_directory, run_task, write_log
from .simulation import Digest, _numbered, game_seed
from .stats import ClusteredRate, Running

__all__ = ["ArenaTask", "ArenaTally", "arena_labels", "run_arena", "seatings", "SEAT_ORDER"]

SEAT_ORDER = ("E", "S", "W", "N")


class ArenaError(NbmjError, ValueError):
    """An arena that cannot be set up as asked."""


def arena_labels(specs: Sequence[str]) -> list[str]:
    """A distinct label per bot: its spec, with ``#2``, ``#3`` for repeats."""
    seen: dict[str, int] = {}
    out = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        out.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return out


def seatings(bots: int) -> list[tuple[int, ...]]:
    """The distinct seatings of ``bots`` (1 to 4) bots: for each seating, the bot at each
    position E S W N. Two bots get the six tables with two seats each; others the rotations
    of A B C A (three), A B C D (four), and one table for a single bot."""
    if bots == 2:
        return [(0, 0, 1, 1), (0, 1, 0, 1), (0, 1, 1, 0), (1, 0, 0, 1), (1, 0, 1, 0), (1, 1, 0, 0)]
    slots = [i % bots for i in range(4)]
    out: list[tuple[int, ...]] = []
    for r in range(4):
        seating = tuple(slots[(p - r) % 4] for p in range(4))
        if seating not in out:
            out.append(seating)
    return out


@dataclass
class ArenaTask(Task):
    """The work of an arena: unit ``w`` is wall ``w`` (one hand, or one per seating with ``duplicate``)."""

    variant: str
    seed: int
    specs: list[str]
    duplicate: bool = False
    time_limit: float | None = 5.0
    on_fault: str = "default"
    forfeit_penalty: int = 30
    logs: str | None = None
    _seats: list[list[Any]] = field(default_factory=list, repr=False)
    _seatings: list[tuple[int, ...]] = field(default_factory=list, repr=False)
    _rules: Any = field(default=None, repr=False)

    def setup(self) -> None:
        from ..bots import make_seat
        from ..rules import load_variant

        self._rules = load_variant(self.variant)
        self._seatings = seatings(len(self.specs))
        # one seat object per position that a bot can hold: bot b holds at most
        # max-per-seating positions, each its own seat (a bot program runs once per seat)
        per_bot = [max(s.count(b) for s in self._seatings) for b in range(len(self.specs))]
        self._seats = [[make_seat(self.specs[b], time_limit=self.time_limit, on_fault=self.on_fault) for _ in range(n)]
                       for b, n in enumerate(per_bot)]
        if self.logs:
            os.makedirs(self.logs, exist_ok=True)

    def teardown(self) -> None:
        for seats in self._seats:
            for seat in seats:
                seat.close()
        self._seats = []

    def run(self, start: int, stop: int) -> list[Record]:
        from ..bots import play_seated_hand
        from ..engine import Game

        out = []
        for wall in range(start, stop):
            s = game_seed(self.seed, wall)
            chosen = range(len(self._seatings)) if self.duplicate else (wall % len(self._seatings),)
            hands = []
            for r in chosen:
                seating = self._seatings[r]
                game = Game(self._rules, s)
                used = [0] * len(self.specs)
                table = {}
                for p, b in enumerate(seating):
                    table[SEAT_ORDER[p]] = self._seats[b][used[b]]
                    used[b] += 1
                played = play_seated_hand(game, table, wall * len(self._seatings) + r)
                if self.logs:
                    write_log(self.logs, f"wall{wall:06d}-r{r}.log", game.log_text())
                hands.append(
                    {
                        "seating": r,
                        "bots": {SEAT_ORDER[p]: b for p, b in enumerate(seating)},
                        "outcome": played.result.outcome,
                        "winners": [
                            {"seat": w["seat"], "win_by": w["win_by"], "points": w["points"], "from": w["from"]} for w in played.result.winners
                        ],
                        "deltas": played.deltas(self.forfeit_penalty),
                        "faults": [f.to_json() for f in played.faults],
                        "forfeits": list(played.forfeits),
                        "play": _play_digest(game.events),
                    }
                )
            out.append({"wall": wall, "hands": hands})
        return out


def _play_digest(events: list[dict[str, Any]]) -> str:
    """A short digest of a hand's events: equal for two hands that played out alike."""
    import hashlib
    import json

    return hashlib.sha256(json.dumps(events, separators=(",", ":")).encode()).hexdigest()[:16]


class _BotTally:
    __slots__ = ("per_wall", "seat_hands", "wins", "self_draws", "deal_ins", "draws", "faults", "forfeits", "points",
                 "win_rate", "deal_in_rate", "draw_rate")

    def __init__(self) -> None:
        self.per_wall = Running()
        self.seat_hands = 0
        self.wins = 0
        self.self_draws = 0
        self.deal_ins = 0
        self.draws = 0
        self.faults = 0
        self.forfeits = 0
        self.points = 0
        # the rates, clustered by wall (the seat-hands of one wall share its tiles)
        self.win_rate = ClusteredRate()
        self.deal_in_rate = ClusteredRate()
        self.draw_rate = ClusteredRate()


class ArenaTally:
    """The arena's results, folded in one wall at a time."""

    def __init__(self, labels: Sequence[str]) -> None:
        self.labels = list(labels)
        self.bots = [_BotTally() for _ in labels]
        self.pairs = {(a, b): Running() for a, b in combinations(range(len(labels)), 2)}
        self.walls = 0
        self.hands = 0
        self.distinct_hands = 0
        self.digest = Digest()
        self.fault_samples: list[dict[str, Any]] = []

    def add(self, record: Record) -> None:
        """Fold in one wall's record."""
        self.walls += 1
        self.digest.add(record)
        k = len(self.labels)
        points = [0] * k
        seats = [0] * k
        wins = [0] * k
        deal_ins = [0] * k
        draws = [0] * k
        plays = set()
        for hand in record["hands"]:
            self.hands += 1
            plays.add(hand.get("play"))
            bots = hand["bots"]
            for pos, b in bots.items():
                t = self.bots[b]
                t.seat_hands += 1
                seats[b] += 1
                points[b] += hand["deltas"][pos]
                t.points += hand["deltas"][pos]
                if hand["outcome"] == "draw":
                    t.draws += 1
                    draws[b] += 1
                if pos in hand["forfeits"]:
                    t.forfeits += 1
            for w in hand["winners"]:
                b = bots[w["seat"]]
                t = self.bots[b]
                t.wins += 1
                wins[b] += 1
                if w["from"] is None:
                    t.self_draws += 1
            # a seat deals in once in a hand, however many win on its discard (a variant with
            # multiple_winners all): the rate is of seat-hands, as the win and draw rates are
            for pos in {w["from"] for w in hand["winners"] if w["from"] is not None}:
                self.bots[bots[pos]].deal_ins += 1
                deal_ins[bots[pos]] += 1
            for fault in hand["faults"]:
                self.bots[bots[fault["seat"]]].faults += 1
                if len(self.fault_samples) < 20:
                    self.fault_samples.append({"bot": self.labels[bots[fault["seat"]]], "wall": record["wall"], **fault})
        self.distinct_hands += len(plays)
        per_hand = [points[b] / seats[b] if seats[b] else 0.0 for b in range(k)]
        for b in range(k):
            if seats[b]:
                t = self.bots[b]
                t.per_wall.add(per_hand[b])
                t.win_rate.add(wins[b], seats[b])
                t.deal_in_rate.add(deal_ins[b], seats[b])
                t.draw_rate.add(draws[b], seats[b])
        for (a, b), run in self.pairs.items():
            if seats[a] and seats[b]:
                run.add(per_hand[a] - per_hand[b])

    def to_json(self) -> dict[str, Any]:
        """Per-bot results, pairwise margins, the fault samples and the digest."""
        bots = []
        for label, t in zip(self.labels, self.bots):
            n = t.seat_hands
            bots.append(
                {
                    "bot": label,
                    "seat_hands": n,
                    "points_per_hand": t.per_wall.to_json(),
                    "total_points": t.points,
                    "win_rate": round(t.wins / n, 4) if n else 0.0,
                    "win_rate_ci95": t.win_rate.ci95(),
                    "self_draw_wins": t.self_draws,
                    "deal_in_rate": round(t.deal_ins / n, 4) if n else 0.0,
                    "deal_in_rate_ci95": t.deal_in_rate.ci95(),
                    "draw_rate": round(t.draws / n, 4) if n else 0.0,
                    "draw_rate_ci95": t.draw_rate.ci95(),
                    "faults": t.faults,
                    "forfeits": t.forfeits,
                }
            )
        pairs = []
        for (a, b), run in self.pairs.items():
            lo, hi = run.ci95()
            pairs.append(
                {
                    "a": self.labels[a],
                    "b": self.labels[b],
                    "margin": run.to_json(),
                    "significant": bool(run.n > 1 and (lo > 0 or hi < 0)),
                }
            )
        return {"walls": self.walls, "hands": self.hands, "distinct_hands": self.distinct_hands, "bots": bots, "pairs": pairs,
                "fault_samples": self.fault_samples, "digest": self.digest.hexdigest()}


def run_arena(
    specs: Sequence[str],
    games: int,
    *,
    variant: str = "ningbo",
    seed: int = 0,
    duplicate: bool = False,
    workers: int = 1,
    backend: str = "process",
    address: str | None = None,
    time_limit: float | None = 5.0,
    on_fault: str = "default",
    forfeit_penalty: int = 30,
    logs: str | None = None,
    chunk: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` walls among ``specs`` (1 to 4 bot specs) and return the results.

    A Ctrl-C raises :class:`~nbmj.arena.backends.Interrupted` with the results of the walls
    played before it."""
    from ..bots import ON_FAULT

    seed = check_seed(seed)
    if not 1 <= len(specs) <= 4:
        raise ArenaError(f"an arena seats 1 to 4 bots, not {len(specs)}")
    if on_fault not in ON_FAULT:
        raise ArenaError(f"--on-fault is one of {', '.join(ON_FAULT)}, not {on_fault!r}")
    if workers > 1 and any(s.startswith("ws://") for s in specs):
        raise ArenaError("a websocket bot connects to one process: use --workers 1 with a ws:// seat")
    task = ArenaTask(variant, seed, list(specs), duplicate, time_limit, on_fault, forfeit_penalty, logs)
    records: Iterator[Record] = run_task(task, games, workers=workers, backend=backend, address=address, chunk=chunk)
    make_log_directory(logs, lambda name: _numbered(name, r"wall(\d+)-r\d+\.log", games))
    tally = ArenaTally(arena_labels(specs))

    def add(record: Record) -> None:
        tally.add(record)
        if progress is not None:
            progress(len(record["hands"]))

    def results(_walls: int) -> dict[str, Any]:
        return {
            "variant": variant,
            "seed": seed,
            "duplicate": duplicate,
            "seatings": [[tally.labels[b] for b in seating] for seating in seatings(len(specs))],
            "on_fault": on_fault,
            **tally.to_json(),
        }

    fold_records(records, add, games, results)
    return results(games)
