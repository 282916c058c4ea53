# cython: annotation_typing=False
# (compiled as it is by setup.py: the annotations are for mypy, not C types)
"""What a ready hand's waits are worth, asked of the public scorer: :class:`WaitBook`.

For a waiting hand (3n+1 tiles) a bot needs, for each tile that completes it, how many
copies are unseen and whether the completed hand may win at all: in Ningbo most complete
hands are below the 4-台 minimum (NB-13.1), and a win restriction can forbid a win on a
discard (财神单吊, NB-11.9), or a discarded wild be dead (NB-4.12). Nothing of that is
worked out here: each completed hand is handed to :func:`nbmj.scoring.score` (after the
scorer's own cheap bound, ``nbmj.scoring.bound.may_reach_minimum``), whatever the variant,
and the payments it returns, liability included, say what the seat would gain.

Answers are kept by hand and winning tile for the life of the book (one hand of one seat:
the melds, flowers and feeding that the scorer also reads are part of the key).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import NamedTuple

from .. import core
from ..rules.model import RuleSet, TaiScoring
from ..scoring import Meld, Situation
from ..scoring.scorer import score_hypothetical
from ..scoring.settlement import payments_of
from ..scoring.bound import reach_from_counts
from ..tiles import N_KINDS
from .view import MeldView, SeatView

__all__ = ["WaitBook", "Wait", "WinWorth", "waiting_kinds"]


class WinWorth(NamedTuple):
    """One possible win: whether the rules allow it, its points (S), and what this seat
    gains (self-drawn: from all; on a discard: the mean over the three possible discarders),
    with the rule that refuses it when it is refused."""

    #: whether the rules allow the win
    valid: bool
    #: its points (S)
    points: int
    #: what this seat gains
    gain: float
    #: why the win is refused, when it is
    reason: str | None = None
    #: the rule that refuses it, when it is refused
    rule: str | None = None


_REFUSED = WinWorth(False, 0, 0.0)
#: a win taken as valid without its points (see WaitBook.light)
_UNSCORED = WinWorth(True, 0, 0.0)


def _has_minimum(rules: RuleSet) -> bool:
    """Whether some complete hand may be refused for its value (a 台 minimum, NB-13.1)."""
    sc = rules.scoring
    return isinstance(sc, TaiScoring) and (sc.minimum > 0 or bool(sc.minimum_alternatives))


class Wait(NamedTuple):
    """A tile that completes a waiting hand: its kind (or -1 for any wild tile), the unseen
    copies, and the win it makes self-drawn and on a discard."""

    #: the kind that completes the hand, or -1 for any wild tile
    kind: int
    #: the copies of it this seat has not seen
    unseen: int
    #: the win it makes self-drawn
    self_draw: WinWorth
    #: the win it makes on a discard
    discard: WinWorth


def waiting_kinds(counts: Sequence[int], w: int, shapes: tuple[str, ...], melds: int) -> list[int]:
    """The kinds that complete the 3n+1 hand ``counts`` + ``w`` wilds, in the variant's
    winning shapes (seven pairs and honours in any arrangement need a hand without melds)."""
    kinds = list(core.waits(counts, w))
    if len(shapes) > 1 and not melds:
        extra = []
        c = bytearray(counts)
        for k in range(N_KINDS):
            if k in kinds or c[k] >= 4:  # a fifth copy does not exist
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

    def __init__(self, rules: RuleSet, *, discard_after_self_draw: bool = False, live_only: bool = False,
                 light: bool = False) -> None:
        self.rules = rules
        #: where the variant has no minimum, take a win the bound lets through as valid
        #: without scoring it (its points unknown, 0): only the minimum needs the scorer's
        #: answer, for the fast tier
        self.light = light and not _has_minimum(rules)
        #: take a wild drawn as worth the best wait self-drawn, without asking the scorer
        self.light_wilds = light
        #: a win on a discard weighed by what the next seat's discard pays, not the mean
        #: over all three discarders (two settlements fewer per wait, for the fast tier)
        self.one_discarder = light
        #: ask about a win on a discard only when the same tile self-drawn may win (a
        #: self-draw scores at least as much in every shipped variant): half the scorer's
        #: work on hands that cannot win, for the fast tier
        self.discard_after_self_draw = discard_after_self_draw
        #: ask only about waits with unseen copies left (a wait without any never comes
        #: back: seen tiles stay seen), for the fast tier
        self.live_only = live_only
        self._worth: dict[tuple[object, ...], WinWorth] = {}
        self._hands: dict[tuple[object, ...], _WaitingHand] = {}
        #: calls of the scorer made (the rest were answered from the book)
        self.scored = 0

    # ------------------------------------------------------------------ a waiting hand

    def waits(self, view: SeatView, counts: Sequence[int], wild_ids: Sequence[int],
              melds: tuple[MeldView, ...]) -> tuple[Wait, ...]:
        """Every tile that completes the waiting hand ``counts`` + ``wild_ids`` (with
        ``melds``), with its unseen copies now and the worth of each win; drawing any wild
        completes a ready hand too (kind -1). Empty when the hand is not ready."""
        key = (bytes(counts), tuple(wild_ids), melds, view.discarded_wild, tuple(view.flowers[view.seat]),
               tuple(sorted(view.fed.items())))
        hand = self._hands.get(key)
        if hand is None:
            hand = self._hands[key] = _WaitingHand(view, counts, wild_ids, melds, self.rules)
        if not hand.kinds:
            return ()
        unseen = view.unseen
        out: list[Wait] = []
        for kind in hand.kinds:
            left = view.unseen_wilds if kind < 0 else unseen[kind]
            if not left and self.live_only:
                out.append(Wait(kind, 0, _REFUSED, _REFUSED))
                continue
            if kind < 0 and self.light_wilds:
                # a wild drawn stands for whichever kind pays best: as good as the best
                # wait self-drawn (the fast tier's shortcut; the scorer is not asked)
                best = max((x.self_draw for x in out if x.self_draw.valid), key=lambda x: x.points, default=_REFUSED)
                out.append(Wait(kind, left, best, _REFUSED))
                continue
            tile = hand.wild if kind < 0 else kind
            by_self = self._lookup(view, hand, key, tile, True)
            if self.discard_after_self_draw and not by_self.valid:
                on_discard = _REFUSED
            else:
                on_discard = self._lookup(view, hand, key, tile, False)
            out.append(Wait(kind, left, by_self, on_discard))
        return tuple(out)

    def _lookup(self, view: SeatView, hand: "_WaitingHand", key: tuple[object, ...], tile: int, self_drawn: bool) -> WinWorth:
        wkey = (key, tile, self_drawn)
        got = self._worth.get(wkey)
        if got is None:
            got = self._worth[wkey] = self._score(view, hand, tile, self_drawn)
        return got

    # ------------------------------------------------------------------ one win

    def _score(self, view: SeatView, hand: "_WaitingHand", tile: int, self_drawn: bool) -> WinWorth:
        """Winning on ``tile``: the scorer's cheap bound first
        (``nbmj.scoring.bound.may_reach_minimum``, false only when no reading can
        reach the minimum), then the scorer itself (:func:`~nbmj.scoring.scorer.score_hypothetical`)."""
        wind = view.wind_of
        me = view.wind
        win_by = "self_draw" if self_drawn else "discard"
        flowers = tuple(view.flowers[view.seat])
        shape = list(hand.shape)
        wilds = view.wilds
        w, itself = hand.w, hand.itself
        if tile in wilds:
            w += 1
            itself += tile < N_KINDS
        else:
            shape[tile] += 1
        # (may_reach_minimum with its arguments in order: it is asked at most waits weighed)
        if not reach_from_counts(self.rules, shape, w, itself, tile in wilds, hand.plain_melds, flowers, wilds, me,
                                 view.round_wind, win_by, False, False, view.discarded_wild, tile):
            return _REFUSED
        if self.light and (self_drawn or not (tile in wilds and not self.rules.claims.claim_discarded_wild)):
            return _UNSCORED
        others = view.others()
        sit = Situation(
            seat=me,
            round_wind=view.round_wind,
            concealed=hand.concealed,
            win_tile=tile,
            win_by=win_by,  # type: ignore[arg-type]
            discarder=None if self_drawn else wind[others[0]],
            melds=tuple([Meld(kind, tiles, None if src is None else wind[src]) for kind, tiles, src in hand.melds]),  # type: ignore[arg-type]
            flowers=flowers,
            indicator=view.indicator,
            fed=tuple([(wind[s], n) for s, n in view.fed.items() if n]),
            discarded_wild=view.discarded_wild,
        )
        self.scored += 1
        # (a wait whose every copy is in sight is weighed too: a win that may not come)
        result = score_hypothetical(sit, self.rules)
        if not result.valid:
            return WinWorth(False, result.points, 0.0, result.reason, result.reason_rule)
        if self_drawn:
            return WinWorth(True, result.points, float(result.payments[me]))
        gains = [float(result.payments[me])]
        for other in () if self.one_discarder else others[1:]:
            alt = dataclasses.replace(sit, discarder=wind[other])
            # (alt is sit from another discarder: the payments read no more)
            gains.append(float(payments_of(alt, self.rules, result.points, True)[0][me]))
        return WinWorth(True, result.points, sum(gains) / len(gains))


class _WaitingHand:
    """A waiting hand as the scorer is asked about it: its waits, its physical tiles, and
    its counts as the bound from counts reads them."""

    __slots__ = ("kinds", "wild", "concealed", "melds", "plain_melds", "shape", "w", "itself")

    def __init__(self, view: SeatView, counts: Sequence[int], wild_ids: Sequence[int], melds: tuple[MeldView, ...],
                 rules: RuleSet) -> None:
        kinds = waiting_kinds(counts, len(wild_ids), rules.shapes, len(melds))
        if kinds and view.wilds:
            kinds.append(-1)  # drawing a wild completes a ready hand; one wild tile stands for all
        self.kinds = kinds
        self.wild = view.unseen_wild_id if view.unseen_wild_id >= 0 else (min(view.wilds) if view.wilds else -1)
        self.concealed = view.physical(counts, wild_ids)
        self.melds = melds
        self.plain_melds = tuple([(kind, tiles) for kind, tiles, _src in melds])
        self.shape = list(counts)
        self.w = len(wild_ids)
        self.itself = len([t for t in wild_ids if t < N_KINDS])
