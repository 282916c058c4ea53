"""Variant names along the search path: the file's directory (for ``extends``), the current
directory, ``NBMJ_VARIANT_PATH``, then the shipped variants; user aliases; shadowing."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from nbmj.cli import main
from nbmj.errors import RuleSetError, UnknownVariantError
from nbmj.rules import compile_file, load_variant
from nbmj.rules.registry import ENV_VAR, find_variant, search_dirs, user_variant_infos


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty current directory and no NBMJ_VARIANT_PATH."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(ENV_VAR, raising=False)
    return tmp_path


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


THURSDAY = 'variant thursday extends ningbo "our Thursday game"\nalias thu\nscoring tai { minimum 2 }\n'


def test_a_name_finds_the_file_in_the_current_directory(home):
    _write(home / "thursday.nbv", THURSDAY)
    rules = load_variant("thursday")
    assert (rules.name, rules.scoring.minimum) == ("thursday", 2)
    assert load_variant("thu") is rules  # the user file's alias works, and the cache holds


def test_a_name_finds_the_file_through_the_environment_variable(home, tmp_path_factory, monkeypatch):
    one, two = tmp_path_factory.mktemp("one"), tmp_path_factory.mktemp("two")
    _write(two / "sunday.nbv", 'variant sunday extends ningbo "Sunday"\nscoring tai { minimum 3 }\n')
    with pytest.raises(UnknownVariantError, match="unknown variant 'sunday'"):
        load_variant("sunday")
    monkeypatch.setenv(ENV_VAR, os.pathsep.join([str(one), str(two)]))
    assert load_variant("sunday").scoring.minimum == 3
    assert search_dirs()[1:] == [one.resolve(), two.resolve()]


def test_the_current_directory_comes_before_the_environment_variable(home, tmp_path_factory, monkeypatch):
    other = tmp_path_factory.mktemp("other")
    _write(other / "thursday.nbv", THURSDAY.replace("minimum 2", "minimum 3"))
    _write(home / "thursday.nbv", THURSDAY)
    monkeypatch.setenv(ENV_VAR, str(other))
    assert load_variant("thursday").scoring.minimum == 2


def test_a_file_is_found_by_the_name_in_its_header_too(home):
    _write(home / "house-rules.nbv", THURSDAY)
    assert find_variant("thursday").path == str(home / "house-rules.nbv")
    assert load_variant("thu").name == "thursday"


def test_extends_looks_beside_the_child_first(home, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    _write(home / "thursday.nbv", THURSDAY)  # the current directory has another thursday
    _write(elsewhere / "thursday.nbv", THURSDAY.replace("minimum 2", "minimum 1"))
    kid = _write(elsewhere / "kid.nbv", 'variant kid extends thursday "beside"\n')
    assert compile_file(kid).scoring.minimum == 1


def test_extends_then_looks_in_the_current_directory(home, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    _write(home / "thursday.nbv", THURSDAY)
    kid = _write(elsewhere / "kid.nbv", 'variant kid extends thu "through the alias"\n')
    assert compile_file(kid).parent == "thu"
    assert compile_file(kid).scoring.minimum == 2


def test_a_user_file_may_not_take_a_shipped_name_by_accident(home):
    _write(home / "ninghai.nbv", 'variant ninghai extends ningbo "mine"\n')
    with pytest.raises(RuleSetError, match="'ninghai' is an alias of the shipped variant 'ninghai-yaobansan'"):
        load_variant("ninghai")


def test_a_user_file_that_says_it_shadows_replaces_the_shipped_one(home):
    _write(home / "ningbo.nbv", 'variant ningbo extends ningbo "our ningbo"\nshadows ningbo\nscoring tai { minimum 3 }\n')
    mine = load_variant("ningbo")
    assert (mine.summary, mine.scoring.minimum) == ("our ningbo", 3)
    # its parent, of the same name, is the shipped one (the file itself is skipped)
    assert mine.item("flush").value == 4 and mine.parent == "ningbo"


def test_variants_lists_user_variants_marked_as_such(home, tmp_path_factory, monkeypatch):
    other = tmp_path_factory.mktemp("other")
    _write(home / "thursday.nbv", THURSDAY)
    _write(other / "ningbo.nbv", 'variant ningbo extends ningbo "our ningbo"\nshadows ningbo\n')
    monkeypatch.setenv(ENV_VAR, str(other))
    assert [i.name for i in user_variant_infos()] == ["thursday", "ningbo"]
    out = CliRunner().invoke(main, ["variants"])
    assert out.exit_code == 0
    lines = out.output.splitlines()
    assert any(line.startswith("thursday") and f"[user {home / 'thursday.nbv'}]" in line for line in lines)
    assert any("[user" in line and "shadows ningbo]" in line for line in lines)
    shipped = [line for line in lines if line.startswith("ningbo-7wild")]
    assert shipped and "[user" not in shipped[0]
    data = json.loads(CliRunner().invoke(main, ["variants", "--json"]).output)
    user = [v for v in data["variants"] if v.get("user")]
    assert [v["name"] for v in user] == ["thursday", "ningbo"]
    assert "user" not in data["variants"][0]


def test_the_command_line_takes_a_user_name(home):
    _write(home / "thursday.nbv", THURSDAY)
    out = CliRunner().invoke(main, ["show", "thu", "--compact"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["scoring"]["minimum"] == 2
    checked = CliRunner().invoke(main, ["check", "thursday"])
    assert checked.exit_code == 0 and checked.output.strip() == "thursday: ok"


def test_a_path_without_the_suffix_finds_the_file(home):
    _write(home / "v" / "uncle.nbv", 'variant uncle extends ningbo "uncle"\n')
    assert load_variant("v/uncle").name == "uncle"


def test_an_unknown_name_says_where_it_looked(home):
    _write(home / "thursday.nbv", THURSDAY)
    with pytest.raises(UnknownVariantError) as info:
        load_variant("thursdy")
    assert "did you mean 'thursday'?" in str(info.value)
    assert str(home.resolve()) in str(info.value) and ENV_VAR in str(info.value)
