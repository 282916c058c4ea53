"""``nbmj demo`` and ``replay``: the engine on the command line (``nbmj play`` is :mod:`nbmj.cli.play`)."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

import click

from ..errors import ReplayError
from ..narration import Language, action_zh, describe, seat_name, tile_text, win_method_zh
from ._input import read_json_lines
from ._output import emit_json

if TYPE_CHECKING:
    from rich.console import Console

    from ..engine import Game


# ---------------------------------------------------------------- shared text


def _ids(tiles: Iterable[int]) -> str:
    """Glyphs then notation of tile ids, sorted, e.g. '🀋🀌 56m'; a dash for none."""
    from ..tiles import glyphs, to_notation

    ordered = sorted(tiles)
    return f"{glyphs(ordered)} {to_notation(ordered)}" if ordered else "—"


def _print_settlement(console: Console, game: Game, lang: Language = "en") -> None:
    """The hand's settlement explained (:meth:`~nbmj.engine.Game.settlement`), in ``lang``."""
    from ..scoring.explanation import wait_name
    from ._settlement import print_payments, print_win

    explained = game.settlement()
    for win in explained.wins:
        wait = wait_name(win.wait, lang)
        reading = f"拆法 {win.decomposition}，{wait}" if lang == "zh" else f"reading {win.decomposition}, wait {wait}"
        print_win(console, win, lang, reading=reading)
    print_payments(console, explained, lang)


def _print_table(console: Console, game: Game, reveal: bool, lang: Language = "en") -> None:
    st = game.full_state()
    for s in "ESWN":
        p = "ESWN".index(s)
        melds = "  ".join(_ids(m["tiles"]) + f"({action_zh(m['kind']) if lang == 'zh' else m['kind']})"
                          for m in st["melds"][s])
        count = len(st["hands"][s])
        hand = _ids(st["hands"][s]) if reveal else (f"{count} 张" if lang == "zh" else f"{count} tiles")
        flowers = _ids(st["flowers"][s]) if st["flowers"][s] else ""
        wind = game.seat_wind(p)
        who = f"{seat_name(s, 'zh')}（{seat_name(wind, 'zh')[0]}位）" if lang == "zh" else f"{s} ({wind})"
        console.print(f"  {who}{'：' if lang == 'zh' else ': '}{hand}  {melds}  {flowers}".rstrip())


# ---------------------------------------------------------------- demo


@click.command("demo")
@click.option("--seed", default=0, show_default=True, help="Seed of the hand.")
@click.option("--variant", default="ningbo", show_default=True, help="Variant name or path.")
@click.option("--bot", type=click.Choice(["greedy", "random"]), default="greedy", show_default=True)
@click.option("--lang", type=click.Choice(["zh", "en"]), default=None,
              help="Language (default: Chinese when the locale is Chinese).")
def demo(seed: int, variant: str, bot: str, lang: str | None) -> None:
    """Play one seeded hand among four bots and show it as it goes."""
    from rich.console import Console

    from ..engine import Game, make_bots
    from ._settlement import default_language

    language: Language = "zh" if (lang or default_language()) == "zh" else "en"
    zh = language == "zh"
    console = Console(highlight=False)
    game = Game(variant, seed)
    bots = make_bots(bot, seed)
    console.print(f"[bold]{game.variant}[/bold]" + (f"，种子 {seed}：四个 {bot} 机器人" if zh else f", seed {seed}: four {bot} bots"))
    shown = 0

    def flush() -> None:
        nonlocal shown
        for ev in game.events[shown:]:
            if ev["e"] in ("pass", "chi", "pon", "kan"):  # the "take" line tells the claim carried out
                continue
            console.print("  " + describe(ev, language))
        shown = len(game.events)

    flush()
    console.print("[bold]发牌后的牌桌[/bold]" if zh else "[bold]the table after the deal[/bold]")
    _print_table(console, game, reveal=True, lang=language)
    while not game.is_over:
        seat = game.to_act[0]
        game.step(bots[seat](game.observation(seat), game.legal_actions(seat)))
        flush()
    console.print("[bold]终局时的牌桌[/bold]" if zh else "[bold]the table at the end[/bold]")
    _print_table(console, game, reveal=True, lang=language)
    if game.result is not None and game.result.outcome == "win":
        _print_settlement(console, game, language)


# ---------------------------------------------------------------- replay


@click.command("replay")
@click.argument("log", type=click.Path(allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the full state after each action as JSON lines.")
@click.option("--variant", "variant_file", default=None, help="The variant the log was played under (a name or a .nbv file), for a log of a variant that is not shipped.")
@click.option("--lang", type=click.Choice(["zh", "en"]), default=None,
              help="Language of the text (default: Chinese when the locale is Chinese).")
def replay(log: str, as_json: bool, variant_file: str | None, lang: str | None) -> None:
    """Step through a logged hand, checking every event; then say whether the log reaches
    the end of the hand and, if it does, the settlement."""
    from ..engine.game import replay_games
    from ..engine.log import parse_log
    from ..rules import load_variant
    from ._settlement import default_language

    try:
        text = read_json_lines(log)
    except OSError as exc:
        raise ReplayError(f"cannot read {log!r}: {exc.strerror}", 0) from None
    rules = load_variant(variant_file) if variant_file is not None else None
    steps = list(replay_games(text, rules))  # checks the whole log first: an error names its line
    game = steps[-1][0]
    if as_json:
        for _, s in steps:
            emit_json(s)
        return
    language: Language = "zh" if (lang or default_language()) == "zh" else "en"
    _replay_text(game, parse_log(text), language)


# nbmj replay's own sentences, by language; the events and the settlement's lines are the
# narration's and the explanation's
_REPLAY: dict[Language, dict[str, str]] = {
    "en": {"head": "{variant}, seed {seed}, dealer {dealer}, round wind {wind}",
           "cut": "the log stops before the end of the hand ({phase}, waiting for {waiting})", "nobody": "nobody",
           "reached": "the log reaches the end of the hand", "drawn": "drawn: nobody won",
           "win": "{seat} wins on {tile} by {how}: {points} points{liable}", "from": " from {seat}",
           "liable": ", {seat} pays for the table", "settlement": "settlement: ", "comma": ", ",
           "hand": "  {seat}'s hand: {text} [{rule}]", "line": "  {seat} {change:+d}: {text} [{rule}]"},
    "zh": {"head": "{variant}，种子 {seed}，庄家 {dealer}，圈风 {wind}",
           "cut": "日志在本局结束前中断（{phase}中，等待 {waiting}）", "nobody": "无人",
           "reached": "日志走到了本局结束", "drawn": "荒庄：无人胡牌",
           "win": "{seat}胡牌（{how}），胡 {tile}，{points} 分{liable}", "from": "，{seat}放炮",
           "liable": "，{seat}包牌", "settlement": "结算：", "comma": "，",
           "hand": "  {seat}的牌：{text} [{rule}]", "line": "  {seat} {change:+d}：{text} [{rule}]"},
}
_PHASES_ZH = {"deal": "发牌", "turn": "行牌", "claims": "要牌", "rob": "抢杠"}


def _replay_text(game: Game, events: list[dict[str, object]], lang: Language) -> None:
    """``nbmj replay``'s text in ``lang``: the header, every event, then whether the log
    reaches the end of the hand and, if it does, the settlement. In English seats and win
    methods keep their codes (``E``, ``self_draw``); in Chinese they are named."""
    words = _REPLAY[lang]
    zh = lang == "zh"

    def seat(s: object) -> str:
        return seat_name(str(s), "zh") if zh else str(s)

    h = game.header()  # (the log's own may leave out the fields the game defaults)
    wind = seat(h["round_wind"])[0] if zh else h["round_wind"]
    click.echo(words["head"].format(variant=h["variant"], seed=h["seed"], dealer=seat(h["dealer"]), wind=wind))
    for i, ev in enumerate(events[1:], 2):
        click.echo(f"{i:4d}  {describe(ev, lang)}")
    result = game.result
    if result is None:
        waiting = ("、" if zh else ", ").join(seat(s) for s in game.to_act) or words["nobody"]
        phase = _PHASES_ZH.get(game.phase, game.phase) if zh else game.phase
        click.echo(words["cut"].format(phase=phase, waiting=waiting))
        return
    click.echo(words["reached"])
    if result.outcome == "draw":
        click.echo(words["drawn"])
    for w in result.winners:
        how = (win_method_zh(w["win_by"]) if zh else w["win_by"]) + (
            words["from"].format(seat=seat(w["from"])) if w.get("from") else "")
        liable = words["liable"].format(seat=seat(w["liable"])) if w.get("liable") else ""
        click.echo(words["win"].format(seat=seat(w["seat"]), tile=tile_text(w["tile"]), how=how, points=w["points"], liable=liable))
    click.echo(words["settlement"] + words["comma"].join(f"{seat(s)} {v:+d}" for s, v in result.deltas.items()))
    explained = game.settlement()
    for win in explained.wins:
        for step in win.steps:
            click.echo(words["hand"].format(seat=seat(win.seat), text=step.text(lang), rule=step.rule))
    for s in result.deltas:
        for change, text, rule in explained.seat_lines(s, lang):
            click.echo(words["line"].format(seat=seat(s), change=change, text=text, rule=rule))


__all__ = ["demo", "replay", "describe"]

if __name__ == "__main__":  # pragma: no cover
    sys.exit(demo())
