# cython: annotation_typing=False
# (compiled as it is by setup.py: the annotations are for mypy, not C types)
"""What a seat knows, in the shapes a bot computes with: :class:`SeatView`.

A bot is handed an observation (:class:`~nbmj.engine.observation.Observation`, or its
``to_dict()`` snapshot). This module reads it once into counts: the seat's concealed tiles
as the hand-shape core reads them (34 counts without the wilds, and the number of wilds),
the physical tile ids the scorer is given, every tile the seat can see, and from them how
many copies of each kind are still unseen (in the wall or in the other hands). Wild tiles
are counted apart: ``unseen_wilds`` is how many wild tiles the seat has not seen.

Seats in an observation are table positions ``"E" "S" "W" "N"``; the scorer's
:class:`~nbmj.scoring.situation.Situation` speaks of seat winds (East deals). ``wind_of`` maps the
one to the other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.model import SEATS
from ..tiles import N_KINDS

__all__ = ["SeatView", "MeldView"]

#: A meld as the bot reads it: (kind, tiles, the position it was claimed from or None).
MeldView = tuple[str, tuple[int, ...], "str | None"]


def _winds_from(dealer: str) -> dict[str, str]:
    """Each position's seat wind when ``dealer`` deals (the dealer is East, NB-2.4)."""
    d = SEATS.index(dealer)
    return {SEATS[(d + i) % 4]: SEATS[i] for i in range(4)}


class SeatView:
    """One seat's knowledge at one decision, read from its observation."""

    __slots__ = (
        "obs", "seat", "position", "wind", "wind_of", "round_wind", "wilds", "wild_kinds", "counts", "w",
        "wild_ids", "melds", "rivers", "flowers", "visible", "unseen", "unseen_wilds", "unseen_wild_id",
        "pool", "drawable", "discard", "dealer", "discarded_wild", "fed", "_river_kinds",
    )

    def __init__(self, obs: Mapping[str, Any]) -> None:
        self.obs = obs
        seat: str = obs["seat"]
        self.seat = seat
        self.position = SEATS.index(seat)
        winds: dict[str, str] = obs.get("seat_winds") or _winds_from(obs["dealer"])
        #: table position -> seat wind this hand
        self.wind_of = winds
        self.wind: str = winds[seat]
        self.round_wind: str = obs["round_wind"]
        self.dealer: str = obs["dealer"]
        wilds = frozenset(obs["wilds"])
        self.wilds = wilds
        #: the wild tile ids among the 34 kinds
        self.wild_kinds = frozenset(k for k in wilds if k < N_KINDS)
        hand_counts = getattr(obs, "hand_counts", None)
        if hand_counts is not None:
            by_id: Sequence[int] = hand_counts()
        else:
            tally = [0] * 42
            for t in obs["hand"]:
                tally[t] += 1
            by_id = tally
        counts = bytearray(by_id[:N_KINDS])
        wild_ids: list[int] = []
        for k in wilds:
            n = by_id[k]
            if n:
                wild_ids.extend([k] * n)
                if k < N_KINDS:
                    counts[k] = 0
        #: the concealed tiles that are not wild: 34 counts (flowers never among them)
        self.counts = counts
        #: the wild tiles held, as tile ids (the scorer is given the physical tiles)
        self.wild_ids = wild_ids
        self.w = len(wild_ids)
        # (an engine Observation hands out its melds and rivers as tuples; a snapshot or a
        # JSON observation has them as dicts, read into the same tuples here)
        meld_tuples = getattr(obs, "meld_tuples", None)
        #: each position's melds, oldest first
        self.melds: Mapping[str, Sequence[MeldView]] = meld_tuples() if meld_tuples is not None else {
            s: [(m["kind"], tuple(m["tiles"]), m["from"]) for m in ms] for s, ms in obs["melds"].items()
        }
        river_tiles = getattr(obs, "river_tiles", None)
        #: each position's discards in order: (tile, the position that claimed it or None)
        self.rivers: Mapping[str, Sequence[tuple[int, str | None]]] = river_tiles() if river_tiles is not None else {
            s: [(r["tile"], r["claimed_by"]) for r in rs] for s, rs in obs["rivers"].items()
        }
        self.flowers: dict[str, list[int]] = obs["flowers"]
        self.discard: dict[str, Any] | None = obs["discard"]
        self.drawable = max(0, int(obs["wall_remaining"]) - int(obs.get("wall_kept", 0) or 0))
        self.discarded_wild = any(r[0] in wilds for r in self.rivers[seat]) if wilds else False
        #: melds this seat fed each other position (their melds claimed from this seat's discards)
        self.fed = {s: sum(1 for m in self.melds[s] if m[2] == seat) for s in SEATS if s != seat}
        self._count_visible(by_id, obs.get("indicator"))
        self._river_kinds: dict[str, frozenset[int]] = {}

    def _count_visible(self, by_id: Sequence[int], indicator: int | None) -> None:
        """Copies of each tile id the seat can see: its hand, every discard (a claimed one
        is in a meld and counted there), every meld, the indicator."""
        seen = list(by_id)
        for river in self.rivers.values():
            for tile, claimed_by in river:
                if claimed_by is None:
                    seen[tile] += 1
        for melds in self.melds.values():
            for _kind, tiles, _src in melds:
                for t in tiles:
                    seen[t] += 1
        if indicator is not None:
            seen[indicator] += 1
        self.visible = seen
        unseen = [4 - x if x < 4 else 0 for x in seen[:N_KINDS]]
        wild_unseen = 0
        wild_id = -1
        for k in self.wilds:
            left = max(0, (4 if k < N_KINDS else 1) - seen[k])
            if left:
                wild_unseen += left
                wild_id = k
            if k < N_KINDS:
                unseen[k] = 0  # a wild kind is drawn as a wild, counted apart
        #: unseen copies of each of the 34 kinds that are not wild
        self.unseen = unseen
        #: unseen wild tiles, and one unseen wild tile id (-1 when none is left)
        self.unseen_wilds = wild_unseen
        self.unseen_wild_id = wild_id
        #: every tile the seat has not seen that a draw can bring into a hand
        self.pool = sum(unseen) + wild_unseen

    # ------------------------------------------------------------------ reading helpers

    def my_melds(self) -> Sequence[MeldView]:
        """This seat's melds, oldest first."""
        return self.melds[self.seat]

    def river_length(self, seat: str) -> int:
        """How many tiles ``seat`` has discarded."""
        return len(self.rivers[seat])

    def river_kinds(self, seat: str) -> frozenset[int]:
        """The kinds ``seat`` has discarded this hand."""
        kinds = self._river_kinds.get(seat)
        if kinds is None:
            kinds = self._river_kinds[seat] = frozenset([r[0] for r in self.rivers[seat]])
        return kinds

    def others(self) -> list[str]:
        """The other three positions, in turn order after this one."""
        p = self.position
        return [SEATS[(p + i) % 4] for i in (1, 2, 3)]

    def my_draws_left(self) -> float:
        """About how many more tiles this seat will draw: its share of the drawable wall."""
        return self.drawable / 4.0

    def physical(self, counts: Sequence[int], wild_ids: Sequence[int]) -> tuple[int, ...]:
        """The concealed tile ids of a hand given as counts and wild ids (sorted)."""
        out: list[int] = []
        for k in range(N_KINDS):
            n = counts[k]
            if n:
                out.extend([k] * n)
        out.extend(wild_ids)
        out.sort()
        return tuple(out)
