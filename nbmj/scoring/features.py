"""The named hand features (:data:`nbmj.rules.model.FEATURES`) over a winning hand.

A :class:`HandFacts` holds what does not depend on how the hand is split (flowers, wilds
held, the win method ...). A :class:`Reading` is one way to read the hand: one split of the
concealed tiles into melds and a pair, with the exposed melds as fixed groups, and the slot
the winning tile took. :func:`feature_value` evaluates one feature over a reading;
:func:`holds` evaluates a condition.
"""

from __future__ import annotations

from dataclasses import dataclass
import operator
from functools import lru_cache, partial
from typing import Iterator, NamedTuple

from ..errors import SituationError
from ..rules.model import FEATURES, AllOf, AnyOf, Compare, Expr, Feature, Not, RuleSet
from ..rules.wilds import wild_tiles
from ..tiles import N_KINDS, PLANTS, SEASONS, tile_code, to_notation
from . import _decomp
from .situation import Situation

__all__ = [
    "SetGroup",
    "HandFacts",
    "Reading",
    "facts",
    "readings",
    "feature_value",
    "holds",
    "tile_in_class",
    "IMPLEMENTED",
    "features_in",
]

SELF_DRAWN = ("self_draw", "kong_replacement", "flower_replacement")
_SEATS = ("E", "S", "W", "N")


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
        if self.size == "chow":
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,) * (4 if self.size == "kong" else 3)

    def notation(self) -> str:
        return _group_notation(self.size, self.first)


@lru_cache(maxsize=1024)
def _group_notation(size: str, first: int) -> str:
    if size == "chow":
        kinds: tuple[int, ...] = (first, first + 1, first + 2)
    else:
        kinds = (first,) * (4 if size == "kong" else 3)
    return to_notation(kinds)


@lru_cache(maxsize=64)
def _pair_notation(kind: int) -> str:
    return to_notation((kind, kind))


_NO_KEEP: frozenset[int] = frozenset()


@dataclass(slots=True)
class HandFacts:
    """Facts about the hand and the win that every reading shares."""

    situation: Situation
    rules: RuleSet
    wild_kinds: frozenset[int]
    shape: tuple[int, ...]  # 34 counts of the concealed non-wild tiles, winning tile included
    wilds: int  # wild tiles among concealed + winning tile
    win_is_wild: bool
    wild_physical: dict[int, int]  # kind -> wild copies of that kind held
    melded: tuple[SetGroup, ...]
    seat_kind: int
    round_kind: int
    flowers_seat: int
    flowers_other: int
    flowers_seat_outside: int
    flowers_other_outside: int
    flower_sets: int
    concealed_hand: bool
    wild_single_wait: bool | None  # None: not worked out yet (see _f_wild_single_wait)


class Reading:
    """One reading of the hand: all sets (melded first), the pair kind, the wait."""

    __slots__ = ("sets", "pungs", "chows", "pair", "pair_wilds", "wait", "wild_as_itself", "split", "_values")

    def __init__(self, sets, pair, pair_wilds, wait, wild_as_itself, split=()):
        self.sets: tuple[SetGroup, ...] = sets
        #: the sets that are pungs or kongs, and how many are chows (read by most features)
        self.pungs: tuple[SetGroup, ...] = tuple([g for g in sets if g.size != "chow"])
        self.chows: int = len(sets) - len(self.pungs)
        self.pair: int = pair
        self.pair_wilds: int = pair_wilds
        self.wait: str = wait  # edge closed single pair_pair two_sided
        self.wild_as_itself: int = wild_as_itself
        self.split: tuple = split
        self._values: dict = {}

    def notation(self) -> str:
        """The reading in notation: melded sets in brackets, then concealed sets, then the pair."""
        parts = []
        for g in self.sets:
            text = g.notation()
            parts.append(f"[{text}]" if g.melded else text)
        parts.append(_pair_notation(self.pair))
        return " ".join(parts)


def tile_in_class(kind: int, cls: str, seat_kind: int, round_kind: int) -> bool:
    """Whether ``kind`` belongs to the tile class ``cls`` (see ``pungs`` in FEATURES)."""
    if cls == "dragon":
        return 31 <= kind <= 33
    if cls == "wind":
        return 27 <= kind <= 30
    if cls == "seat_wind":
        return kind == seat_kind
    if cls == "round_wind":
        return kind == round_kind
    if cls == "honor":
        return kind >= 27
    if cls == "terminal":
        return kind < 27 and kind % 9 in (0, 8)
    if cls == "simple":
        return kind < 27 and kind % 9 not in (0, 8)
    if cls == "terminal_or_honor":
        return kind >= 27 or kind % 9 in (0, 8)
    if cls == "suited":
        return kind < 27
    raise ValueError(f"unknown tile class {cls!r}")


# --------------------------------------------------------------------------- hand facts


def _flower_counts(sit: Situation, rules: RuleSet, wild_kinds: frozenset[int]):
    if rules.wilds.wild_flower_is_flower:
        held = set(sit.flowers)
    else:
        held = {f for f in sit.flowers if f not in wild_kinds}
    own = set(rules.flowers.of_seat(sit.seat))
    in_sets: set[int] = set()
    n_sets = 0
    for group in (SEASONS, PLANTS):
        if all(f in held for f in group):
            n_sets += 1
            in_sets.update(group)
    seat_n = sum(1 for f in held if f in own)
    other_n = len(held) - seat_n
    seat_out = sum(1 for f in held if f in own and f not in in_sets)
    other_out = sum(1 for f in held if f not in own and f not in in_sets)
    return seat_n, other_n, seat_out, other_out, n_sets


def _sets_only(counts: list[int], wilds: int) -> bool:
    """Whether counts plus ``wilds`` wild tiles split into sets only (no pair)."""
    i = 0
    while i < N_KINDS and not counts[i]:
        i += 1
    if i == N_KINDS:
        return wilds % 3 == 0
    c = counts[i]
    for r in range(1, min(3, c) + 1):
        if 3 - r <= wilds:
            counts[i] -= r
            ok = _sets_only(counts, wilds - (3 - r))
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
            ok = _sets_only(counts, wilds - used)
            for k in take:
                counts[k] += 1
            if ok:
                return True
    return False


@lru_cache(maxsize=512)
def _wilds_of(rules_wilds, indicator) -> frozenset[int]:
    return wild_tiles(rules_wilds, indicator)


@lru_cache(maxsize=1024)
def _melded_group(kind: str, first: int) -> SetGroup:
    if kind == "chi":
        return SetGroup("chow", first, True, True)
    if kind == "pon":
        return SetGroup("pung", first, True, True)
    return SetGroup("kong", first, kind != "ankan", True)


def _count_with_flowers(tiles: tuple, wild_kinds: frozenset[int]) -> tuple:
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


def facts(sit: Situation, rules: RuleSet) -> HandFacts:
    """The reading-independent facts; raises SituationError for tiles that cannot be in a hand."""
    wild_kinds = _wilds_of(rules.wilds, sit.indicator)
    tiles = sit.concealed + (sit.win_tile,)
    if max(tiles) >= N_KINDS:
        shape, wilds, before_wilds, wild_physical = _count_with_flowers(tiles, wild_kinds)
    else:
        shape = [0] * N_KINDS
        for t in tiles:
            shape[t] += 1
        wilds = 0
        wild_physical: dict[int, int] = {}
        for w in wild_kinds:
            if w < N_KINDS and shape[w]:
                wilds += shape[w]
                wild_physical[w] = shape[w]
                shape[w] = 0
        before_wilds = wilds - (sit.win_tile in wild_kinds)
    if sit.melds and wild_kinds and not rules.claims.wilds_in_melds:
        for m in sit.melds:
            for t in m.tiles:
                if t in wild_kinds:
                    raise SituationError(
                        f"meld {to_notation(m.tiles)!r} holds the wild {tile_code(t)!r}; wilds cannot be melded")
    melded = [_melded_group(m.kind, min(m.tiles)) for m in sit.melds]
    if sit.flowers:
        seat_n, other_n, seat_out, other_out, n_sets = _flower_counts(sit, rules, wild_kinds)
    else:
        seat_n = other_n = seat_out = other_out = n_sets = 0
    # 财神单吊 is worked out when a rule asks (_f_wild_single_wait)
    single = False if before_wilds == 0 else None
    return HandFacts(
        situation=sit,
        rules=rules,
        wild_kinds=wild_kinds,
        shape=tuple(shape),
        wilds=wilds,
        win_is_wild=sit.win_tile in wild_kinds,
        wild_physical=wild_physical,
        melded=tuple(melded),
        seat_kind=27 + _SEATS.index(sit.seat),
        round_kind=27 + _SEATS.index(sit.round_wind),
        flowers_seat=seat_n,
        flowers_other=other_n,
        flowers_seat_outside=seat_out,
        flowers_other_outside=other_out,
        flower_sets=n_sets,
        concealed_hand=all([m.kind == "ankan" for m in sit.melds]),
        wild_single_wait=single,
    )


# --------------------------------------------------------------------------- readings


_SUIT_OF = tuple(300 + k // 9 for k in range(N_KINDS))


@lru_cache(maxsize=16)
def _classes(seat_kind: int, round_kind: int) -> tuple:
    """A class code per kind such that kinds with the same code are alike for every tile
    class of FEATURES and for the suit features: each suit's terminals, each suit's
    simples, the dragons, the seat wind, the round wind, the other winds."""
    out = []
    for k in range(N_KINDS):
        if k >= 31:
            out.append(100)
        elif k >= 27:
            out.append(200 + 2 * (k == seat_kind) + (k == round_kind))
        else:
            out.append(2 * (k // 9) + (k % 9 in (0, 8)))
    return tuple(out)


@lru_cache(maxsize=8192)
def _set_group(typ: str, first: int, exposed: bool, mask: tuple) -> SetGroup:
    return SetGroup("chow" if typ == "chow" else "pung", first, exposed, False, mask)


@lru_cache(maxsize=16384)
def _slots(group: tuple, win: int) -> tuple:
    """The slots of ``group`` the winning tile can take, with the wait each makes:
    ``win`` is the winning tile's kind, or -1 for a wild winning tile (any wild slot)."""
    typ, first, mask = group
    out = []
    for pos, is_wild in enumerate(mask):
        if win < 0:
            if not is_wild:
                continue
        elif is_wild or (first + pos if typ == "chow" else first) != win:
            continue
        out.append((pos, _wait_of(typ, first, pos)))
    return tuple(out)


@lru_cache(maxsize=4096)
def _wild_waits(group: tuple) -> tuple[str, ...]:
    """The waits a wild winning tile can make in ``group``: one per wild slot, repeats left out."""
    return tuple(dict.fromkeys(wait for _pos, wait in _slots(group, -1)))


_SINGLE = ("single",)
_PAIR_PAIR = ("pair_pair",)


def _wait_of(typ: str, first: int, pos: int) -> str:
    if typ == "pair":
        return "single"
    if typ == "pung":
        return "pair_pair"
    if pos == 1:
        return "closed"
    rank = first % 9
    if (pos == 2 and rank == 0) or (pos == 0 and rank == 6):
        return "edge"
    return "two_sided"


#: The wait of a winning tile at slot ``pos`` of the chow from ``first``, at ``first * 3 + pos``
#: (a one-tuple, as the waits of a group are listed).
_CHOW_WAITS = tuple((_wait_of("chow", first, pos),) for first in range(N_KINDS) for pos in range(3))


@dataclass(frozen=True)
class SignatureSpec:
    """What a rule set's reading-level conditions can tell apart (see :func:`readings`):
    the tile classes its ``pungs``/``pairs`` features name, whether any looks at exposure,
    at the pair's class, counts 还搭, counts chows (or pungs of any class), or looks at the
    suits (the flush features). Readings equal under the spec score the same."""

    classes: tuple[str, ...] = tuple(FEATURES["pungs"].arg_choices[0])
    exposure: bool = True
    pair_class: bool = True
    itself: bool = True
    chows: bool = True
    suits: bool = True


FULL_SPEC = SignatureSpec()

# The reading-level features spec_of knows how to tell apart; any other makes it give FULL_SPEC.
_SPEC_KNOWN = frozenset({"pungs", "pairs", "chows", "flush", "half_flush", "all_honors", "all_pungs", "all_chows",
                         "wait", "big_crane", "wild_as_itself"})
# Features that count chows, or pungs whatever their class (a hand's sets less its chows).
_SPEC_CHOWS = frozenset({"chows", "all_pungs", "all_chows"})
_SPEC_SUITS = frozenset({"flush", "half_flush", "all_honors"})


def features_in(exprs) -> Iterator[Feature]:
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


def spec_of(exprs) -> SignatureSpec:
    """The signature spec of a collection of conditions and counts."""
    classes: set[str] = set()
    exposure = pair_class = itself = chows = suits = False
    for e in features_in(exprs):
        if e.name in READING_FEATURES and e.name not in _SPEC_KNOWN:
            return FULL_SPEC
        if e.name == "pungs":
            named = [a for a in e.args if a in _CLASSES]
            classes.update(named)
            exposure = exposure or any(a in ("exposed", "concealed") for a in e.args)
            # without a class (or split by exposure) the count needs the number of chows
            chows = chows or not named or any(a in ("exposed", "concealed") for a in e.args)
        elif e.name == "pairs":
            pair_class = True
            classes.update(e.args)
        elif e.name == "wild_as_itself":
            itself = True
        elif e.name in _SPEC_CHOWS:
            chows = True
        elif e.name in _SPEC_SUITS:
            suits = True
    order = FEATURES["pungs"].arg_choices[0]
    return SignatureSpec(tuple(c for c in order if c in classes), exposure, pair_class, itself, chows, suits)


@lru_cache(maxsize=256)
def _spec_classes(spec: SignatureSpec, seat_kind: int, round_kind: int) -> tuple:
    """Per kind, an int that is equal for kinds alike under ``spec`` (suit group included,
    for the flush features)."""
    out = []
    for k in range(N_KINDS):
        code = 3 if k >= 27 else k // 9
        for c in spec.classes:
            code = code * 2 + tile_in_class(k, c, seat_kind, round_kind)
        out.append(code)
    return tuple(out)


@lru_cache(maxsize=256)
def _keep_for(cls: tuple, extra: frozenset) -> frozenset:
    """Kinds an all-wild pung or pair may take: one per class code (the first), plus ``extra``
    (the wild kinds, when 还搭 counts). Kinds with equal codes score alike."""
    seen: dict[int, int] = {}
    for k, code in enumerate(cls):
        seen.setdefault(code, k)
    return frozenset(seen.values()) | extra


def readings(hf: HandFacts, spec: SignatureSpec = FULL_SPEC) -> list[Reading]:
    """Every reading of the hand; empty when the hand does not win.

    Readings that ``spec`` cannot tell apart (same set types and tile classes, pair class,
    wait, exposure and 还搭 count, as far as the rule set looks at them) are given once.
    """
    return [build_reading(hf, cand) for cand in candidates(hf, spec)]


class Candidate(NamedTuple):
    """A reading before it is built: its ``signature`` (equal signatures score the same,
    given the same hand facts), the split, which of its groups (pair first) a discard
    made exposed (-1 for none), the wait and the 还搭 count."""

    signature: tuple
    split: tuple
    exposed: int
    wait: str
    wild_as_itself: int


def build_reading(hf: HandFacts, cand: Candidate) -> Reading:
    """The :class:`Reading` of a candidate: the melded sets, then the split's melds."""
    split = cand.split
    pair, melds = split
    exposed = cand.exposed
    sets = hf.melded + tuple([_set_group(t2, f2, gj == exposed, m2) for gj, (t2, f2, m2) in enumerate(melds, 1)])
    return Reading(sets, pair[1], pair[2].count(True), cand.wait, cand.wild_as_itself, split)


def candidate_notation(hf: HandFacts, cand: Candidate) -> str:
    """``build_reading(hf, cand).notation()``, without building the reading."""
    pair, melds = cand.split
    parts = [f"[{g.notation()}]" if g.melded else g.notation() for g in hf.melded]
    parts += [_group_notation("chow" if typ == "chow" else "pung", first) for typ, first, _mask in melds]
    parts.append(_pair_notation(pair[1]))
    return " ".join(parts)


@lru_cache(maxsize=256)
def _pung_codes(spec: SignatureSpec, seat_kind: int, round_kind: int) -> tuple:
    """Per kind, the code of a pung of that kind in a split's signature: its class code
    (:func:`_spec_classes`), made unequal to every chow code (:data:`_SUIT_OF`)."""
    return tuple(-1 - code for code in _spec_classes(spec, seat_kind, round_kind))


class ReadingCodes:
    """The per-kind codes :func:`nbmj.core.compact_readings` keys readings by (see
    :func:`_reading_codes`). Compared by identity: as part of a cache key it costs no hashing
    of its tables, and :func:`_reading_codes` gives one object per spec and winds."""

    __slots__ = ("chow", "pung", "pair", "exposed", "or_bits")

    def __init__(self, chow: tuple, pung: tuple, pair: tuple, exposed: tuple | None, or_bits: int = 0) -> None:
        self.chow, self.pung, self.pair, self.exposed, self.or_bits = chow, pung, pair, exposed, or_bits


# A core reading key (the codes are below 2**40): four or-ed bits, the suits and honours
# present, then fields of three bits that count groups (a hand has at most five).
_SUIT_BITS = 4
_FIELD_BITS = 3
_MAX_FIELDS = 12


@lru_cache(maxsize=256)
def _reading_codes(spec: SignatureSpec, seat_kind: int, round_kind: int, exposure: bool) -> ReadingCodes | None:
    """Codes such that readings with equal keys score the same (see :func:`candidates`).

    The core combines a reading's group codes, so each thing the spec reads has bits of its
    own: which suits and whether honours are present (or-ed bits, when the flush features
    look), and fields that count the chows (when chows are counted), the pungs of each
    class named and the pair's class. A pung that a discard completed is given by its class
    code (:func:`_spec_classes`) when ``exposure``. ``None`` when the fields do not fit in
    a key (the caller then tells readings apart itself).
    """
    n_fields = 0

    def field(wanted: bool = True) -> int:
        nonlocal n_fields
        if not wanted:
            return 0
        n_fields += 1
        return 1 << (_SUIT_BITS + _FIELD_BITS * (n_fields - 1))

    suit_bits = [1 << s if spec.suits else 0 for s in range(4)]
    chow_unit = field(spec.chows)
    class_units = [field() for _cls in spec.classes]
    pair_units = [field(spec.pair_class) for _cls in spec.classes]
    if n_fields > _MAX_FIELDS:
        return None
    chow, pung, pair = [], [], []
    for k in range(N_KINDS):
        suit = suit_bits[k // 9 if k < 27 else 3]
        member = [tile_in_class(k, c, seat_kind, round_kind) for c in spec.classes]
        chow.append(chow_unit | suit)
        pung.append(suit | sum(u for u, m in zip(class_units, member) if m))
        pair.append(suit | sum(u for u, m in zip(pair_units, member) if m))
    exposed = None
    if exposure:
        cls = _spec_classes(spec, seat_kind, round_kind)
        dense = {code: i for i, code in enumerate(sorted(set(cls)))}
        exposed = tuple(dense[c] for c in cls)
    return ReadingCodes(tuple(chow), tuple(pung), tuple(pair), exposed, (1 << _SUIT_BITS) - 1)


def candidates(hf: HandFacts, spec: SignatureSpec = FULL_SPEC) -> list[Candidate]:
    """The readings of :func:`readings`, in the same order, not yet built."""
    sit = hf.situation
    cls = _spec_classes(spec, hf.seat_kind, hf.round_kind)
    if hf.wilds:
        extra = frozenset(k for k in hf.wild_kinds if k < N_KINDS) if spec.itself else _NO_KEEP
        keep = _keep_for(cls, extra)
    else:
        keep = _NO_KEEP
    win = sit.win_tile
    on_discard = sit.win_by in ("discard", "rob_kong")
    track_itself = spec.itself and bool(hf.wild_physical)
    codes = None
    if not track_itself and _decomp.has_core_readings:
        codes = _reading_codes(spec, hf.seat_kind, hf.round_kind, on_discard and spec.exposure)
    if codes is not None:
        # The core lists the readings with their keys: one per signature. A key is an int,
        # never equal to a signature of the loop below (a tuple), so both share one memo.
        # The key has no 还搭 count, which differs between splits: hands that count it (and
        # the core without compact_readings, and specs too wide for a key) take the loop below.
        found = _decomp.readings(hf.shape, hf.wilds, keep, -1 if hf.win_is_wild else win, codes)
        new = tuple.__new__  # a Candidate without NamedTuple's Python-level __new__
        return [
            new(Candidate, (key, split, gi if on_discard and gi and split[1][gi - 1][0] == "pung" else -1, wait, 0))
            for key, split, gi, wait in found
        ]
    splits = _decomp.splits(hf.shape, hf.wilds, keep)
    out: list[Candidate] = []
    seen_readings: set = set()
    suit_of = _SUIT_OF  # a chow's code: its suit
    pung_code = _pung_codes(spec, hf.seat_kind, hf.round_kind)  # a pung's code: its class, apart from every chow code
    use_pair = spec.pair_class
    use_exposure = spec.exposure
    track_itself = spec.itself and bool(hf.wild_physical)
    win_key = -1 if hf.win_is_wild else win
    for split in splits:
        pair, melds = split
        groups = (pair,) + melds
        split_sig = None
        previous = None
        for gi, group in enumerate(groups):
            typ, first, mask = group
            if group == previous:  # melds are sorted: a repeated meld offers the same waits
                continue
            previous = group
            if win_key < 0:
                waits = _wild_waits(group)
            elif typ == "chow":
                pos = win_key - first
                if not 0 <= pos <= 2 or mask[pos]:
                    continue  # the winning tile is not a tile of this chow
                waits = _CHOW_WAITS[first * 3 + pos]
            elif first != win_key or False not in mask:
                continue  # nor of this pung or pair
            else:
                waits = _SINGLE if typ == "pair" else _PAIR_PAIR
            for wait in waits:
                if split_sig is None:
                    itself = _wild_as_itself(hf, groups) if track_itself else 0
                    codes = tuple(sorted([suit_of[f2] if t2 == "chow" else pung_code[f2] for t2, f2, _m in melds]))
                    split_sig = (codes, cls[pair[1]] if use_pair else suit_of[pair[1]], itself)
                # Readings whose sets agree in type, tile class, suit and exposure, with the
                # same pair class, wait and 还搭 count, have the same value for every feature
                # of FEATURES: score only the first.
                exposed_gi = gi if (on_discard and typ == "pung") else -1
                signature = (split_sig, wait, cls[first] if exposed_gi >= 0 and use_exposure else -1)
                if signature in seen_readings:
                    continue
                seen_readings.add(signature)
                out.append(Candidate(signature, split, exposed_gi, wait, itself))
    return out


def _wild_as_itself(hf: HandFacts, groups) -> int:
    if not hf.wild_physical:
        return 0
    phys = hf.wild_physical
    assigned: dict[int, int] = {}
    for typ, first, mask in groups:
        if True in mask:
            for pos, w in enumerate(mask):
                if w:
                    k = first + pos if typ == "chow" else first
                    if k in phys:
                        assigned[k] = assigned.get(k, 0) + 1
    if not assigned:
        return 0
    return sum(min(n, phys[k]) for k, n in assigned.items())


# --------------------------------------------------------------------------- features


#: Per kind, its bit in a reading's suit mask: one bit per suit, and 8 for the honors.
_SUIT_BIT = tuple(1 << (k // 9) if k < 27 else 8 for k in range(N_KINDS))
#: Suit masks of one suit without honors, and of one suit with honors.
_ONE_SUIT = frozenset((1, 2, 4))
_ONE_SUIT_HONORS = frozenset((9, 10, 12))


def _suit_mask(rd: Reading) -> int:
    """The bits (:data:`_SUIT_BIT`) of the suits of the reading's tiles and of its honors."""
    mask = rd._values.get("_suits")
    if mask is None:
        bit = _SUIT_BIT
        mask = bit[rd.pair] if rd.pair >= 0 else 0  # -1: no pair (hand_fu)
        for g in rd.sets:  # a chow's tiles share its first tile's suit
            mask |= bit[g.first]
        rd._values["_suits"] = mask
    return mask


_CLASSES = set(FEATURES["pungs"].arg_choices[0])


def _f_pungs(args, hf: HandFacts, rd: Reading) -> int:
    cls = exp = size = None
    for a in args:
        if a in _CLASSES:
            cls = a
        elif a in ("exposed", "concealed"):
            exp = a
        elif a in ("pung", "kong"):
            size = a
        else:
            raise ValueError(f"unknown argument {a!r} to pungs")
    n = 0
    for g in rd.pungs:
        if size is not None and g.size != size:
            continue
        if exp is not None and (exp == "exposed") != g.exposed:
            continue
        if cls is not None and not tile_in_class(g.first, cls, hf.seat_kind, hf.round_kind):
            continue
        n += 1
    return n


def _f_pairs(args, hf, rd) -> int:
    if not args:
        return 1
    return int(tile_in_class(rd.pair, args[0], hf.seat_kind, hf.round_kind))


def _f_chows(args, hf, rd) -> int:
    return rd.chows


def _f_flush(args, hf, rd) -> int:
    return 1 if _suit_mask(rd) in _ONE_SUIT else 0


def _f_half_flush(args, hf, rd) -> int:
    return 1 if _suit_mask(rd) in _ONE_SUIT_HONORS else 0


def _f_all_honors(args, hf, rd) -> int:
    return 1 if _suit_mask(rd) == 8 else 0


def _f_all_pungs(args, hf, rd) -> int:
    return int(rd.chows == 0)


def _f_all_chows(args, hf, rd) -> int:
    return int(rd.chows == len(rd.sets))


def _f_wait(args, hf, rd) -> int:
    if not args:
        return 1
    return int(rd.wait == args[0])


def _f_big_crane(args, hf, rd) -> int:
    return int(len(hf.situation.melds) == 4 and rd.wait == "single")


def _f_concealed_hand(args, hf, rd) -> int:
    return int(hf.concealed_hand)


def _f_wilds_held(args, hf, rd) -> int:
    return hf.wilds


def _f_wild_as_itself(args, hf, rd) -> int:
    return rd.wild_as_itself


def _f_wild_single_wait(args, hf, rd) -> int:
    if hf.wild_single_wait is None:
        # before the win, the concealed tiles were sets plus one lone wild
        sit = hf.situation
        before = [0] * N_KINDS
        wilds = 0
        for t in sit.concealed:
            if t in hf.wild_kinds:
                wilds += 1
            else:
                before[t] += 1
        hf.wild_single_wait = _sets_only(before, wilds - 1)
    return int(hf.wild_single_wait)


def _f_discarded_wild(args, hf, rd) -> int:
    return int(hf.situation.discarded_wild)


def _f_flowers(args, hf, rd) -> int:
    which = "any"
    outside = False
    for a in args:
        if a in ("seat", "other", "any"):
            which = a
        elif a == "outside_sets":
            outside = True
        else:
            raise ValueError(f"unknown argument {a!r} to flowers")
    if outside:
        seat, other = hf.flowers_seat_outside, hf.flowers_other_outside
    else:
        seat, other = hf.flowers_seat, hf.flowers_other
    return seat if which == "seat" else other if which == "other" else seat + other


def _f_flower_sets(args, hf, rd) -> int:
    return hf.flower_sets


def _f_win(args, hf, rd) -> int:
    if not args:
        return 1
    return int(hf.situation.win_by == args[0])


def _f_self_draw(args, hf, rd) -> int:
    return int(hf.situation.win_by in SELF_DRAWN)


def _f_after_discard_kong(args, hf, rd) -> int:
    sit = hf.situation
    return int(sit.win_by == "kong_replacement" and bool(sit.melds) and sit.melds[-1].kind == "kan")


def _f_last_tile(args, hf, rd) -> int:
    return int(hf.situation.last_tile)


def _f_first_turn(args, hf, rd) -> int:
    return int(hf.situation.first_turn)


def _f_dealer(args, hf, rd) -> int:
    return int(hf.situation.seat == "E")


def _f_melds_exposed(args, hf, rd) -> int:
    return len(hf.situation.melds)


_IMPL = {
    "pungs": _f_pungs,
    "pairs": _f_pairs,
    "chows": _f_chows,
    "flush": _f_flush,
    "half_flush": _f_half_flush,
    "all_honors": _f_all_honors,
    "all_pungs": _f_all_pungs,
    "all_chows": _f_all_chows,
    "wait": _f_wait,
    "big_crane": _f_big_crane,
    "concealed_hand": _f_concealed_hand,
    "wilds_held": _f_wilds_held,
    "wild_as_itself": _f_wild_as_itself,
    "wild_single_wait": _f_wild_single_wait,
    "discarded_wild": _f_discarded_wild,
    "flowers": _f_flowers,
    "flower_sets": _f_flower_sets,
    "win": _f_win,
    "self_draw": _f_self_draw,
    "after_discard_kong": _f_after_discard_kong,
    "last_tile": _f_last_tile,
    "first_turn": _f_first_turn,
    "dealer": _f_dealer,
    "melds_exposed": _f_melds_exposed,
}

#: The feature names this module implements (a test checks it covers FEATURES).
IMPLEMENTED = frozenset(_IMPL)

#: Features whose value depends on the reading; the others are the same in every reading.
READING_FEATURES = frozenset(
    {"pungs", "pairs", "chows", "flush", "half_flush", "all_honors", "all_pungs", "all_chows", "wait",
     "big_crane", "wild_as_itself"}
)


def _specialise(name: str, args: tuple):
    """Faster closures for the features read in every reading (same values as _IMPL)."""
    if name == "wait" and args:
        want = args[0]
        return lambda hf, rd: rd.wait == want
    if name == "pungs":
        cls = exp = size = None
        for a in args:
            if a in _CLASSES:
                cls = a
            elif a in ("exposed", "concealed"):
                exp = a == "exposed"
            elif a in ("pung", "kong"):
                size = a
            else:
                raise ValueError(f"unknown argument {a!r} to pungs")
        if cls is None:
            def count(hf, rd):
                return sum(1 for g in rd.pungs if (size is None or g.size == size)
                           and (exp is None or g.exposed == exp))
            return count
        if cls in ("seat_wind", "round_wind"):
            attr = "seat_kind" if cls == "seat_wind" else "round_kind"
            if size is None and exp is None:
                def count_wind_any(hf, rd):
                    k = getattr(hf, attr)
                    return [g.first for g in rd.pungs].count(k)
                return count_wind_any

            def count_wind(hf, rd):
                k = getattr(hf, attr)
                return sum(1 for g in rd.pungs if g.first == k and (size is None or g.size == size)
                           and (exp is None or g.exposed == exp))
            return count_wind
        members = frozenset(k for k in range(N_KINDS) if tile_in_class(k, cls, -1, -1))
        if size is None and exp is None:
            def count_cls_any(hf, rd):
                return len([g for g in rd.pungs if g.first in members])
            return count_cls_any

        def count_cls(hf, rd):
            return sum(1 for g in rd.pungs if g.first in members
                       and (size is None or g.size == size) and (exp is None or g.exposed == exp))
        return count_cls
    return None


def compile_expr(expr: Expr):
    """A condition or feature as ``(function(hf, rd) -> int, depends_on_reading)``.

    Features give their value; conditions give 0 or 1.
    """
    if isinstance(expr, Feature):
        try:
            impl = _IMPL[expr.name]
        except KeyError:
            raise ValueError(f"unknown feature {expr.name!r}") from None
        args = expr.args
        special = _specialise(expr.name, args)
        if special is not None:
            return special, expr.name in READING_FEATURES
        # a partial (written in C) adds no Python frame to each call, as a lambda would
        return partial(impl, args), expr.name in READING_FEATURES
    # Below, ``1 if ... else 0`` is int(...) of the same truth value, without the call.
    if isinstance(expr, Compare):
        fn, level = compile_expr(expr.feature)
        op = _C_OPS[expr.op]
        value = expr.value
        return (lambda hf, rd: 1 if op(fn(hf, rd), value) else 0), level
    if isinstance(expr, Not):
        fn, level = compile_expr(expr.operand)
        return (lambda hf, rd: 0 if fn(hf, rd) else 1), level
    if isinstance(expr, (AllOf, AnyOf)):
        parts = [compile_expr(o) for o in expr.operands]
        fns = tuple(f for f, _ in parts)
        level = any(lv for _, lv in parts)
        if len(fns) == 2:  # the common case, without a generator
            f1, f2 = fns
            if isinstance(expr, AllOf):
                return (lambda hf, rd: 1 if f1(hf, rd) and f2(hf, rd) else 0), level
            return (lambda hf, rd: 1 if f1(hf, rd) or f2(hf, rd) else 0), level
        if isinstance(expr, AllOf):
            return (lambda hf, rd: int(all(f(hf, rd) for f in fns))), level
        return (lambda hf, rd: int(any(f(hf, rd) for f in fns))), level
    raise TypeError(f"not a condition: {expr!r}")


def feature_value(feat: Feature, hf: HandFacts, rd: Reading) -> int:
    """The value of one feature over a reading."""
    values = rd._values
    v = values.get(feat)
    if v is None:
        try:
            fn = _IMPL[feat.name]
        except KeyError:
            raise ValueError(f"unknown feature {feat.name!r}") from None
        v = fn(feat.args, hf, rd)
        values[feat] = v
    return v


#: The operators of _OPS written in C, for compiled conditions (same answers on ints).
_C_OPS = {">=": operator.ge, "<=": operator.le, "==": operator.eq, "!=": operator.ne, ">": operator.gt, "<": operator.lt}

_OPS = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
}


def holds(expr: Expr, hf: HandFacts, rd: Reading) -> bool:
    """Whether a condition holds over a reading."""
    if isinstance(expr, Feature):
        return feature_value(expr, hf, rd) != 0
    if isinstance(expr, Compare):
        return _OPS[expr.op](feature_value(expr.feature, hf, rd), expr.value)
    if isinstance(expr, Not):
        return not holds(expr.operand, hf, rd)
    if isinstance(expr, AllOf):
        return all(holds(o, hf, rd) for o in expr.operands)
    if isinstance(expr, AnyOf):
        return any(holds(o, hf, rd) for o in expr.operands)
    raise TypeError(f"not a condition: {expr!r}")
