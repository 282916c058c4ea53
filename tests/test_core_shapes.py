"""The winning shapes beside n melds and a pair (NB-10.14, NB-10.15): seven pairs and
honours in any arrangement, in both core backends against the brute-force oracle."""

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
import _core_helpers as helpers  # noqa: E402
import oracle  # noqa: E402

from nbmj.errors import HandShapeError  # noqa: E402

BACKENDS = helpers.backends()
IMPLS = [BACKENDS[name] for name in ("reference", "compiled") if name in BACKENDS]


@st.composite
def pair_hands(draw, honours_only=False):
    """(counts, wilds): seven pairs with some tiles taken by wilds and a few swapped, or
    honours with some wilds; every total 3n+2, up to 14."""
    kinds = st.integers(27, 33) if honours_only else st.integers(0, 33)
    tiles = []
    for _ in range(7):
        tiles += [draw(kinds)] * 2
    tiles = draw(st.permutations(tiles))
    size = draw(st.sampled_from((14, 14, 14, 11, 8)))
    tiles = tiles[:size]
    wilds = draw(st.integers(0, min(4, size)))
    tiles = tiles[wilds:]
    for j in range(draw(st.integers(0, 2))):
        if j < len(tiles):
            tiles[j] = draw(st.integers(0, 33))
    counts = helpers.counts_of(tiles)
    if max(counts, default=0) > 4:
        counts = [min(c, 4) for c in counts]
        wilds = min(4, size - sum(counts))
        if (sum(counts) + wilds) % 3 != 2:
            return draw(pair_hands(honours_only))
    return counts, wilds


@settings(max_examples=150)
@given(hand=pair_hands() | helpers.hands(complete=True))
def test_seven_pairs_match_oracle_NB_10_14(hand):
    counts, wilds = hand
    expected = oracle.seven_pairs(counts, wilds)
    for impl in IMPLS:
        assert impl.is_seven_pairs(counts, wilds) == expected, impl.__name__


@settings(max_examples=100)
@given(hand=pair_hands(honours_only=True) | helpers.hands(complete=True))
def test_all_honors_match_oracle_NB_10_15(hand):
    counts, wilds = hand
    expected = oracle.all_honors(counts, wilds)
    for impl in IMPLS:
        assert impl.is_all_honors(counts, wilds) == expected, impl.__name__


@pytest.mark.parametrize("hand, wilds, seven, honours", [
    ("1122m3344p5566s77z", 0, True, False),
    ("1111m3344p5566s77z", 0, True, False),  # four of a kind are two pairs
    ("1122m3344p5566s7z", 1, True, False),  # a wild pairs the lone 7z
    ("1122m3344p55s", 4, True, False),  # two wilds pair each other
    ("123m456p789s11122z", 0, False, False),
    ("11122233344455z", 0, False, True),
    ("1357z1357z123z467z", 0, False, True),  # honours in no arrangement at all
    ("112233z44z", 0, False, True),  # 8 tiles: melds laid, never seven pairs
])
def test_known_shapes_NB_10_14_NB_10_15(hand, wilds, seven, honours):
    for impl in IMPLS:
        assert impl.is_seven_pairs(hand, wilds) is seven
        assert impl.is_all_honors(hand, wilds) is honours


@pytest.mark.parametrize("function", ["is_seven_pairs", "is_all_honors"])
def test_both_backends_refuse_a_waiting_size_hand_alike(function):
    messages = set()
    for impl in IMPLS:
        with pytest.raises(HandShapeError) as info:
            getattr(impl, function)("1122m3344p5566s7z", 0)
        messages.add(str(info.value))
    assert len(messages) == 1 and function in messages.pop()
