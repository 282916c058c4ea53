"""The named hand features (:data:`nbmj.rules.model.FEATURES`), one registry entry each.

A feature is registered with :func:`feature`, right after its implementation: the function
over the hand facts and a reading, whether its value depends on the reading, and what a
reading's signature must tell apart for it (:class:`~nbmj.scoring.readings.SignatureSpec`). Everything else the
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
from .facts import SELF_DRAWN, FlowerCounts, HandFacts, sets_only, tile_in_class
from .readings import FULL_SPEC, NO_NEEDS, TILE_CLASSES, Reading, SignatureSpec, needs

__all__ = ["FeatureDef", "REGISTRY", "IMPLEMENTED", "READING_FEATURES", "feature", "features_in", "spec_of",
           "implementation", "parse_pungs_args"]

#: A feature's value: its arguments, the hand facts, the reading (None for hand-level
#: features evaluated once per hand).
Impl = Callable[[tuple[str, ...], HandFacts, Reading], int]
#: What a reading's signature must tell apart for a feature with these arguments.
Needs = Callable[[tuple[str, ...]], SignatureSpec]


@dataclass(frozen=True)
class FeatureDef:
    """One feature: ``impl`` computes it; ``reading`` says its value depends on the reading;
    ``needs`` what a signature must tell apart (reading-level features only)."""

    name: str
    impl: Impl
    reading: bool
    needs: Needs


#: Every feature the scorer implements, by name.
REGISTRY: dict[str, FeatureDef] = {}


def _full(args: tuple[str, ...]) -> SignatureSpec:
    return FULL_SPEC


def _fixed(spec: SignatureSpec) -> Needs:
    return lambda args: spec


def feature(name: str, impl: Impl, *, reading: bool = False, needs: Needs | SignatureSpec | None = None) -> None:
    """Register ``impl`` as the implementation of feature ``name`` (called right after the
    function: compiled, an implementation is a C function, which takes no decorator)."""
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


#: parse_pungs_args by argument tuple (a rule set has a few)
_PUNGS_ARGS: dict[tuple[str, ...], tuple[str | None, bool | None, str | None]] = {}


def pungs(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    parsed = _PUNGS_ARGS.get(args)
    if parsed is None:
        parsed = _PUNGS_ARGS[args] = parse_pungs_args(args)
    cls, exp, size = parsed
    n = 0
    for g in rd.pungs:
        if size is not None and g.size != size:
            continue
        if exp is not None and exp != g.exposed:
            continue
        if cls is not None and not tile_in_class(g.first, cls, hf.seat_kind, hf.round_kind):
            continue
        n += 1
    return n


feature("pungs", pungs, reading=True, needs=_pungs_needs)


def pairs(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    if rd.pair < 0:  # a shape without a pair of its own (seven pairs, honours in any arrangement)
        return 0
    if not args:
        return 1
    return 1 if tile_in_class(rd.pair, args[0], hf.seat_kind, hf.round_kind) else 0


feature("pairs", pairs, reading=True, needs=lambda args: needs(tuple(args), pair_class=True))


_NEEDS_CHOWS = needs(chows=True)
_NEEDS_SUITS = needs(suits=True)


def chows(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return rd.chows


feature("chows", chows, reading=True, needs=_NEEDS_CHOWS)


#: Per kind, its bit in a reading's suit mask: one bit per suit, and 8 for the honors.
_SUIT_BIT = tuple(1 << (k // 9) if k < 27 else 8 for k in range(N_KINDS))
#: Suit masks of one suit without honors, and of one suit with honors.
_ONE_SUIT = frozenset((1, 2, 4))
_ONE_SUIT_HONORS = frozenset((9, 10, 12))


def _suit_mask(rd: Reading) -> int:
    """The bits (:data:`_SUIT_BIT`) of the suits of the reading's tiles and of its honors."""
    mask = rd.suits
    if mask < 0:
        bit = _SUIT_BIT
        mask = bit[rd.pair] if rd.pair >= 0 else 0  # -1: no pair (hand_fu)
        for g in rd.sets:  # a chow's tiles share its first tile's suit
            mask |= bit[g.first]
        rd.suits = mask
    return mask


def flush(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return 1 if _suit_mask(rd) in _ONE_SUIT else 0


feature("flush", flush, reading=True, needs=_NEEDS_SUITS)


def half_flush(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return 1 if _suit_mask(rd) in _ONE_SUIT_HONORS else 0


feature("half_flush", half_flush, reading=True, needs=_NEEDS_SUITS)


def all_honors(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return 1 if _suit_mask(rd) == 8 else 0


feature("all_honors", all_honors, reading=True, needs=_NEEDS_SUITS)


def all_pungs(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return 1 if rd.chows == 0 and rd.shape == "standard" else 0


feature("all_pungs", all_pungs, reading=True, needs=_NEEDS_CHOWS)


def all_chows(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return 1 if rd.chows == len(rd.sets) and rd.shape == "standard" else 0


feature("all_chows", all_chows, reading=True, needs=_NEEDS_CHOWS)


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


def identical_chows(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    most = 0
    for n in chow_multiplicities(rd):
        if n > most:
            most = n
    return most


feature("identical_chows", identical_chows, reading=True, needs=_NEEDS_CHOW_KINDS)


def chow_pairs(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    found = 0
    for n in chow_multiplicities(rd):
        if n >= 2:
            found += 1
    return found


feature("chow_pairs", chow_pairs, reading=True, needs=_NEEDS_CHOW_KINDS)


# the wait is part of every signature
def wait(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    if not args:
        return 1
    return 1 if rd.wait == args[0] else 0


feature("wait", wait, reading=True, needs=NO_NEEDS)


def big_crane(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return 1 if len(hf.situation.melds) == 4 and rd.wait == "single" else 0


feature("big_crane", big_crane, reading=True, needs=NO_NEEDS)


def wild_as_itself(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return rd.wild_as_itself


feature("wild_as_itself", wild_as_itself, reading=True, needs=needs(itself=True))


_SIMPLE_CHOW = tuple(k < 27 and 1 <= k % 9 <= 5 for k in range(N_KINDS))  # by the chow's first kind
_SIMPLE = tuple(k < 27 and 1 <= k % 9 <= 7 for k in range(N_KINDS))


def all_simples(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    if rd.pair < 0 or not _SIMPLE[rd.pair]:
        return 0
    for g in rd.sets:
        if not (_SIMPLE_CHOW[g.first] if g.size == "chow" else _SIMPLE[g.first]):
            return 0
    return 1


feature("all_simples", all_simples, reading=True, needs=needs(("simple",), pair_class=True, chow_ranks=True))


# a reading of another shape has a signature of its own (scoring.shapes), standard readings
# all have the standard shape
def shape(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    if not args:
        return 1
    return 1 if rd.shape == args[0] else 0


feature("shape", shape, reading=True, needs=NO_NEEDS)


# the pair's wilds tell this reading apart only when the winning tile is wild (the
# signature then holds them, see readings.candidates)
def wild_pair_win(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return 1 if hf.win_is_wild and rd.wait == "single" and rd.pair_wilds == 2 else 0


feature("wild_pair_win", wild_pair_win, reading=True, needs=needs(pair_wilds=True))


# --------------------------------------------------------------------------- hand level


def win_tile_wild(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return 1 if hf.win_is_wild else 0


feature("win_tile_wild", win_tile_wild)


def concealed_hand(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return 1 if hf.concealed_hand else 0


feature("concealed_hand", concealed_hand)


def wilds_held(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return hf.wilds + hf.melded_wilds


feature("wilds_held", wilds_held)


def wild_single_wait(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    if hf.wild_single_wait is None:
        sit = hf.situation
        before = [0] * N_KINDS
        wilds = 0
        for t in sit.concealed:
            if t in hf.wild_kinds:
                wilds += 1
            else:
                before[t] += 1
        hf.wild_single_wait = wild_single_wait_of(before, wilds)
    return 1 if hf.wild_single_wait else 0


feature("wild_single_wait", wild_single_wait)


def wild_single_wait_of(before: list[int], wilds: int) -> bool:
    """财神单吊 of the concealed tiles before the win, ``before`` the counts of those not
    wild and ``wilds`` the wild ones: they were sets plus one lone wild (``before`` is
    changed while it is read, and restored)."""
    return sets_only(before, wilds - 1)


def discarded_wild(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return 1 if hf.situation.discarded_wild else 0


feature("discarded_wild", discarded_wild)


#: The flowers ``flowers`` may count, by argument; parsed, by number (see _flower_args).
_WHICH_FLOWERS = ("seat", "other", "any")


def _flower_args(args: tuple[str, ...]) -> tuple[int, bool] | None:
    """The arguments of ``flowers``: which flowers (the place of seat, other or any in
    _WHICH_FLOWERS) and whether only those outside full sets; None for an argument it does
    not know."""
    which = 2
    outside = False
    for a in args:
        if a in _WHICH_FLOWERS:
            which = _WHICH_FLOWERS.index(a)
        elif a == "outside_sets":
            outside = True
        else:
            return None
    return which, outside


#: _flower_args by argument tuple (a rule set has a few; every hand asks for them)
_PARSED_FLOWER_ARGS: dict[tuple[str, ...], tuple[int, bool]] = {}


def flowers_asked(args: tuple[str, ...], fc: FlowerCounts) -> int | None:
    """The flowers ``flowers(args)`` counts in ``fc`` (which: seat, other or any; whether only
    those outside full sets); None for an argument it does not know."""
    parsed = _PARSED_FLOWER_ARGS.get(args)
    if parsed is None:
        parsed = _flower_args(args)
        if parsed is None:
            return None
        _PARSED_FLOWER_ARGS[args] = parsed
    which, outside = parsed
    seat = fc.seat_outside if outside else fc.seat
    other = fc.other_outside if outside else fc.other
    return seat if which == 0 else other if which == 1 else seat + other


def flowers(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    n = flowers_asked(args, hf.flowers)
    if n is None:
        raise ValueError(f"unknown argument {[a for a in args if a not in _FLOWER_ARGS][0]!r} to flowers")
    return n


feature("flowers", flowers)


_FLOWER_ARGS = ("seat", "other", "any", "outside_sets")


def flower_sets(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return hf.flowers.sets


feature("flower_sets", flower_sets)


def win(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    if not args:
        return 1
    return 1 if hf.situation.win_by == args[0] else 0


feature("win", win)


def self_draw(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return 1 if hf.situation.win_by in SELF_DRAWN else 0


feature("self_draw", self_draw)


def after_discard_kong(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    kong = hf.situation.bloom_kong()
    return 1 if kong is not None and kong.kind == "kan" else 0


feature("after_discard_kong", after_discard_kong)

#: after_kong's kind words, as meld kinds
_KONG_KINDS = {"exposed": "kan", "concealed": "ankan", "added": "kakan"}


def after_kong(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    """The kongs the win came right after (``Situation.after_kongs``, NB-12.49) of the kind
    and the giver the arguments name: ``exposed``/``concealed``/``added``, and ``of_winner``
    (the konged tile came from the winner) or ``of_other`` (from anyone else); with
    ``last``, only the last of them (for a win on a replacement, the kong it replaced)."""
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


feature("after_kong", after_kong)


def last_tile(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return 1 if hf.situation.last_tile else 0


feature("last_tile", last_tile)


def first_turn(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return 1 if hf.situation.first_turn else 0


feature("first_turn", first_turn)


def dealer(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return 1 if hf.situation.seat == "E" else 0


feature("dealer", dealer)


def melds_exposed(args: tuple[str, ...], hf: HandFacts, rd: Reading) -> int:
    return len(hf.situation.melds)


feature("melds_exposed", melds_exposed)


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
