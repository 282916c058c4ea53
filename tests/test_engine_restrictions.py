"""Claim restrictions (NB-8.x), the wild single wait (NB-11.9) and Ninghai's first
go-around (NH-1.7, NH-1.8); fact-sheet vectors T17-T21."""

import dataclasses
import sys
from pathlib import Path

import pytest

from nbmj.engine.actions import Action
from nbmj.engine.script import pass_claims, play_script
from nbmj.errors import RuleSetError
from nbmj.rules import compile_text
from nbmj.tiles import parse_counts

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import MIN0, NINGBO, NINGHAI, T, make, play_passing, to_added_kong  # noqa: E402


def kinds(legal, kind):
    return [a for a in legal if a.kind == kind]


def set_hand(g, seat, notation):
    g.table.seats["ESWN".index(seat)].hand = bytearray(parse_counts(notation) + [0] * 8)
    g.invalidate()


CHI_HANDS = {"E": "4m123p456p789p11z2z3z", "S": "4567m159p159s123z", "W": "1234567s3z4z5z6z7z1m", "N": "9m8p8s9s6z7z5z7z2p3p4p6s7s"}


def test_t17_nb_8_1_nb_8_2_chi_bans_claimed_tile_and_far_end():
    """NB-8.1, NB-8.2."""
    g = make(CHI_HANDS)
    play_script(g, ["E discard 4m", "S chi 4m 56m"])
    discards = {a.tile for a in kinds(g.legal_actions("S"), "discard")}
    assert T("4m") not in discards and T("7m") not in discards
    assert T("1p") in discards


def test_t17_nb_8_3_chi_ban_lasts_one_discard():
    """NB-8.3."""
    g = make(CHI_HANDS, draws="8s8s8s5m")
    play_script(g, ["E discard 4m", "S chi 4m 56m"])
    play_passing(g, ["S discard 1p", "W discard 1m", "N discard 9m", "E discard 1z"])
    assert g.to_act == ["S"]
    assert T("7m") in {a.tile for a in kinds(g.legal_actions("S"), "discard")}


def test_t17_nb_8_4_big_crane_exception():
    """NB-8.4."""
    g = make(CHI_HANDS)
    play_script(g, ["E discard 4m", "S chi 4m 56m"])
    set_hand(g, "S", "4m7m")  # every other set exposed: discarding either leaves the big crane
    assert {a.tile for a in kinds(g.legal_actions("S"), "discard")} == {T("4m"), T("7m")}


def test_nb_8_5_no_chi_that_leaves_no_legal_discard():
    """NB-8.5."""
    g = make(CHI_HANDS)
    set_hand(g, "S", "56m444m77m")
    g.step(Action.parse("E discard 4m"))
    assert not kinds(g.legal_actions("S"), "chi")
    assert kinds(g.legal_actions("S"), "pon")


def test_t18_nb_8_6_no_pon_of_a_passed_tile_until_acting():
    """NB-8.6."""
    hands = {"E": "1z123456789m123p5z", "S": "1z123456789s12p3p", "W": "2z2z3z3z4z4z5z5z6z6z7z7z8p", "N": "1z1z4p5p6p7p8p9p1s2s3s4s5s"}
    g = make(hands, rules=NINGBO, draws="9p9p")
    g.step(Action.parse("E discard 1z"))
    assert kinds(g.legal_actions("N"), "pon")
    g.step(Action.parse("N pass"))
    assert g.passed_pon[3] == {T("1z")}
    play_script(g, ["S discard 1z"])
    assert not kinds(g.legal_actions("N"), "pon")  # passed in the same go-around
    assert "N" not in g.to_act
    pass_claims(g)
    play_script(g, ["W discard 8p"])
    pass_claims(g)
    assert g.to_act == ["N"] and g.passed_pon[3] == set()  # N drew: the bar is lifted


def test_t19_nb_8_7_no_discard_win_after_passing_until_acting_self_draw_allowed():
    """NB-8.7."""
    hands = {"E": "1p1z2z3z4z5z6z7z9m9m9p9p8s8s", "S": "4p1s2s3s4s5s6s7s8s1z2z3z4z", "W": "5p6p7p8p9m1s2s3s4s5s6s7s5z", "N": "123m456m789m23p11s"}
    g = make(hands, draws="7z6z4p")
    g.step(Action.parse("E discard 1p"))
    assert Action("N", "hu") in g.legal_actions("N")
    g.step(Action("N", "pass"))
    assert g.passed_win[3]
    play_script(g, ["S discard 4p"])
    assert "N" not in g.to_act  # no win offered after passing
    pass_claims(g)
    play_script(g, ["W discard 5z"])
    pass_claims(g)
    assert g.to_act == ["N"] and not g.passed_win[3]
    assert Action("N", "hu") in g.legal_actions("N")  # the self-drawn 4p
    g.step(Action("N", "hu"))
    assert g.result.win_by == "self_draw"


def test_t20_nb_8_8_no_kong_in_the_turn_of_a_pon():
    """NB-8.8, NB-9.2: the added kong waits for the next turn."""
    hands = {"E": "5s123456789m12p3p6z", "S": "1234567p1234s9m5z", "W": "5s5s5s1z1z1z1z2z3z4z6z7z8p", "N": "9p6s7s8s1m2m3m4m5m6m7m8m2z"}
    g = make(hands, draws="8s8s3s")
    g.step(Action.parse("E discard 5s"))
    assert kinds(g.legal_actions("W"), "kan")
    play_passing(g, ["W pon 5s"])  # S passes too: the pon takes effect and W is on turn
    assert g.phase == "turn" and g.to_act == ["W"]
    legal = g.legal_actions("W")
    assert kinds(legal, "discard")  # W must discard, and may not kong in this turn
    assert not kinds(legal, "kakan") and not kinds(legal, "ankan")
    # the same hand without the restriction may kong at once: the restriction is what bars it
    free = make(hands, rules=dataclasses.replace(MIN0, restrictions=tuple(
        r for r in MIN0.restrictions if r.kind != "kong_after_pon")), draws="8s8s3s")
    free.step(Action.parse("E discard 5s"))
    play_passing(free, ["W pon 5s"])
    assert Action.parse("W kakan 5s") in free.legal_actions("W") and Action.parse("W ankan 1z") in free.legal_actions("W")
    play_passing(g, ["W discard 8p", "N discard 9p", "E discard 1p", "S discard 9m"])
    legal = g.legal_actions("W")  # W's next turn: both kongs allowed
    assert Action.parse("W kakan 5s") in legal and Action.parse("W ankan 1z") in legal


def test_t21_nb_8_9_a_discarded_wild_is_dead():
    """NB-8.9, NB-4.12."""
    hands = {"E": "9s123456789m12p3p7z", "S": "78s1234567p1234z", "W": "9s9s1z1z2z2z3z3z4z4z5z5z6z", "N": "123m456m789m123p6z"}
    g = make(hands)
    g.step(Action.parse("E discard 9s"))
    assert g.phase == "turn" and g.to_act == ["S"]  # no chi, pon or win on a wild
    assert g.discarded_wild[0]


def test_t21_nb_11_9_wild_single_wait_wins_only_by_self_draw():
    """NB-11.9."""
    hands = {"E": "5z123456789p12s3s7z", "S": "1234567s1234z6z7z", "W": "9m9m8m8m7m7m5s5s6s6s4s4s6z", "N": "123m456m789m123p9s"}
    g = make(hands, draws="1z2z7z")
    g.step(Action.parse("E discard 5z"))
    assert "N" not in g.to_act  # the shape wins, the wild single wait may not win on a discard
    pass_claims(g)
    play_passing(g, ["S discard 1z", "W discard 6z"])
    assert Action("N", "hu") in g.legal_actions("N")
    g.step(Action("N", "hu"))
    assert g.result.win_by == "self_draw"


def test_nb_11_9_wild_single_wait_may_not_rob_a_kong():
    """NB-11.9, NB-11.5."""
    # N waits on anything with a lone wild
    g = to_added_kong("123m456m789p123p9s")
    assert g.phase == "turn" and g.to_act == ["W"]  # nobody may rob: the kong stands
    assert g.melds[2][0][0] == "kakan"


def test_nh_1_7_nh_1_8_ninghai_first_go_around():
    """NH-1.7, NH-1.8."""
    hands = {"E": "1m9s9s1z2z3z4z5z6z7z8s7s6s5s", "S": "1m1m1s2s3s4s5s6s7s8p9p2p3p", "W": "2m3m4m5m6m7m8m9m1p2p3p4p5p", "N": "6p7p8p9p2s3s4s5s6s7s8s9s3m"}
    g = make(hands, rules=NINGHAI, draws="9m")
    assert {a.tile for a in kinds(g.legal_actions("E"), "discard")} == {T("1m")}
    g.step(Action.parse("E discard 1m"))
    assert g.to_act == ["S"] and g.phase == "turn"


def test_nh_1_7_a_suit_limit_that_lists_the_honours_allows_them():
    """NH-1.7's limit with ``z``, the honours, which the language accepts (``discard_suits m z``):
    in the first go-around the dealer may discard a character or an honour, and no dots or
    bamboo. The engine read only m, p and s (an honour was "of no suit a limit allows"), so a
    limit of ``z`` alone allowed no tile, and any tile went: found by fuzzing rule sets."""
    honours = compile_text(
        'variant honours-first extends ninghai "honours and characters first"\n'
        "restrictions { discard_suits m z during first_go_around [NH-1.7] }\n"
    )
    hands = {"E": "1m9s9s1z2z3z4z5z6z7z8s7s6s5s", "S": "1m1m1s2s3s4s5s6s7s8p9p2p3p", "W": "2m3m4m5m6m7m8m9m1p2p3p4p5p", "N": "6p7p8p9p2s3s4s5s6s7s8s9s3m"}
    g = make(hands, rules=honours, draws="9m")
    assert {a.tile for a in kinds(g.legal_actions("E"), "discard")} == {T(x) for x in ("1m", "1z", "2z", "3z", "4z", "5z", "6z", "7z")}
    assert "honours" in g.why_not(Action.parse("E discard 9s")) and "NH-1.7" in g.why_not(Action.parse("E discard 9s"))
    only_z = compile_text(
        'variant honours-only extends ninghai "honours only"\n'
        "restrictions { discard_suits z during always [NH-1.7] }\n"
    )
    g = make(hands, rules=only_z, draws="9m")
    assert {a.tile for a in kinds(g.legal_actions("E"), "discard")} == {T(x) for x in ("1z", "2z", "3z", "4z", "5z", "6z", "7z")}


def test_nh_1_8_no_kong_in_the_first_go_around():
    """NH-1.8."""
    hands = {"E": "1m1m1m1m9s1z2z3z4z5z6z7z8s7s", "S": "2m1s2s3s4s5s6s7s8p9p2p3p5m", "W": "3m4m5m6m7m8m9m1p2p3p4p5p6p", "N": "7p8p9p2s3s4s5s6s7s8s9s3m9m"}
    g = make(hands, rules=NINGHAI)
    assert not kinds(g.legal_actions("E"), "ankan")


def test_nb_8_6_a_pass_bar_held_only_in_its_window():
    """NB-8.6 held only in a window (``pon_after_pass during first_go_around``): N passes the
    pong of the dealer's 1z, and S's 1z in the same go-around may not be ponged by N, who
    has not acted since; without the restriction it may. (``during dealer_first_turn``, open
    only at the claims on the dealer's first discard, never barred a later claim: the
    compiler refuses it.)"""
    def after_pass(rules):
        hands = {"E": "1z123456789m123p5z", "S": "1z123456789s12p3p", "W": "2z2z3z3z4z4z5z5z6z6z7z7z8p", "N": "1z1z4p5p6p7p8p9p1s2s3s4s5s"}
        g = make(hands, rules=rules, draws="9p9p")
        g.step(Action.parse("E discard 1z"))
        assert kinds(g.legal_actions("N"), "pon")
        g.step(Action.parse("N pass"))
        play_script(g, ["S discard 1z"])
        return g

    windowed = compile_text('variant pass-window extends ningbo "the pong bar in the first go-around"\n'
                            "restrictions { pon_after_pass during first_go_around [NB-8.6] }\n")
    unbarred = compile_text('variant no-bar extends ningbo "no pong bar"\nrestrictions { drop pon_after_pass }\n')
    assert not kinds(after_pass(windowed).legal_actions("N"), "pon")
    assert kinds(after_pass(unbarred).legal_actions("N"), "pon")
    with pytest.raises(RuleSetError, match="never in force during dealer_first_turn"):
        compile_text('variant pass-window extends ningbo "x"\nrestrictions { pon_after_pass during dealer_first_turn [NB-8.6] }\n')
