"""The 西周 and 象山 readings (PZ_GameServer, X-PZ) and the constructs they brought into the
language: identical chows (NB-12.45), 全顺子 (NB-12.46), 送杠胡 (NB-12.47), their payments
(NB-14.17), and a reserve counted in tiles (NB-15.5, NH-1.9)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from nbmj.engine.actions import Action
from nbmj.engine.game import Game
from nbmj.engine.script import play_script
from nbmj.rules import compile_text, load_variant
from nbmj.errors import SituationError
from nbmj.scoring import Situation, score
from nbmj.scoring.bound import may_be_valid

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import make, play_passing  # noqa: E402

XIZHOU = load_variant("xizhou")
XIANGSHAN = load_variant("xiangshan")
Q10H6 = load_variant("xiangshan-q10h6")

#: the 板高 family over ningbo's three wilds (the 西周 server has none): a wild may complete
#: an identical chow
WILD_BANGAO = compile_text('''variant wild-bangao extends ningbo "the 板高 family with wilds"
items {
  new item bangao        "板高"     6 tai when identical_chows >= 2 group bangao   [NB-12.45]
  new item shuang_bangao "双板高"   15 tai when chow_pairs >= 2 group bangao       [NB-12.45]
  new item tai_bangao    "太板高"   25 tai when identical_chows >= 3 group bangao  [NB-12.45]
  new item taitai_bangao "太太板高" 50 tai when identical_chows >= 4 group bangao  [NB-12.45]
}''', "wild-bangao.nbv")


def _score(rules, **sit):
    return score(Situation.from_dict({"seat": "S", "round": "E", "win_by": "self_draw", **sit}), rules)


def _items(result):
    return {a.item.name: a.value for a in result.items}


@pytest.mark.parametrize("concealed, item, value", [
    ("123m 123m 456p 789s 5s", "bangao", 6),
    ("123m 123m 456p 456p 5s", "shuang_bangao", 15),
    ("123m 123m 123m 456p 5s", "tai_bangao", 25),
    ("123m 123m 123m 123m 5s", "taitai_bangao", 50),
])
def test_identical_chows_one_of_the_family_NB_12_45(concealed, item, value):
    """NB-12.45: two identical chows 6, 2+2 15, three 25, four 50; only the largest scores
    (one group), and 123m 123m 123m is read as three chows, not three pungs, where that
    scores more."""
    got = _items(_score(XIZHOU, concealed=concealed, win_tile="5s"))
    family = {k: v for k, v in got.items() if k.endswith("bangao")}
    assert family == {item: value}


def test_a_claimed_chow_is_fixed_and_counts_NB_12_45():
    """NB-12.45: a chow claimed from a discard counts as claimed, beside a concealed one;
    two different chows are no 板高."""
    chi = [{"kind": "chi", "tiles": "123m", "from": "E"}]
    got = _score(XIZHOU, concealed="123m 456p 456p 5s", win_tile="5s", win_by="discard", melds=chi, **{"from": "E"})
    assert _items(got)["shuang_bangao"] == 15 and got.decomposition.startswith("[123m] 123m")
    other = [{"kind": "chi", "tiles": "234m", "from": "E"}]
    plain = _score(XIZHOU, concealed="123m 456p 789p 5s", win_tile="5s", win_by="discard", melds=other, **{"from": "E"})
    assert not {k for k in _items(plain) if k.endswith("bangao")}


def test_a_wild_completes_an_identical_chow_and_the_best_reading_is_scored_NB_12_45():
    """NB-12.45, NB-12.2: with 9p wild (indicator 9p), 1m + two wilds complete a third 123m;
    the same wilds could make a pung, but the chow scores more."""
    got = _score(WILD_BANGAO, concealed="123m 123m 9p9p 1m 456p 5s", win_tile="5s", indicator="9p")
    assert _items(got)["tai_bangao"] == 25
    assert got.decomposition == "123m 123m 123m 456p 55s"
    # one wild, the winning tile: it completes a second 123m
    got = _score(WILD_BANGAO, concealed="123m 12m 456p 789s 5s5s", win_tile="9p", indicator="9p")
    assert _items(got)["bangao"] == 6


def test_the_bound_never_refuses_a_win_that_identical_chows_make_valid_NB_12_45():
    """NB-12.45: the value bound runs the identical-chow features over intervals: a hand
    whose only worth is its 板高 is not refused before it is scored."""
    rules = compile_text('''variant bg-min extends xizhou "板高 or nothing"
scoring tai { minimum 6 }''', "bg-min.nbv")
    sit = Situation.from_dict({"seat": "S", "concealed": "123m 123m 456p 789s 5s", "win_tile": "5s",
                               "win_by": "discard", "from": "E"})
    assert score(sit, rules).valid and may_be_valid(sit, rules)
    flat = Situation.from_dict({"seat": "S", "concealed": "123m 234m 456p 789s 5s", "win_tile": "5s",
                                "win_by": "discard", "from": "E"})
    assert not score(flat, rules).valid


def test_all_chows_item_and_the_waits_exclude_it_NB_12_46():
    """NB-12.46: 全顺子 needs every set a chow and no dragon, seat- or round-wind pair; a
    wait item removes it (the server lets one of them stand)."""
    two_sided = _items(_score(XIZHOU, concealed="234m 456p 678s 34s 55p", win_tile="2s", win_by="discard",
                              **{"from": "E"}))
    assert two_sided.get("all_chows_hand") == 1
    closed = _items(_score(XIZHOU, concealed="234m 456p 678s 24s 55p", win_tile="3s", win_by="discard",
                           **{"from": "E"}))
    assert closed.get("closed") == 1 and "all_chows_hand" not in closed
    dragon_pair = _items(_score(XIZHOU, concealed="234m 456p 678s 34s 55z", win_tile="2s", win_by="discard",
                                **{"from": "E"}))
    assert "all_chows_hand" not in dragon_pair


def test_song_gang_scores_and_its_giver_pays_NB_12_47_NB_14_17():
    """NB-12.47, NB-14.17: a self-draw on the replacement for a kong of S's discard scores
    送杠胡 and 杠上开花 but no 自摸, and S alone pays three shares."""
    kong = [{"kind": "kan", "tiles": "7777p", "from": "S"}]
    got = score(Situation.from_dict({"seat": "W", "concealed": "123m 456m 789s 5s", "win_tile": "5s",
                                     "win_by": "kong_replacement", "melds": kong}), XIZHOU)
    items = _items(got)
    assert items["song_gang"] == 1 and items["kong_bloom"] == 1 and "self_draw" not in items
    assert got.payments["S"] == -3 * got.points and got.payments["E"] == got.payments["N"] == 0


def test_song_gang_on_an_added_kong_its_pung_giver_pays_NB_12_47_NB_14_17():
    """NB-12.47, NB-14.17: a self-draw on the replacement for a kong added to a pung claimed
    from S scores 送杠胡 and 杠上开花 but no 自摸, and S, who gave the pung's tile, pays
    three shares alone; the situation names the kong (after_kongs): an added kong stays
    where its pung was among the melds, so without that list it is an ordinary self-draw."""
    kong = {"kind": "kakan", "tiles": "7777p", "from": "S"}
    plain = {"kind": "pon", "tiles": "111z", "from": "N"}
    sit = {"seat": "W", "concealed": "123m 456m 5s", "win_tile": "5s", "win_by": "kong_replacement",
           "melds": [kong, plain]}
    got = score(Situation.from_dict({**sit, "after_kongs": [kong]}), XIZHOU)
    items = _items(got)
    assert items["song_gang"] == 1 and items["kong_bloom"] == 1 and "self_draw" not in items
    assert got.payments["S"] == -3 * got.points and got.payments["E"] == got.payments["N"] == 0
    unnamed = score(Situation.from_dict(sit), XIZHOU)
    assert "song_gang" not in _items(unnamed) and "self_draw" in _items(unnamed)
    assert unnamed.payments["S"] == unnamed.payments["E"] == unnamed.payments["N"] == -unnamed.points


def test_a_kong_bloom_is_paid_for_the_kong_it_replaced_not_the_last_meld_NB_14_9():
    """NB-14.9: the discarder of a konged tile pays 5S for a 杠头开花 on that kong's
    replacement. A kong added to an earlier pung does not move among the melds, so the last
    meld can be another player's exposed kong: the kong the win replaced (after_kongs) says
    who pays, and in ``ningbo`` an added kong's bloom is an ordinary self-draw."""
    from nbmj.scoring import settle

    ningbo = load_variant("ningbo")
    melds = [{"kind": "kakan", "tiles": "5555s", "from": "E"}, {"kind": "kan", "tiles": "7777p", "from": "S"}]
    base = {"seat": "W", "concealed": "123m 456m 9s", "win_tile": "9s", "win_by": "kong_replacement", "melds": melds,
            "indicator": "1z"}
    added_last = Situation.from_dict({**base, "after_kongs": [melds[0]]})
    assert settle(added_last, ningbo, 1)[0] == {"E": -1, "S": -1, "W": 3, "N": -1}
    exposed_last = Situation.from_dict({**base, "after_kongs": [melds[1]]})
    assert settle(exposed_last, ningbo, 1)[0] == {"E": 0, "S": -5, "W": 5, "N": 0}


def test_xizhou_on_the_engine_song_gang_after_an_added_kong_NB_12_47_NB_14_17():
    """NB-12.47, NB-14.17 on the engine: W pungs E's 5s, later draws the fourth and adds it
    (nobody robs), and wins on the replacement: 送杠胡, and E, whose discard made the pung,
    pays alone."""
    from nbmj.engine.script import pass_claims

    hands = {"E": "5s123456789m12p3p7z", "S": "1234567p1234s9m6z", "W": "5s5s123m456m789p1s8p",
             "N": "9m9m9p9p2s2s3s3s6s6s7s7s5z"}
    g = make(hands, rules=XIZHOU, draws="8s8s8s5s", tail="1s")
    play_script(g, ["E discard 5s", "W pon 5s"])
    play_passing(g, ["W discard 8p", "N discard 8s", "E discard 8s", "S discard 8s"])
    g.step(Action.parse("W kakan 5s"))
    pass_claims(g)
    assert Action("W", "hu") in g.legal_actions("W")
    g.step(Action("W", "hu"))
    res = g.result
    sit = res.situations[0]
    assert sit.win_by == "kong_replacement" and [(m.kind, m.source) for m in sit.after_kongs] == [("kakan", "E")]
    items = {i["name"]: i["value"] for i in res.score.items}
    assert items["song_gang"] == 1 and "self_draw" not in items
    assert res.deltas["E"] == -3 * res.score.points and res.deltas["S"] == res.deltas["N"] == 0


def test_a_robbed_kong_is_paid_as_a_self_draw_NB_14_17():
    """NB-14.17, NB-12.27: 拉扛胡 is 1 台 and each other player pays as on a self-draw."""
    got = score(Situation.from_dict({"seat": "W", "concealed": "123m 456m 789s 55s 35p", "win_tile": "4p",
                                     "win_by": "rob_kong", "from": "S"}), XIZHOU)
    assert _items(got)["rob_kong"] == 1
    assert got.payments["S"] == got.payments["E"] == got.payments["N"] == -got.points


def test_xiangshan_drops_bangao_and_all_simples_and_q10h6_lowers_the_large_items():
    """NB-12.45, NB-12.41 (象山 returns 0 for both), NB-12.11, NB-12.12: 清10混6."""
    for rules in (XIANGSHAN, Q10H6):
        names = {i.name for i in rules.items}
        assert not names & {"bangao", "shuang_bangao", "tai_bangao", "taitai_bangao", "all_simples"}
    assert (XIANGSHAN.item("flush").value, XIANGSHAN.item("half_flush").value) == (12, 8)
    assert (Q10H6.item("flush").value, Q10H6.item("half_flush").value) == (10, 6)
    assert (Q10H6.item("heavenly").value, Q10H6.item("all_flowers").value) == (18, 15)


def _passive(g):
    while not g.is_over:
        seat = g.to_act[0]
        legal = g.legal_actions(seat)
        passes = [a for a in legal if a.kind == "pass"]
        g.step(passes[0] if passes else [a for a in legal if a.kind == "discard"][-1])
    return g


def test_xiangshan_keeps_exactly_16_tiles_counted_in_tiles_NB_15_5():
    """NB-15.5: every drawn hand of 象山 ends with exactly 16 tiles left, after an odd number
    of tail draws too; read by stacks, some would end with 17."""
    by_stacks = dataclasses.replace(XIANGSHAN, draw=dataclasses.replace(XIANGSHAN.draw, count_by="stacks"))
    left_tiles, left_stacks = set(), set()
    for seed in range(8):
        g = _passive(Game(XIANGSHAN, seed))
        if g.result.outcome == "draw":
            left_tiles.add(g.wall.remaining)
        g = _passive(Game(by_stacks, seed))
        if g.result.outcome == "draw":
            left_stacks.add(g.wall.remaining)
    assert left_tiles == {16}
    assert 17 in left_stacks and left_stacks <= {16, 17}


def test_xizhou_plays_to_the_last_tile_NB_15_1():
    """NB-15.1 in xizhou (the 3020 server leaves XiangShanDrawCount out)."""
    g = _passive(Game(XIZHOU, 0))
    assert g.result.outcome == "draw" and g.wall.remaining == 0


def test_the_winning_tile_of_a_heavenly_win_is_read_per_variant_NB_12_48():
    """NB-12.48: riichi_advanced lets any of the dealer's fourteen tiles be the winning one
    (``heavenly_wait any``): 3m or 2m then make an edge or closed wait, one tai more than the drawn 6p's
    two-sided wait; ``drawn`` scores the tile given. The reading is for the dealer's
    first-turn self-draw only."""
    ra = load_variant("ningbo-riichi-advanced")
    assert ra.heavenly_wait == "any" and load_variant("ningbo").heavenly_wait == "drawn"
    hand = {"seat": "E", "round": "E", "concealed": "123m 456m 789m 55s 78p", "win_tile": "6p",
            "win_by": "self_draw", "first_turn": True, "indicator": "9s"}
    best = score(Situation.from_dict(hand), ra)
    drawn = score(Situation.from_dict(hand), dataclasses.replace(ra, heavenly_wait="drawn"))
    assert best.wait in ("edge", "closed") and drawn.wait == "two_sided"
    assert best.tai == drawn.tai + 1 and "heavenly" in _items(best)
    later = score(Situation.from_dict({**hand, "first_turn": False}), ra)
    assert later.wait == "two_sided"


def test_no_independent_tiles_shape_without_a_source_NB_10_16():
    """NB-10.16: no source describes 奉化's "independent tiles" (不靠) hand, so the language
    has no such shape: naming one is an error that lists the shapes there are."""
    from nbmj.errors import RuleSetError
    from nbmj.rules.model import SHAPES

    assert set(SHAPES) == {"standard", "seven_pairs", "honors_any"}
    with pytest.raises(RuleSetError, match="seven_pairs"):
        compile_text('variant fh extends ningbo "x"\nwinning { shapes standard independent }\n', "fh.nbv")


def _huan_gang_game(konged_from_winner):
    """S kongs E's discard (or, as the control, its own four 1z), draws its replacement
    and discards 9p, on which E wins: the 西周 table on the engine."""
    others = {"W": "9m9m8m8m7m7m5s5s6s6s4s4s6z", "N": "4p6p7p8p1s2s3s5z5z5z7z3z3z"}
    if konged_from_winner:
        hands = {"E": "2z123456789m12p3p9p", "S": "2z2z2z123m456m789p5p", **others}
        g = make(hands, rules=XIZHOU, tail="6s")
        play_script(g, ["E discard 2z", "S kan 2z"])
    else:  # S holds four 1z and lays them down as a concealed kong in its own turn
        hands = {"E": "7z123456789m12p3p9p", "S": "1z1z1z1z23m456m789p5p", **others}
        g = make(hands, rules=XIZHOU, draws="6p", tail="6s")
        play_passing(g, ["E discard 7z"])
        play_script(g, ["S ankan 1z"])
    play_script(g, ["S discard 9p"])
    assert Action("E", "hu") in g.legal_actions("E")
    g.step(Action("E", "hu"))
    return g.result


def test_huan_gang_a_win_on_the_discard_after_a_kong_of_the_winner_s_tile_NB_12_49():
    """NB-12.49, NB-14.17: S kongs the 2z E discarded, draws its replacement and discards
    9p; E wins on it: 还杠胡 1 台, the situation names the kong, S pays as any discarder."""
    res = _huan_gang_game(konged_from_winner=True)
    sit = res.situations[0]
    assert [(m.kind, m.source) for m in sit.after_kongs] == [("kan", "E")]
    items = {i["name"]: i["value"] for i in res.score.items}
    assert items["huan_gang"] == 1
    assert res.deltas["S"] == -2 * res.score.points and res.deltas["W"] == res.deltas["N"] == 0


def test_no_huan_gang_after_a_kong_of_someone_else_s_tile_NB_12_49():
    """NB-12.49: a concealed kong of S's own tiles, then S's discard: the win came right
    after a kong (after_kong counts it) but not of the winner's tile."""
    res = _huan_gang_game(konged_from_winner=False)
    sit = res.situations[0]
    assert [(m.kind, m.source) for m in sit.after_kongs] == [("ankan", None)]
    assert "huan_gang" not in {i["name"] for i in res.score.items}


@pytest.mark.parametrize("args, expected", [
    ("", 2), ("exposed", 1), ("added", 1), ("concealed", 0), ("of_winner", 1), ("of_other", 1),
    ("exposed, of_winner", 1), ("added, of_winner", 0), ("added, of_other", 1),
    ("last", 1), ("last, added", 1), ("last, exposed", 0), ("last, added, of_other", 1),
])
def test_after_kong_counts_by_kind_and_giver_NB_12_49(args, expected):
    """NB-12.49: after_kong narrows the kongs a win came after by kind and by whose tile."""
    probe = f"after_kong({args})" if args else "after_kong"
    rules = compile_text(f'''variant ak extends xizhou "after_kong counted"
items {{ new item probe "probe" 1 tai each {probe} [NB-12.49] }}''', "ak.nbv")
    kongs = [{"kind": "kan", "tiles": "7777z", "from": "S"}, {"kind": "kakan", "tiles": "1111z", "from": "N"}]
    got = score(Situation.from_dict({"seat": "S", "concealed": "123m 456m 789s 234p 5p", "win_tile": "5p",
                                     "win_by": "discard", "from": "W", "after_kongs": kongs}), rules)
    assert _items(got).get("probe", 0) == expected


@pytest.mark.parametrize("bad, message", [
    ({"win_by": "self_draw", "from": None, "after_kongs": [{"kind": "kan", "tiles": "7777z", "from": "E"}]},
     "comes after a draw from the wall"),
    ({"after_kongs": [{"kind": "kan", "tiles": "7777z", "from": "W"}]}, "cannot come from the seat that made it"),
    ({"after_kongs": [{"kind": "pon", "tiles": "777z", "from": "S"}]}, "unknown kind 'pon'"),
    ({"after_kongs": [{"kind": "kan", "tiles": "5555p", "from": "S"}]}, "copies of '5p'"),
])
def test_after_kongs_in_a_situation_are_checked_NB_12_49(bad, message):
    """NB-12.49: the JSON form refuses kongs that cannot have come before the win."""
    data = {"seat": "S", "concealed": "123m 456m 789s 234p 5p", "win_tile": "5p", "win_by": "discard", "from": "W",
            "after_kongs": [{"kind": "kan", "tiles": "7777z", "from": "S"}], **bad}
    data = {k: v for k, v in data.items() if v is not None}
    with pytest.raises(SituationError, match=message):
        Situation.from_dict(data)
