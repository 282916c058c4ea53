"""What the language server says, in the editor's language: English or Chinese.

The editor's language comes from the ``locale`` it sends when it starts the server
(``zh-cn``, ``en``), else from ``initializationOptions.language``, else from the
environment (``LC_ALL``, ``LC_MESSAGES``, ``LANG``). Rules are shown from the rulebook
(:mod:`nbmj.rules.rulebook`) and, in Chinese, from the rulebook's Chinese catalogues, the
same ones the Chinese documentation is built from (read with polib); a paragraph without a
translation is shown in English. The server's own words are in :data:`ZH`; the compiler's
diagnostics are given in Chinese by :meth:`~nbmj.rules.diagnostics.Diagnostic.text`.
"""

from __future__ import annotations

import functools
import os
import re

from .._paths import rulebook_catalogue_root
from ..rules.rulebook import Rule

__all__ = ["language_of", "say", "meaning", "rule_markdown", "rule_title", "ZH"]

#: The server's own words in Chinese: English template -> Chinese template.
ZH: dict[str, str] = {
    # hover and completion
    "Sources: {sources}": "来源：{sources}",
    "Note": "说明",
    "Setting `{path}`": "设置 `{path}`",
    "Value: {what}.": "取值：{what}。",
    "In this variant: `{value}`, set here.": "本变体：`{value}`，在此设置。",
    "In this variant: `{value}`, from `{where}`.": "本变体：`{value}`，来自 `{where}`。",
    "Inherited: `{value}`, from `{where}`.": "继承的值：`{value}`，来自 `{where}`。",
    "Left out of a root variant it is `{value}`.": "根变体不写时取 `{value}`。",
    "A root variant must set it.": "根变体必须设置它。",
    "Rules that use it:": "用到它的规则：",
    "Section `{name}`": "节 `{name}`",
    "Settings: {names}.": "设置：{names}。",
    "Item `{name}`": "计分项 `{name}`",
    "In this variant: {what}, from `{where}`.": "本变体：{what}，来自 `{where}`。",
    "Inherited: {what}, from `{where}`.": "继承的值：{what}，来自 `{where}`。",
    "Not in this variant.": "本变体没有这一项。",
    "House rule of `{where}`": "`{where}` 的本地规则",
    "Feature `{name}`": "特征 `{name}`",
    "Arguments: {args}.": "参数：{args}。",
    "Variant `{name}`": "变体 `{name}`",
    # what a setting's value is (nbmj.rules.schema.ValueReader.expects)
    "yes or no": "yes 或 no",
    "a whole number, at least {minimum}": "整数，至少 {minimum}",
    "a whole number, at least {minimum}, or none (no limit)": "整数，至少 {minimum}，或 none（不限）",
    "one of: {words}": "以下之一：{words}",
    "one or more of: {words}": "以下一个或多个：{words}",
    "whole numbers, or none": "若干整数，或 none",
    "two whole numbers: the difference in 胡 and the silver it costs": "两个整数：胡数之差，和它要付的银",
    "the claims {words}, highest first, with '>' between ranks and '=' within one: hu > kan = pon > chi": (
        "声明 {words}，从高到低，不同等级之间写 '>'，同一等级之内写 '='：hu > kan = pon > chi"
    ),
    "all of {words}, in the order they take a claim": "{words} 全部写出，按抢到声明的先后排列",
    "TAI x MULTIPLIER pairs separated by commas (2 x 2, 1 x 4), or none": "用逗号隔开的“台 x 倍数”（2 x 2, 1 x 4），或 none",
    "a seat wind ({words}) and its flowers: seat E 1f 5f": "座位风（{words}）和它的花：seat E 1f 5f",
    "a situation ({words}), ':' and who pays: partner 2, discarder 2": "情形（{words}）、':' 和谁付多少：partner 2, discarder 2",
    # the quick fixes (nbmj.lsp.checks.quick_fixes)
    "Replace with {word}": "替换为 {word}",
    "Type {char}": "改为输入 {char}",
    "Delete {char}": "删除 {char}",
}


def language_of(locale: str | None, option: object = None) -> str:
    """``"zh"`` or ``"en"``: from the editor's ``locale``, else an explicit ``language``
    option, else the environment's locale."""
    for candidate in (locale, option if isinstance(option, str) else None):
        if candidate:
            return "zh" if candidate.lower().startswith("zh") else "en"
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def say(language: str, template: str, /, **fields: object) -> str:
    """``template`` in ``language``, its fields filled in."""
    if language == "zh":
        template = ZH.get(template, template)
    return template.format(**fields) if fields else template


def meaning(language: str, english: str) -> str:
    """A feature's or a restriction kind's meaning (from :mod:`nbmj.rules.model`) in ``language``."""
    if language == "zh":
        from ..rules.zh_CN import MEANINGS

        return MEANINGS.get(english, english)
    return english


@functools.lru_cache(maxsize=1)
def _catalogue() -> dict[str, str]:
    """The rulebook's Chinese catalogues: English paragraph -> Chinese (translated ones only)."""
    root = rulebook_catalogue_root()
    if root is None:
        return {}
    import polib

    out: dict[str, str] = {}
    for path in sorted(root.glob("*.po")):
        for entry in polib.pofile(str(path)):
            if entry.msgstr and not entry.obsolete and "fuzzy" not in entry.flags:
                out[entry.msgid] = entry.msgstr
    return out


def _translated(language: str, english: str) -> str:
    return _catalogue().get(english, english) if language == "zh" else english


_ROLE = re.compile(r":[a-z]+(?::[a-z]+)?:`([^`<]*?)\s*(?:<[^`>]*>)?`")
_LINK = re.compile(r"`([^`<]+?)\s*<([^`>]+)>`__?")


def _markdown(text: str) -> str:
    """Inline reStructuredText as Markdown: roles become their text, literals one backquote."""
    text = _LINK.sub(lambda m: f"[{m.group(1)}]({m.group(2)})", text)
    text = _ROLE.sub(lambda m: m.group(1), text)
    return text.replace("``", "`")


def rule_title(rule: Rule, language: str) -> str:
    """The rule's title in ``language``."""
    return _markdown(_translated(language, rule.title))


def _paragraphs(text: str) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for line in text.split("\n"):
        if line.strip():
            out[-1].append(line)
        elif out[-1]:
            out.append([])
    return [p for p in out if p]


def rule_markdown(rule: Rule, language: str) -> str:
    """The rule as Markdown: its ID and title, its text, its sources.

    The text is the rule's paragraphs (a note's under a heading), each translated when the
    catalogue has it; comments (``.. Contradiction C1``) are left out.
    """
    parts = [f"**{rule.id}** {rule_title(rule, language)}"]
    for para in _paragraphs(rule.text):
        first = para[0].strip()
        if first.startswith(".. "):
            if first.startswith(".. note::"):
                parts.append(f"*{say(language, 'Note')}*")
            continue  # a comment, or a directive's line
        items = _list_items(para)
        if items is not None:
            parts.append("\n".join(f"- {_markdown(_translated(language, item))}" for item in items))
        else:
            parts.append(_markdown(_translated(language, " ".join(line.strip() for line in para))))
    parts.append(f"*{say(language, 'Sources: {sources}', sources=', '.join(rule.sources))}*")
    return "\n\n".join(parts)


def _list_items(para: list[str]) -> list[str] | None:
    """The items of a bulleted list paragraph (``- item`` or ``* item``), or None."""
    if not re.match(r"\s*[-*] ", para[0]):
        return None
    items: list[str] = []
    for line in para:
        marker = re.match(r"\s*[-*] (.*)", line)
        if marker:
            items.append(marker.group(1).strip())
        elif items:
            items[-1] += " " + line.strip()
    return items
