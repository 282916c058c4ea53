"""Which tiles are wild, given a variant's wild rules and the flipped indicator."""

from __future__ import annotations

from ..tiles import N_KINDS, PLANTS, SEASONS, is_flower, tile_code
from .model import WildRules

__all__ = ["next_in_sequence", "wild_tiles"]

_WIND_CYCLE = (27, 28, 29, 30)  # 东 南 西 北
_DRAGON_CYCLE = (31, 32, 33)  # 白 发 中


def next_in_sequence(tile: int) -> int:
    """The kind after ``tile``: 9 wraps to 1 within a suit, winds go 东南西北, dragons 白发中.

    >>> tile_code(next_in_sequence(8)), tile_code(next_in_sequence(30)), tile_code(next_in_sequence(33))
    ('1m', '1z', '5z')
    """
    if not 0 <= tile < N_KINDS:
        raise ValueError(f"no next tile in sequence for {tile_code(tile)!r}")
    if tile < 27:
        return tile - tile % 9 + (tile % 9 + 1) % 9
    for cycle in (_WIND_CYCLE, _DRAGON_CYCLE):
        if tile in cycle:
            return cycle[(cycle.index(tile) + 1) % len(cycle)]
    raise AssertionError("unreachable")


def wild_tiles(rules: WildRules, indicator: int | None) -> frozenset[int]:
    """The tile ids (kinds, or flowers) whose copies are wild.

    The indicator itself stays in the wall, so of its own kind only the other copies are in
    play; that is the engine's business, not this function's. A flower indicator makes its
    group of four wild (春夏秋冬 or 梅兰竹菊) and nothing else, or all eight flowers where
    ``flower_indicator`` is ``"all"`` (NB-4.13).

    >>> from nbmj.rules.model import WildRules
    >>> three = WildRules(True, "small", "tail", ("same",), False)
    >>> sorted(tile_code(t) for t in wild_tiles(three, 4))
    ['5m']
    >>> seven = WildRules(True, "small", "tail", ("same", "next"), False)
    >>> sorted(tile_code(t) for t in wild_tiles(seven, 4))
    ['5m', '6m']
    >>> sorted(tile_code(t) for t in wild_tiles(seven, 35))
    ['1f', '2f', '3f', '4f']
    >>> eight = WildRules(True, "small", "tail", ("same", "next"), False, "all")
    >>> len(wild_tiles(eight, 35))
    8
    """
    if not rules.enabled or indicator is None:
        return frozenset()
    if is_flower(indicator):
        if rules.flower_indicator == "all":
            return frozenset(SEASONS) | frozenset(PLANTS)
        return frozenset(SEASONS if indicator in SEASONS else PLANTS)
    kinds = set()
    if "same" in rules.kinds:
        kinds.add(indicator)
    if "next" in rules.kinds:
        kinds.add(next_in_sequence(indicator))
    return frozenset(kinds)
