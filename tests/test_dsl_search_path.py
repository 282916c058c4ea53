"""Variant names along the search path: the file's directory (for ``extends``), the current
directory, ``NBMJ_VARIANT_PATH``, then the shipped variants; user aliases; shadowing."""

from __future__ import annotations

import re

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

from nbmj._paths import current_directory_searched, search_current_directory
from nbmj.cli import main
from nbmj.engine import Game
from nbmj.errors import AmbiguousVariantError, RuleSetError, UnknownVariantError
from nbmj.rules import compile_file, load_variant, registry
from nbmj.rules.registry import ENV_VAR, VariantShadowWarning, find_variant, search_dirs, user_variant_infos


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty current directory, searched for names as the ``nbmj`` command searches it,
    and no NBMJ_VARIANT_PATH."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(ENV_VAR, raising=False)
    searched = current_directory_searched()
    search_current_directory(True)
    yield tmp_path
    search_current_directory(searched)


@pytest.fixture
def library(tmp_path, monkeypatch):
    """An empty current directory as a program calling the library sees it (not searched),
    and no NBMJ_VARIANT_PATH."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(ENV_VAR, raising=False)
    monkeypatch.setattr(registry, "_announced", set())
    searched = current_directory_searched()
    search_current_directory(False)
    yield tmp_path
    search_current_directory(searched)


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
    with pytest.warns(VariantShadowWarning):
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


@pytest.mark.parametrize("given", ["/", "./", "/" + "a" * 5000, "a" * 300 + ".nbv"])
def test_a_path_that_names_no_file_the_system_can_look_up_is_an_unknown_variant(home, given):
    """A path with no name to add ``.nbv`` to, or one too long for the system to look up,
    is a variant found nowhere, quoted (found by an outside-in bad-input pass: ``nbmj show /``
    printed pathlib's ValueError, a name too long its OSError, as tracebacks)."""
    from nbmj.rules.registry import portable_spec

    with pytest.raises(UnknownVariantError, match="no variant file"):
        load_variant(given)
    assert portable_spec(given) == str(Path(given).resolve())  # the worker's load_variant says it


def test_an_unknown_name_says_where_it_looked(home):
    _write(home / "thursday.nbv", THURSDAY)
    with pytest.raises(UnknownVariantError) as info:
        load_variant("thursdy")
    assert "did you mean 'thursday'?" in str(info.value)
    assert str(home.resolve()) in str(info.value) and ENV_VAR in str(info.value)


# ---------------------------------------------------------------- a library call and the cwd

SHADOW = 'variant ningbo extends ningbo "our ningbo"\nshadows ningbo\nscoring tai { minimum 9 }\n'


def test_a_library_call_does_not_look_in_the_current_directory(library):
    """An embedding program's working directory is not a folder of rules: a stray file
    there changes nothing that the library loads by name."""
    _write(library / "ningbo.nbv", SHADOW)
    _write(library / "thursday.nbv", THURSDAY)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # and nothing is announced: nothing is shadowed
        assert Game("ningbo").rules.scoring.minimum == 4 and load_variant("ningbo").source == "variants/ningbo.nbv"
    with pytest.raises(UnknownVariantError, match="only the nbmj command searches the current directory"):
        load_variant("thursday")
    assert search_dirs() == []
    assert load_variant("./thursday.nbv").scoring.minimum == 2  # a path is a path


def test_the_command_looks_in_the_current_directory_and_leaves_the_library_as_it_was(library):
    _write(library / "thursday.nbv", THURSDAY)
    out = CliRunner().invoke(main, ["show", "thursday", "--compact"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["scoring"]["minimum"] == 2
    assert not current_directory_searched()  # an in-process run does not leave it on
    with pytest.raises(UnknownVariantError):
        load_variant("thursday")


def test_a_library_call_finds_the_directories_of_the_environment_variable(library, tmp_path_factory, monkeypatch):
    rules_dir = tmp_path_factory.mktemp("rules")
    _write(rules_dir / "thursday.nbv", THURSDAY)
    monkeypatch.setenv(ENV_VAR, str(rules_dir))
    assert load_variant("thu").scoring.minimum == 2


# ---------------------------------------------------------------- a broken neighbour

DEEP = 'variant deep extends ningbo "deep"\nitems {\n  new item d "深" 1 tai when ' + "not " * 1000 + "flush [NB-12.11]\n}\n"
LONG = 'variant long extends ningbo "long"\nscoring tai { minimum ' + "9" * 5000 + " }\n"
WIDE = 'variant wide extends ningbo "wide"\nscoring tai ｛ minimum 2 ｝\n'


def test_a_directory_of_the_environment_variable_the_system_cannot_look_up_is_skipped(library, tmp_path_factory, monkeypatch):
    """Found by an outside-in bad-input pass: a directory name too long for the system on
    NBMJ_VARIANT_PATH made every command (nbmj variants, show, simulate...) print OSError
    (ENAMETOOLONG) as a traceback; a directory that does not exist was already skipped."""
    rules_dir = tmp_path_factory.mktemp("rules")
    _write(rules_dir / "thursday.nbv", THURSDAY)
    monkeypatch.setenv(ENV_VAR, os.pathsep.join(["/" + "a" * 300, str(rules_dir)]))
    assert search_dirs() == [rules_dir.resolve()]
    assert load_variant("thursday").name == "thursday"
    assert CliRunner().invoke(main, ["variants"]).exit_code == 0


def test_a_broken_neighbour_affects_only_itself(home, tmp_path_factory, monkeypatch):
    """Files whose headers cannot be read (nested 1,000 deep, a number of 5,000 digits,
    full-width braces) in the current directory and on the path: every other name still
    loads, from the command and from Python, and `nbmj variants` lists them as broken."""
    other = tmp_path_factory.mktemp("other")
    _write(home / "deep.nbv", DEEP)
    _write(other / "long.nbv", LONG)
    _write(other / "wide.nbv", WIDE)
    monkeypatch.setenv(ENV_VAR, str(other))
    _write(home / "mine.nbv", THURSDAY)
    assert load_variant("ningbo").name == "ningbo" and Game("ningbo").rules.name == "ningbo"
    assert load_variant("thursday").scoring.minimum == 2
    runner = CliRunner()
    for args in (["simulate", "--variant", "ningbo", "--games", "1", "--json"], ["check", "mine.nbv"], ["show", "ninghai", "--compact"]):
        out = runner.invoke(main, args)
        assert out.exit_code == 0 and "Traceback" not in out.output, (args, out.output)
    out = runner.invoke(main, ["variants"])
    assert out.exit_code == 0, out.output
    broken = {line.split()[0]: line for line in out.output.splitlines() if "broken:" in line}
    assert set(broken) == {"deep", "long", "wide"}
    assert f"{home / 'deep.nbv'}:3:" in broken["deep"] and "nests more than 50 deep" in broken["deep"]
    assert "a number of 5,000 digits is too long" in broken["long"]
    assert "full-width '｛'" in broken["wide"]
    listed = {v["name"]: v for v in json.loads(runner.invoke(main, ["variants", "--json"]).output)["variants"]}
    assert "problem" in listed["deep"] and "problem" not in listed["thursday"]
    # the broken file itself reports where it is broken
    with pytest.raises(RuleSetError, match=r"deep\.nbv:3:\d+: a condition nests more than 50 deep"):
        load_variant("deep")


def test_a_file_that_does_not_compile_answers_only_to_its_file_name(home):
    """Found by an outside-in pass: a file whose header reads but whose body does not compile
    still answered to its name and aliases, so it broke the shipped `nb` and made a good
    file's alias ambiguous, against the docs."""
    _write(home / "draft.nbv", 'variant draft extends ningbo "x"\nalias nb, sunday\nscoring tai { minmum 2 }\n')
    good = _write(home / "good.nbv", 'variant good extends ningbo "x"\nalias sunday\n')
    assert load_variant("nb").name == "ningbo"
    assert find_variant("sunday").path == str(good)
    assert load_variant("sunday").name == "good"
    with pytest.raises(RuleSetError, match="unknown setting 'minmum'"):
        load_variant("draft")  # by its file name it is found, and reports its problems
    _write(home / "other.nbv", 'variant other extends ningbo "x"\nalias monday\nscoring tai { minmum 2 }\n')
    with pytest.raises(UnknownVariantError, match=r"variant 'monday' is named in .*other\.nbv, which does not compile"):
        load_variant("monday")
    runner = CliRunner()
    assert runner.invoke(main, ["check", "nb"]).exit_code == 0
    out = runner.invoke(main, ["check", "monday"])
    assert out.exit_code == 1 and "other.nbv:3:15: unknown setting 'minmum'" in out.stdout
    listing = runner.invoke(main, ["variants"]).output
    assert "ambiguous" not in listing, listing


# ---------------------------------------------------------------- one name, two files

def test_two_files_answering_to_one_name_are_an_error_naming_both(home, tmp_path_factory, monkeypatch):
    other = tmp_path_factory.mktemp("other")
    mine = _write(home / "thursday.nbv", THURSDAY)
    theirs = _write(other / "house.nbv", THURSDAY.replace("minimum 2", "minimum 3"))
    monkeypatch.setenv(ENV_VAR, str(other))
    for name in ("thursday", "thu"):  # by name, and by the alias both declare
        with pytest.raises(AmbiguousVariantError) as info:
            load_variant(name)
        assert str(mine) in str(info.value) and str(theirs) in str(info.value)
    out = CliRunner().invoke(main, ["show", "thursday"])
    assert out.exit_code == 2 and str(theirs) in out.output and "Traceback" not in out.output
    listing = CliRunner().invoke(main, ["variants"]).output
    assert f"ambiguous: {theirs}" in listing and f"ambiguous: {mine}" in listing


def test_two_files_in_one_directory_are_ambiguous_too(home):
    first = _write(home / "a.nbv", 'variant sunday extends ningbo "one"\n')
    second = _write(home / "b.nbv", 'variant other extends ningbo "two"\nalias sunday\n')
    with pytest.raises(AmbiguousVariantError, match=f"{first}.* and {second}"):
        find_variant("sunday")


def test_an_ambiguous_parent_is_a_located_error(home, tmp_path_factory, monkeypatch):
    other, kids = tmp_path_factory.mktemp("other"), tmp_path_factory.mktemp("kids")
    _write(home / "thursday.nbv", THURSDAY)
    _write(other / "thursday.nbv", THURSDAY)
    monkeypatch.setenv(ENV_VAR, str(other))
    kid = _write(kids / "kid.nbv", 'variant kid extends thursday "kid"\n')
    with pytest.raises(RuleSetError) as info:
        compile_file(kid)
    d = info.value.diagnostics[0]
    assert (d.file, d.line, d.column) == (str(kid), 1, 21) and "'thursday' is ambiguous" in d.message


# ---------------------------------------------------------------- shadowing is announced

def test_a_shadowing_variant_is_announced_once(library, monkeypatch):
    _write(library / "ningbo.nbv", SHADOW)
    monkeypatch.setenv(ENV_VAR, str(library))
    with pytest.warns(VariantShadowWarning, match=f"variant 'ningbo' is the user file {library / 'ningbo.nbv'}") as caught:
        assert load_variant("ningbo").scoring.minimum == 9
        assert Game("ningbo").rules.scoring.minimum == 9
        load_variant("nb")  # the shipped variant's alias names it too
    assert len(caught) == 1


def test_the_command_announces_a_shadowing_variant_once_on_stderr(home):
    _write(home / "ningbo.nbv", SHADOW)
    out = subprocess.run(
        [sys.executable, "-c", "from nbmj.cli import main; main()", "simulate", "--variant", "ningbo", "--games", "2", "--json"],
        capture_output=True, text=True, cwd=home, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["variant"] == "ningbo"
    assert [line for line in out.stderr.splitlines() if line] == [
        f"nbmj: warning: variant 'ningbo' is the user file {home / 'ningbo.nbv'}, which shadows the shipped 'ningbo'"
    ]


def test_a_worker_process_is_given_the_file_a_name_finds_here(home, monkeypatch):
    """A Ray worker's current directory and search are its own: the commands hand their
    workers the path of the user file a name finds in this process, and a shipped name."""
    from nbmj.rules.registry import portable_spec

    _write(home / "thursday.nbv", THURSDAY)
    _write(home / "v" / "uncle.nbv", 'variant uncle extends ningbo "uncle"\n')
    assert portable_spec("thu") == str((home / "thursday.nbv").resolve())
    assert portable_spec("v/uncle") == str((home / "v" / "uncle.nbv").resolve())
    assert portable_spec("ninghai") == "ninghai"
    with pytest.raises(UnknownVariantError):
        portable_spec("nowhere")


def test_variants_lists_a_file_that_is_not_utf8_with_the_place_of_its_byte(home):
    (home / "latin1.nbv").write_bytes(b'variant latin1 extends ningbo "x"\n# caf\xe9\n')
    listing = CliRunner().invoke(main, ["variants"]).output
    assert f"broken: {home / 'latin1.nbv'}:2:6: the file is not UTF-8 text: byte 0xe9" in listing


def test_variants_in_chinese_gives_a_broken_files_problem_in_chinese(home):
    """nbmj variants --lang zh printed 无法编译： and then the compiler's English."""
    _write(home / "typo.nbv", 'variant typo extends ningbo "x"\ntiles { flower yes }\n')
    (home / "latin1.nbv").write_bytes(b'variant latin1 extends ningbo "x"\n# caf\xe9\n')
    lines = [line for line in CliRunner().invoke(main, ["variants", "--lang", "zh"]).output.splitlines()
             if line.startswith(("latin1", "typo"))]
    assert len(lines) == 2 and all("无法编译：" in line for line in lines), lines
    for line in lines:
        problem = line.split("无法编译：", 1)[1]
        assert not re.search(r"\b(the|not|setting|unknown|file)\b", problem), line


def test_variants_in_chinese_renders_the_registrys_diagnostic(home, monkeypatch):
    """The listing's Chinese problem is the registry's first Diagnostic rendered in Chinese, as
    nbmj check renders it. It was cut out of the English text at the first ``:N:N: `` instead,
    which a directory named like a location split in the wrong place, leaving it English."""
    folder = home / "v:1:1: x"
    _write(folder / "typo.nbv", 'variant typo extends ningbo "x"\ntiles { flower yes }\n')
    monkeypatch.chdir(folder)
    (info,) = user_variant_infos(compile=True)
    assert info.diagnostic is not None and info.problem == info.diagnostic.render(context=False)
    chinese = info.diagnostic.render(context=False, language="zh")
    assert chinese != info.problem and chinese.startswith(f"{folder / 'typo.nbv'}:2:")
    listing = CliRunner().invoke(main, ["variants", "--lang", "zh"]).output
    assert f"无法编译：{chinese}" in listing, listing
