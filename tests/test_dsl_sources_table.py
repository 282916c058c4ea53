"""The docs table of every shipped variant against every source, item by item
(``docs/variants/sources-*.csv``, shown by ``docs/variants/sources.rst``).

The source columns are written by hand from the fact sheets (rules-facts.md §12,
ningbo-riichi-advanced.md); the variant columns must say what the compiled variants score,
so a change to a variant that is not carried into the table fails here. Rewrite the variant
columns with ``NBMJ_UPDATE_GOLDENS=1`` (the source columns are kept).
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest

from nbmj.rules import RuleSet, list_variants, load_variant

DOCS = Path(__file__).resolve().parent.parent / "docs" / "variants"
UPDATE = os.environ.get("NBMJ_UPDATE_GOLDENS", "") not in ("", "0")
TABLES = {
    "ningbo": ("sources-ningbo.csv", "tai"),
    "ninghai": ("sources-ninghai.csv", "fu_fan"),
}


def cell(rules: RuleSet, name: str) -> str:
    """How a variant scores item ``name``: ``4``, ``1 each``, ``×2``, ``off``, or ``—`` (none)."""
    try:
        item = rules.item(name)
    except KeyError:
        return "—"
    if item.value is None:
        return "off"
    value = f"×{item.value}" if item.unit == "x" else f"{item.value}" + ("" if item.unit == "tai" else f" {item.unit}")
    if item.each is not None:
        value += " each"
    if not item.counts_for_minimum:
        value += ", not for the minimum"
    return value


def _variants(kind: str) -> list[str]:
    return [v for v in list_variants() if load_variant(v).scoring.kind == kind]


def _read(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))


@pytest.mark.parametrize("family", sorted(TABLES))
def test_the_variant_columns_say_what_the_variants_score(family):
    filename, kind = TABLES[family]
    path = DOCS / filename
    rows = _read(path)
    header, body = rows[0], rows[1:]
    variants = _variants(kind)
    first_variant = header.index(variants[0]) if variants[0] in header else len(header)
    sources = header[2:first_variant]
    names = {n for v in variants for n in (i.name for i in load_variant(v).items)}
    if UPDATE:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(header[:2] + sources + variants)
        for row in body:
            writer.writerow(row[: 2 + len(sources)] + [cell(load_variant(v), row[0]) for v in variants])
        path.write_text(out.getvalue(), encoding="utf-8")
        rows = _read(path)
        header, body = rows[0], rows[1:]
    assert header[2 + len(sources):] == variants, "every shipped variant of the family has a column"
    assert {row[0] for row in body} == names, "every item of the family's variants has a row"
    for row in body:
        assert len(row) == len(header), row
        for v, got in zip(variants, row[2 + len(sources):]):
            assert got == cell(load_variant(v), row[0]), f"{row[0]} in {v}"
        assert all(c.strip() for c in row[2 : 2 + len(sources)]), f"{row[0]}: a source cell is empty (write — if silent)"


def test_the_page_shows_both_tables():
    page = (DOCS / "sources.rst").read_text(encoding="utf-8")
    for filename, _ in TABLES.values():
        assert f":file: {filename}" in page
