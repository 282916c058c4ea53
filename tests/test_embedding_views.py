"""What a server embedding nbmj may send a seat shows nothing hidden from that seat.

Two hands that differ only in tiles the seat cannot see (another seat's concealed tiles, the
undrawn wall, the tail the replacements come from) must give that seat the same view, in every
field: the engine's ``Observation.to_json()``, the ``nbmj-bot/1`` observation, the seat's view
of the event log, its legal actions, and the message of an action it is refused.
"""

from __future__ import annotations

import json
import random
from typing import Any

from nbmj.bots.protocol import observation_json, seat_view
from nbmj.engine import Game, make_bots
from nbmj.engine.actions import Action
from nbmj.errors import IllegalActionError

SEATS = "ESWN"
VARIANTS = ("ningbo", "ninghai", "xizhou", "ningbo-7wild", "xiangshan", "ninghai-tuidaoba")


def _played(variant: str, seed: int) -> tuple[list[int], tuple[int, int], list[Action]]:
    """A hand among greedy bots: its wall in draw order, its dice and every action."""
    game = Game(variant, seed=seed)
    wall, dice = list(game.wall.tiles), game.dice
    bots = make_bots("greedy", seed)
    actions = []
    while not game.is_over:
        seat = game.to_act[0]
        action = bots[seat](game.observation(seat), game.legal_actions(seat))
        actions.append(action)
        game.step(action)
    return wall, dice, actions


def _replayed(variant: str, wall: list[int], dice: tuple[int, int], actions: list[Action]) -> Game | None:
    """The hand on ``wall`` after ``actions``, or None when the wall makes one of them illegal."""
    game = Game(variant, wall=wall, dice=dice)
    try:
        for action in actions:
            game.step(action)
    except IllegalActionError:
        return None
    return game


def _refusal(game: Game, seat: str) -> str:
    """The message a server would relay when ``seat`` sends an action it may not take now."""
    try:
        game.step(Action(seat, "pass") if seat not in game.to_act else Action(seat, "discard", 41))
    except IllegalActionError as exc:
        return str(exc)
    raise AssertionError("a refused action was taken")


def _sent(game: Game, seat: str) -> dict[str, Any]:
    """Everything a server would send ``seat`` now, as JSON text per channel."""
    observation = game.observation(seat)
    events = [seat_view(event, seat) for event in game.events]
    return {
        "observation": json.dumps(observation.to_json(), sort_keys=True),
        "protocol": json.dumps(observation_json(observation), sort_keys=True),
        "events": json.dumps([e for e in events if e is not None], sort_keys=True),
        "legal": json.dumps([a.to_json() for a in game.legal_actions(seat)]),
        "refusal": _refusal(game, seat),
    }


def _hidden_swaps(game: Game, wall: list[int], seat: str, rng: random.Random) -> list[tuple[int, int]]:
    """Pairs of wall positions (a tile now in another seat's concealed hand, an undrawn
    tile) to swap, the open discard's kind first: who may claim it is what a window hides."""
    state = game.full_state()
    wilds = set(state["wilds"])
    taken = game.wall._taken  # (the referee's record of the positions dealt or drawn)
    drawn = [i for i in range(len(wall)) if taken[i] and i != game.wall.indicator_pos]
    undrawn = [i for i in range(len(wall)) if not taken[i]]
    held = {t for s in SEATS if s != seat for t in state["hands"][s] if t < 34 and t not in wilds}
    discard = state["discard"]
    kinds = sorted(held, key=lambda t: (discard is None or t != discard["tile"], rng.random()))
    swaps = []
    for kind in kinds[:4]:
        for j in rng.sample(undrawn, min(3, len(undrawn))):
            if wall[j] < 34 and wall[j] not in wilds and wall[j] != kind:
                swaps += [(i, j) for i in drawn if wall[i] == kind]
    return swaps


def test_a_seat_is_sent_nothing_that_depends_on_tiles_it_cannot_see() -> None:
    compared = windows = 0
    for variant in VARIANTS:
        rng = random.Random(variant)
        for seed in range(16):
            wall, dice, actions = _played(variant, seed)
            # moments: every claim or robbing window, and a few turns
            probe = Game(variant, wall=wall, dice=dice)
            moments = []
            for n, action in enumerate(actions):
                if probe.phase in ("claims", "rob") or rng.random() < 0.05:
                    moments.append(n)
                probe.step(action)
            for n in rng.sample(moments, min(5, len(moments))):
                a = _replayed(variant, wall, dice, actions[:n])
                assert a is not None
                for seat in SEATS:
                    for i, j in _hidden_swaps(a, wall, seat, rng)[:6]:
                        other = list(wall)
                        other[i], other[j] = other[j], other[i]
                        b = _replayed(variant, other, dice, actions[:n])
                        if b is None or b.phase != a.phase or (seat in a.to_act) != (seat in b.to_act):
                            continue  # the hidden tiles changed the history, not just a view of it
                        if b.full_state()["hands"][seat] != a.full_state()["hands"][seat]:
                            continue  # the swapped copy was the seat's own
                        assert _sent(a, seat) == _sent(b, seat), (variant, seed, n, seat)
                        compared += 1
                        windows += a.phase in ("claims", "rob") and a.to_act != b.to_act
    assert compared > 500
    assert windows > 10  # pairs that differ in who may claim: the views must not say so
