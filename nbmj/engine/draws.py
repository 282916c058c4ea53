"""Drawing tiles: the turn's draw from the head, the replacement from the tail after a kong
or a flower, and the immediate payments a flower or kong earns. The reserve at the end of
the wall is :meth:`.state.TableState.can_draw` / :meth:`~.state.TableState.can_kong`.

Functions over the :class:`~.state.TableState` that return the phase that follows.
"""

from __future__ import annotations

from ..rules.model import SEATS
from .ending import finish_draw
from .phases import Phase, new_turn
from .precomputed import CODES
from .state import TableState

__all__ = ["start_turn", "replacement_draw", "after_draw", "replace_flower"]


def start_turn(t: TableState, p: int) -> Phase:
    """A normal turn (NB-6.2): draw from the head, replace flowers, then decide; the hand
    is drawn when no tile may be drawn."""
    seat = t.seats[p]
    seat.passed_win = False  # NB-8.6 / NB-8.7: drawing is acting
    if seat.passed_pon:
        seat.passed_pon.clear()
    if not t.can_draw():
        return finish_draw(t)
    tile = t.wall.draw_head()
    seat.hand[tile] += 1
    if t.keeps_log:  # (the event is not even made for a hand without a log)
        t.emit({"e": "draw", "seat": SEATS[p], "tile": CODES[tile]})
    t.last_tile_drawn = not t.can_draw()
    t.current = p
    if t.turn_kongs:
        t.turn_kongs.clear()  # a new turn, by a draw from the head
    if t.er.auto_flowers and t.wt.flower_flag[tile]:
        return after_draw(t, p, tile, "self_draw")
    return new_turn(p, "draw", "self_draw", tile)


def replacement_draw(t: TableState, p: int) -> Phase:
    """The tail draw after a kong (NB-9.6)."""
    tile = t.wall.draw_tail()
    t.seat(p).hand[tile] += 1
    if t.keeps_log:  # (the event is not even made for a hand without a log)
        t.emit({"e": "draw", "seat": SEATS[p], "tile": CODES[tile], "from": "tail"})
    t.last_tile_drawn = not t.can_draw()
    return after_draw(t, p, tile, "kong_replacement")


def after_draw(t: TableState, p: int, tile: int, draw_kind: str) -> Phase:
    """``p`` drew ``tile`` (``draw_kind``): replace it while it is a flower (when flowers
    are replaced at once), then ``p`` is on turn with the tile it ended with."""
    if t.er.auto_flowers:  # NB-5.4, NB-5.5: replaced at once, repeatedly
        flower_flag = t.wt.flower_flag
        while flower_flag[tile]:
            replacement = replace_flower(t, p, tile)
            if replacement is None:
                return finish_draw(t)
            tile = int(replacement)
            if draw_kind == "self_draw":
                draw_kind = "flower_replacement"
    t.current = p
    return new_turn(p, "draw", draw_kind, tile)


def replace_flower(t: TableState, p: int, f: int) -> int | None:
    """Lay flower ``f`` aside and draw its replacement; None when the wall is used up
    (NB-5.7), and the caller then ends the hand drawn."""
    seat = t.seats[p]
    seat.hand[f] -= 1
    seat.flowers.append(f)
    seat.changes += 1
    t.pay_immediate(p, t.er.immediate.flower, "flower")
    if t.wall.remaining <= t.kept_tiles:
        if t.keeps_log:  # (the event is not even made for a hand without a log)
            t.emit({"e": "bu", "seat": SEATS[p], "tile": CODES[f], "draw": None})
        return None
    tile = t.wall.draw_tail()
    seat.hand[tile] += 1
    if t.keeps_log:  # (the event is not even made for a hand without a log)
        t.emit({"e": "bu", "seat": SEATS[p], "tile": CODES[f], "draw": CODES[tile]})
    t.last_tile_drawn = not t.can_draw()
    return tile
