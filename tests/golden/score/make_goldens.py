"""The golden scoring cases (situation, rules, pinned numbers), written as JSON files.

``pytest tests/test_scoring_golden.py --update-goldens`` writes every case here (keeping
each file's ``expected``), then fills in ``expected`` from the engine; review the diff.
``pinned`` holds the numbers the sources give (the fact sheet's test vectors T1-T27),
worked out by hand here, never by the engine.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent

CASES: list[dict] = []


def case(name, variant, rules, doc, situation, pinned=None):
    sit = {"variant": variant, "round": "E", "indicator": None, "flowers": "", "melds": [], **situation}
    CASES.append({"id": name, "rules": rules, "doc": doc, "situation": sit, "pinned": pinned or {}})


def melds(*specs):
    out = []
    for spec in specs:
        kind, tiles, *src = spec.split()
        m = {"kind": kind, "tiles": tiles}
        if src:
            m["from"] = src[0]
        out.append(m)
    return out


# ----------------------------------------------------------------------------- Ningbo
NB = "ningbo"
NOWILD = "7z"  # an indicator whose wilds (中) are in none of these hands
# 3 tai: 中 pung (1), edge wait 12+3 (1), no wild (1)
BASE3 = {"concealed": "555z 12m 456p 789s 99s", "win_tile": "3m", "indicator": "7z"}

case("nb-T22a-seat-and-round-wind", NB, ["NB-12.20", "NB-12.21", "NB-13.1"],
     "T22: west round, west seat, west pung: seat wind 1 + round wind 1 = 2 tai.",
     {"seat": "W", "round": "W", "concealed": "333z 123m 456p 78s 99s", "win_tile": "6s", "win_by": "discard",
      "from": "N", "flowers": "3f", "indicator": NOWILD},
     {"item_values": {"seat_wind_pung": 1, "round_wind_pung": 1, "seat_flower": 1, "no_wild": 1},
      "tai": 4, "valid": True, "payments": {"W": 8, "N": -8}})
case("nb-T22b-round-wind-only", NB, ["NB-12.21", "NB-12.20"],
     "T22: west round, south seat, west pung: round wind 1 only.",
     {"seat": "S", "round": "W", "concealed": "333z 123m 456p 78s 99s", "win_tile": "6s", "win_by": "discard",
      "from": "N", "flowers": "26f", "indicator": NOWILD},
     {"item_values": {"round_wind_pung": 1, "seat_flower": 2}, "absent_items": ["seat_wind_pung"], "tai": 4,
      "payments": {"S": 8, "N": -8}})
case("nb-T22c-dealer-east-kong", NB, ["NB-12.20", "NB-12.21", "NB-2.4"],
     "T22: east round, dealer with an east kong: 2 tai.",
     {"seat": "E", "round": "E", "concealed": "123m 456p 78s 99s", "win_tile": "6s", "win_by": "self_draw",
      "melds": melds("kan 1111z S"), "flowers": "1f", "indicator": NOWILD},
     {"item_values": {"seat_wind_pung": 1, "round_wind_pung": 1}, "tai": 4,
      "payments": {"E": 12, "S": -4, "W": -4, "N": -4}})
for seat, flower, label in (("E", "1f", "春"), ("S", "6f", "兰"), ("W", "7f", "竹"), ("N", "8f", "菊")):
    frm = "E" if seat != "E" else "S"
    case(f"nb-T23-seat-flower-{seat}", NB, ["NB-12.14", "NB-13.1"],
         f"T23: the {seat} seat holding {label} scores 1 tai (S001's table).",
         {**BASE3, "seat": seat, "win_by": "discard", "from": frm, "flowers": flower},
         {"item_values": {"seat_flower": 1}, "tai": 4, "valid": True, "payments": {seat: 8, frm: -8}})
case("nb-T23-other-flower", NB, ["NB-12.17"],
     "A flower of another seat scores nothing: 3 tai, below the minimum.",
     {**BASE3, "seat": "S", "win_by": "discard", "from": "E", "flowers": "1f"},
     {"absent_items": ["seat_flower"], "tai": 3, "valid": False, "payments": {}})
case("nb-T23-four-seasons", NB, ["NB-12.15"],
     "T23: all of 春夏秋冬: 2 tai for the group, replacing the seat flower in it.",
     {**BASE3, "seat": "S", "win_by": "discard", "from": "E", "flowers": "1234f"},
     {"item_values": {"flower_set": 2}, "absent_items": ["seat_flower"], "tai": 5})
case("nb-T23-four-seasons-and-seat-plant", NB, ["NB-12.15", "NB-12.14"],
     "春夏秋冬 (2 tai) and the south seat's 兰 outside the group (1 tai).",
     {**BASE3, "seat": "S", "win_by": "discard", "from": "E", "flowers": "12346f"},
     {"item_values": {"flower_set": 2, "seat_flower": 1}, "tai": 6})
case("nb-T23-all-eight", NB, ["NB-12.16"],
     "T23: all eight flowers: 8 tai in total for the flowers.",
     {**BASE3, "seat": "S", "win_by": "discard", "from": "E", "flowers": "12345678f"},
     {"item_values": {"all_flowers": 8}, "absent_items": ["seat_flower", "flower_set"], "tai": 11})
case("nb-T23-wild-flower", NB, ["NB-12.18", "NB-4.4"],
     "T23: with 春 as indicator 夏秋冬 are wild; a wild 夏 is never laid aside (it stays in the hand), and 兰 scores 1.",
     {**BASE3, "seat": "S", "win_by": "discard", "from": "E", "flowers": "6f", "indicator": "1f"},
     {"item_values": {"seat_flower": 1}, "tai": 4})
case("nb-T24-paihu", NB, ["NB-12.3", "NB-12.10", "NB-12.11"],
     "T24: 123万 456万 777万 88万 + 23万 winning on 4万: 排糊, 0 tai for the pattern (清一色 4, 无百搭 1).",
     {"seat": "S", "concealed": "123m 456m 777m 88m 23m", "win_tile": "4m", "win_by": "discard", "from": "E",
      "indicator": NOWILD},
     {"item_values": {"pai_hu": 0, "flush": 4, "no_wild": 1}, "absent_items": ["edge", "closed", "single", "pair_pair"],
      "tai": 5, "payments": {"S": 10, "E": -10}})
case("nb-T25-duidao", NB, ["NB-12.8", "NB-10.11"],
     "T25: 对倒, a two-pair wait: 1 tai.",
     {"seat": "S", "concealed": "123m 456p 789s 55p 33s", "win_tile": "3s", "win_by": "self_draw",
      "flowers": "26f", "indicator": NOWILD},
     {"item_values": {"pair_pair": 1, "seat_flower": 2, "no_wild": 1}, "tai": 4,
      "payments": {"S": 12, "E": -4, "W": -4, "N": -4}})
case("nb-T25-duidao-all-pungs", NB, ["NB-12.8", "NB-12.13", "NB-12.19"],
     "T25: 对倒 with every other set a pung: 碰碰胡 is scored as well.",
     {"seat": "S", "concealed": "111m 999p 555z 22s 88s", "win_tile": "8s", "win_by": "discard", "from": "W",
      "indicator": NOWILD},
     {"item_values": {"pair_pair": 1, "all_pungs": 2, "dragon_pung": 1, "no_wild": 1}, "tai": 5,
      "payments": {"S": 10, "W": -10}})
case("nb-T26-big-crane", NB, ["NB-12.9", "NB-12.7", "NB-10.10"],
     "T26: 大吊车, four sets exposed, the win pairs the last tile: 1 tai plus 单吊.",
     {"seat": "S", "concealed": "7s", "win_tile": "7s", "win_by": "discard", "from": "W", "indicator": NOWILD,
      "melds": melds("pon 111m E", "pon 999p W", "pon 555z N", "chi 345s E")},
     {"item_values": {"big_crane": 1, "single": 1, "dragon_pung": 1, "no_wild": 1}, "tai": 4, "payments": {"S": 8, "W": -8}})
case("nb-T27-three-tai-cannot-win", NB, ["NB-13.1"],
     "T27: a hand worth 3 tai cannot win (minimum 4): not valid, nobody pays.",
     {**BASE3, "seat": "S", "win_by": "discard", "from": "E"},
     {"tai": 3, "valid": False, "payments": {}})
case("nb-T27-four-tai-wins", NB, ["NB-13.1", "NB-14.2"],
     "T27: the same hand with a seat flower, 4 tai, wins.",
     {**BASE3, "seat": "S", "win_by": "self_draw", "flowers": "2f"},
     {"tai": 4, "valid": True, "points": 4, "payments": {"S": 12, "E": -4, "W": -4, "N": -4}})
case("nb-closed-wait", NB, ["NB-12.6", "NB-10.8"],
     "嵌张: 13万 waiting on 2万: 1 tai.",
     {"seat": "S", "concealed": "555z 13m 456p 789s 99s", "win_tile": "2m", "win_by": "discard", "from": "E",
      "flowers": "2f", "indicator": NOWILD},
     {"item_values": {"closed": 1}, "tai": 4})
case("nb-half-flush", NB, ["NB-12.12", "NB-12.19"],
     "混一色 2 tai; the 中 triplet completed by the discard is still a dragon pung.",
     {"seat": "S", "concealed": "123m 456m 789m 11z 55z", "win_tile": "5z", "win_by": "discard", "from": "W",
      "indicator": NOWILD},
     {"item_values": {"half_flush": 2, "dragon_pung": 1, "pair_pair": 1}, "absent_items": ["flush"], "tai": 5})
case("nb-last-tile", NB, ["NB-12.26", "NB-11.6"],
     "海底捞月: a self-draw on the last tile, 1 tai.",
     {**BASE3, "seat": "S", "win_by": "self_draw", "last_tile": True},
     {"item_values": {"last_tile": 1}, "tai": 4})
case("nb-flower-bloom", NB, ["NB-12.25", "NB-11.3"],
     "杠上开花 on a flower's replacement: 1 tai.",
     {**BASE3, "seat": "S", "win_by": "flower_replacement"},
     {"item_values": {"kong_bloom": 1}, "tai": 4, "payments": {"S": 12, "E": -4, "W": -4, "N": -4}})
case("nb-heavenly-off", NB, ["NB-12.28"],
     "天胡 is defined but switched off: the dealer's first-turn self-draw scores nothing for it.",
     {**BASE3, "seat": "E", "win_by": "self_draw", "first_turn": True, "flowers": "1f"},
     {"absent_items": ["heavenly"], "tai": 4})
case("nb-three-wilds-outside-minimum", NB, ["NB-12.31", "NB-13.2"],
     "三百搭: 5 tai that do not count toward the minimum; 2 tai count, so the hand cannot win.",
     {"seat": "S", "concealed": "555m 123p 456s 789s 2z", "win_tile": "2z", "win_by": "self_draw", "indicator": "5m"},
     {"item_values": {"three_wilds": 5}, "absent_items": ["no_wild"], "valid": False, "payments": {}})
case("nb-three-wilds-valid", NB, ["NB-12.31", "NB-13.2"],
     "三百搭 with 4 tai that count (two seat flowers, seat-wind pung, 对倒): valid, worth 4 + 5.",
     {"seat": "S", "concealed": "555m 123p 456s 789s 2z", "win_tile": "2z", "win_by": "self_draw", "indicator": "5m",
      "flowers": "26f"},
     {"item_values": {"three_wilds": 5}, "valid": True, "tai": 9, "points": 9})
case("nb-wilds-flush", NB, ["NB-12.22", "NB-12.11"],
     "A wild standing for a tile of the suit keeps a flush (the 5万 are wild).",
     {"seat": "S", "concealed": "123m 456m 789m 11m 2m 5m", "win_tile": "2m", "win_by": "self_draw", "indicator": "5m"},
     {"item_values": {"flush": 4}, "absent_items": ["no_wild"]})
case("nb-wild-single-wait-discard", NB, ["NB-11.9", "NB-4.8"],
     "财神单吊: complete but for a lone wild; it cannot win on a discard.",
     {"seat": "S", "concealed": "234m 456p 789s 555z 1m", "win_tile": "9s", "win_by": "discard", "from": "E",
      "indicator": "1m", "flowers": "26f"},
     {"valid": False, "payments": {}})
case("nb-wild-single-wait-rob", NB, ["NB-11.9", "NB-4.8"],
     "财神单吊 cannot rob a kong either (S003).",
     {"seat": "S", "concealed": "234m 456p 789s 555z 1m", "win_tile": "9s", "win_by": "rob_kong", "from": "E",
      "indicator": "1m", "flowers": "26f"},
     {"valid": False, "payments": {}})
case("nb-wild-single-wait-self-draw", NB, ["NB-11.9", "NB-12.7"],
     "财神单吊 may win by self-draw.",
     {"seat": "S", "concealed": "234m 456p 789s 555z 1m", "win_tile": "9s", "win_by": "self_draw",
      "indicator": "1m", "flowers": "26f"},
     {"valid": True})

case("nb-all-honours-off", NB, ["NB-12.23", "NB-12.13", "NB-12.20", "NB-12.21"],
     "字一色 has no value in the 3-wild game (off); all pungs and the honour pungs still score.",
     {"seat": "S", "concealed": "111z 222z 333z 55z 66z", "win_tile": "6z", "win_by": "discard", "from": "E",
      "indicator": "1m"},
     {"item_values": {"all_pungs": 2, "seat_wind_pung": 1, "round_wind_pung": 1, "dragon_pung": 1},
      "absent_items": ["all_honors"], "tai": 7})
case("nb7-all-honours", "ningbo-7wild", ["NB-12.23"],
     "字一色 20 tai in the 7-wild game (X-NBR), adding to the other items.",
     {"seat": "S", "concealed": "111z 222z 333z 55z 66z", "win_tile": "6z", "win_by": "self_draw",
      "indicator": "1m"},
     {"item_values": {"all_honors": 20, "all_pungs": 2}})
case("nb-earthly-off", NB, ["NB-12.29", "NB-11.8"],
     "地胡 is defined but switched off.",
     {**BASE3, "seat": "S", "win_by": "discard", "from": "E", "first_turn": True, "flowers": "2f"},
     {"absent_items": ["earthly"], "tai": 4})
case("nb-concealed-hand-off", NB, ["NB-12.30"],
     "门清 is defined but switched off: a fully concealed hand scores nothing for it.",
     {**BASE3, "seat": "S", "win_by": "self_draw", "flowers": "2f"},
     {"absent_items": ["concealed_hand"], "tai": 4})
case("nb-ping-hu-off", NB, ["NB-12.4", "NB-12.3"],
     "平糊 (all chows, two-sided) is defined with no value; it is not 排糊 either.",
     {"seat": "S", "concealed": "123m 456p 789s 23s 99p", "win_tile": "4s", "win_by": "discard", "from": "E",
      "indicator": NOWILD},
     {"absent_items": ["ping_hu", "pai_hu"], "tai": 1, "valid": False})

# payments and liability: S = tai
LINK = {"seat": "S", "concealed": "23m 99p", "win_tile": "4m", "indicator": NOWILD, "flowers": "2f",
        "melds": melds("pon 555z E", "pon 666z E", "chi 789s E")}  # 中 发 pungs 2 + 无百搭 1 + 夏 1 = 4
case("nb-T9-linked-self-draw", NB, ["NB-14.6", "NB-14.5"],
     "T9: A self-draws; B (east) fed three melds: B pays 5S, C and D nothing.",
     {**LINK, "win_by": "self_draw"}, {"tai": 4, "payments": {"S": 20, "E": -20}})
case("nb-T10-linked-other-discards", NB, ["NB-14.7"],
     "T10: A wins on C's discard: partner 2S, discarder 2S, D nothing.",
     {**LINK, "win_by": "discard", "from": "W"}, {"payments": {"S": 16, "E": -8, "W": -8}})
case("nb-T11-linked-partner-discards", NB, ["NB-14.8"],
     "T11: A wins on B's discard: B pays 4S.",
     {**LINK, "win_by": "discard", "from": "E"}, {"payments": {"S": 16, "E": -16}})
case("nb-T12-kong-bloom-on-discard", NB, ["NB-14.9", "NB-11.4"],
     "T12: 杠头开花 after konging W's discard: W pays 5S, nobody else.",
     {"seat": "S", "concealed": "23m 789s 99p", "win_tile": "4m", "win_by": "kong_replacement", "indicator": NOWILD,
      "melds": melds("pon 555z W", "kan 6666z W")},
     {"item_values": {"kong_bloom": 1}, "tai": 4, "payments": {"S": 20, "W": -20}})
case("nb-T13-feeding-kong-third-meld", NB, ["NB-14.10"],
     "T13: W fed two melds and the third is the kong before A's 杠上开花: W pays 10S.",
     {"seat": "S", "concealed": "23m 99p", "win_tile": "4m", "win_by": "kong_replacement", "indicator": NOWILD,
      "melds": melds("pon 111p W", "pon 555z W", "kan 6666z W")},
     {"tai": 4, "payments": {"S": 40, "W": -40}})
case("nb-T14-mutual-other-discards", NB, ["NB-14.11"],
     "T14: mutual link, A wins on C's discard: B 4S, C 2S.",
     {**LINK, "win_by": "discard", "from": "W", "fed": {"E": 3}}, {"payments": {"S": 24, "E": -16, "W": -8}})
case("nb-T14-mutual-self-draw", NB, ["NB-14.11"],
     "T14: mutual link, A self-draws: B 10S.",
     {**LINK, "win_by": "self_draw", "fed": {"E": 3}}, {"payments": {"S": 40, "E": -40}})
case("nb-T15-baseline-discard", NB, ["NB-14.1", "NB-14.3"],
     "T15: no link, discard win: the discarder pays 2S.",
     {**BASE3, "seat": "S", "win_by": "discard", "from": "N", "flowers": "2f"},
     {"points": 4, "payments": {"S": 8, "N": -8}})
case("nb-T15-baseline-self-draw", NB, ["NB-14.2"],
     "T15: no link, self-draw: each opponent pays S.",
     {**BASE3, "seat": "W", "win_by": "self_draw", "flowers": "3f"},
     {"points": 4, "payments": {"W": 12, "E": -4, "S": -4, "N": -4}})
case("nb-rob-kong", NB, ["NB-14.4", "NB-11.5"],
     "Robbing a kong is paid as a discard by the robbed player: 2S.",
     {**BASE3, "seat": "S", "win_by": "rob_kong", "from": "N", "flowers": "2f"},
     {"payments": {"S": 8, "N": -8}})
case("nb-rob-kong-linked", NB, ["NB-14.4", "NB-14.7"],
     "A robbed kong under a link: the robbed player pays as a discarder, the partner 2S.",
     {**LINK, "win_by": "rob_kong", "from": "W"}, {"payments": {"S": 16, "E": -8, "W": -8}})
case("nb-two-partners", NB, ["NB-14.12"],
     "Two linked players each pay their own row on a self-draw (5S each).",
     {"seat": "S", "concealed": "9p", "win_tile": "9p", "win_by": "self_draw", "indicator": NOWILD,
      "melds": melds("pon 555z E", "pon 666z E", "chi 789s E", "pon 111m W"), "fed": {"W": 3}})

# ningbo-000: S000's one-share payments and its liability wording (NB-14.13)
N0 = "ningbo-000"
case("nb000-discard-one-share", N0, ["NB-14.13"],
     "S000: the discarder pays one share (S).",
     {**BASE3, "seat": "S", "win_by": "discard", "from": "N", "flowers": "2f"},
     {"points": 4, "payments": {"S": 4, "N": -4}})
case("nb000-linked-self-draw-partner-only", N0, ["NB-14.13"],
     "S000: a linked self-draw costs the partner 5S; S000 is silent on the others, who pay nothing as in S001 (NB-14.13).",
     {**LINK, "win_by": "self_draw"}, {"payments": {"S": 20, "E": -20}})
case("nb000-linked-partner-discards", N0, ["NB-14.13"],
     "S000: on the partner's discard, the partner pays the discard amount ×2.",
     {**LINK, "win_by": "discard", "from": "E"}, {"payments": {"S": 8, "E": -8}})
case("nb000-linked-other-discards", N0, ["NB-14.13"],
     "S000: on another's discard, the partner pays the same as the discarder (S each).",
     {**LINK, "win_by": "discard", "from": "W"}, {"payments": {"S": 8, "E": -4, "W": -4}})
case("nb000-kong-bloom-is-a-self-draw", N0, ["NB-14.13", "NB-14.9"],
     "ningbo-000 has no 杠头开花 payment (S001 only): the win is paid as a self-draw.",
     {"seat": "S", "concealed": "23m 789s 99p", "win_tile": "4m", "win_by": "kong_replacement", "indicator": NOWILD,
      "melds": melds("pon 555z W", "kan 6666z W")},
     {"payments": {"S": 12, "E": -4, "W": -4, "N": -4}})
case("nb000-points-cap", N0, ["NB-13.3"],
     "The 4000-point cap of ningbo-000 is never reached by a real hand: S = tai.",
     {**BASE3, "seat": "S", "win_by": "self_draw", "flowers": "12345678f"},
     {"points": 11, "tai": 11})

# ningbo-7wild: X-NBR (7 wilds, no chow, self-draw only)
N7 = "ningbo-7wild"
case("nb7-seven-wilds", N7, ["NB-4.9", "NB-12.33", "NB-13.2"],
     "7 wilds: the indicator 5万 makes 5万 and 6万 wild; holding all seven scores 20 tai.",
     {"seat": "S", "concealed": "555m 6666m 123p 78s 1z", "win_tile": "9s", "win_by": "self_draw", "indicator": "5m"},
     {"item_values": {"seven_wilds": 20}, "valid": True})
case("nb7-wilds-next-kind", N7, ["NB-4.9", "NB-4.10"],
     "7 wilds: a 6万 (the next kind after the 5万 indicator) completes the hand as a wild.",
     {"seat": "S", "concealed": "555z 12p 456p 789s 9s 6m", "win_tile": "3p", "win_by": "self_draw", "indicator": "5m",
      "flowers": "26f"},
     {"absent_items": ["no_wild"], "valid": True})
case("nb7-no-discard-win", N7, ["NB-7.9"],
     "X-NBR: only self-drawn wins; a discard win is not valid.",
     {**BASE3, "seat": "S", "win_by": "discard", "from": "N", "flowers": "2f", "indicator": "1z"},
     {"valid": False, "payments": {}})
case("nb7-rob-kong-times-five", N7, ["NB-14.4", "NB-11.5"],
     "X-NBR: robbing a kong is allowed; the robbed player pays 5S.",
     {**BASE3, "seat": "S", "win_by": "rob_kong", "from": "N", "flowers": "2f", "indicator": "1z"},
     {"valid": True, "payments": {"S": 20, "N": -20}})
case("nb7-all-flowers-20", N7, ["NB-12.16", "NB-12.15"],
     "X-NBR: all eight flowers 20 tai; no 2-tai group item.",
     {**BASE3, "seat": "S", "win_by": "self_draw", "flowers": "12345678f", "indicator": "1z"},
     {"item_values": {"all_flowers": 20}, "absent_items": ["flower_set"]})
case("nb7-three-pungs-fed", N7, ["NB-14.5", "NB-14.6"],
     "X-NBR: three pungs from one opponent: on a self-draw that opponent pays 5S.",
     {"seat": "S", "concealed": "23m 99p", "win_tile": "4m", "win_by": "self_draw", "indicator": "1z", "flowers": "2f",
      "melds": melds("pon 555z E", "pon 666z E", "pon 111s E")},
     {"tai": 4, "payments": {"S": 20, "E": -20}})

# ----------------------------------------------------------------------------- Ninghai
T1 = {"seat": "S", "concealed": "13s 66m 888m", "win_tile": "2s", "win_by": "self_draw",
      "melds": melds("kan 9999m E", "pon 555m W")}
ONE_FAN = {"seat": "S", "concealed": "13s 66m 234p", "win_tile": "2s", "win_by": "self_draw", "flowers": "2f",
           "melds": melds("kan 9999m E", "pon 555m W")}  # 56 胡 with the 夏 seat flower: 1 番
TWO_FAN = {**T1, "flowers": "26f"}  # 64 胡, 2 番
THREE_FAN = {**T1, "flowers": "26f", "melds": melds("kan 9999m E", "pon 555z W")}  # 2 flowers + 中 pung
SCHEMES = {
    "ninghai-yaobansan": ("NH-4.3", 30, {0: (56, 60, 60), 1: (56, 120, 120), 2: (64, 260, 260), 3: (None, 300, 300)}),
    "ninghai-yaobanliu": ("NH-4.4", 60, {0: (86, 90, 100), 1: (86, 180, 200), 2: (94, 380, 400), 3: (None, 500, 500)}),
    "ninghai-yaoerliu": ("NH-4.6", 100, {0: (126, 130, 150), 1: (126, 260, 250), 2: (134, 540, 550), 3: (None, 1000, 1000)}),
    "ninghai-tuidaoba": ("NH-4.5", None, {0: (None, 100, 100), 1: (None, 200, 200), 2: (None, 400, 400), 3: (None, 800, 800)}),
}
TV = {"ninghai-yaobansan": "T1", "ninghai-yaobanliu": "T2", "ninghai-yaoerliu": "T3", "ninghai-tuidaoba": "T4"}
for variant, (rule, base, table) in SCHEMES.items():
    short = variant.split("-")[1]
    for fan, sit in ((0, T1), (1, ONE_FAN), (2, TWO_FAN), (3, THREE_FAN)):
        fu, hu, silver = table[fan]
        pinned = {"hu": hu, "points": silver, "fan": fan}
        if fu is not None:
            pinned["fu"] = fu
        pinned["payments"] = {"S": 3 * silver, "E": -silver, "W": -silver, "N": -silver}
        rules = [rule, "NH-4.1", "NH-4.2", "NH-3.1", "NH-2.1", "NH-2.8", "NH-2.9"] + (["NH-3.9"] if fan == 3 else []) + (["NH-4.7"] if silver != hu else [])
        case(f"nh-{TV[variant]}-{short}-{fan}fan", variant, rules,
             f"{TV[variant]}: S004's worked example under {short} with {fan} 番"
             + (" (the seed's 120 for 172 is a misprint: 180)" if (short, fan) == ("yaobanliu", 1) else ""), sit, pinned)

NH = "ninghai"
case("nh-T5-fu-table-kongs", NH, ["NH-2.2", "NH-2.3", "NH-2.4", "NH-2.5", "NH-2.10"],
     "T5: concealed 东 kong 32, exposed 2筒 kong 8, concealed 9索 triplet 8, chow and pair 0: 30+48 = 78 → 80.",
     {"seat": "S", "concealed": "999s 345m 7p", "win_tile": "7p", "win_by": "discard", "from": "W",
      "melds": melds("ankan 1111z", "kan 2222p E")},
     {"fu": 78, "hu": 80, "item_values": {"fu_concealed_kong": 32, "fu_exposed_kong_simple": 8, "fu_concealed_pung": 8}})
case("nh-T5-fu-table-simple-kong-and-pungs", NH, ["NH-2.2", "NH-2.3", "NH-2.5"],
     "T5: concealed 5万 kong 16, exposed 1筒 pung 4, exposed 中 pung 4, concealed 3索 triplet 4.",
     {"seat": "S", "concealed": "333s 7p", "win_tile": "7p", "win_by": "discard", "from": "W",
      "melds": melds("ankan 5555m", "pon 111p E", "pon 777z N")},
     {"fu": 58, "item_values": {"fu_concealed_kong_simple": 16, "fu_exposed_pung": 8, "fu_concealed_pung_simple": 4}})
case("nh-discard-triplet-is-exposed", NH, ["NH-2.6"],
     "A triplet completed by a discard counts as exposed: the 8万 pung is 2, not 4; no self-draw, no 夹中.",
     {"seat": "S", "concealed": "123s 66m 88m", "win_tile": "8m", "win_by": "discard", "from": "E",
      "melds": melds("kan 9999m E", "pon 555m W")},
     {"fu": 50, "hu": 50, "item_values": {"fu_exposed_pung_simple": 4}})
case("nh-T5-flowers-and-closed-wait", NH, ["NH-2.7", "NH-2.9", "NH-3.2"],
     "T5: two flowers of other seats 8 胡, 夹中 2, on a discard; no 番.",
     {"seat": "S", "concealed": "13s 123m 456p 789s 55p", "win_tile": "2s", "win_by": "discard", "from": "E",
      "flowers": "37f"},
     {"fu": 40, "hu": 40, "fan": 0, "item_values": {"fu_flower": 8, "fu_closed_wait": 2}})
case("nh-T7-east-plum", NH, ["NH-3.2"],
     "T7: the east seat holding 梅: 1 番.",
     {"seat": "E", "concealed": "13s 123m 456p 789s 55p", "win_tile": "2s", "win_by": "discard", "from": "S",
      "flowers": "5f"},
     {"fan": 1, "item_values": {"fan_seat_flower": 1}, "fu": 36, "hu": 80})
case("nh-T7-east-plum-spring", NH, ["NH-3.2"],
     "T7: the east seat holding 梅 and 春: 2 番.",
     {"seat": "E", "concealed": "13s 123m 456p 789s 55p", "win_tile": "2s", "win_by": "discard", "from": "S",
      "flowers": "15f"},
     {"fan": 2, "item_values": {"fan_seat_flower": 2}, "fu": 40, "hu": 160})
case("nh-T7-west-chrysanthemum", NH, ["NH-3.2"],
     "T7: the west seat holding 菊 (S004's table): 1 番.",
     {"seat": "W", "concealed": "13s 123m 456p 789s 55p", "win_tile": "2s", "win_by": "discard", "from": "S",
      "flowers": "8f"},
     {"fan": 1, "item_values": {"fan_seat_flower": 1}})
case("nh-T7-four-plants", NH, ["NH-3.3"],
     "T7: 梅兰菊竹 all held: 2 番 for the group, replacing the seat flower in it.",
     {"seat": "S", "concealed": "13s 123m 456p 789s 55p", "win_tile": "2s", "win_by": "discard", "from": "E",
      "flowers": "5678f"},
     {"fan": 2, "item_values": {"fan_flower_set": 2}, "absent_items": ["fan_seat_flower"], "fu": 48, "hu": 200})
case("nh-T7-flush", NH, ["NH-3.4"],
     "T7: 清一色 3 番: the cap, 300.",
     {"seat": "S", "concealed": "123m 456m 789m 11m 23m", "win_tile": "4m", "win_by": "discard", "from": "E"},
     {"fan": 3, "item_values": {"fan_flush": 3}, "hu": 300})
case("nh-T7-all-honours", NH, ["NH-3.5", "NH-3.7"],
     "T7: 字一色 3 番 (and 对对胡 1): capped at 3, 300.",
     {"seat": "S", "concealed": "111z 222z 333z 44z 66z", "win_tile": "6z", "win_by": "discard", "from": "E"},
     {"fan": 3, "item_values": {"fan_all_honors": 3, "fan_all_pungs": 1, "fan_dragon_pung": 1}, "hu": 300})
case("nh-T7-half-flush", NH, ["NH-3.6"],
     "T7: 混一色 2 番.",
     {"seat": "S", "concealed": "123m 456m 789m 11z 23m", "win_tile": "4m", "win_by": "discard", "from": "E"},
     {"fan": 2, "item_values": {"fan_half_flush": 2}, "fu": 30, "hu": 120})
case("nh-T7-all-pungs", NH, ["NH-3.7"],
     "T7: 对对胡 1 番.",
     {"seat": "S", "concealed": "222m 333p 444s 55m 66p", "win_tile": "6p", "win_by": "discard", "from": "E"},
     {"fan": 1, "item_values": {"fan_all_pungs": 1}, "fu": 44, "hu": 90})
case("nh-T7-dragon-pung", NH, ["NH-3.8"],
     "T7: a 发 triplet: 1 番 (and 8 胡 as a concealed honour triplet).",
     {"seat": "S", "concealed": "666z 123m 456p 78s 99s", "win_tile": "6s", "win_by": "discard", "from": "E"},
     {"fan": 1, "item_values": {"fan_dragon_pung": 1, "fu_concealed_pung": 8}, "fu": 38, "hu": 80})
case("nh-T7-dragon-pair-scores-nothing", NH, ["NH-3.8", "NH-2.10"],
     "A pair of dragons is no 番 (C22).",
     {"seat": "S", "concealed": "66z 123m 456p 78s 999s", "win_tile": "6s", "win_by": "discard", "from": "E"},
     {"fan": 0, "absent_items": ["fan_dragon_pung"]})
case("nh-discard-payment", NH, ["NH-4.8"],
     "Who pays a discard win: as the variant's payment table says.",
     {"seat": "S", "concealed": "13s 123m 456p 789s 55p", "win_tile": "2s", "win_by": "discard", "from": "E"})

case("nh-liable-pays-for-the-table", NH, ["NH-6.5"],
     "包牌: the liable player (west) pays all three shares (3 × 60); the others pay nothing.",
     {**T1, "liable": "W"}, {"payments": {"S": 180, "W": -180}})


# ----------------------------------------------------------------------------- 西周 and 象山 (X-PZ)
XZ, XS, XSQ = "xizhou", "xiangshan", "xiangshan-q10h6"
case("xz-claimed-chow-makes-shuang-bangao", XZ, ["NB-12.45", "NB-12.7"],
     "A chow claimed from south stays as claimed and pairs with a concealed 123m; 456p 456p "
     "is the second pair: 双板高 15 and 单吊 1 (X-PZ 3023, 3012); no 门清 after a chow.",
     {"seat": "W", "concealed": "123m 456p 456p 5s", "win_tile": "5s", "win_by": "discard", "from": "S",
      "melds": melds("chi 123m S")},
     {"item_values": {"shuang_bangao": 15, "single": 1}, "absent_items": ["bangao", "concealed_hand"], "tai": 16,
      "payments": {"W": 32, "S": -32}})
case("xz-taitai-bangao", XZ, ["NB-12.45", "NB-12.30", "NB-12.38"],
     "Four identical chows: 太太板高 50 alone of its family, with 单吊, 门清 and 自摸 1 each: 53 台.",
     {"seat": "S", "concealed": "123m 123m 123m 123m 5s", "win_tile": "5s", "win_by": "self_draw"},
     {"item_values": {"taitai_bangao": 50, "single": 1, "concealed_hand": 1, "self_draw": 1},
      "absent_items": ["bangao", "shuang_bangao", "tai_bangao"], "tai": 53,
      "payments": {"S": 159, "E": -53, "W": -53, "N": -53}})
case("xz-all-chows-all-simples", XZ, ["NB-12.46", "NB-12.41", "NB-12.30"],
     "全顺子 1 on a two-sided wait, 断幺九 2, 门清 1 (a discard win keeps it): 4 台.",
     {"seat": "N", "concealed": "234m 456p 678s 34s 55p", "win_tile": "2s", "win_by": "discard", "from": "W"},
     {"item_values": {"all_chows_hand": 1, "all_simples": 2, "concealed_hand": 1}, "tai": 4,
      "payments": {"N": 8, "W": -8}})
case("xz-song-gang-paid-by-the-giver", XZ, ["NB-12.47", "NB-12.25", "NB-14.17"],
     "送杠胡 1 and 杠上开花 1 after konging south's 7p, 单吊 1, no 自摸: 3 台, south pays 3 × 3.",
     {"seat": "W", "concealed": "123m 456m 789s 5s", "win_tile": "5s", "win_by": "kong_replacement",
      "melds": melds("kan 7777p S")},
     {"item_values": {"song_gang": 1, "kong_bloom": 1, "single": 1}, "absent_items": ["self_draw"], "tai": 3,
      "payments": {"W": 9, "S": -9}})
case("xs-no-bangao", XS, ["NB-12.45", "NB-12.7", "NB-12.38"],
     "象山 scores no 板高 (its function returns 0): 单吊, 门清, 自摸, 3 台.",
     {"seat": "S", "concealed": "123m 123m 456p 789s 5s", "win_tile": "5s", "win_by": "self_draw"},
     {"absent_items": ["bangao"], "tai": 3, "payments": {"S": 9, "E": -3, "W": -3, "N": -3}})
case("xsq-flush-is-10", XSQ, ["NB-12.11", "NB-12.7"],
     "清10混6: 清一色 10, 单吊 1, 门清 1: 12 台 on north's discard.",
     {"seat": "E", "concealed": "111m 234m 456m 789m 9m", "win_tile": "9m", "win_by": "discard", "from": "N"},
     {"item_values": {"flush": 10, "single": 1, "concealed_hand": 1}, "tai": 12, "payments": {"E": 24, "N": -24}})


def main(argv: list[str]) -> int:
    force = "--force" in argv
    written = 0
    for c in CASES:
        path = HERE / f"{c['id']}.json"
        if path.exists():
            old = json.loads(path.read_text(encoding="utf-8"))
            if not force:
                continue
            if "expected" in old:
                c = {**c, "expected": old["expected"]}
        path.write_text(json.dumps(c, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        written += 1
    print(f"{written} of {len(CASES)} cases written")
    return 0

