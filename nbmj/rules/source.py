"""Where things are in a variant file being compiled, and how problems are recorded there.

:class:`Source` is one file's text plus the shared list of diagnostics; :class:`Loc` is a
position in it that can report an error; :class:`Bad` carries a problem with one value up
to the reader that records it.
"""

from __future__ import annotations

from dataclasses import dataclass

from lark import Token

from .diagnostics import Diagnostic

__all__ = ["Source", "Loc", "token_loc", "Bad", "normalize_text"]


def normalize_text(text: str) -> str:
    """The text as the parser reads it: a leading UTF-8 byte-order mark dropped, and
    Windows (CRLF) and old Mac (CR) line endings made ``\\n``. Neither changes a line
    number or a column an author sees in an editor."""
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


@dataclass
class Source:
    """One file being compiled: its name for messages, its text, and the shared sink."""

    file: str
    text: str
    diags: list[Diagnostic]

    def line_text(self, line: int) -> str | None:
        """Line ``line`` (1-based) as the parser counts lines: only ``\\n`` ends one.

        ``str.splitlines`` would also split at U+2028, U+0085, form feed and the like,
        which may stand in a comment; counting them would show the wrong line.
        """
        lines = self.text.split("\n")
        return lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else None

    def error(self, message: str, line: int, column: int, length: int = 1) -> None:
        self.diags.append(Diagnostic(self.file, line, column, message, max(length, 1), self.line_text(line)))


@dataclass(frozen=True)
class Loc:
    """Where a piece of the source is, for messages."""

    src: Source
    line: int
    column: int
    length: int = 1

    def error(self, message: str) -> None:
        self.src.error(message, self.line, self.column, self.length)


def token_loc(src: Source, tok: Token) -> Loc:
    text = str(tok)
    return Loc(src, tok.line or 1, tok.column or 1, max(len(text.split("\n")[0]) if text else 1, 1))


class Bad(Exception):
    """A problem with one value; caught by the reader, which records it and carries on."""

    def __init__(self, message: str, loc: Loc) -> None:
        super().__init__(message)
        self.message = message
        self.loc = loc
