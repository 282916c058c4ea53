"""Tables shared by every game: tile codes for the event log, the action objects the
engine offers most, the claim order around the table, the core's claim bits. What a game
reads from its RuleSet is :mod:`.rules_view`.
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import core
from ..rules.model import SEATS
from ..tiles import tile_code
from .actions import Action, interned

__all__ = [
    "CODES",
    "DISCARD_ACTS",
    "HU_ACTS",
    "PASS_ACTS",
    "PON_ACTS",
    "KAN_ACTS",
    "CHI_ACTS",
    "CLAIM_ORDER",
    "SEAT_INDEX",
    "F_HU",
    "F_KAN",
    "F_PON",
    "F_CHI",
    "O_HU",
    "O_KAN",
    "O_PON",
    "O_CHI",
    "BAN_FLAG",
    "notation",
    "TURN_ANKAN",
    "TURN_KAKAN",
    "TURN_FLOWER",
    "TURN_HU",
    "TURN_CODES",
    "TURN_ACTIONS",
    "TURN_CODE_IDS",
]

CODES = tuple(tile_code(t) for t in range(42))  # tile_code without its checks, for the event log
# Actions are immutable, so every game offers these same objects; a bot that hands one back
# is matched by identity in Game.step.
DISCARD_ACTS = tuple(tuple(interned(s, "discard", t) for t in range(42)) for s in SEATS)
HU_ACTS = tuple(interned(s, "hu") for s in SEATS)
PASS_ACTS = tuple(interned(s, "pass") for s in SEATS)
# The claims of a discard, by seat and tile kind (the same interned objects the claim window
# builds); CHI_ACTS[s][t] holds the three chows of t in chi_uses order (the hand tiles below
# it, around it, above it), None where the run leaves the suit.
PON_ACTS = tuple(tuple(interned(s, "pon", t) for t in range(34)) for s in SEATS)
KAN_ACTS = tuple(tuple(interned(s, "kan", t) for t in range(34)) for s in SEATS)


def _chows(seat: str, t: int) -> tuple[Action | None, Action | None, Action | None]:
    rank = t % 9 if t < 27 else -1
    return (
        interned(seat, "chi", t, (t - 2, t - 1)) if rank >= 2 else None,
        interned(seat, "chi", t, (t - 1, t + 1)) if 1 <= rank <= 7 else None,
        interned(seat, "chi", t, (t + 1, t + 2)) if 0 <= rank <= 6 else None,
    )


CHI_ACTS = tuple(tuple(_chows(s, t) for t in range(34)) for s in SEATS)
# The codes of the actions of a seat on turn (nbmj.engine.turn.turn_codes): a discard's code is
# its tile id (0 to 41), a concealed, added or flower kong's one of these bases plus its tile
# id, a win's TURN_HU. Every code is below 256, so none is a new int object in CPython.
TURN_ANKAN, TURN_KAKAN, TURN_FLOWER = 64, 128, 192
TURN_HU = 255
#: the kinds by code base: (base, kind), discards first
TURN_CODES = ((0, "discard"), (TURN_ANKAN, "ankan"), (TURN_KAKAN, "kakan"), (TURN_FLOWER, "flower"), (TURN_HU, "hu"))


def _turn_action_table(seat: str) -> tuple[Action | None, ...]:
    table: list[Action | None] = [None] * 256
    for base, kind in TURN_CODES:
        if kind == "hu":
            table[base] = interned(seat, "hu")
            continue
        tiles = range(42) if kind == "discard" else range(34) if kind in ("ankan", "kakan") else range(34, 42)
        for t in tiles:
            table[base + t] = interned(seat, kind, t)
    return tuple(table)


#: TURN_ACTIONS[p][code]: the shared Action of each turn code of position p (None where no
#: code is); what nbmj.engine.turn lists for the engine's legal list
TURN_ACTIONS = tuple(_turn_action_table(s) for s in SEATS)
#: each code itself: what nbmj.engine.turn lists for the codes
TURN_CODE_IDS = tuple(range(256))
CLAIM_ORDER = tuple(tuple((d + i) % 4 for i in (1, 2, 3)) for d in range(4))  # next, opposite, previous
SEAT_INDEX = {s: i for i, s in enumerate(SEATS)}
# The core's claim bits as plain ints: an int test is cheaper than an enum one.
F_HU, F_KAN, F_PON, F_CHI = (int(core.ClaimFlag[k]) for k in ("HU", "KAN", "PON", "CHI"))
O_HU, O_KAN, O_PON = (int(core.ClaimOption[k]) for k in ("HU", "KAN", "PON"))
O_CHI = int(core.ClaimOption.CHI_HIGH | core.ClaimOption.CHI_MID | core.ClaimOption.CHI_LOW)
BAN_FLAG = {"hu": F_HU, "kan": F_KAN, "pon": F_PON, "chi": F_CHI}


def notation(tiles: Iterable[int]) -> str:
    """:func:`nbmj.tiles.to_notation` for valid ids, faster: ids sort in the order m p s z f."""
    out: list[str] = []
    digits = ""
    letter = ""
    for t in sorted(tiles):
        code = CODES[t]
        if code[1] != letter:
            if digits:
                out.append(digits + letter)
            digits, letter = "", code[1]
        digits += code[0]
    if digits:
        out.append(digits + letter)
    return "".join(out)
