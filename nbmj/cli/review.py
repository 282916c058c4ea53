"""``nbmj review``: a logged hand gone over decision by decision, a player's choices beside
the strong bot's."""

from __future__ import annotations

import click

from ..errors import ReplayError
from ._output import emit_json, read_text_arg


@click.command("review")
@click.argument("log", type=click.Path(allow_dash=True))
@click.option("--seat", required=True, type=click.Choice(["E", "S", "W", "N"]), help="The seat whose decisions are reviewed.")
@click.option("--variant", "variant", default=None, metavar="NAME|FILE",
              help="The variant of the log when it is not a shipped one (a .nbv file or a name on the variant path).")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True, help="The language of the text.")
@click.option("--all", "everything", is_flag=True, help="Show every decision, not only the disagreements.")
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON (format nbmj-review/1).")
def review(log: str, seat: str, variant: str | None, lang: str, everything: bool, as_json: bool) -> None:
    """Go over LOG (an nbmj-log/1 file, - for standard input) for one seat: at each of its
    decisions, the player's choice beside the strong bot's, the shanten and waits before and
    after, the expected points at stake, and the reasons with their rule IDs.

    The log is checked event by event first, as ``nbmj replay`` does.
    """
    from ..bots.review import review_log, review_text
    from ..rules import load_variant

    try:
        text = read_text_arg(log)
    except OSError as exc:
        raise ReplayError(f"cannot read {log!r}: {exc.strerror}", 0) from None
    rules = load_variant(variant) if variant is not None else None
    result = review_log(text, seat, rules)
    if as_json:
        emit_json(result.to_json())
        return
    for line in review_text(result, lang, everything):
        click.echo(line)
