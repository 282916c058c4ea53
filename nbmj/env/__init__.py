"""Reinforcement-learning environments over the nbmj engine, for every variant.

* :func:`env` / :class:`raw_env`: a PettingZoo AEC environment (``env`` adds PettingZoo's
  usual wrappers); :func:`parallel_env`: a native PettingZoo ParallelEnv;
* ``gymnasium.make("nbmj/Mahjong-v0", ...)`` (:class:`MahjongEnv`): one learner against bots,
  and ``gymnasium.make_vec`` of it (:class:`MahjongVectorEnv`, a Gymnasium ``VectorEnv``);
* :class:`VectorEnv`: N games stepped in lockstep for batched inference;
* :func:`sample_legal`: a uniformly random legal action per mask, for random rollouts.

Observations are ``{"observation": planes, "action_mask": mask}``: uint8 feature planes of
shape :data:`~nbmj.env.layout.OBS_SHAPE` and an int8 mask over the
:data:`~nbmj.env.layout.ACTION_SIZE` actions of :mod:`nbmj.env.layout`. Needs the ``env``
extra (``pip install 'nbmj[env]'``); ``import nbmj`` never imports this package.
"""

from __future__ import annotations

import gymnasium

from . import layout
from .aec import env, raw_env
from .encoding import BACKEND
from .gym_vector import MahjongVectorEnv
from .parallel import ParallelMahjongEnv, parallel_env
from .sampling import sample_legal
from .single import ENV_ID, MahjongEnv
from .table import Table
from .vector import VectorEnv

__all__ = [
    "env",
    "raw_env",
    "parallel_env",
    "ParallelMahjongEnv",
    "MahjongEnv",
    "MahjongVectorEnv",
    "VectorEnv",
    "sample_legal",
    "Table",
    "ENV_ID",
    "BACKEND",
    "layout",
]

if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point="nbmj.env.single:MahjongEnv",
        vector_entry_point="nbmj.env.gym_vector:MahjongVectorEnv",
        # a Gymnasium env takes every action of its action space (check_env steps with an
        # unmasked sample), so the registered id ends the episode with the penalty where
        # the classes raise; make(..., illegal="raise") asks for the error
        kwargs={"illegal": "penalty"},
    )
