"""A move that is not on offer is refused with its reason (nbmj.engine.explain.refusal,
Game.why_not), and ``nbmj play --lang zh`` printed that reason in English after 不允许：.
Every sentence the engine can give, read from its source, has its Chinese wording."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from nbmj.scoring.explanation import refusal_text

SOURCE = Path(__file__).resolve().parents[1] / "nbmj" / "engine" / "explain.py"
FUNCTIONS = ("refusal", "_discard_refusal", "_claim_refusal")


def _sample(expr: str) -> str:
    """A value like the one the f-string's field gives, by what the field reads."""
    for needle, value in (("reason", "3 tai counting toward the minimum; 4 are needed to win (NB-13.1)"),
                          ("_kinds", "discard, kakan, pass"), ("join", "1m 4m"), ("tile_code", "5m"),
                          ("rule", "NB-8.1"), ("allowed", "dots (筒) or characters (万)"), ("need", "2"),
                          ("seat", "S"), ("SEATS", "W"), ("kind", "pon")):
        if needle in expr:
            return value
    raise AssertionError(f"no sample for {{{expr}}}")


def _sentences() -> list[str]:
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    out = []
    for fn in (n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in FUNCTIONS):
        for ret in (n for n in ast.walk(fn) if isinstance(n, ast.Return) and n.value is not None):
            value = ret.value
            if isinstance(value, ast.IfExp):
                options = [value.body, value.orelse]
            else:
                options = [value]
            for v in options:
                if isinstance(v, ast.Constant) and isinstance(v.value, str):
                    out.append(v.value)
                elif isinstance(v, ast.JoinedStr):
                    out.append("".join(p.value if isinstance(p, ast.Constant) else _sample(ast.unparse(p.value))
                                       for p in v.values))
    return out


SENTENCES = _sentences()


def test_the_engine_gives_reasons():
    assert len(SENTENCES) > 20


@pytest.mark.parametrize("english", SENTENCES)
def test_every_refusal_has_its_chinese_wording(english):
    chinese = refusal_text(english, "zh")
    left = re.sub(r"\b[1-9][mpszf]\b|\b[A-Z]{2}-[\d.]+", "", chinese)  # tile codes and rule IDs stay
    assert not re.search(r"[A-Za-z]{2,}", left), (english, chinese)
    assert refusal_text(english, "en") == english
