"""Waits and readings as the scorer sees them (NB-10.6 to NB-10.13, NB-12.2)."""

import pytest

from nbmj.rules import load_variant
from nbmj.rules.model import Feature
from nbmj.scoring import Situation, score
from nbmj.scoring.expressions import feature_value
from nbmj.scoring.facts import facts
from nbmj.scoring.readings import readings

NINGBO = load_variant("ningbo")


def sit(concealed, win, win_by="self_draw", melds=(), indicator="7z", **kw):
    data = {"seat": "S", "concealed": concealed, "win_tile": win, "win_by": win_by, "indicator": indicator,
            "melds": list(melds), **kw}
    if win_by in ("discard", "rob_kong"):
        data.setdefault("from", "E")
    return Situation.from_dict(data)


def waits(s, rules=NINGBO):
    return {rd.wait for rd in readings(facts(s, rules))}


@pytest.mark.parametrize(
    "concealed, win, want",
    [
        ("12m 456p 789s 555z 99s", "3m", {"edge"}),  # NB-10.7: 1-2 waiting on 3
        ("89m 456p 789s 555z 99s", "7m", {"edge"}),  # NB-10.7: 8-9 waiting on 7
        ("13m 456p 789s 555z 99s", "2m", {"closed"}),  # NB-10.8
        ("23m 456p 789s 555z 99s", "1m", {"two_sided"}),  # NB-10.12: 2-3 waiting on 1 or 4
        ("23m 456p 789s 555z 99s", "4m", {"two_sided"}),
        ("123m 456p 789s 555z 1z", "1z", {"single"}),  # NB-10.9
        ("123m 456p 789s 555z 9s", "9s", {"single", "two_sided"}),  # 9 pairs the 9, or ends 7-8
        ("123m 456p 789s 55z 99s", "5z", {"pair_pair"}),  # NB-10.11
    ],
)
def test_wait_of_the_winning_tile_NB_10_7_to_NB_10_12(concealed, win, want):
    assert waits(sit(concealed, win)) == want


def test_several_readings_the_best_is_scored_NB_10_6_NB_12_2():
    """12 345 + 3: the 3 completes 1-2-3 (edge, 1 tai) or 3-4-5 (two-sided, 0): edge is scored."""
    s = sit("12m 345m 678p 999s 55z", "3m", win_by="discard", flowers="26f")
    assert waits(s) == {"edge", "two_sided"}
    result = score(s, NINGBO)
    assert result.wait == "edge"
    assert any(a.item.name == "edge" for a in result.items)


def test_exposed_melds_are_never_resplit_NB_10_2():
    """A chi of 123万 stays a chow even where 111 222 333 would read better."""
    s = sit("11m 222m 333m 55z", "5z", win_by="self_draw", melds=[{"kind": "chi", "tiles": "123m", "from": "E"}])
    result = score(s, NINGBO)
    assert result.decomposition.startswith("[123m]")


def test_concealed_kong_counts_as_concealed_NB_9_3():
    """NB-9.3: a concealed kong is concealed for scoring (32 胡 for an honour in Ninghai, NH-2.5)."""
    s = sit("123m 456p 78s 99s", "6s", melds=[{"kind": "ankan", "tiles": "1111z"}], indicator=None)
    rules = load_variant("ninghai")
    hf = facts(s, rules)
    rd = readings(hf)[0]
    assert feature_value(Feature("pungs", ("concealed", "kong")), hf, rd) == 1
    assert feature_value(Feature("pungs", ("exposed",)), hf, rd) == 0
    assert feature_value(Feature("concealed_hand"), hf, rd) == 1


def test_a_discard_completed_triplet_is_exposed_NH_2_6():
    s = sit("123m 456p 789s 55z 99s", "5z", win_by="discard", indicator=None)
    hf = facts(s, load_variant("ninghai"))
    rd = readings(hf)[0]
    assert feature_value(Feature("pungs", ("exposed",)), hf, rd) == 1
    s2 = sit("123m 456p 789s 55z 99s", "5z", win_by="self_draw", indicator=None)
    hf2 = facts(s2, load_variant("ninghai"))
    assert feature_value(Feature("pungs", ("concealed",)), hf2, readings(hf2)[0]) == 1


@pytest.mark.parametrize(
    "concealed, win, want",
    [
        ("234m 456p 789s 555z 1m", "9s", 1),  # sets + a lone wild (1万 wild): any tile pairs it
        ("234m 456p 789s 555z 1m", "1m", 1),  # even a wild winning tile
        ("234m 456p 78s 555z 1m 1p", "1p", 0),  # the wild is needed in a set before the win
    ],
)
def test_wild_single_wait_is_judged_before_the_win_NB_10_13(concealed, win, want):
    s = sit(concealed, win, indicator="1m")
    hf = facts(s, NINGBO)
    assert feature_value(Feature("wild_single_wait"), hf, readings(hf)[0]) == want


def test_wild_single_wait_forbids_discard_wins_NB_11_9_NB_11_2():
    """NB-11.9: 财神单吊 wins only by self-draw; a discard win (NB-11.2) is reported not valid."""
    s = sit("234m 456p 789s 555z 1m", "9s", win_by="discard", indicator="1m", flowers="26f")
    result = score(s, NINGBO)
    assert not result.valid and result.reason_rule
    assert set(result.payments.values()) == {0}


def test_a_wild_single_wait_refusal_shares_the_readings_of_wins_it_does_not_refuse_NB_11_9():
    """The scorer remembers scored readings by their context, which leaves out what a
    hand-level win restriction refuses: a 财神单吊 discard win and a like hand that is no
    财神单吊 (the wild completes 123m, the discard the pair) read one remembered reading,
    and each is still judged on its own, whichever comes first."""
    from nbmj.scoring import clear_caches
    from nbmj.scoring.items import plan_for

    single = sit("234m 456p 789s 555z 1m", "6z", win_by="discard", indicator="1m")
    not_single = sit("23m 456p 789s 555z 6z 1m", "6z", win_by="discard", indicator="1m")
    cold = {}
    for s in (single, not_single):
        clear_caches()
        cold[s] = score(s, NINGBO).to_dict()
    assert cold[single]["reason_rule"] == "NB-11.9" and cold[not_single]["reason_rule"] != "NB-11.9"
    for order in ((single, not_single), (not_single, single)):
        clear_caches()
        assert [score(s, NINGBO).to_dict() for s in order] == [cold[s] for s in order]
        assert [len(memo) for memo in plan_for(NINGBO).memo.values()] == [1]  # one context, one reading


def test_wild_standing_for_its_own_face_NB_12_34():
    """还搭: a wild used as its own kind is counted by wild_as_itself (the item is off in ningbo)."""
    s = sit("555m 123p 456s 789s 1z", "1z", indicator="5m")
    hf = facts(s, NINGBO)
    assert max(feature_value(Feature("wild_as_itself"), hf, rd) for rd in readings(hf)) == 3
    assert NINGBO.item("wild_as_itself").value is None
