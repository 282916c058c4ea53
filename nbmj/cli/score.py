"""``nbmj score``: score one winning situation given as JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..errors import SituationError
from ._input import parse_json, read_input_text
from ._output import emit_json

if TYPE_CHECKING:
    from ..rules import RuleSet
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
@click.option("--explain", is_flag=True, help="Print a readable table instead of JSON.")
def score(file: str, variant: str | None, explain: bool) -> None:
    """Score the winning situation in FILE (JSON; - for standard input).

    The situation is checked against the JSON Schema nbmj/schemas/score-input.json.
    """
    try:
        text = read_input_text(file)
    except OSError as exc:
        raise SituationError(f"cannot read {file!r}: {exc.strerror}") from None
    sit, rules, result = score_text(text, variant)
    if explain:
        _explain(sit, rules, result)
    else:
        emit_json(result.to_dict())


def _explain(sit: Situation, rules: RuleSet, result: ScoreResult) -> None:
    from rich.console import Console
    from rich.table import Table

    from ..rules.model import FuFanScoring
    from ..tiles import glyphs

    console = Console()
    hand = glyphs(list(sit.concealed))
    melds = "  ".join(glyphs(list(m.tiles)) for m in sit.melds)
    flowers = glyphs(list(sit.flowers)) if sit.flowers else "-"
    console.print(f"[bold]{rules.name}[/bold]  seat {sit.seat}  round {sit.round_wind}")
    console.print(f"hand {hand} + {glyphs([sit.win_tile])} ({sit.win_by.replace('_', ' ')}"
                  + (f" from {sit.discarder}" if sit.discarder else "") + ")")
    console.print(f"melds {melds or '-'}   flowers {flowers}"
                  + (f"   indicator {glyphs([sit.indicator])}" if sit.indicator is not None else ""))
    console.print(f"reading {result.decomposition}  ({result.wait.replace('_', ' ')} wait)")
    table = Table(show_header=True, header_style="bold")
    table.add_column("item")
    table.add_column("value", justify="right")
    table.add_column("unit")
    table.add_column("rule")
    if result.fu is not None and isinstance(rules.scoring, FuFanScoring):
        table.add_row("底 base", str(rules.scoring.base), "fu", "")
    for a in result.items:
        name = f"{a.item.label} {a.item.name}".strip()
        if a.count > 1:
            name += f" ×{a.count}"
        table.add_row(name, str(a.value), a.item.unit, a.item.rule)
    console.print(table)
    if result.tai is not None:
        console.print(f"tai {result.tai} (toward the minimum: {result.minimum_tai})   points S = {result.points}")
    else:
        console.print(f"fu {result.fu}  fan {result.fan}  → 胡 {result.hu}  → points {result.points}")
    if result.valid:
        console.print("[green]valid[/green]")
    else:
        console.print(f"[red]not valid[/red]: {result.reason} ({result.reason_rule})")
    pay = Table(show_header=True, header_style="bold")
    for s in ("E", "S", "W", "N"):
        pay.add_column(s + (" (winner)" if s == sit.seat else ""), justify="right")
    pay.add_row(*(str(result.payments[s]) for s in ("E", "S", "W", "N")))
    console.print(pay)
    if result.payment_rules:
        console.print("payment rules: " + ", ".join(result.payment_rules))
