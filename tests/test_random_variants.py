"""Random variants from the rule language's settings space (``_random_variants``): they
compile, they play, and both backends play them alike, byte for byte.

The shipped variants use a handful of setting combinations; a user's ``.nbv`` may use any
other, and runs on the compiled build that no shipped variant's test has seen. Here each
random variant's hands are played in this process and again in a child process on the other
backend (``NBMJ_PUREPYTHON`` flipped), and their event logs must have the same digests.
``bench/parity.py`` runs the same comparison over hundreds of variants.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from _random_variants import hand_digests, random_ruleset, random_variant, random_variant_text

from nbmj._backend import pure_python_forced
from nbmj.engine import Game, make_bots, play_hand
from nbmj.rules import compile_text

HERE = Path(__file__).parent


def test_the_generator_is_deterministic_and_varied():
    assert random_variant_text(11) == random_variant_text(11)
    rulesets = [random_ruleset(s) for s in range(40)]
    # every family of roots, both flower and wild switches, claims switched off, restriction windows
    assert {r.parent for r in rulesets} >= {"ningbo", "ninghai-yaobansan"}
    assert {r.tiles.flowers for r in rulesets} == {True, False}
    assert {r.wilds.enabled for r in rulesets} == {True, False}
    assert {r.claims.chi for r in rulesets} == {True, False}
    assert {w.window for r in rulesets for w in r.restrictions} >= {"always", "first_go_around", "dealer_first_turn"}


def test_a_variant_without_flowers_has_no_seat_flowers_and_settles_the_losers():
    """NH-5.1's settlement among the losers counts each loser's 胡, flowers included: in a
    child of a Ninghai variant that switches flowers off, every seat's flowers are none (a
    KeyError before: the seat table is empty there)."""
    rules = compile_text(
        'variant bare extends ninghai "no flowers"\n'
        "tiles { flowers no }\ndealing { stacks_per_wall 17 }\n"
        "items { drop fan_seat_flower\n drop fan_flower_set\n drop fu_flower }\n",
        "bare.nbv",
    )
    assert rules.flowers.of_seat("E") == ()
    wins = 0
    for seed in range(12):
        result = play_hand(Game(rules, seed), make_bots("greedy", seed))
        assert sum(result.deltas.values()) == 0
        wins += result.outcome == "win"
    assert wins  # a win was settled, losers' settlement included


@pytest.mark.parametrize("first", [0, 6])
def test_random_variants_play_alike_on_both_backends(first):
    seeds = list(range(first, first + 6))
    here = hand_digests(seeds, hands=2)
    env = dict(os.environ, NBMJ_PUREPYTHON="" if pure_python_forced() else "1")
    child = subprocess.run([sys.executable, str(HERE / "_random_variants.py"), "--digests", "2", *map(str, seeds)],
                           capture_output=True, text=True, env=env, check=True, cwd=HERE)
    there = json.loads(child.stdout)
    differ = [s for s in here if here[s] != there[s]]
    assert not differ, f"the backends play random variants {differ} differently:\n" + "\n".join(
        random_variant(int(s))[0] for s in differ[:1])


def test_a_wild_flower_that_acts_as_a_flower_is_no_wild_in_the_hand_NB_4_4():
    """NB-4.4 read the other way (``wild_flower_is_flower yes``) with flowers laid down by hand:
    a flower that is wild (``flower_indicator all``) is still a flower, laid aside rather than
    played, so while it is held it stands for no tile. Random variant 127 (its hand 11)
    reached a win check that counted it as a wild, and then could not find it in the hand."""
    text, rules = random_variant(127)
    assert "wild_flower_is_flower yes" in text and "in_play manual" in text and "flower_indicator all" in text
    game = Game(rules, 11)
    result = play_hand(game, make_bots("greedy", 11))
    assert sum(result.deltas.values()) == 0
    assert list(Game.replay(game.log_text(), rules))[-1]["result"] == result.to_json()


# One rule's setting, every value the language allows for it: the restriction windows of
# NB-8.6's pong bar and NB-8.8's kong bar, and the manual flowers of NB-5.4 (whose flower
# kong after a claim was changed in turn.py alone): each compiled variant is played on both
# builds, which must agree log for log.
_SETTINGS = [
    f"restrictions {{ pon_after_pass during {w} [NB-8.6]\n kong_after_pon [NB-8.8] }}"
    for w in ("always", "first_go_around")  # (the windows in which each is ever in force)
] + ["flowers { in_play manual }", "flowers { in_play manual; initial_replacement per_player }"]


@pytest.mark.parametrize("setting", _SETTINGS)
def test_one_rule_setting_plays_alike_on_both_builds_NB_8_6_NB_8_8_NB_5_4(setting, tmp_path):
    text = f'variant one extends ningbo "one setting"\n{setting}\n'
    (tmp_path / "one.nbv").write_text(text, encoding="utf-8")
    code = ("import hashlib, sys\nfrom nbmj.engine import Game, make_bots, play_hand\nfrom nbmj.rules import load_variant\n"
            f"rules = load_variant({str(tmp_path / 'one.nbv')!r})\n"
            "for h in range(6):\n    g = Game(rules, h)\n    play_hand(g, make_bots('greedy' if h % 2 else 'random', h))\n"
            "    print(hashlib.sha256(g.log_text().encode()).hexdigest())\n")
    outs = []
    for forced in ("", "1"):
        env = dict(os.environ, NBMJ_PUREPYTHON=forced)
        outs.append(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout)
    assert outs[0] == outs[1] and len(outs[0].split()) == 6
