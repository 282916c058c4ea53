"""The events of a hand told to people, in English or Chinese.

The event log (:mod:`nbmj.engine.log`) is written for programs; this module turns one of its
events into a sentence for a person, with each tile shown as its glyph and its notation
(``🀋 5m``). The replay viewer uses it, and so can any table that narrates a hand.

>>> from nbmj.narration import describe
>>> describe({"e": "discard", "seat": "S", "tile": "5m"})
'S discards 🀋 5m'
>>> describe({"e": "discard", "seat": "S", "tile": "5m"}, lang="zh")
'南家打出 🀋 5m'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .errors import UnknownLanguageError
from .tiles import chinese_names, glyphs, parse_tiles, to_notation

__all__ = ["LANGUAGES", "Face", "Language", "ReadingGroup", "describe", "reading_groups", "seat_name", "tile_text", "check_language",
           "action_zh", "win_method", "win_method_zh", "words_zh"]

Language = Literal["en", "zh"]
Face = Literal["glyph", "chinese", "code"]
LANGUAGES: tuple[Language, ...] = ("en", "zh")

_SEATS_ZH = {"E": "东家", "S": "南家", "W": "西家", "N": "北家"}
_SEATS_EN = {"E": "East", "S": "South", "W": "West", "N": "North"}
# The moves by their protocol kinds (nbmj.engine.actions; "kong" as the refusal reasons name
# a kong of any kind): the terminal's menu, a review's moves, the refusal reasons and the web
# table all say them so.
_ACTIONS_ZH = {"discard": "打出", "chi": "吃", "pon": "碰", "kan": "杠", "kong": "杠", "ankan": "暗杠", "kakan": "补杠",
               "flower": "杠花", "hu": "胡", "pass": "过"}
# How a hand was won (nbmj.rules.model.WIN_METHODS), by language: the terminal, nbmj replay,
# the narration and the web pages all say it so.
_WIN_BY: dict[Language, dict[str, str]] = {
    "en": {"self_draw": "self-draw", "discard": "on a discard", "rob_kong": "robbing a kong",
           "kong_replacement": "on a kong's replacement", "flower_replacement": "on a flower's replacement"},
    "zh": {"self_draw": "自摸", "discard": "点炮", "rob_kong": "抢杠",
           "kong_replacement": "杠上开花", "flower_replacement": "杠上开花（补花）"},
}


def win_method(win_by: str, lang: Language = "en") -> str:
    """How a hand was won (``self_draw``, ``discard``, ``rob_kong``, ``kong_replacement``,
    ``flower_replacement``) as people say it in ``lang``: ``'on a discard'``, ``'自摸'``,
    ``'杠上开花（补花）'``; an unknown method stays as it is (in English, its underscores
    as spaces)."""
    if lang == "zh":
        return _WIN_BY["zh"].get(win_by, win_by)
    return _WIN_BY["en"].get(win_by, win_by.replace("_", " "))


def win_method_zh(win_by: str) -> str:
    """How a hand was won, in Chinese: ``win_method(win_by, "zh")``."""
    return win_method(win_by, "zh")


def action_zh(kind: str) -> str:
    """A move by its kind (``discard``, ``chi``, ``pon``, ``kan``, ``ankan``, ``kakan``,
    ``flower``, ``hu``, ``pass``) in Chinese, as every Chinese text of nbmj says it:
    ``'打出'``, ``'补杠'``; an unknown kind stays as it is."""
    return _ACTIONS_ZH.get(kind, kind)


def words_zh() -> dict[str, dict[str, str]]:
    """The Chinese names of the seats, the moves (:func:`action_zh`) and the win methods
    (:func:`win_method_zh`), under ``"seats"``, ``"actions"`` and ``"win_by"``: what a page
    that narrates in the browser needs of this module (the web table and the replay viewer
    are given it, so that they say what the terminal says)."""
    return {"seats": dict(_SEATS_ZH), "actions": dict(_ACTIONS_ZH), "win_by": dict(_WIN_BY["zh"])}


def check_language(lang: object) -> Language:
    """``lang`` if nbmj can narrate and explain in it (``"en"`` or ``"zh"``); otherwise an
    :class:`~nbmj.errors.UnknownLanguageError` (a ValueError)."""
    for known in LANGUAGES:
        if lang == known:
            return known
    raise UnknownLanguageError(f"unknown language {lang!r}; nbmj speaks {', '.join(LANGUAGES)}")


#: The error of :func:`check_language` (its older name here).
LanguageError = UnknownLanguageError


def tile_text(codes: str | None, face: Face = "glyph") -> str:
    """Tiles in notation shown with their faces: ``'🀋 5m'`` (``face="glyph"``),
    ``'五万 5m'`` (``"chinese"``: readable in any CJK font) or ``'5m'`` (``"code"``);
    a dash for none."""
    if not codes:
        return "—"
    tiles = parse_tiles(codes)
    if face == "code":
        return to_notation(tiles)
    shown = glyphs(tiles) if face == "glyph" else "".join(chinese_names(tiles))
    return f"{shown} {to_notation(tiles)}"


def seat_name(seat: str, lang: Language = "en") -> str:
    """The seat ``"E"`` ``"S"`` ``"W"`` ``"N"`` as people say it: ``'South'`` in English,
    ``'南家'`` in Chinese; anything else is returned as it is."""
    return (_SEATS_ZH if lang == "zh" else _SEATS_EN).get(seat, seat)


def describe(event: Mapping[str, Any], lang: Language = "en", face: Face = "glyph") -> str:
    """One event of the log as a sentence in ``lang`` (``"en"`` or ``"zh"``), each tile
    shown as :func:`tile_text` shows it with ``face``.

    An event this module does not know is shown as its JSON, so that nothing is hidden.
    """
    def tiles(codes: str | None) -> str:
        return tile_text(codes, face)

    return _describe_zh(event, tiles) if lang == "zh" else _describe_en(event, tiles)


def _describe_en(ev: Mapping[str, Any], tile_text: Callable[[str | None], str]) -> str:
    e, seat = ev.get("e"), str(ev.get("seat", ""))
    if e == "start":
        wild = f"indicator {tile_text(ev['indicator'])}, wilds {' '.join(ev['wilds'])}" if ev.get("indicator") else "no wilds"
        opened = ev.get("break")
        where = f", the wall of {opened['wall']} opened {opened['stacks']} stacks in" if opened else ""
        return f"dice {ev['dice'][0]}+{ev['dice'][1]}{where}, dealer {ev['dealer']}, round wind {ev['round_wind']}, {wild}"
    if e == "deal":
        return f"{seat} is dealt {tile_text(ev['tiles'])}"
    if e == "bu":
        got = tile_text(ev["draw"]) if ev.get("draw") else "nothing (the wall is used up)"
        return f"{seat} lays aside flower {tile_text(ev['tile'])} and draws {got}"
    if e == "draw":
        return f"{seat} draws {tile_text(ev['tile'])}" + (" from the tail" if ev.get("from") == "tail" else "")
    if e == "discard":
        return f"{seat} discards {tile_text(ev['tile'])}"
    if e == "pass":
        return f"{seat} passes"
    if e in ("chi", "pon", "kan"):
        use = f" with {tile_text(ev['use'])}" if ev.get("use") else ""
        return f"{seat} calls {e} on {tile_text(ev['tile'])}{use}"
    if e == "take":
        return f"{seat} takes {tile_text(ev['tile'])} from {ev['from']} for {ev['claim']}"
    if e == "ankan":
        return f"{seat} declares a concealed kong of {tile_text(ev['tile'])}"
    if e == "kakan":
        return f"{seat} adds {tile_text(ev['tile'])} to a pung"
    if e == "flower":
        return f"{seat} lays down flower {tile_text(ev['tile'])}"
    if e == "hu":
        return f"{seat} declares a win (胡)"
    if e == "pay":
        return f"{seat} collects {ev['amount']} from each player for a {str(ev['why']).replace('_', ' ')}"
    if e == "end":
        if ev.get("outcome") == "draw":
            return "exhaustive draw (荒庄): no winner"
        return ", ".join(
            f"{w['seat']} wins by {str(w['win_by']).replace('_', ' ')}"
            f" on {tile_text(w['tile'])}"
            + (f" from {w['from']}" if w.get("from") else "")
            + f" for {w['points']} points"
            for w in ev.get("winners", [])
        )
    return json.dumps(dict(ev), ensure_ascii=False)


def _describe_zh(ev: Mapping[str, Any], tile_text: Callable[[str | None], str]) -> str:
    e = ev.get("e")
    who = seat_name(str(ev.get("seat", "")), "zh")
    if e == "start":
        wild = f"翻牌 {tile_text(ev['indicator'])}，百搭 {' '.join(ev['wilds'])}" if ev.get("indicator") else "无百搭"
        opened = ev.get("break")
        where = f"，{seat_name(str(opened['wall']), 'zh')}牌墙右数 {opened['stacks']} 墩开牌" if opened else ""
        return (
            f"骰子 {ev['dice'][0]}+{ev['dice'][1]}{where}，庄家 {seat_name(ev['dealer'], 'zh')}，"
            f"圈风 {seat_name(ev['round_wind'], 'zh')[0]}，{wild}"
        )
    if e == "deal":
        return f"{who}起牌 {tile_text(ev['tiles'])}"
    if e == "bu":
        got = tile_text(ev["draw"]) if ev.get("draw") else "无牌可补（牌墙已尽）"
        return f"{who}补花 {tile_text(ev['tile'])}，补进 {got}"
    if e == "draw":
        return f"{who}{'从牌尾' if ev.get('from') == 'tail' else ''}摸牌 {tile_text(ev['tile'])}"
    if e in ("discard", "ankan", "kakan", "flower"):
        return f"{who}{action_zh(str(e))} {tile_text(ev['tile'])}"
    if e == "pass":
        return f"{who}{action_zh('pass')}"
    if e in ("chi", "pon", "kan"):
        use = f"（用 {tile_text(ev['use'])}）" if ev.get("use") else ""
        return f"{who}{action_zh(str(e))} {tile_text(ev['tile'])}{use}"
    if e == "take":
        return f"{who}{action_zh(str(ev['claim']))}进{seat_name(ev['from'], 'zh')}的 {tile_text(ev['tile'])}"
    if e == "hu":
        return f"{who}胡牌"
    if e == "pay":
        from .scoring.explanation import immediate_reason

        return f"{who}因{immediate_reason(str(ev['why']), 'zh')}向每家收 {ev['amount']}"
    if e == "end":
        if ev.get("outcome") == "draw":
            return "荒庄：无人胡牌"
        return "，".join(
            f"{seat_name(w['seat'], 'zh')}"
            + (f"胡{seat_name(w['from'], 'zh')}的 " if w.get("from") else "胡 ")
            + f"{tile_text(w['tile'])}（{win_method_zh(str(w['win_by']))}），{w['points']} 分"
            for w in ev.get("winners", [])
        )
    return json.dumps(dict(ev), ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class ReadingGroup:
    """One group of a scorer's reading as a person should see it: its tiles (the kinds
    they stand for), for each whether a wild fills that place, and whether the group is a
    meld laid on the table."""

    tiles: tuple[int, ...]
    wild: tuple[bool, ...]
    melded: bool


def reading_groups(reading: str, concealed: Sequence[int], win_tile: int, wilds: Collection[int]) -> list[ReadingGroup]:
    """The groups of ``reading`` (a score's ``decomposition``, e.g. ``"[999m] 456m 11m"``)
    with the places wilds fill marked.

    ``concealed`` and ``win_tile`` are the winner's tiles as they physically are and
    ``wilds`` the wild kinds: a place of a concealed group is a real tile while an unused
    non-wild tile of its kind remains, and a wild otherwise (a wild standing for its own
    kind, 还搭, is marked too). Which of two equal tiles is the wild cannot matter.

    >>> from nbmj.narration import reading_groups
    >>> from nbmj.tiles import parse_tile, parse_tiles
    >>> [(g.tiles, g.wild) for g in reading_groups("456m 11z", parse_tiles("46m1z"), parse_tile("1f"), {parse_tile("1f"), parse_tile("2f")})]
    [((3, 4, 5), (False, True, False)), ((27, 27), (False, True))]
    """
    from collections import Counter

    real = Counter(t for t in (*concealed, win_tile) if t not in wilds)
    groups = []
    for part in reading.split():
        melded = part.startswith("[")
        tiles = tuple(parse_tiles(part.strip("[]")))
        if melded:
            groups.append(ReadingGroup(tiles, tuple(False for _ in tiles), True))
            continue
        marks = []
        for t in tiles:
            if real[t] > 0:
                real[t] -= 1
                marks.append(False)
            else:
                marks.append(True)
        groups.append(ReadingGroup(tiles, tuple(marks), False))
    return groups
