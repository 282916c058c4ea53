"""score() against an independent scorer that scores every reading of the hand (NB-12.2, NH-3.1).

The scorer lists readings through the core with keys that only tell apart what the rule
set reads, scores each key once per context (remembered across hands), compiles the items'
conditions into one program and lets all-wild groups take one representative kind per tile
class. The oracle (tests/_scoring_oracle.py) shares none of its code: every decomposition of
the core's pure-Python reference (all-wild groups of every kind), every slot the winning
tile can take, every feature computed from its description and the rulebook, every item and
total from the language's and the rulebook's words. The best (valid, points) must agree, and
the totals and items score() reports must be those of a reading the oracle found best.
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbmj.scoring import clear_caches, score

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _scoring_helpers import situations  # noqa: E402
from _scoring_oracle import oracle  # noqa: E402


def _agrees(result, best, tops) -> bool:
    """Whether score()'s result is the oracle's best: its (valid, points), and the totals and
    items of one of the readings that reach them."""
    totals = (result.tai, result.minimum_tai, result.fu, result.fan_raw, result.hu,
              tuple(sorted((a.item.name, a.value) for a in result.items)))
    return (result.valid, result.points) == best and any(
        (s.tai, s.minimum_tai, s.fu, s.fan_raw, s.hu, s.items) == totals for s in tops)


@settings(max_examples=400, deadline=None)
@given(situations())
def test_score_is_the_best_of_every_reading_NB_12_2_NH_3_1(case):
    rules, sit = case
    best, tops = oracle(sit, rules)
    for cold in (True, False):  # the remembered readings of earlier hands must not change it
        if cold:
            clear_caches()
        assert _agrees(score(sit, rules), best, tops)


@settings(max_examples=80, deadline=None)
@given(st.lists(situations(), min_size=2, max_size=6))
def test_hands_scored_in_a_row_score_as_each_alone_NB_12_2(cases):
    # A hand's remembered readings serve the next hand only where the two agree on all that
    # a reading's score depends on besides its signature (ItemPlan.reading_context): the
    # last hand's is kept apart and must not leak into a hand of another context.
    clear_caches()
    in_a_row = [score(sit, rules) for rules, sit in cases]
    for (rules, sit), got in zip(cases, in_a_row):
        clear_caches()
        assert score(sit, rules) == got


def test_a_hand_after_one_of_another_context_scores_its_own_flowers_NB_12_14():
    # The same tiles, seat and win twice in a row, the second hand holding two seat flowers:
    # a hand-level slot differs, so the first hand's remembered readings (2 台) must not
    # serve the second (2 + 2 台 for the flowers, NB-12.14).
    from nbmj.rules import load_variant
    from nbmj.scoring import Situation

    rules = load_variant("ningbo")

    def sit(flowers):
        return Situation.from_dict({"seat": "S", "concealed": "123m 456m 789p 234s 5s", "win_tile": "5s",
                                    "win_by": "self_draw", "indicator": "7z", "flowers": flowers})

    clear_caches()
    first, second = score(sit(""), rules), score(sit("2f 6f"), rules)
    clear_caches()
    alone = score(sit("2f 6f"), rules)
    assert (first.tai, second.tai) == (2, 4)
    assert second == alone and "seat_flower" in [a.item.name for a in second.items]


# the golden cases that pin more than payments (the settlement's, which the oracle does not compute)
GOLDEN = [p for p in sorted((Path(__file__).parent / "golden" / "score").glob("*.json"))
          if set(json.loads(p.read_text(encoding="utf-8")).get("pinned", {})) - {"payments"}]


def _meets_pinned(s, pinned: dict) -> bool:
    """Whether an oracle reading gives the numbers a golden case pins from the sources."""
    items = dict(s.items)
    for key, want in pinned.items():
        if key == "item_values":
            if any(items.get(name, 0 if value == 0 else None) != value for name, value in want.items()):
                return False
        elif key == "absent_items":
            if set(items) & set(want):
                return False
        elif key != "payments" and getattr(s, key) != want:
            return False
    return True


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_the_oracle_gives_the_numbers_the_sources_pin(path):
    """The oracle is held to the sources too: on every golden case, the numbers worked out
    by hand from the fact sheet's test vectors (never by the engine) are those of a best
    reading of the oracle (the payments are the settlement's, which it does not compute)."""
    from nbmj.rules import load_variant
    from nbmj.scoring import Situation

    case = json.loads(path.read_text(encoding="utf-8"))
    pinned = {k: v for k, v in case["pinned"].items() if k != "payments"}
    sit = Situation.from_dict(case["situation"])
    best, tops = oracle(sit, load_variant(case["situation"]["variant"]))
    if "valid" in pinned:
        assert best[0] == pinned["valid"]
    assert any(_meets_pinned(s, pinned) for s in tops), [(s.valid, s.points, s.tai, s.fu, s.hu, s.items) for s in tops]


def _sit(concealed, win_tile, win_by="discard"):
    from nbmj.scoring import Situation

    return Situation.from_dict({"seat": "S", "concealed": concealed, "win_tile": win_tile, "win_by": win_by,
                                "from": "E" if win_by == "discard" else None, "indicator": "7z"})


def test_remembered_readings_tell_the_exposed_pung_apart_NH_2_6():
    # The same sets and the same wait, but the discard completes a terminal pung in one hand
    # and a simple pung in the other: 4 + 4 胡 against 2 + 8 (NH-2.2, NH-2.3, NH-2.6). The
    # second hand meets the first one's remembered readings.
    from nbmj.rules import load_variant

    rules = load_variant("ninghai")
    clear_caches()
    first, second = _sit("11m 555m 234p 678s 99s", "1m"), _sit("111m 55m 234p 678s 99s", "5m")
    for sit in (first, second):
        assert _agrees(score(sit, rules), *oracle(sit, rules))
    assert score(first, rules).fu != score(second, rules).fu


def test_remembered_readings_are_shared_across_suits_NB_12_11():
    """The flush features tell apart how many number suits a reading takes and whether it
    holds honours, never which suit: the readings of a hand and of the same hand in another
    suit share one signature, so the second meets the first one's remembered score."""
    from nbmj.rules import load_variant
    from nbmj.scoring.facts import facts
    from nbmj.scoring.items import plan_for
    from nbmj.scoring.readings import candidates

    rules = load_variant("ningbo")
    spec = plan_for(rules).spec
    assert spec.suits
    in_characters = _sit("123m 456m 789m 234m 5m", "5m", "self_draw")
    in_dots = _sit("123p 456p 789p 234p 5p", "5p", "self_draw")
    signatures = [{c.signature for c in candidates(facts(sit, rules), spec)} for sit in (in_characters, in_dots)]
    assert signatures[0] == signatures[1]
    clear_caches()
    for sit in (in_characters, in_dots):
        result = score(sit, rules)
        assert _agrees(result, *oracle(sit, rules))
        assert "flush" in {a.item.name for a in result.items}


def test_remembered_readings_count_the_suits_of_the_melded_sets_NB_12_11():
    """Two hands with the same melded pung of 1m, one all characters (清一色), the other with
    its concealed tiles all dots: their concealed parts take one suit each, but only the
    first reading is a flush. Scored one after the other, the second must not take the
    first one's remembered score (the melded sets' suits count with the concealed ones)."""
    from nbmj.rules import load_variant
    from nbmj.scoring import Situation

    rules = load_variant("ningbo")

    def with_pung(concealed, win_tile):
        return Situation.from_dict({"seat": "S", "concealed": concealed, "win_tile": win_tile, "win_by": "discard",
                                    "from": "E", "indicator": "7z",
                                    "melds": [{"kind": "pon", "tiles": "111m", "from": "W"}]})

    clear_caches()
    flush, mixed = with_pung("234m 567m 789m 9m", "9m"), with_pung("234p 567p 789p 9p", "9p")
    names = []
    for sit in (flush, mixed):
        result = score(sit, rules)
        assert _agrees(result, *oracle(sit, rules))
        names.append({a.item.name for a in result.items})
    assert "flush" in names[0] and "flush" not in names[1]


# Rule sets that take the scorer's other paths: 还搭 counted (readings keyed in Python, as
# the core's keys have no 还搭 count); the pair's class and pungs by exposure (more key
# fields); and so many classes that the fields do not fit in a core key at all.
_CUSTOM = {
    "itself": 'item wild_as_itself "还搭" 1 tai each wild_as_itself [NB-12.34]\n',
    "pairs": ('item dragon_pair "箭对" 1 tai when pairs(dragon) [NB-12.19]\n'
              'new item wind_pair "风对" 2 tai when pairs(wind) [NB-12.20]\n'
              'item open_terminal "幺九碰" 1 tai each pungs(terminal, exposed) [NB-12.21]\n'),
    "wide": "".join(f'item many_{c} "x" {i + 1} tai each pungs({c}) [NB-12.21]\n'
                    f'item pair_{c} "y" {i + 2} tai when pairs({c}) [NB-12.21]\n'
                    for i, c in enumerate(("dragon", "wind", "seat_wind", "round_wind", "honor", "terminal", "simple",
                                           "terminal_or_honor", "suited"))),
    # multipliers that depend on the reading, and a minimum they can meet (NB-13.5, NB-13.6)
    "mult": ('item flush_x "清一色翻" x 3 when flush [NB-13.5]\n'
             'item pungs_x "碰碰翻" x 2 when all_pungs [NB-13.5]\n'
             'item closed_x "嵌张翻" x 4 when wait(closed) [NB-13.5]\n'),
    # the winning tile as a wild, and the wilds of the pair it completed (NB-12.36, NB-12.37)
    "wildwin": ('item win_on_wild "Win On Baida" 2 tai when win_tile_wild [NB-12.36]\n'
                'item wild_pair "Baida Pair Win" 3 tai when wild_pair_win [NB-12.37]\n'),
    # chow ranks (断幺九, NB-12.41): all-wild chows must be able to stand for 234 as well as 123
    "simples": 'item all_simples "断幺九" 3 tai when all_simples [NB-12.41]\n',
}
# Settings a custom rule set adds besides its items.
_CUSTOM_SETTINGS = {"mult": "scoring tai { minimum_alternatives 2 x 2, 1 x 4 }\n"}


@lru_cache(maxsize=None)
def _custom_rules(key):
    """One rule set per key for the whole run, so that its scored readings are remembered
    from one example to the next, as in a long game."""
    from nbmj.rules import compile_text

    return compile_text(f'variant custom-{key} extends ningbo "oracle test"\n{_CUSTOM_SETTINGS.get(key, "")}'
                        f'items {{\n{_CUSTOM[key]}}}\n')


def test_the_custom_rule_sets_take_the_other_paths():
    from nbmj.scoring.items import plan_for
    from nbmj.scoring.readings import _reading_codes

    specs = {k: plan_for(_custom_rules(k)).spec for k in _CUSTOM}
    assert specs["itself"].itself
    assert specs["pairs"].pair_class and specs["pairs"].exposure
    assert _reading_codes(specs["pairs"], 28, 27, True) is not None
    assert _reading_codes(specs["wide"], 28, 27, False) is None


@settings(max_examples=300, deadline=None)
@given(situations(variants=("ningbo",)), st.sampled_from(sorted(_CUSTOM)))
def test_custom_rule_sets_score_the_best_of_every_reading_NB_12_2(case, custom):
    _rules, sit = case
    rules = _custom_rules(custom)
    best, tops = oracle(sit, rules)
    for cold in (True, False):
        if cold:
            clear_caches()
        assert _agrees(score(sit, rules), best, tops)


def test_remembered_readings_tell_the_pair_class_apart():
    """Two hands alike but for the pair's class (1m, a terminal; 5m, a simple), scored one
    after the other under a rule set that prices pairs by class and is too wide for core
    keys: the second must not take the first one's remembered reading."""
    rules = _custom_rules("wide")
    clear_caches()
    first = _sit("123m 456p 789s 234s 1m", "1m", "self_draw")
    second = _sit("123m 456p 789s 234s 5m", "5m", "self_draw")
    for sit in (first, second):
        assert _agrees(score(sit, rules), *oracle(sit, rules))
    assert score(first, rules).tai != score(second, rules).tai
