"""Conditions on the winning tile and the wilds of the winning group (NB-12.36, NB-12.37),
还搭 counted per wild (NB-12.34), and 断幺九 with all-wild chows (NB-12.41)."""

from __future__ import annotations

import pytest

from nbmj.errors import RuleSetError
from nbmj.rules import compile_text
from nbmj.scoring import Situation, score

RULES = compile_text('''variant w extends ningbo "winning-tile conditions"
items {
  item win_on_wild    "Win On Baida"   1 tai when win_tile_wild                   [NB-12.36]
  item wild_pair      "Baida Pair Win" 1 tai when wild_pair_win and self_draw     [NB-12.37]
  item wild_as_itself "还搭"           1 tai each wild_as_itself                  [NB-12.34]
  item tanyao         "断幺平和"       3 tai when all_simples and all_chows       [NB-12.41]
}''', "w.nbv")


def _score(concealed, win_tile, indicator="1z", win_by="self_draw", rules=RULES):
    sit = Situation.from_dict({"seat": "S", "concealed": concealed, "win_tile": win_tile, "win_by": win_by,
                               "indicator": indicator, **({"from": "E"} if win_by == "discard" else {})})
    return score(sit, rules)


def _items(result):
    return {a.item.name: a.value for a in result.items}


def test_the_winning_tile_is_a_wild_NB_12_36():
    assert _items(_score("234m 567m 345p 789p 6p", "1z"))["win_on_wild"] == 1
    assert "win_on_wild" not in _items(_score("234m 567m 345p 789p 1z", "6p"))  # a wild held, not won on


def test_the_winning_wild_pairs_with_another_wild_NB_12_37():
    # 678p and a pair of wilds, or 78p + a wild and 6p paired with the winning wild: the
    # same sets and wait; only the first reading is a Baida Pair Win, and it is found
    result = _score("234m 567m 345p 78p 6p 1z", "1z")
    assert _items(result)["wild_pair"] == 1 and result.wait == "single"
    assert "wild_pair" not in _items(_score("234m 567m 345p 789p 6p", "1z"))  # one wild only
    assert "wild_pair" not in _items(_score("234m 567m 345p 789p 1z", "1z", win_by="discard"))  # not self-drawn


def test_a_wild_pair_completed_by_a_real_tile_is_not_a_wild_pair_win_NB_12_37():
    assert "wild_pair" not in _items(_score("234m 567m 345p 789p 1z", "6p"))


def test_wild_as_itself_counts_each_wild_NB_12_34():
    # two wilds (东, the indicator's other copies) paired as 东 东: 1 tai each
    result = _score("234m 567m 345p 11z 22z", "2z", indicator="1z")
    assert _items(result)["wild_as_itself"] == 2 and result.decomposition.endswith("11z")


def test_all_simples_with_an_all_wild_chow_NB_12_41():
    # three wilds must make a simple chow (234m) for every set to be a chow of simples
    rules = compile_text('variant t extends ningbo "t"\nitems {\n'
                         '  item tanyao "断幺平和" 3 tai when all_simples and all_chows [NB-12.41]\n}\n', "t.nbv")
    result = _score("234m 567m 345p 66s 1z 1z", "1z", rules=rules)
    assert _items(result)["tanyao"] == 3 and "234m 234m" in result.decomposition
    assert "tanyao" not in _items(_score("123m 567m 345p 678s 6s", "6s", indicator="7z"))  # a terminal


@pytest.mark.parametrize("feature", ["win_tile_wild", "wild_pair_win"])
def test_wild_conditions_need_wilds(feature):
    with pytest.raises(RuleSetError):
        compile_text(f'variant x extends ninghai "x"\nitems {{\n  item z "z" 1 fan when {feature} [NB-12.36]\n}}\n',
                     "x.nbv")


def test_the_signature_tells_the_pairs_wilds_apart_for_a_wild_win_NB_12_37():
    from nbmj.scoring.items import plan_for
    from nbmj.scoring.facts import facts
    from nbmj.scoring.readings import candidates, needs

    spec = plan_for(RULES).spec
    assert spec.pair_wilds and spec.chow_ranks and spec.itself
    hf = facts(Situation.from_dict({"seat": "S", "concealed": "234m 567m 345p 78p 6p 1z", "win_tile": "1z",
                                    "win_by": "self_draw", "indicator": "1z"}), RULES)
    waits_and_pairs = {(c.wait, c.split[0][2].count(True)) for c in candidates(hf, needs(pair_wilds=True))}
    assert {("single", 1), ("single", 2)} <= waits_and_pairs
