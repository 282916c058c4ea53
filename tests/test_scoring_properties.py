"""Property tests of the scorer over random winning hands in every shipped variant.

* payments always sum to zero (NB-14.3, NH-4.8), and are all zero for a win that is not
  valid;
* a hand's score does not depend on the order of its concealed tiles or of its melds
  (NB-12.2: the best reading is scored, whatever order readings are found in);
* adding a seat flower never lowers the total where items add up (NB-12.1, NB-12.14,
  NH-2.7, NH-3.2).
"""

from __future__ import annotations

import dataclasses

import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from nbmj.scoring import Situation, score

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _scoring_helpers import SEATS, situations  # noqa: E402


@settings(max_examples=300)
@given(situations())
def test_payments_sum_to_zero_NB_14_3_NH_4_8(case):
    rules, sit = case
    result = score(sit, rules)
    assert sum(result.payments.values()) == 0
    assert set(result.payments) == set(SEATS)
    if not result.valid:
        assert all(v == 0 for v in result.payments.values())
    else:
        assert result.payments[sit.seat] >= 0
        assert all(v <= 0 for s, v in result.payments.items() if s != sit.seat)


def _key(result):
    return (result.valid, result.reason_rule, result.tai, result.fu, result.fan, result.hu, result.points,
            tuple(sorted(result.payments.items())), sorted((a.item.name, a.value) for a in result.items))


@settings(max_examples=200)
@given(situations(), st.randoms(use_true_random=False))
def test_order_does_not_matter_NB_12_2(case, rnd):
    rules, sit = case
    base = score(sit, rules)
    concealed = list(sit.concealed)
    rnd.shuffle(concealed)
    melds = list(sit.melds)
    if sit.win_by == "kong_replacement":  # the last meld is the kong the replacement came from
        last = melds.pop()
        rnd.shuffle(melds)
        melds.append(last)
    else:
        rnd.shuffle(melds)
    other = dataclasses.replace(sit, concealed=tuple(concealed), melds=tuple(melds), flowers=tuple(reversed(sit.flowers)))
    assert _key(score(other, rules)) == _key(base)


@settings(max_examples=200)
@given(situations(flower_indicator=False))
def test_a_seat_flower_never_lowers_the_score_NB_12_14_NH_3_2(case):
    rules, sit = case
    missing = [f for f in rules.flowers.of_seat(sit.seat) if f not in sit.flowers]
    if not missing:
        return
    before = score(sit, rules)
    after = score(dataclasses.replace(sit, flowers=sit.flowers + (missing[0],)), rules)
    assert (after.valid, after.points) >= (before.valid, before.points)
    if after.valid == before.valid:
        assert after.points >= before.points
        if after.tai is not None:
            assert after.tai >= before.tai
        else:
            assert (after.fu, after.fan) >= (before.fu, before.fan) or after.fan > before.fan


@settings(max_examples=300)
@given(situations(), st.integers(0, 2000), st.sampled_from((None,) + SEATS))
def test_cached_payments_equal_fresh_ones_at_any_points_NB_14_5_NH_6_5(case, points, liable):
    # settle() keeps the payments of a 1-point win per payment situation and scales them;
    # working them out afresh at the actual points must give the same, 三摊 and 包牌 included
    from dataclasses import replace

    from nbmj.scoring.settlement import payments_for, settle

    rules, sit = case
    if liable == sit.seat:
        liable = None
    sit = replace(sit, liable=liable)
    settle(sit, rules, 1)  # fills the cache for this payment situation
    payments, used = settle(sit, rules, points)
    fresh, fresh_used = payments_for(sit, rules, points)
    assert payments == dict(fresh)
    assert used == list(fresh_used)
