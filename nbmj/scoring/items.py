"""Applying a rule set's scoring items to one reading of a hand.

An item applies when its ``when`` holds; it scores ``value`` × ``each`` (1 without
``each``; an ``each`` of 0 means it does not apply). Items switched off (``value`` None)
never apply. An applied item suppresses the items it ``excludes``: items are considered
from the highest score down, so of two items that exclude each other the larger stays.
Of the items sharing a ``group`` only the one scoring most stays (the first listed on a tie).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.model import ScoringItem
from .features import HandFacts, Reading, feature_value, holds

__all__ = ["Applied", "apply_items"]


@dataclass(frozen=True)
class Applied:
    """An item that scored: the item, how many times (``each``) and the total value."""

    item: ScoringItem
    count: int
    value: int

    def to_dict(self) -> dict:
        return {
            "name": self.item.name,
            "label": self.item.label,
            "value": self.value,
            "unit": self.item.unit,
            "rule": self.item.rule,
            "count": self.count,
        }


def apply_items(items: tuple[ScoringItem, ...], hf: HandFacts, rd: Reading) -> list[Applied]:
    """The items that score for this reading, in rule-set order."""
    candidates: list[tuple[int, Applied]] = []
    for order, it in enumerate(items):
        if it.value is None:
            continue
        if it.when is not None and not holds(it.when, hf, rd):
            continue
        n = 1 if it.each is None else feature_value(it.each, hf, rd)
        if n <= 0:
            continue
        candidates.append((order, Applied(it, n, it.value * n)))
    if not candidates:
        return []
    if any(a.item.excludes for _, a in candidates):
        kept: list[tuple[int, Applied]] = []
        suppressed: set[str] = set()
        for order, a in sorted(candidates, key=lambda oa: (-oa[1].value, oa[0])):
            if a.item.name in suppressed:
                continue
            kept.append((order, a))
            suppressed.update(a.item.excludes)
        # an item kept early may be excluded by one kept later only if values tie; drop those too
        candidates = sorted((oa for oa in kept if oa[1].item.name not in suppressed), key=lambda oa: oa[0])
    if any(a.item.group for _, a in candidates):
        best: dict[str, tuple[int, Applied]] = {}
        for order, a in candidates:
            g = a.item.group
            if g is None:
                continue
            cur = best.get(g)
            if cur is None or a.value > cur[1].value:
                best[g] = (order, a)
        candidates = [(o, a) for o, a in candidates if a.item.group is None or best[a.item.group][0] == o]
    return [a for _, a in candidates]
