"""Compile variant files (``.nbv``) into frozen :class:`~nbmj.rules.model.RuleSet` objects.

Compilation has three steps:

1. **Parse** with the Lark grammar ``grammar.lark`` (LALR, with positions). A syntax error
   becomes one :class:`~nbmj.rules.diagnostics.Diagnostic`, labelled from the table of
   known-bad examples when it fails the way one of them does.
2. **Read** the tree into per-file settings: every section, setting and table row is
   checked on its own (names, types, ranges), and every problem is collected.
3. **Merge** along ``extends`` (the parent's settings first, then the child's: a section in
   a child overrides only the settings it names; ``item``/row lines replace the entry with
   the same key; ``drop`` removes one), then check the whole (required settings, and
   settings that contradict each other) and build the :class:`RuleSet`.

All problems are raised together as one :class:`~nbmj.errors.RuleSetError`.

The language, in brief (``#`` starts a comment; one statement per line, or ``;`` between)::

    variant NAME [extends PARENT] ["one-line summary"]     # first line; a root needs the summary
    alias OTHER_NAME, ...                                   # optional, repeatable
    SECTION { SETTING VALUE... }                            # settings sections (SECTION_SCHEMA)
    scoring tai { ... }  |  scoring fu_fan { ... }          # the scoring kind and its settings
    liability none  |  loser_settlement none                # sections a variant may leave out

    restrictions     { KIND [ARGS] [unless FEATURE...] [during WINDOW]   [RULE] }
    win_restrictions { forbid METHOD, ... when CONDITION                  [RULE] }
    items            { item NAME ["label"] VALUE|off UNIT [each FEATURE] [when CONDITION]
                           [excludes ITEM, ...] [group NAME] [not_for_minimum]   [RULE] }
    payments         { SITUATION: ROLE N[, ROLE N]                        [RULE] }
    liability        { threshold N; counts ...; direction ...; others_pay yes|no
                       one_way|mutual SITUATION: ROLE N[, ROLE N]         [RULE] }

    drop NAME | drop SITUATION | drop one_way|mutual SITUATION | drop when CONDITION

CONDITION is ``FEATURE[(ARG, ...)]``, ``FEATURE OP N`` (``>= <= == != > <``), ``not``,
``and``, ``or`` and parentheses, over :data:`~nbmj.rules.model.FEATURES`. RULE is a rulebook
ID in brackets, ``[NB-12.11]``, and ends the line. Values are ``yes``/``no``, whole
numbers, ``none`` where a setting may be absent, words from the setting's list, and tiles
in the project notation (``seat E 1f 5f``). In a child (``extends``), a section names only
the settings it changes; an ``item`` line (or a row with the same key) replaces the
parent's, and ``drop`` removes one. A root must set every setting (with ``wilds.enabled
no`` the other wild settings, and with ``tiles.flowers no`` the flower settings, may be
left out).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from ..errors import RuleSetError, TileNotationError, UnknownVariantError
from ..tiles import FLOWERS, parse_tiles, tile_code
from . import model as M
from .diagnostics import SYNTAX_LABELS, Diagnostic, did_you_mean, suggest

__all__ = ["compile_text", "compile_file", "parse_header", "VariantHeader", "SECTION_SCHEMA"]

# --------------------------------------------------------------------------- parser

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


# --------------------------------------------------------------------------- locations


@dataclass
class _Source:
    """One file being compiled: its name for messages, its text, and the shared sink."""

    file: str
    text: str
    diags: list[Diagnostic]

    def line_text(self, line: int) -> str | None:
        lines = self.text.splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else None

    def error(self, message: str, line: int, column: int, length: int = 1) -> None:
        self.diags.append(Diagnostic(self.file, line, column, message, max(length, 1), self.line_text(line)))


@dataclass(frozen=True)
class Loc:
    """Where a piece of the source is, for messages."""

    src: _Source
    line: int
    column: int
    length: int = 1

    def error(self, message: str) -> None:
        self.src.error(message, self.line, self.column, self.length)


def _loc(src: _Source, tok: Token) -> Loc:
    text = str(tok)
    return Loc(src, tok.line or 1, tok.column or 1, max(len(text.splitlines()[0]) if text else 1, 1))


class _Bad(Exception):
    """A problem with one value; caught by the reader, which records it and carries on."""

    def __init__(self, message: str, loc: Loc) -> None:
        super().__init__(message)
        self.message = message
        self.loc = loc


# --------------------------------------------------------------------------- syntax tree


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
    operand: Any


@dataclass
class EBool:
    op: str  # "and" / "or"
    operands: list


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
    when: Any
    excludes: list[Atom]
    group: Atom | None
    not_for_minimum: bool
    rule: Atom | None
    loc: Loc


@dataclass
class ForbidAst:
    methods: list[Atom]
    when: Any
    rule: Atom | None
    loc: Loc


@dataclass
class DropAst:
    atoms: list[Atom]
    when: Any
    loc: Loc


@dataclass
class SectionAst:
    name: Atom
    qualifier: Atom | None
    entries: list | None  # None for `NAME none`
    loc: Loc


@dataclass
class FileAst:
    header: Header
    aliases: list[Atom]
    sections: list[SectionAst]


class _ToAst(Transformer):
    """Lark tree → the small syntax tree above, every node carrying its location."""

    def __init__(self, src: _Source) -> None:
        super().__init__()
        self.src = src

    def _atom(self, tok: Token) -> Atom:
        text = str(tok)
        if tok.type == "STRING":
            text = text[1:-1]
        return Atom(text, tok.type, _loc(self.src, tok))

    def start(self, children):
        header = children[0]
        aliases: list[Atom] = []
        sections: list[SectionAst] = []
        for ch in children[1:]:
            if isinstance(ch, tuple) and ch[0] == "alias":
                aliases.extend(ch[1])
            elif isinstance(ch, SectionAst):
                sections.append(ch)
        return FileAst(header, aliases, sections)

    def header(self, children):
        name = self._atom(children[0])
        parent = summary = None
        for tok in children[1:]:
            if tok.type == "STRING":
                summary = self._atom(tok)
            else:
                parent = self._atom(tok)
        return Header(name, parent, summary)

    def alias(self, children):
        return ("alias", [self._atom(t) for t in children if t.type == "WORD"])

    def section(self, children):
        name = self._atom(children[0])
        qualifier = None
        entries = []
        for ch in children[1:]:
            if isinstance(ch, Token):
                qualifier = self._atom(ch)
            else:
                entries.append(ch)
        return SectionAst(name, qualifier, entries, name.loc)

    def absent_section(self, children):
        name = self._atom(children[0])
        return SectionAst(name, None, None, name.loc)

    def line(self, children):
        atoms = [self._atom(t) for t in children if t.type != "RULE"]
        rule = next((self._atom(t) for t in children if t.type == "RULE"), None)
        return LineAst(atoms, rule, atoms[0].loc)

    def item(self, children):
        toks = [c for c in children if isinstance(c, Token)]
        clauses = [c for c in children if isinstance(c, tuple)]
        name = self._atom(toks[0])
        rest = toks[1:]
        label = None
        if rest and rest[0].type == "STRING":
            label = self._atom(rest[0])
            rest = rest[1:]
        value, unit = self._atom(rest[0]), self._atom(rest[1])
        rule = self._atom(rest[2]) if len(rest) > 2 else None
        it = ItemAst(name, label, value, unit, None, None, [], None, False, rule, name.loc)
        for kind, payload in clauses:
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

    def each(self, children):
        return ("each", children[0])

    def when(self, children):
        return ("when", children[0])

    def excludes(self, children):
        return ("excludes", [self._atom(t) for t in children if t.type == "WORD"])

    def group(self, children):
        return ("group", self._atom(children[0]))

    def not_for_minimum(self, children):
        return ("not_for_minimum", None)

    def forbid(self, children):
        methods = [self._atom(t) for t in children if isinstance(t, Token) and t.type == "WORD"]
        rule = next((self._atom(t) for t in children if isinstance(t, Token) and t.type == "RULE"), None)
        expr = next(c for c in children if not isinstance(c, Token) or c.type not in ("WORD", "RULE", "COMMA"))
        return ForbidAst(methods, expr, rule, methods[0].loc)

    def drop(self, children):
        atoms = [self._atom(t) for t in children if isinstance(t, Token) and t.type in ("WORD", "STRING", "PUNCT")]
        exprs = [c for c in children if not isinstance(c, Token)]
        loc = atoms[0].loc if atoms else _expr_loc(exprs[0])
        return DropAst(atoms, exprs[0] if exprs else None, loc)

    # conditions
    def feature(self, children):
        return EFeature(self._atom(children[0]), [self._atom(t) for t in children[1:] if t.type == "WORD"])

    def compare(self, children):
        return ECompare(children[0], self._atom(children[1]), self._atom(children[2]))

    def negation(self, children):
        return ENot(children[0])

    def and_expr(self, children):
        return EBool("and", list(children))

    def or_expr(self, children):
        return EBool("or", list(children))


def _expr_loc(e) -> Loc:
    if isinstance(e, EFeature):
        return e.name.loc
    if isinstance(e, ECompare):
        return e.feature.name.loc
    if isinstance(e, ENot):
        return _expr_loc(e.operand)
    return _expr_loc(e.operands[0])


def _expr_features(e):
    if isinstance(e, EFeature):
        yield e
    elif isinstance(e, ECompare):
        yield e.feature
    elif isinstance(e, ENot):
        yield from _expr_features(e.operand)
    elif isinstance(e, EBool):
        for o in e.operands:
            yield from _expr_features(o)


# --------------------------------------------------------------------------- parsing


def _syntax_examples() -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for ex in SYNTAX_LABELS:
        table.setdefault(ex.label, []).append(ex.text)
    return table


def _parse(src: _Source) -> FileAst | None:
    parser = _parser()
    try:
        tree = parser.parse(src.text)
    except UnexpectedInput as exc:
        _syntax_error(src, exc)
        return None
    try:
        return _ToAst(src).transform(tree)
    except VisitError as exc:  # pragma: no cover - a bug in the transformer, not in the file
        raise exc.orig_exc from None


def _syntax_error(src: _Source, exc: UnexpectedInput) -> None:
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


# --------------------------------------------------------------------------- value readers

_YES = {"yes": True, "no": False}
_INT_RE = re.compile(r"-?[0-9]+\Z")
_RULE_RE = re.compile(r"\[(NB|NH)-[0-9]+(\.[0-9]+)*\]\Z")
_NAME_RE = re.compile(r"[a-z][a-z0-9_]*\Z")


def _words(atoms: list[Atom]) -> list[Atom]:
    """The atoms minus list punctuation (commas)."""
    return [a for a in atoms if not (a.kind == "PUNCT" and a.text == ",")]


def _one(key: str, atoms: list[Atom], owner: Loc) -> Atom:
    if not atoms:
        raise _Bad(f"{key} needs a value", owner)
    if len(atoms) > 1:
        raise _Bad(f"{key} takes one value; unexpected {atoms[1].text!r} (one setting per line, or separate them with ';')", atoms[1].loc)
    return atoms[0]


def _as_int(key: str, a: Atom, minimum: int | None = 0) -> int:
    if not _INT_RE.match(a.text):
        raise _Bad(f"{key} must be a whole number, not {a.text!r}", a.loc)
    v = int(a.text)
    if minimum is not None and v < minimum:
        raise _Bad(f"{key} must be at least {minimum}, not {v}", a.loc)
    return v


def r_bool(key, atoms, owner):
    a = _one(key, atoms, owner)
    if a.text not in _YES:
        raise _Bad(f"{key} must be yes or no, not {a.text!r}", a.loc)
    return _YES[a.text]


def r_int(minimum: int = 0):
    def read(key, atoms, owner):
        return _as_int(key, _one(key, atoms, owner), minimum)

    read.kind = "int"
    return read


def r_opt_int(minimum: int = 0):
    def read(key, atoms, owner):
        a = _one(key, atoms, owner)
        if a.text == "none":
            return None
        if not _INT_RE.match(a.text):
            raise _Bad(f"{key} must be a whole number or 'none', not {a.text!r}", a.loc)
        return _as_int(key, a, minimum)

    return read


def r_enum(*choices: str):
    def read(key, atoms, owner):
        a = _one(key, atoms, owner)
        if a.text not in choices:
            raise _Bad(f"unknown value {a.text!r} for {key}{did_you_mean(a.text, choices)}", a.loc)
        return a.text

    return read


def r_enum_list(*choices: str, allow_empty: bool = False):
    def read(key, atoms, owner):
        words = _words(atoms)
        if not words and not allow_empty:
            raise _Bad(f"{key} needs at least one of: {', '.join(choices)}", owner)
        seen: list[str] = []
        for a in words:
            if a.text not in choices:
                raise _Bad(f"unknown value {a.text!r} for {key}{did_you_mean(a.text, choices)}", a.loc)
            if a.text in seen:
                raise _Bad(f"{key} names {a.text!r} twice", a.loc)
            seen.append(a.text)
        return tuple(seen)

    return read


def r_int_list_or_none(key, atoms, owner):
    words = _words(atoms)
    if len(words) == 1 and words[0].text == "none":
        return None
    if not words:
        raise _Bad(f"{key} needs whole numbers or 'none'", owner)
    return tuple(_as_int(key, a, 0) for a in words)


def r_pair(key, atoms, owner):
    words = _words(atoms)
    if len(words) != 2:
        raise _Bad(f"{key} takes two numbers: the difference in 胡 and the silver it costs", words[2].loc if len(words) > 2 else owner)
    return (_as_int(key, words[0], 1), _as_int(key, words[1], 0))


def r_priority(key, atoms, owner):
    """``hu > kan = pon > chi`` → (("hu",), ("kan", "pon"), ("chi",))."""
    tiers: list[list[str]] = [[]]
    seen: dict[str, Atom] = {}
    expect_word = True
    for a in atoms:
        if expect_word:
            if a.kind != "WORD":
                raise _Bad(f"priority: expected a claim name, not {a.text!r}", a.loc)
            if a.text not in M.CLAIMS:
                raise _Bad(f"unknown claim {a.text!r} in priority{did_you_mean(a.text, M.CLAIMS)}", a.loc)
            if a.text in seen:
                raise _Bad(f"priority names {a.text!r} twice", a.loc)
            seen[a.text] = a
            tiers[-1].append(a.text)
        else:
            if a.text == ">":
                tiers.append([])
            elif a.text not in ("=", ","):
                raise _Bad(f"priority: claims are separated by '>' (higher) or '=' (equal), not {a.text!r}", a.loc)
        expect_word = not expect_word
    if expect_word:
        raise _Bad("priority ends with an operator; a claim name must follow it", atoms[-1].loc if atoms else owner)
    return tuple(tuple(t) for t in tiers)


def r_seat_order(key, atoms, owner):
    order = r_enum_list(*M.RELATIVE_SEATS)(key, atoms, owner)
    missing = [s for s in M.RELATIVE_SEATS if s not in order]
    if missing:
        raise _Bad(f"{key} must rank all of next, opposite, previous; missing {', '.join(missing)}", owner)
    return order


_DICE = ("sum", "large", "small")

# section -> setting -> reader. `flowers.seat`, the liability rows and the scoring kinds
# are read separately.
SECTION_SCHEMA: dict[str, dict[str, Callable]] = {
    "tiles": {"flowers": r_bool},
    "dealing": {
        "dealer_tiles": r_int(1),
        "other_tiles": r_int(1),
        "stacks_per_wall": r_int(1),
        "open_wall_by": r_enum(*_DICE),
        "start_stacks_by": r_enum(*_DICE),
    },
    "wilds": {
        "enabled": r_bool,
        "indicator_die": r_enum(*_DICE),
        "indicator_origin": r_enum("tail", "player_wall"),
        "kinds": r_enum_list("same", "next"),
        "wild_flower_is_flower": r_bool,
    },
    "flowers": {
        "initial_replacement": r_enum("rounds", "per_player"),
        "in_play": r_enum("auto", "manual"),
    },
    "claims": {
        "chi": r_bool,
        "pon": r_bool,
        "kan": r_bool,
        "win_on_discard": r_bool,
        "rob_kong": r_bool,
        "priority": r_priority,
        "seat_order": r_seat_order,
        "multiple_winners": r_enum("nearest", "all"),
        "claim_discarded_wild": r_bool,
        "wilds_in_melds": r_bool,
    },
    "winning": {"shapes": r_enum_list(*M.SHAPES)},
    "liability": {
        "threshold": r_int(1),
        "counts": r_enum_list("chi", "pon", "kan"),
        "direction": r_enum("either", "winner_fed", "fed_winner"),
        "others_pay": r_bool,
    },
    "loser_settlement": {
        "mode": r_enum("per_step", "threshold"),
        "adjacent": r_pair,
        "opposite": r_pair,
    },
    "immediate": {
        "exposed_kong": r_int(0),
        "concealed_kong": r_int(0),
        "added_kong": r_int(0),
        "flower": r_int(0),
        "void_on_draw": r_bool,
    },
    "draw": {"kept_stacks": r_int(0), "kept_stacks_per_kong": r_int(0)},
    "dealer": {
        "first_dealer": r_enum("random", "two_rolls"),
        "on_dealer_win": r_enum("stay", "next_seat"),
        "on_nondealer_win": r_enum("next_seat", "winner"),
        "on_draw": r_enum("stay", "next_seat"),
    },
}

SCORING_SCHEMA: dict[str, dict[str, Callable]] = {
    "tai": {
        "minimum": r_int(0),
        "cap": r_opt_int(1),
        "conversion": r_enum("linear", "doubling"),
        "points_per_tai": r_int(0),
        "base_points": r_int(0),
        "points_cap": r_opt_int(1),
    },
    "fu_fan": {
        "base": r_int(0),
        "fan_multiplier": r_enum("power_of_two", "fan_plus_one"),
        "round_to": r_int(1),
        "round_stage": r_enum("after_multiply", "before_multiply"),
        "fan_cap": r_int(1),
        "cap": r_int(1),
        "fixed_by_fan": r_int_list_or_none,
        "silver": r_enum("identity", "half_hundreds"),
    },
}
# Settings a root may leave out, with the value they take.
_OPTIONAL = {("scoring", "points_cap"): None}

_TABLE_SECTIONS = ("restrictions", "win_restrictions", "items", "payments")
_OPTIONAL_SECTIONS = ("liability", "loser_settlement")  # may be `none`
ALL_SECTIONS = tuple(SECTION_SCHEMA) + ("scoring",) + _TABLE_SECTIONS

_WILD_FEATURES = ("wilds_held", "wild_as_itself", "wild_single_wait", "discarded_wild")
_FLOWER_FEATURES = ("flowers", "flower_sets")
_WINDOWS = ("always", "first_go_around", "dealer_first_turn")
_SUIT_WORDS = ("m", "p", "s", "z", "f")
_UNITS = ("tai", "fu", "fan")


# --------------------------------------------------------------------------- per-file reading


@dataclass
class Setting:
    value: Any
    loc: Loc


@dataclass
class Entry:
    """A keyed table entry (item, restriction, row) or its removal (``value`` None)."""

    key: Any
    value: Any
    loc: Loc
    extra: Any = None


@dataclass
class FileSpec:
    """What one file says, checked line by line but not yet merged."""

    src: _Source
    name: Atom
    parent: Atom | None
    summary: str | None
    aliases: list[Atom]
    settings: dict[tuple[str, str], Setting] = field(default_factory=dict)
    section_locs: dict[str, Loc] = field(default_factory=dict)
    absent: dict[str, Loc] = field(default_factory=dict)
    scoring_kind: Setting | None = None
    seat_flowers: dict[str, Setting] = field(default_factory=dict)
    tables: dict[str, list[Entry]] = field(default_factory=lambda: {k: [] for k in _TABLE_SECTIONS + ("liability_rows",)})
    # settings (section, key) whose line had an error, (section, "*") for a whole section:
    # not reported again as missing
    failed: set[tuple[str, str]] = field(default_factory=set)


class _Reader:
    def __init__(self, src: _Source, ast: FileAst) -> None:
        self.src = src
        self.ast = ast
        h = ast.header
        self.spec = FileSpec(src, h.name, h.parent, h.summary.text if h.summary else None, ast.aliases)

    def bad(self, message: str, loc: Loc) -> None:
        loc.error(message)

    def read(self) -> FileSpec:
        h = self.ast.header
        for a in [h.name] + ([h.parent] if h.parent else []) + self.ast.aliases:
            if not re.match(r"[a-z][a-z0-9_\-]*\Z", a.text):
                self.bad(f"a variant name is lowercase letters, digits, '-' and '_', not {a.text!r}", a.loc)
        for sec in self.ast.sections:
            name = sec.name.text
            if name in self.spec.section_locs or name in self.spec.absent:
                self.bad(f"section {name!r} appears twice; merge the two", sec.loc)
                continue
            if sec.entries is None:
                if name not in _OPTIONAL_SECTIONS:
                    allowed = " and ".join(_OPTIONAL_SECTIONS)
                    self.bad(f"only {allowed} may be 'none'; section {name!r} cannot", sec.loc)
                    continue
                self.spec.absent[name] = sec.loc
                continue
            if name not in ALL_SECTIONS:
                self.bad(f"unknown section {name!r}{did_you_mean(name, ALL_SECTIONS, 'section')}", sec.name.loc)
                guess = suggest(name, ALL_SECTIONS)
                if guess is not None:
                    self.spec.failed.add((guess, "*"))
                continue
            self.spec.section_locs[name] = sec.loc
            if name == "scoring":
                self.read_scoring(sec)
            elif name in _TABLE_SECTIONS:
                if sec.qualifier is not None:
                    self.bad(f"section {name!r} takes no qualifier; remove {sec.qualifier.text!r}", sec.qualifier.loc)
                getattr(self, f"read_{name}")(sec)
            else:
                if sec.qualifier is not None:
                    self.bad(f"section {name!r} takes no qualifier; remove {sec.qualifier.text!r}", sec.qualifier.loc)
                self.read_settings(sec, name, SECTION_SCHEMA[name])
        return self.spec

    # settings sections ----------------------------------------------------
    def read_settings(self, sec: SectionAst, name: str, schema: dict[str, Callable]) -> None:
        for entry in sec.entries:
            if name == "liability" and isinstance(entry, DropAst):
                self.read_drop(entry, "liability_rows", 2)
                continue
            if not isinstance(entry, LineAst):
                self.bad(f"{_entry_word(entry)!r} lines belong in the items, win_restrictions or a table section, not in {name}", entry.loc)
                continue
            key_atom, args = entry.atoms[0], entry.atoms[1:]
            key = key_atom.text
            if name == "flowers" and key == "seat":
                self.read_seat(entry)
                continue
            if name == "liability" and key in ("one_way", "mutual"):
                self.read_liability_row(entry)
                continue
            if entry.rule is not None and not (name in ("liability",)):
                self.check_rule(entry.rule)
            if key not in schema:
                known = list(schema) + (["seat"] if name == "flowers" else []) + (["one_way", "mutual"] if name == "liability" else [])
                self.bad(f"unknown setting {key!r} in {name}{did_you_mean(key, known, 'setting')}", key_atom.loc)
                guess = suggest(key, known)
                if guess is not None:
                    self.spec.failed.add((name, guess))
                continue
            if (name, key) in self.spec.settings:
                self.bad(f"{name}.{key} is set twice in this file", key_atom.loc)
                continue
            try:
                value = schema[key](f"{name}.{key}", args, key_atom.loc)
            except _Bad as bad:
                self.bad(bad.message, bad.loc)
                self.spec.failed.add((name, key))
                continue
            self.spec.settings[(name, key)] = Setting(value, key_atom.loc)

    def read_seat(self, entry: LineAst) -> None:
        before = len(self.src.diags)
        self._read_seat(entry)
        if len(self.src.diags) > before:
            self.spec.failed.add(("flowers", "seat"))

    def _read_seat(self, entry: LineAst) -> None:
        args = _words(entry.atoms[1:])
        if not args:
            self.bad("seat needs a seat wind (E, S, W or N) and its flowers, e.g. `seat E 1f 5f`", entry.loc)
            return
        seat = args[0]
        if seat.text not in M.SEATS:
            self.bad(f"unknown seat {seat.text!r}; seats are E, S, W, N", seat.loc)
            return
        if seat.text in self.spec.seat_flowers:
            self.bad(f"seat {seat.text} appears twice in the seat flower table", seat.loc)
            return
        tiles: list[tuple[int, Loc]] = []
        ok = True
        for a in args[1:]:
            try:
                ids = parse_tiles(a.text)
            except TileNotationError as exc:
                self.bad(f"{a.text!r} is not tile notation: {exc}", a.loc)
                ok = False
                continue
            for t in ids:
                if t not in FLOWERS:
                    self.bad(f"seat flower {tile_code(t)!r} is not a flower", a.loc)
                    ok = False
                tiles.append((t, a.loc))
        if not tiles and ok:
            self.bad(f"seat {seat.text} has no flowers", seat.loc)
            return
        if ok:
            self.spec.seat_flowers[seat.text] = Setting(tiles, seat.loc)

    # scoring --------------------------------------------------------------
    def read_scoring(self, sec: SectionAst) -> None:
        q = sec.qualifier
        if q is None:
            self.bad("say which kind of scoring: `scoring tai { ... }` or `scoring fu_fan { ... }`", sec.loc)
            self.spec.failed.add(("scoring", "*"))
            return
        if q.text not in SCORING_SCHEMA:
            self.bad(f"unknown scoring kind {q.text!r}{did_you_mean(q.text, SCORING_SCHEMA)}", q.loc)
            self.spec.failed.add(("scoring", "*"))
            return
        self.spec.scoring_kind = Setting(q.text, q.loc)
        self.read_settings(sec, "scoring", SCORING_SCHEMA[q.text])

    # rule IDs -------------------------------------------------------------
    def check_rule(self, rule: Atom | None, what: str | None = None, loc: Loc | None = None) -> str:
        if rule is None:
            if what is not None:
                self.bad(f"{what} has no rule ID; end the line with the rulebook rule it follows, e.g. [NB-12.1]", loc)
            return ""
        if not _RULE_RE.match(rule.text):
            self.bad(f"malformed rule ID {rule.text!r}; write [NB-<section>.<n>] or [NH-<section>.<n>]", rule.loc)
            return ""
        return rule.text[1:-1]

    # drops ----------------------------------------------------------------
    def read_drop(self, entry: DropAst, table: str, key_len: int) -> None:
        if table == "win_restrictions":
            if entry.when is None:
                self.bad("in win_restrictions, write `drop when CONDITION` with the condition to remove", entry.loc)
                return
            expr = compile_expr(entry.when, self)
            if expr is not None:
                self.spec.tables[table].append(Entry(str(expr), None, entry.loc))
            return
        if entry.when is not None:
            self.bad("`drop when` is for win_restrictions; here write `drop NAME`", entry.loc)
            return
        atoms = [a for a in _words(entry.atoms) if not (a.kind == "PUNCT" and a.text == ":")]
        if atoms and atoms[0].text in ("item", "restriction", "payment", "row") and len(atoms) > key_len:
            atoms = atoms[1:]
        if len(atoms) != key_len:
            shape = {"items": "drop NAME", "restrictions": "drop KIND", "payments": "drop SITUATION", "liability_rows": "drop one_way|mutual SITUATION"}[table]
            self.bad(f"write `{shape}`", entry.loc)
            return
        key = atoms[0].text if key_len == 1 else tuple(a.text for a in atoms)
        self.spec.tables[table].append(Entry(key, None, atoms[0].loc))

    # items ----------------------------------------------------------------
    def read_items(self, sec: SectionAst) -> None:
        for entry in sec.entries:
            if isinstance(entry, DropAst):
                self.read_drop(entry, "items", 1)
                continue
            if not isinstance(entry, ItemAst):
                self.bad(f"the items section holds `item ...` and `drop NAME` lines; {_entry_word(entry)!r} is neither", entry.loc)
                continue
            item = self.read_item(entry)
            if item is not None:
                self.spec.tables["items"].append(Entry(item.name, item, entry.loc, entry))

    def read_item(self, it: ItemAst) -> M.ScoringItem | None:
        ok = True
        name = it.name.text
        if not _NAME_RE.match(name):
            self.bad(f"an item name is lowercase letters, digits and '_', not {name!r}", it.name.loc)
            ok = False
        if it.value.text == "off":
            value = None
        elif _INT_RE.match(it.value.text):
            value = int(it.value.text)
            if value < 0:
                self.bad(f"an item's value must be at least 0, not {value}", it.value.loc)
                ok = False
        else:
            self.bad(f"an item's value must be a whole number or 'off', not {it.value.text!r}", it.value.loc)
            ok = False
            value = None
        unit = it.unit.text
        if unit not in _UNITS:
            self.bad(f"unknown unit {unit!r}{did_you_mean(unit, _UNITS)}", it.unit.loc)
            ok = False
        when = compile_expr(it.when, self) if it.when is not None else None
        if it.when is not None and when is None:
            ok = False
        each = compile_expr(it.each, self) if it.each is not None else None
        if it.each is not None and each is None:
            ok = False
        excludes = []
        for a in it.excludes:
            if a.text in excludes:
                self.bad(f"item {name!r} excludes {a.text!r} twice", a.loc)
            elif a.text == name:
                self.bad(f"item {name!r} excludes itself", a.loc)
                ok = False
            else:
                excludes.append(a.text)
        rule = self.check_rule(it.rule, f"item {name!r}", it.loc)
        if not rule:
            ok = False
        if not ok:
            return None
        return M.ScoringItem(
            name=name,
            label=it.label.text if it.label else name,
            rule=rule,
            value=value,
            unit=unit,
            when=when,
            each=each,
            excludes=tuple(excludes),
            group=it.group.text if it.group else None,
            counts_for_minimum=not it.not_for_minimum,
        )

    # restrictions ---------------------------------------------------------
    def read_restrictions(self, sec: SectionAst) -> None:
        for entry in sec.entries:
            if isinstance(entry, DropAst):
                self.read_drop(entry, "restrictions", 1)
                continue
            if not isinstance(entry, LineAst):
                self.bad(f"the restrictions section holds `KIND ... [RULE]` and `drop KIND` lines; {_entry_word(entry)!r} is neither", entry.loc)
                continue
            r = self.read_restriction(entry)
            if r is not None:
                self.spec.tables["restrictions"].append(Entry(r.kind, r, entry.loc, entry))

    def read_restriction(self, entry: LineAst) -> M.Restriction | None:
        atoms = _words(entry.atoms)
        kind_atom = atoms[0]
        kind = kind_atom.text
        if kind not in M.RESTRICTION_KINDS:
            self.bad(f"unknown restriction {kind!r}{did_you_mean(kind, M.RESTRICTION_KINDS, 'restriction')}", kind_atom.loc)
            return None
        rule = self.check_rule(entry.rule, f"restriction {kind!r}", entry.loc)
        window = "always"
        unless: list[str] = []
        params: list[Atom] = []
        mode = "params"
        ok = bool(rule)
        for a in atoms[1:]:
            if a.text in ("unless", "during"):
                mode = a.text
                continue
            if mode == "params":
                params.append(a)
            elif mode == "unless":
                spec = M.FEATURES.get(a.text)
                if spec is None or not spec.boolean or spec.arg_choices:
                    choices = [n for n, s in M.FEATURES.items() if s.boolean and not s.arg_choices]
                    self.bad(f"'unless' takes a hand condition without arguments; unknown {a.text!r}{did_you_mean(a.text, choices)}", a.loc)
                    ok = False
                else:
                    unless.append(a.text)
            elif mode == "during":
                if a.text not in _WINDOWS:
                    self.bad(f"unknown window {a.text!r} after 'during'{did_you_mean(a.text, _WINDOWS)}", a.loc)
                    ok = False
                else:
                    window = a.text
                mode = "done"
            else:
                self.bad(f"'during' takes one window; unexpected {a.text!r}", a.loc)
                ok = False
        suits: tuple[str, ...] = ()
        claims: tuple[str, ...] = ()
        if kind == "discard_suits":
            if not params:
                self.bad("discard_suits needs the suits that may be discarded, e.g. `discard_suits m p`", kind_atom.loc)
                ok = False
            for a in params:
                if a.text not in _SUIT_WORDS:
                    self.bad(f"unknown suit {a.text!r}; suits are m, p, s, z (honours), f (flowers)", a.loc)
                    ok = False
            suits = tuple(a.text for a in params)
        elif kind == "no_claims":
            if not params:
                self.bad("no_claims needs the claims it bans, e.g. `no_claims chi pon kan`", kind_atom.loc)
                ok = False
            for a in params:
                if a.text not in M.CLAIMS:
                    self.bad(f"unknown claim {a.text!r}{did_you_mean(a.text, M.CLAIMS)}", a.loc)
                    ok = False
            claims = tuple(a.text for a in params)
        elif params:
            self.bad(f"restriction {kind!r} takes no arguments; unexpected {params[0].text!r} (did you forget 'unless' or 'during'?)", params[0].loc)
            ok = False
        if not ok:
            return None
        return M.Restriction(kind=kind, rule=rule, window=window, unless=tuple(unless), suits=suits, claims=claims)

    # win restrictions -----------------------------------------------------
    def read_win_restrictions(self, sec: SectionAst) -> None:
        for entry in sec.entries:
            if isinstance(entry, DropAst):
                self.read_drop(entry, "win_restrictions", 1)
                continue
            if not isinstance(entry, ForbidAst):
                self.bad(f"the win_restrictions section holds `forbid METHOD, ... when CONDITION [RULE]` lines; {_entry_word(entry)!r} is not one", entry.loc)
                continue
            ok = True
            methods = []
            for a in entry.methods:
                if a.text not in M.WIN_METHODS:
                    self.bad(f"unknown win method {a.text!r}{did_you_mean(a.text, M.WIN_METHODS)}", a.loc)
                    ok = False
                elif a.text in methods:
                    self.bad(f"forbid names {a.text!r} twice", a.loc)
                else:
                    methods.append(a.text)
            when = compile_expr(entry.when, self)
            rule = self.check_rule(entry.rule, "this win restriction", entry.loc)
            if ok and when is not None and rule:
                wr = M.WinRestriction(when=when, forbid=tuple(methods), rule=rule)
                self.spec.tables["win_restrictions"].append(Entry(str(when), wr, entry.loc, entry))

    # payments -------------------------------------------------------------
    def read_shares(self, atoms: list[Atom], roles: tuple[str, ...], owner: Loc) -> tuple[M.Share, ...] | None:
        words = [a for a in atoms if not (a.kind == "PUNCT" and a.text in (",", "+"))]
        if not words:
            self.bad("who pays? write ROLE MULTIPLIER pairs, e.g. `discarder 2`", owner)
            return None
        shares = []
        ok = True
        i = 0
        seen = set()
        while i < len(words):
            role = words[i]
            if role.text not in roles:
                self.bad(f"unknown payer {role.text!r}{did_you_mean(role.text, roles, 'payer')}", role.loc)
                return None
            if role.text in seen:
                self.bad(f"payer {role.text!r} appears twice in this row", role.loc)
                ok = False
            seen.add(role.text)
            if i + 1 >= len(words):
                self.bad(f"payer {role.text!r} needs a multiplier, e.g. `{role.text} 2`", role.loc)
                return None
            mult = words[i + 1]
            if not _INT_RE.match(mult.text):
                self.bad(f"a payment multiplier must be a whole number, not {mult.text!r}", mult.loc)
                return None
            if int(mult.text) < 0:
                self.bad(f"a payment multiplier must be at least 0, not {int(mult.text)}", mult.loc)
                return None
            shares.append(M.Share(role.text, int(mult.text)))
            i += 2
        return tuple(shares) if ok else None

    def read_payments(self, sec: SectionAst) -> None:
        for entry in sec.entries:
            if isinstance(entry, DropAst):
                self.read_drop(entry, "payments", 1)
                continue
            if not isinstance(entry, LineAst):
                self.bad(f"the payments section holds `SITUATION: PAYER N [RULE]` lines; {_entry_word(entry)!r} is not one", entry.loc)
                continue
            sit = entry.atoms[0]
            rest = entry.atoms[1:]
            if rest and rest[0].text == ":":
                rest = rest[1:]
            if sit.text not in M.PAYMENT_SITUATIONS:
                self.bad(f"unknown payment situation {sit.text!r}{did_you_mean(sit.text, M.PAYMENT_SITUATIONS, 'situation')}", sit.loc)
                continue
            roles = tuple(r for r in M.PAYER_ROLES if r != "partner")
            shares = self.read_shares(rest, roles, sit.loc)
            rule = self.check_rule(entry.rule, f"payment row {sit.text!r}", entry.loc)
            if shares is not None and rule:
                self.spec.tables["payments"].append(Entry(sit.text, M.PaymentRule(sit.text, shares, rule), entry.loc, entry))

    def read_liability_row(self, entry: LineAst) -> None:
        link = entry.atoms[0]
        rest = entry.atoms[1:]
        if not rest:
            self.bad(f"write `{link.text} SITUATION: PAYER N [RULE]`", link.loc)
            return
        sit = rest[0]
        rest = rest[1:]
        if rest and rest[0].text == ":":
            rest = rest[1:]
        if sit.text not in M.LIABILITY_SITUATIONS:
            self.bad(f"unknown liability situation {sit.text!r}{did_you_mean(sit.text, M.LIABILITY_SITUATIONS, 'situation')}", sit.loc)
            return
        shares = self.read_shares(rest, M.PAYER_ROLES, sit.loc)
        rule = self.check_rule(entry.rule, f"liability row {link.text} {sit.text!r}", entry.loc)
        if shares is not None and rule:
            row = M.LiabilityRow(sit.text, link.text, shares, rule)
            self.spec.tables["liability_rows"].append(Entry((link.text, sit.text), row, entry.loc, entry))


def _entry_word(entry) -> str:
    if isinstance(entry, ItemAst):
        return "item"
    if isinstance(entry, ForbidAst):
        return "forbid"
    if isinstance(entry, DropAst):
        return "drop"
    return entry.atoms[0].text


# --------------------------------------------------------------------------- conditions


def compile_expr(e, reader: _Reader) -> M.Expr | None:
    """The model expression for a condition, or None after recording its problems."""
    if isinstance(e, EFeature):
        return _compile_feature(e, reader)
    if isinstance(e, ECompare):
        f = _compile_feature(e.feature, reader)
        if not _INT_RE.match(e.value.text):
            reader.bad(f"a comparison needs a whole number, not {e.value.text!r}", e.value.loc)
            return None
        if f is None:
            return None
        return M.Compare(f, e.op.text, int(e.value.text))
    if isinstance(e, ENot):
        inner = compile_expr(e.operand, reader)
        return None if inner is None else M.Not(inner)
    if isinstance(e, EBool):
        parts = [compile_expr(o, reader) for o in e.operands]
        if any(p is None for p in parts):
            return None
        flat: list = []
        cls = M.AllOf if e.op == "and" else M.AnyOf
        for p in parts:
            flat.extend(p.operands if isinstance(p, cls) else (p,))
        return cls(tuple(flat))
    raise AssertionError(e)  # pragma: no cover


def _compile_feature(e: EFeature, reader: _Reader) -> M.Feature | None:
    name = e.name.text
    spec = M.FEATURES.get(name)
    if spec is None:
        reader.bad(f"unknown feature {name!r}{did_you_mean(name, M.FEATURES, 'feature')}", e.name.loc)
        return None
    if e.args and not spec.arg_choices:
        reader.bad(f"feature {name!r} takes no arguments", e.args[0].loc)
        return None
    slots: dict[int, str] = {}
    ok = True
    for a in e.args:
        slot = next((i for i, choices in enumerate(spec.arg_choices) if a.text in choices), None)
        if slot is None:
            allw = [w for choices in spec.arg_choices for w in choices]
            reader.bad(f"unknown argument {a.text!r} for feature {name!r}{did_you_mean(a.text, allw)}", a.loc)
            ok = False
        elif slot in slots:
            reader.bad(f"feature {name!r} takes one of {', '.join(spec.arg_choices[slot])}; {slots[slot]!r} and {a.text!r} are both given", a.loc)
            ok = False
        else:
            slots[slot] = a.text
    if not ok:
        return None
    # Arguments are kept in the order written; slots make the meaning order-free.
    return M.Feature(name, tuple(a.text for a in e.args))


# --------------------------------------------------------------------------- merging


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
    src = _Source(filename, text, [])
    ast = _parse(src)
    if ast is None:
        raise RuleSetError(src.diags)
    h = ast.header
    return VariantHeader(
        h.name.text, h.parent.text if h.parent else None, h.summary.text if h.summary else None, tuple(a.text for a in ast.aliases), filename
    )


# resolve(name, from_dir) -> (text, filename, display source) or None
Resolver = Callable[[str, "Path | None"], "tuple[str, str, str] | None"]


def _default_resolver(name: str, from_dir: Path | None):
    if from_dir is not None:
        candidate = from_dir / f"{name}.nbv"
        if candidate.is_file():
            return candidate.read_text(encoding="utf-8"), str(candidate), str(candidate)
    from . import registry

    try:
        path = registry.variant_path(name)
    except UnknownVariantError:
        return None
    return path.read_text(encoding="utf-8"), str(path), registry.display_source(path)


def _read_file(text: str, filename: str, diags: list[Diagnostic]) -> FileSpec | None:
    src = _Source(filename, text.removeprefix("\ufeff"), diags)
    ast = _parse(src)
    if ast is None:
        return None
    return _Reader(src, ast).read()


def _chain(
    spec: FileSpec, from_dir: Path | None, resolver: Resolver, diags: list[Diagnostic], seen: list[tuple[str, str]]
) -> list[FileSpec] | None:
    """[root, ..., spec] following ``extends``; None after recording a problem."""
    if spec.parent is None:
        return [spec]
    pname = spec.parent.text
    names = [n for n, _ in seen]
    if pname in names or pname == spec.name.text:
        cycle = " -> ".join(names[names.index(pname):] + [pname]) if pname in names else f"{pname} -> {pname}"
        spec.parent.loc.error(f"'extends' makes a cycle: {cycle}")
        return None
    found = resolver(pname, from_dir)
    if found is None:
        from . import registry

        known = registry.known_names()
        spec.parent.loc.error(f"unknown parent variant {pname!r}{did_you_mean(pname, known, 'variant')}")
        return None
    text, filename, _display = found
    before = len(diags)
    pspec = _read_file(text, filename, diags)
    if pspec is None or len(diags) > before:
        spec.parent.loc.error(f"parent variant {pname!r} does not compile (see above)")
        return None
    if pspec.name.text != pname and pname not in [a.text for a in pspec.aliases]:
        pspec.name.loc.error(f"{filename} declares variant {pspec.name.text!r}, but is found as {pname!r}")
        return None
    up = _chain(pspec, Path(filename).parent, resolver, diags, seen + [(pspec.name.text, filename)])
    return None if up is None else up + [spec]


class _Merged:
    def __init__(self) -> None:
        self.settings: dict[tuple[str, str], Setting] = {}
        self.absent: dict[str, Loc | None] = {}
        self.scoring_kind: Setting | None = None
        self.seat_flowers: dict[str, Setting] = {}
        self.tables: dict[str, dict[Any, Entry]] = {k: {} for k in _TABLE_SECTIONS + ("liability_rows",)}
        self.section_locs: dict[str, Loc] = {}
        self.dropped: dict[tuple[str, Any], Loc] = {}
        self.failed: set[tuple[str, str]] = set()

    def apply(self, spec: FileSpec) -> None:
        self.failed |= spec.failed
        for name, loc in spec.section_locs.items():
            self.section_locs[name] = loc
            self.absent.pop(name, None)
        for name, loc in spec.absent.items():
            self.absent[name] = loc
            for key in [k for k in self.settings if k[0] == name]:
                del self.settings[key]
            if name == "liability":
                self.tables["liability_rows"].clear()
        if spec.scoring_kind is not None:
            if self.scoring_kind is None or self.scoring_kind.value != spec.scoring_kind.value:
                for key in [k for k in self.settings if k[0] == "scoring"]:
                    del self.settings[key]
            self.scoring_kind = spec.scoring_kind
        self.settings.update(spec.settings)
        self.seat_flowers.update(spec.seat_flowers)
        for table, entries in spec.tables.items():
            current = self.tables[table]
            for e in entries:
                if e.value is None:
                    if e.key in current:
                        del current[e.key]
                        self.dropped[(table, e.key)] = e.loc
                    else:
                        what = {"items": "item", "restrictions": "restriction", "payments": "payment row",
                                "liability_rows": "liability row", "win_restrictions": "win restriction"}[table]
                        key = e.key if isinstance(e.key, str) else " ".join(e.key)
                        keys = [k if isinstance(k, str) else " ".join(k) for k in current]
                        e.loc.error(f"cannot drop {what} {key!r}: there is none{did_you_mean(key, keys)}")
                else:
                    current[e.key] = e


# --------------------------------------------------------------------------- building


class _Builder:
    def __init__(self, merged: _Merged, leaf: FileSpec) -> None:
        self.m = merged
        self.leaf = leaf
        self.header_loc = Loc(leaf.src, leaf.name.loc.line, 1, len("variant"))

    def missing_loc(self, section: str) -> Loc:
        return self.m.section_locs.get(section, self.header_loc)

    def get(self, section: str, key: str, default: Any = ..., *, report: bool = True):
        s = self.m.settings.get((section, key))
        if s is not None:
            return s.value
        if default is not ...:
            return default
        if (section, key) in _OPTIONAL:
            return _OPTIONAL[(section, key)]
        if (section, key) in self.m.failed or (section, "*") in self.m.failed:
            return None  # its line is already reported
        if report:
            if section not in self.m.section_locs:
                self.report_missing_section(section)
            else:
                self.missing_loc(section).error(f"{section}.{key} is not set")
        return None

    _reported_sections: set

    def report_missing_section(self, section: str) -> None:
        if not hasattr(self, "_reported_sections"):
            self._reported_sections = set()
        if section not in self._reported_sections and (section, "*") not in self.m.failed:
            self._reported_sections.add(section)
            self.header_loc.error(f"section {section!r} is missing")

    def loc_of(self, section: str, key: str) -> Loc:
        s = self.m.settings.get((section, key))
        return s.loc if s else self.missing_loc(section)

    def build(
        self, name: str, parent: str | None, summary: str, aliases: tuple[str, ...], source: str | None, *, partial: bool = False
    ) -> M.RuleSet | None:
        """The rule set, or None after reporting what is missing or contradictory.

        ``partial``: the file already has errors; report only settings that are missing.
        """
        diags_before = len(self.leaf.src.diags)
        g = self.get
        tiles = M.TileSetRules(flowers=g("tiles", "flowers"))
        dealing = M.DealingRules(**{k: g("dealing", k) for k in SECTION_SCHEMA["dealing"]})
        wilds_on = g("wilds", "enabled")
        wild_defaults = {"indicator_die": "small", "indicator_origin": "tail", "kinds": ("same",), "wild_flower_is_flower": False}
        wilds = M.WildRules(
            enabled=wilds_on,
            **{k: g("wilds", k, ... if wilds_on is not False else wild_defaults[k]) for k in wild_defaults},
        )
        flowers_on = tiles.flowers
        flower_defaults = {"initial_replacement": "rounds", "in_play": "auto"}
        seat_flowers = self.seat_table(flowers_on)
        flowers = M.FlowerRules(
            seat_flowers=seat_flowers,
            **{k: g("flowers", k, ... if flowers_on is not False else flower_defaults[k]) for k in flower_defaults},
        )
        claims = M.ClaimRules(**{k: g("claims", k) for k in SECTION_SCHEMA["claims"]})
        shapes = g("winning", "shapes")
        scoring = self.scoring()
        items = tuple(e.value for e in self.m.tables["items"].values())
        restrictions = tuple(e.value for e in self.m.tables["restrictions"].values())
        win_restrictions = tuple(e.value for e in self.m.tables["win_restrictions"].values())
        payments = tuple(e.value for e in self.m.tables["payments"].values())
        liability = self.liability()
        loser = self.loser_settlement()
        immediate = M.ImmediatePayments(**{k: g("immediate", k) for k in SECTION_SCHEMA["immediate"]})
        draw = M.DrawRules(**{k: g("draw", k) for k in SECTION_SCHEMA["draw"]})
        dealer = M.DealerRules(**{k: g("dealer", k) for k in SECTION_SCHEMA["dealer"]})
        if partial or len(self.leaf.src.diags) > diags_before:
            return None
        rs = M.RuleSet(
            name=name,
            parent=parent,
            summary=summary,
            aliases=aliases,
            source=source,
            tiles=tiles,
            dealing=dealing,
            wilds=wilds,
            flowers=flowers,
            claims=claims,
            restrictions=restrictions,
            win_restrictions=win_restrictions,
            shapes=shapes,
            items=items,
            scoring=scoring,
            payments=payments,
            liability=liability,
            loser_settlement=loser,
            immediate=immediate,
            draw=draw,
            dealer=dealer,
        )
        self.check(rs)
        if len(self.leaf.src.diags) > diags_before:
            return None
        return rs

    def seat_table(self, flowers_on: bool | None) -> tuple:
        table = self.m.seat_flowers
        if not flowers_on or ("flowers", "seat") in self.m.failed:
            return ()  # no flowers; tiles.flowers missing; or a seat line is wrong (all reported)
        missing = [s for s in M.SEATS if s not in table]
        if missing and flowers_on:
            if not table:
                self.missing_loc("flowers").error("the seat flower table is not set: add `seat E ...` lines for E, S, W, N")
            else:
                first = table[next(iter(table))]
                first.loc.error(f"the seat flower table has no row for {', '.join(missing)}")
            return ()
        owner: dict[int, str] = {}
        for seat in M.SEATS:
            for tile, loc in table[seat].value:
                if tile in owner and owner[tile] != seat:
                    loc.error(f"flower {tile_code(tile)!r} is given to both {owner[tile]} and {seat}")
                elif tile in owner:
                    loc.error(f"flower {tile_code(tile)!r} is listed twice for {seat}")
                owner[tile] = seat
        return tuple((seat, tuple(t for t, _ in table[seat].value)) for seat in M.SEATS)

    def scoring(self):
        kind = self.m.scoring_kind
        if kind is None:
            if ("scoring", "*") not in self.m.failed:
                self.report_missing_section("scoring")
            return None
        schema = SCORING_SCHEMA[kind.value]
        values = {k: self.get("scoring", k) for k in schema}
        if kind.value == "tai":
            return M.TaiScoring(**values)
        return M.FuFanScoring(**values)

    def liability(self):
        if "liability" in self.m.absent or ("liability", "*") in self.m.failed:
            return None
        if "liability" not in self.m.section_locs:
            self.header_loc.error("section 'liability' is missing (write `liability none` for a variant without 三摊)")
            return None
        rows = tuple(e.value for e in self.m.tables["liability_rows"].values())
        vals = {k: self.get("liability", k) for k in SECTION_SCHEMA["liability"]}
        return M.Liability(rows=rows, **vals)

    def loser_settlement(self):
        if "loser_settlement" in self.m.absent or ("loser_settlement", "*") in self.m.failed:
            return None
        if "loser_settlement" not in self.m.section_locs:
            self.header_loc.error("section 'loser_settlement' is missing (write `loser_settlement none` when losers do not settle among themselves)")
            return None
        return M.LoserSettlement(**{k: self.get("loser_settlement", k) for k in SECTION_SCHEMA["loser_settlement"]})

    # ------------------------------------------------------------ whole-variant checks
    def conflict(self, use: Loc, cause: Loc | None, message: str) -> None:
        """Report a contradiction between ``use`` and the setting ``cause``.

        The problem is shown where the author can fix it: at ``use`` when it is in the file
        being compiled, else (it was inherited) at ``cause`` when that is in this file.
        """
        leaf = self.leaf.src
        if use.src is leaf or cause is None or cause.src is not leaf:
            use.error(message)
        else:
            cause.error(f"{message} (inherited from {use.src.file}:{use.line}:{use.column}; override or drop it)")

    def setting_loc(self, section: str, key: str) -> Loc | None:
        s = self.m.settings.get((section, key))
        return s.loc if s else None

    def check(self, rs: M.RuleSet) -> None:
        m = self.m
        c = rs.claims
        claims_loc = lambda key: self.setting_loc("claims", key)  # noqa: E731
        # tile set vs walls
        if rs.dealing.stacks_per_wall * 8 != rs.tiles.total:
            self.conflict(
                self.loc_of("dealing", "stacks_per_wall"),
                self.setting_loc("tiles", "flowers"),
                f"4 walls of {rs.dealing.stacks_per_wall} stacks hold {rs.dealing.stacks_per_wall * 8} tiles, "
                f"but the tile set has {rs.tiles.total}",
            )
        # claims: priority names exactly the claims that exist
        enabled = {"hu": c.win_on_discard, "kan": c.kan, "pon": c.pon, "chi": c.chi}
        named = [x for tier in c.priority for x in tier]
        ploc = self.loc_of("claims", "priority")
        for claim, on in enabled.items():
            setting = "win_on_discard" if claim == "hu" else claim
            if on and claim not in named:
                self.conflict(ploc, claims_loc(setting), f"priority leaves out {claim!r}; every claim that exists must be ranked")
            if not on and claim in named:
                self.conflict(ploc, claims_loc(setting), f"priority ranks {claim!r}, but claims.{setting} is no")
        # restrictions that need a claim
        for kind, needs in (("chi_discard_ban", "chi"), ("pon_after_pass", "pon"), ("win_after_pass", "win_on_discard")):
            e = m.tables["restrictions"].get(kind)
            if e is not None and not getattr(c, needs):
                self.conflict(
                    e.loc, claims_loc(needs), f"restriction {kind!r} is about a claim this variant does not have (claims.{needs} is no)"
                )
        # conditions that need wilds / flowers
        self.check_vocabulary(rs)
        # items
        names = set(m.tables["items"])
        units_ok = ("tai",) if isinstance(rs.scoring, M.TaiScoring) else ("fu", "fan")
        kind_loc = m.scoring_kind.loc if m.scoring_kind else None
        groups: dict[str, str] = {}
        for key, e in m.tables["items"].items():
            it: M.ScoringItem = e.value
            ast: ItemAst = e.extra
            for a in ast.excludes:
                if a.text not in names and a.text != it.name:
                    self.conflict(
                        a.loc, m.dropped.get(("items", a.text)),
                        f"'excludes' names unknown item {a.text!r}{did_you_mean(a.text, names, 'item')}",
                    )
            if it.unit not in units_ok:
                kind = "tai" if isinstance(rs.scoring, M.TaiScoring) else "fu and fan"
                self.conflict(ast.unit.loc, kind_loc, f"item {it.name!r} is in {it.unit}, but this variant scores in {kind}")
            if it.group is not None:
                if it.group in groups and groups[it.group] != it.unit:
                    ast.group.loc.error(f"group {it.group!r} mixes units: {groups[it.group]} and {it.unit}")
                groups.setdefault(it.group, it.unit)
        # payments
        pay = m.tables["payments"]
        ploc = self.missing_loc("payments")
        if c.win_on_discard and "discard" not in pay:
            self.conflict(ploc, claims_loc("win_on_discard"), "no payment row for discard wins (claims.win_on_discard is yes)")
        if not c.win_on_discard and "discard" in pay:
            self.conflict(pay["discard"].loc, claims_loc("win_on_discard"), "payments for discard wins, but claims.win_on_discard is no")
        if "self_draw" not in pay:
            ploc.error("no payment row for self_draw wins")
        if c.rob_kong and "rob_kong" not in pay:
            self.conflict(ploc, claims_loc("rob_kong"), "no payment row for rob_kong wins (claims.rob_kong is yes)")
        if not c.rob_kong and "rob_kong" in pay:
            self.conflict(pay["rob_kong"].loc, claims_loc("rob_kong"), "payments for rob_kong wins, but claims.rob_kong is no")
        if not c.kan and "kong_bloom_on_discard_kong" in pay:
            self.conflict(
                pay["kong_bloom_on_discard_kong"].loc, claims_loc("kan"), "payments for a kong of a discard, but claims.kan is no"
            )
        # liability
        if rs.liability is not None:
            for key, e in m.tables["liability_rows"].items():
                sit = key[1]
                if sit.startswith("discard_by") and not c.win_on_discard:
                    self.conflict(e.loc, claims_loc("win_on_discard"), f"liability row for {sit}, but claims.win_on_discard is no")
                if sit == "rob_kong" and not c.rob_kong:
                    self.conflict(e.loc, claims_loc("rob_kong"), "liability row for rob_kong, but claims.rob_kong is no")
            for claim in rs.liability.counts:
                if not getattr(c, claim):
                    self.conflict(
                        self.loc_of("liability", "counts"), claims_loc(claim), f"liability counts {claim!r} melds, but claims.{claim} is no"
                    )
            if not rs.liability.rows:
                self.missing_loc("liability").error(
                    "liability has no rows: add `one_way SITUATION: partner N [RULE]` lines or write `liability none`"
                )
        # scoring
        s = rs.scoring
        if isinstance(s, M.FuFanScoring) and s.fixed_by_fan is not None and len(s.fixed_by_fan) != s.fan_cap + 1:
            self.conflict(
                self.loc_of("scoring", "fixed_by_fan"), self.setting_loc("scoring", "fan_cap"),
                f"fixed_by_fan needs {s.fan_cap + 1} values (0 to {s.fan_cap} 番), not {len(s.fixed_by_fan)}",
            )
        # wild settings that mean nothing without wilds
        if not rs.wilds.enabled:
            for key in ("claim_discarded_wild", "wilds_in_melds"):
                if getattr(c, key):
                    self.conflict(
                        self.loc_of("claims", key), self.setting_loc("wilds", "enabled"),
                        f"claims.{key} is yes, but this variant has no wilds (wilds.enabled no)",
                    )

    def check_vocabulary(self, rs: M.RuleSet) -> None:
        rules = []
        for e in self.m.tables["items"].values():
            if e.value.value is not None:
                rules.extend(x for x in (e.extra.when, e.extra.each) if x is not None)
        for e in self.m.tables["win_restrictions"].values():
            rules.append(e.extra.when)
        for ast in rules:
            for f in _expr_features(ast):
                if not rs.wilds.enabled and f.name.text in _WILD_FEATURES:
                    self.conflict(
                        f.name.loc, self.setting_loc("wilds", "enabled"),
                        f"no wilds in this variant (wilds.enabled no), yet this condition uses {f.name.text!r}",
                    )
                if not rs.tiles.flowers and f.name.text in _FLOWER_FEATURES:
                    self.conflict(
                        f.name.loc, self.setting_loc("tiles", "flowers"),
                        f"no flowers in this variant (tiles.flowers no), yet this condition uses {f.name.text!r}",
                    )


# --------------------------------------------------------------------------- entry points


def compile_text(
    text: str, filename: str = "<string>", *, resolver: Resolver | None = None, source: str | None = None
) -> M.RuleSet:
    """Compile variant text into a :class:`RuleSet`; raise RuleSetError listing every problem.

    ``filename`` is used in messages and to find a parent given by name beside the file;
    ``resolver`` maps a parent name to its text (the default looks beside the file, then in
    the shipped variants).
    """
    diags: list[Diagnostic] = []
    try:
        rs = _compile(text, filename, resolver or _default_resolver, source, diags)
    except RuleSetError:
        raise
    except Exception as exc:  # noqa: BLE001 - never a traceback for a bad file
        if not diags:
            diags.append(Diagnostic(filename, 1, 1, f"internal error while compiling: {exc!r}"))
        rs = None
    if rs is None or diags:
        raise RuleSetError(_sorted(diags, filename))
    return rs


def _sorted(diags: list[Diagnostic], filename: str) -> list[Diagnostic]:
    # parents' problems first (they explain the child's), then by position, no duplicates
    seen = set()
    out = []
    for d in sorted(diags, key=lambda d: (d.file == filename, d.file, d.line, d.column)):
        key = (d.file, d.line, d.column, d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def _compile(text: str, filename: str, resolver: Resolver, source: str | None, diags: list[Diagnostic]) -> M.RuleSet | None:
    spec = _read_file(text, filename, diags)
    if spec is None:
        return None
    from_dir = Path(filename).parent if filename and not filename.startswith("<") else None
    chain = _chain(spec, from_dir, resolver, diags, [(spec.name.text, filename)])
    if chain is None:
        return None
    merged = _Merged()
    for s in chain:
        merged.apply(s)
    if spec.summary is None and spec.parent is None:
        spec.name.loc.error("a root variant needs a one-line summary: variant NAME \"summary\"")
    summary = spec.summary
    if summary is None:
        summary = next((s.summary for s in reversed(chain) if s.summary), "")
    builder = _Builder(merged, spec)
    args = (
        spec.name.text,
        spec.parent.text if spec.parent else None,
        summary,
        tuple(a.text for a in spec.aliases),
        source if source is not None else (filename if not filename.startswith("<") else None),
    )
    if diags:
        # Lines with errors are left out; still name the settings that are missing.
        try:
            builder.build(*args, partial=True)
        except Exception:  # noqa: BLE001 - a follow-on of the errors already reported
            pass
        return None
    return builder.build(*args)


def compile_file(path: str | Path, *, resolver: Resolver | None = None, source: str | None = None) -> M.RuleSet:
    """Compile the variant file at ``path``."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise RuleSetError([Diagnostic(str(path), 1, 1, f"cannot read the file: {exc.strerror or exc}")]) from None
    except UnicodeDecodeError as exc:
        raise RuleSetError([Diagnostic(str(path), 1, 1, f"the file is not UTF-8 text: {exc.reason}")]) from None
    return compile_text(text, str(path), resolver=resolver, source=source)
