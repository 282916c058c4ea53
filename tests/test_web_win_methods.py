"""The web table and the replay viewer name every way a hand can be won, in both of their
languages: a win on a kong's or a flower's replacement (NB-11.3, NB-5.7) was shown as the
raw ``kong_replacement`` / ``flower_replacement`` in the settlement line."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from nbmj.rules.model import WIN_METHODS


def _win_by_tables(page: str) -> dict[str, set[str]]:
    """The keys of each ``win_by: {...}`` table of a page's TEXT, in page order (en, zh)."""
    text = resources.files("nbmj.web").joinpath(page).read_text(encoding="utf-8")
    tables = re.findall(r"win_by: \{([^}]*)\}", text)
    return {lang: set(re.findall(r"(\w+):", body)) for lang, body in zip(("en", "zh"), tables)}


@pytest.mark.parametrize("page", ["table.html", "replay.html"])
def test_every_win_method_has_its_words_NB_11_3(page):
    tables = _win_by_tables(page)
    assert set(tables) == {"en", "zh"}
    for lang, keys in tables.items():
        assert keys == set(WIN_METHODS), (page, lang, sorted(set(WIN_METHODS) - keys))

