"""Turn flow, kongs, special wins, the exhaustive draw, illegal actions, determinism and
replay (NB-6.x, NB-9.x, NB-11.x, NB-15.x, NH-1.9; fact-sheet vectors T29)."""

import dataclasses
import sys
from pathlib import Path
import json

import pytest

from nbmj.engine.actions import Action
from nbmj.engine.bots import GreedyBot, make_bots, play_hand
from nbmj.engine.draws import replace_flower
from nbmj.engine.game import Game
from nbmj.engine.precomputed import CODES
from nbmj.engine.wall import indicator_position
from nbmj.engine.script import pass_claims, play_script
from nbmj.engine.wins import situation
from nbmj.errors import IllegalActionError, ReplayError

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import MIN0, NINGBO, NINGHAI, T, make, to_added_kong  # noqa: E402
from _random_variants import random_variant  # noqa: E402


def passive(obs, legal):
    """Never claims or wins; discards the newest tile it can (draws out the wall)."""
    for a in legal:
        if a.kind == "pass":
            return a
    discards = [a for a in legal if a.kind == "discard"]
    drawn = obs["drawn"]
    for a in discards:
        if a.tile == drawn:
            return a
    return discards[-1]


OTHERS = {"S": "1234s678s1234z6z7z", "W": "9m9m8m8m7m7m5s5s6s6s4s4s6z", "N": "2p3p4p6p7p8p1s2s3s5z5z5z7z"}


def test_nb_11_7_heavenly_win_is_first_turn():
    """NB-11.7."""
    g = make({"E": "123m456m789m123p55s", **OTHERS})
    assert Action("E", "hu") in g.legal_actions("E")
    g.step(Action("E", "hu"))
    sit = g.result.situations[0]
    assert sit.first_turn and sit.win_by == "self_draw" and sit.seat == "E"


def test_nb_6_5_nb_9_3_nb_11_3_concealed_kong_replacement_and_kong_bloom():
    """NB-6.2, NB-6.5, NB-9.3, NB-9.4, NB-9.6, NB-9.8, NB-11.3: the kong is offered beside the discards, never forced; a concealed kong cannot be robbed."""
    g = make({"E": "1z1z1z1z123m456m789m5p", **{**OTHERS, "S": "1234567s2z3z4z6z7z9p"}}, tail="5p")
    assert Action.parse("E ankan 1z") in g.legal_actions("E")
    g.step(Action.parse("E ankan 1z"))
    assert g.events[-1] == {"e": "draw", "seat": "E", "tile": "5p", "from": "tail"}
    assert g.kongs == 1
    g.step(Action("E", "hu"))
    sit = g.result.situations[0]
    assert sit.win_by == "kong_replacement" and sit.melds[-1].kind == "ankan"


def test_nb_9_1_nb_11_4_discard_kong_bloom_is_paid_by_the_discarder():
    """NB-9.1, NB-11.4."""
    hands = {"E": "2z123456789m12p3p9p", "S": "2z2z2z123m456m789p5p", "W": "9m9m8m8m7m7m5s5s6s6s4s4s6z", "N": "4p6p7p8p1s2s3s5z5z5z7z3z3z"}
    g = make(hands, tail="5p")
    play_script(g, ["E discard 2z", "S kan 2z"])
    assert g.events[-1] == {"e": "draw", "seat": "S", "tile": "5p", "from": "tail"}
    g.step(Action("S", "hu"))
    res = g.result
    assert res.win_by == "kong_replacement" and res.situations[0].melds[-1].kind == "kan"
    s_points = res.score.points
    assert res.deltas["E"] == -5 * s_points and res.deltas["S"] == 5 * s_points  # NB-14 kong bloom row
    assert sum(res.deltas.values()) == 0


def test_nb_9_2_nb_11_5_robbing_an_added_kong():
    """NB-9.2, NB-11.5, NB-9.8."""
    g = to_added_kong("123m456m789p1p1p4s6s")
    assert g.phase == "rob" and g.to_act == ["N"]
    assert g.legal_actions("N") == [Action("N", "hu"), Action("N", "pass")]
    g.step(Action("N", "hu"))
    res = g.result
    assert res.winner == "N" and res.win_by == "rob_kong" and res.winners[0]["from"] == "W"
    assert g.melds[2][0][0] == "pon"  # the robbed kong is not made


def test_nh_1_8_a_no_claims_of_hu_bars_robbing_a_kong_too():
    """NH-1.8's no_claims with ``hu``: robbing a kong is a win on another's tile, as a win on
    a discard is, and is not offered while it is in force (it was offered, as if the
    restriction named only discards)."""
    from nbmj.rules import compile_text

    from _engine_helpers import without_minimum

    no_hu = without_minimum(compile_text(
        'variant no-hu extends ningbo "no win on another\'s tile"\nrestrictions {\n  no_claims hu [NH-1.8]\n}\n'))
    g = to_added_kong("123m456m789p1p1p4s6s", no_hu)
    assert g.phase != "rob" and g.melds[2][0][0] == "kakan"  # the kong stands; W draws its replacement
    assert to_added_kong("123m456m789p1p1p4s6s").phase == "rob"  # (the same position robs without it)


def test_nb_11_5_passing_a_rob_lets_the_kong_stand():
    """NB-11.5, NB-8.7."""
    hands = {"E": "5s123456789m12p3p7z", "S": "1234567p1234s9m6z", "W": "5s5s1z2z3z4z6z7z8p1m2m3m4m", "N": "123m456m789p1p1p4s6s"}
    g = make(hands, draws="8s8s8s5s", tail="7s")
    play_script(g, ["E discard 5s", "W pon 5s", "W discard 8p"])
    pass_claims(g)
    for move in ("N discard 8s", "E discard 8s", "S discard 8s", "W kakan 5s", "N pass"):
        play_script(g, [move])
    assert g.melds[2][0][0] == "kakan"
    assert g.events[-1] == {"e": "draw", "seat": "W", "tile": "7s", "from": "tail"}
    assert not g.passed_win[3]  # NB-8.7 does not apply to robbing


def _draw_out(rules, seed):
    return _draw_out_game(Game(rules, seed)), None


def _draw_out_game(g):
    """Play ``g`` passively to its end (a draw: passive players never win)."""
    while not g.is_over:
        seat = g.to_act[0]
        g.step(passive(g.observation(seat), g.legal_actions(seat)))
    return g


def test_nb_15_1_nb_4_8_t29_ningbo_plays_to_the_143rd_tile():
    """NB-15.1, NB-4.8: the passive players never win, so the hand is drawn at the last tile."""
    g, _ = _draw_out(NINGBO, 0)
    assert g.result.outcome == "draw"
    assert g.wall.drawn == 143 and g.wall.remaining == 0
    assert g.last_tile_drawn


def _play_to_the_last_tile():
    """A ningbo hand played passively until the wall's last drawable tile has been drawn
    (the passive players never win or claim, so nothing ends it earlier)."""
    g = Game(NINGBO, 0)
    while not g.is_over and g.wall.remaining > 0:
        seat = g.to_act[0]
        g.step(passive(g.observation(seat), g.legal_actions(seat)))
    assert not g.is_over and g.phase == "turn"
    return g


def _wall_with_a_flower_last(rules, dice=(6, 6)):
    """A wall (draw order) whose last drawable tile is a flower, for passive players who
    never kong: seven flowers come early from the head, each replaced from the tail, and
    the eighth lies where the head meets what the tail left."""
    n = rules.tiles.total
    ind = indicator_position(rules.wilds, rules.dealing, dice, n // 2)
    head = [i for i in range(n) if i != ind]
    tail = [i for k in range(n // 2 - 1, -1, -1) for i in (2 * k, 2 * k + 1) if i != ind]
    early = head[60:67]  # drawn in play, after the deal of 53
    left = [i for i in head if i not in tail[:7]]
    last = left[len(head) - 7 - 1]
    flowers = list(range(34, 42))
    wall = [None] * n
    for i, f in zip(early + [last], flowers):
        wall[i] = f
    rest = iter(t for t in range(34) for _ in range(4))
    for i in range(n):
        if wall[i] is None:
            wall[i] = next(rest)
    return wall, last


def test_nb_15_2_last_discard_may_only_be_won():
    """NB-15.2."""
    g = _play_to_the_last_tile()
    p = g.current
    t = next(a.tile for a in g.legal_actions("ESWN"[p]) if a.kind == "discard" and a.tile not in g.wilds)
    q = (p + 2) % 4
    # give the opposite seat a pair of the tile (a test-only edit of its hand, size kept)
    hand = g.hands[q]
    for _ in range(2):
        k = next(k for k in range(34) if hand[k] and k != t)
        hand[k] -= 1
        hand[t] += 1
    g.invalidate()
    g.step(Action("ESWN"[p], "discard", t))
    assert "ESWN"[q] not in g.to_act or not any(a.kind in ("pon", "kan", "chi") for a in g.legal_actions("ESWN"[q]))


def test_nb_11_6_last_tile_flag_on_the_143rd_draw():
    """NB-11.6."""
    g = _play_to_the_last_tile()
    p = g.current
    sit = situation(g.table, p, g.last_draw, g.draw_kind, None)
    assert sit.last_tile
    assert not situation(g.table, (p + 1) % 4, g.last_draw, "discard", p).last_tile  # NB-11.6: not on the discard


def test_nh_1_9_t8_ninghai_draws_with_nine_stacks_left():
    """NH-1.9: the reserve is counted in tiles (seed 004: the odd tile does not count), so
    a drawn hand ends with exactly 18 tiles left, two more per kong."""
    g, _ = _draw_out(NINGHAI, 0)
    assert g.result.outcome == "draw"
    assert g.wall.remaining == 18 + 2 * g.kongs


def test_nb_15_4_t29_a_draw_voids_immediate_payments():
    """NB-15.4: eight flowers paid for during the hand, nothing paid at its draw."""
    rules = dataclasses.replace(NINGBO, immediate=dataclasses.replace(NINGBO.immediate, flower=1))
    wall, _ = _wall_with_a_flower_last(rules)
    g = _draw_out_game(Game(rules, wall=wall, dice=(6, 6)))
    assert g.result.outcome == "draw" and sum(len(f) for f in g.flowers) == 8
    assert sum(1 for e in g.events if e["e"] == "pay") == 8
    assert set(g.result.deltas.values()) == {0}


def test_nb_6_7_illegal_action_is_refused_and_nothing_changes():
    """NB-6.7."""
    g = Game(NINGBO, 1)
    before = json.dumps(g.full_state(), sort_keys=True)
    n_events = len(g.events)
    with pytest.raises(IllegalActionError) as info:
        g.step(Action("S", "discard", 0))
    assert "waiting for E" in str(info.value)
    bad = Action("E", "discard", next(t for t in range(34) if not g.hands[0][t]))
    with pytest.raises(IllegalActionError) as info:
        g.step(bad)
    assert info.value.action == bad and info.value.legal == tuple(g.legal_actions("E"))
    assert json.dumps(g.full_state(), sort_keys=True) == before and len(g.events) == n_events


def test_observation_hides_other_hands_and_the_wall():
    g = Game(NINGBO, 2)
    obs = g.observation("S")
    assert "hands" not in obs and "wall" not in obs
    assert sorted(obs["hand"]) == sorted(g.full_state()["hands"]["S"])
    assert obs["hand_sizes"]["E"] == 14


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_same_seed_same_log_byte_for_byte(bot):
    """NB-1.6: a seeded shuffle, so a seed and the actions replay a hand exactly."""
    logs = []
    for _ in range(2):
        g = Game(NINGBO, 11)
        play_hand(g, make_bots(bot, 11))
        logs.append(g.log_text())
    assert logs[0] == logs[1]
    g = Game(NINGBO, 12)
    play_hand(g, make_bots(bot, 12))
    assert g.log_text() != logs[0]


def test_replay_rebuilds_every_state():
    g = Game(NINGBO, 4)
    states = [g.full_state()]
    bots = make_bots("greedy")
    while not g.is_over:
        seat = g.to_act[0]
        g.step(bots[seat](g.observation(seat), g.legal_actions(seat)))
        states.append(g.full_state())
    replayed = list(Game.replay(g.log_text()))
    assert replayed == states


def test_replay_of_a_scripted_wall():
    g = make({"E": "123m456m789m123p55s", **OTHERS})
    g.step(Action("E", "hu"))
    states = list(Game.replay(g.log_lines(), rules=MIN0))
    assert states[-1]["result"]["outcome"] == "win"


def _edited(log: str, index: int, change) -> str:
    lines = log.splitlines()
    ev = json.loads(lines[index])
    change(ev)
    lines[index] = json.dumps(ev, ensure_ascii=False)
    return "\n".join(lines)


def test_replay_rejects_an_illegal_action_at_its_line():
    g = Game(NINGBO, 4)
    play_hand(g, make_bots("greedy"))
    log = g.log_text()
    lines = log.splitlines()
    index = next(i for i, line in enumerate(lines) if '"e":"discard"' in line)
    hand = g.full_state()  # any tile the discarder cannot hold: a fifth copy of an honour
    bad = _edited(log, index, lambda ev: ev.update(tile="8f"))
    with pytest.raises(ReplayError) as info:
        list(Game.replay(bad))
    assert info.value.index == index
    assert hand


def test_replay_rejects_an_edited_engine_event():
    g = Game(NINGBO, 4)
    play_hand(g, make_bots("greedy"))
    lines = g.log_lines()
    index = next(i for i, line in enumerate(lines) if '"e":"draw"' in line)
    bad = _edited("\n".join(lines), index, lambda ev: ev.update(tile="1z" if ev["tile"] != "1z" else "2z"))
    with pytest.raises(ReplayError) as info:
        list(Game.replay(bad))
    assert info.value.index == index


def test_replay_and_the_replay_command_agree_on_a_byte_order_mark(tmp_path):
    """An editor's UTF-8 byte-order mark before the header: `nbmj replay` skipped it and
    Game.replay refused the header; both read the log now."""
    from click.testing import CliRunner

    from nbmj.cli import main

    g = Game(NINGBO, 4)
    play_hand(g, make_bots("greedy"))
    marked = "\ufeff" + g.log_text()
    assert list(Game.replay(marked)) == list(Game.replay(g.log_text()))
    assert list(Game.replay(marked.splitlines())) == list(Game.replay(g.log_lines()))
    path = tmp_path / "hand.log"
    path.write_text(marked, encoding="utf-8")
    out = CliRunner().invoke(main, ["replay", str(path)])
    assert out.exit_code == 0 and "the log reaches the end of the hand" in out.output
    with pytest.raises(ReplayError, match="line 2 is not JSON"):  # a mark anywhere else is no part of a log
        list(Game.replay(g.log_lines()[0] + "\n\ufeff" + "\n".join(g.log_lines()[1:])))


def test_replay_rejects_a_bad_header():
    with pytest.raises(ReplayError) as info:
        list(Game.replay('{"format": "other"}\n'))
    assert info.value.index == 0


@pytest.mark.parametrize("log", [None, 5, 1.5, True])
def test_replay_refuses_a_log_that_is_no_text_and_no_lines(log):
    """Found by an outside-in bad-input pass over the public API: Game.replay(None) (or 5)
    raised TypeError from list(log) instead of the ReplayError any other bad log gets."""
    with pytest.raises(ReplayError, match=f"^a log is its text or its lines, not {log!r}$") as info:
        list(Game.replay(log))
    assert info.value.index == 0


def test_any_callable_can_sit_at_a_seat():
    asked = {s: 0 for s in "ESWN"}

    def counting(bot, seat):
        def play(obs, legal):
            assert obs["seat"] == seat and legal == g.legal_actions(seat)
            asked[seat] += 1
            return bot(obs, legal)

        return play

    g = Game(NINGBO, 6)
    seats = [passive, GreedyBot(), passive, lambda obs, legal: legal[-1]]
    res = play_hand(g, [counting(b, s) for b, s in zip(seats, "ESWN")])
    assert res is g.result and g.is_over
    assert all(asked.values())  # each callable was asked, about its own seat
    actions = [e for e in g.events if e.get("seat") and e["e"] not in ("deal", "draw", "bu", "take", "pay")]
    assert len(actions) == sum(asked.values())


def test_nb_5_5_a_flower_from_a_kong_replacement_is_replaced_in_turn():
    """NB-5.5, NB-11.3: the win on the flower's own replacement is still 杠上开花."""
    g = make({"E": "1z1z1z1z123m456m789m5p", **{**OTHERS, "S": "1234567s2z3z4z6z7z9p"}}, tail="3f5p")
    g.step(Action.parse("E ankan 1z"))
    assert g.events[-2:] == [
        {"e": "draw", "seat": "E", "tile": "3f", "from": "tail"},
        {"e": "bu", "seat": "E", "tile": "3f", "draw": "5p"},
    ]
    g.step(Action("E", "hu"))
    assert g.result.win_by == "kong_replacement"


def test_nb_5_7_nb_15_3_a_flower_with_no_replacement_ends_the_hand():
    """NB-5.7, NB-15.3."""
    wall, last = _wall_with_a_flower_last(NINGBO)
    g = _draw_out_game(Game(NINGBO, wall=wall, dice=(6, 6)))
    bu = [i for i, e in enumerate(g.events) if e["e"] == "bu" and e["draw"] is None]
    assert bu == [len(g.events) - 2] and g.events[-1]["outcome"] == "draw"
    assert g.events[bu[0]]["tile"] == CODES[wall[last]] and g.wall.remaining == 0
def test_nb_9_5_manual_flower_kong():
    """NB-9.5, NB-5.4 (manual mode): the flower stays in hand until laid down; it cannot be discarded."""
    rules = dataclasses.replace(MIN0, flowers=dataclasses.replace(MIN0.flowers, in_play="manual"))
    hands = {"E": "123456789m123p44z", "S": "1234567p12345s7z", "W": "1234567s123z45z6z", "N": "9m8p9s67z11223355z"}
    g = make(hands, rules=rules, draws="3f", tail="5m")
    play_script(g, ["E discard 4z"])
    pass_claims(g)
    legal = g.legal_actions("S")
    assert Action.parse("S flower 3f") in legal
    assert Action.parse("S discard 3f") not in legal
    reason = g.why_not(Action.parse("S discard 3f"))  # (it raised IndexError: a flower's id indexed a short tuple)
    assert reason is not None and "flower" in reason and "NB-5.4" in reason
    g.step(Action.parse("S flower 3f"))
    assert g.events[-1] == {"e": "draw", "seat": "S", "tile": "5m", "from": "tail"} or g.events[-1]["e"] == "bu"
    assert g.flowers[1] == [T("3f")] and g.draw_kind == "flower_replacement"


def test_nb_5_4_nb_9_5_a_flower_kong_that_completes_the_hand_may_win():
    """NB-5.4, NB-9.5 (manual mode): a seat that keeps a flower it drew discards a tile short,
    never ready; on its next turn it draws, lays the flower down and the replacement completes
    the hand: that win is offered. The turn judged the hand by the readiness of its last
    discard, as after a plain draw, and hid the win; found by fuzzing rule sets (random
    variant 409 of tests/_random_variants, hand 0: a flower replacement the scorer accepts)."""
    rules = dataclasses.replace(MIN0, flowers=dataclasses.replace(MIN0.flowers, in_play="manual"))
    hands = {"E": "123456789m123p44z", "S": "123456789p112s7z", "W": "1234567s123z45z6z", "N": "9m8p9s67z11223355z"}
    g = make(hands, rules=rules, draws="3f1m1m1m3s", tail="4s")
    play_script(g, ["E discard 4z"])
    pass_claims(g)
    play_script(g, ["S discard 7z"])  # S keeps the flower 3f it drew
    for move in ("W discard 1m", "N discard 1m", "E discard 1m"):
        pass_claims(g)
        play_script(g, [move])
    pass_claims(g)
    assert g.events[-1] == {"e": "draw", "seat": "S", "tile": "3s"}
    assert Action.parse("S hu") not in g.legal_actions("S")  # the flower still held: a tile short
    g.step(Action.parse("S flower 3f"))
    assert g.draw_kind == "flower_replacement"
    assert Action.parse("S hu") in g.legal_actions("S")
    g.step(Action.parse("S hu"))
    assert g.result.win_by == "flower_replacement" and g.result.winner == "S"


def test_nb_5_4_nb_5_6_a_held_flower_may_be_laid_down_on_a_turn_after_a_claim():
    """NB-5.4 (manual mode): a flower held may be laid down on any later turn of the seat's,
    the turn that a pong gives it too; and a flower is not a kong (NB-5.6), so the
    kong_after_pon restriction (NB-8.8) that bars a kong in that turn does not bar it."""
    rules = dataclasses.replace(MIN0, flowers=dataclasses.replace(MIN0.flowers, in_play="manual"))
    assert rules.restriction("kong_after_pon") is not None
    hands = {"E": "123456789m12p44z6s", "S": "1234567p124s66s7z", "W": "1234567s123z45z6z", "N": "9m8p9s67z11223355z"}
    g = make(hands, rules=rules, draws="3f7m9m1m", tail="5m")
    play_script(g, ["E discard 4z"])
    pass_claims(g)
    assert Action.parse("S flower 3f") in g.legal_actions("S")
    for move in ("S discard 7z", "W discard 7m", "N discard 9m"):  # S keeps the flower
        play_script(g, [move])
        pass_claims(g)
    play_script(g, ["E discard 6s", "S pon 6s"])
    legal = g.legal_actions("S")
    assert Action.parse("S flower 3f") in legal and Action.parse("S discard 3f") not in legal
    g.step(Action.parse("S flower 3f"))
    assert g.flowers[1] == [T("3f")] and g.draw_kind == "flower_replacement"


def test_nb_5_4_a_hand_of_flowers_after_a_chow_lays_them_down():
    """NB-5.4: random variant 242 (flowers laid down by hand) left a seat holding two flowers
    and nothing else after a chow, with no legal move before the flower kong was offered
    after a claim; its hand 4 now plays to the end."""
    text, rules = random_variant(242)
    assert "in_play manual" in text
    g = Game(rules, 4)
    result = play_hand(g, make_bots("random", 4))
    assert sum(result.deltas.values()) == 0
    assert any(e["e"] == "flower" and e["seat"] == "E" for e in g.events)


def test_nb_9_7_no_kong_without_a_tile_to_replace_it():
    """NB-9.7."""
    g = _play_to_the_last_tile()
    p = g.current
    hand = g.hands[p]
    k = next(k for k in range(27, 34) if k not in g.wilds)
    moved = 4 - hand[k]
    for t in range(34):  # test-only edit: four of a kind in hand, size kept
        while moved and hand[t] and t != k:
            hand[t] -= 1
            moved -= 1
    hand[k] = 4
    g.invalidate()
    assert not g.can_kong()
    assert not any(a.kind in ("ankan", "kakan") for a in g.legal_actions("ESWN"[p]))


def test_nh_1_9_nb_5_7_a_replacement_may_take_the_odd_tile_but_no_kept_one():
    """NH-1.9, NB-5.7: with the kept 18 tiles and one odd tile left, the odd tile is drawn
    (seed 004's reading, ``draw.count_by tiles``); read by whole stacks (``count_by
    stacks``) no head draw is allowed, but a flower's replacement takes the odd tile; with
    only the kept tiles left, a flower gets no replacement and the hand is drawn."""
    flower = 34  # 1f: any flower laid aside by the seat on turn
    g = Game(NINGHAI, 0)
    g.wall.remaining = 19
    assert g.can_draw()
    g.wall.remaining = 18
    assert not g.can_draw()

    by_stacks = dataclasses.replace(NINGHAI, draw=dataclasses.replace(NINGHAI.draw, count_by="stacks"))
    g = Game(by_stacks, 0)
    p = g.current
    g.hands[p][flower] += 1
    g.wall.remaining = 19
    assert not g.can_draw()
    assert replace_flower(g.table, p, flower) is not None
    assert g.wall.remaining == 18 and g.result is None

    g = Game(NINGHAI, 0)
    p = g.current
    g.hands[p][flower] += 1
    g.wall.remaining = 18
    assert replace_flower(g.table, p, flower) is None  # the caller then ends the hand drawn
    assert g.events[-1] == {"e": "bu", "seat": "ESWN"[p], "tile": "1f", "draw": None}


@pytest.mark.parametrize("bots, said", [
    ("three", "the bots are one for each of the 4 seats, not 3"),
    ("five", "the bots are one for each of the 4 seats, not 5"),
    ("east only", "no bot for seat 'S', 'W', 'N'"),
    ("a None", "the bot for seat 'N' is not callable: None"),
    ("a string", "the bots are one for each seat, keyed by E S W N or four in that order, not 'greedy'"),
    ("nothing", "the bots are one for each seat, keyed by E S W N or four in that order, not None"),
])
def test_play_hand_refuses_bots_that_are_not_one_a_seat(bots, said):
    """play_hand with three bots ended in KeyError 'N' after dealing, five played with the
    first four without a word, and a bot that is no callable in a TypeError mid-hand."""
    from nbmj.errors import GameSetupError

    greedy = GreedyBot()
    given = {"three": [greedy] * 3, "five": [greedy] * 5, "east only": {"E": greedy}, "a None": [greedy] * 3 + [None],
             "a string": "greedy", "nothing": None}[bots]
    game = Game("ningbo", 1)
    with pytest.raises(GameSetupError) as info:
        play_hand(game, given)
    assert str(info.value) == said and isinstance(info.value, ValueError)
    assert game.to_act == ["E"] and len(game.events) == len(Game("ningbo", 1).events)  # no move was made


def test_replay_reads_a_log_given_as_utf8_bytes():
    """Game.replay(path.read_bytes()) took the bytes for lines, one number each, and said
    'line 1 is not a JSON object: 123'."""
    g = Game("ningbo", 4)
    play_hand(g, make_bots("greedy"))
    text = g.log_text()
    assert list(Game.replay(text.encode("utf-8"))) == list(Game.replay(text))
    assert list(Game.replay(bytearray(text.encode("utf-8"))))[-1] == list(Game.replay(text))[-1]
    with pytest.raises(ReplayError, match="^the log is not UTF-8 text: invalid start byte at byte 0$") as info:
        list(Game.replay(b"\xff" + text.encode("utf-8")))
    assert info.value.index == 0
