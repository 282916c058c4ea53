"""The engine's one door to the scorer: is a win valid, what is it worth, who pays.

Everything the engine needs from :mod:`nbmj.scoring` passes through :func:`score_win`, so
the engine does not depend on the scorer's result type beyond the few fields read here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules.model import RuleSet
from ..scoring.facts import HandFacts
from ..scoring.situation import Situation

__all__ = ["WinScore", "score_win"]


@dataclass(frozen=True)
class WinScore:
    """What the engine keeps of a scored win. ``payments`` are seat wind -> delta, summing to 0."""

    valid: bool
    reason: str
    points: int
    payments: dict[str, int]
    items: tuple[dict[str, Any], ...] = ()
    detail: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The score as plain JSON values (``detail`` left out)."""
        return {
            "valid": self.valid,
            "reason": self.reason,
            "points": self.points,
            "items": list(self.items),
            "payments": dict(self.payments),
        }


def score_win(situation: Situation, rules: RuleSet, *, hand_facts: HandFacts | None = None) -> WinScore:
    """Score ``situation`` under ``rules`` (the shape is already known to be complete)."""
    from ..scoring.scorer import _score_with_facts

    # the facts of the hand, where the value bound worked them out already, are not read twice
    result = _score_with_facts(situation, rules, hand_facts)
    return WinScore(
        bool(result.valid),
        result.reason or "",
        int(result.points),
        {str(k): int(v) for k, v in result.payments.items()},
        tuple(i.to_dict() for i in result.items),
        {"tai": result.tai, "fu": result.fu, "fan": result.fan, "decomposition": result.decomposition, "wait": result.wait},
    )

