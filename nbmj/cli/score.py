"""``nbmj score``: score one winning situation given as JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..errors import SituationError
from ._input import parse_json, read_input_text
from ._output import emit_json

if TYPE_CHECKING:
    from ..rules import RuleSet
    from ..narration import Language
    from ..scoring import ScoreResult
    from ..scoring.situation import Situation


def load_situation_text(text: str) -> Situation:
    """Parse JSON text into a Situation; bad JSON, or JSON that does not fit the schema
    ``nbmj/schemas/score-input.json``, is a SituationError."""
    from ..schemas import validate
    from ..scoring.situation import Situation

    data = parse_json(text, "the situation", SituationError)
    validate(data, "score-input", "the situation")
    return Situation.from_dict(data)


def score_text(text: str, variant: str | None = None) -> tuple[Situation, RuleSet, ScoreResult]:
    """Score the JSON situation ``text``; returns (situation, rules, result)."""
    from ..rules import load_variant
    from ..scoring import score as score_fn

    sit = load_situation_text(text)
    name = variant or sit.variant
    if name is None:
        raise SituationError("the situation names no 'variant' (and no --variant was given)")
    rules = load_variant(name)
    return sit, rules, score_fn(sit, rules)


@click.command("score")
@click.argument("file", type=click.Path(allow_dash=True))
@click.option("--variant", default=None, help="Variant name or path; overrides the situation's 'variant'.")
@click.option("--explain", is_flag=True,
              help="Print the score explained instead of JSON: the items, the value step by step, who pays whom and why.")
@click.option("--lang", type=click.Choice(["zh", "en"]), default=None,
              help="Language of --explain (default: Chinese when the locale is Chinese).")
def score(file: str, variant: str | None, explain: bool, lang: str | None) -> None:
    """Score the winning situation in FILE (JSON; - for standard input).

    The situation is checked against the JSON Schema nbmj/schemas/score-input.json.
    """
    try:
        text = read_input_text(file)
    except OSError as exc:
        raise SituationError(f"cannot read {file!r}: {exc.strerror}") from None
    sit, rules, result = score_text(text, variant)
    if explain:
        from ._settlement import default_language

        _explain(sit, rules, result, "zh" if (lang or default_language()) == "zh" else "en")
    else:
        emit_json(result.to_dict())


def _explain(sit: Situation, rules: RuleSet, result: ScoreResult, lang: Language) -> None:
    from rich.console import Console
    from rich.markup import escape

    from ..scoring.explanation import Settlement, explain_win, refusal_text, seat_name, wait_name
    from ..tiles import glyphs
    from ._settlement import print_payments, print_win

    console = Console(highlight=False)
    hand = glyphs(list(sit.concealed))
    melds = "  ".join(glyphs(list(m.tiles)) for m in sit.melds)
    flowers = glyphs(list(sit.flowers)) if sit.flowers else "-"
    zh = lang == "zh"
    console.print(f"[bold]{escape(rules.name)}[/bold]  " + (f"{seat_name(sit.seat, lang)}  圈风 {seat_name(sit.round_wind, lang)[0]}" if zh
                  else f"seat {sit.seat}  round {sit.round_wind}"))
    console.print(("手牌 " if zh else "hand ") + f"{hand} + {glyphs([sit.win_tile])}"
                  + (f"   indicator {glyphs([sit.indicator])}" if sit.indicator is not None and not zh else "")
                  + (f"   翻牌 {glyphs([sit.indicator])}" if sit.indicator is not None and zh else ""))
    console.print(("副露 " if zh else "melds ") + (melds or "-") + ("   花 " if zh else "   flowers ") + flowers)
    console.print(("拆法 " if zh else "reading ") + f"{escape(result.decomposition)}  ({wait_name(result.wait, lang)})")
    win = explain_win(sit, rules, result)
    print_win(console, win, lang)
    if not result.valid:
        console.print(("[red]不能胡[/red]：" if zh else "[red]not valid[/red]: ") + escape(refusal_text(f"{result.reason or ''} ({result.reason_rule})", lang)))
        return
    print_payments(console, Settlement("win", (win,)), lang)
