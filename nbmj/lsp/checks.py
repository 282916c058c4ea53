"""The checker's diagnostics as the protocol's, and their quick fixes.

A diagnostic is the compiler's, word for word, at the same line and column with the
caret's span as its range (what ``nbmj check`` prints). A problem in a parent file is
published for that file, and the child gets one diagnostic at its ``extends`` that names it
(unless the compiler already reported the parent there), with every such problem as related
information. The fixes the messages propose become quick fixes: a did-you-mean replaces the
word, a full-width character becomes its ASCII one, a stray ``=`` or ``:`` between a setting
and its value is deleted.
"""

from __future__ import annotations

import re

from lsprotocol import types as lsp

from ..rules.diagnostics import Diagnostic
from .document import Document, uri_of

__all__ = ["published", "quick_fixes", "SOURCE"]

SOURCE = "nbmj"


def _foreign_range(d: Diagnostic) -> lsp.Range:
    """A range in a file that is not open: columns from the diagnostic's own line text."""
    line = d.source_line or ""
    start = len((line[: d.column - 1]).encode("utf-16-le")) // 2 + max(d.column - 1 - len(line), 0)
    end = len((line[: d.end_column - 1]).encode("utf-16-le")) // 2 + max(d.end_column - 1 - len(line), 0)
    return lsp.Range(start=lsp.Position(line=d.line - 1, character=start), end=lsp.Position(line=d.line - 1, character=end))


def published(doc: Document) -> dict[str, list[lsp.Diagnostic]]:
    """Diagnostics by URI: those of parents that have problems, then the document's own."""
    own: list[lsp.Diagnostic] = []
    foreign: dict[str, list[lsp.Diagnostic]] = {}
    related: list[lsp.DiagnosticRelatedInformation] = []
    for d in doc.compilation.diagnostics:
        if d.file == doc.filename:
            own.append(lsp.Diagnostic(range=doc.range_of(d.line, d.column, d.end_column), message=d.message,
                                      severity=lsp.DiagnosticSeverity.Error, source=SOURCE))
            continue
        if d.file.startswith("<"):
            continue
        rng = _foreign_range(d)
        foreign.setdefault(uri_of(d.file), []).append(lsp.Diagnostic(range=rng, message=d.message, severity=lsp.DiagnosticSeverity.Error, source=SOURCE))
        related.append(lsp.DiagnosticRelatedInformation(location=lsp.Location(uri=uri_of(d.file), range=rng), message=d.message))
    if related:
        parent = _parent_token_range(doc)
        at_parent = [x for x in own if parent is not None and x.range.start == parent.start]
        if at_parent:
            at_parent[0].related_information = related
        else:
            first = next(d for d in doc.compilation.diagnostics if d.file != doc.filename)
            own.insert(0, lsp.Diagnostic(range=parent or doc.range_of(1, 1, 2), message=f"{first.location}: {first.message}",
                                         severity=lsp.DiagnosticSeverity.Error, source=SOURCE, related_information=related))
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


def quick_fixes(doc: Document, diagnostics: list[lsp.Diagnostic]) -> list[lsp.CodeAction]:
    """A quick fix for each diagnostic whose message proposes one."""
    out: list[lsp.CodeAction] = []
    for d in diagnostics:
        if d.source != SOURCE:
            continue
        replacement: str | None = None
        title = ""
        if m := _DID_YOU_MEAN.search(d.message):
            replacement = m.group(1)
            current = _text_in(doc, d.range)
            if current.startswith("[") and current.endswith("]") and not replacement.startswith("["):
                replacement = f"[{replacement}]"
            title = f"Replace with {replacement!r}"
        elif m := _ASCII.search(d.message):
            replacement, title = m.group(1), f"Type {m.group(1)!r}"
        elif m := _STRAY.search(d.message):
            replacement, title = "", f"Delete {m.group(1)!r}"
        if replacement is None:
            continue
        edit = lsp.WorkspaceEdit(changes={doc.uri: [lsp.TextEdit(range=d.range, new_text=replacement)]})
        out.append(lsp.CodeAction(title=title, kind=lsp.CodeActionKind.QuickFix, diagnostics=[d], edit=edit, is_preferred=True))
    return out
