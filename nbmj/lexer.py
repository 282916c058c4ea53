"""A Pygments lexer for nbmj's rule-variant files (``.nbv``).

Registered under the ``pygments.lexers`` entry point as ``nbv``, so ``pygmentize -l nbv``,
Sphinx's ``.. code-block:: nbv`` and any other Pygments user highlight variant files once
nbmj is installed. It follows the shape of ``nbmj/rules/grammar.lark``: the header
(``variant NAME extends PARENT "summary"``), ``alias`` lines, sections
(``NAME [KIND] { ... }`` and ``NAME none``), and inside a section the ``item``, ``drop``
and ``forbid`` lines, settings and table rows, conditions, tile notation and rule IDs.

It knows the language's characters and nothing more: anything else (``@``, an unclosed
string) is an error token, which is how the test suite checks that the lexer covers
every shipped variant and every example in the docs. Importing it needs Pygments
(installed with Sphinx, or the ``docs`` extra).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pygments.lexer import RegexLexer, bygroups, include, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

__all__ = ["NbvLexer"]

#: A word of the language, as the grammar's WORD token has it.
_WORD = r"-?[A-Za-z0-9_][A-Za-z0-9_\-.]*"
#: The end of a word: a keyword must not be the start of a longer word (``no`` in ``no_wild``).
_END = r"(?![A-Za-z0-9_\-.])"


class NbvLexer(RegexLexer):
    """Lexer for nbmj rule-variant files (``.nbv``)."""

    name = "nbmj variant"
    aliases: ClassVar[list[str]] = ["nbv", "nbmj-variant"]
    filenames: ClassVar[list[str]] = ["*.nbv"]
    mimetypes: ClassVar[list[str]] = ["text/x-nbmj-variant"]
    url = "https://nbmj.readthedocs.io/en/latest/dsl.html"

    tokens: ClassVar[dict[str, list[Any]]] = {
        # What may appear anywhere: blanks, comments, strings, rule IDs.
        "common": [
            (r"[ \t\f]+", Whitespace),
            (r"\r?\n", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"[^"\n]*"', String.Double),
            (r"\[[^\]\n]*\]", Name.Label),
            (r";", Punctuation),
        ],
        "root": [
            include("common"),
            (rf"(variant)(\s+)({_WORD})", bygroups(Keyword.Declaration, Whitespace, Name.Class)),
            (rf"(extends)(\s+)({_WORD})", bygroups(Keyword.Declaration, Whitespace, Name.Class)),
            (rf"alias{_END}", Keyword.Declaration, "alias"),
            # an optional section switched off: `liability none`
            (rf"({_WORD})(\s+)(none){_END}", bygroups(Name.Namespace, Whitespace, Keyword.Constant)),
            # a section: `items {` or `scoring tai {`
            (
                rf"({_WORD})(?:(\s+)({_WORD}))?(\s*)(\{{)",
                bygroups(Name.Namespace, Whitespace, Keyword.Type, Whitespace, Punctuation),
                "section",
            ),
            # a snippet outside any section (the docs show single lines)
            include("body"),
        ],
        "alias": [
            (r"[ \t\f]+", Whitespace),
            (r",", Punctuation),
            (_WORD, Name.Class),
            (r"#[^\n]*", Comment.Single),
            (r"(?=\r?\n|;)", Whitespace, "#pop"),
        ],
        "section": [
            include("common"),
            (r"\}", Punctuation, "#pop"),
            include("body"),
        ],
        # the lines of a section: items, drops, forbids, settings, table rows, conditions
        "body": [
            (words(("item", "drop", "forbid"), suffix=_END), Keyword.Declaration),
            (words(("when", "each", "excludes", "group", "not_for_minimum"), suffix=_END), Keyword),
            (words(("and", "or", "not"), suffix=_END), Operator.Word),
            (words(("yes", "no", "none", "off"), suffix=_END), Keyword.Constant),
            (words(("tai", "fu", "fan"), suffix=_END), Keyword.Type),
            (r"(?:\d+[mpszf])+(?![A-Za-z0-9_\-.])", String.Symbol),  # tile notation: 1f, 123m
            (r"-?\d+(?:\.\d+)?(?![A-Za-z_\-])", Number),
            (rf"{_WORD}(?=\()", Name.Function),  # a feature with arguments: pungs(dragon)
            (rf"{_WORD}(?=\s*:)", Name.Tag),  # a table row's situation: `discard: ...`
            (_WORD, Name.Variable),
            (r">=|<=|==|!=|>|<|=|\+", Operator),
            (r"[(),:]", Punctuation),
        ],
    }
