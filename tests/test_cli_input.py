"""What a command is given, read without a traceback: encodings, a BOM, deep JSON, GBK consoles.

``nbmj score``, ``nbmj claims``, ``nbmj replay`` and ``nbmj hand --batch`` read UTF-8. A GBK
file, a UTF-16 file ("Unicode" in Notepad), a stray byte and JSON nested ~1,000 deep each
give one ``nbmj: error:`` line and exit status 2; a UTF-8 BOM is skipped; in a batch a bad
line costs only itself. Output to a console that cannot show tile glyphs (GBK) is replaced
or escaped, never an encoding error.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from _engine_helpers import CLAIMS_TABLE
from _scoring_helpers import GOOD_SITUATION
from nbmj.cli import main
from nbmj.cli._input import MAX_DEPTH
from nbmj.cli._output import emit_json
from nbmj.engine import Game, make_bots, play_hand
from nbmj.rules import load_variant

DEEP = ("[" * 1000 + "]" * 1000).encode()


def _log() -> bytes:
    g = Game(load_variant("ningbo"), 3)
    play_hand(g, make_bots("random", 3))
    return g.log_text().encode("utf-8")


INPUTS = {
    "score": json.dumps(GOOD_SITUATION, ensure_ascii=False).encode("utf-8"),
    "claims": json.dumps(CLAIMS_TABLE, ensure_ascii=False).encode("utf-8"),
    "replay": _log(),
}
CHINESE = '{"note": "宁波麻将"}\n'


def bad_inputs(good: bytes) -> dict[str, bytes]:
    """The ways a file a user made can fail to be UTF-8, and a JSON bomb."""
    gbk = good.rstrip(b"\n") + b"\n" + CHINESE.encode("gbk")
    return {
        "gbk": gbk,
        "utf-16": (good.decode("utf-8") + CHINESE).encode("utf-16"),
        "utf-16-no-bom": (good.decode("utf-8") + CHINESE).encode("utf-16-le"),
        "binary": b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)),
        "stray-byte": good[:10] + b"\xff" + good[10:],
        "deep-json": DEEP,
        "deep-json-line": good.rstrip(b"\n") + b"\n" + DEEP + b"\n",
    }


def invoke(args: list[str], stdin: bytes | None = None) -> click.testing.Result:
    return CliRunner().invoke(main, args, input=stdin)


def assert_one_line_error(result: click.testing.Result, *fragments: str) -> None:
    assert result.exit_code == 2, (result.output, result.exception)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nbmj: error: "), result.output
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


@pytest.mark.parametrize(
    "command, kind",
    [(c, k) for c in sorted(INPUTS) for k in sorted(bad_inputs(b"{}")) if c == "replay" or k != "deep-json-line"],
)
def test_bad_bytes_are_a_one_line_error(command, kind, tmp_path):
    data = bad_inputs(INPUTS[command])[kind]
    path = tmp_path / "input.json"
    path.write_bytes(data)
    expected = {"gbk": "not UTF-8", "utf-16": "UTF-16", "utf-16-no-bom": "NUL bytes", "binary": "NUL bytes", "stray-byte": "byte 0xff at line 1, column 11",
                "deep-json": f"more than {MAX_DEPTH} levels", "deep-json-line": f"more than {MAX_DEPTH} levels"}
    assert_one_line_error(invoke([command, str(path)]), expected[kind])
    assert_one_line_error(invoke([command, "-"], data), expected[kind])


def test_the_error_names_the_file_and_the_place(tmp_path):
    path = tmp_path / "gbk.json"
    path.write_bytes('{"seat": "南"}'.encode("gbk"))
    result = invoke(["score", str(path)])
    assert_one_line_error(result, repr(str(path)), "byte 0xc4 at line 1, column 11", "save it as UTF-8")
    assert_one_line_error(invoke(["score", "-"], path.read_bytes()), "standard input")


@pytest.mark.parametrize("command", sorted(INPUTS))
def test_a_utf8_bom_is_accepted(command, tmp_path):
    plain = invoke([command, "-"], INPUTS[command])
    assert plain.exit_code == 0, plain.output
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + INPUTS[command])
    with_bom = invoke([command, str(path)])
    assert with_bom.exit_code == 0, with_bom.output
    assert with_bom.output == plain.output


def test_deep_but_reasonable_json_still_reaches_the_checks():
    """Nesting within the bound is read, and the situation's own checks answer."""
    data = {**GOOD_SITUATION, "seat": [[["E"]]]}
    assert_one_line_error(invoke(["score", "-"], json.dumps(data).encode()), "'seat'")


def test_a_number_of_too_many_digits_is_a_one_line_error():
    """Python refuses to read a whole number of more than 4,300 digits with a ValueError that
    is no JSONDecodeError: it was a traceback."""
    data = json.dumps({**GOOD_SITUATION, "seat": "E"}).replace('"seat"', '"n": ' + "9" * 5000 + ', "seat"', 1)
    assert_one_line_error(invoke(["score", "-"], data.encode()), "the situation holds a number too long to read")
    result = invoke(["hand", "--batch", "-"], _batch(b'{"hand": "123m456p789s11222z", "n": ' + b"9" * 5000 + b"}"))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"error": "line 1 holds a number too long to read"}


def _batch(*lines: bytes) -> bytes:
    return b"\n".join(lines) + b"\n"


def test_batch_bad_bytes_cost_only_their_own_line():
    good = b'{"hand": "123m456p789s11222z"}'
    result = invoke(["hand", "--batch", "-"], _batch(
        b"\xef\xbb\xbf" + good,                      # a BOM on the first line is skipped
        b'{"hand": "123m\xb6\xd4"}',                  # GBK bytes
        good,
        b"\xff" + good,                               # a stray byte
        DEEP,                                         # a JSON bomb
        good,
    ))
    assert result.exit_code == 0, result.output
    out = [json.loads(line) for line in result.output.splitlines()]
    assert len(out) == 6
    for i in (0, 2, 5):
        assert out[i]["win"] is True
    assert out[1] == {"error": "line 2 is not UTF-8 text: byte 0xb6 at column 15; save it as UTF-8"}
    assert "line 4 is not UTF-8 text: byte 0xff" in out[3]["error"]
    assert out[4] == {"error": f"line 5 is nested more than {MAX_DEPTH} levels deep"}


def test_batch_in_utf16_is_one_line_error(tmp_path):
    path = tmp_path / "hands.jsonl"
    path.write_bytes('{"hand": "123m456p789s1122z"}\n'.encode("utf-16"))
    assert_one_line_error(invoke(["hand", "--batch", str(path)]), repr(str(path)), "UTF-16")


def test_json_output_survives_a_gbk_console():
    """A character GBK lacks turns into a JSON escape: the same object, no encoding error."""

    @click.command()
    def show() -> None:
        emit_json({"tile": "🀄", "name": "红中"})

    result = CliRunner(charset="gbk").invoke(show)
    assert result.exit_code == 0, result.exception
    assert json.loads(result.output) == {"tile": "🀄", "name": "红中"}
    assert "红中" not in result.output  # escaped with the rest of the line, readable on any console


@pytest.mark.parametrize("args", [["score", "--explain", "-"], ["demo", "--seed", "1"]], ids=["score", "demo"])
def test_text_output_survives_a_gbk_console(args):
    """``PYTHONIOENCODING=gbk``, as a Chinese Windows console: glyphs are replaced, not fatal."""
    env = {**os.environ, "PYTHONIOENCODING": "gbk"}
    data = json.dumps(GOOD_SITUATION).encode() if args[0] == "score" else b""
    proc = subprocess.run([sys.executable, "-c", "from nbmj.cli import main; main()", *args], input=data,
                          capture_output=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode("gbk", "replace")
    assert b"Traceback" not in proc.stderr
    text = proc.stdout.decode("gbk")
    assert text.strip()
    assert "?" in text  # the glyphs GBK lacks, replaced
