"""Tiles a reader can read: each tile a small face drawn by the style sheet.

The Unicode mahjong glyphs are unreadable at text size and missing from many fonts, so
a hand is shown as one box per tile holding its rank and suit in ordinary characters
(``5`` over ``万``, ``东``, ``春``), coloured by suit, with the tile notation beside the
row. A wild tile carries the ``nbmj-wild`` class, which the style sheet marks with a gold
frame and a 搭 badge. The ``:tiles:`` role draws tiles in running text:
``:tiles:`123m 5z``` (a ``!`` after a tile marks it wild: ``:tiles:`5m!```).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from docutils import nodes
from docutils.nodes import Node, system_message
from sphinx.util.docutils import SphinxRole
from sphinx.writers.html5 import HTML5Translator

from .markup import inline_literal

#: The character shown under a suited tile's rank.
_SUIT_CHARS = {"m": "万", "p": "筒", "s": "索"}


class tile(nodes.inline):  # noqa: N801 - docutils names node classes in lowercase
    """A tile face. Builders without a visitor of their own treat it as an inline; HTML
    gives it the tile's notation and name as its title and accessible label."""


def visit_tile_html(translator: HTML5Translator, node: tile) -> None:
    """``<span class="nbmj-tile ..." title="5m 五万" role="img" aria-label="5m 五万">``."""
    label = str(node.get("label", ""))
    translator.body.append(translator.starttag(node, "span", "", title=label, role="img", **{"aria-label": label}))


def depart_tile_html(translator: HTML5Translator, node: tile) -> None:
    """Close the tile's span."""
    translator.body.append("</span>")


def tile_face(tile_id: int, *, wild: bool = False) -> tile:
    """One tile: an ``nbmj-tile`` box with its rank and suit, labelled with its notation and name."""
    from ..tiles import chinese_name, rank_of, suit_of, tile_code

    suit = suit_of(tile_id)
    code, name = tile_code(tile_id), chinese_name(tile_id)
    classes = ["nbmj-tile", f"nbmj-tile-{suit}", f"nbmj-tile-{code}"]
    if wild:
        classes.append("nbmj-wild")
    face = tile("", "", classes=classes)
    face["label"] = f"{code} {name}" + (" 百搭" if wild else "")
    if suit in _SUIT_CHARS:
        rank = str(rank_of(tile_id))
        face += nodes.inline(rank, rank, classes=["nbmj-tile-rank"])
        face += nodes.inline(_SUIT_CHARS[suit], _SUIT_CHARS[suit], classes=["nbmj-tile-suit"])
    else:
        face += nodes.inline(name, name, classes=["nbmj-tile-rank"])
    return face


def tile_row(tiles: Sequence[int], wild_kinds: Collection[int] = (), *, notation: bool = True) -> nodes.inline:
    """A row of tile faces (wild ones marked), followed by the row's notation as code."""
    from ..tiles import to_notation

    row = nodes.inline("", "", classes=["nbmj-tiles"])
    for tile_id in tiles:
        row += tile_face(tile_id, wild=tile_id in wild_kinds)
    if notation:
        row += nodes.Text(" ")
        row += inline_literal(to_notation(tiles) if tiles else "—")
    return row


def _read_marked(text: str) -> tuple[list[int], set[int]]:
    """Tiles of notation in which ``!`` after a tile marks it wild (``"5m!67m"``)."""
    from ..tiles import parse_tiles

    plain = text.replace("!", "")
    tiles = parse_tiles(plain)
    # Digits come before their suit letter, so the n-th digit is the n-th tile.
    wild_positions: set[int] = set()
    seen = 0
    for ch in text:
        if ch == "!":
            wild_positions.add(seen - 1)
        elif ch.isdigit():
            seen += 1
    return tiles, wild_positions


class TilesRole(SphinxRole):
    """``:tiles:`123m 5z```: tiles drawn as faces in running text, the notation beside them."""

    def run(self) -> tuple[list[Node], list[system_message]]:
        """The row of faces, or an error message for notation that does not read."""
        from ..errors import TileNotationError

        try:
            tiles, wild_positions = _read_marked(self.text)
        except TileNotationError as exc:
            message = self.inliner.reporter.error(f"{exc}", line=self.lineno)
            problem = self.inliner.problematic(self.rawtext, self.rawtext, message)
            return [problem], [message]
        row = nodes.inline("", "", classes=["nbmj-tiles"])
        for position, tile_id in enumerate(tiles):
            row += tile_face(tile_id, wild=position in wild_positions)
        row += nodes.Text(" ")
        row += inline_literal(self.text)
        return [row], []
