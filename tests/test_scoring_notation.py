"""A candidate's decomposition text, as the scorer writes it without building the reading,
equals the built reading's notation: concealed hands (the scorer's shortcut) and hands with
melds laid, with and without wilds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nbmj.rules import load_variant
from nbmj.scoring import Situation
from nbmj.scoring.facts import facts
from nbmj.scoring.items import plan_for
from nbmj.scoring.readings import FULL_SPEC, build_reading, candidate_notation, candidates
from nbmj.scoring.situation import Meld

RULES = load_variant("ningbo")


def _situation(rng, n_laid: int, wilds: int) -> Situation | None:
    """A winning hand of four sets and a pair, ``n_laid`` of the sets laid as pons, and up to
    ``wilds`` concealed tiles turned into wilds (copies of 7z, the indicator's kind, which
    no set or pair here holds)."""
    groups = []
    for _ in range(4):
        if rng.random() < 0.6:
            start = rng.randrange(3) * 9 + rng.randrange(7)
            groups.append([start, start + 1, start + 2])
        else:
            k = rng.randrange(27)
            groups.append([k, k, k])
    pair = rng.randrange(27)
    counts = [0] * 34
    for k in [t for g in groups for t in g] + [pair, pair]:
        counts[k] += 1
    if max(counts) > 4:
        return None
    laid = [g for g in groups if g[0] == g[1]][:n_laid]
    concealed = [t for g in groups if g not in laid for t in g] + [pair, pair]
    rng.shuffle(concealed)
    for pos in range(min(wilds, len(concealed) - 1)):
        concealed[pos] = 33
    melds = tuple(Meld("pon", tuple(g), "E") for g in laid)
    return Situation(seat="S", round_wind="E", concealed=tuple(concealed[:-1]), win_tile=concealed[-1],
                     win_by="self_draw", melds=melds, indicator=33)


@settings(max_examples=150, deadline=None)
@given(rng=st.randoms(use_true_random=False), n_laid=st.integers(0, 2), wilds=st.integers(0, 3))
def test_candidate_notation_is_the_readings_notation(rng, n_laid, wilds):
    sit = _situation(rng, n_laid, wilds)
    if sit is None:
        return
    hf = facts(sit, RULES)
    for spec in (FULL_SPEC, plan_for(RULES).spec):
        for cand in candidates(hf, spec):
            assert candidate_notation(hf, cand) == build_reading(hf, cand).notation()
