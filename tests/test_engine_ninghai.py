"""Ninghai in the engine: 三摊 warnings and 包牌 (NH-6.1 to NH-6.5), the losers' settlement
(NH-5.1), and Ninghai's first-dealer roll and no-wild wall (NH-1.2, NH-1.5)."""

import pytest

from nbmj.engine import Game, make_bots, play_hand
from nbmj.engine.actions import Action
from nbmj.engine.ending import losers_settlement
from nbmj.engine.liability import forbidden_tiles, suit_warnings, terminal_warning
from nbmj.engine.script import scripted_wall
from nbmj.engine.state import TableMeld
from nbmj.rules import load_variant
from nbmj.scoring import hand_fu, settle_losers
from nbmj.scoring.situation import Meld
from nbmj.tiles import parse_counts, parse_tile, parse_tiles

NINGHAI = load_variant("ninghai")


def T(text):
    return parse_tile(text)


def meld(kind, notation):
    return (kind, tuple(parse_tiles(notation)))


@pytest.mark.parametrize(
    "melds, suits",
    [
        ([meld("pon", "111m"), meld("chi", "234m"), meld("pon", "555m")], {0}),
        ([meld("pon", "111z"), meld("pon", "555z"), meld("chi", "234p")], {1}),
        ([meld("pon", "777z"), meld("chi", "234s"), meld("kan", "9999s")], {2}),
        ([meld("pon", "111z"), meld("pon", "222z"), meld("pon", "333z")], set()),
        ([meld("pon", "111m"), meld("chi", "234p"), meld("pon", "555s")], set()),
        ([meld("pon", "111m"), meld("chi", "234m")], set()),
    ],
    ids=["three-of-a-suit", "two-honours-and-one", "one-honour-and-two", "honours-only", "mixed", "two-melds"],
)
def test_nh_6_1_suit_warning(melds, suits):
    """NH-6.1."""
    assert suit_warnings(melds) == suits


def test_nh_6_3_three_pungs_warn_of_terminals_and_honours():
    """NH-6.3, NB-1.4: 大幺 read as terminals and honours."""
    melds = [meld("pon", "222p"), meld("ankan", "5555s"), meld("kakan", "3333m")]
    assert terminal_warning(melds)
    assert not terminal_warning(melds[:2] + [meld("chi", "123m")])
    bad = forbidden_tiles(melds, suits=False, terminals=True)
    assert T("1m") in bad and T("9s") in bad and T("7z") in bad and T("5m") not in bad


HANDS = {
    "E": "6m1p4p7p1s4s7s1z2z3z4z5z6z7z",
    "S": "2p3p5p6p8p9p2s3s5s6s8s9s5m",
    "W": "1m1m1m2m3m4m5m5m5m7m8m9p9p",
    "N": "1p2p4p5p7p8p1s2s4s5s7s8s9m",
}


def warned_game(east_hand=None):
    hands = dict(HANDS)
    if east_hand:
        hands["E"] = east_hand
    g = Game(NINGHAI, wall=scripted_wall(NINGHAI, hands=hands, dice=(3, 4)), dice=(3, 4))
    # W has three melds of characters on the table and waits on 6m/9m (a test-only set-up)
    t = g.table
    t.seats[2].melds = [
        TableMeld("pon", (T("1m"),) * 3, 1), TableMeld("chi", tuple(parse_tiles("234m")), 1), TableMeld("pon", (T("5m"),) * 3, 3)
    ]
    t.seats[2].hand = bytearray(parse_counts("78m9p9p") + [0] * 8)
    t.discards_made = 8  # past the first go-around (NH-1.8)
    t.claims_made = True
    g.invalidate()
    return g


def test_nh_6_2_nh_6_5_not_ready_discard_into_a_warning_pays_for_the_table():
    """NH-6.2, NH-6.5."""
    g = warned_game()
    g.step(Action.parse("E discard 6m"))
    assert g.events[-1] == {"e": "bao", "seat": "E", "warned": "W", "tile": "6m"}
    g.step(Action("W", "hu"))
    res = g.result
    assert res.winners[0]["liable"] == "E"
    losers = losers_settlement(g.table, 2)
    to_winner = {s: res.deltas[s] - losers[i] for i, s in enumerate("ESWN")}
    assert to_winner["S"] == to_winner["N"] == 0
    assert to_winner["E"] == -to_winner["W"] == -res.score.payments[g.seat_wind(2)]


def test_nh_6_4_a_ready_player_may_discard_freely():
    """NH-6.4."""
    g = warned_game(east_hand="6m123p456p789p11s23s")
    g.step(Action.parse("E discard 6m"))
    assert not any(e["e"] == "bao" for e in g.events)
    g.step(Action("W", "hu"))
    assert "liable" not in g.result.winners[0]


def test_nh_5_1_losers_settle_by_their_fu():
    """NH-5.1, NH-5.2: E wins on its first draw (a scripted wall); the three others settle
    among themselves by the 胡 of their hands, on top of paying the winner."""
    hands = {"E": "123m456m789m123p55s", "S": "1z1z1z2z2z2z3p4p5p6p7p8p9s", "W": "12345678s1234z9p", "N": "1m2m3m4m5m6m7m8m9m7p8p9p5z"}
    g = Game(NINGHAI, wall=scripted_wall(NINGHAI, hands=hands, dice=(3, 4)), dice=(3, 4))
    assert Action("E", "hu") in g.legal_actions("E")
    g.step(Action("E", "hu"))
    res = g.result
    assert res.outcome == "win" and res.winner == "E"
    w = 0
    fu = {}
    for i in range(1, 4):
        hand = g.hands[i]
        melds = [Meld(m.kind, m.tiles, None if m.source is None else g.seat_wind(m.source)) for m in g.melds[i]]
        concealed = [t for t in range(34) for _ in range(hand[t])]
        fu[g.seat_wind(i)] = hand_fu(concealed, melds, g.flowers[i], NINGHAI, g.seat_wind(i), g.round_wind)
    net = settle_losers(fu, NINGHAI)
    assert any(net.values())  # the losers' hands differ, so money changes hands among them
    paid = res.score.payments
    for i, s in enumerate("ESWN"):
        assert res.deltas[s] == paid[g.seat_wind(i)] + (0 if i == w else net[g.seat_wind(i)])
    assert sum(res.deltas.values()) == 0


def test_nh_1_5_no_wilds_all_144_tiles_drawable():
    """NH-1.5."""
    g = Game(NINGHAI, 0)
    assert g.indicator is None and not g.wilds
    assert g.wall.remaining + g.wall.drawn == 144


def test_nh_5_1_several_winners_of_one_discard_take_no_part_in_the_losers_settlement():
    """NH-5.1 with NB-7.7's other reading (C9, ``multiple_winners all``): S and N both win
    on E's 9m; only E and W, the losers, settle their 胡 between them."""
    from nbmj.rules import compile_text
    from nbmj.scoring import hand_fu, settle_losers

    rules = compile_text('variant nh-all extends ninghai "Ninghai, several winners per discard"\n'
                         "claims { multiple_winners all }\n")
    hands = {"E": "9m1p3p5p7p9p2s4s6s8s3z4z6z7z", "S": "1m2m3m4p5p6p7s8s9s1z1z1z9m",
             "W": "1m1m1m2m2m2m3m3m3m4m4m5m6m", "N": "7m8m2p3p4p5s6s7s2z2z2z5z5z"}
    g = Game(rules, wall=scripted_wall(rules, hands=hands, dice=(3, 4)), dice=(3, 4))
    g.step(Action.parse("E discard 9m"))
    g.step(Action("S", "hu"))
    g.step(Action("N", "hu"))
    res = g.result
    assert [w["seat"] for w in res.winners] == ["S", "N"]
    left = {"E": "1p3p5p7p9p2s4s6s8s3z4z6z7z", "W": hands["W"]}  # E's hand after the discard
    fu = {s: hand_fu(left[s], [], [], rules, s) for s in ("E", "W")}
    losers = settle_losers(fu, rules)
    assert losers["W"] > 0  # W's three concealed pungs outscore E's nothing
    won = {s: 0 for s in "ESWN"}
    for score in res.scores:
        for s, amount in score.payments.items():
            won[s] += amount
    assert res.deltas == {s: won[s] + losers.get(s, 0) for s in "ESWN"}
