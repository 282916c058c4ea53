"""A Chinese rule author reads the compiler's diagnostics in Chinese (``nbmj check --lang
zh``, the language server in a Chinese editor). Every message the compiler can give, read
from its source, has its Chinese wording (nbmj.rules.diagnostics_zh), with no English left
but the names and values it quotes; the English message itself is unchanged."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest

from nbmj.rules import model as M
from nbmj.rules.diagnostics import BAD_EXAMPLES, EXTENDS_EXAMPLES, Diagnostic
from nbmj.rules.diagnostics_zh import message_in
from nbmj.rules.parsing import _TERMINAL_WORDS
from nbmj.rules.schema import ALL_SECTIONS, SCORING_SCHEMA, SECTION_SCHEMA, TABLE_ENTRY_NAMES, WINDOWS, WINDOWS_OF

ROOT = Path(__file__).resolve().parents[1]
# the modules that give messages, and the other modules' messages they pass on
SOURCES = sorted((ROOT / "nbmj" / "rules").glob("*.py")) + [ROOT / "nbmj" / "tiles.py"]

# call -> index of its message argument
SINKS = {"error": 0, "bad": 0, "Bad": 0, "Diagnostic": 3, "conflict": 2, "AmbiguousVariantError": 0, "TileNotationError": 0}
# functions whose returned strings are messages (or the message of a returned tuple)
MESSAGE_FUNCTIONS = ("_keyword_hint", "_statement_keyword_hint", "_full_width_message", "_character_hint", "did_you_mean")
SKIP_FILES = ("diagnostics_zh.py", "rulebook.py", "fmt.py", "model.py", "wilds.py", "__init__.py")
# registry and tile errors are passed on only from these (the rest is the API's, not a diagnostic's)
PASSED_ON = {"registry.py": ("is ambiguous",), "tiles.py": ("position",)}

NUMBER_FIELDS = ("len(", "line", "digits", "MAX", "minimum", "amount", "other_tiles", "dealer_tiles", "stacks_per_wall",
                 "total", "threshold", "melds", "fan_cap", "top_hu", "share", "alt_", "product", "most", "dealt", "kept",
                 "column", "pending", "dpos", "pos", "value", "fixed_by_fan", "tiles.total", "ord(", "count")


_WHY = {
    "never in force": [w for _, w in WINDOWS_OF.values()],
    "payer": ["nobody discarded the winning tile", "no kong was made of a tile someone gave"],
    "not_for_minimum": ["every multiplier counts in scoring.minimum_alternatives and minimum_of value",
                        "a variant scored in fu and fan has no minimum"],
    "never read": ["conversion doubling makes S = base_points × 2^tai", "fixed_by_fan gives a hand's 胡 by its 番"],
    "never be paid": ["this variant has no wilds (wilds.enabled no)", "claims.kan is no: no discard is konged",
                      "claims.pon is no: no pung is claimed to add to"],
}


def _samples(expr: str, line: str, before: str) -> list[str]:
    """Values like the ones the f-string's field gives, by what the field reads and the
    words around it (``line``, its source; ``before``, the text just before the field)."""
    if expr == "why" and "IDs belong" not in line:
        return next(v for k, v in _WHY.items() if k in line)
    if expr == "what" and "has no rule ID" in line:
        return ["item 'flush'", "restriction 'chi_discard_ban'", "this win restriction", "payment row 'discard'",
                "liability row one_way 'discard'"]
    if expr == "shape":
        return ["seven_pairs"] if "winning.shapes" in line else ["drop NAME"] if "`{shape}`" in line else [
            'ID "title" "text", e.g. `HOUSE-1 "幸运七" "a dragon pung scores one more tai"`']
    if expr == "name" and "U+" in line:
        return ["a full-width space", "full-width '｛'"]
    if expr.startswith(("len(", "ord(", "data[")):
        return ["3"]
    if expr == "key" and before.endswith("."):
        return ["cap"]
    if expr == "join":
        return ["; join the conditions with `and`", ""]
    table = {
        "did_you_mean": ["; did you mean 'flush'?", "; known items: flush, half_flush", "; expected one of: always, first_go_around", ""],
        "whose": ["the name of a shipped variant", "an alias of the shipped variant 'ningbo'"],
        "what": list(TABLE_ENTRY_NAMES.values()),
        "TABLE_ENTRY_NAMES": list(TABLE_ENTRY_NAMES.values()),
        "hint": ["; did you mean 'HOUSE-2'?", "; known local rules: HOUSE-2, HOUSE-3", ""] if "is not declared" in line else [
            "did you mean 'flush'?", "inherited item 'flush' has the same label '清一色'; did you mean 'flush'?", ""],
        "how_to_leave_out": ["write `liability none` for a variant without 三摊",
                             "write `loser_settlement none` when losers do not settle among themselves"],
        "advice": ["lower scoring.cap", "lower the values or set scoring.cap or scoring.points_cap"],
        "formula": ["base_points × 2^tai", "base_points + points_per_tai × tai"],
        "lines": ["`item ...` and `drop NAME` lines", "`forbid METHOD, ... when CONDITION [RULE]` lines"],
        "verdict": ["is neither", "is not one"],
        "' with each'": [" with each", ""],
        "close if": ["; did you mean 'big_crane'?", ""],
        "exc.reason": ["invalid start byte", "invalid continuation byte", "unexpected end of data"],
        "exc.strerror": ["No such file or directory", "Permission denied", "Is a directory"],
        "exc!r": ["KeyError('x')"],
        "kind": ["when", "each"] if "clause" in line else ["tai", "fu and fan"] if "scores in" in line else ["chi_discard_ban"],
        "cycle": ["a -> b -> a"],
        "paths": ["a/x.nbv and b/x.nbv"],
        "missing": ["S, N"],
        "choices": ["big_crane"],
        "allowed": ["liability and loser_settlement"],
        "windows": ["'always' or 'first_go_around'"],
        "found": ["end of file", "end of line", "'z'"],
        "expected": [" or ".join(_TERMINAL_WORDS.values()), "'{' or 'variant'"],
        "shown": ["yes", "3"],
        "situation": ["self_draw"],
        "sit": ["discard_by_other"],
        "section": ["tiles"],
        "seat": ["N"],
        "owner[tile]": ["W"],
        "filename": ["a.nbv"],
        "file": ["a.nbv"],
        "unit": ["fu"],
        "method": ["rob_kong"],
        "prefix": ["NB"],
        "arg_choices": ["dragon, wind"],
        "silver": ["half_hundreds"],
        "rid": ["HOUSE-1"],
        "link": ["one_way"],
        "claim": ["chi"],
        "setting": ["win_on_discard"],
        "needs": ["chi"],
        "exc": ["no tile '0m' (position 0 in '0m')"],
        "name": ["tiles"],
    }
    for needle, values in table.items():
        if needle in expr:
            return values
    if any(n in expr for n in NUMBER_FIELDS) or expr in ("v", "n", "digit"):
        return ["3"]
    return ["scoring.minimum" if expr == "key" else "flush"]


def _fill(node: ast.expr, line: str) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        parts: list[list[str]] = []
        before = ""
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append([str(v.value)])
                before = str(v.value)
            else:
                assert isinstance(v, ast.FormattedValue)
                text = ast.unparse(v.value)
                values = _samples(text, line, before)
                if v.format_spec is not None:  # a number shown as {n:,} or {byte:02x}
                    spec = "".join(str(c.value) for c in v.format_spec.values if isinstance(c, ast.Constant))
                    values = [format(int(x), spec) for x in values]
                parts.append([repr(x) if v.conversion == ord("r") and not x.startswith("'") else x for x in values])
        return ["".join(p) for p in itertools.islice(itertools.product(*parts), 200)]
    if isinstance(node, ast.IfExp):
        return _fill(node.body, line) + _fill(node.orelse, line)
    if isinstance(node, ast.BoolOp):
        return [s for v in node.values for s in _fill(v, line)]
    if isinstance(node, ast.Tuple) and node.elts:
        return _fill(node.elts[0], line)
    return []


def _assigned(fn: ast.AST, name: str, depth: int = 0) -> list[ast.expr]:
    """What ``name`` is set to in ``fn``; a name set from another (``message = label``) is
    followed to what that one is set to."""
    out: list[ast.expr] = []
    for n in ast.walk(fn):
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in n.targets):
            for v in n.value.values if isinstance(n.value, ast.BoolOp) else [n.value]:
                out += _assigned(fn, v.id, depth + 1) if isinstance(v, ast.Name) and depth < 3 else [v]
    return out


def _messages() -> list[str]:
    out: set[str] = set()
    for path in SOURCES:
        if path.name in SKIP_FILES:
            continue
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        found: list[tuple[ast.AST, ast.expr]] = []
        for fn in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.Module))):
            for node in ast.walk(fn):
                if isinstance(node, ast.Call):
                    f = node.func
                    called = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
                    index = SINKS.get(called)
                    if index is not None and len(node.args) > index:
                        found.append((fn, node.args[index]))
                if isinstance(fn, ast.FunctionDef) and fn.name in MESSAGE_FUNCTIONS and isinstance(node, ast.Return) and node.value:
                    found.append((fn, node.value))
        for fn, arg in found:
            values = [arg]
            if isinstance(arg, ast.Name):  # a message put together before the call
                values = _assigned(fn, arg.id)
            for v in values:
                line = ast.get_source_segment(source, v) or ""
                for m in _fill(v, line):
                    if path.name in PASSED_ON and not any(k in m for k in PASSED_ON[path.name]):
                        continue
                    out.add(m)
    out.update(e.label for e in BAD_EXAMPLES if e.syntax)
    out.update(e[-1] for e in EXTENDS_EXAMPLES.values())
    return sorted(m for m in out if m and not m.startswith(";") and m not in ("exc.message",))


MESSAGES = _messages()

# words of the variant language a message may name as written (sections, settings, values, features)
_LANGUAGE = (
    set(ALL_SECTIONS) | {k for s in SECTION_SCHEMA.values() for k in s} | {k for s in SCORING_SCHEMA.values() for k in s}
    | set(SCORING_SCHEMA) | set(M.FEATURES) | set(M.CLAIMS) | set(M.WIN_METHODS) | set(M.PAYMENT_SITUATIONS)
    | set(M.PAYER_ROLES) | set(M.RESTRICTION_KINDS) | set(M.SHAPES) | set(WINDOWS)
    | set("variant extends alias shadows item new when excludes each group unless during forbid drop not and or one_way "
          "mutual seat yes no none off tai fu fan doubling linear same next opposite previous half_hundreds big_crane flush "
          "ID NAME VALUE UNIT CONDITION SITUATION PAYER RULE KIND ROLE MULTIPLIER METHOD TAI HOUSE NB NH UTF ASCII U "
          "base_points points_per_tai minimum_of value S N E W title text label section n".split())
)


def _english_left(chinese: str) -> list[str]:
    text = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`|\[[^\]]*\]|“[^”]*”", "", chinese)  # quoted from the file, or code to type
    text = re.sub(r"\b[\w\-]+(\.[\w\-]+)+\b|\b\w+_\w+\b|\b[1-9][mpszf]\b|\bU\+[0-9A-F]{4}\b|\b0x[0-9a-f]+\b|\b\d+\b", "", text)
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in _LANGUAGE]


def test_the_compiler_gives_messages():
    assert len(MESSAGES) > 150


@pytest.mark.parametrize("english", MESSAGES)
def test_every_diagnostic_has_its_chinese_wording(english):
    chinese = message_in(english, "zh")
    assert chinese != english
    assert not _english_left(chinese), (english, chinese)
    assert message_in(english, "en") == english


def _compiled(text: str) -> list[Diagnostic]:
    from nbmj.errors import RuleSetError
    from nbmj.rules import compile_text

    with pytest.raises(RuleSetError) as info:
        compile_text(text, "bad.nbv")
    return info.value.diagnostics


@pytest.mark.parametrize("example", BAD_EXAMPLES, ids=lambda e: f"{e.kind}:{e.label[:40]}")
def test_what_the_compiler_says_about_each_bad_example_reads_in_chinese(example):
    """Every diagnostic of every known-bad text, as compiled, not only its first."""
    for d in _compiled(example.text):
        chinese = d.text("zh")
        assert not _english_left(chinese), (d.message, chinese)
        assert d.text("en") == d.text() == d.message


def test_the_location_the_line_and_the_caret_stay_as_they_are():
    """NB-12.10's item with a misspelt feature: only the message after the location changes."""
    text = 'variant kid extends ningbo "x"\nitems { item qingyise "清一色" 4 tai when flsh [NB-12.10] }\n'
    [d] = _compiled(text)
    english, chinese = d.render().split("\n"), d.render(language="zh").split("\n")
    assert english[0] == "bad.nbv:2:40: unknown feature 'flsh'; did you mean 'flush'?"
    assert chinese[0] == "bad.nbv:2:40: 未知的特征 'flsh'；您是不是要写 'flush'？"
    assert chinese[1:] == english[1:]
    assert str(d) == d.render() and d.to_dict()["message"] == d.message


def test_a_message_without_a_chinese_wording_stays_english():
    assert message_in("something new went wrong", "zh") == "something new went wrong"
    assert message_in("unknown feature 'x'; something new", "zh") == "未知的特征 'x'; something new"
