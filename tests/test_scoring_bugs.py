"""Regression tests for the scoring bugs of issue 10: a win on a discarded wild (NB-4.12,
NB-8.9), a wild flower listed among the laid flowers (NB-4.4), ningbo-000's linked
self-draw (NB-14.13), and a wild variant scored without its indicator."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from nbmj.cli import main
from nbmj.errors import SituationError
from nbmj.rules import compile_text, load_variant
from nbmj.scoring import Situation, score

# 5 tai: two dragon pungs 2, edge 1, 兰 (S's flower) 1, 无百搭 1 (4 when the winning tile is wild)
BASE = {"variant": "ningbo", "seat": "S", "round": "E", "concealed": "555z 666z 12m 456p 99s", "win_tile": "3m",
        "win_by": "discard", "from": "E", "flowers": "6f", "indicator": "2m"}

# the three seats that may claim E's discard, for `nbmj claims`
OTHERS = {"S": {"concealed": BASE["concealed"], "melds": [], "flowers": "6f"},
          "W": {"concealed": "147m 258p 369s 1234z", "melds": []},
          "N": {"concealed": "147p 258s 369m 4567z", "melds": []}}


def test_a_win_on_a_discarded_wild_is_refused_NB_4_12_NB_8_9():
    # the indicator 3m makes the other three 3m wild, and E discards one of them
    sit = Situation.from_dict({**BASE, "concealed": "555z 666z 12m 456p 99s", "win_tile": "3m", "indicator": "3m"})
    result = score(sit, load_variant("ningbo"))
    assert not result.valid and result.reason_rule == "NB-4.12" and "discarded wild" in result.reason
    assert set(result.payments.values()) == {0}
    # the same tile self-drawn is a fine win
    drawn = Situation.from_dict({**BASE, "win_by": "self_draw", "from": None, "indicator": "3m"})
    assert score(drawn, load_variant("ningbo")).valid


def test_a_variant_that_lets_a_discarded_wild_be_claimed_scores_the_win_NB_4_12():
    rules = compile_text('variant c extends ningbo "c"\nclaims { claim_discarded_wild yes }\n', "c.nbv")
    sit = Situation.from_dict({**BASE, "indicator": "3m"})
    assert score(sit, rules).valid


def test_nbmj_score_and_nbmj_claims_agree_on_a_discarded_wild_NB_4_12():
    def s_claims(indicator):
        res = CliRunner().invoke(main, ["claims", "-"], input=json.dumps({
            "variant": "ningbo", "discarder": "E", "tile": "3m", "indicator": indicator, **OTHERS}))
        assert res.exit_code == 0, res.output
        return [c["claim"] for c in json.loads(res.output)["claims"]["S"]]

    assert "hu" in s_claims("2p") and "hu" not in s_claims("3m")
    out = json.loads(CliRunner().invoke(main, ["score", "-"], input=json.dumps({**BASE, "indicator": "3m"})).output)
    assert out["valid"] is False and out["reason_rule"] == "NB-4.12"


def test_a_robbed_kong_of_a_wild_is_impossible_NB_4_11():
    """No pung holds a wild (NB-4.11), so no one adds a wild to a pung and nobody robs one: a
    rob_kong win on a wild was scored as a valid win, paid by the 'robbed' player."""
    sit = Situation.from_dict({**BASE, "win_by": "rob_kong", "indicator": "3m"})
    with pytest.raises(SituationError, match="robbed tile '3m' is a wild"):
        score(sit, load_variant("ningbo"))
    res = CliRunner().invoke(main, ["score", "-"], input=json.dumps({**BASE, "win_by": "rob_kong", "indicator": "3m"}))
    assert res.exit_code == 2 and "is a wild" in res.output
    # the same tile robbed when it is no wild is a fine win, and a variant whose melds may
    # hold wilds may add one to a pung
    assert score(Situation.from_dict({**BASE, "win_by": "rob_kong"}), load_variant("ningbo")).valid
    loose = compile_text('variant l extends ningbo "l"\nclaims { wilds_in_melds yes }\n', "l.nbv")
    assert score(sit, loose).valid


def test_a_laid_wild_flower_is_impossible_NB_4_4():
    # 春 turned up: 夏秋冬 are wild and never laid aside
    with pytest.raises(SituationError, match="wild"):
        score(Situation.from_dict({**BASE, "flowers": "26f", "indicator": "1f"}), load_variant("ningbo"))
    assert score(Situation.from_dict({**BASE, "flowers": "6f", "indicator": "1f"}), load_variant("ningbo")).valid


def test_a_laid_wild_flower_through_nbmj_score_is_a_one_line_error_NB_4_4():
    res = CliRunner().invoke(main, ["score", "-"], input=json.dumps({**BASE, "flowers": "26f", "indicator": "1f"}))
    assert res.exit_code == 2 and res.output.strip().count("\n") == 0 and "wild" in res.output


def test_ningbo_000_linked_self_draw_others_pay_nothing_NB_14_13():
    # S fed 3 pongs by E, S self-draws: E pays 5S, the unlinked W and N pay nothing
    sit = Situation.from_dict({"variant": "ningbo-000", "seat": "S", "concealed": "99s 12m", "win_tile": "3m",
                               "win_by": "self_draw", "indicator": "2p", "melds": [
                                   {"kind": "pon", "tiles": "555z", "from": "E"},
                                   {"kind": "pon", "tiles": "666z", "from": "E"},
                                   {"kind": "pon", "tiles": "777z", "from": "E"}]})
    result = score(sit, load_variant("ningbo-000"))
    s = result.points
    assert result.valid and result.payments == {"E": -5 * s, "S": 5 * s, "W": 0, "N": 0}
    assert load_variant("ningbo-000").liability.others_pay is False


def test_a_wild_variant_needs_its_indicator_as_nbmj_claims_does():
    no_indicator = {k: v for k, v in BASE.items() if k != "indicator"}
    with pytest.raises(SituationError, match="indicator"):
        score(Situation.from_dict(no_indicator), load_variant("ningbo"))
    res = CliRunner().invoke(main, ["score", "-"], input=json.dumps(no_indicator))
    assert res.exit_code == 2 and "indicator" in res.output
    claims = CliRunner().invoke(main, ["claims", "-"], input=json.dumps({
        "variant": "ningbo", "discarder": "E", "tile": "3m", **OTHERS}))
    assert claims.exit_code == 2 and "indicator" in claims.output
    # a variant without wilds needs none
    nh = {**no_indicator, "variant": "ninghai", "flowers": ""}
    assert score(Situation.from_dict(nh), load_variant("ninghai")).points > 0
