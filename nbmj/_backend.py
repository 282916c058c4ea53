"""Which implementation runs: the compiled modules or their pure-Python references.

Every module with a compiled twin asks here, so that ``NBMJ_PUREPYTHON`` means one thing
everywhere: set to anything but empty or ``0``, it forces the pure-Python references.

Some modules are compiled from their own Python source (:data:`FROM_SOURCE`: an augmenting
``.pxd`` beside each types its functions and makes its classes extension types;
:data:`PLAIN_FROM_SOURCE`: compiled as they are). Under ``NBMJ_PUREPYTHON`` they are
loaded from that source, by a finder that ``nbmj/__init__.py`` puts first on
``sys.meta_path`` (:func:`load_from_source_when_forced`), so the reference run is the
interpreted source throughout.

In a build made in place (``pip install -e``), the compiled module sits beside its ``.py``
and Python would take it first: an edit to the ``.py`` (or its ``.pxd``) would do nothing
until a rebuild. So when any of those sources is newer than its compiled module, the same
finder loads them all from source, and :class:`StaleBuildWarning` says so once, naming the
files and the command that rebuilds them.
"""

from __future__ import annotations

import glob
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

__all__ = ["FROM_SOURCE", "PLAIN_FROM_SOURCE", "StaleBuildWarning", "pure_python_forced", "stale_builds", "compiled_module",
           "is_compiled", "load_from_source_when_forced"]

#: The modules compiled from their own ``.py`` with an augmenting ``.pxd`` (setup.py's
#: ``state_modules``): their classes are extension types.
FROM_SOURCE = frozenset(
    {"nbmj.engine.state", "nbmj.engine.phases", "nbmj.engine.wall", "nbmj.engine.rules_view", "nbmj.engine.actions", "nbmj.engine.claims",
     "nbmj.engine.restrictions", "nbmj.engine.wins", "nbmj.engine.ending", "nbmj.engine.draws", "nbmj.engine.kongs",
     "nbmj.engine.claim_window", "nbmj.engine.turn", "nbmj.engine.dealing", "nbmj.engine.game", "nbmj.engine.bots", "nbmj.env.table",
     "nbmj.bots.fast", "nbmj.bots.view"}
    | {f"nbmj.scoring.{name}" for name in ("_by_object", "situation", "result", "facts", "readings", "features",
                                           "expressions", "items", "totals", "settlement", "shapes", "_decomp", "scorer",
                                           "bound")}
)
#: The modules compiled from their own ``.py`` as they are, without a ``.pxd`` (setup.py's
#: ``plain_modules``): their classes stay Python classes; only the interpreter's work goes.
PLAIN_FROM_SOURCE = frozenset({"nbmj.engine.match", "nbmj.engine.observation", "nbmj.bots.waits", "nbmj.bots.stakes", "nbmj.env.parallel",
                               "nbmj.env.single"})


def pure_python_forced() -> bool:
    """Whether ``NBMJ_PUREPYTHON`` asks for the pure-Python references."""
    return os.environ.get("NBMJ_PUREPYTHON", "") not in ("", "0")


class StaleBuildWarning(UserWarning):
    """A module compiled from its own source is older than that source: nbmj runs the source."""


_PACKAGE = os.path.dirname(os.path.abspath(__file__))
#: whether this process runs FROM_SOURCE from its .py files (forced, or a stale build)
_running_source = False


def _in_source_checkout(package: str) -> bool:
    """Whether ``package`` is the ``nbmj`` folder of a source checkout (setup.py beside it),
    where ``build_ext --inplace`` and ``pip install -e`` put the compiled modules."""
    return os.path.isfile(os.path.join(os.path.dirname(os.path.abspath(package)), "setup.py"))


def stale_builds(package: str = _PACKAGE) -> list[tuple[str, str]]:
    """``(source, compiled)`` file pairs, below ``package`` (the ``nbmj`` folder), of the
    modules compiled from their own source whose ``.py`` or ``.pxd`` is newer than the
    compiled module beside it, in a source checkout (none where nothing was compiled in
    place, and none in an installed copy)."""
    stale: list[tuple[str, str]] = []
    if not _in_source_checkout(package):
        # An installed copy (a wheel) writes its files in whatever order, so their times say
        # nothing about which was built from which; only a build made in place can be stale.
        return stale
    for name in sorted(FROM_SOURCE | PLAIN_FROM_SOURCE):
        base = os.path.join(package, *name.split(".")[1:])
        builds = glob.glob(glob.escape(base) + ".*.so") + glob.glob(glob.escape(base) + ".*.pyd")
        if not builds:
            continue
        built = max(os.path.getmtime(b) for b in builds)
        for source in (base + ".py", base + ".pxd"):
            if os.path.exists(source) and os.path.getmtime(source) > built:
                stale.append((source, max(builds, key=os.path.getmtime)))
    return stale


def compiled_module(name: str) -> ModuleType | None:
    """The compiled module ``name`` (a full dotted name), or None when the references are
    forced or the module was not built. While the modules compiled from their own source run
    from that source (a stale build), a compiled module built against them does not load."""
    if pure_python_forced():
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None
    except (ValueError, TypeError):  # compiled against the extension types, given the source's classes
        if _running_source:
            return None
        raise


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension rather than its ``.py``."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


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
    """Under ``NBMJ_PUREPYTHON``, or when a build made in place is older than its source
    (:func:`stale_builds`, with a :class:`StaleBuildWarning`), load the modules of
    :data:`FROM_SOURCE` and :data:`PLAIN_FROM_SOURCE` from their source (once; before any
    of them is imported)."""
    global _running_source
    if any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        return
    if not pure_python_forced():
        stale = stale_builds()
        if not stale:
            return
        listed = "; ".join(f"{os.path.relpath(src, os.path.dirname(_PACKAGE))} is newer than "
                           f"{os.path.basename(built)}" for src, built in stale)
        warnings.warn(f"nbmj runs its engine from source, not the stale compiled build ({listed}); "
                      "rebuild it with: python setup.py build_ext --inplace", StaleBuildWarning, stacklevel=3)
    _running_source = True
    sys.meta_path.insert(0, _SourceFinder())
