"""Names an author cannot get wrong silently: near misses of inherited items, `new item`,
things named twice in one file, and rule IDs (the rulebook's and a variant's own).

The error messages themselves are in the known-bad table (``BAD_EXAMPLES``, looped over in
test_dsl_errors.py); these tests check what the accepted spellings compile to.
"""

from __future__ import annotations

import pytest

from nbmj.errors import RuleSetError
from nbmj.rules import compile_text, load_variant
from nbmj.scoring import Situation, score


def _kid(body: str):
    return compile_text(f'variant kid extends ningbo "names"\n{body}\n', "kid.nbv")


def test_new_item_adds_an_item_with_a_near_miss_name():
    kid = _kid('items { new item no_wlid "无百搭二" 2 tai when wilds_held == 0 [NB-12.24] }')
    assert kid.item("no_wlid").value == 2 and kid.item("no_wild").value == 1


def test_an_unmarked_near_miss_adds_nothing():
    """Without `new`, the line is an error: the variant does not compile with two 无百搭."""
    with pytest.raises(RuleSetError) as info:
        _kid('items { item no_wlid "无百搭" 2 tai when wilds_held == 0 [NB-12.24] }')
    (d,) = info.value.diagnostics
    assert "did you mean 'no_wild'?" in d.message


def test_an_item_far_from_every_inherited_name_needs_no_marker():
    kid = _kid('items { item dealer_bonus "庄" 1 tai when dealer [NB-12.1] }')
    assert kid.item("dealer_bonus").value == 1


def test_a_drop_then_a_definition_in_one_file_is_a_replacement():
    kid = _kid("restrictions {\n  drop pon_after_pass\n  pon_after_pass during first_go_around [NB-8.6]\n}")
    assert kid.restriction("pon_after_pass").window == "first_go_around"


def test_items_of_one_file_may_share_a_label_with_each_other():
    kid = _kid('items {\n  new item a_one "x" 1 tai when dealer [NB-12.1]\n  new item b_two "x" 1 tai when flush [NB-12.1]\n}')
    assert {kid.item("a_one").label, kid.item("b_two").label} == {"x"}


LUCKY = (
    'local_rules {\n  HOUSE-1 "幸运七" "at our table a pung of dragons scores one more tai"\n}\n'
    'items { new item lucky "幸运七" 1 tai each pungs(dragon) [HOUSE-1] }'
)


def test_a_house_rule_is_declared_and_cited():
    kid = _kid(LUCKY)
    (rule,) = kid.local_rules
    assert (rule.id, rule.title) == ("HOUSE-1", "幸运七")
    assert kid.item("lucky").rule == "HOUSE-1"
    assert kid.to_dict()["local_rules"] == [{"id": "HOUSE-1", "title": "幸运七", "text": rule.text}]


def test_a_cited_house_rule_scores_under_its_own_id():
    kid = _kid(LUCKY)
    sit = Situation.from_dict(
        {"seat": "S", "round": "E", "concealed": "555z123m456p789s9s", "win_tile": "9s", "win_by": "self_draw",
         "indicator": "1m", "melds": [], "flowers": []}
    )
    result = score(sit, kid)
    lucky = [a.to_dict() for a in result.items if a.item.name == "lucky"]
    assert lucky == [{"name": "lucky", "label": "幸运七", "value": 1, "unit": "tai", "rule": "HOUSE-1", "count": 1}]


def test_a_child_cites_its_parents_house_rules(tmp_path):
    (tmp_path / "house.nbv").write_text(f'variant house extends ningbo "house"\n{LUCKY}\n', encoding="utf-8")
    kid = tmp_path / "kid.nbv"
    kid.write_text('variant kid extends house "kid"\nitems { item lucky "幸运七" 2 tai each pungs(dragon) [HOUSE-1] }\n',
                   encoding="utf-8")
    rules = load_variant(kid)
    assert rules.item("lucky").value == 2 and [r.id for r in rules.local_rules] == ["HOUSE-1"]


@pytest.mark.parametrize("name", ["ningbo", "ningbo-000", "ningbo-7wild", "ninghai", "ninghai-tuidaoba"])
def test_every_shipped_citation_is_a_rulebook_rule(name):
    """The shipped variants compile, so each rule ID they cite exists (the check is on)."""
    from nbmj.rules.rulebook import rules_by_id

    rules = load_variant(name)
    book = rules_by_id()
    cited = [i.rule for i in rules.items] + [r.rule for r in rules.restrictions] + [p.rule for p in rules.payments]
    assert cited and all(c in book for c in cited)


def test_a_house_rule_still_cited_may_not_be_dropped(tmp_path):
    """Found by an outside-in pass: a child could drop its parent's house rule while the
    parent's item kept citing it; the rule set then cited a rule it did not have."""
    (tmp_path / "house.nbv").write_text(f'variant house extends ningbo "house"\n{LUCKY}\n', encoding="utf-8")
    kid = tmp_path / "kid.nbv"
    kid.write_text('variant kid extends house "kid"\nlocal_rules { drop HOUSE-1 }\n', encoding="utf-8")
    with pytest.raises(RuleSetError) as info:
        load_variant(kid)
    [d] = info.value.diagnostics
    assert (d.file, d.line, d.column) == (str(kid), 2, 20)
    assert d.message == (f"local rule 'HOUSE-1' is dropped, but item 'lucky' ({tmp_path / 'house.nbv'}:5) still cites it; "
                         "drop or change that item too, or keep the rule")
    kid.write_text('variant kid extends house "kid"\nlocal_rules { drop HOUSE-1 }\nitems { drop lucky }\n', encoding="utf-8")
    assert load_variant(kid).local_rules == ()
