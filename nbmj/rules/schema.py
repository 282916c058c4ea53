"""The settings each section may hold, and the readers that check and convert their values.

A reader takes ``(key, atoms, owner)`` — the setting's dotted name, the value atoms after
it, and the setting's location — and returns the value for the model or raises
:class:`~nbmj.rules.source.Bad`. :data:`SECTION_SCHEMA` and :data:`SCORING_SCHEMA` map each
section (or scoring kind) to its settings' readers; the constants below name the other
words the reader and the checks accept.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import model as M
from .diagnostics import did_you_mean
from .source import Bad, Loc
from .syntax import Atom

_YES = {"yes": True, "no": False}

# A setting's reader: (dotted name, the value atoms, where the setting is) -> its value.
Reader = Callable[[str, list[Atom], Loc], Any]


@dataclass(frozen=True)
class ValueReader:
    """A setting's reader together with what it accepts, for editors (completion, hover).

    ``words`` are the words the value may use, ``expects`` says in English what the value
    is: a :meth:`str.format` template over ``{words}`` (the words, comma-separated) and
    ``{minimum}``.
    """

    read: Reader
    words: tuple[str, ...] = ()
    expects: str = ""
    minimum: int | None = None

    def __call__(self, key: str, atoms: list[Atom], owner: Loc) -> Any:
        return self.read(key, atoms, owner)

    def description(self, template: str | None = None) -> str:
        """What the value is: ``expects`` (or a translation of it) with its fields."""
        return (template or self.expects).format(words=", ".join(self.words), minimum=self.minimum)
INT_RE = re.compile(r"-?[0-9]+\Z")
RULE_RE = re.compile(r"\[(NB|NH)-[0-9]+(\.[0-9]+)*\]\Z")
# A house rule's own ID, declared in `local_rules`: a prefix of capitals and digits other
# than the rulebook's NB and NH, then numbers (HOUSE-1, THU-2.1).
LOCAL_RULE_RE = re.compile(r"(?!(NB|NH)-)[A-Z][A-Z0-9]*-[0-9]+(\.[0-9]+)*\Z")
NAME_RE = re.compile(r"[a-z][a-z0-9_]*\Z")


def list_words(atoms: list[Atom]) -> list[Atom]:
    """The atoms minus list punctuation (commas)."""
    return [a for a in atoms if not (a.kind == "PUNCT" and a.text == ",")]


def _one(key: str, atoms: list[Atom], owner: Loc) -> Atom:
    if not atoms:
        raise Bad(f"{key} needs a value", owner)
    if len(atoms) > 1:
        raise Bad(f"{key} takes one value; unexpected {atoms[1].text!r} (one setting per line, or separate them with ';')", atoms[1].loc)
    return atoms[0]


# A number in a variant file has at most this many digits (the largest a rule could want
# has a few dozen); Python reads no more than 4,300 without being told to.
MAX_DIGITS = 100


def whole_value(a: Atom) -> int:
    """The whole number ``a`` spells (it matches :data:`INT_RE`); :class:`Bad` when it has
    more than :data:`MAX_DIGITS` digits."""
    digits = len(a.text) - a.text.startswith("-")
    if digits > MAX_DIGITS:
        raise Bad(f"a number of {digits:,} digits is too long: a number here has at most {MAX_DIGITS} digits", a.loc)
    return int(a.text)


def _as_int(key: str, a: Atom, minimum: int | None = 0) -> int:
    if not INT_RE.match(a.text):
        raise Bad(f"{key} must be a whole number, not {a.text!r}", a.loc)
    v = whole_value(a)
    if minimum is not None and v < minimum:
        raise Bad(f"{key} must be at least {minimum}, not {v}", a.loc)
    return v


def _read_bool(key: str, atoms: list[Atom], owner: Loc) -> Any:
    a = _one(key, atoms, owner)
    if a.text not in _YES:
        raise Bad(f"{key} must be yes or no, not {a.text!r}", a.loc)
    return _YES[a.text]


r_bool = ValueReader(_read_bool, tuple(_YES), "yes or no")


def r_int(minimum: int = 0) -> ValueReader:
    def read(key: str, atoms: list[Atom], owner: Loc) -> Any:
        return _as_int(key, _one(key, atoms, owner), minimum)

    return ValueReader(read, (), "a whole number, at least {minimum}", minimum)


def r_opt_int(minimum: int = 0) -> ValueReader:
    def read(key: str, atoms: list[Atom], owner: Loc) -> Any:
        a = _one(key, atoms, owner)
        if a.text == "none":
            return None
        if not INT_RE.match(a.text):
            raise Bad(f"{key} must be a whole number or 'none', not {a.text!r}", a.loc)
        return _as_int(key, a, minimum)

    return ValueReader(read, ("none",), "a whole number, at least {minimum}, or none (no limit)", minimum)


def r_enum(*choices: str) -> ValueReader:
    def read(key: str, atoms: list[Atom], owner: Loc) -> Any:
        a = _one(key, atoms, owner)
        if a.text not in choices:
            raise Bad(f"unknown value {a.text!r} for {key}{did_you_mean(a.text, choices)}", a.loc)
        return a.text

    return ValueReader(read, choices, "one of: {words}")


def r_enum_list(*choices: str, allow_empty: bool = False) -> ValueReader:
    def read(key: str, atoms: list[Atom], owner: Loc) -> Any:
        words = list_words(atoms)
        if not words and not allow_empty:
            raise Bad(f"{key} needs at least one of: {', '.join(choices)}", owner)
        seen: list[str] = []
        for a in words:
            if a.text not in choices:
                raise Bad(f"unknown value {a.text!r} for {key}{did_you_mean(a.text, choices)}", a.loc)
            if a.text in seen:
                raise Bad(f"{key} names {a.text!r} twice", a.loc)
            seen.append(a.text)
        return tuple(seen)

    return ValueReader(read, choices, "one or more of: {words}")


def _read_int_list_or_none(key: str, atoms: list[Atom], owner: Loc) -> Any:
    words = list_words(atoms)
    if len(words) == 1 and words[0].text == "none":
        return None
    if not words:
        raise Bad(f"{key} needs whole numbers or 'none'", owner)
    return tuple(_as_int(key, a, 0) for a in words)


r_int_list_or_none = ValueReader(_read_int_list_or_none, ("none",), "whole numbers, or none")


def _read_pair(key: str, atoms: list[Atom], owner: Loc) -> Any:
    words = list_words(atoms)
    if len(words) != 2:
        raise Bad(f"{key} takes two numbers: the difference in 胡 and the silver it costs", words[2].loc if len(words) > 2 else owner)
    return (_as_int(key, words[0], 1), _as_int(key, words[1], 0))


r_pair = ValueReader(_read_pair, (), "two whole numbers: the difference in 胡 and the silver it costs")


def _read_priority(key: str, atoms: list[Atom], owner: Loc) -> Any:
    """``hu > kan = pon > chi`` → (("hu",), ("kan", "pon"), ("chi",))."""
    tiers: list[list[str]] = [[]]
    seen: dict[str, Atom] = {}
    expect_word = True
    for a in atoms:
        if expect_word:
            if a.kind != "WORD":
                raise Bad(f"priority: expected a claim name, not {a.text!r}", a.loc)
            if a.text not in M.CLAIMS:
                raise Bad(f"unknown claim {a.text!r} in priority{did_you_mean(a.text, M.CLAIMS)}", a.loc)
            if a.text in seen:
                raise Bad(f"priority names {a.text!r} twice", a.loc)
            seen[a.text] = a
            tiers[-1].append(a.text)
        else:
            if a.text == ">":
                tiers.append([])
            elif a.text not in ("=", ","):
                raise Bad(f"priority: claims are separated by '>' (higher) or '=' (equal), not {a.text!r}", a.loc)
        expect_word = not expect_word
    if expect_word:
        raise Bad("priority ends with an operator; a claim name must follow it", atoms[-1].loc if atoms else owner)
    return tuple(tuple(t) for t in tiers)


r_priority = ValueReader(
    _read_priority, M.CLAIMS, "the claims {words}, highest first, with '>' between ranks and '=' within one: hu > kan = pon > chi"
)


def _read_seat_order(key: str, atoms: list[Atom], owner: Loc) -> Any:
    order = r_enum_list(*M.RELATIVE_SEATS)(key, atoms, owner)
    missing = [s for s in M.RELATIVE_SEATS if s not in order]
    if missing:
        raise Bad(f"{key} must rank all of next, opposite, previous; missing {', '.join(missing)}", owner)
    return order


r_seat_order = ValueReader(_read_seat_order, M.RELATIVE_SEATS, "all of {words}, in the order they take a claim")


def _read_minimum_alternatives(key: str, atoms: list[Atom], owner: Loc) -> Any:
    """``2 x 2, 1 x 4`` (or ``none``) → ((2, 2), (1, 4)): at least so many 台 with a product of
    multipliers at least so much (NB-13.6)."""
    words = list_words(atoms)
    if len(words) == 1 and words[0].text == "none":
        return ()
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(words):
        group = words[i : i + 3]
        if len(group) < 3 or group[1].text not in ("x", "×"):
            at = group[1] if len(group) > 1 else group[0]
            raise Bad(f"{key} lists 'TAI x MULTIPLIER' pairs separated by commas, e.g. '2 x 2, 1 x 4'; "
                      f"unexpected {at.text!r}", at.loc)
        out.append((_as_int(key, group[0], 0), _as_int(key, group[2], 1)))
        i += 3
    if not out:
        raise Bad(f"{key} needs 'TAI x MULTIPLIER' pairs or 'none'", owner)
    return tuple(out)


r_minimum_alternatives = ValueReader(
    _read_minimum_alternatives, ("none",), "TAI x MULTIPLIER pairs separated by commas (2 x 2, 1 x 4), or none"
)


_DICE = ("sum", "large", "small")

# section -> setting -> reader. `flowers.seat`, the liability rows and the scoring kinds
# are read separately.
SECTION_SCHEMA: dict[str, dict[str, Reader]] = {
    "tiles": {"flowers": r_bool},
    "dealing": {
        "dealer_tiles": r_int(1),
        "other_tiles": r_int(1),
        "stacks_per_wall": r_int(1),
        "open_wall_by": r_enum(*_DICE),
        "start_stacks_by": r_enum(*_DICE),
    },
    "wilds": {
        "enabled": r_bool,
        "indicator_die": r_enum(*_DICE),
        "indicator_origin": r_enum("tail", "player_wall"),
        "kinds": r_enum_list("same", "next"),
        "wild_flower_is_flower": r_bool,
        "flower_indicator": r_enum("group", "all"),
    },
    "flowers": {
        "initial_replacement": r_enum("rounds", "per_player"),
        "in_play": r_enum("auto", "manual"),
    },
    "claims": {
        "chi": r_bool,
        "pon": r_bool,
        "kan": r_bool,
        "win_on_discard": r_bool,
        "rob_kong": r_bool,
        "priority": r_priority,
        "seat_order": r_seat_order,
        "multiple_winners": r_enum("nearest", "all"),
        "claim_discarded_wild": r_bool,
        "wilds_in_melds": r_bool,
        "wild_kong": r_bool,
    },
    "winning": {"shapes": r_enum_list(*M.SHAPES), "heavenly_wait": r_enum("drawn", "any")},
    "liability": {
        "threshold": r_int(1),
        "counts": r_enum_list("chi", "pon", "kan"),
        "direction": r_enum("either", "winner_fed", "fed_winner"),
        "others_pay": r_bool,
    },
    "loser_settlement": {
        "mode": r_enum("per_step", "threshold"),
        "adjacent": r_pair,
        "opposite": r_pair,
    },
    "immediate": {
        "exposed_kong": r_int(0),
        "concealed_kong": r_int(0),
        "added_kong": r_int(0),
        "flower": r_int(0),
        "void_on_draw": r_bool,
        "false_win": r_int(0),
        "all_flowers_held": r_int(0),
        "all_wilds_held": r_int(0),
    },
    "draw": {"kept_stacks": r_int(0), "kept_stacks_per_kong": r_int(0), "count_by": r_enum("tiles", "stacks")},
    "dealer": {
        "first_dealer": r_enum("random", "two_rolls"),
        "on_dealer_win": r_enum("stay", "next_seat"),
        "on_nondealer_win": r_enum("next_seat", "winner"),
        "on_draw": r_enum("stay", "next_seat"),
    },
}

SCORING_SCHEMA: dict[str, dict[str, Reader]] = {
    "tai": {
        "minimum": r_int(0),
        "cap": r_opt_int(1),
        "conversion": r_enum("linear", "doubling"),
        "points_per_tai": r_int(0),
        "base_points": r_int(0),
        "points_cap": r_opt_int(1),
        "minimum_of": r_enum("tai", "value"),
        "minimum_alternatives": r_minimum_alternatives,
    },
    "fu_fan": {
        "base": r_int(0),
        "fan_multiplier": r_enum("power_of_two", "fan_plus_one"),
        "round_to": r_int(1),
        "round_stage": r_enum("after_multiply", "before_multiply"),
        "fan_cap": r_int(1),
        "cap": r_int(1),
        "fixed_by_fan": r_int_list_or_none,
        "silver": r_enum("identity", "half_hundreds"),
    },
}
# Settings a root may leave out, with the value they take.
OPTIONAL_SETTINGS = {("scoring", "points_cap"): None, ("scoring", "minimum_of"): "tai",
                     ("scoring", "minimum_alternatives"): (), ("wilds", "flower_indicator"): "group",
                     ("immediate", "false_win"): 0, ("immediate", "all_flowers_held"): 0,
                     ("immediate", "all_wilds_held"): 0, ("claims", "wild_kong"): False,
                     ("draw", "count_by"): "tiles", ("winning", "heavenly_wait"): "drawn"}

TABLE_SECTIONS = ("restrictions", "win_restrictions", "items", "payments", "local_rules")
# What one entry of each keyed table is called in messages.
TABLE_ENTRY_NAMES = {
    "items": "item",
    "restrictions": "restriction",
    "win_restrictions": "win restriction",
    "payments": "payment row",
    "liability_rows": "liability row",
    "local_rules": "local rule",
}
OPTIONAL_SECTIONS = ("liability", "loser_settlement")  # may be `none`
ALL_SECTIONS = tuple(SECTION_SCHEMA) + ("scoring",) + TABLE_SECTIONS

WILD_FEATURES = ("wilds_held", "wild_as_itself", "wild_single_wait", "discarded_wild", "win_tile_wild", "wild_pair_win")
FLOWER_FEATURES = ("flowers", "flower_sets")
WINDOWS = ("always", "first_go_around", "dealer_first_turn")
# what may follow `unless` after each restriction kind: the conditions the engine checks when
# it applies the restriction (a chow's discard ban is lifted for a big crane, NB-8.4)
UNLESS_WORDS: dict[str, tuple[str, ...]] = {"chi_discard_ban": ("big_crane",)}
# restriction kinds that hold whenever they apply, in no window (`during` takes only `always`)
ALWAYS_KINDS = ("bao_suit_warning", "bao_terminal_warning")
# restriction kinds that can be in force in some windows only, with why no other window
# would ever hold when the engine asks: a chow or a pong is a claim, which closes every
# window but `always` (NB-8.1, NB-8.8); a pass bars a later claim, never one on the dealer's
# first discard, the only claims dealer_first_turn is open at (NB-8.6, NB-8.7)
WINDOWS_OF: dict[str, tuple[tuple[str, ...], str]] = {
    "chi_discard_ban": (("always",), "it bars a discard after a chow, and a claim closes every window but 'always'"),
    "kong_after_pon": (("always",), "it bars a kong in the turn of a pong, and a claim closes every window but 'always'"),
    "pon_after_pass": (("always", "first_go_around"),
                       "it bars a claim on a later discard than the one passed, and dealer_first_turn is open only "
                       "at the claims on the dealer's first discard"),
    "win_after_pass": (("always", "first_go_around"),
                       "it bars a win on a later discard than the one passed, and dealer_first_turn is open only "
                       "at the claims on the dealer's first discard"),
}
SUIT_WORDS = ("m", "p", "s", "z", "f")
UNITS = ("tai", "fu", "fan", "x")
