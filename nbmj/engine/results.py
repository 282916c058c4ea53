"""What a hand's end hands back: :class:`HandResult`.

It lives below the mechanics that make it (``ending.py``) and the façade that returns it
(``game.py``), so that every engine module imports downward only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..scoring.situation import Situation
from .settle import WinScore

__all__ = ["HandResult"]


@dataclass(frozen=True)
class HandResult:
    """How a hand ended. ``deltas`` (seat -> points) sum to zero and include ``immediate``."""

    outcome: str  # "win" or "draw"
    winners: tuple[dict[str, Any], ...]
    deltas: dict[str, int]
    immediate: dict[str, int]
    scores: tuple[WinScore, ...] = field(default=(), compare=False)
    situations: tuple[Situation, ...] = field(default=(), compare=False)

    @property
    def winner(self) -> str | None:
        """The (first) winning seat, or None after a draw."""
        return str(self.winners[0]["seat"]) if self.winners else None

    @property
    def win_by(self) -> str | None:
        """How the (first) winner won: ``discard``, ``self_draw``, ``rob_kong``, ..."""
        return str(self.winners[0]["win_by"]) if self.winners else None

    @property
    def score(self) -> WinScore | None:
        """The (first) winner's score."""
        return self.scores[0] if self.scores else None

    @property
    def payments(self) -> dict[str, int]:
        """Same as ``deltas``: what each seat gains (negative: pays) this hand."""
        return self.deltas

    def to_json(self) -> dict[str, Any]:
        """The outcome, winners and deltas as plain JSON values (scores and situations left out)."""
        return {
            "outcome": self.outcome,
            "winners": [dict(w) for w in self.winners],
            "deltas": dict(self.deltas),
            "immediate": dict(self.immediate),
        }
