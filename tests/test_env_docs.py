"""The RL reference page lists the feature planes and the action space exactly as
nbmj.env.layout defines them, row by row (the docs build runs its examples)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nbmj.env import layout as L

PAGE = Path(__file__).resolve().parents[1] / "docs" / "tutorials" / "rl-reference.rst"

pytestmark = pytest.mark.skipif(not PAGE.is_file(), reason="docs/ is not beside the tests")


def _tables() -> list[list[tuple[str, str, str]]]:
    """Each list-table of the page as (first, second, third column) rows, header dropped."""
    tables = []
    for block in PAGE.read_text(encoding="utf-8").split(".. list-table::")[1:]:
        cells = re.findall(r"^   \* - (.*)\n     - (.*)\n     - (.*)$", block, re.M)
        tables.append(cells[1:])
    return tables


def test_the_page_lists_every_plane_with_its_rows_and_meaning():
    planes, _ = _tables()
    expected = []
    for name, rows, what in L.PLANES:
        first = L.PLANE_INDEX[name]
        expected.append((str(first) if rows == 1 else f"{first}-{first + rows - 1}", name, what))
    assert planes == expected
    assert f"({L.N_PLANES}, {L.N_TILE_IDS})" in PAGE.read_text(encoding="utf-8")


def test_the_page_lists_every_action_block():
    _, actions = _tables()
    expected = [(str(first) if n == 1 else f"{first}-{first + n - 1}", name, what) for name, first, n, what in L.ACTION_RANGES]
    assert actions == expected
    assert f"Discrete({L.ACTION_SIZE})" in PAGE.read_text(encoding="utf-8")
