"""Tiles, their notation, and how they are shown to people.

Tile notation is a contract that other tools rely on:

* suited tiles ``1m``-``9m`` (万 characters), ``1p``-``9p`` (筒 dots), ``1s``-``9s`` (索 bamboo);
* honours ``1z``-``7z`` = 东 南 西 北 白 发 中;
* flowers ``1f``-``8f`` = 春 夏 秋 冬 梅 兰 竹 菊.

Digits before a suit letter share it, so ``123m456p11z`` is seven tiles. Spaces between
groups are allowed and ignored.

Every tile has an integer id. The 34 *kinds* that can appear in a hand shape are ids 0-33 in
the order 1-9m, 1-9p, 1-9s, 1-7z; count vectors use that order. Flowers are ids 34-41 and are
never part of a hand shape. A function given a tile id that is none (anything but a whole
number 0-41) raises :class:`~nbmj.errors.TileIdError`.

>>> parse_tiles("13m5z")
[0, 2, 31]
>>> to_notation(parse_tiles("5z31m"))
'13m5z'
>>> glyphs("123m")
'🀇🀈🀉'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import HandShapeError, TileIdError, TileNotationError

__all__ = [
    "N_KINDS",
    "N_FLOWERS",
    "N_TILE_IDS",
    "COPIES",
    "SUIT_LETTERS",
    "EAST",
    "SOUTH",
    "WEST",
    "NORTH",
    "WHITE",
    "GREEN",
    "RED",
    "WINDS",
    "DRAGONS",
    "FLOWERS",
    "SEASONS",
    "PLANTS",
    "parse_tiles",
    "parse_tile",
    "parse_counts",
    "tile_code",
    "to_notation",
    "counts_to_notation",
    "counts_from_tiles",
    "tiles_from_counts",
    "is_flower",
    "is_suited",
    "is_honor",
    "is_terminal",
    "is_terminal_or_honor",
    "suit_of",
    "rank_of",
    "glyph",
    "glyphs",
    "chinese_name",
    "chinese_names",
]

N_KINDS = 34
N_FLOWERS = 8
N_TILE_IDS = N_KINDS + N_FLOWERS
COPIES = 4
SUIT_LETTERS = "mpsz"

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
FLOWERS = tuple(range(N_KINDS, N_TILE_IDS))
SEASONS = FLOWERS[:4]  # 春 夏 秋 冬
PLANTS = FLOWERS[4:]  # 梅 兰 竹 菊

# (first id, number of ranks) for each notation letter.
_SUIT_TABLE = {"m": (0, 9), "p": (9, 9), "s": (18, 9), "z": (27, 7), "f": (34, 8)}

_NUMERALS = "一二三四五六七八九"
_SUIT_NAMES = {"m": "万", "p": "筒", "s": "索"}
_HONOR_NAMES = ("东", "南", "西", "北", "白", "发", "中")
_FLOWER_NAMES = ("春", "夏", "秋", "冬", "梅", "兰", "竹", "菊")

# Unicode Mahjong Tiles block (U+1F000...). Its order differs from ours, hence the table.
_HONOR_GLYPHS = ("\U0001F000", "\U0001F001", "\U0001F002", "\U0001F003", "\U0001F006", "\U0001F005", "\U0001F004")
_SUIT_GLYPH_BASE = {"m": 0x1F007, "s": 0x1F010, "p": 0x1F019}
# Seasons are U+1F026-1F029; plants U+1F022-1F025 in the order plum, orchid, bamboo, chrysanthemum.
_FLOWER_GLYPHS = tuple(chr(c) for c in (0x1F026, 0x1F027, 0x1F028, 0x1F029, 0x1F022, 0x1F023, 0x1F024, 0x1F025))


def parse_tiles(text: str) -> list[int]:
    """Read tile notation into a list of tile ids, in the order written.

    Flowers are allowed. Raises :class:`~nbmj.errors.TileNotationError` naming the first
    character that cannot be read and its position.

    >>> parse_tiles("19m 1f")
    [0, 8, 34]
    """
    if not isinstance(text, str):
        raise TileNotationError(f"tile notation must be a string, not {text!r}", repr(text), 0)
    tiles: list[int] = []
    pending: list[tuple[int, int]] = []  # (digit, position) waiting for their suit letter
    for pos, ch in enumerate(text):
        if ch.isdigit() and ch.isascii():
            pending.append((int(ch), pos))
        elif ch in _SUIT_TABLE:
            if not pending:
                raise TileNotationError(f"suit letter {ch!r} at position {pos} in {text!r} has no digits before it", text, pos)
            first, ranks = _SUIT_TABLE[ch]
            for digit, dpos in pending:
                if not 1 <= digit <= ranks:
                    raise TileNotationError(f"no tile {f'{digit}{ch}'!r} (position {dpos} in {text!r})", text, dpos)
                tiles.append(first + digit - 1)
            pending.clear()
        elif ch.isspace():
            if pending:
                raise TileNotationError(
                    f"digits at position {pending[0][1]} in {text!r} have no suit letter", text, pending[0][1]
                )
        else:
            raise TileNotationError(f"unexpected {ch!r} at position {pos} in {text!r}", text, pos)
    if pending:
        raise TileNotationError(f"digits at position {pending[0][1]} in {text!r} have no suit letter", text, pending[0][1])
    return tiles


def parse_tile(text: str) -> int:
    """Read exactly one tile.

    >>> parse_tile("7z")
    33
    """
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileNotationError(f"expected exactly one tile, got {len(tiles)} in {text!r}", text, 0)
    return tiles[0]


def counts_from_tiles(tiles: Iterable[int], *, limit: int | None = COPIES) -> list[int]:
    """A 34-count vector from tile ids; flowers are refused.

    ``limit`` is the most copies of one kind allowed (``None`` for no check).
    """
    counts = [0] * N_KINDS
    for t in tiles:
        if not 0 <= t < N_KINDS:
            raise HandShapeError(f"tile {tile_code(t) if 0 <= t < N_TILE_IDS else t!r} cannot be part of a hand shape")
        counts[t] += 1
    if limit is not None:
        for kind, n in enumerate(counts):
            if n > limit:
                raise HandShapeError(f"{n} copies of {tile_code(kind)!r}; at most {limit} exist")
    return counts


def parse_counts(text: str, *, limit: int | None = COPIES) -> list[int]:
    """Read tile notation into a 34-count vector. Flowers are refused.

    >>> parse_counts("112z")[27:29]
    [2, 1]
    """
    tiles = parse_tiles(text)
    for pos_tile in tiles:
        if pos_tile >= N_KINDS:
            pos = _position_of_flower(text)
            raise TileNotationError(f"flower {tile_code(pos_tile)!r} cannot be part of a hand shape (in {text!r})", text, pos)
    return counts_from_tiles(tiles, limit=limit)


def _position_of_flower(text: str) -> int:
    idx = text.find("f")
    # Walk back over the digits that share this letter to point at the first of them.
    while idx > 0 and text[idx - 1].isdigit():
        idx -= 1
    return max(idx, 0)


def _tile_id(tile: object) -> int:
    """``tile`` when it is a tile id (a whole number 0-41, not a bool); else TileIdError."""
    if not isinstance(tile, int) or isinstance(tile, bool) or not 0 <= tile < N_TILE_IDS:
        raise TileIdError(f"no tile has the id {tile!r}; tile ids are 0-{N_TILE_IDS - 1}")
    return tile


def tile_code(tile: int) -> str:
    """The two-character code of a tile id; :class:`~nbmj.errors.TileIdError` for anything
    but a whole number 0-41 (a bool too).

    >>> tile_code(0), tile_code(33), tile_code(34)
    ('1m', '7z', '1f')
    """
    _tile_id(tile)
    for letter, (first, ranks) in _SUIT_TABLE.items():
        if first <= tile < first + ranks:
            return f"{tile - first + 1}{letter}"
    raise AssertionError("unreachable")


def to_notation(tiles: Iterable[int]) -> str:
    """Compact, sorted notation for tile ids: suits in the order m p s z f.

    >>> to_notation([33, 0, 1, 2, 34])
    '123m7z1f'
    """
    by_letter: dict[str, list[str]] = {letter: [] for letter in "mpszf"}
    for t in sorted(tiles):
        code = tile_code(t)
        by_letter[code[1]].append(code[0])
    return "".join("".join(ds) + letter for letter, ds in by_letter.items() if ds)


def tiles_from_counts(counts: Sequence[int]) -> list[int]:
    """Tile ids, sorted, from a 34-count vector."""
    if len(counts) != N_KINDS:
        raise HandShapeError(f"a count vector has {N_KINDS} entries, got {len(counts)}")
    out: list[int] = []
    for kind, n in enumerate(counts):
        if n < 0:
            raise HandShapeError(f"negative count {n!r} for {tile_code(kind)!r}")
        out.extend([kind] * int(n))
    return out


def counts_to_notation(counts: Sequence[int]) -> str:
    """Compact notation for a 34-count vector.

    >>> counts_to_notation(parse_counts("1122z"))
    '1122z'
    """
    return to_notation(tiles_from_counts(counts))


def is_flower(tile: int) -> bool:
    """True for the eight flower tiles (ids 34-41)."""
    return N_KINDS <= _tile_id(tile)


def is_suited(tile: int) -> bool:
    """True for 万, 筒 and 索 tiles."""
    return _tile_id(tile) < 27


def is_honor(tile: int) -> bool:
    """True for winds and dragons."""
    return 27 <= _tile_id(tile) < N_KINDS


def suit_of(tile: int) -> str:
    """The notation letter of a tile's suit: ``m``, ``p``, ``s``, ``z`` or ``f``."""
    return tile_code(tile)[1]


def rank_of(tile: int) -> int:
    """The digit of a tile in notation (1-9 for suited tiles)."""
    return int(tile_code(tile)[0])


def is_terminal(tile: int) -> bool:
    """True for 1 and 9 of a suit."""
    return is_suited(tile) and tile % 9 in (0, 8)


def is_terminal_or_honor(tile: int) -> bool:
    """True for 1 and 9 of a suit, winds and dragons (幺九 tiles)."""
    return is_terminal(tile) or is_honor(tile)


def glyph(tile: int) -> str:
    """The Unicode mahjong glyph of a tile id."""
    code = tile_code(tile)
    rank, letter = int(code[0]), code[1]
    if letter == "z":
        return _HONOR_GLYPHS[rank - 1]
    if letter == "f":
        return _FLOWER_GLYPHS[rank - 1]
    return chr(_SUIT_GLYPH_BASE[letter] + rank - 1)


def glyphs(tiles: str | Iterable[int]) -> str:
    """Glyphs for notation or tile ids, in the given order."""
    ids = parse_tiles(tiles) if isinstance(tiles, str) else tiles
    return "".join(glyph(t) for t in ids)


def chinese_name(tile: int) -> str:
    """The Chinese name of a tile: 五万, 东, 春 ...

    >>> chinese_name(4), chinese_name(27), chinese_name(38)
    ('五万', '东', '梅')
    """
    code = tile_code(tile)
    rank, letter = int(code[0]), code[1]
    if letter == "z":
        return _HONOR_NAMES[rank - 1]
    if letter == "f":
        return _FLOWER_NAMES[rank - 1]
    return _NUMERALS[rank - 1] + _SUIT_NAMES[letter]


def chinese_names(tiles: str | Iterable[int]) -> list[str]:
    """Chinese names for notation or tile ids, in the given order."""
    ids = parse_tiles(tiles) if isinstance(tiles, str) else tiles
    return [chinese_name(t) for t in ids]
