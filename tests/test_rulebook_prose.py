"""The rulebook's prose names only settings, items and values that exist, and shows a
reader no internal labels.

The settings a reader sees in the rulebook's code literals (``wilds.kinds = same, next``,
``items.pai_hu``) and in the rules' ``:variant:`` fields are looked up in the compiled rule
sets of the shipped variants; a value is checked by compiling it over a shipped variant.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from nbmj._paths import spec_root
from nbmj.rules import list_variants, load_variant
from nbmj.rules import schema
from nbmj.rules.model import FEATURES
from nbmj.rules.rulebook import load_rules
from nbmj.rules.source import Bad, Loc, Source
from nbmj.rules.syntax import Atom
from nbmj.sphinxext.ruleset_diff import flatten

RULEBOOK = spec_root() / "rulebook"
PAGES = sorted(RULEBOOK.glob("*.rst"))

#: Dotted names in the prose that are not rule-set settings: the packages of an external
#: engine the sources page describes, and nbmj's own modules.
FOREIGN_NAMESPACES = ("com.", "nbmj.")

_DOTTED = re.compile(r"(?P<path>[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+)(?: = (?P<value>.+))?")
_BARE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]{3,}")


def _reader_lines(path: Path) -> list[tuple[int, str]]:
    """The lines of a page a reader sees: not comments, not ``:sources:`` fields."""
    seen: list[tuple[int, str]] = []
    comment_indent: int | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        indent = len(line) - len(line.lstrip())
        if comment_indent is not None and (not line.strip() or indent > comment_indent):
            continue
        comment_indent = None
        stripped = line.strip()
        if stripped.startswith("..") and "::" not in stripped:
            comment_indent = indent
            continue
        if stripped.startswith(":sources:"):
            continue
        if path.name == "sources.rst" and re.fullmatch(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*", stripped):
            continue  # the key of a sources entry: the page shows the entry's name instead
        seen.append((number, line))
    return seen


def _literals(path: Path) -> list[tuple[int, str]]:
    """The ``code literals`` a reader sees on a page, with their line numbers."""
    return [(n, m.group(1)) for n, line in _reader_lines(path) for m in re.finditer(r"``([^`]+)``", line)]


def _plain(path: str) -> str:
    """``items[pai_hu].value`` -> ``items.pai_hu.value``; record keys lose their /link and #n."""
    return re.sub(r"\[([^\]/#]+)[^\]]*\]", r".\1", path)


def _render(value: object) -> str:
    """A rule-set value as the prose writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ", ".join(value)
    return str(value)


@lru_cache(maxsize=None)
def _shipped() -> dict[str, dict[str, object]]:
    """variant -> its compiled rule set, flattened to plain dotted paths."""
    return {name: {_plain(k): v for k, v in flatten(load_variant(name).to_dict()).items()} for name in list_variants()}


def _resolves(path: str) -> bool:
    return any(k == path or k.startswith(path + ".") for flat in _shipped().values() for k in flat)


def _reader_for(path: str):
    """The variant language's reader of a plain setting (``wilds.kinds``), or None for
    item and table fields, which are checked against the shipped variants only."""
    section, _, key = path.partition(".")
    if path == "shapes":  # written `winning { shapes ... }`, compiled to the rule set's `shapes`
        return schema.SECTION_SCHEMA["winning"]["shapes"]
    if section == "scoring":
        return schema.SCORING_SCHEMA["tai"].get(key) or schema.SCORING_SCHEMA["fu_fan"].get(key)
    return schema.SECTION_SCHEMA.get(section, {}).get(key)


def _value_is_possible(path: str, value: str) -> bool:
    """Some shipped variant holds the value, or the variant language reads it for that setting."""
    if path.startswith("items.") and path.count(".") == 1:
        path += ".value"  # ``items.pai_hu = 0``: the item's value
    if any(_render(flat[path]) == value for flat in _shipped().values() if path in flat):
        return True
    reader = _reader_for(path)
    if reader is None:
        return False
    where = Loc(Source("<rulebook>", value, []), 1, 1)
    words = {"true": "yes", "false": "no"}
    atoms = [
        Atom(",", "PUNCT", where) if part == "," else Atom(words.get(part, part), "WORD", where)
        for part in re.findall(r",|[^,\s]+", value)
    ]
    try:
        read = reader(path, atoms, where)
    except Bad:
        return False
    return _render(read) == value


def _vocabulary() -> set[str]:
    """Every word a bare literal may be: the parts of setting paths, item names, values of
    the shipped variants, and the words the variant language accepts."""
    words: set[str] = set()
    for flat in _shipped().values():
        for key, value in flat.items():
            words.update(key.split("."))
            for leaf in value if isinstance(value, list) else [value]:
                if isinstance(leaf, str):
                    words.update(re.findall(r"[a-z_][a-z0-9_]*", leaf))
    for table in (schema.SECTION_SCHEMA, schema.SCORING_SCHEMA):
        for settings in table.values():
            for reader in settings.values():
                words.update(reader.words)  # the words each setting's reader accepts
    for spec in FEATURES.values():  # the condition language's features and their arguments
        words.add(spec.name)
        for slot in spec.arg_choices:
            words.update(slot)
    for name in dir(schema):
        value = getattr(schema, name)
        if name.isupper() and isinstance(value, tuple):
            words.update(w for w in value if isinstance(w, str))
    return words


def _prose_literals() -> list[tuple[str, int, str]]:
    return [(page.name, number, text) for page in PAGES for number, text in _literals(page)]


@pytest.mark.parametrize(
    "page,line,literal",
    [item for item in _prose_literals() if _DOTTED.fullmatch(item[2]) and not item[2].startswith(FOREIGN_NAMESPACES)],
)
def test_each_setting_in_the_prose_exists(page, line, literal):
    match = _DOTTED.fullmatch(literal)
    path, value = match.group("path"), match.group("value")
    assert _resolves(path), f"{page}:{line}: ``{literal}`` names no setting or item of any shipped variant"
    if value is not None:
        assert _value_is_possible(path, value), f"{page}:{line}: ``{literal}``: no rule set can hold that value"


def test_each_bare_word_in_the_prose_is_a_word_of_the_rule_sets():
    words = _vocabulary()
    unknown = [
        f"{page}:{line}: ``{text}``"
        for page, line, text in _prose_literals()
        if _BARE.fullmatch(text) and text not in words and not text.startswith(("ningbo", "ninghai"))
    ]
    assert not unknown, unknown


def test_each_variant_parameter_of_a_rule_exists():
    missing = [f"{rule.id}: {param}" for rule in load_rules() for param in rule.variant if not _resolves(param)]
    assert not missing, missing


def test_the_checks_catch_what_the_prose_used_to_say():
    """The settings the rulebook once named wrongly are refused, their right names pass."""
    assert not _resolves("items.paihu") and not _resolves("items.hunyise")
    assert _resolves("items.pai_hu") and _resolves("items.half_flush")
    assert not _value_is_possible("shapes", "luanfeng") and _value_is_possible("shapes", "standard")
    assert _value_is_possible("tiles.flowers", "false")  # no variant ships it, the compiler accepts it
    assert not _value_is_possible("wilds.indicator_die", "middle")


# ------------------------------------------------------------ no internal labels for readers

#: What only the project's own notes use: source keys, the research notes' contradiction
#: numbers, seed file names and hashes, and the repository's own paths.
INTERNAL = re.compile(
    r"\bS00\d\b|\bX-(?:NBR|NBCB|AU|RA|SNH|MP|HY)\b|\bNBMJ\b|\bC\d+b?\b|fact sheet|rules-facts|\bseeds\b|\bseed (?:file|text)s?\b"
    r"|[0-9a-f]{16}\.txt|\bspec/(?:variants|rulebook)\b"
)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_the_reader_sees_no_internal_labels(page):
    found = [f"{page.name}:{n}: {line.strip()}" for n, line in _reader_lines(page) if INTERNAL.search(line)]
    assert not found, found


def test_the_internal_label_check_finds_them():
    sample = "As S001 says (C12), see the fact sheet and 001_38ccdaad77ccfc95.txt; X-NBR agrees."
    assert len(INTERNAL.findall(sample + " NBMJ, in spec/variants/")) == 7
    assert not INTERNAL.search("The QQ-style rules and NBR agree; a seeded generator.")
