"""Whether a hand wins and what the win is worth: the shape test, readiness, and the
:class:`~nbmj.scoring.situation.Situation` handed to the scorer through
:func:`.settle.score_win`.

A win needs a complete shape and a score the rules allow (the scorer can refuse a
complete hand); the answer is kept in the table's ``scores`` until the game enters its
next phase.
"""

from __future__ import annotations

from .. import core
from ..core import is_win_ids as _is_win_ids  # (compiled: wins.pxd cimports it, a C call)
from ..scoring.bound import hand_counts as win_counts  # the counts the scorer's bound reads
from ..scoring.bound import reach_from_counts, reach_from_hand, valid_with_facts
from ..rules.model import Liability
from ..scoring.settlement import counts_toward_link
from ..scoring.situation import Meld as ScoredMeld
from ..scoring.situation import Situation
from typing import Callable

from ..tiles import N_KINDS
from ..scoring.shapes import wins_other_shape
from .settle import WinScore, score_win
from .state import TableMeld, TableState

__all__ = ["shape", "tile_total", "is_ready", "self_win", "discard_win", "situation", "scored_melds", "fed_toward_links"]

_is_win = core.is_win  # (looked up once: nbmj.core chose its backend at import)
#: nbmj.scoring.bound's reach_from_hand (compiled with that module)
_reach_from_hand: Callable[..., bool] | None = reach_from_hand


def shape(t: TableState, p: int) -> tuple[bytearray, int]:
    """The 34-count vector without wilds, and the number of wilds (wild flowers included,
    save one that also acts as a flower: it is laid aside, not played, NB-4.4)."""
    hand = t.seat(p).hand
    counts = hand[:N_KINDS]
    w = 0
    flower_flag = t.wt.flower_flag
    for k in t.wt.wild_ids:
        if flower_flag[k]:
            continue
        w += hand[k]
        if k < N_KINDS:
            counts[k] = 0
    return counts, w


def tile_total(counts: bytearray) -> int:
    """How many tiles the 34 counts hold (a loop the compiled module runs in C)."""
    total = 0
    for k in range(N_KINDS):
        total += counts[k]
    return total


def is_ready(t: TableState, p: int) -> bool:
    """Whether a waiting-size (3n+1) hand is ready, shanten 0. A wild stands for any kind,
    a fifth copy too (NB-10.4), so that is the hand winning with one more wild: one
    win test instead of a shanten, which costs twice as much. A hand that holds a flower it
    has not laid down (flowers laid down by hand, NB-5.4) is a tile short: never ready."""
    if _is_win_ids(t.seat(p).hand, t.wt.wild_id_mask, 1):
        return True
    if not t.er.several_shapes:
        return False
    counts, wilds = shape(t, p)
    return (tile_total(counts) + wilds) % 3 == 1 and _other_shape(t, p, counts, wilds + 1)


def self_win(t: TableState, p: int, tile: int | None, draw_kind: str | None) -> WinScore | None:
    """The score of ``p`` winning on ``tile``, the tile it drew (``draw_kind``); None when it may not."""
    key = (p, "self")
    scores = t.scores
    if key in scores:
        return scores[key]
    res = None
    if tile is not None and (_is_win_ids(t.seat(p).hand, t.wt.wild_id_mask, 0) or _wins_other_shape(t, p)):
        win_by = draw_kind or "self_draw"
        if _may_reach(t, p, tile, win_by, None):
            res = _valid_score(situation(t, p, tile, win_by, None), t)
    scores[key] = res
    return res


def discard_win(t: TableState, q: int, tile: int, d: int, win_by: str, shape_wins: bool = False) -> WinScore | None:
    """The score of ``q`` winning on ``tile`` from ``d``, None when it may not;
    ``shape_wins`` when the caller already knows the hand plus the tile is a winning shape."""
    key = (q, win_by)
    scores = t.scores
    if key in scores:
        return scores[key]
    if not shape_wins:
        counts, w = shape(t, q)
        if tile in t.wt.wilds:
            w += 1
        else:
            counts[tile] += 1
        shape_wins = (tile_total(counts) + w) % 3 == 2 and (bool(_is_win(counts, w)) or _other_shape(t, q, counts, w))
    res = None
    if shape_wins and _may_reach(t, q, tile, win_by, d):
        res = _valid_score(situation(t, q, tile, win_by, d), t)
    scores[key] = res
    return res


def _valid_score(sit: Situation, t: TableState) -> WinScore | None:
    """The score of a complete hand's win, None when the rules refuse it. Most complete
    hands are worth less than the minimum: the bound (:func:`~nbmj.scoring.bound.may_be_valid`)
    tells most of those apart without the full scoring."""
    valid, hand_facts = valid_with_facts(sit, t.rules)
    if not valid:
        return None
    score = score_win(sit, t.rules, hand_facts=hand_facts)
    return score if score.valid else None


def first_turn(t: TableState, win_by: str) -> bool:
    """Whether a win by ``win_by`` now is a win of the first go-around, as the scorer's
    ``first_turn`` means it: no tile discarded yet, or a win on the very first discard
    before anyone has claimed."""
    return t.discards_made == 0 or (win_by == "discard" and t.discards_made == 1 and not t.claims_made)


def _may_reach(t: TableState, p: int, tile: int, win_by: str, discarder: int | None) -> bool:
    """False only when ``p`` winning on ``tile`` cannot reach the minimum (or a win
    restriction forbids it): the scorer's value bound from the table's counts
    (:func:`~nbmj.scoring.bound.may_reach_minimum`, asked through its reach_from_hand),
    which most wins a bot meets fail, before their Situation is built. The counts are
    those of :func:`situation`'s concealed tiles and the winning tile."""
    seat = t.seats[p]
    wilds = t.wt.wilds
    kongs = kongs_before(t, p, discarder)
    kong_kinds = tuple([m.kind for m in kongs]) if kongs else ()
    if _reach_from_hand is not None:
        return _reach_from_hand(
            t.rules, seat.hand, t.wt.flower_flag, wilds, tile, discarder is not None, seat.melds, seat.flowers,
            t.seat_wind(p), t.round_wind, win_by, t.last_tile_drawn and discarder is None, first_turn(t, win_by),
            seat.discarded_wild, kong_kinds)
    win_is_wild = tile in wilds
    shape, w, wild_as_itself = win_counts(seat.hand, t.wt.flower_flag, wilds, -1 if discarder is None else tile)
    return reach_from_counts(
        t.rules, shape, w, wild_as_itself, win_is_wild, tuple([(m.kind, m.tiles) for m in seat.melds]),
        tuple(seat.flowers), wilds, t.seat_wind(p), t.round_wind, win_by, t.last_tile_drawn and discarder is None,
        first_turn(t, win_by), seat.discarded_wild, tile, kong_kinds)


def _wins_other_shape(t: TableState, p: int) -> bool:
    """Whether ``p``'s hand as it is (a complete size) wins in a shape of ``winning.shapes``
    besides the standard one."""
    if not t.er.several_shapes:
        return False
    counts, w = shape(t, p)
    return (tile_total(counts) + w) % 3 == 2 and _other_shape(t, p, counts, w)


def _other_shape(t: TableState, p: int, counts: bytearray, w: int) -> bool:
    """Whether ``p``'s complete hand wins in a shape of ``winning.shapes`` besides the standard
    one (seven pairs, honours in any arrangement: nbmj.scoring.shapes)."""
    shapes = t.rules.shapes
    return len(shapes) > 1 and wins_other_shape(counts, w, [m.tiles for m in t.seat(p).melds], shapes)


#: No kongs (kongs_before's answer for most wins).
_NO_KONGS: list[TableMeld] = []


def kongs_before(t: TableState, p: int, discarder: int | None) -> list[TableMeld]:
    """The kongs a win of ``p`` (on a discard of ``discarder``, None for a self-draw) came
    right after (NB-12.49): those of the seat on turn, the discarder's or the winner's on a
    replacement, since its turn began (the Situation's ``after_kongs``). Not to be changed."""
    on_turn = p if discarder is None else discarder
    return t.turn_kongs if t.turn_kongs and t.current == on_turn else _NO_KONGS


def scored_melds(t: TableState, melds: list[TableMeld]) -> tuple[ScoredMeld, ...]:
    """The table's melds as the scorer reads them, the seats they came from as seat winds."""
    wind = t.seat_wind
    return tuple([ScoredMeld(m.kind, m.tiles, None if m.source is None else wind(m.source)) for m in melds])


def fed_toward_links(t: TableState, p: int, liability: Liability) -> list[int]:
    """For each seat, the melds it claimed from ``p``'s discards that count toward a 三摊
    link (:func:`~nbmj.scoring.settlement.counts_toward_link`: of a kind ``liability.counts``
    names, NB-14.5)."""
    fed = [0, 0, 0, 0]
    for q in range(4):
        if q != p:
            for m in t.seats[q].melds:
                if m.source == p and counts_toward_link(m.kind, liability):
                    fed[q] += 1
    return fed


def fed_winds(t: TableState, p: int, fed: list[int]) -> tuple[tuple[str, int], ...]:
    """A :class:`~nbmj.scoring.Situation`'s ``fed`` for ``p`` as the winner: the seat wind of
    each other seat ``p`` fed melds to and how many, from ``fed``, the counts by seat (as
    :func:`fed_toward_links` gives them). The scorer reads 三摊 links (NB-14.5) from it."""
    wind = t.seat_wind
    return tuple([(wind(q), fed[q]) for q in range(4) if q != p and fed[q]])


def situation(t: TableState, p: int, tile: int, win_by: str, discarder: int | None, liable: int | None = None) -> Situation:
    """What the scorer needs to know of ``p`` winning on ``tile``: the hand, the melds and
    flowers, the winds, the circumstances (last tile, first turn, who fed whom) and the
    seat that pays for the table (NH-6.5), when there is one."""
    seat = t.seats[p]
    hand = seat.hand
    flower_flag = t.wt.flower_flag
    concealed = [k for k in range(42) for _ in range(hand[k]) if not flower_flag[k]]
    if discarder is None:
        concealed.remove(tile)
    wind = t.seat_wind
    liability = t.rules.liability
    fed = seat.fed if liability is None else fed_toward_links(t, p, liability)
    kongs = kongs_before(t, p, discarder)
    after_kongs = scored_melds(t, kongs) if kongs else ()
    return Situation(
        seat=wind(p),
        round_wind=t.round_wind,
        concealed=tuple(concealed),
        win_tile=tile,
        win_by=win_by,  # type: ignore[arg-type]  # (a WinBy: the ignore, not typing.cast, a call in the compiled module)
        discarder=None if discarder is None else wind(discarder),
        melds=scored_melds(t, seat.melds),
        flowers=tuple(seat.flowers),
        indicator=t.indicator,
        last_tile=t.last_tile_drawn and discarder is None,
        first_turn=first_turn(t, win_by),
        fed=fed_winds(t, p, fed),
        discarded_wild=seat.discarded_wild,
        variant=t.rules.name,
        liable=None if liable is None else wind(liable),
        after_kongs=after_kongs,
    )
