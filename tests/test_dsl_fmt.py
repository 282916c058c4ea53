"""``nbmj fmt`` and :mod:`nbmj.rules.fmt`: the canonical layout of variant files.

The layout keeps every comment, is idempotent and never changes meaning: the compiled rule
set before and after is identical, over every shipped variant and a corpus of random
variants (``_random_variants``), each also scrambled (spaces, tabs, blank lines, comments,
statements split across lines) before it is formatted.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from _random_variants import random_variant

from nbmj.cli import main
from nbmj.errors import RuleSetError
from nbmj.rules import compile_text, fmt
from nbmj.rules.diagnostics import display_width
from nbmj.rules.fmt import COLUMN, LayoutError, format_text
from nbmj.rules.registry import variant_infos

SHIPPED = [Path(info.path) for info in variant_infos()]


def _comments(text: str) -> list[str]:
    """The comments of a variant text (a '#' outside strings and rule IDs), as written."""
    out = []
    for line in text.splitlines():
        code = re.sub(r'"[^"\n]*"|\[[^\]\n]*\]', lambda m: "_" * len(m.group()), line)
        if "#" in code:
            out.append(line[code.index("#") :].rstrip())
    return out


def _assert_same_meaning(before: str, after: str, filename: str) -> None:
    assert compile_text(after, filename) == compile_text(before, filename)
    assert _comments(after) == _comments(before)
    assert format_text(after, filename) == after, "not idempotent"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_variant_keeps_its_meaning_and_comments(path):
    text = path.read_text(encoding="utf-8")
    _assert_same_meaning(text, format_text(text, str(path)), str(path))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_variant_is_in_the_canonical_layout(path):
    """`nbmj fmt --check spec/variants/*.nbv` failed on eight of the eleven files: an author
    who formatted a copy of a shipped variant saw every line change."""
    text = path.read_text(encoding="utf-8")
    assert format_text(text, str(path)) == text


def _scrambled(text: str, rng: random.Random) -> str:
    """The same variant laid out carelessly: random blanks, tabs, indentation, blank lines,
    trailing ';', comments, and one-line sections broken across lines."""
    out = []
    for n, line in enumerate(text.split("\n")):
        parts = line.split('"')  # even parts are outside strings
        for i in range(0, len(parts), 2):
            parts[i] = re.sub(r" ", lambda _: rng.choice([" ", "  ", "\t", " \t "]), parts[i])
            parts[i] = re.sub(r"; ", lambda _: rng.choice(["; ", ";\n", "\n", " ;\n\n  "]), parts[i])
        line = rng.choice(["", " ", "\t", "    "]) + '"'.join(parts)
        if line.strip() and not line.rstrip().endswith(("{", "}")) and rng.random() < 0.2:
            line += ";"
        if line.strip() and rng.random() < 0.3:
            line += rng.choice(["  # note", "\t#note 台", " # 清一色 [NB-12.11] \"quoted\""]) + f" {n}"
        out.append(line)
        if rng.random() < 0.15:
            out.append(rng.choice(["", "", "# a comment line", "   \t", "  # 注释"]))
    return "\n".join(out)


@pytest.mark.parametrize("seed", range(24))
def test_random_variants_scrambled_then_formatted_keep_their_meaning(seed):
    text, rules = random_variant(seed)
    name = f"random-{seed}.nbv"
    messy = _scrambled(text, random.Random(seed))
    assert compile_text(messy, name) == compile_text(text, name), "the scrambling itself changed the variant"
    for original in (text, messy):
        _assert_same_meaning(original, format_text(original, name), name)
    # the layout depends on the statements and comments, not on the spacing it was given
    assert format_text(messy, name) == format_text(format_text(messy, name), name)


def test_the_layout():
    messy = (
        "\n\n# my house rules\n"
        'variant   mine extends ningbo   "house rules"   # the header\n'
        "alias  m1 ,m2\n\n\n"
        "scoring tai{minimum  3;cap none;}   # cheaper\n"
        "claims {chi no ; priority hu>kan=pon\n"
        "\tseat_order next,opposite , previous  }\n"
        "restrictions {\n\n}\n"
        "items {\n"
        '    item flush "清一色" 5 tai when flush excludes half_flush [NB-12.11] # more\n'
        "  # the new one\n"
        '  new item lucky "幸运七" 1 tai when pungs ( dragon , concealed )>=1 [HOUSE-1]\n'
        "drop tianhu_x\n\n"
        "}\n"
        'local_rules { HOUSE-1 "幸运七" "a dragon pung scores one more" }\n'
    )
    expected = (
        "# my house rules\n"
        'variant mine extends ningbo "house rules"               # the header\n'
        "alias m1, m2\n"
        "\n"
        "scoring tai { minimum 3; cap none }                     # cheaper\n"
        "claims {\n"
        "  chi no; priority hu > kan = pon\n"
        "  seat_order next, opposite, previous\n"
        "}\n"
        "restrictions { }\n"
        "items {\n"
        '  item flush     "清一色" 5 tai when flush excludes half_flush      [NB-12.11]  # more\n'
        "  # the new one\n"
        '  new item lucky "幸运七" 1 tai when pungs(dragon, concealed) >= 1  [HOUSE-1]\n'
        "  drop tianhu_x\n"
        "}\n"
        'local_rules { HOUSE-1 "幸运七" "a dragon pung scores one more" }\n'
    )
    assert format_text(messy) == expected
    assert format_text(expected) == expected


def test_wide_characters_count_two_columns():
    text = 'variant x extends ningbo "x"\nitems {\n  item a "一二" 1 tai when flush [NB-12.11]\n  item bb "abc" 1 tai when flush [NB-12.11]\n}\n'
    lines = format_text(text).splitlines()
    # "一二" takes four terminal columns and "abc" three: "abc" is padded by one more space
    assert lines[2].startswith('  item a  "一二" 1 tai') and lines[3].startswith('  item bb "abc"  1 tai')
    assert display_width(lines[2][: lines[2].index("[")]) == display_width(lines[3][: lines[3].index("[")]) == COLUMN


def test_line_endings_and_byte_order_mark_are_kept():
    text = '\ufeffvariant x extends ningbo "x"\r\nscoring tai {minimum 3}\r\n'
    out = format_text(text)
    assert out == '\ufeffvariant x extends ningbo "x"\r\nscoring tai { minimum 3 }\r\n'


def test_a_file_that_does_not_parse_is_refused_with_the_checkers_diagnostics():
    text = 'variant x extends ningbo "x"\ntiles { flowers yes ）\n'
    with pytest.raises(RuleSetError) as formatted:
        format_text(text, "x.nbv")
    with pytest.raises(RuleSetError) as compiled:
        compile_text(text, "x.nbv")
    assert formatted.value.diagnostics == compiled.value.diagnostics


def test_a_layout_that_would_change_the_meaning_is_refused(monkeypatch):
    def drop_a_token(rows):
        rows = real(rows)
        rows[-1].tokens = rows[-1].tokens[:-2] + rows[-1].tokens[-1:]
        return rows

    real = fmt._tidy
    monkeypatch.setattr(fmt, "_tidy", drop_a_token)
    with pytest.raises(LayoutError, match="would change the meaning"):
        format_text('variant x extends ningbo "x"\nscoring tai { minimum 3 }\n')


# ------------------------------------------------------------------ the command


@pytest.fixture()
def run():
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None):
        return runner.invoke(main, list(args), input=input, catch_exceptions=False)

    return invoke


MESSY = 'variant x extends ningbo "x"\nscoring tai {minimum 3}\n'
TIDY = 'variant x extends ningbo "x"\nscoring tai { minimum 3 }\n'


def test_fmt_rewrites_files_and_says_which(run, tmp_path):
    messy, tidy = tmp_path / "messy.nbv", tmp_path / "tidy.nbv"
    messy.write_text(MESSY, encoding="utf-8")
    tidy.write_text(TIDY, encoding="utf-8")
    result = run("fmt", str(messy), str(tidy))
    assert result.exit_code == 0
    assert result.output == f"reformatted {messy}\n"
    assert messy.read_text(encoding="utf-8") == TIDY


def test_fmt_check_and_diff_write_nothing(run, tmp_path):
    messy = tmp_path / "messy.nbv"
    messy.write_text(MESSY, encoding="utf-8")
    check = run("fmt", "--check", str(messy))
    assert (check.exit_code, check.output) == (1, f"would reformat {messy}\n")
    diff = run("fmt", "--diff", str(messy))
    assert diff.exit_code == 1
    assert "-scoring tai {minimum 3}\n+scoring tai { minimum 3 }\n" in diff.output
    assert messy.read_text(encoding="utf-8") == MESSY
    messy.write_text(TIDY, encoding="utf-8")
    assert run("fmt", "--check", str(messy)).exit_code == 0


def test_fmt_reads_standard_input(run):
    result = run("fmt", "-", input=MESSY)
    assert (result.exit_code, result.output) == (0, TIDY)


def test_fmt_leaves_a_broken_file_alone_and_exits_2(run, tmp_path):
    broken, missing = tmp_path / "broken.nbv", tmp_path / "missing.nbv"
    text = 'variant x extends ningbo "x"\nscoring tai { minimum 3\n'
    broken.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", str(broken), str(missing)])
    assert result.exit_code == 2
    with pytest.raises(RuleSetError) as compiled:
        compile_text(text, str(broken))
    assert str(compiled.value) in result.stderr  # as `nbmj check` shows it
    assert f"{broken}: not formatted" in result.stderr
    assert "cannot read" in result.stderr and "Traceback" not in result.output
    assert broken.read_text(encoding="utf-8") == text


def test_fmt_locates_a_byte_that_is_not_utf8(tmp_path):
    bad = tmp_path / "latin1.nbv"
    bad.write_bytes(b'variant x extends ningbo "x"\nscoring tai { minimum 3 } # caf\xe9\n')
    result = CliRunner().invoke(main, ["fmt", str(bad)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{bad}:2:32: the file is not UTF-8 text: byte 0xe9")
