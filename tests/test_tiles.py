"""Tile notation (a contract), kinds, glyphs and names."""

import re

import pytest

from nbmj import tiles
from nbmj.errors import HandShapeError, NbmjError, TileNotationError


@pytest.mark.parametrize(
    "text, codes",
    [
        pytest.param("123m", ["1m", "2m", "3m"], id="run"),
        pytest.param("19p19s", ["1p", "9p", "1s", "9s"], id="two-suits"),
        pytest.param("1234567z", ["1z", "2z", "3z", "4z", "5z", "6z", "7z"], id="honours"),
        pytest.param("12345678f", [f"{i}f" for i in range(1, 9)], id="flowers"),
        pytest.param("5m 5m", ["5m", "5m"], id="spaces"),
        pytest.param("", [], id="empty"),
    ],
)
def test_parse_tiles_reads_each_code_in_order(text, codes):
    assert [tiles.tile_code(t) for t in tiles.parse_tiles(text)] == codes


def test_kind_order_is_m_p_s_z():
    ids = tiles.parse_tiles("1m9m1p9p1s9s1z7z1f8f")
    assert ids == [0, 8, 9, 17, 18, 26, 27, 33, 34, 41]


def test_every_tile_id_round_trips_through_its_code():
    for t in range(tiles.N_TILE_IDS):
        assert tiles.parse_tile(tiles.tile_code(t)) == t


def test_notation_compresses_and_sorts():
    assert tiles.to_notation(tiles.parse_tiles("7z1f3m1m2m5p")) == "123m5p7z1f"


def test_counts_round_trip():
    counts = tiles.parse_counts("11123455678999m")
    assert sum(counts) == 14 and counts[0] == 3 and counts[4] == 2
    assert tiles.counts_to_notation(counts) == "11123455678999m"


@pytest.mark.parametrize(
    "text, position",
    [
        pytest.param("12x", 2, id="bad-letter"),
        pytest.param("123", 0, id="no-suit"),
        pytest.param("m", 0, id="letter-first"),
        pytest.param("0m", 0, id="zero"),
        pytest.param("8z", 0, id="no-8z"),
        pytest.param("9f", 0, id="no-9f"),
        pytest.param("11m2 3p", 3, id="digits-before-space"),
        pytest.param("1m１m", 2, id="fullwidth-digit"),
    ],
)
def test_bad_notation_names_text_and_position(text, position):
    with pytest.raises(TileNotationError) as info:
        tiles.parse_tiles(text)
    err = info.value
    assert isinstance(err, ValueError) and isinstance(err, NbmjError)
    assert err.position == position and err.text == text
    assert repr(text) in str(err)


def test_flowers_are_never_part_of_a_hand_shape():
    with pytest.raises(TileNotationError) as info:
        tiles.parse_counts("123m1f")
    assert info.value.position == 4


def test_a_fifth_copy_is_refused():
    with pytest.raises(HandShapeError, match="5 copies of '1m'"):
        tiles.parse_counts("11111m")


def test_glyphs_and_chinese_names():
    assert tiles.glyphs("1m9p5s1z5z6z7z") == "\U0001F007\U0001F021\U0001F014\U0001F000\U0001F006\U0001F005\U0001F004"
    assert tiles.glyphs("1f5f") == "\U0001F026\U0001F022"
    assert tiles.chinese_names("9s4z6z8f") == ["九索", "北", "发", "菊"]


def test_classifiers():
    assert tiles.is_terminal_or_honor(tiles.parse_tile("9m"))
    assert tiles.is_terminal_or_honor(tiles.parse_tile("5z"))
    assert not tiles.is_terminal_or_honor(tiles.parse_tile("5m"))
    assert tiles.is_flower(tiles.parse_tile("3f")) and not tiles.is_flower(tiles.parse_tile("7z"))
    assert tiles.suit_of(tiles.parse_tile("4p")) == "p" and tiles.rank_of(tiles.parse_tile("4p")) == 4


@pytest.mark.parametrize("tile", [-1, 42, 99, True, 1.0, "1m", None])
def test_a_tile_id_that_names_no_tile_is_refused(tile):
    """tile_code raises TileIdError (an NbmjError and a ValueError), never a plain
    ValueError, and takes no bool for the tile it would stand for."""
    from nbmj.errors import NbmjError, TileIdError

    with pytest.raises(TileIdError, match="no tile has the id") as err:
        tiles.tile_code(tile)
    assert isinstance(err.value, NbmjError) and isinstance(err.value, ValueError)


@pytest.mark.parametrize("predicate", ["is_flower", "is_suited", "is_honor", "is_terminal", "is_terminal_or_honor"])
@pytest.mark.parametrize("tile", [-1, 42, 3.0, True, "1m", None])
def test_the_tile_predicates_refuse_what_is_no_tile_id(predicate, tile):
    # they answered for any number (is_suited(3.5) was True, is_flower(99) False) and failed
    # with a TypeError on a string, where tile_code and the rest raise TileIdError
    import nbmj.tiles
    from nbmj.errors import TileIdError

    with pytest.raises(TileIdError, match=r"^no tile has the id " + re.escape(repr(tile)) + "; tile ids are 0-41$"):
        getattr(nbmj.tiles, predicate)(tile)
