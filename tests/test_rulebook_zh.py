"""The Chinese catalogues of the rulebook and the glossary are complete, and each
translation keeps the markup of its message: rule references, literals, links and terms
(a lost ``:rule:`` would drop a link, a changed literal would name another setting),
with spaces where docutils needs them to see the markup beside Chinese text."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest

polib = pytest.importorskip("polib", reason="polib reads the zh_CN catalogues (it is in the test extra)")

DOCS = Path(__file__).resolve().parents[1] / "docs"
LOCALE = DOCS / "locales" / "zh_CN" / "LC_MESSAGES"
PAGES = sorted(p.stem for p in (DOCS / "rulebook").glob("*.rst"))
CATALOGUES = [LOCALE / "rulebook" / f"{page}.po" for page in PAGES] + [LOCALE / "glossary.po"]

#: Markup a translation must carry over unchanged: roles (their target: a term's shown
#: text may be translated), literals and hyperlinks.
MARKUP = re.compile(r"(:[a-z:]+:)`(?:[^`<]*<)?([^`>]+)>?`|``[^`]+``|https?://[^\s)）]+?(?=[:;,.]?(?:[\s)）]|$))")
#: Inline markup as docutils finds it: roles, literals, strong and emphasis.
INLINE = re.compile(r":[a-z:]+:`[^`]+`|``[^`]+``|\*\*[^*\s][^*]*\*\*|(?<![*\\])\*[^*\s][^*]*?\*(?!\*)")


def _markup(text: str) -> Counter:
    return Counter(m.group(1) + m.group(2) if m.group(1) else m.group(0) for m in MARKUP.finditer(text))


def _may_precede(char: str) -> bool:
    """What docutils accepts just before inline markup (whitespace, some ASCII, Unicode
    opening and other punctuation), so that the markup is seen as markup."""
    return char.isspace() or char in "-:/'\"<([{" or unicodedata.category(char) in ("Ps", "Pi", "Pf", "Pd", "Po")


def _may_follow(char: str) -> bool:
    return char.isspace() or char in "-.,:;!?\\/'\")]}>" or unicodedata.category(char) in ("Pe", "Pi", "Pf", "Pd", "Po")


def _glued(text: str) -> list[str]:
    """Inline markup that a neighbouring character (a Han character, a bracket) hides."""
    return [
        m.group(0)
        for m in INLINE.finditer(text)
        if (m.start() and not _may_precede(text[m.start() - 1])) or (m.end() < len(text) and not _may_follow(text[m.end()]))
    ]


def _entries(path: Path) -> list:
    return [e for e in polib.pofile(str(path)) if not e.obsolete]


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.relative_to(LOCALE).as_posix())
def test_catalogue_exists_and_is_fully_translated(path):
    assert path.is_file(), f"no catalogue {path.relative_to(DOCS)}"
    entries = _entries(path)
    assert entries
    untranslated = [e.msgid[:60] for e in entries if not e.msgstr.strip()]
    fuzzy = [e.msgid[:60] for e in entries if "fuzzy" in e.flags]
    assert not untranslated and not fuzzy, {"untranslated": untranslated, "fuzzy": fuzzy}


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.relative_to(LOCALE).as_posix())
def test_translations_keep_the_markup_of_their_message(path):
    changed = [
        (e.msgid[:60], sorted(((_markup(e.msgid) - _markup(e.msgstr)) + (_markup(e.msgstr) - _markup(e.msgid))).elements()))
        for e in _entries(path)
        if _markup(e.msgid) != _markup(e.msgstr)
    ]
    assert not changed, changed


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.relative_to(LOCALE).as_posix())
def test_no_markup_is_glued_to_chinese_text(path):
    glued = [(e.msgstr[:60], _glued(e.msgstr)) for e in _entries(path) if _glued(e.msgstr)]
    assert not glued, glued


def test_the_checks_catch_what_they_are_for():
    assert _markup("see :rule:`NB-4.2` and ``wilds.kinds``") != _markup("见 :rule:`NB-4.3` 和 ``wilds.kinds``")
    assert _markup(":term:`wild <百搭 (bǎidā)>`") == _markup(":term:`百搭 <百搭 (bǎidā)>`")
    assert _markup("see https://a.example/x: the") == _markup("见 https://a.example/x ：")
    assert _glued("见:rule:`NB-4.2`") and _glued("用 ``x``时") and _glued("*边张*（边）")
    assert not _glued("见 :rule:`NB-4.2`，用 ``x`` 时（``y``）；×2\\ :sup:`番` 和 *k*。")


def test_the_players_words_are_used():
    """The translation speaks as Ningbo players do: 百搭 and 台, 杠上开花, 三摊, 荒庄."""
    text = " ".join(e.msgstr for path in CATALOGUES for e in _entries(path))
    for word in ("百搭", "财神", "台", "番", "胡", "三摊", "杠上开花", "荒庄", "庄家", "自摸"):
        assert word in text, word


#: The passages of the four Chinese sources (docs/rulebook/sources.rst) that the Chinese
#: edition quotes, as the sources write them (three misprints of the sources corrected,
#: as the quotations correct them: 補 for 补, 彡 for 三, 枪杠 for 抢杠). The English
#: rules quote only short Chinese phrases and otherwise paraphrase in English; a
#: translation that puts its own Chinese back-translation of such a paraphrase in
#: quotation marks presents words to the reader as a source's that the source never wrote.
SOURCE_PASSAGES = {
    "宁波长篇规则": (  # S000
        "使用2个骰子同时掷出，2个点数相加决定从哪里开牌的风家，大的点数决定开牌的墩数（方向为从右往左），小的点数决定百搭牌",
        "这张牌将不能被补花、补牌取走，如果按照次序应该补这张牌时跳过这张，取按次序的下一张牌",
        "则此牌相同的另外三张牌为混牌，混牌可以作为除了花牌之外的任何牌使用",
        "例：翻了个5万，则另外的3个5万为混牌，翻了个春，则夏，秋，冬为混牌",
        "补牌：正常情况下，每方手头有13张牌，当局杠过一次就多一张",
        "如果有花者,则从庄家开始，按逆时针顺序补花，从最后的牌开始补",
        "上家：根据正常打牌的逆时针顺序，前一个打牌的就是上家。东家的上家是南家，南家的上家是西家",
        "放铳：因打出或“上杠”的牌被他家胡了，称为“放铳”，吃铳费用由放铳者一人承担（付一份）",
        "自摸：除了因别人“放铳”胡牌的其他胡牌方式都为“自摸”，自摸胡牌将收3家钱",
        "腊子（封顶）：4000 胡",
        "宁波麻将胡牌以台数计，规定4台以上才可以开胡",
        "如果一家同时摸到春、夏、秋、冬或梅、兰、竹、菊 4 张，算 2 台，如果同时杠到此 8 张花算 8 台",
        "即进行优先级高的选项操作的玩家，处理被接受，优先级低的被取消",
        "“碰”和“明杠”操作可以打断正常的行动轮流次序",
        "如果都继续那么进入下一局，庄家为上一局的胡牌者",
        "要到下一次出牌才可以，即“两头吃”",
        "自摸胡：自己抓牌成胡牌(包括杠上开花、补花胡)",
        "胡牌者:一盘只能有一位胡牌者",
        "1 、麻将最后不剩牌，摸完为止，但是财神这一张跳过",
        "2 、麻将黄牌算连庄，没有一铳多响",
        "4 、财神单吊时，不能捉冲，只能自摸",
        "当A或B自摸时，包的其中一家就要在付自摸积分的基础上翻 5 番",
        "如是包的其中一家碰枪就要在付碰枪积分的基础上翻2番，否则则付的积分跟碰枪的那家相同",
    ),
    "QQ式规则": (  # S001
        "可以吃",
        "所有玩家的花牌自动杠出，并按花牌数自动补牌，如果补到的牌还是花牌，继续杠出并补牌，直到手中没有花牌",
        "吃后要打出一张牌，但不能吃张打张(打出的牌不能与吃牌中自己两张牌组成顺子，如：吃牌123万，吃1万，就不能出1万和4万",
        "可以杠自己的牌(不限次数)",
        "杠花后补牌自摸糊牌，算杠上开花糊",
        "按上面规则牌抓完后没有玩家糊牌，则该局为荒庄，本局所有杠分花分无效",
        "庄家糊牌，则庄家继续做庄，闲家糊牌，则庄家的下一家坐庄",
        "荒庄，则庄家继续坐庄",
        "圈风顺序：东南西北，周而复始",
        "组成了4+1的牌型，但是又不符合平糊、边、夹、单吊、对倒中任何一种牌型的牌型",
        "9、对倒：1台，手中有2个对子，其他的牌都组成了123或111(或1111)的牌型，得到2个对子中任何一张牌糊牌",
        "即，手中只剩下一张牌时单吊胡牌。大吊胡牌时，必然包含单吊，也要算上单吊的分",
        "例如：西风圈，西风位的玩家得到西风的刻子或杠，算2台",
        "A吃碰杠B>=3摊或者B吃碰杠A>=3摊。如果A自摸胡牌，B要付给A：胡牌总分 *5",
        "点炮玩家要付给A：胡牌总分 *2",
        "其他玩家不用给(没有与胡牌玩家有>=3摊关系的玩家)",
    ),
    "同城乐规则": (  # S003
        "第一把系统随机选一个人做庄，宁波麻将采取轮庄制，庄家糊牌，则庄家继续做庄，闲家糊牌，则庄家的下一家坐庄",
        "荒庄，则庄家继续坐庄",
        "按上面规则牌抓完后没有玩家糊牌，则该局为荒庄，本局所有杠分补花分无效",
        "玩家补花或者杠牌时都要从牌尾补张牌",
        "吃后要打出一张牌，但不能吃张打张（打出的牌不能与吃牌中自己两张牌组成顺子",
        "2.补杠：手中有一个碰牌，又抓到一张相同的牌，也可以杠。补杠可以被抢杠。",
        "杠花后补牌自摸糊牌，算杠上开花糊",
        "【杠牌】：",
    ),
    "宁海规则原文": (  # S004
        "四人坐下开始游戏时，第一轮的第一圈只能打筒和万两种牌，也不能吃、碰和杠等操作",
        "如果有花者,则从庄家开始，按逆时针顺序补花从最后的牌开始补",
        "[玩法]：庄家首先出牌玩家按逆时针方向依次出牌。 每人手里抓14张牌",
        "还有红中对发财对，白板对碰或暗刻或杠为一番宁海麻将三番为顶，为拉子牌",
        "对对胡为A中的e类型的牌，为一番牌如果同时又符合③的要求，为三番牌",
        "流局：倒数9墩牌，最后是单数牌不算如果每一杠多加一墩，到此为流局",
        "三摊：如果一家吃碰杠在牌面上有三次，并且三次都是同一色或者两字碰加任何一色或一字碰加同一色的两碰吃杠"
        "这时其他三家如果没有听的家，不能打与三摊的同色牌不然要包牌。如果有一家牌面上有碰杠三次",
        "春夏秋冬梅兰菊竹八种花为4胡",
        "自摸2胡，夹中胡2胡",
        "幺半三：为30胡底，胡牌加上以上的胡数再乘以番数，超一进十最后算出胡数是整数",
        "56*2=112—>120胡",
        "比如用银子算10胡为10银，120胡则为120银",
        "没胡的三家胡头算法：边家每多10胡，从边家可收5银头家可收10银，反之相同",
        "没胡的三家胡头算法：边家比边家多出50胡才可以收50银，比头家多出30可以收50银反之相同",
        "宁海麻将打法其实和现在的一些麻将游戏玩法基本上一样",
    ),
}


def _bare(text: str) -> str:
    """Text without spaces and punctuation (a quotation may punctuate as Chinese does)."""
    return "".join(c for c in text if not (c.isspace() or unicodedata.category(c)[0] in "PS"))


def test_a_quotation_of_a_chinese_source_is_the_sources_own_words():
    """A Chinese quotation the translation attributes to a Chinese source (the source's
    name in the clause before it) must be found in what that source says."""
    names = "|".join(SOURCE_PASSAGES)
    wrong = []
    for path in sorted(LOCALE.rglob("*.po")):
        for entry in _entries(path):
            for m in re.finditer(r"“([^”]*)”", entry.msgstr):
                quoted = m.group(1)
                clause = re.split(r"[。；]", entry.msgstr[max(0, m.start() - 90):m.start()])[-1]
                named = re.findall(names, clause)
                if not named or not re.search(r"[\u4e00-\u9fff]", quoted):
                    continue  # no source named in the clause before it: nbmj's own words
                if not any(_bare(quoted) in _bare(p) for name in set(named) for p in SOURCE_PASSAGES[name]):
                    wrong.append(f"{path.relative_to(LOCALE)}: {'/'.join(named)} “{quoted}”")
    assert not wrong, "not what the source says:\n" + "\n".join(wrong)


def test_every_rule_title_has_its_translation():
    """A rule added to the rulebook is not in the Chinese edition until its page's catalogue
    is updated (sphinx-build -b gettext, then sphinx-intl update) and translated."""
    from nbmj.rules.rulebook import load_rules

    msgids: dict[str, set[str]] = {}
    missing = []
    for rule in load_rules():
        page = Path(rule.file).stem
        if page not in msgids:
            msgids[page] = {e.msgid for e in _entries(LOCALE / "rulebook" / f"{page}.po") if e.msgstr}
        if rule.title not in msgids[page]:
            missing.append(f"{rule.id} {rule.title}")
    assert not missing, missing
