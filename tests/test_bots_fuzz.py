"""Every built-in bot in every shipped variant and in random variants of the rule language:
no bot fault, whatever the rules (issue #45 item 6: a built-in bot must not have one)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from nbmj.bots import BUILTIN_BOTS
from nbmj.engine import Action, Game
from nbmj.rules import load_variant
from nbmj.rules.model import SEATS
from nbmj._paths import spec_root

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _random_variants import random_rulesets  # noqa: E402

BOTS = sorted(BUILTIN_BOTS)
SHIPPED = sorted(p.stem for p in (spec_root() / "variants").glob("*.nbv"))


def _play(rules, seed, names):
    """A hand among built-in bots; every answer must be one of the legal actions (the
    engine refuses any other), and no bot may raise."""
    game = Game(rules, seed)
    bots = {s: BUILTIN_BOTS[n](seed, s, rules) for s, n in zip(SEATS, names)}
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        action = bots[seat](game.observation(seat), legal)
        assert action in legal, (rules.name, seed, seat, action)
        game.step(action)
    return game


@pytest.mark.parametrize("variant", SHIPPED)
def test_every_builtin_bot_plays_every_shipped_variant(variant):
    rules = load_variant(variant)
    for i in range(2):  # each bot in two seats, the seats turned between the hands
        names = [BOTS[(j + i) % len(BOTS)] for j in range(4)]
        _play(rules, 7 + i, names)


def test_every_builtin_bot_plays_random_variants():
    for i, rules in enumerate(random_rulesets(12, seed=40)):
        _play(rules, i, [BOTS[(j + i) % len(BOTS)] for j in range(4)])


@pytest.mark.parametrize("bot", BOTS)
def test_NB_4_14_every_builtin_bot_answers_a_kong_of_four_wilds(bot):
    """The reproducer of issue #45 item 6: in ningbo-riichi-advanced a seat may declare a
    concealed kong of the four tiles of a wild kind (NB-4.14). The old strong bot took the
    kong's tiles from its 34 counts, where wilds are not counted, and raised HandShapeError
    'negative count -4' (the cause was the bot's, not the core's nor the observation's)."""
    from test_wild_kong import RA, _game  # the state where E may ankan 1m, a wild kind

    game = _game(RA)
    legal = game.legal_actions("E")
    assert Action.parse("E ankan 1m") in legal
    action = BUILTIN_BOTS[bot](0, "E", RA)(game.observation("E"), legal)
    assert action in legal
    game.step(action)


def test_every_builtin_bot_lays_down_flowers_by_hand():
    """Flowers laid down by the player (a variant setting no shipped variant uses) give the
    bots a flower action to take."""
    from _engine_helpers import MANUAL_FLOWERS

    _play(MANUAL_FLOWERS, 3, ["strong", "fast", "strong", "fast"])


_DIGEST = """
import hashlib
from nbmj.bots import BUILTIN_BOTS
from nbmj.engine import Game
from nbmj.rules import load_variant
from nbmj.rules.model import SEATS
h = hashlib.sha256()
for v in ("ningbo", "ninghai", "ningbo-riichi-advanced"):
    rules = load_variant(v)
    for seed in range(3):
        g = Game(rules, seed)
        bots = {s: BUILTIN_BOTS["fast"](seed, s, rules) for s in SEATS}
        while not g.is_over:
            s = g.to_act[0]
            g.step(bots[s](g.observation(s), g.legal_actions(s)))
        h.update(g.log_text().encode())
print(h.hexdigest())
"""


def test_the_compiled_fast_tier_plays_as_its_source():
    """fast.py compiled with fast.pxd and run from its source (NBMJ_PUREPYTHON=1) make the
    same moves: the same logs, byte for byte."""
    import os
    import subprocess

    runs = []
    for forced in ("0", "1"):
        env = {**os.environ, "NBMJ_PUREPYTHON": forced}
        runs.append(subprocess.run([sys.executable, "-c", _DIGEST], capture_output=True, text=True, env=env, timeout=300,
                                   check=True).stdout)
    assert runs[0] == runs[1] and len(runs[0].strip()) == 64
