# The compiled backend (nbmj/core/_shape.pyx) has exactly the reference's signatures, which
# tests/test_core_stub.py checks; its classes are the reference's own objects.
from ._reference import Decomposition as Decomposition
from ._reference import Group as Group
from ._reference import decompositions as decompositions
from ._reference import is_win as is_win
from ._reference import is_win_ids as is_win_ids
from ._reference import is_win_batch as is_win_batch
from ._reference import shanten as shanten
from ._reference import shanten_batch as shanten_batch
from ._reference import waits as waits
from ._reference_claims import Claim as Claim
from ._reference_claims import ClaimFlag as ClaimFlag
from ._reference_claims import ClaimOption as ClaimOption
from ._reference_claims import claim_options as claim_options
from ._reference_claims import claim_options_ids as claim_options_ids
from ._reference_claims import resolve_claims as resolve_claims
from ._reference_shapes import is_all_honors as is_all_honors
from ._reference_shapes import is_seven_pairs as is_seven_pairs
from ._reference_readings import compact_decompositions as compact_decompositions
from ._reference_readings import compact_readings as compact_readings

__all__ = [
    "Group",
    "Decomposition",
    "is_win",
    "is_win_ids",
    "shanten",
    "waits",
    "decompositions",
    "is_win_batch",
    "shanten_batch",
    "Claim",
    "ClaimFlag",
    "ClaimOption",
    "claim_options",
    "claim_options_ids",
    "resolve_claims",
    "is_seven_pairs",
    "is_all_honors",
]
