"""``nbmj play``: forgiving input, every withheld move explained, a match with its
settlements, logs that replay; and the real program driven through a pseudo-terminal."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from nbmj.cli import main
from nbmj.cli.play import TextTable, _hint, default_language, read_move
from nbmj.engine import Action, Game
from nbmj.rules import load_variant
from nbmj.tiles import glyph, parse_tile

sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import MIN0, NINGBO, make  # noqa: E402

EN = TextTable("en")
ZH = TextTable("zh")


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


@pytest.fixture()
def dealer_turn() -> tuple[Game, list[Action]]:
    g = make({"E": "19m19p19s1234567z5m"}, rules=MIN0)
    return g, g.legal_actions("E")


@pytest.mark.parametrize("typed", ["5m", "5M", " 5m ", glyph(parse_tile("5m")), "五万", "discard 5m", "打 5m", "d 5M"])
def test_a_bare_tile_in_any_spelling_discards_it(dealer_turn, typed):
    g, legal = dealer_turn
    assert read_move(typed, "E", legal, EN, g) == Action.parse("E discard 5m")


def test_numbers_and_words(dealer_turn):
    g, legal = dealer_turn
    assert read_move("1", "E", legal, EN, g) is legal[0]
    assert "not on the list" in read_move("99", "E", legal, EN, g)
    assert "did you mean 'discard 5m'" in read_move("discrad 5m", "E", legal, EN, g)
    assert "did you mean 'pass'" in read_move("pas", "E", legal, EN, g)
    assert "cannot read" in read_move("xyzzy", "E", legal, EN, g)
    assert read_move("", "E", legal, EN, g) == EN.t("help")
    assert read_move("3z", "E", legal, EN, g) == Action.parse("E discard 3z")
    assert "holds no" in read_move("8m", "E", legal, EN, g)


def test_nh_1_7_a_refused_discard_names_the_rule():
    g = make({"E": "19m19p19s1234567z5m"}, rules=load_variant("ninghai"))
    message = read_move("1s", "E", g.legal_actions("E"), EN, g)
    assert isinstance(message, str) and "NH-1.7" in message
    message = read_move("1s", "E", g.legal_actions("E"), ZH, g)
    assert "NH-1.7" in message and "不允许" in message


def test_nb_13_1_the_hint_says_why_a_complete_hand_is_offered_no_win():
    g = make({"E": "234m567m345p678s99p"}, rules=NINGBO)
    legal = g.legal_actions("E")
    assert not any(a.kind == "hu" for a in legal)
    hint = _hint(g, "E", legal, EN)
    assert "complete" in hint and "no win offered" in hint and "NB-13.1" in hint
    assert "NB-13.1" in read_move("hu", "E", legal, EN, g)


def test_hints_name_only_legal_discards():
    g = make({"E": "19m19p19s1234567z5m"}, rules=load_variant("ninghai"))
    legal = g.legal_actions("E")
    hint = _hint(g, "E", legal, EN)
    named = re.findall(r"\b[1-9][mpsz]\b", hint.split("discards that keep it:", 1)[-1]) if "keep" in hint else []
    allowed = {a.tile for a in legal if a.kind == "discard"}
    assert all(parse_tile(code) in allowed for code in named)


def test_wilds_are_marked_in_every_listing():
    table = TextTable("en", wilds=frozenset({parse_tile("5m")}))
    assert "★" in table.tile(parse_tile("5m")) and "★" not in table.tile(parse_tile("6m"))
    assert "★" in table.action(Action.parse("E discard 5m"))


def test_default_language_follows_the_locale(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert default_language() == "zh"
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert default_language() == "en"


def test_the_chinese_table_says_the_round_wind_as_a_wind_and_punctuates_in_chinese():
    """'nbmj play --lang zh' headed a hand '圈风 东家' (the round wind given as a seat's
    name; NB-2.5) and wrote its table lines with English punctuation ('牌墙剩 85 张; 翻牌
    六筒, 百搭 ...', '东家 (你)（庄）: 牌河')."""
    r = run("play", "--seed", "2", "--hands", "1", "--lang", "zh", input="q\n")
    assert "圈风 东\n" in r.output and "圈风 东家" not in r.output
    table = r.output[r.output.index("牌墙剩"):r.output.index("你的手牌")]
    assert not re.search(r"[;:,] ", table), table
    assert "（你）" in table


def test_bad_input_is_answered_and_the_list_shown_again():
    r = run("play", "--seed", "0", "--hands", "1", "--lang", "en", input="\n99\nfoo\ndiscard 9z\nq\n")
    assert r.exit_code == 0, r.output
    assert "type the number of a choice" in r.output
    assert "99 is not on the list" in r.output
    assert "cannot read 'foo'" in r.output
    assert r.output.count("your choices:") >= 5
    assert "Traceback" not in r.output and "you left the table" in r.output


def test_a_match_of_two_hands_writes_logs_that_replay(tmp_path):
    log = tmp_path / "me.log"
    r = run("play", "--seed", "2", "--seat", "S", "--hands", "2", "--lang", "en", "--log", str(log), input="1\n" * 400)
    assert r.exit_code == 0, r.output
    assert r.output.count("settlement of hand") == 2 and "the match is over" in r.output
    for n in (1, 2):
        path = tmp_path / f"me-{n}.log"
        assert path.exists()
        rep = run("replay", str(path))
        assert rep.exit_code == 0, rep.output
    assert "total" in r.output


def test_a_log_with_no_directory_to_go_in_is_refused_before_the_match(tmp_path):
    """Found by an outside-in bad-input pass: --log in a directory that does not exist let
    the person play the whole hand, then printed FileNotFoundError as a traceback."""
    log = tmp_path / "nowhere" / "me.log"
    r = run("play", "--hands", "1", "--lang", "en", "--log", str(log), input="1\n" * 400)
    assert r.exit_code == 2, r.output
    assert "no directory" in r.output and repr(str(log.parent)) in r.output
    assert "your move" not in r.output and "Traceback" not in r.output


# ---------------------------------------------------------------- through a real terminal

pexpect = pytest.importorskip("pexpect")


@pytest.mark.skipif(shutil.which("nbmj") is None, reason="the nbmj command is not on PATH")
def test_the_real_program_plays_a_whole_hand_in_a_pseudo_terminal(tmp_path):
    log = tmp_path / "hand.log"
    child = pexpect.spawn(
        "nbmj", ["play", "--seed", "5", "--hands", "1", "--lang", "zh", "--log", str(log)],
        encoding="utf-8", timeout=60, dimensions=(50, 140), env={"PATH": str(Path(sys.executable).parent), "TERM": "xterm"},
    )
    answers = iter(["?", "discrad 5m"])
    prompts = 0
    while True:
        i = child.expect(["你的选择", "比赛结束", pexpect.EOF])
        if i:
            break
        prompts += 1
        child.sendline(next(answers, "1"))
        assert prompts < 400
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    screen = child.before or ""
    assert prompts >= 3
    assert log.exists() and run("replay", str(log)).exit_code == 0
    assert "Traceback" not in screen


def test_readings_mark_the_places_wilds_fill():
    from types import SimpleNamespace

    from nbmj.tiles import parse_tiles

    wild = parse_tile("1f")
    table = TextTable("en", wilds=frozenset({wild, parse_tile("2f")}))
    sit = SimpleNamespace(concealed=tuple(parse_tiles("46m11z1f")), win_tile=parse_tile("1z"))
    shown = table.reading("[999m] 456m 111z", sit)
    assert shown.count("★") == 1 and "5m★" in shown and "9m9m9m" in shown
