"""Who pays the winner: baseline shares by win type, 三摊 liability, and Ninghai 胡头.

Seats are ``"E" "S" "W" "N"`` in turn order (counter-clockwise): a seat's 下家 is the next
one, its 对家 two on. Payments are a dict seat -> amount, positive for the winner; they
always sum to zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules.model import Liability, LiabilityRow, LoserSettlement, RuleSet
from ..rules.model import SEATS as _SEATS
from .situation import Situation

__all__ = ["Link", "links", "payment_situation", "liability_situation", "settle", "payments_for", "settle_losers",
           "relation", "false_win_payments"]

SEATS = _SEATS
#: Payments of a win: ((seat, amount), ...) in seat order, and the rule IDs applied.
UnitPayments = tuple[tuple[tuple[str, int], ...], tuple[str, ...]]


def relation(a: str, b: str) -> str:
    """``b`` as seen from ``a``: ``"next"`` (下家), ``"opposite"`` (对家) or ``"previous"`` (上家)."""
    d = (SEATS.index(b) - SEATS.index(a)) % 4
    if d == 0:
        raise ValueError(f"{a!r} and {b!r} are the same seat")
    return ("next", "opposite", "previous")[d - 1]


@dataclass(frozen=True)
class Link:
    """A 三摊 link between the winner and ``seat``: melds ``seat`` fed the winner, melds the
    winner fed ``seat``, and whether the link is mutual (both reach the threshold)."""

    seat: str
    fed_winner: int
    winner_fed: int
    mutual: bool


def links(sit: Situation, liability: Liability) -> dict[str, Link]:
    """The seats linked to the winner under ``liability``."""
    fed_winner = {s: 0 for s in SEATS if s != sit.seat}
    for m in sit.melds:
        if m.source is None:
            continue
        # an added kong upgrades a pong already fed (NB-14.5): it counts as that pong
        kind = "pon" if m.kind == "kakan" and "kakan" not in liability.counts else m.kind
        if kind in liability.counts:
            fed_winner[m.source] += 1
    winner_fed = dict(sit.fed)
    out = {}
    thr = liability.threshold
    for s, n in fed_winner.items():
        back = winner_fed.get(s, 0)
        if liability.direction == "either":
            linked = n >= thr or back >= thr
        elif liability.direction == "winner_fed":
            # the winner was fed by ``s`` (ningbo-7wild: "pungs fed to the winner", NB-14.5)
            linked = n >= thr
        else:  # "fed_winner": ``s`` was fed by the winner
            linked = back >= thr
        if linked:
            out[s] = Link(s, n, back, n >= thr and back >= thr)
    return out


def _kong_discarder(sit: Situation) -> str | None:
    """The discarder of the kong whose replacement won (杠头开花), or None."""
    if sit.win_by == "kong_replacement" and sit.melds and sit.melds[-1].kind == "kan":
        return sit.melds[-1].source
    return None


def payment_situation(sit: Situation, rules: RuleSet) -> str:
    """The baseline payment situation of a win (a key of PAYMENT_SITUATIONS)."""
    names = {p.situation for p in rules.payments}
    if sit.win_by == "discard":
        return "discard"
    if sit.win_by == "rob_kong":
        return "rob_kong" if "rob_kong" in names else "discard"
    if _kong_discarder(sit) is not None and "kong_bloom_on_discard_kong" in names:
        return "kong_bloom_on_discard_kong"
    return "self_draw"


def liability_situation(sit: Situation, partner: str) -> str:
    """The liability situation of a win, seen from linked ``partner``."""
    if sit.win_by == "rob_kong":
        return "rob_kong"
    return _plain_situation(sit, partner)


def _plain_situation(sit: Situation, partner: str) -> str:
    if sit.win_by in ("discard", "rob_kong"):
        return "discard_by_partner" if sit.discarder == partner else "discard_by_other"
    if _kong_discarder(sit) == partner:
        return "kong_bloom_on_partner_kong"
    return "self_draw"


def _role_payers(role: str, sit: Situation, partner: str | None) -> list[str]:
    others = [s for s in SEATS if s != sit.seat]
    if role == "each_other":
        return others
    if role in ("discarder", "robbed"):
        return [sit.discarder] if sit.discarder else []
    if role == "kong_discarder":
        k = _kong_discarder(sit)
        return [k] if k else []
    if role == "partner":
        return [partner] if partner else []
    raise ValueError(f"unknown payer role {role!r}")


def baseline(sit: Situation, rules: RuleSet, points: int) -> tuple[dict[str, int], str | None]:
    """Baseline amounts each loser pays (before liability) and the rule ID used."""
    key = payment_situation(sit, rules)
    owed = {s: 0 for s in SEATS if s != sit.seat}
    for p in rules.payments:
        if p.situation != key:
            continue
        for share in p.shares:
            for payer in _role_payers(share.role, sit, None):
                owed[payer] += share.multiplier * points
        return owed, p.rule
    return owed, None


def settle(sit: Situation, rules: RuleSet, points: int, valid: bool = True) -> tuple[dict[str, int], list[str]]:
    """Payments for a win worth ``points`` (S): seat -> amount, the winner positive.

    Returns the payments and the rule IDs applied. An invalid win pays nothing.
    """
    if not valid:
        return {s: 0 for s in SEATS}, []
    # Every share is a multiple of S and liability keeps the larger of two (S >= 0), so the
    # payments are S times those of a 1-point win, which depend on few fields of the win.
    per_rules = _UNIT_PAYMENTS.get(id(rules))
    if per_rules is None or per_rules[0] is not rules:
        if len(_UNIT_PAYMENTS) > 64:
            _UNIT_PAYMENTS.clear()
        per_rules = _UNIT_PAYMENTS[id(rules)] = (rules, {})
    cache = per_rules[1]
    key = (sit.seat, sit.win_by, sit.discarder, tuple([(m.kind, m.source) for m in sit.melds]), sit.fed, sit.liable)
    unit = cache.get(key)
    if unit is None:
        if len(cache) >= _UNIT_PAYMENTS_KEPT:
            cache.clear()
        unit = cache[key] = payments_for(sit, rules, 1)
    factors, used = unit
    return {s: f * points for s, f in factors}, list(used)


def clear_payment_cache() -> None:
    """Forget the 1-point payments worked out so far (see :func:`settle`)."""
    _UNIT_PAYMENTS.clear()


# Rule sets whose 1-point payments are kept: id -> (rule set, payment key -> payments).
_UNIT_PAYMENTS: dict[int, tuple[RuleSet, dict[Any, UnitPayments]]] = {}
_UNIT_PAYMENTS_KEPT = 1024


def payments_for(sit: Situation, rules: RuleSet, points: int) -> UnitPayments:
    """The payments of a valid win worth ``points`` worked out afresh, as ``((seat, amount),
    ...)`` in seat order, and the rule IDs applied (:func:`settle` scales those of 1 point)."""
    zero = {s: 0 for s in SEATS}
    owed, rule = baseline(sit, rules, points)
    used = [rule] if rule else []
    if rules.liability is not None:
        linked = links(sit, rules.liability)
        if linked:
            liab: dict[str, int] = {}
            for partner, link in linked.items():
                situation = liability_situation(sit, partner)
                row = _row(rules.liability, situation, link.mutual)
                if row is None and situation in ("rob_kong", "kong_bloom_on_partner_kong"):
                    # no row of its own: a robbed kong is a discard by the robbed player
                    # (NB-14.4), a partner's kong bloom an ordinary self-draw
                    plain = "self_draw" if situation == "kong_bloom_on_partner_kong" else _plain_situation(sit, partner)
                    row = _row(rules.liability, plain, link.mutual)
                if row is None:
                    continue
                used.append(row.rule)
                for share in row.shares:
                    for payer in _role_payers(share.role, sit, partner):
                        amount = share.multiplier * points
                        liab[payer] = max(liab.get(payer, 0), amount)
            if liab:
                kong = _kong_discarder(sit)
                new = {}
                for s in owed:
                    if s in liab:
                        new[s] = liab[s]
                    elif rules.liability.others_pay or (s == kong and s not in linked):
                        # 杠头开花's discarder stays liable for his kong even when a link applies
                        new[s] = owed[s]
                    else:
                        new[s] = 0
                owed = new
    if sit.liable is not None:
        # 包牌 (NH-6.5): the liable seat pays every loser's share; the others pay nothing
        owed = {s: (sum(owed.values()) if s == sit.liable else 0) for s in owed}
        used.append("NH-6.5")
    payments = dict(zero)
    for s, n in owed.items():
        payments[s] -= n
        payments[sit.seat] += n
    return tuple(payments.items()), tuple(used)


def _row(liability: Liability, situation: str, mutual: bool) -> LiabilityRow | None:
    wanted = ("mutual", "one_way") if mutual else ("one_way",)
    for link in wanted:
        for row in liability.rows:
            if row.situation == situation and row.link == link:
                return row
    return None


def false_win_payments(seat: str, rules: RuleSet) -> dict[str, int]:
    """What a false win costs (NB-14.16): ``seat`` pays each other player the variant's
    ``immediate.false_win``; all zero where it has none. For a table that records one: the
    engine offers only wins the rules allow (NB-6.7)."""
    if seat not in SEATS:
        raise ValueError(f"unknown seat {seat!r}; seats are {', '.join(SEATS)}")
    amount = rules.immediate.false_win
    return {s: (-3 * amount if s == seat else amount) for s in SEATS}


def settle_losers(loser_fu: dict[str, int], rules: RuleSet) -> dict[str, int]:
    """Ninghai 胡头 (NH-5): the losers settle among themselves by their hands' 胡.

    ``loser_fu`` maps each losing seat to its hand's 胡 (see :func:`nbmj.scoring.hand_fu`).
    Returns seat -> net 银 (summing to zero); all zero when the variant has no such settlement.
    Between neighbours (边家) the ``adjacent`` terms apply, across the table (头家) ``opposite``.
    """
    out = {s: 0 for s in loser_fu}
    ls: LoserSettlement | None = rules.loser_settlement
    if ls is None:
        return out
    seats = sorted(loser_fu, key=SEATS.index)
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            diff_needed, amount = ls.opposite if relation(a, b) == "opposite" else ls.adjacent
            d = loser_fu[a] - loser_fu[b]
            if d == 0 or diff_needed <= 0:
                continue
            steps = abs(d) // diff_needed
            pay = steps * amount if ls.mode == "per_step" else (amount if steps >= 1 else 0)
            hi, lo = (a, b) if d > 0 else (b, a)
            out[hi] += pay
            out[lo] -= pay
    return out
