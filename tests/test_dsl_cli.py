"""``nbmj variants``, ``nbmj check`` and ``nbmj show``."""

from __future__ import annotations

import json

import pytest

from nbmj.rules import list_variants
from click.testing import CliRunner

from nbmj.cli import main
from nbmj.rules import load_variant


@pytest.fixture()
def run():
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, list(args), catch_exceptions=False)

    return invoke


def test_variants_lists_every_variant_with_parent_and_aliases(run):
    result = run("variants")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == len(list_variants())
    ningbo = next(line for line in lines if line.startswith("ningbo "))
    assert "(alias nb)" in ningbo
    yaobanliu = next(line for line in lines if line.startswith("ninghai-yaobanliu"))
    assert yaobanliu.split()[1] == "ninghai-yaobansan"
    assert "(alias ninghai)" in next(line for line in lines if line.startswith("ninghai-yaobansan"))


def test_variants_in_chinese_say_what_each_variant_is_in_chinese(run):
    """Under a Chinese locale (or ``--lang zh``) ``nbmj variants`` printed every summary in
    English; it now gives the Chinese summary the docs and the web lobby show."""
    from nbmj.rules import load_variant
    from nbmj.rules.zh_CN import SUMMARIES

    result = run("variants", "--lang", "zh")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == len(list_variants())
    for line in lines:
        name = line.split()[0]
        assert SUMMARIES[load_variant(name).summary] in line, line
    assert "（别名 nb）" in next(line for line in lines if line.startswith("ningbo "))
    assert CliRunner().invoke(main, ["variants"], env={"LC_ALL": "zh_CN.UTF-8"}).output == result.output


def test_variants_json(run):
    result = run("variants", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    by_name = {v["name"]: v for v in data["variants"]}
    assert by_name["ninghai-yaobansan"]["aliases"] == ["ninghai"]
    assert by_name["ningbo-000"]["parent"] == "ningbo"
    assert all(v["summary"] for v in data["variants"])


def test_check_clean_files(run, tmp_path):
    f = tmp_path / "mine.nbv"
    f.write_text('variant mine extends ningbo "mine"\nscoring tai { minimum 3 }\n', encoding="utf-8")
    result = run("check", str(f))
    assert result.exit_code == 0
    assert result.output == f"{f}: ok\n"


def test_check_reports_every_problem_with_caret(run, tmp_path):
    good = tmp_path / "good.nbv"
    good.write_text('variant good extends ningbo "good"\n', encoding="utf-8")
    bad = tmp_path / "bad.nbv"
    bad.write_text('variant bad extends ningbo "bad"\nscoring tai { minimum yes }\ndealer { on_draw stya }\n', encoding="utf-8")
    result = run("check", str(good), str(bad))
    assert result.exit_code == 1
    out = result.stdout
    assert f"{good}: ok" in out
    assert f"{bad}:2:23: scoring.minimum must be a whole number, not 'yes'" in out
    assert f"{bad}:3:18: unknown value 'stya' for dealer.on_draw; did you mean 'stay'?" in out
    assert "    2 | scoring tai { minimum yes }" in out
    assert "      |                       ^^^" in out


def test_check_syntax_error(run, tmp_path):
    bad = tmp_path / "bad.nbv"
    bad.write_text('variant bad "x"\ntiles { flowers yes\n', encoding="utf-8")
    result = run("check", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:2:20: missing '}}' to close the section" in result.stdout


def test_check_missing_file(run, tmp_path):
    result = run("check", str(tmp_path / "none.nbv"))
    assert result.exit_code == 1
    assert "cannot read the file" in result.stdout


def test_check_a_name_too_long_for_the_system_is_a_problem_not_a_traceback(run):
    """Found by an outside-in bad-input pass: `nbmj check NAME` asked whether NAME exists,
    and a name too long for the system to look up raised OSError (ENAMETOOLONG)."""
    name = "a" * 5000
    result = run("check", name)
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{name}:1:1: cannot read the file")


def test_check_json(run, tmp_path):
    bad = tmp_path / "bad.nbv"
    bad.write_text('variant bad extends ningbo "bad"\nscoring tai { minimum yes }\n', encoding="utf-8")
    result = run("check", "--json", str(bad))
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["ok"] is False
    assert data["diagnostics"] == [
        {"file": str(bad), "line": 2, "column": 23, "end_column": 26, "message": "scoring.minimum must be a whole number, not 'yes'"}
    ]


def test_check_shipped_variants(run):
    from nbmj._paths import spec_root

    files = sorted(str(p) for p in (spec_root() / "variants").glob("*.nbv"))
    result = run("check", *files)
    assert result.exit_code == 0, result.output
    assert result.output.count(": ok") == len(files)


def test_show_variant_as_json(run):
    """NH-3.9 as compiled: `nbmj show ninghai` prints the rule set with fan_cap 3."""
    result = run("show", "ninghai")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data == load_variant("ninghai-yaobansan").to_dict()
    assert data["scoring"]["fan_cap"] == 3


def test_show_compact(run):
    result = run("show", "--compact", "ningbo")
    assert result.exit_code == 0
    assert result.output.count("\n") == 1
    assert json.loads(result.output)["name"] == "ningbo"


def test_show_file(run, tmp_path):
    f = tmp_path / "mine.nbv"
    f.write_text('variant mine extends ningbo "mine"\n', encoding="utf-8")
    result = run("show", str(f))
    assert json.loads(result.output)["parent"] == "ningbo"


def test_show_unknown_variant_exits_2(run):
    result = run("show", "ningpo")
    assert result.exit_code == 2
    assert "unknown variant 'ningpo' (did you mean 'ningbo'?); known variants: nb, " in result.stderr
    assert result.stderr.count("ninghai-yaoerliu") == 1  # the known names are listed once


def test_show_a_name_too_long_for_the_system_is_an_unknown_variant(run):
    """Found by an outside-in bad-input pass: `nbmj show NAME` asked whether NAME is a file,
    and a name too long for the system to look up raised OSError (ENAMETOOLONG)."""
    result = run("show", "a" * 5000)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"nbmj: error: unknown variant {'a' * 5000!r}")


def test_show_bad_file_exits_2_with_diagnostics(run, tmp_path):
    f = tmp_path / "bad.nbv"
    f.write_text('variant bad extends ningbo "bad"\nscoring tai { minimum yes }\n', encoding="utf-8")
    result = run("show", str(f))
    assert result.exit_code == 2
    assert "scoring.minimum must be a whole number" in result.stderr
    assert "^^^" in result.stderr


_BAD_CHILD = (
    'variant kid extends ningbo "x"\n'
    'items { item qingyise "清一色" 4 tai when flsh [NB-12.10] }\n'
    "payments { self_draw: each_other -2 [NB-14.2] }\n"
)


def test_check_speaks_chinese_to_a_chinese_rule_author(run, tmp_path):
    """``nbmj check`` gave every problem in English; with ``--lang zh`` (or a Chinese
    locale) each message is the Chinese wording, at the same place, with the same line
    and caret (NB-12.10's item with a misspelt feature, NB-14.2's row with a negative share)."""
    path = tmp_path / "kid.nbv"
    path.write_text(_BAD_CHILD, encoding="utf-8")
    english = run("check", "--lang", "en", str(path))
    chinese = run("check", "--lang", "zh", str(path))
    assert english.exit_code == chinese.exit_code == 1
    assert f"{path}:2:40: 未知的特征 'flsh'；您是不是要写 'flush'？" in chinese.output
    assert f"{path}:3:34: 付款倍数至少是 0，不能是 -2" in chinese.output
    assert f"{path}：2 个问题" in chinese.output
    en_lines, zh_lines = english.output.splitlines(), chinese.output.splitlines()
    assert len(en_lines) == len(zh_lines)
    for en, zh in zip(en_lines, zh_lines):
        if en.startswith(str(path) + ":"):
            assert zh.split(": ", 1)[0] == en.split(": ", 1)[0] or en.endswith("problems")  # the location
        else:
            assert zh == en  # the source line and the caret
    assert f"{path}:2:40: unknown feature 'flsh'; did you mean 'flush'?" in english.output
    assert CliRunner().invoke(main, ["check", str(path)], env={"LC_ALL": "zh_CN.UTF-8"}).output == chinese.output
    assert CliRunner().invoke(main, ["check", str(path)], env={"LC_ALL": "en_GB.UTF-8"}).output == english.output


def test_check_json_keeps_the_english_message_tools_match(run, tmp_path):
    path = tmp_path / "kid.nbv"
    path.write_text(_BAD_CHILD, encoding="utf-8")
    data = json.loads(run("check", "--json", "--lang", "zh", str(path)).output)
    assert data["diagnostics"][0]["message"] == "unknown feature 'flsh'; did you mean 'flush'?"


def test_check_says_a_clean_file_is_clean_in_chinese(run):
    assert run("check", "--lang", "zh", "ningbo").output == "ningbo：没有问题\n"
