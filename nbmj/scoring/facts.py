"""What a winning hand is, before it is read: :class:`HandFacts` and the sets it is made of.

:func:`facts` works out everything that does not depend on how the concealed tiles are
split (the wilds held, the flowers, the melds on the table, the win method ...); the
readings (:mod:`nbmj.scoring.readings`) add a split, and the features
(:mod:`nbmj.scoring.features`) are evaluated over both.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..core import is_win
from ..errors import SituationError, UnknownSeatError
from ..rules.model import SEATS, RuleSet, WildRules
from ..rules.wilds import wild_tiles
from ..tiles import N_KINDS, PLANTS, SEASONS, tile_code, to_notation
from ._by_object import ByObject
from .situation import WIN_METHODS, Meld, Situation, bloom_kong_of

__all__ = ["SELF_DRAWN", "SELF_DRAWN_CODES", "win_method_code", "TILE_CLASSES", "SetGroup", "HandLevel", "HandFacts", "new_hand_facts", "fill_level", "FlowerCounts", "facts", "flower_counts",
           "tile_in_class", "kind_in_class", "class_code", "sets_only", "wind_kind"]

#: Win methods that are self-draws in the wide sense (自摸, NB-11.6).
SELF_DRAWN = ("self_draw", "kong_replacement", "flower_replacement")
_WIN_CODES = {method: code for code, method in enumerate(WIN_METHODS)}
#: The win methods of SELF_DRAWN, as bits by their codes (see :func:`win_method_code`).
SELF_DRAWN_CODES = sum(1 << _WIN_CODES[method] for method in SELF_DRAWN)


def win_method_code(win_by: str) -> int:
    """The place of the win method ``win_by`` in :data:`~nbmj.scoring.situation.WIN_METHODS`
    (what :class:`HandFacts` keeps, so that a feature compares ints, not words)."""
    code = _WIN_CODES.get(win_by)
    if code is None:
        raise SituationError(f"unknown 'win_by' {win_by!r}; expected one of {', '.join(WIN_METHODS)}")
    return code


#: seat -> the tile kind of its wind
_WIND_KINDS = {s: 27 + i for i, s in enumerate(SEATS)}


def wind_kind(seat: str) -> int:
    """The tile kind of a seat's wind (``"E"`` is 东); :class:`~nbmj.errors.UnknownSeatError`
    for anything but ``E S W N``."""
    kind = _WIND_KINDS.get(seat)
    if kind is None:
        raise UnknownSeatError(f"unknown seat {seat!r}; seats are {', '.join(SEATS)}")
    return kind


@dataclass(frozen=True)
class SetGroup:
    """One set of a reading: ``size`` ``"chow"``, ``"pung"`` or ``"kong"``; ``first`` the
    lowest kind; ``exposed`` as the 胡 table and ``pungs(exposed)`` see it; ``melded`` for
    groups laid on the table; ``wild_mask`` per slot (concealed groups only)."""

    size: str
    first: int
    exposed: bool
    melded: bool = False
    wild_mask: tuple[bool, ...] = ()

    def kinds(self) -> tuple[int, ...]:
        """The kinds of the set's tiles."""
        if self.size == "chow":
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,) * (4 if self.size == "kong" else 3)

    def notation(self) -> str:
        """The set in tile notation."""
        return group_notation(self.size, self.first)


@lru_cache(maxsize=1024)
def group_notation(size: str, first: int) -> str:
    """A set in tile notation: ``size`` ``"chow"``, ``"pung"`` or ``"kong"`` from ``first``."""
    if size == "chow":
        kinds: tuple[int, ...] = (first, first + 1, first + 2)
    else:
        kinds = (first,) * (4 if size == "kong" else 3)
    return to_notation(kinds)


@dataclass(frozen=True)
class FlowerCounts:
    """The flowers held that count (wild flowers left out unless they stay flowers): the
    seat's own and the others, in all and outside complete groups of four, and the groups."""

    seat: int = 0
    other: int = 0
    seat_outside: int = 0
    other_outside: int = 0
    sets: int = 0


_NO_FLOWERS = FlowerCounts()


@dataclass
class HandLevel:
    """What the hand-level features (:mod:`nbmj.scoring.features`) read: the facts of a win
    that every reading shares and that a table knows before it builds the win's Situation.

    :class:`HandFacts` is one, made from a Situation by :func:`facts`; the value bound
    (:mod:`nbmj.scoring.bound`) makes one from a seat's counts. Both fill it with
    :func:`fill_level`, and each hand-level feature reads it in one text
    (``FeatureImpl.level_value``)."""

    seat: str  # the winner's seat wind
    win_method: int  # the win_by, as its win_method_code
    wilds: int  # wild tiles among concealed + winning tile
    melded_wilds: int  # wilds in a kong of a wild kind (NB-4.14): held, but not free to stand in
    win_is_wild: bool
    wild_single_wait: bool | None  # None: not worked out yet (see features.wild_single_wait)
    discarded_wild: bool
    flowers: FlowerCounts
    concealed_hand: bool  # no meld but concealed kongs
    melds_exposed: int  # the melds laid down, concealed kongs included
    bloom_kind: str | None  # the kind of the kong a kong_replacement win was drawn on; None for none
    last_tile: bool
    first_turn: bool


@dataclass
class HandFacts(HandLevel):
    """Facts about the hand and the win that every reading shares: the hand level
    (:class:`HandLevel`), the situation and the tiles."""

    situation: Situation
    rules: RuleSet
    wild_kinds: frozenset[int]
    shape: bytes  # 34 counts of the concealed non-wild tiles, winning tile included
    wild_physical: dict[int, int]  # kind -> wild copies of that kind held
    melded: tuple[SetGroup, ...]
    seat_kind: int
    round_kind: int


def fill_level(hl: HandLevel, seat: str, win_by: str, meld_kinds: list[str], after_kong_kinds: tuple[str, ...],
               wilds: int, melded_wilds: int, win_is_wild: bool, before_wilds: int, discarded_wild: bool,
               flowers: FlowerCounts, last_tile: bool, first_turn: bool) -> None:
    """Fill the fields of ``hl`` for a win by ``win_by`` of ``seat``, whose melds are of the
    kinds ``meld_kinds`` (oldest first), that came right after kongs of ``after_kong_kinds``
    (NB-12.49), with ``wilds`` wild tiles concealed and winning (``before_wilds`` of them
    held before the win), ``melded_wilds`` in a kong of a wild kind, and ``flowers`` counted."""
    hl.seat = seat
    hl.win_method = win_method_code(win_by)
    hl.wilds = wilds
    hl.melded_wilds = melded_wilds
    hl.win_is_wild = win_is_wild
    # 财神单吊 is worked out when a rule asks (features.wild_single_wait); without a wild
    # held before the win there is none
    hl.wild_single_wait = False if before_wilds == 0 else None
    hl.discarded_wild = discarded_wild
    hl.flowers = flowers
    concealed_hand = True
    for kind in meld_kinds:
        if kind != "ankan":  # a concealed kong leaves the hand concealed
            concealed_hand = False
    hl.concealed_hand = concealed_hand
    hl.melds_exposed = len(meld_kinds)
    last_meld_kind = meld_kinds[-1] if meld_kinds else None
    hl.bloom_kind = bloom_kong_of(win_by, after_kong_kinds, last_meld_kind, last_meld_kind)  # (a kind stands for its meld)
    hl.last_tile = last_tile
    hl.first_turn = first_turn


#: The tile classes of ``pungs``/``pairs`` (the order of :data:`nbmj.rules.model.FEATURES`);
#: :func:`kind_in_class` takes a class by its place here.
TILE_CLASSES: tuple[str, ...] = ("dragon", "wind", "seat_wind", "round_wind", "honor", "terminal", "simple",
                                 "terminal_or_honor", "suited")
_CLASS_CODES = {cls: code for code, cls in enumerate(TILE_CLASSES)}


def class_code(cls: str) -> int:
    """The place of the tile class ``cls`` in :data:`TILE_CLASSES`."""
    code = _CLASS_CODES.get(cls)
    if code is None:
        raise ValueError(f"unknown tile class {cls!r}")
    return code


def suit_bit(kind: int) -> int:
    """A kind's bit in a suit mask (the suits a reading's or a hand's tiles take): 1, 2 and 4
    for the three suits, 8 for the honours."""
    return 1 << (kind // 9) if kind < 27 else 8


def kind_in_class(kind: int, code: int, seat_kind: int, round_kind: int) -> bool:
    """Whether ``kind`` belongs to the tile class ``TILE_CLASSES[code]`` (see ``pungs`` in
    FEATURES). (A feature parses its class once, so that a hand compares ints, not words.)"""
    if code == 0:  # dragon
        return 31 <= kind <= 33
    if code == 1:  # wind
        return 27 <= kind <= 30
    if code == 2:  # seat_wind
        return kind == seat_kind
    if code == 3:  # round_wind
        return kind == round_kind
    if code == 4:  # honor
        return kind >= 27
    if code == 5:  # terminal
        return kind < 27 and kind % 9 in (0, 8)
    if code == 6:  # simple
        return kind < 27 and kind % 9 not in (0, 8)
    if code == 7:  # terminal_or_honor
        return kind >= 27 or kind % 9 in (0, 8)
    if code == 8:  # suited
        return kind < 27
    raise ValueError(f"unknown tile class code {code!r}")


def tile_in_class(kind: int, cls: str, seat_kind: int, round_kind: int) -> bool:
    """Whether ``kind`` belongs to the tile class ``cls`` (see ``pungs`` in FEATURES)."""
    return kind_in_class(kind, class_code(cls), seat_kind, round_kind)


def flower_counts(sit: Situation, rules: RuleSet, wild_kinds: frozenset[int]) -> FlowerCounts:
    """The flowers of ``sit`` that count under ``rules`` (see :class:`FlowerCounts`)."""
    if rules.wilds.wild_flower_is_flower:
        held = set(sit.flowers)
    else:
        held = {f for f in sit.flowers if f not in wild_kinds}
    own = set(rules.flowers.of_seat(sit.seat))
    in_sets: set[int] = set()
    n_sets = 0
    for group in (SEASONS, PLANTS):
        if all([f in held for f in group]):
            n_sets += 1
            in_sets.update(group)
    seat_n = len([f for f in held if f in own])
    seat_out = len([f for f in held if f in own and f not in in_sets])
    other_out = len([f for f in held if f not in own and f not in in_sets])
    return FlowerCounts(seat_n, len(held) - seat_n, seat_out, other_out, n_sets)


#: (id of the rules, seat, flowers, wild kinds) -> (the rules, their counts): a hand's
#: flowers change a few times a hand, and are counted at every win looked at.
_FLOWERS: dict[tuple[int, str, tuple[int, ...], frozenset[int]], tuple[RuleSet, FlowerCounts]] = {}


def _flowers_of(sit: Situation, rules: RuleSet, wild_kinds: frozenset[int]) -> FlowerCounts:
    key = (id(rules), sit.seat, sit.flowers, wild_kinds)
    entry = _FLOWERS.get(key)
    if entry is None or entry[0] is not rules:
        if len(_FLOWERS) >= 4096:
            _FLOWERS.clear()
        entry = _FLOWERS[key] = (rules, flower_counts(sit, rules, wild_kinds))
    return entry[1]


def sets_only(counts: bytearray, wilds: int) -> bool:
    """Whether ``counts`` (34, one per kind) plus ``wilds`` wild tiles split into sets only
    (no pair).

    Asked of the hand-shape core where it can be: with a pair of an honour the tiles do not
    hold added, they win exactly when they split into sets (an honour makes no chow, and a
    split that puts the two added tiles in a set with a wild can trade it for one with the
    pair it then leaves). ``counts`` is changed while it is read, and restored: a bytearray,
    which the core reads as it is (a list it converts count by count)."""
    # (summed by index: compiled, each count is read as a C byte; sum() would box all 34)
    total = wilds
    for k in range(len(counts)):
        total += counts[k]
    if wilds < 0 or total % 3:
        return False
    if total <= 12:
        for z in range(27, N_KINDS):
            if not counts[z]:
                counts[z] = 2
                won = is_win(counts, wilds)
                counts[z] = 0
                return won
    return _sets_only_search(counts, wilds)


def _sets_only_search(counts: bytearray, wilds: int) -> bool:
    """:func:`sets_only` by search, set by set from the lowest kind held."""
    i = 0
    while i < N_KINDS and not counts[i]:
        i += 1
    if i == N_KINDS:
        return wilds % 3 == 0
    c = counts[i]
    for r in range(1, min(3, c) + 1):
        if 3 - r <= wilds:
            counts[i] -= r
            ok = _sets_only_search(counts, wilds - (3 - r))
            counts[i] += r
            if ok:
                return True
    if i < 27:
        for s in (i - 2, i - 1, i):
            if s < 0 or s // 9 != i // 9 or s % 9 > 6:
                continue
            used = 0
            take = []
            for k in (s, s + 1, s + 2):
                if k >= i and counts[k]:
                    take.append(k)
                else:
                    used += 1
            if used > wilds:
                continue
            for k in take:
                counts[k] -= 1
            ok = _sets_only_search(counts, wilds - used)
            for k in take:
                counts[k] += 1
            if ok:
                return True
    return False


#: Per wild rules, their wild kinds by indicator.
_WILDS = ByObject()


def _wilds_of(rules_wilds: WildRules, indicator: int | None) -> frozenset[int]:
    by_indicator: dict[int | None, frozenset[int]] | None = _WILDS.get(rules_wilds)
    if by_indicator is None:
        by_indicator = _WILDS.put(rules_wilds, {})
    kinds = by_indicator.get(indicator)
    if kinds is None:
        kinds = wild_tiles(rules_wilds, indicator)
        if len(by_indicator) < 64:  # (an indicator is a tile id: a few dozen at most)
            by_indicator[indicator] = kinds
    return kinds


@lru_cache(maxsize=1024)
def melded_group(kind: str, first: int) -> SetGroup:
    """The set a meld of ``kind`` (``chi``, ``pon``, ``kan`` ...) from ``first`` is."""
    if kind == "chi":
        return SetGroup("chow", first, True, True)
    if kind == "pon":
        return SetGroup("pung", first, True, True)
    return SetGroup("kong", first, kind != "ankan", True)


def _count_with_flowers(
    tiles: tuple[int, ...], wild_kinds: frozenset[int]
) -> tuple[list[int], int, int, dict[int, int]]:
    """Counts of a hand holding a flower: it must be wild (a flower standing for a wild)."""
    shape = [0] * N_KINDS
    wilds = before_wilds = 0
    wild_physical: dict[int, int] = {}
    last = len(tiles) - 1
    for pos, t in enumerate(tiles):
        if t in wild_kinds:
            wilds += 1
            if pos < last:
                before_wilds += 1
            if t < N_KINDS:
                wild_physical[t] = wild_physical.get(t, 0) + 1
            continue
        if t >= N_KINDS:
            raise SituationError(f"flower {tile_code(t)!r} in the hand is not wild; flowers go in 'flowers'")
        shape[t] += 1
    return shape, wilds, before_wilds, wild_physical


#: The meld kinds of a hand without melds.
_NO_KINDS: list[str] = []
#: A hand's 34 counts before its tiles are counted, and the bytes that join them into bytes.
_NO_COUNTS = bytearray(N_KINDS)
_NO_BYTES = b""


def _kinds_of(melds: tuple[Meld, ...]) -> tuple[str, ...]:
    return tuple([m.kind for m in melds])


def facts(sit: Situation, rules: RuleSet) -> HandFacts:
    """The reading-independent facts; raises SituationError for tiles that cannot be in a hand."""
    wild_kinds = _wilds_of(rules.wilds, sit.indicator)
    wild_physical: dict[int, int]
    kinds = N_KINDS  # (a C int where compiled: the loop below compares without boxing a tile)
    shape = _NO_COUNTS.copy()  # (a copy costs less than making a bytearray of a size: a type call)
    # the concealed tiles, then the winning one (no tuple of the fourteen is built)
    flower_held = sit.win_tile >= kinds
    if not flower_held:
        for t in sit.concealed:
            if t >= kinds:
                flower_held = True
                break
            shape[t] += 1
    if flower_held:
        counted, wilds, before_wilds, wild_physical = _count_with_flowers(sit.concealed + (sit.win_tile,), wild_kinds)
        shape = bytearray(counted)
    else:
        shape[sit.win_tile] += 1
        wilds = 0
        wild_physical = {}
        for w in wild_kinds:
            if w < N_KINDS and shape[w]:
                wilds += shape[w]
                wild_physical[w] = shape[w]
                shape[w] = 0
        before_wilds = wilds - (sit.win_tile in wild_kinds)
    melded_wilds = 0
    if sit.melds and wild_kinds:
        for m in sit.melds:
            in_meld = len([t for t in m.tiles if t in wild_kinds])
            if not in_meld or rules.claims.wilds_in_melds:
                continue
            if rules.claims.wild_kong and m.kind == "ankan" and in_meld == 4 and len(set(m.tiles)) == 1:
                melded_wilds += 4  # NB-4.14: the four tiles of a wild kind, standing for themselves
                continue
            wild = [t for t in m.tiles if t in wild_kinds][0]
            raise SituationError(
                f"meld {to_notation(m.tiles)!r} holds the wild {tile_code(wild)!r}; wilds cannot be melded"
                + (" (only a concealed kong of four of one wild kind may)" if rules.claims.wild_kong else ""))
    if sit.win_by == "rob_kong" and sit.win_tile in wild_kinds and not rules.claims.wilds_in_melds:
        # NB-4.11: no pung holds a wild, so no one adds a wild to one: there is no such kong to rob
        raise SituationError(f"the robbed tile {tile_code(sit.win_tile)!r} is a wild: no kong may hold a wild, "
                             "so a wild is never added to a pung and robbed")
    if sit.flowers and wild_kinds and not rules.wilds.wild_flower_is_flower:
        for f in sit.flowers:
            if f in wild_kinds:
                # a wild flower is no flower (NB-4.4): it is never laid aside, it stays in the hand
                raise SituationError(f"the flower {tile_code(f)!r} is wild here (indicator "
                                     f"{tile_code(sit.indicator) if sit.indicator is not None else '?'!r}): "
                                     "a wild flower is never laid aside; it can only be in the hand")
    melded: tuple[SetGroup, ...] = ()
    meld_kinds = _NO_KINDS  # (most hands: no lists made; fill_level never changes it)
    if sit.melds:
        sets = []
        meld_kinds = []
        for m in sit.melds:
            sets.append(melded_group(m.kind, min(m.tiles)))
            meld_kinds.append(m.kind)
        melded = tuple(sets)
    flowers = _flowers_of(sit, rules, wild_kinds) if sit.flowers else _NO_FLOWERS
    # (the counts as bytes: a join copies them for less than bytes() does)
    hf = new_hand_facts(sit, rules, wild_kinds, _NO_BYTES.join((shape,)), wild_physical, melded)
    fill_level(hf, sit.seat, sit.win_by, meld_kinds, _kinds_of(sit.after_kongs) if sit.after_kongs else (), wilds,
               melded_wilds, sit.win_tile in wild_kinds, before_wilds, sit.discarded_wild, flowers, sit.last_tile,
               sit.first_turn)
    return hf


def new_hand_facts(sit: Situation, rules: RuleSet, wild_kinds: frozenset[int], shape: bytes,
                   wild_physical: dict[int, int], melded: tuple[SetGroup, ...]) -> HandFacts:
    """The :class:`HandFacts` of a win of ``sit``: its fields beyond the hand level set from
    these, the hand level left for :func:`fill_level` to fill. Made empty, then filled: the
    dataclass's ``__init__`` parses its twenty-one arguments, which costs more than the rest
    of :func:`facts`."""
    hf = HandFacts.__new__(HandFacts)
    hf.situation = sit
    hf.rules = rules
    hf.wild_kinds = wild_kinds
    hf.shape = shape
    hf.wild_physical = wild_physical
    hf.melded = melded
    hf.seat_kind = wind_kind(sit.seat)
    hf.round_kind = wind_kind(sit.round_wind)
    return hf
