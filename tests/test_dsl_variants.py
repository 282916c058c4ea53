"""The shipped variants: each compiles, matches its golden file, and says what its rules say.

Golden files are ``tests/golden/variants/<name>.json`` (``RuleSet.to_dict()``). Run
``pytest --update-goldens`` to rewrite them; the comparison still runs on every other run,
and the rule checks below hold either way.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from _goldens import updating

from nbmj._paths import spec_root
from nbmj.errors import NbmjError, UnknownVariantError
from nbmj.rules import RuleSet, list_variants, load_variant, variant_infos
from nbmj.rules.model import FuFanScoring, Share, TaiScoring
from nbmj.tiles import parse_tiles

GOLDEN = Path(__file__).resolve().parent / "golden" / "variants"
UPDATE = updating()
SHIPPED = [
    "ningbo",
    "ningbo-000",
    "ningbo-7wild",
    "ningbo-riichi-advanced",
    "ninghai-tuidaoba",
    "ninghai-yaobanliu",
    "ninghai-yaobansan",
    "ninghai-yaoerliu",
    "xiangshan",
    "xiangshan-q10h6",
    "xizhou",
]


def test_shipped_variants_are_listed():
    assert list_variants() == SHIPPED


@pytest.mark.parametrize("name", SHIPPED)
def test_variant_compiles_and_matches_golden(name):
    rules = load_variant(name)
    assert isinstance(rules, RuleSet)
    assert rules.name == name
    got = rules.to_dict()
    path = GOLDEN / f"{name}.json"
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"no golden file {path.name}; run pytest --update-goldens to write it")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(got, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    want = json.loads(path.read_text(encoding="utf-8"))
    assert got == want


@pytest.mark.parametrize("name", SHIPPED)
def test_variant_file_is_named_after_its_variant(name):
    assert (spec_root() / "variants" / f"{name}.nbv").is_file()
    assert load_variant(name).source == f"variants/{name}.nbv"


def test_every_golden_file_belongs_to_a_shipped_variant():
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == SHIPPED


@pytest.mark.parametrize("name", SHIPPED)
def test_cited_rule_ids_exist_in_the_rulebook(name):
    from nbmj.rules.rulebook import load_rules

    known = {r.id for r in load_rules()}
    rules = load_variant(name)
    cited = [i.rule for i in rules.items] + [r.rule for r in rules.restrictions]
    cited += [w.rule for w in rules.win_restrictions] + [p.rule for p in rules.payments]
    if rules.liability is not None:
        cited += [r.rule for r in rules.liability.rows]
    assert set(cited) <= known, sorted(set(cited) - known)


# --------------------------------------------------------------------------- names


def test_ninghai_is_an_alias_of_yaobansan():
    """One variant, two names: `ninghai` is `ninghai-yaobansan` (NH-4.1)."""
    assert load_variant("ninghai") is load_variant("ninghai-yaobansan")
    assert "ninghai" in load_variant("ninghai").aliases


def test_default_variant_is_ningbo():
    assert load_variant() is load_variant("ningbo")


@pytest.mark.parametrize("alias, name", [("nb", "ningbo"), ("nb000", "ningbo-000"), ("nbr", "ningbo-7wild")])
def test_aliases(alias, name):
    assert load_variant(alias).name == name


def test_loading_is_cached():
    assert load_variant("ningbo-7wild") is load_variant("ningbo-7wild")


def test_unknown_variant_lists_known_names():
    with pytest.raises(UnknownVariantError) as info:
        load_variant("ningpo")
    msg = str(info.value)
    assert "did you mean 'ningbo'?" in msg
    for name in SHIPPED + ["ninghai", "nb"]:
        assert name in msg
    assert isinstance(info.value, NbmjError) and isinstance(info.value, ValueError)


def test_missing_file_is_an_unknown_variant(tmp_path):
    with pytest.raises(UnknownVariantError):
        load_variant(tmp_path / "nothing.nbv")


def test_variant_infos_give_parents_and_summaries():
    infos = {i.name: i for i in variant_infos()}
    assert infos["ningbo"].parent is None
    assert infos["ninghai-tuidaoba"].parent == "ninghai-yaobansan"
    assert infos["ninghai-yaobansan"].aliases == ("ninghai",)
    assert all(i.summary for i in infos.values())


def test_load_by_path(tmp_path):
    f = tmp_path / "mine.nbv"
    f.write_text('variant mine extends ningbo "mine"\nscoring tai { minimum 5 }\n', encoding="utf-8")
    rules = load_variant(f)
    assert rules.name == "mine" and rules.scoring.minimum == 5
    assert load_variant(str(f)) is rules


# --------------------------------------------------------------------------- Ningbo rules as compiled


@pytest.fixture(scope="module")
def nb() -> RuleSet:
    return load_variant("ningbo")


def test_nb_1_1_tile_set_has_flowers(nb):
    """NB-1.1: 144 tiles with the flowers; NB-1.5: four walls of 18 stacks."""
    assert nb.tiles.flowers and nb.tiles.total == 144
    assert nb.dealing.stacks_per_wall == 18


def test_nb_3_7_dealer_14_others_13(nb):
    """NB-3.7, NB-3.2, NB-3.3: 14/13; the sum picks the wall, the larger die the break."""
    assert (nb.dealing.dealer_tiles, nb.dealing.other_tiles) == (14, 13)
    assert (nb.dealing.open_wall_by, nb.dealing.start_stacks_by) == ("sum", "large")


def test_nb_4_5_indicator_small_die_from_tail(nb):
    """NB-4.5, NB-4.2, NB-4.4: small die from the tail; same kind; wild flowers lose flower status."""
    w = nb.wilds
    assert (w.enabled, w.indicator_die, w.indicator_origin, w.kinds, w.wild_flower_is_flower) == (
        True, "small", "tail", ("same",), False
    )


def test_nb_4_6_s000_indicator():
    """NB-4.6: ningbo-000 counts by the dice sum into a player's wall."""
    w = load_variant("ningbo-000").wilds
    assert (w.indicator_die, w.indicator_origin) == ("sum", "player_wall")


def test_nb_4_9_seven_wilds():
    """NB-4.9: the 7-wild game makes the indicator's kind and the next kind wild."""
    assert load_variant("ningbo-7wild").wilds.kinds == ("same", "next")


def test_nb_12_14_seat_flowers_s001(nb):
    """NB-12.14 (C6): E 春梅, S 夏兰, W 秋竹, N 冬菊."""
    table = {seat: set(tiles) for seat, tiles in nb.flowers.seat_flowers}
    assert table == {
        "E": set(parse_tiles("1f5f")),
        "S": set(parse_tiles("2f6f")),
        "W": set(parse_tiles("3f7f")),
        "N": set(parse_tiles("4f8f")),
    }


def test_nb_5_3_flowers_replaced_in_rounds(nb):
    """NB-5.3 (C7) and NB-5.4 (C8)."""
    assert (nb.flowers.initial_replacement, nb.flowers.in_play) == ("rounds", "auto")


def test_nb_7_5_claim_priority(nb):
    """NB-7.5: 胡 > 杠 = 碰 > 吃; NB-7.6: 下家, 对家, 上家; NB-7.7: one winner."""
    assert nb.claims.priority == (("hu",), ("kan", "pon"), ("chi",))
    assert nb.claims.seat_order == ("next", "opposite", "previous")
    assert nb.claims.multiple_winners == "nearest"


def test_nb_7_9_no_chow_self_draw_only():
    """NB-7.9 (C28): ningbo-7wild has no chi and no discard wins; robbing a kong stays."""
    c = load_variant("ningbo-7wild").claims
    assert (c.chi, c.win_on_discard, c.rob_kong) == (False, False, True)
    assert c.priority == (("kan", "pon"),)


def test_nb_4_11_wilds_in_claims(nb):
    """NB-4.11, NB-4.12: no wild in a meld, no claim of a discarded wild."""
    assert not nb.claims.wilds_in_melds and not nb.claims.claim_discarded_wild


def test_nb_8_1_restrictions(nb):
    """NB-8.1 with NB-8.4's big-crane exception, NB-8.6, NB-8.7, NB-8.8."""
    ban = nb.restriction("chi_discard_ban")
    assert ban.rule == "NB-8.1" and ban.unless == ("big_crane",)
    assert nb.restriction("pon_after_pass").rule == "NB-8.6"
    assert nb.restriction("win_after_pass").rule == "NB-8.7"
    assert nb.restriction("kong_after_pon").rule == "NB-8.8"


def test_nb_11_9_wild_single_wait_self_draw_only(nb):
    """NB-11.9 (C27): 财神单吊 may not win on a discard nor by robbing a kong."""
    (wr,) = nb.win_restrictions
    assert str(wr.when) == "wild_single_wait" and wr.forbid == ("discard", "rob_kong")
    assert wr.rule == "NB-11.9"


@pytest.mark.parametrize(
    "item, value, rule",
    [
        ("pai_hu", 0, "NB-12.3"),
        ("ping_hu", None, "NB-12.4"),
        ("edge", 1, "NB-12.5"),
        ("closed", 1, "NB-12.6"),
        ("single", 1, "NB-12.7"),
        ("pair_pair", 1, "NB-12.8"),
        ("big_crane", 1, "NB-12.9"),
        ("flush", 4, "NB-12.11"),
        ("half_flush", 2, "NB-12.12"),
        ("all_pungs", 2, "NB-12.13"),
        ("seat_flower", 1, "NB-12.14"),
        ("flower_set", 2, "NB-12.15"),
        ("all_flowers", 8, "NB-12.16"),
        ("other_flower", 0, "NB-12.17"),
        ("dragon_pung", 1, "NB-12.19"),
        ("seat_wind_pung", 1, "NB-12.20"),
        ("round_wind_pung", 1, "NB-12.21"),
        ("all_honors", None, "NB-12.23"),
        ("no_wild", 1, "NB-12.24"),
        ("kong_bloom", 1, "NB-12.25"),
        ("last_tile", 1, "NB-12.26"),
        ("rob_kong", 0, "NB-12.27"),
        ("heavenly", None, "NB-12.28"),
        ("earthly", None, "NB-12.29"),
        ("concealed_hand", None, "NB-12.30"),
        ("three_wilds", 5, "NB-12.31"),
        ("four_wilds", None, "NB-12.32"),
        ("wild_as_itself", None, "NB-12.34"),
    ],
)
def test_ningbo_item_values(nb, item, value, rule):
    """Each Ningbo tai item's value and rule ID as compiled (NB-12)."""
    it = nb.item(item)
    assert (it.value, it.rule, it.unit) == (value, rule, "tai")


def test_nb_12_11_flush_excludes_half_flush(nb):
    """NB-12.11 (C13): 清一色 suppresses 混一色."""
    assert nb.item("flush").excludes == ("half_flush",)


def test_nb_12_16_flower_totals_replace_counts(nb):
    """NB-12.16 (C30): all eight flowers replace the two set totals; seat flowers in a set do not count."""
    assert nb.item("all_flowers").excludes == ("flower_set",)
    assert str(nb.item("seat_flower").each) == "flowers(seat, outside_sets)"


def test_nb_13_2_wild_items_outside_minimum(nb):
    """NB-13.2, NB-12.31 (C15): 三百搭 scores 5 but does not count towards the minimum; nor
    does 四百搭 (off); NB-11.10: no self-draw bar for either."""
    assert not nb.item("three_wilds").counts_for_minimum
    assert not nb.item("four_wilds").counts_for_minimum
    assert all(i.counts_for_minimum for i in nb.items if i.name not in ("three_wilds", "four_wilds"))
    assert [str(w.when) for w in nb.win_restrictions] == ["wild_single_wait"]


def test_nb_12_33_seven_wilds_item():
    """NB-12.33: all seven wilds are 20 tai in the 7-wild game, replacing 三百搭 (NB-12.31);
    NB-12.16 all flowers and NB-12.23 字一色 are 20 there."""
    r = load_variant("ningbo-7wild")
    assert r.item("seven_wilds").value == 20
    assert r.item("all_flowers").value == 20
    assert r.item("all_honors").value == 20
    assert "three_wilds" not in {i.name for i in r.items}


def test_nb_13_1_minimum_and_no_cap(nb):
    """NB-13.1: 4 tai to win; NB-13.3: no cap; NB-13.4: points equal tai."""
    s = nb.scoring
    assert isinstance(s, TaiScoring)
    assert (s.minimum, s.cap, s.conversion, s.points_per_tai, s.base_points) == (4, None, "linear", 1, 0)


def test_nb_14_1_baseline_payments(nb):
    """NB-14.1 discarder 2S; NB-14.2 each 1S; NB-14.4 robbed 2S; NB-14.9 杠头开花 5S."""
    pay = {p.situation: (p.shares, p.rule) for p in nb.payments}
    assert pay == {
        "discard": ((Share("discarder", 2),), "NB-14.1"),
        "self_draw": ((Share("each_other", 1),), "NB-14.2"),
        "rob_kong": ((Share("robbed", 2),), "NB-14.4"),
        "kong_bloom_on_discard_kong": ((Share("kong_discarder", 5),), "NB-14.9"),
    }


def test_nb_14_5_liability_table(nb):
    """NB-14.5 link; NB-14.6 5S; NB-14.7 2S+2S; NB-14.8 4S; NB-14.10 10S; NB-14.11 mutual."""
    li = nb.liability
    assert (li.threshold, li.counts, li.direction, li.others_pay) == (3, ("chi", "pon", "kan"), "either", False)
    rows = {(r.link, r.situation): (r.shares, r.rule) for r in li.rows}
    assert rows == {
        ("one_way", "self_draw"): ((Share("partner", 5),), "NB-14.6"),
        ("one_way", "discard_by_other"): ((Share("partner", 2), Share("discarder", 2)), "NB-14.7"),
        ("one_way", "discard_by_partner"): ((Share("partner", 4),), "NB-14.8"),
        ("one_way", "kong_bloom_on_partner_kong"): ((Share("partner", 10),), "NB-14.10"),
        ("mutual", "discard_by_other"): ((Share("partner", 4), Share("discarder", 2)), "NB-14.11"),
        ("mutual", "self_draw"): ((Share("partner", 10),), "NB-14.11"),
    }


def test_nb_14_13_s000_payments():
    """NB-14.13: ningbo-000 pays one share; linked 5S / 2S / S each; the unlinked pay nothing (as S001)."""
    r = load_variant("ningbo-000")
    assert {p.situation: p.shares for p in r.payments}["discard"] == (Share("discarder", 1),)
    assert "kong_bloom_on_discard_kong" not in {p.situation for p in r.payments}
    rows = {(x.link, x.situation): x.shares for x in r.liability.rows}
    assert rows == {
        ("one_way", "self_draw"): (Share("partner", 5),),
        ("one_way", "discard_by_partner"): (Share("partner", 2),),
        ("one_way", "discard_by_other"): (Share("partner", 1), Share("discarder", 1)),
    }
    assert not r.liability.others_pay


def test_nb_14_14_no_immediate_payments(nb):
    """NB-14.14 and NB-15.4 (C16b): no kong/flower payments as they happen; void on a draw."""
    im = nb.immediate
    assert (im.exposed_kong, im.concealed_kong, im.added_kong, im.flower, im.void_on_draw) == (0, 0, 0, 0, True)


def test_nb_15_1_play_to_the_last_tile(nb):
    """NB-15.1: no stacks kept back."""
    assert (nb.draw.kept_stacks, nb.draw.kept_stacks_per_kong) == (0, 0)


def test_nb_16_dealer_rotation(nb):
    """NB-2.3 random first dealer; NB-16.1 stay; NB-16.2 下家; NB-16.3 stay on a draw."""
    d = nb.dealer
    assert (d.first_dealer, d.on_dealer_win, d.on_nondealer_win, d.on_draw) == ("random", "stay", "next_seat", "stay")


def test_nb_16_2_s000_winner_deals():
    """NB-16.2 (C4): in ningbo-000 the winner deals next."""
    assert load_variant("ningbo-000").dealer.on_nondealer_win == "winner"


def test_nb_16_3_7wild_dealer_passes_on_draw():
    """NB-16.3 (C5): X-NBR passes the deal on a draw."""
    assert load_variant("ningbo-7wild").dealer.on_draw == "next_seat"


def test_nb_10_1_standard_shape(nb):
    """NB-10.1: four sets and a pair."""
    assert nb.shapes == ("standard",)


# --------------------------------------------------------------------------- Ninghai rules as compiled


@pytest.fixture(scope="module")
def nh() -> RuleSet:
    return load_variant("ninghai")


def test_nh_1_5_no_wilds(nh):
    """NH-1.5: Ninghai has no wilds; NH-1.4: 14/13."""
    assert not nh.wilds.enabled
    assert (nh.dealing.dealer_tiles, nh.dealing.other_tiles) == (14, 13)


def test_nh_3_2_seat_flowers_s004(nh):
    """NH-3.2 (C6): E 梅春, S 兰夏, W 菊秋, N 竹冬."""
    table = {seat: set(tiles) for seat, tiles in nh.flowers.seat_flowers}
    assert table == {
        "E": set(parse_tiles("5f1f")),
        "S": set(parse_tiles("6f2f")),
        "W": set(parse_tiles("8f3f")),
        "N": set(parse_tiles("7f4f")),
    }


def test_nh_1_7_first_go_around(nh):
    """NH-1.7: only 筒 and 万 may be discarded; NH-1.8: no chi, pong or kong (C23)."""
    suits = nh.restriction("discard_suits")
    assert (suits.suits, suits.window, suits.rule) == (("m", "p"), "first_go_around", "NH-1.7")
    claims = nh.restriction("no_claims")
    assert (claims.claims, claims.window, claims.rule) == (("chi", "pon", "kan"), "first_go_around", "NH-1.8")


def test_nh_1_9_draw_keeps_nine_stacks(nh):
    """NH-1.9: drawn with 9 stacks left, one more per kong; NH-1.2 two rolls for the dealer."""
    assert (nh.draw.kept_stacks, nh.draw.kept_stacks_per_kong) == (9, 1)
    assert nh.dealer.first_dealer == "two_rolls"


@pytest.mark.parametrize(
    "item, value, unit, rule",
    [
        ("fan_seat_flower", 1, "fan", "NH-3.2"),
        ("fan_flower_set", 2, "fan", "NH-3.3"),
        ("fan_flush", 3, "fan", "NH-3.4"),
        ("fan_all_honors", 3, "fan", "NH-3.5"),
        ("fan_half_flush", 2, "fan", "NH-3.6"),
        ("fan_all_pungs", 1, "fan", "NH-3.7"),
        ("fan_dragon_pung", 1, "fan", "NH-3.8"),
        ("fu_exposed_pung", 4, "fu", "NH-2.2"),
        ("fu_exposed_pung_simple", 2, "fu", "NH-2.2"),
        ("fu_concealed_pung", 8, "fu", "NH-2.3"),
        ("fu_concealed_pung_simple", 4, "fu", "NH-2.3"),
        ("fu_exposed_kong", 16, "fu", "NH-2.4"),
        ("fu_exposed_kong_simple", 8, "fu", "NH-2.4"),
        ("fu_concealed_kong", 32, "fu", "NH-2.5"),
        ("fu_concealed_kong_simple", 16, "fu", "NH-2.5"),
        ("fu_flower", 4, "fu", "NH-2.7"),
        ("fu_self_draw", 2, "fu", "NH-2.8"),
        ("fu_closed_wait", 2, "fu", "NH-2.9"),
    ],
)
def test_ninghai_items(nh, item, value, unit, rule):
    """The 胡 table (NH-2, T5) and the 番 items (NH-3, T7) as compiled."""
    it = nh.item(item)
    assert (it.value, it.unit, it.rule) == (value, unit, rule)


@pytest.mark.parametrize(
    "name, base, cap, fixed, silver, rule",
    [
        ("ninghai-yaobansan", 30, 300, None, "identity", "NH-4.3"),
        ("ninghai-yaobanliu", 60, 500, None, "half_hundreds", "NH-4.4"),
        ("ninghai-tuidaoba", 0, 800, (100, 200, 400, 800), "identity", "NH-4.5"),
        ("ninghai-yaoerliu", 100, 1000, None, "half_hundreds", "NH-4.6"),
    ],
)
def test_ninghai_schemes(name, base, cap, fixed, silver, rule):
    """NH-4.3 to NH-4.7 and NH-3.9: each scheme's base, cap and silver; 3 番 is the cap; ×2^番
    (NH-3.1); multiply, then round up to a ten (NH-4.2)."""
    s = load_variant(name).scoring
    assert isinstance(s, FuFanScoring), rule
    assert (s.base, s.cap, s.fixed_by_fan, s.silver) == (base, cap, fixed, silver)
    assert (s.fan_cap, s.fan_multiplier, s.round_to, s.round_stage) == (3, "power_of_two", 10, "after_multiply")


@pytest.mark.parametrize(
    "name, mode, adjacent, opposite",
    [
        ("ninghai-yaobansan", "per_step", (10, 5), (10, 10)),
        ("ninghai-yaobanliu", "per_step", (50, 50), (30, 50)),
        ("ninghai-tuidaoba", "per_step", (50, 50), (30, 50)),
        ("ninghai-yaoerliu", "per_step", (50, 50), (30, 50)),
    ],
)
def test_ninghai_loser_settlement(name, mode, adjacent, opposite):
    """NH-5.4 (幺半三) and NH-5.5 (the others): losers settle among themselves (C29)."""
    ls = load_variant(name).loser_settlement
    assert (ls.mode, ls.adjacent, ls.opposite) == (mode, adjacent, opposite)


def test_nh_4_8_every_loser_pays(nh):
    """NH-4.8: each loser pays the winner, whatever the win; no Ningbo liability table."""
    assert {p.situation: p.shares for p in nh.payments} == {
        "discard": (Share("each_other", 1),),
        "self_draw": (Share("each_other", 1),),
        "rob_kong": (Share("each_other", 1),),
    }
    assert nh.liability is None


def test_ninghai_children_inherit_everything_else():
    """The schemes differ only in scoring and loser settlement (NH-4.1)."""
    base = load_variant("ninghai-yaobansan").to_dict()
    for name in ("ninghai-yaobanliu", "ninghai-tuidaoba", "ninghai-yaoerliu"):
        child = load_variant(name).to_dict()
        differ = {k for k in base if base[k] != child[k]}
        assert differ <= {"name", "parent", "summary", "aliases", "source", "scoring", "loser_settlement"}


# --------------------------------------------------------------------------- more rules, as compiled


def test_nb_1_3_seat_flowers_cover_both_groups(nb):
    """NB-1.3: the eight flowers, each seat one season and one plant."""
    from nbmj.tiles import PLANTS, SEASONS

    seen = [t for _, tiles in nb.flowers.seat_flowers for t in tiles]
    assert sorted(seen) == sorted(SEASONS + PLANTS)
    for _, tiles in nb.flowers.seat_flowers:
        assert len(set(tiles) & set(SEASONS)) == 1 and len(set(tiles) & set(PLANTS)) == 1


def test_nb_4_1_wilds_and_nb_4_3_flower_indicator(nb):
    """NB-4.1: Ningbo plays with wilds; NB-4.3: under its wild rules a flower indicator
    makes its group wild, NB-4.2 a suited one its own kind."""
    from nbmj.rules.wilds import wild_tiles
    from nbmj.tiles import parse_tile

    assert nb.wilds.enabled
    assert wild_tiles(nb.wilds, parse_tile("1f")) == frozenset(parse_tiles("1f2f3f4f"))
    assert wild_tiles(nb.wilds, parse_tile("5m")) == frozenset(parse_tiles("5m"))


def test_nb_7_1_claims_exist(nb):
    """NB-7.1 chi, NB-7.2 pong, NB-7.3 and NB-9.1 kong of a discard, NB-7.4 and NB-11.1 wins
    on a discard and by self-draw, NB-11.5 robbing a kong: all allowed in the default."""
    c = nb.claims
    assert (c.chi, c.pon, c.kan, c.win_on_discard, c.rob_kong) == (True, True, True, True, True)
    assert {"discard", "self_draw"} <= {p.situation for p in nb.payments}


def test_nb_8_9_discarded_wild_is_dead(nb):
    """NB-8.9 and NB-4.12: a discarded wild cannot be claimed."""
    assert nb.claims.claim_discarded_wild is False


def test_nb_10_3_only_the_standard_shape():
    """NB-10.3: no shipped variant has seven pairs; thirteen orphans is no shape of the DSL."""
    from nbmj.rules.model import SHAPES

    assert "standard" in SHAPES and "thirteen_orphans" not in SHAPES
    for name in SHIPPED:
        assert load_variant(name).shapes == ("standard",)


def test_nb_11_7_heavenly_and_nb_11_8_earthly_conditions(nb):
    """NB-11.7, NB-11.8: defined by the first turn, dealer or not (switched off: NB-12.28, NB-12.29)."""
    assert str(nb.item("heavenly").when) == "first_turn and dealer and self_draw"
    assert str(nb.item("earthly").when) == "first_turn and not dealer and win(discard)"


def test_nb_12_35_self_draw_scores_no_tai(nb):
    """NB-12.35: no Ningbo item scores a plain self-draw."""
    assert not any(str(i.when) == "self_draw" and i.value is not None for i in nb.items)


def test_nb_3_1_dice(nb):
    """NB-3.1: one throw of two dice gives the sum (wall), the larger (break), the smaller (NB-4.5, indicator)."""
    assert {nb.dealing.open_wall_by, nb.dealing.start_stacks_by, nb.wilds.indicator_die} == {"sum", "large", "small"}


def test_nh_1_1_ninghai_follows_ningbo_claims(nh, nb):
    """NH-1.1: where S004 is silent Ninghai plays as Ningbo: the same claims and claim order."""
    assert nh.claims == nb.claims


def test_nh_1_3_and_nh_1_6_wall_and_flowers(nh):
    """NH-1.3: the wall is opened by the sum of the two rolls; NH-1.6: flowers replaced in rounds from the dealer."""
    assert nh.dealing.open_wall_by == "sum"
    assert nh.flowers.initial_replacement == "rounds"


def test_nh_1_10_no_minimum(nh):
    """NH-1.10: 胡 × 番 scoring has no minimum to win."""
    assert isinstance(nh.scoring, FuFanScoring) and not hasattr(nh.scoring, "minimum")


def test_nh_6_2_santan_warnings(nh):
    """NH-6.2 (suit warning) and NH-6.3 (terminals and honours after three pungs) are
    stated as restrictions; the discard stays legal and makes the discarder liable (NH-6.5)."""
    assert nh.restriction("bao_suit_warning").rule == "NH-6.2"
    assert nh.restriction("bao_terminal_warning").rule == "NH-6.3"
    assert load_variant("ningbo").restriction("bao_suit_warning") is None


def test_nh_1_11_no_wind_fan(nh):
    """NH-1.11: Ninghai scores no wind pungs as 番; winds matter only for seat flowers (NH-3.2)."""
    fan_conditions = " ".join(f"{i.when} {i.each}" for i in nh.items if i.unit == "fan")
    assert "seat_wind" not in fan_conditions and "round_wind" not in fan_conditions
    assert "flowers(seat" in fan_conditions


def test_nb_1_2_tile_counts():
    """NB-1.2: 34 kinds × 4 = 136 tiles, plus the 8 flowers when the set has them (C1)."""
    from nbmj.rules.model import TileSetRules

    assert TileSetRules(flowers=False).total == 136
    assert load_variant("ningbo").tiles.total == 144


def test_shipped_names_and_aliases_are_unique():
    names = [i.name for i in variant_infos()]
    aliases = [a for i in variant_infos() for a in i.aliases]
    assert len(set(names + aliases)) == len(names) + len(aliases)


def test_nb_12_14_seven_wild_flowers():
    """NB-12.14, NB-12.16 in ningbo-7wild (C30): no group item; every seat flower counts;
    all eight replace them with 20."""
    r = load_variant("ningbo-7wild")
    assert str(r.item("seat_flower").each) == "flowers(seat)"
    assert r.item("flower_set").value is None
    assert r.item("all_flowers").excludes == ("flower_set", "seat_flower")


def test_an_item_a_variant_has_not_is_a_keyerror_that_says_so():
    # RuleSet.item raised a bare KeyError('nope'): no NbmjError, no word of which variant
    # or what it has
    from nbmj.errors import NbmjError
    from nbmj.rules import load_variant

    ningbo = load_variant("ningbo")
    with pytest.raises(KeyError) as err:
        ningbo.item("half_flsh")
    assert isinstance(err.value, NbmjError) and isinstance(err.value, ValueError)
    assert str(err.value) == "variant 'ningbo' has no item 'half_flsh'; its items are " + ", ".join(i.name for i in ningbo.items)
