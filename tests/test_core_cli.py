"""`nbmj hand`: single hands, --wild, batch mode and exit status 2 on bad input."""

import json

import pytest
from click.testing import CliRunner

from nbmj.cli import main


def run(*args, stdin=None):
    result = CliRunner().invoke(main, ["hand", *args], input=stdin)
    return result


def one(*args):
    result = run(*args)
    assert result.exit_code == 0, result.output
    (line,) = result.stdout.splitlines()
    return json.loads(line)


def test_waiting_hand():
    assert one("1m23m456p789s 1z") == {
        "hand": "123m456p789s1z",
        "tiles": 10,
        "wilds": 0,
        "shanten": 0,
        "waits": ["1z"],
    }


def test_complete_hand_with_a_wild_kind():
    out = one("123m456p789s1z5m", "--wild", "5m")
    assert out == {"hand": "1235m456p789s1z", "tiles": 11, "wilds": 1, "shanten": -1, "win": True}
    assert "waits" not in out


def test_several_wild_kinds_and_flowers():
    out = one("123m456p1z1f", "--wild", "1f5m")
    assert out["wilds"] == 1 and out["win"] is True and out["tiles"] == 8
    out = one("1m2f3f4f", "--wild", "234f")
    assert out["wilds"] == 3 and out["shanten"] == 0
    assert len(out["waits"]) == 34  # one real 1m and three wilds wait on anything


def test_waits_list_wild_kinds_and_leave_out_four_held():
    # 23m waits on 1m/4m; 5m is wild, so drawing 5m (a wild) also wins.
    assert one("23m456p789s11z", "--wild", "5m")["waits"] == ["1m", "4m", "5m"]
    assert one("23m456p789s11z")["waits"] == ["1m", "4m"]
    assert one("1111m234p")["waits"] == []  # NB-10.4: no fifth 1m to draw


def test_shanten_of_a_far_hand():
    assert one("19m19p19s1234567z")["shanten"] == 8


@pytest.mark.parametrize(
    "args, fragment",
    [
        (("12x",), "'12x'"),
        (("123m456p789s11z2z",), "12 tiles"),
        (("123m456p789s1z1f",), "flower '1f'"),
        (("11111m23p",), "5 copies"),
        (("123m", "--wild", "9x"), "'9x'"),
        ((), "HAND"),
    ],
)
def test_bad_input_exits_2_with_one_line(args, fragment):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == "" or "Usage" in result.stderr
    message = [line for line in result.stderr.splitlines() if fragment in line]
    assert message, result.stderr


def test_batch_keeps_order_and_reports_bad_lines():
    lines = [
        json.dumps({"hand": "123m456p789s1z", "wild": None}),
        json.dumps({"hand": "1f"}),
        "not json",
        json.dumps({"hand": "1155m", "wild": "5m"}),
        json.dumps({"hand": "123m456p789s1z5m", "wild": "5m"}),
        json.dumps(["123m"]),
    ]
    result = run("--batch", "-", stdin="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == len(lines)
    assert out[0]["waits"] == ["1z"]
    assert "flower" in out[1]["error"]
    assert "error" in out[2]
    assert out[3]["wilds"] == 2 and out[3]["shanten"] == 0
    assert out[4]["win"] is True
    assert "error" in out[5]


def test_batch_from_file(tmp_path):
    path = tmp_path / "hands.jsonl"
    path.write_text('{"hand": "11m"}\n{"hand": "12m"}\n', encoding="utf-8")
    result = run("--batch", str(path))
    assert result.exit_code == 0
    assert [json.loads(line)["win"] for line in result.stdout.splitlines()] == [True, False]


def test_unreadable_batch_file_exits_2(tmp_path):
    result = run("--batch", str(tmp_path / "missing.jsonl"))
    assert result.exit_code == 2
    assert "missing.jsonl" in result.stderr
