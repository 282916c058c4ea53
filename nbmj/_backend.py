"""Which implementation runs: the compiled modules or their pure-Python references.

Every module with a compiled twin asks here, so that ``NBMJ_PUREPYTHON`` means one thing
everywhere: set to anything but empty or ``0``, it forces the pure-Python references.

Some modules are compiled from their own Python source (:data:`FROM_SOURCE`: an augmenting
``.pxd`` beside each makes its classes extension types; :data:`PLAIN_FROM_SOURCE`: compiled
as they are). Under ``NBMJ_PUREPYTHON`` they are
loaded from that source, by a finder that ``nbmj/__init__.py`` puts first on
``sys.meta_path`` (:func:`load_from_source_when_forced`), so the reference run is the
interpreted source throughout.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType

__all__ = ["FROM_SOURCE", "PLAIN_FROM_SOURCE", "pure_python_forced", "compiled_module", "load_from_source_when_forced"]

#: The modules compiled from their own ``.py`` with an augmenting ``.pxd`` (setup.py's
#: ``state_modules``): their classes are extension types.
FROM_SOURCE = frozenset(
    {"nbmj.engine.state", "nbmj.engine.phases", "nbmj.engine.wall", "nbmj.engine.rules_view", "nbmj.env.table"}
)
#: The modules compiled from their own ``.py`` as they are, without a ``.pxd`` (setup.py's
#: ``plain_modules``): their classes stay Python classes; only the interpreter's work goes.
PLAIN_FROM_SOURCE = frozenset({"nbmj.engine.game", "nbmj.engine.match", "nbmj.engine.ending", "nbmj.bots.fast", "nbmj.bots.view"})


def pure_python_forced() -> bool:
    """Whether ``NBMJ_PUREPYTHON`` asks for the pure-Python references."""
    return os.environ.get("NBMJ_PUREPYTHON", "") not in ("", "0")


def compiled_module(name: str) -> ModuleType | None:
    """The compiled module ``name`` (a full dotted name), or None when the references are
    forced or the module was not built."""
    if pure_python_forced():
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the modules of :data:`FROM_SOURCE` and :data:`PLAIN_FROM_SOURCE` as their ``.py`` files, ahead of the
    compiled extension that the default finder would take first."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if (fullname not in FROM_SOURCE and fullname not in PLAIN_FROM_SOURCE) or not path:
            return None
        leaf = fullname.rpartition(".")[2] + ".py"
        for folder in path:
            source = os.path.join(folder, leaf)
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def load_from_source_when_forced() -> None:
    """Under ``NBMJ_PUREPYTHON``, load the modules of :data:`FROM_SOURCE` and
    :data:`PLAIN_FROM_SOURCE` from their source
    (once; before any of them is imported)."""
    if pure_python_forced() and not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())
