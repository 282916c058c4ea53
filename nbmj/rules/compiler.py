"""Compile variant files (``.nbv``) into frozen :class:`~nbmj.rules.model.RuleSet` objects.

Compilation has three steps:

1. **Parse** with the Lark grammar ``grammar.lark`` (LALR, with positions). Each syntax
   error becomes a :class:`~nbmj.rules.diagnostics.Diagnostic`, labelled from the table
   of known-bad examples when it fails the way one of them does; errors on later lines are
   found by parsing again past the line of the one before (see
   :func:`~nbmj.rules.parsing.parse`).
2. **Read** the tree into per-file settings: every section, setting and table row is
   checked on its own (names, types, ranges), and every problem is collected.
3. **Merge** along ``extends`` (the parent's settings first, then the child's: a section in
   a child overrides only the settings it names; ``item``/row lines replace the entry with
   the same key; ``drop`` removes one), then check the whole (required settings, and
   settings that contradict each other) and build the :class:`RuleSet`.

All problems are raised together as one :class:`~nbmj.errors.RuleSetError`.

This module holds the entry points; the steps live beside it: :mod:`~nbmj.rules.parsing`
(the grammar, syntax errors) over :mod:`~nbmj.rules.syntax` (the syntax tree);
:mod:`~nbmj.rules.reader` and :mod:`~nbmj.rules.tables` (reading one file, with the
value readers of :mod:`~nbmj.rules.schema` and the conditions of
:mod:`~nbmj.rules.conditions`) into a :mod:`~nbmj.rules.filespec`;
:mod:`~nbmj.rules.merge` (``extends``); :mod:`~nbmj.rules.build` and
:mod:`~nbmj.rules.checks` (the rule set and its whole-variant checks).

The language, in brief (``#`` starts a comment; one statement per line, or ``;`` between)::

    variant NAME [extends PARENT] ["one-line summary"]     # first line; a root needs the summary
    alias OTHER_NAME, ...                                   # optional, repeatable
    SECTION { SETTING VALUE... }                            # settings sections (SECTION_SCHEMA)
    scoring tai { ... }  |  scoring fu_fan { ... }          # the scoring kind and its settings
    liability none  |  loser_settlement none                # sections a variant may leave out

    restrictions     { KIND [ARGS] [unless big_crane] [during WINDOW]   [RULE] }
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

import functools
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import NbmjError, RuleSetError
from . import model as M
from .build import Builder
from .diagnostics import Diagnostic, did_you_mean
from .filespec import FileSpec
from .merge import Merged, Resolver, default_resolver, extends_chain
from .parsing import VariantHeader, parse_header
from .reader import read_file
from .schema import RULE_RE, SECTION_SCHEMA, TABLE_ENTRY_NAMES

__all__ = ["compile_text", "compile_file", "compile_for_editor", "Compilation", "parse_header", "VariantHeader", "SECTION_SCHEMA"]


def compile_text(
    text: str, filename: str = "<string>", *, resolver: Resolver | None = None, source: str | None = None
) -> M.RuleSet:
    """Compile variant text into a :class:`RuleSet`; raise RuleSetError listing every problem.

    ``filename`` is used in messages and to find a parent given by name beside the file;
    ``resolver`` maps a parent name to its text (the default looks beside the file, then in
    the shipped variants).
    """
    result = compile_for_editor(text, filename, resolver=resolver, source=source)
    if result.rules is None:
        raise RuleSetError(result.diagnostics)
    return result.rules


@dataclass
class Compilation:
    """Everything compiling one text found, for tools that show more than the verdict (the
    language server): the rule set (None when there are problems), every problem, and the
    ``extends`` chain with its merge, which say where each setting and item comes from."""

    rules: M.RuleSet | None
    diagnostics: list[Diagnostic]
    #: the files of the chain, root first and this text last; empty when this text does not
    #: parse, and only this text when a parent cannot be read
    chain: list[FileSpec] = field(default_factory=list)
    #: the chain merged, when every parent was found and read
    merged: Merged | None = None


def compile_for_editor(
    text: str, filename: str = "<string>", *, resolver: Resolver | None = None, source: str | None = None
) -> Compilation:
    """Compile variant text as :func:`compile_text` does, but return what was found instead
    of raising: the diagnostics are the ones :func:`compile_text` raises, in its order."""
    diags: list[Diagnostic] = []
    found = Compilation(None, diags)
    if not isinstance(text, str):  # (bytes, a path, None: not the text the compiler reads)
        found.diagnostics = [Diagnostic(str(filename), 1, 1, f"a variant's text is a string, not {text!r}")]
        return found
    try:
        rs = _compile(text, filename, resolver or default_resolver, source, diags, found)
    except RuleSetError as exc:  # a file the chain reaches that cannot be read
        diags.extend(exc.diagnostics)
        rs = None
    except Exception as exc:  # noqa: BLE001 - never a traceback for a bad file
        if not diags:
            diags.append(Diagnostic(filename, 1, 1, f"internal error while compiling: {exc!r}"))
        rs = None
    if rs is None or diags:
        found.diagnostics = _sorted(diags, filename)
        if not found.diagnostics:  # pragma: no cover - a rule set is None only after a problem
            found.diagnostics = [Diagnostic(filename, 1, 1, "internal error while compiling: no rule set and no problem")]
    else:
        found.rules = rs
    return found


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


def _compile(
    text: str, filename: str, resolver: Resolver, source: str | None, diags: list[Diagnostic], found: Compilation
) -> M.RuleSet | None:
    spec = read_file(text, filename, diags)
    if spec is None:
        return None
    found.chain = [spec]
    from . import registry

    if not registry.is_shipped_file(filename):
        check_shipped_names(spec)
    from_dir = Path(filename).parent if filename and not filename.startswith("<") else None
    chain = extends_chain(spec, from_dir, resolver, diags, [(spec.name.text, filename)])
    if chain is None:
        return None
    check_citations(chain)
    merged = Merged()
    for s in chain:
        merged.apply(s)
    check_dropped_house_rules(merged)
    found.chain, found.merged = chain, merged
    if spec.summary is None and spec.parent is None:
        spec.name.loc.error("a root variant needs a one-line summary: variant NAME \"summary\"")
    summary = spec.summary
    if summary is None:
        summary = next((s.summary for s in reversed(chain) if s.summary), "")
    builder = Builder(merged, spec)
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


def check_shipped_names(spec: FileSpec) -> None:
    """A user file may not take a shipped variant's name or alias by accident: reusing one
    is an error unless the file says ``shadows NAME``, and ``shadows`` must name a shipped
    variant this file is called by."""
    from .registry import known_names, shipped_owner

    shadows = {a.text for a in spec.shadows}
    own = [spec.name] + spec.aliases
    for atom in own:
        owner = shipped_owner(atom.text)
        if owner is not None and atom.text not in shadows:
            whose = "the name of a shipped variant" if owner == atom.text else f"an alias of the shipped variant {owner!r}"
            atom.loc.error(
                f"{atom.text!r} is {whose}; rename this one, or write `shadows {atom.text}` "
                "to take its place wherever this file is found first"
            )
    for atom in spec.shadows:
        if shipped_owner(atom.text) is None:
            atom.loc.error(f"shadows {atom.text!r}, but no shipped variant is called so{did_you_mean(atom.text, known_names(), 'variant')}")
        elif atom.text not in {a.text for a in own}:
            atom.loc.error(
                f"shadows {atom.text!r}, but this variant is not called {atom.text!r}: "
                f"name it so, or add `alias {atom.text}`"
            )


@functools.lru_cache(maxsize=1)
def _rulebook_ids() -> frozenset[str] | None:
    from .rulebook import load_rules

    try:
        return frozenset(r.id for r in load_rules())
    except NbmjError:  # no rulebook beside the package: citations cannot be checked
        return None


def check_citations(chain: list[FileSpec]) -> None:
    """Every rule ID a file of the chain cites names a rule: one of the rulebook, or a
    house rule that this file or a parent declares in ``local_rules``."""
    book = _rulebook_ids()
    local: set[str] = set()
    for spec in chain:
        local |= {e.key for e in spec.tables["local_rules"] if e.value is not None}
        for rid, loc in spec.citations:
            if RULE_RE.match(f"[{rid}]"):
                if book is not None and rid not in book:
                    loc.error(f"rule [{rid}] is not in the rulebook{did_you_mean(rid, book, 'rule')}")
            elif rid not in local:
                hint = did_you_mean(rid, local, "local rule") if local else ""
                loc.error(
                    f"rule [{rid}] is not declared{hint}; declare a house rule in "
                    f'`local_rules {{ {rid} "title" "what it says" }}` or cite the rulebook'
                )


def check_dropped_house_rules(merged: Merged) -> None:
    """A house rule a file drops from ``local_rules`` that an entry left in the variant still
    cites is reported at the ``drop``: the entry would cite a rule the variant does not have."""
    declared = merged.tables["local_rules"]
    for table, entries in merged.tables.items():
        if table == "local_rules":
            continue
        for e in entries.values():
            rid = getattr(e.value, "rule", None)
            drop = merged.dropped.get(("local_rules", rid))
            if rid and drop is not None and rid not in declared:
                what = TABLE_ENTRY_NAMES[table]
                key = e.key if isinstance(e.key, str) else " ".join(e.key)
                drop.error(
                    f"local rule {rid!r} is dropped, but {what} {key!r} ({e.loc.src.file}:{e.loc.line}) still "
                    f"cites it; drop or change that {what} too, or keep the rule"
                )


def compile_file(path: str | Path, *, resolver: Resolver | None = None, source: str | None = None) -> M.RuleSet:
    """Compile the variant file at ``path``."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise RuleSetError([Diagnostic(str(path), 1, 1, f"cannot read the file: {exc.strerror or exc}")]) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RuleSetError([not_utf8(str(path), data, exc)]) from None
    return compile_text(text, str(path), resolver=resolver, source=source)


def not_utf8(file: str, data: bytes, exc: UnicodeDecodeError) -> Diagnostic:
    """The problem of a file whose bytes ``data`` are not UTF-8, at its first bad byte."""
    start = data.rfind(b"\n", 0, exc.start) + 1
    end = data.find(b"\n", exc.start)
    line = data[start : end if end >= 0 else len(data)].decode("utf-8", errors="replace").rstrip("\r")
    column = len(data[start : exc.start].decode("utf-8", errors="replace")) + 1
    return Diagnostic(
        file, data.count(b"\n", 0, exc.start) + 1, column,
        f"the file is not UTF-8 text: byte 0x{data[exc.start]:02x} ({exc.reason}); save it as UTF-8", 1, line,
    )
