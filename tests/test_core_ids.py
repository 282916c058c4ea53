"""The core's questions of a hand kept by tile id, the engine's form (``is_win_ids``,
``claim_options_ids``): the same answers as the questions of 34 counts and wilds they stand
for, on both backends, and the same errors for a bad hand (NB-10.4: a wild stands for any
kind; NB-7.x: the claims on a discard)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import _core_helpers as helpers

from nbmj import core
from nbmj.core import _reference
from nbmj.errors import HandShapeError

BACKENDS = [_reference] + ([helpers.compiled()] if helpers.compiled() is not None else [])


@st.composite
def id_hands(draw, max_tiles=14):
    """(42 counts, a wild mask over ids): up to ``max_tiles`` tiles, each id at most four."""
    counts = [0] * 42
    for _ in range(draw(st.integers(0, max_tiles))):
        t = draw(st.integers(0, 41))
        if counts[t] < (4 if t < 34 else 1):
            counts[t] += 1
    wild_ids = draw(st.lists(st.integers(0, 41), max_size=3))
    return counts, sum(1 << t for t in set(wild_ids))


def _split(counts, mask):
    """The 34 counts without the wild ids, and the wilds: what is_win reads."""
    kinds = [0 if mask >> k & 1 else counts[k] for k in range(34)]
    return kinds, sum(counts[t] for t in range(42) if mask >> t & 1)


@settings(max_examples=300, deadline=None)
@given(id_hands(), st.integers(0, 2))
@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.__name__.rsplit(".", 1)[-1])
def test_is_win_ids_answers_as_is_win_NB_10_4(backend, hand, extra):
    counts, mask = hand
    kinds, wilds = _split(counts, mask)
    total = sum(kinds) + wilds + extra
    expected = total % 3 == 2 and total <= 14 and _reference.is_win(kinds, wilds + extra)
    assert backend.is_win_ids(counts, mask, extra) == expected
    assert backend.is_win_ids(bytearray(counts), mask, extra) == expected


@settings(max_examples=300, deadline=None)
@given(id_hands(max_tiles=13), st.integers(0, 41), st.integers(1, 3), st.integers(0, 63))
@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.__name__.rsplit(".", 1)[-1])
def test_claim_options_ids_answers_as_claim_options(backend, hand, tile, relation, flags):
    counts, mask = hand
    wilds = sum(counts[t] for t in range(34, 42) if mask >> t & 1)
    if sum(counts[:34]) + wilds > 13:
        return
    expected = _reference.claim_options(counts[:34], wilds, mask & ((1 << 34) - 1), tile, relation, flags)
    assert backend.claim_options_ids(bytearray(counts), mask, tile, relation, flags) == expected
    assert backend.claim_options_ids(counts, mask, tile, relation, flags) == expected


@pytest.mark.parametrize("bad, message", [
    ([0] * 34, "has 42 counts"),
    ([5] + [0] * 41, "each is 0 to 4"),
    ("123m", "42 counts"),
])
def test_a_bad_hand_by_id_is_refused_alike(bad, message):
    for backend in BACKENDS:
        with pytest.raises(HandShapeError, match=message):
            backend.is_win_ids(bad, 0)
    with pytest.raises(HandShapeError):
        core.claim_options_ids(bad, 0, 3, 1, 15)
    with pytest.raises(HandShapeError):
        core.is_win_ids([0] * 42, -1)
