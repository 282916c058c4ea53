"""The game engine: wall, dealing, claims, turns and matches.

>>> from nbmj.engine import Game, play_hand, make_bots
>>> game = Game("ningbo", seed=1)
>>> result = play_hand(game, make_bots("greedy"))
>>> sum(result.deltas.values())  # a settlement sums to zero
0
"""

from .._backend import is_compiled
from . import game as _game
from .actions import Action
from .bots import GreedyBot, RandomBot, make_bots, play_hand
from .game import Game, HandResult
from .log import LOG_FORMAT
from .match import Match, MatchResult

__all__ = [
    "Action",
    "Game",
    "HandResult",
    "Match",
    "MatchResult",
    "RandomBot",
    "GreedyBot",
    "make_bots",
    "play_hand",
    "LOG_FORMAT",
    "BACKEND",
]

#: ``"cython"`` when the engine's modules run compiled from their own source, ``"python"``
#: when that source runs as it is (``NBMJ_PUREPYTHON=1``, or a build without them)
BACKEND = "cython" if is_compiled(_game) else "python"
