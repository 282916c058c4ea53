"""``nbmj score``: the JSON contract, --explain, and exit status 2 on bad situations."""

import json
import re

import pytest
from click.testing import CliRunner

from nbmj.cli import main

T1 = {
    "variant": "ninghai",
    "seat": "S",
    "round": "E",
    "concealed": "13s 66m 888m",
    "win_tile": "2s",
    "win_by": "self_draw",
    "melds": [{"kind": "kan", "tiles": "9999m", "from": "E"}, {"kind": "pon", "tiles": "555m", "from": "W"}],
    "flowers": "",
    "indicator": None,
    "last_tile": False,
    "first_turn": False,
}
REQUIRED = {"valid", "reason", "items", "tai", "fu", "fan", "points", "payments", "decomposition"}


def run(args, data=None):
    text = data if isinstance(data, str) or data is None else json.dumps(data)
    return CliRunner().invoke(main, ["score", *args], input=text)


def test_json_result_T1_NH_4_3():
    """T1 through the CLI: 56 胡 → 60, each loser pays 60 (NH-4.3, NH-4.8)."""
    res = run(["-"], T1)
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert REQUIRED <= set(out)
    assert out["valid"] is True and out["reason"] is None
    assert out["fu"] == 56 and out["fan"] == 0 and out["tai"] is None and out["points"] == 60
    assert out["payments"] == {"E": -60, "S": 180, "W": -60, "N": -60}
    assert all({"name", "value", "unit", "rule"} <= set(i) for i in out["items"])
    assert out["decomposition"] == "[9999m] [555m] 123s 888m 66m"


def test_file_argument(tmp_path):
    path = tmp_path / "t1.json"
    path.write_text(json.dumps(T1), encoding="utf-8")
    res = run([str(path)])
    assert res.exit_code == 0 and json.loads(res.output)["points"] == 60


def test_ningbo_tai_fields_NB_13_4():
    """Ningbo results carry tai and null fu/fan; points S = tai (NB-13.4)."""
    sit = {"variant": "ningbo", "seat": "S", "concealed": "555z 12m 456p 789s 99s", "win_tile": "3m",
           "win_by": "discard", "from": "E", "flowers": "2f", "indicator": "7z"}
    out = json.loads(run(["-"], sit).output)
    assert out["tai"] == 4 and out["fu"] is None and out["fan"] is None and out["points"] == 4
    assert out["payments"] == {"E": -8, "S": 8, "W": 0, "N": 0}


def test_invalid_win_is_reported_not_refused_NB_13_1():
    """A win below the minimum is valid: false with a reason and rule, payments 0 (NB-13.1)."""
    sit = {"variant": "ningbo", "seat": "S", "concealed": "555z 12m 456p 789s 99s", "win_tile": "3m",
           "win_by": "discard", "from": "E", "indicator": "7z"}
    res = run(["-"], sit)
    assert res.exit_code == 0
    out = json.loads(res.output)
    assert out["valid"] is False and out["reason"] and out["reason_rule"] == "NB-13.1"
    assert set(out["payments"].values()) == {0}


def test_explain_prints_a_table():
    res = run(["--explain", "-"], T1)
    assert res.exit_code == 0, res.output
    # the 胡 added up and rounded, step by step with their rules, and who pays whom (issue #43)
    out = res.output
    assert "base 30 + 2 + 4 + 16 + 2 + 2 = 56" in out and "NH-2.4" in out and "🀏" in out
    assert "rounded up to a multiple of 10" in out and "NH-4.2" in out and "NH-4.8" in out


@pytest.mark.parametrize(
    "variant, sit_changes, words",
    [
        ("ningbo-7wild", {}, "胡别人打出的牌（NB-7.9）"),
        ("ningbo", {"flowers": ""}, "要4台才能胡（NB-13.1）"),
    ],
)
def test_explain_in_chinese_says_why_a_win_is_refused_in_chinese_NB_7_9_NB_13_1(variant, sit_changes, words):
    """``--lang zh`` printed the scorer's English reason after 不能胡 ("this variant allows
    no win on a discard"); the reason is now given in Chinese, with its rule."""
    sit = {"variant": variant, "seat": "S", "round": "E", "concealed": "555z 12m 456p 789s 99s", "win_tile": "3m",
           "win_by": "discard", "from": "E", "flowers": "2f", "indicator": "7z", **sit_changes}
    res = run(["--explain", "--lang", "zh", "-"], sit)
    assert res.exit_code == 0, res.output
    refused = res.output[res.output.index("不能胡："):]
    assert words in "".join(refused.split())
    assert not re.search(r"[A-Za-z]{3,}", re.sub(r"[A-Z]{2}-[\d.]+", "", refused)), refused


@pytest.mark.parametrize("concealed, win_tile, wait", [("555z 12m 456p 789s 99s", "3m", "边张"),
                                                       ("555z 13m 456p 789s 99s", "2m", "嵌张"),
                                                       ("555z 123m 456p 789s 9s", "9s", "单吊")])
def test_explain_in_chinese_names_the_wait_in_chinese_NB_10_7(concealed, win_tile, wait):
    """The reading line of ``--lang zh`` ended in the English wait ("(single)")."""
    sit = {"variant": "ningbo", "seat": "S", "concealed": concealed, "win_tile": win_tile, "win_by": "self_draw",
           "flowers": "2f 6f", "indicator": "7z"}
    res = run(["--explain", "--lang", "zh", "-"], sit)
    assert res.exit_code == 0, res.output
    reading = next(line for line in res.output.splitlines() if line.startswith("拆法"))
    assert reading.endswith(f"({wait})"), reading


@pytest.mark.parametrize(
    "change, fragment",
    [
        ({"concealed": "13s 66m 888q"}, "concealed"),
        ({"concealed": "13s 66m 887m"}, "does not win"),
        ({"win_tile": "5s"}, "does not win"),
        ({"melds": [{"kind": "pon", "tiles": "556m", "from": "W"}]}, "not a pon"),
        ({"concealed": "13s 66m 999m"}, "copies"),
        ({"win_by": "discard"}, "from"),
        ({"win_by": "discard", "from": "S"}, "winner"),
        ({"variant": "no-such-variant"}, "no-such-variant"),
    ],
)
def test_bad_situations_exit_2(change, fragment):
    res = run(["-"], {**T1, **change})
    assert res.exit_code == 2, res.output
    assert fragment in res.output


def test_bad_json_exits_2():
    res = run(["-"], "{not json")
    assert res.exit_code == 2 and "json" in res.output.lower()
