"""The compiled core and the pure-Python reference agree: API, answers and input types."""

import inspect
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import _core_helpers as helpers

import nbmj.core
from nbmj.core import _reference
from nbmj.tiles import parse_tiles

shape = helpers.compiled()
needs_compiled = pytest.mark.skipif(shape is None, reason="compiled core not built (pure-Python run)")


def test_backend_is_compiled_unless_pure_python_is_forced():
    """A broken build must fail here rather than fall back silently."""
    if os.environ.get("NBMJ_PUREPYTHON", "") not in ("", "0"):
        assert nbmj.core.BACKEND == "python"
        assert nbmj.core.is_win is _reference.is_win
    else:
        assert nbmj.core.BACKEND == "cython"
        assert nbmj.core.is_win.__module__ == "nbmj.core._shape"


@needs_compiled
def test_same_public_names():
    assert list(shape.__all__) == list(_reference.__all__)
    assert list(nbmj.core.__all__) == list(_reference.__all__)


@needs_compiled
@pytest.mark.parametrize("name", _reference.__all__)
def test_same_signature_and_docstring(name):
    ours, ref = getattr(shape, name), getattr(_reference, name)
    assert ours.__doc__ == ref.__doc__ and ref.__doc__
    if isinstance(ref, type):
        assert ours is ref  # result classes are shared, so results compare equal
        return
    sig_ours, sig_ref = inspect.signature(ours), inspect.signature(ref)
    assert [(p.name, p.kind, p.default) for p in sig_ours.parameters.values()] == [
        (p.name, p.kind, p.default) for p in sig_ref.parameters.values()
    ]


@needs_compiled
@settings(max_examples=150)
@given(hand=helpers.hands())
def test_same_answers_on_random_hands(hand):
    counts, wilds = hand
    total = sum(counts) + wilds
    assert shape.shanten(counts, wilds) == _reference.shanten(counts, wilds)
    if total % 3 == 2:
        assert shape.is_win(counts, wilds) == _reference.is_win(counts, wilds)
        if wilds <= 3:
            assert shape.decompositions(counts, wilds) == _reference.decompositions(counts, wilds)
    else:
        assert shape.waits(counts, wilds) == _reference.waits(counts, wilds)


@needs_compiled
@settings(max_examples=20)
@given(hand=helpers.hands(complete=True, max_wilds=4, max_melds=3))
def test_same_decompositions_with_four_wilds(hand):
    counts, wilds = hand
    assert shape.decompositions(counts, wilds) == _reference.decompositions(counts, wilds)


@needs_compiled
@pytest.mark.parametrize("text, wilds", [("123m456p78s1z", 5), ("12m45p78s", 5), ("13m46p79s", 2)])
def test_same_decompositions_past_the_split_log(text, wilds):
    """The search keeps its first 128 splits in a log and completes a suit's splits from it
    when it meets the same state again; a state whose splits run past the log is searched
    again. Hands with more splits than the log holds (277 and 186) list what the reference does."""
    counts = helpers.counts_of(parse_tiles(text))
    assert shape.decompositions(counts, wilds) == _reference.decompositions(counts, wilds)
    keep = range(34)
    assert shape.compact_decompositions(counts, wilds, keep, keep) == _reference.compact_decompositions(
        counts, wilds, keep, keep)


@needs_compiled
@settings(max_examples=20)
@given(batch=st.lists(helpers.hands(), min_size=0, max_size=30))
def test_same_batch_answers(batch):
    hands = np.array([c for c, _ in batch], dtype=np.uint8).reshape(-1, 34)
    wilds = np.array([w for _, w in batch], dtype=np.int64)
    got, ref = shape.shanten_batch(hands, wilds), _reference.shanten_batch(hands, wilds)
    assert got.dtype == ref.dtype == np.int8 and got.tolist() == ref.tolist()
    complete = [i for i, (c, w) in enumerate(batch) if (sum(c) + w) % 3 == 2]
    if complete:
        got = shape.is_win_batch(np.ascontiguousarray(hands[complete]), wilds[complete])
        ref = _reference.is_win_batch(np.ascontiguousarray(hands[complete]), wilds[complete])
        assert got.dtype == ref.dtype == np.bool_ and got.tolist() == ref.tolist()


@pytest.mark.parametrize("impl", [m for m in (shape, _reference) if m is not None], ids=lambda m: m.__name__)
def test_every_input_type_gives_the_same_answer(impl):
    counts = [0] * 34
    for k in (0, 1, 2, 12, 13, 14, 20, 20, 27, 27, 27):
        counts[k] += 1
    forms = [
        counts,
        tuple(counts),
        np.array(counts, dtype=np.uint8),
        np.array(counts, dtype=np.int8),
        np.array(counts, dtype=np.int64),
        bytes(counts),
        bytearray(counts),
        memoryview(bytes(counts)),
        np.repeat(np.array(counts, dtype=np.uint8), 2)[::2],  # strided: no contiguous buffer
        "123m456p33s111z",
    ]
    for form in forms:
        assert impl.shanten(form, 3) == -1, type(form)
        assert impl.is_win(form, 3), type(form)
        assert impl.shanten(form, 2) == 0 and impl.waits(form, 2) == impl.waits(counts, 2)
    assert impl.is_win_batch(np.array([counts], dtype=np.uint8), 3).tolist() == [True]
    assert impl.shanten_batch(np.array([counts], dtype=np.uint8), np.array([2], dtype=np.uint8)).tolist() == [0]


# Items the compiled list reader must either read exactly as the reference does or send to
# the reference: ints in and out of range, ints of 0-4 that are not the interpreter's shared
# objects, bools (an int subclass), numpy integers, floats, ints too big for a C long, and None.
odd_items = st.one_of(
    st.integers(-2, 6),
    st.integers(0, 6).map(helpers.unshared_int),
    st.booleans(),
    st.integers(0, 4).map(np.int64),
    st.integers(0, 4).map(np.uint8),
    st.sampled_from([2**63, -(2**63) - 1, 2**100, 1.0, None]),
)


@needs_compiled
@settings(max_examples=300)
@given(
    items=st.lists(st.sampled_from([0, 0, 0, 0, 0, 0, 1, 2]), min_size=34, max_size=34),  # near 13 or 14 tiles
    odd=st.lists(st.tuples(st.integers(0, 33), odd_items), max_size=3),
    as_tuple=st.booleans(),
)
def test_the_list_reader_agrees_with_the_reference_on_odd_items(items, odd, as_tuple):
    hand = list(items)
    for place, value in odd:
        hand[place] = value
    arg = tuple(hand) if as_tuple else hand
    for function in ("shanten", "is_win", "waits"):
        def answer(module):
            try:
                return getattr(module, function)(arg, 0)
            except Exception as exc:  # the same error, message and all
                return type(exc), str(exc)

        assert answer(shape) == answer(_reference), (function, hand)


def test_unshared_ints_are_new_objects():
    """The reader's tests above need ints that miss its identity look-up."""
    assert helpers.unshared_int(3) == 3 and type(helpers.unshared_int(3)) is int
    if sys.implementation.name == "cpython":
        shared_three = int("3")
        assert helpers.unshared_int(3) is not shared_three


def call_answer(function, *args, **kwargs):
    try:
        return function(*args, **kwargs)
    except Exception as exc:  # the same error, message and all
        return type(exc), str(exc)


# How is_win and shanten may be called: the compiled ones answer the usual call (a list, tuple
# or bytes, wilds positional) themselves and hand any other on; both ways agree with the reference.
wilds_values = st.one_of(st.integers(-1, 15), st.integers(0, 6).map(helpers.unshared_int), st.booleans(),
                         st.sampled_from([1.0, None, "1", 2**70]))


@needs_compiled
@settings(max_examples=300)
@given(hand=helpers.hands(), wilds=wilds_values, form=st.sampled_from(["list", "tuple", "bytes", "keywords", "wilds keyword",
                                                                        "no wilds"]))
def test_every_way_of_calling_agrees_with_the_reference(hand, wilds, form):
    counts, _ = hand
    for name in ("is_win", "shanten"):
        answers = []
        for module in (shape, _reference):
            function = getattr(module, name)
            if form == "keywords":
                answers.append(call_answer(function, hand=counts, wilds=wilds))
            elif form == "wilds keyword":
                answers.append(call_answer(function, counts, wilds=wilds))
            elif form == "no wilds":
                answers.append(call_answer(function, counts))
            else:
                arg = {"list": counts, "tuple": tuple(counts), "bytes": bytes(counts)}[form]
                answers.append(call_answer(function, arg, wilds))
        assert answers[0] == answers[1], (name, counts, wilds, form)


@needs_compiled
@settings(max_examples=200)
@given(
    items=st.lists(st.sampled_from([0, 0, 0, 0, 0, 0, 1, 2]), min_size=33, max_size=35),
    odd=st.lists(st.tuples(st.integers(0, 32), st.integers(0, 255)), max_size=2),
    wilds=st.integers(0, 5),
)
def test_bytes_hands_agree_with_the_reference(items, odd, wilds):
    """34 bytes are read in C too (counts above 4 and other lengths go to the reference)."""
    for place, value in odd:
        items[place] = value
    for function in ("shanten", "is_win"):
        assert (call_answer(getattr(shape, function), bytes(items), wilds)
                == call_answer(getattr(_reference, function), bytes(items), wilds)), (function, items, wilds)


@needs_compiled
@pytest.mark.parametrize("name", ["is_win", "shanten"])
def test_wrong_calls_raise_type_errors(name):
    function = getattr(shape, name)
    with pytest.raises(TypeError):
        function()
    with pytest.raises(TypeError):
        function([0] * 33 + [2], 0, 0)
    with pytest.raises(TypeError):
        function([0] * 33 + [2], tiles=0)


@needs_compiled
def test_the_first_calls_of_a_fresh_process_are_answered(tmp_path):
    """The lookup tables are built on first use; the first calls must not miss them."""
    code = ("from nbmj.core import _shape as s\n"
            "print(s.is_win([0] * 33 + [2]), s.shanten([0] * 33 + [1], 0), s.is_win([0] * 33 + [2], 0))")
    # run outside the checkout, whose unbuilt nbmj/ would shadow the installed package
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path).stdout
    assert out.split() == ["True", "0", "True"]
