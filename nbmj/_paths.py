"""Where the shipped spec files (rulebook and variants) are found, and whether variant names
are looked up in the current directory (:func:`search_current_directory`)."""

from __future__ import annotations

import os
from pathlib import Path

from .errors import NbmjError


def is_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a file, as :meth:`Path.is_file` says, but False, not
    :class:`OSError`, for a path the system cannot look up at all (a name too long for it):
    a path given on the command line or in a file is input, and input names no file or one."""
    try:
        return Path(path).is_file()
    except OSError:
        return False


def is_dir(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a directory; False for a path the system cannot look up (see
    :func:`is_file`)."""
    try:
        return Path(path).is_dir()
    except OSError:
        return False


def missing_directory(path: str | os.PathLike[str]) -> str | None:
    """Why a file cannot be written at ``path`` before anything is done, in words: its
    directory does not exist (or cannot be looked up); None when it does."""
    target = Path(path)
    if is_dir(target.parent):
        return None
    return f"no directory {str(target.parent)!r} to write {target.name!r} in"


def file_or_with_suffix(path: str | os.PathLike[str], suffix: str) -> Path | None:
    """The file ``path`` names, else the file it names with ``suffix`` added to its name
    (``v/uncle`` for ``v/uncle.nbv``) when its name has another suffix or none, else None.
    A path with no name to add to (``/``, ``.``) and one the system cannot look up name none."""
    p = Path(path)
    if is_file(p):
        return p
    if p.name and p.suffix != suffix:
        with_suffix = p.with_name(p.name + suffix)
        if is_file(with_suffix):
            return with_suffix
    return None


def spec_root() -> Path:
    """The directory holding ``rulebook/`` and ``variants/``.

    An installed package carries them as ``nbmj/_spec``; a source checkout has them in
    ``spec/`` beside the package.
    """
    here = Path(__file__).resolve().parent
    for candidate in (here / "_spec", here.parent / "spec"):
        if (candidate / "variants").is_dir():
            return candidate
    try:  # editable installs map nbmj._spec onto spec/ through an import hook
        import importlib.util

        found = importlib.util.find_spec("nbmj._spec")
        if found is not None and found.submodule_search_locations:
            for loc in found.submodule_search_locations:
                if (Path(loc) / "variants").is_dir():
                    return Path(loc)
    except ImportError:
        pass
    raise NbmjError("the shipped spec files were not found; reinstall nbmj")


def rulebook_catalogue_root() -> Path | None:
    """The directory of the rulebook's Chinese catalogues (``<page>.po``), or None.

    An installed package carries them as ``nbmj/_rulebook_zh``; a source checkout has them
    in ``docs/locales/zh_CN/LC_MESSAGES/rulebook``.
    """
    here = Path(__file__).resolve().parent
    for candidate in (here / "_rulebook_zh", here.parent / "docs" / "locales" / "zh_CN" / "LC_MESSAGES" / "rulebook"):
        if candidate.is_dir():
            return candidate
    try:  # editable installs map nbmj._rulebook_zh onto the docs directory through an import hook
        import importlib.util

        found = importlib.util.find_spec("nbmj._rulebook_zh")
        if found is not None and found.submodule_search_locations:
            return next((Path(loc) for loc in found.submodule_search_locations if Path(loc).is_dir()), None)
    except ImportError:
        pass
    return None


# Whether variant names are looked up in the current directory too: the `nbmj` command's
# choice (its user stands in their folder of rules). Kept here, not in nbmj.rules, so that
# the command can set it without loading the compiler.
_current_directory = False


def search_current_directory(on: bool = True) -> None:
    """Look variant names up in the current directory as well (after the directory of a
    file that names a parent, before ``NBMJ_VARIANT_PATH``), or, with ``on`` False, no longer.

    The ``nbmj`` command turns this on. A program calling the library leaves it off: the
    working directory of a server or a notebook is not a folder of rule files, and a stray
    ``ningbo.nbv`` there must not change what ``Game("ningbo")`` plays. Such a program puts
    its rule directories on ``NBMJ_VARIANT_PATH``, or passes a file's path.
    """
    global _current_directory
    _current_directory = on


def current_directory_searched() -> bool:
    """Whether :func:`search_current_directory` is on."""
    return _current_directory
