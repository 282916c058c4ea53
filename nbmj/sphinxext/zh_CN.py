"""Chinese (zh_CN) wording of what the extension generates, read by :mod:`.i18n`.

:data:`TEXT` translates the extension's own templates (fields in braces stay as they
are); :data:`DATA` translates words that come from the rules data: variant summaries,
the meanings of features and restrictions, the headings of the kinds of diagnostic (their
messages are the compiler's own, :mod:`nbmj.rules.diagnostics_zh`), payer roles,
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
}
