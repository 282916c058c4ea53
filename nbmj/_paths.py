"""Where the shipped spec files (rulebook and variants) are found."""

from __future__ import annotations

from pathlib import Path

from .errors import NbmjError


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
