"""The editor files in ``editors/``: the TextMate grammar (generated from nbmj's own words,
and highlighting every shipped variant's comments, strings, rule IDs, sections and
settings as such) and the VS Code extension's manifest."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from nbmj.lsp.tokens import lex
from nbmj.rules.registry import variant_infos
from nbmj.rules.schema import ALL_SECTIONS, OPTIONAL_SECTIONS, SCORING_SCHEMA, SECTION_SCHEMA

EDITORS = Path(__file__).resolve().parents[1] / "editors"
VSCODE = EDITORS / "vscode"


def _generator():
    spec = importlib.util.spec_from_file_location("editors_grammar", EDITORS / "grammar.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_grammar_file_is_what_the_generator_writes():
    assert (VSCODE / "syntaxes" / "nbv.tmLanguage.json").read_text(encoding="utf-8") == _generator().text(), (
        "run python editors/grammar.py"
    )


def _rules(grammar: dict, patterns: list[dict]) -> list[dict]:
    out = []
    for p in patterns:
        if "include" in p:
            out.extend(_rules(grammar, grammar["repository"][p["include"][1:]].get("patterns", [grammar["repository"][p["include"][1:]]])))
        else:
            out.append(p)
    return out


def _scopes(grammar: dict, line: str) -> dict[int, str]:
    """Character index -> scope, as a TextMate engine scans a line of match-only rules: at
    each point the rule matching earliest wins, the first listed on a tie."""
    rules = [(re.compile(r["match"]), r) for r in _rules(grammar, grammar["patterns"])]
    out: dict[int, str] = {}
    pos = 0
    while pos < len(line):
        found = [(m.start(), i, m, r) for i, (rx, r) in enumerate(rules) if (m := rx.search(line, pos)) and m.end() > m.start()]
        if not found:
            break
        _, _, m, rule = min(found, key=lambda f: (f[0], f[1]))
        for i in range(m.start(), m.end()):
            out[i] = rule["name"]
        for group, capture in rule.get("captures", {}).items():
            if m.group(int(group)) is not None:
                for i in range(m.start(int(group)), m.end(int(group))):
                    out[i] = capture["name"]
        pos = m.end()
    return out


SECTIONS = {*ALL_SECTIONS, *OPTIONAL_SECTIONS}
SETTINGS = {k for schema in (*SECTION_SCHEMA.values(), *SCORING_SCHEMA.values()) for k in schema}
EXPECTED = {"COMMENT": "comment.line", "STRING": "string.quoted", "RULE": "constant.other.rule-id"}


@pytest.mark.parametrize("path", [Path(i.path) for i in variant_infos()], ids=lambda p: p.stem)
def test_the_grammar_highlights_every_shipped_variant(path):
    grammar = json.loads((VSCODE / "syntaxes" / "nbv.tmLanguage.json").read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    for line, toks in zip(text.split("\n"), lex(text)):
        scopes = _scopes(grammar, line)
        code = [t for t in toks if t.kind != "COMMENT"]
        for tok in toks:
            want = EXPECTED.get(tok.kind)
            opens = len(code) > 1 and (code[1].kind in ("LBRACE", "NONE") or code[1:3] and code[-1].kind == "LBRACE")
            if tok is (code[0] if code else None) and tok.text in SECTIONS and opens:
                want = "entity.name.section"
            elif tok.kind == "WORD" and tok is (code[0] if code else None) and tok.text in SETTINGS:
                want = "variable.other.property"
            if want is not None:
                assert scopes.get(tok.column - 1, "").startswith(want), (line, tok.text, scopes.get(tok.column - 1))


def test_the_extension_manifest_names_its_files():
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    [language] = manifest["contributes"]["languages"]
    assert language["extensions"] == [".nbv"]
    assert (VSCODE / language["configuration"]).is_file()
    [grammar] = manifest["contributes"]["grammars"]
    assert grammar["scopeName"] == "source.nbv" and (VSCODE / grammar["path"]).is_file()
    assert (VSCODE / manifest["main"]).is_file()
    assert manifest["contributes"]["configuration"]["properties"]["nbmj.server.command"]["default"] == ["nbmj", "lsp"]
    json.loads((VSCODE / "language-configuration.json").read_text(encoding="utf-8"))


@pytest.mark.skipif(shutil.which("node") is None, reason="node checks the extension's JavaScript")
def test_the_extension_script_is_valid_javascript():
    subprocess.run(["node", "--check", str(VSCODE / "extension.js")], check=True)
