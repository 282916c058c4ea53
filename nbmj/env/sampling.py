"""Masked random actions: :func:`sample_legal`, a uniform choice among the legal actions of
each row of a batch of action masks, for random rollouts and baselines.

The choice in a row is made from one uniform number: the ``k``-th legal action, ``k`` the
floor of the number times the row's count of legal actions. The kernel is the encoder
backend's (:data:`nbmj.env.encoding.legal_choices`): the compiled one and the NumPy
reference in :mod:`nbmj.env._reference` choose the same actions from the same numbers.
"""

from __future__ import annotations

import numpy as np

from .encoding import legal_choices
from .table import EnvConfigError

__all__ = ["sample_legal"]


def sample_legal(action_masks: np.ndarray, rng: np.random.Generator | int | None = None) -> np.ndarray:
    """A uniformly random legal action of each row of ``action_masks``.

    ``action_masks``: an ``(N, A)`` array (one mask a row, nonzero entries legal, as
    :class:`~nbmj.env.VectorEnv` returns them) gives an ``(N,)`` int64 array of actions; a
    single mask ``(A,)`` gives a 0-d array (``int(...)`` is the action). A row with no legal
    action (the last observation of an ended episode) gets action 0, as Gymnasium's
    ``Discrete.sample`` does with an empty mask.

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
    legal_choices(masks, uniforms, chosen)
    return chosen
