"""``nbmj hand``: shanten, win and waits of one hand, or of a batch of hands as JSON lines."""

from __future__ import annotations

from typing import Any, BinaryIO

import click

from ..errors import HandShapeError, NbmjError
from ..tiles import COPIES, N_KINDS, counts_from_tiles, is_flower, parse_tiles, tile_code, to_notation
from ._input import byte_lines, decode_text, parse_json, where
from ._output import emit_json

MAX_TILES = 14


def analyse(hand: str, wild: str | None = None) -> dict[str, Any]:
    """The JSON object printed for one hand (see the ``hand`` command's help).

    Raises :class:`~nbmj.errors.NbmjError` for unreadable or impossible input.
    """
    from .. import core  # imported here: building the lookup tables is not free

    if not isinstance(hand, str):
        raise HandShapeError(f"a hand must be tile notation, not {hand!r}")
    if wild is not None and not isinstance(wild, str):
        raise HandShapeError(f"wild must be tile notation or null, not {wild!r}")
    tiles = parse_tiles(hand)
    wild_kinds = set(parse_tiles(wild)) if wild else set()
    for t in tiles:
        if is_flower(t) and t not in wild_kinds:
            raise HandShapeError(f"flower {tile_code(t)!r} in {hand!r} is not wild; a flower can only be held as a wild")
        if is_flower(t) and tiles.count(t) > 1:
            raise HandShapeError(f"{tiles.count(t)} copies of flower {tile_code(t)!r} in {hand!r}; each flower exists once")
    if len(tiles) > MAX_TILES or len(tiles) % 3 == 0:
        raise HandShapeError(f"{len(tiles)} tiles in {hand!r}; a hand has 3n+1 or 3n+2 tiles, at most {MAX_TILES}")
    try:
        held = counts_from_tiles([t for t in tiles if not is_flower(t)])  # at most four of a kind, wild or not
    except HandShapeError as exc:
        raise HandShapeError(f"{exc} (in {hand!r})") from None
    counts = [0 if k in wild_kinds else n for k, n in enumerate(held)]
    wilds = len(tiles) - sum(counts)
    out: dict[str, Any] = {"hand": to_notation(tiles), "tiles": len(tiles), "wilds": wilds, "shanten": core.shanten(counts, wilds)}
    if len(tiles) % 3 == 2:
        out["win"] = core.is_win(counts, wilds)
    else:
        found = set(core.waits(counts, wilds))
        if out["shanten"] == 0:
            # Drawing a tile of a wild kind gives a wild, which completes any waiting hand.
            found.update(k for k in wild_kinds if k < N_KINDS)
        out["waits"] = [tile_code(k) for k in sorted(found) if held[k] < COPIES]
    return out


def _batch_line(number: int, raw: bytes) -> dict[str, Any]:
    """The answer to one line of ``--batch``: a bad line gives ``{"error": ...}``, never an exception."""
    try:
        line = decode_text(raw, f"line {number}", one_line=True)
        item = parse_json(line, f"line {number}")
    except NbmjError as exc:
        return {"error": str(exc)}
    if not isinstance(item, dict) or "hand" not in item:
        return {"error": f'each line must be a JSON object with a "hand" key, got {line.strip()!r}'}
    try:
        return analyse(item["hand"], item.get("wild"))
    except NbmjError as exc:
        return {"error": str(exc).splitlines()[0]}


@click.command()
@click.argument("hand", required=False)
@click.option("--wild", "wild", metavar="TILES", help="Kinds that are wild, e.g. 5m or 234f; every such tile in HAND is a wild.")
@click.option(
    "--batch",
    type=click.File("rb"),
    metavar="FILE",
    help='JSON lines {"hand": ..., "wild": ...} from FILE ("-" for stdin); one JSON line out per line in '
    '(blank lines are skipped; a bad line gives {"error": ...}).',
)
def hand(hand: str | None, wild: str | None, batch: BinaryIO | None) -> None:
    """Shanten, win and waits of HAND, as one JSON object.

    Keys: hand (normalised notation), tiles (wilds included), wilds, shanten, and win for
    3n+2 hands or waits for 3n+1 hands. Waits are the kinds 1m-7z whose draw completes the
    hand, in kind order: a wild kind is listed when the hand is waiting (drawing it gives a
    wild), a kind already held four times is not. Flowers may appear in HAND only as wilds.
    """
    if batch is not None:
        if hand is not None or wild is not None:
            raise click.UsageError("--batch reads hands and wilds from FILE; give no HAND or --wild with it")
        name = getattr(batch, "name", "-")
        source = where("-" if not isinstance(name, str) or name == "<stdin>" else name)
        for number, raw in byte_lines(batch, source):
            if raw.strip():
                emit_json(_batch_line(number, raw))
        return
    if hand is None:
        raise click.UsageError("give a HAND (tile notation) or --batch FILE")
    emit_json(analyse(hand, wild))
