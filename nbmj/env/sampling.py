"""Masked random actions: :func:`sample_legal`, a uniform choice among the legal actions of
each row of a batch of action masks, for random rollouts and baselines.

The choice in a row is made from one uniform number: the ``k``-th legal action, ``k`` the
floor of the number times the row's count of legal actions. The compiled kernel
(:func:`nbmj.env._encode.legal_choices`) and the NumPy reference here choose the same
actions from the same numbers.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from .._backend import pure_python_forced
from .table import EnvConfigError

__all__ = ["sample_legal"]


def _legal_choices(masks: np.ndarray, uniforms: np.ndarray, out: np.ndarray) -> None:
    """The reference of the compiled kernel: ``out[r]`` is the ``k``-th legal action of row
    ``r`` (``k = floor(uniforms[r] * count)``, at most ``count - 1``), 0 for a row with none."""
    if masks.shape[1] == 0:
        out[:] = 0
        return
    so_far = (masks != 0).cumsum(axis=1)
    counts = so_far[:, -1]
    k = np.minimum((uniforms * counts).astype(np.int64), np.maximum(counts - 1, 0))
    out[:] = np.where(counts > 0, (so_far > k[:, None]).argmax(axis=1), 0)


def _select_kernel() -> Callable[[np.ndarray, np.ndarray, np.ndarray], None]:
    """The compiled kernel, unless NBMJ_PUREPYTHON=1 or it was not built: the reference."""
    if pure_python_forced():
        return _legal_choices
    try:
        from ._encode import legal_choices
    except ImportError:
        return _legal_choices
    return legal_choices


_kernel = _select_kernel()


def sample_legal(action_masks: np.ndarray, rng: np.random.Generator | int | None = None) -> np.ndarray:
    """A uniformly random legal action of each row of ``action_masks``.

    ``action_masks``: an ``(N, A)`` array (one mask a row, nonzero entries legal, as
    :class:`~nbmj.env.VectorEnv` returns them) gives an ``(N,)`` int64 array of actions; a
    single mask ``(A,)`` gives a 0-d array (``int(...)`` is the action). A row with no legal action (the last
    observation of an ended episode) gets action 0, as Gymnasium's ``Discrete.sample`` does
    with an empty mask.

    ``rng``: a ``numpy.random.Generator``, or a seed for a new one (None: fresh entropy). One
    uniform number is drawn per row, and nothing else reads any random state, so the same
    generator state gives the same actions.
    """
    masks = np.asarray(action_masks)
    if masks.ndim == 1:
        one: np.ndarray = sample_legal(masks[None, :], rng)[0, ...]
        return one
    if masks.ndim != 2:
        raise EnvConfigError(f"action_masks is one mask (A,) or a batch (N, A), not an array of shape {masks.shape!r}")
    if masks.dtype.itemsize != 1 or masks.dtype.kind not in "biu":  # wider or other numbers: nonzero is legal
        masks = masks != 0
    masks = np.ascontiguousarray(masks).view(np.int8)
    generator = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
    uniforms = np.asarray(generator.random(masks.shape[0]), dtype=np.float64)
    chosen = np.empty(masks.shape[0], dtype=np.int64)
    _kernel(masks, uniforms, chosen)
    return chosen
