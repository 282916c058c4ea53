"""The Chinese edition: built from the same sources, complete, with the same anchors.

Both editions are built once per session (``_docs_build``). The catalogue check is one
simple rule: every message of the build's gettext templates has a translation in
``docs/locales/zh_CN/LC_MESSAGES/<page>.po`` that is neither empty nor fuzzy; a failure
names the page and the message. The extension's generated text is checked the same way:
every template it writes has its Chinese wording, and the Chinese build lists no data
word (a variant summary, a feature's meaning) left in English.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

pytest.importorskip("sphinx")
polib = pytest.importorskip("polib")

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _docs_build import DOCS, LOCALES, edition, gettext_templates  # noqa: E402
from _html_tree import Node, parse  # noqa: E402

pytestmark = pytest.mark.skipif(not (DOCS / "conf.py").is_file(), reason="docs/ is not beside the tests")

@pytest.fixture(scope="session")
def en() -> Path:
    return edition("en")


@pytest.fixture(scope="session")
def zh() -> Path:
    return edition("zh_CN")


def _templates() -> dict[str, list[str]]:
    """docname -> the messages of its page, from the build's gettext templates."""
    root = gettext_templates()
    pages = {}
    for pot in sorted(root.rglob("*.pot")):
        docname = pot.relative_to(root).with_suffix("").as_posix()
        pages[docname] = [e.msgid for e in polib.pofile(str(pot)) if e.msgid]
    return pages


def _catalogue_problems(docname: str, msgids: list[str]) -> list[str]:
    po = polib.pofile(str(LOCALES / f"{docname}.po"))
    entries = {e.msgid: e for e in po if not e.obsolete}
    problems = []
    for msgid in msgids:
        entry = entries.get(msgid)
        if entry is None:
            problems.append(f"{docname}: not in the catalogue (run sphinx-intl update): {msgid[:120]!r}")
        elif not entry.msgstr.strip():
            problems.append(f"{docname}: untranslated: {msgid[:120]!r}")
        elif entry.fuzzy:
            problems.append(f"{docname}: fuzzy: {msgid[:120]!r}")
    return problems


def test_every_message_of_every_page_has_a_chinese_translation():
    problems = []
    for docname, msgids in _templates().items():
        if not (LOCALES / f"{docname}.po").is_file():
            problems.append(
                f"{docname}: no catalogue docs/locales/zh_CN/LC_MESSAGES/{docname}.po "
                "(sphinx-build -b gettext docs /tmp/pot && sphinx-intl update -p /tmp/pot -l zh_CN -d docs/locales)"
            )
            continue
        problems += _catalogue_problems(docname, msgids)
    assert not problems, f"{len(problems)} messages need a Chinese translation:\n" + "\n".join(problems)


def test_no_catalogue_is_left_without_its_page():
    pages = set(_templates())
    stale = sorted(
        po.relative_to(LOCALES).with_suffix("").as_posix()
        for po in LOCALES.rglob("*.po")
        if po.relative_to(LOCALES).with_suffix("").as_posix() not in pages
    )
    assert not stale, f"catalogues of pages that no longer exist (delete them): {stale}"


def test_a_rules_title_and_text_are_messages_of_its_pages_catalogue():
    from nbmj.rules.rulebook import load_rules

    rule = next(r for r in load_rules() if r.id == "NB-4.2")
    messages = _templates()["rulebook/" + rule.file.removesuffix(".rst")]
    assert rule.title in messages
    first_paragraph = " ".join(rule.text.split("\n\n")[0].split())
    assert first_paragraph in messages


def test_the_extensions_generated_words_are_all_translated(zh):
    report = json.loads((zh / "nbmj-untranslated.json").read_text(encoding="utf-8"))
    lines = [f"{doc}: {word!r}" for doc, words in report.items() for word in words]
    assert not lines, "add these to DATA in nbmj/sphinxext/zh_CN.py:\n" + "\n".join(lines)


def _templates_in_the_extension() -> set[str]:
    """Every template the extension passes to i18n.text/parts/texts, read from its code."""
    import nbmj.sphinxext

    found: set[str] = set()
    for path in Path(nbmj.sphinxext.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name in ("text", "parts", "texts"):
                found |= {a.value for a in node.args[1:] if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return found


def test_every_template_of_the_extension_has_its_chinese_wording():
    from nbmj.sphinxext.zh_CN import TEXT

    used = _templates_in_the_extension()
    assert len(used) > 50
    missing = sorted(used - set(TEXT))
    assert not missing, f"add to TEXT in nbmj/sphinxext/zh_CN.py: {missing}"
    unused = sorted(set(TEXT) - used)
    assert not unused, f"TEXT translates templates the extension no longer uses: {unused}"
    for english, chinese in TEXT.items():
        fields = set(re.findall(r"\{(\w+)", english))
        assert set(re.findall(r"\{(\w+)", chinese)) == fields, english


# --------------------------------------------------------------------------- same pages, same anchors


def _pages(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*.html")}


def test_both_editions_have_the_same_pages(en, zh):
    assert _pages(en) == _pages(zh)


def test_every_rule_has_the_same_anchor_in_both_editions(en, zh):
    from nbmj.rules.rulebook import load_rules

    for root in (en, zh):
        ids: dict[str, set[str]] = {}
        for rule in load_rules():
            page = f"rulebook/{rule.file.removesuffix('.rst')}.html"
            if page not in ids:
                ids[page] = {n.attrs["id"] for n in parse(root / page).iter() if "nbmj-rule" in n.classes and "id" in n.attrs}
            assert rule.id in ids[page], (root.name, rule.id, page)
    wilds = parse(zh / "rulebook" / "04-wilds.html")
    assert any(n.attrs.get("id") == "NB-4.2" for n in wilds.iter())


def _edition_links(page: Node) -> list[Node]:
    return [a for a in page.find_all("a", "nbmj-edition")]


@pytest.mark.parametrize("this, other", [("en", "zh_CN"), ("zh_CN", "en")])
def test_the_language_switch_leads_to_the_same_page_of_the_other_edition(this, other):
    root, other_root = edition(this), edition(other)
    for name in sorted(_pages(root)):
        page = parse(root / name)
        links = _edition_links(page)
        assert len(links) == 2, (this, name, "one in the bar above the page, one in the sidebar")
        current = page.find_all("span", "nbmj-edition-current")
        assert len(current) == len(links) and all(this.replace("_", "-") == c.attrs["lang"] for c in current)
        for link in links:
            target = urlparse(urljoin((root / name).as_uri(), link.attrs["href"]))
            assert Path(target.path) == other_root / name, (this, name, link.attrs["href"])


def test_the_switch_keeps_the_rule_anchor():
    script = (DOCS / "_static" / "nbmj.js").read_text(encoding="utf-8")
    assert "window.location.hash" in script and "a.nbmj-edition" in script


# --------------------------------------------------------------------------- Chinese, generated and searched


def test_generated_tables_and_labels_are_chinese_in_the_chinese_edition(en, zh):
    zh_page, en_page = parse(zh / "variants" / "ningbo.html"), parse(en / "variants" / "ningbo.html")
    zh_headings = [h.text() for h in zh_page.find_all("h2")]
    assert "计分项¶" in zh_headings and "付款与三摊¶" in zh_headings and "计分实例¶" in zh_headings
    assert "Scoring items¶" in [h.text() for h in en_page.find_all("h2")]
    header = [c.text().strip() for c in zh_page.find_all("table", "nbmj-items")[0].find_all("th")]
    assert header[:4] == ["计分项", "名称", "数值", "单位"]
    payments = zh_page.find_all("tr", "nbmj-payment")[0].text()
    assert "点炮者付 2 × S" in payments
    rule = next(n for n in parse(zh / "rulebook" / "04-wilds.html").iter() if n.attrs.get("id") == "NB-4.2")
    assert "来源：" in rule.text()
    compare = parse(zh / "compare.html").find_all("table", "nbmj-compare-items")[0]
    assert "4 台" in compare.text()


_ENGLISH_WORD = re.compile(r"(?![A-Z]{2}-\d)[A-Za-z]{2,}")  # a rule ID (NH-6.3) is no English word


def test_the_variant_pages_name_claims_windows_and_directions_in_chinese(zh):
    # The words of the variant language that a restriction, a win restriction or the 三摊
    # sentence shows in running text (chi/pon/kan, first_go_around, either, big_crane,
    # discard ...) are the rules data's, and a Chinese reader is owed them in Chinese
    # (NB-8.1, NB-11.9, NB-14.5, NH-1.8); the code cells (a restriction's name, a
    # condition) stay as written.
    left = []
    for page in sorted((zh / "variants").glob("*.html")):
        tree = parse(page)
        cells = [td for tr in tree.find_all("tr", "nbmj-restriction") for td in tr.find_all("td")[1:4]]
        cells += [tr.find_all("td")[1] for tr in tree.find_all("tr", "nbmj-win-restriction")]
        cells += [p for p in tree.find_all("p") if p.text().startswith("三摊（三包）：")]
        left += [f"{page.name}: {c.text()!r}" for c in cells if _ENGLISH_WORD.search(_running_text(c))]
    assert not left, "\n".join(left)
    ninghai = parse(zh / "variants" / "ninghai-yaobansan.html").find_all("tr", "nbmj-restriction")
    assert any("第一巡" in r.text() and "吃、碰、杠" in r.text() for r in ninghai)


def test_a_worked_examples_refused_win_says_why_in_chinese(zh):
    # The scorer's reason (NB-7.9: "this variant allows no win on a discard") was printed
    # in English after 不能胡; a condition a variant writes in its own language may stay.
    lines = [li.text() for li in parse(zh / "variants" / "ningbo-7wild.html").find_all("li")
             if li.text().startswith("不能胡：")]
    assert lines and any("不许胡别人打出的牌" in line for line in lines)
    english = [line for line in lines if re.search(r"\b(variant|allows|may not|needed to)\b", line)]
    assert not english, english


_LEFT_MARKUP = re.compile(r"``|:[a-z]+:`|(?<![\w*])\*[^\s*][^*]*\*(?![\w*])")


def _running_text(node: Node) -> str:
    if node.tag in ("code", "pre", "script", "style", "kbd", "span") and (
        node.tag != "span" or {"pre", "highlight"} & set(node.classes)
    ):
        return ""
    return "".join(c if isinstance(c, str) else _running_text(c) for c in node.children)


def test_no_restructuredtext_markup_is_left_raw_in_the_chinese_text(zh):
    # Inline markup touching a Chinese character is not markup to docutils; a translation
    # that forgot the separating space (or "\ ") shows its backquotes and stars to the
    # reader. Every translated page is read.
    raw = []
    for po in sorted(LOCALES.rglob("*.po")):
        name = po.relative_to(LOCALES).with_suffix(".html").as_posix()
        for para in parse(zh / name).find_all("p"):
            text = _running_text(para)
            if _LEFT_MARKUP.search(text):
                raw.append(f"{name}: {text[:100]!r}")
    assert not raw, "\n".join(raw)


def _search_index(root: Path) -> dict:
    text = (root / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1 : text.rindex(")")])


@pytest.mark.parametrize("term, page", [("百搭", "rulebook/04-wilds"), ("宁波", "index"), ("三摊", "variants/ningbo"),
                                        ("杠上开花", "variants/ningbo"),
                                        # rule titles a player searches for, which jieba's own
                                        # dictionary cut in pieces (NB-11.4, NB-10.13, NB-10.10,
                                        # NB-10.11, NB-8.1, NB-14.6)
                                        ("杠头开花", "rulebook/11-special-wins"), ("财神单吊", "rulebook/10-winning"),
                                        ("大吊车", "rulebook/10-winning"), ("对倒", "rulebook/12-tai"),
                                        ("吃张打张", "rulebook/08-restrictions"), ("包家", "rulebook/14-payments"),
                                        # the Ninghai schemes (the list wrote 么 for 幺, NH-4.1)
                                        ("幺半三", "rulebook/24-ninghai-settlement"),
                                        ("幺二六", "rulebook/24-ninghai-settlement")])
def test_the_chinese_search_index_finds_the_players_words(zh, term, page):
    # Sphinx files a word under "titleterms" for the pages whose titles hold it and under
    # "terms" for the others; its search looks in both.
    index = _search_index(zh)
    docs = index["docnames"]
    found = set()
    for table in ("terms", "titleterms"):
        hits = index[table].get(term, [])
        found |= {docs[i] for i in ([hits] if isinstance(hits, int) else hits)}
    assert page in found, (term, sorted(found))


# --------------------------------------------------------------------------- a rule translated


# Spelt in two pieces so that test_rule_coverage, which reads test files for rule IDs,
# does not take it for a real rule.
FAKE_RULE = "NB-" "99.1"


def test_a_translated_rule_shows_its_translation_everywhere(tmp_path):
    import subprocess

    src = tmp_path / "src"
    (src / "locales" / "zh_CN" / "LC_MESSAGES").mkdir(parents=True)
    (src / "conf.py").write_text(
        'extensions = ["nbmj.sphinxext"]\nnbmj_check_rulebook = False\nlanguage = "zh_CN"\n'
        'locale_dirs = ["locales"]\ngettext_compact = False\n',
        encoding="utf-8",
    )
    (src / "index.rst").write_text(
        f"Mini\n====\n\n.. rule:: {FAKE_RULE}\n   :title: The wild tiles\n   :sources: S001\n\n"
        f"   Three copies are wild.\n\nSee :rule:`{FAKE_RULE}`.\n",
        encoding="utf-8",
    )
    catalogue = polib.POFile()
    catalogue.metadata = {"Content-Type": "text/plain; charset=utf-8", "Language": "zh_CN"}
    for english, chinese in [("Mini", "小"), ("The wild tiles", "百搭牌"), ("Three copies are wild.", "其余三张是百搭。"),
                             (f"See :rule:`{FAKE_RULE}`.", f"见 :rule:`{FAKE_RULE}`。")]:
        catalogue.append(polib.POEntry(msgid=english, msgstr=chinese))
    catalogue.save(str(src / "locales" / "zh_CN" / "LC_MESSAGES" / "index.po"))
    cmd = [sys.executable, "-m", "sphinx", "-n", "-W", "--keep-going", "-q", "-b", "html", str(src), str(tmp_path / "out")]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert proc.returncode == 0, proc.stderr
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert '<span class="nbmj-rule-title">百搭牌</span>' in page
    assert "其余三张是百搭。" in page and "来源：" in page
    assert f'title="{FAKE_RULE} 百搭牌"' in page  # the role's link names the rule by its translated title
    assert "百搭牌" in (tmp_path / "out" / "genindex.html").read_text(encoding="utf-8")
    assert "The wild tiles" not in page


def _uncurled(text: str) -> str:
    """``text`` with Sphinx's smart quotes, dashes and ellipses typed back as ASCII."""
    return text.translate(str.maketrans("‘’“”", "''\"\"")).replace("…", "...").replace("—", "---").replace("–", "--")


def test_the_rule_languages_error_examples_show_the_compilers_own_words_in_each_edition(en, zh):
    # The known-bad examples (BAD_EXAMPLES) were shown in English on the Chinese page, their
    # headings translated from a table of the extension's own; each edition now shows what
    # the compiler says, the Chinese one Diagnostic.text("zh") (nbmj.rules.diagnostics_zh).
    from nbmj.errors import RuleSetError
    from nbmj.rules import compile_text
    from nbmj.rules.diagnostics import BAD_EXAMPLES
    from nbmj.sphinxext.zh_CN import DATA

    by_kind: dict[str, dict[str, object]] = {}
    for example in BAD_EXAMPLES:
        shown = by_kind.setdefault(example.kind, {})
        if example.label not in shown:
            with pytest.raises(RuleSetError) as error:
                compile_text(example.text, "mine.nbv")
            shown[example.label] = error.value.diagnostics[0]
    firsts = [(label, diagnostic) for shown in by_kind.values() for label, diagnostic in shown.items()]
    for edition, language in ((en, "en"), (zh, "zh")):
        page = parse(edition / "dsl.html")
        blocks = [block.text().strip() for block in page.find_all(None, "nbmj-diagnostic")]
        # (running text has its quotes curled, as Sphinx curls them: compared uncurled)
        labels = [_uncurled(p.text().strip()) for p in page.find_all("p", "nbmj-diagnostic-label")]
        assert blocks == [d.render(language=language) for _, d in firsts]
        assert labels == [_uncurled(label if language == "en" else d.text("zh")) for label, d in firsts]
    assert not {label for label, _ in firsts} & set(DATA)  # (no second table of their words)
