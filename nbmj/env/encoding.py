"""The encoder backend (compiled, or the pure-Python reference) and what it reads from a RuleSet.

``NBMJ_PUREPYTHON=1`` selects the reference, as it does for :mod:`nbmj.core`; without it
the compiled :mod:`nbmj.env._encode` is used when it was built. ``BACKEND`` says which.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from ..rules.model import RuleSet
from . import _reference
from . import layout as L

__all__ = ["BACKEND", "EncoderRules", "GameEncoder", "ReferenceEncoder", "encode", "fill_mask", "action_index", "encoder_rules", "game_encoder"]

encode: Callable[[Any, Any, Any, int], None]
_tracker: Any = None
fill_mask: Callable[[Any, Any, list[Any]], int]
action_index: Callable[[Any], int]

if os.environ.get("NBMJ_PUREPYTHON", "") not in ("", "0"):
    BACKEND = "python"
    encode, fill_mask, action_index = _reference.encode, _reference.fill_mask, _reference.action_index
else:
    try:
        from . import _encode  # type: ignore[attr-defined]
    except ImportError:  # not built (a source checkout without the extension)
        BACKEND = "python"
        encode, fill_mask, action_index = _reference.encode, _reference.fill_mask, _reference.action_index
    else:
        BACKEND = "compiled"
        # the compiled module repeats the layout's row offsets as C constants: hold them equal
        if _encode.ROW_OFFSETS != L.PLANE_INDEX or _encode.SHAPE != L.OBS_SHAPE:
            raise ImportError("nbmj.env._encode was built for another plane layout; rebuild it (pip install -e .)")
        encode, fill_mask, action_index = _encode.encode, _encode.fill_mask, _encode.action_index
        _tracker = _encode.Tracker


@dataclass(frozen=True)
class EncoderRules:
    """What the planes read from the RuleSet: the NH-6 warnings and the NH-1.8 claim bans."""

    bao_suits: bool
    bao_terminals: bool
    #: one ``(always, claim kinds)`` pair per no_claims restriction; not ``always``: first go-around only
    no_claims: tuple[tuple[bool, tuple[str, ...]], ...]


_CACHE: dict[int, tuple[RuleSet, EncoderRules]] = {}


def encoder_rules(rules: RuleSet) -> EncoderRules:
    """The :class:`EncoderRules` of ``rules`` (cached per RuleSet)."""
    hit = _CACHE.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    value = EncoderRules(
        bao_suits=rules.restriction("bao_suit_warning") is not None,
        bao_terminals=rules.restriction("bao_terminal_warning") is not None,
        no_claims=tuple((r.window == "always", tuple(r.claims)) for r in rules.restrictions if r.kind == "no_claims"),
    )
    _CACHE[id(rules)] = (rules, value)
    return value


class GameEncoder(Protocol):
    """Writes the planes of one seat of a game: ``encode(game, position, out, hands_played)``."""

    def encode(self, game: Any, position: int, out: Any, hands_played: int) -> None: ...


class ReferenceEncoder:
    """The pure-Python encoder over a seat's Observation (:func:`nbmj.env._reference.encode`)."""

    def __init__(self, rules: EncoderRules) -> None:
        self.rules = rules

    def encode(self, game: Any, position: int, out: Any, hands_played: int) -> None:
        _reference.encode(game.observation("ESWN"[position]), out, self.rules, hands_played)


def game_encoder(rules: EncoderRules) -> GameEncoder:
    """The encoder of the selected backend: the compiled log tracker, or the reference."""
    if _tracker is not None:
        tracker: GameEncoder = _tracker(rules)
        return tracker
    return ReferenceEncoder(rules)
