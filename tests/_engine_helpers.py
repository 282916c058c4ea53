"""Shared pieces of the engine tests: the variants they use and scripted games.

Test files put tests/ on sys.path (the suite runs with ``--import-mode=importlib``, which
leaves it off) and import this module by name.
"""

from __future__ import annotations

import dataclasses

from nbmj.engine.game import Game
from nbmj.engine.script import scripted_wall
from nbmj.rules import compile_text, load_variant
from nbmj.tiles import parse_tile

NINGBO = load_variant("ningbo")
NINGHAI = load_variant("ninghai")
#: Ningbo with flowers laid down by the player: the one way to reach the engine's flower
#: actions, which no shipped variant offers (they replace flowers automatically)
MANUAL_FLOWERS = compile_text(
    """
variant manual_flowers extends ningbo "flowers laid down by the player"
flowers { in_play manual }
"""
)


def without_minimum(rules):
    """``rules`` with a minimum of 0, so scripted hands win whatever they score."""
    return dataclasses.replace(rules, scoring=dataclasses.replace(rules.scoring, minimum=0))


MIN0 = without_minimum(NINGBO)


def make(hands, rules=MIN0, draws="", tail="", indicator="9s", dice=(6, 6), dealer="E"):
    """A game on a scripted wall: ``hands`` by seat, then ``draws`` from the front and ``tail``."""
    ind = indicator if rules.wilds.enabled else None
    wall = scripted_wall(rules, hands=hands, draws=draws, tail=tail, indicator=ind, dice=dice, dealer=dealer)
    return Game(rules, wall=wall, dice=dice, dealer=dealer)


def T(text):
    """One tile id from notation."""
    return parse_tile(text)


def to_added_kong(north_hand, rules=MIN0):
    """W pons E's 5s, the others pass their 8s around, and W adds the fourth 5s (加杠): the
    game at the moment the added kong may be robbed, N holding ``north_hand``."""
    from nbmj.engine.actions import Action
    from nbmj.engine.script import play_script

    hands = {"E": "5s123456789m12p3p7z", "S": "1234567p1234s9m6z", "W": "5s5s1z2z3z4z6z7z8p1m2m3m4m",
             "N": north_hand}
    g = make(hands, rules, draws="8s8s8s5s")
    play_script(g, ["E discard 5s", "W pon 5s"])
    play_passing(g, ["W discard 8p", "N discard 8s", "E discard 8s", "S discard 8s"])
    g.step(Action.parse("W kakan 5s"))
    return g


def play_passing(g, moves):
    """Play each move of ``moves`` (as for play_script), every other seat passing its claims
    after each."""
    from nbmj.engine.script import pass_claims, play_script

    for move in moves:
        play_script(g, [move])
        pass_claims(g)


#: A valid ``nbmj claims`` input: E discards 7s; S may chi, W may pon (Ningbo).
CLAIMS_TABLE = {
    "variant": "ningbo",
    "discarder": "E",
    "tile": "7s",
    "indicator": "9p",
    "S": {"concealed": "56s1234p1234z567p", "melds": []},
    "W": {"concealed": "77s23456m6789p12z", "melds": []},
    "N": {"concealed": "1122334455667z", "melds": []},
}


#: Ningbo with the bars after a pass (NB-8.6, NB-8.7) in force in the first go-around only
PASS_WINDOW = without_minimum(compile_text(
    """
variant pass-window extends ningbo "the bars after a pass last the first go-around"
restrictions {
  pon_after_pass during first_go_around [NB-8.6]
  win_after_pass during first_go_around [NB-8.7]
}
"""
))


def closed_pass_window():
    """Under ``PASS_WINDOW``: N passes a win on E's first discard, 1p, and W the pong of it;
    E pongs S's 5z, a claim that ends the first go-around, and discards 4p, N's other wait.
    Neither N nor W has acted since passing, so their flags stand, but no bar is in force."""
    from nbmj.engine.actions import Action
    from nbmj.engine.script import play_script

    hands = {"E": "1p4p5z5z1z2z3z4z6z7z9m9m8s8s", "S": "5z1s2s3s4s5s6s7s8s1z2z3z4z",
             "W": "1p1p5p6p7p8p9m2s3s4s5s6s7s", "N": "123m456m789m23p11s"}
    g = make(hands, rules=PASS_WINDOW, draws="7z")
    play_script(g, ["E discard 1p"])
    assert Action("N", "hu") in g.legal_actions("N") and Action.parse("W pon 1p") in g.legal_actions("W")
    play_script(g, ["N pass", "W pass", "S discard 5z", "E pon 5z", "E discard 4p"])
    return g
