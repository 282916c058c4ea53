"""The tables a :class:`~nbmj.engine.game.Game` reads instead of recomputing them.

Three kinds live here: tables shared by every game (tile codes for the event log, the
action objects the engine offers most, the claim order around the table, the core's claim
bits); what a game reads from its RuleSet, cached per RuleSet; and the tables that depend
only on which tiles are wild, cached per wild set. The game copies the cached dicts into
its own attributes, so its methods read plain attributes on hot paths.
"""

from __future__ import annotations

from operator import itemgetter

from .. import core
from ..rules.model import SEATS, RuleSet
from ..tiles import N_KINDS, tile_code
from .actions import interned
from .claims import claim_flags, claim_seat_order, claim_tiers

__all__ = [
    "CODES",
    "DISCARD_ACTS",
    "HU_ACTS",
    "PASS_ACTS",
    "CLAIM_ORDER",
    "SEAT_INDEX",
    "F_HU",
    "F_KAN",
    "F_PON",
    "F_CHI",
    "O_HU",
    "O_KAN",
    "O_PON",
    "O_CHI",
    "BAN_FLAG",
    "notation",
    "rule_values",
    "wild_tables",
]

CODES = tuple(tile_code(t) for t in range(42))  # tile_code without its checks, for the event log
# Actions are immutable, so every game offers these same objects; a bot that hands one back
# is matched by identity in Game.step.
DISCARD_ACTS = tuple(tuple(interned(s, "discard", t) for t in range(42)) for s in SEATS)
HU_ACTS = tuple(interned(s, "hu") for s in SEATS)
PASS_ACTS = tuple(interned(s, "pass") for s in SEATS)
CLAIM_ORDER = tuple(tuple((d + i) % 4 for i in (1, 2, 3)) for d in range(4))  # next, opposite, previous
SEAT_INDEX = {s: i for i, s in enumerate(SEATS)}
# The core's claim bits as plain ints: an int test is cheaper than an enum one.
F_HU, F_KAN, F_PON, F_CHI = (int(core.ClaimFlag[k]) for k in ("HU", "KAN", "PON", "CHI"))
O_HU, O_KAN, O_PON = (int(core.ClaimOption[k]) for k in ("HU", "KAN", "PON"))
O_CHI = int(core.ClaimOption.CHI_HIGH | core.ClaimOption.CHI_MID | core.ClaimOption.CHI_LOW)
BAN_FLAG = {"hu": F_HU, "kan": F_KAN, "pon": F_PON, "chi": F_CHI}


def notation(tiles) -> str:
    """:func:`nbmj.tiles.to_notation` for valid ids, faster: ids sort in the order m p s z f."""
    out = []
    digits = ""
    letter = ""
    for t in sorted(tiles):
        code = CODES[t]
        if code[1] != letter:
            if digits:
                out.append(digits + letter)
            digits, letter = "", code[1]
        digits += code[0]
    if digits:
        out.append(digits + letter)
    return "".join(out)


def _read_rule_values(rules: RuleSet) -> dict:
    """The ``_r_*`` and other rule attributes a Game reads from its RuleSet."""
    c = rules.claims
    return {
        "_claims": c,
        # the claim rules as the core reads them (nbmj.core.claim_options / resolve_claims)
        "_claim_flags": claim_flags(c),
        "_claim_tiers": claim_tiers(c.priority),
        "_claim_seat_order": claim_seat_order(c.seat_order),
        "_all_winners": c.multiple_winners == "all",
        "_r_chi_ban": rules.restriction("chi_discard_ban"),
        "_r_pon_pass": rules.restriction("pon_after_pass"),
        "_r_win_pass": rules.restriction("win_after_pass"),
        "_r_kong_pon": rules.restriction("kong_after_pon"),
        "_r_suits": tuple(r for r in rules.restrictions if r.kind == "discard_suits"),
        "_r_no_claims": tuple(r for r in rules.restrictions if r.kind == "no_claims"),
        "_r_bao_suits": rules.restriction("bao_suit_warning") is not None,
        "_r_bao_terminals": rules.restriction("bao_terminal_warning") is not None,
        "_auto_flowers": rules.flowers.in_play == "auto",
        "_wild_flower_is_flower": rules.wilds.wild_flower_is_flower,
        "_kept_base": 2 * rules.draw.kept_stacks,
        "_kept_per_kong": 2 * rules.draw.kept_stacks_per_kong,
    }


# RuleSets are frozen: what a game reads from one is read once. Keyed by id, holding the
# RuleSet itself so that the id cannot be reused while the entry lives.
_RULE_VALUES: dict[int, tuple[RuleSet, dict]] = {}


def rule_values(rules: RuleSet) -> dict:
    """The game attributes read from ``rules`` (see :func:`_read_rule_values`), cached per
    RuleSet; the dict is shared, so the caller copies it and never changes it."""
    hit = _RULE_VALUES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    values = _read_rule_values(rules)
    if len(_RULE_VALUES) >= 64:
        _RULE_VALUES.clear()
    _RULE_VALUES[id(rules)] = (rules, values)
    return values


# Per-game tables that depend only on the wild ids and whether a wild flower still acts as
# a flower: built once for each such pair.
_WILD_TABLES: dict[tuple, dict] = {}


def wild_tables(wild_ids: tuple[int, ...], wild_flower_is_flower: bool) -> dict:
    """The game attributes that follow from the wild tile ids: which ids act as flowers,
    which may be discarded, and the discard actions on offer. Shared, like :func:`rule_values`."""
    key = (wild_ids, wild_flower_is_flower)
    hit = _WILD_TABLES.get(key)
    if hit is not None:
        return hit
    wilds = set(wild_ids)
    flower_flag = tuple(t >= N_KINDS and (t not in wilds or wild_flower_is_flower) for t in range(42))
    playable = tuple(t for t in range(42) if not flower_flag[t])
    hit = _WILD_TABLES[key] = {
        "_wild_kinds": tuple(k for k in wild_ids if k < N_KINDS),
        "_wild_mask": sum(1 << k for k in wild_ids if k < N_KINDS),
        "_wild_flower_ids": tuple(k for k in wild_ids if k >= N_KINDS),
        "_flower_flag": flower_flag,
        "_playable": playable,
        "_playable_counts": itemgetter(*playable),  # hand -> counts of the playable ids
        "_playable_discards": tuple(tuple(DISCARD_ACTS[s][t] for t in playable) for s in range(4)),
    }
    return hit
