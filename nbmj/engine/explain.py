"""Why a move is not on offer, and why the points moved: the reasons a person at the table
is owed.

The legal lists (:mod:`.turn`, :mod:`.claim_window`) say *what* may be done. A person also
wants to know why a complete hand is offered no win, or why a move they typed is refused.
These functions answer from the same state and the same tests (the restriction in force is
:meth:`.state.TableState.in_force`; a win's value is the scorer's), and name the rule. They
run only when asked, so the hot path does not pay for them.

:func:`explained_settlement` gives a finished hand's settlement as the scorer's explanation
(:mod:`nbmj.scoring.explanation`), its seats the table's positions: each win's value and
payments, the losers' 胡头 and the kong and flower payments, every term with its rule.
"""

from __future__ import annotations

from .. import core
from ..errors import GameSetupError
from ..rules.model import SEATS
from ..tiles import tile_code
from .actions import Action
from .claims import chi_discard_bans
from .phases import ClaimWindow, RobWindow, Turn
from .restrictions import held_discards, suits_mask
from ..scoring import score
from ..scoring.explanation import Settlement, Term, explain_settlement, explain_win, immediate_terms, loser_terms
from ..scoring.situation import Situation
from .ending import losers_fu
from .phases import Over
from .settle import WinScore
from .state import TableState
from .wins import shape, situation

__all__ = ["withheld_win", "refusal", "explained_settlement"]

_SUIT_NAMES = {"m": "characters (万)", "p": "dots (筒)", "s": "bamboo (索)", "z": "honours (字)", "f": "flowers (花)"}


def withheld_win(t: TableState, p: int) -> WinScore | None:
    """When position ``p``'s hand is a complete shape now (with the tile it drew on its
    turn, or with the discard or robbed tile in the open window) but the rules refuse the
    win, the refused score: ``valid`` false and ``reason`` naming the rule (below the
    minimum, a win on a passed discard, a wild that may not be claimed). None when the
    hand is not complete or the win is on offer."""
    ph = t.phase
    counts, wilds = shape(t, p)
    if isinstance(ph, Turn):
        if ph.seat != p or ph.drawn is None or (sum(counts) + wilds) % 3 != 2 or not core.is_win(counts, wilds):
            return None
        return _refused_score(t, situation(t, p, ph.drawn, ph.draw_kind or "self_draw", None))
    if isinstance(ph, ClaimWindow) and ph.discarder != p:
        tile = ph.tile
        if tile in t.wt.wilds:
            wilds += 1
        else:
            counts[tile] += 1
        if (sum(counts) + wilds) % 3 != 2 or not core.is_win(counts, wilds):
            return None
        win_by = "rob_kong" if isinstance(ph, RobWindow) else "discard"
        er = t.er
        if not isinstance(ph, RobWindow) and t.win_barred(p):
            assert er.win_pass is not None
            return _refused(f"a discard win passed earlier bars discard wins until you draw or claim ({er.win_pass.rule})")
        if tile in t.wt.wilds and not t.rules.claims.claim_discarded_wild:
            return _refused("a discarded wild may not be claimed, not even to win (NB-4.12, NB-8.9)")
        return _refused_score(t, situation(t, p, tile, win_by, ph.discarder))
    return None


def _refused_score(t: TableState, sit: Situation) -> WinScore | None:
    """The scorer's refusal of ``sit``, its reason ending with the rule that gives it."""
    result = score(sit, t.rules)
    if result.valid:
        return None
    reason = result.reason or "the rules refuse this win"
    if result.reason_rule and result.reason_rule not in reason:
        reason = f"{reason} ({result.reason_rule})"
    return _refused(reason)


def _refused(reason: str) -> WinScore:
    return WinScore(False, reason, 0, {})


def refusal(t: TableState, p: int, action: Action, legal: list[Action]) -> str:
    """Why ``action`` by position ``p`` is not among ``legal`` (its legal actions now), in a
    sentence that names the rule where a rule bars it."""
    seat = SEATS[p]
    ph = t.phase
    kind = action.kind
    if action.seat != seat:
        return f"that move is written for {action.seat}; you play {seat}"
    if not legal:
        return f"it is not {seat}'s move now"
    on_turn = isinstance(ph, Turn)
    hand = t.seats[p].hand
    if kind == "hu":
        refused = withheld_win(t, p)
        if refused is not None:
            return f"no win: {refused.reason}"
        return "the hand is not complete" if on_turn or isinstance(ph, ClaimWindow) else "no win is possible now"
    if kind in ("discard", "ankan", "kakan", "flower") and not on_turn:
        return f"a {kind} is made on your own turn; now you may {_kinds(legal)}"
    if kind in ("chi", "pon", "kan", "pass") and on_turn:
        return f"{kind} answers another player's discard; now you may {_kinds(legal)}"
    tile = action.tile
    if kind == "discard":
        assert tile is not None
        if not hand[tile]:
            return f"{seat} holds no {tile_code(tile)}"
        return _discard_refusal(t, p, tile)
    if kind in ("chi", "pon", "kan") and isinstance(ph, ClaimWindow):
        return _claim_refusal(t, p, action, ph)
    if kind in ("ankan", "kakan"):
        if not t.can_kong():
            return "no kong now: its replacement tile would come from the tiles the wall keeps (NB-9.7)"
        if "kan" in t.banned_claims(False):
            return f"no kong in the first go-around ({_rule_of(t, 'kan')})"
        if kind == "ankan" and tile in t.wt.wilds and not t.er.wild_kong:
            return "no kong may hold a wild (NB-4.11)"
    return f"not a legal move now; you may {_kinds(legal)}"


def _kinds(legal: list[Action]) -> str:
    seen: list[str] = []
    for a in legal:
        if a.kind not in seen:
            seen.append(a.kind)
    return ", ".join(seen)


def _discard_refusal(t: TableState, p: int, tile: int) -> str:
    er = t.er
    ph = t.phase
    bans = ph.chi_bans if isinstance(ph, Turn) else ()
    if bans and tile in bans and t.in_force(er.chi_ban) and tile not in t.wt.wilds:
        assert er.chi_ban is not None
        return f"after a chi you may not discard {tile_code(tile)} at once: 吃张打张 ({er.chi_ban.rule})"
    for r in er.suits:
        if t.in_force(r, seat=p) and not suits_mask(r) >> tile & 1:
            allowed = " or ".join(_SUIT_NAMES.get(s, s) for s in r.suits)
            return f"this turn only {allowed} may be discarded ({r.rule})"
    if not held_discards(t, t.seats[p].hand) >> tile & 1:  # held (asked before), so a flower
        return f"{tile_code(tile)} is a flower: it is laid aside with a flower kong, not discarded (NB-5.4)"
    return f"{tile_code(tile)} may not be discarded now"


def _claim_refusal(t: TableState, p: int, action: Action, ph: ClaimWindow) -> str:
    kind = action.kind
    tile = ph.tile
    er = t.er
    if action.tile is not None and action.tile != tile:
        return f"the discard to claim is {tile_code(tile)}, not {tile_code(action.tile)}"
    if kind in t.banned_claims(at_claim=True):
        return f"no {kind} in the first go-around ({_rule_of(t, kind)})"
    if not t.can_draw():
        return "only a win may claim the last discard (NB-15.2)"
    if kind == "kan" and not t.can_kong():
        return "no kong now: its replacement tile would come from the tiles the wall keeps (NB-9.7)"
    if tile in t.wt.wilds and not t.rules.claims.claim_discarded_wild:
        return "a discarded wild may not be claimed (NB-4.12, NB-8.9)"
    if kind == "pon" and tile in t.pons_barred(p):
        assert er.pon_pass is not None
        return f"you passed a pong of {tile_code(tile)} and have not acted since ({er.pon_pass.rule})"
    if kind == "chi":
        if not t.rules.claims.chi:
            return "this variant has no chi"
        if (ph.discarder + 1) % 4 != p:
            return f"a chi takes only the discard of the player before you ({SEATS[ph.discarder]} is not)"
        if action.use and t.in_force(er.chi_ban, at_claim=True):
            bans = chi_discard_bans(tile, action.use)
            return f"that chi would leave no tile you may discard: 吃张打张 bars {' '.join(tile_code(b) for b in bans)}"
    need = {"pon": 2, "kan": 3}.get(kind)
    if need is not None and t.seats[p].hand[tile] < need:
        return f"a {kind} of {tile_code(tile)} needs {need} of them in your hand"
    return f"that {kind} is not offered"


def _rule_of(t: TableState, claim: str) -> str:
    for r in t.er.no_claims:
        if claim in r.claims:
            return r.rule
    return "NH-1.8"


def explained_settlement(t: TableState) -> Settlement:
    """The settlement of the finished hand at ``t``, explained term by term (its seats the
    table's positions). The kong and flower payments are read from the hand's log: a hand
    played without one, under rules that pay for kongs or flowers, is a
    :class:`~nbmj.errors.GameSetupError`, as is a hand not over."""
    ph = t.phase
    if not isinstance(ph, Over):
        raise GameSetupError("the hand is not over: it has no settlement yet")
    result = ph.result
    rules = t.rules
    position = {t.seat_wind(i): SEATS[i] for i in range(4)}
    at = position.__getitem__
    wins = [explain_win(sit, rules, seat_of=at) for sit in result.situations]
    others: list[Term] = []
    if result.outcome == "win" and rules.loser_settlement is not None:
        won = {SEATS.index(str(w["seat"])) for w in result.winners}
        others.extend(loser_terms(losers_fu(t, won), rules, seat_of=at))
    imm = rules.immediate
    if not t.keeps_log and any((imm.exposed_kong, imm.concealed_kong, imm.added_kong, imm.flower, imm.all_flowers_held,
                                imm.all_wilds_held)):
        raise GameSetupError("this hand keeps no log (log=False), so its kong and flower payments cannot be itemized")
    paid = [(str(ev["seat"]), str(ev["why"]), int(ev["amount"])) for ev in t.events if ev.get("e") == "pay"]  # type: ignore[call-overload]
    others.extend(immediate_terms(paid, void=result.outcome == "draw" and imm.void_on_draw))
    return explain_settlement(result.outcome, wins, others)
