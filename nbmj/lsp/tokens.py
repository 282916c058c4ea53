"""The words of a variant file as an editor sees them, half-typed lines included.

The language server answers while the author types, when the file often does not parse.
:func:`lex` splits each line into tokens with the grammar's own terminals (the patterns of
``grammar.lark``, read from the parser: no second definition of a word or a string),
keeps comments, and turns a character the grammar has no place for (a full-width brace,
an unclosed string's quote) into an ``UNKNOWN`` token instead of stopping.
:func:`outline` finds the sections and their statements from the tokens alone.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from ..rules.parsing import _parser
from ..rules.source import normalize_text

__all__ = ["Tok", "Statement", "Section", "lex", "outline", "lines_of", "is_word"]

UNKNOWN = "UNKNOWN"
# The grammar's terminals an editor needs, in the order they are tried: a comment or a
# string before anything inside it, a two-character comparison before one-character
# punctuation. Keywords are WORDs whose text is a keyword.
_ORDER = ("COMMENT", "STRING", "RULE", "CMP", "WORD", "PUNCT", "TIMES", "LBRACE", "RBRACE", "LPAR", "RPAR", "SEMICOLON", "COMMA")


@dataclass(frozen=True)
class Tok:
    """A token: its kind (a terminal's name, a keyword's upper-cased name such as ``ITEM``,
    ``COMMENT`` or ``UNKNOWN``), its text, and where it starts (1-based line and column,
    counted in characters of the normalized text)."""

    kind: str
    text: str
    line: int
    column: int

    @property
    def end(self) -> int:
        """The column just after the token."""
        return self.column + len(self.text)

    def covers(self, line: int, column: int) -> bool:
        """Whether the position is on the token or just after its last character."""
        return self.line == line and self.column <= column <= self.end


@functools.lru_cache(maxsize=1)
def _scanner() -> tuple[re.Pattern[str], dict[str, str]]:
    terminals = {t.name: t for t in _parser().terminals}
    parts = [f"(?P<{name}>{terminals[name].pattern.to_regexp()})" for name in _ORDER if name in terminals]
    keywords = {
        str(t.pattern.value): name
        for name, t in terminals.items()
        if t.pattern.type == "str" and str(t.pattern.value).isidentifier()
    }
    return re.compile("|".join(parts)), keywords


def is_word(tok: Tok) -> bool:
    """Whether the token is a word: a name, a number or a keyword."""
    return tok.kind == "WORD" or tok.text in _scanner()[1]


def lines_of(text: str) -> list[str]:
    """The lines of a text as the compiler and the Language Server Protocol count them
    (``\\n``, ``\\r\\n`` and ``\\r`` end a line; nothing else does), a byte-order mark dropped."""
    return normalize_text(text).split("\n")


def lex(text: str) -> list[list[Tok]]:
    """The tokens of each line of ``text`` (index 0 is line 1)."""
    scanner, keywords = _scanner()
    out: list[list[Tok]] = []
    for number, line in enumerate(lines_of(text), 1):
        toks: list[Tok] = []
        pos = 0
        while pos < len(line):
            if line[pos] in " \t\f":
                pos += 1
                continue
            m = scanner.match(line, pos)
            if m is None or m.end() == pos:
                toks.append(Tok(UNKNOWN, line[pos], number, pos + 1))
                pos += 1
                continue
            kind = m.lastgroup or UNKNOWN
            word = m.group()
            if kind == "WORD" and word in keywords:
                kind = keywords[word]
            toks.append(Tok(kind, word, number, pos + 1))
            pos = m.end()
        out.append(toks)
    return out


@dataclass
class Statement:
    """One statement: its tokens (comments left out), in order."""

    toks: list[Tok]

    @property
    def first(self) -> Tok:
        return self.toks[0]

    @property
    def last(self) -> Tok:
        return self.toks[-1]


@dataclass
class Section:
    """A section: ``name``, its qualifier (``tai`` in ``scoring tai``), its braces (None for
    ``liability none``, or a brace never closed) and its statements."""

    name: Tok
    qualifier: Tok | None
    open: Tok | None
    close: Tok | None
    statements: list[Statement] = field(default_factory=list)

    def contains(self, line: int, column: int) -> bool:
        """Whether the position is between the braces."""
        if self.open is None or (line, column) <= (self.open.line, self.open.column):
            return False
        return self.close is None or (line, column) <= (self.close.line, self.close.column)


@dataclass
class Outline:
    """The sections of a file, and its top-level statements (header, ``alias``, ``shadows``,
    and the sections' opening words)."""

    sections: list[Section]
    top: list[Statement]


def outline(lines: list[list[Tok]]) -> Outline:
    """The sections and top-level statements of a file's tokens, tolerating any mistake: a
    brace never closed ends at the next line that opens a section."""
    sections: list[Section] = []
    top: list[Statement] = []
    current: Section | None = None
    stmt: list[Tok] = []

    def end_statement() -> None:
        nonlocal stmt
        if stmt:
            (current.statements if current is not None else top).append(Statement(stmt))
        stmt = []

    for toks in lines:
        code = [t for t in toks if t.kind != "COMMENT"]
        # an unclosed section ends where a line opens another
        if current is not None and code and any(t.kind == "LBRACE" for t in code) and code[0].kind == "WORD":
            end_statement()
            current = None
        for tok in code:
            if tok.kind == "SEMICOLON":
                end_statement()
            elif tok.kind == "LBRACE" and current is None:
                head = stmt
                stmt = []
                if head:
                    sec = Section(head[0], head[1] if len(head) > 1 else None, tok, None)
                    sections.append(sec)
                    top.append(Statement(head + [tok]))
                    current = sec
            elif tok.kind == "RBRACE" and current is not None:
                end_statement()
                current.close = tok
                current = None
            else:
                stmt.append(tok)
        if current is None and len(stmt) == 2 and stmt[1].kind == "NONE":
            sections.append(Section(stmt[0], None, None, None))
        end_statement()
    end_statement()
    return Outline(sections, top)
