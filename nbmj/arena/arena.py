"""The arena: bots against each other over seeded walls, with confidence intervals.

Up to four bots take the four seats (fewer are repeated in turn: two bots A B sit A B A B).
Each *wall* ``w`` is dealt from :func:`~nbmj.arena.simulate.game_seed` ``(seed, w)``. In
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
from .backends import Record, run_task
from .simulate import Digest, game_seed
from .stats import Running, proportion_ci

__all__ = ["ArenaTask", "ArenaTally", "arena_labels", "run_arena", "SEAT_ORDER"]

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


@dataclass
class ArenaTask:
    """The work of an arena: unit ``w`` is wall ``w`` (one hand, or four with ``duplicate``)."""

    variant: str
    seed: int
    specs: list[str]
    duplicate: bool = False
    time_limit: float | None = 5.0
    on_fault: str = "default"
    forfeit_penalty: int = 30
    logs: str | None = None
    _seats: list[Any] = field(default_factory=list, repr=False)

    def slot_bot(self, slot: int) -> int:
        """The bot (index into ``specs``) that holds slot ``slot`` of the four."""
        return slot % len(self.specs)

    def setup(self) -> None:
        from ..bots import make_seat
        from ..rules import load_variant

        self._rules = load_variant(self.variant)
        self._seats = [make_seat(self.specs[self.slot_bot(i)], time_limit=self.time_limit, on_fault=self.on_fault) for i in range(4)]
        if self.logs:
            os.makedirs(self.logs, exist_ok=True)

    def teardown(self) -> None:
        for seat in self._seats:
            seat.close()
        self._seats = []

    def run(self, start: int, stop: int) -> list[Record]:
        from ..bots import play_seated_hand
        from ..engine import Game

        out = []
        for wall in range(start, stop):
            s = game_seed(self.seed, wall)
            rotations = range(4) if self.duplicate else (wall % 4,)
            hands = []
            for r in rotations:
                game = Game(self._rules, s)
                slots = {SEAT_ORDER[p]: (p - r) % 4 for p in range(4)}
                played = play_seated_hand(game, {pos: self._seats[slot] for pos, slot in slots.items()}, wall * 4 + r)
                if self.logs:
                    path = os.path.join(self.logs, f"wall{wall:06d}-r{r}.log")
                    with open(path, "w", encoding="utf-8", newline="\n") as fh:
                        fh.write(game.log_text())
                hands.append(
                    {
                        "rotation": r,
                        "bots": {pos: self.slot_bot(slot) for pos, slot in slots.items()},
                        "outcome": played.result.outcome,
                        "winners": [
                            {"seat": w["seat"], "win_by": w["win_by"], "points": w["points"], "from": w["from"]} for w in played.result.winners
                        ],
                        "deltas": played.deltas(self.forfeit_penalty),
                        "faults": [f.to_json() for f in played.faults],
                        "forfeits": list(played.forfeits),
                    }
                )
            out.append({"wall": wall, "hands": hands})
        return out


class _BotTally:
    __slots__ = ("per_wall", "seat_hands", "wins", "self_draws", "deal_ins", "draws", "faults", "forfeits", "points")

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


class ArenaTally:
    """The arena's results, folded in one wall at a time."""

    def __init__(self, labels: Sequence[str]) -> None:
        self.labels = list(labels)
        self.bots = [_BotTally() for _ in labels]
        self.pairs = {(a, b): Running() for a, b in combinations(range(len(labels)), 2)}
        self.walls = 0
        self.hands = 0
        self.digest = Digest()
        self.fault_samples: list[dict[str, Any]] = []

    def add(self, record: Record) -> None:
        """Fold in one wall's record."""
        self.walls += 1
        self.digest.add(record)
        k = len(self.labels)
        points = [0] * k
        seats = [0] * k
        for hand in record["hands"]:
            self.hands += 1
            bots = hand["bots"]
            for pos, b in bots.items():
                t = self.bots[b]
                t.seat_hands += 1
                seats[b] += 1
                points[b] += hand["deltas"][pos]
                t.points += hand["deltas"][pos]
                if hand["outcome"] == "draw":
                    t.draws += 1
                if pos in hand["forfeits"]:
                    t.forfeits += 1
            for w in hand["winners"]:
                t = self.bots[bots[w["seat"]]]
                t.wins += 1
                if w["from"] is None:
                    t.self_draws += 1
                else:
                    self.bots[bots[w["from"]]].deal_ins += 1
            for fault in hand["faults"]:
                self.bots[bots[fault["seat"]]].faults += 1
                if len(self.fault_samples) < 20:
                    self.fault_samples.append({"bot": self.labels[bots[fault["seat"]]], "wall": record["wall"], **fault})
        per_hand = [points[b] / seats[b] if seats[b] else 0.0 for b in range(k)]
        for b in range(k):
            if seats[b]:
                self.bots[b].per_wall.add(per_hand[b])
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
                    "win_rate_ci95": proportion_ci(t.wins, n),
                    "self_draw_wins": t.self_draws,
                    "deal_in_rate": round(t.deal_ins / n, 4) if n else 0.0,
                    "deal_in_rate_ci95": proportion_ci(t.deal_ins, n),
                    "draw_rate": round(t.draws / n, 4) if n else 0.0,
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
        return {"walls": self.walls, "hands": self.hands, "bots": bots, "pairs": pairs, "fault_samples": self.fault_samples, "digest": self.digest.hexdigest()}


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
    """Play ``games`` walls among ``specs`` (1 to 4 bot specs) and return the results."""
    from ..bots import ON_FAULT

    if not 1 <= len(specs) <= 4:
        raise ArenaError(f"an arena seats 1 to 4 bots, not {len(specs)}")
    if on_fault not in ON_FAULT:
        raise ArenaError(f"--on-fault is one of {', '.join(ON_FAULT)}, not {on_fault!r}")
    if workers > 1 and any(s.startswith("ws://") for s in specs):
        raise ArenaError("a websocket bot connects to one process: use --workers 1 with a ws:// seat")
    task = ArenaTask(variant, seed, list(specs), duplicate, time_limit, on_fault, forfeit_penalty, logs)
    tally = ArenaTally(arena_labels(specs))
    records: Iterator[Record] = iter(run_task(task, games, workers=workers, backend=backend, address=address, chunk=chunk))
    for record in records:
        tally.add(record)
        if progress is not None:
            progress(len(record["hands"]))
    out = tally.to_json()
    return {
        "variant": variant,
        "seed": seed,
        "duplicate": duplicate,
        "on_fault": on_fault,
        **out,
    }
