"""The game engine: wall, dealing, claims, turns and matches.

>>> from nbmj.engine import Game, play_hand, make_bots
>>> game = Game("ningbo", seed=1)
>>> result = play_hand(game, make_bots("greedy"))
>>> sum(result.deltas.values())  # a settlement sums to zero
0
"""

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
]
