"""A server that keeps a hand's log restores the hand from it after a restart
(``Game.from_log``) and plays on exactly as it would have; a match is restored by booking
its finished hands again."""

from __future__ import annotations

import pytest

from nbmj.engine import Game, Match, make_bots
from nbmj.errors import ReplayError
from nbmj.rules import RuleSet, compile_text

CLUB = compile_text('variant club-ningbo extends ningbo "a club\'s rules"\nscoring tai { minimum 2 }\n', "club.nbv")


def _play(game: Game, steps: int | None = None) -> None:
    bots = make_bots("greedy", 0)
    while not game.is_over and steps != 0:
        seat = game.to_act[0]
        game.step(bots[seat](game.observation(seat), game.legal_actions(seat)))
        steps = None if steps is None else steps - 1


@pytest.mark.parametrize("variant", ["ningbo", "ninghai", "xizhou", CLUB])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_hand_restored_from_its_log_goes_on_as_the_hand_would_have(variant: str | RuleSet, seed: int) -> None:
    played = Game(variant, seed=seed)
    for steps in (0, 7, 30):
        _play(played, steps)
        rules = variant if not isinstance(variant, str) else None
        restored = Game.from_log(played.log_text(), rules=rules)
        assert restored.full_state() == played.full_state()
        assert restored.to_act == played.to_act
        assert {s: restored.legal_actions(s) for s in "ESWN"} == {s: played.legal_actions(s) for s in "ESWN"}
    finished = Game.from_log(played.log_text(), rules=rules)
    _play(played)
    _play(finished)
    assert finished.log_text() == played.log_text()
    again = Game.from_log(played.log_text(), rules=rules)
    assert again.is_over and again.settlement().to_json() == played.settlement().to_json()


def test_a_log_that_was_tampered_with_restores_nothing() -> None:
    game = Game("ningbo", seed=4)
    _play(game, 12)
    lines = game.log_text().splitlines()
    lines[-1] = lines[-1].replace('"seat":"', '"seat":"X', 1)
    with pytest.raises(ReplayError):
        Game.from_log("\n".join(lines))
    with pytest.raises(ReplayError):
        Game.from_log("")


def test_a_match_restored_from_its_logs_deals_the_same_next_hand() -> None:
    match = Match("ningbo", seed=42, hands=8)
    for _ in range(5):
        game = match.new_game()
        _play(game)
        match.record(game)
    restored = Match("ningbo", seed=42, hands=8)
    for log in match.logs:
        restored.record(Game.from_log(log))
    assert restored.result.to_json() == match.result.to_json()
    assert (restored.dealer, restored.round_wind, restored.hand_index) == (match.dealer, match.round_wind, match.hand_index)
    assert restored.new_game().log_text() == match.new_game().log_text()
