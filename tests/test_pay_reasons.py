"""An immediate payment (a kong or a flower as it is laid down, NB-14.14; held flowers or
wilds at the end, NB-14.18) is told with its reason in words, in Chinese too. The Chinese
narration looked the reason up under names the engine never uses (kong, flower_kong,
flowers) and printed the engine's own ('东家因concealed_kong向每家收 2'); the web table
printed it raw in both languages."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from nbmj.narration import describe
from nbmj.scoring.explanation import _WHY

ENGINE = Path(__file__).resolve().parents[1] / "nbmj" / "engine"


def _engine_reasons() -> set[str]:
    """Every ``why`` the engine gives a ``pay`` event, read from its calls."""
    text = "".join(p.read_text(encoding="utf-8") for p in ENGINE.glob("*.py"))
    found = set(re.findall(r'pay_immediate\([^)]*"(\w+)"\)', text)) | set(re.findall(r'kong_made\(t, \w+, "(\w+)"', text))
    assert {"flower", "concealed_kong", "added_kong", "exposed_kong"} <= found
    return found


def test_the_chinese_narration_gives_the_reason_in_chinese_NB_14_14():
    for why in sorted(_engine_reasons()):
        line = describe({"e": "pay", "seat": "E", "why": why, "amount": 2}, "zh")
        assert not re.search(r"[A-Za-z]", line), line


def test_the_web_table_gives_the_reason_in_words_NB_14_14():
    page = resources.files("nbmj.web").joinpath("table.html").read_text(encoding="utf-8")
    tables = re.findall(r"why: \{([^}]*)\}", page)
    assert len(tables) == 2
    for lang, body in zip(("en", "zh"), tables):
        words = dict(re.findall(r'(\w+): "([^"]*)"', body))
        assert set(words) >= _engine_reasons(), lang
        assert words == {k: v for k, v in _WHY[lang].items() if k in words}, lang  # the explanation's words
