"""What the engine reads from a RuleSet, read once: :class:`EngineRules`, and the tables that
follow from which tiles are wild: :class:`WildTables`.

A RuleSet is frozen, so its engine view is built once per RuleSet (:func:`engine_rules`)
and shared by every game of that variant; the wild tables are built once per wild set
(:func:`wild_tables`). Every rule difference the engine obeys is a field here, so a
newcomer finds in one class everything a variant can change about play.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.model import ClaimRules, ImmediatePayments, Restriction, RuleSet
from ..tiles import N_KINDS
from .claims import claim_flags, claim_seat_order, claim_tiers

__all__ = ["EngineRules", "WildTables", "engine_rules", "wild_tables", "DISCARD_RESTRICTIONS", "CLAIM_RESTRICTIONS"]

#: Restriction kinds that limit which tiles may be discarded. The Turn phase carries the
#: tiles a chow bars (``chi_bans``); a variant with any other kind of this set takes the
#: careful path in ``nbmj.engine.turn.turn_actions`` at every discard, so a kind added
#: here cannot be skipped by the fast path.
DISCARD_RESTRICTIONS = frozenset({"chi_discard_ban", "discard_suits"})
#: Restriction kinds that limit claims or kongs, or record offences; none of them limits a
#: discard. Every kind of ``nbmj.rules.model.RESTRICTION_KINDS`` is in one of the two
#: sets (a test checks it), so a new kind must be classified before the engine runs it.
CLAIM_RESTRICTIONS = frozenset(
    {"pon_after_pass", "win_after_pass", "kong_after_pon", "no_claims", "bao_suit_warning", "bao_terminal_warning"}
)


@dataclass(frozen=True)
class EngineRules:
    """The engine's frozen view of one RuleSet (see :func:`engine_rules`)."""

    rules: RuleSet
    claims: ClaimRules
    #: the claim rules as the core reads them (:func:`nbmj.core.claim_options`, ``resolve_claims``)
    claim_flags: int
    claim_tiers: tuple[int, int, int, int]
    claim_seat_order: tuple[int, int, int]
    all_winners: bool
    wild_kong: bool  # the four tiles of a wild kind may form a concealed kong (NB-4.11, NB-4.14)
    chi_ban: Restriction | None
    pon_pass: Restriction | None
    win_pass: Restriction | None
    kong_pon: Restriction | None
    #: whether each of the four restrictions above is in force at every moment (its window is
    #: ``always``): the compiled twin answers those without asking the window at each step
    chi_ban_always: bool
    pon_pass_always: bool
    win_pass_always: bool
    kong_pon_always: bool
    suits: tuple[Restriction, ...]
    no_claims: tuple[Restriction, ...]
    bao_suits: bool
    bao_terminals: bool
    #: whether a restriction other than the chow bans limits the discard (see :data:`DISCARD_RESTRICTIONS`)
    discard_limited: bool
    auto_flowers: bool
    per_player_flowers: bool
    wild_flower_is_flower: bool
    kept_base: int
    kept_per_kong: int
    #: NH-1.9's stack reading (``draw.count_by stacks``): only whole stacks beyond the reserve are drawn
    kept_whole_stacks: bool
    dealer_tiles: int
    other_tiles: int
    immediate: ImmediatePayments
    losers_settle: bool
    #: whether a hand may win in a shape other than the standard one (``winning.shapes``)
    several_shapes: bool


def _always(r: Restriction | None) -> bool:
    return r is not None and r.window == "always"


def _read(rules: RuleSet) -> EngineRules:
    c = rules.claims
    chi_ban = rules.restriction("chi_discard_ban")
    pon_pass = rules.restriction("pon_after_pass")
    win_pass = rules.restriction("win_after_pass")
    kong_pon = rules.restriction("kong_after_pon")
    return EngineRules(
        rules=rules,
        claims=c,
        claim_flags=claim_flags(c),
        claim_tiers=claim_tiers(c.priority),
        claim_seat_order=claim_seat_order(c.seat_order),
        all_winners=c.multiple_winners == "all",
        wild_kong=c.wilds_in_melds or c.wild_kong,
        chi_ban=chi_ban,
        pon_pass=pon_pass,
        win_pass=win_pass,
        kong_pon=kong_pon,
        chi_ban_always=_always(chi_ban),
        pon_pass_always=_always(pon_pass),
        win_pass_always=_always(win_pass),
        kong_pon_always=_always(kong_pon),
        suits=tuple(r for r in rules.restrictions if r.kind == "discard_suits"),
        no_claims=tuple(r for r in rules.restrictions if r.kind == "no_claims"),
        bao_suits=rules.restriction("bao_suit_warning") is not None,
        bao_terminals=rules.restriction("bao_terminal_warning") is not None,
        discard_limited=any(r.kind in DISCARD_RESTRICTIONS and r.kind != "chi_discard_ban" for r in rules.restrictions),
        auto_flowers=rules.flowers.in_play == "auto",
        per_player_flowers=rules.flowers.initial_replacement == "per_player",
        wild_flower_is_flower=rules.wilds.wild_flower_is_flower,
        kept_base=2 * rules.draw.kept_stacks,
        kept_per_kong=2 * rules.draw.kept_stacks_per_kong,
        kept_whole_stacks=rules.draw.count_by == "stacks",
        dealer_tiles=rules.dealing.dealer_tiles,
        other_tiles=rules.dealing.other_tiles,
        immediate=rules.immediate,
        losers_settle=rules.loser_settlement is not None,
        several_shapes=len(rules.shapes) > 1,
    )


# Keyed by id, holding the RuleSet itself so that the id cannot be reused while the entry lives.
_VIEWS: dict[int, EngineRules] = {}


def engine_rules(rules: RuleSet) -> EngineRules:
    """The engine's view of ``rules``, built once per RuleSet and shared."""
    hit = _VIEWS.get(id(rules))
    if hit is not None and hit.rules is rules:
        return hit
    view = _read(rules)
    if len(_VIEWS) >= 64:
        _VIEWS.clear()
    _VIEWS[id(rules)] = view
    return view


@dataclass(frozen=True)
class WildTables:
    """Tables that follow from the wild tile ids: which ids act as flowers (a wild flower
    does not, NB-4.4, unless the variant says so) and which may be discarded."""

    wild_ids: tuple[int, ...]
    wilds: frozenset[int]
    wild_kinds: tuple[int, ...]
    wild_mask: int
    wild_flower_ids: tuple[int, ...]
    flower_flag: tuple[bool, ...]
    #: bit ``t`` set for each id ``t`` that is no flower laid aside (the compiled hot path's
    #: loops over a hand; ``restrictions.held_discards`` reads it)
    playable_mask: int
    #: bit ``t`` set for each wild id ``t`` that counts as a wild in a hand: wild flowers
    #: included, save one that also acts as a flower (NB-4.4), which is laid aside, not played
    wild_id_mask: int


_WILD_TABLES: dict[tuple[tuple[int, ...], bool], WildTables] = {}


def _acts_as_flower(t: int, wilds: frozenset[int], wild_flower_is_flower: bool) -> bool:
    """Whether tile id ``t`` acts as a flower: a flower id that is not wild, or a wild flower
    when the variant says so (NB-4.4)."""
    if t < N_KINDS:
        return False
    if t not in wilds:
        return True
    return bool(wild_flower_is_flower)


def wild_tables(wild_ids: tuple[int, ...], wild_flower_is_flower: bool) -> WildTables:
    """The :class:`WildTables` of these wild ids, built once for each pair and shared."""
    key = (wild_ids, wild_flower_is_flower)
    hit = _WILD_TABLES.get(key)
    if hit is not None:
        return hit
    wilds = frozenset(wild_ids)
    # Plain loops, no generator expressions: this module is compiled (rules_view.pxd), and
    # Cython 3.3 miscompiles a generator that mixes a typed argument into an ``and``.
    flags = []
    for t in range(42):
        flags.append(_acts_as_flower(t, wilds, wild_flower_is_flower))
    flower_flag = tuple(flags)
    playable = [t for t in range(42) if not flower_flag[t]]
    hit = _WILD_TABLES[key] = WildTables(
        wild_ids=wild_ids,
        wilds=wilds,
        wild_kinds=tuple([k for k in wild_ids if k < N_KINDS]),
        wild_mask=sum([1 << k for k in wild_ids if k < N_KINDS]),
        wild_flower_ids=tuple([k for k in wild_ids if k >= N_KINDS and not flower_flag[k]]),
        flower_flag=flower_flag,
        playable_mask=sum([1 << t for t in playable]),
        wild_id_mask=sum([1 << k for k in wilds if not flower_flag[k]]),
    )
    return hit
