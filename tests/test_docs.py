"""The documentation builds cleanly and says what the code does.

The docs are built once per session with ``sphinx-build -n -W`` (every warning, broken
cross-reference included, is an error) from ``docs/`` against the installed nbmj, into a
temporary directory (``_docs_build``); this file reads the English edition. The tests
then read the HTML: every rulebook rule has its anchor, every shipped variant its page,
and the generated tables show the values of the compiled rule sets and the totals the
scorer gives. The doctest builder runs every example in the
pages and in the docstrings they include.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _docs_build import DOCS, doctest, edition  # noqa: E402
from _html_tree import Node as _Node, parse  # noqa: E402

SPEC_RULEBOOK = DOCS.parent / "spec" / "rulebook"

pytestmark = pytest.mark.skipif(not (DOCS / "conf.py").is_file(), reason="docs/ is not beside the tests")


@pytest.fixture(scope="session")
def html() -> Path:
    """The English edition, built once per session (shared with the other docs tests)."""
    return edition("en")


# --------------------------------------------------------------------------- HTML reading


def _cells(row: _Node) -> list[_Node]:
    return [c for c in row.children if isinstance(c, _Node) and c.tag in ("td", "th")]


def _item_values(table: _Node) -> dict[str, list[str]]:
    """item name -> the texts of its ``nbmj-value`` cells, from a table's item rows (``—``
    where a variant has no such item)."""
    out = {}
    for row in table.find_all("tr", "nbmj-item"):
        name = row.attrs["id"].removeprefix("item-")
        out[name] = [c.text().strip() for c in _cells(row) if "nbmj-value" in c.classes]
    return out


def _letters(text: str) -> str:
    """Letters and digits only: rendered text loses markup and gains curly quotes."""
    return "".join(ch for ch in text if ch.isalnum())


def _expected(item) -> str:
    return "off" if item.value is None else str(item.value)


# --------------------------------------------------------------------------- the rulebook


def test_every_rule_has_its_anchor_and_permalink(html):
    from nbmj.rules.rulebook import load_rules

    anchors: dict[str, _Node] = {}
    for page in sorted((html / "rulebook").glob("*.html")):
        for node in parse(page).iter():
            if "nbmj-rule" in node.classes and "id" in node.attrs:
                anchors[node.attrs["id"]] = node
    rules = load_rules()
    missing = [r.id for r in rules if r.id not in anchors]
    assert not missing, f"rules without an anchor in the built rulebook: {missing}"
    for rule in rules:
        block = anchors[rule.id]
        links = [a.attrs.get("href") for a in block.find_all("a", "headerlink")]
        assert f"#{rule.id}" in links, rule.id
        assert _letters(rule.title)[:16] in _letters(block.text()), rule.id


def test_rule_sources_link_to_the_sources_page(html):
    from nbmj.rules.rulebook import load_rules, source_tags

    sources = parse(html / "rulebook" / "sources.html")
    anchored = {n.attrs["id"] for n in sources.iter() if n.attrs.get("id", "").startswith("source-")}
    assert anchored == {f"source-{tag}" for tag in source_tags()}
    pages: dict[str, _Node] = {}
    for rule in load_rules():
        page = pages.setdefault(rule.file, parse(html / "rulebook" / rule.file.replace(".rst", ".html")))
        block = next(n for n in page.iter() if n.attrs.get("id") == rule.id)
        hrefs = {a.attrs.get("href", "") for a in block.find_all("a")}
        for tag in rule.sources:
            assert f"sources.html#source-{tag}" in hrefs, (rule.id, tag)


def test_rule_parameters_link_to_where_a_variant_page_shows_them(html):
    from nbmj.rules.rulebook import load_rules

    rule = next(r for r in load_rules() if "wilds.kinds" in r.variant)
    page = parse(html / "rulebook" / rule.file.replace(".rst", ".html"))
    block = next(n for n in page.iter() if n.attrs.get("id") == rule.id)
    hrefs = {a.attrs.get("href", "") for a in block.find_all("a")}
    assert "../variants/ningbo.html#setting-wilds.kinds" in hrefs
    target = parse(html / "variants" / "ningbo.html")
    assert any(n.attrs.get("id") == "setting-wilds.kinds" for n in target.iter())


def test_every_rulebook_file_has_a_docs_page():
    shown = {p.name for p in (DOCS / "rulebook").glob("*.rst")}
    missing = sorted(p.name for p in SPEC_RULEBOOK.glob("*.rst") if p.name not in shown)
    assert not missing, f"add docs/rulebook/<name> including spec/rulebook/<name> for: {missing}"
    for name in shown:
        assert f"spec/rulebook/{name}" in (DOCS / "rulebook" / name).read_text(encoding="utf-8")


# --------------------------------------------------------------------------- variants


def _variant_names() -> list[str]:
    from nbmj.rules import list_variants

    return list(list_variants())


def test_every_shipped_variant_has_a_generated_page(html):
    for name in _variant_names():
        page = html / "variants" / f"{name}.html"
        assert page.is_file(), f"no page for variant {name!r}: add docs/variants/{name}.rst"
        assert f'id="variant-{name}"' in page.read_text(encoding="utf-8"), name


@pytest.mark.parametrize("name", _variant_names())
def test_variant_page_items_match_the_compiled_rule_set(html, name):
    from nbmj.rules import load_variant

    rules = load_variant(name)
    page = parse(html / "variants" / f"{name}.html")
    table = page.find_all("table", "nbmj-items")[0]
    shown = _item_values(table)
    assert list(shown) == [it.name for it in rules.items]
    for it in rules.items:
        assert shown[it.name] == [_expected(it)], it.name


@pytest.mark.parametrize("name", _variant_names())
def test_variant_page_payments_match(html, name):
    from nbmj.rules import load_variant

    rules = load_variant(name)
    page = parse(html / "variants" / f"{name}.html")
    rows = page.find_all("tr", "nbmj-payment")
    assert [_cells(r)[0].text().strip() for r in rows] == [p.situation for p in rules.payments]
    for row, payment in zip(rows, rules.payments):
        text = _cells(row)[1].text()
        for share in payment.shares:
            assert f"{share.role} pays {share.multiplier} × S" in text
    liability_rows = page.find_all("tr", "nbmj-liability")
    assert len(liability_rows) == (len(rules.liability.rows) if rules.liability else 0)


@pytest.mark.parametrize("name", _variant_names())
def test_variant_page_diff_lists_what_differs_from_the_parent(html, name):
    from nbmj.rules import load_variant
    from nbmj.sphinxext import diff, flatten

    rules = load_variant(name)
    if rules.parent is None:
        return
    old, new = load_variant(rules.parent).to_dict(), rules.to_dict()
    rows = diff(old, new)
    page = parse(html / "variants" / f"{name}.html")
    shown = [_cells(r)[0].text().strip() for r in page.find_all("tr", "nbmj-diff")]
    assert shown == [key for key, _, _ in rows]
    # every flattened difference is in a row, itself or as part of a whole record
    a, b = flatten(old), flatten(new)
    skip = {"name", "parent", "summary", "aliases", "source"}
    for key in (set(a) | set(b)) - skip:
        if a.get(key, ()) != b.get(key, ()):
            assert any(key == row or key.startswith(row + ".") for row in shown), key


def _examples(name: str) -> list[dict]:
    path = DOCS / "variants" / "examples" / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else []


@pytest.mark.parametrize("name", _variant_names())
def test_worked_examples_show_the_scorers_totals(html, name):
    from nbmj.rules import load_variant
    from nbmj.scoring import score
    from nbmj.scoring.situation import Situation

    examples = _examples(name)
    if not examples:
        pytest.skip(f"no worked examples for {name}")
    rules = load_variant(name)
    page = parse(html / "variants" / f"{name}.html")
    boxes = page.find_all("div", "nbmj-example")
    assert len(boxes) == len(examples)
    for box, example in zip(boxes, examples):
        data = {k: v for k, v in example.items() if k != "title"}
        result = score(Situation.from_dict(data), rules)
        total = box.find_all("p", "nbmj-total")[0].text()
        assert total.strip().endswith(f"S = {result.points}"), (example.get("title"), total)
        applied = [_cells(r)[0].text().strip() for r in box.find_all("tr", "nbmj-applied")]
        assert applied == [a.item.name for a in result.items]


def test_comparison_page_matches_every_variant(html):
    from nbmj.rules import load_variant

    names = _variant_names()
    page = parse(html / "compare.html")
    table = page.find_all("table", "nbmj-compare-items")[0]
    header = [c.text().strip() for c in _cells(table.find_all("tr")[0])][1:]
    assert sorted(header) == sorted(names)
    names = header
    shown = _item_values(table)
    sets = [load_variant(n) for n in names]
    for item, values in shown.items():
        for rules, value in zip(sets, values):
            try:
                it = rules.item(item)
            except KeyError:
                continue
            assert value == ("off" if it.value is None else f"{it.value} {it.unit}"), (rules.name, item)
    assert set(shown) == {it.name for rules in sets for it in rules.items}


# --------------------------------------------------------------------------- the public API


PUBLIC_MODULES = ("nbmj", "nbmj.scoring", "nbmj.engine", "nbmj.core", "nbmj.rules", "nbmj.bots", "nbmj.arena", "nbmj.env")


def _documented_names(html: Path) -> set[str]:
    """Every Python object the built docs describe (their objects.inv)."""
    from sphinx.util.inventory import InventoryFile

    with open(html / "objects.inv", "rb") as f:
        inventory = InventoryFile.load(f, "", lambda base, uri: uri)
    return {name for kind, entries in inventory.items() if kind.startswith("py:") for name in entries}


@pytest.mark.parametrize("module", PUBLIC_MODULES)
def test_every_public_name_has_an_entry_in_the_api_docs(html, module):
    # a name a package exports is described under that package or the module it comes from
    import importlib

    if module == "nbmj.env":
        pytest.importorskip("gymnasium")
    documented = _documented_names(html)
    mod = importlib.import_module(module)
    missing = []
    for name in mod.__all__:
        obj = getattr(mod, name)
        homes = {f"{module}.{name}"}
        if getattr(obj, "__module__", None) and getattr(obj, "__name__", None):
            homes.add(f"{obj.__module__}.{obj.__name__}")
        homes |= {d for d in documented if d.startswith(module + ".") and d.endswith("." + name) and d.count(".") == module.count(".") + 2}
        if not homes & documented:
            missing.append(name)
    assert not missing, f"{module} exports names the API docs do not describe: {missing}"


@pytest.mark.parametrize("module", PUBLIC_MODULES)
def test_every_public_method_and_property_says_what_it_does(module):
    # help() on a public class shows a line for each of its own methods and properties (a
    # method that implements a protocol of nbmj's may take its words from the protocol)
    import importlib
    import inspect

    if module == "nbmj.env":
        pytest.importorskip("gymnasium")
    mod = importlib.import_module(module)
    missing = []
    for name in mod.__all__:
        cls = getattr(mod, name)
        if not inspect.isclass(cls):
            continue
        for attr in dir(cls):
            if attr.startswith("_") or not any(attr in vars(k) for k in cls.__mro__ if k.__module__.startswith("nbmj")):
                continue
            raw = inspect.getattr_static(cls, attr)
            if isinstance(raw, property):
                doc = inspect.getdoc(raw)
            elif callable(raw) or isinstance(raw, (staticmethod, classmethod)):
                doc = inspect.getdoc(getattr(cls, attr))
            else:
                continue
            if not doc:
                missing.append(f"{name}.{attr}")
    assert not missing, f"{module}: no docstring for {missing}"


def test_help_on_the_package_names_every_subpackage():
    # help(nbmj) listed six subpackages of thirteen
    import nbmj

    root = Path(nbmj.__file__).parent
    subpackages = sorted(p.parent.name for p in root.glob("*/__init__.py"))
    assert subpackages
    missing = [name for name in subpackages if f":mod:`nbmj.{name}`" not in nbmj.__doc__]
    assert not missing


# --------------------------------------------------------------------------- examples run


def test_every_example_in_the_docs_runs():
    proc = doctest()
    report = edition("en").parent.parent / "doctest" / "output.txt"
    detail = report.read_text(encoding="utf-8") if report.is_file() else ""
    assert proc.returncode == 0, f"doctest builder failed:\n{proc.stdout}\n{proc.stderr}\n{detail[-4000:]}"


def test_no_example_leans_on_an_import_hidden_in_the_doctest_setup():
    # The doctest builder above runs every page's examples with this setup and nothing
    # more, so an example that uses a name it did not import fails there.
    import ast
    import os
    import runpy
    from unittest import mock

    with mock.patch.dict(os.environ):  # conf.py sets NBMJ_PUREPYTHON for its build
        conf = runpy.run_path(str(DOCS / "conf.py"))
    setup = ast.parse(conf["doctest_global_setup"])
    assert not [n for n in ast.walk(setup) if isinstance(n, (ast.Import, ast.ImportFrom))]
    for page in sorted(DOCS.rglob("*.rst")):
        if "_build" in page.parts:
            continue
        text = page.read_text(encoding="utf-8")
        for match in re.finditer(r"^\.\. testsetup::(.*)\n\n((?:   .*\n|\n)+)", text, flags=re.M):
            group, body = match.group(1).strip(), match.group(2)
            if group == "docstrings":  # the modules' own namespace, for their docstring examples
                continue
            assert "nbmj" not in body, f"{page.relative_to(DOCS)}: a hidden setup imports nbmj for its examples"


# --------------------------------------------------------------------------- the extension alone


def _mini_project(tmp_path: Path, page: str) -> subprocess.CompletedProcess:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        'extensions = ["nbmj.sphinxext"]\nnbmj_check_rulebook = False\nnbmj_sources_doc = "sources"\n',
        encoding="utf-8",
    )
    (src / "index.rst").write_text(
        "Mini\n====\n\n.. toctree::\n\n   sources\n\n" + page, encoding="utf-8"
    )
    (src / "sources.rst").write_text("Sources\n=======\n\nS001\n   The first source.\n", encoding="utf-8")
    cmd = [sys.executable, "-m", "sphinx", "-n", "-W", "--keep-going", "-q", "-b", "html", str(src), str(tmp_path / "out")]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=tmp_path, timeout=300)


# Rule IDs of the throwaway project below. Spelt in two pieces so that
# test_rule_coverage, which reads test files for rule IDs, does not take them for real rules.
FAKE_A, FAKE_B, FAKE_MISSING = "NB-" "99.1", "NB-" "99.2", "NB-" "98.7"


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    """A project of its own: two rules, links to them, and one link to a rule that does not exist."""
    page = (
        f".. rule:: {FAKE_A}\n"
        "   :title: A rule for the test\n"
        "   :sources: S001, NBMJ\n"
        "   :variant: wilds.kinds\n\n"
        f"   Its body, which cites {FAKE_B} in plain text.\n\n"
        f".. rule:: {FAKE_B}\n"
        "   :title: Another\n"
        "   :sources: S001\n\n"
        f"   See :rule:`{FAKE_A}` and :rule:`the first <{FAKE_A}>`, but not :rule:`{FAKE_MISSING}`.\n"
    )
    tmp_path = tmp_path_factory.mktemp("mini")
    proc = _mini_project(tmp_path, page)
    return proc, (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


def test_rule_directive_and_role_in_a_project_of_their_own(mini):
    _, html = mini
    assert f'id="{FAKE_A}"' in html and f'id="{FAKE_B}"' in html
    assert html.count(f'href="#{FAKE_A}"') >= 3  # head, permalink, two role links
    assert f'href="#{FAKE_B}"' in html  # the plain-text mention became a link
    assert 'href="sources.html#source-S001"' in html
    assert "wilds.kinds" in html and ">the first<" in html


def test_an_unknown_rule_id_fails_the_build(mini):
    proc, _ = mini
    assert proc.returncode != 0
    warnings = [line for line in proc.stderr.splitlines() if "WARNING" in line or "ERROR" in line]
    assert len(warnings) == 1 and FAKE_MISSING in warnings[0], proc.stderr


def test_no_page_holds_what_the_theme_marks_as_an_error(html):
    """Furo draws a red "ERROR: Adding a table of contents ..." over a ``.. contents::``
    block from its styles, which ``sphinx-build -W`` cannot see (issue #43): no page may
    hold one (the theme shows each page's contents in its sidebar), nor a docutils
    system message."""
    for page in sorted(html.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r'class="[^"]*\bcontents\b(?![^"]*this-will-duplicate)[^"]*"', text), page.name
        assert 'class="system-message"' not in text, page.name
