"""Matches: dealer rotation and round winds (NB-16.x, NH-1.2), fact-sheet vector T30."""

import dataclasses
import re

import pytest

from nbmj.engine import Match, make_bots
from nbmj.engine.game import HandResult
from nbmj.engine.match import dealer_by_roll, next_dealer
from nbmj.rules import load_variant

NINGBO = load_variant("ningbo")


def result(outcome, winner=None):
    winners = () if winner is None else ({"seat": winner, "win_by": "discard"},)
    return HandResult(outcome, winners, {}, {})


@pytest.mark.parametrize(
    "outcome, winner, expected",
    [("win", "S", 1), ("win", "W", 2), ("draw", None, 1)],
    ids=["nb-16.1-dealer-wins-stays", "nb-16.2-nondealer-win-passes-to-next", "nb-16.3-draw-stays"],
)
def test_t30_nb_16_rotation(outcome, winner, expected):
    assert next_dealer(NINGBO, 1, result(outcome, winner)) == expected


def test_nb_16_2_c4_winner_deals_variant():
    rules = dataclasses.replace(NINGBO, dealer=dataclasses.replace(NINGBO.dealer, on_nondealer_win="winner"))
    assert next_dealer(rules, 1, result("win", "N")) == 3


def test_t30_nb_16_4_round_wind_advances_when_the_first_dealer_deals_again():
    """NB-16.4, NB-2.5: the first hand is in the east round."""
    m = Match(NINGBO, seed=0, rounds=2)
    first = m.first_dealer

    class Fake:
        """A hand of the match's dealer and round wind with the result ``res``."""

        def __init__(self, res):
            self.result = res
            self.dealer, self.round_wind, self.rules = m.dealer, m.round_wind, m.rules

        def log_text(self):
            return ""

    winds = []
    for _ in range(4):  # four non-dealer wins: the deal goes round once
        winner = "ESWN"[(m.dealer + 1) % 4]
        m.record(Fake(HandResult("win", ({"seat": winner, "win_by": "discard"},), {s: 0 for s in "ESWN"}, {})))
        winds.append(m.round_wind)
    assert winds == ["E", "E", "E", "S"] and m.dealer == first
    m.record(Fake(HandResult("draw", (), {s: 0 for s in "ESWN"}, {})))  # NB-16.3: a draw moves nothing
    assert m.round_wind == "S" and m.dealer == first


def test_a_match_books_each_of_its_hands_once():
    """NB-16.6: the scores are the sum of the match's hands. Match.record booked any finished
    game: the same hand twice (its points counted twice), or a hand of another variant, or
    dealt by another seat or in another round wind, whose result then moved the match's deal
    as if it were its own."""
    from nbmj.engine import Game, play_hand
    from nbmj.errors import GameSetupError

    m = Match(NINGBO, seed=1, hands=3)
    game = m.new_game()
    play_hand(game, make_bots("greedy"))
    m.record(game)
    booked = (m.hand_index, m.dealer, m.round_wind, m.result.to_json(), list(m.logs))
    dealer, other_seat = "ESWN"[m.dealer], "ESWN"[(m.dealer + 1) % 4]
    with pytest.raises(GameSetupError, match=re.escape(f"the hand {game!r} is booked already")):
        m.record(game)
    for other in (Game("ninghai", 5, dealer=dealer), Game(NINGBO, 5, dealer=other_seat), Game(NINGBO, 5, dealer=dealer, round_wind="S")):
        play_hand(other, make_bots("greedy"))
        said = f"only a hand of the match's rules, dealt by {dealer!r} in round wind 'E', can be recorded, not {other!r}"
        with pytest.raises(GameSetupError, match=re.escape(said)):
            m.record(other)
        assert (m.hand_index, m.dealer, m.round_wind, m.result.to_json(), list(m.logs)) == booked
    staged = Game(NINGBO, 5, dealer=dealer)  # a hand of its own seed, as a test sets one up, is the match's to book
    play_hand(staged, make_bots("greedy"))
    m.record(staged)
    assert m.hand_index == 2


def test_match_scores_are_cumulative_and_sum_to_zero():
    """NB-16.6: no bonus for repeated deals; scores are the sum of the hands."""
    m = Match(NINGBO, seed=3, hands=6)
    res = m.play(make_bots("greedy"))
    assert len(res.hands) == 6 and len(m.logs) == 6
    assert sum(res.scores.values()) == 0
    for s in "ESWN":
        assert res.scores[s] == sum(h["deltas"][s] for h in res.hands)
    again = Match(NINGBO, seed=3, hands=6)
    assert again.play(make_bots("greedy")).to_json() == res.to_json()


def test_nh_1_2_ninghai_first_dealer_by_roll():
    """NH-1.2."""
    assert [dealer_by_roll(total) for total in (2, 3, 4, 5, 8, 12)] == [1, 2, 3, 0, 3, 3]  # S W N E N N
    dealers = set()
    for seed in range(12):
        m = Match("ninghai", seed=seed, hands=1)
        a, b = m.first_roll
        assert 1 <= a <= 6 and 1 <= b <= 6
        assert m.first_dealer == dealer_by_roll(a + b) == m.dealer
        assert m.new_game().dealer == m.first_dealer
        dealers.add(m.first_dealer)
    assert len(dealers) > 1
    assert Match("ningbo", seed=5, hands=1).first_roll is None  # NB-2.3: drawn at random


def test_nb_16_5_a_match_lasts_four_round_winds_by_default():
    """NB-16.5."""
    m = Match(NINGBO, seed=1)
    assert m.round_limit == 4 and m.hand_limit is None
    assert Match(NINGBO, seed=1, hands=3).round_limit is None


@pytest.mark.parametrize(
    "kwargs,quoted",
    [
        ({"seed": 5.5}, "the seed is an integer, not 5.5"),
        ({"seed": "5"}, "the seed is an integer, not '5'"),
        ({"seed": True}, "the seed is an integer, not True"),
        ({"hands": 2.5}, "hands is a whole number, at least 1, not 2.5"),
        ({"hands": "2"}, "hands is a whole number, at least 1, not '2'"),
        ({"hands": 0}, "hands is a whole number, at least 1, not 0"),
        ({"rounds": True}, "rounds is a whole number, at least 1, not True"),
        ({"max_hands": -1}, "max_hands is a whole number, at least 1, not -1"),
    ],
)
def test_a_match_refuses_a_bad_seed_or_count_by_name(kwargs, quoted):
    from nbmj.errors import GameSetupError

    with pytest.raises(GameSetupError, match=f"^{re.escape(quoted)}$") as info:
        Match("ningbo", **{"seed": 1, **kwargs})
    assert isinstance(info.value, ValueError)


def test_a_match_seed_of_none_is_a_fresh_recorded_one_and_numpy_integers_are_ints():
    import numpy as np

    drawn = Match("ningbo", None)
    assert type(drawn.seed) is int
    again = Match("ningbo", drawn.seed)
    assert (again.first_dealer, again.hand_seed(0)) == (drawn.first_dealer, drawn.hand_seed(0))
    typed = Match("ningbo", np.int64(9), hands=np.int32(2))
    assert (type(typed.seed), typed.seed, typed.hand_limit) == (int, 9, 2)
    assert typed.hand_seed(0) == Match("ningbo", 9).hand_seed(0)


def test_a_hand_the_match_cannot_book_leaves_the_match_as_it_was():
    """A match that keeps logs, given a hand dealt with log=False: the hand's points were
    added to the scores and the hand listed before its missing log raised, so the match
    held a hand it had not booked (and booking it again counted its points twice)."""
    from nbmj.engine import Game, play_hand
    from nbmj.errors import GameSetupError

    m = Match(NINGBO, seed=2, hands=3)
    quiet = Game(NINGBO, m.hand_seed(0), dealer="ESWN"[m.dealer], round_wind=m.round_wind, log=False)
    play_hand(quiet, make_bots("greedy"))
    before = (m.hand_index, m.dealer, m.result.to_json(), list(m.logs))
    with pytest.raises(GameSetupError, match="keeps no log"):
        m.record(quiet)
    assert (m.hand_index, m.dealer, m.result.to_json(), list(m.logs)) == before
    game = m.new_game()
    play_hand(game, make_bots("greedy"))
    m.record(game)
    assert m.hand_index == 1 and m.result.hands[0]["deltas"] == dict(game.result.deltas)


def test_a_match_and_the_engine_bots_say_what_they_are():
    # repr() named only the class and an address before
    from nbmj.engine import GreedyBot, Match, RandomBot, make_bots

    match = Match("ningbo", seed=5, hands=2)
    dealer = "ESWN"[match.dealer]
    assert repr(match) == f"<Match ningbo seed=5: 0 hand(s) played; E round, {dealer} deals next>"
    match.play(make_bots("greedy"))
    assert repr(match) == "<Match ningbo seed=5: 2 hand(s) played; over>"
    assert repr(RandomBot(3)) == "<RandomBot always_win=True>"
    assert repr(RandomBot(always_win=False)) == "<RandomBot always_win=False>"
    assert repr(GreedyBot()) == "<GreedyBot>"
