"""Applying a rule set's scoring items to one reading of a hand.

An item applies when its ``when`` holds; it scores ``value`` × ``each`` (1 without
``each``; an ``each`` of 0 means it does not apply). Items switched off (``value`` None)
never apply. An applied item suppresses the items it ``excludes``: items are considered
from the highest score down, so of two items that exclude each other the larger stays.
Of the items sharing a ``group`` only the one scoring most stays (the first listed on a tie).

An :class:`ItemPlan` holds a rule set's items and win restrictions compiled into one
:class:`~nbmj.scoring.expressions.Program`: a hand fills its hand-level slots once, each
reading its reading-level slots once, and an item is then two slot values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules.model import RuleSet, ScoringItem, WinRestriction
from ._by_object import ByObject
from .expressions import Program
from .facts import HandFacts
from .features import READING_FEATURES, features_in, spec_of
from .readings import Reading, SignatureSpec

__all__ = ["Applied", "apply_items", "Entry", "Found", "ItemPlan", "plan_for", "clear_memos"]

#: A scoring entry: (the item's position in the rule set, the item, its count, its value).
Entry = tuple[int, ScoringItem, int, int]
#: An item whose condition holds, before exclusions and groups: (its position in the rule
#: set, its count, its value); a tuple of them in plan order names what a reading scores.
Found = tuple[int, int, int]
#: A compiled item: (its position in the rule set, the slot of its ``when``, that of its
#: ``each``; -1 for none).
CompiledItem = tuple[int, int, int]
#: A compiled win restriction: (the restriction, the slot of its condition, whether that
#: depends on the reading).
CompiledRestriction = tuple[WinRestriction, int, bool]


@dataclass(frozen=True)
class Applied:
    """An item that scored: the item, how many times (``each``) and the total value."""

    item: ScoringItem
    count: int
    value: int

    def to_dict(self) -> dict[str, Any]:
        """The item as ``nbmj score`` prints it: its name, label, value, unit, rule and count."""
        return {
            "name": self.item.name,
            "label": self.item.label,
            "value": self.value,
            "unit": self.item.unit,
            "rule": self.item.rule,
            "count": self.count,
        }


class ItemPlan:
    """The items ``items`` and the win restrictions ``restrictions`` compiled for scoring
    many readings of many hands.

    ``hand_items`` are the items whose condition and count read only hand-level slots,
    evaluated once per hand (:meth:`hand_part`); ``reading_items`` the others, evaluated
    once per reading (:meth:`found_entries`). ``spec`` is what a reading's signature must
    tell apart for them (:func:`~nbmj.scoring.features.spec_of`).
    """

    def __init__(self, items: tuple[ScoringItem, ...], restrictions: tuple[WinRestriction, ...] = ()) -> None:
        self.items = items
        live = [(order, it) for order, it in enumerate(items) if it.value is not None]
        exprs = [e for _order, it in live for e in (it.when, it.each)]
        # A restriction whose condition is the hand's (not the reading's) is asked once per
        # hand, and only of a hand won in a way it forbids (财神单吊 needs a search of the
        # hand): its condition is a program of its own. The others are in the items' program.
        by_hand = [not any(f.name in READING_FEATURES for f in features_in((wr.when,))) for wr in restrictions]
        self.program: Program = Program(exprs + [wr.when for wr, hand in zip(restrictions, by_hand) if not hand])
        slot_of = self.program.slot_of
        hand_size = self.program.hand_size
        self.hand_items: list[CompiledItem] = []
        self.reading_items: list[CompiledItem] = []
        for order, it in live:
            when = -1 if it.when is None else slot_of[it.when]
            each = -1 if it.each is None else slot_of[it.each]
            (self.reading_items if max(when, each) >= hand_size else self.hand_items).append((order, when, each))
        #: the items' values by position (0 for an item switched off, which never applies)
        self.values: list[int] = [0 if it.value is None else it.value for it in items]
        #: the win restrictions in rule-set order: (the restriction, the slot that holds
        #: whether its condition holds, whether that depends on the reading; a hand-level
        #: one has no slot, -1: its outcome is :meth:`fill_hand`'s)
        self.restrictions: list[CompiledRestriction] = []
        #: the hand-level ones: (their position in ``restrictions``, the restriction, the
        #: program of its condition, the condition's slot in that program)
        self.hand_conditions: list[tuple[int, WinRestriction, Program, int]] = []
        for wr, hand in zip(restrictions, by_hand):
            if hand:
                condition = Program([wr.when])
                self.hand_conditions.append((len(self.restrictions), wr, condition, condition.slot_of[wr.when]))
                self.restrictions.append((wr, -1, False))
            else:
                self.restrictions.append((wr, slot_of[wr.when], True))
        #: whether a reading-level restriction is among them (only then does a reading ask)
        self.reading_restrictions: bool = not all(hand for hand in by_hand)
        #: the slots a hand's values hold: the program's
        self.n_values: int = self.program.size
        self.resolve = any(it.excludes or it.group for _order, it in live)
        self.spec: SignatureSpec = spec_of(exprs + [wr.when for wr in restrictions])
        #: Scored readings of earlier hands: context -> signature -> score (see memo_for).
        self.memo: dict[tuple[Any, ...], dict[Any, Any]] = {}
        self._memo_size = 0
        #: The last few contexts met, in parts, with their scored readings, the newest first
        #: (see :meth:`memo_of`): (the hand's values, seat wind, round wind, melded sets, win
        #: method, the memo).
        self._recent: list[tuple[list[int], int, int, tuple[Any, ...], str, dict[Any, Any]]] = []

    def _entries(self, compiled: list[CompiledItem], values: list[int], out: list[Found]) -> None:
        item_values = self.values
        for order, when, each in compiled:
            if when >= 0 and not values[when]:
                continue
            value = item_values[order]
            if each < 0:
                out.append((order, 1, value))
            else:
                n = values[each]
                if n > 0:
                    out.append((order, n, value * n))

    def new_values(self) -> list[int]:
        """Room for the slots of one hand and its readings."""
        return [0] * self.n_values

    def fill_hand(self, hf: HandFacts, values: list[int]) -> int:
        """Fill the hand-level slots of ``values`` (from :meth:`new_values`) for ``hf``;
        the position in ``restrictions`` of the first hand-level restriction that holds and
        forbids the hand's way of winning, -1 for none.

        That outcome is the same for every reading of the hand, so it stays out of
        ``values`` and out of the readings' context (:meth:`reading_context`): a hand so
        refused shares the scored readings of the hands that are not (the scorer refuses
        each of them afterwards)."""
        self.program.fill_hand(hf, values)
        win_by = hf.situation.win_by
        for position, wr, condition, slot in self.hand_conditions:
            # (by its slot: finding the slot of the condition hashes the expression, a frozen dataclass)
            if win_by in wr.forbid and condition.hand_value(hf, slot):
                return position
        return -1

    def hand_entries(self, values: list[int]) -> list[Found]:
        """The items that apply whatever the reading (as :data:`Found` entries), once
        :meth:`fill_hand` has filled ``values``."""
        out: list[Found] = []
        self._entries(self.hand_items, values, out)
        return out

    def hand_part(self, hf: HandFacts, values: list[int]) -> list[Found]:
        """:meth:`fill_hand`, then :meth:`hand_entries` (the hand-level restrictions' outcome is not asked)."""
        self.fill_hand(hf, values)
        return self.hand_entries(values)

    def reading_context(self, hf: HandFacts, values: list[int]) -> tuple[Any, ...]:
        """Everything besides a reading's signature that its score depends on, once the
        hand-level slots of ``values`` are filled.

        Two readings with equal signatures (:func:`~nbmj.scoring.readings.candidates`) and
        equal contexts score the same, whichever hands they come from: the context holds the
        hand-level slots (every hand-level feature an item reads, so the hand-level items
        too), the seat and round winds, the melded sets and the win method. What a
        hand-level restriction refuses (:meth:`fill_hand`) is left to the caller.
        """
        return (tuple(values[:self.program.hand_size]), hf.seat_kind, hf.round_kind, hf.melded, hf.situation.win_by)

    def memo_of(self, hf: HandFacts, values: list[int]) -> dict[Any, Any]:
        """``memo_for(reading_context(hf, values))``, once :meth:`fill_hand` has filled
        ``values`` and before a reading fills its slots.

        Hands in a row mostly share one of a few contexts (hands with wilds: six in the
        bench's 3,000, by the wilds held and whether the winning tile is one), and a context
        is a nested tuple hashed and compared anew at every look-up: a hand whose context is
        one of the last few met (its slots all equal, the reading slots still zero in both)
        takes that memo without building it."""
        seat_kind = hf.seat_kind
        round_kind = hf.round_kind
        melded = hf.melded
        win_by = hf.situation.win_by
        for recent in self._recent:
            if (recent[0] == values and recent[1] == seat_kind and recent[2] == round_kind and recent[3] == melded
                    and recent[4] == win_by):
                return recent[5]
        memo = self.memo_for(self.reading_context(hf, values))
        if len(self._recent) >= _RECENT_CONTEXTS:
            self._recent.pop()
        self._recent.insert(0, (list(values), seat_kind, round_kind, melded, win_by, memo))
        return memo

    def memo_for(self, context: tuple[Any, ...]) -> dict[Any, Any]:
        """The scored readings (signature -> score) of a context; a bounded memo."""
        per_context = self.memo.get(context)
        if per_context is None:
            self._memo_size += 1
            if self._memo_size > _MEMO_CONTEXTS:
                self.forget()
                self._memo_size = 1
            per_context = self.memo[context] = {}
        return per_context

    def forget(self) -> None:
        """Forget every scored reading (the memo starts over, cold)."""
        self.memo.clear()
        self._memo_size = 0
        self._recent.clear()

    def found_entries(self, hf: HandFacts, rd: Reading, hand_part: list[Found], values: list[int]) -> tuple[Found, ...]:
        """Fill the reading-level slots of ``values`` for ``rd``; the items that apply to the
        reading before exclusions and groups, ``hand_part`` (:meth:`hand_entries`) first,
        in plan order: equal tuples score the same, whichever readings they come from."""
        self.program.fill_reading(hf, rd, values)
        out = list(hand_part)
        self._entries(self.reading_items, values, out)
        return tuple(out)

    def entries_of(self, found: tuple[Found, ...]) -> list[Entry]:
        """The scoring entries ``(order, item, count, value)`` of items found to apply
        (:meth:`found_entries`), less those another excludes or its group outscores; in no
        set order."""
        items = self.items
        entries = [(order, items[order], n, value) for order, n, value in found]
        if self.resolve:
            return _resolve_entries(entries)
        return entries

    def apply_entries(self, hf: HandFacts, rd: Reading, hand_part: list[Found], values: list[int]) -> list[Entry]:
        """:meth:`found_entries`, then :meth:`entries_of`."""
        return self.entries_of(self.found_entries(hf, rd, hand_part, values))

def to_applied(entries: list[Entry]) -> list[Applied]:
    """Entries as :class:`Applied`, in rule-set order."""
    return [Applied(it, n, v) for _o, it, n, v in sorted(entries, key=_order_of)]


def _order_of(entry: Entry) -> int:
    return entry[0]


def _by_value(entry: Entry) -> tuple[int, int]:
    return -entry[3], entry[0]


def _resolve_entries(cands: list[Entry]) -> list[Entry]:
    """Entries ``(order, item, count, value)`` less those another one ``excludes`` (items
    are kept from the highest value down, so of two that exclude each other the larger
    stays, and one kept early goes too if a later one of equal value excludes it) and all
    but the best of each ``group`` (the first listed on a tie); in no set order."""
    if not cands:
        return cands
    if any([e[1].excludes for e in cands]):
        kept: list[Entry] = []
        suppressed: set[str] = set()
        for e in sorted(cands, key=_by_value):
            if e[1].name in suppressed:
                continue
            kept.append(e)
            suppressed.update(e[1].excludes)
        cands = [e for e in kept if e[1].name not in suppressed]
    if any([e[1].group for e in cands]):
        best: dict[str, Entry] = {}
        for e in sorted(cands, key=_order_of):
            g = e[1].group
            if g is None:
                continue
            cur = best.get(g)
            if cur is None or e[3] > cur[3]:
                best[g] = e
        cands = [e for e in cands if e[1].group is None or best[e[1].group] is e]
    return cands


#: Plans by what they were made of (a rule set, or the items of :func:`apply_items`).
_PLANS = ByObject()

# Contexts whose scored readings a plan keeps before its memo starts over.
_MEMO_CONTEXTS = 4096
# Contexts a plan compares a hand's with before it builds the hand's (ItemPlan.memo_of).
_RECENT_CONTEXTS = 8


def plan_for(rules: RuleSet) -> ItemPlan:
    """The compiled items and win restrictions of a rule set (cached per rule-set object)."""
    plan: ItemPlan | None = _PLANS.get(rules)
    if plan is None:
        plan = _PLANS.put(rules, ItemPlan(rules.items, rules.win_restrictions))
    return plan


def apply_items(items: tuple[ScoringItem, ...], hf: HandFacts, rd: Reading) -> list[Applied]:
    """The items that score for this reading, in rule-set order."""
    plan: ItemPlan | None = _PLANS.get(items)
    if plan is None:
        plan = _PLANS.put(items, ItemPlan(items))
    values = plan.new_values()
    return to_applied(plan.apply_entries(hf, rd, plan.hand_part(hf, values), values))


def clear_memos() -> None:
    """Forget the scored readings of every compiled rule set (for cold-start timing)."""
    for plan in _PLANS.values():
        plan.forget()
