"""The canonical layout of variant files: what ``nbmj fmt`` writes.

The formatter decides the spacing inside a line, the indentation, the alignment of
columns and the blank lines; it keeps every comment and the author's choice of which
statements share a line (``chi yes; pon yes; kan yes`` stays one line, and a section
written on one line, ``tiles { flowers yes }``, stays on one). The layout:

* one space between words; none before ``,`` ``:`` ``;`` ``)`` or after ``(``, and a
  feature's ``(`` touches its name: ``pungs(dragon, concealed)``;
* a section that spans lines opens with ``NAME {`` and closes with ``}`` alone on its
  line, its entries indented by two spaces; an empty one is ``NAME { }``;
* no blank line at the start or end of the file or of a section, and never two in a row;
* in a *block* (lines at one depth with no blank line between; comment-only lines do not
  break it), the rule IDs that end lines start in one column, and so do the comments that
  end lines: the column :data:`COLUMN` (as the shipped files have them) or, when a line of
  the block is longer, two spaces after the longest; ``item`` lines of a block put their
  labels and values in columns too. Widths count a Chinese character as two columns, as a
  terminal and an editor's monospaced font show it.

Formatting never changes what a file means: the tokens the parser reads are the same
before and after (separators aside), and so are the comments; :func:`format_text` checks
both on every call and refuses to return a text that differs. It needs a file that parses
(a file with other mistakes, an unknown setting say, formats as well).

>>> print(format_text('variant x extends ningbo "x"\\nscoring tai{minimum  3;cap none}\\n'), end="")
variant x extends ningbo "x"
scoring tai { minimum 3; cap none }
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token
from lark.exceptions import UnexpectedInput

from ..errors import NbmjError, RuleSetError
from .diagnostics import Diagnostic, display_width
from .parsing import _parser, parse
from .source import Source, normalize_text

__all__ = ["COLUMN", "format_text", "LayoutError"]

#: The least column (0-based) at which rule IDs and comments that end a line start.
COLUMN = 56
_INDENT = "  "


class LayoutError(NbmjError):
    """The formatter's output would not mean what its input meant (a bug in the formatter:
    the file is left as it was)."""


@dataclass
class _Row:
    """One line of the output before alignment.

    ``kind`` is ``code`` (statements, or a one-line section), ``open`` (``NAME {`` of a
    section that spans lines), ``close`` (its ``}``), ``comment`` (a comment alone on its
    line) or ``blank``.
    """

    kind: str
    depth: int
    tokens: list[Token] = field(default_factory=list)
    comment: str | None = None


def _lex(text: str) -> list[Token]:
    """The significant tokens of a normalized text that parses (no line-break tokens)."""
    return [t for t in _parser().lex(text) if t.type != "_NL"]


def _trailing_comment(line: str, after: int) -> str | None:
    """The comment that ends ``line``, looking from the 0-based index ``after`` on (all
    that may stand there is blank space and a comment)."""
    rest = line[after:].strip(" \t\f")
    return rest.rstrip() if rest.startswith("#") else None


def _rows(text: str) -> list[_Row]:
    """The rows of a normalized text that parses, in order, before blank-line clean-up."""
    by_line: dict[int, list[Token]] = {}
    for tok in _lex(text):
        by_line.setdefault(tok.line or 0, []).append(tok)
    rows: list[_Row] = []
    depth = 0
    for number, line in enumerate(text.split("\n"), 1):
        toks = by_line.get(number, [])
        if not toks:
            comment = _trailing_comment(line, 0)
            rows.append(_Row("comment", depth, comment=comment) if comment is not None else _Row("blank", depth))
            continue
        pieces: list[_Row] = []
        current: list[Token] = []
        inline = False  # inside a section opened and closed on this line
        for i, tok in enumerate(toks):
            if tok.type == "LBRACE" and depth == 0 and not inline:
                current.append(tok)
                if any(t.type == "RBRACE" for t in toks[i + 1 :]):
                    inline = True
                else:
                    pieces.append(_Row("open", 0, current))
                    current, depth = [], 1
            elif tok.type == "RBRACE" and inline:
                current.append(tok)
                inline = False
            elif tok.type == "RBRACE":
                if current:
                    pieces.append(_Row("code", 1, current))
                pieces.append(_Row("close", 0, [tok]))
                current, depth = [], 0
            else:
                current.append(tok)
        if current:
            pieces.append(_Row("code", depth, current))
        pieces = [p for p in pieces if any(t.type != "SEMICOLON" for t in p.tokens)]
        comment = _trailing_comment(line, (toks[-1].end_column or 1) - 1)
        if comment is not None:
            # a comment belongs to the statements of its line rather than to a brace
            owner = next((p for p in reversed(pieces) if p.kind != "close"), pieces[-1] if pieces else None)
            if owner is None:
                rows.append(_Row("comment", depth, comment=comment))
            else:
                owner.comment = comment
        rows.extend(pieces)
    return rows


def _tidy(rows: list[_Row]) -> list[_Row]:
    """Blank lines where the layout wants them, and empty sections on one line."""
    out: list[_Row] = []
    for row in rows:
        if row.kind == "blank" and (not out or out[-1].kind in ("blank", "open")):
            continue
        if row.kind == "close" and out and out[-1].kind == "blank":
            out.pop()
        if row.kind == "close" and out and out[-1].kind == "open" and out[-1].comment is None and row.comment is None:
            opened = out.pop()
            out.append(_Row("code", 0, opened.tokens + row.tokens))
            continue
        out.append(row)
    while out and out[-1].kind == "blank":
        out.pop()
    return out


def _separators_tidied(tokens: list[Token]) -> list[Token]:
    """The tokens with a ``;`` kept only between two statements."""
    out: list[Token] = []
    for i, tok in enumerate(tokens):
        if tok.type == "SEMICOLON":
            following = next((t for t in tokens[i + 1 :] if t.type != "SEMICOLON"), None)
            if not out or out[-1].type in ("SEMICOLON", "LBRACE") or following is None or following.type == "RBRACE":
                continue
        out.append(tok)
    return out


_TIGHT_BEFORE = {"COMMA", "RPAR", "SEMICOLON"}


def _join(tokens: list[Token]) -> str:
    """Tokens spelled with the layout's spacing."""
    out = ""
    previous: Token | None = None
    for tok in tokens:
        text = str(tok)
        tight = previous is None or (
            tok.type in _TIGHT_BEFORE
            or (tok.type == "PUNCT" and text in (",", ":"))
            or previous.type == "LPAR"
            or (tok.type == "LPAR" and previous.type == "WORD")
        )
        out += text if tight else " " + text
        previous = tok
    return out


def _pad(text: str, width: int) -> str:
    return text + " " * max(width - display_width(text), 0)


@dataclass
class _Line:
    """A row spelled out: its code, and the rule ID that ends it."""

    row: _Row
    code: str = ""
    rule: str | None = None


def _item_cells(tokens: list[Token]) -> tuple[str, str | None, str] | None:
    """``(head, label, rest)`` of an ``item`` line alone on its row, else None."""
    start = 1 if tokens and tokens[0].type == "NEW" else 0
    if len(tokens) < start + 2 or tokens[start].type != "ITEM" or any(t.type == "SEMICOLON" for t in tokens):
        return None
    head = _join(tokens[: start + 2])
    rest = tokens[start + 2 :]
    label = None
    if rest and rest[0].type == "STRING":
        label, rest = str(rest[0]), rest[1:]
    return head, label, _join(rest)


def _spell(block: list[_Line]) -> None:
    """Fill in the code of a block's rows, ``item`` lines in columns."""
    items: dict[int, tuple[str, str | None, str]] = {}
    for n, ln in enumerate(block):
        tokens = _separators_tidied(ln.row.tokens)
        if ln.row.kind == "code" and len(tokens) > 1 and tokens[-1].type == "RULE":
            ln.rule, tokens = str(tokens[-1]), tokens[:-1]
        cells = _item_cells(tokens) if ln.row.depth == 1 and ln.row.kind == "code" else None
        if cells is not None:
            items[n] = cells
        ln.code = _INDENT * ln.row.depth + _join(tokens)
    if len(items) < 2:
        return
    head_width = max(display_width(head) for head, _, _ in items.values())
    label_widths = [display_width(label) for _, label, _ in items.values() if label is not None]
    for n, (head, label, rest) in items.items():
        columns = [_pad(head, head_width)]
        if label_widths:
            columns.append(_pad(label or "", max(label_widths)))
        block[n].code = _INDENT + " ".join([*columns, rest]).rstrip()


def _align(block: list[_Line]) -> list[str]:
    """The block's lines with the rule IDs and the comments that end them in columns."""
    rule_at = max([COLUMN, *(display_width(ln.code) + 2 for ln in block if ln.rule is not None)])
    spelled = [_pad(ln.code, rule_at) + ln.rule if ln.rule is not None else ln.code for ln in block]
    comment_at = max([COLUMN, *(display_width(s) + 2 for s, ln in zip(spelled, block) if ln.row.comment is not None)])
    return [_pad(s, comment_at) + ln.row.comment if ln.row.comment is not None else s for s, ln in zip(spelled, block)]


def _render(rows: list[_Row]) -> list[str]:
    out: list[str] = []
    block: list[_Line] = []
    comments: dict[int, str] = {}  # comment-only rows of the block, by position in it

    def flush() -> None:
        _spell(block)
        aligned = iter(_align(block))
        for n in range(len(block) + len(comments)):
            out.append(comments[n] if n in comments else next(aligned))
        block.clear()
        comments.clear()

    for row in rows:
        if row.kind == "blank":
            flush()
            out.append("")
        elif row.kind == "comment":
            comments[len(block) + len(comments)] = _INDENT * row.depth + (row.comment or "")
        else:
            if block and block[-1].row.depth != row.depth:
                flush()  # a section's entries line up among themselves, not with its braces
            block.append(_Line(row))
    flush()
    return out


def _meaning(text: str) -> tuple[list[tuple[str, str]], list[str]]:
    """What a layout must keep: the tokens (separators collapsed, and none after ``{`` or
    before ``}``) and the comments."""
    signature: list[tuple[str, str]] = []
    ends: dict[int, int] = {}
    last_line = 0
    for tok in _lex(text):
        ends[tok.line or 0] = (tok.end_column or 1) - 1
        if (tok.line or 0) != last_line or tok.type == "SEMICOLON":
            if signature and signature[-1][0] not in ("SEP", "LBRACE") and tok.type != "RBRACE":
                signature.append(("SEP", ""))
            last_line = tok.line or 0
        if tok.type == "SEMICOLON":
            continue
        if tok.type == "RBRACE" and signature and signature[-1][0] == "SEP":
            signature.pop()
        signature.append((tok.type, str(tok)))
    if signature and signature[-1][0] == "SEP":
        signature.pop()
    comments = [_trailing_comment(line, ends.get(n, 0)) for n, line in enumerate(text.split("\n"), 1)]
    return signature, [c for c in comments if c is not None]


def format_text(text: str, filename: str = "<string>") -> str:
    """``text`` in the canonical layout.

    Raises :class:`~nbmj.errors.RuleSetError` (with the diagnostics ``nbmj check`` shows)
    when the text does not parse. A leading byte-order mark and the first line's line
    ending (``\\r\\n`` or ``\\n``) are kept.
    """
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    first_end = text.find("\n")
    newline = "\r\n" if first_end > 0 and text[first_end - 1] == "\r" else "\n"
    body = normalize_text(text)
    diags: list[Diagnostic] = []
    if parse(Source(filename, body, diags)) is None:
        raise RuleSetError(diags)
    formatted = "\n".join(_render(_tidy(_rows(body)))) + "\n"
    try:
        same = _meaning(formatted) == _meaning(body)
    except UnexpectedInput:  # pragma: no cover - the layout wrote text that does not lex
        same = False
    if not same:
        raise LayoutError(f"the formatter would change the meaning of {filename!r}; it is left as it was (please report this)")
    return bom + formatted.replace("\n", newline)
