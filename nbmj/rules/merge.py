"""Following ``extends`` and merging a variant with its parents.

:func:`extends_chain` finds, reads and checks the parents of a file (root first), and
:class:`Merged` lays each file over the one before it: a section in a child overrides only
the settings it names; ``item``/row lines replace the entry with the same key; ``drop``
removes one; ``SECTION none`` removes a whole optional section.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from ..errors import AmbiguousVariantError
from .diagnostics import Diagnostic, did_you_mean
from .filespec import Entry, FileSpec, Setting
from .reader import read_file
from .schema import TABLE_ENTRY_NAMES, TABLE_SECTIONS
from .source import Loc
from .syntax import ItemAst

__all__ = ["Resolver", "default_resolver", "extends_chain", "Merged", "is_near_miss"]

# resolve(name, from_dir, skip) -> (text, filename, display source) or None; ``skip`` holds
# the resolved paths of the files already in the chain, which a parent may not be
Resolver = Callable[[str, "Path | None", Collection[str]], "tuple[str, str, str] | None"]

def edit_distance(a: str, b: str) -> int:
    """Edits (insert, delete, replace, swap two neighbours) that turn ``a`` into ``b``."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def is_near_miss(new: str, inherited: str) -> bool:
    """Whether ``new`` looks like a misspelling of ``inherited``: one slip of the keyboard
    (two in a longer name), but not a name built on the other (``flush_x`` on ``flush``).

    >>> is_near_miss("no_wlid", "no_wild"), is_near_miss("nowild", "no_wild"), is_near_miss("flush_x", "flush")
    (True, True, False)
    """
    if new == inherited or new in inherited or inherited in new:
        return False
    return edit_distance(new, inherited) <= (1 if len(inherited) <= 5 else 2)


def default_resolver(name: str, from_dir: Path | None, skip: Collection[str] = ()) -> tuple[str, str, str] | None:
    """A parent through the variant search path (:func:`nbmj.rules.registry.find_variant`):
    the child's directory, the current directory (for the ``nbmj`` command),
    ``NBMJ_VARIANT_PATH``, the shipped ones."""
    from . import registry

    found = registry.find_variant(name, from_dir, skip=skip)
    if found is None:
        return None
    path = Path(found.path)
    return path.read_text(encoding="utf-8"), str(path), registry.display_source(path)


def _resolved(filename: str) -> str:
    return str(Path(filename).resolve()) if filename and not filename.startswith("<") else filename


def extends_chain(
    spec: FileSpec, from_dir: Path | None, resolver: Resolver, diags: list[Diagnostic], seen: list[tuple[str, str]]
) -> list[FileSpec] | None:
    """[root, ..., spec] following ``extends``; None after recording a problem."""
    if spec.parent is None:
        return [spec]
    pname = spec.parent.text
    names = [n for n, _ in seen]
    skip = {_resolved(f) for _, f in seen}
    try:
        found = resolver(pname, from_dir, skip)
    except AmbiguousVariantError as exc:
        spec.parent.loc.error(str(exc))
        return None
    if found is None and (pname in names or pname == spec.name.text):
        cycle = " -> ".join(names[names.index(pname):] + [pname]) if pname in names else f"{pname} -> {pname}"
        spec.parent.loc.error(f"'extends' makes a cycle: {cycle}")
        return None
    if found is None:
        from . import registry

        known = registry.known_names()
        spec.parent.loc.error(f"unknown parent variant {pname!r}{did_you_mean(pname, known, 'variant')}")
        return None
    text, filename, _display = found
    before = len(diags)
    pspec = read_file(text, filename, diags)
    if pspec is None or len(diags) > before:
        spec.parent.loc.error(f"parent variant {pname!r} does not compile (see above)")
        return None
    if pspec.name.text != pname and pname not in [a.text for a in pspec.aliases]:
        pspec.name.loc.error(f"{filename} declares variant {pspec.name.text!r}, but is found as {pname!r}")
        return None
    up = extends_chain(pspec, Path(filename).parent, resolver, diags, seen + [(pspec.name.text, filename)])
    return None if up is None else up + [spec]


class Merged:
    """The settings and tables of an ``extends`` chain, each file laid over its parent."""

    def __init__(self) -> None:
        self.settings: dict[tuple[str, str], Setting] = {}
        self.absent: dict[str, Loc | None] = {}
        self.scoring_kind: Setting | None = None
        self.seat_flowers: dict[str, Setting] = {}
        self.tables: dict[str, dict[Any, Entry]] = {k: {} for k in TABLE_SECTIONS + ("liability_rows",)}
        self.section_locs: dict[str, Loc] = {}
        self.dropped: dict[tuple[str, Any], Loc] = {}
        self.failed: set[tuple[str, str]] = set()

    def clear_section(self, section: str) -> None:
        for key in [k for k in self.settings if k[0] == section]:
            del self.settings[key]

    def apply(self, spec: FileSpec) -> None:
        """Lay ``spec`` over what is merged so far (its parents)."""
        self.failed |= spec.failed
        for name, loc in spec.section_locs.items():
            self.section_locs[name] = loc
            self.absent.pop(name, None)
        for name, loc in spec.absent.items():
            self.absent[name] = loc
            self.clear_section(name)
            if name == "liability":
                self.tables["liability_rows"].clear()
        if spec.scoring_kind is not None:
            if self.scoring_kind is None or self.scoring_kind.value != spec.scoring_kind.value:
                self.clear_section("scoring")
            self.scoring_kind = spec.scoring_kind
        self.settings.update(spec.settings)
        self.seat_flowers.update(spec.seat_flowers)
        has_parent = spec.parent is not None
        for table, entries in spec.tables.items():
            current = self.tables[table]
            inherited = dict(current)  # what the parents left, before this file's lines
            for e in entries:
                if e.value is None:
                    if e.key in current:
                        del current[e.key]
                        self.dropped[(table, e.key)] = e.loc
                    else:
                        what = TABLE_ENTRY_NAMES[table]
                        key = e.key if isinstance(e.key, str) else " ".join(e.key)
                        keys = [k if isinstance(k, str) else " ".join(k) for k in current]
                        e.loc.error(f"cannot drop {what} {key!r}: there is none{did_you_mean(key, keys)}")
                else:
                    if table == "items" and has_parent and not self._new_item_ok(e, inherited):
                        continue
                    current[e.key] = e

    def _new_item_ok(self, e: Entry, inherited: dict[Any, Entry]) -> bool:
        """A child's item line either replaces an inherited item (same name) or adds one.

        An added item whose name is a near miss of an inherited item that scores (``no_wlid``
        for ``no_wild``), or that has its label in the same unit, would score beside it: it is
        taken for a misspelling unless the line says ``new item``. ``new`` on an inherited
        name is a mistake too.
        """
        ast: ItemAst = e.extra
        if e.key in inherited:
            if ast.new:
                ast.name.loc.error(
                    f"item {e.key!r} is inherited: this line replaces it; remove 'new' "
                    "(`new item` adds an item the parent does not have)"
                )
                return False
            return True
        if ast.new:
            return True
        # only inherited items that score: a look-alike of one switched off adds nothing twice
        scoring = {k: other for k, other in inherited.items() if other.value.value is not None}
        close = [k for k in scoring if is_near_miss(e.key, k) and scoring[k].value.unit == ast.unit.text][:1]
        # the same label in the same unit: a second 无百搭 in tai. A multiplier may share its
        # label with a tai item (riichi_advanced's After a Kong is 1 tai and x 2).
        same_label = [
            k for k, other in scoring.items()
            if ast.label is not None and other.value.label == ast.label.text and other.value.unit == ast.unit.text
        ]
        if close:
            hint = f"did you mean {close[0]!r}?"
        elif same_label:
            hint = f"inherited item {same_label[0]!r} has the same label {ast.label.text!r}; did you mean {same_label[0]!r}?"  # type: ignore[union-attr]
        else:
            return True
        ast.name.loc.error(
            f"item {e.key!r} is not inherited, so this line adds an item; {hint} "
            f"(to add it on purpose, write `new item {e.key} ...`)"
        )
        return False
