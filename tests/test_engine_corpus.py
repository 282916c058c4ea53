"""Every bot over the extreme-variant corpus (tests/corpus/*.nbv): valid variants that push
settings to their edges (wilds in melds and claimable, seven wilds, every winner of a
discard, a deep reserve, manual flowers, kept payments, self-draw only, windows on the
dealer's first turn, no wilds and no reserve). The engine's invariants hold in every hand:
every tile accounted for, hand sizes, settlements summing to zero, every action legal,
and every log replaying to the same states under the variant file."""

import sys
from pathlib import Path

import pytest

from nbmj.core import BACKEND
from nbmj.engine import Game
from nbmj.engine.bots import BOTS
from nbmj.rules import load_variant

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from test_engine_invariants import play_checked  # noqa: E402

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.nbv"))
HANDS = 30 if BACKEND == "cython" else 8  # per variant and bot: 300 hands in all
REPLAYED = 5


def test_the_corpus_is_there():
    assert len(CORPUS) >= 5


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_every_bot_keeps_the_invariants_over_the_corpus(path, bot):
    rules = load_variant(path)
    for seed in range(HANDS):
        g = play_checked(rules, seed, bot, every_step=seed < REPLAYED)
        res = g.result
        assert sum(res.deltas.values()) == 0, (path.name, seed)
        if seed < REPLAYED:
            assert list(Game.replay(g.log_text(), rules=rules))[-1] == g.full_state()


def test_greedy_bot_weighs_a_pong_of_wilds_NB_4_11():
    """NB-4.11 switched on (``wilds_in_melds yes``): a pong or kong of the wild kind takes
    its tiles out of the wilds, which the bot counts apart (it once counted -1 of a kind)."""
    from nbmj.engine.actions import Action
    from nbmj.engine.bots import GreedyBot
    from nbmj.tiles import parse_tiles

    hand = parse_tiles("5m5m123p456p789s1z2z")  # 5m wild: two in hand
    pon = Action("S", "pon", parse_tiles("5m")[0])
    legal = [pon, Action("S", "pass")]
    assert GreedyBot()({"wilds": parse_tiles("5m"), "hand": hand}, legal) in legal
    kong = Action("E", "ankan", parse_tiles("5m")[0])
    hand14 = parse_tiles("5m5m5m5m123p456p789s1z1z")
    discards = [Action("E", "discard", t) for t in sorted(set(hand14))]
    assert GreedyBot()({"wilds": parse_tiles("5m"), "hand": hand14}, [kong, *discards]) in [kong, *discards]
