"""The readings of a winning hand: every way to split it into sets and a pair, and the slot
the winning tile took.

A :class:`Reading` is one split of the concealed tiles into sets and a pair, with the
exposed melds as fixed sets, and the wait the winning tile made. :func:`candidates` lists
them cheaply, once per :class:`SignatureSpec` signature: readings that the rule set's
conditions cannot tell apart are given once. This is where the scorer's speed comes from;
what a signature must tell apart is declared per feature in :mod:`nbmj.scoring.features`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..tiles import N_KINDS, to_notation
from . import _decomp
from ._by_object import ByObject
from ._decomp import ReadingCodes
from ._decomp import readings as core_readings
from .facts import TILE_CLASSES, HandFacts, SetGroup, group_notation, suit_bit, tile_in_class, win_method_code

__all__ = [
    "Reading",
    "SignatureSpec",
    "FULL_SPEC",
    "NO_NEEDS",
    "TILE_CLASSES",
    "Candidate",
    "candidates",
    "readings",
    "build_reading",
    "candidate_notation",
    "set_group",
    "wait_of",
    "wild_as_itself",
]


Group = tuple[str, int, tuple[bool, ...]]  # (type, first kind, wild mask): a group of a split
Split = tuple[Group, tuple[Group, ...]]  # (pair, melds)


class Reading:
    """One reading of the hand: all sets (melded first), the pair kind, the wait."""

    __slots__ = ("sets", "pungs", "chows", "pair", "pair_wilds", "wait", "wild_as_itself", "split", "shape", "suits")

    def __init__(self, sets: tuple[SetGroup, ...], pair: int, pair_wilds: int, wait: str, wild_as_itself: int,
                 split: Split | tuple[()] = (), shape: str = "standard") -> None:
        self.sets: tuple[SetGroup, ...] = sets
        #: the sets that are pungs or kongs, and how many are chows (read by most features)
        self.pungs: tuple[SetGroup, ...] = tuple([g for g in sets if g.size != "chow"])
        self.chows: int = len(sets) - len(self.pungs)
        self.pair: int = pair
        self.pair_wilds: int = pair_wilds
        self.wait: str = wait  # edge closed single pair_pair two_sided
        self.wild_as_itself: int = wild_as_itself
        self.split: Split | tuple[()] = split
        #: the winning shape: "standard" (sets and a pair), or one of scoring.shapes.OTHER_SHAPES
        self.shape: str = shape
        #: the suits of the reading's tiles as bits, worked out when first asked (-1 until
        #: then; see features._suit_mask)
        self.suits: int = -1

    def notation(self) -> str:
        """The reading in notation: melded sets in brackets, then concealed sets, then the pair."""
        parts = []
        for g in self.sets:
            text = g.notation()
            parts.append(f"[{text}]" if g.melded else text)
        parts.append(_pair_notation(self.pair))
        return " ".join(parts)


@lru_cache(maxsize=64)
def _pair_notation(kind: int) -> str:
    return to_notation((kind, kind))


_NO_KEEP: frozenset[int] = frozenset()
#: The wins on a tile another seat gave (a discard, a robbed kong), as bits by win method code.
_ON_A_DISCARD_CODES = (1 << win_method_code("discard")) | (1 << win_method_code("rob_kong"))
_SUIT_OF = tuple(300 + k // 9 for k in range(N_KINDS))
#: A chow's code when chow ranks are told apart: its suit, and whether it holds a terminal.
_RANKED_SUIT_OF = tuple(300 + 2 * (k // 9) + (k % 9 in (0, 6)) for k in range(N_KINDS))
#: A chow's code when chows are told apart by their tiles: its first kind.
_CHOW_KIND_OF = tuple(400 + k for k in range(N_KINDS))


def set_group(typ: str, first: int, exposed: bool, mask: tuple[bool, ...]) -> SetGroup:
    """The :class:`SetGroup` of a split's group (a concealed set)."""
    return SetGroup("chow" if typ == "chow" else "pung", first, exposed, False, mask)


def wait_of(typ: str, first: int, pos: int) -> str:
    """The wait the winning tile makes at slot ``pos`` of a group (``typ`` ``"pair"``,
    ``"pung"`` or ``"chow"`` from ``first``)."""
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


@lru_cache(maxsize=16384)
def _slots(group: Group, win: int) -> tuple[tuple[int, str], ...]:
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
        out.append((pos, wait_of(typ, first, pos)))
    return tuple(out)


@lru_cache(maxsize=4096)
def _wild_waits(group: Group) -> tuple[str, ...]:
    """The waits a wild winning tile can make in ``group``: one per wild slot, repeats left out."""
    return tuple(dict.fromkeys(wait for _pos, wait in _slots(group, -1)))


_SINGLE = ("single",)
_PAIR_PAIR = ("pair_pair",)

#: The wait of a winning tile at slot ``pos`` of the chow from ``first``, at ``first * 3 + pos``
#: (a one-tuple, as the waits of a group are listed).
_CHOW_WAITS = tuple((wait_of("chow", first, pos),) for first in range(N_KINDS) for pos in range(3))


@dataclass(frozen=True)
class SignatureSpec:
    """What a rule set's reading-level conditions can tell apart (see :func:`candidates`):
    the tile classes its ``pungs``/``pairs`` features name, whether any looks at exposure,
    at the pair's class, counts 还搭, counts chows (or pungs of any class), looks at the
    suits (the flush features), or at the wilds in the pair a wild winning tile completed.
    Readings equal under the spec score the same."""

    classes: tuple[str, ...] = TILE_CLASSES
    exposure: bool = True
    pair_class: bool = True
    itself: bool = True
    chows: bool = True
    #: the suits looked at as the flush features look at them: how many number suits the
    #: reading's tiles take (none, one, more) and whether it holds honours, never which
    #: suit (readings of different hands share a signature across suits: a feature that
    #: tells one number suit from another must not declare this alone)
    suits: bool = True
    pair_wilds: bool = True
    chow_ranks: bool = True
    #: chows told apart by their tiles, not only by suit (the identical-chow features)
    chow_kinds: bool = True

    def union(self, other: "SignatureSpec") -> "SignatureSpec":
        """What either spec tells apart."""
        classes = set(self.classes) | set(other.classes)
        return SignatureSpec(
            tuple(c for c in TILE_CLASSES if c in classes),
            self.exposure or other.exposure,
            self.pair_class or other.pair_class,
            self.itself or other.itself,
            self.chows or other.chows,
            self.suits or other.suits,
            self.pair_wilds or other.pair_wilds,
            self.chow_ranks or other.chow_ranks,
            self.chow_kinds or other.chow_kinds,
        )


#: Tells everything apart that a feature can read.
FULL_SPEC = SignatureSpec()
#: Tells nothing apart beyond the wait (which every signature holds).
NO_NEEDS = SignatureSpec((), False, False, False, False, False, False, False, False)


def needs(classes: tuple[str, ...] = (), **flags: bool) -> SignatureSpec:
    """A spec that tells apart only the given classes and flags (:data:`NO_NEEDS` else)."""
    return dataclasses.replace(NO_NEEDS, classes=classes, **flags)


@lru_cache(maxsize=256)
def _spec_classes(spec: SignatureSpec, seat_kind: int, round_kind: int) -> tuple[int, ...]:
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
def _keep_for(cls: tuple[int, ...], extra: frozenset[int]) -> frozenset[int]:
    """Kinds an all-wild pung or pair may take: one per class code (the first), plus ``extra``
    (the wild kinds, when 还搭 counts). Kinds with equal codes score alike."""
    seen: dict[int, int] = {}
    for k, code in enumerate(cls):
        seen.setdefault(code, k)
    return frozenset(seen.values()) | extra


class Candidate:
    """A reading before it is built: its ``signature`` (equal signatures score the same,
    given the same hand facts), the ``split``, which of its groups (pair first) a discard
    made ``exposed`` (-1 for none), the ``wait`` and the 还搭 count ``wild_as_itself``.

    A record of its own, compared by identity, not a tuple: the scorer makes one or two a
    hand and reads their fields as C fields where it is compiled."""

    __slots__ = ("signature", "split", "exposed", "wait", "wild_as_itself")

    def __init__(self, signature: Any, split: tuple[Any, ...], exposed: int, wait: str, wild_as_itself: int) -> None:
        self.signature = signature
        self.split = split
        self.exposed = exposed
        self.wait = wait
        self.wild_as_itself = wild_as_itself

    def __repr__(self) -> str:
        return (f"Candidate(signature={self.signature!r}, split={self.split!r}, exposed={self.exposed!r}, "
                f"wait={self.wait!r}, wild_as_itself={self.wild_as_itself!r})")


def _candidate(signature: Any, split: tuple[Any, ...], exposed: int, wait: str, wild_as_itself: int) -> Candidate:
    """``Candidate(signature, split, exposed, wait, wild_as_itself)``, made empty and then
    filled: compiled, the fields are set in C, where a call to the class parses five
    arguments (a hand with wilds makes several)."""
    cand = Candidate.__new__(Candidate)
    cand.signature = signature
    cand.split = split
    cand.exposed = exposed
    cand.wait = wait
    cand.wild_as_itself = wild_as_itself
    return cand


def readings(hf: HandFacts, spec: SignatureSpec = FULL_SPEC) -> list[Reading]:
    """Every reading of the hand; empty when the hand does not win.

    Readings that ``spec`` cannot tell apart (same set types and tile classes, pair class,
    wait, exposure and 还搭 count, as far as the rule set looks at them) are given once.
    """
    return [build_reading(hf, cand) for cand in candidates(hf, spec)]


#: Per group of a split, its :func:`set_group` concealed and exposed by a discard, so that
#: the readings of every hand share one SetGroup per group (a few hundred groups make up the
#: bench's hands, wilds included). Keyed by the group: the core's groups are the tuples of one
#: table, which the dict finds by identity before it would compare them.
_GROUP_SETS: dict[Group, tuple[SetGroup, SetGroup]] = {}
# Groups _GROUP_SETS keeps before it starts over.
_GROUP_SETS_KEPT = 4096


def _group_sets(group: Group) -> tuple[SetGroup, SetGroup]:
    """``set_group`` of ``group``, concealed and then exposed by a discard."""
    found = _GROUP_SETS.get(group)
    if found is None:
        if len(_GROUP_SETS) >= _GROUP_SETS_KEPT:
            _GROUP_SETS.clear()
        typ, first, mask = group
        found = _GROUP_SETS[group] = (set_group(typ, first, False, mask), set_group(typ, first, True, mask))
    return found


def build_reading(hf: HandFacts, cand: Candidate) -> Reading:
    """The :class:`Reading` of a candidate: the melded sets, then the split's melds."""
    split = cand.split
    pair, melds = split
    exposed = cand.exposed  # the split's group a discard completed, counted from 1; 0 for none
    sets = list(hf.melded)
    gj = 0
    for group in melds:
        gj += 1
        both = _group_sets(group)
        sets.append(both[1] if gj == exposed else both[0])
    pair_wilds = 0  # (counted in a loop: compiled, tuple.count is a method call)
    for is_wild in pair[2]:
        if is_wild:
            pair_wilds += 1
    return Reading(tuple(sets), pair[1], pair_wilds, cand.wait, cand.wild_as_itself, split)


#: The notation of a chow and of a pung from each kind (a chow only from a suit's 1-7), and
#: of a pair: every best reading's decomposition is written from these.
_CHOW_TEXT = tuple(group_notation("chow", k) if k < 27 and k % 9 < 7 else "" for k in range(N_KINDS))
_PUNG_TEXT = tuple(group_notation("pung", k) for k in range(N_KINDS))
_PAIR_TEXT = tuple(to_notation((k, k)) for k in range(N_KINDS))


def candidate_notation(hf: HandFacts, cand: Candidate) -> str:
    """``build_reading(hf, cand).notation()``, without building the reading."""
    pair, melds = cand.split
    if not hf.melded and len(melds) == 4:
        # a concealed hand, the most common: one f-string, which compiled is a single join of
        # known pieces (a list and str.join cost four times as much)
        return (f"{_meld_text(melds[0])} {_meld_text(melds[1])} {_meld_text(melds[2])} {_meld_text(melds[3])} "
                f"{_PAIR_TEXT[pair[1]]}")
    parts = [f"[{g.notation()}]" if g.melded else g.notation() for g in hf.melded]
    for meld in melds:
        parts.append(_meld_text(meld))
    parts.append(_PAIR_TEXT[pair[1]])
    return " ".join(parts)


def _meld_text(meld: Group) -> str:
    """A split's meld in notation."""
    first = meld[1]
    return _CHOW_TEXT[first] if meld[0] == "chow" else _PUNG_TEXT[first]


@lru_cache(maxsize=256)
def _pung_codes(spec: SignatureSpec, seat_kind: int, round_kind: int) -> tuple[int, ...]:
    """Per kind, the code of a pung of that kind in a split's signature: its class code
    (:func:`_spec_classes`), made unequal to every chow code (:data:`_SUIT_OF`)."""
    return tuple(-1 - code for code in _spec_classes(spec, seat_kind, round_kind))


# A core reading key (the codes are below 2**40): four or-ed bits, the suits and honours
# present, then fields of three bits that count groups (a hand has at most five).
_SUIT_BITS = 4
_FIELD_BITS = 3
_MAX_FIELDS = 12
# The core's key holds the combined codes above the wait's three bits and the exposed code's
# nine (nbmj.core._reference_readings.compact_readings): the or-ed suit bits are its bits 12-15.
_KEY_SUIT_SHIFT = 12
_KEY_SUITS = ((1 << _SUIT_BITS) - 1) << _KEY_SUIT_SHIFT
#: Per or-ed suit bits (bits 0-2 the number suits, bit 3 the honours), what the flush
#: features read of them: how many number suits (none, one, more) and whether honours. A
#: reading of 123m and one of 123p score alike, so readings of different hands share a
#: signature (and a memo entry) whatever their suit: the distinct signatures of the bench's
#: 3,000 hands with wilds on a discard fall from 664 to 237.
_SUIT_CLASS = tuple(min(bin(bits & 7).count("1"), 2) | (bits & 8) >> 1 for bits in range(1 << _SUIT_BITS))
#: The same in place in a key (shifted to its bits 12-15).
_SUIT_CLASS_IN_KEY = tuple(code << _KEY_SUIT_SHIFT for code in _SUIT_CLASS)


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


class SpecTables:
    """What :func:`candidates` reads of a spec for one seat wind and round wind, worked out
    once: the class code of each kind, of a pung of each kind, the core's codes (for wins on
    a discard and for the others), and the kinds all-wild groups may take, by wild kinds."""

    __slots__ = ("spec", "cls", "pung_codes", "codes_on_discard", "codes", "keep")

    def __init__(self, spec: SignatureSpec, seat_kind: int, round_kind: int) -> None:
        self.spec = spec
        self.cls: tuple[int, ...] = _spec_classes(spec, seat_kind, round_kind)
        self.pung_codes: tuple[int, ...] = _pung_codes(spec, seat_kind, round_kind)
        self.codes_on_discard: ReadingCodes | None = _reading_codes(spec, seat_kind, round_kind, spec.exposure)
        self.codes: ReadingCodes | None = _reading_codes(spec, seat_kind, round_kind, False)
        self.keep: dict[frozenset[int], frozenset[int]] = {}

    def keep_for(self, wild_kinds: frozenset[int]) -> frozenset[int]:
        """The kinds all-wild pungs and pairs may take in a hand whose wilds are ``wild_kinds``."""
        keep = self.keep.get(wild_kinds)
        if keep is None:
            extra = frozenset([k for k in wild_kinds if k < N_KINDS]) if self.spec.itself else _NO_KEEP
            keep = self.keep[wild_kinds] = _keep_for(self.cls, extra)
        return keep


#: Per spec, its tables by seat wind and round wind (index (seat - 27) * 4 + round - 27).
_TABLES = ByObject(256)


def spec_tables(spec: SignatureSpec, seat_kind: int, round_kind: int) -> SpecTables:
    """The tables of ``spec`` for a seat wind and a round wind (kinds 27-30)."""
    winds = (seat_kind - 27) * 4 + round_kind - 27
    tables_by_winds: list[SpecTables | None] | None = _TABLES.get(spec)
    if tables_by_winds is None:
        tables_by_winds = _TABLES.put(spec, [None] * 16)
    tables = tables_by_winds[winds]
    if tables is None:
        tables = tables_by_winds[winds] = SpecTables(spec, seat_kind, round_kind)
    return tables


def candidates(hf: HandFacts, spec: SignatureSpec = FULL_SPEC) -> list[Candidate]:
    """The readings of :func:`readings`, in the same order, not yet built."""
    sit = hf.situation
    tables = spec_tables(spec, hf.seat_kind, hf.round_kind)
    cls = tables.cls
    keep = tables.keep_for(hf.wild_kinds) if hf.wilds else _NO_KEEP
    win = sit.win_tile
    on_discard = (1 << hf.win_method) & _ON_A_DISCARD_CODES != 0  # (ints: a failed string compare costs a full one)
    track_itself = spec.itself and bool(hf.wild_physical)
    # the core's keys tell apart neither 还搭 counts nor the wilds of the pair a wild completed
    track_pair_wilds = spec.pair_wilds and hf.win_is_wild
    # nor chow ranks (断幺九) or chows by their tiles (板高), and the core keeps all-wild chows
    # as 123 only
    chow_kinds = spec.chow_kinds
    if not (track_itself or track_pair_wilds or spec.chow_ranks or chow_kinds):
        codes = tables.codes_on_discard if on_discard else tables.codes
        if codes is not None:
            # The core lists the readings with their keys: one per signature. A key is an int,
            # never equal to a signature of the loop below (a tuple), so both share one memo.
            # The key has no 还搭 count, which differs between splits: hands that count it (and
            # specs too wide for a key) take the loop below.
            found = core_readings(hf.shape, hf.wilds, keep, -1 if hf.win_is_wild else win, codes)
            out: list[Candidate] = []
            suits = spec.suits
            melded_suits = 0  # the suits of the melded sets, in a key's suit bits
            if suits:
                for g in hf.melded:
                    melded_suits |= suit_bit(g.first)
                melded_suits <<= _KEY_SUIT_SHIFT
            for key, split, gi, wait in found:
                if suits:
                    # the suits of the whole reading as far as the flush features tell them
                    # apart (the melded sets are the context's: equal in every reading that
                    # shares this memo)
                    suit_class = _SUIT_CLASS_IN_KEY[((key & _KEY_SUITS) | melded_suits) >> _KEY_SUIT_SHIFT]
                    key = (key & ~_KEY_SUITS) | suit_class
                out.append(_candidate(key, split, gi if on_discard and gi and split[1][gi - 1][0] == "pung" else -1, wait, 0))
            return out
    # an all-wild chow may complete an identical chow: with chows told apart it may be any chow
    chow_firsts = _decomp.ALL_CHOWS if chow_kinds else _decomp.RANKED_CHOWS if spec.chow_ranks else _decomp.REP_CHOWS
    splits = _decomp.splits(hf.shape, hf.wilds, keep, chow_firsts)
    out = []
    seen_readings: set[Any] = set()
    # a chow's code: its first kind, or its suit (and whether it holds a terminal)
    suit_of = _CHOW_KIND_OF if chow_kinds else _RANKED_SUIT_OF if spec.chow_ranks else _SUIT_OF
    pung_code = tables.pung_codes  # a pung's code: its class, apart from every chow code
    use_pair = spec.pair_class
    use_exposure = spec.exposure
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
                    itself = wild_as_itself(hf, groups) if track_itself else 0
                    codes_of = tuple(sorted([suit_of[f2] if t2 == "chow" else pung_code[f2] for t2, f2, _m in melds]))
                    pair_code = cls[pair[1]] if use_pair else suit_of[pair[1]]
                    if track_pair_wilds:
                        pair_code = (pair_code, pair[2].count(True))
                    split_sig = (codes_of, pair_code, itself)
                # Readings whose sets agree in type, tile class, suit and exposure, with the
                # same pair class, wait and 还搭 count, have the same value for every feature
                # the spec reads: score only the first.
                exposed_gi = gi if (on_discard and typ == "pung") else -1
                signature = (split_sig, wait, cls[first] if exposed_gi >= 0 and use_exposure else -1)
                if signature in seen_readings:
                    continue
                seen_readings.add(signature)
                out.append(_candidate(signature, split, exposed_gi, wait, split_sig[2]))
    return out


def wild_as_itself(hf: HandFacts, groups: tuple[Group, ...]) -> int:
    """还搭: how many of the hand's wilds the groups assign to their own face value."""
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
