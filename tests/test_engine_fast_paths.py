"""The engine's fast paths give what the plain paths give: an Observation's hand counts
are its ``hand`` field counted, and the greedy bot chooses the same from an Observation as
from the same observation as a plain dict (which takes the list of tile ids)."""

from __future__ import annotations

import pytest

from nbmj.engine import Game
from nbmj.engine.bots import GreedyBot, RandomBot
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
