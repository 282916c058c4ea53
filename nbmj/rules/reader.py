"""Reading one variant file's syntax tree into a :class:`FileSpec`.

Every section, setting and table row is checked on its own (names, types, ranges) and
every problem is recorded; lines with errors are left out of the spec, and the settings
they were meant to set are marked ``failed`` so they are not reported again as missing.
The table sections (items, restrictions, win restrictions, payments, liability rows) are
read by a :class:`~nbmj.rules.tables.TableReader` that :class:`FileReader` holds.
Nothing here looks at the parent: merging along ``extends`` is :mod:`nbmj.rules.merge`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..errors import TileNotationError
from ..tiles import FLOWERS, parse_tiles, tile_code
from . import model as M
from .conditions import compile_expr
from .diagnostics import Diagnostic, did_you_mean, suggest
from .filespec import Entry, FileSpec, Setting
from .parsing import parse
from .schema import (
    ALL_SECTIONS,
    LOCAL_RULE_RE,
    OPTIONAL_SECTIONS,
    RULE_RE,
    SCORING_SCHEMA,
    SECTION_SCHEMA,
    TABLE_ENTRY_NAMES,
    TABLE_SECTIONS,
    Reader,
    list_words,
)
from .source import Bad, Loc, Source, normalize_text
from .syntax import Atom, DropAst, FileAst, LineAst, SectionAst, entry_word
from .tables import TableReader

__all__ = ["FileReader", "read_file"]


class FileReader:
    """Reads one file's syntax tree into a :class:`FileSpec`, recording every problem."""

    def __init__(self, src: Source, ast: FileAst) -> None:
        self.src = src
        self.ast = ast
        h = ast.header
        self.spec = FileSpec(src, h.name, h.parent, h.summary.text if h.summary else None, ast.aliases, list(ast.shadows))
        self.tables = TableReader(self)
        self._section_readers: dict[str, Callable[[SectionAst], None]] = {
            "items": self.tables.read_items,
            "restrictions": self.tables.read_restrictions,
            "win_restrictions": self.tables.read_win_restrictions,
            "payments": self.tables.read_payments,
            "local_rules": self.read_local_rules,
        }
        # (table, key) -> where this file first names it: a second entry is an error
        self._named: dict[tuple[str, object, bool], Loc] = {}

    def bad(self, message: str, loc: Loc) -> None:
        loc.error(message)

    def read(self) -> FileSpec:
        h = self.ast.header
        for a in [h.name] + ([h.parent] if h.parent else []) + self.ast.aliases + self.ast.shadows:
            if not re.match(r"[a-z][a-z0-9_\-]*\Z", a.text):
                self.bad(f"a variant name is lowercase letters, digits, '-' and '_', not {a.text!r}", a.loc)
        for sec in self.ast.sections:
            name = sec.name.text
            if name in self.spec.section_locs or name in self.spec.absent:
                self.bad(f"section {name!r} appears twice; merge the two", sec.loc)
                continue
            if sec.entries is None:
                if name not in OPTIONAL_SECTIONS:
                    allowed = " and ".join(OPTIONAL_SECTIONS)
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
                continue
            if sec.qualifier is not None:
                self.bad(f"section {name!r} takes no qualifier; remove {sec.qualifier.text!r}", sec.qualifier.loc)
            if name in TABLE_SECTIONS:
                self._section_readers[name](sec)
            else:
                self.read_settings(sec, name, SECTION_SCHEMA[name])
        return self.spec

    def read_settings(self, sec: SectionAst, name: str, schema: dict[str, Reader]) -> None:
        for entry in sec.entries or []:
            if name == "liability" and isinstance(entry, DropAst):
                self.read_drop(entry, "liability_rows", 2)
                continue
            if not isinstance(entry, LineAst):
                self.bad(f"{entry_word(entry)!r} lines belong in the items, win_restrictions or a table section, not in {name}", entry.loc)
                continue
            key_atom, args = entry.atoms[0], entry.atoms[1:]
            key = key_atom.text
            if args and args[0].kind == "PUNCT" and args[0].text in ("=", ":"):
                value = " ".join(a.text for a in args[1:]) or "VALUE"
                self.bad(
                    f"write `{key} {value}`: a setting is its name, a space and its value, "
                    f"with no {args[0].text!r} between them", args[0].loc,
                )
                self.spec.failed.add((name, key))
                continue
            if name == "flowers" and key == "seat":
                self.read_seat(entry)
                continue
            if name == "liability" and key in ("one_way", "mutual"):
                self.tables.read_liability_row(entry)
                continue
            if entry.rule is not None and name != "liability":
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
            except Bad as bad:
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
        args = list_words(entry.atoms[1:])
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

    def check_rule(self, rule: Atom | None, what: str | None = None, loc: Loc | None = None) -> str:
        """The rule ID a line cites (without brackets), or "" after reporting it.

        A rulebook ID (``[NB-12.1]``) or the ID of a house rule (``[HOUSE-1]``, declared in
        ``local_rules``); whether the rule exists is checked once the chain is known.
        """
        if rule is None:
            if what is not None and loc is not None:
                self.bad(
                    f"{what} has no rule ID; end the line with the rulebook rule it follows, e.g. [NB-12.1], "
                    "or with a house rule declared in local_rules, e.g. [HOUSE-1]", loc,
                )
            return ""
        inner = rule.text[1:-1]
        if not RULE_RE.match(rule.text) and not LOCAL_RULE_RE.match(inner):
            self.bad(
                f"malformed rule ID {rule.text!r}; write [NB-<section>.<n>] or [NH-<section>.<n>], "
                "or a house rule's own ID like [HOUSE-1]", rule.loc,
            )
            return ""
        self.spec.citations.append((inner, rule.loc))
        return inner

    def add_entry(self, table: str, entry: Entry) -> None:
        """Add a keyed entry (or a ``drop``) to the file's table; the same key defined (or
        dropped) twice in one file is an error naming both lines, as a setting set twice is.
        A ``drop`` then a definition of the same key is a replacement, and allowed."""
        named = (table, entry.key, entry.value is None)
        first = self._named.get(named)
        if first is not None:
            key = entry.key if isinstance(entry.key, str) else " ".join(entry.key)
            entry.loc.error(
                f"{TABLE_ENTRY_NAMES[table]} {key!r} is named twice in this file, on lines {first.line} and "
                f"{entry.loc.line}; keep one"
            )
            return
        self._named[named] = entry.loc
        self.spec.tables[table].append(entry)

    def read_local_rules(self, sec: SectionAst) -> None:
        """``local_rules { HOUSE-1 "title" "text" }``: house rules that lines may cite."""
        for entry in sec.entries or []:
            if isinstance(entry, DropAst):
                self.read_drop(entry, "local_rules", 1)
                continue
            shape = 'ID "title" "text", e.g. `HOUSE-1 "幸运七" "a dragon pung scores one more tai"`'
            if not isinstance(entry, LineAst):
                self.bad(f"the local_rules section holds {shape}; {entry_word(entry)!r} is not one", entry.loc)
                continue
            atoms = entry.atoms
            rid = atoms[0]
            if rid.kind != "WORD" or not LOCAL_RULE_RE.match(rid.text):
                prefix = rid.text.split("-", 1)[0]
                why = (
                    f"{prefix}- IDs belong to the rulebook; give a house rule a prefix of its own"
                    if prefix in ("NB", "NH") else f"a local rule's ID is capitals, '-' and a number, like HOUSE-1, not {rid.text!r}"
                )
                self.bad(why, rid.loc)
                continue
            strings = [a for a in atoms[1:] if a.kind == "STRING"]
            if len(atoms) != 3 or len(strings) != 2 or not all(a.text.strip() for a in strings):
                self.bad(f"write {shape}", rid.loc)
                continue
            rule = M.LocalRule(rid.text, strings[0].text, strings[1].text)
            self.add_entry("local_rules", Entry(rid.text, rule, rid.loc, entry))

    def read_drop(self, entry: DropAst, table: str, key_len: int) -> None:
        if table == "win_restrictions":
            if entry.when is None:
                self.bad("in win_restrictions, write `drop when CONDITION` with the condition to remove", entry.loc)
                return
            expr = compile_expr(entry.when, self)
            if expr is not None:
                self.add_entry(table, Entry(str(expr), None, entry.loc))
            return
        if entry.when is not None:
            self.bad("`drop when` is for win_restrictions; here write `drop NAME`", entry.loc)
            return
        atoms = [a for a in list_words(entry.atoms) if not (a.kind == "PUNCT" and a.text == ":")]
        if atoms and atoms[0].text in ("item", "restriction", "payment", "row") and len(atoms) > key_len:
            atoms = atoms[1:]
        if len(atoms) != key_len:
            shape = {
                "items": "drop NAME", "restrictions": "drop KIND", "payments": "drop SITUATION",
                "liability_rows": "drop one_way|mutual SITUATION", "local_rules": "drop ID",
            }[table]
            self.bad(f"write `{shape}`", entry.loc)
            return
        key = atoms[0].text if key_len == 1 else tuple(a.text for a in atoms)
        self.add_entry(table, Entry(key, None, atoms[0].loc))


def read_file(text: str, filename: str, diags: list[Diagnostic]) -> FileSpec | None:
    """The spec of one file, or None after recording its syntax errors."""
    src = Source(filename, normalize_text(text), diags)
    ast = parse(src)
    if ast is None:
        return None
    return FileReader(src, ast).read()
