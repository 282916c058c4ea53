"""Following ``extends`` and merging a variant with its parents.

:func:`extends_chain` finds, reads and checks the parents of a file (root first), and
:class:`Merged` lays each file over the one before it: a section in a child overrides only
the settings it names; ``item``/row lines replace the entry with the same key; ``drop``
removes one; ``SECTION none`` removes a whole optional section.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import UnknownVariantError
from .diagnostics import Diagnostic, did_you_mean
from .filespec import Entry, FileSpec, Setting
from .reader import read_file
from .schema import TABLE_SECTIONS
from .source import Loc

__all__ = ["Resolver", "default_resolver", "extends_chain", "Merged"]

# resolve(name, from_dir) -> (text, filename, display source) or None
Resolver = Callable[[str, "Path | None"], "tuple[str, str, str] | None"]


def default_resolver(name: str, from_dir: Path | None):
    """A parent beside the file first, then among the shipped variants."""
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


def extends_chain(
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
