"""Chinese (zh_CN) meanings of the words of the variant language that the rules model
describes: the condition features (:data:`nbmj.rules.model.FEATURES`) and the restriction
kinds (:data:`nbmj.rules.model.RESTRICTION_KINDS`), English meaning -> Chinese.

The Chinese documentation (:mod:`nbmj.sphinxext.zh_CN`) and the language server's hovers
(:mod:`nbmj.lsp`) both read them from here; the documentation and the web lobby read the
shipped variants' summaries in Chinese (:data:`SUMMARIES`) from here too.
"""

from __future__ import annotations

from typing import Final

MEANINGS: Final[dict[str, str]] = {
    # -- the condition vocabulary (nbmj.rules.model.FEATURES)
    "pungs and kongs in the scored decomposition; arguments narrow by tile class, exposure (a triplet "
    "completed by a discard counts as exposed) and size": (
        "计分所用拆法中的刻子和杠；参数按牌的类别、明暗（靠别人打的牌凑成的刻子算明刻）和大小限定"
    ),
    "the pair, if its tiles are of the given class (0 or 1)": "对子，如果它的牌属于给定的类别（0 或 1）",
    "chows in the scored decomposition": "计分所用拆法中的顺子",
    "清一色: every tile of one suit, no honours": "清一色：全部是同一花色的数牌，没有字牌",
    "混一色: one suit plus honours, both present": "混一色：一种花色的数牌加字牌，两者都有",
    "字一色: honours only": "字一色：只有字牌",
    "碰碰胡/对对胡: no chow": "碰碰胡／对对胡：没有顺子",
    "every meld is a chow": "每副面子都是顺子",
    "板高: the most chows of the reading that are the same chow (claimed chows as claimed; 0 without a chow)": (
        "板高：这种拆法中一模一样的顺子最多有几副（吃来的顺子按吃的样子计；没有顺子时为 0）"
    ),
    "双板高: how many different chows the reading holds at least twice": "双板高：这种拆法中至少出现两次的不同顺子有几种",
    "how the winning tile completed the scored decomposition: edge 边张 (12+3, 89+7), closed 嵌张 (13+2), "
    "single 单吊 (pairs a lone tile), pair_pair 对倒 (one of two pairs becomes a pung), two_sided 两面": (
        "胡张如何补全计分所用的拆法：edge 边张（12+3、89+7），closed 嵌张（13+2），single 单吊（与一张单牌成对），"
        "pair_pair 对倒（两个对子之一成刻），two_sided 两面"
    ),
    "大吊车: every other set exposed; the win pairs the one concealed tile": (
        "大吊车：其余各副都已亮出，胡张与手里唯一的一张牌成对"
    ),
    "门清: no meld claimed from a discard (concealed kongs allowed)": "门清：没有吃碰别人打的牌（暗杠可以）",
    "wild tiles in the winning hand, the winning tile included": "胡牌中的百搭张数，胡张也算在内",
    "还搭: wilds assigned to their own face value": "还搭：百搭当作它本身的牌面",
    "财神单吊: before the win the hand was complete but for a lone wild": "财神单吊：胡之前，手牌除一张单独的百搭外都已成形",
    "抛搭: the winner discarded a wild during the hand": "抛搭：胡家在这手牌中打出过百搭",
    "flowers held (wild flowers excluded): the seat's own, the others, or any; outside_sets leaves out "
    "flowers that belong to a complete group of four": (
        "持有的花牌（作为百搭的花不算）：自己的正花、别家的花或任意花；outside_sets 不计凑成整组四张的花"
    ),
    "complete groups of four flowers held (春夏秋冬, 梅兰竹菊)": "持有的整组四张花（春夏秋冬、梅兰竹菊）",
    "the winning method": "胡牌方式",
    "自摸 in the wide sense: any win not on a discard or a robbed kong": "广义的自摸：不是胡别人打的牌也不是抢杠的胡",
    "the win is on the replacement for a kong of someone's discard (杠头开花)": "胡在明杠别人打的牌之后补摸的牌上（杠头开花）",
    "kongs the win came right after: those the player on turn made since it last drew from the wall "
    "or claimed (the discarder's, for a win on its discard; the winner's, on a replacement), "
    "narrowed by kind and by whose tile was konged (of_winner: the winner's); last: only the last of them "
    "(on a replacement, the kong it replaced)":
    "胡牌之前紧接着开的杠：当轮的玩家自上次从牌墙摸牌或吃碰之后开的杠（点炮胡是放炮者的杠，补摸胡是胡家自己的杠），"
    "可按杠的种类和被杠的牌是谁打出的来限定（of_winner：胡家打出的）；last：只取其中最后一个（补摸胡时就是被补的那个杠）",
    "海底: the win is on the last drawable tile": "海底：胡在最后一张可摸的牌上",
    "天胡/地胡: the win comes before the dealer's first discard is passed": "天胡／地胡：在庄家打出的第一张牌被放过之前胡",
    "the winner is the dealer": "胡家是庄家",
    "melds claimed or konged on the table": "桌上吃、碰或杠出的副露",
    # -- restriction kinds (nbmj.rules.model.RESTRICTION_KINDS)
    "after a chi, the claimed tile and the far end of the pair may not be discarded at once (吃张打张)": (
        "吃牌之后，不能马上打出吃进的那张牌或顺子另一头的牌（吃张打张）"
    ),
    "a tile passed for pon may not be ponged again until the player has acted": "放过不碰的牌，在这家自己行动之前不能再碰",
    "a passed discard win bars discard wins until the player has acted": "放过一次点炮胡之后，在这家自己行动之前不能再胡别人打的牌",
    "no kong of any kind in the turn of a pon": "碰牌的那一轮不能开任何杠",
    "only tiles of the listed suits may be discarded": "只能打出所列花色的牌",
    "the listed claims are not allowed: chi, pon, kan (a kong of a discard, and the kongs declared on one's "
    "own turn too), hu (a win on a discard, and robbing a kong)": (
        "不允许所列的动作：吃、碰、杠（杠别人打出的牌，连自己轮次开的杠也不行）、胡（胡别人打出的牌，连抢杠胡也不行）"
    ),
    "after a player shows three melds of one suit (or honour pungs and melds of one suit), a player who is "
    "not ready and discards that suit pays for the table (NH-6.1, NH-6.2)": (
        "有人亮出三副同一花色的面子（或字牌刻子加同一花色的面子）之后，没有听牌的人再打这种花色的牌，"
        "就要替全桌付（NH-6.1、NH-6.2）"
    ),
    "after a player shows three pungs or kongs, a player who is not ready and discards a terminal or honour "
    "pays for the table (NH-6.3)": (
        "有人亮出三副刻子或杠之后，没有听牌的人再打幺九牌或字牌，就要替全桌付（NH-6.3）"
    ),
    # -- features added with multipliers and winning shapes
    "the winning shape of the reading (winning.shapes)": "这种拆法的胡牌牌型（winning.shapes）",
    "Win On Baida: the winning tile is a wild": "百搭胡（Win On Baida）：和牌的那张是百搭",
    "Baida Pair Win: the winning tile is a wild that completes a pair of two wilds": (
        "百搭配百搭成将（Baida Pair Win）：和牌的那张百搭与另一张百搭凑成一对将"
    ),
    "断幺九: every tile a simple (2-8 of a suit), no terminal or honour": "断幺九：每张都是中张（数牌二到八），没有幺九牌和字牌",
}

#: The shipped variants' one-line summaries (the text of a ``variant`` line), English -> Chinese:
#: the Chinese documentation's variant pages and the web lobby show them.
SUMMARIES: Final[dict[str, str]] = {
    "Ningbo as the QQ-style and 同城乐 rules describe it: 144 tiles, 3 wilds, 4-tai minimum, 三摊 liability": (
        "最详细的两份宁波规则所描述的宁波麻将：144 张牌，3 张百搭，4 台起胡，算三摊"
    ),
    "Ningbo as the long Ningbo text reads it: the winner deals next, indicator from the player's wall by the dice sum, one-share payments": (
        "另一份宁波规则的读法：胡家下一手坐庄，按骰子点数之和在玩家的牌墙上翻百搭，各家只付一份"
    ),
    "Ningbo competition rules (NBR): 7 wilds, no chow, self-draw only": (
        "宁波麻将比赛规则：7 张百搭，不能吃，只能自摸"
    ),
    "Ningbo as riichi_advanced plays it: 7 wilds, no chi, multipliers, 4 tai or 2 tai ×2 or 1 tai ×4": (
        "riichi_advanced 所打的宁波麻将：7 张百搭，不能吃，有倍数，4 台起胡，或 2 台 ×2、1 台 ×4"
    ),
    "Ninghai (the Ninghai text), 推倒八 scheme: 100, 200, 400, 800 by 番": (
        "宁海麻将，推倒八：按番数计 100、200、400、800"
    ),
    "Ninghai (the Ninghai text), 幺半六 scheme: base 60, capped at 500, silver by the half-hundred": (
        "宁海麻将，幺半六：底 60，封顶 500，银按半百取整"
    ),
    "Ninghai (the Ninghai text), 幺半三 scheme: no wilds, 胡 × 2^番 on a base of 30, capped at 300": (
        "宁海麻将，幺半三：没有百搭，底胡 30，胡 × 2^番，封顶 300"
    ),
    "Ninghai (the Ninghai text), 幺二六 scheme: base 100, capped at 1000, silver by the half-hundred": (
        "宁海麻将，幺二六：底 100，封顶 1000，银按半百取整"
    ),
    "象山 as PZ_GameServer scores it (GameType 3000, 清12混8): 16 tiles kept back": (
        "PZ_GameServer 计分的象山麻将（GameType 3000，清12混8）：留 16 张不摸"
    ),
    "象山 with the 清10混6 table (PZ_GameServer's Qin10Hun6 option)": (
        "象山麻将，清10混6 台表（PZ_GameServer 的 Qin10Hun6 选项）"
    ),
    "西周/宁波 as PZ_GameServer scores it (GameType 3020): 板高, large hand patterns, no wilds": (
        "PZ_GameServer 计分的西周/宁波麻将（GameType 3020）：板高、大牌型，没有百搭"
    ),
}
