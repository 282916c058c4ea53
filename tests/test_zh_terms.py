"""One Chinese word for one thing, everywhere a Chinese reader reads nbmj: the docs'
catalogues, and the Chinese strings of the terminal, the web table and the docs
extension. The word is the glossary's (docs/glossary.rst) or, for a word the glossary
does not list, the rulebook's or the one the settlement explanation already gives
(nbmj.scoring.explanation); a stray synonym makes a player wonder whether a different
rule is meant."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "docs" / "locales" / "zh_CN" / "LC_MESSAGES"

#: a word not to use -> (the glossary's word, the rule it belongs to)
NOT_OURS = {
    "起和": ("起胡", "NB-13.1"),
    # the player linked to the winner by 三摊, who pays in the linked rows
    "同伙": ("包家", "NB-14.6"),
    "相连的一家": ("包家", "NB-14.6"),
    # the win after konging another's discard, and who gave the konged tile
    "明杠杠上开花": ("杠头开花", "NB-11.4"),
    "供杠者": ("放杠者", "NB-14.9"),
    # a win on a flower's replacement is 杠上开花 as well
    "花上开花": ("杠上开花", "NB-5.7"),
    # laying a flower aside is 补花; declaring it, in the manual flower mode, 杠花
    "亮花": ("杠花", "NB-5.5"),
    "三摊对家": ("包家", "NB-14.6"),
    # a complete hand's shape (胡牌牌型, NB-10.1)
    "牌形": ("牌型", "NB-10.1"),
    "花杠": ("杠花", "NB-5.5"),
}


def _chinese_texts() -> list[tuple[str, str]]:
    """(where, text) of every place that holds Chinese a reader sees."""
    polib = pytest.importorskip("polib")
    texts = [(str(po.relative_to(ROOT)), e.msgstr) for po in sorted(LOCALE.rglob("*.po")) for e in polib.pofile(str(po))]
    for pattern in ("*.py", "*.js", "*.html"):
        texts += [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8")) for p in sorted((ROOT / "nbmj").rglob(pattern))]
    return texts


@pytest.mark.parametrize("word", sorted(NOT_OURS))
def test_the_glossarys_word_is_used(word):
    ours, rule = NOT_OURS[word]
    found = sorted({where for where, text in _chinese_texts() if word in text})
    assert not found, f"write {ours} ({rule}, as the glossary does), not {word}: {found}"
    # the glossary, the rulebook, and the explanation every Chinese settlement is read from
    reference = "".join(p.read_text(encoding="utf-8") for p in [LOCALE / "glossary.po", *sorted((LOCALE / "rulebook").glob("*.po")),
                                                                ROOT / "nbmj" / "scoring" / "explanation.py"])
    assert ours in reference


def test_no_table_of_chinese_words_says_a_word_twice():
    """A dict literal that gives one English word two Chinese translations keeps the last
    silently; the tables of Chinese words are checked for repeated keys."""
    import ast

    repeated = []
    for path in (ROOT / "nbmj" / "sphinxext" / "zh_CN.py", ROOT / "nbmj" / "rules" / "zh_CN.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
                repeated += [f"{path.name}: {k!r}" for k in sorted(set(keys)) if keys.count(k) > 1]
    assert not repeated, repeated


def test_the_moves_a_player_sees_are_named_as_the_rulebook_names_them():
    """The web table's buttons, 'nbmj play', 'nbmj review' and the narration called the
    added kong 加杠 (and review called a win 和): the rulebook's word, and the sources',
    is 补杠 (NB-9.2, '补杠可以被抢杠'), and a win is 胡. Each now reads the narration's
    one table of moves."""
    from nbmj.bots.review import action_text
    from nbmj.cli.play import TextTable
    from nbmj.engine import Action
    from nbmj.narration import describe, words_zh
    from nbmj.tiles import parse_tile
    from nbmj.web.pages import render_page, script_json

    kinds = words_zh()["actions"]
    assert kinds["kakan"] == "补杠" and kinds["ankan"] == "暗杠" and kinds["hu"] == "胡", kinds
    assert kinds["flower"] == "杠花", kinds  # declaring a flower (manual mode, NB-5.5)
    five = parse_tile("5m")
    assert action_text(Action("S", "kakan", five), "zh") == "南家补杠 5m"
    assert TextTable("zh").kind("kakan") == "补杠" and TextTable("zh").kind("flower") == "杠花"
    assert "补杠" in describe({"e": "kakan", "seat": "E", "tile": "5m"}, "zh")
    page = render_page("table.html", "n0nce", CODE="ABCD", CODE_JS=script_json("ABCD"), TILES=script_json({}))
    assert "kinds: WORDS_ZH.actions" in page and '"kakan":"补杠"' in page
    title = next(e.msgstr for e in __import__("polib").pofile(str(LOCALE / "rulebook" / "09-kongs.po"))
                 if e.msgid.startswith("Added kong"))
    assert title.startswith("补杠")


def test_a_scoring_item_is_called_as_the_docs_call_it():
    """The terminal's, the web table's and the replay viewer's item column said 牌型 (hand
    pattern), though the items include 正花, 圈风 and 单吊, which are no patterns; the
    docs' tables say 计分项 (scoring item)."""
    import re

    from nbmj.cli._settlement import _WORDS
    from nbmj.sphinxext.zh_CN import TEXT

    word = TEXT["item"]
    assert _WORDS["zh"]["item"] == word
    explain = (ROOT / "nbmj" / "web" / "explain.js").read_text(encoding="utf-8")
    assert re.search(r'zh: \{item: "([^"]*)"', explain)[1] == word
    replay = (ROOT / "nbmj" / "web" / "replay.html").read_text(encoding="utf-8")
    assert re.findall(r'items: "([^"]*)"', replay)[1] == word
