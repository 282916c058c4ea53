"""The scorer's answer: :class:`ScoreResult`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .items import Applied

__all__ = ["ScoreResult"]


@dataclass(frozen=True)
class ScoreResult:
    """The score of one win and what everybody pays.

    ``valid`` is false for a win the rules forbid; ``reason`` and ``reason_rule`` then say
    why (and ``payments`` are all zero). ``items`` are the scoring items of the best reading
    of the hand, ``decomposition`` that reading in notation (melded sets in brackets).
    ``tai`` (Ningbo) or ``fu``/``fan`` (Ninghai) are None where the variant does not use
    them. ``points`` is the hand total S that payments are based on (银 for Ninghai);
    ``hu`` is Ninghai's 胡 after multiplying, rounding and capping.

    With multiplier items (unit ``"x"``, NB-13.5) ``tai`` stays the sum of the 台 items,
    ``multiplier`` is the product of the multipliers and ``points`` the hand value after
    them. ``minimum_tai`` holds the 台 that count toward the minimum; ``minimum`` is the
    minimum itself and ``minimum_alternatives`` its (台, multiplier) alternatives (NB-13.6).
    """

    valid: bool
    reason: str | None
    reason_rule: str | None
    items: tuple[Applied, ...]
    tai: int | None
    fu: int | None
    fan: int | None
    points: int
    payments: dict[str, int]
    decomposition: str
    wait: str
    hu: int | None = None
    fan_raw: int | None = None
    minimum_tai: int | None = None
    capped: bool = False
    payment_rules: tuple[str, ...] = ()
    multiplier: int | None = None
    minimum: int | None = None
    minimum_alternatives: tuple[tuple[int, int], ...] = ()
    variant: str | None = field(default=None, compare=False)

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule ID this result rests on, items first."""
        out: list[str] = []
        for r in [a.item.rule for a in self.items] + list(self.payment_rules) + [self.reason_rule]:
            if r and r not in out:
                out.append(r)
        return tuple(out)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form printed by ``nbmj score``."""
        return {
            "variant": self.variant,
            "valid": self.valid,
            "reason": self.reason,
            "reason_rule": self.reason_rule,
            "items": [a.to_dict() for a in self.items],
            "tai": self.tai,
            "minimum_tai": self.minimum_tai,
            "minimum": self.minimum,
            "minimum_alternatives": [list(alt) for alt in self.minimum_alternatives],
            "multiplier": self.multiplier,
            "fu": self.fu,
            "fan": self.fan,
            "fan_raw": self.fan_raw,
            "hu": self.hu,
            "capped": self.capped,
            "points": self.points,
            "payments": dict(self.payments),
            "payment_rules": list(self.payment_rules),
            "decomposition": self.decomposition,
            "wait": self.wait,
            "rules": list(self.rules),
        }
