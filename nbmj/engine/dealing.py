"""The deal: every hand from the head of the wall in blocks of four (NB-3.8), then the
initial flower replacement (NB-5.3), after which the dealer is on turn.

Functions over the :class:`~.state.TableState` that return the phase that follows.
"""

from __future__ import annotations

from ..rules.model import SEATS
from ..tiles import N_KINDS
from .draws import replace_flower
from .ending import finish_draw
from .phases import Phase, new_turn
from .precomputed import CODES, notation
from .state import TableState
from .wall import WallBreak
from .wins import is_ready

__all__ = ["DEAL_BLOCK", "deal", "emit_start", "initial_flowers"]

DEAL_BLOCK = 4  # NB-3.8: tiles taken at a time in the deal


def emit_start(t: TableState, dice: tuple[int, int], opened: WallBreak) -> None:
    """Log the hand's ``start`` event: the dice, where they open the wall, the dealer, the
    round wind, the indicator and the wilds."""
    if not t.keeps_log:
        return
    t.emit(
        {
            "e": "start",
            "dice": list(dice),
            "break": {"wall": SEATS[opened.wall], "stacks": opened.stacks},
            "dealer": SEATS[t.dealer],
            "round_wind": t.round_wind,
            "indicator": None if t.indicator is None else CODES[t.indicator],
            "wilds": [CODES[w] for w in t.wt.wild_ids],
        }
    )


def deal(t: TableState, dice: tuple[int, int], opened: WallBreak) -> Phase:
    """Log the start (the dice and where they open the wall), deal every hand from the head of the wall and replace the flowers;
    the dealer is then on turn, unless the flowers used up the wall."""
    emit_start(t, dice, opened)
    er = t.er
    need = [er.other_tiles] * 4
    need[t.dealer] = er.dealer_tiles
    order = [(t.dealer + i) % 4 for i in range(4)]
    left = need[0] + need[1] + need[2] + need[3]
    drawn = t.wall.draw_head_many(left)
    # each block goes straight into its hand: no list of each hand's tiles is built for a
    # hand without a log (the dealer's last tile, which the flowers start from, is kept)
    dealt: list[list[int]] | None = [[] for _ in range(4)] if t.keeps_log else None
    dealer_last = -1
    at = 0
    while left:  # NB-3.8: four at a time from the dealer round, then the rest
        for p in order:
            take = need[p]
            if take > DEAL_BLOCK:
                take = DEAL_BLOCK
            elif not take:
                continue
            hand = t.seat(p).hand
            for i in range(at, at + take):
                tile = drawn[i]
                hand[tile] += 1
            if dealt is not None:
                dealt[p] += drawn[at : at + take]
            if p == t.dealer:
                dealer_last = drawn[at + take - 1]
            at += take
            left -= take
            need[p] -= take
    if dealt is not None:  # the notation is only for the log
        for p in order:
            t.emit({"e": "deal", "seat": SEATS[p], "tiles": notation(dealt[p])})
    last = initial_flowers(t, order, dealer_last)
    if last is None:
        return finish_draw(t)
    for p in range(4):
        if p != t.dealer:
            t.seat(p).ready = is_ready(t, p)
    t.current = t.dealer
    return new_turn(t.dealer, "dealer_first", "self_draw", last)


def initial_flowers(t: TableState, order: list[int], last: int) -> int | None:
    """NB-5.3 in rounds from the dealer, or one player after another (per_player).
    Returns the dealer's last tile (``last``, or its last replacement), or None when a
    replacement found the wall used up and the hand ends drawn."""
    per_player = t.er.per_player_flowers
    flower_flag = t.wt.flower_flag
    while True:
        any_flower = False
        for p in order:
            hand = t.seat(p).hand
            while True:
                held = []
                for f in range(N_KINDS, 42):  # (a plain loop: a C loop once compiled)
                    if hand[f] and flower_flag[f]:
                        held.append(f)
                if not held:
                    break
                any_flower = True
                for f in held:
                    tile = replace_flower(t, p, f)
                    if tile is None:
                        return None
                    if p == t.dealer:
                        last = tile
                if not per_player:
                    break  # a replacement flower waits for the next round
        if not any_flower or per_player:
            return last
