"""Unit tests of the scoring pipeline's parts: features, totals, silver, loser settlement."""

import pytest

from nbmj.rules import load_variant
from nbmj.rules.model import FEATURES, FuFanScoring
from nbmj.scoring import hand_fu, settle_losers
from nbmj.scoring.features import IMPLEMENTED
from nbmj.scoring.settlement import relation
from nbmj.scoring.totals import ceil_to, fu_fan_total, silver

NINGHAI = ("ninghai-yaobansan", "ninghai-yaobanliu", "ninghai-tuidaoba", "ninghai-yaoerliu")


def test_every_feature_is_implemented():
    """The scorer implements exactly the FEATURES vocabulary (NB-12.1 items are built from it)."""
    assert IMPLEMENTED == set(FEATURES)


@pytest.mark.parametrize("value, want", [(56, 60), (60, 60), (112, 120), (172, 180), (252, 260), (1, 10), (0, 0)])
def test_round_up_to_ten_NH_4_2(value, want):
    """NH-4.2: 超一进十, any remainder rounds up."""
    assert ceil_to(value, 10) == want


@pytest.mark.parametrize("hu, want", [(120, 100), (130, 150), (160, 150), (170, 200), (200, 200), (90, 100), (500, 500), (20, 0)])
def test_silver_half_hundreds_T6_NH_4_7(hu, want):
    """T6 / NH-4.7: 0-20 dropped, 30-60 → 50, 70-100 → the next hundred."""
    assert silver(hu, "half_hundreds") == want


def test_silver_identity_T6_NH_4_3():
    """T6 / NH-4.3: under 幺半三, 120 胡 = 120 银."""
    assert silver(120, "identity") == 120
    assert load_variant("ninghai").scoring.silver == "identity"


@pytest.mark.parametrize("variant", ["ninghai-yaobanliu", "ninghai-yaoerliu"])
def test_half_hundred_schemes_NH_4_7(variant):
    assert load_variant(variant).scoring.silver == "half_hundreds"


def _fixed(fan):
    from nbmj.scoring.items import Applied
    from nbmj.rules.model import ScoringItem

    return [Applied(ScoringItem("f", "", "NH-3.2", 1, "fan"), fan, fan)] if fan else []


@pytest.mark.parametrize("fan, want", [(0, 100), (1, 200), (2, 400), (3, 800), (5, 800)])
def test_tuidaoba_fixed_table_T4_NH_4_5(fan, want):
    """T4 / NH-4.5: 推倒八 is 100, 200, 400, 800 by 番, 3 or more 番 the cap."""
    rules = load_variant("ninghai-tuidaoba")
    assert fu_fan_total(rules.scoring, _fixed(fan)).hu == want


def _tuidaoba_capped_at(cap):
    from nbmj.rules import compile_text

    return compile_text(f'variant low-cap extends ninghai-tuidaoba "推倒八 held to {cap}"\nscoring fu_fan {{ cap {cap} }}\n')


@pytest.mark.parametrize("fan, want", [(0, 100), (1, 200), (2, 300), (3, 300)])
def test_the_cap_holds_the_fixed_values_too_NH_3_9_NH_4_5(fan, want):
    """NH-3.9: every hand is held to the cap. Under fixed_by_fan (NH-4.5) the scorer read
    no cap at all: a child of 推倒八 writing cap 300 was accepted and paid 400 and 800."""
    scoring = _tuidaoba_capped_at(300).scoring
    total = fu_fan_total(scoring, _fixed(fan))
    assert total.hu == want and total.capped == (fan >= 2)


def test_a_fixed_value_held_to_the_cap_is_explained_NH_3_9():
    """The explanation shows the table's value, then the cap that lowered it."""
    import random

    from nbmj.scoring import score
    from nbmj.scoring.explanation import explain_win

    from _scoring_helpers import winning_situation

    rules = _tuidaoba_capped_at(150)
    rng = random.Random(7)
    while True:
        sit = winning_situation(rules, rng)
        result = score(sit, rules) if sit is not None else None
        if result is not None and result.valid and (result.fan or 0) >= 1:
            break
    steps = {step.kind: step for step in explain_win(sit, rules, result).steps}
    assert result.hu == 150 and steps["fixed"].value in (200, 400, 800)
    assert steps["cap"].value == 150 and steps["cap"].facts == {"raw": steps["fixed"].value, "cap": 150}


@pytest.mark.parametrize("variant, cap", [("ninghai-yaobansan", 300), ("ninghai-yaobanliu", 500), ("ninghai-yaoerliu", 1000)])
def test_three_fan_is_the_cap_NH_3_9(variant, cap):
    """NH-3.9: three 番 or more is the cap, whatever the 胡."""
    scoring = load_variant(variant).scoring
    assert fu_fan_total(scoring, _fixed(3)).hu == cap
    assert fu_fan_total(scoring, _fixed(4)).hu == cap
    assert fu_fan_total(scoring, _fixed(4)).fan == 3


def test_each_fan_doubles_NH_3_1():
    """NH-3.1: × 2^番; NH-4.2: multiply the raw 胡, then round (56 × 2 = 112 → 120)."""
    scoring = load_variant("ninghai").scoring
    assert isinstance(scoring, FuFanScoring) and scoring.fan_multiplier == "power_of_two"
    from nbmj.scoring.items import Applied
    from nbmj.rules.model import ScoringItem

    fu26 = [Applied(ScoringItem("x", "", "NH-2.1", 26, "fu"), 1, 26)]
    assert fu_fan_total(scoring, fu26).hu == 60
    assert fu_fan_total(scoring, fu26 + _fixed(1)).hu == 120
    assert fu_fan_total(scoring, fu26 + _fixed(2)).hu == 230


def test_relations_NH_5_3():
    """NH-5.3: neighbours are 边家, the seat across is the 头家."""
    assert relation("E", "S") == "next"
    assert relation("E", "W") == "opposite"
    assert relation("E", "N") == "previous"


def test_loser_settlement_yaobansan_NH_5_1_NH_5_4():
    """NH-5.4: 5 银 per 10 胡 over a 边家, 10 per 10 over the 头家; symmetric (NH-5.1)."""
    rules = load_variant("ninghai-yaobansan")
    out = settle_losers({"E": 40, "W": 10, "N": 0}, rules)
    # E-W across: 30 胡 → 30 银; E-N side: 40 → 20; W-N side: 10 → 5
    assert out == {"E": 50, "W": -25, "N": -25}
    assert sum(out.values()) == 0


@pytest.mark.parametrize("variant", ["ninghai-yaobanliu", "ninghai-tuidaoba", "ninghai-yaoerliu"])
def test_loser_settlement_other_schemes_NH_5_5(variant):
    """NH-5.5: 50 银 for 50 胡 over a 边家, for 30 胡 over the 头家."""
    rules = load_variant(variant)
    out = settle_losers({"E": 40, "W": 10, "N": 0}, rules)
    assert out["E"] == 50 and out["W"] == -50 and out["N"] == 0
    out = settle_losers({"S": 60, "W": 0, "N": 0}, rules)  # S-W side 60, S-N across 60
    # S-W side, 60 over: 50 银 once (one full 50); S-N across, 60 over: 50 once, or twice per step of 30
    assert out["S"] == (100 if rules.loser_settlement.mode == "threshold" else 50 + 100)
    assert sum(out.values()) == 0


def test_hand_fu_of_a_loser_NH_5_2():
    """NH-5.2: a loser's 胡 are their melds, concealed triplets and flowers, rounded up to 10."""
    rules = load_variant("ninghai")
    melds = [{"kind": "kan", "tiles": "9999m", "from": "E"}, {"kind": "pon", "tiles": "555m", "from": "W"}]
    # 16 (9万 exposed kong) + 2 (5万 pung) + 4 (8万 triplet) + 4 (a flower) = 26 → 30
    assert hand_fu("888m 13s 6m", melds, "1f", rules, "S") == 30
    assert hand_fu("123m", [], "", rules, "S") == 0
    assert hand_fu("1111z", [{"kind": "ankan", "tiles": "7777z"}], "", rules, "N") == 40  # 32 + 8


def test_no_loser_settlement_in_ningbo_NB_14_3():
    """NB-14.3: in Ningbo the losers settle nothing among themselves."""
    assert settle_losers({"E": 40, "W": 0, "N": 0}, load_variant("ningbo")) == {"E": 0, "W": 0, "N": 0}


def test_a_score_result_is_a_whole_dataclass_instance():
    """score()'s result is a frozen dataclass: it holds every field, equals the result built
    from those fields, and cannot be changed (an AttributeError, of which the pure build's
    FrozenInstanceError is one)."""
    import dataclasses

    from nbmj.scoring import Situation, score
    from nbmj.scoring.result import ScoreResult

    sit = Situation.from_dict({"seat": "S", "concealed": "123m 456p 789s 111z 2z", "win_tile": "2z",
                               "win_by": "self_draw", "indicator": "7p"})
    result = score(sit, load_variant("ningbo"))
    fields = {f.name: getattr(result, f.name) for f in dataclasses.fields(ScoreResult)}
    assert ScoreResult(**fields) == result
    assert ScoreResult(**fields).to_dict() == result.to_dict()
    with pytest.raises(AttributeError):
        result.points = 0  # type: ignore[misc]


@pytest.mark.parametrize("variant, concealed, win_tile, valid", [
    ("ningbo", "123m 456p 789s 111z 2z", "2z", False),  # short of the minimum: nobody pays (NB-13.1)
    ("ninghai", "123m 456p 789s 111z 2z", "2z", True),
])
def test_each_result_owns_its_payments_NB_14_2(variant, concealed, win_tile, valid):
    """Two self-draws of one kind and worth get equal payments (NB-14.2: each of the three
    pays S), but not one dict between them: changing one result's payments changes no other
    result's, nor the payments of the next such win."""
    from nbmj.scoring import Situation, score

    rules = load_variant(variant)
    sit = Situation.from_dict({"seat": "S", "concealed": concealed, "win_tile": win_tile, "win_by": "self_draw",
                               "indicator": "7p"})
    first, second = score(sit, rules), score(sit, rules)
    assert first.valid is valid and first.payments == second.payments
    assert first.payments is not second.payments
    expected = dict(first.payments)
    first.payments["E"] += 1000
    assert second.payments == expected and score(sit, rules).payments == expected
    assert sum(expected.values()) == 0 and (expected["S"] > 0) is valid
