"""Learning on nbmj's environments: a policy network for the feature planes, behaviour
cloning from logged hands, PPO on the vector env, and a trained policy seated as a bot.

Built on PyTorch and sb3-contrib's ``MaskablePPO`` (the ``learn`` extra:
``pip install 'nbmj[learn]'``; see the RL tutorial for a CPU-only PyTorch). The pieces:

* :class:`TilePlanes`: the features extractor of the policy (1-D convolutions over the
  42 tile columns of the planes);
* :func:`new_model`: a ``MaskablePPO`` with that extractor on :class:`SB3VectorEnv`, the
  vector env of ``nbmj/Mahjong-v0`` as Stable-Baselines3 steps it;
* :func:`behaviour_clone`: supervised training of the policy (and its value head) on a
  dataset written by ``nbmj dataset``;
* :class:`PolicyBot`: a saved policy as an engine bot (``(observation, legal) -> action``),
  an env's opponent, or a seat of ``nbmj arena`` (``--bot policy:PATH``).

``import nbmj.learn`` imports torch; nothing else in nbmj does.
"""

from __future__ import annotations

from .clone import CloneReport, behaviour_clone
from .policy import PolicyBot, TilePlanes, load_policy, new_model
from .vec import SB3VectorEnv

__all__ = ["TilePlanes", "new_model", "load_policy", "PolicyBot", "SB3VectorEnv", "behaviour_clone", "CloneReport"]
