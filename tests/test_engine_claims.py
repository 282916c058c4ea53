"""Claims on a discard and their arbitration (NB-7.x), fact-sheet vector T16."""

import dataclasses

import pytest

from nbmj.engine.actions import Action
from nbmj.engine.claims import arbitrate, chi_discard_bans, chi_patterns, meld_claims
from nbmj.engine.game import Game
from nbmj.engine.script import play_script, scripted_wall
from nbmj.rules import load_variant
from nbmj.tiles import parse_counts, parse_tile, parse_tiles

NINGBO = load_variant("ningbo")
# Flow tests use a zero minimum so that small scripted hands may win (the minimum is NB-13.1's business).
MIN0 = dataclasses.replace(NINGBO, scoring=dataclasses.replace(NINGBO.scoring, minimum=0))
PRIORITY = NINGBO.claims.priority
ORDER = NINGBO.claims.seat_order


def make(hands, rules=MIN0, draws="", tail="", indicator="9s", dice=(6, 6)):
    w = scripted_wall(rules, hands=hands, draws=draws, tail=tail, indicator=indicator, dice=dice)
    return Game(rules, wall=w, dice=dice)


def T(text):
    return parse_tile(text)


# ---------------------------------------------------------------- pure functions


def test_nb_7_1_chi_patterns_do_not_wrap_or_use_honours():
    assert chi_patterns(T("1m")) == [(T("2m"), T("3m"))]
    assert chi_patterns(T("9p")) == [(T("7p"), T("8p"))]
    assert chi_patterns(T("5s")) == [(T("3s"), T("4s")), (T("4s"), T("6s")), (T("6s"), T("7s"))]
    assert chi_patterns(T("1z")) == []


def test_t16_nb_7_5_pon_beats_chi():
    assert arbitrate(0, [(1, "chi"), (2, "pon")], PRIORITY, ORDER, "nearest") == [(2, "pon")]


def test_t16_nb_7_5_win_beats_pon_and_kong():
    assert arbitrate(0, [(1, "pon"), (3, "hu")], PRIORITY, ORDER, "nearest") == [(3, "hu")]
    assert arbitrate(0, [(2, "kan"), (1, "hu")], PRIORITY, ORDER, "nearest") == [(1, "hu")]


@pytest.mark.parametrize(
    "claimants, winner",
    [((1, 2, 3), 1), ((2, 3), 2), ((3, 2), 2), ((3,), 3)],
    ids=["next-beats-all", "opposite-beats-previous", "order-of-declaring-irrelevant", "previous-alone"],
)
def test_t16_nb_7_6_nb_7_7_nearest_winner_only(claimants, winner):
    assert arbitrate(0, [(s, "hu") for s in claimants], PRIORITY, ORDER, "nearest") == [(winner, "hu")]


def test_t16_nb_7_6_seat_order_is_relative_to_the_discarder():
    # W (2) discards: N (3) is next, E (0) opposite, S (1) previous
    assert arbitrate(2, [(1, "hu"), (0, "hu")], PRIORITY, ORDER, "nearest") == [(0, "hu")]


def test_nb_7_7_all_winners_variant():
    assert arbitrate(0, [(3, "hu"), (1, "hu"), (2, "pon")], PRIORITY, ORDER, "all") == [(1, "hu"), (3, "hu")]


def test_nb_7_8_nobody_claims():
    assert arbitrate(0, [], PRIORITY, ORDER, "nearest") == []


@pytest.mark.parametrize(
    "use, tile, banned",
    [("56m", "4m", "47m"), ("23m", "4m", "41m"), ("23m", "1m", "14m"), ("12m", "3m", "3m"), ("89m", "7m", "7m"), ("46m", "5m", "5m")],
)
def test_t17_nb_8_1_nb_8_2_chi_discard_bans(use, tile, banned):
    """NB-8.1, NB-8.2."""
    assert sorted(chi_discard_bans(T(tile), parse_tiles(use))) == sorted(parse_tiles(banned))


def _melds(hand, tile, wild=(), chi=True, **kw):
    opts = dict(claim_discarded_wild=False, wilds_in_melds=False)
    opts.update(kw)
    return meld_claims(parse_counts(hand), T(tile), may_chi=chi, may_pon=True, may_kan=True, wild=[T(w) for w in wild], **opts)


def test_nb_7_2_nb_7_3_pon_and_kan_need_natural_tiles():
    assert [k for k, _ in _melds("555s", "5s")] == ["kan", "pon"]
    assert [k for k, _ in _melds("55s", "5s")] == ["pon"]


def test_t21_nb_4_11_nb_8_9_wild_discard_and_wild_in_chi_refused():
    assert _melds("99s", "9s", wild=["9s"]) == []  # a discarded wild is dead
    assert _melds("79s", "8s", wild=["9s"]) == []  # a chi may not use a wild
    assert _melds("67s", "8s", wild=["9s"]) == [("chi", (T("6s"), T("7s")))]


# ---------------------------------------------------------------- in a game

HANDS_T16 = {
    "E": "123456789m123p4z7s",
    "S": "56s1234p1234z567p",
    "W": "77s23456m6789p12z",
    "N": "1122334455667z",
}


def test_t16_nb_7_5_pon_beats_chi_in_play():
    """NB-7.5, NB-7.8, NB-6.4, NB-6.3, NB-2.2: pon wins; the claimer discards; play moves on counter-clockwise from the claimer."""
    g = make(HANDS_T16, rules=NINGBO)
    g.step(Action.parse("E discard 7s"))
    assert g.to_act == ["S", "W"]
    assert Action.parse("S chi 7s 56s") in g.legal_actions("S")
    assert Action.parse("W pon 7s") in g.legal_actions("W")
    g.step(Action.parse("S chi 7s 56s"))
    assert g.phase == "claims"  # NB-7.8: decided together, W still to answer
    g.step(Action.parse("W pon 7s"))
    assert g.to_act == ["W"] and g.turn_mode == "after_pon"
    assert g.melds[2] == [("pon", (T("7s"),) * 3, 0)]
    assert g.melds[1] == []
    assert g.events[-1] == {"e": "take", "seat": "W", "claim": "pon", "tile": "7s", "from": "E"}
    # NB-6.4: after the pong W discards without drawing; then W's 下家 N plays
    assert all(a.kind == "discard" for a in g.legal_actions("W"))
    play_script(g, ["W discard 1z"])
    if g.phase == "claims":
        play_script(g, [f"{s} pass" for s in g.to_act])
    assert g.to_act == ["N"]


def test_t16_nb_7_5_win_beats_pon_in_play():
    hands = {"E": "5s2345678m9p9p9p7s8s1z", "S": "55s1234p1234z567p", "W": "123m456m789m123p5s", "N": "1122334455667z"}
    g = make(hands)
    g.step(Action.parse("E discard 5s"))
    assert Action.parse("S pon 5s") in g.legal_actions("S")
    assert Action.parse("W hu") in g.legal_actions("W")
    g.step(Action.parse("S pon 5s"))
    g.step(Action.parse("W hu"))
    assert g.is_over and g.result.winner == "W" and g.result.win_by == "discard"
    assert g.result.winners[0]["from"] == "E"


def test_t16_nb_7_6_nb_7_7_three_can_win_only_the_next_seat_does():
    hands = {
        "E": "5s2345678m999p789s",
        "S": "123m456m789m11p46s",
        "W": "123p456p789p11m46s",
        "N": "111222333z44z46s",
    }
    g = make(hands)
    g.step(Action.parse("E discard 5s"))
    assert g.to_act == ["S", "W", "N"]
    for s in ("N", "W", "S"):
        g.step(Action(s, "hu"))
    assert [w["seat"] for w in g.result.winners] == ["S"]


def test_nb_7_1_only_the_next_seat_may_chi():
    g = make(HANDS_T16, rules=NINGBO)
    g.step(Action.parse("E discard 7s"))
    assert not any(a.kind == "chi" for a in g.legal_actions("W"))
