"""What a ready hand's waits are worth, asked of the public scorer: :class:`WaitBook`.

For a waiting hand (3n+1 tiles) a bot needs, for each tile that completes it, how many
copies are unseen and whether the completed hand may win at all: in Ningbo most complete
hands are below the 4-台 minimum (NB-13.1), and a win restriction can forbid a win on a
discard (财神单吊, NB-11.9), or a discarded wild be dead (NB-4.12). Nothing of that is
worked out here: each completed hand is handed to :func:`nbmj.scoring.score` (after the
scorer's own cheap bound, :func:`nbmj.scoring.bound.may_reach_minimum`), whatever the variant,
and the payments it returns, liability included, say what the seat would gain.

Answers are kept by hand and winning tile for the life of the book (one hand of one seat:
the melds, flowers and feeding that the scorer also reads are part of the key).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import core
from ..rules.model import SEATS, RuleSet
from ..scoring import Meld, Situation, score, settle
from ..scoring.bound import may_reach_minimum
from ..tiles import N_KINDS
from .view import MeldView, SeatView

__all__ = ["WaitBook", "Wait", "WinWorth", "waiting_kinds"]


@dataclass(frozen=True)
class WinWorth:
    """One possible win: whether the rules allow it, its points (S), and what this seat
    gains (self-drawn: from all; on a discard: the mean over the three possible discarders),
    with the rule that refuses it when it is refused."""

    valid: bool
    points: int
    gain: float
    reason: str | None = None
    rule: str | None = None


_REFUSED = WinWorth(False, 0, 0.0)


@dataclass(frozen=True)
class Wait:
    """A tile that completes a waiting hand: its kind (or -1 for any wild tile), the unseen
    copies, and the win it makes self-drawn and on a discard."""

    kind: int
    unseen: int
    self_draw: WinWorth
    discard: WinWorth


def waiting_kinds(counts: Sequence[int], w: int, shapes: tuple[str, ...], melds: int) -> list[int]:
    """The kinds that complete the 3n+1 hand ``counts`` + ``w`` wilds, in the variant's
    winning shapes (seven pairs and honours in any arrangement need a hand without melds)."""
    kinds = list(core.waits(counts, w))
    if len(shapes) > 1 and not melds:
        extra = []
        c = bytearray(counts)
        for k in range(N_KINDS):
            if k in kinds:
                continue
            c[k] += 1
            if ("seven_pairs" in shapes and core.is_seven_pairs(c, w)) or (
                "honors_any" in shapes and core.is_all_honors(c, w)
            ):
                extra.append(k)
            c[k] -= 1
        if extra:
            kinds = sorted(kinds + extra)
    return kinds


class WaitBook:
    """The scorer's answers for one seat's possible wins, kept for one hand."""

    def __init__(self, rules: RuleSet, *, discard_after_self_draw: bool = False) -> None:
        self.rules = rules
        #: ask about a win on a discard only when the same tile self-drawn may win (a
        #: self-draw scores at least as much in every shipped variant): half the scorer's
        #: work on hands that cannot win, for the fast tier
        self.discard_after_self_draw = discard_after_self_draw
        self._worth: dict[tuple[object, ...], WinWorth] = {}
        self._wait_lists: dict[tuple[object, ...], tuple[tuple[int, WinWorth, WinWorth], ...]] = {}
        #: calls of the scorer made (the rest were answered from the book)
        self.scored = 0

    # ------------------------------------------------------------------ one win

    def worth(self, view: SeatView, concealed: tuple[int, ...], melds: tuple[MeldView, ...], tile: int,
              self_drawn: bool) -> WinWorth:
        """What winning on ``tile`` with ``concealed`` (the other tiles, physical ids) and
        ``melds`` is worth to the seat of ``view``."""
        key = (concealed, melds, tile, self_drawn, view.discarded_wild, tuple(view.flowers[view.seat]),
               tuple(sorted(view.fed.items())))
        got = self._worth.get(key)
        if got is None:
            got = self._worth[key] = self._score(view, concealed, melds, tile, self_drawn)
        return got

    def _score(self, view: SeatView, concealed: tuple[int, ...], melds: tuple[MeldView, ...], tile: int,
               self_drawn: bool) -> WinWorth:
        wind = view.wind_of
        me = view.wind
        others = view.others()
        sit = Situation(
            seat=me,
            round_wind=view.round_wind,
            concealed=concealed,
            win_tile=tile,
            win_by="self_draw" if self_drawn else "discard",
            discarder=None if self_drawn else wind[others[0]],
            melds=tuple(Meld(kind, tiles, None if src is None else wind[src]) for kind, tiles, src in melds),  # type: ignore[arg-type]
            flowers=tuple(view.flowers[view.seat]),
            indicator=view.obs.get("indicator"),
            fed=tuple((wind[s], n) for s, n in view.fed.items() if n),
            discarded_wild=view.discarded_wild,
        )
        if not self._may_reach(view, concealed, melds, tile, sit):
            return _REFUSED
        self.scored += 1
        result = score(sit, self.rules)
        if not result.valid:
            return WinWorth(False, result.points, 0.0, result.reason, result.reason_rule)
        if self_drawn:
            return WinWorth(True, result.points, float(result.payments[me]))
        gains = [float(result.payments[me])]
        for other in others[1:]:
            alt = Situation(**{**_fields(sit), "discarder": wind[other]})
            gains.append(float(settle(alt, self.rules, result.points, True)[0][me]))
        return WinWorth(True, result.points, sum(gains) / len(gains))

    def _may_reach(self, view: SeatView, concealed: tuple[int, ...], melds: tuple[MeldView, ...], tile: int,
                   sit: Situation) -> bool:
        """The scorer's cheap bound from counts (:func:`~nbmj.scoring.bound.may_reach_minimum`):
        False only when no reading of the win can reach the minimum."""
        wilds = view.wilds
        shape = [0] * N_KINDS
        w = itself = 0
        for t in (*concealed, tile):
            if t in wilds:
                w += 1
                itself += t < N_KINDS
            else:
                shape[t] += 1
        return may_reach_minimum(
            self.rules, shape=shape, wilds=w, wild_as_itself=itself, win_is_wild=tile in wilds,
            melds=[(kind, tiles) for kind, tiles, _src in melds], flowers=sit.flowers, wild_kinds=wilds,
            seat=sit.seat, round_wind=sit.round_wind, win_by=sit.win_by, last_tile=False, first_turn=False,
            discarded_wild=sit.discarded_wild, win_tile=tile)

    # ------------------------------------------------------------------ a waiting hand

    def waits(self, view: SeatView, counts: Sequence[int], wild_ids: Sequence[int],
              melds: tuple[MeldView, ...]) -> tuple[Wait, ...]:
        """Every tile that completes the waiting hand ``counts`` + ``wild_ids`` (with
        ``melds``), with its unseen copies now and the worth of each win; drawing any wild
        completes a ready hand too (kind -1). Empty when the hand is not ready."""
        key = (bytes(counts), tuple(wild_ids), melds, view.discarded_wild, tuple(view.flowers[view.seat]),
               tuple(sorted(view.fed.items())))
        known = self._wait_lists.get(key)
        if known is None:
            known = self._wait_lists[key] = self._worths(view, counts, wild_ids, melds)
        unseen = view.unseen
        return tuple([Wait(k, view.unseen_wilds if k < 0 else unseen[k], by_self, on_discard)
                      for k, by_self, on_discard in known])

    def _worths(self, view: SeatView, counts: Sequence[int], wild_ids: Sequence[int],
                melds: tuple[MeldView, ...]) -> tuple[tuple[int, WinWorth, WinWorth], ...]:
        kinds = waiting_kinds(counts, len(wild_ids), self.rules.shapes, len(melds))
        if not kinds:
            return ()
        concealed = view.physical(counts, wild_ids)
        tiles = [(k, k) for k in kinds]
        if view.wilds:  # drawing a wild completes a ready hand; one wild tile stands for all
            tiles.append((-1, view.unseen_wild_id if view.unseen_wild_id >= 0 else min(view.wilds)))
        out = []
        for kind, tile in tiles:
            by_self = self.worth(view, concealed, melds, tile, True)
            if self.discard_after_self_draw and not by_self.valid:
                on_discard = _REFUSED
            else:
                on_discard = self.worth(view, concealed, melds, tile, False)
            out.append((kind, by_self, on_discard))
        return tuple(out)


def _fields(sit: Situation) -> dict[str, object]:
    return {name: getattr(sit, name) for name in sit.__dataclass_fields__}


def relative(seat: str, other: str) -> int:
    """How many places after ``seat`` ``other`` sits (1 下家, 2 对家, 3 上家)."""
    return (SEATS.index(other) - SEATS.index(seat)) % 4
