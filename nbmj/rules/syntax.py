"""The small syntax tree of a variant file, and the Lark transformer that builds it.

The grammar (``grammar.lark``) knows only the shape of lines; :class:`ToAst` turns its
parse tree into these nodes, each carrying its :class:`~nbmj.rules.source.Loc`, for the
reader to check. Conditions are ``EFeature``/``ECompare``/``ENot``/``EBool`` trees.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Iterator
from typing import Any, Union

from lark import Token, Transformer

from .source import Loc, Source, token_loc


@dataclass
class Atom:
    text: str
    kind: str  # WORD, STRING, PUNCT
    loc: Loc


@dataclass
class EFeature:
    name: Atom
    args: list[Atom]


@dataclass
class ECompare:
    feature: EFeature
    op: Atom
    value: Atom


@dataclass
class ENot:
    operand: ExprAst


@dataclass
class EBool:
    op: str  # "and" / "or"
    operands: list[ExprAst]


# A condition as written: a feature, a comparison, a negation, or and/or of conditions.
ExprAst = Union[EFeature, ECompare, ENot, EBool]


@dataclass
class Header:
    name: Atom
    parent: Atom | None
    summary: Atom | None


@dataclass
class LineAst:
    atoms: list[Atom]
    rule: Atom | None
    loc: Loc


@dataclass
class ItemAst:
    name: Atom
    label: Atom | None
    value: Atom
    unit: Atom
    each: EFeature | None
    when: ExprAst | None
    excludes: list[Atom]
    group: Atom | None
    not_for_minimum: bool
    rule: Atom | None
    loc: Loc
    new: bool = False  # written `new item ...`: a child adds this item on purpose


@dataclass
class ForbidAst:
    methods: list[Atom]
    when: ExprAst
    rule: Atom | None
    loc: Loc


@dataclass
class DropAst:
    atoms: list[Atom]
    when: ExprAst | None
    loc: Loc


@dataclass
class SectionAst:
    name: Atom
    qualifier: Atom | None
    entries: list[EntryAst] | None  # None for `NAME none`
    loc: Loc


# One line of a section.
EntryAst = Union[ItemAst, ForbidAst, DropAst, LineAst]


@dataclass
class FileAst:
    header: Header
    aliases: list[Atom]
    sections: list[SectionAst]
    shadows: list[Atom] = field(default_factory=list)


class ToAst(Transformer[Token, Any]):
    """Lark tree → the syntax tree above, every node carrying its location."""

    def __init__(self, src: Source) -> None:
        super().__init__()
        self.src = src

    def _atom(self, tok: Token) -> Atom:
        text = str(tok)
        if tok.type == "STRING":
            text = text[1:-1]
        return Atom(text, tok.type, token_loc(self.src, tok))

    def start(self, children: list[Any]) -> Any:
        header = children[0]
        aliases: list[Atom] = []
        shadows: list[Atom] = []
        sections: list[SectionAst] = []
        for ch in children[1:]:
            if isinstance(ch, tuple) and ch[0] == "alias":
                aliases.extend(ch[1])
            elif isinstance(ch, tuple) and ch[0] == "shadows":
                shadows.extend(ch[1])
            elif isinstance(ch, SectionAst):
                sections.append(ch)
        return FileAst(header, aliases, sections, shadows)

    def header(self, children: list[Any]) -> Any:
        name = self._atom(children[0])
        parent = summary = None
        for tok in children[1:]:
            if tok.type == "STRING":
                summary = self._atom(tok)
            else:
                parent = self._atom(tok)
        return Header(name, parent, summary)

    def alias(self, children: list[Any]) -> Any:
        return ("alias", [self._atom(t) for t in children if t.type == "WORD"])

    def shadows(self, children: list[Any]) -> Any:
        return ("shadows", [self._atom(t) for t in children if t.type == "WORD"])

    def section(self, children: list[Any]) -> Any:
        name = self._atom(children[0])
        qualifier = None
        entries = []
        for ch in children[1:]:
            if isinstance(ch, Token):
                qualifier = self._atom(ch)
            else:
                entries.append(ch)
        return SectionAst(name, qualifier, entries, name.loc)

    def absent_section(self, children: list[Any]) -> Any:
        name = self._atom(children[0])
        return SectionAst(name, None, None, name.loc)

    def line(self, children: list[Any]) -> Any:
        atoms = [self._atom(t) for t in children if t.type != "RULE"]
        rule = next((self._atom(t) for t in children if t.type == "RULE"), None)
        return LineAst(atoms, rule, atoms[0].loc)

    def item(self, children: list[Any]) -> Any:
        new = any(isinstance(c, Token) and c.type == "NEW" for c in children)
        toks = [c for c in children if isinstance(c, Token) and c.type != "NEW"]
        clauses = [c for c in children if isinstance(c, tuple)]
        name = self._atom(toks[0])
        rest = toks[1:]
        label = None
        if rest and rest[0].type == "STRING":
            label = self._atom(rest[0])
            rest = rest[1:]
        value, unit = self._atom(rest[0]), self._atom(rest[1])
        if rest[0].type == "TIMES" or (value.text == "x" and unit.text not in ("tai", "fu", "fan")):
            # a multiplier, `x 2` or `× 2`: its value follows the unit
            value, unit = unit, Atom("x", "WORD", value.loc)
        rule = self._atom(rest[2]) if len(rest) > 2 else None
        it = ItemAst(name, label, value, unit, None, None, [], None, False, rule, name.loc, new)
        seen: set[str] = set()
        for kind, payload in clauses:
            if kind in seen and kind in ("each", "when", "group"):
                # a second one would silently replace the first
                at = payload.loc if kind == "group" else payload.name.loc if kind == "each" else expr_loc(payload)
                join = "; join the conditions with `and`" if kind == "when" else ""
                at.error(f"item {name.text!r} has a second {kind!r} clause: an item takes one{join}")
            seen.add(kind)
            if kind == "each":
                it.each = payload
            elif kind == "when":
                it.when = payload
            elif kind == "excludes":
                it.excludes.extend(payload)
            elif kind == "group":
                it.group = payload
            elif kind == "not_for_minimum":
                it.not_for_minimum = True
        return it

    def each(self, children: list[Any]) -> Any:
        return ("each", children[0])

    def when(self, children: list[Any]) -> Any:
        return ("when", children[0])

    def excludes(self, children: list[Any]) -> Any:
        return ("excludes", [self._atom(t) for t in children if t.type == "WORD"])

    def group(self, children: list[Any]) -> Any:
        return ("group", self._atom(children[0]))

    def not_for_minimum(self, children: list[Any]) -> Any:
        return ("not_for_minimum", None)

    def forbid(self, children: list[Any]) -> Any:
        methods = [self._atom(t) for t in children if isinstance(t, Token) and t.type == "WORD"]
        rule = next((self._atom(t) for t in children if isinstance(t, Token) and t.type == "RULE"), None)
        expr = next(c for c in children if not isinstance(c, Token) or c.type not in ("WORD", "RULE", "COMMA"))
        return ForbidAst(methods, expr, rule, methods[0].loc)

    def require(self, children: list[Any]) -> Any:
        from .model import WIN_METHODS

        expr = children[0]
        rule = next((self._atom(t) for t in children[1:] if isinstance(t, Token) and t.type == "RULE"), None)
        loc = expr_loc(expr)
        return ForbidAst([Atom(m, "WORD", loc) for m in WIN_METHODS], ENot(expr), rule, loc)

    def drop(self, children: list[Any]) -> Any:
        atoms = [self._atom(t) for t in children if isinstance(t, Token) and t.type in ("WORD", "STRING", "PUNCT")]
        exprs = [c for c in children if not isinstance(c, Token)]
        loc = atoms[0].loc if atoms else expr_loc(exprs[0])
        return DropAst(atoms, exprs[0] if exprs else None, loc)

    # conditions
    def feature(self, children: list[Any]) -> Any:
        return EFeature(self._atom(children[0]), [self._atom(t) for t in children[1:] if t.type == "WORD"])

    def compare(self, children: list[Any]) -> Any:
        return ECompare(children[0], self._atom(children[1]), self._atom(children[2]))

    def negation(self, children: list[Any]) -> Any:
        return ENot(children[0])

    def and_expr(self, children: list[Any]) -> Any:
        return EBool("and", list(children))

    def or_expr(self, children: list[Any]) -> Any:
        return EBool("or", list(children))


def expr_loc(e: ExprAst) -> Loc:
    """Where a condition starts: its first feature's name."""
    if isinstance(e, EFeature):
        return e.name.loc
    if isinstance(e, ECompare):
        return e.feature.name.loc
    if isinstance(e, ENot):
        return expr_loc(e.operand)
    return expr_loc(e.operands[0])


def expr_features(e: ExprAst) -> Iterator[EFeature]:
    """Every feature a condition names, in order."""
    if isinstance(e, EFeature):
        yield e
    elif isinstance(e, ECompare):
        yield e.feature
    elif isinstance(e, ENot):
        yield from expr_features(e.operand)
    elif isinstance(e, EBool):
        for o in e.operands:
            yield from expr_features(o)


def entry_word(entry: EntryAst) -> str:
    """The word a section entry starts with, for messages."""
    if isinstance(entry, ItemAst):
        return "item"
    if isinstance(entry, ForbidAst):
        return "forbid"
    if isinstance(entry, DropAst):
        return "drop"
    text: str = entry.atoms[0].text
    return text
