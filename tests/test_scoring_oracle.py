"""score() against a plain oracle that scores every reading of the hand (NB-12.2, NH-3.1).

The scorer lists readings through the core with keys that only tell apart what the rule
set reads, scores each key once per context (remembered across hands), and lets all-wild
groups take one representative kind per tile class. The oracle does none of that: every
decomposition of the reference core (all-wild groups of every kind), every slot the winning
tile can take, every item through the unoptimised :func:`~nbmj.scoring.items.apply_items`.
The best key must agree, and the items score() reports must be those of a reading the
oracle found best.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from nbmj.core import _reference
from nbmj.core._reference_readings import _compact
from nbmj.rules.model import FuFanScoring, TaiScoring
from nbmj.rules.wilds import wild_tiles
from nbmj.scoring import _key, _rule_id, clear_caches, score
from nbmj.scoring.expressions import holds
from nbmj.scoring.facts import facts
from nbmj.scoring.readings import Reading, set_group as _set_group, wait_of as _wait_of, wild_as_itself as _wild_as_itself
from nbmj.scoring.items import apply_items
from nbmj.scoring.totals import fu_fan_total, meets_minimum, tai_total

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _scoring_helpers import situations  # noqa: E402


def _oracle(sit, rules):
    """(best key, the item lists of every reading with that key) over every reading."""
    hf = facts(sit, rules)
    on_discard = sit.win_by in ("discard", "rob_kong")
    win = -1 if hf.win_is_wild else sit.win_tile
    found = []
    for pair_group, meld_groups in _reference.decompositions(list(hf.shape), hf.wilds):
        pair = _compact(pair_group)
        melds = [_compact(g) for g in meld_groups]
        groups = [pair] + melds
        for gi, (typ, first, mask) in enumerate(groups):
            for pos, is_wild in enumerate(mask):
                kind = first + pos if typ == "chow" else first
                if not (is_wild if win < 0 else (not is_wild and kind == win)):
                    continue
                exposed = on_discard and typ == "pung"
                sets = hf.melded + tuple(_set_group(t, f, exposed and j == gi, m)
                                         for j, (t, f, m) in enumerate(melds, 1))
                rd = Reading(sets, pair[1], pair[2].count(True), _wait_of(typ, first, pos),
                             _wild_as_itself(hf, groups))
                applied = apply_items(rules.items, hf, rd)
                if isinstance(rules.scoring, FuFanScoring):
                    total = fu_fan_total(rules.scoring, applied)
                else:
                    total = tai_total(rules.scoring, applied)
                reason = None
                for wr in rules.win_restrictions:
                    if sit.win_by in wr.forbid and holds(wr.when, hf, rd):
                        reason = wr.rule
                        break
                if reason is None and isinstance(rules.scoring, TaiScoring) and not meets_minimum(rules.scoring, total):
                    reason = _rule_id(rules, "minimum")
                items = sorted((a.item.name, a.value) for a in applied)
                found.append((_key(total, reason), items))
    best = max(key for key, _items in found)
    return best, [items for key, items in found if key == best]


def _result_key(result, rules, sit, best):
    """score()'s key for the oracle's: a win the claim rules bar (no discard wins, no robbing,
    a discarded wild, NB-4.12) is invalid whatever its reading, which the oracle does not look at."""
    win_is_wild = sit.win_tile in wild_tiles(rules.wilds, sit.indicator)
    claim_barred = result.reason_rule in (_rule_id(rules, "win_on_discard"), _rule_id(rules, "rob_kong"),
                                          _rule_id(rules, "claim_discarded_wild")) and (
        (sit.win_by == "discard" and not rules.claims.win_on_discard)
        or (sit.win_by == "rob_kong" and not rules.claims.rob_kong)
        or (sit.win_by == "discard" and win_is_wild and not rules.claims.claim_discarded_wild))
    key = (best[0] if claim_barred else result.valid, result.points, result.hu or 0,
           result.tai if result.tai is not None else 0, result.minimum_tai or 0, result.fan_raw or 0,
           result.fu or 0)
    return key


@settings(max_examples=400, deadline=None)
@given(situations())
def test_score_is_the_best_of_every_reading_NB_12_2_NH_3_1(case):
    rules, sit = case
    best, best_items = _oracle(sit, rules)
    for cold in (True, False):  # the remembered readings of earlier hands must not change it
        if cold:
            clear_caches()
        result = score(sit, rules)
        key = _result_key(result, rules, sit, best)
        assert key == best
        assert sorted((a.item.name, a.value) for a in result.items) in best_items


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
        best, best_items = _oracle(sit, rules)
        result = score(sit, rules)
        assert (result.fu, sorted((a.item.name, a.value) for a in result.items)) == (best[-1], best_items[0])
    assert score(first, rules).fu != score(second, rules).fu


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
    best, best_items = _oracle(sit, rules)
    for cold in (True, False):
        if cold:
            clear_caches()
        result = score(sit, rules)
        key = _result_key(result, rules, sit, best)
        assert key == best
        assert sorted((a.item.name, a.value) for a in result.items) in best_items


def test_remembered_readings_tell_the_pair_class_apart():
    """Two hands alike but for the pair's class (1m, a terminal; 5m, a simple), scored one
    after the other under a rule set that prices pairs by class and is too wide for core
    keys: the second must not take the first one's remembered reading."""
    rules = _custom_rules("wide")
    clear_caches()
    first = _sit("123m 456p 789s 234s 1m", "1m", "self_draw")
    second = _sit("123m 456p 789s 234s 5m", "5m", "self_draw")
    for sit in (first, second):
        best, best_items = _oracle(sit, rules)
        result = score(sit, rules)
        assert (result.tai, sorted((a.item.name, a.value) for a in result.items)) == (best[3], best_items[0])
    assert score(first, rules).tai != score(second, rules).tai
