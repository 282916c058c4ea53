"""Bad input raises HandShapeError / TileNotationError with a lowercase message quoting it."""


import numpy as np
import pytest

import _core_helpers as helpers

from nbmj.errors import HandShapeError, NbmjError, TileNotationError

IMPLS = helpers.backends()

FULL_13 = [1] * 13 + [0] * 21
FULL_14 = [2] + [1] * 12 + [0] * 21


@pytest.fixture(params=list(IMPLS.values()), ids=list(IMPLS))
def core(request):
    return request.param


def _raises(fn, *args, error=HandShapeError, quoted=None):
    with pytest.raises(error) as info:
        fn(*args)
    message = str(info.value)
    assert message[:1] == message[:1].lower(), message
    assert isinstance(info.value, NbmjError) and isinstance(info.value, ValueError)
    if quoted is not None:
        assert quoted in message, message
    return message


@pytest.mark.parametrize(
    "hand, quoted",
    [
        ([0] * 33, repr([0] * 33)),  # wrong length
        ([0] * 35, repr([0] * 35)),
        ([-1] + [1] * 13 + [0] * 20, "-1"),  # negative count
        ([5] + [1] * 9 + [0] * 24, "5 copies of '1m'"),  # more than four
        ([1.5] + [0] * 33, "1.5"),  # not a whole number
        (None, "None"),  # not a hand at all
        (np.array([-1] + [1] * 13 + [0] * 20, dtype=np.int8), "'1m'"),
        (bytes([7] + [0] * 33), "7 copies"),
        (bytes(33), repr(bytes(33))),
    ],
)
def test_bad_vectors(core, hand, quoted):
    for fn in (core.is_win, core.shanten, core.decompositions):
        _raises(fn, hand, 0, quoted=quoted)


def test_bad_notation(core):
    _raises(core.shanten, "123x", 0, error=TileNotationError, quoted="'123x'")
    _raises(core.shanten, "123", 0, error=TileNotationError, quoted="'123'")
    _raises(core.shanten, "1234567890m", 0, error=TileNotationError)
    _raises(core.shanten, "1f123m", 0, error=TileNotationError, quoted="'1f'")
    _raises(core.shanten, "11111m", 0, quoted="'1m'")


def test_wrong_totals(core):
    _raises(core.is_win, FULL_13, 0, quoted="13 tiles")  # 3n+1 is not a complete hand
    _raises(core.decompositions, FULL_13, 0, quoted="13 tiles")
    _raises(core.waits, FULL_14, 0, quoted="14 tiles")  # 3n+2 does not wait
    _raises(core.shanten, [1] * 12 + [0] * 22, 0, quoted="12 tiles")  # 3n
    _raises(core.shanten, FULL_14, 1, quoted="15 tiles")  # more than 14
    _raises(core.is_win, [0] * 34, 0, quoted="0 tiles")
    _raises(core.is_win, "123m", 0, quoted="'123m'")


def test_a_size_error_counts_its_wilds_in_words(core):
    """"(1 wild)", "(2 wilds)": the count of wilds in a size error agrees with its noun."""
    _raises(core.is_win, "123m", 1, quoted="got 4 tiles (1 wild) in '123m'")
    _raises(core.is_win, "12m", 2, quoted="got 4 tiles (2 wilds) in '12m'")
    _raises(core.shanten, FULL_14, 1, quoted="15 tiles (1 wild) in")


def test_bad_wilds(core):
    _raises(core.is_win, FULL_13, -1, quoted="-1")
    _raises(core.is_win, FULL_13, "1", quoted="'1'")
    _raises(core.is_win, FULL_13, 1.0, quoted="1.0")
    _raises(core.is_win, FULL_13, True, quoted="True")
    _raises(core.is_win, FULL_13, 10**30, quoted="tiles")


def test_bad_batches(core):
    good = np.array([FULL_14, FULL_13], dtype=np.uint8)
    _raises(core.shanten_batch, good.astype(np.int64), 0, quoted="int64")
    _raises(core.shanten_batch, good[:, :33].copy(), 0, quoted="(2, 33)")
    _raises(core.shanten_batch, good[0], 0, quoted="(34,)")
    _raises(core.shanten_batch, np.asfortranarray(np.array([FULL_13] * 3, dtype=np.uint8)), 0, quoted="contiguous")
    _raises(core.shanten_batch, [FULL_13], 0, quoted="list")
    _raises(core.shanten_batch, good, np.array([0, 0, 0]), quoted="(3,)")
    _raises(core.shanten_batch, good, 0.5, quoted="float")
    _raises(core.shanten_batch, good, np.array([0, -1]), quoted="hand 1 of the batch")
    _raises(core.is_win_batch, good, 0, quoted="hand 1 of the batch")  # 13 tiles cannot win
    bad = good.copy()
    bad[0, 5] = 9
    _raises(core.shanten_batch, bad, 0, quoted="hand 0 of the batch: 9 copies of '6m'")
    assert core.shanten_batch(good, [0, 1]).tolist() == [0, -1]  # 11m 2-9m 1234p is one away
    assert core.is_win_batch(np.zeros((0, 34), dtype=np.uint8), 0).tolist() == []
