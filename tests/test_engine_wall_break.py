"""Where the dice open the wall (NB-3.2, NB-3.3, NB-3.6): the ``start`` event and
``Game.wall_break`` name the wall and the stacks counted in, under each variant's dealing
settings; logs written before the field existed still replay."""

from __future__ import annotations

import dataclasses
import json

import pytest

from nbmj.engine import Game, make_bots, play_hand
from nbmj.errors import ReplayError
from nbmj.narration import describe
from nbmj.rules import load_variant
from nbmj.rules.model import SEATS

NINGBO = load_variant("ningbo")
NINGHAI = load_variant("ninghai-yaobansan")
# the rule's table: counting counter-clockwise with the dealer as 1
_WALLS_ON = {5: 0, 9: 0, 2: 1, 6: 1, 10: 1, 3: 2, 7: 2, 11: 2, 4: 3, 8: 3, 12: 3}


@pytest.mark.parametrize("dealer", SEATS)
@pytest.mark.parametrize("dice", [(1, 1), (1, 4), (2, 5), (3, 6), (6, 6), (5, 2)])
def test_NB_3_2_NB_3_3_the_start_event_names_the_wall_opened_and_the_stacks(dealer, dice):
    g = Game(NINGBO, seed=3, dice=dice, dealer=dealer)
    opened = SEATS[(SEATS.index(dealer) + _WALLS_ON[sum(dice)]) % 4]
    start = g.events[0]
    assert start["e"] == "start" and start["break"] == {"wall": opened, "stacks": max(dice)}
    assert (SEATS[g.wall_break.wall], g.wall_break.stacks) == (opened, max(dice))


def test_NB_3_3_the_settings_are_read_other_quantities_move_the_break():
    """``open_wall_by`` and ``start_stacks_by`` change what the start event says."""
    by_small = dataclasses.replace(NINGBO, dealing=dataclasses.replace(NINGBO.dealing, open_wall_by="small",
                                                                     start_stacks_by="sum"))
    g = Game(by_small, seed=3, dice=(2, 5), dealer="S")
    # the smaller die, 2, counts to the 下家 of S (W); the sum, 7, gives the stacks
    assert g.events[0]["break"] == {"wall": "W", "stacks": 7}


def test_NB_3_3_a_count_past_a_wall_goes_on_into_the_next_and_uses_stacks_per_wall():
    """With a count larger than a wall the break lies in the next wall: how many stacks a
    wall holds (``stacks_per_wall``) decides where."""
    short = dataclasses.replace(NINGBO, dealing=dataclasses.replace(NINGBO.dealing, start_stacks_by="sum",
                                                                   stacks_per_wall=10))
    g = Game(short, seed=3, dice=(6, 6), dealer="E")  # sum 12: the 上家's wall (N), 12 stacks
    assert g.events[0]["break"] == {"wall": "E", "stacks": 2}  # past N's 10 stacks into E's wall
    g = Game(short, seed=3, dice=(6, 4), dealer="E")  # sum 10: the 下家's wall (S), 10 stacks: its last
    assert g.events[0]["break"] == {"wall": "S", "stacks": 10}


def test_NH_1_3_ninghai_counts_the_sum():
    g = Game(NINGHAI, seed=1, dice=(3, 4), dealer="E")  # sum 7: the 对家 (W), 7 stacks
    assert g.events[0]["break"] == {"wall": "W", "stacks": 7}


def test_NB_3_6_the_start_is_told_with_its_break_in_both_languages():
    g = Game(NINGBO, seed=3, dice=(2, 5), dealer="E")
    assert "the wall of W opened 5 stacks in" in describe(g.events[0])
    assert "西家牌墙右数 5 墩开牌" in describe(g.events[0], "zh")


def test_NB_3_6_a_log_without_the_break_still_replays_and_a_wrong_break_does_not():
    g = Game(NINGBO, seed=5)
    play_hand(g, make_bots("random", 5))
    lines = g.log_text().splitlines()
    start = json.loads(lines[1])
    assert start["e"] == "start" and "break" in start
    old = dict(start)
    del old["break"]
    states = list(Game.replay("\n".join([lines[0], json.dumps(old), *lines[2:]]), rules=NINGBO))
    assert states[-1]["result"] is not None
    wrong = {**start, "break": {"wall": start["break"]["wall"], "stacks": start["break"]["stacks"] % 6 + 7}}
    with pytest.raises(ReplayError, match="line 2"):
        list(Game.replay("\n".join([lines[0], json.dumps(wrong), *lines[2:]]), rules=NINGBO))
