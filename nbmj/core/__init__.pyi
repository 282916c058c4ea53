# The public API of nbmj.core, typed once for both backends (the compiled nbmj.core._shape
# and the reference nbmj.core._reference): tests/test_core_stub.py checks that each backend
# has exactly these names, parameters and defaults, and the reference these annotations.
from typing import Literal, SupportsIndex

import numpy as np
import numpy.typing as npt

from ._reference import Decomposition as Decomposition
from ._reference import Group as Group
from ._reference_claims import Claim as Claim
from ._reference_claims import ClaimFlag as ClaimFlag
from ._reference_claims import ClaimOption as ClaimOption
from ._types import Counts, HandArray, HandLike, WildsLike

__all__: list[str]
BACKEND: Literal["cython", "python"]

def is_win(hand: HandLike, wilds: SupportsIndex = 0) -> bool: ...
def is_win_ids(counts: Counts, wild_ids: SupportsIndex, extra_wilds: SupportsIndex = 0) -> bool: ...
def is_seven_pairs(hand: HandLike, wilds: SupportsIndex = 0) -> bool: ...
def is_all_honors(hand: HandLike, wilds: SupportsIndex = 0) -> bool: ...
def shanten(hand: HandLike, wilds: SupportsIndex = 0) -> int: ...
def waits(hand: HandLike, wilds: SupportsIndex = 0) -> list[int]: ...
def decompositions(hand: HandLike, wilds: SupportsIndex = 0) -> list[Decomposition]: ...
def is_win_batch(hands: HandArray, wilds: WildsLike) -> npt.NDArray[np.bool_]: ...
def shanten_batch(hands: HandArray, wilds: WildsLike) -> npt.NDArray[np.int8]: ...
def claim_options(
    counts: Counts,
    wilds: SupportsIndex,
    wild_mask: SupportsIndex,
    tile: SupportsIndex,
    relation: SupportsIndex,
    flags: SupportsIndex,
) -> int: ...
def claim_options_ids(
    counts: Counts, wild_ids: SupportsIndex, tile: SupportsIndex, relation: SupportsIndex, flags: SupportsIndex
) -> int: ...
def resolve_claims(
    declared: Counts, discarder: SupportsIndex, tiers: Counts, seat_order: Counts, all_winners: bool
) -> tuple[int, ...]: ...
