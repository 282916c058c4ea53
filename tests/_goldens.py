"""The one switch that regenerates golden files: ``pytest --update-goldens``.

tests/conftest.py sets it before any test module is collected, so a module may read
:func:`updating` at import time (``UPDATE = updating()``) as well as inside a test.
"""

from __future__ import annotations

_update = False


def configure(update: bool) -> None:
    """Called once by conftest.py with the value of ``--update-goldens``."""
    global _update
    _update = bool(update)


def updating() -> bool:
    """Whether this run rewrites golden files instead of comparing against them."""
    return _update


def write_score_cases() -> None:
    """Writes every case of tests/golden/score/make_goldens.py (situation, rules, pinned),
    keeping each file's ``expected``, which test_scoring_golden.py then rewrites."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parent / "golden" / "score" / "make_goldens.py"
    spec = importlib.util.spec_from_file_location("make_goldens", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--force"])
