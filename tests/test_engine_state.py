"""The engine's declared structure and its edges: every restriction kind classified, the
phases and their transitions, the dealer_first_turn window (C23), errors that keep the
NbmjError promise, recorded seeds and checked dice, observations that go stale on every key
and show a seat nothing hidden, and ``nbmj claims`` asking the engine's own claim function."""

import json
import random
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from nbmj.cli import main
from nbmj.engine import Game, make_bots, play_hand
from nbmj.engine.actions import Action
from nbmj.engine.claim_query import claims_for
from nbmj.engine.phases import TRANSITIONS, ClaimWindow, Over, RobWindow, Turn
from nbmj.engine.rules_view import CLAIM_RESTRICTIONS, DISCARD_RESTRICTIONS
from nbmj.engine.script import play_script, scripted_wall
from nbmj.errors import (
    ActionSyntaxError,
    GameSetupError,
    IllegalActionError,
    NbmjError,
    ReplayError,
    ScriptError,
    StaleObservationError,
    UnknownBotError,
    UnknownSeatError,
)
from nbmj.rules import compile_text, list_variants, load_variant
from nbmj.rules.model import RESTRICTION_KINDS
from nbmj.tiles import parse_tile, parse_tiles

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import CLAIMS_TABLE, MANUAL_FLOWERS, MIN0, NINGBO, NINGHAI, T, make  # noqa: E402

# --------------------------------------------------------------------------- structure


def test_every_restriction_kind_is_classified():
    """A new restriction kind must say whether it limits the discard, so the fast path of
    the turn cannot skip it."""
    assert DISCARD_RESTRICTIONS.isdisjoint(CLAIM_RESTRICTIONS)
    assert DISCARD_RESTRICTIONS | CLAIM_RESTRICTIONS == set(RESTRICTION_KINDS)


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_play_moves_only_along_the_transition_table(bot):
    seen = set()
    for seed in range(20):
        g = Game(NINGBO, seed)
        bots = make_bots(bot, seed)
        before = type(g.phase_state)
        while not g.is_over:
            seat = g.to_act[0]
            g.step(bots[seat](g.observation(seat), g.legal_actions(seat)))
            now = type(g.phase_state)
            if now is not before:
                assert now in TRANSITIONS[before]
                seen.add((before, now))
            before = now
    assert {(Turn, ClaimWindow), (ClaimWindow, Turn), (Turn, Over)} <= seen


def test_phase_names_and_who_acts():
    g = make({"E": "5s123456789m12p3p7z", "S": "1234567p1234s9m6z", "W": "5s5s1z2z3z4z6z7z8p1m2m3m4m", "N": "9s"*1 + "1234567p12s3s4s6s"})
    assert g.phase == "turn" and g.to_act == ["E"] and g.phase_state.seat == 0
    g.step(Action.parse("E discard 5s"))
    assert g.phase == "claims" and isinstance(g.phase_state, ClaimWindow) and "W" in g.to_act
    assert g.to_act == [s for s in "SWN" if s in g.to_act]  # nearest the discarder first
    assert g.claim_tile == T("5s") and g.claim_from == 0
    play_script(g, ["W pon 5s"])
    for seat in g.to_act:
        g.step(Action(seat, "pass"))
    assert g.phase == "turn" and g.turn_mode == "after_pon" and g.last_draw is None


def test_a_robbing_window_is_its_own_phase():
    from _engine_helpers import to_added_kong

    g = to_added_kong("123m456m789p1p1p4s6s")
    assert g.phase == "rob" and type(g.phase_state) is RobWindow and g.to_act == ["N"]


# --------------------------------------------------------------------------- windows (C23)

DEALER_WINDOW = """
variant dealer-window extends ningbo "discard limits on the dealer's first discard only"
restrictions {
  discard_suits m p during dealer_first_turn   [NH-1.7]
  no_claims pon during dealer_first_turn        [NH-1.8]
}
scoring tai { minimum 0 }
"""


def test_dealer_first_turn_limits_only_the_dealers_first_discard_NH_1_7():
    """C23's ``dealer_first_turn``: the dealer's first discard only, not every seat's first."""
    rules = compile_text(DEALER_WINDOW)
    hands = {"E": "1s1s2z3z4z5z6z7z1m4m7m1p4p7p", "S": "1s2s9s2z3z4z5z6z7z2m5m8m2p"}
    g = make(hands, rules=rules, draws="8m")
    east = {a.tile for a in g.legal_actions("E") if a.kind == "discard"}
    assert east == set(parse_tiles("147m147p"))  # the dealer: characters and dots only
    play_script(g, ["E discard 1m"])
    while g.phase == "claims":
        for s in g.to_act:
            g.step(Action(s, "pass"))
    south = {a.tile for a in g.legal_actions("S") if a.kind == "discard"}
    assert parse_tile("2z") in south and parse_tile("9s") in south  # S's first discard is free


def test_dealer_first_turn_bars_claims_only_on_the_dealers_first_discard_NH_1_8():
    rules = compile_text(DEALER_WINDOW)
    hands = {"E": "1m1s2z3z4z5z6z7z4m7m1p4p7p9p", "S": "9s8s7s2z3z4z5z6z7z2m5m8m2p", "W": "1m1m2s3s4s6p6p8p8p5z6z7z9m"}
    g = make(hands, rules=rules, draws="1m")
    g.step(Action.parse("E discard 1m"))  # W holds a pair of 1m: no pong on the dealer's first discard
    assert g.phase == "turn" and g.to_act == ["S"]
    g.step(Action.parse("S discard 9s"))
    assert g.phase == "turn"
    south = {a.tile for a in g.legal_actions("S")}
    del south
    data = {**CLAIMS_TABLE, "tile": "1m", "discarder": "E", "first_go_around": True}
    data["W"] = {"concealed": "1m1m2s3s4s6p6p8p8p5z6z7z9m", "melds": []}
    data["S"] = {"concealed": "9s8s7s2z3z4z5z6z7z2m5m8m2p", "melds": []}
    data["N"] = {"concealed": "1122334455667z", "melds": []}
    assert claims_for(data, rules)["claims"]["W"] == []  # the claims query agrees
    data["discarder"], data["S"], data["E"] = "S", data["S"], {"concealed": "9s8s7s2z3z4z5z6z7z2m5m8m2p", "melds": []}
    data["tile"] = "1m"
    del data["S"]
    assert [o["claim"] for o in claims_for(data, rules)["claims"]["W"]] == ["pon"]  # S's first discard: allowed


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "kwargs, fragment",
    [
        ({"dealer": "X"}, "seats E, S, W, N"),
        ({"round_wind": "east"}, "seats E, S, W, N"),
        ({"wall": [0] * 144}, "exactly once each"),
        ({"wall": [float(t) for t in range(34) for _ in range(4)] + list(range(34, 42))}, r"tile ids \(integers\)"),
        # found by an outside-in bad-input pass: a wall of no sequence raised TypeError, which
        # a log's header with "wall": true turned into "bad header: TypeError(...)"
        ({"wall": True}, r"tile ids \(integers\), not True$"),
        ({"wall": 5}, r"tile ids \(integers\), not 5$"),
        ({"wall": 3.5}, r"tile ids \(integers\), not 3.5$"),
        ({"dice": (0, 3)}, "two numbers from 1 to 6"),
        ({"dice": (7, 1)}, "two numbers from 1 to 6"),
        ({"dice": (1, 2, 3)}, "two numbers from 1 to 6"),
        ({"dice": (1.0, 2)}, "two numbers from 1 to 6"),
        ({"seed": "abc"}, "the seed is an integer"),
        ({"seed": 1.5}, "the seed is an integer"),
        ({"seed": True}, "the seed is an integer"),
    ],
)
def test_a_bad_game_setup_is_a_game_setup_error(kwargs, fragment):
    with pytest.raises(GameSetupError, match=fragment) as info:
        Game(NINGBO, **kwargs)
    assert isinstance(info.value, NbmjError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("seed", [None, 1.5, True, b"7"])
def test_the_bots_seed_is_an_integer_or_a_string(seed):
    """make_bots took any seed: None seeded the random bots from the clock, so two runs
    with 'the same' seed played differently."""
    with pytest.raises(GameSetupError, match=r"the bots' seed is an integer or a string, not "):
        make_bots("random", seed)
    logs = []
    for seed in (-3, -3, "table 7", "table 7"):  # negative integers and strings are seeds too
        game = Game(NINGBO, seed=5)
        play_hand(game, make_bots("random", seed))
        logs.append(game.log_text())
    assert logs[0] == logs[1] and logs[2] == logs[3] and logs[0] != logs[2]


def test_other_engine_errors_are_nbmj_errors():
    with pytest.raises(UnknownBotError, match="unknown bot 'smart'; known: random, greedy"):
        make_bots("smart")
    with pytest.raises(ScriptError, match="has 3 tiles, not 14"):
        scripted_wall(NINGBO, hands={"E": "123m"})
    with pytest.raises(ScriptError, match="no copy of '1m' left"):
        scripted_wall(NINGBO, hands={"E": "1m1m1m1m1m123456789p"})
    with pytest.raises(ScriptError, match="unknown seat 'X'"):
        scripted_wall(NINGBO, hands={"X": "123m"})
    with pytest.raises(ActionSyntaxError):
        Action.parse("E")
    with pytest.raises(ActionSyntaxError):
        Action.from_json({"e": "discard", "seat": "E", "tile": 5})


@pytest.mark.parametrize("text", [None, 5, ["E", "discard", "5m"], b"E discard 5m"])
def test_an_action_text_that_is_no_text_is_an_action_syntax_error(text):
    """Found by an outside-in bad-input pass over the public API: Action.parse(None) raised
    AttributeError ('NoneType' object has no attribute 'split'), where from_json refuses a
    value of the wrong type with ActionSyntaxError."""
    with pytest.raises(ActionSyntaxError, match=r"^an action reads 'SEAT KIND \[TILE \[USE\]\]', not "):
        Action.parse(text)


def test_a_bad_seat_name_says_which_seats_exist():
    g = Game(NINGBO, 1)
    for call in (g.legal_actions, g.observation, g.win_for):
        with pytest.raises(UnknownSeatError, match="unknown seat 'X'; the seats are E, S, W, N"):
            call("X")
    with pytest.raises(IllegalActionError, match="the seats are E, S, W, N"):
        g.step(Action("X", "discard", 0))


@pytest.mark.parametrize("tile", [99, -1, 5.0, np.int64(5), np.int8(5), True, "5m"])
def test_a_foreign_tile_in_an_action_is_illegal_and_changes_nothing_NB_6_7(tile):
    """NB-6.7: a tile id out of range, a float or a numpy integer is refused like any illegal action."""
    g = Game(NINGBO, 1)
    held = next(a.tile for a in g.legal_actions("E") if a.kind == "discard")
    before = json.dumps(g.full_state(), sort_keys=True)
    n_events = len(g.events)
    bad = tile if not isinstance(tile, (float, np.integer)) else type(tile)(held)
    with pytest.raises(IllegalActionError):
        g.step(Action("E", "discard", bad))
    with pytest.raises(IllegalActionError):
        g.step(Action("E", "chi", held, (bad, held)))
    assert json.dumps(g.full_state(), sort_keys=True) == before and len(g.events) == n_events
    g.step(Action("E", "discard", held))  # the game goes on


# --------------------------------------------------------------------------- seeds, dice, logs


def test_no_seed_becomes_a_recorded_integer_seed():
    g = Game(NINGBO, seed=None)
    assert type(g.seed) is int and g.header()["seed"] == g.seed
    play_hand(g, make_bots("random", 1))
    again = Game(NINGBO, seed=g.seed)
    play_hand(again, make_bots("random", 1))
    assert again.log_text() == g.log_text()
    assert list(Game.replay(g.log_text()))[-1] == g.full_state()
    assert Game(NINGBO, np.int64(7)).seed == 7 and type(Game(NINGBO, np.int64(7)).seed) is int


@pytest.mark.parametrize("dice", [[0, 3], [7, 1], [1, 2, 3], "12"])
def test_replay_refuses_impossible_dice_on_line_1(dice):
    g = make({"E": "123m456m789m123p55s"}, rules=MIN0)
    lines = g.log_lines()
    header = json.loads(lines[0])
    header["dice"] = dice
    lines[0] = json.dumps(header)
    with pytest.raises(ReplayError, match="^line 1: ") as info:
        list(Game.replay(lines, rules=MIN0))
    assert info.value.index == 0


def test_replay_messages_count_lines_from_1_blank_lines_too():
    g = Game(NINGBO, 4)
    play_hand(g, make_bots("greedy"))
    lines = g.log_lines()
    at = next(i for i, line in enumerate(lines) if '"e":"draw"' in line)
    ev = json.loads(lines[at])
    ev["tile"] = "1z" if ev["tile"] != "1z" else "2z"
    text = "\n".join(lines[:at] + ["", json.dumps(ev)] + lines[at + 1 :])
    with pytest.raises(ReplayError, match=f"^line {at + 2}: ") as info:  # 1-based, the blank line counted
        list(Game.replay(text))
    assert info.value.index == at


def run(*args, **kwargs):
    return CliRunner().invoke(main, list(args), **kwargs)


def test_nbmj_replay_says_where_the_log_ends_and_the_settlement(tmp_path):
    g = Game(NINGBO, 3)
    res = play_hand(g, make_bots("greedy", 3))
    path = tmp_path / "hand.log"
    path.write_text(g.log_text(), encoding="utf-8")
    r = run("replay", str(path))
    assert r.exit_code == 0, r.output
    assert "the log reaches the end of the hand" in r.output
    assert "settlement: " + ", ".join(f"{s} {v:+d}" for s, v in res.deltas.items()) in r.output
    lines = r.output.splitlines()
    assert lines[1].startswith("   2  ")  # the first event is line 2 of the log (the header is 1)
    path.write_text("".join(g.log_text().splitlines(True)[:12]), encoding="utf-8")
    r = run("replay", str(path))
    assert r.exit_code == 0 and "the log stops before the end of the hand" in r.output
    assert "settlement" not in r.output


def test_nbmj_replay_of_a_user_variant(tmp_path):
    variant = Path(__file__).parent / "corpus" / "big-reserve.nbv"
    g = Game(load_variant(variant), 2)
    play_hand(g, make_bots("random", 2))
    path = tmp_path / "hand.log"
    path.write_text(g.log_text(), encoding="utf-8")
    r = run("replay", str(path))
    assert r.exit_code == 2 and r.output.count("\n") <= 1 and "nbmj: error:" in r.output
    r = run("replay", str(path), "--variant", str(variant))
    assert r.exit_code == 0, r.output
    assert "the log reaches the end of the hand" in r.output
    r = run("replay", str(path), "--variant", "ningbo")
    assert r.exit_code == 2 and "is of variant 'x-big-reserve', not 'ningbo'" in r.output


# --------------------------------------------------------------------------- observations


def test_every_key_of_an_old_observation_is_stale():
    g = Game(NINGBO, 1)
    obs = g.observation("E")
    snapshot = obs.to_dict()  # every key read (and cached) before the step
    g.step(g.legal_actions("E")[-1])
    for key in snapshot:
        with pytest.raises(StaleObservationError, match=repr(key)):
            obs[key]
    with pytest.raises(StaleObservationError):
        obs.hand


def test_observation_to_json_is_json_and_what_the_seat_may_see():
    g = Game(NINGHAI, 5)
    play_hand(g, make_bots("greedy", 5))
    g = Game(NINGHAI, 5)
    bots = make_bots("greedy", 5)
    for _ in range(30):
        seat = g.to_act[0]
        obs = g.observation(seat)
        out = obs.to_json()
        assert json.loads(json.dumps(out)) == out
        assert out["hand"] == obs.hand == [t for t in range(42) for _ in range(g.hands["ESWN".index(seat)][t])]
        assert set(out) == set(obs) - {"to_act"} and "hands" not in out and "wall" not in out
        assert out["seat_winds"][seat] == obs.seat_wind and out["dealer"] == obs.dealer
        assert set(out["restrictions"]) == {"chi_bans", "banned_claims", "passed_win", "passed_pon", "last_discard", "can_kong"}
        g.step(bots[seat](obs, g.legal_actions(seat)))


def test_an_observation_shows_nothing_of_another_hand():
    """Two deals that differ only in which of two tiles W and N hold give E the same view."""
    base = {"E": "123m456m789m1p2p3p5s5s", "W": "12345678s1234z9p", "N": "9s9s9s5z5z5z6z6z6z7z7z8p8p"}
    swapped = dict(base, W="12345678s1234z8p", N="9s9s9s5z5z5z6z6z6z7z7z8p9p")
    views = []
    for hands in (base, swapped):
        g = make(hands, rules=MIN0)
        views.append(g.observation("E").to_json())
    assert views[0] == views[1]


# --------------------------------------------------------------------------- nbmj claims = the engine


def test_claims_agree_with_the_engine_near_ninghais_reserve_NB_9_7_NH_1_9():
    """NH-1.9 keeps 18 tiles, counted in tiles; a kong needs its replacement beyond them and
    one more stack (NB-9.7): with 19 or 20 tiles left the engine offers W only the pong,
    with 21 the kong too; with 18 the discard is the last (NB-15.2)."""
    data = {k: v for k, v in CLAIMS_TABLE.items() if k != "indicator"}
    data["variant"] = "ninghai"
    data["W"] = {"concealed": "777s3456m6789p12z", "melds": []}
    data["S"] = {"concealed": "12s1234p1234z568p", "melds": []}
    got = {n: [o["claim"] for o in claims_for({**data, "wall": n})["claims"]["W"]] for n in (18, 19, 20, 21)}
    assert got == {18: [], 19: ["pon"], 20: ["pon"], 21: ["kan", "pon"]}  # 18: the last discard (NB-15.2)
    assert claims_for({**data, "wall": 20, "kongs": 1})["claims"]["W"] == []  # a kong raised the reserve


def test_claims_agree_with_the_engine_with_a_wild_flower_in_hand_NB_4_3_NB_8_5():
    """NB-4.3, NB-4.4, NB-8.5: with a flower indicator the other seasons are wild and stay
    in hand, and may be discarded. S's chow of 4m with 56m leaves 444m 7777m (all barred by
    吃张打张) and a wild 2f: the chow is allowed, by the engine and by the claims query."""
    from _engine_helpers import play_passing
    from nbmj.engine.script import pass_claims

    hands = {"E": "1z4m9p9p9p1s2s3s5s6s8p8s5z6z", "S": "1z1z5m6m4m4m4m7m7m7m7m2f9s"}
    g = make(hands, rules=MIN0, indicator="1f")
    assert g.wilds == frozenset(parse_tiles("1234f"))
    play_script(g, ["E discard 1z", "S pon 1z"])
    play_passing(g, ["S discard 9s"])
    for seat in "WN":
        g.step(next(a for a in g.legal_actions(seat) if a.kind == "discard" and a.tile != T("4m")))
        pass_claims(g)
    data = {
        "variant": "ningbo", "discarder": "E", "tile": "4m", "indicator": "1f",
        "S": {"concealed": "4m4m4m5m6m7m7m7m7m2f", "melds": [{"kind": "pon", "tiles": "1z1z1z", "from": "E"}]},
    }
    for q in (2, 3):
        hand = g.hands[q]
        data["ESWN"[q]] = {"concealed": "".join(f"{c}" for c in _notation(hand)), "melds": []}
    g.step(next(a for a in g.legal_actions("E") if a.kind == "discard" and a.tile == T("4m")))
    engine = [(a.kind, a.use) for a in g.legal_actions("S") if a.kind != "pass"]
    assert ("chi", tuple(parse_tiles("56m"))) in engine
    answer = claims_for(data, MIN0)["claims"]["S"]
    assert [(o["claim"], tuple(parse_tiles(o["tiles"])) if o["claim"] == "chi" else ()) for o in answer] == [
        (k, u) for k, u in engine
    ]


def _notation(hand):
    from nbmj.tiles import to_notation

    return to_notation([t for t in range(42) for _ in range(hand[t])])


# --------------------------------------------------------------------------- hands without a log


@pytest.mark.parametrize("variant", list_variants())
def test_a_hand_played_without_a_log_is_the_same_hand(variant):
    """Game(log=False) makes no events and plays exactly what the logged game plays."""
    for seed in range(6):
        logged, bare = Game(variant, seed), Game(variant, seed, log=False)
        bots_a, bots_b = make_bots("random" if seed % 2 else "greedy", seed), make_bots("random" if seed % 2 else "greedy", seed)
        while not logged.is_over:
            assert bare.to_act == logged.to_act and bare.full_state() == logged.full_state()
            seat = logged.to_act[0]
            assert bare.legal_actions(seat) == logged.legal_actions(seat)
            logged.step(bots_a[seat](logged.observation(seat), logged.legal_actions(seat)))
            bare.step(bots_b[seat](bare.observation(seat), bare.legal_actions(seat)))
        assert bare.is_over and bare.result == logged.result and bare.full_state() == logged.full_state()
        assert logged.events and bare.events == []
        with pytest.raises(GameSetupError, match="keeps no log"):
            bare.log_text()


def test_a_match_that_keeps_no_logs_deals_hands_without_one():
    from nbmj.engine import Match

    quiet, kept = Match("ningbo", 3, hands=3, keep_logs=False), Match("ningbo", 3, hands=3)
    assert quiet.play(make_bots("random", 1)) == kept.play(make_bots("random", 1))
    assert quiet.logs == [] and len(kept.logs) == 3
    assert Match("ningbo", 3, keep_logs=False).new_game().events == [] and Match("ningbo", 3).new_game().events


def test_the_state_records_constructors_take_every_field_in_order_with_fresh_defaults():
    """SeatState and TableState write their constructors out (compiled, the generated ones
    import the dataclasses module once per default_factory field at every call): each takes
    the declared fields, in their order, each a keyword, and a field not given starts as its
    declared default, a new list, dict or set for every instance."""
    import dataclasses

    from nbmj.engine.state import SeatState, TableState

    game = Game("ningbo", 3)
    while game.table.discards_made < 6:
        game.step(game.legal_actions(game.to_act[0])[0])
    t = game.table
    for source in (t, *t.seats):  # every field, given in the declared order or by name
        names = [f.name for f in dataclasses.fields(source)]
        values = [getattr(source, name) for name in names]
        for made in (type(source)(*values), type(source)(**dict(zip(names, values)))):
            assert all(getattr(made, n) is getattr(source, n) or getattr(made, n) == getattr(source, n) for n in names)
    a, b = SeatState(), SeatState()
    assert a == b and a.hand == bytearray(42) and a.ready and a.fed == [0, 0, 0, 0]
    a.melds.append("x"), a.river.append("x"), a.flowers.append(1), a.passed_pon.add(3), a.fed.__setitem__(0, 1)
    assert (b.melds, b.river, b.flowers, b.passed_pon, b.fed) == ([], [], [], set(), [0, 0, 0, 0])
    assert SeatState(ready=False, passed_win=True).passed_win and not SeatState(ready=False).ready

    fresh = [TableState(t.er, t.wt, t.rules, t.wall, t.seats, 0, "E", t.indicator) for _ in range(2)]
    for f in dataclasses.fields(TableState):
        if f.default is not dataclasses.MISSING:
            assert getattr(fresh[0], f.name) == f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            made = [getattr(s, f.name) for s in fresh]
            assert made[0] == f.default_factory() and made[0] is not made[1], f.name
    given = TableState(t.er, t.wt, t.rules, t.wall, t.seats, 2, "S", t.indicator, kongs=1, kept_tiles=14, current=3, keeps_log=False)
    assert (given.dealer, given.round_wind, given.kongs, given.kept_tiles, given.current, given.keeps_log) == (2, "S", 1, 14, 3, False)


def _records(seat):
    return (list(seat.melds), list(seat.river), list(seat.flowers))


@pytest.mark.parametrize("rules", [*list_variants(), MANUAL_FLOWERS], ids=lambda r: r if isinstance(r, str) else r.name)
def test_every_change_to_a_seats_records_counts_one(rules):
    """SeatState.changes moves with every change to a seat's melds, river or flowers, and
    never back: the compiled encoder reads a seat's records again only when it has moved.
    Random hands reach every kind of change (a discard, a claim's mark in the river, each
    meld and kong, a kong added to a pong, a flower), and the test holds them to reaching
    each, so each place the engine makes one is held to counting it; Game.invalidate counts
    one at every seat."""
    chi = (rules if not isinstance(rules, str) else load_variant(rules)).claims.chi
    seen = set()
    for seed in range(40):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seats = game.table.seats
            before = [(_records(s), s.changes) for s in seats]
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            kongs = [a for a in legal if a.kind in ("ankan", "kakan")]
            game.step(kongs[0] if kongs and rng.random() < 0.5 else rng.choice(legal))
            for s, (records, count) in zip(game.table.seats, before):
                assert s.changes >= count
                if _records(s) != records:
                    assert s.changes > count, (seed, records, _records(s))
                    old_melds, old_river, old_flowers = records
                    seen.update(m.kind for m in s.melds[len(old_melds):])
                    seen.update(m.kind for m, o in zip(s.melds, old_melds) if m != o)
                    seen.update(["discard"] if len(s.river) > len(old_river) else [])
                    seen.update(["marked"] if s.river[: len(old_river)] != old_river else [])
                    seen.update(["flower"] if len(s.flowers) > len(old_flowers) else [])
        counts = [s.changes for s in game.table.seats]
        game.invalidate()
        assert [s.changes for s in game.table.seats] == [c + 1 for c in counts]
    assert {"discard", "marked", "pon", "kan", "ankan", "kakan", "flower", *(["chi"] if chi else [])} <= seen, seen
