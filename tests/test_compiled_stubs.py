"""Every compiled module is what mypy believes it is: mypy's stubtest holds each built module
against its stub (the hand-written ``.pyi`` of a ``.pyx``) or, for a module compiled from its
own ``.py``, against that ``.py`` itself: the same names, signatures and classes.

Run on the compiled build only (under NBMJ_PUREPYTHON=1 there is nothing compiled to check).
What Cython adds of its own is listed, with why, in ``stubtest-allowlist.txt``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import nbmj

from nbmj._backend import FROM_SOURCE, PLAIN_FROM_SOURCE
from nbmj.engine import BACKEND

HERE = Path(__file__).parent
#: the hand-written compiled modules that have a stub of their own
WITH_STUBS = ("nbmj.core._shape", "nbmj.engine._mt", "nbmj.env._encode")


@pytest.mark.skipif(BACKEND != "cython", reason="the modules are not compiled (or NBMJ_PUREPYTHON is set)")
def test_stubtest_finds_every_compiled_module_as_its_stub_or_source_says(tmp_path):
    modules = sorted(FROM_SOURCE | PLAIN_FROM_SOURCE) + list(WITH_STUBS)
    flags = ["--allowlist", str(HERE / "stubtest-allowlist.txt")]
    help_text = subprocess.run([sys.executable, "-m", "mypy.stubtest", "--help"], capture_output=True, text=True).stdout
    if "--ignore-disjoint-bases" in help_text:  # (PEP 800 markers: the stubs target Python 3.10 on)
        flags.append("--ignore-disjoint-bases")
    # mypy reads the sources of an in-place build from its checkout; an installed package
    # (py.typed) it finds in site-packages by itself, from a folder of no modules (run from
    # site-packages, it would take every module there for one of the user's own)
    checkout = Path(nbmj.__file__).parents[1]
    run = subprocess.run([sys.executable, "-m", "mypy.stubtest", *modules, *flags], capture_output=True, text=True,
                         cwd=checkout if (checkout / "setup.py").exists() else tmp_path)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
