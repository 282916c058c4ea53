"""A finished winning hand as the scorer sees it: the input of :func:`nbmj.scoring.score`.

The engine builds a :class:`Situation` at the moment of a win; ``nbmj score`` reads one
from JSON (see :meth:`Situation.from_dict`). Tiles are tile ids (:mod:`nbmj.tiles`); seats
are seat winds ``"E" "S" "W" "N"`` with ``"E"`` the dealer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

__all__ = ["Meld", "Situation", "MELD_KINDS"]

MELD_KINDS = ("chi", "pon", "kan", "ankan", "kakan")


@dataclass(frozen=True)
class Meld:
    """A meld on the table, as laid down.

    ``kind``: ``chi`` (chow from a discard), ``pon`` (pung from a discard), ``kan`` (kong of
    a discard), ``ankan`` (concealed kong), ``kakan`` (a pon upgraded by the fourth tile).
    ``tiles`` are the tile ids in the meld; ``source`` is the seat whose discard was
    claimed (None for ``ankan``; for ``kakan`` the seat that fed the original pon).
    """

    kind: Literal["chi", "pon", "kan", "ankan", "kakan"]
    tiles: tuple[int, ...]
    source: str | None = None


@dataclass(frozen=True)
class Situation:
    """Everything the scorer needs about one win.

    ``concealed`` excludes the winning tile; wild tiles appear as the physical tiles they
    are (the indicator decides which are wild). ``discarder`` is the seat that discarded
    the winning tile, or whose added kong was robbed, or None for self-drawn wins.
    ``melds`` are oldest first. ``fed`` counts melds the winner fed each other seat, for
    mutual liability. ``discarded_wild`` records 抛搭.
    """

    seat: str
    round_wind: str
    concealed: tuple[int, ...]
    win_tile: int
    win_by: Literal["discard", "self_draw", "rob_kong", "kong_replacement", "flower_replacement"]
    discarder: str | None = None
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = ()
    indicator: int | None = None
    last_tile: bool = False
    first_turn: bool = False
    fed: tuple[tuple[str, int], ...] = ()
    discarded_wild: bool = False
    variant: str | None = field(default=None, compare=False)
