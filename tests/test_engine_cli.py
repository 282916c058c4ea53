"""The engine's commands: demo, replay and the ``claims`` contract (play: test_cli_play.py)."""

import json
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from nbmj.cli import main
from nbmj.engine import Game, make_bots, play_hand

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import CLAIMS_TABLE as CLAIMS  # noqa: E402


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_demo_prints_the_hand_and_its_end():
    r = run("demo", "--seed", "4")
    assert r.exit_code == 0, r.output
    assert "indicator" in r.output and "the table at the end" in r.output
    assert "discards" in r.output


def test_demo_with_a_win_prints_the_settlement():
    r = run("demo", "--seed", "4")
    # the win narrated, then explained: its items, its value step by step, who pays whom
    assert "wins by" in r.output and "the value" in r.output and "who pays whom" in r.output
    assert re.search(r"NB-14\.\d", r.output)


@pytest.mark.parametrize("how", ["option", "locale"])
def test_demo_speaks_chinese_NB_14_1(how):
    """``nbmj demo`` was English only, whatever the locale: its narration, its tables and
    the settlement. With ``--lang zh``, or a Chinese locale, it is all Chinese."""
    if how == "option":
        r = run("demo", "--seed", "4", "--lang", "zh")
    else:
        r = CliRunner().invoke(main, ["demo", "--seed", "4"], env={"LC_ALL": "zh_CN.UTF-8"})
    assert r.exit_code == 0, r.output
    out = r.output
    assert "发牌后的牌桌" in out and "终局时的牌桌" in out and "打出" in out
    assert "胡牌（" in out and "算分" in out and "谁付谁" in out and "NB-14.1" in out
    english = re.findall(r"\b(?:discards|draws|wins|table|seed|bots|reading|wait|pays|tiles)\b", out)
    assert not english, english


def test_demo_unknown_variant_is_a_one_line_error():
    r = run("demo", "--variant", "nosuch")
    assert r.exit_code == 2
    assert r.output.count("\n") <= 2 and "nosuch" in r.output


def test_simulate_json_is_independent_of_workers():
    one = run("simulate", "--games", "12", "--seed", "3", "--json")
    two = run("simulate", "--games", "12", "--seed", "3", "--json", "--workers", "2")
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    a, b = json.loads(one.output.splitlines()[-1]), json.loads(two.output.splitlines()[-1])
    assert a == b
    assert a["games"] == 12 and a["wins"] + a["draws"] >= 12 - 0
    assert set(a["wins_by_seat"]) == set("ESWN")


def test_simulate_table_output():
    r = run("simulate", "--games", "5", "--bot", "random", "--variant", "ninghai")
    assert r.exit_code == 0, r.output
    assert "draw rate" in r.output


def test_replay_prints_each_event(tmp_path):
    g = Game("ningbo", 4)
    play_hand(g, make_bots("greedy"))
    path = tmp_path / "hand.jsonl"
    path.write_text(g.log_text(), encoding="utf-8")
    r = run("replay", str(path))
    assert r.exit_code == 0, r.output
    out = r.output.splitlines()
    # the header line, one line per event, then where the log ends, the wins, the settlement,
    # and the settlement explained: each line a step or a term with its rule
    winners = len(g.result.winners) or 1
    settled = next(i for i, line in enumerate(out) if line.startswith("settlement: "))
    assert settled == 1 + len(g.events) + 1 + winners
    assert out[settled + 1:] and all(re.search(r"\[N[BH]-[\d.]+\]$", line) for line in out[settled + 1:])
    r = run("replay", str(path), "--json")
    states = [json.loads(line) for line in r.output.splitlines()]
    assert states[-1]["phase"] == "over"


@pytest.mark.parametrize("field", ["seed", "dealer", "round_wind"])
def test_replay_says_the_hand_of_a_header_without_its_optional_fields(tmp_path, field):
    """Found by an outside-in bad-input pass: a header may leave out seed, dealer and round
    wind (the game takes 0, E and E), and the log replays; `nbmj replay` then printed
    KeyError: 'dealer' as a traceback from its first line."""
    g = Game("ningbo", 0)
    play_hand(g, make_bots("greedy"))
    lines = g.log_lines()
    header = json.loads(lines[0])
    del header[field]
    path = tmp_path / "hand.jsonl"
    path.write_text("\n".join([json.dumps(header)] + lines[1:]), encoding="utf-8")
    r = run("replay", str(path))
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "ningbo, seed 0, dealer E, round wind E"


@pytest.mark.parametrize("cut", [False, True])
def test_replay_speaks_chinese(tmp_path, cut):
    """``nbmj replay`` was English only, like demo; with ``--lang zh`` (or a Chinese
    locale) its events, its end and its settlement are told in Chinese (NB-14.1)."""
    game = Game("ningbo", 4)
    bots = make_bots("greedy", 4)
    while not game.is_over:
        seat = game.to_act[0]
        game.step(bots[seat](game.observation(seat), game.legal_actions(seat)))
    lines = game.log_text().splitlines()
    path = tmp_path / "hand.log"
    path.write_text("\n".join(lines[:40] if cut else lines) + "\n", encoding="utf-8")
    r = run("replay", str(path), "--lang", "zh")
    assert r.exit_code == 0, r.output
    assert ("日志在本局结束前中断" in r.output) if cut else ("胡牌（点炮" in r.output and "结算：" in r.output)
    english = re.findall(r"\b(?:seed|dealer|wind|log|wins|settlement|hand|pays|points|waiting|turn|claims)\b", r.output)
    assert not english, english
    assert CliRunner().invoke(main, ["replay", str(path)], env={"LC_ALL": "zh_CN.UTF-8"}).output == r.output


def test_replay_of_an_edited_log_is_a_one_line_error(tmp_path):
    g = Game("ningbo", 4)
    play_hand(g, make_bots("greedy"))
    lines = g.log_lines()
    i = next(i for i, line in enumerate(lines) if '"e":"discard"' in line)
    ev = json.loads(lines[i])
    ev["tile"] = "8f"
    lines[i] = json.dumps(ev)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines), encoding="utf-8")
    r = run("replay", str(path))
    assert r.exit_code == 2
    assert f"line {i + 1}:" in r.output  # lines count from 1, the header is line 1


def test_claims_contract_pon_beats_chi(tmp_path):
    path = tmp_path / "c.json"
    path.write_text(json.dumps(CLAIMS), encoding="utf-8")
    r = run("claims", str(path))
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["claims"]["S"] == [{"claim": "chi", "tiles": "56s"}]
    assert out["claims"]["W"] == [{"claim": "pon", "tiles": "77s"}]
    assert out["claims"]["N"] == []
    assert out["winner"] == {"seat": "W", "claim": "pon", "tiles": "77s"}


def test_claims_contract_with_melds_and_a_win():
    data = {
        "variant": "ningbo",
        "discarder": "N",
        "tile": "5z",
        "indicator": "9p",
        "E": {"concealed": "123m456m789m5z", "melds": [{"kind": "pon", "tiles": "666z", "from": "S"}]},
        "S": {"concealed": "5z5z1234p1234s7z7z9s", "melds": []},
        "W": {"concealed": "11223344z66778p", "melds": []},
    }
    r = run("claims", "-", input=json.dumps(data))
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert [o["claim"] for o in out["claims"]["S"]] == ["pon"]
    assert out["claims"]["E"] == [{"claim": "hu", "points": 5}]
    assert out["winner"] == {"seat": "E", "claim": "hu"}  # NB-7.5: the win beats S's pon


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d.pop("tile"), "lacks 'tile'"),
        (lambda d: d.update(tile="0x"), "tile"),
        (lambda d: d.update(discarder="Q"), "discarder"),
        (lambda d: d["S"].update(concealed="56s"), "not 13"),
        (lambda d: d.update(extra=1), "unknown field"),
        (lambda d: d["W"].update(concealed="7777s23456m6789p"), "copies"),
        (lambda d: d.update(variant="nosuch"), "nosuch"),
    ],
)
def test_claims_bad_input_is_one_line_exit_2(change, words):
    data = json.loads(json.dumps(CLAIMS))
    change(data)
    r = run("claims", "-", input=json.dumps(data))
    assert r.exit_code == 2, r.output
    assert words in r.output and len(r.output.strip().splitlines()) == 1


def test_claims_not_json_is_exit_2():
    r = run("claims", "-", input="{nope")
    assert r.exit_code == 2 and "not valid JSON" in r.output


def _claims(data):
    r = run("claims", "-", input=json.dumps(data))
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_claims_contract_kan_and_pon_are_both_offered():
    """NB-7.3: three in hand may kong or pong; kong and pong share a tier (NB-7.5)."""
    data = json.loads(json.dumps(CLAIMS))
    data["W"]["concealed"] = "777s3456m6789p12z"
    data["S"]["concealed"] = "56s1234p1234z568p"
    out = _claims(data)
    assert [o["claim"] for o in out["claims"]["W"]] == ["kan", "pon"]
    assert out["winner"] == {"seat": "W", "claim": "kan", "tiles": "777s"}


def test_claims_contract_a_discarded_wild_is_dead():
    """NB-8.9."""
    data = json.loads(json.dumps(CLAIMS))
    data["indicator"] = "7s"
    data["tile"] = "7s"
    data["W"]["concealed"] = "7s23456m6789p12z8s"
    out = _claims(data)
    assert out["claims"] == {"S": [], "W": [], "N": []} and out["winner"] is None


def test_claims_contract_first_go_around_in_ninghai():
    """NH-1.8: no chi, pong or kong in the first go-around; a win stays allowed."""
    data = {k: v for k, v in CLAIMS.items() if k != "indicator"}
    data["variant"] = "ninghai"
    data["first_go_around"] = True
    out = _claims(data)
    assert out["claims"] == {"S": [], "W": [], "N": []}


def test_claims_contract_no_chi_in_the_seven_wild_variant():
    """NB-7.9."""
    data = json.loads(json.dumps(CLAIMS))
    data["variant"] = "ningbo-7wild"
    out = _claims(data)
    assert out["claims"]["S"] == [] and out["winner"]["claim"] == "pon"
