"""The headers of variant files (name, parent, summary, aliases, shadows), kept by text.

Listing the variants (``nbmj variants``, :func:`~nbmj.rules.registry.variant_infos`) needs
only each file's header, but the parser reads a whole file, and loading the parser costs as
much again: together most of a command's start-up. So each header read is kept in a small
JSON file in the user's cache directory, under the SHA-256 of the file's text and the nbmj
version, and a text read before is not parsed again. A file that does not parse is never
kept: its error is found afresh every time. The cache is only a shortcut: missing,
unreadable, unwritable or damaged, it is passed over.

The cache directory is ``$NBMJ_CACHE_DIR`` when that is set (set and empty: no cache), else
``nbmj`` in ``$XDG_CACHE_HOME`` (``~/.cache`` when that is unset; ``%LOCALAPPDATA%`` on
Windows).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any, NamedTuple

__all__ = ["Header", "read_header", "cache_file"]

#: The headers a cache file keeps at most (the ones read longest ago go first).
_KEPT = 1024

_lock = threading.Lock()
#: the cache file's headers, read at the first call: SHA-256 of a text -> its header's fields
_known: dict[str, list[Any]] | None = None


class Header(NamedTuple):
    """A variant file's header (``variant NAME extends PARENT "summary"``), its aliases and
    the shipped names it shadows."""

    name: str
    parent: str | None
    summary: str | None
    aliases: tuple[str, ...]
    shadows: tuple[str, ...]


def cache_file() -> Path | None:
    """The file the headers are kept in, None when ``NBMJ_CACHE_DIR`` is set empty."""
    chosen = os.environ.get("NBMJ_CACHE_DIR")
    if chosen is not None:
        return Path(chosen) / "variant-headers.json" if chosen else None
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "nbmj" / "variant-headers.json"


def _version() -> str:
    from .. import __version__

    return __version__


def _load(path: Path | None) -> dict[str, list[Any]]:
    if path is None:
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    headers = data.get("headers") if isinstance(data, dict) and data.get("version") == _version() else None
    return headers if isinstance(headers, dict) else {}


def _store(path: Path | None, headers: dict[str, list[Any]]) -> None:
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".variant-headers-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump({"version": _version(), "headers": headers}, out, ensure_ascii=False)
        os.replace(temp, path)  # whole or not at all, whoever reads it meanwhile
    except OSError:
        pass


def _header(fields: Any) -> Header | None:
    """A kept header's fields as a :class:`Header`, None when they are not one."""
    if not (isinstance(fields, list) and len(fields) == 5):
        return None
    name, parent, summary, aliases, shadows = fields
    strings = (isinstance(name, str) and all(isinstance(v, (str, type(None))) for v in (parent, summary))
               and isinstance(aliases, list) and isinstance(shadows, list)
               and all(isinstance(a, str) for a in aliases + shadows))
    return Header(name, parent, summary, tuple(aliases), tuple(shadows)) if strings else None


def read_header(path: Path) -> Header:
    """The header of the variant file at ``path``. Raises what reading the file raises
    (:class:`OSError`, :class:`UnicodeDecodeError`) and, for a text that does not parse,
    :class:`~nbmj.errors.RuleSetError`."""
    global _known
    text = path.read_text(encoding="utf-8")
    key = hashlib.sha256(text.encode("utf-8")).hexdigest()
    store = cache_file()
    with _lock:
        if _known is None:
            _known = _load(store)
        kept = _header(_known.get(key))
    if kept is not None:
        return kept
    from .parsing import parse_header

    h = parse_header(text, str(path))
    found = Header(h.name, h.parent, h.summary, h.aliases, h.shadows)
    with _lock:
        assert _known is not None
        _known[key] = [found.name, found.parent, found.summary, list(found.aliases), list(found.shadows)]
        while len(_known) > _KEPT:
            del _known[next(iter(_known))]
        _store(store, _known)
    return found
