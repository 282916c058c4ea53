"""Every payment explained: a hand's settlement as a sum of named terms, each with its rule.

The scorer answers *how much*; this module answers *why*, from the same definitions. A win's
value is shown step by step (the 台 added up, the cap where it bites, the conversion to
points and the multipliers; or the 胡 with their base, the 番 and their multiplier, the
rounding, the cap, the silver), each step worked out by the scorer's own totals with one
setting relaxed at a time, so that nothing here computes a value a second way. What each
loser owes the winner is the settlement's own record (``settlement.owings_for``:
the baseline share, a 三摊 row and the link behind it, a seat released by a link, 包牌); the
losers' 胡头 payments are ``settlement.loser_payments``; kong and flower payments are
the table's.

A :class:`Term` is one transfer: ``payer`` pays ``payee`` ``amount`` under ``rule``. A
seat's change is the sum of the terms it receives less those it pays
(:meth:`Settlement.deltas`), so the explanation adds up by construction, and a term of
amount 0 says why a seat owes nothing. Every term and step carries its words in English
and Chinese (:meth:`Term.text`), for the terminal, the web table and the replay viewer to
show as they are (:meth:`Settlement.to_json`).

>>> from nbmj.rules import load_variant
>>> from nbmj.scoring import Situation
>>> sit = Situation.from_dict({"seat": "S", "concealed": "13s 66m 888m", "win_tile": "2s",
...     "win_by": "self_draw", "melds": [{"kind": "kan", "tiles": "9999m", "from": "E"},
...     {"kind": "pon", "tiles": "555m", "from": "W"}]})
>>> win = explain_win(sit, load_variant("ninghai"))
>>> for step in win.steps:
...     print(step.rule, step.text("en"))
NH-2.1 胡: base 30 + 2 + 4 + 16 + 2 + 2 = 56
NH-3.1 no 番: × 1
NH-4.2 56 × 1 = 56, rounded up to a multiple of 10 (超一进十): 60
>>> for term in win.terms:
...     print(term.payer, term.amount, term.rule, term.text("en"))
E 60 NH-4.8 self-draw: each player pays 1 × 60 = 60
W 60 NH-4.8 self-draw: each player pays 1 × 60 = 60
N 60 NH-4.8 self-draw: each player pays 1 × 60 = 60
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import UnknownSeatError
from ..narration import LANGUAGES, Language, action_zh, check_language, seat_name
from ..rules.model import SEATS, FuFanScoring, RuleSet, TaiScoring
from ..tiles import tile_code
from .items import Applied
from .result import ScoreResult
from .settlement import LoserPayment, Owing, loser_payments, owings_for
from .situation import Situation
from .totals import fan_multiplier, fu_fan_total, tai_total

__all__ = [
    "Step",
    "Term",
    "ItemLine",
    "WinExplanation",
    "Settlement",
    "explain_win",
    "explain_settlement",
    "loser_terms",
    "immediate_terms",
    "seat_name",
    "unit_text",
    "refusal_text",
]

# Rules that the rule set names no ID for: the rulebook's rule for each step of the value
# (the Ningbo 台 pipeline, NB-12/NB-13; the Ninghai 胡 × 番 pipeline, NH-2 to NH-4) and for
# the payments made as they happen (NB-14.14) and voided by a draw (NB-15.4).
RULES: dict[str, str] = {
    "tai": "NB-12.1",
    "tai_cap": "NB-13.3",
    "points": "NB-13.4",
    "multiplier": "NB-13.5",
    "points_cap": "NB-13.3",
    "fu": "NH-2.1",
    "fan": "NH-3.1",
    "fan_cap": "NH-3.9",
    "round": "NH-4.2",
    "cap": "NH-3.9",
    "fixed": "NH-4.5",
    "silver": "NH-4.7",
    "losers": "NH-5.1",
    "immediate": "NB-14.14",
    "void": "NB-15.4",
    # what a player who did not win is paid for holding all the flowers or all the wilds
    "all_flowers_held": "NB-14.18",
    "all_wilds_held": "NB-14.18",
}

# A cap that no hand reaches: the value before a cap is the scorer's value with this cap.
_NO_CAP = 1 << 62

_UNITS: dict[Language, dict[str, str]] = {
    "en": {"tai": "tai", "fu": "胡", "fan": "番"},
    "zh": {"tai": "台", "fu": "胡", "fan": "番"},
}


_WAITS_ZH = {"single": "单吊", "pair_pair": "对倒", "closed": "嵌张", "edge": "边张", "two_sided": "两面"}


def wait_name(wait: str, lang: Language) -> str:
    """How the winning tile completed a reading (NB-10.7 to NB-10.12) in ``lang``:
    ``'pair pair'``, ``'对倒'``; an empty wait (a hand without sets) stays empty."""
    return _WAITS_ZH.get(wait, wait) if lang == "zh" else wait.replace("_", " ")


def unit_text(value: int, unit: str, lang: Language) -> str:
    """An item's value with its unit in ``lang``: ``'2 tai'``, ``'2 台'``, ``'4 胡'``, ``'×2'``."""
    if unit == "x":
        return f"×{value}"
    return f"{value} {_UNITS[lang].get(unit, unit)}"


# ---------------------------------------------------------------- the model


@dataclass(frozen=True)
class Step:
    """One step of a win's value: ``kind`` (a key of ``RULES``), the value it reaches,
    its rule, and the numbers its sentence needs (``facts``)."""

    kind: str
    value: int
    rule: str
    facts: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: Language) -> str:
        """The step in words, in ``lang``."""
        return _STEP_TEXT[self.kind](self.facts, lang)

    def to_json(self) -> dict[str, Any]:
        """The step as JSON, its words in every language under ``text``."""
        return {"kind": self.kind, "value": self.value, "rule": self.rule,
                "text": {lang: self.text(lang) for lang in LANGUAGES}}


@dataclass(frozen=True)
class Term:
    """One transfer of a settlement: ``payer`` pays ``payee`` ``amount`` under ``rule``.

    ``kind`` says what the transfer is: ``share`` (a loser's baseline share of a win),
    ``liability`` (a 三摊 row in its place), ``released`` (nothing, because of a link
    elsewhere), ``bao`` and ``covered`` (包牌, NH-6.5), ``losers`` (胡头, NH-5),
    ``immediate`` (a kong or a flower) or ``void`` (a kong or flower payment a drawn hand
    cancels, amount 0). ``facts`` hold the numbers and seats its sentence names.
    """

    kind: str
    payer: str
    payee: str
    amount: int
    rule: str
    facts: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: Language) -> str:
        """The term in words, in ``lang`` (seats named as :func:`seat_name` names them)."""
        return _TERM_TEXT[self.kind](self.facts, lang)

    def to_json(self) -> dict[str, Any]:
        """The term as JSON, its words in every language under ``text``."""
        return {"kind": self.kind, "payer": self.payer, "payee": self.payee, "amount": self.amount, "rule": self.rule,
                "text": {lang: self.text(lang) for lang in LANGUAGES}}


@dataclass(frozen=True)
class ItemLine:
    """A scoring item that counts in the win (items worth nothing are left out)."""

    name: str
    label: str
    value: int
    unit: str
    count: int
    rule: str

    def text(self, lang: Language) -> str:
        """The value with its unit in ``lang`` (``'2 台'``)."""
        return unit_text(self.value, self.unit, lang)

    def to_json(self) -> dict[str, Any]:
        """The item as JSON (as ``Applied.to_dict`` of :class:`nbmj.scoring.items.Applied`, with ``text`` per language)."""
        return {"name": self.name, "label": self.label, "value": self.value, "unit": self.unit, "count": self.count,
                "rule": self.rule, "text": {lang: self.text(lang) for lang in LANGUAGES}}


@dataclass(frozen=True)
class WinExplanation:
    """One win explained: who won, how, on which tile (``tile`` in notation), the items
    that count, the ``steps`` from them to the points ``points`` (S), and the ``terms`` by
    which the losers pay it. ``valid`` false (with ``reason``) for a win the rules refuse:
    it pays nothing and has no terms."""

    seat: str
    win_by: str
    tile: str
    discarder: str | None
    points: int
    items: tuple[ItemLine, ...]
    steps: tuple[Step, ...]
    terms: tuple[Term, ...]
    decomposition: str
    wait: str
    valid: bool = True
    reason: str | None = None
    reason_rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The win as JSON."""
        return {
            "seat": self.seat, "win_by": self.win_by, "tile": self.tile, "from": self.discarder, "points": self.points,
            "valid": self.valid, "reason": self.reason, "reason_rule": self.reason_rule,
            "decomposition": self.decomposition, "wait": self.wait,
            "items": [i.to_json() for i in self.items], "steps": [s.to_json() for s in self.steps],
            "terms": [t.to_json() for t in self.terms],
        }


@dataclass(frozen=True)
class Settlement:
    """A hand's settlement explained: its wins (each with its own terms) and the hand's
    other terms (胡头, kongs and flowers). Every seat's change is the sum of its terms."""

    outcome: str
    wins: tuple[WinExplanation, ...]
    others: tuple[Term, ...] = ()

    @property
    def terms(self) -> tuple[Term, ...]:
        """Every term: each win's, then the hand's others."""
        return tuple(t for w in self.wins for t in w.terms) + self.others

    def deltas(self) -> dict[str, int]:
        """Each seat's change: what it receives less what it pays, over every term."""
        out = {s: 0 for s in SEATS}
        for t in self.terms:
            out[t.payee] += t.amount
            out[t.payer] -= t.amount
        return out

    def seat_terms(self, seat: str) -> tuple[tuple[Term, int], ...]:
        """The terms ``seat`` takes part in, each with what it means to the seat (positive:
        received); a term of amount 0 belongs to its payer only."""
        out = []
        for t in self.terms:
            if t.payee == seat and t.amount:
                out.append((t, t.amount))
            elif t.payer == seat:
                out.append((t, -t.amount))
        return tuple(out)

    def seat_lines(self, seat: str, lang: Language) -> list[tuple[int, str, str]]:
        """``seat``'s terms as ``(change, words, rule)``, the words naming the other seat
        (``'from North: …'``, ``'to West: …'``). A seat other than ``E S W N`` or a language
        other than ``en`` and ``zh`` raises an :class:`~nbmj.errors.NbmjError` that is a
        ValueError."""
        if seat not in SEATS:
            raise UnknownSeatError(f"unknown seat {seat!r}; the seats are {', '.join(SEATS)}")
        lang = check_language(lang)
        lines = []
        for t, change in self.seat_terms(seat):
            text = t.text(lang)
            if change > 0:
                text = _FROM[lang].format(seat=seat_name(t.payer, lang)) + text
            elif change < 0:
                text = _TO[lang].format(seat=seat_name(t.payee, lang)) + text
            lines.append((change, text, t.rule))
        return lines

    def to_json(self) -> dict[str, Any]:
        """The whole settlement as JSON: the wins, the other terms, the deltas and, for each
        seat, its lines (``change``, ``rule`` and ``text`` per language) in order."""
        seats: dict[str, list[dict[str, Any]]] = {}
        for seat in SEATS:
            by_lang = {lang: self.seat_lines(seat, lang) for lang in LANGUAGES}
            seats[seat] = [
                {"change": by_lang["en"][i][0], "rule": by_lang["en"][i][2],
                 "text": {lang: by_lang[lang][i][1] for lang in LANGUAGES}}
                for i in range(len(by_lang["en"]))
            ]
        return {
            "outcome": self.outcome,
            "wins": [w.to_json() for w in self.wins],
            "terms": [t.to_json() for t in self.others],
            "deltas": self.deltas(),
            "seats": seats,
        }


_FROM: dict[Language, str] = {"en": "from {seat}: ", "zh": "收{seat}："}
_TO: dict[Language, str] = {"en": "to {seat}: ", "zh": "付{seat}："}


# ---------------------------------------------------------------- building it


def explain_win(sit: Situation, rules: RuleSet, result: ScoreResult | None = None, *,
                seat_of: Callable[[str], str] | None = None) -> WinExplanation:
    """``sit``'s win under ``rules`` explained (``result``: its score, when the caller has
    it). ``seat_of`` names the table's seat of each of the scorer's seat winds (the
    engine's positions; the winds themselves by default)."""
    from . import score

    if result is None:
        result = score(sit, rules)
    at = seat_of or (lambda s: s)
    items = tuple(
        ItemLine(a.item.name, a.item.label, a.value, a.item.unit, a.count, a.item.rule)
        for a in result.items if a.value
    )
    steps = _value_steps(rules, result)
    terms: tuple[Term, ...] = ()
    if result.valid:
        owings, _rules = owings_for(sit, rules, result.points)
        terms = tuple(_owing_term(o, at(sit.seat), result.points, at) for o in owings)
    return WinExplanation(
        seat=at(sit.seat), win_by=sit.win_by, tile=tile_code(sit.win_tile),
        discarder=None if sit.discarder is None else at(sit.discarder), points=result.points if result.valid else 0,
        items=items, steps=steps, terms=terms, decomposition=result.decomposition, wait=result.wait,
        valid=result.valid, reason=result.reason, reason_rule=result.reason_rule,
    )


def explain_settlement(outcome: str, wins: Iterable[WinExplanation], others: Iterable[Term] = ()) -> Settlement:
    """A hand's settlement from its explained wins and its other terms."""
    return Settlement(outcome, tuple(wins), tuple(others))


def loser_terms(loser_fu: Mapping[str, int], rules: RuleSet, *, seat_of: Callable[[str], str] | None = None) -> tuple[Term, ...]:
    """The losers' settlement (胡头, NH-5) of losers holding ``loser_fu`` 胡 (by seat wind)
    as terms; none when the variant has none."""
    at = seat_of or (lambda s: s)
    return tuple(_loser_term(p, at) for p in loser_payments(dict(loser_fu), rules))


def immediate_terms(payments: Iterable[tuple[str, str, int]], *, void: bool = False) -> tuple[Term, ...]:
    """The payments made as the hand went (``(seat, why, amount)``: each other seat paid
    ``seat`` ``amount`` for ``why``, a kong or a flower) as terms; with ``void`` (a drawn
    hand that cancels them, NB-15.4) each becomes a term of amount 0 that says so."""
    out = []
    for seat, why, amount in payments:
        for payer in SEATS:
            if payer == seat:
                continue
            facts = {"why": why, "amount": amount, "payer": payer, "payee": seat}
            if void:
                out.append(Term("void", payer, seat, 0, RULES["void"], facts))
            else:
                out.append(Term("immediate", payer, seat, amount, RULES.get(why, RULES["immediate"]), facts))
    return tuple(out)


def _owing_term(o: Owing, winner: str, points: int, at: Callable[[str], str]) -> Term:
    facts: dict[str, Any] = {
        "payer": at(o.payer), "winner": winner, "situation": o.situation, "multiplier": o.multiplier,
        "roles": o.roles, "points": points, "amount": o.amount, "replaced": o.replaced,
    }
    kind = {"payment": "share"}.get(o.basis, o.basis)
    if o.partner is not None:
        facts["partner"] = at(o.partner)
    if o.link is not None:
        facts.update(fed_winner=o.link.fed_winner, winner_fed=o.link.winner_fed, mutual=o.link.mutual)
    if o.covers:
        facts["covers"] = tuple((at(s), n) for s, n in o.covers)
    return Term(kind, at(o.payer), winner, o.amount, o.rule or "", facts)


def _loser_term(p: LoserPayment, at: Callable[[str], str]) -> Term:
    facts = {"payer": at(p.payer), "payee": at(p.payee), "payer_fu": p.payer_fu, "payee_fu": p.payee_fu,
             "relation": p.relation, "step": p.step, "rate": p.rate, "steps": p.steps, "mode": p.mode, "amount": p.amount}
    return Term("losers", at(p.payer), at(p.payee), p.amount, RULES["losers"], facts)


def _value_steps(rules: RuleSet, result: ScoreResult) -> tuple[Step, ...]:
    """The steps from the items to the points, each value the scorer's own (its totals over
    the win's items, a cap or a rounding left out where the step shows what it does)."""
    applied = list(result.items)
    scoring = rules.scoring
    if isinstance(scoring, TaiScoring):
        return _tai_steps(scoring, applied, result)
    return _fu_fan_steps(scoring, applied, result)


def _tai_steps(scoring: TaiScoring, applied: list[Applied], result: ScoreResult) -> tuple[Step, ...]:
    steps = []
    uncapped = dataclasses.replace(scoring, cap=None, points_cap=None)
    tai_items = [a for a in applied if a.item.unit == "tai"]
    raw = tai_total(uncapped, tai_items).tai or 0
    steps.append(Step("tai", raw, RULES["tai"], {"parts": tuple(a.value for a in tai_items if a.value), "total": raw}))
    tai = result.tai if result.tai is not None else raw
    if tai != raw:
        steps.append(Step("tai_cap", tai, RULES["tai_cap"], {"raw": raw, "cap": tai}))
    no_points_cap = dataclasses.replace(scoring, points_cap=None)
    plain = tai_total(no_points_cap, tai_items).points
    steps.append(Step("points", plain, RULES["points"], {
        "tai": tai, "conversion": scoring.conversion, "base": scoring.base_points, "per": scoring.points_per_tai,
        "points": plain}))
    multipliers = [a for a in applied if a.item.unit == "x" and a.value != 1]
    multiplied = tai_total(no_points_cap, applied).points
    if multipliers:
        steps.append(Step("multiplier", multiplied, RULES["multiplier"], {
            "before": plain, "after": multiplied, "factors": tuple((a.value, a.item.label or a.item.name) for a in multipliers)}))
    if result.points != multiplied:
        steps.append(Step("points_cap", result.points, RULES["points_cap"], {"raw": multiplied, "cap": result.points}))
    return tuple(steps)


def _fu_fan_steps(scoring: FuFanScoring, applied: list[Applied], result: ScoreResult) -> tuple[Step, ...]:
    steps = []
    fu = result.fu if result.fu is not None else scoring.base
    fan_raw = result.fan_raw or 0
    fan = result.fan or 0
    hu = result.hu if result.hu is not None else result.points
    fixed = scoring.fixed_by_fan is not None
    if not fixed:
        parts = tuple(a.value for a in applied if a.item.unit == "fu" and a.value)
        steps.append(Step("fu", fu, RULES["fu"], {"base": scoring.base, "parts": parts, "total": fu}))
    fan_parts = tuple(a.value for a in applied if a.item.unit == "fan" and a.value)
    if fixed:
        value = fu_fan_total(dataclasses.replace(scoring, cap=_NO_CAP), applied).hu or 0
        steps.append(Step("fixed", value, RULES["fixed"], {"parts": fan_parts, "fan": fan, "value": value}))
        if hu != value:  # a cap below the table's value (NH-3.9)
            steps.append(Step("cap", hu, RULES["cap"], {"raw": value, "cap": hu}))
    elif fan_raw >= scoring.fan_cap:
        steps.append(Step("fan_cap", hu, RULES["fan_cap"], {"parts": fan_parts, "fan": fan_raw, "fan_cap": scoring.fan_cap, "cap": hu}))
    else:
        mult = fan_multiplier(fan, scoring.fan_multiplier)
        steps.append(Step("fan", mult, RULES["fan"], {"parts": fan_parts, "fan": fan, "multiplier": mult, "mode": scoring.fan_multiplier}))
        no_cap = dataclasses.replace(scoring, cap=_NO_CAP)
        rounded = fu_fan_total(no_cap, applied).hu or 0
        if scoring.round_stage == "after_multiply":
            product = fu_fan_total(dataclasses.replace(no_cap, round_to=1), applied).hu or 0
            steps.append(Step("round", rounded, RULES["round"], {
                "stage": "after_multiply", "fu": fu, "multiplier": mult, "product": product, "round_to": scoring.round_to,
                "rounded": rounded}))
        else:
            fu_items = [a for a in applied if a.item.unit == "fu"]
            fu_rounded = fu_fan_total(no_cap, fu_items).hu or 0  # no 番: the rounded 胡 alone
            steps.append(Step("round", rounded, RULES["round"], {
                "stage": "before_multiply", "fu": fu, "fu_rounded": fu_rounded, "multiplier": mult,
                "round_to": scoring.round_to, "rounded": rounded}))
        if hu != rounded:
            steps.append(Step("cap", hu, RULES["cap"], {"raw": rounded, "cap": hu}))
    if result.points != hu:
        steps.append(Step("silver", result.points, RULES["silver"], {"hu": hu, "silver": result.points}))
    return tuple(steps)


# ---------------------------------------------------------------- words


def _sum(parts: Sequence[int]) -> str:
    return " + ".join(str(p) for p in parts)


def _zh(lang: Language, en: str, zh: str) -> str:
    return zh if lang == "zh" else en


def _step_tai(f: Mapping[str, Any], lang: Language) -> str:
    parts = f["parts"]
    total = unit_text(f["total"], "tai", lang)
    if not parts:
        return _zh(lang, f"no tai: {total}", f"没有台：{total}")
    shown = f"{_sum(parts)} = {total}" if len(parts) > 1 else total
    return _zh(lang, f"tai added up: {shown}", f"台数相加：{shown}")


def _step_tai_cap(f: Mapping[str, Any], lang: Language) -> str:
    return _zh(lang, f"capped at {f['cap']} tai (the items make {f['raw']})", f"封顶 {f['cap']} 台（牌型合计 {f['raw']} 台）")


def _step_points(f: Mapping[str, Any], lang: Language) -> str:
    tai, base, per, points = f["tai"], f["base"], f["per"], f["points"]
    if f["conversion"] == "doubling":
        formula = f"{base} × 2^{tai} = {points}"
    elif base == 0 and per == 1:
        return _zh(lang, f"points: S = tai = {points}", f"分数：S = 台数 = {points}")
    elif base == 0:
        formula = f"{per} × {tai} = {points}"
    else:
        formula = f"{base} + {per} × {tai} = {points}"
    return _zh(lang, f"points S = {formula}", f"分数 S = {formula}")


def _step_multiplier(f: Mapping[str, Any], lang: Language) -> str:
    factors = " ".join(f"× {v} ({label})" for v, label in f["factors"])
    return _zh(lang, f"{f['before']} {factors} = {f['after']}", f"{f['before']} {factors} = {f['after']}")


def _step_points_cap(f: Mapping[str, Any], lang: Language) -> str:
    return _zh(lang, f"capped at {f['cap']} points (the hand makes {f['raw']})", f"封顶 {f['cap']} 分（本手 {f['raw']} 分）")


def _step_fu(f: Mapping[str, Any], lang: Language) -> str:
    shown = " + ".join([str(f["base"]), *map(str, f["parts"])])
    if f["parts"]:
        shown += f" = {f['total']}"
    return _zh(lang, f"胡: base {shown}", f"胡数：底 {shown} 胡")


def _fan_parts(f: Mapping[str, Any]) -> str:
    parts = f["parts"]
    return f"{_sum(parts)} = {f['fan']}" if len(parts) > 1 else str(f["fan"])


def _step_fan(f: Mapping[str, Any], lang: Language) -> str:
    if not f["fan"]:
        return _zh(lang, f"no 番: × {f['multiplier']}", f"无番：乘 {f['multiplier']}")
    how = _zh(lang, "doubling for each 番" if f["mode"] == "power_of_two" else "番 + 1",
              "每番翻一倍" if f["mode"] == "power_of_two" else "番数加一")
    return _zh(lang, f"番: {_fan_parts(f)}, so × {f['multiplier']} ({how})", f"番数：{_fan_parts(f)} 番，乘 {f['multiplier']}（{how}）")


def _step_fan_cap(f: Mapping[str, Any], lang: Language) -> str:
    return _zh(lang, f"{_fan_parts(f)} 番, at the cap of {f['fan_cap']} 番 (拉子牌): the hand is worth the cap, {f['cap']}",
               f"{_fan_parts(f)} 番，{f['fan_cap']} 番到顶（拉子牌）：按封顶计 {f['cap']}")


def _rounding(f: Mapping[str, Any], lang: Language) -> str:
    if f["round_to"] == 10:
        return _zh(lang, "rounded up to a multiple of 10 (超一进十)", "超一进十")
    return _zh(lang, f"rounded up to a multiple of {f['round_to']}", f"进到 {f['round_to']} 的倍数")


def _step_round(f: Mapping[str, Any], lang: Language) -> str:
    how = _rounding(f, lang)
    if f["stage"] == "after_multiply":
        if f["product"] == f["rounded"]:
            return f"{f['fu']} × {f['multiplier']} = {f['product']}"
        return _zh(lang, f"{f['fu']} × {f['multiplier']} = {f['product']}, {how}: {f['rounded']}",
                   f"{f['fu']} × {f['multiplier']} = {f['product']}，{how}：{f['rounded']}")
    return _zh(lang, f"{f['fu']} {how}: {f['fu_rounded']}; × {f['multiplier']} = {f['rounded']}",
               f"{f['fu']} {how}：{f['fu_rounded']}；乘 {f['multiplier']} = {f['rounded']}")


def _step_cap(f: Mapping[str, Any], lang: Language) -> str:
    return _zh(lang, f"capped at {f['cap']} (the hand makes {f['raw']})", f"封顶 {f['cap']}（本手 {f['raw']}）")


def _step_fixed(f: Mapping[str, Any], lang: Language) -> str:
    return _zh(lang, f"{_fan_parts(f)} 番 is worth a fixed {f['value']}", f"{_fan_parts(f)} 番：定额 {f['value']}")


def _step_silver(f: Mapping[str, Any], lang: Language) -> str:
    return _zh(lang, f"{f['hu']} 胡 are paid as {f['silver']} 银 (by half hundreds)", f"{f['hu']} 胡折 {f['silver']} 银（按半百计）")


# The reasons a complete hand is refused (the scorer's and the engine's sentences, see
# nbmj.engine.explain.withheld_win), in Chinese: a person reading Chinese (the web table, the
# terminal, the documentation's worked examples) is owed them too.
_WIN_BY_ZH = {"discard": "胡别人打出的牌", "rob kong": "抢杠胡", "self draw": "自摸胡",
              "kong replacement": "胡杠后补上来的牌", "flower replacement": "胡补花补上来的牌"}
_WITHHELD_ZH: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"(\d+) tai counting toward the minimum; (\d+) are needed to win"), r"计入起胡的只有 \1 台，要 \2 台才能胡"),
    (re.compile(r"a hand value of (\d+) tai × (\d+); (\d+) is needed to win"), r"牌值是 \1 台 × \2，要 \3 才能胡"),
    (re.compile(r" \(or (.+?); the multipliers make ×(\d+)\)"),
     lambda m: "（或者 " + re.sub(r"(\d+) tai with ×(\d+)", r"\1 台且 ×\2", m[1]).replace(" or ", "，或者 ") + f"；倍数合计 ×{m[2]}）"),
    (re.compile(r"a discard win passed earlier bars discard wins until you draw or claim"),
     "放过了一次点炮胡，在你摸牌或吃碰杠之前不能再胡别人打出的牌"),
    (re.compile(r"a discarded wild may not be claimed, not even to win"), "打出的百搭不能吃碰杠，胡也不行"),
    (re.compile(r"a discarded wild is dead: no one may win on it"), "打出的百搭是死牌，谁也不能胡它"),
    (re.compile(r"this variant allows no win on a discard"), "本玩法不许胡别人打出的牌"),
    (re.compile(r"this variant allows no robbing of a kong"), "本玩法不许抢杠胡"),
    (re.compile(r"a hand with (.+) may not win by (discard|rob kong|self draw|kong replacement|flower replacement)"), lambda m: f"{m[1]} 的牌不能{_WIN_BY_ZH[m[2]]}"),
    (re.compile(r"the rules refuse this win"), "规则不许这样胡"),
    (re.compile(r" \(([A-Z]+-[\d.]+(?:, [A-Z]+-[\d.]+)*)\)$"), lambda m: "（" + m[1].replace(", ", "、") + "）"),
)


def withheld_in_chinese(reason: str) -> str:
    """The reason a complete hand is offered no win (:meth:`~nbmj.engine.Game.withheld_win`'s
    ``reason``) in Chinese; a part no pattern knows stays as it is."""
    for pattern, chinese in _WITHHELD_ZH:
        reason = pattern.sub(chinese, reason)
    return reason


# The reasons a move is not on offer (nbmj.engine.explain.refusal, Game.why_not), in
# Chinese, for a person who plays in Chinese (nbmj play --lang zh); a refused win's own
# reason is then put in Chinese by _WITHHELD_ZH.
_SUITS_ZH = {"characters (万)": "万", "dots (筒)": "筒", "bamboo (索)": "索", "honours (字)": "字牌", "flowers (花)": "花牌"}


def _move_zh(kind: str) -> str:
    """A move named on its own, with no tile after it: "打牌", not the "打出" of "打出 5m"."""
    return "打牌" if kind == "discard" else action_zh(kind)


def _kinds_zh(kinds: str) -> str:
    return "、".join(_move_zh(k) for k in kinds.split(", "))


_REFUSED_ZH: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"^that move is written for (\w+); you play (\w+)"),
     lambda m: f"这一步写的是{seat_name(m[1], 'zh')}的；你坐{seat_name(m[2], 'zh')}"),
    (re.compile(r"^it is not (\w+)'s move now"), lambda m: f"现在不是{seat_name(m[1], 'zh')}行动"),
    (re.compile(r"^no win: "), "不能胡："),
    (re.compile(r"^the hand is not complete$"), "这手牌还没有成胡"),
    (re.compile(r"^no win is possible now$"), "现在不能胡"),
    (re.compile(r"^a (\w+) is made on your own turn; now you may (.+)$"),
     lambda m: f"{_move_zh(m[1])}要在自己的轮次做；现在可以：{_kinds_zh(m[2])}"),
    (re.compile(r"^(\w+) answers another player's discard; now you may (.+)$"),
     lambda m: f"{_move_zh(m[1])}是对别人打出的牌的回应；现在可以：{_kinds_zh(m[2])}"),
    (re.compile(r"^not a legal move now; you may (.+)$"), lambda m: f"现在不能这样做；现在可以：{_kinds_zh(m[1])}"),
    (re.compile(r"^(\w) holds no (\w+)$"), lambda m: f"{seat_name(m[1], 'zh')}手里没有 {m[2]}"),
    (re.compile(r"^no kong now: its replacement tile would come from the tiles the wall keeps"),
     "现在不能开杠：补牌会落进牌墙留着不摸的牌里"),
    (re.compile(r"^no (\w+) in the first go-around"), lambda m: f"第一巡不能{_move_zh(m[1])}"),
    (re.compile(r"^no kong may hold a wild"), "杠里不能有百搭"),
    (re.compile(r"^after a chi you may not discard (\w+) at once: 吃张打张"), r"吃牌后不能马上打出 \1：吃张打张"),
    (re.compile(r"^this turn only (.+) may be discarded"),
     lambda m: "这一轮只能打" + "或".join(_SUITS_ZH.get(x, x) for x in m[1].split(" or "))),
    (re.compile(r"^(\w+) is a flower: it is laid aside with a flower kong, not discarded"),
     r"\1 是花牌：要杠花放在一边，不能打出"),
    (re.compile(r"^(\w+) may not be discarded now$"), r"现在不能打 \1"),
    (re.compile(r"^the discard to claim is (\w+), not (\w+)$"), r"能要的是 \1，不是 \2"),
    (re.compile(r"^only a win may claim the last discard"), "最后打出的牌只能要来胡"),
    (re.compile(r"^a discarded wild may not be claimed"), "打出的百搭不能要"),
    (re.compile(r"^you passed a pong of (\w+) and have not acted since"), r"你放过了 \1 的碰，之后还没有行动过"),
    (re.compile(r"^this variant has no chi$"), "本玩法不能吃"),
    (re.compile(r"^a chi takes only the discard of the player before you \((\w+) is not\)$"),
     lambda m: f"只能吃上家打出的牌（{seat_name(m[1], 'zh')}不是你的上家）"),
    (re.compile(r"^that chi would leave no tile you may discard: 吃张打张 bars (.+)$"), r"这样吃了就没有能打的牌：吃张打张禁打 \1"),
    (re.compile(r"^a (\w+) of (\w+) needs (\d+) of them in your hand$"),
     lambda m: f"{_move_zh(m[1])} {m[2]} 要手里有 {m[3]} 张"),
    (re.compile(r"^that (\w+) is not offered$"), lambda m: f"现在不能{_move_zh(m[1])}"),
)


def refusal_text(reason: str, lang: Language) -> str:
    """The reason a complete hand is offered no win, or a move is not on offer
    (:meth:`~nbmj.engine.game.Game.why_not`), in ``lang``."""
    if lang != "zh":
        return reason
    for pattern, chinese in _REFUSED_ZH:
        reason = pattern.sub(chinese, reason, count=1)
    return withheld_in_chinese(reason)


_STEP_TEXT: dict[str, Callable[[Mapping[str, Any], Language], str]] = {
    "tai": _step_tai, "tai_cap": _step_tai_cap, "points": _step_points, "multiplier": _step_multiplier,
    "points_cap": _step_points_cap, "fu": _step_fu, "fan": _step_fan, "fan_cap": _step_fan_cap, "round": _step_round,
    "cap": _step_cap, "fixed": _step_fixed, "silver": _step_silver,
}

_SITUATIONS: dict[Language, dict[str, str]] = {
    "en": {"discard": "win on a discard", "self_draw": "self-draw", "rob_kong": "robbing a kong",
           "kong_bloom_on_discard_kong": "杠头开花 on a kong of a discard",
           "kong_bloom_on_added_kong": "杠上开花 on a kong added to a claimed pung", "discard_by_partner": "the partner discards",
           "discard_by_other": "another player discards", "kong_bloom_on_partner_kong": "杠头开花 on the partner's kong"},
    "zh": {"discard": "点炮", "self_draw": "自摸", "rob_kong": "抢杠", "kong_bloom_on_discard_kong": "杠头开花", "kong_bloom_on_added_kong": "补杠后杠上开花",
           "discard_by_partner": "包家放炮", "discard_by_other": "他家放炮", "kong_bloom_on_partner_kong": "包家放杠后杠头开花"},
}
_ROLES: dict[Language, dict[str, str]] = {
    "en": {"discarder": "the discarder", "each_other": "each player", "robbed": "the robbed player",
           "kong_discarder": "the kong's discarder", "partner": "the partner"},
    "zh": {"discarder": "放炮者", "each_other": "每家", "robbed": "被抢杠者", "kong_discarder": "放杠者", "partner": "包家"},
}


def _situation(f: Mapping[str, Any], lang: Language) -> str:
    return _SITUATIONS[lang].get(f["situation"], str(f["situation"]).replace("_", " "))


def _roles(f: Mapping[str, Any], lang: Language) -> str:
    names = [_ROLES[lang].get(r, r) for r in f["roles"]]
    return (" + " if lang == "en" else "兼").join(names)


def _times(f: Mapping[str, Any], key: str = "multiplier") -> str:
    return f"{f[key]} × {f['points']}"


def _term_share(f: Mapping[str, Any], lang: Language) -> str:
    if not f["multiplier"]:
        return _zh(lang, f"{_situation(f, lang)}: no share falls on {seat_name(f['payer'], lang)}",
                   f"{_situation(f, lang)}：{seat_name(f['payer'], lang)}不用付")
    return _zh(lang, f"{_situation(f, lang)}: {_roles(f, lang)} pays {_times(f)} = {f['amount']}",
               f"{_situation(f, lang)}：{_roles(f, lang)}付 {_times(f)} = {f['amount']}")


def _melds(n: int, lang: Language) -> str:
    return _zh(lang, f"{n} meld" + ("" if n == 1 else "s"), f"{n} 副")


def _link(f: Mapping[str, Any], lang: Language) -> str:
    partner, winner = seat_name(f["partner"], lang), seat_name(f["winner"], lang)
    parts = []
    if f["fed_winner"]:
        parts.append(_zh(lang, f"{partner} fed {winner} {_melds(f['fed_winner'], lang)}",
                         f"{partner}喂{winner} {_melds(f['fed_winner'], lang)}"))
    if f["winner_fed"]:
        parts.append(_zh(lang, f"{winner} fed {partner} {_melds(f['winner_fed'], lang)}",
                         f"{winner}喂{partner} {_melds(f['winner_fed'], lang)}"))
    joined = _zh(lang, " and ", "，").join(parts)
    if f["mutual"]:
        joined += _zh(lang, " (both ways)", "（互相）")
    return joined


def _term_liability(f: Mapping[str, Any], lang: Language) -> str:
    instead = ""
    if not f["replaced"]:
        instead = _zh(lang, ", where without the link nothing fell on them", "（无三摊时不用付）")
    elif f["replaced"] != f["multiplier"]:
        instead = _zh(lang, f" in place of {_times(f, 'replaced')}", f"（原为 {_times(f, 'replaced')}）")
    return _zh(lang, f"三摊, {_link(f, lang)}; {_situation(f, lang)}: {_roles(f, lang)} pays {_times(f)} = {f['amount']}{instead}",
               f"三摊，{_link(f, lang)}；{_situation(f, lang)}：{_roles(f, lang)}付 {_times(f)} = {f['amount']}{instead}")


def _term_released(f: Mapping[str, Any], lang: Language) -> str:
    return _zh(lang, f"三摊, {_link(f, lang)}: only the linked pay, so nothing from {seat_name(f['payer'], lang)}"
                     f" in place of {_times(f, 'replaced')}",
               f"三摊，{_link(f, lang)}：只由包家付，{seat_name(f['payer'], lang)}不用付（原为 {_times(f, 'replaced')}）")


def _term_bao(f: Mapping[str, Any], lang: Language) -> str:
    shares = _sum([n for _s, n in f["covers"]])
    return _zh(lang, f"包牌: {seat_name(f['payer'], lang)} pays the whole table's shares, {shares} = {f['amount']}",
               f"包牌：{seat_name(f['payer'], lang)}包赔全桌，{shares} = {f['amount']}")


def _term_covered(f: Mapping[str, Any], lang: Language) -> str:
    owed = f["covers"][0][1]
    return _zh(lang, f"包牌: {seat_name(f['partner'], lang)} pays {seat_name(f['payer'], lang)}'s share of {owed}",
               f"包牌：{seat_name(f['payer'], lang)}的 {owed} 由{seat_name(f['partner'], lang)}代付")


def _term_losers(f: Mapping[str, Any], lang: Language) -> str:
    payer, payee = seat_name(f["payer"], lang), seat_name(f["payee"], lang)
    side = _zh(lang, "neighbours (边家)" if f["relation"] == "adjacent" else "across the table (头家)",
               "边家" if f["relation"] == "adjacent" else "头家")
    diff = f["payee_fu"] - f["payer_fu"]
    if f["mode"] == "per_step":
        rate = _zh(lang, f"{f['rate']} 银 for every {f['step']} 胡: {f['steps']} × {f['rate']} = {f['amount']}",
                   f"每差 {f['step']} 胡付 {f['rate']} 银：{f['steps']} × {f['rate']} = {f['amount']}")
    else:
        rate = _zh(lang, f"{f['step']} 胡 or more: {f['amount']}", f"差 {f['step']} 胡以上付 {f['amount']}")
    return _zh(lang, f"胡头, {side}: {payee} holds {f['payee_fu']} 胡, {payer} {f['payer_fu']}, {diff} apart; {rate}",
               f"胡头（{side}）：{payee} {f['payee_fu']} 胡，{payer} {f['payer_fu']} 胡，相差 {diff}；{rate}")


_WHY: dict[Language, dict[str, str]] = {
    "en": {"exposed_kong": "an exposed kong", "concealed_kong": "a concealed kong", "added_kong": "an added kong",
           "flower": "a flower", "all_flowers_held": "all eight flowers held without winning",
           "all_wilds_held": "every wild held without winning"},
    "zh": {"exposed_kong": "明杠", "concealed_kong": "暗杠", "added_kong": "补杠", "flower": "花",
           "all_flowers_held": "未胡而集齐八花", "all_wilds_held": "未胡而集齐全部百搭"},
}


def immediate_reason(why: str, lang: Language) -> str:
    """What an immediate payment is for (a ``pay`` event's ``why``: ``concealed_kong``,
    ``flower``, ``all_flowers_held`` ...) in ``lang``."""
    return _WHY[lang].get(why, why.replace("_", " "))


def _why(f: Mapping[str, Any], lang: Language) -> str:
    return immediate_reason(str(f["why"]), lang)


def _term_immediate(f: Mapping[str, Any], lang: Language) -> str:
    return _zh(lang, f"{_why(f, lang)} of {seat_name(f['payee'], lang)}: {f['amount']} from each player",
               f"{seat_name(f['payee'], lang)}{_why(f, lang)}：每家付 {f['amount']}")


def _term_void(f: Mapping[str, Any], lang: Language) -> str:
    return _zh(lang, f"{_why(f, lang)} of {seat_name(f['payee'], lang)}: the {f['amount']} is void, the hand is drawn",
               f"{seat_name(f['payee'], lang)}{_why(f, lang)}的 {f['amount']} 作废：荒庄")


_TERM_TEXT: dict[str, Callable[[Mapping[str, Any], Language], str]] = {
    "share": _term_share, "liability": _term_liability, "released": _term_released, "bao": _term_bao,
    "covered": _term_covered, "losers": _term_losers, "immediate": _term_immediate, "void": _term_void,
}
