"""Parsing variant text with the Lark grammar, and turning syntax errors into diagnostics.

:func:`parse` gives the :class:`~nbmj.rules.syntax.FileAst` of a text, or ``None`` after
recording a diagnostic for each syntax error it finds (labelled from the table of
known-bad examples when it fails the way one of them does). :func:`parse_header` reads only a
file's header and aliases, for the variant registry.
"""

from __future__ import annotations

from dataclasses import dataclass

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from ..errors import RuleSetError
from .diagnostics import SYNTAX_LABELS
from .source import Source
from .syntax import FileAst, ToAst

__all__ = ["parse", "parse_header", "VariantHeader"]

_PARSER: Lark | None = None


def _parser() -> Lark:
    global _PARSER
    if _PARSER is None:
        _PARSER = Lark.open_from_package(
            "nbmj.rules", "grammar.lark", ("",), parser="lalr", propagate_positions=True, maybe_placeholders=False
        )
    return _PARSER


_TERMINAL_WORDS = {
    "WORD": "a name or a number",
    "STRING": 'a "quoted string"',
    "RULE": "a rule ID like [NB-12.1]",
    "CMP": "a comparison (>=, <=, ==, !=, >, <)",
    "PUNCT": "one of > = , : +",
    "_NL": "a line break",
    "$END": "the end of the file",
    "SEMICOLON": "';'",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "LPAR": "'('",
    "RPAR": "')'",
    "COMMA": "','",
}


def _describe_terminal(name: str) -> str:
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    if name.isupper() and name.isalpha() or "_" in name:
        return repr(name.lower())
    return name


def _syntax_examples() -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for ex in SYNTAX_LABELS:
        table.setdefault(ex.label, []).append(ex.text)
    return table


# Syntax errors reported from one file at the most.
MAX_SYNTAX_ERRORS = 10


def parse(src: Source) -> FileAst | None:
    """The syntax tree of ``src``, or ``None`` after recording its syntax errors.

    The LALR parser stops at the first error. To report the later ones as well, the line
    of an error is blanked (same length, so every other position stays put) and the text
    parsed again, as long as each new error lies on a later line. A line that opens or
    closes a block is not blanked: the parse after it would stumble over the unbalanced
    braces and report errors the author did not make.
    """
    parser = _parser()
    text = src.text
    last_line = 0
    for _ in range(MAX_SYNTAX_ERRORS):
        try:
            tree = parser.parse(text)
        except UnexpectedInput as exc:
            line = exc.line if isinstance(exc.line, int) else -1
            if last_line and line <= last_line:
                return None  # no progress: what follows is an echo of the error before
            _syntax_error(src, exc)
            lines = text.split("\n")
            if not 1 <= line <= len(lines) or "{" in lines[line - 1] or "}" in lines[line - 1]:
                return None
            lines[line - 1] = " " * len(lines[line - 1])
            text = "\n".join(lines)
            last_line = line
            continue
        if last_line:
            return None  # the rest parses: every error is reported
        try:
            return ToAst(src).transform(tree)
        except VisitError as exc:  # pragma: no cover - a bug in the transformer, not in the file
            raise exc.orig_exc from None
    return None


def _syntax_error(src: Source, exc: UnexpectedInput) -> None:
    parser = _parser()
    label = None
    try:
        label = exc.match_examples(parser.parse, _syntax_examples(), use_accepts=True)
    except Exception:  # a label is a nicety; never let it hide the error
        label = None
    line, column = exc.line, exc.column
    length = 1
    if isinstance(exc, UnexpectedCharacters):
        ch = src.text[exc.pos_in_stream] if exc.pos_in_stream < len(src.text) else ""
        message = label or f"unexpected character {ch!r}"
    elif isinstance(exc, UnexpectedToken):
        tok = exc.token
        if tok.type == "$END":
            lines = src.text.rstrip("\n").splitlines() or [""]
            line, column = len(lines), len(lines[-1]) + 1
            found = "the end of the file"
        elif tok.type == "_NL":
            found = "the end of the line"
            length = 1
        else:
            found = repr(str(tok))
            length = len(str(tok))
        if label is None:
            expected = sorted({_describe_terminal(t) for t in exc.accepts or exc.expected if not t.startswith("__")})
            label = f"unexpected {found}; expected {' or '.join(expected)}"
        message = label
    else:  # pragma: no cover
        message = label or str(exc).splitlines()[0]
    if line is None or line < 1:
        line, column = 1, 1
    src.error(message, line, column or 1, length)


@dataclass
class VariantHeader:
    """A variant file's first line: name, parent, summary; and its aliases."""

    name: str
    parent: str | None
    summary: str | None
    aliases: tuple[str, ...]
    path: str


def parse_header(text: str, filename: str = "<string>") -> VariantHeader:
    """Read only the header and aliases of a variant text (raises RuleSetError on syntax errors)."""
    src = Source(filename, text, [])
    ast = parse(src)
    if ast is None:
        raise RuleSetError(src.diags)
    h = ast.header
    return VariantHeader(
        h.name.text, h.parent.text if h.parent else None, h.summary.text if h.summary else None, tuple(a.text for a in ast.aliases), filename
    )
