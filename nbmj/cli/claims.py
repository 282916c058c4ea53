"""``nbmj claims``: the legal claims on one discard and who takes it, from JSON."""

from __future__ import annotations

import click

from ..errors import SituationError
from ._input import parse_json, read_input_text
from ._output import emit_json

__all__ = ["claims"]


@click.command("claims")
@click.argument("file", type=click.Path(allow_dash=True))
def claims(file: str) -> None:
    """Legal claims on one discard and who takes it (JSON in FILE, - for standard input).

    The input names the variant, the discarder, the tile, the indicator (when the variant
    has wilds) and each other seat's concealed tiles and melds. Three optional fields state
    the history that one position cannot show: in a seat's object, passed_pon (the kinds it
    passed a pong of since its own last turn or claim: it may not pong them, NB-8.6) and
    passed_win (true when it passed a discard win and has not drawn or claimed since: it
    may not win on this discard, NB-8.7); at the top, last_discard (true when the discard
    follows the last drawable tile: only a win may claim it, NB-15.2). A variant without
    the restriction of NB-8.6 or NB-8.7 checks that field and ignores it.
    """
    from ..engine.claim_query import claims_for
    from ..schemas import validate

    try:
        text = read_input_text(file)
    except OSError as exc:
        raise SituationError(f"cannot read {file!r}: {exc.strerror}") from None
    data = parse_json(text, "the claims input", SituationError)
    validate(data, "claims-input", "the claims input")  # fields and types; claims_for checks the rest
    emit_json(claims_for(data))
