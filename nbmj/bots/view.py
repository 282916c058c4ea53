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

from ..engine.bots import split_wilds, tile_counts
from ..rules.model import SEATS
from ..tiles import N_KINDS, N_TILE_IDS

__all__ = ["SeatView", "MeldView", "PaymentLinks", "claimed_from", "hand_by_id", "payment_links"]

#: A meld as the bot reads it: (kind, tiles, the position it was claimed from or None).
MeldView = tuple[str, tuple[int, ...], "str | None"]


#: a field not read from the observation yet
_UNREAD = object()


def _winds_from(dealer: str) -> dict[str, str]:
    """Each position's seat wind when ``dealer`` deals (the dealer is East, NB-2.4)."""
    d = SEATS.index(dealer)
    return {SEATS[(d + i) % 4]: SEATS[i] for i in range(4)}


def hand_by_id(obs: Mapping[str, Any]) -> Sequence[int]:
    """The seat's hand in ``obs`` as a count per tile id (the flowers after the 34 kinds):
    an engine :class:`~nbmj.engine.observation.Observation` gives it without its tile list
    (``hand_counts``); a plain observation (a snapshot, the protocol's JSON) is counted."""
    hand_counts = getattr(obs, "hand_counts", None)
    if hand_counts is not None:
        by_id: Sequence[int] = hand_counts()
        return by_id
    return tile_counts(obs["hand"])


def claimed_from(melds: Sequence[MeldView], source: str | None) -> int:
    """How many of ``melds`` were claimed from ``source``."""
    n = 0
    for m in melds:
        if m[2] == source:
            n += 1
    return n


def _seen_copies(by_id: Sequence[int], rivers: Mapping[str, Sequence[tuple[int, str | None]]],
                 melds: Mapping[str, Sequence[MeldView]], indicator: int) -> bytearray:
    """Copies of each tile id a seat can see: its hand (``by_id``, 42 counts), every
    discard (a claimed one is in a meld and counted there), every meld, the indicator
    (-1: none)."""
    seen = bytearray(N_TILE_IDS)
    for t in range(N_TILE_IDS):
        seen[t] = by_id[t]
    for river in rivers.values():
        for t, claimed_by in river:
            if claimed_by is None:
                seen[t] += 1
    for ms in melds.values():
        for _kind, tiles, _src in ms:
            for t in tiles:
                seen[t] += 1
    if indicator >= 0:
        seen[indicator] += 1
    return seen


def _unseen_kinds(seen: bytearray) -> list[int]:
    """Copies of each of the 34 kinds not among ``seen`` (four of each exist)."""
    unseen = [0] * N_KINDS
    for k in range(N_KINDS):
        x = seen[k]
        if x < 4:
            unseen[k] = 4 - x
    return unseen


#: A table as a payment to one position reads it: that position's melds as (kind, the
#: position claimed from), and how many melds each other position claimed from it.
PaymentLinks = tuple[tuple[tuple[str, "str | None"], ...], tuple[tuple[str, int], ...]]


def payment_links(melds: Mapping[str, Sequence[MeldView]], winner: str) -> PaymentLinks:
    """The melds of every position (``melds``) as a payment to ``winner`` reads them."""
    own = tuple([(kind, src) for kind, _tiles, src in melds[winner]])
    fed = tuple(sorted([(s, claimed_from(melds[s], winner)) for s in melds if s != winner]))
    return own, fed


class SeatView:
    """One seat's knowledge at one decision, read from its observation."""

    __slots__ = (
        "obs", "seat", "position", "wind", "wind_of", "round_wind", "wilds", "wild_kinds", "counts", "w",
        "wild_ids", "melds", "rivers", "visible", "unseen", "unseen_wilds", "unseen_wild_id",
        "pool", "dealer", "indicator", "_flowers", "_discard", "_drawable", "_discarded_wild", "_fed", "_river_kinds", "_links",
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
        self.wild_kinds = frozenset([k for k in wilds if k < N_KINDS])
        by_id = hand_by_id(obs)
        counts, wild_ids = split_wilds(by_id, wilds)
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
        # (read when first asked: a bot far from ready never needs them)
        self._flowers: dict[str, list[int]] | None = None
        self._discard: dict[str, Any] | None | object = _UNREAD
        self._drawable = -1
        self._discarded_wild = -1
        self._fed: dict[str, int] | None = None
        #: the face-up wild indicator, or None
        self.indicator: int | None = obs.get("indicator")
        self._count_visible(by_id, self.indicator)
        self._river_kinds: dict[str, frozenset[int]] = {}
        self._links: dict[str, PaymentLinks] = {}

    def _count_visible(self, by_id: Sequence[int], indicator: int | None) -> None:
        """Copies of each tile id the seat can see, and from them the unseen copies."""
        seen = _seen_copies(by_id, self.rivers, self.melds, -1 if indicator is None else indicator)
        #: copies of each tile id the seat can see (42 counts)
        self.visible = seen
        unseen = _unseen_kinds(seen)
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

    # ------------------------------------------------------------------ read when first asked

    @property
    def flowers(self) -> dict[str, list[int]]:
        """Each position's flowers laid aside."""
        got = self._flowers
        if got is None:
            got = self._flowers = self.obs["flowers"]
        return got

    @property
    def discard(self) -> dict[str, Any] | None:
        """The discard (or added kong) open to claims, ``{"seat", "tile"}``, else None."""
        got = self._discard
        if got is _UNREAD:
            got = self._discard = self.obs["discard"]
        return got  # type: ignore[return-value]

    @property
    def drawable(self) -> int:
        """Tiles left that a draw may take (the wall less its reserve)."""
        if self._drawable < 0:
            obs = self.obs
            self._drawable = max(0, int(obs["wall_remaining"]) - int(obs.get("wall_kept", 0) or 0))
        return self._drawable

    @property
    def discarded_wild(self) -> bool:
        """Whether this seat has discarded a wild this hand."""
        if self._discarded_wild < 0:
            found = 0
            wilds = self.wilds
            if wilds:
                for r in self.rivers[self.seat]:
                    if r[0] in wilds:
                        found = 1
                        break
            self._discarded_wild = found
        return self._discarded_wild == 1

    @property
    def fed(self) -> dict[str, int]:
        """Melds this seat fed each other position (their melds claimed from this seat's discards)."""
        got = self._fed
        if got is None:
            seat = self.seat
            got = self._fed = {s: claimed_from(self.melds[s], seat) for s in SEATS if s != seat}
        return got

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

    def links(self, winner: str) -> PaymentLinks:
        """The table as a payment to ``winner`` reads it (:func:`payment_links`)."""
        got = self._links.get(winner)
        if got is None:
            got = self._links[winner] = payment_links(self.melds, winner)
        return got

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
