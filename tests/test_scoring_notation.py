"""A candidate's decomposition text, as the scorer writes it without building the reading,
equals the built reading's notation: concealed hands (the scorer's shortcut) and hands with
melds laid, with and without wilds, in every shipped variant the scorer's property tests use."""

from __future__ import annotations

from hypothesis import given, settings

from _scoring_helpers import situations
from nbmj.scoring.facts import facts
from nbmj.scoring.items import plan_for
from nbmj.scoring.readings import FULL_SPEC, build_reading, candidate_notation, candidates


@settings(max_examples=150, deadline=None)
@given(case=situations())
def test_candidate_notation_is_the_readings_notation(case):
    rules, sit = case
    hf = facts(sit, rules)
    for spec in (FULL_SPEC, plan_for(rules).spec):
        for cand in candidates(hf, spec):
            assert candidate_notation(hf, cand) == build_reading(hf, cand).notation()
