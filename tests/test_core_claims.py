"""Claims on a discard in the core: claim_options and resolve_claims (NB-7.x, fact sheet T16).

Every test runs on each backend (the live one, the reference and, when built, the compiled
module); the hypothesis tests check that the backends agree on random input, and both
against a plain oracle written here.
"""

import inspect

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import _core_helpers as helpers

from nbmj.core import _reference
from nbmj.core._reference_claims import Claim, ClaimFlag, ClaimOption
from nbmj.errors import HandShapeError
from nbmj.tiles import parse_counts, parse_tile

IMPLS = helpers.backends()
SHAPE = helpers.compiled()
CLAIM_NAMES = ["Claim", "ClaimFlag", "ClaimOption", "claim_options", "resolve_claims"]

HU, KAN, PON, CHI, NONE = Claim.HU, Claim.KAN, Claim.PON, Claim.CHI, Claim.NONE
TIERS = (0, 1, 1, 2)  # NB-7.5: 胡 > 杠 = 碰 > 吃
ORDER = (1, 2, 3)  # NB-7.6: next, opposite, previous
ALL = ClaimFlag.HU | ClaimFlag.KAN | ClaimFlag.PON | ClaimFlag.CHI


@pytest.fixture(params=list(IMPLS.values()), ids=list(IMPLS))
def core(request):
    return request.param


def T(text):
    return parse_tile(text)


def mask(*codes):
    return sum(1 << T(c) for c in codes)


def declared(**by_seat):
    d = [NONE] * 4
    for seat, kind in by_seat.items():
        d["ESWN".index(seat)] = kind
    return d


# ---------------------------------------------------------------- the API


def test_claim_names_are_part_of_the_core_api():
    """The parity test (test_core_parity.py) checks every name of __all__: these are among them."""
    import nbmj.core

    for name in CLAIM_NAMES:
        assert name in _reference.__all__ and name in nbmj.core.__all__
        if SHAPE is not None:
            assert name in SHAPE.__all__
            ours, ref = getattr(SHAPE, name), getattr(_reference, name)
            if isinstance(ref, type):
                assert ours is ref
            else:
                assert ours.__doc__ == ref.__doc__
                # annotations live in the reference and the stub (test_core_stub.py)
                assert [(p.name, p.kind, p.default) for p in inspect.signature(ours).parameters.values()] == [
                    (p.name, p.kind, p.default) for p in inspect.signature(ref).parameters.values()]


def test_option_bits_for_hu_kan_pon_equal_their_flags():
    for name in ("HU", "KAN", "PON"):
        assert int(ClaimOption[name]) == int(ClaimFlag[name])


# ---------------------------------------------------------------- T16 (NB-7.5 to NB-7.7)


def test_t16_nb_7_5_pon_beats_chi(core):
    assert core.resolve_claims(declared(S=CHI, W=PON), 0, TIERS, ORDER, False) == (2,)


def test_t16_nb_7_5_win_beats_pon_and_kong(core):
    assert core.resolve_claims(declared(S=PON, N=HU), 0, TIERS, ORDER, False) == (3,)
    assert core.resolve_claims(declared(W=KAN, S=HU), 0, TIERS, ORDER, False) == (1,)


def test_nb_7_5_kong_and_pong_share_a_tier(core):
    # never together on one discard in play, but the tier is shared: the nearer seat takes it
    assert core.resolve_claims(declared(S=PON, W=KAN), 0, TIERS, ORDER, False) == (1,)
    assert core.resolve_claims(declared(S=KAN, W=PON), 0, TIERS, ORDER, False) == (1,)


@pytest.mark.parametrize(
    "claimants, winner",
    [("SWN", 1), ("WN", 2), ("NW", 2), ("N", 3)],
    ids=["next-beats-all", "opposite-beats-previous", "order-of-declaring-irrelevant", "previous-alone"],
)
def test_t16_nb_7_6_nb_7_7_two_wins_go_to_the_nearest_seat_only(core, claimants, winner):
    d = declared(**{s: HU for s in claimants})
    assert core.resolve_claims(d, 0, TIERS, ORDER, False) == (winner,)


def test_t16_nb_7_6_seat_order_is_relative_to_the_discarder(core):
    # W (2) discards: N (3) is next, E (0) opposite, S (1) previous
    assert core.resolve_claims(declared(S=HU, E=HU), 2, TIERS, ORDER, False) == (0,)
    assert core.resolve_claims(declared(S=PON, N=CHI), 2, TIERS, ORDER, False) == (1,)


def test_nb_7_6_another_seat_order(core):
    assert core.resolve_claims(declared(S=HU, N=HU), 0, TIERS, (3, 2, 1), False) == (3,)


def test_nb_7_7_all_winners_variant(core):
    assert core.resolve_claims(declared(N=HU, S=HU, W=PON), 0, TIERS, ORDER, True) == (1, 3)
    assert core.resolve_claims(declared(N=HU, W=PON), 0, TIERS, ORDER, True) == (3,)
    # several winners only when the best claim is a win
    assert core.resolve_claims(declared(S=PON, W=CHI), 0, TIERS, ORDER, True) == (1,)


def test_nb_7_8_nobody_claims(core):
    assert core.resolve_claims([NONE] * 4, 0, TIERS, ORDER, False) == ()
    assert core.resolve_claims([NONE] * 4, 3, TIERS, ORDER, True) == ()


# ---------------------------------------------------------------- claim_options (NB-7.1 to NB-7.4, NB-8.9)


def test_nb_7_1_chi_shapes_do_not_wrap_or_use_honours(core):
    def suit(letter):
        return parse_counts("123456789" + letter)

    assert core.claim_options(suit("m"), 0, 0, T("1m"), 1, ClaimFlag.CHI) == ClaimOption.CHI_LOW
    assert core.claim_options(suit("p"), 0, 0, T("9p"), 1, ClaimFlag.CHI) == ClaimOption.CHI_HIGH
    assert core.claim_options(suit("s"), 0, 0, T("2s"), 1, ClaimFlag.CHI) == ClaimOption.CHI_MID | ClaimOption.CHI_LOW
    assert core.claim_options(parse_counts("9m1p"), 0, 0, T("1p"), 1, ClaimFlag.CHI) == 0  # 9-1 does not wrap
    assert core.claim_options(suit("s"), 0, 0, T("5s"), 1, ClaimFlag.CHI) == (
        ClaimOption.CHI_HIGH | ClaimOption.CHI_MID | ClaimOption.CHI_LOW
    )
    assert core.claim_options(parse_counts("1122334z"), 0, 0, T("2z"), 1, ALL) == ClaimOption.PON


def test_nb_7_1_only_the_next_seat_may_chi(core):
    hand = parse_counts("46m")
    assert core.claim_options(hand, 0, 0, T("5m"), 1, ALL) == ClaimOption.CHI_MID
    assert core.claim_options(hand, 0, 0, T("5m"), 2, ALL) == 0
    assert core.claim_options(hand, 0, 0, T("5m"), 3, ALL) == 0


def test_nb_7_2_nb_7_3_pon_and_kan_need_natural_tiles(core):
    assert core.claim_options(parse_counts("555s"), 0, 0, T("5s"), 2, ALL) == ClaimOption.KAN | ClaimOption.PON
    assert core.claim_options(parse_counts("55s"), 0, 0, T("5s"), 3, ALL) == ClaimOption.PON
    assert core.claim_options(parse_counts("555s"), 0, 0, T("5s"), 2, ClaimFlag.PON) == ClaimOption.PON
    # two wilds are not a pair of the discard
    assert core.claim_options(parse_counts("5s"), 2, 0, T("5s"), 2, ALL) == 0


def test_nb_7_4_win_shape_on_a_discard(core):
    hand = parse_counts("123m456m789m123p5s")
    assert core.claim_options(hand, 0, 0, T("5s"), 2, ALL) == ClaimOption.HU
    assert core.claim_options(hand, 0, 0, T("5s"), 2, ALL & ~ClaimFlag.HU) == 0
    assert core.claim_options(hand, 0, 0, T("6s"), 2, ALL) == 0
    # a held wild kind plays as a wild: 9s is wild, so 5s + 9s make the pair
    hand = parse_counts("123m456m789m123p9s")
    assert core.claim_options(hand, 0, mask("9s"), T("5s"), 3, ALL) == ClaimOption.HU
    # a wild flower held besides the counts does the same
    assert core.claim_options(parse_counts("123m456m789m123p"), 1, 0, T("5s"), 3, ALL) == ClaimOption.HU


def test_nb_10_4_hu_no_fifth_natural_copy_but_a_wild_may_be_one(core):
    hand = parse_counts("1111m234p567p789p")
    assert core.claim_options(hand, 0, 0, T("1m"), 2, ClaimFlag.HU) == 0
    hand = parse_counts("1111m234p567p78p")
    assert core.claim_options(hand, 1, 0, T("9p"), 2, ClaimFlag.HU) == ClaimOption.HU


def test_t21_nb_4_11_nb_8_9_wild_discard_and_wild_in_chi_refused(core):
    nine = mask("9s")
    assert core.claim_options(parse_counts("99s"), 0, nine, T("9s"), 1, ALL) == 0  # a discarded wild is dead
    assert core.claim_options(parse_counts("79s"), 0, nine, T("8s"), 1, ALL) == 0  # a chi may not use a wild
    assert core.claim_options(parse_counts("67s"), 0, nine, T("8s"), 1, ALL) == ClaimOption.CHI_HIGH
    both = ALL | ClaimFlag.DISCARDED_WILD | ClaimFlag.WILDS_IN_MELDS
    assert core.claim_options(parse_counts("99s"), 0, nine, T("9s"), 1, both) == ClaimOption.PON
    assert core.claim_options(parse_counts("79s"), 0, nine, T("8s"), 1, both) == ClaimOption.CHI_MID
    # a wild flower discard counts as a wild
    assert core.claim_options(parse_counts("123m456m789m123p5s"), 0, 0, 40, 2, ALL) == 0
    assert core.claim_options(parse_counts("123m456m789m123p5s"), 0, 0, 40, 2, ALL | ClaimFlag.DISCARDED_WILD) == ClaimOption.HU


def test_nb_4_11_nb_4_12_a_claimable_wild_discard_is_no_chow_without_wilds_in_melds(core):
    """NB-4.12 read the other way (``claim_discarded_wild yes``) with NB-4.11 (``wilds_in_melds
    no``): the wild discard may be won on, but a meld uses no wild kind, so it is no more a chow
    than a pong. The chow test asked only about the two hand tiles: a chow of the wild 8s was
    offered, and the scorer then refused the melded wild (SituationError while the engine listed
    the next turn's actions). Found by fuzzing rule sets: random variant 1839 of
    tests/_random_variants, hand 3."""
    eight = mask("8s")
    dead_wild_claimable = ALL | ClaimFlag.DISCARDED_WILD
    for hand in ("67s", "79s"):
        assert core.claim_options(parse_counts(hand), 0, eight, T("8s"), 1, dead_wild_claimable) == 0
    assert core.claim_options(parse_counts("79s"), 0, eight, T("8s"), 1, dead_wild_claimable | ClaimFlag.WILDS_IN_MELDS) == ClaimOption.CHI_MID
    assert core.claim_options(parse_counts("123m456m789m123p7s"), 0, eight, T("8s"), 1, dead_wild_claimable) == ClaimOption.HU


def test_other_sequence_types_are_read(core):
    import numpy as np

    counts = parse_counts("123m456m789m123p5s")
    for form in (counts, tuple(counts), np.array(counts, dtype=np.uint8), bytes(counts)):
        assert core.claim_options(form, np.int64(0), 0, np.int8(T("5s")), 2, ALL) == ClaimOption.HU
    assert core.resolve_claims(np.array(declared(S=HU)), np.int64(0), list(TIERS), np.array(ORDER), 0) == (1,)


# ---------------------------------------------------------------- errors, alike in every backend


BAD_OPTIONS = [
    ([0] * 33, 0, 0, 0, 1, 0),
    ([5] + [0] * 33, 0, 0, 0, 1, 0),
    ([4, 4, 4, 4] + [0] * 30, 0, 0, 0, 1, 0),
    ([0] * 34, -1, 0, 0, 1, 0),
    ([0] * 34, True, 0, 0, 1, 0),
    ([0] * 34, 0, 1 << 34, 0, 1, 0),
    ([0] * 34, 0, 0, 42, 1, 0),
    ([0] * 34, 0, 0, 0, 0, 0),
    ([0] * 34, 0, 0, 0, 1, 64),
    ([0] * 34, 0, 0, "1m", 1, 0),
    (None, 0, 0, 0, 1, 0),
]
BAD_RESOLVE = [
    ([0, 0, 0], 0, TIERS, ORDER, False),
    ([0, 5, 0, 0], 0, TIERS, ORDER, False),
    ([1, 0, 0, 0], 0, TIERS, ORDER, False),
    ([0] * 4, 4, TIERS, ORDER, False),
    ([0] * 4, 0, (0, 1, 1), ORDER, False),
    ([0] * 4, 0, (0, 1, 1, -2), ORDER, False),
    ([0] * 4, 0, TIERS, (1, 1, 2), False),
    ([0] * 4, 0, TIERS, (0, 1, 2), False),
    ([0] * 4, 0, TIERS, 7, False),
]


@pytest.mark.parametrize("args", BAD_OPTIONS)
def test_bad_claim_options_input_raises_alike(args):
    messages = set()
    for impl in IMPLS.values():
        with pytest.raises(HandShapeError) as info:
            impl.claim_options(*args)
        messages.add(str(info.value))
    assert len(messages) == 1, messages


@pytest.mark.parametrize("args", BAD_RESOLVE)
def test_bad_resolve_input_raises_alike(args):
    messages = set()
    for impl in IMPLS.values():
        with pytest.raises(HandShapeError) as info:
            impl.resolve_claims(*args)
        messages.add(str(info.value))
    assert len(messages) == 1, messages


# ---------------------------------------------------------------- random input: backends and oracle agree


def _oracle_options(counts, wilds, wild_mask, tile, relation, flags):
    def wild(k):
        return k >= 34 or bool(wild_mask >> k & 1)

    if wild(tile) and not flags & ClaimFlag.DISCARDED_WILD:
        return 0
    out = 0
    if flags & ClaimFlag.HU and (sum(counts) + wilds) % 3 == 1:
        shape = [0 if wild(k) else counts[k] for k in range(34)]
        w = wilds + sum(counts[k] for k in range(34) if wild(k)) + (1 if wild(tile) else 0)
        if not wild(tile):
            shape[tile] += 1
        if max(shape) <= 4 and _reference.is_win(shape, w):
            out |= ClaimOption.HU

    def usable(k):
        return bool(flags & ClaimFlag.WILDS_IN_MELDS) or not wild(k)

    if tile < 34 and usable(tile):
        if flags & ClaimFlag.KAN and counts[tile] >= 3:
            out |= ClaimOption.KAN
        if flags & ClaimFlag.PON and counts[tile] >= 2:
            out |= ClaimOption.PON
    if flags & ClaimFlag.CHI and relation == 1 and tile < 27 and usable(tile):
        for bit, offsets in ((ClaimOption.CHI_HIGH, (-2, -1)), (ClaimOption.CHI_MID, (-1, 1)), (ClaimOption.CHI_LOW, (1, 2))):
            ks = [tile + o for o in offsets]
            if all(0 <= tile % 9 + o <= 8 for o in offsets) and all(counts[k] and usable(k) for k in ks):
                out |= bit
    return int(out)


@st.composite
def option_inputs(draw):
    n = draw(st.integers(0, 4))
    wilds = draw(st.integers(0, 2))
    size = max(0, 3 * n + 1 - wilds) if draw(st.booleans()) else draw(st.integers(0, 13 - wilds))
    ids = draw(st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True))
    counts = helpers.counts_of(i // 4 for i in ids)
    kinds = draw(st.lists(st.integers(0, 33), max_size=2))
    wild_mask = sum(1 << k for k in set(kinds))
    tile = draw(st.one_of(st.integers(0, 33), st.sampled_from(ids or [0]).map(lambda i: i // 4), st.integers(34, 41)))
    return counts, wilds, wild_mask, tile, draw(st.integers(1, 3)), draw(st.integers(0, 63))


@settings(max_examples=400)
@given(args=option_inputs())
def test_claim_options_backends_and_oracle_agree(args):
    want = _oracle_options(*args)
    for impl in IMPLS.values():
        assert impl.claim_options(*args) == want


def _oracle_resolve(declared, discarder, tiers, seat_order, all_winners):
    rank = {rel: i for i, rel in enumerate(seat_order)}
    claims = sorted(
        ((tiers[k - 1], rank[(q - discarder) % 4], q, k) for q, k in enumerate(declared) if k),
    )
    if not claims:
        return ()
    if claims[0][3] == HU and all_winners:
        return tuple(q for _, _, q, k in claims if k == HU)
    return (claims[0][2],)


@st.composite
def resolve_inputs(draw):
    discarder = draw(st.integers(0, 3))
    d = [draw(st.integers(0, 4)) for _ in range(4)]
    d[discarder] = 0
    tiers = [draw(st.integers(0, 3)) for _ in range(4)]
    order = draw(st.permutations([1, 2, 3]))
    return d, discarder, tiers, order, draw(st.booleans())


@settings(max_examples=400)
@given(args=resolve_inputs())
def test_resolve_claims_backends_and_oracle_agree(args):
    want = _oracle_resolve(*args)
    for impl in IMPLS.values():
        assert impl.resolve_claims(*args) == want
    if SHAPE is not None:  # the C entry point the engine's hot path calls
        assert SHAPE._resolve_claims_arrays(*args) == want


@pytest.mark.skipif(SHAPE is None, reason="the compiled core is not built")
@pytest.mark.parametrize("args", [a for a in BAD_RESOLVE if len(a[0]) == 4 and 0 <= a[1] <= 3 and len(a[2]) == 4
                                  and isinstance(a[3], tuple) and min(a[2]) >= 0], ids=str)
def test_bad_resolve_input_in_c_arrays_raises_as_the_function_does(args):
    with pytest.raises(HandShapeError) as expected:
        SHAPE.resolve_claims(*args)
    with pytest.raises(HandShapeError) as got:
        SHAPE._resolve_claims_arrays(*args)
    assert str(got.value) == str(expected.value)


# ---------------------------------------------------------------- readiness, as the engine tests it


@settings(max_examples=300)
@given(hand=helpers.hands(complete=False))
def test_nb_10_5_ready_is_a_win_with_one_more_wild(hand):
    """The engine marks a waiting hand ready with is_win(hand, wilds + 1) instead of shanten:
    a wild stands for any kind, a fifth copy too (NB-10.4), so both say the same."""
    counts, wilds = hand
    for impl in IMPLS.values():
        assert impl.is_win(counts, wilds + 1) == (impl.shanten(counts, wilds) <= 0)
