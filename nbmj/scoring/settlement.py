"""Who pays the winner: baseline shares by win type, 三摊 liability, and Ninghai 胡头.

Seats are ``"E" "S" "W" "N"`` in turn order (counter-clockwise): a seat's 下家 is the next
one, its 对家 two on. Payments are a dict seat -> amount, positive for the winner; they
always sum to zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import SituationError, UnknownSeatError
from ..rules.model import Liability, LiabilityRow, LoserSettlement, RuleSet
from ..rules.model import SEATS as _SEATS
from ._by_object import ByObject
from .situation import Meld, Situation, given_rule_set, given_situation

__all__ = ["Link", "Owing", "links", "payment_situation", "liability_situation", "settle", "payments_for", "owings_for", "settle_losers", "LoserPayment", "loser_payments",
           "relation", "false_win_payments", "counts_toward_link"]

SEATS = _SEATS
#: Payments of a win: ((seat, amount), ...) in seat order, and the rule IDs applied.
UnitPayments = tuple[tuple[tuple[str, int], ...], tuple[str, ...]]
#: 1-point payments as :func:`settle` keeps them: with the payments made of them, by points.
_Scaled = tuple[tuple[tuple[str, int], ...], tuple[str, ...], dict[int, dict[str, int]]]


def relation(a: str, b: str) -> str:
    """``b`` as seen from ``a``: ``"next"`` (下家), ``"opposite"`` (对家) or ``"previous"`` (上家)."""
    d = (SEATS.index(b) - SEATS.index(a)) % 4
    if d == 0:
        raise SituationError(f"{a!r} and {b!r} are the same seat")
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
    """The seats linked to the winner under ``liability``; :class:`~nbmj.errors.SituationError`
    for a situation that could be no win (``Situation.check()``) or for anything but a
    Situation."""
    given_situation(sit, "links").check()
    return links_of(sit, liability)


def counts_toward_link(kind: str, liability: Liability) -> bool:
    """Whether a meld of ``kind`` (``chi``, ``pon``, ``kan``, ``kakan``) that one seat claimed
    from another's discards counts toward a 三摊 link between them (NB-14.5): its kind is one
    of the liability's ``counts``; an added kong counts as the pong it upgrades. The one
    reading of ``counts``, for the melds either seat of a link fed the other."""
    return ("pon" if kind == "kakan" else kind) in liability.counts


def links_of(sit: Situation, liability: Liability) -> dict[str, Link]:
    """:func:`links` of a situation already checked."""
    fed_winner = {s: 0 for s in SEATS if s != sit.seat}
    for m in sit.melds:
        if m.source is not None and counts_toward_link(m.kind, liability):
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


def _given_kong(sit: Situation) -> Meld | None:
    """The kong whose replacement won (:meth:`Situation.bloom_kong`) when another player gave
    its tile: an exposed kong of a discard, or a kong added to a pung claimed from one;
    None for a concealed kong or any other win."""
    kong = sit.bloom_kong()
    if kong is None or kong.source is None or kong.source == sit.seat:
        return None
    return kong


def _kong_discarder(sit: Situation) -> str | None:
    """The discarder of the exposed kong whose replacement won (杠头开花), or None."""
    kong = _given_kong(sit)
    return kong.source if kong is not None and kong.kind == "kan" else None


def _kong_giver(sit: Situation) -> str | None:
    """The player who gave the tile of the kong whose replacement won: an exposed kong's
    discarder, or the discarder of an added kong's pung (送杠胡, NB-12.47); else None."""
    kong = _given_kong(sit)
    return None if kong is None else kong.source


def payment_situation(sit: Situation, rules: RuleSet) -> str:
    """The baseline payment situation of a win (a key of PAYMENT_SITUATIONS)."""
    names = {p.situation for p in rules.payments}
    if sit.win_by == "discard":
        return "discard"
    if sit.win_by == "rob_kong":
        return "rob_kong" if "rob_kong" in names else "discard"
    kong = _given_kong(sit)
    if kong is not None:
        if kong.kind == "kan" and "kong_bloom_on_discard_kong" in names:
            return "kong_bloom_on_discard_kong"
        if kong.kind == "kakan" and "kong_bloom_on_added_kong" in names:
            return "kong_bloom_on_added_kong"
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
        k = _kong_giver(sit)
        return [k] if k else []
    if role == "partner":
        return [partner] if partner else []
    raise ValueError(f"unknown payer role {role!r}")


def baseline(sit: Situation, rules: RuleSet, points: int) -> tuple[dict[str, int], str | None]:
    """Baseline amounts each loser pays (before liability) and the rule ID used."""
    shares, rule = baseline_shares(sit, rules)
    return {s: sum(m for _role, m in held) * points for s, held in shares.items()}, rule


def baseline_shares(sit: Situation, rules: RuleSet) -> tuple[dict[str, list[tuple[str, int]]], str | None]:
    """Each loser's shares of the baseline row for the win's situation, as ``(role,
    multiplier of S)`` pairs (none for a seat no share falls on), and the row's rule ID."""
    key = payment_situation(sit, rules)
    shares: dict[str, list[tuple[str, int]]] = {s: [] for s in SEATS if s != sit.seat}
    for p in rules.payments:
        if p.situation != key:
            continue
        for share in p.shares:
            for payer in _role_payers(share.role, sit, None):
                shares[payer].append((share.role, share.multiplier))
        return shares, p.rule
    return shares, None


#: What everybody pays for an invalid win (copied for each: the caller owns its payments).
_NO_PAYMENTS = {s: 0 for s in SEATS}


def settle(sit: Situation, rules: RuleSet, points: int, valid: bool = True) -> tuple[dict[str, int], list[str]]:
    """Payments for a win worth ``points`` (S): seat -> amount, the winner positive.

    Returns the payments and the rule IDs applied. An invalid win pays nothing.
    :class:`~nbmj.errors.SituationError` for a situation that could be no win
    (``Situation.check()``) or for anything but a Situation;
    :class:`~nbmj.errors.UnknownVariantError` for ``rules`` that are no compiled rule set.
    """
    given_situation(sit, "settle").check(given_rule_set(rules, "settle"))
    return payments_of(sit, rules, points, valid)


def payments_of(sit: Situation, rules: RuleSet, points: int, valid: bool) -> tuple[dict[str, int], list[str]]:
    """:func:`settle` without its check of ``sit``: the payments read only the winner, the
    win method, the discarder, the melds' kinds and sources, ``fed``, ``liable`` and the
    kongs the win came after. For the scorer (:func:`~nbmj.scoring.score` checked the
    situation) and the bots, which ask what a win by a seat would pay from those alone."""
    if not valid:
        return _NO_PAYMENTS.copy(), []
    # Every share is a multiple of S and liability keeps the larger of two (S >= 0), so the
    # payments are S times those of a 1-point win, which depend on few fields of the win.
    cache: dict[Any, _Scaled] | None = _UNIT_PAYMENTS.get(rules)
    if cache is None:
        cache = _UNIT_PAYMENTS.put(rules, {})
    # (the kong a replacement win came after names who pays a 杠上开花)
    bloom = sit.bloom_kong()
    melds = tuple([(m.kind, m.source) for m in sit.melds]) if sit.melds else ()
    key = (sit.seat, sit.win_by, sit.discarder, melds, sit.fed, sit.liable,
           None if bloom is None else (bloom.kind, bloom.source))
    unit = cache.get(key)
    if unit is None:
        if len(cache) >= _UNIT_PAYMENTS_KEPT:
            cache.clear()
        factors, used = payments_for(sit, rules, 1)
        unit = cache[key] = (factors, used, {})
    # the payments of the wins of this kind worth ``points`` made before, copied: a dict's
    # copy costs a fifth of filling one, and the caller owns what it is given
    scaled = unit[2]
    payments = scaled.get(points)
    if payments is None:
        payments = {s: f * points for s, f in unit[0]}
        if len(scaled) < _SCALED_KEPT:
            scaled[points] = payments
    return payments.copy(), list(unit[1])


def clear_payment_cache() -> None:
    """Forget the 1-point payments worked out so far (see :func:`settle`)."""
    _UNIT_PAYMENTS.clear()


# The 1-point payments worked out so far, per rule set: payment key -> the payments, their
# rule IDs and the payments by points made of them (at most _SCALED_KEPT values of S).
_UNIT_PAYMENTS = ByObject()
_UNIT_PAYMENTS_KEPT = 1024
_SCALED_KEPT = 64


@dataclass(frozen=True)
class Owing:
    """What one loser owes the winner of a valid win worth S, and the rule that says so.

    ``basis`` is ``"payment"`` (the win's baseline row ``rule`` for ``situation``:
    ``multiplier`` × S, the shares of ``roles`` added; multiplier 0 when no share falls on
    the seat), ``"liability"`` (the 三摊 row ``rule`` of the ``link`` with ``partner``:
    ``multiplier`` × S in place of ``replaced`` × S), ``"released"`` (nothing in place of
    ``replaced`` × S: the link with ``partner`` makes only the linked pay, ``rule``),
    ``"bao"`` (NH-6.5 包牌: the liable seat pays every loser's share, ``covers`` being what
    each of them owed) or ``"covered"`` (nothing: the liable seat ``partner`` pays it).
    """

    payer: str
    amount: int
    basis: str
    rule: str | None
    situation: str
    multiplier: int = 0
    roles: tuple[str, ...] = ()
    replaced: int = 0
    partner: str | None = None
    link: Link | None = None
    covers: tuple[tuple[str, int], ...] = ()


def payments_for(sit: Situation, rules: RuleSet, points: int) -> UnitPayments:
    """The payments of a valid win worth ``points`` worked out afresh, as ``((seat, amount),
    ...)`` in seat order, and the rule IDs applied (:func:`settle` scales those of 1 point)."""
    owings, used = owings_for(sit, rules, points)
    payments = {s: 0 for s in SEATS}
    for o in owings:
        payments[o.payer] -= o.amount
        payments[sit.seat] += o.amount
    return tuple(payments.items()), used


def owings_for(sit: Situation, rules: RuleSet, points: int) -> tuple[tuple[Owing, ...], tuple[str, ...]]:
    """What each loser owes the winner of a valid win worth ``points`` (``S``), each with
    the rule that sets it (:class:`Owing`, in seat order), and the rule IDs applied."""
    key = payment_situation(sit, rules)
    shares, rule = baseline_shares(sit, rules)
    owing: dict[str, Owing] = {}
    for s, roles in shares.items():
        multiplier = sum(m for _role, m in roles)
        owing[s] = Owing(s, multiplier * points, "payment", rule, key, multiplier, tuple(role for role, _m in roles))
    used = [rule] if rule else []
    if rules.liability is not None:
        linked = links_of(sit, rules.liability)
        if linked:
            liab: dict[str, Owing] = {}
            released_by: tuple[str, str] | None = None  # (partner, rule) of the first row applied
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
                if released_by is None:
                    released_by = (partner, row.rule)
                for share in row.shares:
                    for payer in _role_payers(share.role, sit, partner):
                        amount = share.multiplier * points
                        held = liab.get(payer)
                        if held is None or amount > held.amount:  # the larger of two rows stands
                            base = owing[payer]
                            liab[payer] = Owing(payer, amount, "liability", row.rule, row.situation, share.multiplier,
                                                (share.role,), base.multiplier, partner, link)
            if liab:
                assert released_by is not None
                kong = _kong_giver(sit) if key == "kong_bloom_on_added_kong" else _kong_discarder(sit)
                for s, base in owing.items():
                    if s in liab:
                        owing[s] = liab[s]
                    elif rules.liability.others_pay or (s == kong and s not in linked):
                        # 杠头开花's discarder stays liable for his kong even when a link applies
                        pass
                    elif base.amount or base.multiplier:
                        owing[s] = Owing(s, 0, "released", released_by[1], base.situation, 0, (), base.multiplier,
                                         released_by[0], linked[released_by[0]])
    if sit.liable is not None:
        # 包牌 (NH-6.5): the liable seat pays every loser's share; the others pay nothing
        covers = tuple((s, o.amount) for s, o in owing.items())
        owing = {
            s: (Owing(s, sum(n for _, n in covers), "bao", "NH-6.5", key, covers=covers) if s == sit.liable
                else Owing(s, 0, "covered", "NH-6.5", key, partner=sit.liable, covers=((s, o.amount),)))
            for s, o in owing.items()
        }
        used.append("NH-6.5")
    return tuple(owing[s] for s in SEATS if s in owing), tuple(used)


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
        raise UnknownSeatError(f"unknown seat {seat!r}; seats are {', '.join(SEATS)}")
    amount = rules.immediate.false_win
    return {s: (-3 * amount if s == seat else amount) for s in SEATS}


def settle_losers(loser_fu: dict[str, int], rules: RuleSet) -> dict[str, int]:
    """Ninghai 胡头 (NH-5): the losers settle among themselves by their hands' 胡.

    ``loser_fu`` maps each losing seat to its hand's 胡 (see :func:`nbmj.scoring.hand_fu`).
    Returns seat -> net 银 (summing to zero); all zero when the variant has no such settlement.
    Between neighbours (边家) the ``adjacent`` terms apply, across the table (头家) ``opposite``.
    """
    out = {s: 0 for s in loser_fu}
    for pay in loser_payments(loser_fu, rules):
        out[pay.payee] += pay.amount
        out[pay.payer] -= pay.amount
    return out


@dataclass(frozen=True)
class LoserPayment:
    """One payment of the losers' settlement (NH-5): ``payer``, holding ``payer_fu`` 胡,
    pays ``payee``, holding ``payee_fu``, ``amount`` 银: ``steps`` steps of ``step`` 胡 at
    ``rate`` each (``mode`` ``"per_step"``), or ``rate`` once for a difference of at least
    ``step`` (``"threshold"``); ``relation`` is ``"adjacent"`` (边家) or ``"opposite"`` (头家)."""

    payer: str
    payee: str
    amount: int
    payer_fu: int
    payee_fu: int
    relation: str
    step: int
    rate: int
    steps: int
    mode: str


def loser_payments(loser_fu: dict[str, int], rules: RuleSet) -> tuple[LoserPayment, ...]:
    """The payments of :func:`settle_losers`, one for each pair of losers whose 胡 differ by
    enough to pay, pairs in seat order; none when the variant has no such settlement.
    :class:`~nbmj.errors.UnknownSeatError` for a key that is no seat,
    :class:`~nbmj.errors.SituationError` for a 胡 that is no whole number of at least 0."""
    for seat, fu in loser_fu.items():
        if seat not in SEATS:
            raise UnknownSeatError(f"unknown seat {seat!r}; seats are {', '.join(SEATS)}")
        if not isinstance(fu, int) or isinstance(fu, bool) or fu < 0:
            raise SituationError(f"the 胡 of {seat!r} is a whole number of at least 0, not {fu!r}")
    ls: LoserSettlement | None = rules.loser_settlement
    if ls is None:
        return ()
    out = []
    seats = sorted(loser_fu, key=SEATS.index)
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            side = "opposite" if relation(a, b) == "opposite" else "adjacent"
            diff_needed, amount = ls.opposite if side == "opposite" else ls.adjacent
            d = loser_fu[a] - loser_fu[b]
            if d == 0 or diff_needed <= 0:
                continue
            steps = abs(d) // diff_needed
            pay = steps * amount if ls.mode == "per_step" else (amount if steps >= 1 else 0)
            if not pay:
                continue
            hi, lo = (a, b) if d > 0 else (b, a)
            out.append(LoserPayment(lo, hi, pay, loser_fu[lo], loser_fu[hi], side, diff_needed, amount, steps, ls.mode))
    return tuple(out)
