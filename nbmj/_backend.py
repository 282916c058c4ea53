"""Which implementation runs: the compiled modules or their pure-Python references.

Every module with a compiled twin asks here, so that ``NBMJ_PUREPYTHON`` means one thing
everywhere: set to anything but empty or ``0``, it forces the pure-Python references.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["pure_python_forced", "compiled_module"]


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
