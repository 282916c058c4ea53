"""Both backends against the brute-force oracle on random hands holding 0-4 wilds."""


import pytest
from hypothesis import given, settings

import _core_helpers as helpers
import oracle

from nbmj.core import _reference

BACKENDS = helpers.backends()
IMPLS = [BACKENDS[name] for name in ("reference", "compiled") if name in BACKENDS]
IDS = [name for name in ("reference", "compiled") if name in BACKENDS]


@pytest.fixture(params=IMPLS, ids=IDS)
def core(request):
    return request.param


@settings(max_examples=80)
@given(hand=helpers.hands(complete=True))
def test_is_win_matches_oracle(hand):
    counts, wilds = hand
    expected = oracle.win(counts, wilds)
    for impl in IMPLS:
        assert impl.is_win(counts, wilds) == expected, impl.__name__


@settings(max_examples=80)
@given(hand=helpers.hands())
def test_shanten_matches_oracle(hand):
    counts, wilds = hand
    expected = oracle.shanten(counts, wilds)
    for impl in IMPLS:
        assert impl.shanten(counts, wilds) == expected, impl.__name__


@settings(max_examples=60)
@given(hand=helpers.hands())
def test_shanten_is_standard_shanten_minus_wilds(hand):
    """The documented claim: shanten(H, w) = max(-1, standard shanten of H for n melds - w).

    The standard shanten of H alone is (tiles missing for n melds + a pair) - 1, the tiles
    missing being 3n+2 minus the best overlap of H with such a target.
    """
    counts, wilds = hand
    n = (sum(counts) + wilds) // 3
    standard = (3 * n + 2 - oracle.max_overlap(counts, n)) - 1
    for impl in IMPLS:
        assert impl.shanten(counts, wilds) == max(-1, standard - wilds), impl.__name__


@settings(max_examples=40)
@given(hand=helpers.hands(max_melds=2, max_wilds=3))
def test_shanten_counts_exchanges(hand):
    """Shanten means exchanges: swapping that many + 1 real tiles for free tiles wins."""
    counts, wilds = hand
    expected = oracle.shanten_by_exchange(counts, wilds)
    for impl in IMPLS:
        assert impl.shanten(counts, wilds) == expected, impl.__name__


@settings(max_examples=50)
@given(hand=helpers.hands(complete=False, max_wilds=2) | helpers.hands(complete=False, max_melds=2))
def test_waits_match_oracle(hand):
    # Four wilds only in small hands: the oracle tries every wild assignment for 34 draws.
    counts, wilds = hand
    expected = oracle.waits(counts, wilds)
    for impl in IMPLS:
        got = impl.waits(counts, wilds)
        assert got == expected, impl.__name__
        assert bool(got) <= (impl.shanten(counts, wilds) == 0)


@settings(max_examples=40)
@given(hand=helpers.hands(complete=True, max_melds=2, max_wilds=3))
def test_decompositions_match_oracle_small(hand):
    counts, wilds = hand
    expected = oracle.decompositions(counts, wilds, _reference.Group, _reference.Decomposition)
    for impl in IMPLS:
        got = impl.decompositions(counts, wilds)
        assert got == expected, impl.__name__
        assert bool(got) == impl.is_win(counts, wilds)


@settings(max_examples=25)
@given(hand=helpers.hands(complete=True, max_wilds=1))
def test_decompositions_match_oracle_full_size(hand):
    counts, wilds = hand
    expected = oracle.decompositions(counts, wilds, _reference.Group, _reference.Decomposition)
    for impl in IMPLS:
        assert impl.decompositions(counts, wilds) == expected, impl.__name__


def test_nb_10_4_wild_may_be_a_fifth_copy(core):
    """Rule NB-10.4: a wild may stand for a kind whose four real copies are all held."""
    # 1111m + one wild wins only with the wild as a fifth 1m: in the pair or in the pung.
    assert core.is_win("1111m", 1)
    found = core.decompositions("1111m", 1)
    assert len(found) == 2 and all(d.wild_kinds == (0,) for d in found)
    assert {d.pair.wilds for d in found} == {(), (0,)}
    assert core.is_win("1111m456p789s22z", 2)
    assert any(d.wild_kinds == (0, 28) for d in core.decompositions("1111m456p789s22z", 2))
    assert core.shanten("1111m", 1) == -1


def test_nb_10_4_waits_leave_out_kinds_held_four_times(core):
    """Rule NB-10.4: no fifth real copy can be drawn, so it is never a wait."""
    assert core.waits("1111m", 0) == []
    assert core.shanten("1111m", 0) == 0  # a wild would complete it
    # 111m 234p + 1m would pair up, but that 1m is a fifth copy: nothing to wait on.
    assert core.waits("1111m234p", 0) == []
    assert core.shanten("1111m234p", 0) == 0
    assert core.waits("111m2m234p", 0) == [1, 2]  # 2m (pair) and 3m (11m + 123m)


def test_nb_10_5_ready_means_some_kind_completes(core):
    """Rule NB-10.5: a 3n+1 hand is ready when at least one kind would complete it."""
    assert core.waits("123m456p789s1z", 0) == [27]  # ready on 1z
    assert core.waits("13m456p789s11z", 0) == [1]  # closed wait on 2m
    assert core.waits("135m456p789s1z", 0) == []  # two tiles away: not ready
    assert core.shanten("135m456p789s1z", 0) == 1
    # Shanten 0 without a listed kind: only a fifth 1m (or a wild) would complete it.
    assert core.shanten("1111m234p", 0) == 0 and core.waits("1111m234p", 0) == []


def test_decomposition_structure(core):
    found = core.decompositions("1123m", 1)
    assert found == sorted(found) and len(found) == len(set(found))
    chow_wild = [d for d in found if d.melds[0].wilds == (3,)]
    assert chow_wild and chow_wild[0].melds[0].tiles == (1, 2, 3)
    assert repr(chow_wild[0]) == "Decomposition(pair=<pair 1m 1m>, melds=(<chow 2m 3m 4m*>))"
