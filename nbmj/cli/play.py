"""``nbmj play``: a match at the terminal, one seat yours, the others bots.

The screen shows what a player at a real table sees: the wall count and the wilds (marked
``★`` everywhere a wild appears: the hand, the choices, the rivers, the melds), every
seat's river with claimed tiles marked with who took them, the melds and flowers, and the
hand sorted with the tile just drawn set apart. When a complete or ready hand is offered
no win, the table says why (the scorer's reason and rule); a move that is not allowed is
refused with the rule that bars it; hints only name legal moves.

Input is forgiving: a number from the list, a bare tile (``5m``, ``5M``, a glyph, 五万)
to discard it, words in English or Chinese (``pon``/``碰``, ``hu``/``胡``, ``pass``/``过``),
``help`` or ``?``; a typo gets a did-you-mean and the list again.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.markup import escape

from .._paths import missing_directory
from ..engine import Action, Game, Match
from ..errors import NbmjError
from ..rules.model import SEATS
from ..scoring.explanation import refusal_text
from ..narration import Language, action_zh, describe, reading_groups, seat_name
from ..tiles import N_KINDS, chinese_name, glyph, parse_tile, tile_code
from ._settlement import default_language, print_payments, print_win

__all__ = ["play", "read_move", "TextTable"]


_WORDS: dict[str, str] = {
    "hu": "hu", "win": "hu", "mahjong": "hu", "胡": "hu", "和": "hu", "自摸": "hu",
    "pass": "pass", "过": "pass", "skip": "pass",
    "pon": "pon", "pong": "pon", "peng": "pon", "碰": "pon",
    "chi": "chi", "chow": "chi", "吃": "chi",
    "kan": "kan", "kong": "kan", "gang": "kan", "杠": "kan",
    "flower": "flower", "花": "flower",
    "discard": "discard", "d": "discard", "打": "discard", "出": "discard",
}
_HELP_WORDS = {"help", "?", "？", "h", "帮助"}
_QUIT_WORDS = {"q", "quit", "exit", "退出"}

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "welcome": "{variant}, seed {seed}; you sit {seat}. Type a number, a tile to discard it, a word (pon, hu, pass), help, or q.",
        "hand_no": "hand {n}: dealer {dealer}, round wind {wind}",
        "wall": "wall {left} left", "wilds": "wilds", "indicator": "indicator", "nowilds": "no wilds",
        "river": "river", "melds": "melds", "flowers": "flowers", "you": "you",
        "your_hand": "your hand", "drew": "drew", "discard_by": "{seat} discards {tile}: you may claim it",
        "complete": "complete", "ready": "ready (听牌), waits {waits}", "far": "{n} from ready",
        "keep": "discards that keep it: {tiles}", "ready_after": "ready (听牌) after a discard: {choices}",
        "discard_waits": "{tile} → waits {waits}", "no_win": "no win offered: {reason}",
        "move": "your move", "choices": "your choices:", "bad_number": "{n} is not on the list: choose 1 to {k}",
        "unknown": "cannot read {text!r}", "did_you_mean": "did you mean {guess!r}?", "refused": "not allowed: {reason}",
        "ambiguous": "{kind} can be made more than one way: choose by number", "not_offered": "{kind} is not offered now",
        "left": "you left the table", "settlement": "settlement of hand {n}", "draw": "exhaustive draw (荒庄): no winner",
        "reading": "reading {reading}", "this_hand": "this hand", "total": "total", "match_over": "the match is over",
        "log": "log written to {path}",
        "help": "type the number of a choice; or a tile (5m, 5M, 五万 or its glyph) to discard it; or discard 5m; "
        "or one of: hu/win, pon, chi (chi 34m picks the tiles), kan, flower, pass; help; q to quit",
    },
    "zh": {
        "welcome": "{variant}，种子 {seed}；你坐{seat}。输入编号、要打的牌、操作（碰、胡、过）、帮助，或 q 退出。",
        "hand_no": "第 {n} 局：庄家 {dealer}，圈风 {wind}",
        "wall": "牌墙剩 {left} 张", "wilds": "百搭", "indicator": "翻牌", "nowilds": "无百搭",
        "river": "牌河", "melds": "副露", "flowers": "花", "you": "你",
        "your_hand": "你的手牌", "drew": "摸进", "discard_by": "{seat}打出 {tile}：你可以吃碰杠胡",
        "complete": "已成胡牌牌型", "ready": "听牌，听 {waits}", "far": "离听牌还差 {n} 张",
        "keep": "保持进度的打法：{tiles}", "ready_after": "打一张即听牌：{choices}",
        "discard_waits": "打 {tile} 听 {waits}", "no_win": "不能胡：{reason}",
        "move": "你的选择", "choices": "可选：", "bad_number": "没有 {n} 号：请选 1 到 {k}",
        "unknown": "看不懂 {text!r}", "did_you_mean": "你是想输入 {guess!r} 吗？", "refused": "不允许：{reason}",
        "ambiguous": "{kind} 有不止一种做法：请按编号选择", "not_offered": "现在不能{kind}",
        "left": "你离开了牌桌", "settlement": "第 {n} 局结算", "draw": "荒庄：无人胡牌",
        "reading": "拆法 {reading}", "this_hand": "本局", "total": "累计", "match_over": "比赛结束",
        "log": "牌局记录已写入 {path}",
        "help": "输入选项编号；或输入一张牌（5m、5M、五万或牌的图形）把它打出；或 打 5m；"
        "或：胡、碰、吃（吃 34m 指定用哪两张）、杠、花、过；帮助；q 退出",
    },
}


@dataclass
class TextTable:
    """How tiles and moves are written for a person in ``lang``, wilds marked with ★."""

    lang: Language
    wilds: frozenset[int] = frozenset()

    def t(self, key: str, **values: Any) -> str:
        return TEXT[self.lang][key].format(**values)

    def tile(self, t: int) -> str:
        name = chinese_name(t) if self.lang == "zh" else tile_code(t)
        if t in self.wilds:
            return f"[bold black on yellow]{name}★[/]"
        return name

    def placed(self, t: int, wild: bool) -> str:
        """A tile of a reading: the kind it stands for, marked ★ when a wild fills it."""
        name = chinese_name(t) if self.lang == "zh" else tile_code(t)
        return f"[bold black on yellow]{name}★[/]" if wild else name

    def reading(self, reading: str, sit: Any) -> str:
        """A score's reading with the places wilds fill marked (melds in brackets)."""
        groups = reading_groups(reading, sit.concealed, sit.win_tile, self.wilds)
        shown = []
        for g in groups:
            text = "".join(self.placed(t, w) for t, w in zip(g.tiles, g.wild))
            shown.append(f"\\[{text}]" if g.melded else text)
        return "  ".join(shown)

    def tiles(self, ts: Sequence[int]) -> str:
        return " ".join(self.tile(t) for t in ts) if ts else "—"

    def seat(self, s: str) -> str:
        return seat_name(s, self.lang)

    def kind(self, k: str) -> str:
        return action_zh(k) if self.lang == "zh" else k

    def action(self, a: Action) -> str:
        if a.tile is None:
            return self.kind(a.kind)
        use = f" + {self.tiles(a.use)}" if a.use else ""
        return f"{self.kind(a.kind)} {self.tile(a.tile)}{use}"


def _tile_lookup() -> dict[str, int]:
    """Every way a person may write a tile: code (any case), glyph, Chinese name."""
    out: dict[str, int] = {}
    for t in range(N_KINDS + 8):
        code = tile_code(t)
        out[code] = t
        out[code.upper()] = t
        out[glyph(t)] = t
        out[chinese_name(t)] = t
    return out


_TILES = _tile_lookup()


def _parse_tiles(text: str) -> list[int] | None:
    """Tiles written as codes (``5m``, ``345m``), glyphs or Chinese names; None if unreadable."""
    text = text.strip()
    if not text:
        return []
    if text in _TILES:
        return [_TILES[text]]
    lowered = text.lower()
    from ..tiles import parse_tiles
    from ..errors import TileNotationError

    try:
        return parse_tiles(lowered)
    except TileNotationError:
        pass
    out = []
    for ch in text:  # glyphs, one character a tile
        if ch.isspace():
            continue
        if ch not in _TILES:
            return None
        out.append(_TILES[ch])
    return out


def read_move(answer: str, seat: str, legal: Sequence[Action], table: TextTable, game: Game | None = None) -> Action | str:
    """The legal action a person typed, or a message saying what was wrong (with a
    did-you-mean, or the rule that bars the move when ``game`` is given)."""
    text = answer.strip()
    if not text:
        return table.t("help")
    if text.isdigit():
        n = int(text)
        if 1 <= n <= len(legal):
            return legal[n - 1]
        return table.t("bad_number", n=n, k=len(legal))
    word, _, rest = text.partition(" ")
    kind = _WORDS.get(word.lower()) or _WORDS.get(word)
    if kind is None:
        tiles = _parse_tiles(text)
        if tiles is not None and len(tiles) == 1:
            return _pick(Action(seat, "discard", tiles[0]), legal, table, game)
        guesses = difflib.get_close_matches(word.lower(), list(_WORDS) + sorted(_HELP_WORDS), n=1, cutoff=0.6)
        message = table.t("unknown", text=text)
        if guesses:
            message += " — " + table.t("did_you_mean", guess=(guesses[0] + (" " + rest if rest else "")))
        return message
    tiles = _parse_tiles(rest)
    if tiles is None:
        return table.t("unknown", text=rest)
    kinds = {"kan": ("kan", "ankan", "kakan")}.get(kind, (kind,))
    matches = [a for a in legal if a.kind in kinds]
    if tiles:
        if kind == "discard" or kind == "flower" or kind == "kan" or kind == "pon":
            matches = [a for a in matches if a.tile == tiles[-1] or (a.tile in tiles)]
        elif kind == "chi":
            matches = [a for a in matches if set(a.use) <= set(tiles) or a.tile in tiles and set(a.use) <= set(tiles)]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        return table.t("ambiguous", kind=table.kind(kind))
    if game is not None and kind == "discard" and len(tiles) == 1:
        return _pick(Action(seat, "discard", tiles[0]), legal, table, game)
    if game is not None and kind in ("hu", "pon", "chi", "kan", "pass"):
        probe = Action(seat, kind, tiles[0] if tiles and kind != "hu" and kind != "pass" else None)
        reason = _safe_why_not(game, probe)
        if reason:
            return table.t("refused", reason=refusal_text(reason, table.lang))
    return table.t("not_offered", kind=table.kind(kind))


def _safe_why_not(game: Game, action: Action) -> str | None:
    try:
        return game.why_not(action)
    except Exception:  # noqa: BLE001 - an explanation must never break the table
        return None


def _pick(action: Action, legal: Sequence[Action], table: TextTable, game: Game | None) -> Action | str:
    for a in legal:
        if a == action:
            return a
    if game is not None:
        reason = _safe_why_not(game, action)
        if reason:
            return table.t("refused", reason=refusal_text(reason, table.lang))
    return table.t("not_offered", kind=table.kind(action.kind))


def _hint(game: Game, seat: str, legal: Sequence[Action], table: TextTable) -> str:
    """Shanten and waits of the hand; discards named only among the legal ones; and the
    reason when a complete hand is offered no win."""
    from .. import core

    obs = game.observation(seat)
    wilds = set(obs["wilds"])
    counts = [0] * N_KINDS
    w = 0
    for t in obs["hand"]:
        if t in wilds:
            w += 1
        elif t < N_KINDS:
            counts[t] += 1
    parts = []
    withheld = game.withheld_win(seat)
    n = sum(counts) + w
    if n % 3 == 1 and obs["discard"] is None:
        return ""
    if n % 3 == 1:  # a claim window: would the discard complete the hand?
        sh = core.shanten(counts, w)
        if sh == 0:
            parts.append(table.t("ready", waits=table.tiles(core.waits(counts, w)) if core.waits(counts, w) else "*"))
    else:
        sh = core.shanten(counts, w)
        keep = []
        for tile in sorted({a.tile for a in legal if a.kind == "discard" and a.tile is not None}):
            if tile < N_KINDS and tile not in wilds:  # (a wild is never the discard that keeps the hand)
                counts[tile] -= 1
                if core.shanten(counts, w) == max(sh, 0):
                    keep.append((tile, core.waits(counts, w) if sh <= 0 else []))
                counts[tile] += 1
        if sh < 0:
            parts.append(table.t("complete"))
        elif sh > 0:
            parts.append(table.t("far", n=sh))
        if sh <= 0 and keep:  # say which discard leaves which waits
            choices = ", ".join(table.t("discard_waits", tile=table.tile(tile), waits=table.tiles(waits) if waits else "*")
                                for tile, waits in keep)
            parts.append(table.t("ready_after", choices=choices))
        elif sh > 0 and keep:
            parts.append(table.t("keep", tiles=table.tiles([tile for tile, _w in keep])))
    if withheld is not None:
        parts.append(table.t("no_win", reason=escape(refusal_text(withheld.reason, table.lang))))
    return ("；" if table.lang == "zh" else "; ").join(parts)


def _show(console: Any, game: Game, seat: str, table: TextTable, legal: Sequence[Action]) -> None:
    obs = game.observation(seat)
    ind = obs["indicator"]
    zh = table.lang == "zh"
    semicolon, comma = ("；", "，") if zh else ("; ", ", ")
    head = table.t("wall", left=obs["wall_remaining"])
    if ind is not None:
        head += f"{semicolon}{table.t('indicator')} {chinese_name(ind) if zh else tile_code(ind)}{comma}{table.t('wilds')} {table.tiles(sorted(table.wilds))}"
    else:
        head += semicolon + table.t("nowilds")
    console.print(f"[bold]{head}[/bold]")
    for s in SEATS:
        river = " ".join(
            (f"[dim]{table.tile(r['tile'])}→{table.seat(r['claimed_by'])}[/dim]" if r["claimed_by"] else table.tile(r["tile"]))
            for r in obs["rivers"][s]
        ) or "—"
        melds = "  ".join("[" + table.tiles(m["tiles"]) + "]" for m in obs["melds"][s]) or "—"
        flowers = table.tiles(obs["flowers"][s]) if obs["flowers"][s] else "—"
        you = (f"（{table.t('you')}）" if zh else f" ({table.t('you')})") if s == seat else ""
        dealer = ("（庄）" if zh else " (dealer)") if s == obs["dealer"] else ""
        colon = "：" if zh else ": "
        console.print(f"  {table.seat(s)}{you}{dealer}{colon}{table.t('river')} {river}  {table.t('melds')} {melds}  {table.t('flowers')} {flowers}")
    if obs["discard"] is not None:
        d = obs["discard"]
        console.print("[bold]" + table.t("discard_by", seat=table.seat(d["seat"]), tile=table.tile(d["tile"])) + "[/bold]")
    hand = sorted(obs["hand"])
    drawn = obs["drawn"]
    on_turn = any(a.kind == "discard" for a in legal)
    if on_turn and drawn is not None and drawn in hand:
        hand.remove(drawn)
        console.print(f"[bold]{table.t('your_hand')}[/bold] {table.tiles(hand)}   {table.t('drew')} {table.tile(drawn)}")
    else:
        console.print(f"[bold]{table.t('your_hand')}[/bold] {table.tiles(hand)}")
    hint = _hint(game, seat, legal, table)
    if hint:
        console.print(f"[dim]{hint}[/dim]")


def _choices(console: Any, legal: Sequence[Action], table: TextTable) -> None:
    console.print(table.t("choices"))
    for i, a in enumerate(legal, 1):
        console.print(f"  {i:>2}. {table.action(a)}")


def _settlement(console: Any, game: Game, table: TextTable, n: int, totals: dict[str, int]) -> None:
    """The hand's settlement as the scorer explains it (:meth:`~nbmj.engine.Game.settlement`):
    each win's items and value step by step, who pays whom and why, then the totals."""
    from rich.table import Table

    res = game.result
    assert res is not None
    console.print(f"[bold]{table.t('settlement', n=n)}[/bold]")
    if res.outcome == "draw":
        console.print(table.t("draw"))
    explained = game.settlement()
    for win, sit in zip(explained.wins, res.situations):
        reading = table.t("reading", reading=table.reading(win.decomposition, sit)) if win.decomposition else None
        print_win(console, win, table.lang, lambda code: table.tile(parse_tile(code)), reading)
    print_payments(console, explained, table.lang)
    pay = Table(show_header=True)
    pay.add_column("")
    for s in SEATS:
        pay.add_column(table.seat(s), justify="right")
    pay.add_row(table.t("this_hand"), *[f"{res.deltas[s]:+d}" for s in SEATS])
    pay.add_row(table.t("total"), *[f"{totals[s]:+d}" for s in SEATS])
    console.print(pay)


def _log_path(base: Path, index: int, many: bool) -> Path:
    if not many:
        return base
    return base.with_name(f"{base.stem}-{index}{base.suffix or '.log'}")


@click.command("play")
@click.option("--variant", default="ningbo", show_default=True, help="A shipped variant, a name on the variant path, or a .nbv file.")
@click.option("--seat", type=click.Choice(list(SEATS)), default="E", show_default=True, help="Your table position.")
@click.option("--seed", default=0, show_default=True, help="Seed of the match (every deal follows from it).")
@click.option("--hands", type=click.IntRange(1, 1000), default=None, help="Hands to play (default: a full match of four round winds).")
@click.option("--lang", type=click.Choice(["zh", "en"]), default=None, help="Language (default: Chinese when the locale is Chinese).")
@click.option("--bot", type=click.Choice(["random", "greedy"]), default="greedy", show_default=True, help="The other three seats.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write each hand's log here (FILE-1.log, FILE-2.log … for a match of several hands); nbmj replay and nbmj view read it.")
def play(variant: str, seat: str, seed: int, hands: int | None, lang: str | None, bot: str, log_path: Path | None) -> None:
    """Play one seat of a match in the terminal against three bots."""
    from rich.console import Console

    from ..engine import make_bots
    from ..rules import load_variant

    missing = None if log_path is None else missing_directory(log_path)
    if missing is not None:  # said now, not after the person's hand
        raise click.BadParameter(missing, param_hint="'--log'")
    language: Language = "zh" if (lang or default_language()) == "zh" else "en"
    console = Console(highlight=False)
    rules = load_variant(variant)
    match = Match(rules, seed, hands=hands)
    bots = make_bots(bot, seed)
    table = TextTable(language)
    console.print(table.t("welcome", variant=rules.name, seed=seed, seat=table.seat(seat)))
    totals = {s: 0 for s in SEATS}
    many = hands != 1
    while not match.is_over:
        game = match.new_game()
        table.wilds = frozenset(game.wilds)
        n = match.hand_index + 1
        wind = table.seat(match.round_wind)[0] if table.lang == "zh" else match.round_wind  # 东, not 东家
        console.print(f"\n[bold]{table.t('hand_no', n=n, dealer=table.seat(SEATS[match.dealer]), wind=wind)}[/bold]")
        if not _play_hand(console, game, seat, bots, table):
            console.print(table.t("left"))
            return
        match.record(game)
        res = game.result
        assert res is not None
        for s in SEATS:
            totals[s] += res.deltas[s]
        _settlement(console, game, table, n, totals)
        if log_path is not None:
            path = _log_path(log_path, n, many)
            try:
                path.write_text(game.log_text(), encoding="utf-8")
            except OSError as exc:
                raise NbmjError(f"cannot write the log {str(path)!r}: {exc.strerror or exc}") from None
            console.print(table.t("log", path=path))
    console.print(f"[bold]{table.t('match_over')}[/bold]")


def _play_hand(console: Any, game: Game, seat: str, bots: Any, table: TextTable) -> bool:
    """Play ``game`` to its end; False when the person quits."""
    shown = 0
    while not game.is_over:
        for ev in game.events[shown:]:
            if ev["e"] in ("pass", "deal"):
                continue
            if ev.get("seat") not in (None, seat) and ev["e"] in ("draw", "bu"):  # others' new tiles stay hidden
                who = table.seat(ev["seat"])
                if ev["e"] == "draw":
                    console.print("  " + (f"{who}摸牌" if table.lang == "zh" else f"{who} draws"))
                else:
                    flower = table.tile(parse_tile(ev["tile"]))
                    console.print("  " + (f"{who}补花 {flower}" if table.lang == "zh" else f"{who} lays aside flower {flower} and draws a replacement"))
                continue
            console.print("  " + describe(ev, table.lang, "code" if table.lang == "en" else "chinese"))
        shown = len(game.events)
        actor = game.to_act[0]
        legal = game.legal_actions(actor)
        if actor != seat:
            game.step(bots[actor](game.observation(actor), legal))
            continue
        _show(console, game, seat, table, legal)
        _choices(console, legal, table)
        while True:
            try:
                answer = click.prompt(table.t("move"), default="", show_default=False).strip()
            except click.exceptions.Abort:  # end of input or Ctrl-C: the person leaves
                console.print()
                return False
            if answer.lower() in _QUIT_WORDS:
                return False
            if answer.lower() in _HELP_WORDS or answer in _HELP_WORDS:
                console.print(escape(table.t("help")))
                _choices(console, legal, table)
                continue
            action = read_move(answer, seat, legal, table, game)
            if isinstance(action, str):
                console.print(f"[red]{escape(action)}[/red]")
                _choices(console, legal, table)
                continue
            game.step(action)
            break
    for ev in game.events[shown:]:
        console.print("  " + describe(ev, table.lang, "code" if table.lang == "en" else "chinese"))
    return True
