"""Small builders of docutils nodes that every generated page uses.

Paragraphs from mixed text and nodes, tables from rows of cells, titled sections, inline
literals, and the two option helpers (the document being read, a comma-separated list).
Nothing here knows about mahjong.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from docutils import nodes


def current_docname(env) -> str:
    """The name of the document being read (``env.current_document`` in newer Sphinx,
    ``env.docname`` before)."""
    current = getattr(env, "current_document", None)
    return current.docname if current is not None else env.docname


def comma_list(text: str | None) -> list[str]:
    """The words of an option value separated by commas or spaces (``"a, b c"`` -> a, b, c)."""
    return [w.strip() for w in re.split(r"[,\s]+", text or "") if w.strip()]


def paragraph(*parts: Any, classes: Iterable[str] = ()) -> nodes.paragraph:
    """A paragraph of the parts in order: nodes as they are, anything else as its text."""
    para = nodes.paragraph(classes=list(classes))
    for part in parts:
        para += part if isinstance(part, nodes.Node) else nodes.Text(str(part))
    return para


def table_cell(value: Any) -> nodes.entry:
    """A table entry holding ``value``: an entry itself, a node, a list of parts or text."""
    entry = nodes.entry()
    if isinstance(value, nodes.entry):
        return value
    if isinstance(value, nodes.Node):
        entry += value if isinstance(value, nodes.Body) else paragraph(value)
    elif isinstance(value, list):
        para = nodes.paragraph()
        for part in value:
            para += part if isinstance(part, nodes.Node) else nodes.Text(str(part))
        entry += para
    else:
        entry += nodes.paragraph(text=str(value))
    return entry


def table(
    headers: list[str],
    rows: Iterable[list[Any] | tuple[list[Any], dict]],
    *,
    classes: Iterable[str] = (),
    widths: list[int] | None = None,
) -> nodes.table:
    """A table; a row may be ``(cells, {"ids": [...], "classes": [...]})``."""
    node = nodes.table(classes=["nbmj-table", *classes])
    group = nodes.tgroup(cols=len(headers))
    node += group
    for width in widths or [1] * len(headers):
        group += nodes.colspec(colwidth=width)
    thead = nodes.thead()
    group += thead
    head_row = nodes.row()
    for header in headers:
        head_row += table_cell(header)
    thead += head_row
    body = nodes.tbody()
    group += body
    for row in rows:
        attrs: dict = {}
        if isinstance(row, tuple):
            row, attrs = row
        tr = nodes.row(**attrs)
        for value in row:
            tr += table_cell(value)
        body += tr
    return node


def titled_section(document, title: str, name: str) -> nodes.section:
    """A section with ``title``, its implicit target named ``name`` (so it gets an id)."""
    section = nodes.section()
    heading = nodes.title(title, title)
    # Generated text is written in the build's language by the extension itself
    # (nbmj.sphinxext.i18n), so it stays out of the page catalogues.
    heading["translatable"] = False
    section += heading
    section["names"].append(nodes.fully_normalize_name(name))
    document.note_implicit_target(section, section)
    return section


def inline_literal(text: str) -> nodes.literal:
    """``text`` as inline code."""
    return nodes.literal(text, text)


def name_text(text: str) -> nodes.inline:
    """A name (``清一色``) that a table cell must not break in the middle."""
    return nodes.inline(text, text, classes=["nbmj-name"])
