"""Which tiles are wild: a flower indicator that makes all eight flowers wild (NB-4.13)
beside its own group of four (NB-4.3), in the rules, the scorer and the engine."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from nbmj.errors import SituationError
from nbmj.rules import compile_text, load_variant
from nbmj.rules.wilds import wild_tiles
from nbmj.scoring import Situation, score
from nbmj.tiles import PLANTS, SEASONS, parse_tile

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import MIN0, make  # noqa: E402

EIGHT = compile_text('variant eight extends ningbo "eight wild flowers"\nwilds { flower_indicator all }\n', "eight.nbv")


def test_a_flower_indicator_makes_all_eight_wild_where_the_variant_says_NB_4_13():
    spring = parse_tile("1f")
    assert wild_tiles(EIGHT.wilds, spring) == frozenset(SEASONS) | frozenset(PLANTS)
    assert wild_tiles(load_variant("ningbo").wilds, spring) == frozenset(SEASONS)  # NB-4.3, the seeds
    assert wild_tiles(EIGHT.wilds, parse_tile("5m")) == {parse_tile("5m")}


def test_a_plant_held_is_a_wild_and_cannot_be_laid_NB_4_13_NB_4_4():
    # 春 turned up: 兰 (6f) is wild, standing for the 3m of 123m
    sit = {"seat": "S", "concealed": "555z 666z 777z 12m 9s 6f", "win_tile": "9s", "win_by": "self_draw",
           "indicator": "1f"}
    result = score(Situation.from_dict(sit), EIGHT)
    assert result.valid and "no_wild" not in {a.item.name for a in result.items}
    with pytest.raises(SituationError, match="not wild"):
        score(Situation.from_dict(sit), load_variant("ningbo"))
    with pytest.raises(SituationError, match="wild"):
        score(Situation.from_dict({**sit, "concealed": "555z 666z 777z 123m 9s", "flowers": "6f"}), EIGHT)


def test_the_engine_plays_with_eight_wild_flowers_NB_4_13():
    from nbmj.engine.bots import make_bots, play_hand

    rules = dataclasses.replace(MIN0, wilds=EIGHT.wilds)
    for seed in range(6):
        g = make({}, rules=rules, indicator="1f", dice=(seed % 6 + 1, 6))
        assert g.wilds == frozenset(SEASONS) | frozenset(PLANTS)
        result = play_hand(g, make_bots("random", seed))
        assert sum(result.deltas.values()) == 0
        for flowers in (g.flowers[p] for p in range(4)):
            assert not set(flowers) & g.wilds  # no wild flower was laid aside
