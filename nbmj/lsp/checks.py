"""The checker's diagnostics as the protocol's, and their quick fixes.

A diagnostic is the compiler's, at the same line and column with the caret's span as its
range (what ``nbmj check`` prints), in the editor's language: the English message word for
word, or its Chinese wording (:meth:`~nbmj.rules.diagnostics.Diagnostic.text`). A problem in a parent file is
published for that file, and the child gets one diagnostic at its ``extends`` that names it
(unless the compiler already reported the parent there), with every such problem as related
information. The fixes the messages propose become quick fixes: a did-you-mean replaces the
word, a full-width character becomes its ASCII one, a stray ``=`` or ``:`` between a setting
and its value is deleted. The fixes are read from the English message in any language: a
published diagnostic carries it in its ``data``, and one an editor sends back without it is
matched to the document's compiled diagnostic at its range.
"""

from __future__ import annotations

import re

from lsprotocol import types as lsp

from ..rules.diagnostics import Diagnostic
from .document import Document, uri_of
from .texts import say

__all__ = ["published", "quick_fixes", "SOURCE"]

SOURCE = "nbmj"


def _foreign_range(d: Diagnostic) -> lsp.Range:
    """A range in a file that is not open: columns from the diagnostic's own line text."""
    line = d.source_line or ""
    start = len((line[: d.column - 1]).encode("utf-16-le")) // 2 + max(d.column - 1 - len(line), 0)
    end = len((line[: d.end_column - 1]).encode("utf-16-le")) // 2 + max(d.end_column - 1 - len(line), 0)
    return lsp.Range(start=lsp.Position(line=d.line - 1, character=start), end=lsp.Position(line=d.line - 1, character=end))


def _diagnostic(rng: lsp.Range, d: Diagnostic, language: str) -> lsp.Diagnostic:
    """The protocol's diagnostic: the message in ``language``, the English one in ``data``
    for the quick fixes."""
    return lsp.Diagnostic(range=rng, message=d.text(language), severity=lsp.DiagnosticSeverity.Error, source=SOURCE,
                          data={"message": d.message})


def published(doc: Document, language: str = "en") -> dict[str, list[lsp.Diagnostic]]:
    """Diagnostics by URI, their messages in ``language``: those of parents that have
    problems, then the document's own."""
    own: list[lsp.Diagnostic] = []
    foreign: dict[str, list[lsp.Diagnostic]] = {}
    related: list[lsp.DiagnosticRelatedInformation] = []
    for d in doc.compilation.diagnostics:
        if d.file == doc.filename:
            own.append(_diagnostic(doc.range_of(d.line, d.column, d.end_column), d, language))
            continue
        if d.file.startswith("<"):
            continue
        rng = _foreign_range(d)
        foreign.setdefault(uri_of(d.file), []).append(_diagnostic(rng, d, language))
        related.append(lsp.DiagnosticRelatedInformation(location=lsp.Location(uri=uri_of(d.file), range=rng), message=d.text(language)))
    if related:
        parent = _parent_token_range(doc)
        at_parent = [x for x in own if parent is not None and x.range.start == parent.start]
        if at_parent:
            at_parent[0].related_information = related
        else:
            first = next(d for d in doc.compilation.diagnostics if d.file != doc.filename)
            own.insert(0, lsp.Diagnostic(range=parent or doc.range_of(1, 1, 2), message=f"{first.location}: {first.text(language)}",
                                         severity=lsp.DiagnosticSeverity.Error, source=SOURCE, related_information=related,
                                         data={"message": f"{first.location}: {first.message}"}))
    # the parents' first: an editor (or a test) that has the document's own has them all
    return {**foreign, doc.uri: own}


def _parent_token_range(doc: Document) -> lsp.Range | None:
    for st in doc.outline.top:
        kinds = [t.kind for t in st.toks]
        if kinds[:1] == ["VARIANT"] and "EXTENDS" in kinds:
            i = kinds.index("EXTENDS")
            if i + 1 < len(st.toks):
                return doc.tok_range(st.toks[i + 1])
    return None


_DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'\?")
_ASCII = re.compile(r"type the ASCII '(.)'")
_STRAY = re.compile(r"with no '(.)' between them")


def _text_in(doc: Document, rng: lsp.Range) -> str:
    line, start = doc.from_lsp(rng.start)
    end_line, end = doc.from_lsp(rng.end)
    text = doc.lines[line - 1] if 0 < line <= len(doc.lines) else ""
    return text[start - 1 : end - 1 if end_line == line else None]


def _english(doc: Document, d: lsp.Diagnostic) -> str:
    """The English message of a published diagnostic: from its ``data``, else the
    document's compiled diagnostic at its range that reads as it does, else its message."""
    if isinstance(d.data, dict) and isinstance(d.data.get("message"), str):
        return str(d.data["message"])
    for c in doc.compilation.diagnostics:
        if c.file == doc.filename and doc.range_of(c.line, c.column, c.end_column) == d.range and d.message in (c.message, c.text("zh")):
            return c.message
    return d.message


def quick_fixes(doc: Document, diagnostics: list[lsp.Diagnostic], language: str = "en") -> list[lsp.CodeAction]:
    """A quick fix for each diagnostic whose (English) message proposes one, titled in ``language``."""
    out: list[lsp.CodeAction] = []
    for d in diagnostics:
        if d.source != SOURCE:
            continue
        replacement: str | None = None
        title = ""
        message = _english(doc, d)
        if m := _DID_YOU_MEAN.search(message):
            replacement = m.group(1)
            current = _text_in(doc, d.range)
            if current.startswith("[") and current.endswith("]") and not replacement.startswith("["):
                replacement = f"[{replacement}]"
            title = say(language, "Replace with {word}", word=repr(replacement))
        elif m := _ASCII.search(message):
            replacement, title = m.group(1), say(language, "Type {char}", char=repr(m.group(1)))
        elif m := _STRAY.search(message):
            replacement, title = "", say(language, "Delete {char}", char=repr(m.group(1)))
        if replacement is None:
            continue
        edit = lsp.WorkspaceEdit(changes={doc.uri: [lsp.TextEdit(range=d.range, new_text=replacement)]})
        out.append(lsp.CodeAction(title=title, kind=lsp.CodeActionKind.QuickFix, diagnostics=[d], edit=edit, is_preferred=True))
    return out
