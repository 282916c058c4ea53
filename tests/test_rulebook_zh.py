"""The Chinese catalogues of the rulebook and the glossary are complete, and each
translation keeps the markup of its message: rule references, literals, links and terms
(a lost ``:rule:`` would drop a link, a changed literal would name another setting),
with spaces where docutils needs them to see the markup beside Chinese text."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest

polib = pytest.importorskip("polib", reason="polib reads the zh_CN catalogues (it is in the test extra)")

DOCS = Path(__file__).resolve().parents[1] / "docs"
LOCALE = DOCS / "locales" / "zh_CN" / "LC_MESSAGES"
PAGES = sorted(p.stem for p in (DOCS / "rulebook").glob("*.rst"))
CATALOGUES = [LOCALE / "rulebook" / f"{page}.po" for page in PAGES] + [LOCALE / "glossary.po"]

#: Markup a translation must carry over unchanged: roles (their target: a term's shown
#: text may be translated), literals and hyperlinks.
MARKUP = re.compile(r"(:[a-z:]+:)`(?:[^`<]*<)?([^`>]+)>?`|``[^`]+``|https?://[^\s)）]+?(?=[:;,.]?(?:[\s)）]|$))")
#: Inline markup as docutils finds it: roles, literals, strong and emphasis.
INLINE = re.compile(r":[a-z:]+:`[^`]+`|``[^`]+``|\*\*[^*\s][^*]*\*\*|(?<![*\\])\*[^*\s][^*]*?\*(?!\*)")


def _markup(text: str) -> Counter:
    return Counter(m.group(1) + m.group(2) if m.group(1) else m.group(0) for m in MARKUP.finditer(text))


def _may_precede(char: str) -> bool:
    """What docutils accepts just before inline markup (whitespace, some ASCII, Unicode
    opening and other punctuation), so that the markup is seen as markup."""
    return char.isspace() or char in "-:/'\"<([{" or unicodedata.category(char) in ("Ps", "Pi", "Pf", "Pd", "Po")


def _may_follow(char: str) -> bool:
    return char.isspace() or char in "-.,:;!?\\/'\")]}>" or unicodedata.category(char) in ("Pe", "Pi", "Pf", "Pd", "Po")


def _glued(text: str) -> list[str]:
    """Inline markup that a neighbouring character (a Han character, a bracket) hides."""
    return [
        m.group(0)
        for m in INLINE.finditer(text)
        if (m.start() and not _may_precede(text[m.start() - 1])) or (m.end() < len(text) and not _may_follow(text[m.end()]))
    ]


def _entries(path: Path) -> list:
    return [e for e in polib.pofile(str(path)) if not e.obsolete]


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.relative_to(LOCALE).as_posix())
def test_catalogue_exists_and_is_fully_translated(path):
    assert path.is_file(), f"no catalogue {path.relative_to(DOCS)}"
    entries = _entries(path)
    assert entries
    untranslated = [e.msgid[:60] for e in entries if not e.msgstr.strip()]
    fuzzy = [e.msgid[:60] for e in entries if "fuzzy" in e.flags]
    assert not untranslated and not fuzzy, {"untranslated": untranslated, "fuzzy": fuzzy}


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.relative_to(LOCALE).as_posix())
def test_translations_keep_the_markup_of_their_message(path):
    changed = [
        (e.msgid[:60], sorted(((_markup(e.msgid) - _markup(e.msgstr)) + (_markup(e.msgstr) - _markup(e.msgid))).elements()))
        for e in _entries(path)
        if _markup(e.msgid) != _markup(e.msgstr)
    ]
    assert not changed, changed


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.relative_to(LOCALE).as_posix())
def test_no_markup_is_glued_to_chinese_text(path):
    glued = [(e.msgstr[:60], _glued(e.msgstr)) for e in _entries(path) if _glued(e.msgstr)]
    assert not glued, glued


def test_the_checks_catch_what_they_are_for():
    assert _markup("see :rule:`NB-4.2` and ``wilds.kinds``") != _markup("见 :rule:`NB-4.3` 和 ``wilds.kinds``")
    assert _markup(":term:`wild <百搭 (bǎidā)>`") == _markup(":term:`百搭 <百搭 (bǎidā)>`")
    assert _markup("see https://a.example/x: the") == _markup("见 https://a.example/x ：")
    assert _glued("见:rule:`NB-4.2`") and _glued("用 ``x``时") and _glued("*边张*（边）")
    assert not _glued("见 :rule:`NB-4.2`，用 ``x`` 时（``y``）；×2\\ :sup:`番` 和 *k*。")


def test_the_players_words_are_used():
    """The translation speaks as Ningbo players do: 百搭 and 台, 杠上开花, 三摊, 荒庄."""
    text = " ".join(e.msgstr for path in CATALOGUES for e in _entries(path))
    for word in ("百搭", "财神", "台", "番", "胡", "三摊", "杠上开花", "荒庄", "庄家", "自摸"):
        assert word in text, word


def test_every_rule_title_has_its_translation():
    """A rule added to the rulebook is not in the Chinese edition until its page's catalogue
    is updated (sphinx-build -b gettext, then sphinx-intl update) and translated."""
    from nbmj.rules.rulebook import load_rules

    msgids: dict[str, set[str]] = {}
    missing = []
    for rule in load_rules():
        page = Path(rule.file).stem
        if page not in msgids:
            msgids[page] = {e.msgid for e in _entries(LOCALE / "rulebook" / f"{page}.po") if e.msgstr}
        if rule.title not in msgids[page]:
            missing.append(f"{rule.id} {rule.title}")
    assert not missing, missing
