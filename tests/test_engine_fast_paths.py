"""The engine's fast paths give what the plain paths give: an Observation's hand counts
are its ``hand`` field counted, the greedy bot chooses the same from an Observation as
from the same observation as a plain dict (which takes the list of tile ids), and the
wall's shuffle is the library's."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbmj.engine import Game
from nbmj.engine.bots import GreedyBot, RandomBot
from nbmj.engine.wall import shuffle
from nbmj.rules import list_variants, load_variant


@pytest.mark.parametrize("variant", list_variants())
def test_hand_counts_and_the_greedy_choice_agree_with_the_plain_observation(variant):
    rules = load_variant(variant)
    greedy = GreedyBot()
    checked = 0
    for seed in range(3):
        g = Game(rules, seed)
        mover = RandomBot(seed)
        while not g.is_over:
            seat = g.to_act[0]
            obs = g.observation(seat)
            counts = obs.hand_counts()
            assert list(counts) == [obs["hand"].count(k) for k in range(42)]
            legal = g.legal_actions(seat)
            assert greedy(obs, legal) == greedy(obs.to_dict(), legal)
            checked += 1
            g.step(mover(obs, legal))
    assert checked > 100


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**64), st.integers(0, 160))
def test_the_wall_shuffle_is_the_library_shuffle_NB_3_6(seed, size):
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(size)), list(range(size))
    shuffle(a, ours)
    theirs.shuffle(b)
    assert a == b
    assert ours.getrandbits(64) == theirs.getrandbits(64)  # the same draws were taken


def test_a_generator_of_its_own_shuffles_itself():
    class Reversing(random.Random):
        def shuffle(self, x):  # type: ignore[override]
            x.reverse()

    tiles = [1, 2, 3]
    shuffle(tiles, Reversing(0))
    assert tiles == [3, 2, 1]


def test_the_wall_shuffle_asks_a_generator_with_bits_of_its_own_for_each_draw_NB_3_6():
    """A generator whose getrandbits is its own is asked once per draw, as the library's
    shuffle asks it."""

    class Counting(random.Random):
        def __init__(self, seed: int) -> None:
            super().__init__(seed)
            self.asked: list[int] = []

        def getrandbits(self, k: int) -> int:
            self.asked.append(k)
            return super().getrandbits(k)

    mine, expected = list(range(144)), list(range(144))
    ours, theirs = Counting(7), Counting(7)
    shuffle(mine, ours)
    theirs.shuffle(expected)
    assert mine == expected and ours.asked == theirs.asked and max(ours.asked) <= 8 and len(ours.asked) >= 143


def test_a_copied_random_bot_draws_from_its_own_generator():
    """RandomBot's draw is ``rng.choice``'s, and a copy (a tree search's) has its own generator:
    it makes the original's choices without moving the original's generator."""
    import copy

    from nbmj.engine.actions import Action

    legal = [Action("E", "discard", tile) for tile in range(11)]
    bot, reference = RandomBot(9), random.Random(9)
    assert [bot({}, legal) for _ in range(50)] == [reference.choice(legal) for _ in range(50)]
    twin = copy.deepcopy(bot)
    state = bot.rng.getstate()
    ahead = [twin({}, legal) for _ in range(20)]
    assert bot.rng.getstate() == state
    assert [bot({}, legal) for _ in range(20)] == ahead
