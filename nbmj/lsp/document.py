"""One open variant file: its text, its tokens and sections, and what compiling it found.

Positions inside nbmj are 1-based lines and columns counted in characters of the text as
the compiler reads it (:func:`nbmj.rules.source.normalize_text`: a byte-order mark
dropped, ``\\r\\n`` and ``\\r`` made ``\\n``). The Language Server Protocol counts lines
from 0 at the same line breaks, and columns in UTF-16 code units (or UTF-8 or UTF-32, as
negotiated) of the editor's own text. :class:`Document` converts both ways.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types as lsp

from ..rules.compiler import Compilation, compile_for_editor
from ..rules.merge import Resolver, default_resolver
from .tokens import Outline, Section, Statement, Tok, lex, lines_of, outline

__all__ = ["Document", "path_of", "uri_of"]

_BREAK = re.compile(r"\r\n|\r|\n")


def path_of(uri: str) -> Path | None:
    """The file a ``file:`` URI names, or None for another scheme (an unsaved buffer)."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    return Path(unquote(parsed.path))


def uri_of(path: str | Path) -> str:
    """The ``file:`` URI of a path."""
    return Path(path).resolve().as_uri()


def _units(text: str, encoding: str) -> int:
    if encoding == lsp.PositionEncodingKind.Utf8:
        return len(text.encode("utf-8"))
    if encoding == lsp.PositionEncodingKind.Utf32:
        return len(text)
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


@dataclass
class Document:
    """An open document and what the server knows of it."""

    uri: str
    text: str
    encoding: str = lsp.PositionEncodingKind.Utf16
    #: how a parent is found; the server lets an open parent's unsaved text stand for its file
    resolver: Resolver = default_resolver
    path: Path | None = field(init=False)
    #: the lines of the normalized text
    lines: list[str] = field(init=False)
    toks: list[list[Tok]] = field(init=False)
    outline: Outline = field(init=False)
    compilation: Compilation = field(init=False)

    def __post_init__(self) -> None:
        self.path = path_of(self.uri)
        self._raw_lines = _BREAK.split(self.text)
        self._bom = self.text.startswith("\ufeff")
        self.lines = lines_of(self.text)
        self.toks = lex(self.text)
        self.outline = outline(self.toks)
        self.compilation = compile_for_editor(self.text, self.filename, resolver=self.resolver)

    @property
    def filename(self) -> str:
        """The name the compiler gives the file: its path, or the URI of an unsaved buffer."""
        return str(self.path) if self.path is not None else self.uri

    # ------------------------------------------------------------ positions

    def to_lsp(self, line: int, column: int) -> lsp.Position:
        """The protocol's position of a 1-based line and column of the normalized text."""
        index = column - 1 + (1 if line == 1 and self._bom else 0)
        raw = self._raw_lines[line - 1] if 0 < line <= len(self._raw_lines) else ""
        return lsp.Position(line=max(line - 1, 0), character=_units(raw[: max(index, 0)], self.encoding) + max(index - len(raw), 0))

    def from_lsp(self, position: lsp.Position) -> tuple[int, int]:
        """The 1-based line and column of the normalized text at a protocol position."""
        raw = self._raw_lines[position.line] if position.line < len(self._raw_lines) else ""
        index = 0
        units = 0
        while index < len(raw) and units < position.character:
            units += _units(raw[index], self.encoding)
            index += 1
        if position.line == 0 and self._bom:
            index = max(index - 1, 0)
        return position.line + 1, index + 1

    def range_of(self, line: int, column: int, end_column: int, end_line: int | None = None) -> lsp.Range:
        return lsp.Range(start=self.to_lsp(line, column), end=self.to_lsp(end_line or line, end_column))

    def tok_range(self, tok: Tok) -> lsp.Range:
        return self.range_of(tok.line, tok.column, tok.end)

    # ------------------------------------------------------------ where things are

    def token_at(self, line: int, column: int) -> Tok | None:
        """The token under the position (or ending just before it)."""
        if not 0 < line <= len(self.toks):
            return None
        on = [t for t in self.toks[line - 1] if t.covers(line, column)]
        return next((t for t in on if t.column <= column < t.end), on[-1] if on else None)

    def section_at(self, line: int, column: int) -> Section | None:
        """The section whose braces hold the position."""
        return next((s for s in self.outline.sections if s.contains(line, column)), None)

    def statement_at(self, line: int, column: int) -> tuple[Section | None, Statement | None]:
        """The section and the statement that hold the position (a statement spans its
        tokens' columns on its line)."""
        section = self.section_at(line, column)
        statements = section.statements if section is not None else self.outline.top
        for st in statements:
            if st.first.line <= line <= st.last.line and (st.first.line, st.first.column) <= (line, column) <= (st.last.line, st.last.end):
                return section, st
        return section, None


def open_documents_resolver(open_text: Callable[[str], str | None], base: Resolver = default_resolver) -> Resolver:
    """A resolver that finds parents as ``base`` does but reads an open parent's unsaved text."""

    def resolve(name: str, from_dir: Path | None, skip: Collection[str]) -> tuple[str, str, str] | None:
        found = base(name, from_dir, skip)
        if found is None:
            return None
        text, filename, display = found
        buffered = open_text(uri_of(filename))
        return (buffered if buffered is not None else text), filename, display

    return resolve
