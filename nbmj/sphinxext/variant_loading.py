"""Loading shipped variants for the directives that show them.

A page that shows a variant depends on the ``.nbv`` files it was compiled from (its
own and its ancestors'), so :class:`VariantDirectiveBase` records them: an incremental
build then rewrites the page when a variant file changes.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.util.docutils import SphinxDirective

if TYPE_CHECKING:
    from ..rules.model import RuleSet


def _spec_root() -> Path | None:
    """Where the shipped spec files are, or None."""
    try:
        from .._paths import spec_root

        return spec_root()
    except Exception:  # noqa: BLE001 - an incomplete install simply records no dependency
        return None


def load_variant(name: str) -> RuleSet:
    """The compiled rule set of a shipped variant (:func:`nbmj.rules.load_variant`)."""
    # Imported on first use: loading the extension does not load the rules compiler.
    from ..rules import load_variant as load

    return load(name)


def variant_files(rules: RuleSet | None) -> list[Path]:
    """The ``.nbv`` files a rule set was compiled from (itself and its ancestors)."""
    root = _spec_root()
    found: list[Path] = []
    seen: set[str] = set()
    while rules is not None and rules.name not in seen:
        seen.add(rules.name)
        if rules.source and Path(rules.source).is_file():
            found.append(Path(rules.source))
        elif root is not None and (root / "variants" / f"{rules.name}.nbv").is_file():
            found.append(root / "variants" / f"{rules.name}.nbv")
        try:
            rules = load_variant(rules.parent) if rules.parent else None
        except Exception:  # noqa: BLE001
            rules = None
    return found


def shipped_variants() -> list[str]:
    """The shipped variants, each root followed by its descendants (depth first)."""
    from ..rules import list_variants, variant_infos

    names = list(list_variants())
    try:
        parents = {info.name: info.parent for info in variant_infos()}
    except Exception:  # noqa: BLE001
        return names
    ordered: list[str] = []

    def visit(name: str) -> None:
        if name in ordered:
            return
        ordered.append(name)
        for child in names:
            if parents.get(child) == name:
                visit(child)

    for name in names:
        if parents.get(name) not in names:
            visit(name)
    return ordered + [n for n in names if n not in ordered]


class VariantDirectiveBase(SphinxDirective):
    """A directive that shows variants; :meth:`load` records their files as dependencies."""

    def load(self, name: str) -> RuleSet:
        """The compiled variant ``name``; a variant that does not compile is an error here."""
        try:
            rules = load_variant(name)
        except Exception as exc:  # noqa: BLE001 - shown as a build error at the directive
            raise self.error(f"cannot load variant {name!r}: {exc}") from exc
        for path in variant_files(rules):
            self.env.note_dependency(str(path))
        return rules
