"""A variant that checks clean plays: the language side's corpus of extreme-but-valid
variants (``tests/corpus/lang-*.nbv``: doubling under a cap with every winner paid,
multipliers with the minimum over the hand value, the 136-tile set with seven wilds and no
pon, house rules with their own IDs and a hair-trigger 三摊) passes ``nbmj check`` and plays
hands by every bot with the engine's invariants kept (tiles, hand sizes, zero-sum
settlements, legal actions, replay). The shipped variants are played the same way by
test_engine_invariants.py; the whole corpus, other engineers' files included, by
test_engine_corpus.py where it exists.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from nbmj.cli import main
from nbmj.core import BACKEND
from nbmj.engine import Game
from nbmj.rules import load_variant

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from test_engine_invariants import play_checked  # noqa: E402

CORPUS = sorted((Path(__file__).parent / "corpus").glob("lang-*.nbv"))
HANDS = 16 if BACKEND == "cython" else 5  # per variant and bot
REPLAYED = 3


def test_the_language_corpus_is_there():
    assert len(CORPUS) >= 4


def test_every_corpus_variant_checks_clean():
    result = CliRunner().invoke(main, ["check", *map(str, CORPUS)])
    assert result.exit_code == 0, result.output
    assert result.output.count(": ok") == len(CORPUS)


@pytest.mark.parametrize("bot", ["greedy", "random"])
@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_a_variant_that_checks_clean_plays(path, bot):
    rules = load_variant(path)
    outcomes = set()
    for seed in range(HANDS):
        g = play_checked(rules, seed, bot, every_step=seed < REPLAYED)
        assert sum(g.result.deltas.values()) == 0, (path.name, seed)
        outcomes.add(g.result.outcome)
        if seed < REPLAYED:
            assert list(Game.replay(g.log_text(), rules=rules))[-1] == g.full_state()
    assert outcomes <= {"win", "draw"}


def test_the_corpus_reaches_its_extremes():
    """The settings the corpus is for are really in force (so the play above tests them)."""
    by_name = {p.stem: load_variant(p) for p in CORPUS}
    assert by_name["lang-doubling"].scoring.conversion == "doubling"
    assert by_name["lang-doubling"].claims.multiple_winners == "all"
    assert by_name["lang-bare"].tiles.total == 136 and not by_name["lang-bare"].claims.pon
    assert by_name["lang-multipliers"].scoring.minimum_of == "value"
    assert [r.id for r in by_name["lang-house"].local_rules] == ["HOUSE-1", "HOUSE-2"]
