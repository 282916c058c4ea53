"""Rules checked as behaviour in play, not as compiled variant values.

Each test drives the engine (scripted walls, ``Game``, ``Match``) or the scorer
(``nbmj.scoring.score``) and observes what the rule says, where possible against a
contrast: the same situation under a variant that reads the rule differently.
"""

import dataclasses
import sys
from pathlib import Path
from collections import Counter

import pytest

from nbmj.engine import Game, Match, make_bots, play_hand
from nbmj.engine.actions import Action
from nbmj.engine.script import pass_claims, play_script
from nbmj.engine.wall import break_stack
from nbmj.errors import SituationError
from nbmj.rules import compile_text, load_variant
from nbmj.rules.model import SEATS
from nbmj.scoring import Situation, score
from nbmj.tiles import N_KINDS, parse_tile, parse_tiles, tile_code

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import MIN0, NINGBO, NINGHAI, make, play_passing  # noqa: E402
from _engine_helpers import without_minimum as _min0  # noqa: E402

NINGBO_000 = load_variant("ningbo-000")


def _variant(body, base="ningbo"):
    return compile_text(f'variant t extends {base} "t"\n{body}\n', "t.nbv")


def kinds(legal):
    return {a.kind for a in legal}


def sit(concealed, win_tile, win_by="discard", variant="ningbo", **more):
    data = {
        "variant": variant,
        "seat": "E",
        "round": "E",
        "concealed": concealed,
        "win_tile": win_tile,
        "win_by": win_by,
        "indicator": more.pop("indicator", "7z") if variant.startswith("ningbo") else None,
        **more,
    }
    if win_by in ("discard", "rob_kong"):
        data.setdefault("from", "N")
    if data["indicator"] is None:
        del data["indicator"]
    return Situation.from_dict(data)


# ---------------------------------------------------------------- 1. tiles


def test_NB_1_1_a_dealt_game_holds_144_tiles_flowers_included():
    """NB-1.1: the shuffled wall of a Ningbo game is 144 tiles, the 8 flowers among them;
    with tiles.flowers off the same engine builds the 136-tile set."""
    g = Game(NINGBO, seed=11)
    assert len(g.wall.tiles) == 144
    assert sum(1 for t in g.wall.tiles if t >= N_KINDS) == 8
    no_flowers = dataclasses.replace(NINGBO, tiles=dataclasses.replace(NINGBO.tiles, flowers=False))
    h = Game(no_flowers, seed=11)
    assert len(h.wall.tiles) == 136
    assert not any(t >= N_KINDS for t in h.wall.tiles)


def test_NB_1_2_three_suits_of_nine_and_seven_honours_four_copies_each():
    """NB-1.2: the wall holds four copies of each of the 34 kinds 1-9m/p/s and 1-7z, and
    only those kinds stay in the hands after the deal (flowers are laid aside)."""
    g = Game(NINGBO, seed=5)
    counts = Counter(tile_code(t) for t in g.wall.tiles if t < N_KINDS)
    expected = {f"{r}{s}" for s in "mps" for r in range(1, 10)} | {f"{r}z" for r in range(1, 8)}
    assert set(counts) == expected and set(counts.values()) == {4}
    wild_flowers = {t for t in g.wilds if t >= N_KINDS}
    for hand in g.hands:
        assert all(hand[t] == 0 for t in range(N_KINDS, 42) if t not in wild_flowers)


def test_NB_1_3_eight_flowers_in_two_groups_of_four():
    """NB-1.3: the flowers 1f-8f are two groups, seasons 1-4f and plants 5-8f: a season
    indicator makes the seasons wild and leaves 5f an ordinary flower that is laid aside;
    a plant indicator does the opposite and the same dealt 5f stays in hand as a wild."""
    hands = {"E": "12345678m1234p9p5f"}
    season = make(hands, indicator="1f", dice=(1, 1), tail="1s")
    assert sorted(season.wilds) == parse_tiles("1234f")
    assert season.flowers[0] == [parse_tile("5f")] and season.hands[0][parse_tile("5f")] == 0
    plant = make(hands, indicator="6f", dice=(1, 1), tail="1s")
    assert sorted(plant.wilds) == parse_tiles("5678f")
    assert plant.flowers[0] == [] and plant.hands[0][parse_tile("5f")] == 1


def test_NB_1_5_four_walls_of_18_stacks_two_tiles_each():
    """NB-1.5: the wall is 72 stacks of two, and a dice sum that opens the 下家's wall
    breaks it 18 stacks (one whole wall) further on than the dealer's own wall."""
    g = Game(NINGBO, seed=2)
    assert len(g.wall.tiles) == 4 * 18 * 2
    # sum 5 opens the dealer's wall, sum 6 the 下家's; the larger die is 3 in both
    assert break_stack(NINGBO.dealing, (3, 3)) - break_stack(NINGBO.dealing, (2, 3)) == 18


# ---------------------------------------------------------------- 2-3. seats, dice


def test_NB_2_3_first_dealer_drawn_from_the_match_seed():
    """NB-2.3: the first dealer comes from the match's seeded generator: the same seed gives
    the same dealer, seeds spread over all four seats, and the first hand is dealt by it."""
    firsts = [Match(NINGBO, seed=s, hands=1).first_dealer for s in range(40)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [Match(NINGBO, seed=s, hands=1).first_dealer for s in range(40)]
    m = Match(NINGBO, seed=7, hands=1)
    assert m.new_game().dealer == m.first_dealer


def test_NB_3_1_one_throw_gives_sum_larger_and_smaller():
    """NB-3.1: a hand starts with one throw of two dice, recorded once; that throw alone places
    the indicator (smaller die) and the break (sum and larger die); doubles serve as both."""
    g = Game(NINGBO, seed=4)
    starts = [e for e in g.events if "dice" in e]
    assert len(starts) == 1 and len(starts[0]["dice"]) == 2 and all(1 <= d <= 6 for d in starts[0]["dice"])
    a, b = g.dice
    assert g.wall.indicator_pos == 144 - 2 * min(a, b)
    assert break_stack(NINGBO.dealing, g.dice) == ((a + b - 1) % 4) * 18 + max(a, b)
    double = Game(NINGBO, seed=4, dice=(4, 4))
    assert double.wall.indicator_pos == 144 - 8
    assert break_stack(NINGBO.dealing, (4, 4)) == 3 * 18 + 4  # sum 8: the 上家's wall, 4 stacks in


_WALL_OF_SUM = {5: 0, 9: 0, 2: 1, 6: 1, 10: 1, 3: 2, 7: 2, 11: 2, 4: 3, 8: 3, 12: 3}  # the rule's table


@pytest.mark.parametrize("dice", [(a, b) for a in range(1, 7) for b in range(a, 7)])
def test_NB_3_2_dice_sum_picks_the_wall(dice):
    """NB-3.2: counting counter-clockwise from the dealer as 1, the wall opened is the dealer's
    for 5 or 9, the 下家's for 2, 6, 10, the 对家's for 3, 7, 11, the 上家's for 4, 8, 12."""
    assert break_stack(NINGBO.dealing, dice) // 18 == _WALL_OF_SUM[sum(dice)]


@pytest.mark.parametrize("dice", [(1, 2), (2, 5), (3, 6), (6, 6)])
def test_NB_3_3_larger_die_counts_the_stacks_to_the_break(dice):
    """NB-3.3: in the opened wall the break comes after as many stacks as the larger die
    shows; Ninghai (start_stacks_by sum) counts the sum instead."""
    assert break_stack(NINGBO.dealing, dice) % 18 == max(dice)
    assert break_stack(NINGHAI.dealing, dice) % 18 == sum(dice) % 18


# ---------------------------------------------------------------- 4. wilds


def test_NB_4_1_ningbo_has_a_public_indicator_for_the_whole_hand():
    """NB-4.1: a Ningbo hand turns up an indicator whose wilds every seat sees and which stay
    the same through the hand; a Ninghai hand has neither."""
    g = Game(NINGBO, seed=9)
    assert g.indicator is not None and g.wilds
    start = (g.indicator, sorted(g.wilds))
    for seat in SEATS:
        obs = g.observation(seat)
        assert obs["indicator"] == g.indicator and sorted(obs["wilds"]) == sorted(g.wilds)
    play_hand(g, make_bots("greedy"))
    assert (g.indicator, sorted(g.wilds)) == start
    assert g.wall.tiles[g.wall.indicator_pos] == g.indicator
    h = Game(NINGHAI, seed=9)
    assert h.indicator is None and not h.wilds and h.observation("E")["wilds"] == []


WILD_HAND = {"E": "123m456p789s11z22z5m", "S": "1234s678s1234z6z7z", "W": "9m9m8m8m7m7m5s5s6s6s4s4s6z", "N": "2p3p4p6p7p8p1s2s3s5z5z5z7z"}


def test_NB_4_2_the_other_three_copies_of_the_indicator_are_wild():
    """NB-4.2: with 5m turned up, the 5m in hand is wild and completes 22z into a set, so the
    dealer may win at once; with another indicator the same 5m is natural and does not."""
    g = make(WILD_HAND, indicator="5m", dice=(2, 4))
    assert sorted(g.wilds) == [parse_tile("5m")]
    assert "hu" in kinds(g.legal_actions("E"))
    live = g.wall.live_order().count(parse_tile("5m")) + sum(h[parse_tile("5m")] for h in g.hands)
    assert live == 3  # the indicator itself is out of play
    natural = make(WILD_HAND, indicator="8s", dice=(2, 4))
    assert "hu" not in kinds(natural.legal_actions("E"))


FLOWER_WILD = {"E": "123m456p789s11z22z2f", **{k: v for k, v in WILD_HAND.items() if k != "E"}}


def test_NB_4_3_a_season_indicator_makes_the_seasons_wild():
    """NB-4.3: with 3f turned up the dealt 2f is a wild that completes the hand; with a plant
    (7f) turned up the same 2f is an ordinary flower, laid aside and replaced, no win."""
    g = make(FLOWER_WILD, indicator="3f", tail="9m")
    assert "hu" in kinds(g.legal_actions("E")) and g.flowers[0] == []
    h = make(FLOWER_WILD, indicator="7f", tail="9m")
    assert [(e["seat"], e["tile"], e["draw"]) for e in h.events if e["e"] == "bu"] == [("E", "2f", "9m")]
    assert "hu" not in kinds(h.legal_actions("E"))


@pytest.mark.parametrize("dice", [(1, 5), (2, 2), (6, 3), (4, 6)])
def test_NB_4_5_indicator_is_the_smaller_die_counted_from_the_tail(dice):
    """NB-4.5: in a shuffled game the face-up indicator is the top tile of the k-th stack
    from the tail, k the smaller die (position 144 - 2k); ningbo-000 puts it elsewhere."""
    g = Game(NINGBO, seed=21, dice=dice)
    k = min(dice)
    assert g.wall.indicator_pos == 144 - 2 * k and g.indicator == g.wall.tiles[144 - 2 * k]
    assert Game(NINGBO_000, seed=21, dice=dice).wall.indicator_pos != 144 - 2 * k


@pytest.mark.parametrize("dice", [(1, 2), (3, 5), (6, 6)])
def test_NB_4_6_s000_count_in_ningbo_000(dice):
    """NB-4.6: ningbo-000 turns up the top tile of the (L + n)-th stack from the tail, L the
    larger die and n the sum, and that tile's copies are the wilds."""
    g = Game(NINGBO_000, seed=21, dice=dice)
    pos = 144 - 2 * (max(dice) + sum(dice))
    assert g.wall.indicator_pos == pos and g.indicator == g.wall.tiles[pos]
    if g.indicator < N_KINDS:
        assert sorted(g.wilds) == [g.indicator]


PON_E = "2z123456789m12p3p9p"
PON_S_WILD = "2z5s1p4p7p1s4s7s3z4z6z7z9s"  # one natural 2z beside a wild 5s
PON_S_PAIR = "2z2z1p4p7p1s4s7s3z4z6z7z9s"
PON_REST = {"W": "9m9m8m8m7m7m6s6s4s4s3s3s6z", "N": "2p3p4p6p7p8p1s2s3s5z5z5z7z"}


def test_NB_4_11_no_pong_with_a_natural_tile_and_a_wild():
    """NB-4.11: a seat holding one 2z and a wild is not offered a pong of the discarded 2z;
    with two natural 2z it is."""
    g = make({"E": PON_E, "S": PON_S_WILD, **PON_REST}, indicator="5s")
    assert parse_tile("5s") in g.wilds
    play_script(g, ["E discard 2z"])
    assert "S" not in g.to_act or "pon" not in kinds(g.legal_actions("S"))
    h = make({"E": PON_E, "S": PON_S_PAIR, **PON_REST}, indicator="5s")
    play_script(h, ["E discard 2z"])
    assert "pon" in kinds(h.legal_actions("S"))


def test_NB_4_11_no_kong_with_a_wild():
    """NB-4.11: three 1z and a wild are not a kong (no ankan offered); four natural 1z are."""
    rest = {"S": "1234567s2z3z4z6z7z9p", "W": "9m9m8m8m7m7m5s5s6s6s4s4s6z", "N": "2p3p4p6p7p8p1s2s3s5z5z5z7z"}
    g = make({"E": "1z1z1z5p123m456m789m5p", **rest}, indicator="5p")
    assert "ankan" not in kinds(g.legal_actions("E"))
    h = make({"E": "1z1z1z1z123m456m789m5p", **rest}, indicator="9s")
    assert Action.parse("E ankan 1z") in h.legal_actions("E")


# ---------------------------------------------------------------- 5. flowers


def _three_flower_deal(mode):
    rules = dataclasses.replace(MIN0, flowers=dataclasses.replace(MIN0.flowers, initial_replacement=mode))
    hands = {"E": "12345678m12345p1f", "S": "1234567p12345s2f", "W": "1234567s1234z5z3f", "N": "9m9p9s67z11223344z"}
    return make(hands, rules=rules, tail="5f6m7m8m")


def test_NB_5_3_dealt_flowers_replaced_round_by_round():
    """NB-5.3: E, S and W hold a flower; E's replacement is another flower (5f), which waits
    until S and W have replaced theirs. The per_player order replaces E's at once."""
    bu = [(e["seat"], e["tile"], e["draw"]) for e in _three_flower_deal("rounds").events if e["e"] == "bu"]
    assert bu == [("E", "1f", "5f"), ("S", "2f", "6m"), ("W", "3f", "7m"), ("E", "5f", "8m")]
    bu = [(e["seat"], e["tile"], e["draw"]) for e in _three_flower_deal("per_player").events if e["e"] == "bu"]
    assert bu == [("E", "1f", "5f"), ("E", "5f", "6m"), ("S", "2f", "7m"), ("W", "3f", "8m")]


# ---------------------------------------------------------------- 7. claims


@pytest.mark.parametrize("claimant", ["S", "W", "N"])
def test_NB_7_2_any_player_with_a_natural_pair_may_pong(claimant):
    """NB-7.2: whichever seat holds two 2z (下家, 对家 or 上家) is offered a pong of E's 2z;
    with one 2z the same seat is not."""
    pair = "2z2z1s4s7s1p4p7p3z4z6z7z9s"
    single = "2z8p1s4s7s1p4p7p3z4z6z7z9s"
    g = make({"E": PON_E, claimant: pair}, indicator="8s")
    play_script(g, ["E discard 2z"])
    assert claimant in g.to_act and Action.parse(f"{claimant} pon 2z") in g.legal_actions(claimant)
    h = make({"E": PON_E, claimant: single}, indicator="8s")
    play_script(h, ["E discard 2z"])
    assert claimant not in h.to_act or "pon" not in kinds(h.legal_actions(claimant))


# ---------------------------------------------------------------- 10. winning shapes


def test_NB_10_1_four_sets_and_a_pair_and_nothing_else():
    """NB-10.1: 789m 123p 456p 789p + 1z pair wins; 891m is no chow (9 and 1 are not
    consecutive), and four undeclared 1m are not a set of four, though a declared kong is."""
    ok = score(sit("789m123p456p789p1z", "1z"), MIN0)
    assert ok.valid and "789m" in ok.decomposition.replace(" ", "")
    with pytest.raises(SituationError):
        score(sit("189m123p456p789p1z", "1z"), MIN0)
    with pytest.raises(SituationError):
        score(sit("1111m234p567p789s5z", "5z"), MIN0)
    declared = sit("234p567p789s5z", "5z", melds=[{"kind": "ankan", "tiles": "1111m"}])
    assert score(declared, MIN0).valid


@pytest.mark.parametrize("concealed, win", [("1m1m4m4m7m7m2p2p5p5p8s8s3z", "3z"), ("19m19p19s1234567z", "1m")], ids=["seven-pairs", "thirteen-orphans"])
def test_NB_10_3_no_seven_pairs_or_thirteen_orphans(concealed, win):
    """NB-10.3: seven pairs and thirteen orphans are not winning hands for the scorer, and the
    engine offers no win to a dealer dealt them."""
    with pytest.raises(SituationError):
        score(sit(concealed, win, indicator="5s"), MIN0)
    g = make({"E": concealed + win}, indicator="5s")
    assert "hu" not in kinds(g.legal_actions("E"))


# ---------------------------------------------------------------- 11. special wins


S_WAIT = "123m456p789s11z3p4p"
E_11_1 = "123456789m1p5p44z7z"


def test_NB_11_1_a_win_on_a_flower_replacement_is_a_self_draw():
    """NB-11.1: S draws 3f, replaces it from the tail with 5p and wins: the engine records a
    flower_replacement win and all three others pay, as for a self-draw; the same hand winning
    on E's discarded 5p is paid by E alone."""
    g = make({"E": E_11_1, "S": S_WAIT}, draws="3f", tail="5p", indicator="6z")
    play_script(g, ["E discard 7z"])
    pass_claims(g)
    assert g.draw_kind == "flower_replacement"
    g.step(Action("S", "hu"))
    res = g.result
    assert res.win_by == "flower_replacement" and res.winner == "S"
    assert res.deltas["E"] == res.deltas["W"] == res.deltas["N"] < 0 < res.deltas["S"]
    h = make({"E": E_11_1, "S": S_WAIT}, indicator="6z")
    play_script(h, ["E discard 5p", "S hu"])
    pass_claims(h)
    assert h.result.win_by == "discard"
    assert h.result.deltas["E"] < 0 and h.result.deltas["W"] == h.result.deltas["N"] == 0


def test_NB_11_10_three_wilds_or_a_wild_discard_do_not_bar_a_discard_win():
    """NB-11.10: a hand holding all three wilds, or whose player discarded a wild, wins on a
    discard by default; a variant adding the X-NBCB bar refuses the same wins."""
    base = _variant("scoring tai { minimum 0 }")
    barred = _variant(
        "scoring tai { minimum 0 }\nwin_restrictions {\n"
        "  forbid discard when wilds_held >= 3 [NB-11.10]\n  forbid discard when discarded_wild [NB-11.10]\n}"
    )
    three = sit("5m5m5m123p456p78s1z2z", "9s", indicator="5m")  # no wild single wait (NB-11.9)
    thrown = sit("123m123p456p78s11z", "9s", discarded_wild=True, indicator="5m")
    assert score(three, base).valid and score(thrown, base).valid
    assert not score(three, barred).valid and not score(thrown, barred).valid


# ---------------------------------------------------------------- 12, 14. tai and payments


def test_NB_12_35_self_draw_adds_no_tai():
    """NB-12.35: the same hand scores the same tai and items won by self-draw or on a discard
    (only the payments differ); a variant with a self-draw item scores one tai more."""
    hand = "123m456p789s345p1z"
    by_discard = score(sit(hand, "1z"), MIN0)
    by_draw = score(sit(hand, "1z", win_by="self_draw"), MIN0)
    assert by_draw.tai == by_discard.tai
    assert [a.item.name for a in by_draw.items] == [a.item.name for a in by_discard.items]
    assert by_draw.payments != by_discard.payments
    zimo = _variant('scoring tai { minimum 0 }\nitems { item self_draw "自摸" 1 tai when self_draw [NB-12.35] }')
    assert score(sit(hand, "1z", win_by="self_draw"), zimo).tai == by_draw.tai + 1


def _kong_and_flower(rules):
    hands = {"E": "1z1z1z1z123m456m789m5f", "S": "1234567s2z3z4z6z7z9p", "W": "9m9m8m8m7m7m5s5s6s6s4s4s6z", "N": "2p3p4p6p7p8p1s2s3s5z5z5z7z"}
    g = make(hands, rules=rules, tail="5p9p")
    assert g.flowers[0] == [parse_tile("5f")]
    g.step(Action.parse("E ankan 1z"))
    assert g.kongs == 1
    return g


def test_NB_14_14_no_payment_as_kongs_and_flowers_happen():
    """NB-14.14: laying down a flower and a concealed kong moves no points in Ningbo; a variant
    giving them values pays at once (pay events, immediate scores)."""
    g = _kong_and_flower(MIN0)
    assert not [e for e in g.events if e["e"] == "pay"] and g.immediate == [0, 0, 0, 0]
    paid = _kong_and_flower(_min0(_variant("immediate { concealed_kong 1; flower 1 }")))
    assert len([e for e in paid.events if e["e"] == "pay"]) == 2
    assert paid.immediate[0] == 6 and sum(paid.immediate) == 0


def _winner_fed_three_chows(rules):
    """E (the dealer) feeds its next seat S three chows (3m, 6m, 9m), then wins by self-draw."""
    g = make({"E": "3m6m9m123p456p789p1s1s", "S": "1m2m4m5m7m8m1z2z3z4z5z6z7z"}, rules=rules,
             draws="8s8s2s6s6s3s7s7s4s", indicator="9s")

    def others_discard_their_draws():
        for _ in range(2):  # W, then N
            seat = g.to_act[0]
            play_passing(g, [[a for a in g.legal_actions(seat) if a.kind == "discard"][-1]])

    for n, (tile, use) in enumerate((("3m", "12m"), ("6m", "45m"), ("9m", "78m"))):
        if n:
            others_discard_their_draws()
        play_script(g, [f"E discard {tile}", f"S chi {tile} {use}"])
        play_passing(g, [f"S discard {n + 1}z"])
    others_discard_their_draws()
    g.step(Action("E", "hu"))
    return g.result


def test_NB_14_5_liability_counts_the_melds_the_winner_fed_of_the_counted_kinds_only():
    """NB-14.5 (``liability.counts``): the melds the winner fed the other seat count toward a
    link only when of a kind the variant counts, as the melds the other seat fed the winner do.
    Three chows E fed S link them when chows count (S pays the 5 of NB-14.6), and not under
    ``counts pon kan``, where every other seat pays its 1 of NB-14.2."""
    counted = _winner_fed_three_chows(_variant("scoring tai { minimum 1 }"))
    assert counted.deltas == {"E": 5, "S": -5, "W": 0, "N": 0}
    for body in ("liability { counts pon kan }", "liability { counts pon kan; direction fed_winner }"):
        uncounted = _winner_fed_three_chows(_variant(f"scoring tai {{ minimum 1 }}\n{body}"))
        assert uncounted.deltas == {"E": 3, "S": -1, "W": -1, "N": -1}, body


# ---------------------------------------------------------------- 16. dealer rotation


OTHERS = ["1234s678s1234z6z7z", "9m9m8m8m7m7m5s5s6s6s4s4s6z", "2p3p4p6p7p8p1s2s3s5z5z5z7z"]


def _dealer_wins(rules, d):
    hands = {SEATS[d]: "123m456m789m123p55s", **{SEATS[(d + i) % 4]: OTHERS[i - 1] for i in range(1, 4)}}
    g = make(hands, rules=rules, dealer=SEATS[d])
    g.step(Action(SEATS[d], "hu"))
    return g


def _opposite_wins(rules, d):
    opp = SEATS[(d + 2) % 4]
    g = make({SEATS[d]: E_11_1, opp: S_WAIT}, rules=rules, dealer=SEATS[d], indicator="6z")
    play_script(g, [f"{SEATS[d]} discard 5p", f"{opp} hu"])
    pass_claims(g)  # the 下家 may have a chow to pass
    return g


def test_NB_16_1_a_dealer_who_wins_deals_again():
    """NB-16.1: in a Match, after the dealer's win the same seat deals the next hand; a variant
    with on_dealer_win next_seat passes the deal on."""
    m = Match(MIN0, seed=3, hands=5)
    d = m.dealer
    g = _dealer_wins(MIN0, d)
    assert g.result.winner == SEATS[d]
    m.record(g)
    assert m.dealer == d and m.new_game().dealer == d
    moving = _min0(_variant("dealer { on_dealer_win next_seat }"))
    m2 = Match(moving, seed=3, hands=5)
    m2.record(_dealer_wins(moving, m2.dealer))
    assert m2.dealer == (d + 1) % 4


def test_NB_16_2_after_a_non_dealer_win_the_dealers_next_seat_deals():
    """NB-16.2: the 对家 wins on the dealer's discard and the deal passes to the dealer's 下家,
    not to the winner; ningbo-000 (C4) gives it to the winner."""
    m = Match(MIN0, seed=3, hands=5)
    d = m.dealer
    g = _opposite_wins(MIN0, d)
    assert g.result.winner == SEATS[(d + 2) % 4]
    m.record(g)
    assert m.dealer == (d + 1) % 4
    s000 = _min0(NINGBO_000)
    m2 = Match(s000, seed=3, hands=5)
    m2.record(_opposite_wins(s000, m2.dealer))
    assert m2.dealer == (m2.first_dealer + 2) % 4


# ---------------------------------------------------------------- NH-1. Ninghai


def test_NH_1_1_ninghai_plays_the_common_mechanics_like_ningbo():
    """NH-1.1: the same deal under Ninghai and Ningbo deals 14/13 (NB-3), replaces the dealt
    flower the same way (NB-5), and once the first go-around is over offers the 对家 the same
    pong (NB-7); only the wilds differ. Both reject a non-standard shape (NB-10.3)."""
    hands = {"E": "2z12345678m12p3p9p1f", "W": "9p9p1s4s7s1p4p7p3z4z6z7z9s"}
    games = [make(hands, rules=r, draws="5m7p8p6m", tail="9m", indicator="8s") for r in (MIN0, NINGHAI)]
    bus = [[(e["seat"], e["tile"], e["draw"]) for e in g.events if e["e"] == "bu"] for g in games]
    assert bus[0] == bus[1] == [("E", "1f", "9m")]
    assert games[0].events[1:5] == games[1].events[1:5]  # the deal
    for g in games:
        for move in ("E discard 1m", "S discard 5m", "W discard 7p", "N discard 8p", "E discard 9p"):
            play_script(g, [move])
            if move != "E discard 9p":
                pass_claims(g)
    assert games[0].legal_actions("W") == games[1].legal_actions("W")
    assert Action.parse("W pon 9p") in games[1].legal_actions("W")
    assert games[0].wilds and not games[1].wilds
    for rules, variant in ((MIN0, "ningbo"), (NINGHAI, "ninghai")):
        with pytest.raises(SituationError):
            score(sit("1m1m4m4m7m7m2p2p5p5p8s8s3z", "3z", variant=variant, indicator="5s"), rules)


def test_NH_1_3_ninghai_dice_change_nothing_but_the_record():
    """NH-1.3: in Ninghai the throw fixes no indicator and no tile: the same wall dealt after
    different throws gives the same hands and events; in Ningbo the throw moves the indicator."""
    tiles = Game(NINGHAI, seed=8).wall.tiles
    a, b = (Game(NINGHAI, wall=tiles, dice=d) for d in ((1, 2), (6, 5)))
    assert a.indicator is None and b.indicator is None
    assert a.hands == b.hands and a.events[1:] == b.events[1:]
    assert a.events[0]["dice"] != b.events[0]["dice"]
    nb_tiles = Game(NINGBO, seed=8).wall.tiles
    assert Game(NINGBO, wall=nb_tiles, dice=(1, 2)).wall.indicator_pos != Game(NINGBO, wall=nb_tiles, dice=(6, 5)).wall.indicator_pos


def test_NH_1_3_one_throw_is_recorded():
    """NH-1.3: nbmj records the dealer's one throw of two dice and simulates no second roll."""
    start = Game(NINGHAI, seed=8).events[0]
    assert len(start["dice"]) == 2 and all(1 <= d <= 6 for d in start["dice"])
    assert "rolls" not in start


@pytest.mark.parametrize("dealer", ["E", "W"])
def test_NH_1_4_ninghai_dealer_14_others_13_dealer_discards_first(dealer):
    """NH-1.4: the Ninghai dealer is dealt 14, the others 13, and acts first by discarding
    without a draw."""
    g = Game(NINGHAI, seed=12, dealer=dealer)
    sizes = {e["seat"]: len(parse_tiles(e["tiles"])) for e in g.events if e["e"] == "deal"}
    assert sizes == {s: 14 if s == dealer else 13 for s in SEATS}
    assert g.to_act == [dealer] and "discard" in kinds(g.legal_actions(dealer))
    assert not any(e["e"] == "draw" for e in g.events)


def test_NH_1_6_ninghai_flowers_from_the_tail_dealer_first():
    """NH-1.6: with W dealing, W, then E (counter-clockwise after N), then S replace their
    flowers, each replacement the next tile from the tail end of the wall."""
    hands = {"W": "12345678m12345p1f", "S": "1234567p12345s2f", "E": "9m9p9s67z1122334z3f"}
    g = make(hands, rules=NINGHAI, tail="5m6m7m", dealer="W")
    bu = [(e["seat"], e["tile"], e["draw"]) for e in g.events if e["e"] == "bu"]
    tail = [tile_code(g.wall.tiles[i]) for i in (142, 143, 140)]
    assert bu == [("W", "1f", tail[0]), ("E", "3f", tail[1]), ("S", "2f", tail[2])]


def test_NH_1_10_ninghai_has_no_minimum():
    """NH-1.10: a hand with no 番 is a valid Ninghai win worth its base; in Ningbo the same
    hand is below the 4-tai minimum."""
    hand = sit("123m456p789s345p1z", "1z", variant="ninghai")
    res = score(hand, NINGHAI)
    assert res.valid and res.fan == 0 and res.points > 0
    assert not score(sit("123m456p789s345p1z", "1z"), NINGBO).valid


def test_NH_1_11_ninghai_winds_only_decide_seat_flowers():
    """NH-1.11: in Ninghai a pung of the seat and round wind scores no more 番 than a pung of
    another wind (Ningbo gives it tai); but a seat flower scores where another flower does not."""
    own, other = "1z1z1z123m456p789s5z", "3z3z3z123m456p789s5z"
    nh = [score(sit(h, "5z", variant="ninghai"), NINGHAI) for h in (own, other)]
    assert nh[0].fan == nh[1].fan
    nb = [score(sit(h, "5z"), MIN0) for h in (own, other)]
    assert nb[0].tai > nb[1].tai
    seat_flower, other_flower = (score(sit(own, "5z", variant="ninghai", flowers=f), NINGHAI) for f in ("5f", "6f"))
    assert seat_flower.fan > other_flower.fan
