"""The winning shapes beside four sets and a pair (``winning { shapes ... }``, NB-10.14,
NB-10.15): which of them a hand makes, for the engine's win test and the scorer, and the
scorer's readings of them.

A hand read as seven pairs or as honours in any arrangement has no sets of its own: its
reading holds the melds laid (honour pungs, for 乱风) and its shape's name, which the
``shape`` feature reads. Each such reading is the only one of its shape for its hand, so
its signature is the hand itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .. import core

# nbmj.core picks its backend at import time; both export these two
_is_seven_pairs = core.is_seven_pairs  # type: ignore[attr-defined,unused-ignore]
_is_all_honors = core.is_all_honors  # type: ignore[attr-defined,unused-ignore]
from ..tiles import to_notation
from .facts import HandFacts, suit_bit
from .readings import Candidate, Reading

__all__ = ["STANDARD", "OTHER_SHAPES", "other_shapes", "wins_other_shape", "shape_candidates", "build_shape_reading",
           "shape_notation"]

#: The shape every variant has: four sets (chow, pung or kong) and a pair.
STANDARD = "standard"
#: The other shapes: seven pairs (no melds laid) and honours in any arrangement (melds
#: laid must be honour pungs or kongs).
OTHER_SHAPES = ("seven_pairs", "honors_any")

_HONOURS = 27


def other_shapes(counts: Sequence[int], wilds: int, meld_tiles: Iterable[Sequence[int]],
                 shapes: Sequence[str]) -> tuple[str, ...]:
    """The shapes of ``shapes`` besides :data:`STANDARD` that a complete hand makes:
    ``counts`` the 34 counts of its concealed real tiles (the winning tile included),
    ``wilds`` its wilds, ``meld_tiles`` the tiles of each meld laid."""
    if len(shapes) == 1 or (sum(counts) + wilds) % 3 != 2:
        return ()
    melds = [tuple(m) for m in meld_tiles]
    found = []
    if "seven_pairs" in shapes and not melds and _is_seven_pairs(list(counts), wilds):
        found.append("seven_pairs")
    if ("honors_any" in shapes and all(min(m) >= _HONOURS for m in melds)
            and _is_all_honors(list(counts), wilds)):
        found.append("honors_any")
    return tuple(found)


def wins_other_shape(counts: Sequence[int], wilds: int, meld_tiles: Iterable[Sequence[int]],
                     shapes: Sequence[str]) -> bool:
    """Whether a complete hand (as :func:`other_shapes`) wins in a shape besides the standard."""
    return bool(other_shapes(counts, wilds, meld_tiles, shapes))


def shape_candidates(hf: HandFacts, shapes: Sequence[str]) -> list[Candidate]:
    """One candidate reading per other shape the hand makes (see the module docstring)."""
    found = other_shapes(hf.shape, hf.wilds, (m.tiles for m in hf.situation.melds), shapes)
    win = -1 if hf.win_is_wild else hf.situation.win_tile
    out = []
    for name in found:
        wait = "single" if name == "seven_pairs" else "none"
        signature = (name, hf.shape, hf.wilds, win)
        out.append(Candidate(signature, ((name, -1, ()), ()), -1, wait, 0))
    return out


def is_shape_candidate(cand: Candidate) -> bool:
    """Whether a candidate reads the hand in one of :data:`OTHER_SHAPES`."""
    # (a shape's split names it with no kind, -1, where a standard split's pair has its kind)
    first: int = cand.split[0][1]
    return first < 0


def build_shape_reading(hf: HandFacts, cand: Candidate) -> Reading:
    """The reading of a shape candidate: the melds laid, no pair, the shape's wait; the suits
    are those of the real tiles (a wild takes a suit present, or pairs a wild)."""
    name = cand.split[0][0]
    rd = Reading(hf.melded, -1, 0, cand.wait, 0, cand.split, shape=name)
    mask = 0
    for k, n in enumerate(hf.shape):
        if n:
            mask |= suit_bit(k)
    for g in hf.melded:
        mask |= suit_bit(g.first)
    rd.suits = mask if mask else 8 if name == "honors_any" else 0
    return rd


def shape_notation(hf: HandFacts, cand: Candidate) -> str:
    """A shape reading in notation: the melds laid in brackets, then the concealed tiles."""
    sit = hf.situation
    parts = [f"[{g.notation()}]" for g in hf.melded]
    parts.append(to_notation(sorted(sit.concealed + (sit.win_tile,))))
    return " ".join(parts)
