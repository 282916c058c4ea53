"""The documentation builds the docs tests read, each made once per test session.

Both editions are built with ``sphinx-build -n -W`` (every warning, a broken reference
included, is an error) side by side, as the README lays them out: ``html/en`` and
``html/zh_CN`` under one temporary root, so that the language switch of one edition
points at the other's pages. The gettext templates of the pages are built too, for the
check that every message is translated. A build that fails fails every test that needs
it, with Sphinx's output in the message.
"""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"
LOCALES = DOCS / "locales" / "zh_CN" / "LC_MESSAGES"

#: The editions: language code -> the -D language value given to Sphinx (None: English).
EDITIONS = {"en": None, "zh_CN": "zh_CN"}


@functools.lru_cache(maxsize=None)
def build_root() -> Path:
    """One temporary directory for every build of the session, removed when it ends."""
    root = Path(tempfile.mkdtemp(prefix="nbmj-docs-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    return root


def sphinx(builder: str, out: Path, doctrees: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """Run ``sphinx-build -n -W`` on docs/ outside the checkout (so that the installed
    nbmj is the one imported)."""
    cmd = [
        sys.executable, "-m", "sphinx",
        "-n", "-W", "--keep-going", "-q",
        "-b", builder,
        "-d", str(doctrees),
        *extra,
        str(DOCS), str(out),
    ]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=build_root(), env=dict(os.environ), timeout=900)


def _quiet(stderr: str) -> str:
    """Sphinx's stderr without jieba's progress lines (it logs how it loads its dictionary)."""
    noise = ("jieba", "Building prefix dict", "Loading model", "Prefix dict", "Dumping model")
    return "\n".join(line for line in stderr.splitlines() if line.strip() and not any(n in line for n in noise))


@functools.lru_cache(maxsize=None)
def edition(language: str) -> Path:
    """The HTML of one edition (``"en"`` or ``"zh_CN"``), built once; fails loudly."""
    root = build_root()
    extra = ("-D", f"language={EDITIONS[language]}") if EDITIONS[language] else ()
    out = root / "html" / language
    proc = sphinx("html", out, root / "doctrees" / language, *extra)
    if proc.returncode != 0:
        raise AssertionError(f"sphinx-build -n -W ({language}) failed:\n{proc.stdout}\n{_quiet(proc.stderr)}")
    return out


@functools.lru_cache(maxsize=None)
def gettext_templates() -> Path:
    """The .pot message templates of every page, as ``sphinx-build -b gettext`` makes them."""
    root = build_root()
    out = root / "gettext"
    proc = sphinx("gettext", out, root / "doctrees" / "gettext")
    if proc.returncode != 0:
        raise AssertionError(f"sphinx-build -b gettext failed:\n{proc.stdout}\n{proc.stderr}")
    return out


def doctest(language: str = "en") -> subprocess.CompletedProcess[str]:
    """Run the doctest builder over the pages, on the doctrees of an edition's build."""
    edition(language)
    root = build_root()
    return sphinx("doctest", root / "doctest", root / "doctrees" / language)
