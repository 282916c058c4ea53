from typing import Protocol

from ..rules.model import Expr, RuleSet, TaiScoring
from .bound import _BoundPlan

class _Meld(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def tiles(self) -> tuple[int, ...]: ...

class CompiledPlan: ...

_Sources = list[tuple[bool, int, Expr | None, Expr | None]]

def compile_plan(bp: _BoundPlan, scoring: TaiScoring, hand_sources: _Sources, any_tile_sources: _Sources,
                 light_sources: _Sources, forbid_sources: list[tuple[tuple[str, ...], Expr]]) -> CompiledPlan | None: ...
def reach_from_hand(rules: RuleSet, hand: bytearray, flower_flag: tuple[bool, ...], wild_kinds: frozenset[int],
                    tile: int, count_tile: bool, melds: list[_Meld], flowers: list[int], seat: str, round_wind: str,
                    win_by: str, last_tile: bool, first_turn: bool, discarded_wild: bool) -> bool: ...
def bound_parts(rules: RuleSet, hand: bytearray, flower_flag: tuple[bool, ...], wild_kinds: frozenset[int],
                tile: int, count_tile: bool, melds: list[_Meld], flowers: list[int], seat: str, round_wind: str,
                win_by: str, last_tile: bool, first_turn: bool,
                discarded_wild: bool) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float], bool] | None: ...
