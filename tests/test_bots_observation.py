"""What a bot's ``request`` shows of the table beyond its own tiles: the restrictions in force
on its seat (NB-8.6, NB-8.7), the 三摊 links (NB-14.5), the Ninghai warnings and 包牌
offences (NH-6), every seat's wind and the payments made during the hand. Each scripted
position is one where the field changes what a bot may do or what it stands to pay; the
observation is the one ``RemoteSeat`` sends (``observation_json``), checked against the
shipped schema."""

from __future__ import annotations

import sys
from pathlib import Path

import jsonschema

from nbmj.bots.protocol import observation_json, protocol_schema
from nbmj.engine.actions import Action
from nbmj.engine.script import play_script
from nbmj.rules import compile_text, load_variant

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import MIN0, NINGBO, NINGHAI, make, play_passing  # noqa: E402

SCHEMA = protocol_schema()
OBSERVATION = jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/observation"})


def sent(game, seat):
    """The observation a bot at ``seat`` is sent now, checked against the schema."""
    out = observation_json(game.observation(seat))
    OBSERVATION.validate(out)
    return out


def test_nb_8_7_a_seat_that_passed_a_win_is_told_it_may_not_win_on_a_discard():
    """N passes a win on E's 1p; on S's 1s, N is asked whether to pong and is offered no win
    (NB-8.7): ``passed_win`` says why, and that a pong (an action) would lift the bar."""
    hands = {"E": "1p1z2z3z4z5z6z7z9m9m9p9p8s8s", "S": "4p1s2s3s4s5s6s7s8s1z2z3z4z", "W": "5p6p7p8p9m1s2s3s4s5s6s7s5z",
             "N": "123m456m789m23p11s"}
    g = make(hands, draws="7z6z4p")
    g.step(Action.parse("E discard 1p"))
    assert sent(g, "N")["restrictions"]["passed_win"] is False
    g.step(Action("N", "pass"))
    play_script(g, ["S discard 1s"])
    assert [str(a) for a in g.legal_actions("N")] == ["N pon 1s", "N pass"]
    restrictions = sent(g, "N")["restrictions"]
    assert restrictions["passed_win"] is True and restrictions["passed_pon"] == []


def test_nb_8_6_a_seat_that_passed_a_pong_is_told_which_kind_it_may_not_pong():
    """N passes the pong of E's 1z; asked about S's 2z, N sees 1z barred until it acts (NB-8.6)."""
    hands = {"E": "1z123456789m123p5z", "S": "2z123456789s12p3p", "W": "3z3z4z4z5z5z6z6z7z7z8p9p1p",
             "N": "1z1z2z2z4p5p6p7p1s2s3s4s5s"}
    g = make(hands, rules=NINGBO, draws="9p")
    g.step(Action.parse("E discard 1z"))
    g.step(Action.parse("N pass"))
    play_script(g, ["S discard 2z"])
    assert "N pon 2z" in [str(a) for a in g.legal_actions("N")]
    assert sent(g, "N")["restrictions"]["passed_pon"] == ["1z"]


# S pongs three of E's discards: 1z, 2z, 3z (NB-14.5)
LINK_HANDS = {"E": "1z2z3z1m4m7m1p4p7p1s4s7s5z6z", "S": "1z1z2z2z3z3z2m5m8m2p5p8p2s",
              "W": "3m6m9m3p6p9p3s6s8s8m8p7z7z", "N": "4m5m6m4p5p6p4s5s6s7m7p7s5z"}


def _three_pongs_from_east(rules):
    """The game at the claim of E's 3z, S having ponged E's 1z and 2z."""
    g = make(LINK_HANDS, rules=rules, draws="4z4z4z4z7z7z")
    play_script(g, ["E discard 1z", "S pon 1z"])
    play_passing(g, ["S discard 2m", "W discard 4z", "N discard 4z"])
    play_script(g, ["E discard 2z", "S pon 2z"])
    play_passing(g, ["S discard 5m", "W discard 4z", "N discard 7z"])
    play_script(g, ["E discard 3z"])
    return g


def test_nb_14_5_the_third_meld_from_one_seat_links_the_two_and_the_request_says_so():
    """Before the third pong the bot sees two melds counted and no link; after it, E and S
    are linked whichever of the two wins (``ningbo`` counts either direction)."""
    g = _three_pongs_from_east(NINGBO)
    assert "S pon 3z" in [str(a) for a in g.legal_actions("S")]
    before = sent(g, "S")["links"]
    assert before == [
        {"winner": "E", "seat": "S", "fed_winner": 0, "winner_fed": 2, "linked": False, "mutual": False},
        {"winner": "S", "seat": "E", "fed_winner": 2, "winner_fed": 0, "linked": False, "mutual": False},
    ]
    play_script(g, ["S pon 3z"])
    for seat in "ESWN":  # public: every seat sees the same links
        assert sent(g, seat)["links"] == [
            {"winner": "E", "seat": "S", "fed_winner": 0, "winner_fed": 3, "linked": True, "mutual": False},
            {"winner": "S", "seat": "E", "fed_winner": 3, "winner_fed": 0, "linked": True, "mutual": False},
        ]


def test_nb_14_5_links_follow_the_variants_direction_and_counted_kinds():
    """``ningbo-7wild`` counts only pongs fed to the winner (NB-14.5's note): S is linked to E
    only should S win; with chi alone counted, the pongs count for nothing and no entry shows."""
    g = _three_pongs_from_east(load_variant("ningbo-7wild"))
    play_script(g, ["S pon 3z"])
    links = sent(g, "W")["links"]
    assert {(x["winner"], x["seat"]): x["linked"] for x in links} == {("E", "S"): False, ("S", "E"): True}
    chi_only = compile_text('variant chi-links extends ningbo "links by chows only"\nliability { counts chi }\n')
    g = _three_pongs_from_east(chi_only)
    play_script(g, ["S pon 3z"])
    assert sent(g, "W")["links"] == []


def test_a_variant_without_links_sends_none():
    """``ningbo`` without 三摊 (``liability none``): three pongs from one seat link nobody."""
    without_links = compile_text('variant no-links extends ningbo "no links"\nliability none\n')
    g = _three_pongs_from_east(without_links)
    play_script(g, ["S pon 3z"])
    assert sent(g, "N")["links"] == []


def _ninghai_warning():
    """Ninghai: S pongs E's 1m, 2m and 3m after the first go-around (three pungs of
    characters: a suit warning, NH-6.1, and a terminal warning, NH-6.3); W to discard."""
    hands = {"E": "1m2m3m9p1s2s3s4s5s6s7s8s9s1z", "S": "1m1m2m2m3m3m8p1z2z3z4z5z6z",
             "W": "4m5m6m7m7p1p2p3p4p5p6p7z7z", "N": "9m6p1s2s3s4s5s6s7s8s9s2z3z"}
    g = make(hands, rules=NINGHAI, draws="5p5p5p6s8s8s7s7s6s9s9s")
    play_passing(g, ["E discard 9p", "S discard 5p", "W discard 5p", "N discard 5p"])
    for tile, after in (("1m", ["S discard 4z", "W discard 8s", "N discard 8s"]),
                        ("2m", ["S discard 5z", "W discard 7s", "N discard 6s"]), ("3m", ["S discard 6z"])):
        play_script(g, [f"E discard {tile}", f"S pon {tile}"])
        play_passing(g, after)
    return g


def test_nh_6_1_nh_6_3_the_warnings_of_a_seat_with_three_melds_are_sent():
    g = _ninghai_warning()
    assert g.to_act == ["W"]
    warnings = sent(g, "W")["warnings"]
    assert warnings["E"] == warnings["W"] == warnings["N"] == []
    assert {"1m", "4m", "9m", "1p", "9s", "7z"} <= set(warnings["S"]) and not {"5p", "5s"} & set(warnings["S"])


def test_nh_6_2_a_discard_into_a_warning_is_sent_as_an_offence_to_every_seat():
    g = _ninghai_warning()
    assert sent(g, "N")["liability"] == []
    play_script(g, ["W discard 4m"])
    assert [e for e in g.table.events if e["e"] == "bao"] == [{"e": "bao", "seat": "W", "warned": "S", "tile": "4m"}]
    for seat in "ESWN":
        assert sent(g, seat)["liability"] == [{"discarder": "W", "warned": "S", "discard": 15, "claimed": False}]


def test_every_seats_wind_is_sent_with_a_dealer_other_than_east():
    g = make({}, rules=MIN0, dealer="S")
    assert sent(g, g.to_act[0])["seat_winds"] == {"E": "N", "S": "E", "W": "S", "N": "W"}


def test_payments_made_during_the_hand_are_sent():
    """A variant that pays for a concealed kong as it is made (NB-14.14's ``immediate``): the
    next request of every seat shows who has been paid what."""
    paying = compile_text('variant kong-pays extends ningbo "kongs paid"\nimmediate { concealed_kong 2 }\n')
    hands = {"E": "1z1z1z1z1m4m7m1p4p7p1s4s7s5z"}
    g = make(hands, rules=paying, tail="2z")
    assert sent(g, "E")["immediate"] == {"E": 0, "S": 0, "W": 0, "N": 0}
    g.step(Action.parse("E ankan 1z"))
    assert sent(g, "E")["immediate"] == {"E": 6, "S": -2, "W": -2, "N": -2}


def test_nb_14_5_the_links_sent_are_the_ones_the_scorer_reads_from_a_win():
    """The request's ``linked`` for (winner, seat) is what the scorer finds in the situation
    the engine builds for the winner's win (``wins.situation``): both take the fed melds
    from one helper, ``wins.fed_winds``."""
    from nbmj.engine.wins import situation
    from nbmj.scoring.settlement import links_of

    seen = set()
    for rules in (NINGBO, load_variant("ningbo-7wild")):
        g = _three_pongs_from_east(rules)
        for step in ([], ["S pon 3z"]):
            play_script(g, step)
            t = g.table
            for entry in sent(g, "N")["links"]:
                w, q = "ESWN".index(entry["winner"]), "ESWN".index(entry["seat"])
                discarder = next(d for d in range(4) if d != w)
                linked = links_of(situation(t, w, 0, "discard", discarder), t.rules.liability)
                assert entry["linked"] == (t.seat_wind(q) in linked), (rules.name, entry)
                seen.add(entry["linked"])
    assert seen == {False, True}


def test_the_bars_after_a_pass_are_sent_only_while_the_variant_keeps_them_in_force():
    """A variant whose bars after a pass (NB-8.6, NB-8.7) last the first go-around only: the
    claim that ends it lifts them before N and W act again. N is offered the win on 4p, and
    the observation says no bar, in its fields and in what it sends (it read the seat's flags,
    which stay set until the seat acts, and so said N might not win)."""
    from _engine_helpers import closed_pass_window

    g = closed_pass_window()
    assert g.passed_win[3] and g.passed_pon[2]  # the flags stand: the seats have not acted
    assert Action("N", "hu") in g.legal_actions("N")
    for seat in ("N", "W"):
        obs = g.observation(seat)
        assert obs.passed_win is False and obs.passed_pon == []
        assert obs.restrictions["passed_win"] is False and obs.restrictions["passed_pon"] == []
        assert sent(g, seat)["restrictions"]["passed_win"] is False
