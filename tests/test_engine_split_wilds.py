"""``nbmj.engine.bots.split_wilds``: the one place that takes a hand's wilds out of its
counts (the greedy bot, the fast tier and the bots' seat view read it), checked against
the tile-list form ``hand_shape`` on random hands and wild sets, flowers among them."""

from hypothesis import given
from hypothesis import strategies as st

from nbmj.engine.bots import hand_shape, split_wilds
from nbmj.tiles import N_KINDS
from nbmj.tiles import N_TILE_IDS as TILE_IDS  # the 34 kinds, then the 8 flowers

hands = st.lists(st.integers(0, TILE_IDS - 1), max_size=18).filter(lambda ts: all(ts.count(t) <= 4 for t in ts))
wild_sets = st.frozensets(st.integers(0, TILE_IDS - 1), max_size=8)


@given(hands, wild_sets)
def test_split_wilds_agrees_with_the_tile_list_form(tiles, wilds):
    by_id = [0] * TILE_IDS
    for t in tiles:
        by_id[t] += 1
    for given_as in (by_id, bytes(by_id), bytearray(by_id)):  # a snapshot's list, the engine's buffers
        counts, held = split_wilds(given_as, wilds)
        assert isinstance(counts, bytearray) and len(counts) == N_KINDS
        assert sorted(held) == sorted(t for t in tiles if t in wilds)  # a wild flower among them
        for k in range(N_KINDS):
            assert counts[k] == (0 if k in wilds else by_id[k])
        assert (counts, len(held)) == hand_shape(tiles, wilds)
