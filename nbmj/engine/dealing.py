"""The deal: every hand from the head of the wall in blocks of four (NB-3.8), then the
initial flower replacement (NB-5.3), after which the dealer is on turn.

Like the other parts of :class:`~nbmj.engine.game.Game` split out of game.py, these are
functions of the game that game.py binds as its methods (``deal`` is ``Game._deal``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.model import SEATS
from ..tiles import N_KINDS
from .precomputed import CODES, notation

if TYPE_CHECKING:
    from .game import Game

__all__ = ["deal", "initial_flowers"]

_DEAL_BLOCK = 4  # NB-3.8: tiles taken at a time in the deal


def deal(game: Game) -> None:
    """Log the start, deal every hand from the head of the wall and replace the flowers;
    the dealer is then on turn, unless the flowers used up the wall."""
    d = game.rules.dealing
    game._emit(
        {
            "e": "start",
            "dice": list(game.dice),
            "dealer": SEATS[game.dealer],
            "round_wind": game.round_wind,
            "indicator": None if game.indicator is None else CODES[game.indicator],
            "wilds": [CODES[t] for t in game._wild_ids],
        }
    )
    need = [d.other_tiles] * 4
    need[game.dealer] = d.dealer_tiles
    dealt: list[list[int]] = [[] for _ in range(4)]
    order = [(game.dealer + i) % 4 for i in range(4)]
    drawn = game.wall.draw_head_many(sum(need))
    at = 0
    while any(need):  # NB-3.8: four at a time from the dealer round, then the rest
        for p in order:
            take = min(_DEAL_BLOCK, need[p])
            dealt[p] += drawn[at : at + take]
            at += take
            need[p] -= take
    for p in order:
        hand = game.hands[p]
        for t in dealt[p]:
            hand[t] += 1
    for p in order:
        game._emit({"e": "deal", "seat": SEATS[p], "tiles": notation(dealt[p])})
    game.last_draw = dealt[game.dealer][-1]
    if not game._initial_flowers(order):
        return
    for p in range(4):
        if p != game.dealer:
            game._ready[p] = game._is_ready(p)
    game.phase = "turn"
    game.current = game.dealer
    game.turn_mode = "dealer_first"
    game.draw_kind = "self_draw"


def initial_flowers(game: Game, order: list[int]) -> bool:
    """NB-5.3 in rounds from the dealer, or one player after another (per_player).
    False when a replacement found the wall used up and the hand ended drawn."""
    per_player = game.rules.flowers.initial_replacement == "per_player"
    while True:
        any_flower = False
        for p in order:
            while True:
                held = [t for t in range(N_KINDS, 42) if game.hands[p][t] and game._is_flower(t)]
                if not held:
                    break
                any_flower = True
                for f in held:
                    t = game._replace_flower(p, f)
                    if t is None:
                        return False
                    if p == game.dealer:
                        game.last_draw = t
                if not per_player:
                    break  # a replacement flower waits for the next round
        if not any_flower or per_player:
            return True
