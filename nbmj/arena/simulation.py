"""``simulate``: many hands among four bots of one kind, reduced to statistics as they stream.

>>> from nbmj.arena import simulate
>>> stats = simulate("ningbo", games=4, seed=1, bot="random")
>>> stats["games"], stats["wins"] + stats["draws"] >= 1, len(stats["digest"])
(4, True, 64)

Hand ``i`` of a run with seed ``S`` is dealt from :func:`game_seed` ``(S, i)`` whatever
the backend, the worker count or the chunking, so the statistics and their ``digest``
(a SHA-256 over every hand's record, in order) are the same everywhere for one seed.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..errors import NbmjError
from .backends import Record, Task, check_seed, fold_records, make_log_directory, run_task, write_log

__all__ = ["SimulateTask", "SimulationStats", "Digest", "game_seed", "simulate", "simulate_records", "hand_record", "four_bots"]


def game_seed(seed: int, index: int) -> int:
    """The seed of hand ``index`` of a run: independent of how the hands are spread."""
    return random.Random(f"{seed}:{index}").getrandbits(32)


class Digest:
    """A running SHA-256 over records in order (canonical JSON, one line each)."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()

    def add(self, record: Record) -> None:
        """Fold one record in."""
        self._hash.update(json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
        self._hash.update(b"\n")

    def hexdigest(self) -> str:
        """The digest so far."""
        return self._hash.hexdigest()


def four_bots(bot: str, hand_seed: int, rules: Any) -> dict[str, Any]:
    """Four built-in bots of kind ``bot`` for the hand dealt from ``hand_seed``."""
    from ..bots import BUILTIN_BOTS

    factory = BUILTIN_BOTS[bot]
    return {seat: factory(hand_seed, seat, rules) for seat in "ESWN"}


def hand_record(game: Any) -> Record:
    """What the statistics keep of a finished hand: outcome, winners, deltas, event count."""
    res = game.result
    return {
        "outcome": res.outcome,
        "winners": [{"seat": w["seat"], "win_by": w["win_by"], "points": w["points"], "items": list(w["items"])} for w in res.winners],
        "deltas": dict(res.deltas),
        "events": len(game.events),
    }


@dataclass
class SimulateTask(Task):
    """Hands among four bots of kind ``bot``; unit ``i`` is hand ``i``. With ``logs``, each
    hand's event log is written there as ``hand-<i>.log`` by the worker that plays it."""

    variant: str
    seed: int
    bot: str
    logs: str | None = None

    def setup(self) -> None:
        from ..rules import load_variant

        self._rules = load_variant(self.variant)
        if self.logs:
            os.makedirs(self.logs, exist_ok=True)

    def run(self, start: int, stop: int) -> list[Record]:
        from ..engine import Game, play_hand

        out = []
        for index in range(start, stop):
            s = game_seed(self.seed, index)
            game = Game(self._rules, s)
            play_hand(game, four_bots(self.bot, s, self._rules))
            out.append(hand_record(game))
            if self.logs:
                write_log(self.logs, f"hand-{index:07d}.log", game.log_text())
        return out

    def teardown(self) -> None:
        pass


def _median(hist: Counter[int]) -> float | None:
    n = sum(hist.values())
    if not n:
        return None
    lo, hi = (n - 1) // 2, n // 2
    seen = 0
    lo_value = hi_value = None
    for value in sorted(hist):
        if lo_value is None and seen + hist[value] > lo:
            lo_value = value
        if seen + hist[value] > hi:
            hi_value = value
            break
        seen += hist[value]
    assert lo_value is not None and hi_value is not None
    return (lo_value + hi_value) / 2 if lo_value != hi_value else lo_value


class SimulationStats:
    """Statistics of hands folded in one record at a time (memory does not grow with them)."""

    def __init__(self) -> None:
        self.games = 0
        self.draws = 0
        self.events = 0
        self.by_seat: Counter[str] = Counter()
        self.by_type: Counter[str] = Counter()
        self.items: Counter[str] = Counter()
        self.points: Counter[int] = Counter()  # a histogram: points are small whole numbers
        self.digest = Digest()

    def add(self, record: Record, digest: bool = True) -> None:
        """Fold in one hand's record (into the digest too, unless the caller digests)."""
        self.games += 1
        self.events += record["events"]
        if digest:
            self.digest.add(record)
        if record["outcome"] == "draw":
            self.draws += 1
        for w in record["winners"]:
            self.by_seat[w["seat"]] += 1
            self.by_type[w["win_by"]] += 1
            self.points[w["points"]] += 1
            self.items.update(set(w["items"]))

    def to_json(self) -> dict[str, Any]:
        """The statistics (the fields ``nbmj simulate --json`` prints, and ``digest``)."""
        n = self.games
        wins = sum(self.by_seat.values())
        npts = sum(self.points.values())
        mean = sum(v * c for v, c in self.points.items()) / npts if npts else None
        stdev = None
        if mean is not None:
            stdev = (sum(c * (v - mean) ** 2 for v, c in self.points.items()) / npts) ** 0.5
        return {
            "games": n,
            "wins": wins,
            "draws": self.draws,
            "draw_rate": round(self.draws / n, 4) if n else 0.0,
            "wins_by_seat": {s: self.by_seat.get(s, 0) for s in "ESWN"},
            "wins_by_type": dict(sorted(self.by_type.items())),
            "points": {
                "mean": None if mean is None else round(mean, 3),
                "stdev": None if stdev is None else round(stdev, 3),
                "median": _median(self.points),
                "min": min(self.points) if self.points else None,
                "max": max(self.points) if self.points else None,
            },
            "items": {k: {"count": v, "share_of_wins": round(v / wins, 4)} for k, v in sorted(self.items.items(), key=lambda kv: (-kv[1], kv[0]))},
            "mean_events": round(self.events / n, 2) if n else 0.0,
            "digest": self.digest.hexdigest(),
        }


def _numbered(name: str, pattern: str, units: int) -> bool:
    """Whether ``name`` is a log a run of ``units`` units writes: ``pattern``'s first group
    is its unit's number."""
    import re

    m = re.fullmatch(pattern, name)
    return m is not None and int(m.group(1)) < units


def simulate_records(
    variant: str, games: int, seed: int, bot: str, *, workers: int = 1, backend: str = "process", address: str | None = None,
    chunk: int | None = None, logs: str | None = None,
) -> Iterable[Record]:
    """Every hand's record, in order, as they are played (and each hand's log in ``logs``)."""
    records = run_task(SimulateTask(variant, check_seed(seed), bot, logs), games, workers=workers, backend=backend, address=address, chunk=chunk)
    make_log_directory(logs, lambda name: _numbered(name, r"hand-(\d+)\.log", games))
    return records


def simulate(
    variant: str,
    games: int,
    seed: int = 0,
    bot: str = "greedy",
    *,
    workers: int = 1,
    backend: str = "process",
    address: str | None = None,
    chunk: int | None = None,
    progress: Callable[[], None] | None = None,
    logs: str | None = None,
) -> dict[str, Any]:
    """Play ``games`` hands and return their statistics (see :class:`SimulationStats`);
    with ``logs``, a directory every worker can write to (on a cluster, shared storage),
    each hand's log is kept there as ``hand-<index>.log``, replayable with ``nbmj replay``.
    A Ctrl-C raises :class:`~nbmj.arena.backends.Interrupted` with the statistics of the
    hands played before it."""
    from ..bots import BUILTIN_BOTS

    if bot not in BUILTIN_BOTS:
        raise _UnknownBot(f"unknown bot {bot!r}; known: {', '.join(BUILTIN_BOTS)}")
    seed = check_seed(seed)
    stats = SimulationStats()

    def add(record: Record) -> None:
        stats.add(record)
        if progress is not None:
            progress()

    records = simulate_records(variant, games, seed, bot, workers=workers, backend=backend, address=address, chunk=chunk, logs=logs)
    fold_records(iter(records), add, games, lambda _hands: stats.to_json())
    return stats.to_json()


class _UnknownBot(NbmjError, ValueError):
    pass
