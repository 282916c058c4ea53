"""The compiler's diagnostics in Chinese: one table of patterns over the English messages.

Every message has one definition, the English sentence where the compiler finds the
problem (``Diagnostic.message``, which tests, tools and the language server's quick fixes
read). :func:`message_in` gives it in another language by rewriting it with one table of
patterns, part by part, as the refused-move sentences are
(``nbmj.scoring.explanation.refusal_text``): a message is often put together from parts
(``unknown setting 'x' in tiles`` + ``; did you mean 'y'?``, a contradiction + ``(inherited
from ...)``), and a pattern per part translates every combination. What the author wrote
(names, values, rule IDs, file names) is kept as written. A part with no pattern stays
English; nothing here can fail on an unknown message.

The words are the glossary's and the rulebook's; the test suite reads the compiler's
source for every message it can give and checks that each comes out with no English left
but the names it quotes (tests/test_diagnostics_zh.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

__all__ = ["message_in"]

# a value quoted from the file as Python's repr() quotes it, a name, a number
_Q = r"""('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
_N = r"([\w.\-]+)"
_D = r"(-?[\d,]+)"

#: what one entry of a table, or the thing a did-you-mean lists, is called
_THINGS: Final[dict[str, str]] = {
    "item": "计分项", "restriction": "限制", "win restriction": "胡牌限制", "payment row": "付款行",
    "liability row": "三摊行", "local rule": "本地规则", "feature": "特征", "setting": "设置", "section": "节",
    "payer": "付款方", "situation": "情形", "variant": "变体", "rule": "规则",
}
_THING = "(" + "|".join(sorted(_THINGS, key=len, reverse=True)) + ")"
#: the ways to win a payment row is for, in the settlement explanation's words
_WINS: Final[dict[str, str]] = {"discard": "点炮", "self_draw": "自摸", "rob_kong": "抢杠"}

_Sub = str | Callable[["re.Match[str]"], str]


def _thing(m: re.Match[str], group: int = 1) -> str:
    return _THINGS[m[group]]


_ZH: Final[tuple[tuple[re.Pattern[str], _Sub], ...]] = tuple((re.compile(p), s) for p, s in (
    # ------------------------------------------------------------------ syntax (nbmj.rules.parsing)
    (r"^a variant file starts with `variant NAME`; this one has no statement at all$",
     "变体文件以 `variant NAME` 开头；这个文件一条语句也没有"),
    (r"^a variant file starts with `variant NAME`$", "变体文件以 `variant NAME` 开头"),
    (r"^the summary after the variant name must be a quoted string$", "变体名之后的简介必须是带引号的字符串"),
    (r"^missing '\}' to close the section$", "缺少结束这一节的 '}'"),
    (r"^missing '\{' after the section name$", "节名之后缺少 '{'"),
    (r"^one statement per line: end the previous one with a newline or ';'$", "一行一条语句：用换行或 ';' 结束上一条"),
    (r"^a condition is missing after `when`$", "`when` 之后缺少条件"),
    (r"^a condition is missing after `and`/`or`$", "`and`/`or` 之后缺少条件"),
    (r"^unbalanced parentheses in a condition$", "条件中的括号不配对"),
    (r"^a comparison needs a number on its right$", "比较式的右边要有一个数"),
    (r"^an item is `item NAME \"label\" VALUE UNIT \.\.\.`: the value or the unit is missing$",
     "计分项的写法是 `item NAME \"label\" VALUE UNIT ...`：缺少分值或单位"),
    (r"^the rule ID ends the line: nothing may follow it$", "规则编号在行尾：它后面不能再写东西"),
    (r"^`forbid` needs `when CONDITION`$", "`forbid` 需要 `when CONDITION`"),
    (r"^a section ends with '\}', not '\)'$", "节以 '}' 结束，不是 ')'"),
    (r"^unexpected character " + _Q + "$", r"意外的字符 \1"),
    (r"^unexpected (end of file|end of line|" + _Q[1:-1] + "); expected (.*)$",
     lambda m: f"意外的{ {'end of file': '文件结尾', 'end of line': '行尾'}.get(m[1], ' ' + m[1]) }；应为{_expected(m[2])}"),
    (r"^unknown keyword " + _Q, r"未知的关键字 \1"),
    (r"^a condition nests more than (\d+) deep here \(`not`, or `and`/`or` in parentheses, inside one another\); write it flatter$",
     r"这里的条件嵌套超过 \1 层（`not`，或括号里的 `and`/`or` 一层套一层）；请写得平一些"),
    (r"^a full-width space \(U\+[0-9A-F]{4}\) is not part of the language; type the ASCII (.+)$",
     r"全角空格（U+3000）不是这门语言的字符；请输入 ASCII 的 \1"),
    (r"^full-width " + _Q + r" \((U\+[0-9A-F]{4})\) is not part of the language; type the ASCII (.+)$",
     r"全角的 \1（\2）不是这门语言的字符；请输入 ASCII 的 \3"),
    (r"^unterminated string: no closing '\"' on this line$", "字符串没有结束：这一行没有收尾的 '\"'"),
    # ------------------------------------------------------------------ reading the file (nbmj.rules.compiler)
    (r"^the file is not UTF-8 text: byte (0x[0-9a-f]{2}) \((.*)\); save it as UTF-8$",
     lambda m: f"文件不是 UTF-8 文本：字节 {m[1]}（{_UTF8_REASONS.get(m[2], m[2])}）；请存成 UTF-8"),
    (r"^cannot read the file: (.*)$", lambda m: f"无法读取文件：{_OS_ERRORS.get(m[1], m[1])}"),
    (r"^internal error while compiling: no rule set and no problem$", "编译时出现内部错误：没有规则集，也没有报出问题"),
    (r"^internal error while compiling: ", "编译时出现内部错误："),
    (r"^internal error: ", "内部错误："),
    (r"^a variant's text is a string, not ", "变体的文本应是字符串，不是 "),
    (r"^a root variant needs a one-line summary: variant NAME \"summary\"$", "根变体需要一行简介：variant NAME \"summary\""),
    (r"^" + _Q + r" is the name of a shipped variant; ", r"\1 是一个内置变体的名字；"),
    (r"^" + _Q + r" is an alias of the shipped variant " + _Q + "; ", r"\1 是内置变体 \2 的别名；"),
    (r"rename this one, or write `shadows ([^`]+)` to take its place wherever this file is found first$",
     r"请给这个变体改名，或者写 `shadows \1`，在先找到这个文件的地方代替那个内置变体"),
    (r"^shadows " + _Q + ", but no shipped variant is called so", r"写了 shadows \1，但没有叫这个名字的内置变体"),
    (r"^shadows " + _Q + ", but this variant is not called " + _Q + r": name it so, or add `alias ([^`]+)`$",
     r"写了 shadows \1，但这个变体不叫 \2：请用这个名字，或者加上 `alias \3`"),
    (r"^local rule " + _Q + r" is dropped, but " + _THING + " " + _Q + r" \(([^)]*)\) still cites it; "
     r"drop or change that " + _THING + " too, or keep the rule$",
     lambda m: f"删掉了本地规则 {m[1]}，但{_thing(m, 2)} {m[3]}（{m[4]}）还引用它；请把那个{_thing(m, 5)}也删掉或改掉，或者保留这条规则"),
    (r"^rule \[([^\]]*)\] is not in the rulebook", r"规则书中没有规则 [\1]"),
    (r"^rule \[([^\]]*)\] is not declared", r"规则 [\1] 没有声明"),
    (r"; declare a house rule in `(local_rules \{ .* \})` or cite the rulebook$",
     r"；请在 `\1` 中声明本地规则，或引用规则书中的规则"),
    # ------------------------------------------------------------------ across files (nbmj.rules.merge, registry)
    (r"^'extends' makes a cycle: (.*)$", r"'extends' 形成了循环：\1"),
    (r"^unknown parent variant " + _Q, r"未知的父变体 \1"),
    (r"^parent variant " + _Q + r" does not compile \(see above\)$", r"父变体 \1 无法编译（见上文）"),
    (r"^(.+) declares variant " + _Q + ", but is found as " + _Q + "$", r"\1 声明的变体是 \2，却是按 \3 找到的"),
    (r"^variant " + _Q + r" is ambiguous: (\d+) files on the variant search path answer to it, (.*); "
     r"rename one, or take its directory off the path$",
     lambda m: f"变体 {m[1]} 有歧义：变体搜索路径上有 {m[2]} 个文件都叫这个名字，{m[3].replace(' and ', '、')}；"
               "请给其中一个改名，或者把它的目录移出搜索路径"),
    (r"^item " + _Q + r" is inherited: this line replaces it; remove 'new' \(`new item` adds an item the parent does not have\)$",
     r"计分项 \1 是继承来的：这一行会替换它；请去掉 'new'（`new item` 用来新增父变体没有的计分项）"),
    (r"^item " + _Q + r" is not inherited, so this line adds an item; ", r"计分项 \1 不是继承来的，所以这一行会新增一个计分项；"),
    (r"inherited item " + _Q + " has the same label " + _Q, r"继承来的计分项 \1 有相同的标签 \2"),
    (r" \(to add it on purpose, write `new item ([^`]*)`\)$", r"（确实要新增，请写 `new item \1`）"),
    (r"^cannot drop " + _THING + " " + _Q + ": there is none", lambda m: f"无法删除{_thing(m)} {m[2]}：没有这一项"),
    # ------------------------------------------------------------------ sections and settings (nbmj.rules.reader, schema)
    (r"^a variant name is lowercase letters, digits, '-' and '_', not ", "变体名由小写字母、数字、'-' 和 '_' 组成，不能是 "),
    (r"^section " + _Q + r" appears twice; merge the two$", r"节 \1 出现了两次；请合并成一节"),
    (r"^only (\w+) and (\w+) may be 'none'; section " + _Q + " cannot$", r"只有 \1 和 \2 可以写 'none'；节 \3 不行"),
    (r"^unknown section " + _Q, r"未知的节 \1"),
    (r"^section " + _Q + " takes no qualifier; remove " + _Q + "$", r"节 \1 不带限定词；请去掉 \2"),
    (r"^" + _Q + r" lines belong in the items, win_restrictions or a table section, not in (\w+)$",
     r"\1 行应写在 items、win_restrictions 或表格类的节中，不能写在 \2 中"),
    (r"^write `([^`]*)`: a setting is its name, a space and its value, with no " + _Q + " between them$",
     r"请写 `\1`：设置的写法是它的名字、一个空格和它的值，中间不加 \2"),
    (r"^unknown setting " + _Q + r" in (\w+)", r"\2 一节没有 \1 这个设置"),
    (r"^" + _N + r" is set twice in this file$", r"\1 在这个文件中设置了两次"),
    (r"^seat needs a seat wind \(E, S, W or N\) and its flowers, e\.g\. `seat E 1f 5f`$",
     "seat 需要一个座位风（E、S、W 或 N）和它的花，例如 `seat E 1f 5f`"),
    (r"^unknown seat " + _Q + "; seats are E, S, W, N$", r"未知的座位 \1；座位是 E、S、W、N"),
    (r"^seat (\w+) appears twice in the seat flower table$", r"座位 \1 在座位花表中出现了两次"),
    (r"^" + _Q + " is not tile notation: ", r"\1 不是牌的记法："),
    (r"^seat flower " + _Q + " is not a flower$", r"座位花 \1 不是花牌"),
    (r"^seat (\w+) has no flowers$", r"座位 \1 没有花"),
    (r"^say which kind of scoring: `scoring tai \{ \.\.\. \}` or `scoring fu_fan \{ \.\.\. \}`$",
     "请说明计分方式：`scoring tai { ... }` 或 `scoring fu_fan { ... }`"),
    (r"^unknown scoring kind " + _Q, r"未知的计分方式 \1"),
    (r" has no rule ID; end the line with the rulebook rule it follows, e\.g\. \[NB-12\.1\], "
     r"or with a house rule declared in local_rules, e\.g\. \[HOUSE-1\]$",
     " 没有规则编号；请在行尾写上它依据的规则书规则，例如 [NB-12.1]，或者在 local_rules 中声明的本地规则，例如 [HOUSE-1]"),
    (r"^malformed rule ID " + _Q + r"; write \[NB-<section>\.<n>\] or \[NH-<section>\.<n>\], or a house rule's own ID like \[HOUSE-1\]$",
     r"规则编号 \1 的格式不对；请写 [NB-<section>.<n>] 或 [NH-<section>.<n>]，或者本地规则自己的编号，如 [HOUSE-1]"),
    (r"^" + _THING + " " + _Q + r" is named twice in this file, on lines (\d+) and (\d+); keep one$",
     lambda m: f"{_thing(m)} {m[2]} 在这个文件中写了两次，在第 {m[3]} 行和第 {m[4]} 行；请只留一个"),
    (r"^the local_rules section holds ID \"title\" \"text\", e\.g\. `([^`]*)`; " + _Q + " is not one$",
     r'local_rules 一节写的是 ID "title" "text"，例如 `\1`；\2 不是这样的一行'),
    (r"^(NB|NH)- IDs belong to the rulebook; give a house rule a prefix of its own$",
     r"\1- 编号属于规则书；请给本地规则用自己的前缀"),
    (r"^a local rule's ID is capitals, '-' and a number, like HOUSE-1, not ", "本地规则的编号由大写字母、'-' 和数字组成，如 HOUSE-1，不能是 "),
    (r"^write ID \"title\" \"text\", e\.g\. `([^`]*)`$", r'请写 ID "title" "text"，例如 `\1`'),
    (r"^in win_restrictions, write `drop when CONDITION` with the condition to remove$",
     "在 win_restrictions 中，请写 `drop when CONDITION`，带上要删掉的条件"),
    (r"^`drop when` is for win_restrictions; here write `drop NAME`$", "`drop when` 只用于 win_restrictions；这里请写 `drop NAME`"),
    (r"^write `([^`]*)`$", r"请写 `\1`"),
    (r"^" + _N + " needs a value$", r"\1 需要一个值"),
    (r"^" + _N + " takes one value; unexpected " + _Q + r" \(one setting per line, or separate them with ';'\)$",
     r"\1 只取一个值；多出了 \2（一行一个设置，或者用 ';' 隔开）"),
    (r"^a number of " + _D + r" digits is too long: a number here has at most (\d+) digits$",
     r"\1 位的数太长了：这里的数最多 \2 位"),
    (r"^" + _N + " must be a whole number, not ", r"\1 必须是整数，不能是 "),
    (r"^" + _N + " must be at least " + _D + ", not " + _D + "$", r"\1 至少是 \2，不能是 \3"),
    (r"^" + _N + " must be yes or no, not ", r"\1 必须是 yes 或 no，不能是 "),
    (r"^" + _N + " must be a whole number or 'none', not ", r"\1 必须是整数或 'none'，不能是 "),
    (r"^unknown value " + _Q + " for " + _N, r"\2 没有 \1 这个取值"),
    (r"^" + _N + " needs at least one of: (.*)$", r"\1 至少要有以下之一：\2"),
    (r"^" + _N + " names " + _Q + " twice$", r"\1 把 \2 写了两次"),
    (r"^" + _N + " needs whole numbers or 'none'$", r"\1 需要若干整数或 'none'"),
    (r"^" + _N + " takes two numbers: the difference in 胡 and the silver it costs$", r"\1 取两个数：胡数之差，和它要付的银"),
    (r"^priority: expected a claim name, not ", "priority：应为动作名，不能是 "),
    (r"^unknown claim " + _Q + " in priority", r"priority 中有未知的动作 \1"),
    (r"^priority: claims are separated by '>' \(higher\) or '=' \(equal\), not ",
     "priority：动作之间用 '>'（更高）或 '='（同级）隔开，不能用 "),
    (r"^priority ends with an operator; a claim name must follow it$", "priority 以运算符结尾；它后面必须跟一个动作名"),
    (r"^" + _N + " must rank all of next, opposite, previous; missing (.*)$", r"\1 必须给 next、opposite、previous 全部排序；缺少 \2"),
    (r"^" + _N + " lists 'TAI x MULTIPLIER' pairs separated by commas, e\\.g\\. '2 x 2, 1 x 4'; unexpected ",
     r"\1 列出用逗号隔开的“台 x 倍数”，例如 '2 x 2, 1 x 4'；多出了 "),
    (r"^" + _N + " needs 'TAI x MULTIPLIER' pairs or 'none'$", r"\1 需要“台 x 倍数”或 'none'"),
    # ------------------------------------------------------------------ items, restrictions, payments (nbmj.rules.tables, syntax)
    (r"^the (\w+) section holds (`[^`]*`(?: and `[^`]*`)?) lines; " + _Q + " (is neither|is not one)$",
     lambda m: f"{m[1]} 一节写的是 {m[2].replace(' and ', ' 和 ')} 行；{m[3]} {'两者都不是' if m[4] == 'is neither' else '不是这样的一行'}"),
    (r"^an item name is lowercase letters, digits and '_', not ", "计分项名由小写字母、数字和 '_' 组成，不能是 "),
    (r"^an item's value must be at least 0, not ", "计分项的分值至少是 0，不能是 "),
    (r"^an item's value must be a whole number or 'off', not ", "计分项的分值必须是整数或 'off'，不能是 "),
    (r"^unknown unit " + _Q, r"未知的单位 \1"),
    (r"^multiplier item " + _Q + " multiplies by a whole number of at least 1, once: not " + _D + "( with each)?$",
     lambda m: f"倍数计分项 {m[1]} 乘一个至少为 1 的整数，只乘一次：不能是 {m[2]}" + ("，也不能带 each" if m[3] else "")),
    (r"^item " + _Q + r" in (\w+) takes no not_for_minimum: ", r"单位为 \2 的计分项 \1 不带 not_for_minimum："),
    (r"every multiplier counts in scoring\.minimum_alternatives and minimum_of value$",
     "每个倍数都计入 scoring.minimum_alternatives 和 minimum_of value"),
    (r"a variant scored in fu and fan has no minimum$", "按 fu 和 fan 计分的变体没有起胡"),
    (r"^item " + _Q + " excludes " + _Q + " twice$", r"计分项 \1 把 \2 排除了两次"),
    (r"^item " + _Q + " excludes itself$", r"计分项 \1 排除了它自己"),
    (r"^item " + _Q + " has a second " + _Q + " clause: an item takes one(; join the conditions with `and`)?$",
     lambda m: f"计分项 {m[1]} 有第二个 {m[2]} 子句：一个计分项只能有一个" + ("；请用 `and` 连接条件" if m[3] else "")),
    (r"^unknown restriction " + _Q, r"未知的限制 \1"),
    (r"^nothing lifts restriction " + _Q + ": it takes no 'unless'$", r"限制 \1 没有解除条件：它不带 'unless'"),
    (r"^'unless' after " + _Q + r" takes only (.*), what lifts it, not " + _Q,
     r"\1 之后的 'unless' 只能写 \2（解除它的条件），不能是 \3"),
    (r"^unknown window " + _Q + " after 'during'", r"'during' 之后有未知的时段 \1"),
    (r"^restriction " + _Q + " holds all hand long: it takes no window but 'always', not " + _Q + "$",
     r"限制 \1 整手牌都有效：它只能用 'always' 时段，不能是 \2"),
    (r"^restriction " + _Q + r" is never in force during (\w+): ", r"限制 \1 在 \2 时段永远不起作用："),
    (r"it bars a discard after a chow, and a claim closes every window but 'always'",
     "它禁止的是吃牌后的出牌，而吃碰一发生，除 'always' 外的时段都已结束"),
    (r"it bars a kong in the turn of a pong, and a claim closes every window but 'always'",
     "它禁止的是碰牌那一轮的杠，而吃碰一发生，除 'always' 外的时段都已结束"),
    (r"it bars a (claim|win) on a later discard than the one passed, and dealer_first_turn is open only "
     r"at the claims on the dealer's first discard",
     lambda m: f"它禁止的是放过之后再{'要' if m[1] == 'claim' else '胡'}后来打出的牌，而 dealer_first_turn 只在要庄家打出的第一张牌时有效"),
    (r"; it takes (.*)$", lambda m: f"；它只能用 {m[1].replace(' or ', ' 或 ')}"),
    (r"^'during' takes one window; unexpected ", "'during' 只取一个时段；多出了 "),
    (r"^discard_suits needs the suits that may be discarded, e\.g\. `discard_suits m p`$",
     "discard_suits 需要列出可以打的花色，例如 `discard_suits m p`"),
    (r"^unknown suit " + _Q + r"; suits are m, p, s, z \(honours\), f \(flowers\)$",
     r"未知的花色 \1；花色是 m、p、s、z（字牌）、f（花牌）"),
    (r"^no_claims needs the claims it bans, e\.g\. `no_claims chi pon kan`$", "no_claims 需要列出它禁止的动作，例如 `no_claims chi pon kan`"),
    (r"^unknown claim " + _Q, r"未知的动作 \1"),
    (r"^restriction " + _Q + " takes no arguments; unexpected " + _Q + r" \(did you forget 'unless' or 'during'\?\)$",
     r"限制 \1 不带参数；多出了 \2（是不是漏写了 'unless' 或 'during'？）"),
    (r"^unknown win method " + _Q, r"未知的胡牌方式 \1"),
    (r"^forbid names " + _Q + " twice$", r"forbid 把 \1 写了两次"),
    (r"^who pays\? write ROLE MULTIPLIER pairs, e\.g\. `discarder 2`$", "谁付？请写“付款方 倍数”，例如 `discarder 2`"),
    (r"^unknown payer " + _Q, r"未知的付款方 \1"),
    (r"^payer " + _Q + " appears twice in this row$", r"付款方 \1 在这一行出现了两次"),
    (r"^a (\w+) win has no " + _Q + r" payer: (nobody discarded the winning tile|no kong was made of a tile someone gave), "
     r"so this share would never be paid$",
     lambda m: f"{_WINS.get(m[1], m[1])}（{m[1]}）没有 {m[2]} 这个付款方："
               f"{'没有人打出胡的那张牌' if m[3].startswith('nobody') else '没有杠别人给的牌'}，这一份永远不会有人付"),
    (r"^payer " + _Q + r" needs a multiplier, e\.g\. `([^`]*)`$", r"付款方 \1 需要一个倍数，例如 `\2`"),
    (r"^a payment multiplier must be a whole number, not ", "付款倍数必须是整数，不能是 "),
    (r"^a payment multiplier must be at least 0, not ", "付款倍数至少是 0，不能是 "),
    (r"^unknown payment situation " + _Q, r"未知的付款情形 \1"),
    (r"^write `(\w+) SITUATION: PAYER N \[RULE\]`$", r"请写 `\1 SITUATION: PAYER N [RULE]`"),
    (r"^unknown liability situation " + _Q, r"未知的三摊情形 \1"),
    # ------------------------------------------------------------------ conditions (nbmj.rules.conditions)
    (r"^a comparison needs a whole number, not ", "比较式要用整数，不能是 "),
    (r"^unknown feature " + _Q, r"未知的特征 \1"),
    (r"^feature " + _Q + " takes no arguments$", r"特征 \1 不带参数"),
    (r"^unknown argument " + _Q + " for feature " + _Q, r"特征 \2 没有 \1 这个参数"),
    (r"^feature " + _Q + r" takes one of (.*); " + _Q + " and " + _Q + " are both given$",
     r"特征 \1 只取 \2 之一；\3 和 \4 都写了"),
    # ------------------------------------------------------------------ a whole variant (nbmj.rules.build, checks)
    (r"^" + _N + r" is not set$", r"\1 没有设置"),
    (r"^section " + _Q + r" is missing \(write `liability none` for a variant without 三摊\)$",
     r"缺少节 \1（不算三摊的变体请写 `liability none`）"),
    (r"^section " + _Q + r" is missing \(write `loser_settlement none` when losers do not settle among themselves\)$",
     r"缺少节 \1（输家之间不结算时请写 `loser_settlement none`）"),
    (r"^section " + _Q + " is missing$", r"缺少节 \1"),
    (r"^the seat flower table is not set: add `seat E \.\.\.` lines for E, S, W, N$",
     "座位花表没有设置：请为 E、S、W、N 添加 `seat E ...` 行"),
    (r"^the seat flower table has no row for (.*)$", lambda m: f"座位花表缺少 {m[1].replace(', ', '、')} 的行"),
    (r"^flower " + _Q + r" is given to both (\w+) and (\w+)$", r"花 \1 同时分给了 \2 和 \3"),
    (r"^flower " + _Q + r" is listed twice for (\w+)$", r"花 \1 在 \2 下列了两次"),
    (r"^4 walls of (\d+) stacks hold (\d+) tiles, but the tile set has (\d+)$", r"4 面牌墙各 \1 墩，共 \2 张牌，但这副牌有 \3 张"),
    (r"^winning\.shapes must list 'standard' \(four sets and a pair\) beside any other shape$",
     "winning.shapes 除其他牌型外必须列出 'standard'（四副面子加一对将）"),
    (r"^winning\.shapes lists seven_pairs, which needs a hand of 14 tiles, but dealing\.other_tiles is (\d+): no hand could be seven pairs$",
     r"winning.shapes 列了 seven_pairs，它要 14 张的手牌，但 dealing.other_tiles 是 \1：没有手牌能成七对"),
    (r"^priority leaves out " + _Q + "; every claim that exists must be ranked$", r"priority 漏了 \1；本变体有的每种动作都要排进去"),
    (r"^priority ranks " + _Q + r", but claims\.(\w+) is no$", r"priority 排了 \1，但 claims.\2 是 no"),
    (r"^restriction " + _Q + r" is about a claim this variant does not have \(claims\.(\w+) is no\)$",
     r"限制 \1 针对的是本变体没有的动作（claims.\2 是 no）"),
    (r"^discard_suits names f, but no flower is ever discarded in this variant: only a wild flower that is no flower is "
     r"\(wilds on, tiles\.flowers yes, wilds\.wild_flower_is_flower no\)$",
     "discard_suits 列了 f，但本变体从不打出花牌：只有不算花牌的百搭花才会打出（开启百搭、tiles.flowers yes、"
     "wilds.wild_flower_is_flower no）"),
    (r"^no_claims names " + _Q + r", but claims\.(\w+) is no: there is no such claim to forbid$",
     r"no_claims 列了 \1，但 claims.\2 是 no：没有这种动作可禁"),
    (r"^'excludes' names unknown item " + _Q, r"'excludes' 列了未知的计分项 \1"),
    (r"^item " + _Q + r" is in (\w+), but this variant scores in (tai|fu and fan)$",
     lambda m: f"计分项 {m[1]} 的单位是 {m[2]}，但本变体按 {m[3].replace(' and ', ' 和 ')} 计分"),
    (r"^group " + _Q + r" mixes units: (\w+) and (\w+)$", r"组 \1 混用了单位：\2 和 \3"),
    (r"^no payment row for (discard|self_draw|rob_kong) wins", lambda m: f"没有{_WINS[m[1]]}（{m[1]}）的付款行"),
    (r"^payments for (discard|rob_kong) wins, but ", lambda m: f"有{_WINS[m[1]]}（{m[1]}）的付款，但"),
    (r"^payments for a kong of a discard, but ", "有杠头开花（杠别人打出的牌）的付款，但"),
    (r"^payments for a kong added to a claimed pung, but ", "有补杠后杠上开花的付款，但"),
    (r"^liability row for (\w+), but ", r"有 \1 的三摊行，但"),
    (r"^liability counts " + _Q + " melds, but ", r"liability 计入 \1 的副露，但"),
    (r"^liability\.threshold is (\d+), but a hand has at most (\d+) melds: no link could form, and the liability rows would never apply$",
     r"liability.threshold 是 \1，但一手牌最多 \2 副面子：包家关系无法形成，三摊行永远不会用到"),
    (r"^liability has no rows: add `([^`]*)` lines or write `liability none`$", r"liability 没有任何行：请添加 `\1` 行，或写 `liability none`"),
    (r"^loser_settlement settles by the losers' 胡 \(fu\), but this variant scores in tai, so every loser has 0 and nobody "
     r"would pay: write `loser_settlement none` or score in fu_fan$",
     "loser_settlement 按输家的胡数（fu）结算，但本变体按 tai 计分，每个输家都是 0，谁也不用付："
     "请写 `loser_settlement none`，或改用 fu_fan 计分"),
    (r"^fixed_by_fan needs (\d+) values \(0 to (\d+) 番\), not (\d+)$", r"fixed_by_fan 需要 \1 个值（0 到 \2 番），不是 \3 个"),
    (r"^" + _N + r" is (\w+), but this variant has no flowers \(tiles\.flowers no\): it would never apply$",
     r"\1 是 \2，但本变体没有花牌（tiles.flowers no）：它永远不会用到"),
    (r"^immediate\.(\w+) is (\d+), but (.*): it would never be paid$", r"immediate.\1 是 \2，但\3：永远不会有人付"),
    (r"^claims\.wild_kong is yes, but the only wild kind is the indicator's own \(wilds\.kinds same\), whose fourth tile is the "
     r"indicator left in the wall: no hand holds the four tiles of a wild kind, so no wild kong could be declared; add next "
     r"to wilds\.kinds or drop wild_kong$",
     "claims.wild_kong 是 yes，但百搭只有翻出的那种牌（wilds.kinds same），它的第四张就是留在牌墙上的翻百搭牌："
     "没有一手牌能有四张百搭，所以永远开不出百搭杠；请在 wilds.kinds 中加上 next，或去掉 wild_kong"),
    (r"^claims\.(\w+) is yes, but ", r"claims.\1 是 yes，但"),
    (r"this variant has no wilds \(wilds\.enabled no\)", "本变体没有百搭（wilds.enabled no）"),
    (r"claims\.kan is no: no discard is konged", "claims.kan 是 no：没有人杠别人打出的牌"),
    (r"claims\.pon is no: no pung is claimed to add to", "claims.pon 是 no：没有碰出的刻子可以补杠"),
    (r"^dealing\.other_tiles must be one more than a multiple of 3 \(4, 7, 10, 13, \.\.\.\), so that a winning tile makes sets "
     r"and a pair; (\d+) is not$",
     r"dealing.other_tiles 必须是 3 的倍数加 1（4、7、10、13……），这样胡张才能凑成面子和一对将；\1 不是"),
    (r"^dealing\.other_tiles is at most (\d+): the hand-shape core reads hands of up to (\d+) tiles, the one drawn included; "
     r"(\d+) is too many$",
     r"dealing.other_tiles 最多是 \1：牌型核心最多读 \2 张的手牌（算上摸的那张）；\3 太多了"),
    (r"^dealing\.dealer_tiles must be dealing\.other_tiles \+ 1 = (\d+): the dealer starts with the tile the others will draw, not (\d+)$",
     r"dealing.dealer_tiles 必须是 dealing.other_tiles + 1 = \1：庄家开局就多拿其他人要摸的那张牌，不能是 \2"),
    (r"^the deal takes (\d+) tiles and (\d+) stay in the wall, which leaves nothing to draw from (\d+)$",
     r"发牌拿走 \1 张，牌墙留 \2 张不摸，\3 张牌里就没有可摸的了"),
    (r"^immediate\.(\w+) of (\d+) could make a seat's payments pass (\d+) \(2\*\*53\), where points stop being exact; lower it$",
     r"immediate.\1 为 \2，可能让一家的付款超过 \3（2**53），超过这个数分数就不再精确；请调低它"),
    (r"^scoring\.(\w+) is never read: (.*); remove it$",
     lambda m: f"scoring.{m[1]} 永远不会被读到：{_NEVER_READ.get(m[2], m[2])}；请删掉它"),
    (r"^a hand is worth at most (\d+) 胡 \(scoring\.(\w+)\), which silver (\w+) pays as 0: every hand would be worth nothing "
     r"and no win is paid$",
     r"一手牌最多 \1 胡（scoring.\2），silver \3 把它算作 0：每手牌都一文不值，胡了也没人付"),
    (r"^a hand could be worth (\d+) points and a seat pay (\d+) times that: beyond (\d+) \(2\*\*53\), where points stop being exact; ",
     r"一手牌可能值 \1 分，一家要付它的 \2 倍：超过了 \3（2**53），超过这个数分数就不再精确；"),
    (r"lower the values or set scoring\.cap or scoring\.points_cap$", "请调低这些值，或设置 scoring.cap 或 scoring.points_cap"),
    (r"lower scoring\.(\w+)$", r"请调低 scoring.\1"),
    (r"^scoring\.minimum_alternatives asks for (\d+) x (\d+), but the multiplier items make at most x (\d+): that alternative "
     r"could never allow a win$",
     r"scoring.minimum_alternatives 要求 \1 x \2，但倍数计分项最多只有 x \3：这个替代条件永远不能让人胡"),
    (r"^scoring\.minimum is (\d+), but the items that count toward it add up to (\d+) at most: no hand could win$",
     r"scoring.minimum 是 \1，但计入起胡的计分项加起来最多 \2：没有一手牌能胡"),
    (r"^with scoring\.base_points 0, (.*) makes every hand worth 0 points and no win is paid; set scoring\.base_points"
     r"( or scoring\.points_per_tai)?$",
     lambda m: f"scoring.base_points 为 0 时，{m[1]} 让每手牌都是 0 分，胡了也没人付；请设置 scoring.base_points"
               + (" 或 scoring.points_per_tai" if m[2] else "")),
    (r"^scoring\.conversion doubling needs a cap on tai \(scoring\.cap N\): a hand's points double with each tai$",
     "scoring.conversion doubling 需要台数封顶（scoring.cap N）：每多一台，一手牌的分数就翻一倍"),
    (r"^item " + _Q + r" scores only in the shape (\w+), which winning\.shapes does not list: it would never score; "
     r"add (\w+) to winning\.shapes or switch the item off$",
     r"计分项 \1 只在牌型 \2 中计分，而 winning.shapes 没有列出它：这一项永远不会计分；请把 \3 加进 winning.shapes，或关掉这一项"),
    (r"^item " + _Q + r" scores only on a win by (\w+), which this variant does not have \(([\w.]+) is no\): it would never "
     r"score; switch the item off$",
     r"计分项 \1 只在以 \2 方式胡牌时计分，而本变体没有这种胡法（\3 是 no）：这一项永远不会计分；请关掉这一项"),
    (r"^this win restriction lets a hand win only in the shape (\w+), which winning\.shapes does not list: no hand could win; "
     r"add (\w+) to winning\.shapes$",
     r"这条胡牌限制只让牌型 \1 的手牌胡，而 winning.shapes 没有列出它：没有一手牌能胡；请把 \2 加进 winning.shapes"),
    (r"^no (wilds|flowers) in this variant \((wilds\.enabled|tiles\.flowers) no\), yet this condition uses " + _Q + "$",
     lambda m: f"本变体没有{'百搭' if m[1] == 'wilds' else '花牌'}（{m[2]} no），这个条件却用到了 {m[3]}"),
    # ------------------------------------------------------------------ what a check_rule line is
    (r"^this win restriction ?", "这条胡牌限制"),
    (r"^liability row (\w+) " + _Q, r"三摊行 \1 \2"),
    (r"^" + _THING + " " + _Q + " 没有规则编号", lambda m: f"{_thing(m)} {m[2]} 没有规则编号"),
    # ------------------------------------------------------------------ the parts added after a message
    (r"(; )?did you mean " + _Q + r"\?", lambda m: f"{'；' if m[1] else ''}您是不是要写 {m[2]}？"),
    (r"; known " + _THING + r"s: ([^;]*)", lambda m: f"；已知的{_thing(m)}：{m[2]}"),
    (r"; expected one of: ([^;]*)", r"；应为以下之一：\1"),
    (r" \(inherited from (\S+:\d+:\d+); override or drop it\)$", r"（继承自 \1；请覆盖或删掉它）"),
    # a setting's value, quoted in a contradiction: ``(claims.rob_kong is yes)``, ``but claims.pon is no``
    (r" \(([a-z_]+\.[a-z_]+) is (yes|no)\)", r"（\1 是 \2）"),
    (r"(?<![a-z_.])([a-z_]+\.[a-z_]+) is (yes|no)\b", r"\1 是 \2"),
    # a name written right after a Chinese word is set off by a space, as the rest of the table writes it
    (r"但(?=[a-z])", "但 "),
    (r"？；", "？"),
    # tile notation (nbmj.tiles), after "is not tile notation: "
    (r"suit letter " + _Q + r" at position (\d+) in " + _Q + " has no digits before it$", r"\3 第 \2 位的花色字母 \1 前面没有数字"),
    (r"no tile " + _Q + r" \(position (\d+) in " + _Q + r"\)$", r"没有 \1 这张牌（\3 第 \2 位）"),
    (r"digits at position (\d+) in " + _Q + " have no suit letter$", r"\2 第 \1 位的数字后面没有花色字母"),
    (r"unexpected " + _Q + r" at position (\d+) in " + _Q + "$", r"\3 第 \2 位有意外的 \1"),
))

# what the parser expected, as :data:`nbmj.rules.parsing._TERMINAL_WORDS` says it
_EXPECTED: Final[dict[str, str]] = {
    "a name or a number": "名字或数", 'a "quoted string"': '带引号的字符串', "a rule ID like [NB-12.1]": "规则编号，如 [NB-12.1]",
    "a comparison (>=, <=, ==, !=, >, <)": "比较符（>=, <=, ==, !=, >, <）", "one of > = , : +": "> = , : + 之一",
    "a line break": "换行", "the end of the file": "文件结尾",
}
_UTF8_REASONS: Final[dict[str, str]] = {
    "invalid start byte": "无效的起始字节", "invalid continuation byte": "无效的后续字节", "unexpected end of data": "数据意外结束",
}
_OS_ERRORS: Final[dict[str, str]] = {
    "No such file or directory": "没有这个文件或目录", "Permission denied": "没有权限", "Is a directory": "这是一个目录",
}
_NEVER_READ: Final[dict[str, str]] = {
    "conversion doubling makes S = base_points × 2^tai": "conversion doubling 时 S = base_points × 2^tai",
    "fixed_by_fan gives a hand's 胡 by its 番": "fixed_by_fan 按番数直接给出一手牌的胡数",
}


def _expected(words: str) -> str:
    """``a line break or ';'`` -> ``换行 或 ';'`` (a quoted word set off by a space)."""
    for english, chinese in _EXPECTED.items():
        words = words.replace(english, chinese)
    words = words.replace(" or ", " 或 ")
    return " " + words if words[:1].isascii() else words


def message_in(message: str, language: str) -> str:
    """A diagnostic's ``message`` (English, as the compiler gives it) in ``language``:
    ``"zh"`` for Chinese, anything else leaves it English. Each part with a Chinese wording
    is rewritten; a part without one stays English."""
    if language != "zh":
        return message
    for pattern, chinese in _ZH:
        message = pattern.sub(chinese, message, count=1)
    return message
