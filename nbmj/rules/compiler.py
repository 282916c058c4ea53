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

from pathlib import Path

from ..errors import RuleSetError
from . import model as M
from .build import Builder
from .diagnostics import Diagnostic
from .merge import Merged, Resolver, default_resolver, extends_chain
from .parsing import VariantHeader, parse_header
from .reader import read_file
from .schema import SECTION_SCHEMA

__all__ = ["compile_text", "compile_file", "parse_header", "VariantHeader", "SECTION_SCHEMA"]


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
        rs = _compile(text, filename, resolver or default_resolver, source, diags)
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
    spec = read_file(text, filename, diags)
    if spec is None:
        return None
    from_dir = Path(filename).parent if filename and not filename.startswith("<") else None
    chain = extends_chain(spec, from_dir, resolver, diags, [(spec.name.text, filename)])
    if chain is None:
        return None
    merged = Merged()
    for s in chain:
        merged.apply(s)
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
