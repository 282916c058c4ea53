"""The glossary maps the players' words both ways: every Chinese term has its pinyin and
appears in the English-to-Chinese table, and the words the rulebook leans on are there."""

import re
from pathlib import Path

import pytest

GLOSSARY = Path(__file__).resolve().parents[1] / "docs" / "glossary.rst"
TEXT = GLOSSARY.read_text(encoding="utf-8")
CHINESE_PART, _, ENGLISH_PART = TEXT.partition("\nEnglish to Chinese\n")

#: A term line of a ``.. glossary::`` block: three spaces, Chinese, pinyin in brackets.
TERM = re.compile(r"^   (?P<hanzi>[\u4e00-\u9fff]+) \((?P<pinyin>[^)]+)\)$", re.M)


def terms() -> list[str]:
    return [f"{m['hanzi']} ({m['pinyin']})" for m in TERM.finditer(CHINESE_PART)]


def test_every_term_line_has_its_pinyin():
    term_lines = [line for line in CHINESE_PART.splitlines() if re.match(r"^   [\u4e00-\u9fff]", line)]
    assert term_lines and all(TERM.match(line) for line in term_lines), [l for l in term_lines if not TERM.match(l)]


def test_every_chinese_term_is_reached_from_english():
    linked = set(re.findall(r":term:`[^<`]+<([^>]+)>`", ENGLISH_PART))
    assert set(terms()) == linked


def test_every_english_row_gives_pinyin_for_its_chinese():
    rows = re.findall(r"^   \* - (.+)\n     - (.+)\n     - (.+)$", ENGLISH_PART, re.M)
    assert len(rows) > 50
    for english, chinese, pinyin in rows[1:]:
        for target in re.findall(r"<[^ ]+ \(([^)]+)\)>", chinese):
            assert target in pinyin, (english, target, pinyin)
    english = [row[0] for row in rows[1:]]
    assert english == sorted(english, key=str.lower)


@pytest.mark.parametrize("word", ["百搭", "财神", "台", "胡", "番", "三摊", "杠上开花", "自摸", "庄家"])
def test_the_players_words_are_entries(word):
    assert any(t.startswith(word + " (") for t in terms())
