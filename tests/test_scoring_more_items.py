"""The items other Ningbo readings price (NB-12.36 to NB-12.42): defined in ``ningbo``,
switched off in the variants whose sources do not price them, scoring when a child gives
them a value."""

from __future__ import annotations

import pytest

from nbmj.rules import compile_text, load_variant
from nbmj.scoring import Situation, score

NEW_ITEMS = ("win_on_wild", "wild_pair", "self_draw", "big_three_dragons", "small_three_dragons", "all_simples",
             "big_four_winds")

PRICED = compile_text('variant priced extends ningbo "every new item at 10"\nitems {\n' + "".join(
    f'  item {name} "{name}" 10 tai when {str(load_variant("ningbo").item(name).when)} '
    f'[{load_variant("ningbo").item(name).rule}]\n' for name in NEW_ITEMS) + "}\n", "priced.nbv")


@pytest.mark.parametrize("variant", ["ningbo", "ningbo-000", "ningbo-7wild"])
def test_the_new_items_are_off_where_no_source_prices_them_NB_12_36_to_NB_12_42(variant):
    rules = load_variant(variant)
    for name in NEW_ITEMS:
        assert rules.item(name).value is None, name


def _items(sit):
    return {a.item.name for a in score(Situation.from_dict({"seat": "S", "indicator": "9p", **sit}), PRICED).items}


def test_self_draw_item_NB_12_38():
    """NB-12.38: riichi_advanced prices every self-drawn win, a kong replacement's too, at 1
    tai; a discard win has no such item; ``ningbo`` defines it switched off."""
    hand = {"concealed": "234m 567m 345p 678s 6s", "win_tile": "6s"}
    assert "self_draw" in _items({**hand, "win_by": "self_draw"})
    assert "self_draw" not in _items({**hand, "win_by": "discard", "from": "E"})
    ra = load_variant("ningbo-riichi-advanced")
    assert ra.item("self_draw").value == 1 and load_variant("ningbo").item("self_draw").value is None
    after_kong = {"concealed": "567m 345p 678s 6s", "win_tile": "6s", "melds": [{"kind": "ankan", "tiles": "2222m"}]}
    for sit in ({**hand, "win_by": "self_draw"}, {**after_kong, "win_by": "kong_replacement"}):
        got = score(Situation.from_dict({"seat": "S", "indicator": "9p", **sit}), ra)
        assert [a.value for a in got.items if a.item.name == "self_draw"] == [1], sit


def test_big_and_small_three_dragons_NB_12_39_NB_12_40():
    """NB-12.39 大三元 (three dragon pungs) and NB-12.40 小三元 (two and the third's pair): no
    shipped variant prices them; a child that does scores each on its own hands only."""
    assert load_variant("ningbo").item("big_three_dragons").value is None
    assert load_variant("ningbo").item("small_three_dragons").value is None
    assert "big_three_dragons" in _items({"concealed": "555z 666z 777z 234m 6s", "win_tile": "6s",
                                          "win_by": "self_draw"})
    small = _items({"concealed": "555z 666z 77z 234m 67s", "win_tile": "8s", "win_by": "self_draw"})
    assert "small_three_dragons" in small and "big_three_dragons" not in small


def test_all_simples_NB_12_41():
    assert "all_simples" in _items({"concealed": "234m 567m 345p 678s 6s", "win_tile": "6s", "win_by": "self_draw"})
    assert "all_simples" not in _items({"concealed": "234m 789m 345p 678s 6s", "win_tile": "6s",
                                        "win_by": "self_draw"})


def test_big_four_winds_NB_12_42():
    assert "big_four_winds" in _items({"concealed": "111z 222z 333z 444z 6s", "win_tile": "6s",
                                       "win_by": "self_draw"})
    assert "big_four_winds" not in _items({"concealed": "111z 222z 333z 555z 6s", "win_tile": "6s",
                                           "win_by": "self_draw"})


def test_win_on_wild_and_wild_pair_NB_12_36_NB_12_37():
    # 9p indicator: the three other 9p are wild
    got = _items({"concealed": "234m 567m 345p 78s 6s 9p", "win_tile": "9p", "win_by": "self_draw"})
    assert {"win_on_wild", "wild_pair"} <= got
