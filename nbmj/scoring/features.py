"""The named hand features (:data:`nbmj.rules.model.FEATURES`), one registry entry each.

A feature is registered with :func:`feature`, right after its implementation: a subclass of
:class:`FeatureImpl`, made once per rule set with the arguments the rules give the feature
(parsed then) and asked for its :meth:`~FeatureImpl.value` over the hand facts and a reading;
whether its value depends on the reading; and what a reading's signature must tell apart for
it (:class:`~nbmj.scoring.readings.SignatureSpec`). Everything else the
scorer needs (which features are read per reading, the signature spec of a rule set) is
derived from this one table, so a new feature is one entry here beside its word in
:data:`~nbmj.rules.model.FEATURES` (a test checks the two agree). A reading-level feature
that declares no needs is given the full spec: never a silently wrong score.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from ..rules.model import AllOf, AnyOf, Compare, Expr, Feature, Not
from ..tiles import N_KINDS
from .facts import SELF_DRAWN_CODES, FlowerCounts, HandFacts, HandLevel, class_code, kind_in_class, sets_only, suit_bit, win_method_code
from .readings import FULL_SPEC, NO_NEEDS, TILE_CLASSES, Reading, SignatureSpec, needs

__all__ = ["FeatureImpl", "HandLevelFeature", "FeatureDef", "REGISTRY", "IMPLEMENTED", "READING_FEATURES", "feature", "features_in",
           "spec_of", "implementation", "parse_pungs_args"]


class FeatureImpl:
    """A feature as a rule set reads it, with its arguments ``args``.

    A rule set's program (:class:`~nbmj.scoring.expressions.Program`) makes one per feature it
    reads, so that arguments are parsed once, and a bad one is refused when the program is
    built; it then asks :meth:`value` once per hand (hand-level features) or per reading.
    Compiled, ``value`` is a C method: the program calls it without a Python call."""

    __slots__ = ("args",)

    def __init__(self, args: tuple[str, ...]) -> None:
        self.args = args

    def value(self, hf: HandFacts, rd: Reading) -> int:
        """The feature's value over the reading ``rd`` of the hand ``hf`` (``rd`` is None for a
        hand-level feature)."""
        raise NotImplementedError

    def level_value(self, hl: HandLevel) -> int:
        """The feature's value from the hand level ``hl`` alone (a :class:`HandLevelFeature`'s);
        -1 where that is not enough: a reading-level feature, or one that reads more of the
        hand (the value bound then takes it to be any value)."""
        return -1


class HandLevelFeature(FeatureImpl):
    """A feature whose value is its :meth:`level_value`: it reads nothing but the
    :class:`~nbmj.scoring.facts.HandLevel`, which the scorer's facts are and which the value
    bound fills from a table's counts, so that both read the feature in this one text."""

    def value(self, hf: HandFacts, rd: Reading) -> int:
        return self.level_value(hf)


#: What a reading's signature must tell apart for a feature with these arguments.
Needs = Callable[[tuple[str, ...]], SignatureSpec]


@dataclass(frozen=True)
class FeatureDef:
    """One feature: ``impl`` computes it (made with the feature's arguments); ``reading``
    says its value depends on the reading; ``needs`` what a signature must tell apart
    (reading-level features only)."""

    name: str
    impl: type[FeatureImpl]
    reading: bool
    needs: Needs


#: Every feature the scorer implements, by name.
REGISTRY: dict[str, FeatureDef] = {}


def _full(args: tuple[str, ...]) -> SignatureSpec:
    return FULL_SPEC


def _fixed(spec: SignatureSpec) -> Needs:
    return lambda args: spec


def feature(name: str, impl: type[FeatureImpl], *, reading: bool = False, needs: Needs | SignatureSpec | None = None) -> None:
    """Register ``impl`` as the implementation of feature ``name`` (called right after the
    class: compiled, an implementation is an extension type, which takes no decorator)."""
    if isinstance(needs, SignatureSpec):
        needs_fn: Needs = _fixed(needs)
    elif needs is None:
        needs_fn = _full if reading else _fixed(NO_NEEDS)
    else:
        needs_fn = needs
    if name in REGISTRY:
        raise ValueError(f"feature {name!r} registered twice")
    REGISTRY[name] = FeatureDef(name, impl, reading, needs_fn)


def features_in(exprs: Iterable[Expr | None]) -> Iterator[Feature]:
    """Every :class:`~nbmj.rules.model.Feature` read by the conditions and counts in
    ``exprs`` (``None`` entries are skipped), however deeply combined."""
    stack = [e for e in exprs if e is not None]
    while stack:
        e = stack.pop()
        if isinstance(e, Feature):
            yield e
        elif isinstance(e, Compare):
            stack.append(e.feature)
        elif isinstance(e, Not):
            stack.append(e.operand)
        elif isinstance(e, (AllOf, AnyOf)):
            stack.extend(e.operands)


def spec_of(exprs: Iterable[Expr | None]) -> SignatureSpec:
    """The signature spec of a collection of conditions and counts: the union of what each
    reading-level feature they read needs."""
    spec = NO_NEEDS
    for e in features_in(exprs):
        fd = REGISTRY.get(e.name)
        if fd is None:
            return FULL_SPEC
        if fd.reading:
            spec = spec.union(fd.needs(e.args))
    return spec


# --------------------------------------------------------------------------- reading level

_CLASSES = frozenset(TILE_CLASSES)
_EXPOSURE = ("exposed", "concealed")
_SIZES = ("pung", "kong")


def parse_pungs_args(args: tuple[str, ...]) -> tuple[str | None, bool | None, str | None]:
    """The arguments of ``pungs``: (tile class, exposed or concealed, size), None for any."""
    cls: str | None = None
    exp: bool | None = None
    size: str | None = None
    for a in args:
        if a in _CLASSES:
            cls = a
        elif a in _EXPOSURE:
            exp = a == "exposed"
        elif a in _SIZES:
            size = a
        else:
            raise ValueError(f"unknown argument {a!r} to pungs")
    return cls, exp, size


def _pungs_needs(args: tuple[str, ...]) -> SignatureSpec:
    cls, exp, _size = parse_pungs_args(args)
    # without a class (or split by exposure) the count needs the number of chows
    return needs((cls,) if cls else (), exposure=exp is not None, chows=cls is None or exp is not None)


class Pungs(FeatureImpl):
    """The arguments parsed: the tile class (its :func:`~nbmj.scoring.facts.class_code`, -1
    for any), exposed or concealed and the size (None for either)."""

    __slots__ = ("cls", "exposed", "size")

    def __init__(self, args: tuple[str, ...]) -> None:
        super().__init__(args)
        cls, self.exposed, self.size = parse_pungs_args(args)
        self.cls = -1 if cls is None else class_code(cls)

    def value(self, hf: HandFacts, rd: Reading) -> int:
        cls, exp, size = self.cls, self.exposed, self.size
        n = 0
        for g in rd.pungs:
            if size is not None and g.size != size:
                continue
            if exp is not None and exp != g.exposed:
                continue
            if cls >= 0 and not kind_in_class(g.first, cls, hf.seat_kind, hf.round_kind):
                continue
            n += 1
        return n


feature("pungs", Pungs, reading=True, needs=_pungs_needs)


class Pairs(FeatureImpl):
    """The tile class of the pair asked for (its :func:`~nbmj.scoring.facts.class_code`, -1
    for any)."""

    __slots__ = ("cls",)

    def __init__(self, args: tuple[str, ...]) -> None:
        super().__init__(args)
        self.cls = class_code(args[0]) if args else -1

    def value(self, hf: HandFacts, rd: Reading) -> int:
        if rd.pair < 0:  # a shape without a pair of its own (seven pairs, honours in any arrangement)
            return 0
        if self.cls < 0:
            return 1
        return 1 if kind_in_class(rd.pair, self.cls, hf.seat_kind, hf.round_kind) else 0


feature("pairs", Pairs, reading=True, needs=lambda args: needs(tuple(args), pair_class=True))


_NEEDS_CHOWS = needs(chows=True)
_NEEDS_SUITS = needs(suits=True)


class Chows(FeatureImpl):
    def value(self, hf: HandFacts, rd: Reading) -> int:
        return rd.chows


feature("chows", Chows, reading=True, needs=_NEEDS_CHOWS)


def _suit_mask(rd: Reading) -> int:
    """The bits (:func:`~nbmj.scoring.facts.suit_bit`) of the suits of the reading's tiles and of its honors."""
    mask = rd.suits
    if mask < 0:
        mask = suit_bit(rd.pair) if rd.pair >= 0 else 0  # -1: no pair (hand_fu)
        for g in rd.sets:  # a chow's tiles share its first tile's suit
            mask |= suit_bit(g.first)
        rd.suits = mask
    return mask


# The suit masks of one suit without honors, and of one suit with them, are written as tuples
# where they are asked: compiled, `in` a tuple of constants is C compares.
class Flush(FeatureImpl):
    def value(self, hf: HandFacts, rd: Reading) -> int:
        return 1 if _suit_mask(rd) in (1, 2, 4) else 0


feature("flush", Flush, reading=True, needs=_NEEDS_SUITS)


class HalfFlush(FeatureImpl):
    def value(self, hf: HandFacts, rd: Reading) -> int:
        return 1 if _suit_mask(rd) in (9, 10, 12) else 0


feature("half_flush", HalfFlush, reading=True, needs=_NEEDS_SUITS)


class AllHonors(FeatureImpl):
    def value(self, hf: HandFacts, rd: Reading) -> int:
        return 1 if _suit_mask(rd) == 8 else 0


feature("all_honors", AllHonors, reading=True, needs=_NEEDS_SUITS)


class AllPungs(FeatureImpl):
    def value(self, hf: HandFacts, rd: Reading) -> int:
        return 1 if rd.chows == 0 and rd.shape == "standard" else 0


feature("all_pungs", AllPungs, reading=True, needs=_NEEDS_CHOWS)


class AllChows(FeatureImpl):
    def value(self, hf: HandFacts, rd: Reading) -> int:
        return 1 if rd.chows == len(rd.sets) and rd.shape == "standard" else 0


feature("all_chows", AllChows, reading=True, needs=_NEEDS_CHOWS)


_NEEDS_CHOW_KINDS = needs(chow_kinds=True)


# 板高 and its family (NB-12.45): the sets are the reading's, claimed chows included as they
# were claimed (a claimed chow is fixed; a concealed one may be read either way, and the
# scorer keeps the reading that scores best)
def chow_multiplicities(rd: Reading) -> list[int]:
    """How many times each different chow of the reading occurs, in the order first met."""
    firsts: list[int] = []
    counts: list[int] = []
    for g in rd.sets:
        if g.size != "chow":
            continue
        if g.first in firsts:
            counts[firsts.index(g.first)] += 1
        else:
            firsts.append(g.first)
            counts.append(1)
    return counts


class IdenticalChows(FeatureImpl):
    def value(self, hf: HandFacts, rd: Reading) -> int:
        most = 0
        for n in chow_multiplicities(rd):
            if n > most:
                most = n
        return most


feature("identical_chows", IdenticalChows, reading=True, needs=_NEEDS_CHOW_KINDS)


class ChowPairs(FeatureImpl):
    def value(self, hf: HandFacts, rd: Reading) -> int:
        found = 0
        for n in chow_multiplicities(rd):
            if n >= 2:
                found += 1
        return found


feature("chow_pairs", ChowPairs, reading=True, needs=_NEEDS_CHOW_KINDS)


# the wait is part of every signature
class Wait(FeatureImpl):
    def value(self, hf: HandFacts, rd: Reading) -> int:
        if not self.args:
            return 1
        return 1 if rd.wait == self.args[0] else 0


feature("wait", Wait, reading=True, needs=NO_NEEDS)


class BigCrane(FeatureImpl):
    def value(self, hf: HandFacts, rd: Reading) -> int:
        return 1 if len(hf.situation.melds) == 4 and rd.wait == "single" else 0


feature("big_crane", BigCrane, reading=True, needs=NO_NEEDS)


class WildAsItself(FeatureImpl):
    def value(self, hf: HandFacts, rd: Reading) -> int:
        return rd.wild_as_itself


feature("wild_as_itself", WildAsItself, reading=True, needs=needs(itself=True))


_SIMPLE_CHOW = tuple(k < 27 and 1 <= k % 9 <= 5 for k in range(N_KINDS))  # by the chow's first kind
_SIMPLE = tuple(k < 27 and 1 <= k % 9 <= 7 for k in range(N_KINDS))


class AllSimples(FeatureImpl):
    def value(self, hf: HandFacts, rd: Reading) -> int:
        if rd.pair < 0 or not _SIMPLE[rd.pair]:
            return 0
        for g in rd.sets:
            if not (_SIMPLE_CHOW[g.first] if g.size == "chow" else _SIMPLE[g.first]):
                return 0
        return 1


feature("all_simples", AllSimples, reading=True, needs=needs(("simple",), pair_class=True, chow_ranks=True))


# a reading of another shape has a signature of its own (scoring.shapes), standard readings
# all have the standard shape
class Shape(FeatureImpl):
    def value(self, hf: HandFacts, rd: Reading) -> int:
        if not self.args:
            return 1
        return 1 if rd.shape == self.args[0] else 0


feature("shape", Shape, reading=True, needs=NO_NEEDS)


# the pair's wilds tell this reading apart only when the winning tile is wild (the
# signature then holds them, see readings.candidates)
class WildPairWin(FeatureImpl):
    def value(self, hf: HandFacts, rd: Reading) -> int:
        return 1 if hf.win_is_wild and rd.wait == "single" and rd.pair_wilds == 2 else 0


feature("wild_pair_win", WildPairWin, reading=True, needs=needs(pair_wilds=True))


# --------------------------------------------------------------------------- hand level


class WinTileWild(HandLevelFeature):
    def level_value(self, hl: HandLevel) -> int:
        return 1 if hl.win_is_wild else 0


feature("win_tile_wild", WinTileWild)


class ConcealedHand(HandLevelFeature):
    def level_value(self, hl: HandLevel) -> int:
        return 1 if hl.concealed_hand else 0


feature("concealed_hand", ConcealedHand)


class WildsHeld(HandLevelFeature):
    def level_value(self, hl: HandLevel) -> int:
        return hl.wilds + hl.melded_wilds


feature("wilds_held", WildsHeld)


class WildSingleWait(HandLevelFeature):
    """Known at the hand level once worked out (none without a wild held before the win);
    the scorer works it out from the hand's counts when first asked."""

    def level_value(self, hl: HandLevel) -> int:
        if hl.wild_single_wait is None:
            return -1
        return 1 if hl.wild_single_wait else 0

    def value(self, hf: HandFacts, rd: Reading) -> int:
        if hf.wild_single_wait is None:
            # the concealed tiles before the win: the hand's counts and wilds less the winning tile
            # (an empty bytearray plus the counts: compiled, a call of the type costs more)
            before = _NO_BYTES + hf.shape
            wilds = hf.wilds
            if hf.win_is_wild:
                wilds -= 1
            else:
                before[hf.situation.win_tile] -= 1
            hf.wild_single_wait = wild_single_wait_of(before, wilds)
        return self.level_value(hf)


feature("wild_single_wait", WildSingleWait)

_NO_BYTES = bytearray()


def wild_single_wait_of(before: bytearray, wilds: int) -> bool:
    """财神单吊 of the concealed tiles before the win, ``before`` the counts of those not
    wild and ``wilds`` the wild ones: they were sets plus one lone wild (``before`` is
    changed while it is read, and restored)."""
    return sets_only(before, wilds - 1)


class DiscardedWild(HandLevelFeature):
    def level_value(self, hl: HandLevel) -> int:
        return 1 if hl.discarded_wild else 0


feature("discarded_wild", DiscardedWild)


#: The flowers ``flowers`` may count, by argument; parsed, by number (see Flowers).
_WHICH_FLOWERS = ("seat", "other", "any")


class Flowers(HandLevelFeature):
    """Which flowers to count (``which``: the place of seat, other or any in
    _WHICH_FLOWERS) and whether only those outside full sets (``outside``)."""

    __slots__ = ("which", "outside")

    def __init__(self, args: tuple[str, ...]) -> None:
        super().__init__(args)
        self.which = 2
        self.outside = False
        for a in args:
            if a in _WHICH_FLOWERS:
                self.which = _WHICH_FLOWERS.index(a)
            elif a == "outside_sets":
                self.outside = True
            else:
                raise ValueError(f"unknown argument {a!r} to flowers")

    def count(self, fc: FlowerCounts) -> int:
        """The flowers of ``fc`` this feature counts."""
        seat = fc.seat_outside if self.outside else fc.seat
        other = fc.other_outside if self.outside else fc.other
        return seat if self.which == 0 else other if self.which == 1 else seat + other

    def level_value(self, hl: HandLevel) -> int:
        return self.count(hl.flowers)


feature("flowers", Flowers)


class FlowerSets(HandLevelFeature):
    def level_value(self, hl: HandLevel) -> int:
        return hl.flowers.sets


feature("flower_sets", FlowerSets)


class Win(HandLevelFeature):
    """The win method asked for (its :func:`~nbmj.scoring.facts.win_method_code`, -1 for any)."""

    __slots__ = ("method",)

    def __init__(self, args: tuple[str, ...]) -> None:
        super().__init__(args)
        self.method = win_method_code(args[0]) if args else -1

    def level_value(self, hl: HandLevel) -> int:
        return 1 if self.method < 0 or hl.win_method == self.method else 0


feature("win", Win)


_SELF_DRAWN_CODES = SELF_DRAWN_CODES  # (a C variable where compiled: read without a look-up of the globals)


class SelfDraw(HandLevelFeature):
    def level_value(self, hl: HandLevel) -> int:
        return (_SELF_DRAWN_CODES >> hl.win_method) & 1


feature("self_draw", SelfDraw)


class AfterDiscardKong(HandLevelFeature):
    def level_value(self, hl: HandLevel) -> int:
        return 1 if hl.bloom_kind == "kan" else 0


feature("after_discard_kong", AfterDiscardKong)

#: after_kong's kind words, as meld kinds
_KONG_KINDS = {"exposed": "kan", "concealed": "ankan", "added": "kakan"}


class AfterKong(FeatureImpl):
    """The kongs the win came right after (``Situation.after_kongs``, NB-12.49) of the kind
    and the giver the arguments name: ``exposed``/``concealed``/``added``, and ``of_winner``
    (the konged tile came from the winner) or ``of_other`` (from anyone else); with
    ``last``, only the last of them (for a win on a replacement, the kong it replaced)."""

    def value(self, hf: HandFacts, rd: Reading) -> int:
        args = self.args
        sit = hf.situation
        kongs = sit.after_kongs[-1:] if "last" in args else sit.after_kongs
        n = 0
        for m in kongs:
            for a in args:
                kind = _KONG_KINDS.get(a)
                if kind is not None and m.kind != kind:
                    break
                if a == "of_winner" and m.source != sit.seat:
                    break
                if a == "of_other" and (m.source is None or m.source == sit.seat):
                    break
            else:
                n += 1
        return n


feature("after_kong", AfterKong)


class LastTile(HandLevelFeature):
    def level_value(self, hl: HandLevel) -> int:
        return 1 if hl.last_tile else 0


feature("last_tile", LastTile)


class FirstTurn(HandLevelFeature):
    def level_value(self, hl: HandLevel) -> int:
        return 1 if hl.first_turn else 0


feature("first_turn", FirstTurn)


class Dealer(HandLevelFeature):
    def level_value(self, hl: HandLevel) -> int:
        return 1 if hl.seat == "E" else 0


feature("dealer", Dealer)


class MeldsExposed(HandLevelFeature):
    def level_value(self, hl: HandLevel) -> int:
        return hl.melds_exposed


feature("melds_exposed", MeldsExposed)


#: The feature names implemented (a test checks they are those of FEATURES).
IMPLEMENTED = frozenset(REGISTRY)

#: Features whose value depends on the reading; the others are the same in every reading.
READING_FEATURES = frozenset(name for name, fd in REGISTRY.items() if fd.reading)


def implementation(f: Feature) -> FeatureDef:
    """The registry entry of a feature; ValueError for an unknown name."""
    try:
        return REGISTRY[f.name]
    except KeyError:
        raise ValueError(f"unknown feature {f.name!r}") from None
