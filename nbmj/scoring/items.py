"""Applying a rule set's scoring items to one reading of a hand.

An item applies when its ``when`` holds; it scores ``value`` × ``each`` (1 without
``each``; an ``each`` of 0 means it does not apply). Items switched off (``value`` None)
never apply. An applied item suppresses the items it ``excludes``: items are considered
from the highest score down, so of two items that exclude each other the larger stays.
Of the items sharing a ``group`` only the one scoring most stays (the first listed on a tie).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ..rules.model import Feature, RuleSet, ScoringItem, WinRestriction
from .expressions import Compiled
from .expressions import compile_expr, feature_value, holds
from .facts import HandFacts
from .features import READING_FEATURES, features_in, spec_of
from .readings import FULL_SPEC, Reading, SignatureSpec

__all__ = ["Applied", "apply_items", "Entry", "ItemPlan", "plan_for"]

#: A scoring entry: (the item's position in the rule set, the item, its count, its value).
Entry = tuple[int, ScoringItem, int, int]
#: A compiled item: (position, item, compiled ``when``, compiled ``each``).
_Compiled = tuple[int, ScoringItem, Optional[Compiled], Optional[Compiled]]
#: A compiled win restriction: (restriction, compiled condition, depends on the reading).
CompiledRestriction = tuple[WinRestriction, Compiled, bool]


@dataclass(frozen=True)
class Applied:
    """An item that scored: the item, how many times (``each``) and the total value."""

    item: ScoringItem
    count: int
    value: int

    def to_dict(self) -> dict[str, Any]:
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
    entries: list[Entry] = []
    for order, it in enumerate(items):
        if it.value is None:
            continue
        if it.when is not None and not holds(it.when, hf, rd):
            continue
        n = 1 if it.each is None else feature_value(it.each, hf, rd)
        if n <= 0:
            continue
        entries.append((order, it, n, it.value * n))
    return to_applied(_resolve_entries(entries))


class ItemPlan:
    """A rule set's items compiled for fast scoring of many readings of one hand.

    Items whose condition and count do not depend on the reading are evaluated once per
    hand (:meth:`hand_part`); the others once per reading (:meth:`apply`). The result is
    the same as :func:`apply_items`.
    """

    def __init__(self, items: tuple[ScoringItem, ...]) -> None:
        self.items = items
        self.hand_level: list[_Compiled] = []
        self.reading_level: list[_Compiled] = []
        self.by_wait: dict[str, list[Entry]] = {}
        for order, it in enumerate(items):
            if it.value is None:
                continue
            when, w_level = compile_expr(it.when) if it.when is not None else (None, False)
            each, e_level = compile_expr(it.each) if it.each is not None else (None, False)
            entry: _Compiled = (order, it, when, each)
            if each is None and isinstance(it.when, Feature) and it.when.name == "wait" and len(it.when.args) == 1:
                # the commonest reading-level condition: looked up by the reading's wait
                self.by_wait.setdefault(it.when.args[0], []).append((order, it, 1, it.value))
                continue
            (self.reading_level if (w_level or e_level) else self.hand_level).append(entry)
        self.resolve = any(it.excludes or it.group for it in items if it.value is not None)
        self.spec: SignatureSpec = FULL_SPEC  # set by plan_for, with the win restrictions
        #: The rule set's win restrictions, compiled (see restrictions_for; set by plan_for).
        self.restrictions: list[CompiledRestriction] = []
        # hand-level features that reading-level conditions read (set by plan_for)
        self.context_features: tuple[Compiled, ...] = ()
        #: Scored readings of earlier hands: context -> signature -> score (see memo_for).
        self.memo: dict[tuple[Any, ...], dict[Any, Any]] = {}
        self._memo_size = 0
        #: The applied items of scored entries (see :meth:`applied`).
        self._applied: dict[tuple[tuple[int, int, int], ...], tuple[Applied, ...]] = {}

    @staticmethod
    def _eval(entries: list[_Compiled], hf: HandFacts, rd: Any, out: list[Entry]) -> None:
        for order, it, when, each in entries:
            if when is not None and not when(hf, rd):
                continue
            value: int = it.value  # type: ignore[assignment]  # switched-off items are never compiled
            if each is None:
                out.append((order, it, 1, value))
            else:
                n = each(hf, rd)
                if n > 0:
                    out.append((order, it, n, value * n))

    def hand_part(self, hf: HandFacts) -> list[Entry]:
        """The entries of the items that do not depend on the reading."""
        out: list[Entry] = []
        self._eval(self.hand_level, hf, None, out)
        return out

    def reading_context(self, hf: HandFacts, hand_part: list[Entry],
                        restrictions: list[CompiledRestriction]) -> tuple[Any, ...]:
        """Everything besides a reading's signature that its score depends on.

        Two readings with equal signatures (:func:`~nbmj.scoring.features.candidates`) and
        equal contexts score the same, whichever hands they come from: the context holds the
        hand-level items that scored, the hand-level features that reading-level conditions
        read, the outcome of each hand-level win restriction, the seat and round winds, the
        melded sets and the win method.
        """
        sit = hf.situation
        hand_key = tuple([(e[0], e[2]) for e in hand_part])
        features = tuple([fn(hf, None) for fn in self.context_features])
        outcomes = tuple([
            None if per_reading else (sit.win_by in wr.forbid and bool(fn(hf, None)))
            for wr, fn, per_reading in restrictions
        ])
        return (hand_key, features, outcomes, hf.seat_kind, hf.round_kind, hf.melded, sit.win_by)

    def memo_for(self, context: tuple[Any, ...]) -> dict[Any, Any]:
        """The scored readings (signature -> score) of a context; a bounded memo."""
        per_context = self.memo.get(context)
        if per_context is None:
            self._memo_size += 1
            if self._memo_size > _MEMO_CONTEXTS:
                self.memo.clear()
                self._memo_size = 1
            per_context = self.memo[context] = {}
        return per_context

    def apply_entries(self, hf: HandFacts, rd: Reading, hand_part: list[Entry]) -> list[Entry]:
        """The scoring entries ``(order, item, count, value)`` of a reading, in no set order."""
        cands = list(hand_part)
        cands.extend(self.by_wait.get(rd.wait, ()))
        self._eval(self.reading_level, hf, rd, cands)
        if self.resolve:
            return _resolve_entries(cands)
        return cands

    def applied(self, compact: tuple[tuple[int, int, int], ...]) -> tuple[Applied, ...]:
        """Entries ``(order, count, value)`` as :class:`Applied`, in rule-set order; the
        (immutable) answer is shared between the hands that score the same entries."""
        out = self._applied.get(compact)
        if out is None:
            if len(self._applied) >= _MEMO_APPLIED:
                self._applied.clear()
            items = self.items
            out = tuple([Applied(items[o], n, v) for o, n, v in sorted(compact, key=lambda e: e[0])])
            self._applied[compact] = out
        return out


def to_applied(entries: list[Entry]) -> list[Applied]:
    """Entries as :class:`Applied`, in rule-set order."""
    return [Applied(it, n, v) for _o, it, n, v in sorted(entries, key=lambda e: e[0])]


def _resolve_entries(cands: list[Entry]) -> list[Entry]:
    """Entries ``(order, item, count, value)`` less those another one ``excludes`` (items
    are kept from the highest value down, so of two that exclude each other the larger
    stays, and one kept early goes too if a later one of equal value excludes it) and all
    but the best of each ``group`` (the first listed on a tie); in no set order."""
    if not cands:
        return cands
    if any(e[1].excludes for e in cands):
        kept: list[Entry] = []
        suppressed: set[str] = set()
        for e in sorted(cands, key=lambda e: (-e[3], e[0])):
            if e[1].name in suppressed:
                continue
            kept.append(e)
            suppressed.update(e[1].excludes)
        cands = [e for e in kept if e[1].name not in suppressed]
    if any(e[1].group for e in cands):
        best: dict[str, Entry] = {}
        for e in sorted(cands, key=lambda e: e[0]):
            g = e[1].group
            if g is None:
                continue
            cur = best.get(g)
            if cur is None or e[3] > cur[3]:
                best[g] = e
        cands = [e for e in cands if e[1].group is None or best[e[1].group] is e]
    return cands


_PLANS: dict[int, tuple[RuleSet, ItemPlan]] = {}

# Contexts whose scored readings a plan keeps before its memo starts over.
_MEMO_CONTEXTS = 4096
# Distinct applied-item lists a plan keeps before it starts over.
_MEMO_APPLIED = 4096


def plan_for(rules: RuleSet) -> ItemPlan:
    """The compiled items of a rule set (cached per rule-set object)."""
    entry = _PLANS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_PLANS) > 64:
            _PLANS.clear()
        plan = ItemPlan(rules.items)
        exprs = [e for it in rules.items if it.value is not None for e in (it.when, it.each)]
        exprs += [wr.when for wr in rules.win_restrictions]
        plan.spec = spec_of(exprs)
        restrictions = plan.restrictions = _compile_restrictions(rules)
        plan.context_features = _context_features(plan, restrictions)
        entry = (rules, plan)
        _PLANS[id(rules)] = entry
    return entry[1]


def _compile_restrictions(rules: RuleSet) -> list[CompiledRestriction]:
    out: list[CompiledRestriction] = []
    for wr in rules.win_restrictions:
        fn, level = compile_expr(wr.when)
        out.append((wr, fn, level))
    return out


def _context_features(plan: ItemPlan, restrictions: list[CompiledRestriction]) -> tuple[Compiled, ...]:
    """Compiled hand-level features read by the reading-level items and restrictions."""
    exprs = [e for _o, it, _w, _e in plan.reading_level for e in (it.when, it.each)]
    exprs += [wr.when for wr, _fn, per_reading in restrictions if per_reading]
    found = dict.fromkeys(f for f in features_in(exprs) if f.name not in READING_FEATURES)
    return tuple(compile_expr(f)[0] for f in sorted(found, key=repr))


def clear_memos() -> None:
    """Forget the scored readings of every compiled rule set (for cold-start timing)."""
    for entry in _PLANS.values():
        entry[1].memo.clear()
        entry[1]._memo_size = 0
        entry[1]._applied.clear()
