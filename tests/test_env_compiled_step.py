"""The compiled step the vector envs play through (``nbmj.engine._hot.legal_for`` and
``step_offered``) does what ``Game._legal_for`` and ``Game.step`` do: the same legal lists,
the same log and the same state after every step of random hands of every shipped variant."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from nbmj.engine import Game, _hotpath
from nbmj.engine.actions import Action

hot = _hotpath.compiled
pytestmark = pytest.mark.skipif(hot is None, reason="the engine's compiled hot path is not in use (NBMJ_PUREPYTHON=1 or not built)")

VARIANTS = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "spec" / "variants").glob("*.nbv"))


def _waiting(game: Game) -> int:
    return game.phase_state.to_act()[0]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [0, 7])
def test_the_compiled_step_plays_as_game_step(variant, seed):
    stepped, compiled = Game(variant, seed), Game(variant, seed)
    rng = random.Random(seed)
    while not stepped.is_over:
        p = _waiting(stepped)
        assert _waiting(compiled) == p
        legal = stepped.legal_actions("ESWN"[p])
        kept = hot.legal_for(compiled, p)
        assert kept == legal and hot.legal_for(compiled, p) is kept  # the game's own kept list
        k = rng.randrange(len(legal))
        stepped.step(legal[k])
        assert hot.step_offered(compiled, p, kept[k]) is True
        assert compiled.log_lines() == stepped.log_lines()
        assert compiled.full_state() == stepped.full_state()
    assert compiled.is_over and compiled.result == stepped.result


def test_an_action_not_taken_from_the_kept_list_is_left_to_game_step():
    game = Game("ningbo", 3)
    p = _waiting(game)
    before = game.log_lines()
    assert hot.step_offered(game, p, hot.legal_for(game, p)[0]) is True  # a first move, then:
    p = _waiting(game)
    legal = hot.legal_for(game, p)
    first = legal[0]
    built = Action(seat=first.seat, kind=first.kind, tile=first.tile, use=first.use)
    assert built == first and built is not first  # equal, not the offered object
    after_one = game.log_lines()
    assert after_one != before
    for position, action in ((p, built), ((p + 1) % 4, legal[0]), (9, legal[0]), (-1, legal[0])):
        assert hot.step_offered(game, position, action) is False
        assert game.log_lines() == after_one
    game.invalidate()  # the kept lists are gone: nothing to find the action in
    assert hot.step_offered(game, p, legal[0]) is False and game.log_lines() == after_one


def test_the_hot_path_builds_the_phases_and_river_tiles_itself():
    """It fills Turn and ClaimWindow (extension types) through their own allocation, and
    the records (RiverTile, TableMeld, Offence) without their Python constructors while
    their fields are the ones it fills; the phases it builds are those the classes build."""
    from nbmj.engine.phases import ClaimWindow, Turn
    from nbmj.engine.state import Offence, RiverTile, TableMeld

    assert all(hot._plain_record(cls, cls._fields) for cls in (RiverTile, TableMeld, Offence))
    assert not hot._plain_record(RiverTile, ("tile",))
    game = Game("ningbo", 5)
    seen = set()
    while not game.is_over and len(seen) < 2:
        ph = game.phase_state
        seen.add(type(ph))
        if type(ph) is Turn:
            assert ph == Turn(ph.seat, ph.mode, ph.draw_kind, ph.drawn, ph.chi_bans)
        elif type(ph) is ClaimWindow:
            assert ph == ClaimWindow(ph.tile, ph.discarder, dict(ph.options), dict(ph.responses))
        p = game.phase_state.to_act()[0]
        game.step(hot.legal_for(game, p)[-1])
    assert seen == {Turn, ClaimWindow}
    river = [r for s in game.table.seats for r in s.river]
    assert river and all(type(r).__name__ == "RiverTile" and r == (r.tile, r.claimed_by) for r in river)


@pytest.mark.parametrize("replacement", ["rounds", "per_player"])
def test_the_compiled_deal_replaces_the_initial_flowers_as_the_twin(monkeypatch, replacement):
    """NB-5.3 in rounds from the dealer, or one player after another: the compiled deal's
    hands, flowers, payments and log are the pure-Python deal's (per_player is in no shipped
    variant, so it is made here)."""
    import dataclasses

    from nbmj.engine import dealing
    from nbmj.engine import game as game_module
    from nbmj.rules import load_variant

    rules = load_variant("ningbo")
    rules = dataclasses.replace(rules, flowers=dataclasses.replace(rules.flowers, initial_replacement=replacement))
    flowers = 0
    for seed in range(40):
        compiled = Game(rules, seed)
        monkeypatch.setattr(game_module, "_deal", dealing.deal)
        reference = Game(rules, seed)
        monkeypatch.undo()
        assert compiled.log_lines() == reference.log_lines()
        assert compiled.full_state() == reference.full_state() and compiled.table.immediate == reference.table.immediate
        assert repr(compiled.phase_state) == repr(reference.phase_state)
        flowers += sum(len(s.flowers) for s in compiled.table.seats)
    assert flowers > 40
