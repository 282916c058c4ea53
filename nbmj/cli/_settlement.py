"""A settlement at the terminal: the scorer's explanation (:mod:`nbmj.scoring.explanation`)
drawn with rich, as ``nbmj score --explain``, ``nbmj play``, ``nbmj demo`` and ``nbmj
replay`` show it. Nothing is worked out here: every number and sentence is the model's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.markup import escape
from rich.table import Table

from ..narration import Language, win_method
from ..rules.model import SEATS
from ..scoring.explanation import Settlement, WinExplanation, seat_name
from ._language import default_language

__all__ = ["default_language", "win_line", "items_table", "print_steps", "payments_table", "print_win", "print_payments"]


_WORDS: dict[Language, dict[str, str]] = {
    "en": {"item": "item", "value": "value", "rule": "rule", "seat": "seat", "change": "change", "why": "why",
           "value_of": "the value", "payments": "who pays whom", "in_all": "in all"},
    "zh": {"item": "计分项", "value": "分值", "rule": "规则", "seat": "座位", "change": "得失", "why": "缘由",
           "value_of": "算分", "payments": "谁付谁", "in_all": "合计"},
}


def win_line(win: WinExplanation, lang: Language, tile: Callable[[str], str] | None = None) -> str:
    """``'West wins (on a discard, from East) on 6s: 4 points'`` (rich markup)."""
    shown = tile(win.tile) if tile is not None else escape(win.tile)
    how = win_method(win.win_by, lang)
    who = seat_name(win.seat, lang)
    if lang == "zh":
        source = f"，{seat_name(win.discarder, lang)}放炮" if win.discarder else ""
        return f"{who}胡牌（{how}{source}），胡 {shown}，{win.points} 分"
    source = f", from {seat_name(win.discarder, lang)}" if win.discarder else ""
    return f"{who} wins ({how}{source}) on {shown}: {win.points} points"


def items_table(win: WinExplanation, lang: Language) -> Table:
    """The items that count in the win, with their values in ``lang``'s units and rules."""
    words = _WORDS[lang]
    table = Table(show_header=True)
    table.add_column(words["item"])
    table.add_column(words["value"], justify="right")
    table.add_column(words["rule"])
    for item in win.items:
        name = f"{item.label} ({item.name})" if item.label else item.name
        if item.count > 1:
            name += f" ×{item.count}"
        table.add_row(escape(name), item.text(lang), item.rule)
    return table


def print_steps(console: Any, win: WinExplanation, lang: Language) -> None:
    """The win's value, step by step, each with its rule."""
    console.print(f"[bold]{_WORDS[lang]['value_of']}[/bold]")
    for step in win.steps:
        console.print(f"  {escape(step.text(lang))}  [dim]{step.rule}[/dim]")


def payments_table(settlement: Settlement, lang: Language) -> Table:
    """Every seat's terms: what it gains or pays, why, under which rule; and its total."""
    words = _WORDS[lang]
    table = Table(show_header=True, title=words["payments"])
    table.add_column(words["seat"])
    table.add_column(words["change"], justify="right")
    table.add_column(words["why"], overflow="fold")
    table.add_column(words["rule"])
    deltas = settlement.deltas()
    for i, seat in enumerate(SEATS):
        lines = settlement.seat_lines(seat, lang)
        for k, (change, text, rule) in enumerate(lines):
            table.add_row(seat_name(seat, lang) if k == 0 else "", _signed(change), escape(text), rule)
        if len(lines) != 1:
            table.add_row(seat_name(seat, lang) if not lines else "", f"[bold]{_signed(deltas[seat])}[/bold]",
                          words["in_all"], "")
        if i < len(SEATS) - 1:
            table.add_section()
    return table


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def print_win(console: Any, win: WinExplanation, lang: Language, tile: Callable[[str], str] | None = None,
              reading: str | None = None) -> None:
    """One win: who won and how, its ``reading`` (rich markup) when given, its items, its
    value step by step."""
    console.print(win_line(win, lang, tile))
    if reading:
        console.print(reading)
    if win.items:
        console.print(items_table(win, lang))
    print_steps(console, win, lang)


def print_payments(console: Any, settlement: Settlement, lang: Language) -> None:
    """Who pays whom and why (nothing when no term moved or explained anything)."""
    if settlement.terms:
        console.print(payments_table(settlement, lang))
