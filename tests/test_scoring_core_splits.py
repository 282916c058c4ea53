"""The core's decompositions as the scorer reads them (:func:`nbmj.core.compact_decompositions`):
both backends agree, and they are :func:`nbmj.core.decompositions` converted and filtered."""

import sys
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
import _core_helpers as helpers  # noqa: E402

from nbmj.core import _reference  # noqa: E402
from nbmj.core._reference_readings import MAX_CODE  # noqa: E402
from nbmj.errors import HandShapeError  # noqa: E402
from nbmj.tiles import parse_counts  # noqa: E402

shape = helpers.compiled()
needs_compiled = pytest.mark.skipif(shape is None, reason="compiled core not built (pure-Python run)")

kind_sets = st.frozensets(st.integers(0, 33), max_size=12)


def _expected(counts, wilds, pungs, chows):
    """Straight from decompositions: each group as (type, first, mask), filtered, melds sorted."""
    def group(g):
        if g.type == "chow":
            left = list(g.wilds)
            mask = []
            for k in g.tiles:
                mask.append(k in left)
                if k in left:
                    left.remove(k)
            return ("chow", g.tiles[0], tuple(mask))
        n, w = len(g.tiles), len(g.wilds)
        return (g.type, g.tiles[0], (True,) * w + (False,) * (n - w))

    out = []
    for d in _reference.decompositions(counts, wilds):
        groups = [group(g) for g in d.groups]
        if any(all(m) and f not in (chows if t == "chow" else pungs) for t, f, m in groups):
            continue
        out.append((groups[0], tuple(sorted(groups[1:]))))
    return out


@settings(max_examples=150, deadline=None)
@given(hand=helpers.hands(complete=True, max_wilds=3), pungs=kind_sets, chows=kind_sets)
def test_reference_is_decompositions_converted(hand, pungs, chows):
    counts, wilds = hand
    assert _reference.compact_decompositions(counts, wilds, pungs, chows) == _expected(counts, wilds, pungs, chows)


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(hand=helpers.hands(complete=True, max_wilds=3), pungs=kind_sets, chows=kind_sets)
def test_backends_agree(hand, pungs, chows):
    counts, wilds = hand
    ours = shape.compact_decompositions(counts, wilds, pungs, chows)
    assert ours == _reference.compact_decompositions(counts, wilds, pungs, chows)
    assert ours == shape.compact_decompositions(tuple(counts), wilds, sorted(pungs), list(chows))


@needs_compiled
def test_backends_agree_on_four_wilds():
    counts = [0] * 34
    counts[0] = counts[1] = counts[2] = 1
    counts[4] = 1
    counts[33] = 3  # 123m 5m 777z and four wilds: 11 tiles
    everything = range(34)
    for pungs, chows in (((), ()), (everything, everything), ((0, 27, 33), (0, 9))):
        ours = shape.compact_decompositions(counts, 4, pungs, chows)
        assert ours == _reference.compact_decompositions(counts, 4, pungs, chows)
    assert shape.compact_decompositions(counts, 4) == [
        d for d in shape.compact_decompositions(counts, 4, everything, everything)
        if all(False in g[2] for g in (d[0],) + d[1])
    ]


@pytest.mark.parametrize("hand, wilds", [([0] * 34, 1), ("123m", 0), ([5] + [0] * 33, 0), ([0] * 33, 2)])
def test_bad_hands_raise_the_same(hand, wilds):
    with pytest.raises(HandShapeError) as ref:
        _reference.compact_decompositions(hand, wilds)
    if shape is not None:
        with pytest.raises(HandShapeError) as ours:
            shape.compact_decompositions(hand, wilds)
        assert str(ours.value) == str(ref.value)


# --------------------------------------------------------------------------- compact_readings

code_lists = st.lists(st.integers(0, MAX_CODE), min_size=34, max_size=34)
# one-hot fields, as the scorer gives them: keys count the groups of each class
field_code_lists = st.lists(st.sampled_from([0] + [1 << (3 * f) for f in range(13)]), min_size=34, max_size=34)
# or-ed bits 0-3 beside counted fields from bit 4, as the scorer gives suits and classes
OR_BITS = 0b1111
or_code_lists = st.lists(st.tuples(st.integers(0, OR_BITS), st.sampled_from([0] + [16 << (3 * f) for f in range(12)]))
                         .map(lambda t: t[0] | t[1]), min_size=34, max_size=34)
# few distinct codes, so that readings often share a key and are left out
small_code_lists = st.lists(st.integers(0, 3), min_size=34, max_size=34)
exposed_code_lists = st.lists(st.integers(0, 510), min_size=34, max_size=34)


def _expected_readings(counts, wilds, pungs, chows, win, chow_codes, pung_codes, pair_codes, exposed_codes, or_bits=0):
    """Straight from the splits: every group holding the winning tile, every wait, first per key."""
    names = ("single", "pair_pair", "closed", "edge", "two_sided")

    def wait_of(typ, first, pos):
        if typ != "chow":
            return "single" if typ == "pair" else "pair_pair"
        if pos == 1:
            return "closed"
        return "edge" if (pos, first % 9) in ((2, 0), (0, 6)) else "two_sided"

    out, seen = [], set()
    for split in _reference.compact_decompositions(counts, wilds, pungs, chows):
        pair, melds = split
        meld_codes = sorted((chow_codes if t == "chow" else pung_codes)[f] for t, f, _m in melds)
        groups = (pair,) + melds
        for gi, (typ, first, mask) in enumerate(groups):
            if gi > 1 and groups[gi - 1] == groups[gi]:
                continue
            waits = []
            for pos, is_wild in enumerate(mask):
                kind = first + pos if typ == "chow" else first
                if (is_wild if win < 0 else (not is_wild and kind == win)):
                    waits.append(wait_of(typ, first, pos))
            for wait in dict.fromkeys(waits):
                added = meld_codes + [pair_codes[pair[1]]]
                key = sum(c & ~or_bits for c in added)
                for c in added:
                    key |= c & or_bits
                exp = exposed_codes[first] + 1 if exposed_codes is not None and typ == "pung" else 0
                key = (key * 8 + names.index(wait)) * 512 + exp
                if key not in seen:
                    seen.add(key)
                    out.append((key, split, gi, wait))
    return out


@settings(max_examples=150, deadline=None)
@given(hand=helpers.hands(complete=True, max_wilds=3), pungs=kind_sets, chows=kind_sets, win=st.integers(-1, 33),
       codes=st.tuples(small_code_lists, small_code_lists, code_lists, st.none() | small_code_lists)
       | st.tuples(field_code_lists, field_code_lists, field_code_lists, st.none() | exposed_code_lists))
def test_readings_reference_is_splits_with_waits(hand, pungs, chows, win, codes):
    counts, wilds = hand
    assert _reference.compact_readings(counts, wilds, pungs, chows, win, *codes) == _expected_readings(
        counts, wilds, pungs, chows, win, *codes)


@settings(max_examples=150, deadline=None)
@given(hand=helpers.hands(complete=True, max_wilds=4), pungs=kind_sets, chows=kind_sets, win=st.integers(-1, 33),
       codes=st.tuples(or_code_lists, or_code_lists, or_code_lists))
def test_readings_or_bits_reference_and_backends(hand, pungs, chows, win, codes):
    counts, wilds = hand
    ref = _reference.compact_readings(counts, wilds, pungs, chows, win, *codes, or_bits=OR_BITS)
    assert ref == _expected_readings(counts, wilds, pungs, chows, win, *codes, None, OR_BITS)
    if shape is not None:
        assert shape.compact_readings(counts, wilds, pungs, chows, win, *codes, or_bits=OR_BITS) == ref


@pytest.mark.parametrize("or_bits", [-1, 2**40])
def test_readings_bad_or_bits_raise_the_same(or_bits):
    counts = [0] * 34
    counts[0] = 2
    with pytest.raises(ValueError, match="or_bits") as ref:
        _reference.compact_readings(counts, 0, (), (), 0, [0] * 34, [0] * 34, [0] * 34, or_bits=or_bits)
    if shape is not None:
        with pytest.raises(ValueError) as ours:
            shape.compact_readings(counts, 0, (), (), 0, [0] * 34, [0] * 34, [0] * 34, or_bits=or_bits)
        assert str(ours.value) == str(ref.value)


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(hand=helpers.hands(complete=True, max_wilds=4), pungs=kind_sets, chows=kind_sets, win=st.integers(-1, 33),
       codes=st.tuples(small_code_lists, small_code_lists, code_lists, st.none() | exposed_code_lists)
       | st.tuples(field_code_lists, field_code_lists, field_code_lists, st.none() | exposed_code_lists))
def test_readings_backends_agree(hand, pungs, chows, win, codes):
    counts, wilds = hand
    ours = shape.compact_readings(counts, wilds, pungs, chows, win, *codes)
    assert ours == _reference.compact_readings(counts, wilds, pungs, chows, win, *codes)


_BAD_CODES = [[0] * 33, [0] * 33 + [2**40], [-1] + [0] * 33]


@pytest.mark.parametrize("codes", _BAD_CODES)
@pytest.mark.parametrize("position", [0, 1, 2])
def test_readings_bad_codes_raise_the_same(codes, position):
    counts = [0] * 34
    counts[0] = 2
    tables = [[0] * 34, [0] * 34, [0] * 34]
    tables[position] = codes
    with pytest.raises(ValueError, match="codes must be 34 ints") as ref:
        _reference.compact_readings(counts, 0, (), (), 0, *tables)
    if shape is not None:
        with pytest.raises(ValueError) as ours:
            shape.compact_readings(counts, 0, (), (), 0, *tables)
        assert str(ours.value) == str(ref.value)


@pytest.mark.parametrize("codes", [[0] * 33, [0] * 33 + [511], [-1] + [0] * 33])
def test_readings_bad_exposed_codes_raise_the_same(codes):
    counts = [0] * 34
    counts[0] = 2
    with pytest.raises(ValueError, match="exposed codes") as ref:
        _reference.compact_readings(counts, 0, (), (), 0, [0] * 34, [0] * 34, [0] * 34, codes)
    if shape is not None:
        with pytest.raises(ValueError) as ours:
            shape.compact_readings(counts, 0, (), (), 0, [0] * 34, [0] * 34, [0] * 34, codes)
        assert str(ours.value) == str(ref.value)


def test_readings_key_counts_groups_by_field():
    # 123m 123m 555p 99s + 77z: two chows of one field and a pung of another add up
    counts = [0] * 34
    for k in (0, 1, 2, 0, 1, 2, 13, 13, 13, 26, 26, 26, 33, 33):
        counts[k] += 1
    chow = [1] * 34  # every chow in the field at bit 0
    pung = [8] * 34  # every pung in the field at bit 3
    pair = [64] * 34
    (key, _split, _gi, wait), = [r for r in _reference.compact_readings(counts, 0, (), (), 33, chow, pung, pair)]
    assert wait == "single"
    assert key == ((2 * 1 + 2 * 8 + 64) * 8 + 0) * 512


def test_readings_bad_or_bits_and_exposed_codes_raise_the_reference_error():
    # the reference checks or_bits before the exposed codes: with both wrong, its error wins
    counts = [0] * 34
    counts[0] = 2
    args = (counts, 0, (), (), 0, [0] * 34, [0] * 34, [0] * 34, [511] * 34)
    with pytest.raises(ValueError, match="or_bits") as ref:
        _reference.compact_readings(*args, or_bits=-1)
    if shape is not None:
        with pytest.raises(ValueError) as ours:
            shape.compact_readings(*args, or_bits=-1)
        assert str(ours.value) == str(ref.value)


def _counts(kinds):
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return counts


# Hands whose groups of wilds may stand anywhere, keyed by codes that tell every kind apart:
# more splits and readings than a scorer's hands ever list (the compiled core's buffers
# overflow to the heap, and its check of keys seen moves from a scan to a hash set).
_EVERY_KIND = frozenset(range(34))
_MANY_READINGS = [
    (_counts([0, 1, 13, 13, 26, 33, 33]), 4),    # 11 tiles, four wilds
    (_counts([2, 3, 5, 11, 11, 20]), 5),         # 11 tiles, five wilds
    (_counts([0, 9, 27, 27]), 4),                # 8 tiles, four wilds
    (_counts([6, 7, 8, 15, 24, 24, 30, 31]), 6),  # 14 tiles, six wilds
]


@needs_compiled
@pytest.mark.parametrize("counts, wilds", _MANY_READINGS)
@pytest.mark.parametrize("win", [-1, 0, 6, 24, 33])
@pytest.mark.parametrize("exposed", [None, tuple(range(34))])
def test_readings_backends_agree_on_many_readings(counts, wilds, win, exposed):
    chow = tuple(k + 1 for k in range(34))
    pung = tuple((k + 1) << 8 for k in range(34))
    pair = tuple((k + 1) << 16 for k in range(34))
    chows = frozenset(range(27))
    ref = _reference.compact_readings(counts, wilds, _EVERY_KIND, chows, win, chow, pung, pair, exposed)
    assert shape.compact_readings(counts, wilds, _EVERY_KIND, chows, win, chow, pung, pair, exposed) == ref


@needs_compiled
@pytest.mark.parametrize("win", [-1, 2])
def test_readings_backends_agree_on_thousands_of_readings(win):
    # 12345m and six wilds, groups of wilds anywhere: ten thousand splits, more readings
    # (the compiled core's stack buffers of 64 splits and 32 readings overflow several times,
    # and its hash set of keys seen grows as often)
    counts = _counts([0, 1, 2, 3, 4])
    chow = tuple(k + 1 for k in range(34))
    pung = tuple((k + 1) << 8 for k in range(34))
    pair = tuple((k + 1) << 16 for k in range(34))
    chows = frozenset(range(27))
    ref = _reference.compact_readings(counts, 6, _EVERY_KIND, chows, win, chow, pung, pair)
    assert len(ref) > 1000
    assert shape.compact_readings(counts, 6, _EVERY_KIND, chows, win, chow, pung, pair) == ref


# --------------------------------------------------------------------------- hands with many splits

# Hands that stress the compiled search: many wilds (joining tiles of several suits, or forming
# groups of their own), many splits of one suit, honours, and the pair in each suit.


@st.composite
def one_suit_hands(draw):
    """(counts, wilds): a winning hand of melds and a pair, mostly of one suit (many splits),
    with 0-6 of its tiles turned into wilds."""
    main = draw(st.integers(0, 3))  # 3: the honours
    n = draw(st.integers(0, 4))

    def kind():
        if draw(st.booleans()):
            return 9 * main + draw(st.integers(0, 6 if main == 3 else 8))
        return draw(st.integers(0, 33))

    tiles = []
    for _ in range(n):
        first = kind()
        if first < 27 and first % 9 <= 6 and draw(st.booleans()):
            tiles += [first, first + 1, first + 2]
        else:
            tiles += [first] * 3
    tiles += [kind()] * 2
    counts = helpers.counts_of(tiles)
    assume(max(counts) <= 4)
    wilds = draw(st.integers(0, min(6, len(tiles))))
    for k in draw(st.permutations(tiles))[:wilds]:
        counts[k] -= 1
    return counts, wilds


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(hand=one_suit_hands(), pungs=kind_sets, chows=kind_sets, win=st.integers(-1, 33),
       codes=st.tuples(small_code_lists, small_code_lists, code_lists, st.none() | exposed_code_lists))
def test_backends_agree_on_hands_of_one_suit_and_wilds(hand, pungs, chows, win, codes):
    counts, wilds = hand
    assert shape.compact_decompositions(counts, wilds, pungs, chows) == _reference.compact_decompositions(
        counts, wilds, pungs, chows)
    assert shape.compact_readings(counts, wilds, pungs, chows, win, *codes) == _reference.compact_readings(
        counts, wilds, pungs, chows, win, *codes)


@needs_compiled
@pytest.mark.parametrize("hand, wilds", [
    ("11m 234p 567s 777z", 3),  # a pair of real tiles in each suit and the honours in turn
    ("123m 11p 567s 777z", 3),
    ("123m 456p 11s 777z", 3),
    ("123m 456p 789s 11z", 3),
    ("123m 456p 789s 12z", 3),  # the pair only where a wild joins a tile
    ("11122233344455m", 0),  # pungs or chows: several splits of one suit, no wild
    ("1112345678999m", 1),  # nine gates
    ("1112345678m", 4),  # many splits of one suit, and wilds to spread over them
    ("12345678m", 6),  # thousands of decompositions: more than the compiled search's buffers hold
    ("1122334455z", 4),  # honours only
    ("1m", 4),
    ("19m", 12),  # mostly groups of wilds only
    ("", 14),
])
def test_backends_agree_on_many_splits(hand, wilds):
    counts = parse_counts(hand)
    kinds = [0, 4, 9, 20, 27, 33]
    chows = [0, 10, 24]
    for pungs, chow_firsts in (((), ()), (kinds, chows)):
        ours = shape.compact_decompositions(counts, wilds, pungs, chow_firsts)
        assert ours == _reference.compact_decompositions(counts, wilds, pungs, chow_firsts)
        for win in (-1, 4):
            codes = [[k % 3 for k in range(34)], [k % 5 for k in range(34)], list(range(34)), None]
            assert shape.compact_readings(counts, wilds, pungs, chow_firsts, win, *codes) == (
                _reference.compact_readings(counts, wilds, pungs, chow_firsts, win, *codes))
    if wilds <= 4:
        assert shape.decompositions(counts, wilds) == _reference.decompositions(counts, wilds)
