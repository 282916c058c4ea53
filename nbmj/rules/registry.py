"""The variants nbmj can find by name, and :func:`load_variant`.

Shipped variants are the ``*.nbv`` files in ``variants/`` under :func:`nbmj._paths.spec_root`.
A variant is known by its name (the one in its ``variant`` line, which is also its file name)
and by any ``alias`` it declares; ``ninghai`` is such an alias.

A name is looked up along the *variant search path* (:func:`search_dirs`): the directory of
the file that names it (for ``extends``), the current directory when the ``nbmj`` command
runs (:func:`search_current_directory`; a program that calls the library does not look
there), the directories of the ``NBMJ_VARIANT_PATH`` environment variable (separated by
:data:`os.pathsep`), and last the shipped variants. A file answers to a name when the name
is its file name (``NAME.nbv``) or its ``variant`` or ``alias`` line gives it; two files on
the path that answer to one name are an :class:`~nbmj.errors.AmbiguousVariantError`, not a
silent pick (a parent beside the child that names it is taken before the rest of the
path). A file that does not compile is listed with its problem and answers only to its
file name: it cannot stop another name from being found. A user file may not reuse the
name of a shipped variant unless it says so with ``shadows NAME`` (see
:func:`~nbmj.rules.compiler.check_shipped_names`); one that does is announced once, with a
:class:`VariantShadowWarning`, when it is loaded in its place.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import threading
import warnings
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path

from typing import TYPE_CHECKING

from .._paths import current_directory_searched, file_or_with_suffix, is_dir, search_current_directory, spec_root
from ..errors import AmbiguousVariantError, RuleSetError, UnknownVariantError
from .diagnostics import Diagnostic
from .headers import read_header

if TYPE_CHECKING:
    from .model import RuleSet

__all__ = [
    "DEFAULT_VARIANT",
    "ENV_VAR",
    "VariantInfo",
    "load_variant",
    "find_variant",
    "broken_owner",
    "search_dirs",
    "list_variants",
    "variant_infos",
    "user_variant_infos",
    "variant_path",
    "known_names",
    "search_current_directory",
    "VariantShadowWarning",
    "portable_spec",
]

DEFAULT_VARIANT = "ningbo"

_lock = threading.RLock()


ENV_VAR = "NBMJ_VARIANT_PATH"

class VariantShadowWarning(UserWarning):
    """A user variant file is used in place of the shipped variant it ``shadows``."""


@dataclass(frozen=True)
class VariantInfo:
    """One variant as listed by ``nbmj variants``: shipped, or a user file on the path."""

    name: str
    parent: str | None
    summary: str
    aliases: tuple[str, ...]
    path: str
    user: bool = False
    shadows: tuple[str, ...] = ()
    #: why the file does not compile (its first diagnostic), for a file whose header cannot be read
    diagnostic: Diagnostic | None = None

    @property
    def problem(self) -> str | None:
        """Why the file does not compile, ``FILE:LINE:COL: message`` in English (its first
        :attr:`diagnostic`, without the source line), or None for a file that compiles; a
        command in another language renders :attr:`diagnostic` in it instead."""
        return None if self.diagnostic is None else self.diagnostic.render(context=False)

    def answers_to(self, name: str) -> bool:
        """Whether a lookup of ``name`` finds this file: its file name, its name or an alias;
        only its file name when it is known not to compile."""
        if name == Path(self.path).stem:
            return True
        return self.problem is None and (name == self.name or name in self.aliases)

    def to_dict(self) -> dict[str, object]:
        """The JSON form ``nbmj variants --json`` prints; user variants add their path, and
        a broken file its ``problem``."""
        out: dict[str, object] = {"name": self.name, "parent": self.parent, "summary": self.summary, "aliases": list(self.aliases)}
        if self.user:
            out["user"] = True
            out["path"] = self.path
        if self.problem is not None:
            out["problem"] = self.problem
        return out


def _variants_dir() -> Path:
    return spec_root() / "variants"


@functools.lru_cache(maxsize=1)
def _index() -> tuple[dict[str, VariantInfo], dict[str, str]]:
    """name -> info, and alias -> name, read from the headers of the shipped files."""
    infos: dict[str, VariantInfo] = {}
    aliases: dict[str, str] = {}
    for path in sorted(_variants_dir().glob("*.nbv")):
        try:
            h = read_header(path)
        except RuleSetError:
            # a broken shipped file is still listed under its file name; loading it reports why
            infos[path.stem] = VariantInfo(path.stem, None, "(does not parse)", (), str(path))
            continue
        infos[h.name] = VariantInfo(h.name, h.parent, h.summary or "", h.aliases, str(path), False, h.shadows)
    for info in infos.values():
        for a in info.aliases:
            if a not in infos:
                aliases.setdefault(a, info.name)
    return infos, aliases


def is_shipped_file(filename: str) -> bool:
    """Whether ``filename`` is one of the shipped variant files."""
    if not filename or filename.startswith("<"):
        return False
    try:
        return Path(filename).resolve().parent == _variants_dir().resolve()
    except OSError:
        return False


def search_dirs(from_dir: Path | None = None) -> list[Path]:
    """The user directories searched for a variant name, in order (the shipped variants
    come after them): ``from_dir``, the current directory when
    :func:`search_current_directory` is on, then ``NBMJ_VARIANT_PATH``."""
    cwd = os.getcwd() if current_directory_searched() else None
    return list(_search_dirs(None if from_dir is None else str(from_dir), cwd, os.environ.get(ENV_VAR, "")))


@functools.lru_cache(maxsize=64)
def _search_dirs(from_dir: str | None, cwd: str | None, env: str) -> tuple[Path, ...]:
    dirs = [] if from_dir is None else [Path(from_dir)]
    if cwd is not None:
        dirs.append(Path(cwd))
    dirs.extend(Path(p) for p in env.split(os.pathsep) if p)
    shipped = _variants_dir().resolve()
    out: list[Path] = []
    for d in dirs:
        try:
            r = d.resolve()
        except OSError:
            continue
        if r not in out and r != shipped and is_dir(r):
            out.append(r)
    return tuple(out)


def _header_info(path: Path, user: bool) -> VariantInfo:
    """The header of the file at ``path``; a file whose header cannot be read is listed under
    its file name with its first problem (loading it reports them all)."""
    try:
        h = read_header(path)
    except RuleSetError as exc:
        return _broken(path, user, _first_problem(str(path), exc))
    except OSError as exc:
        return _broken(path, user, _unreadable(str(path), exc))
    except UnicodeDecodeError as exc:
        from .compiler import not_utf8

        try:
            return _broken(path, user, not_utf8(str(path), path.read_bytes(), exc))
        except OSError:
            return _broken(path, user, Diagnostic(str(path), 1, 1, f"the file is not UTF-8 text: {exc.reason}"))
    except Exception as exc:  # noqa: BLE001 - one file's fault must not stop the lookup of any other name
        return _broken(path, user, Diagnostic(str(path), 1, 1, f"internal error while reading the header: {exc!r}"))
    return VariantInfo(h.name, h.parent, h.summary or "", h.aliases, str(path), user, h.shadows)


def _broken(path: Path, user: bool, problem: Diagnostic) -> VariantInfo:
    return VariantInfo(path.stem, None, "(does not compile)", (), str(path), user, diagnostic=problem)


def _first_problem(path: str, exc: RuleSetError) -> Diagnostic:
    """The first diagnostic of a file that does not compile (the error's text at the file's
    start when it carries none)."""
    return exc.diagnostics[0] if exc.diagnostics else Diagnostic(path, 1, 1, str(exc))


def _unreadable(path: str, exc: OSError) -> Diagnostic:
    """A file that cannot be read, placed at its start as the compiler places it."""
    return Diagnostic(path, 1, 1, f"cannot read the file: {exc.strerror or exc}")


@functools.lru_cache(maxsize=256)
def _file_info(path: str, mtime_ns: int) -> VariantInfo:
    return _header_info(Path(path), True)


@functools.lru_cache(maxsize=64)
def _listing(directory: Path, mtime_ns: int) -> tuple[str, ...]:
    """The ``.nbv`` files of a directory (cached until a file is added, removed or renamed)."""
    return tuple(str(p) for p in sorted(directory.glob("*.nbv")) if p.is_file())


def _user_infos(directory: Path) -> list[VariantInfo]:
    """The variants in one user directory, by file name (a header is read again when its
    file changes)."""
    try:
        files = _listing(directory, directory.stat().st_mtime_ns)
    except OSError:
        return []
    out = []
    for path in files:
        try:
            out.append(_file_info(path, os.stat(path).st_mtime_ns))
        except OSError:
            continue
    return out


def find_variant(name: str, from_dir: Path | None = None, *, skip: Collection[str] = ()) -> VariantInfo | None:
    """The variant ``name`` names along the search path, or None.

    A user file answers to its file name, its name and its aliases. Two files that answer
    to ``name`` are an :class:`~nbmj.errors.AmbiguousVariantError` naming both, except that
    one in ``from_dir`` (beside the file that names a parent) is taken before the rest of
    the path. ``skip`` holds resolved paths not to take (the files already in an
    ``extends`` chain, so that ``variant ningbo extends ningbo`` with ``shadows ningbo``
    finds the shipped one).
    """
    dirs = search_dirs(from_dir)
    groups = [dirs[:1], dirs[1:]] if from_dir is not None else [dirs]
    for group in groups:
        # a file that does not compile answers only to its file name
        found = [info for info in _answering(name, group, skip) if name == Path(info.path).stem or _compiles(info)]
        if len(found) > 1:
            paths = [info.path for info in found]
            raise AmbiguousVariantError(
                f"variant {name!r} is ambiguous: {len(paths)} files on the variant search path answer to it, "
                f"{' and '.join(paths)}; rename one, or take its directory off the path"
            )
        if found:
            return found[0]
    shipped, aliases = _index()
    real = shipped.get(name) or shipped.get(aliases.get(name, ""))
    if real is not None and not (skip and str(Path(real.path).resolve()) in skip):
        return real
    return None


# the user files whose compilation a lookup is waiting for, in this thread: a lookup made
# while one of them compiles (for its parent) takes it as not compiling, so it ends
_compiling = threading.local()


def _compiles(info: VariantInfo) -> bool:
    """Whether the user file of ``info`` compiles (one already being asked about, further up
    this lookup, does not)."""
    busy: set[str] = _compiling.__dict__.setdefault("paths", set())
    if info.path in busy:
        return False
    busy.add(info.path)
    try:
        return _compiled_info(info).problem is None
    finally:
        busy.discard(info.path)


def broken_owner(name: str) -> VariantInfo | None:
    """The first user file on the search path whose ``variant`` or ``alias`` line gives
    ``name`` but that does not compile, so that it answers only to its file name; or None."""
    for info in user_variant_infos():
        if info.problem is None and (name == info.name or name in info.aliases) and not _compiles(info):
            return info
    return None


def _answering(name: str, dirs: Iterable[Path], skip: Collection[str]) -> list[VariantInfo]:
    """The user files in ``dirs`` that answer to ``name``, in search order."""
    return [info for d in dirs for info in _user_infos(d) if info.answers_to(name) and info.path not in skip]


def user_variant_infos(*, compile: bool = False) -> list[VariantInfo]:
    """Every user variant file on the search path (the current directory when it is
    searched, and ``NBMJ_VARIANT_PATH``), in search order, broken ones too. With
    ``compile``, each file is compiled as well, and one that does not compile carries its
    first problem (else only a file whose header cannot be read does)."""
    infos = [info for d in search_dirs() for info in _user_infos(d)]
    return [_compiled_info(info) for info in infos] if compile else infos


def _compiled_info(info: VariantInfo) -> VariantInfo:
    if info.problem is not None:
        return info
    p = Path(info.path)
    try:
        with _lock:
            _load_path(str(p.resolve()), p.stat().st_mtime_ns)
    except RuleSetError as exc:
        return dataclasses.replace(info, diagnostic=_first_problem(info.path, exc))
    except OSError as exc:
        return dataclasses.replace(info, diagnostic=_unreadable(info.path, exc))
    return info


def known_names() -> list[str]:
    """Every name a shipped variant answers to (names and aliases), sorted."""
    infos, aliases = _index()
    return sorted(set(infos) | set(aliases))


def shipped_owner(name: str) -> str | None:
    """The shipped variant that answers to ``name`` (itself, or through an alias), or None."""
    infos, aliases = _index()
    return name if name in infos else aliases.get(name)


def list_variants() -> list[str]:
    """The names of the shipped variants (aliases left out), sorted."""
    return sorted(_index()[0])


def variant_infos() -> list[VariantInfo]:
    """Name, parent, summary and aliases of each shipped variant, sorted by name."""
    infos = _index()[0]
    return [infos[n] for n in sorted(infos)]


def canonical_name(name: str) -> str:
    """The shipped variant name behind ``name`` (itself, or the variant an alias belongs to)."""
    owner = shipped_owner(name)
    if owner is not None:
        return owner
    raise _unknown(name)


def _unknown(name: str) -> UnknownVariantError:
    from .diagnostics import suggest

    owner = broken_owner(name)
    if owner is not None:
        return UnknownVariantError(
            f"variant {name!r} is named in {owner.path}, which does not compile, so it answers only to its "
            f"file name: {_compiled_info(owner).problem}"
        )
    names = sorted(set(known_names()) | {n for i in user_variant_infos() for n in (i.name, *i.aliases)})
    close = suggest(name, names)
    hint = f" (did you mean {close!r}?)" if close else ""
    dirs = search_dirs()
    where = f"searched {', '.join(str(d) for d in dirs)}, then the shipped variants" if dirs else "searched the shipped variants"
    cwd = "" if current_directory_searched() else "; only the nbmj command searches the current directory"
    return UnknownVariantError(
        f"unknown variant {name!r}{hint}; known variants: {', '.join(names)} "
        f"({where}; {ENV_VAR} adds directories{cwd})"
    )


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
    from .compiler import compile_file  # the parser and the compiler, only to compile

    path = variant_path(name)
    return compile_file(path, source=display_source(path))


@functools.lru_cache(maxsize=64)
def _load_path(path: str, mtime_ns: int) -> RuleSet:
    from .compiler import compile_file

    return compile_file(path)


def _looks_like_path(s: str) -> bool:
    return s.endswith(".nbv") or os.sep in s or "/" in s


def load_variant(name_or_path: str | os.PathLike[str] = DEFAULT_VARIANT) -> RuleSet:
    """The compiled rule set of a variant, by name or alias along the search path, or of a
    ``.nbv`` file by its path.

    A name is looked up in the ``NBMJ_VARIANT_PATH`` directories (after the current
    directory, for the ``nbmj`` command: :func:`search_current_directory`), then among the
    shipped variants (see the module docs). Results are cached: loading the same variant
    twice returns the same object. Raises :class:`~nbmj.errors.UnknownVariantError` for a
    name found nowhere, :class:`~nbmj.errors.AmbiguousVariantError` for one that two files
    answer to, and :class:`~nbmj.errors.RuleSetError` for a file that does not compile.

    >>> load_variant("ninghai").name
    'ninghai-yaobansan'
    """
    if isinstance(name_or_path, os.PathLike) or (isinstance(name_or_path, str) and _looks_like_path(name_or_path)):
        p = file_or_with_suffix(name_or_path, ".nbv")  # `--variant v/uncle` for v/uncle.nbv
        if p is None:
            raise UnknownVariantError(f"no variant file {str(name_or_path)!r}")
        with _lock:
            return _load_path(str(p.resolve()), p.stat().st_mtime_ns)
    if not isinstance(name_or_path, str):
        raise UnknownVariantError(f"a variant is named by a string, not {name_or_path!r}")
    with _lock:
        found = find_variant(name_or_path)
        if found is None:
            raise _unknown(name_or_path)
        if not found.user:
            return _load_shipped(found.name)
        p = Path(found.path)
        rules = _load_path(str(p.resolve()), p.stat().st_mtime_ns)
        if shipped_owner(name_or_path) is not None:
            _announce_shadow(name_or_path, found.path)
        return rules


_announced: set[str] = set()


def _announce_shadow(name: str, path: str) -> None:
    """Say once per file that a user file plays in place of a shipped variant: a log made
    under it names the shipped variant, and only its rule digest tells the two apart."""
    if path in _announced:
        return
    _announced.add(path)
    warnings.warn(
        f"variant {name!r} is the user file {path}, which shadows the shipped {shipped_owner(name)!r}",
        VariantShadowWarning,
        stacklevel=3,
    )


def portable_spec(name_or_path: str) -> str:
    """What loads the variant ``name_or_path`` names here in another process (a Ray worker,
    whose current directory and variant search are its own): the absolute path of the user
    file it names along this process's search path, else the shipped variant's name as
    given. Raises as :func:`load_variant` does for a name found nowhere."""
    if _looks_like_path(name_or_path):
        return str((file_or_with_suffix(name_or_path, ".nbv") or Path(name_or_path)).resolve())
    with _lock:
        found = find_variant(name_or_path)
    if found is None:
        raise _unknown(name_or_path)
    return str(Path(found.path).resolve()) if found.user else name_or_path


def clear_cache() -> None:
    """Forget compiled and indexed variants (for tools that edit the shipped files)."""
    _index.cache_clear()
    _load_shipped.cache_clear()
    _load_path.cache_clear()
    _file_info.cache_clear()
    _listing.cache_clear()
    _search_dirs.cache_clear()
