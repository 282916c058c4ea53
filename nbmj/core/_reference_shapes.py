"""Pure-Python reference for the winning shapes beside n melds and a pair: seven pairs
(七对子) and honours in any arrangement (乱风 / 风一色).

The compiled module ``nbmj.core._shape`` has the same functions, signatures and docstrings
and must give the same answers and raise the same errors.
"""

from __future__ import annotations

__all__ = ["is_seven_pairs", "is_all_honors"]

_HONOURS_START = 27


def is_seven_pairs(hand, wilds=0):
    """Whether a complete-size hand is seven pairs (七对子): 14 tiles, each kind held an even
    number of times once the wilds are placed. Four of a kind make two pairs; a wild pairs
    a lone tile or another wild. ``hand`` and ``wilds`` are as for :func:`is_win`; a hand
    of fewer than 14 tiles (melds laid) is never seven pairs.
    """
    from ._reference import _validated

    counts, w, _n = _validated(hand, wilds, "is_seven_pairs", True)
    return sum(counts) + w == 14 and sum(c % 2 for c in counts) <= w


def is_all_honors(hand, wilds=0):
    """Whether every real tile of a complete-size hand is an honour (乱风 / 风一色: honours in
    any arrangement, no sets needed); a wild stands for an honour. ``hand`` and ``wilds``
    are as for :func:`is_win`; the melds laid, which the hand does not show, are the
    caller's to check.
    """
    from ._reference import _validated

    counts, _w, _n = _validated(hand, wilds, "is_all_honors", True)
    return not any(counts[:_HONOURS_START])
