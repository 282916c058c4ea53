"""Scoring items, hand totals and settlement with liability.

:func:`score` scores one win under a :class:`~nbmj.rules.model.RuleSet`: the best over every
reading of the hand (every split of its concealed tiles, every assignment of its wilds,
every slot the winning tile can take), the items that apply, the total, whether the win is
allowed, and the payments. Nothing about a variant is written here: everything comes from
the rule set.

S004's worked example (rule NH-4.3), self-drawn 2索 into 1索 3索:

>>> from nbmj.rules import load_variant
>>> sit = Situation.from_dict({"seat": "S", "concealed": "13s 66m 888m", "win_tile": "2s",
...     "win_by": "self_draw", "melds": [{"kind": "kan", "tiles": "9999m", "from": "E"},
...     {"kind": "pon", "tiles": "555m", "from": "W"}]})
>>> result = score(sit, load_variant("ninghai"))
>>> result.fu, result.hu, result.points, result.decomposition
(56, 60, 60, '[9999m] [555m] 123s 888m 66m')
>>> result.payments
{'E': -60, 'S': 180, 'W': -60, 'N': -60}

Losing hands settle among themselves by their 胡 (NH-5), which :func:`hand_fu` counts:

>>> settle_losers({"E": 40, "W": 10, "N": 0}, load_variant("ninghai"))
{'E': 50, 'W': -25, 'N': -25}
"""

from __future__ import annotations

from .items import Applied
from .result import ScoreResult
from .scorer import _key, _rule_id, _score_with_facts, clear_caches, hand_fu, score
from .settlement import links, settle, settle_losers
from .situation import Meld, Situation

__all__ = [
    "score",
    "settle",
    "settle_losers",
    "hand_fu",
    "links",
    "Situation",
    "Meld",
    "ScoreResult",
    "Applied",
    "clear_caches",
]
