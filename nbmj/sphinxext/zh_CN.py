"""Chinese (zh_CN) wording of what the extension generates, read by :mod:`.i18n`.

:data:`TEXT` translates the extension's own templates (fields in braces stay as they
are); :data:`DATA` translates words that come from the rules data: variant summaries,
the meanings of features and restrictions, diagnostic labels and headings, payer roles,
units and win methods. The terms are the players' own: 百搭 (wild), 台, 胡, 番, 三摊,
点炮, 自摸, 杠上开花.
"""

from __future__ import annotations

from typing import Final

from ..rules.zh_CN import MEANINGS, SUMMARIES

TEXT: Final[dict[str, str]] = {
    # -- punctuation and small words
    ": ": "：",
    ", ": "、",
    "; ": "；",
    ".": "。",
    "{part}: ": "{part}：",
    "none": "无",
    "yes": "是",
    "no": "否",
    # -- the rulebook's rules
    "Link to rule {rule_id}": "链接到规则 {rule_id}",
    "Sources: ": "来源：",
    "Variant parameter: ": "变体参数：",
    "Variant parameters: ": "变体参数：",
    "rule": "规则",
    "{param} in {page}": "{page} 中的 {param}",
    # -- table headings
    "item": "计分项",
    "名称": "名称",
    "value": "数值",
    "unit": "单位",
    "condition": "条件",
    "notes": "说明",
    "setting": "设置",
    "restriction": "限制",
    "meaning": "含义",
    "when": "时段",
    "details": "细节",
    "a hand with": "手牌满足",
    "may not win by": "不得以此方式胡",
    "win situation": "胡牌情形",
    "who pays": "谁付",
    "situation": "情形",
    "link": "关联",
    "count": "次数",
    "feature": "特征",
    "arguments (each slot optional)": "参数（每个参数位都可省略）",
    "problem": "问题",
    "message": "信息",
    # -- units and totals
    "台 tai": "台",
    "胡 fu": "胡",
    "番 fan": "番",
    "台 (tai) summed per hand": "台，一手牌各台相加",
    "胡 (fu) × 番 (fan)": "胡 × 番",
    "{tai} 台 (tai)": "{tai} 台",
    ", {count} of them toward the minimum": "，其中 {count} 台计入起胡",
    "{fu} 胡 (fu) with {fan} 番 (fan)": "{fu} 胡，{fan} 番",
    " ({fan} before the cap)": "（封顶前 {fan} 番）",
    " → {hu} 胡 after multiplying, rounding and capping": " → 乘倍、取整、封顶后 {hu} 胡",
    " (capped)": "（已封顶）",
    "total: ": "合计：",
    "payments: ": "付款：",
    "reading: {reading} (wait: {wait})": "读法：{reading}（听牌方式：{wait}）",
    "not a valid win: ": "不能胡：",
    "No scoring item applies.": "没有适用的计分项。",
    # -- payments
    "nobody pays": "无人付",
    "{role} pays {multiplier} × S": "{role}付 {multiplier} × S",
    "S is the winning hand's value in points. Baseline payments, before liability (三摊/三包):": (
        "S 是胡牌的分数。下表是未计三摊（三包）时的基本付款："
    ),
    "No liability (三摊) in this variant: every win settles by the table above.": (
        "本变体不算三摊：每次胡牌都按上表结算。"
    ),
    "Liability (三摊/三包): two seats are linked when {threshold} or more melds ({counts}) were fed "
    "between them (direction: {direction}). A linked row replaces the baseline; seats without a link {others}": (
        "三摊（三包）：两家之间供牌达到 {threshold} 副或更多（计入{counts}）时，两家相连"
        "（方向：{direction}）。相连时按下表对应行结算，代替基本付款；不相连的各家{others}"
    ),
    "still pay.": "照常付款。",
    "pay nothing.": "一分不付。",
    # -- a variant's page
    "Parent: ": "父变体：",
    "none (a root variant)": "无（根变体）",
    "Also called: ": "别名：",
    "Scoring: ": "计分：",
    "Load it: ": "加载：",
    "Changes from {parent}": "相对 {parent} 的改动",
    "Every setting in which {name} differs from {parent}, as paths into {to_dict}; an item or row "
    "that only one of them has is shown whole (— means absent):": (
        "{name} 与 {parent} 不同的每一个设置，以 {to_dict} 中的路径表示；只有一方才有的计分项或表格行整条列出"
        "（— 表示没有）："
    ),
    "None: {name} compiles to the same rules as {parent}.": "没有：{name} 编译后的规则与 {parent} 完全相同。",
    "Settings": "设置",
    "Variant parameter": "变体参数",
    "Every other setting of the compiled rule set, by section, as paths into {to_dict}. "
    "The rulebook's rules name these paths in their {label} line.": (
        "编译后规则集的其余全部设置，按节排列，以 {to_dict} 中的路径表示。规则书的规则在其"
        "“{label}”一行中引用这些路径。"
    ),
    "Scoring items": "计分项",
    "{count} items. An item scores its value (times the count after {each}, if any) when its "
    "condition holds; {off} marks an item defined but switched off in this variant.": (
        "共 {count} 项。条件成立时，一项计入它的数值（若写了 {each}，再乘以其后的个数）；"
        "{off} 表示这一项有定义，但在本变体中关掉了。"
    ),
    "each {feature}": "每个 {feature}",
    "excludes {items}": "排除 {items}",
    "group {group}": "组 {group}",
    "not for minimum": "不计入起胡",
    "Restrictions": "限制",
    "unless {conditions}": "除非 {conditions}",
    "suits {suits}": "花色 {suits}",
    "claims {claims}": "所列：{claims}",
    "Restrictions on claims and discards:": "对吃碰杠和打牌的限制：",
    "No restrictions on claims or discards.": "对吃碰杠和打牌没有限制。",
    "Win methods forbidden to some hands:": "某些手牌不得采用的胡牌方式：",
    "Winning shapes: ": "胡牌牌型：",
    "Payments and liability": "付款与三摊",
    # -- the comparison page
    "Value and unit of each scoring item (台 tai, 胡 fu, 番 fan); — means the variant has no such item, "
    "off that it is defined but switched off.": (
        "每个计分项的数值和单位（台、胡、番）；— 表示该变体没有这一项，off 表示有定义但已关掉。"
    ),
    "Settings, as paths into {to_dict}, in which the variants differ (all settings are listed).": (
        "各变体的设置，以 {to_dict} 中的路径表示（列出全部设置）。"
    ),
    "Settings, as paths into {to_dict}, in which the variants differ; settings that all share are left out.": (
        "各变体之间不同的设置，以 {to_dict} 中的路径表示；所有变体都相同的设置不列出。"
    ),
    # -- worked examples
    "Worked examples": "计分实例",
    "Each hand below was scored by {score} when these pages were built.": (
        "下面每一手牌都是在构建这些页面时由 {score} 计分的。"
    ),
    "A gold frame marks a wild tile (百搭).": "金色边框的牌是百搭。",
    "Example {number}": "例 {number}",
    "concealed": "手牌",
    "meld ({kind})": "副露（{kind}）",
    "from {seat}": "由 {seat} 供牌",
    "winning tile": "胡张",
    "{how}, discarded by {seat}": "{how}，{seat} 打出",
    "flowers": "花牌",
    "wild indicator": "百搭指示牌",
    "seat {seat}, round wind {wind}": "座位 {seat}，圈风 {wind}",
    # -- the variant language's reference
    "0 or 1": "0 或 1",
    "a count": "个数",
    "Read the message: it names the word and the place.": "读一读报错信息：它会指出是哪个词、在什么位置。",
    "Problems across files": "涉及多个文件的问题",
}

DATA: Final[dict[str, str]] = {
    # -- units, payer roles and win methods (words of the variant language)
    "tai": "台",
    "fu": "胡",
    "fan": "番",
    "discarder": "点炮者",
    "each_other": "其他每家",
    "partner": "包家",
    "robbed": "被抢杠者",
    "kong_discarder": "放杠者",
    "discard": "点炮",
    "self_draw": "自摸",
    "rob_kong": "抢杠",
    "flower_replacement": "补花后补牌",
    "kong_bloom_on_discard_kong": "杠头开花",
    "kong_bloom_on_added_kong": "补杠后杠上开花",
    "single": "单吊",
    "closed": "嵌张",
    "edge": "边张",
    "pair_pair": "对倒",
    "two_sided": "两面",
    # -- claims counted for 三摊 or barred by a restriction, its window, its exception
    "chi": "吃",
    "pon": "碰",
    "kan": "杠",
    "either": "任一方向",
    "winner_fed": "只算喂给胡家的",
    "fed_winner": "只算胡家喂出的",
    "always": "始终",
    "first_go_around": "第一巡",
    "dealer_first_turn": "庄家第一次出牌",
    "big_crane": "大吊车",
    # -- titles of the worked examples (docs/variants/examples/*.json)
    "清一色 self-drawn, single wait": "清一色，自摸，单吊",
    "大吊车 on a discard: four melds exposed": "大吊车点炮胡：四副都已亮出",
    "Two wilds (百搭) as the pair, and a seat flower": "两张百搭作将，外加一张正花",
    "Seven wilds: the indicator 4索 makes 4索 and 5索 wild": "七百搭：翻出四索，四索和五索都是百搭",
    "A win on a discard is not allowed here": "这里不能胡别人打的牌",
    "A dragon pung and a concealed pung of 9索, self-drawn, with a seat flower": "一副箭刻加九索暗刻，自摸，带一张正花",
    "清一色 on a discard, with an exposed kong": "清一色点炮胡，带一副明杠",
    "A closed wait (夹中) on a discard, two flowers": "嵌张（夹中）点炮胡，两张花",
    # -- the shipped variants' summaries, shared with the web lobby
    **SUMMARIES,
    # -- the condition vocabulary and the restriction kinds, shared with the language server
    **MEANINGS,
    # -- kinds of diagnostic (section headings of the variant language's reference)
    "Syntax errors": "语法错误",
    "Unknown name": "未知的名字",
    "Wrong type": "类型不对",
    "Out of range": "超出范围",
    "Missing setting": "缺少设置",
    "Missing rule ID": "缺少规则编号",
    "Malformed rule ID": "规则编号格式不对",
    "Contradiction": "互相矛盾",
    # -- diagnostic labels (nbmj.rules.diagnostics.BAD_EXAMPLES)
    "a variant file starts with `variant NAME`": "变体文件以 `variant NAME` 开头",
    "the summary after the variant name must be a quoted string": "变体名后面的简介必须是带引号的字符串",
    "missing '}' to close the section": "缺少结束这一节的 '}'",
    "missing '{' after the section name": "节名后面缺少 '{'",
    "one statement per line: end the previous one with a newline or ';'": "一行一条语句：用换行或 ';' 结束上一条",
    "a condition is missing after `when`": "`when` 后面缺少条件",
    "a condition is missing after `and`/`or`": "`and`/`or` 后面缺少条件",
    "unbalanced parentheses in a condition": "条件中的括号不配对",
    "a comparison needs a number on its right": "比较的右边需要一个数字",
    'an item is `item NAME "label" VALUE UNIT ...`: the value or the unit is missing': (
        '计分项的写法是 `item NAME "label" VALUE UNIT ...`：缺少数值或单位'
    ),
    "the rule ID ends the line: nothing may follow it": "规则编号结束这一行：后面不能再写东西",
    "`forbid` needs `when CONDITION`": "`forbid` 需要 `when CONDITION`",
    "a section ends with '}', not ')'": "一节以 '}' 结束，而不是 ')'",
    "unknown feature 'flsh'; did you mean 'flush'?": "未知的特征 'flsh'；是不是想写 'flush'？",
    "unknown setting 'flower' in tiles; did you mean 'flowers'?": "tiles 中没有设置 'flower'；是不是想写 'flowers'？",
    "unknown section 'drew'; did you mean 'draw'?": "未知的节 'drew'；是不是想写 'draw'？",
    "unknown value 'stya' for dealer.on_draw; did you mean 'stay'?": "dealer.on_draw 没有取值 'stya'；是不是想写 'stay'？",
    "'excludes' names unknown item 'hunyse'; did you mean 'hunyise'?": "'excludes' 写了未知的计分项 'hunyse'；是不是想写 'hunyise'？",
    "unknown argument 'dragn' for feature 'pungs'; did you mean 'dragon'?": "特征 'pungs' 没有参数 'dragn'；是不是想写 'dragon'？",
    "unknown restriction 'chi_discard_bam'; did you mean 'chi_discard_ban'?": "未知的限制 'chi_discard_bam'；是不是想写 'chi_discard_ban'？",
    "unknown payer 'discardr'; did you mean 'discarder'?": "未知的付款方 'discardr'；是不是想写 'discarder'？",
    "unknown unit 'tia'; did you mean 'tai'?": "未知的单位 'tia'；是不是想写 'tai'？",
    "scoring.minimum must be a whole number, not 'yes'": "scoring.minimum 必须是整数，不能是 'yes'",
    "tiles.flowers must be yes or no, not '1'": "tiles.flowers 必须是 yes 或 no，不能是 '1'",
    "an item's value must be a whole number or 'off', not 'two'": "计分项的数值必须是整数或 'off'，不能是 'two'",
    "a comparison needs a whole number, not 'many'": "比较需要一个整数，不能是 'many'",
    "dealing.dealer_tiles must be at least 1, not 0": "dealing.dealer_tiles 至少为 1，不能是 0",
    "scoring.minimum must be at least 0, not -1": "scoring.minimum 至少为 0，不能是 -1",
    "seat flower '5m' is not a flower": "正花 '5m' 不是花牌",
    "a payment multiplier must be at least 0, not -2": "付款倍数至少为 0，不能是 -2",
    "dealing.dealer_tiles is not set": "没有设置 dealing.dealer_tiles",
    "section 'draw' is missing": "缺少 'draw' 这一节",
    "item 'hunyise' has no rule ID": "计分项 'hunyise' 没有规则编号",
    "no wilds in this variant (wilds.enabled no), yet this condition uses 'wild_single_wait'": (
        "本变体没有百搭（wilds.enabled no），这个条件却用了 'wild_single_wait'"
    ),
    "item 'hunyise' is in fu, but this variant scores in tai": "计分项 'hunyise' 以胡为单位，而本变体按台计分",
    "priority names 'pon' twice": "priority 把 'pon' 写了两次",
    "priority leaves out 'chi'": "priority 漏了 'chi'",
    "flower '7f' is given to both W and N": "花牌 '7f' 同时分给了 W 和 N",
    "the seat flower table has no row for N": "正花表中没有 N 的那一行",
    "priority ranks 'hu', but claims.win_on_discard is no": "priority 给 'hu' 排了档，但 claims.win_on_discard 为 no",
    "payments for discard wins, but claims.win_on_discard is no": "写了点炮胡的付款，但 claims.win_on_discard 为 no",
    "item 'qingyise' excludes itself": "计分项 'qingyise' 排除了它自己",
    "4 walls of 17 stacks hold 136 tiles, but the tile set has 144": "4 道各 17 墩的牌墙只能装 136 张牌，而整副牌有 144 张",
    "unknown scoring kind 'tia'; did you mean 'tai'?": "未知的计分方式 'tia'；是不是想写 'tai'？",
    "malformed rule ID '[NB12.10]'": "规则编号 '[NB12.10]' 格式不对",
    # -- units, win methods and features added with multipliers and winning shapes
    "x": "倍",
    "kong_replacement": "杠后补牌",
    # -- the riichi_advanced and competition variants and their worked examples
    "After a Kong: 1 tai and ×2 (a self-draw, so 自摸 too)": "杠上开花：1 台并 ×2（属于自摸，所以也计自摸）",
    "Robbing a Kong: ×5 on 2 tai reaches the minimum (2 tai with ×2 or more)": (
        "抢杠胡：2 台乘 ×5 达到起胡（2 台且倍数至少 ×2）"
    ),
    "Win On Baida: the indicator 4索 makes 4索 and 5索 wild": "百搭胡：翻出四索，四索和五索都是百搭",
    "After a wild discard (抛搭) the win is worth five times as much": "抛搭之后胡牌，分值乘五",
    "Only four patterns win: a plain hand may not, even self-drawn": "只有四种牌型能胡：普通的牌即使自摸也不能胡",
    # -- the PZ_GameServer variants (西周 3020, 象山 3000) and their worked examples
    "板高: two identical chows, self-drawn on a single wait": "板高：两副一模一样的顺子，单吊自摸",
    "A claimed chow is fixed and pairs with a concealed one: 双板高": "吃来的顺子固定不变，与暗手的一副成对：双板高",
    "全顺子 on a two-sided wait, 断幺九": "两面听的全顺子，断幺九",
    "清一色 with 正花 and a group of four flowers": "清一色，带正花和一组四花",
    "No 板高 in 象山: two identical chows score nothing of their own": "象山没有板高：两副一模一样的顺子本身不计台",
    "混一色 8 with a dragon pung": "混一色 8 台，带一副箭刻",
    "清一色 is 10 under 清10混6": "清10混6 中清一色 10 台",
    "混一色 is 6": "混一色 6 台",
    # -- kinds of diagnostic added since
    "Cannot play": "无法开打",
    "Never applies": "永不生效",
    "Editor": "编辑器",
    "Full-width punctuation": "全角标点",
    "Misspelt keyword": "关键字拼错",
    "Name clash": "名字冲突",
    "Unknown rule ID": "未知的规则编号",
    "Limits": "上限",
    # -- diagnostic labels added since (nbmj.rules.diagnostics.BAD_EXAMPLES)
    "base_points + points_per_tai × tai makes every hand worth 0 points": "base_points + points_per_tai × tai 让每副牌都值 0 分",
    "this win restriction lets a hand win only in the shape seven_pairs, which winning.shapes does not list: no hand could win": (
        "这条胡牌限制只许以 seven_pairs 牌型胡，而 winning.shapes 没有列出这个牌型：没有哪副牌能胡"
    ),
    "item 'z' has a second 'when' clause: an item takes one": "计分项 'z' 有第二个 'when' 子句：一个计分项只能有一个",
    "'unless' after 'chi_discard_ban' takes only big_crane, what lifts it, not 'flush'": (
        "'chi_discard_ban' 后的 'unless' 只接受解除它的 big_crane，不接受 'flush'"
    ),
    "a self_draw win has no 'discarder' payer: nobody discarded the winning tile, so this share would never be paid": (
        "自摸胡没有 'discarder' 这个付款人：没有人打出胡的那张牌，所以这一份永远不会有人付"
    ),
    "liability.threshold is 5, but a hand has at most 4 melds: no link could form, and the liability rows would never apply": (
        "liability.threshold 是 5，但一副牌最多只有 4 副面子：不会形成任何关联，包赔的各行永远不会生效"
    ),
    "item 'xa' in x takes no not_for_minimum: every multiplier counts in scoring.minimum_alternatives": (
        "以 x 计的计分项 'xa' 不接受 not_for_minimum：每个倍数都计入 scoring.minimum_alternatives"
    ),
    "a condition nests more than 50 deep here (`not`, or `and`/`or` in parentheses, inside one another); write it flatter": (
        "条件在这里嵌套超过 50 层（`not`，或括号里的 `and`/`or`，一层套一层）；请写得平一些"
    ),
    "a number of 200 digits is too long: a number here has at most 100 digits": "200 位的数字太长：这里的数字最多 100 位",
    "'nb' is an alias of the shipped variant 'ningbo'": "'nb' 是内置变体 'ningbo' 的别名",
    "'ninghai' is an alias of the shipped variant 'ninghai-yaobansan'; rename this one, or write `shadows ninghai`": (
        "'ninghai' 是内置变体 'ninghai-yaobansan' 的别名；给这个变体改名，或写上 `shadows ninghai`"
    ),
    "(to add it on purpose, write `new item nowilds ...`)": "（如果是有意新增，请写 `new item nowilds ...`）",
    "NB- IDs belong to the rulebook; give a house rule a prefix of its own": "NB- 编号属于规则书；请给本地规则一个自己的前缀",
    "a full-width space (U+3000) is not part of the language; type the ASCII ' '": "全角空格（U+3000）不属于这门语言；请打 ASCII 的 ' '",
    "a variant file starts with `variant NAME`; this one has no statement": "变体文件以 `variant NAME` 开头；这个文件一条语句也没有",
    "beyond 9007199254740992 (2**53), where points stop being exact": "超过 9007199254740992（2**53），分数在那里不再精确",
    "dealing.dealer_tiles must be dealing.other_tiles + 1 = 14": "dealing.dealer_tiles 必须等于 dealing.other_tiles + 1 = 14",
    "dealing.other_tiles is at most 13: the hand-shape core reads hands of up to 14 tiles": (
        "dealing.other_tiles 最多为 13：牌型核心只读最多 14 张的手牌"
    ),
    "dealing.other_tiles must be one more than a multiple of 3": "dealing.other_tiles 必须是 3 的倍数加 1",
    "full-width '“' (U+201C) is not part of the language; type the ASCII '\"'": "全角的 '“'（U+201C）不属于这门语言；请打 ASCII 的 '\"'",
    "full-width '”' (U+201D) is not part of the language; type the ASCII '\"'": "全角的 '”'（U+201D）不属于这门语言；请打 ASCII 的 '\"'",
    "full-width '【' (U+3010) is not part of the language; type the ASCII '['": "全角的 '【'（U+3010）不属于这门语言；请打 ASCII 的 '['",
    "full-width '】' (U+3011) is not part of the language; type the ASCII ']'": "全角的 '】'（U+3011）不属于这门语言；请打 ASCII 的 ']'",
    "full-width '（' (U+FF08) is not part of the language; type the ASCII '('": "全角的 '（'（U+FF08）不属于这门语言；请打 ASCII 的 '('",
    "full-width '）' (U+FF09) is not part of the language; type the ASCII ')'": "全角的 '）'（U+FF09）不属于这门语言；请打 ASCII 的 ')'",
    "full-width '，' (U+FF0C) is not part of the language; type the ASCII ','": "全角的 '，'（U+FF0C）不属于这门语言；请打 ASCII 的 ','",
    "full-width '２' (U+FF12) is not part of the language; type the ASCII '2'": "全角的 '２'（U+FF12）不属于这门语言；请打 ASCII 的 '2'",
    "full-width '：' (U+FF1A) is not part of the language; type the ASCII ':'": "全角的 '：'（U+FF1A）不属于这门语言；请打 ASCII 的 ':'",
    "full-width '；' (U+FF1B) is not part of the language; type the ASCII ';'": "全角的 '；'（U+FF1B）不属于这门语言；请打 ASCII 的 ';'",
    "full-width '｛' (U+FF5B) is not part of the language; type the ASCII '{'": "全角的 '｛'（U+FF5B）不属于这门语言；请打 ASCII 的 '{'",
    "full-width '｝' (U+FF5D) is not part of the language; type the ASCII '}'": "全角的 '｝'（U+FF5D）不属于这门语言；请打 ASCII 的 '}'",
    "inherited item 'no_wild' has the same label '无百搭'": "继承来的计分项 'no_wild' 有同样的标签 '无百搭'",
    "item 'flush' is named twice in this file, on lines 3 and 4; keep one": "计分项 'flush' 在本文件中写了两次，在第 3 行和第 4 行；留一行",
    "item 'no_wild' is inherited: this line replaces it; remove 'new'": "计分项 'no_wild' 是继承来的：这一行替换它；去掉 'new'",
    "item 'no_wlid' is not inherited, so this line adds an item; did you mean 'no_wild'?": (
        "计分项 'no_wlid' 不是继承来的，所以这一行新增一个计分项；是不是想写 'no_wild'？"
    ),
    "liability row 'one_way self_draw' is named twice in this file, on lines 3 and 4": (
        "包赔行 'one_way self_draw' 在本文件中写了两次，在第 3 行和第 4 行"
    ),
    "local rule 'HOUSE-1' is named twice in this file, on lines 3 and 4": "本地规则 'HOUSE-1' 在本文件中写了两次，在第 3 行和第 4 行",
    "payment row 'self_draw' is named twice in this file, on lines 3 and 4": "付款行 'self_draw' 在本文件中写了两次，在第 3 行和第 4 行",
    "restriction 'chi_discard_ban' is never in force during first_go_around: it bars a discard after a chow, "
    "and a claim closes every window but 'always'": (
        "限制 'chi_discard_ban' 在 first_go_around 期间永远不会生效：它禁止的是吃牌之后的出牌，"
        "而任何一次吃碰杠都会关闭除 'always' 以外的每个时段"
    ),
    "restriction 'kong_after_pon' is named twice in this file, on lines 3 and 4": (
        "限制 'kong_after_pon' 在本文件中写了两次，在第 3 行和第 4 行"
    ),
    "rule [HOUSE-1] is not declared; declare a house rule in `local_rules": "规则 [HOUSE-1] 没有声明；请在 `local_rules 中声明本地规则",
    "rule [HOUSE-2] is not declared; did you mean 'HOUSE-1'?": "规则 [HOUSE-2] 没有声明；是不是想写 'HOUSE-1'？",
    "rule [NB-12.99] is not in the rulebook": "规则 [NB-12.99] 不在规则书中",
    "scoring.conversion doubling needs a cap on tai": "scoring.conversion doubling 需要给台数封顶",
    "scoring.minimum is 99999999999999999999999, but the items that count toward it add up to": (
        "scoring.minimum 为 99999999999999999999999，但计入起胡的各项加起来只有"
    ),
    "shadows 'hosue', but no shipped variant is called so": "shadows 'hosue'，但没有叫这个名字的内置变体",
    "shadows 'ningbo', but this variant is not called 'ningbo'": "shadows 'ningbo'，但这个变体并不叫 'ningbo'",
    "unknown keyword 'alais'; did you mean 'alias'?": "未知的关键字 'alais'；是不是想写 'alias'？",
    "unknown keyword 'extend'; did you mean 'extends'?": "未知的关键字 'extend'；是不是想写 'extends'？",
    "unknown keyword 'varient'; did you mean 'variant'?": "未知的关键字 'varient'；是不是想写 'variant'？",
    "unterminated string: no closing '\"' on this line": "字符串没有结束：这一行没有收尾的 '\"'",
    "write ID \"title\" \"text\"": "写作 ID \"title\" \"text\"",
    "write `minimum 2`: a setting is its name, a space and its value, with no ':' between them": (
        "写作 `minimum 2`：设置就是它的名字、一个空格和它的值，中间没有 ':'"
    ),
    "write `minimum 2`: a setting is its name, a space and its value, with no '=' between them": (
        "写作 `minimum 2`：设置就是它的名字、一个空格和它的值，中间没有 '='"
    ),
}
