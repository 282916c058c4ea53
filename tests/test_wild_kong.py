"""A concealed kong of the four tiles of a wild kind, where a variant allows it (NB-4.14),
against the default that no kong holds a wild (NB-4.11): the engine offers and plays it,
the scorer accepts and counts it, the compiler refuses it without wilds."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from nbmj.engine import Action
from nbmj.errors import RuleSetError, SituationError
from nbmj.rules import compile_text, load_variant
from nbmj.scoring import Situation, score

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import make  # noqa: E402

RA = load_variant("ningbo-riichi-advanced")
SEVEN = load_variant("ningbo-7wild")
# indicator 9m: the wilds are the three other 9m and all four 1m (NB-4.9)
HANDS = {"E": "1m1m1m1m234p567p3s4s8s9s", "S": "2345678m2345s6z7z", "W": "1234567p1z2z3z4z5z6z", "N": "5678s9p9p7z2m3m4m6m8p8p"}


def _game(rules):
    return make(HANDS, rules=rules, indicator="9m", tail="5s", dice=(3, 4))


def test_NB_4_14_the_engine_offers_and_plays_a_kong_of_four_wilds():
    assert RA.claims.wild_kong
    g = _game(RA)
    kong = Action.parse("E ankan 1m")
    assert kong in g.legal_actions("E")
    g.step(kong)
    assert g.melds[0][-1].kind == "ankan" and list(g.melds[0][-1].tiles) == [0, 0, 0, 0]
    assert g.events[-1] == {"e": "draw", "seat": "E", "tile": "5s", "from": "tail"}  # NB-9.6


def test_NB_4_11_without_the_setting_no_kong_holds_a_wild():
    assert not SEVEN.claims.wild_kong
    g = _game(SEVEN)
    kong = Action.parse("E ankan 1m")
    assert kong not in g.legal_actions("E")
    assert "NB-4.11" in (g.why_not(kong) or "")


_KONG_HAND = {"seat": "S", "concealed": "234m567m345p6s", "melds": [{"kind": "ankan", "tiles": "1111m"}],
              "win_tile": "6s", "win_by": "self_draw", "indicator": "9m"}


def test_NB_4_14_the_scorer_takes_the_kong_and_its_wilds_count_as_held():
    result = score(Situation.from_dict(_KONG_HAND), RA)
    names = {a.item.name for a in result.items}
    assert "no_wild" not in names  # NB-12.24: four wilds are held, in the kong
    assert result.decomposition.startswith("[1111m]")
    plain = score(Situation.from_dict({**_KONG_HAND, "melds": [{"kind": "ankan", "tiles": "8888m"}]}), RA)
    assert "no_wild" in {a.item.name for a in plain.items}


def test_NB_4_14_only_four_of_one_wild_kind_and_only_concealed():
    with pytest.raises(SituationError, match="wilds cannot be melded"):
        score(Situation.from_dict(_KONG_HAND), SEVEN)
    with pytest.raises(SituationError, match="only a concealed kong"):
        score(Situation.from_dict({**_KONG_HAND, "melds": [{"kind": "kan", "tiles": "1111m", "from": "W"}]}), RA)


def test_NB_4_14_the_setting_needs_wilds():
    compile_text('variant k extends ningbo-7wild "k"\nclaims { wild_kong yes }\n', "k.nbv")
    with pytest.raises(RuleSetError, match="wild_kong"):
        compile_text('variant k extends ninghai-yaobansan "k"\nclaims { wild_kong yes }\n', "k.nbv")


def test_NB_4_14_the_bound_from_counts_keeps_a_win_its_kong_of_wilds_makes_valid():
    """The engine's value check from the table's counts must not refuse a win whose four
    melded wilds reach the minimum (here through 三百搭)."""
    from nbmj.scoring.bound import may_be_valid, reach_from_counts
    from nbmj.tiles import parse_tiles

    rules = compile_text('variant k extends ningbo-riichi-advanced "k"\n'
                         'items { new item three_wilds "三百搭" 5 tai when wilds_held >= 3 [NB-12.31] }\n', "k.nbv")
    sit = Situation.from_dict(_KONG_HAND)
    assert score(sit, rules).valid and may_be_valid(sit, rules)
    shape = [0] * 34
    for t in parse_tiles("234m567m345p66s"):
        shape[t] += 1
    assert reach_from_counts(rules, shape, 0, 0, False, (("ankan", (0, 0, 0, 0)),), (), frozenset(parse_tiles("9m1m")),
                             "S", "E", "self_draw", False, False, False, parse_tiles("6s")[0])
