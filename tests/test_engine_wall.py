"""The wall, dice, indicator, deal and flower replacement (NB-3.x, NB-4.x, NB-5.x)."""

import dataclasses

import pytest

from nbmj.engine.game import Game
from nbmj.engine.script import scripted_wall
from nbmj.engine.wall import Wall, break_stack, dice_quantity, full_tile_set, indicator_position
from nbmj.rules import load_variant
from nbmj.tiles import parse_tile, parse_tiles

NINGBO = load_variant("ningbo")


def test_nb_3_1_dice_quantities_doubles_are_both_large_and_small():
    assert dice_quantity((2, 5), "sum") == 7
    assert dice_quantity((2, 5), "large") == 5
    assert dice_quantity((2, 5), "small") == 2
    assert dice_quantity((4, 4), "large") == dice_quantity((4, 4), "small") == 4


def test_nb_3_2_nb_3_3_break_counts_walls_from_the_dealer():
    # sum 5 opens the dealer's own wall; sum 6 the next seat's
    assert break_stack(NINGBO.dealing, (2, 3)) == 3
    assert break_stack(NINGBO.dealing, (3, 3)) == 18 + 3


@pytest.mark.parametrize("small", [1, 2, 3, 4, 5, 6])
def test_nb_4_5_indicator_is_small_die_stacks_from_the_tail(small):
    assert indicator_position(NINGBO.wilds, NINGBO.dealing, (small, 6), 72) == 144 - 2 * small


def test_nb_4_6_s000_indicator_count():
    s000 = dataclasses.replace(NINGBO.wilds, indicator_die="sum", indicator_origin="player_wall")
    # larger die L=5, sum n=8: the (L+n)-th stack from the tail
    assert indicator_position(s000, NINGBO.dealing, (3, 5), 72) == 144 - 2 * (5 + 8)


def test_nb_3_5_nb_4_7_draws_skip_the_indicator_at_both_ends():
    """NB-3.4, NB-3.5, NB-4.7: head and tail eat towards each other, top tile first, passing over the indicator."""
    tiles = list(range(8))
    wall = Wall(tiles, indicator_pos=6)  # top of the tail stack
    assert wall.draw_tail() == 7  # the bottom beneath the indicator
    assert wall.draw_tail() == 4
    assert [wall.draw_head() for _ in range(3)] == [0, 1, 2]
    assert wall.draw_head() == 3
    assert wall.draw_tail() == 5
    assert wall.remaining == 0


def test_nb_4_8_t28_143_drawable_tiles_in_ningbo():
    """NB-4.8, NB-3.6: the 144-position sequence less the indicator."""
    wall = Wall(full_tile_set(True), indicator_pos=140)
    n = 0
    while wall.remaining:
        (wall.draw_head if n % 3 else wall.draw_tail)()
        n += 1
    assert n == 143
    assert wall.drawn == 143


def test_nb_4_2_t28_flipped_5m_leaves_three_wild_5m_never_drawn():
    w = scripted_wall(NINGBO, indicator="5m", dice=(2, 4))
    g = Game(NINGBO, wall=w, dice=(2, 4))
    assert g.indicator == parse_tile("5m")
    assert g.wall.indicator_pos == 144 - 4
    assert sorted(g.wilds) == [parse_tile("5m")]
    assert g.wall.live_order().count(parse_tile("5m")) + sum(h[4] for h in g.hands) == 3


def test_nb_4_3_nb_4_4_t28_flipped_spring_makes_seasons_wild_and_they_stay_in_hand():
    w = scripted_wall(NINGBO, hands={"E": "12345678m1234p2f3f"}, indicator="1f", dice=(1, 1))
    g = Game(NINGBO, wall=w, dice=(1, 1))
    assert sorted(g.wilds) == parse_tiles("1234f")
    hand_e = g.hands[0]
    assert hand_e[parse_tile("2f")] == hand_e[parse_tile("3f")] == 1  # wild flowers are not laid aside
    assert g.flowers[0] == []
    assert all(g.is_flower(t) for t in parse_tiles("5678f"))  # the plants stay ordinary flowers
    assert not any(g.is_flower(t) for t in parse_tiles("234f"))


def test_nb_3_7_nb_3_8_t31_deal_14_13_in_blocks_of_four():
    """NB-2.1, NB-3.7, NB-3.8: four players; four tiles each three times round, then two to the dealer and one each."""
    g = Game(NINGBO, seed=3)
    deal = [e for e in g.events if e["e"] == "deal"]
    assert [len(parse_tiles(e["tiles"])) for e in deal] == [14, 13, 13, 13]
    # after flower replacement the hands keep their sizes (NB-5.1)
    assert [sum(h[:34]) + sum(h[34:]) for h in g.hands] == [14, 13, 13, 13]
    assert [e["seat"] for e in deal] == ["E", "S", "W", "N"]
    # the first 53 wall tiles (indicator skipped) are the deal: E gets 0-3, 16-19, 32-35, 48-49
    w = g.wall.tiles
    head = [w[i] for i in range(len(w)) if i != g.wall.indicator_pos][:53]
    e_tiles = head[0:4] + head[16:20] + head[32:36] + head[48:50]
    assert sorted(e_tiles) == sorted(parse_tiles(deal[0]["tiles"]))


def test_nb_6_1_dealer_plays_first_without_drawing():
    """NB-6.1."""
    g = Game(NINGBO, seed=5)
    assert g.to_act == ["E"]
    assert not any(e["e"] == "draw" for e in g.events)


def _flower_script(mode):
    rules = dataclasses.replace(NINGBO, flowers=dataclasses.replace(NINGBO.flowers, initial_replacement=mode))
    hands = {"E": "12345678m12345p1f", "S": "1234567p12345s2f", "W": "1234567s12345z6z", "N": "9m9p9s67z11223344z"}
    # E's replacement is a flower (5f), then S's replacement is 1m, then E's second is 2m
    w = scripted_wall(rules, hands=hands, tail="5f6m7m", indicator="9s", dice=(6, 6))
    return Game(rules, wall=w, dice=(6, 6))


def test_nb_5_3_flowers_replaced_in_rounds_from_the_dealer():
    g = _flower_script("rounds")
    bu = [(e["seat"], e["tile"], e["draw"]) for e in g.events if e["e"] == "bu"]
    assert bu == [("E", "1f", "5f"), ("S", "2f", "6m"), ("E", "5f", "7m")]


def test_nb_5_3_per_player_order_replaces_until_clean():
    g = _flower_script("per_player")
    bu = [(e["seat"], e["tile"], e["draw"]) for e in g.events if e["e"] == "bu"]
    assert bu == [("E", "1f", "5f"), ("E", "5f", "6m"), ("S", "2f", "7m")]


def test_nb_5_4_flower_drawn_in_play_is_replaced_at_once():
    """NB-5.2, NB-5.4, NB-5.6: replaced from the tail at once; the replacement counts as a replacement draw."""
    hands = {"E": "123456789m123p44z", "S": "1234567p12345s7z", "W": "1234567s123z45z6z", "N": "9m8p9s67z11223355z"}
    w = scripted_wall(NINGBO, hands=hands, draws="3f", tail="5m", indicator="9s", dice=(6, 6))
    g = Game(NINGBO, wall=w, dice=(6, 6))
    from nbmj.engine.script import play_script

    play_script(g, ["E discard 4z"])
    from nbmj.engine.script import pass_claims

    pass_claims(g)
    assert g.events[-2] == {"e": "draw", "seat": "S", "tile": "3f"}
    assert g.events[-1] == {"e": "bu", "seat": "S", "tile": "3f", "draw": "5m"}
    assert g.flowers[1] == [parse_tile("3f")]
    assert g.draw_kind == "flower_replacement"
