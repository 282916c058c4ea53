"""Whether a hand wins and what the win is worth: the shape test, readiness, and the
:class:`~nbmj.scoring.situation.Situation` handed to the scorer through
:func:`.settle.score_win`.

A win needs a complete shape and a score the rules allow (the scorer can refuse a
complete hand); the answer is kept in the game's ``_scores`` until the hand changes.

Functions of a :class:`~nbmj.engine.game.Game`, bound in game.py as its methods
(``self_win`` is ``Game._self_win``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import core
from ..scoring.situation import Meld, Situation
from ..tiles import N_KINDS
from ..scoring.shapes import wins_other_shape
from .settle import WinScore, score_win

if TYPE_CHECKING:
    from .game import Game

__all__ = ["shape", "is_ready", "self_win", "discard_win", "situation"]

_is_win = core.is_win


def shape(game: Game, p: int) -> tuple[list[int], int]:
    """The 34-count vector without wilds, and the number of wilds (wild flowers included)."""
    hand = game.hands[p]
    counts = hand[:N_KINDS]
    w = 0
    for k in game._wild_ids:
        w += hand[k]
        if k < N_KINDS:
            counts[k] = 0
    return counts, w


def is_ready(game: Game, p: int) -> bool:
    """Whether a waiting-size (3n+1) hand is ready, shanten 0. A wild stands for any kind,
    a fifth copy too (NB-10.4), so that is the hand winning with one more wild: one
    is_win instead of a shanten, which costs twice as much."""
    counts, wilds = game._shape(p)
    return _is_win(counts, wilds + 1) or _other_shape(game, p, counts, wilds + 1)


def self_win(game: Game, p: int) -> WinScore | None:
    """The score of ``p`` winning on the tile it drew, None when it may not."""
    key = (p, "self")
    if key in game._scores:
        return game._scores[key]
    counts, w = game._shape(p)
    res = None
    if (sum(counts) + w) % 3 == 2 and (core.is_win(counts, w) or _other_shape(game, p, counts, w)):
        sit = game._situation(p, game.last_draw, game.draw_kind, None)
        score = score_win(sit, game.rules)
        res = score if score.valid else None
    game._scores[key] = res
    return res


def discard_win(game: Game, q: int, t: int, d: int, win_by: str, shape_wins: bool = False) -> WinScore | None:
    """The score of ``q`` winning on ``t``, None when it may not; ``shape_wins`` when
    the caller already knows the hand plus the tile is a winning shape."""
    key = (q, win_by)
    if key in game._scores:
        return game._scores[key]
    if not shape_wins:
        counts, w = game._shape(q)
        if t in game.wilds:
            w += 1
        else:
            counts[t] += 1
        shape_wins = core.is_win(counts, w) or _other_shape(game, q, counts, w)
    res = None
    if shape_wins:
        score = score_win(game._situation(q, t, win_by, d), game.rules)
        res = score if score.valid else None
    game._scores[key] = res
    return res


def _other_shape(game: Game, p: int, counts: list[int], w: int) -> bool:
    """Whether ``p``'s complete hand wins in a shape of ``winning.shapes`` besides the standard
    one (seven pairs, honours in any arrangement: nbmj.scoring.shapes)."""
    shapes = game.rules.shapes
    return len(shapes) > 1 and wins_other_shape(counts, w, [m[1] for m in game.melds[p]], shapes)


def situation(game: Game, p: int, tile: int, win_by: str, discarder: int | None) -> Situation:
    """What the scorer needs to know of ``p`` winning on ``tile``: the hand, the melds and
    flowers, the winds, and the circumstances (last tile, first turn, who fed whom)."""
    hand = game.hands[p]
    concealed = [t for t in range(42) for _ in range(hand[t]) if not game._is_flower(t)]
    if discarder is None:
        concealed.remove(tile)
    first_turn = game.discards_made == 0 or (win_by == "discard" and game.discards_made == 1 and not game.claims_made)
    return Situation(
        seat=game.seat_wind(p),
        round_wind=game.round_wind,
        concealed=tuple(concealed),
        win_tile=tile,
        win_by=win_by,
        discarder=None if discarder is None else game.seat_wind(discarder),
        melds=tuple(Meld(m[0], m[1], None if m[2] is None else game.seat_wind(m[2])) for m in game.melds[p]),
        flowers=tuple(game.flowers[p]),
        indicator=game.indicator,
        last_tile=game.last_tile_drawn and discarder is None,
        first_turn=first_turn,
        fed=tuple((game.seat_wind(q), game.fed[p][q]) for q in range(4) if q != p and game.fed[p][q]),
        discarded_wild=game.discarded_wild[p],
        variant=game.variant,
    )
