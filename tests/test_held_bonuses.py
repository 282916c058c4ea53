"""NB-14.18: a player who did not win a won hand but holds all eight flowers, or every wild
tile of the hand, is paid by each other player (X-NBR's "10 points for not-winning")."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from nbmj.engine.actions import Action
from nbmj.rules import compile_text, load_variant

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import make, without_minimum  # noqa: E402

BONUS = without_minimum(compile_text('''variant held extends ningbo "the NBR bonuses on ningbo's three wilds"
immediate { all_flowers_held 10; all_wilds_held 7 }''', "held.nbv"))

# E wins on its first fourteen; S holds the three wild 9s (the indicator shows the fourth),
# N all eight flowers (replaced from the tail as they are dealt)
HANDS = {"E": "123m456m789m123p55s", "S": "9s9s9s1234s1234z6z7z", "W": "9m9m8m8m7m7m5s5s6s6s4s4s6z",
         "N": "1f2f3f4f5f6f7f8f2p3p4p6p7p"}
TAIL = "8p1s2s3s5z5z5z7z"


def _heavenly(rules):
    g = make(HANDS, rules=rules, tail=TAIL, indicator="9s")
    assert Action("E", "hu") in g.legal_actions("E")
    g.step(Action("E", "hu"))
    return g


def test_all_flowers_and_all_wilds_held_without_winning_are_paid_NB_14_18():
    """NB-14.18: N (eight flowers) takes 10 from each other seat, S (every wild) 7."""
    plain = _heavenly(without_minimum(load_variant("ningbo"))).result
    held = _heavenly(BONUS).result
    change = {s: held.deltas[s] - plain.deltas[s] for s in "ESWN"}
    assert change == {"N": 30 - 7, "S": 21 - 10, "E": -17, "W": -17}
    pays = [(e["seat"], e["why"], e["amount"]) for e in _heavenly(BONUS).events if e["e"] == "pay"]
    assert ("N", "all_flowers_held", 10) in pays and ("S", "all_wilds_held", 7) in pays


def test_the_bonus_is_explained_with_its_rule_NB_14_18():
    """NB-14.18: the explanation names the payment and its rule, and its terms still sum
    to the deltas."""
    g = _heavenly(BONUS)
    settlement = g.settlement()
    terms = [t for t in settlement.terms if t.rule == "NB-14.18"]
    assert {(t.payee, t.facts["why"]) for t in terms} == {("N", "all_flowers_held"), ("S", "all_wilds_held")}
    assert settlement.deltas() == dict(g.result.deltas)


def test_the_winner_is_not_paid_and_the_setting_is_off_by_default_NB_14_18():
    """NB-14.18: a winner holding them is paid by its items, not this; ningbo pays none."""
    assert load_variant("ningbo").immediate.all_flowers_held == 0
    assert load_variant("ningbo-7wild").immediate.all_flowers_held == 10
    assert load_variant("ningbo-7wild").immediate.all_wilds_held == 10
    with pytest.raises(Exception, match="all_wilds_held"):
        compile_text('variant bad extends ningbo "x"\nimmediate { all_wilds_held -1 }', "bad.nbv")
