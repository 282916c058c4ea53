"""Winning shapes beside four sets and a pair (``winning { shapes ... }``): seven pairs
(NB-10.14) and honours in any arrangement (NB-10.15), read by the compiler, the scorer and
the engine's win detection."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from nbmj.engine.actions import Action
from nbmj.errors import RuleSetError
from nbmj.rules import compile_text, load_variant
from nbmj.scoring import Situation, score

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import MIN0, make  # noqa: E402

SHAPES = compile_text('''variant shapes extends ningbo "seven pairs and 乱风"
winning { shapes standard seven_pairs honors_any }
items {
  item seven_pairs "七对子" 4 tai when shape(seven_pairs)   [NB-12.43]
  item luan_feng   "乱风"   20 tai when shape(honors_any)   [NB-12.44]
}''', "shapes.nbv")


def _sit(concealed, win_tile, win_by="self_draw", melds=(), indicator="9p"):
    return Situation.from_dict({"seat": "S", "concealed": concealed, "win_tile": win_tile, "win_by": win_by,
                                "indicator": indicator, "melds": list(melds),
                                **({"from": "E"} if win_by == "discard" else {})})


def _items(result):
    return {a.item.name: a.value for a in result.items}


def test_seven_pairs_wins_only_where_the_variant_lists_it_NB_10_14():
    sit = _sit("1122m3344p6688s7z", "7z")
    result = score(sit, SHAPES)
    assert result.valid and _items(result)["seven_pairs"] == 4 and result.wait == "single"
    assert result.decomposition == "1122m3344p6688s77z"
    with pytest.raises(Exception, match="does not win"):
        score(sit, load_variant("ningbo"))


def test_seven_pairs_with_wilds_and_four_of_a_kind_NB_10_14():
    # two 9p wilds (the indicator is 9p) pair the lone 3p and 6s; 1111m are two pairs
    result = score(_sit("1111m3p44p688s7z99p", "7z"), SHAPES)
    assert _items(result)["seven_pairs"] == 4
    # seven pairs needs the whole hand: a hand with a meld laid is never seven pairs
    melded = _sit("1122m3344p5p7z", "7z", melds=[{"kind": "pon", "tiles": "666s", "from": "E"}])
    with pytest.raises(Exception, match="does not win"):
        score(melded, SHAPES)


def test_honours_in_any_arrangement_NB_10_15():
    result = score(_sit("1357z1357z123z46z", "7z"), SHAPES)
    assert result.valid and _items(result)["luan_feng"] == 20
    # melds laid must be honour pungs; a suited tile anywhere spoils it
    honour_pung = _sit("1122334455z", "6z", melds=[{"kind": "pon", "tiles": "777z", "from": "E"}])
    assert "luan_feng" in _items(score(honour_pung, SHAPES))
    with pytest.raises(Exception, match="does not win"):
        score(_sit("1357z1357z123z4z5m", "7z"), SHAPES)


def test_a_standard_reading_of_the_same_hand_competes_NB_10_14_NB_12_2():
    # 11223344556677z is seven pairs and also no standard hand; 111222333444z55z is both
    # a standard hand (four pungs and a pair) and honours in any arrangement: the best wins
    both = score(_sit("111222333444z5z", "5z"), SHAPES)
    assert _items(both).get("luan_feng") == 20
    flush_items = dataclasses.replace(SHAPES, items=tuple(i for i in SHAPES.items if i.name != "luan_feng"))
    standard = score(_sit("111222333444z5z", "5z"), flush_items)
    assert standard.decomposition == "111z 222z 333z 444z 55z"


def test_the_shape_features_of_a_seven_pairs_reading_NB_10_14():
    rules = compile_text('''variant f extends ningbo "f"
winning { shapes standard seven_pairs }
items {
  item seven "七对子" 5 tai when shape(seven_pairs) [NB-12.43]
  item flush "清一色" 4 tai when flush [NB-12.11]
  new item pungs "碰碰胡" 2 tai when all_pungs [NB-12.13]
  item chows "平和" 2 tai when all_chows [NB-12.4]
}''', "f.nbv")
    got = _items(score(_sit("1122334455667m", "7m"), rules))
    # read as 123m 123m 456m 456m 77m it makes 6 tai; as seven pairs 9, and only flush holds
    assert got["seven"] == 5 and got["flush"] == 4 and "pungs" not in got and "chows" not in got


def test_shapes_must_include_the_standard_one_NB_10_14():
    with pytest.raises(RuleSetError, match="standard"):
        compile_text('variant x extends ningbo "x"\nwinning { shapes seven_pairs }\n', "x.nbv")
    with pytest.raises(RuleSetError, match="thirteen"):
        compile_text('variant x extends ningbo "x"\nwinning { shapes standard thirteen_orphans }\n', "x.nbv")


SEVEN_PAIRS_HANDS = {"E": "5s123456789m12p3p7z", "S": "1122m3344p6688s7z", "W": "5s5s1z2z3z4z6z7z8p1m2m3m4m",
                     "N": "1234567p1234s9m6z"}


def test_the_engine_offers_a_seven_pairs_win_only_where_listed_NB_10_14():
    plain = make(SEVEN_PAIRS_HANDS)
    plain.step(Action.parse("E discard 7z"))
    assert Action.parse("S hu") not in plain.legal_actions("S")
    g = make(SEVEN_PAIRS_HANDS, rules=dataclasses.replace(MIN0, shapes=("standard", "seven_pairs")))
    g.step(Action.parse("E discard 7z"))
    assert Action.parse("S hu") in g.legal_actions("S")
    g.step(Action.parse("S hu"))
    assert g.is_over and g.result.winner == "S" and sum(g.result.deltas.values()) == 0
    assert g.result.scores[0].detail["decomposition"] == "1122m3344p6688s77z"


def test_the_engine_lets_a_seven_pairs_hand_self_draw_NB_10_14():
    from nbmj.engine.script import play_script

    rules = dataclasses.replace(MIN0, shapes=("standard", "seven_pairs"))
    g = make(SEVEN_PAIRS_HANDS, rules=rules, draws="7z")
    play_script(g, ["E discard 5s"])
    for seat in ("S", "W", "N"):
        if seat in g.to_act:
            g.step(Action.parse(f"{seat} pass"))
    assert "S" in g.to_act and Action.parse("S hu") in g.legal_actions("S")
