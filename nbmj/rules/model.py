"""The compiled rule set: frozen, typed data that drives the scorer and the engine.

A variant file (``spec/variants/*.nbv``) compiles into one :class:`RuleSet`. Every way in
which variants differ is a field here, read at one place in the scorer or the engine; no
code asks for a variant by name.

Seats are written ``"E" "S" "W" "N"`` (seat winds; ``"E"`` is the dealer). Relative seats
as seen from a given player are ``"next"`` (下家, plays after them), ``"opposite"`` (对家)
and ``"previous"`` (上家). Tiles are tile ids from :mod:`nbmj.tiles`.

Conditions over a hand are small expression trees (:class:`Feature`, :class:`Compare`,
:class:`Not`, :class:`AllOf`, :class:`AnyOf`) over the named features in :data:`FEATURES`;
``str()`` of an expression is its DSL spelling.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
from dataclasses import dataclass
from typing import Any, Literal, Union

from ..errors import NbmjError

__all__ = [
    "SEATS",
    "RELATIVE_SEATS",
    "WIN_METHODS",
    "CLAIMS",
    "SHAPES",
    "DiceQuantity",
    "WinMethod",
    "Feature",
    "Compare",
    "Not",
    "AllOf",
    "AnyOf",
    "Expr",
    "FeatureSpec",
    "FEATURES",
    "TileSetRules",
    "DealingRules",
    "WildRules",
    "FlowerRules",
    "ClaimRules",
    "Restriction",
    "RESTRICTION_KINDS",
    "WinRestriction",
    "ScoringItem",
    "TaiScoring",
    "FuFanScoring",
    "Share",
    "PaymentRule",
    "PAYMENT_SITUATIONS",
    "PAYER_ROLES",
    "LiabilityRow",
    "LIABILITY_SITUATIONS",
    "Liability",
    "LoserSettlement",
    "ImmediatePayments",
    "DrawRules",
    "DealerRules",
    "LocalRule",
    "RuleSet",
]

SEATS = ("E", "S", "W", "N")
RELATIVE_SEATS = ("next", "opposite", "previous")
WIN_METHODS = ("discard", "self_draw", "rob_kong", "kong_replacement", "flower_replacement")
CLAIMS = ("hu", "kan", "pon", "chi")
# Winning shapes a variant may allow (RuleSet.shapes). Added for the DSL's `winning { shapes ... }`.
SHAPES = {
    "standard": "four sets (chow, pung or kong) and a pair (NB-10; C25)",
    "seven_pairs": "七对子: seven pairs, no meld laid; four of a kind are two pairs (NB-10.14)",
    "honors_any": "乱风 / 风一色: every tile an honour, in any arrangement; melds laid are honour pungs (NB-10.15)",
}

DiceQuantity = Literal["sum", "large", "small"]
Unit = Literal["tai", "fu", "fan", "x"]
Window = Literal["always", "first_go_around", "dealer_first_turn"]
Link = Literal["one_way", "mutual"]
ComparisonOp = Literal[">=", "<=", "==", "!=", ">", "<"]
WinMethod = Literal["discard", "self_draw", "rob_kong", "kong_replacement", "flower_replacement"]


# --------------------------------------------------------------------------- conditions


@dataclass(frozen=True)
class Feature:
    """A named, countable property of a winning hand, e.g. ``pungs(dragon)``.

    Its value is a non-negative integer; in a condition it is true when non-zero.
    """

    name: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.name}({', '.join(self.args)})" if self.args else self.name


@dataclass(frozen=True)
class Compare:
    """``feature OP number``, e.g. ``wilds_held >= 3``."""

    feature: Feature
    op: Literal[">=", "<=", "==", "!=", ">", "<"]
    value: int

    def __str__(self) -> str:
        return f"{self.feature} {self.op} {self.value}"


@dataclass(frozen=True)
class Not:
    """Negation of a condition."""

    operand: "Expr"

    def __str__(self) -> str:
        inner = str(self.operand)
        return f"not {inner}" if isinstance(self.operand, (Feature, Not)) else f"not ({inner})"


@dataclass(frozen=True)
class AllOf:
    """Conjunction: every operand holds (``a and b``)."""

    operands: tuple["Expr", ...]

    def __str__(self) -> str:
        return " and ".join(f"({o})" if isinstance(o, AnyOf) else str(o) for o in self.operands)


@dataclass(frozen=True)
class AnyOf:
    """Disjunction: some operand holds (``a or b``)."""

    operands: tuple["Expr", ...]

    def __str__(self) -> str:
        return " or ".join(str(o) for o in self.operands)


Expr = Union[Feature, Compare, Not, AllOf, AnyOf]


@dataclass(frozen=True)
class FeatureSpec:
    """What a feature name means and which arguments it takes.

    ``arg_choices`` holds one tuple of allowed words per argument *slot*; each slot is
    optional and the words of different slots are distinct, so arguments may come in any
    order. ``boolean`` features are 0 or 1.
    """

    name: str
    description: str
    arg_choices: tuple[tuple[str, ...], ...] = ()
    boolean: bool = True


_TILE_CLASSES = (
    "dragon",
    "wind",
    "seat_wind",
    "round_wind",
    "honor",
    "terminal",
    "simple",
    "terminal_or_honor",
    "suited",
)

# The vocabulary that conditions and counts may use. The scorer implements every entry
# (a test checks this); the DSL refuses any other name and suggests the closest one.
FEATURES: dict[str, FeatureSpec] = {
    spec.name: spec
    for spec in (
        FeatureSpec(
            "pungs",
            "pungs and kongs in the scored decomposition; arguments narrow by tile class, "
            "exposure (a triplet completed by a discard counts as exposed) and size",
            (_TILE_CLASSES, ("exposed", "concealed"), ("pung", "kong")),
            boolean=False,
        ),
        FeatureSpec("pairs", "the pair, if its tiles are of the given class (0 or 1)", (_TILE_CLASSES,), boolean=False),
        FeatureSpec("chows", "chows in the scored decomposition", (), boolean=False),
        FeatureSpec("flush", "清一色: every tile of one suit, no honours"),
        FeatureSpec("half_flush", "混一色: one suit plus honours, both present"),
        FeatureSpec("all_honors", "字一色: honours only"),
        FeatureSpec("all_pungs", "碰碰胡/对对胡: no chow"),
        FeatureSpec("all_chows", "every meld is a chow"),
        FeatureSpec(
            "identical_chows",
            "板高: the most chows of the reading that are the same chow (claimed chows as claimed; 0 without a chow)",
            (),
            boolean=False,
        ),
        FeatureSpec("chow_pairs", "双板高: how many different chows the reading holds at least twice", (), boolean=False),
        FeatureSpec("shape", "the winning shape of the reading (winning.shapes)", (("standard", "seven_pairs", "honors_any"),)),
        FeatureSpec("all_simples", "断幺九: every tile a simple (2-8 of a suit), no terminal or honour"),
        FeatureSpec(
            "wait",
            "how the winning tile completed the scored decomposition: edge 边张 (12+3, 89+7), "
            "closed 嵌张 (13+2), single 单吊 (pairs a lone tile), pair_pair 对倒 (one of two pairs "
            "becomes a pung), two_sided 两面",
            (("edge", "closed", "single", "pair_pair", "two_sided"),),
        ),
        FeatureSpec("big_crane", "大吊车: every other set exposed; the win pairs the one concealed tile"),
        FeatureSpec("concealed_hand", "门清: no meld claimed from a discard (concealed kongs allowed)"),
        FeatureSpec("wilds_held", "wild tiles in the winning hand, the winning tile included", (), boolean=False),
        FeatureSpec("wild_as_itself", "还搭: wilds assigned to their own face value", (), boolean=False),
        FeatureSpec("win_tile_wild", "Win On Baida: the winning tile is a wild"),
        FeatureSpec(
            "wild_pair_win",
            "Baida Pair Win: the winning tile is a wild that completes a pair of two wilds",
        ),
        FeatureSpec("wild_single_wait", "财神单吊: before the win the hand was complete but for a lone wild"),
        FeatureSpec("discarded_wild", "抛搭: the winner discarded a wild during the hand"),
        FeatureSpec(
            "flowers",
            "flowers held (wild flowers excluded): the seat's own, the others, or any; "
            "outside_sets leaves out flowers that belong to a complete group of four",
            (("seat", "other", "any"), ("outside_sets",)),
            boolean=False,
        ),
        FeatureSpec("flower_sets", "complete groups of four flowers held (春夏秋冬, 梅兰竹菊)", (), boolean=False),
        FeatureSpec("win", "the winning method", (WIN_METHODS,)),
        FeatureSpec("self_draw", "自摸 in the wide sense: any win not on a discard or a robbed kong"),
        FeatureSpec("after_discard_kong", "the win is on the replacement for a kong of someone's discard (杠头开花)"),
        FeatureSpec(
            "after_kong",
            "kongs the win came right after: those the player on turn made since it last drew from the wall "
            "or claimed (the discarder's, for a win on its discard; the winner's, on a replacement), "
            "narrowed by kind and by whose tile was konged (of_winner: the winner's); last: only the last of them "
            "(on a replacement, the kong it replaced)",
            (("last",), ("exposed", "concealed", "added"), ("of_winner", "of_other")),
            boolean=False,
        ),
        FeatureSpec("last_tile", "海底: the win is on the last drawable tile"),
        FeatureSpec("first_turn", "天胡/地胡: the win comes before the dealer's first discard is passed"),
        FeatureSpec("dealer", "the winner is the dealer"),
        FeatureSpec("melds_exposed", "melds claimed or konged on the table", (), boolean=False),
    )
}


# --------------------------------------------------------------------------- sections


@dataclass(frozen=True)
class TileSetRules:
    """The tile set (C1): 136 tiles, or 144 with the eight flowers."""

    flowers: bool

    @property
    def total(self) -> int:
        return 136 + (8 if self.flowers else 0)


@dataclass(frozen=True)
class DealingRules:
    """Dice, wall and dealing.

    ``open_wall_by``: which dice quantity picks the wall to open, counting
    counter-clockwise from the dealer. ``start_stacks_by``: which quantity gives the
    number of stacks counted in before dealing starts.
    """

    dealer_tiles: int
    other_tiles: int
    stacks_per_wall: int
    open_wall_by: DiceQuantity
    start_stacks_by: DiceQuantity


@dataclass(frozen=True)
class WildRules:
    """The wild indicator and which tiles become wild (C2, C3).

    ``kinds``: ``"same"`` makes the other copies of the indicator's kind wild, ``"next"``
    adds every copy of the next kind in sequence (9 wraps to 1, winds E-S-W-N, dragons
    白-发-中). A flower indicator makes its whole group of four wild instead
    (``flower_indicator="group"``), or all eight flowers (``"all"``, riichi_advanced,
    NB-4.13). A wild flower is no longer a flower unless ``wild_flower_is_flower``.
    """

    enabled: bool
    indicator_die: DiceQuantity
    indicator_origin: Literal["tail", "player_wall"]
    kinds: tuple[Literal["same", "next"], ...]
    wild_flower_is_flower: bool
    flower_indicator: Literal["group", "all"] = "group"


@dataclass(frozen=True)
class FlowerRules:
    """Flowers (C6, C7, C8).

    ``seat_flowers`` pairs each seat with its own flowers (正花) as tile ids.
    """

    seat_flowers: tuple[tuple[str, tuple[int, ...]], ...]
    initial_replacement: Literal["rounds", "per_player"]
    in_play: Literal["auto", "manual"]

    def of_seat(self, seat: str) -> tuple[int, ...]:
        """The flowers that belong to ``seat``: none in a variant without flowers, whose
        table is empty."""
        if not self.seat_flowers:
            return ()
        return dict(self.seat_flowers)[seat]


@dataclass(frozen=True)
class ClaimRules:
    """Which claims exist and how competing claims are decided (C9, C28).

    ``priority`` lists tiers from highest; claims in one tier are equal and the seat
    order decides between them. ``seat_order`` ranks claimants relative to the discarder.
    """

    chi: bool
    pon: bool
    kan: bool
    win_on_discard: bool
    rob_kong: bool
    priority: tuple[tuple[str, ...], ...]
    seat_order: tuple[str, ...]
    multiple_winners: Literal["nearest", "all"]
    claim_discarded_wild: bool
    wilds_in_melds: bool
    wild_kong: bool = False  # NB-4.14: a concealed kong of the four tiles of a wild kind


RESTRICTION_KINDS = {
    "chi_discard_ban": "after a chi, the claimed tile and the far end of the pair may not be discarded at once (吃张打张)",
    "pon_after_pass": "a tile passed for pon may not be ponged again until the player has acted",
    "win_after_pass": "a passed discard win bars discard wins until the player has acted",
    "kong_after_pon": "no kong of any kind in the turn of a pon",
    "discard_suits": "only tiles of the listed suits may be discarded",
    "no_claims": "the listed claims are not allowed: chi, pon, kan (a kong of a discard, and the kongs declared "
    "on one's own turn too), hu (a win on a discard, and robbing a kong)",
    # Ninghai 三摊 (NH-6), added for the DSL: the discard is allowed, but it makes the
    # discarder pay for the table (包牌, NH-6.5) when the warned-about player wins.
    "bao_suit_warning": "after a player shows three melds of one suit (or honour pungs and melds of one suit), "
    "a player who is not ready and discards that suit pays for the table (NH-6.1, NH-6.2)",
    "bao_terminal_warning": "after a player shows three pungs or kongs, a player who is not ready and discards "
    "a terminal or honour pays for the table (NH-6.3)",
}


@dataclass(frozen=True, slots=True)  # (slots: the engine reads a restriction's window at every claim)
class Restriction:
    """A restriction on claims or discards.

    ``window`` limits it in time (``"always"``, ``"first_go_around"``, the first turn of
    each seat, or ``"dealer_first_turn"``, the dealer's first discard only; C23);
    ``unless`` names conditions that lift it (``"big_crane"``); ``suits`` and ``claims``
    parametrise ``discard_suits`` and ``no_claims``.
    """

    kind: str
    rule: str
    window: Literal["always", "first_go_around", "dealer_first_turn"] = "always"
    unless: tuple[str, ...] = ()
    suits: tuple[str, ...] = ()
    claims: tuple[str, ...] = ()


@dataclass(frozen=True)
class WinRestriction:
    """Win methods forbidden to a hand meeting a condition (C27), e.g. 财神单吊 self-draw only."""

    when: Expr
    forbid: tuple[str, ...]
    rule: str


@dataclass(frozen=True)
class ScoringItem:
    """One scoring item: a value that applies when its condition holds.

    The item scores ``value`` × ``each`` (1 when ``each`` is absent) when ``when`` holds
    (always, when absent). ``value`` None means defined but switched off. An item that
    applies suppresses the items it ``excludes``; of the items sharing a ``group`` only the
    one scoring most applies. Items with ``counts_for_minimum`` false are left out of the
    minimum check (C15). An item in unit ``"x"`` is a multiplier: it multiplies the hand's
    value by ``value`` instead of adding to it (riichi_advanced's After a Kong ×2).
    """

    name: str
    label: str
    rule: str
    value: int | None
    unit: Literal["tai", "fu", "fan", "x"]
    when: Expr | None = None
    each: Feature | None = None
    excludes: tuple[str, ...] = ()
    group: str | None = None
    counts_for_minimum: bool = True


@dataclass(frozen=True)
class TaiScoring:
    """Ningbo: the hand is worth the sum of its 台.

    Points S = ``base_points + points_per_tai × tai`` (``conversion="linear"``) or
    ``base_points × 2**tai`` (``"doubling"``), after capping tai at ``cap``; then S is
    capped at ``points_cap`` when set (C16: a cap on points rather than on tai). Multiplier
    items (unit ``"x"``) multiply S: the hand value is S × the product of the multipliers.

    The win needs ``minimum`` 台 that count toward the minimum (``minimum_of="tai"``), or a
    hand value of ``minimum`` (``"value"``: those 台 × the multipliers); or it meets one of
    ``minimum_alternatives``, pairs (台, multiplier) read "at least this many 台 with a
    product of multipliers at least this" (NB-13.6).
    """

    minimum: int
    cap: int | None
    conversion: Literal["linear", "doubling"]
    points_per_tai: int
    base_points: int
    kind: Literal["tai"] = "tai"
    points_cap: int | None = None
    minimum_of: Literal["tai", "value"] = "tai"
    minimum_alternatives: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class FuFanScoring:
    """Ninghai: (底 + 胡 items) × multiplier(番), rounded up, capped (C17-C20).

    ``fixed_by_fan`` (推倒八) replaces the 胡 count by a value per 番 (index = 番, the last
    entry for the 番 cap); ``cap`` holds those values too (NH-3.9). ``silver`` converts the final 胡 to 银: ``"identity"`` or
    ``"half_hundreds"`` (remainder 0-20 dropped, 30-60 → 50, 70-100 → next 100).
    """

    base: int
    fan_multiplier: Literal["power_of_two", "fan_plus_one"]
    round_to: int
    round_stage: Literal["after_multiply", "before_multiply"]
    fan_cap: int
    cap: int
    fixed_by_fan: tuple[int, ...] | None
    silver: Literal["identity", "half_hundreds"]
    kind: Literal["fu_fan"] = "fu_fan"


PAYMENT_SITUATIONS = ("discard", "self_draw", "rob_kong", "kong_bloom_on_discard_kong", "kong_bloom_on_added_kong")
PAYER_ROLES = ("discarder", "each_other", "robbed", "kong_discarder", "partner")


@dataclass(frozen=True)
class Share:
    """``role`` pays ``multiplier`` × S to the winner."""

    role: str
    multiplier: int


@dataclass(frozen=True)
class PaymentRule:
    """Baseline payments for a win situation (C10), before liability."""

    situation: str
    shares: tuple[Share, ...]
    rule: str


LIABILITY_SITUATIONS = (
    "self_draw",
    "discard_by_partner",
    "discard_by_other",
    "rob_kong",
    "kong_bloom_on_partner_kong",
)


@dataclass(frozen=True)
class LiabilityRow:
    """A row of the 三摊 table: in ``situation``, with a one-way or mutual link, who pays what."""

    situation: str
    link: Literal["one_way", "mutual"]
    shares: tuple[Share, ...]
    rule: str


@dataclass(frozen=True)
class Liability:
    """三摊/三包 (C11): seats linked by ``threshold`` or more melds fed between them.

    ``counts`` are the meld kinds that count; ``direction`` ``"either"`` links A and B when
    either fed the other enough. When a link applies, its row replaces the baseline and
    the seats without a link pay nothing unless ``others_pay``.
    """

    threshold: int
    counts: tuple[str, ...]
    direction: Literal["either", "winner_fed", "fed_winner"]
    rows: tuple[LiabilityRow, ...]
    others_pay: bool


@dataclass(frozen=True)
class LoserSettlement:
    """Ninghai 胡头 (C29): the three losers settle among themselves by their hands' 胡.

    ``per_step``: for each ``diff`` 胡 of difference the lower pays ``silver``;
    ``threshold``: a difference of at least ``diff`` 胡 costs ``silver`` once.
    ``adjacent`` applies between neighbours (边家), ``opposite`` across the table (头家).
    """

    mode: Literal["per_step", "threshold"]
    adjacent: tuple[int, int]
    opposite: tuple[int, int]


@dataclass(frozen=True)
class ImmediatePayments:
    """Payments made when a kong or flower is laid down (C16b); void on a draw when ``void_on_draw``.
    ``false_win``: what a player who declares a win that is none pays each other player
    (X-NBR's 5, NB-14.16); the engine never lets a false win happen. ``all_flowers_held``
    and ``all_wilds_held``: what each other player pays a player who did not win a won hand
    but holds all eight flowers, or every wild tile of the hand, at its end (X-NBR's 10,
    NB-14.18); 0 for none."""

    exposed_kong: int
    concealed_kong: int
    added_kong: int
    flower: int
    void_on_draw: bool
    false_win: int = 0
    all_flowers_held: int = 0
    all_wilds_held: int = 0


@dataclass(frozen=True)
class DrawRules:
    """Exhaustive draw: the hand ends when only ``kept_stacks`` stacks (+ ``kept_stacks_per_kong``
    per kong) remain; 0 means play to the last drawable tile.

    ``count_by`` says how the reserve is counted once tail draws (replacements) leave an odd
    tile on the wall: ``tiles`` keeps exactly two tiles per kept stack back and lets every
    tile beyond them be drawn (NH-1.9 as seed 004 reads, 象山's 16 tiles); ``stacks`` counts
    only whole stacks, so a lone odd tile beyond the kept stacks is not drawn either
    (NH-1.9's other reading)."""

    kept_stacks: int
    kept_stacks_per_kong: int
    count_by: Literal["tiles", "stacks"] = "tiles"


@dataclass(frozen=True)
class DealerRules:
    """Choosing and rotating the dealer (C4, C5); the round wind advances after all four have dealt."""

    first_dealer: Literal["random", "two_rolls"]
    on_dealer_win: Literal["stay", "next_seat"]
    on_nondealer_win: Literal["next_seat", "winner"]
    on_draw: Literal["stay", "next_seat"]


@dataclass(frozen=True)
class LocalRule:
    """A house rule a variant declares for its own lines to cite (``local_rules``).

    ``id`` is its ID without brackets (``"HOUSE-1"``); a line cites it as ``[HOUSE-1]``,
    the way it cites the rulebook's ``[NB-12.1]``.
    """

    id: str
    title: str
    text: str


class _UnknownItem(NbmjError, KeyError, ValueError):
    """A scoring item name a rule set does not have (a ``KeyError``, as a missing key is)."""

    def __str__(self) -> str:  # (KeyError's own would quote the message)
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True)
class RuleSet:
    """A complete, compiled rule variant. Build it with :func:`nbmj.rules.load_variant`."""

    name: str
    parent: str | None
    summary: str
    aliases: tuple[str, ...]
    source: str | None
    tiles: TileSetRules
    dealing: DealingRules
    wilds: WildRules
    flowers: FlowerRules
    claims: ClaimRules
    restrictions: tuple[Restriction, ...]
    win_restrictions: tuple[WinRestriction, ...]
    shapes: tuple[str, ...]
    items: tuple[ScoringItem, ...]
    scoring: TaiScoring | FuFanScoring
    payments: tuple[PaymentRule, ...]
    liability: Liability | None
    loser_settlement: LoserSettlement | None
    immediate: ImmediatePayments
    draw: DrawRules
    dealer: DealerRules
    local_rules: tuple[LocalRule, ...] = ()
    #: NB-12.48: which tile of a heavenly win (天胡) is the winning tile for the wait items:
    #: ``drawn``, the dealer's fourteenth; ``any``, whichever of the fourteen scores best
    heavenly_wait: Literal["drawn", "any"] = "drawn"

    def item(self, name: str) -> ScoringItem:
        """The scoring item called ``name``; an error that is a ``KeyError`` (and a
        :class:`~nbmj.errors.NbmjError`) when the variant has none."""
        for it in self.items:
            if it.name == name:
                return it
        raise _UnknownItem(f"variant {self.name!r} has no item {name!r}; its items are {', '.join(i.name for i in self.items)}")

    def restriction(self, kind: str) -> Restriction | None:
        """The restriction of ``kind``, or None when the variant has none."""
        for r in self.restrictions:
            if r.kind == kind:
                return r
        return None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; conditions appear in their DSL spelling."""
        out: dict[str, Any] = _to_jsonable(self)
        return out

    @functools.cached_property
    def digest(self) -> str:
        """``"sha256:"`` and the SHA-256 of the rules themselves: the canonical JSON of
        :meth:`to_dict` without the names (``name``, ``parent``, ``aliases``), the
        ``summary`` and the ``source`` file, which say what the rules are called and where
        they were read, not what they are. Two rule sets with the same digest play and
        score alike; every log header carries it, so that a log is replayed only against
        the rules it was played under (a user file that ``shadows`` a shipped variant has
        the shipped one's name, not its digest)."""
        rules = {k: v for k, v in self.to_dict().items() if k not in _NOT_DIGESTED}
        text = json.dumps(rules, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


# What a rule set is called and where it was read: no part of its digest.
_NOT_DIGESTED = frozenset({"name", "parent", "aliases", "summary", "source"})


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, (Feature, Compare, Not, AllOf, AnyOf)):
        return str(value)
    if dataclasses.is_dataclass(value):
        return {f.name: _to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [_to_jsonable(v) for v in value]
    return value
