"""The engine's seeded generator (``nbmj.engine.seeding.seeded_random``): compiled, it is
:class:`nbmj.engine._mt.MersenneTwister`, which must give exactly what ``random.Random`` gives
for the same seed, since every seeded hand's dice and wall (NB-3.6) and every match's first
dealer (NB-2.3, NH-1.2) and hand seeds come from it."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbmj.engine import Game, Match, seeding
from nbmj.engine.match import HAND_SEED_BITS, derive_hand_seed
from nbmj.engine.wall import shuffle as reference_shuffle

try:
    from nbmj.engine._mt import MersenneTwister
    from nbmj.engine._mt import seeded_pair as compiled_pair
except ImportError:  # not built
    MersenneTwister = None  # type: ignore[assignment,misc]
    compiled_pair = None  # type: ignore[assignment]

needs_compiled = pytest.mark.skipif(MersenneTwister is None, reason="nbmj.engine._mt is not built")
seeds = st.one_of(st.integers(-(2**80), 2**80), st.text(max_size=40))
# what the engine asks: bits, dice, a position, and the odd width that is not a power of two
draws = st.lists(
    st.one_of(
        st.tuples(st.just("getrandbits"), st.integers(0, 200)),
        st.tuples(st.just("randint"), st.integers(-50, 50), st.integers(0, 2**40)),
        st.tuples(st.just("randrange"), st.integers(1, 2**70)),
    ),
    max_size=40,
)


def _draw(rng: object, call: tuple[object, ...]) -> object:
    name, *args = call
    if name == "randint":
        low, width = args
        return rng.randint(low, low + width)  # type: ignore[attr-defined]
    return getattr(rng, str(name))(*args)


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(seeds, draws)
def test_the_compiled_generator_draws_what_random_Random_draws_NB_3_6(seed, calls):
    ours, theirs = MersenneTwister(seed), random.Random(seed)
    assert [_draw(ours, c) for c in calls] == [_draw(theirs, c) for c in calls]
    # and it ends where the library's generator ends: past the 624 words of one state too
    assert [ours.getrandbits(32) for _ in range(700)] == [theirs.getrandbits(32) for _ in range(700)]


@needs_compiled
@pytest.mark.parametrize("seed", ["", "\x00", "\x00\x00\x00\x00\x00z", "é€𝄞", "7:3", "x" * 3000])
def test_a_str_seed_keys_the_compiled_generator_as_random_Random_keys_it(seed):
    """A str seed is keyed by its utf-8 bytes and their SHA-512 digest read as one integer:
    the bytes' leading zeros are not in the key, and a key longer than the state is read whole."""
    ours, theirs = MersenneTwister(seed), random.Random(seed)
    assert [ours.getrandbits(32) for _ in range(700)] == [theirs.getrandbits(32) for _ in range(700)]


@needs_compiled
@settings(max_examples=200, deadline=None)
@given(seeds, st.integers(0, 200))
def test_the_compiled_generator_shuffles_as_random_Random_shuffles_NB_3_6(seed, size):
    ours, theirs, fast = MersenneTwister(seed), random.Random(seed), random.Random(seed)
    a, b, c = list(range(size)), list(range(size)), list(range(size))
    ours.shuffle(a)
    theirs.shuffle(b)
    reference_shuffle(c, fast)
    assert a == b == c
    assert ours.getrandbits(64) == theirs.getrandbits(64) == fast.getrandbits(64)  # the same draws taken


@needs_compiled
def test_the_compiled_shuffle_keeps_every_reference_count():
    items = [object() for _ in range(60)]
    before = [sys.getrefcount(o) for o in items]
    shuffled = list(items)
    MersenneTwister(11).shuffle(shuffled)
    assert sorted(map(id, shuffled)) == sorted(map(id, items))
    del shuffled
    assert [sys.getrefcount(o) for o in items] == before


@needs_compiled
@pytest.mark.parametrize("seed", [None, 1.5, b"bytes", True, [1]])
def test_the_compiled_generator_refuses_a_seed_that_is_neither_an_int_nor_a_str(seed):
    with pytest.raises(TypeError, match="seeded by an int or a str"):
        MersenneTwister(seed)


@needs_compiled
def test_the_compiled_generator_refuses_what_random_Random_refuses():
    rng = MersenneTwister(3)
    with pytest.raises(ValueError, match="non-negative"):
        rng.getrandbits(-1)
    with pytest.raises(ValueError, match="empty range"):
        rng.randrange(0)
    with pytest.raises(ValueError, match="empty range"):
        rng.randint(6, 1)
    with pytest.raises(TypeError):
        rng.shuffle((1, 2, 3))


def test_the_engine_seeds_with_the_compiled_twin_when_it_is_built():
    expected = "MersenneTwister" if MersenneTwister is not None and seeding.BACKEND == "cython" else "Random"
    assert type(seeding.seeded_random(5)).__name__ == expected


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**63 - 1))
def test_a_seeded_hand_and_match_are_those_of_random_Random_NB_3_6_NB_2_3(seed):
    """The dice, the wall, the first dealer and the hand seeds, from ``random.Random`` itself."""
    rng = random.Random(seed)
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    game = Game("ningbo", seed, log=False)
    assert game.dice == dice
    tiles = sorted(game.wall.tiles)
    reference_shuffle(tiles, rng)
    assert game.wall.tiles == tiles
    match = Match("ningbo", seed, hands=2)
    first = random.Random(f"match:{seed}")
    first.randint(1, 6), first.randint(1, 6)
    assert match.first_dealer == first.randrange(4)
    assert [match.hand_seed(i) for i in (0, 1)] == [derive_hand_seed(seed, i) for i in (0, 1)]


@settings(max_examples=150, deadline=None)
@given(seeds, seeds, draws)
def test_a_pair_seeded_in_one_pass_draws_what_two_random_Random_draw(first, second, calls):
    """``seeded_pair`` (the engine's, compiled or not, and the compiled one) is two
    generators seeded apart."""
    makers = [seeding.seeded_pair] + ([compiled_pair] if compiled_pair is not None else [])
    for make in makers:
        for rng, ref in zip(make(first, second), (random.Random(first), random.Random(second))):
            assert [_draw(rng, c) for c in calls] == [_draw(ref, c) for c in calls]
            assert [rng.getrandbits(32) for _ in range(700)] == [ref.getrandbits(32) for _ in range(700)]


@settings(max_examples=100, deadline=None)
@given(st.lists(seeds, max_size=9), draws)
def test_generators_seeded_again_in_one_pass_draw_what_random_Random_draws(seeds_, calls):
    """``seeding.reseed`` (four chains at a time, compiled) seeds each generator in place
    as ``random.Random(seed)``, whatever it drew before; a generator's ``seed`` too."""
    gens = [seeding.seeded_random(k) for k in range(len(seeds_))]
    for g in gens:
        g.getrandbits(7)
    seeding.reseed(gens, seeds_)
    for rng, seed in zip(gens, seeds_):
        ref = random.Random(seed)
        assert [_draw(rng, c) for c in calls] == [_draw(ref, c) for c in calls]
        assert [rng.getrandbits(32) for _ in range(700)] == [ref.getrandbits(32) for _ in range(700)]
    if seeds_:
        gens[0].seed(seeds_[-1])
        assert gens[0].getrandbits(64) == random.Random(seeds_[-1]).getrandbits(64)


def test_reseed_refuses_a_count_that_does_not_match():
    with pytest.raises(ValueError, match="one seed per generator"):
        seeding.reseed([seeding.seeded_random(1)], [1, 2])


@needs_compiled
def test_reseed_seeds_a_key_longer_than_the_state_alone():
    long_seed = 2**(32 * 700) - 12345
    gens = [MersenneTwister(0) for _ in range(3)]
    seeding.reseed(gens, ["a", long_seed, 5])
    assert [g.getrandbits(64) for g in gens] == [random.Random(s).getrandbits(64) for s in ("a", long_seed, 5)]


@needs_compiled
def test_a_pair_with_a_key_longer_than_the_state_is_seeded_one_at_a_time():
    long_seed = 2**(32 * 700) - 12345  # a 700-word key steps its first chain 700 times, not 624
    a, b = compiled_pair(long_seed, "short")
    assert type(a) is MersenneTwister and type(b) is MersenneTwister
    assert a.getrandbits(64) == random.Random(long_seed).getrandbits(64)
    assert b.getrandbits(64) == random.Random("short").getrandbits(64)


@settings(max_examples=60, deadline=None)
@given(st.integers(-(2**70), 2**70), st.integers(0, 10_000))
def test_a_hands_seed_is_a_one_way_hash_of_the_match_seed_and_its_number(seed, index):
    """Issue #45: hand 1's seed was 32 bits of MT19937 seeded by "SEED:0", and with a room
    seed of 32 bits it narrowed the room to 2**32 candidates from which every later wall
    could be computed. Each hand's seed is now 53 bits of BLAKE2b over the match seed and
    the hand's number (personalised for nbmj), which the log of one hand does not invert."""
    import hashlib

    expected = hashlib.blake2b(f"nbmj-hand:{seed}:{index}".encode(), digest_size=8, person=b"nbmj-match").digest()
    got = derive_hand_seed(seed, index)
    assert got == int.from_bytes(expected, "big") >> 11 and 0 <= got < 2**HAND_SEED_BITS
    assert Match("ningbo", seed, hands=1).hand_seed(index) == got
    assert derive_hand_seed(seed, index + 1) != got and derive_hand_seed(seed + 1, index) != got


def test_seeds_drawn_for_a_hand_a_match_or_a_web_room_are_too_many_to_try():
    """A fresh seed (Game or Match without one) has 53 bits, a web room's secret one 63:
    no longer 32, which a search over every candidate covers in minutes."""
    drawn = [Game("ningbo", None, log=False).seed for _ in range(20)] + [Match("ningbo", None).seed for _ in range(20)]
    assert all(0 <= s < 2**53 for s in drawn) and max(s.bit_length() for s in drawn) > 40
    pytest.importorskip("starlette")
    from nbmj.rules import load_variant
    from nbmj.web.table import Tables

    tables = Tables(load_variant)
    rooms = [tables.create("ningbo", humans=1) for _ in range(4)]
    assert max(room.seed.bit_length() for room in rooms) > 40
