"""Hand restrictions (NB-11.11), the ×5 after a discarded wild (NB-13.7) and the Three Meld
Penalty (NB-14.15), written with the language's constructs and honoured by the scorer."""

from __future__ import annotations

from nbmj.rules import compile_text
from nbmj.scoring import Situation, score

ONLY_PATTERNS = compile_text('''variant only extends ningbo-7wild "X-NBR patterns only"
items { new item tanyao "断幺九" 5 tai when all_simples [NB-12.41] }
win_restrictions { require flush or half_flush or all_pungs or all_honors [NB-11.11] }
''', "only.nbv")


def _sit(**kw):
    return Situation.from_dict({"seat": "S", "win_by": "self_draw", "indicator": "9p", **kw})


def test_only_listed_patterns_may_win_NB_11_11():
    plain = score(_sit(concealed="234m 567m 345p 678s 6s", win_tile="6s"), ONLY_PATTERNS)
    assert not plain.valid and plain.reason_rule == "NB-11.11"
    flush = score(_sit(concealed="234m 567m 345m 678m 6m", win_tile="6m"), ONLY_PATTERNS)
    assert flush.valid and "flush" in {a.item.name for a in flush.items}
    pungs = score(_sit(concealed="222m 555p 333s 777s 6s", win_tile="6s"), ONLY_PATTERNS)
    assert pungs.valid


def test_a_listed_reading_is_chosen_when_one_exists_NB_11_11_NB_12_2():
    # 222333444m 55m 666m: three chows or three pungs; only the pung reading may win
    result = score(_sit(concealed="222333444m 666m 5m", win_tile="5m"), ONLY_PATTERNS)
    assert result.valid and result.decomposition == "222m 333m 444m 666m 55m"


WILD_DISCARD = compile_text('''variant five extends ningbo "x5 after a discarded wild"
items { item wild_discard "抛搭" x 5 when discarded_wild [NB-13.7] }
''', "five.nbv")


def test_five_times_after_a_discarded_wild_NB_13_7():
    hand = dict(concealed="555z 666z 12m 456p 99s", win_tile="3m")
    plain = score(_sit(**hand), WILD_DISCARD)
    after = score(_sit(**hand, discarded_wild=True), WILD_DISCARD)
    assert after.multiplier == 5 and after.points == 5 * plain.points and after.tai == plain.tai


PENALTY = compile_text('''variant penalty extends ningbo "Three Meld Penalty"
liability {
  counts chi pon kan
  direction winner_fed
  others_pay no
  one_way self_draw: partner 5            [NB-14.15]
  one_way discard_by_other: partner 5     [NB-14.15]
  one_way discard_by_partner: partner 5   [NB-14.15]
  one_way rob_kong: partner 5             [NB-14.15]
  drop one_way kong_bloom_on_partner_kong
  drop mutual discard_by_other
  drop mutual self_draw
}
''', "penalty.nbv")

FED = [{"kind": "pon", "tiles": "555z", "from": "E"}, {"kind": "pon", "tiles": "666z", "from": "E"},
       {"kind": "chi", "tiles": "789s", "from": "E"}]


def test_the_feeder_pays_five_times_the_hand_alone_NB_14_15():
    for win_by, discarder in (("self_draw", None), ("discard", "W"), ("discard", "E")):
        sit = Situation.from_dict({"seat": "S", "concealed": "23m 99p", "win_tile": "4m", "win_by": win_by,
                                   "indicator": "4z", "flowers": "2f", "melds": FED, **({"from": discarder} if discarder else {})})
        result = score(sit, PENALTY)
        s = result.points
        assert result.payments == {"E": -5 * s, "S": 5 * s, "W": 0, "N": 0}, (win_by, discarder)


def test_the_penalty_counts_only_calls_the_winner_made_NB_14_15():
    # E fed S only two calls: no link, the discarder pays the baseline 2S
    sit = Situation.from_dict({"seat": "S", "concealed": "23m 11s 777z", "win_tile": "4m", "win_by": "discard",
                               "from": "W", "indicator": "9p", "melds": FED[:2]})
    result = score(sit, PENALTY)
    assert result.payments["W"] == -2 * result.points and result.payments["E"] == 0


def test_the_false_win_penalty_NB_14_16():
    """NB-14.16: the seat that declared a false win pays each other seat immediate.false_win."""
    import pytest

    from nbmj.rules import load_variant
    from nbmj.scoring.settlement import false_win_payments

    rules = compile_text('variant fw extends ningbo-7wild "false win"\nimmediate { false_win 5 }\n', "fw.nbv")
    assert false_win_payments("W", rules) == {"E": 5, "S": 5, "W": -15, "N": 5}
    assert set(false_win_payments("W", load_variant("ningbo")).values()) == {0}
    with pytest.raises(ValueError, match="seat"):
        false_win_payments("X", rules)
