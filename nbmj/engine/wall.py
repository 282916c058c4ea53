# cython: annotation_typing=False
# (the augmenting wall.pxd gives the C types; the annotations are for mypy)
"""Dice, the wall, the wild indicator and every draw from it (rules NB-3.x, NB-4.x, NB-15.x).

The wall is one *draw-order* list (NB-3.6): ``tiles[0]`` is the top tile of the head
stack, ``tiles[2k]`` / ``tiles[2k+1]`` are the top / bottom of stack ``k``, and the last
stack is the tail. Head draws (the deal and normal draws) go up the list, tail draws
(replacements for flowers and kongs) take stacks from the end, top tile first (NB-3.5).
The shuffle fills this list directly, so the dice only say where the break is (written
into the log's ``start`` event, :func:`wall_break`) and where the indicator is. A fixed wall for a scripted
hand is given in the same order, so a test reads like the deal.

The wild indicator (NB-4.5 to NB-4.7) is a position in that list; it stays in place, face up, and
both ends skip it, so it is never dealt or drawn: 143 of Ningbo's 144 tiles are drawable.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from ..errors import GameSetupError, WallExhausted
from ..rules.model import DealingRules, DiceQuantity, WildRules
from ..tiles import N_KINDS, N_TILE_IDS

__all__ = ["SeededDraws", "shuffle", "dice_quantity", "full_tile_set", "Wall", "WallExhausted", "break_stack", "WallBreak", "wall_break", "indicator_position"]


class SeededDraws(Protocol):
    """What the engine asks of a seeded generator (the dice, the shuffle, a hand's seed):
    ``random.Random``'s methods of these names, or its compiled twin's
    (``nbmj.engine.seeding.seeded_random``)."""

    def getrandbits(self, k: int, /) -> int: ...
    def randint(self, a: int, b: int, /) -> int: ...
    def randrange(self, start: int, stop: int | None = None, /) -> int: ...
    def shuffle(self, x: list[Any], /) -> None: ...


# random.Random's own _randbelow, when it is the getrandbits method (as in CPython)
_RANDBELOW_BITS = getattr(random.Random, "_randbelow_with_getrandbits", None)


def shuffle(tiles: list[int], rng: SeededDraws) -> None:
    """``rng.shuffle(tiles)``: the same swaps and the same draws from ``rng``. Where the
    generator's ``_randbelow`` is CPython's getrandbits loop, that loop is written out here
    (the library's shuffle calls it once per tile, half the time of dealing a game);
    any other generator, or one with a shuffle of its own, shuffles itself."""
    cls = type(rng)
    # a shuffle of its own first: the engine's compiled generator is found there at once
    if cls.shuffle is not random.Random.shuffle or _RANDBELOW_BITS is None or getattr(cls, "_randbelow", None) is not _RANDBELOW_BITS:
        rng.shuffle(tiles)
        return
    bits = rng.getrandbits
    for i in range(len(tiles) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        tiles[i], tiles[j] = tiles[j], tiles[i]


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
    return list(_FULL_SETS[bool(with_flowers)])  # a new list each time


_FULL_SETS = {
    flowers: tuple([kind for kind in range(N_KINDS) for _ in range(4)] + (list(range(N_KINDS, N_TILE_IDS)) if flowers else []))
    for flowers in (False, True)
}


def break_stack(dealing: DealingRules, dice: tuple[int, int]) -> int:
    """The ring index of the first stack drawn (NB-3.x): the opened wall, then stacks counted in."""
    wall_index = (dice_quantity(dice, dealing.open_wall_by) - 1) % 4
    return wall_index * dealing.stacks_per_wall + dice_quantity(dice, dealing.start_stacks_by)


class WallBreak(NamedTuple):
    """Where the wall is opened (NB-3.2, NB-3.3): the position (0 to 3, E S W N) whose wall
    is broken and the stacks counted in from that wall's right-hand end."""

    wall: int
    stacks: int


def wall_break(dealing: DealingRules, dice: tuple[int, int], dealer: int) -> WallBreak:
    """The wall opened and the stacks counted in, for the dealer at position ``dealer``:
    ``open_wall_by`` counts players counter-clockwise from the dealer as 1, ``start_stacks_by``
    gives the stacks (past the wall's end when the count is larger than a wall)."""
    # the ring index counts from 1 (the first stack of the dealer's wall): a count of a
    # whole wall ends on that wall's last stack, not at stack 0 of the next one
    walls_on, before = divmod(break_stack(dealing, dice) - 1, dealing.stacks_per_wall)
    return WallBreak((dealer + walls_on) % 4, before + 1)


def indicator_position(wilds: WildRules, dealing: DealingRules, dice: tuple[int, int], n_stacks: int) -> int | None:
    """Draw-order position of the wild indicator, or None when the variant has no wilds.

    ``tail`` (NB-4.5): count the die's number of stacks back from the tail (the tail stack
    is 1) and flip that stack's top tile. ``player_wall`` (NB-4.6, S000): with the die
    quantity *n* and the larger die *L*, the (*L* + *n*)-th stack from the tail.
    """
    if not wilds.enabled:
        return None
    n = dice_quantity(dice, wilds.indicator_die)
    if wilds.indicator_origin == "player_wall":
        n += dice_quantity(dice, "large")
    stack = (n_stacks - n) % n_stacks
    return 2 * stack


class Wall:
    """The live wall: head and tail draws over a draw-order tile list, skipping the indicator.

    ``remaining`` counts drawable tiles still in the wall; the reserve that must stay
    undrawn (NB-15.x) is the table's (:meth:`nbmj.engine.state.TableState.can_draw`).
    """

    __slots__ = ("tiles", "indicator_pos", "_taken", "_head", "_tail", "remaining", "drawn")

    def __init__(self, tiles: Sequence[int], indicator_pos: int | None) -> None:
        if len(tiles) % 2:
            raise GameSetupError(f"a wall is built of stacks of two; {len(tiles)} tiles is odd")
        self.tiles = list(tiles)
        self.indicator_pos = indicator_pos
        self._taken = bytearray(len(self.tiles))
        if indicator_pos is not None:
            self._taken[indicator_pos] = 1
        self._head = 0
        self._tail = len(self.tiles) // 2 - 1  # stack index of the tail
        self.remaining = len(self.tiles) - (indicator_pos is not None)
        self.drawn = 0

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

    def draw_head_many(self, n: int) -> list[int]:
        """The next ``n`` tiles from the head, in order: ``n`` calls of :meth:`draw_head`."""
        taken = self._taken
        i = self._head
        if taken.find(1, i, i + n) == -1 and i + n <= len(taken):  # nothing to skip
            out = self.tiles[i : i + n]
            taken[i : i + n] = b"\x01" * n
            self._head = i + n
            self.remaining -= n
            self.drawn += n
            return out
        return [self.draw_head() for _ in range(n)]

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
