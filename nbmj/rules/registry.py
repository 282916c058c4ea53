"""The shipped variants, their names and aliases, and :func:`load_variant`.

Shipped variants are the ``*.nbv`` files in ``variants/`` under :func:`nbmj._paths.spec_root`.
A variant is known by its name (the one in its ``variant`` line, which is also its file name)
and by any ``alias`` it declares; ``ninghai`` is such an alias.
"""

from __future__ import annotations

import functools
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from .._paths import spec_root
from ..errors import RuleSetError, UnknownVariantError
from .compiler import compile_file, parse_header
from .diagnostics import suggest
from .model import RuleSet

__all__ = ["DEFAULT_VARIANT", "VariantInfo", "load_variant", "list_variants", "variant_infos", "variant_path", "known_names"]

DEFAULT_VARIANT = "ningbo"

_lock = threading.RLock()


@dataclass(frozen=True)
class VariantInfo:
    """One shipped variant as listed by ``nbmj variants``."""

    name: str
    parent: str | None
    summary: str
    aliases: tuple[str, ...]
    path: str

    def to_dict(self) -> dict:
        return {"name": self.name, "parent": self.parent, "summary": self.summary, "aliases": list(self.aliases)}


def _variants_dir() -> Path:
    return spec_root() / "variants"


@functools.lru_cache(maxsize=1)
def _index() -> tuple[dict[str, VariantInfo], dict[str, str]]:
    """name -> info, and alias -> name, read from the headers of the shipped files."""
    infos: dict[str, VariantInfo] = {}
    aliases: dict[str, str] = {}
    for path in sorted(_variants_dir().glob("*.nbv")):
        try:
            h = parse_header(path.read_text(encoding="utf-8"), str(path))
        except RuleSetError:
            # a broken shipped file is still listed under its file name; loading it reports why
            infos[path.stem] = VariantInfo(path.stem, None, "(does not parse)", (), str(path))
            continue
        infos[h.name] = VariantInfo(h.name, h.parent, h.summary or "", h.aliases, str(path))
    for info in infos.values():
        for a in info.aliases:
            if a not in infos:
                aliases.setdefault(a, info.name)
    return infos, aliases


def known_names() -> list[str]:
    """Every name a shipped variant answers to (names and aliases), sorted."""
    infos, aliases = _index()
    return sorted(set(infos) | set(aliases))


def list_variants() -> list[str]:
    """The names of the shipped variants (aliases left out), sorted."""
    return sorted(_index()[0])


def variant_infos() -> list[VariantInfo]:
    """Name, parent, summary and aliases of each shipped variant, sorted by name."""
    infos = _index()[0]
    return [infos[n] for n in sorted(infos)]


def canonical_name(name: str) -> str:
    """The variant name behind ``name`` (itself, or the variant an alias belongs to)."""
    infos, aliases = _index()
    if name in infos:
        return name
    if name in aliases:
        return aliases[name]
    close = suggest(name, known_names())
    hint = f" (did you mean {close!r}?)" if close else ""
    raise UnknownVariantError(f"unknown variant {name!r}{hint}; known variants: {', '.join(known_names())}")


def variant_path(name: str) -> Path:
    """The file of the shipped variant called ``name`` (or aliased so)."""
    return Path(_index()[0][canonical_name(name)].path)


def display_source(path: Path) -> str:
    """How a rule set names its file: ``variants/NAME.nbv`` for shipped files, else the path."""
    try:
        return path.resolve().relative_to(spec_root().resolve()).as_posix()
    except ValueError:
        return str(path)


@functools.lru_cache(maxsize=64)
def _load_shipped(name: str) -> RuleSet:
    path = variant_path(name)
    return compile_file(path, source=display_source(path))


@functools.lru_cache(maxsize=64)
def _load_path(path: str, mtime_ns: int) -> RuleSet:
    return compile_file(path)


def _looks_like_path(s: str) -> bool:
    return s.endswith(".nbv") or os.sep in s or "/" in s


def load_variant(name_or_path: str | os.PathLike = DEFAULT_VARIANT) -> RuleSet:
    """The compiled rule set of a shipped variant (by name or alias) or of a ``.nbv`` file.

    Results are cached: loading the same variant twice returns the same object. Raises
    :class:`~nbmj.errors.UnknownVariantError` for a name that is neither, and
    :class:`~nbmj.errors.RuleSetError` for a file that does not compile.

    >>> load_variant("ninghai").name
    'ninghai-yaobansan'
    """
    if isinstance(name_or_path, os.PathLike) or (isinstance(name_or_path, str) and _looks_like_path(name_or_path)):
        p = Path(name_or_path)
        if not p.is_file():
            raise UnknownVariantError(f"no variant file {str(name_or_path)!r}")
        with _lock:
            return _load_path(str(p.resolve()), p.stat().st_mtime_ns)
    if not isinstance(name_or_path, str):
        raise UnknownVariantError(f"a variant is named by a string, not {name_or_path!r}")
    with _lock:
        return _load_shipped(canonical_name(name_or_path))


def clear_cache() -> None:
    """Forget compiled and indexed variants (for tools that edit the shipped files)."""
    _index.cache_clear()
    _load_shipped.cache_clear()
    _load_path.cache_clear()
