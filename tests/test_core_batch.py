"""Batch forms read every row like the per-call forms: each kind's place, edge counts, bad rows.

The compiled batch loop reads a row eight counts at a time (the last rank of each suit and
the honours at their own offsets), so these tests put tiles and bad counts at every place.
"""

import random

import numpy as np
import pytest

import _core_helpers as helpers

from nbmj.errors import HandShapeError

IMPLS = helpers.backends()


@pytest.fixture(params=list(IMPLS.values()), ids=list(IMPLS))
def core(request):
    return request.param


def _rows(seed, n):
    """Hands of every size 1-14 with 0-4 wilds, tiles crowded into few kinds, four of a kind often."""
    rng = random.Random(seed)
    rows, wilds = [], []
    while len(rows) < n:
        w = rng.randrange(5)
        total = rng.randrange(max(w, 1), 15)
        if total % 3 == 0:
            continue
        kinds = rng.sample(range(34), rng.randrange(1, 8))
        c = [0] * 34
        for _ in range(total - w):
            free = [k for k in kinds if c[k] < 4] or [k for k in range(34) if c[k] < 4]
            c[rng.choice(free)] += 1
        rows.append(c)
        wilds.append(w)
    return rows, wilds


def test_batch_equals_per_call(core):
    rows, wilds = _rows(7, 300 if helpers.PURE else 3000)
    for kind in range(34):  # four of each kind, in its own row, with a pair elsewhere
        c = [0] * 34
        c[kind] = 4
        c[(kind + 11) % 34] = 2
        rows.append(c)
        wilds.append(1 + kind % 2)  # 7 or 8 tiles
        rows.append([4 if k == kind else 0 for k in range(34)])
        wilds.append(kind % 2)  # 4 or 5 tiles
    hands = np.array(rows, dtype=np.uint8)
    w = np.array(wilds, dtype=np.int64)
    assert core.shanten_batch(hands, w).tolist() == [core.shanten(c, x) for c, x in zip(rows, wilds)]
    complete = [i for i, (c, x) in enumerate(zip(rows, wilds)) if (sum(c) + x) % 3 == 2]
    got = core.is_win_batch(np.ascontiguousarray(hands[complete]), w[complete]).tolist()
    assert got == [core.is_win(rows[i], wilds[i]) for i in complete]


@pytest.mark.parametrize("bad", [5, 0x7B, 0x7F, 0x80, 0x85, 0xFF])
def test_bad_count_at_every_place_names_its_row(core, bad):
    good = np.array([[1] * 13 + [0] * 21] * 3, dtype=np.uint8)
    for kind in range(34):
        hands = good.copy()
        hands[2, kind] = bad
        for fn in (core.shanten_batch, core.is_win_batch):
            wilds = 0 if fn is core.shanten_batch else 1
            with pytest.raises(HandShapeError, match="hand 2 of the batch"):
                fn(hands, wilds)


def test_full_suits_and_honours(core):
    """Fourteen tiles in one suit or the honours: the largest digits of each row part."""
    rows = [
        [4, 4, 4, 2] + [0] * 30,
        [0] * 5 + [2, 4, 4, 4] + [0] * 25,
        [0] * 14 + [2, 4, 4, 4] + [0] * 16,
        [0] * 23 + [2, 4, 4, 4] + [0] * 7,
        [0] * 27 + [4, 4, 4, 2, 0, 0, 0],
        [0] * 27 + [0, 0, 0, 2, 4, 4, 4],
        [0] * 8 + [4] + [0] * 8 + [3] + [0] * 8 + [3] + [3] + [0] * 6,  # the 9s read on their own
    ]
    hands = np.array(rows, dtype=np.uint8)
    assert core.shanten_batch(hands, 0).tolist() == [core.shanten(c, 0) for c in rows]
    assert core.is_win_batch(hands[:-1], 0).tolist() == [core.is_win(c, 0) for c in rows[:-1]]
