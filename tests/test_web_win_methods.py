"""The web table, the replay viewer and the Chinese narration name every way a hand can be
won, in each of their languages: a win on a kong's or a flower's replacement (NB-11.3, NB-5.7) was shown as the
raw ``kong_replacement`` / ``flower_replacement`` in the settlement line."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from nbmj.rules.model import WIN_METHODS


def _win_by_tables(page: str) -> dict[str, set[str]]:
    """The keys of each language's ``win_by`` table of a page's TEXT, both given to the page
    from the narration (``WIN_BY_EN``, ``WORDS_ZH``)."""
    import json

    from nbmj.web.pages import render_page, script_json

    if page == "table.html":
        text = render_page(page, "n0nce", CODE="ABCD", CODE_JS=script_json("ABCD"), TILES=script_json({}))
    else:
        from nbmj.engine import Game, make_bots, play_hand
        from nbmj.web.viewer import render_html

        game = Game("ningbo", seed=1)
        play_hand(game, make_bots("greedy"))
        text = render_html(game.log_text())
    assert "win_by: WIN_BY_EN" in text and "win_by: WORDS_ZH.win_by" in text, page
    english = json.loads(re.search(r"const WIN_BY_EN = (.*);", text)[1])
    given = json.loads(re.search(r"const WORDS_ZH = (.*);", text)[1])
    return {"en": set(english), "zh": set(given["win_by"])}


@pytest.mark.parametrize("page", ["table.html", "replay.html"])
def test_every_win_method_has_its_words_NB_11_3(page):
    tables = _win_by_tables(page)
    assert set(tables) == {"en", "zh"}
    for lang, keys in tables.items():
        assert keys == set(WIN_METHODS), (page, lang, sorted(set(WIN_METHODS) - keys))


@pytest.mark.parametrize("win_by", WIN_METHODS)
def test_the_chinese_narration_names_every_win_method_NB_11_3(win_by):
    """The narration's end line said 'kong_replacement' in Chinese (e.g. nbmj demo, nbmj view)."""
    from nbmj.narration import describe

    line = describe({"e": "end", "outcome": "win",
                     "winners": [{"seat": "S", "tile": "5m", "win_by": win_by, "points": 4}]}, "zh")
    assert not re.search(r"[A-Za-z]{2,}", line), line
