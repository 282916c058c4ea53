"""nbmj.env.sample_legal: a uniformly random legal action per mask, from one uniform number
per row, the compiled kernel and the NumPy reference choosing alike."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from nbmj.env import VectorEnv, sample_legal
from nbmj.env import _reference, encoding
from nbmj.env.table import EnvConfigError
from nbmj.errors import NbmjError


def _kth_legal(masks: np.ndarray, uniforms: np.ndarray) -> list[int]:
    """The k-th nonzero entry of each row, k = floor(u * count), by a plain Python count."""
    chosen = []
    for row, u in zip(masks, uniforms):
        legal = [i for i, v in enumerate(row) if v]
        chosen.append(legal[min(int(u * len(legal)), len(legal) - 1)] if legal else 0)
    return chosen


@settings(max_examples=300, deadline=None)
@given(
    masks=st.integers(1, 40).flatmap(
        lambda n: st.integers(1, 300).flatmap(lambda w: arrays(np.int8, (n, w), elements=st.sampled_from([0, 0, 1, -1, 7, -128])))
    ),
    seed=st.integers(0, 2**32 - 1),
)
def test_both_kernels_pick_the_kth_legal_action_of_each_row(masks, seed):
    uniforms = np.random.default_rng(seed).random(len(masks))
    expected = _kth_legal(masks, uniforms)
    for kernel in {encoding.legal_choices, _reference.legal_choices}:  # the compiled one, when built, and the reference
        out = np.full(len(masks), -5, dtype=np.int64)
        kernel(masks, uniforms, out)
        assert out.tolist() == expected


def test_the_choice_is_uniform_over_the_legal_actions_and_never_illegal():
    mask = np.zeros((3, 125), dtype=np.int8)
    mask[0, [0, 7, 124]] = 1
    mask[1, 45] = 1
    mask[2, ::5] = 1
    rng = np.random.default_rng(0)
    draws = np.stack([sample_legal(mask, rng) for _ in range(6000)])
    assert mask[np.arange(3), draws].all()
    assert (draws[:, 1] == 45).all()
    for row, legal in ((0, [0, 7, 124]), (2, list(range(0, 125, 5)))):
        counts = np.bincount(draws[:, row], minlength=125)[legal]
        expected = 6000 / len(legal)
        assert (abs(counts - expected) < 5 * np.sqrt(expected)).all(), counts


def test_a_seed_or_a_generator_state_repeats_the_choices():
    mask = (np.random.default_rng(1).random((64, 125)) < 0.2).astype(np.int8)
    assert sample_legal(mask, 7).tolist() == sample_legal(mask, 7).tolist()
    a, b = np.random.default_rng(3), np.random.default_rng(3)
    assert [sample_legal(mask, a).tolist() for _ in range(3)] == [sample_legal(mask, b).tolist() for _ in range(3)]
    assert sample_legal(mask, 7).dtype == np.int64


def test_masks_of_any_dtype_and_a_single_mask():
    rng_seed = 11
    mask = (np.random.default_rng(2).random((9, 125)) < 0.3).astype(np.int8)
    mask[:, 3] = 1
    expected = sample_legal(mask, rng_seed).tolist()
    for other in (mask.astype(bool), mask.astype(np.uint8), mask.astype(np.float32), mask.astype(np.int64) * 5, np.asfortranarray(mask)):
        assert sample_legal(other, rng_seed).tolist() == expected
    one = sample_legal(mask[4], rng_seed)
    assert one.shape == () and mask[4, int(one)] == 1
    assert sample_legal(mask[4].tolist(), rng_seed) == one


def test_a_row_without_a_legal_action_gets_action_0():
    mask = np.zeros((2, 125), dtype=np.int8)
    mask[1, 99] = 1
    assert sample_legal(mask, 0).tolist() == [0, 99]


@pytest.mark.parametrize("bad", [np.zeros((2, 3, 125), np.int8), np.int8(1)])
def test_masks_of_another_shape_are_refused_by_name(bad):
    with pytest.raises(EnvConfigError, match=r"action_masks is one mask \(A,\) or a batch \(N, A\), not an array of shape") as info:
        sample_legal(bad, 0)
    assert isinstance(info.value, NbmjError) and isinstance(info.value, ValueError)


def test_a_vector_env_played_with_it_is_only_ever_given_legal_actions():
    env = VectorEnv(8, "ningbo", illegal="raise")
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(300):
        actions = sample_legal(obs["action_mask"], rng)
        assert obs["action_mask"][np.arange(8), actions].all()
        obs, *_ = env.step(actions)
