"""The fixed action space and the fixed feature-plane layout of :mod:`nbmj.env`.

Both are the same for every variant of a tile set, so a policy trained on one variant
reads another. Tile columns are tile ids (0-33 the kinds 1-9m 1-9p 1-9s 1-7z, 34-41 the
flowers 1f-8f, see :mod:`nbmj.tiles`); seats are *relative to the observer*: 0 is the
observer, 1 the next seat to play (下家), 2 the opposite seat, 3 the previous seat (上家).

This module has no dependency beyond the standard library: the encoders and the docs read it.
"""

from __future__ import annotations

__all__ = [
    "N_TILE_IDS",
    "ACTION_SIZE",
    "DISCARD",
    "CHI_LOW",
    "CHI_MID",
    "CHI_HIGH",
    "PON",
    "KAN",
    "ANKAN",
    "KAKAN",
    "FLOWER",
    "HU",
    "PASS",
    "ACTION_RANGES",
    "PLANES",
    "N_PLANES",
    "PLANE_INDEX",
    "OBS_SHAPE",
    "action_name",
]

N_TILE_IDS = 42

# ---------------------------------------------------------------- the action space (125)
DISCARD = 0  # 0-41: discard the tile with that id
CHI_LOW = 42  # chow the discard as the low tile of the run (uses discard+1, discard+2)
CHI_MID = 43  # as the middle tile (uses discard-1, discard+1)
CHI_HIGH = 44  # as the high tile (uses discard-2, discard-1)
PON = 45  # pung the discard
KAN = 46  # kong the discard (明杠)
ANKAN = 47  # 47-80: concealed kong of kind 0-33 (暗杠)
KAKAN = 81  # 81-114: add the fourth tile of kind 0-33 to one's pung (补杠)
FLOWER = 115  # 115-122: lay down flower 34-41 and draw its replacement (manual flowers)
HU = 123  # win: on one's own draw, on the discard, or by robbing a kong
PASS = 124  # decline every claim
ACTION_SIZE = 125

#: ``(first index, count, meaning)`` for each block of the action space, in order.
ACTION_RANGES: tuple[tuple[str, int, int, str], ...] = (
    ("discard", DISCARD, 42, "discard tile id i"),
    ("chi_low", CHI_LOW, 1, "chow the discard as the low tile of the run"),
    ("chi_mid", CHI_MID, 1, "chow the discard as the middle tile"),
    ("chi_high", CHI_HIGH, 1, "chow the discard as the high tile"),
    ("pon", PON, 1, "pung the discard"),
    ("kan", KAN, 1, "kong the discard (exposed kong)"),
    ("ankan", ANKAN, 34, "concealed kong of kind i"),
    ("kakan", KAKAN, 34, "add the fourth tile of kind i to one's pung"),
    ("flower", FLOWER, 8, "lay down flower 34 + i (manual replacement only)"),
    ("hu", HU, 1, "win"),
    ("pass", PASS, 1, "decline every claim"),
)


def action_name(index: int) -> str:
    """A short name of action ``index``: ``"discard 5m"``, ``"chi_mid"``, ``"ankan 1z"``, ``"pass"``.
    :class:`~nbmj.errors.IllegalActionError` for an index that is no action (a whole number
    0-124, as the envs' ``step`` takes it)."""
    from operator import index as as_index

    from ..errors import IllegalActionError
    from ..tiles import tile_code

    try:
        if isinstance(index, bool):
            raise TypeError  # (a bool is an int to Python, but no action)
        index = as_index(index)
    except TypeError:
        raise IllegalActionError(f"an action is an int from 0 to {ACTION_SIZE - 1}, not {index!r}") from None

    for name, first, count, _ in ACTION_RANGES:
        if first <= index < first + count:
            if count == 1:
                return name
            i = index - first
            return f"{name} {tile_code(i + 34 if name == 'flower' else i)}"
    raise IllegalActionError(f"no action {index!r}: actions are 0-{ACTION_SIZE - 1}")


# ---------------------------------------------------------------- the feature planes
# (name, rows, what a row holds). Every row has 42 columns, one per tile id, unless it is a
# "scalars" row, whose columns are listed. Values are uint8 counts or 0/1 flags.
PLANES: tuple[tuple[str, int, str], ...] = (
    ("hand", 1, "the observer's concealed tiles: count of each id (0-4)"),
    ("drawn", 1, "the tile the observer just drew, while it is on turn after a draw (one-hot)"),
    ("wilds", 1, "1 at each tile id that is wild this hand (百搭 / 财神)"),
    ("indicator", 1, "1 at the indicator tile that chose the wilds (all zero when the variant has none)"),
    ("melds", 16, "four rows per relative seat 0-3: tiles in its chows, pungs, exposed kongs, concealed kongs (counts)"),
    ("flowers", 4, "one row per relative seat: 1 at each flower (or wild flower) it has laid down"),
    ("rivers", 12, "three rows per relative seat: count of each tile discarded; count of those taken by a claim; "
     "1-based position in that river of the latest discard of the tile (0: never discarded)"),
    ("on_offer", 1, "the discard (or added-kong tile) now open to claims, one-hot"),
    ("chi_bans", 1, "tiles the observer may not discard this turn because of 吃张打张 (in force only)"),
    ("passed_pon", 1, "tiles the observer may not pung: it let them go by (NB-8.6, in force only)"),
    ("warnings", 4, "one row per relative seat: tiles its melds make dangerous for others to discard (NH-6 三摊)"),
    ("seat_wind", 1, "1 at the observer's seat-wind tile (27 east ... 30 north)"),
    ("round_wind", 1, "1 at the round-wind tile"),
    ("seats", 1, "scalars: columns 0-3 dealer, 4-7 seat on turn, 8-11 discarder of the tile on offer, "
     "12-15 seats the game waits for as this seat may know them (on a turn the seat on turn; in a claim or "
     "robbing window this seat alone, if it is asked); each one-hot or flags over relative seats"),
    ("counts", 1, "scalars: 0 live wall tiles left, 1 kept (dead) tiles, 2-5 concealed tiles of relative seats 0-3, "
     "6 discards made this hand, 7 hands played in the match"),
    ("flags", 1, "scalars (0/1): 0 on turn, 1 claim window, 2 robbing window, 3 first go-around, "
     "4 the observer passed a win (may not win on a discard, NB-8.7), 5 kong claims banned now, "
     "6 pung claims banned now, 7 chow claims banned now (NH-1.8)"),
    ("liability", 1, "scalars: column 4a+b counts the melds relative seat b made from a's discards; "
     "column 16+4a+b is 1 when seat a is liable (包牌, NH-6) for seat b"),
)

PLANE_INDEX: dict[str, int] = {}
_row = 0
for _name, _rows, _ in PLANES:
    PLANE_INDEX[_name] = _row
    _row += _rows
N_PLANES = _row
OBS_SHAPE = (N_PLANES, N_TILE_IDS)
del _row, _name, _rows
