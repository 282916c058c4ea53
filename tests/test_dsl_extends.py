"""``extends``: what a child variant inherits, overrides, adds and drops; cycles and missing parents."""

from __future__ import annotations

import pytest

from nbmj.errors import RuleSetError
from nbmj.rules import compile_file, compile_text, load_variant
from nbmj.rules.model import Share


def child(body: str, parent: str = "ningbo", name: str = "kid") -> str:
    return f'variant {name} extends {parent} "a child of {parent}"\n{body}\n'


def test_child_with_no_body_equals_its_parent():
    kid = compile_text(child(""), "kid.nbv").to_dict()
    parent = load_variant("ningbo").to_dict()
    for key in ("name", "parent", "summary", "aliases", "source"):
        kid.pop(key), parent.pop(key)
    assert kid == parent


def test_section_overrides_only_the_settings_it_names():
    """NB-16.2: a child changing one dealer setting keeps the other three."""
    kid = compile_text(child("dealer { on_nondealer_win winner }"), "kid.nbv")
    d = kid.dealer
    assert (d.first_dealer, d.on_dealer_win, d.on_nondealer_win, d.on_draw) == ("random", "stay", "winner", "stay")


def test_summary_and_parent():
    kid = compile_text('variant kid extends ningbo\n', "kid.nbv")
    assert kid.parent == "ningbo" and kid.summary == load_variant("ningbo").summary
    assert kid.aliases == ()


def test_item_line_replaces_the_item_of_that_name():
    """NB-12.11: the value of 清一色 changed in a child, its position kept."""
    parent = load_variant("ningbo")
    kid = compile_text(child('items { item flush "清一色" 6 tai when flush excludes half_flush [NB-12.11] }'), "kid.nbv")
    assert kid.item("flush").value == 6
    assert [i.name for i in kid.items] == [i.name for i in parent.items]


def test_new_item_is_added_at_the_end():
    kid = compile_text(child('items { item dealer_bonus "庄" 1 tai when dealer [NB-12.1] }'), "kid.nbv")
    assert kid.items[-1].name == "dealer_bonus"


def test_drop_item():
    kid = compile_text(child("items { drop heavenly\n drop item earthly }"), "kid.nbv")
    names = {i.name for i in kid.items}
    assert "heavenly" not in names and "earthly" not in names


def test_dropping_an_excluded_item_is_reported_in_the_child():
    with pytest.raises(RuleSetError) as info:
        compile_text(child("items { drop half_flush }"), "kid.nbv")
    (d,) = info.value.diagnostics
    assert d.file == "kid.nbv" and (d.line, d.column) == (2, 14)
    assert "'excludes' names unknown item 'half_flush'" in d.message and "inherited from" in d.message


def test_drop_and_replace_restrictions():
    """NB-8.1 and NB-8.6 replaced and dropped by a child."""
    kid = compile_text(child("restrictions { drop pon_after_pass\n chi_discard_ban [NB-8.1] }"), "kid.nbv")
    assert kid.restriction("pon_after_pass") is None
    assert kid.restriction("chi_discard_ban").unless == ()


def test_drop_and_add_win_restrictions():
    """NB-11.10: a child adds X-NBCB's bar on three wilds and drops 财神单吊's."""
    kid = compile_text(
        child("win_restrictions {\n drop when wild_single_wait\n forbid discard when wilds_held >= 3 [NB-11.10]\n}"), "kid.nbv"
    )
    assert [str(w.when) for w in kid.win_restrictions] == ["wilds_held >= 3"]


def test_payment_rows_replace_and_drop():
    """NB-14.4: the robbed player pays 5S in a child; 杠头开花 row dropped."""
    kid = compile_text(child("payments { rob_kong: robbed 5 [NB-14.4]\n drop kong_bloom_on_discard_kong }"), "kid.nbv")
    pay = {p.situation: p.shares for p in kid.payments}
    assert pay["rob_kong"] == (Share("robbed", 5),) and "kong_bloom_on_discard_kong" not in pay


def test_liability_rows_replace_and_drop():
    """NB-14.6 replaced, NB-14.11's mutual rows dropped."""
    kid = compile_text(
        child("liability {\n one_way self_draw: partner 3 [NB-14.6]\n drop mutual self_draw\n drop mutual discard_by_other\n}"),
        "kid.nbv",
    )
    rows = {(r.link, r.situation): r.shares for r in kid.liability.rows}
    assert rows[("one_way", "self_draw")] == (Share("partner", 3),)
    assert not any(link == "mutual" for link, _ in rows)


def test_liability_none_in_a_child():
    kid = compile_text(child("liability none"), "kid.nbv")
    assert kid.liability is None


def test_liability_back_in_a_grandchild(tmp_path):
    (tmp_path / "nolink.nbv").write_text(child("liability none", name="nolink"), encoding="utf-8")
    f = tmp_path / "relink.nbv"
    f.write_text(
        child("liability { threshold 4; counts pon; direction either; others_pay no\n one_way self_draw: partner 5 [NB-14.6] }",
              parent="nolink", name="relink"),
        encoding="utf-8",
    )
    rules = compile_file(f)
    assert rules.parent == "nolink" and rules.liability.threshold == 4
    assert len(rules.liability.rows) == 1


def test_liability_back_without_settings_names_them(tmp_path):
    (tmp_path / "nolink.nbv").write_text(child("liability none", name="nolink"), encoding="utf-8")
    f = tmp_path / "relink.nbv"
    f.write_text(child("liability { one_way self_draw: partner 5 [NB-14.6] }", parent="nolink", name="relink"), encoding="utf-8")
    with pytest.raises(RuleSetError) as info:
        compile_file(f)
    msgs = [d.message for d in info.value.diagnostics]
    assert msgs == [f"liability.{k} is not set" for k in ("threshold", "counts", "direction", "others_pay")]


def test_switching_scoring_kind_needs_every_setting():
    """NH-4.3: moving a Ningbo child to 胡 × 番 scoring must set all of it."""
    with pytest.raises(RuleSetError) as info:
        compile_text(child("scoring fu_fan { base 30 }"), "kid.nbv")
    msgs = [d.message for d in info.value.diagnostics]
    assert "scoring.fan_multiplier is not set" in msgs and "scoring.base is not set" not in msgs


def test_scheme_override_keeps_other_scoring_settings():
    """NH-4.4: 幺半六 changes base, cap and silver of 幺半三 and keeps the rest (NH-3.9, NH-4.2)."""
    s = load_variant("ninghai-yaobanliu").scoring
    assert (s.base, s.cap, s.silver, s.fan_cap, s.round_to) == (60, 500, "half_hundreds", 3, 10)


def test_seat_flower_rows_override_per_seat():
    """NB-12.14 (C6): a child swapping W and N plants gets S004's order for them."""
    kid = compile_text(child("flowers { seat W 3f 8f\n seat N 4f 7f }"), "kid.nbv")
    assert dict(kid.flowers.seat_flowers)["W"] == (36, 41)


def test_seat_flower_override_conflict_is_found():
    with pytest.raises(RuleSetError) as info:
        compile_text(child("flowers { seat W 3f 8f }"), "kid.nbv")
    assert "flower '8f' is given to both W and N" in str(info.value)


def test_parent_found_beside_the_file_first(tmp_path):
    text = _shipped("ningbo").read_text(encoding="utf-8").replace("minimum 4", "minimum 6")
    (tmp_path / "ningbo.nbv").write_text(text, encoding="utf-8")
    f = tmp_path / "kid.nbv"
    f.write_text(child(""), encoding="utf-8")
    assert compile_file(f).scoring.minimum == 6


def _shipped(name):
    from nbmj._paths import spec_root

    return spec_root() / "variants" / f"{name}.nbv"


def test_parent_by_alias():
    kid = compile_text(child("", parent="ninghai"), "kid.nbv")
    assert kid.scoring.base == 30 and kid.parent == "ninghai"


def test_missing_parent_suggests_a_name():
    with pytest.raises(RuleSetError) as info:
        compile_text(child("", parent="ninbgo"), "kid.nbv")
    (d,) = info.value.diagnostics
    assert (d.line, d.column) == (1, 21)
    assert d.message == "unknown parent variant 'ninbgo'; did you mean 'ningbo'?"


def test_extends_cycle(tmp_path):
    (tmp_path / "a.nbv").write_text('variant a extends b "A"\n', encoding="utf-8")
    (tmp_path / "b.nbv").write_text('variant b extends a "B"\n', encoding="utf-8")
    with pytest.raises(RuleSetError) as info:
        compile_file(tmp_path / "a.nbv")
    msgs = [d.message for d in info.value.diagnostics]
    assert "'extends' makes a cycle: a -> b -> a" in msgs


def test_extends_itself(tmp_path):
    (tmp_path / "a.nbv").write_text('variant a extends a "A"\n', encoding="utf-8")
    with pytest.raises(RuleSetError) as info:
        compile_file(tmp_path / "a.nbv")
    assert "'extends' makes a cycle: a -> a" in str(info.value)


def test_broken_parent_is_reported_with_its_own_location(tmp_path):
    (tmp_path / "p.nbv").write_text('variant p extends ningbo "P"\nscoring tai { minimum many }\n', encoding="utf-8")
    f = tmp_path / "c.nbv"
    f.write_text('variant c extends p "C"\n', encoding="utf-8")
    with pytest.raises(RuleSetError) as info:
        compile_file(f)
    files = [(d.file.rsplit("/", 1)[-1], d.line) for d in info.value.diagnostics]
    assert files == [("p.nbv", 2), ("c.nbv", 1)]
    assert "parent variant 'p' does not compile" in info.value.diagnostics[-1].message


def test_drop_of_something_absent():
    with pytest.raises(RuleSetError) as info:
        compile_text(child("payments { drop discardd }"), "kid.nbv")
    assert "cannot drop payment row 'discardd': there is none; did you mean 'discard'?" in str(info.value)


def test_seven_wild_child_drops_what_it_cannot_have():
    """NB-7.9: no discard wins, so no discard payment and no discard liability rows."""
    r = load_variant("ningbo-7wild")
    assert "discard" not in {p.situation for p in r.payments}
    assert {(x.link, x.situation) for x in r.liability.rows} == {("one_way", "self_draw")}
    assert r.liability.counts == ("pon",)


def test_extends_examples_table(tmp_path):
    """The across-file examples shown in the docs produce the messages they show."""
    from nbmj.rules.diagnostics import EXTENDS_EXAMPLES

    for name, (file1, text1, file2, text2, message) in EXTENDS_EXAMPLES.items():
        d = tmp_path / name.replace(" ", "_")
        d.mkdir()
        (d / file1).write_text(text1, encoding="utf-8")
        if file2:
            (d / file2).write_text(text2, encoding="utf-8")
        with pytest.raises(RuleSetError) as info:
            compile_file(d / file1)
        assert any(x.message.startswith(message) for x in info.value.diagnostics), (name, str(info.value))
