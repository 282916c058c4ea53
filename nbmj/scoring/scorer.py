"""The scorer: :func:`score` reads every reading of a win and keeps the best; :func:`hand_fu`
counts a losing hand's 胡. :mod:`nbmj.scoring` exports them (see there).

A win's stages, one module each: the facts every reading shares (:mod:`.facts`), the
readings (:mod:`.readings`, :mod:`.shapes`), the features (:mod:`.features`) and the items
over them (:mod:`.items`, compiled into one program per rule set by :mod:`.expressions`),
the totals (:mod:`.totals`) and the payments (:mod:`.settlement`).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..errors import SituationError
from ..rules.model import FuFanScoring, RuleSet, ScoringItem, TaiScoring
from ..tiles import N_KINDS, to_notation
from ._by_object import ByObject
from .facts import HandFacts, SetGroup, facts, fill_level, flower_counts, melded_group, new_hand_facts
from .features import features_in
from .items import Applied, Found, ItemPlan, apply_items, plan_for, to_applied
from .readings import Reading, build_reading, candidate_notation, candidates
from .result import ScoreResult
from .settlement import payments_of
from .shapes import build_shape_reading, is_shape_candidate, shape_candidates, shape_notation
from .situation import Meld, Situation, check_situation, given_rule_set, given_situation, hand_size
from .totals import Total, ceil_to, fu_fan_from_entries, meets_minimum, tai_from_entries

__all__ = ["score", "hand_fu", "clear_caches"]

# Rule IDs for checks that the rule set does not carry an ID for.
_DEFAULT_RULES = {
    "minimum": "NB-13.1",
    "win_on_discard": "NB-7.9",
    "rob_kong": "NB-11.5",
    "claim_discarded_wild": "NB-4.12",
}


def clear_caches() -> None:
    """Forget every split, scored reading and payment worked out so far, so that the next
    :func:`score` starts cold (for timing); lookup tables that depend on no hand stay."""
    from . import _decomp
    from .items import clear_memos
    from .settlement import clear_payment_cache

    _decomp.clear_caches()
    clear_memos()
    for settings in _SETTINGS.values():
        settings.outcomes.clear()
    clear_payment_cache()


def _rule_id(rules: RuleSet, key: str) -> str:
    if key == "minimum":
        rid = getattr(rules.scoring, "minimum_rule", None)
    else:
        rid = getattr(rules.claims, f"{key}_rule", None)
    return rid or _DEFAULT_RULES[key]


class _Settings:
    """What the scorer reads of a rule set at every win, read from it once (the rule set is a
    frozen dataclass: each field read is a look-up by name, and the win method's string
    compares cost more than the C flags they are asked as here), and the outcomes of the
    items found to apply in its readings so far (:func:`_outcome`)."""

    __slots__ = ("wilds", "shapes", "win_on_discard", "claim_discarded_wild", "rob_kong", "heavenly_any", "scoring",
                 "minimum", "alternatives", "name", "minimum_rule", "hand_size", "outcomes")

    def __init__(self, rules: RuleSet) -> None:
        self.wilds: bool = rules.wilds.enabled
        #: the winning shapes beside sets and a pair (seven pairs ...), none when there are none
        self.shapes: tuple[str, ...] = rules.shapes if len(rules.shapes) > 1 else ()
        self.win_on_discard: bool = rules.claims.win_on_discard
        self.claim_discarded_wild: bool = rules.claims.claim_discarded_wild
        self.rob_kong: bool = rules.claims.rob_kong
        self.heavenly_any: bool = rules.heavenly_wait == "any"
        self.scoring: TaiScoring | FuFanScoring = rules.scoring
        self.minimum: int | None = rules.scoring.minimum if isinstance(rules.scoring, TaiScoring) else None
        self.alternatives: tuple[tuple[int, int], ...] = (
            rules.scoring.minimum_alternatives if isinstance(rules.scoring, TaiScoring) else ())
        self.name: str = rules.name
        self.minimum_rule: str = _rule_id(rules, "minimum")
        #: the tiles of a win, counting each meld as three (Situation.check)
        self.hand_size: int = hand_size(rules)
        #: the items found to apply in a reading (ItemPlan.found_entries) -> their _Outcome
        self.outcomes: dict[tuple[Found, ...], _Outcome] = {}


#: Per rule set, what the scorer reads of it.
_SETTINGS = ByObject()

# Distinct sets of found items whose outcomes a rule set keeps before it starts over: a few
# hundred make up the 3,000 hands of bench/score.py's rows.
_OUTCOMES_KEPT = 4096


def _settings(rules: RuleSet) -> _Settings:
    settings: _Settings | None = _SETTINGS.get(rules)
    if settings is None:
        settings = _SETTINGS.put(rules, _Settings(given_rule_set(rules, "the scorer")))
    return settings


class _Outcome:
    """What the items found to apply in a reading come to, whatever the reading: the items
    that score once exclusions and groups are resolved, the totals, why they fall short of
    the minimum (NB-13.1; None when they do not), and the reading's sort key as a valid and
    as a refused win."""

    __slots__ = ("applied", "total", "short", "key_valid", "key_refused")

    def __init__(self, applied: tuple[Applied, ...], total: Total, short: str | None) -> None:
        self.applied = applied
        self.total = total
        self.short = short
        self.key_refused = _key(total, "refused")
        self.key_valid = self.key_refused if short is not None else _key(total, None)


def _outcome(settings: _Settings, plan: ItemPlan, found: tuple[Found, ...]) -> _Outcome:
    """The :class:`_Outcome` of ``found`` (ItemPlan.found_entries), kept in ``settings``:
    readings of many hands find the same items (a few hundred sets in thousands of hands)."""
    entries = plan.entries_of(found)
    scoring = settings.scoring
    short = None
    if isinstance(scoring, FuFanScoring):
        total = fu_fan_from_entries(scoring, entries)
    else:
        total = tai_from_entries(scoring, entries)
        if not meets_minimum(scoring, total):
            short = _short_of_minimum(scoring, total)
    outcome = _Outcome(tuple(to_applied(entries)), total, short)
    if len(settings.outcomes) >= _OUTCOMES_KEPT:
        settings.outcomes.clear()
    settings.outcomes[found] = outcome
    return outcome


def _forbidding(plan: ItemPlan, values: list[int], win_by: str) -> int:
    """The position in ``plan.restrictions`` of the first reading-level win restriction
    whose condition holds (in ``values``, the reading's slots filled) and that forbids
    winning by ``win_by``; -1 for none. (The hand-level ones are ItemPlan.fill_hand's.)"""
    for i, (wr, slot, per_reading) in enumerate(plan.restrictions):
        if per_reading and values[slot] and win_by in wr.forbid:
            return i
    return -1


def _short_of_minimum(scoring: TaiScoring, total: Total) -> str:
    """Why a reading misses the minimum, in words."""
    counted, minimum = total.minimum_tai, scoring.minimum
    if scoring.minimum_of == "value":
        text = f"a hand value of {counted} tai × {total.multiplier}; {minimum} is needed to win"
    else:
        text = f"{counted} tai counting toward the minimum; {minimum} are needed to win"
    if scoring.minimum_alternatives:
        alts = " or ".join(f"{t} tai with ×{m}" for t, m in scoring.minimum_alternatives)
        text += f" (or {alts}; the multipliers make ×{total.multiplier})"
    return text


#: A reading refused for falling short of the minimum (NB-13.1), in the scorer's memo.
_SHORT = -2


def _key(total: Total, reason: str | None) -> tuple[bool, int, int, int, int, int, int]:
    return (
        reason is None,
        total.points,
        total.hu or 0,
        total.tai if total.tai is not None else 0,
        total.minimum_tai or 0,
        total.fan_raw or 0,
        total.fu or 0,
    )


def score(situation: Situation, rules: RuleSet) -> ScoreResult:
    """Score one win: the best reading of the hand under ``rules``, and the payments.

    Raises :class:`~nbmj.errors.SituationError` when the tiles do not make a winning hand
    (given the wilds) or hold something no hand can, or the situation could be no win
    (``Situation.check()``), or when ``situation`` is no
    :class:`~nbmj.scoring.situation.Situation` at all (``Situation.from_dict`` reads one from
    a dict); ``rules`` that are no compiled rule set (:func:`~nbmj.rules.load_variant` gives
    one) raise :class:`~nbmj.errors.UnknownVariantError`.
    """
    check_situation(given_situation(situation, "score"), _settings(rules).hand_size, rules)
    return _score_with_facts(situation, rules, None)


def score_hypothetical(situation: Situation, rules: RuleSet) -> ScoreResult:
    """:func:`score` without ``Situation.check()``: for a bot weighing a win that may not
    be able to come (on a tile whose every copy is in sight), scored all the same. The
    scorer still refuses tiles that no hand can hold."""
    return _score_with_facts(situation, rules, None)


def heavenly_choices(sit: Situation, rules: RuleSet) -> list[Situation]:
    """NB-12.48: the readings of a heavenly win (天胡: the dealer's self-draw in the first
    turn) as to which of its fourteen tiles is the winning one. With ``heavenly_wait any``
    every kind held may be it, each a situation of its own (the drawn tile's first);
    otherwise, and for every other win, the situation as given. :class:`~nbmj.errors.SituationError`
    for a situation that could be no win (``Situation.check()``)."""
    sit.check(rules)
    return _winning_tile_choices(sit) if _heavenly_any(sit, rules) else [sit]


def _winning_tile_choices(sit: Situation) -> list[Situation]:
    """The situation, then one per other kind held with that kind as the winning tile."""
    out = [sit]
    seen = {sit.win_tile}
    for t in sit.concealed:
        if t in seen or t >= N_KINDS:
            continue
        seen.add(t)
        rest = list(sit.concealed)
        rest.remove(t)
        rest.append(sit.win_tile)
        out.append(Situation(seat=sit.seat, round_wind=sit.round_wind, concealed=tuple(sorted(rest)), win_tile=t,
                             win_by=sit.win_by, discarder=sit.discarder, melds=sit.melds, flowers=sit.flowers,
                             indicator=sit.indicator, last_tile=sit.last_tile, first_turn=sit.first_turn, fed=sit.fed,
                             discarded_wild=sit.discarded_wild, variant=sit.variant, liable=sit.liable))
    return out


def _heavenly_any(sit: Situation, rules: RuleSet) -> bool:
    """Whether the win is a heavenly one whose winning tile may be any it holds (NB-12.48)."""
    return _settings(rules).heavenly_any and sit.first_turn and sit.seat == "E" and sit.win_by == "self_draw"


def _score_with_facts(situation: Situation, rules: RuleSet, hand_facts: HandFacts | None) -> ScoreResult:
    """:func:`score`, with the facts of the hand when the caller has them already
    (``facts(situation, rules)``, as :func:`.bound.valid_with_facts` hands them back)."""
    if not _heavenly_any(situation, rules):  # (most wins: no list of one choice to build)
        return _score_one(situation, rules, hand_facts)
    choices = _winning_tile_choices(situation)
    best: ScoreResult | None = None
    for choice in choices:  # NB-12.48: the tile that scores best is the winning one
        try:
            result = _score_one(choice, rules, hand_facts if choice is situation else None)
        except SituationError:
            if choice is situation:
                raise
            continue  # the hand does not win on that tile
        if best is None or (result.valid, result.points, result.tai or 0) > (best.valid, best.points, best.tai or 0):
            best = result
    assert best is not None
    return best


def _score_one(situation: Situation, rules: RuleSet, hand_facts: HandFacts | None) -> ScoreResult:
    """:func:`score` of one situation, its winning tile as given."""
    sit = situation
    settings = _settings(rules)
    if settings.wilds and sit.indicator is None:
        # as `nbmj claims`: without the indicator nobody knows which tiles are wild
        raise SituationError(f"variant {settings.name!r} has wilds: the situation needs 'indicator', the tile turned up")
    hf = facts(sit, rules) if hand_facts is None else hand_facts
    plan = plan_for(rules)
    cands = candidates(hf, plan.spec)
    if settings.shapes:  # seven pairs, honours in any arrangement (NB-10.14, NB-10.15)
        cands = cands + shape_candidates(hf, settings.shapes)
    if not cands:
        raise SituationError(
            f"the hand {_hand_text(sit)!r} does not win with {to_notation([sit.win_tile])!r}"
            + (f" (wilds: {to_notation(sorted(hf.wild_kinds))})" if hf.wild_kinds else "")
        )
    claim_reason = claim_rule = None
    # (the rule's flag first: most variants allow all three, and the win method is not compared)
    if not settings.win_on_discard and sit.win_by == "discard":
        claim_reason, claim_rule = "this variant allows no win on a discard", _rule_id(rules, "win_on_discard")
    elif hf.win_is_wild and not settings.claim_discarded_wild and sit.win_by == "discard":
        claim_reason = "a discarded wild is dead: no one may win on it"
        claim_rule = _rule_id(rules, "claim_discarded_wild")
    elif not settings.rob_kong and sit.win_by == "rob_kong":
        claim_reason, claim_rule = "this variant allows no robbing of a kong", _rule_id(rules, "rob_kong")

    values = plan.new_values()
    hand_refusal = plan.fill_hand(hf, values)
    # Readings with equal signatures in equal contexts score the same (ItemPlan.reading_context),
    # in this hand or an earlier one: each is scored once, as its key, its outcome and what
    # refuses it (-1 for nothing, else a reading-level win restriction's position, or _SHORT).
    # A hand-level restriction that refuses this hand refuses every reading of it; the
    # context leaves it out, so such a hand reads the same memo as the hands it does not
    # refuse and applies it below. The best is the first with the highest key, as if every
    # reading were scored in order.
    memo = plan.memo_of(hf, values)
    best_cand = best = None
    hand_part: list[Found] | None = None  # the items that apply whatever the reading, once one is scored
    for cand in cands:
        scored = memo.get(cand.signature)
        if scored is None:
            if hand_part is None:
                hand_part = plan.hand_entries(values)
            rd = build_shape_reading(hf, cand) if is_shape_candidate(cand) else build_reading(hf, cand)
            found = plan.found_entries(hf, rd, hand_part, values)
            outcome = settings.outcomes.get(found)
            if outcome is None:
                outcome = _outcome(settings, plan, found)
            refusal = _forbidding(plan, values, sit.win_by) if plan.reading_restrictions else -1
            if refusal < 0 and outcome.short is not None:
                refusal = _SHORT
            scored = (outcome.key_valid if refusal == -1 else outcome.key_refused, outcome, refusal)
            memo[cand.signature] = scored
        if hand_refusal >= 0:
            # the first restriction in the rule set's order that refuses it (before the minimum)
            refusal = scored[2]
            outcome = scored[1]
            scored = (outcome.key_refused, outcome, refusal if 0 <= refusal < hand_refusal else hand_refusal)
        if best is None or scored[0] > best[0]:
            best_cand, best = cand, scored
    _k, outcome, refusal = best  # type: ignore[misc]
    applied, total = outcome.applied, outcome.total
    reason: str | None = None
    rule: str | None = None
    if claim_reason is not None:
        reason, rule = claim_reason, claim_rule
    elif refusal == _SHORT:
        reason, rule = outcome.short, settings.minimum_rule
    elif refusal >= 0:
        wr = plan.restrictions[refusal][0]
        reason, rule = f"a hand with {wr.when} may not win by {sit.win_by.replace('_', ' ')}", wr.rule
    valid = reason is None
    # the totals by position, in the order of Total's fields (a field read by name is an
    # attribute look-up each; a reordered field fails the goldens)
    tai, minimum_tai, fu, fan, fan_raw, hu, points, capped, multiplier = total
    payments, payment_rules = payments_of(sit, rules, points, valid)
    assert best_cand is not None  # (cands is not empty)
    decomposition = (shape_notation(hf, best_cand) if is_shape_candidate(best_cand)
                     else candidate_notation(hf, best_cand))
    # by position, in the order of ScoreResult's fields: a call with twenty keywords costs
    # more than the rest of building the result
    return ScoreResult(
        valid, reason, rule,
        applied,  # items
        tai, fu, fan, points,
        payments, decomposition, best_cand.wait,
        hu, fan_raw, minimum_tai, capped,
        tuple(payment_rules),
        multiplier, settings.minimum, settings.alternatives,
        settings.name,  # variant
    )


def _hand_text(sit: Situation) -> str:
    parts = [to_notation(sit.concealed)] if sit.concealed else []
    parts += [f"[{to_notation(m.tiles)}]" for m in sit.melds]
    return " ".join(parts)


# Features that hand_fu may use: the melds, the concealed triplets and the flowers.
_HAND_FU_FEATURES = frozenset({"pungs", "flowers", "flower_sets"})


#: Per rule set, the items hand_fu counts.
_HAND_FU_ITEMS = ByObject()


def _hand_fu_items(rules: RuleSet) -> tuple[ScoringItem, ...]:
    """The 胡 items of ``rules`` that read only what :func:`hand_fu` counts (one tuple per
    rule set: its plan is compiled once)."""
    items: tuple[ScoringItem, ...] | None = _HAND_FU_ITEMS.get(rules)
    if items is None:
        items = _HAND_FU_ITEMS.put(rules, tuple(
            it for it in rules.items
            if it.unit == "fu" and {f.name for f in features_in((it.when, it.each))} <= _HAND_FU_FEATURES
            and (it.when is not None or it.each is not None)
        ))
    return items


def hand_fu(concealed: str | Sequence[int], melds: Sequence[Meld | dict[str, Any]], flowers: str | Sequence[int],
            rules: RuleSet, seat: str, round_wind: str = "E") -> int:
    """The 胡 of a losing hand for 胡头 (NH-5.2): the 胡 items over its melds, its concealed
    triplets (three or four of a kind in hand) and its flowers only; no base, no 番;
    rounded up to the scheme's ``round_to``.

    ``concealed`` and ``flowers`` are tile ids or notation; ``melds`` are :class:`Meld`
    values or dicts as in the JSON situation. :class:`~nbmj.errors.SituationError` for a
    seat, tile or meld that is none (as ``Situation.check()`` tells them).
    """
    from ..tiles import parse_tiles
    from .situation import MELD_KINDS, _check_flowers, _check_meld, _check_tiles, _meld, _seat

    _seat(seat, "seat")
    _seat(round_wind, "round")
    concealed = tuple(parse_tiles(concealed) if isinstance(concealed, str) else concealed)
    flowers = tuple(parse_tiles(flowers) if isinstance(flowers, str) else flowers)
    _check_tiles(concealed, "concealed")
    _check_flowers(flowers)
    laid: list[Meld] = []
    for i, m in enumerate(melds):
        if isinstance(m, Meld):
            _check_meld(m, i, seat, "meld", MELD_KINDS)
            laid.append(m)
        else:  # (the JSON form, read and checked by _meld)
            laid.append(_meld(m, i, seat))
    counts = [0] * N_KINDS
    for t in concealed:
        if t < N_KINDS:
            counts[t] += 1
    sets = [melded_group(m.kind, min(m.tiles)) for m in laid]
    for k, n in enumerate(counts):
        if n >= 3:
            sets.append(SetGroup("pung", k, False))
    sit = Situation(seat=seat, round_wind=round_wind, concealed=concealed, win_tile=0, win_by="self_draw",
                    melds=tuple(laid), flowers=flowers)
    hf = new_hand_facts(sit, rules, frozenset(), bytes(counts), {}, tuple(sets))
    # the hand level of a self-drawn win without wilds, filled as facts() fills a winner's
    fill_level(hf, seat, sit.win_by, [m.kind for m in laid], (), 0, 0, False, 0, False,
               flower_counts(sit, rules, frozenset()), False, False)
    rd = Reading(sets=tuple(sets), pair=-1, pair_wilds=0, wait="", wild_as_itself=0)
    total = sum([a.value for a in apply_items(_hand_fu_items(rules), hf, rd)])
    if isinstance(rules.scoring, FuFanScoring):
        total = ceil_to(total, rules.scoring.round_to)  # NH-5.2: rounded up like a winner's
    return total
