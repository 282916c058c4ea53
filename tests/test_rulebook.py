"""The rulebook (spec/rulebook) is well formed, and its reader reports malformed blocks."""

import re

import pytest

from nbmj.errors import NbmjError
from nbmj.rules.rulebook import RULE_ID, load_rules, rules_by_id, source_tags

NINGBO_SECTIONS = range(1, 17)


def rid(prefix: str, section: int, number: int) -> str:
    """A rule ID built from parts, so this file does not count as a test *of* that rule
    in the rule-coverage check (tests/test_rule_coverage.py)."""
    return f"{prefix}-{section}.{number}"

NINGHAI_SECTIONS = range(1, 7)


@pytest.fixture(scope="module")
def rules():
    return load_rules()


@pytest.fixture(scope="module")
def tags():
    return source_tags()


def test_rulebook_has_rules(rules):
    assert len(rules) >= 100


def test_ids_have_the_right_form(rules):
    bad = [r.id for r in rules if not RULE_ID.fullmatch(r.id)]
    assert not bad


def test_ids_are_unique(rules):
    ids = [r.id for r in rules]
    assert len(ids) == len(set(ids))


def test_every_rule_has_a_title_and_text(rules):
    for rule in rules:
        assert rule.title.strip(), rule.id
        assert "\n" not in rule.title, rule.id
        assert rule.text.strip(), rule.id


def test_every_source_tag_is_defined(rules, tags):
    for rule in rules:
        unknown = set(rule.sources) - set(tags)
        assert not unknown, f"{rule.id} ({rule.file}:{rule.line}) cites unknown source tags {sorted(unknown)}"


def test_sources_page_names_each_source_for_a_reader(tags):
    """Each source key has a name of its own (the bold first line readers see instead of
    the key) and says what the source is written in."""
    assert {"S000", "S001", "S003", "S004", "X-NBR", "X-NBCB", "X-AU", "X-SNH", "X-MP", "X-HY", "NBMJ"} <= set(tags)
    names = [re.match(r"\*\*([^*]+)\*\* ", text) for text in tags.values()]
    assert all(names), [tag for tag, name in zip(tags, names) if not name]
    assert len({name.group(1) for name in names if name}) == len(tags)
    for tag in ("S000", "S001", "S003", "S004"):
        assert "In Chinese." in tags[tag]
    for tag in ("X-NBR", "X-AU", "X-MP", "X-HY"):
        assert "In English" in tags[tag] and "https://" in tags[tag]


def test_every_section_has_rules_and_sections_match_files(rules):
    by_section: dict[tuple[str, int], set[str]] = {}
    for rule in rules:
        by_section.setdefault((rule.prefix, rule.section), set()).add(rule.file)
    assert {s for p, s in by_section if p == "NB"} == set(NINGBO_SECTIONS)
    assert {s for p, s in by_section if p == "NH"} == set(NINGHAI_SECTIONS)
    for key, files in by_section.items():
        assert len(files) == 1, f"section {key} is spread over {sorted(files)}"


def test_variant_parameters_are_dotted_names(rules):
    name = re.compile(r"[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*")
    for rule in rules:
        for param in rule.variant:
            assert name.fullmatch(param), f"{rule.id}: {param!r}"


@pytest.mark.parametrize("number", range(1, 31))
def test_each_contradiction_is_discussed(rules, number):
    pattern = re.compile(rf"\bC{number}\b")
    assert any(pattern.search(r.text) for r in rules), f"C{number} is not mentioned in any rule"


def test_disagreements_are_findable(rules):
    """The research notes' contradiction numbers live in comments; a reader sees "Sources
    disagree" and the reason, never the number."""
    for rule in rules:
        for line in rule.text.splitlines():
            if re.search(r"\bC\d+b?\b", line):
                assert re.fullmatch(r"\s*\.\. Contradiction C\d+b?(, C\d+b?)* \(research notes\)\.", line), (rule.id, line)


def test_fixed_ids_have_their_titles():
    """IDs that other files relied on before the rulebook was written keep their meaning."""
    by_id = rules_by_id()
    assert by_id[rid("NB", 10, 4)].title == "A wild may stand for a fifth copy of a kind"
    assert by_id[rid("NB", 10, 1)].title == "The standard winning shape"
    assert by_id[rid("NB", 10, 2)].title == "Exposed melds count as melds"
    assert by_id[rid("NB", 10, 3)].title == "No seven pairs or thirteen orphans"
    assert by_id[rid("NB", 4, 2)].title == "Which tiles become wild"


def test_rule_positions_point_at_the_directive(rules):
    from nbmj._paths import spec_root

    root = spec_root() / "rulebook"
    for rule in rules[:: max(1, len(rules) // 20)]:
        line = (root / rule.file).read_text(encoding="utf-8").splitlines()[rule.line - 1]
        assert line.strip() == f".. rule:: {rule.id}"


# --------------------------------------------------------------------------- the reader

GOOD = """\
Title
=====

.. rule:: {a}
   :title: First
   :sources: S000, X-NBR
   :variant: a.b, c

   Body line one.

   .. note::

      Nested.

Some text between rules.

.. rule:: {b}
   :title: Second
   :sources: S004

   Only body.
""".format(a=rid("NB", 1, 1), b=rid("NH", 2, 3))


def test_reader_parses_blocks(tmp_path):
    (tmp_path / "01-x.rst").write_text(GOOD, encoding="utf-8")
    first, second = load_rules(tmp_path)
    assert first.id == rid("NB", 1, 1) and first.title == "First"
    assert first.sources == ("S000", "X-NBR") and first.variant == ("a.b", "c")
    assert first.text.startswith("Body line one.") and "   Nested." in first.text
    assert "Some text" not in first.text
    assert (first.file, first.line) == ("01-x.rst", 4)
    assert second.id == rid("NH", 2, 3) and second.variant == () and second.text == "Only body."
    assert (second.prefix, second.section, second.number) == ("NH", 2, 3)


ONE = rid("NB", 1, 1)

BAD_BLOCKS = [
    pytest.param(".. rule:: NB-1\n   :title: T\n   :sources: S000\n\n   Text.\n", "malformed rule id", id="bad-id"),
    pytest.param(".. rule:: XX-1.1\n   :title: T\n   :sources: S000\n\n   Text.\n", "malformed rule id", id="bad-prefix"),
    pytest.param(".. rule:: " + ONE + "\n   :sources: S000\n\n   Text.\n", "no 'title'", id="no-title"),
    pytest.param(".. rule:: " + ONE + "\n   :title: T\n\n   Text.\n", "no 'sources'", id="no-sources"),
    pytest.param(".. rule:: " + ONE + "\n   :title: T\n   :sources: S000\n", "no text", id="no-text"),
    pytest.param(".. rule:: " + ONE + "\n   :title: T\n   :source: S000\n\n   Text.\n", "unknown option", id="unknown-option"),
    pytest.param(".. rule:: " + ONE + "\n   :title: T\n   stray\n\n   Text.\n", "expected an option", id="stray-line"),
]


@pytest.mark.parametrize("text, message", BAD_BLOCKS)
def test_reader_rejects_malformed_blocks(tmp_path, text, message):
    (tmp_path / "01-x.rst").write_text(text, encoding="utf-8")
    with pytest.raises(NbmjError, match=message):
        load_rules(tmp_path)


def test_reader_rejects_duplicate_ids(tmp_path):
    block = ".. rule:: " + ONE + "\n   :title: T\n   :sources: S000\n\n   Text.\n\n"
    (tmp_path / "01-a.rst").write_text(block, encoding="utf-8")
    (tmp_path / "02-b.rst").write_text(block, encoding="utf-8")
    with pytest.raises(NbmjError, match=f"duplicate rule id '{ONE}'.*01-a.rst:1"):
        load_rules(tmp_path)


def test_reader_reports_a_missing_directory(tmp_path):
    with pytest.raises(NbmjError, match="not found"):
        load_rules(tmp_path / "nowhere")


def test_cross_references_name_existing_rules(rules):
    ids = {r.id for r in rules}
    for rule in rules:
        for ref in re.findall(r"\b(?:NB|NH)-\d+\.\d+\b", rule.text):
            assert ref in ids, f"{rule.id} refers to {ref}, which does not exist"


def test_every_variant_parameter_a_rule_names_exists():
    """A rule's ``:variant:`` line names real rule-set parameters: a field path of a shipped
    variant, a whole table, ``items.NAME`` of a shipped item, ``payments.SITUATION`` or ``restrictions.KIND``."""
    from nbmj.rules import list_variants, load_variant
    from nbmj.rules.model import PAYMENT_SITUATIONS, RESTRICTION_KINDS

    compiled = [load_variant(name) for name in list_variants()]
    item_names = {item.name for rules in compiled for item in rules.items}
    trees = [rules.to_dict() for rules in compiled]

    def resolves(path: str) -> bool:
        head, _, rest = path.partition(".")
        if head in ("items", "payments", "restrictions") and not rest:
            return True  # the whole table
        if head == "items":
            return rest in item_names
        if head == "payments":
            return rest in PAYMENT_SITUATIONS
        if head == "restrictions":
            return rest in RESTRICTION_KINDS
        for tree in trees:
            node = tree
            for part in path.split("."):
                node = node.get(part) if isinstance(node, dict) else None
                if node is None:
                    break
            else:
                return True
        return False

    unknown = [(rule.id, p) for rule in load_rules() for p in rule.variant if not resolves(p)]
    assert not unknown, f"variant parameters that name nothing: {unknown}"
