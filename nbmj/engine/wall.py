"""Dice, the wall, the wild indicator and every draw from it (rules NB-3.x, NB-4.x, NB-15.x).

Geometry. The four walls (``stacks_per_wall`` stacks of two each) form a ring of stacks
numbered from the dealer's wall, then the walls of the seats after the dealer in turn
order. The dice **sum** picks the wall to open (1, 5, 9: the dealer's own; 2, 6, 10: the
next seat's; ...), and the ``start_stacks_by`` quantity counts stacks into it; that is the
break. Head draws take stacks from the break onwards, top tile first; tail draws (every
replacement for a flower or a kong) take stacks from the other end, top tile first.

This module turns the ring into one *draw-order* list: ``tiles[0]`` is the top tile of the
first stack after the break, ``tiles[2k]`` / ``tiles[2k+1]`` are the top / bottom of stack
``k``, and the last stack is the tail. A fixed wall for a scripted hand is given in that
draw order, so a test reads like the deal.

The wild indicator (NB-4.x) is a position in that list; it stays in place, face up, and
both ends skip it, so it is never dealt or drawn: 143 of Ningbo's 144 tiles are drawable.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..errors import NbmjError
from ..rules.model import DealingRules, DiceQuantity, WildRules
from ..tiles import N_KINDS, N_TILE_IDS

__all__ = ["dice_quantity", "full_tile_set", "Wall", "WallExhausted", "break_stack", "indicator_position"]


class WallExhausted(NbmjError):
    """Raised internally when a draw finds no drawable tile; the game turns it into a draw."""


def dice_quantity(dice: tuple[int, int], which: DiceQuantity) -> int:
    """The sum, the larger or the smaller of two dice."""
    a, b = dice
    if which == "sum":
        return a + b
    if which == "large":
        return max(a, b)
    return min(a, b)


def full_tile_set(with_flowers: bool) -> list[int]:
    """Every physical tile, four copies of each kind plus one of each flower, in id order."""
    tiles = [kind for kind in range(N_KINDS) for _ in range(4)]
    if with_flowers:
        tiles.extend(range(N_KINDS, N_TILE_IDS))
    return tiles


def break_stack(dealing: DealingRules, dice: tuple[int, int]) -> int:
    """The ring index of the first stack drawn (NB-3.x): the opened wall, then stacks counted in."""
    wall_index = (dice_quantity(dice, dealing.open_wall_by) - 1) % 4
    return wall_index * dealing.stacks_per_wall + dice_quantity(dice, dealing.start_stacks_by)


def indicator_position(wilds: WildRules, dealing: DealingRules, dice: tuple[int, int], n_stacks: int) -> int | None:
    """Draw-order position of the wild indicator (NB-4.x), or None when the variant has no wilds.

    ``tail``: count the die's number of stacks back from the tail and flip that stack's top
    tile (S001/S003). ``player_wall``: count the die's number of players on from the dealer,
    then that many stacks into their wall (S000), measured from the break.
    """
    if not wilds.enabled:
        return None
    n = dice_quantity(dice, wilds.indicator_die)
    if wilds.indicator_origin == "tail":
        stack = n_stacks - n
    else:
        ring = (n % 4) * dealing.stacks_per_wall + (n - 1) % dealing.stacks_per_wall
        stack = (ring - break_stack(dealing, dice)) % n_stacks
    return 2 * stack


class Wall:
    """The live wall: head and tail draws over a draw-order tile list, skipping the indicator.

    ``kept`` is how many drawable tiles must stay undrawn at the end (NB-15.x); the game
    raises it for each kong. ``remaining`` counts drawable tiles still in the wall.
    """

    __slots__ = ("tiles", "indicator_pos", "_taken", "_head", "_tail", "remaining", "drawn")

    def __init__(self, tiles: Sequence[int], indicator_pos: int | None) -> None:
        if len(tiles) % 2:
            raise ValueError(f"a wall is built of stacks of two; {len(tiles)} tiles is odd")
        self.tiles = list(tiles)
        self.indicator_pos = indicator_pos
        self._taken = bytearray(len(self.tiles))
        if indicator_pos is not None:
            self._taken[indicator_pos] = 1
        self._head = 0
        self._tail = len(self.tiles) // 2 - 1  # stack index of the tail
        self.remaining = len(self.tiles) - (indicator_pos is not None)
        self.drawn = 0

    @classmethod
    def shuffled(cls, rng: random.Random, tile_set: list[int], dealing: DealingRules, wilds: WildRules, dice) -> "Wall":
        """Shuffle the tiles onto the ring and open it at the break the dice give."""
        tiles = list(tile_set)
        rng.shuffle(tiles)
        n_stacks = len(tiles) // 2
        start = 2 * (break_stack(dealing, dice) % n_stacks)
        ordered = tiles[start:] + tiles[:start]
        return cls(ordered, indicator_position(wilds, dealing, dice, n_stacks))

    @property
    def indicator(self) -> int | None:
        """The face-up indicator tile, or None."""
        return None if self.indicator_pos is None else self.tiles[self.indicator_pos]

    def draw_head(self) -> int:
        """The next tile from the head (a normal draw or the deal)."""
        taken = self._taken
        i = self._head
        while i < len(taken) and taken[i]:
            i += 1
        if i >= len(taken):
            raise WallExhausted("the wall is empty")
        taken[i] = 1
        self._head = i + 1
        self.remaining -= 1
        self.drawn += 1
        return self.tiles[i]

    def draw_tail(self) -> int:
        """The next tile from the tail (a replacement for a flower or a kong)."""
        taken = self._taken
        stack = self._tail
        while stack >= 0:
            top, bottom = 2 * stack, 2 * stack + 1
            if not taken[top]:
                i = top
                break
            if not taken[bottom]:
                i = bottom
                break
            stack -= 1
        else:
            raise WallExhausted("the wall is empty")
        taken[i] = 1
        self._tail = stack
        self.remaining -= 1
        self.drawn += 1
        return self.tiles[i]

    def live_order(self) -> list[int]:
        """The tiles still to be drawn, head first (for a referee's view and for tests)."""
        return [t for i, t in enumerate(self.tiles) if not self._taken[i]]
