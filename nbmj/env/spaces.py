"""The Gymnasium spaces of every nbmj environment (one observation space, one action space)."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from . import layout as L

__all__ = ["observation_space", "action_space", "plane_high"]


def plane_high() -> np.ndarray:
    """The largest value each cell of the planes can take (the ``high`` of the Box)."""
    high = np.ones(L.OBS_SHAPE, dtype=np.uint8)
    P = L.PLANE_INDEX
    high[P["hand"]] = 4
    high[P["melds"] : P["melds"] + 16] = 4
    for r in range(4):
        row = P["rivers"] + 3 * r
        high[row : row + 2] = 4
        high[row + 2] = 255
    high[P["counts"]] = 255
    high[P["liability"], :16] = 255
    return high


def observation_space() -> spaces.Dict:
    """``{"observation": Box(N_PLANES x 42, uint8), "action_mask": Box(0, 1, (125,), int8)}``."""
    return spaces.Dict(
        {
            "observation": spaces.Box(low=0, high=plane_high(), shape=L.OBS_SHAPE, dtype=np.uint8),
            "action_mask": spaces.Box(low=0, high=1, shape=(L.ACTION_SIZE,), dtype=np.int8),
        }
    )


def action_space() -> spaces.Discrete:
    """``Discrete(125)``: see :data:`nbmj.env.layout.ACTION_RANGES`."""
    return spaces.Discrete(L.ACTION_SIZE)
