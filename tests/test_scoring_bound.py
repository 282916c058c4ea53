"""The value bound (nbmj.scoring.bound) never refuses a win the scorer allows (NB-13.1).

The engine asks :func:`may_be_valid` before it scores a complete hand and skips the
scoring when it says no, so a bound below a reading's real value would drop a valid win
from the legal actions. These tests compare it with the full scorer: over random winning
situations of every shipped variant (the bound is at least the scored reading's 台 toward
the minimum and its multiplier, and a refusal is always the scorer's refusal too), and over
every complete hand met in bot games, where the wins come as they do at the table.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings

from nbmj.engine import Game, make_bots, play_hand
from nbmj.core import is_win_ids
from nbmj.engine.phases import ClaimWindow, RobWindow, Turn
from nbmj.engine import wins as engine_wins
from nbmj.rules import list_variants, load_variant
from nbmj.rules.model import TaiScoring
from nbmj.scoring import Situation, score
from nbmj.scoring import _score_with_facts
from nbmj.scoring import bound, features
from nbmj.scoring.bound import hand_counts, may_be_valid, valid_with_facts, value_bound
from nbmj.scoring.facts import HandLevel, facts

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _scoring_helpers import situations  # noqa: E402

SHIPPED = tuple(list_variants())


@settings(max_examples=400, deadline=None)
@given(situations(variants=SHIPPED))
def test_the_bound_holds_every_scored_reading_NB_13_1(case):
    rules, sit = case
    result = score(sit, rules)
    if isinstance(rules.scoring, TaiScoring):
        bound = value_bound(facts(sit, rules), rules)
        assert result.minimum_tai <= bound.tai
        assert (result.multiplier or 1) <= bound.multiplier
    if not may_be_valid(sit, rules):
        assert not result.valid, (sit, result.reason)


@pytest.mark.parametrize("variant", SHIPPED)
def test_every_win_the_bound_refuses_in_play_is_refused_by_the_scorer(variant, monkeypatch):
    rules = load_variant(variant)
    seen = {"refused": 0, "passed": 0}

    def checked(sit: Situation, rules_arg):
        verdict, hand_facts = valid_with_facts(sit, rules_arg)
        assert verdict == may_be_valid(sit, rules_arg)
        if not verdict:
            seen["refused"] += 1
            assert not score(sit, rules_arg).valid, sit
        else:
            seen["passed"] += 1
            if hand_facts is not None:  # the scorer given the facts scores as it does without them
                assert _score_with_facts(sit, rules_arg, hand_facts) == score(sit, rules_arg)
        return verdict, hand_facts

    monkeypatch.setattr(engine_wins, "valid_with_facts", checked)
    for seed in range(6):
        for bot in ("greedy", "random"):
            play_hand(Game(rules, seed), make_bots(bot, seed))
    assert seen["refused"] + seen["passed"] > 0  # complete hands did come up


@pytest.mark.parametrize("variant", SHIPPED)
def test_every_win_the_bound_from_counts_refuses_in_play_is_refused_by_the_scorer(variant):
    """The engine asks the bound from the table's counts (``wins._may_reach``) before it
    builds a win's Situation. At every decision of bot games, every seat whose hand is
    complete with the tile it drew, or with the discard or robbed tile on offer, is asked of
    it here: each refusal must be the scorer's refusal too."""
    rules = load_variant(variant)
    seen = {"refused": 0, "passed": 0}

    def check(t, p, tile, win_by, discarder):
        if engine_wins._may_reach(t, p, tile, win_by, discarder):
            seen["passed"] += 1
        else:
            seen["refused"] += 1
            assert engine_wins._valid_score(engine_wins.situation(t, p, tile, win_by, discarder), t) is None

    for seed in range(8):
        for bot in ("greedy", "random"):
            game = Game(rules, seed)
            bots = make_bots(bot, seed)
            t = game.table
            while not game.is_over:
                ph = t.phase
                if isinstance(ph, Turn) and ph.drawn is not None:
                    if complete_with(t, ph.seat, None):
                        check(t, ph.seat, ph.drawn, ph.draw_kind or "self_draw", None)
                elif isinstance(ph, ClaimWindow):
                    for q in range(4):
                        if q != ph.discarder and complete_with(t, q, ph.tile):
                            check(t, q, ph.tile, "rob_kong" if isinstance(ph, RobWindow) else "discard", ph.discarder)
                seat = game.to_act[0]
                game.step(bots[seat](game.observation(seat), game.legal_actions(seat)))
    assert seen["passed"]  # complete hands did come up (a variant without a minimum refuses none)
    if variant.startswith("ningbo"):
        assert seen["refused"]


def complete_with(t, p, tile):
    """Whether ``p``'s hand, with ``tile`` when one is given, is a winning shape."""
    hand = bytearray(t.seats[p].hand)
    if tile is not None:
        hand[tile] += 1
    return is_win_ids(hand, t.wt.wild_id_mask)


def test_the_bound_refuses_a_plain_hand_and_passes_a_flush_NB_13_1():
    rules = load_variant("ningbo")
    plain = Situation.from_dict({"seat": "S", "concealed": "234m 456p 678s 345s 9p", "win_tile": "9p",
                                 "win_by": "discard", "from": "E", "indicator": "1z"})
    flush = Situation.from_dict({"seat": "S", "concealed": "234m 456m 678m 345m 9m", "win_tile": "9m",
                                 "win_by": "discard", "from": "E", "indicator": "1z"})
    assert not score(plain, rules).valid and not may_be_valid(plain, rules)
    assert score(flush, rules).valid and may_be_valid(flush, rules)


def _level(hl):
    """The fields of a hand level (HandFacts are one) as a dict."""
    return {f.name: getattr(hl, f.name) for f in dataclasses.fields(HandLevel)}


def _level_from_counts(t, p, tile, win_by, discarder):
    """The hand level the bound from counts fills (bound._light_facts), from the table's
    counts as the engine's ``wins._may_reach`` passes them."""
    seat = t.seats[p]
    wilds = t.wt.wilds
    _shape, w, _itself = hand_counts(seat.hand, t.wt.flower_flag, wilds, tile if discarder is not None else -1)
    kongs = engine_wins.kongs_before(t, p, discarder)
    return bound._light_facts(t.rules, tuple(seat.flowers), wilds, [m.kind for m in seat.melds],
                              tuple([m.kind for m in kongs]), seat.discarded_wild, win_by,
                              t.last_tile_drawn and discarder is None, engine_wins.first_turn(t, win_by),
                              t.seat_wind(p), w, tile in wilds)


@pytest.mark.parametrize("variant", ["ningbo", "xizhou", "ninghai"])
def test_the_hand_level_from_a_tables_counts_is_the_scorers_NB_12_47(variant):
    """The bound from counts reads the hand-level features (``FeatureImpl.level_value``)
    over a hand level it fills without a Situation; at every complete hand met in bot games
    it is the hand level of the scorer's facts, field by field (a 财神单吊 the scorer has
    not worked out yet is None in both)."""
    rules = load_variant(variant)
    compared = 0
    for seed, bot in [(seed, bot) for seed in range(8) for bot in ("greedy", "random")]:
        game = Game(rules, seed)
        bots = make_bots(bot, seed)
        t = game.table
        while not game.is_over:
            ph = t.phase
            wins = []
            if isinstance(ph, Turn) and ph.drawn is not None and complete_with(t, ph.seat, None):
                wins.append((ph.seat, ph.drawn, ph.draw_kind or "self_draw", None))
            elif isinstance(ph, ClaimWindow):
                wins += [(q, ph.tile, "rob_kong" if isinstance(ph, RobWindow) else "discard", ph.discarder)
                         for q in range(4) if q != ph.discarder and complete_with(t, q, ph.tile)]
            for p, tile, win_by, discarder in wins:
                sit = engine_wins.situation(t, p, tile, win_by, discarder)
                assert _level(_level_from_counts(t, p, tile, win_by, discarder)) == _level(facts(sit, rules)), sit
                compared += 1
            seat = game.to_act[0]
            game.step(bots[seat](game.observation(seat), game.legal_actions(seat)))
    assert compared


def test_a_replacement_after_an_added_kong_is_no_win_after_a_discarded_kong_NB_12_47():
    """送杠胡 (NB-12.47, ``after_discard_kong``) asks whether the kong a replacement win was
    drawn on is an exposed kong (``kan``). After an added kong the last meld can still be an
    older exposed kong: the hand level from counts, told the kongs the win came right after
    as the Situation is, reads the added kong, as the scorer does."""
    rules = load_variant("xizhou")
    after_discard_kong = features.AfterDiscardKong(())
    kinds = ["pon", "kan"]  # the pung the added kong was made of stays first among the melds
    for after, expected in ((("kakan",), 0), (("kan",), 1), ((), 1)):
        hl = bound._light_facts(rules, (), frozenset(), kinds, after, False, "kong_replacement", False, False, "S", 0,
                                False)
        assert after_discard_kong.level_value(hl) == expected, after
    sit = Situation.from_dict({"seat": "S", "concealed": "234m 456p 5s", "win_tile": "5s",
                               "win_by": "kong_replacement", "indicator": "1z",
                               "melds": [{"kind": "kakan", "tiles": "1111m", "from": "E"},
                                         {"kind": "kan", "tiles": "9999p", "from": "N"}],
                               "after_kongs": [{"kind": "kakan", "tiles": "1111m", "from": "E"}]})
    assert after_discard_kong.value(facts(sit, rules), None) == 0
