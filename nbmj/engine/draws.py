"""Drawing tiles: the wall's reserve, the turn's draw from the head, the replacement from
the tail after a kong or a flower, and the immediate payments a flower or kong earns.

Functions of a :class:`~nbmj.engine.game.Game`, bound in game.py as its methods
(``start_turn`` is ``Game._start_turn``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.model import SEATS
from .precomputed import CODES

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "kept_tiles",
    "can_draw",
    "can_kong",
    "start_turn",
    "replacement_draw",
    "after_draw",
    "replace_flower",
    "pay_immediate",
]


def kept_tiles(game: Game) -> int:
    """Drawable tiles that must stay in the wall (NB-15.1, NH-1.9)."""
    return game._kept_tiles


def can_draw(game: Game) -> bool:
    """May a player draw from the head? NB-15.1: to the last tile; NH-1.9: only while
    more whole stacks remain than are kept back (an odd last tile does not count)."""
    kept = game._kept_tiles
    if kept == 0:
        return game.wall.remaining > 0
    return game.wall.remaining // 2 > kept // 2


def can_kong(game: Game) -> bool:
    """NB-9.7: a kong needs a replacement beyond the reserve, counting its own extra stack."""
    return game.wall.remaining > game._kept() + game._kept_per_kong


def start_turn(game: Game, p: int) -> None:
    """A normal turn (NB-6.2): draw from the head, replace flowers, then decide."""
    game.passed_win[p] = False  # NB-8.6 / NB-8.7: drawing is acting
    if game.passed_pon[p]:
        game.passed_pon[p].clear()
    wall, kept = game.wall, game._kept_tiles
    if not (wall.remaining > 0 if kept == 0 else wall.remaining // 2 > kept // 2):  # _can_draw()
        game._finish_draw()
        return
    t = wall.draw_head()
    game.hands[p][t] += 1
    game.events.append({"e": "draw", "seat": SEATS[p], "tile": CODES[t]})
    game.last_tile_drawn = not (wall.remaining > 0 if kept == 0 else wall.remaining // 2 > kept // 2)
    game.current = p
    game.draw_kind = "self_draw"
    if game._auto_flowers and game._flower_flag[t]:
        game._after_draw(p, t)
        return
    # _after_draw for a tile that is no flower
    game._scores.clear()
    game.last_draw = t
    game.phase = "turn"
    game.turn_mode = "draw"


def replacement_draw(game: Game, p: int) -> None:
    """The tail draw after a kong (NB-9.6)."""
    t = game.wall.draw_tail()
    game.hands[p][t] += 1
    game._emit({"e": "draw", "seat": SEATS[p], "tile": CODES[t], "from": "tail"})
    game.last_tile_drawn = not game._can_draw()
    game.draw_kind = "kong_replacement"
    game._after_draw(p, t)


def after_draw(game: Game, p: int, t: int) -> None:
    """``p`` drew ``t``: replace it while it is a flower (when flowers are replaced at
    once), then ``p`` is on turn with the tile it ended with."""
    if game._auto_flowers:  # NB-5.4, NB-5.5: replaced at once, repeatedly
        while game._flower_flag[t]:
            t2 = game._replace_flower(p, t)
            if t2 is None:
                return
            t = t2
            if game.draw_kind == "self_draw":
                game.draw_kind = "flower_replacement"
    game._scores.clear()
    game.last_draw = t
    game.phase = "turn"
    game.current = p
    game.turn_mode = "draw"


def replace_flower(game: Game, p: int, f: int) -> int | None:
    """Lay flower ``f`` aside and draw its replacement; None when the wall is used up (NB-5.7)."""
    game.hands[p][f] -= 1
    game.flowers[p].append(f)
    game._pay_immediate(p, game.rules.immediate.flower, "flower")
    if game.wall.remaining <= game._kept():
        game._emit({"e": "bu", "seat": SEATS[p], "tile": CODES[f], "draw": None})
        game._finish_draw()
        return None
    t = game.wall.draw_tail()
    game.hands[p][t] += 1
    game._emit({"e": "bu", "seat": SEATS[p], "tile": CODES[f], "draw": CODES[t]})
    game.last_tile_drawn = not game._can_draw()
    return t


def pay_immediate(game: Game, p: int, amount: int, why: str) -> None:
    """Each other seat pays ``p`` ``amount`` now, for a flower or a kong (``why``)."""
    if not amount:
        return
    for q in range(4):
        game.immediate[q] += 3 * amount if q == p else -amount
    game._emit({"e": "pay", "seat": SEATS[p], "why": why, "amount": amount})
