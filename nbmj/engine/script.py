"""Build a fixed wall that deals given hands and draws: scripted hands for tests and examples.

Example (not run)::

    from nbmj.engine.script import play_script, scripted_wall
    wall = scripted_wall(rules, hands={"E": "123m456p789s11z22z5m", "S": ...}, draws="3z4z", dice=(3, 5))
    game = Game(rules, wall=wall, dice=(3, 5))
    play_script(game, ["E discard 5m", "S pon 5m"])

The wall is in draw order (NB-3.6): the deal of NB-3.8 takes the first tiles from the head,
``draws`` follow at the head in turn order, ``tail`` lists the replacement draws (for flowers
and kongs) from the tail, and ``indicator`` is placed where the dice put it (NB-4.5). Every
other tile fills the middle: hands not given get tiles spread over the kinds (one of each
kind before a second copy, flowers last) so that they rarely pair up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..errors import ScriptError
from ..rules.model import SEATS, RuleSet
from ..tiles import N_KINDS, parse_tiles, tile_code
from .actions import Action
from .dealing import DEAL_BLOCK
from .wall import full_tile_set, indicator_position

if TYPE_CHECKING:
    from .game import Game

__all__ = ["scripted_wall", "play_script", "pass_claims"]


def scripted_wall(
    rules: RuleSet,
    *,
    hands: Mapping[str, str] | None = None,
    draws: str = "",
    tail: str = "",
    indicator: str | None = None,
    dice: tuple[int, int] = (1, 1),
    dealer: str = "E",
) -> list[int]:
    """A full wall (tile ids in draw order) that plays out the given deal and draws."""
    hands = dict(hands or {})
    total = rules.tiles.total
    pool = Counter(full_tile_set(rules.tiles.flowers))

    def take(tiles: list[int], what: str) -> list[int]:
        for t in tiles:
            if pool[t] <= 0:
                raise ScriptError(f"no copy of {tile_code(t)!r} left for {what}")
            pool[t] -= 1
        return tiles

    ind_pos = indicator_position(rules.wilds, rules.dealing, dice, total // 2)
    wall: list[int | None] = [None] * total
    ind_tile = None
    if indicator is not None:
        if ind_pos is None:
            raise ScriptError("this variant has no wild indicator")
        ind_tile = take(parse_tiles(indicator), "the indicator")[0]
    if dealer not in SEATS:
        raise ScriptError(f"unknown dealer {dealer!r}; the seats are {', '.join(SEATS)}")
    unknown = sorted(set(hands) - set(SEATS))
    if unknown:
        raise ScriptError(f"a hand for unknown seat {unknown[0]!r}; the seats are {', '.join(SEATS)}")
    d = SEATS.index(dealer)
    order = [(d + i) % 4 for i in range(4)]
    size = {p: rules.dealing.dealer_tiles if p == d else rules.dealing.other_tiles for p in range(4)}
    given = {SEATS.index(s): take(parse_tiles(h), f"the hand of {s}") for s, h in hands.items()}
    for p, tiles in given.items():
        if len(tiles) != size[p]:
            raise ScriptError(f"the hand of {SEATS[p]} has {len(tiles)} tiles, not {size[p]}")
    head_draws = take(parse_tiles(draws), "the draws")
    tail_draws = take(parse_tiles(tail), "the tail draws")
    filler = sorted(((i, t) for t, n in pool.items() for i in range(n)), key=lambda it: (it[1] >= N_KINDS, it[0], it[1]))
    fill = [t for _, t in filler]
    for p in range(4):
        if p not in given:
            hand = [t for t in fill if t < N_KINDS][: size[p]]
            for t in hand:
                fill.remove(t)
            given[p] = hand

    head = [i for i in range(total) if i != ind_pos]
    tail_order = [i for k in range(total // 2 - 1, -1, -1) for i in (2 * k, 2 * k + 1) if i != ind_pos]
    cursor = 0
    queues = {p: list(given[p]) for p in range(4)}
    need = dict(size)
    while any(need.values()):
        for p in order:
            n = min(DEAL_BLOCK, need[p])
            for _ in range(n):
                wall[head[cursor]] = queues[p].pop(0)
                cursor += 1
            need[p] -= n
    for t in head_draws:
        wall[head[cursor]] = t
        cursor += 1
    for i, t in zip(tail_order, tail_draws):
        if wall[i] is not None:
            raise ScriptError("the tail draws run into the head")
        wall[i] = t
    if ind_pos is not None:
        wall[ind_pos] = ind_tile if ind_tile is not None else None
    rest = iter(fill)
    if ind_pos is not None and wall[ind_pos] is None:
        # no indicator asked for: the first filler tile that is not a flower
        pick = next(t for t in fill if t < N_KINDS)
        fill.remove(pick)
        wall[ind_pos] = pick
        rest = iter(fill)
    for i in range(total):
        if wall[i] is None:
            wall[i] = next(rest)
    return [int(t) for t in wall]  # type: ignore[arg-type]


def play_script(game: Game, moves: Iterable[str | Action]) -> None:
    """Play ``moves`` (text actions such as ``"S pon 5m"``) in order.

    Seats that could claim a discard or rob a kong but have no move of their own next in
    the script pass: before each move, every waiting seat other than the mover passes when
    the mover is not among them. After the last move nothing is passed.
    """
    for text in moves:
        action = text if isinstance(text, Action) else Action.parse(text)
        while game.phase in ("claims", "rob") and action.seat not in game.to_act:
            for seat in game.to_act:
                game.step(Action(seat, "pass"))
        game.step(action)


def pass_claims(game: Game) -> None:
    """Every seat waiting to claim passes."""
    while game.phase in ("claims", "rob"):
        for seat in game.to_act:
            game.step(Action(seat, "pass"))
