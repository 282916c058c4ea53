"""Why a move is not on offer (Game.why_not, Game.withheld_win): the reason a person is owed,
naming the rule; and never a reason for a move that is legal."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from nbmj.engine import Action, Game
from nbmj.engine.bots import GreedyBot
from nbmj.errors import NbmjError, UnknownLanguageError, UnknownSeatError
from nbmj.rules import load_variant
from nbmj.tiles import tile_code

sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import MIN0, NINGBO, make  # noqa: E402

NINGHAI = load_variant("ninghai")


def test_nh_1_7_a_first_go_around_discard_outside_the_allowed_suits_names_the_rule():
    g = make({"E": "19m19p19s1234567z5m"}, rules=NINGHAI)
    assert g.to_act == ["E"]
    reason = g.why_not(Action.parse("E discard 1s"))
    assert reason is not None and "NH-1.7" in reason and "bamboo" not in reason
    assert "NH-1.7" in g.why_not(Action.parse("E discard 7z"))
    assert g.why_not(Action.parse("E discard 1m")) is None


def test_nb_13_1_a_complete_hand_under_the_minimum_is_told_what_it_lacks():
    # A plain complete hand with no scoring items: 0-1 tai, under Ningbo's 4.
    g = make({"E": "234m567m345p678s99p"}, rules=NINGBO)
    win = g.withheld_win("E")
    assert win is not None and not win.valid
    assert "NB-13.1" in win.reason and "needed" in win.reason
    assert not any(a.kind == "hu" for a in g.legal_actions("E"))
    assert g.why_not(Action.parse("E hu")).startswith("no win: ")


def test_why_not_speaks_chinese_to_a_player_who_plays_in_chinese():
    """A server whose player reads Chinese is given the reason in Chinese, the rule kept."""
    g = make({"E": "234m567m345p678s99p"}, rules=NINGBO)
    for text in ("E hu", "E discard 1z", "E pon 5m", "S discard 1m"):
        english, chinese = g.why_not(Action.parse(text)), g.why_not(Action.parse(text), "zh")
        assert english is not None and chinese is not None and chinese != english
        assert not re.search(r"[a-z]{3,}", chinese.replace("tai", "")), chinese
    assert "NB-13.1" in g.why_not(Action.parse("E hu"), "zh")
    assert g.why_not(Action.parse("E discard 9p"), "zh") is None


def test_a_language_or_seat_nbmj_does_not_know_is_refused_with_a_value_error():
    g = make({"E": "234m567m345p678s99p"}, rules=MIN0)
    with pytest.raises(UnknownLanguageError, match="unknown language 'fr'"):
        g.why_not(Action.parse("E hu"), "fr")  # type: ignore[arg-type]
    g.step(Action.parse("E hu"))
    settlement = g.settlement()
    assert settlement.seat_lines("E", "zh")
    with pytest.raises(UnknownLanguageError):
        settlement.seat_lines("E", "fr")  # type: ignore[arg-type]
    with pytest.raises(UnknownSeatError, match="unknown seat 'X'"):
        settlement.seat_lines("X", "en")
    assert issubclass(UnknownLanguageError, ValueError) and issubclass(UnknownLanguageError, NbmjError)


def test_a_win_on_offer_is_never_withheld():
    g = make({"E": "234m567m345p678s99p"}, rules=MIN0)
    assert any(a.kind == "hu" for a in g.legal_actions("E"))
    assert g.withheld_win("E") is None
    assert g.why_not(Action.parse("E hu")) is None


def test_nb_8_1_a_discard_barred_after_a_chi_names_the_rule():
    # S chis E's 3m with 45m; 3m (and 6m) may then not be discarded at once (吃张打张).
    g = make({"E": "3m19p19s1234567z9m8m", "S": "45m3m6m1p2p3p7p8p9p1s2s3s"}, rules=NINGBO)
    g.step(Action.parse("E discard 3m"))
    chi = [a for a in g.legal_actions("S") if a.kind == "chi" and tuple(a.use) == (3, 4)]
    assert chi, [str(a) for a in g.legal_actions("S")]
    for q in g.to_act:
        if q != "S":
            g.step(Action.parse(f"{q} pass"))
    g.step(chi[0])
    reason = g.why_not(Action.parse("S discard 3m"))
    assert reason is not None and "NB-8.1" in reason


def test_claims_outside_the_window_and_other_seats_are_explained():
    g = Game("ningbo", seed=3)
    seat = g.to_act[0]
    other = "S" if seat != "S" else "W"
    assert "not" in g.why_not(Action.parse(f"{other} discard 5m"))
    assert "another player's discard" in g.why_not(Action.parse(f"{seat} pass"))


@pytest.mark.parametrize("variant", ["ningbo", "ninghai", "ningbo-7wild"])
def test_why_not_is_none_exactly_for_the_legal_discards(variant):
    rng = random.Random(variant)
    for seed in range(3):
        g = Game(variant, seed=seed)
        bot = GreedyBot()
        while not g.is_over:
            seat = g.to_act[0]
            legal = g.legal_actions(seat)
            if any(a.kind == "discard" for a in legal):
                held = {t for t in g.observation(seat)["hand"]}
                for t in sorted(held):
                    a = Action.parse(f"{seat} discard {tile_code(t)}")
                    assert (g.why_not(a) is None) == (a in legal), (seed, str(a), g.why_not(a))
            if rng.random() < 0.2:
                for a in legal:
                    assert g.why_not(a) is None
            g.step(bot(g.observation(seat), legal))
