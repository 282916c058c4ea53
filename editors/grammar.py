"""Write the TextMate grammar of variant files (``vscode/syntaxes/nbv.tmLanguage.json``).

The grammar's words come from nbmj itself (the parser's keywords, the section and setting
names of ``nbmj.rules.schema``, the features of ``nbmj.rules.model``), so it cannot drift
from the language: the test suite regenerates it and compares.

    python editors/grammar.py          # rewrite the file
    python editors/grammar.py --check  # exit 1 when the file is out of date
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "vscode" / "syntaxes" / "nbv.tmLanguage.json"
WORD = r"-?[A-Za-z0-9_][A-Za-z0-9_\-.]*"
END = r"(?![A-Za-z0-9_\-.])"


def _words(words: list[str]) -> str:
    return r"(?<![A-Za-z0-9_\-.])(?:" + "|".join(sorted(set(words), key=lambda w: (-len(w), w))) + ")" + END


def grammar() -> dict[str, object]:
    """The grammar as a JSON-ready dict."""
    from nbmj.rules import model as M
    from nbmj.rules.schema import ALL_SECTIONS, OPTIONAL_SECTIONS, SCORING_SCHEMA, SECTION_SCHEMA

    settings = [k for schema in (*SECTION_SCHEMA.values(), *SCORING_SCHEMA.values()) for k in schema]
    settings += ["seat", "one_way", "mutual"]
    sections = [*ALL_SECTIONS, *OPTIONAL_SECTIONS]
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "nbmj variant",
        "scopeName": "source.nbv",
        "fileTypes": ["nbv"],
        "patterns": [
            {"include": "#comment"},
            {
                "name": "meta.header.nbv",
                "match": rf"^\s*(variant)\s+({WORD})(?:\s+(extends)\s+({WORD}))?",
                "captures": {
                    "1": {"name": "keyword.declaration.variant.nbv"},
                    "2": {"name": "entity.name.type.variant.nbv"},
                    "3": {"name": "keyword.declaration.extends.nbv"},
                    "4": {"name": "entity.other.inherited-class.nbv"},
                },
            },
            {"name": "keyword.declaration.nbv", "match": _words(["alias", "shadows"])},
            {
                "name": "meta.section.nbv",
                "match": rf"(?<![A-Za-z0-9_\-.])({'|'.join(sorted(sections, key=lambda w: (-len(w), w)))})(?:\s+(tai|fu_fan))?(?=\s*(?:\{{|none{END}))",
                "captures": {"1": {"name": "entity.name.section.nbv"}, "2": {"name": "storage.type.scoring.nbv"}},
            },
            {"include": "#body"},
        ],
        "repository": {
            "comment": {"name": "comment.line.number-sign.nbv", "match": "#.*$"},
            "body": {
                "patterns": [
                    {"include": "#comment"},
                    {"name": "string.quoted.double.nbv", "match": r'"[^"\n]*"'},
                    {"name": "constant.other.rule-id.nbv", "match": r"\[[^\]\n]*\]"},
                    {"name": "keyword.control.nbv", "match": _words(["new", "item", "drop", "forbid", "require"])},
                    {"name": "keyword.other.clause.nbv", "match": _words(["when", "each", "excludes", "group", "not_for_minimum", "unless", "during"])},
                    {"name": "keyword.operator.word.nbv", "match": _words(["and", "or", "not"])},
                    {"name": "constant.language.nbv", "match": _words(["yes", "no", "none", "off"])},
                    {"name": "support.constant.unit.nbv", "match": _words(["tai", "fu", "fan"])},
                    {"name": "constant.other.tile.nbv", "match": r"(?<![A-Za-z0-9_\-.])(?:\d+[mpszf])+" + END},
                    {"name": "constant.numeric.nbv", "match": r"(?<![A-Za-z0-9_\-.])-?\d+" + END},
                    {"name": "support.function.feature.nbv", "match": _words(list(M.FEATURES))},
                    {"name": "variable.other.property.nbv", "match": _words(settings)},
                    {"name": "keyword.operator.nbv", "match": r">=|<=|==|!=|>|<|=|\+|×"},
                    {"name": "punctuation.section.braces.nbv", "match": r"[{}]"},
                    {"name": "punctuation.separator.nbv", "match": r"[;,:()]"},
                ]
            },
        },
    }


def text() -> str:
    return json.dumps(grammar(), ensure_ascii=False, indent=2) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        sys.exit(0 if OUT.read_text(encoding="utf-8") == text() else 1)
    OUT.write_text(text(), encoding="utf-8")
