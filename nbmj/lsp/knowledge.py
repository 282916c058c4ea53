"""What the language server knows about the words of a variant file: the rulebook, the
settings' readers and the rules that name them, and where a setting or an item of a
compiled chain comes from.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from ..errors import NbmjError
from ..rules import model as M
from ..rules.compiler import Compilation, compile_for_editor
from ..rules.filespec import Entry, Setting
from ..rules.merge import Merged
from ..rules.rulebook import Rule, rules_by_id
from ..rules.schema import SCORING_SCHEMA, SECTION_SCHEMA, Reader, ValueReader
from ..rules.source import Loc
from .document import Document

__all__ = [
    "rulebook",
    "setting_reader",
    "setting_names",
    "rules_for_setting",
    "parents_merged",
    "inherited",
    "spell_value",
    "spell_item",
    "local_rules",
]

# Settings whose rule-set field has another name than the setting.
_FIELD_OF = {("winning", "shapes"): "shapes", ("winning", "heavenly_wait"): "heavenly_wait", ("flowers", "seat"): "flowers.seat_flowers", ("liability", "one_way"): "liability.rows",
             ("liability", "mutual"): "liability.rows"}


def _read_by_the_reader(key: str, atoms: list[Any], owner: Loc) -> Any:
    raise AssertionError(f"{key} is read by nbmj.rules.reader itself")  # pragma: no cover


_ROW = "a situation ({words}), ':' and who pays: partner 2, discarder 2"
# Lines of settings sections that the reader reads itself rather than through the schema,
# with the words they take (for completion and hover).
EXTRA_SETTINGS: dict[str, dict[str, ValueReader]] = {
    "flowers": {"seat": ValueReader(_read_by_the_reader, M.SEATS, "a seat wind ({words}) and its flowers: seat E 1f 5f")},
    "liability": {
        "one_way": ValueReader(_read_by_the_reader, M.LIABILITY_SITUATIONS, _ROW),
        "mutual": ValueReader(_read_by_the_reader, M.LIABILITY_SITUATIONS, _ROW),
    },
}


@functools.lru_cache(maxsize=1)
def rulebook() -> dict[str, Rule]:
    """The rules of the rulebook by ID (empty when no rulebook is installed)."""
    try:
        return rules_by_id()
    except NbmjError:
        return {}


def setting_names(section: str, qualifier: str | None) -> dict[str, Reader]:
    """The settings a section may hold, with their readers (``scoring`` by its kind)."""
    if section == "scoring":
        return dict(SCORING_SCHEMA.get(qualifier or "", {}))
    return {**SECTION_SCHEMA.get(section, {}), **EXTRA_SETTINGS.get(section, {})}


def setting_reader(section: str, key: str, qualifier: str | None) -> ValueReader | None:
    reader = setting_names(section, qualifier).get(key)
    return reader if isinstance(reader, ValueReader) else None


def rules_for_setting(section: str, key: str) -> list[Rule]:
    """The rules whose ``:variant:`` line names the setting's field (or, when none does, its
    whole section)."""
    field = _FIELD_OF.get((section, key), f"{section}.{key}")
    book = rulebook().values()
    named = [r for r in book if field in r.variant]
    return named or [r for r in book if section in r.variant]


def parents_merged(found: Compilation) -> Merged | None:
    """The chain without its last file (what the file inherits), merged; None for a root or
    when a parent could not be read."""
    if found.merged is None or len(found.chain) < 2:
        return None
    merged = Merged()
    for spec in found.chain[:-1]:
        merged.apply(spec)
    return merged


def inherited(doc: Document) -> Merged | None:
    """What the document inherits, merged: from its compiled chain, or, when the document
    does not parse, from compiling the parent its header names."""
    found = doc.compilation
    if found.chain:
        return parents_merged(found)
    header = next((st.toks for st in doc.outline.top if st.first.kind == "VARIANT"), [])
    kinds = [t.kind for t in header]
    if "EXTENDS" not in kinds or kinds.index("EXTENDS") + 1 >= len(header):
        return None
    name = header[kinds.index("EXTENDS") + 1].text
    parent = doc.resolver(name, doc.path.parent if doc.path is not None else None, ())
    if parent is None:
        return None
    text, filename, _display = parent
    return compile_for_editor(text, filename, resolver=doc.resolver).merged


def where(loc: Loc) -> str:
    """``FILE:LINE`` of a location, a shipped file by its short name."""
    from ..rules.registry import display_source

    name = loc.src.file
    if not name.startswith("<"):
        name = display_source(Path(name))
    return f"{name}:{loc.line}"


def spell_value(section: str, key: str, value: Any) -> str:
    """A setting's compiled value in the variant language's spelling."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key == "priority":
        return " > ".join(" = ".join(tier) for tier in value)
    if key == "minimum_alternatives":
        return ", ".join(f"{tai} x {times}" for tai, times in value) or "none"
    if key == "seat":  # [(tile id, loc), ...]
        from ..tiles import tile_code

        return " ".join(tile_code(t) for t, _ in value)
    if isinstance(value, tuple):
        return " ".join(str(v) for v in value)
    return str(value)


def spell_item(item: M.ScoringItem) -> str:
    """An item's line after its name, in the variant language: label, value, unit, clauses."""
    value = "off" if item.value is None else str(item.value)
    parts = [f'"{item.label}"', *(("x", value) if item.unit == "x" else (value, item.unit))]
    if item.each is not None:
        parts.append(f"each {item.each}")
    if item.when is not None:
        parts.append(f"when {item.when}")
    if item.excludes:
        parts.append("excludes " + ", ".join(item.excludes))
    if item.group is not None:
        parts.append(f"group {item.group}")
    if not item.counts_for_minimum:
        parts.append("not_for_minimum")
    return " ".join(parts)


def setting_of(merged: Merged | None, section: str, key: str) -> Setting | None:
    if merged is None:
        return None
    if section == "flowers" and key == "seat":
        return None
    return merged.settings.get((section, key))


def item_of(merged: Merged | None, name: str) -> Entry | None:
    if merged is None:
        return None
    return merged.tables["items"].get(name)


def local_rules(found: Compilation) -> dict[str, Entry]:
    """The house rules the chain declares, by ID (a child's replacing its parent's)."""
    out: dict[str, Entry] = {}
    for spec in found.chain:
        for entry in spec.tables["local_rules"]:
            if entry.value is None:
                out.pop(entry.key, None)
            else:
                out[entry.key] = entry
    return out
