"""``nbmj view``: a logged hand as one self-contained HTML page."""

from __future__ import annotations

import click

from ..errors import ReplayError
from ._output import read_text_arg


@click.command("view")
@click.argument("log", type=click.Path(allow_dash=True))
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, writable=True), required=True,
              help="The HTML file to write (- for standard output).")
@click.option("--variant", "variant", default=None, metavar="NAME|FILE",
              help="The variant of the log when it is not a shipped one (a .nbv file or a name on the variant path).")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="The page's first language; it has a switch for the other.")
@click.option("--review", "review_seat", type=click.Choice(["E", "S", "W", "N"]), default=None,
              help="Add a review of this seat's decisions beside the strong bot's (see nbmj review).")
def view(log: str, output: str, variant: str | None, lang: str, review_seat: str | None) -> None:
    """Write LOG (an nbmj-log/1 file, - for standard input) as an HTML page that steps
    through the hand: every seat's tiles, the wall count, claims and the settlement.

    The page needs no server and no network: open it in any browser. The log is checked
    event by event first, as ``nbmj replay`` does; a bad log writes nothing.
    """
    import os

    from ..rules import load_variant
    from ..web.viewer import render_html

    if "-" not in (log, output) and os.path.exists(output) and os.path.exists(log) and os.path.samefile(log, output):
        raise ReplayError(f"the page would write over its own log: -o {output!r} is the log {log!r}; give another file", None)
    try:
        text = read_text_arg(log)
    except OSError as exc:
        raise ReplayError(f"cannot read {log!r}: {exc.strerror}", 0) from None
    rules = load_variant(variant) if variant is not None else None
    review = None
    if review_seat is not None:
        from ..bots.review import review_log

        review = review_log(text, review_seat, rules).to_json()
    page = render_html(text, rules=rules, lang=lang, review=review)
    if output == "-":
        click.echo(page, nl=False)
        return
    try:
        with open(output, "w", encoding="utf-8") as fh:
            fh.write(page)
    except OSError as exc:
        raise ReplayError(f"cannot write {output!r}: {exc.strerror}", None) from None
    click.echo(f"wrote {output} ({len(page):,} bytes)", err=True)
