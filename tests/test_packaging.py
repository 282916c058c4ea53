"""The package list of pyproject.toml, written by hand (nbmj._spec lives outside nbmj/),
names every subpackage of nbmj: one left out installs without it, and works only from a
source checkout."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(not (ROOT / "pyproject.toml").is_file(), reason="pyproject.toml is not beside the tests")


def test_every_subpackage_is_listed_for_installation():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "nbmj").rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    assert found - listed == set()
