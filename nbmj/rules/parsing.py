"""Parsing variant text with the Lark grammar, and turning syntax errors into diagnostics.

:func:`parse` gives the :class:`~nbmj.rules.syntax.FileAst` of a text, or ``None`` after
recording a diagnostic for each syntax error it finds (labelled from the table of
known-bad examples when it fails the way one of them does). :func:`parse_header` reads only a
file's header and aliases, for the variant registry.
"""

from __future__ import annotations

from dataclasses import dataclass

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from ..errors import RuleSetError
from .diagnostics import SYNTAX_LABELS, suggest
from .source import Source, normalize_text
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

# Full-width (and other CJK-keyboard) punctuation an author may type by mistake, and the
# ASCII character the grammar wants instead. Full-width letters and digits (２, ａ) are
# found by their compatibility form.
FULL_WIDTH = {
    "｛": "{", "｝": "}", "；": ";", "：": ":", "，": ",", "、": ",", "（": "(", "）": ")",
    "“": '"', "”": '"', "＂": '"', "【": "[", "】": "]", "［": "[", "］": "]", "＝": "=",
    "＞": ">", "＜": "<", "＃": "#", "！": "!", "＋": "+", "－": "-", "\u3000": " ",
}


def ascii_for(ch: str) -> str | None:
    """The ASCII character a full-width one stands for, or None."""
    if ch in FULL_WIDTH:
        return FULL_WIDTH[ch]
    if "\uff01" <= ch <= "\uff5e":  # the full-width forms of ASCII ! to ~
        return chr(ord(ch) - 0xFEE0)
    return None


def _keywords() -> dict[str, str]:
    """Terminal name -> keyword, for the grammar's keywords (``VARIANT`` -> ``variant``)."""
    out = {}
    for t in _parser().terminals:
        value = getattr(t.pattern, "value", None)
        if t.pattern.type == "str" and isinstance(value, str) and value.isidentifier():
            out[t.name] = value
    return out


def _first_statement_line(text: str) -> int:
    """The line of the first statement (the header), comments and blank lines skipped."""
    for n, line in enumerate(text.split("\n"), 1):
        stripped = line.strip(" \t\f")
        if stripped and not stripped.startswith("#"):
            return n
    return 1


def parse(src: Source) -> FileAst | None:
    """The syntax tree of ``src``, or ``None`` after recording its syntax errors.

    The LALR parser stops at the first error. To report the later ones as well, the line
    of an error is blanked (same length, so every other position stays put) and the text
    parsed again, as long as each new error lies on a later line. A line that opens or
    closes a block is not blanked: the parse after it would stumble over the unbalanced
    braces and report errors the author did not make.
    """
    parser = _parser()
    text = _typed_in_ascii(src)
    last_line = 0
    header_line = _first_statement_line(text)
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
            if line <= header_line:
                return None  # without its header line every later line would be an error too
            lines[line - 1] = " " * len(lines[line - 1])
            text = "\n".join(lines)
            last_line = line
            continue
        if last_line:
            return None  # the rest parses: every error is reported
        if _too_deep(src, tree):
            return None
        try:
            ast: FileAst = ToAst(src).transform(tree)
            return ast
        except VisitError as exc:  # pragma: no cover - a bug in the transformer, not in the file
            raise exc.orig_exc from None
    return None


# Conditions nest at most this deep (`not`, and `and`/`or` inside parentheses): far beyond
# any rule, and well inside what the compiler's recursive steps can walk.
MAX_CONDITION_DEPTH = 50

_CONDITION_NODES = frozenset({"negation", "and_expr", "or_expr"})


def _too_deep(src: Source, tree: Tree[Token]) -> bool:
    """Report the first condition nested deeper than :data:`MAX_CONDITION_DEPTH`, walking
    the tree with a stack of its own (the transformer after this recurses)."""
    stack: list[tuple[Tree[Token], int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if node.data in _CONDITION_NODES:
            depth += 1
            if depth > MAX_CONDITION_DEPTH:
                line, column = _first_position(node)
                src.error(
                    f"a condition nests more than {MAX_CONDITION_DEPTH} deep here (`not`, or `and`/`or` in "
                    "parentheses, inside one another); write it flatter",
                    line,
                    column,
                )
                return True
        stack.extend((child, depth) for child in reversed(node.children) if isinstance(child, Tree))
    return False


def _first_position(node: Tree[Token]) -> tuple[int, int]:
    """Where ``node`` starts: its recorded position, else its first token's."""
    meta = node.meta
    if not meta.empty:
        return meta.line, meta.column
    for token in node.scan_values(lambda v: isinstance(v, Token)):
        return token.line or 1, token.column or 1
    return 1, 1


def _typed_in_ascii(src: Source) -> str:
    """``src``'s text with every full-width character a Chinese keyboard typed in place of
    the language's ASCII one put right, each reported where it stands.

    The characters are a slip of the input method, not a syntax error: reporting them all
    in one run, and parsing on as if they were typed in ASCII, shows the author every one
    at once along with the file's other mistakes (a parse error shows only its first). A
    string's text and comments are left alone (Chinese punctuation belongs in a label),
    except a full-width quote that ends a string with no ASCII quote after it on the line
    (``"清一色”``). Each character becomes exactly one, so every position stays put.
    """
    lines = src.text.split("\n")
    for number, line in enumerate(lines, 1):
        chars = list(line)
        in_string = False
        for i, ch in enumerate(chars):
            if in_string:
                if ch == '"':
                    in_string = False
                elif ascii_for(ch) == '"' and '"' not in line[i + 1 :]:
                    src.error(_full_width_message(ch, '"'), number, i + 1)
                    chars[i] = '"'
                    in_string = False
                continue
            ascii_ch = ascii_for(ch)
            if ascii_ch is not None:
                src.error(_full_width_message(ch, ascii_ch), number, i + 1)
                chars[i] = ch = ascii_ch
            if ch == "#":
                break
            if ch == '"':
                in_string = True
        lines[number - 1] = "".join(chars)
    return "\n".join(lines)


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
        pos = exc.pos_in_stream or 0
        ch = src.text[pos] if pos < len(src.text) else ""
        hint = _character_hint(src, exc, ch)
        if hint is not None:
            message, column = hint
        else:
            message = label or f"unexpected character {ch!r}"
    elif isinstance(exc, UnexpectedToken):
        tok = exc.token
        if tok.type == "$END":
            lines = src.text.rstrip("\n").split("\n") or [""]
            line, column = len(lines), len(lines[-1]) + 1
            found = "end of file"
        elif tok.type == "_NL":
            found = "end of line"
            length = 1
        else:
            found = repr(str(tok))
            length = len(str(tok))
        keyword = _keyword_hint(exc)
        misspelt = _statement_keyword_hint(src, line) if keyword is None else None
        if misspelt is not None:
            keyword, column, length = misspelt
        if keyword is not None:
            label = keyword
        elif tok.type == "$END" and "VARIANT" in (exc.accepts or exc.expected):
            label = "a variant file starts with `variant NAME`; this one has no statement at all"
        if label is None:
            expected = sorted({_describe_terminal(t) for t in exc.accepts or exc.expected if not t.startswith("__")})
            label = f"unexpected {found}; expected {' or '.join(expected)}"
        message = label
    else:  # pragma: no cover
        message = label or str(exc).splitlines()[0]
    if line is None or line < 1:
        line, column = 1, 1
    src.error(message, line, column or 1, length)


def _keyword_hint(exc: UnexpectedToken) -> str | None:
    """``unknown keyword 'varient'; did you mean 'variant'?`` when a word stands where a
    keyword could, and is close to one (``varient``, ``extend``, ``alais``)."""
    tok = exc.token
    if tok.type != "WORD":
        return None
    keywords = _keywords()
    wanted = [keywords[t] for t in (exc.accepts or exc.expected) if t in keywords]
    if not wanted and tok.line == 1 or not wanted and tok.column == 1:
        wanted = ["variant", "alias", "shadows"]
    close = suggest(str(tok), wanted)
    if close is None or close == str(tok):
        return None
    return f"unknown keyword {str(tok)!r}; did you mean {close!r}?"


def _statement_keyword_hint(src: Source, line: int | None) -> tuple[str, int, int] | None:
    """The same hint for a statement keyword misspelt at the start of a line (``alais x``),
    which the parser takes for the name of a section."""
    from .schema import ALL_SECTIONS, OPTIONAL_SECTIONS

    text = src.line_text(line or 0) or ""
    words = text.split()
    if not words or words[0] in ALL_SECTIONS or words[0] in OPTIONAL_SECTIONS:
        return None
    close = suggest(words[0], ["alias", "shadows", "variant"])
    if close is None or close == words[0]:
        return None
    return f"unknown keyword {words[0]!r}; did you mean {close!r}?", text.index(words[0]) + 1, len(words[0])


def _full_width_message(ch: str, ascii_ch: str) -> str:
    name = "a full-width space" if ch == "\u3000" else f"full-width {ch!r}"
    return f"{name} (U+{ord(ch):04X}) is not part of the language; type the ASCII {ascii_ch!r}"


def _character_hint(src: Source, exc: UnexpectedCharacters, ch: str) -> tuple[str, int] | None:
    """What to type instead of a character the grammar has no place for, and the column
    to show it at.

    An ASCII ``"`` or ``[`` fails when its closing half was typed full-width (``"清一色”``,
    ``[NB-12.11】``): the hint then points at the full-width character.
    """
    ascii_ch = ascii_for(ch)
    if ascii_ch is not None:
        return _full_width_message(ch, ascii_ch), exc.column
    if ch in "\"[":
        rest = src.text[(exc.pos_in_stream or 0) + 1 :].split("\n", 1)[0]
        closing = '"' if ch == '"' else "]"
        for offset, c in enumerate(rest, 1):
            if c == closing:
                break
            if ascii_for(c) == closing:
                return _full_width_message(c, closing), exc.column + offset
        if ch == '"':
            return "unterminated string: no closing '\"' on this line", exc.column
    return None


@dataclass
class VariantHeader:
    """A variant file's first line: name, parent, summary; and its aliases."""

    name: str
    parent: str | None
    summary: str | None
    aliases: tuple[str, ...]
    path: str
    shadows: tuple[str, ...] = ()


def parse_header(text: str, filename: str = "<string>") -> VariantHeader:
    """Read only the header and aliases of a variant text (raises RuleSetError on syntax errors)."""
    src = Source(filename, normalize_text(text), [])
    ast = parse(src)
    if ast is None or src.diags:
        raise RuleSetError(src.diags)
    h = ast.header
    return VariantHeader(
        h.name.text,
        h.parent.text if h.parent else None,
        h.summary.text if h.summary else None,
        tuple(a.text for a in ast.aliases),
        filename,
        tuple(a.text for a in ast.shadows),
    )
