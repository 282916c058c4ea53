# cython: annotation_typing=False
# (the augmenting phases.pxd gives the C types; the annotations are for mypy)
"""The phases of a hand: who acts and what is legal at each point.

``Deal`` → ``Turn`` (one seat draws or has claimed, and decides) → a discard opens a
``ClaimWindow`` (every seat able to claim answers) or an added kong opens a ``RobWindow``
(every seat able to win on it answers) → the next ``Turn``, until ``Over``.
:data:`TRANSITIONS` lists every move between phases; the game enters a phase only
through ``Game._enter``, which checks it against this table.

The mechanics return the phase that follows; each phase's ``name`` is the string that
:attr:`nbmj.engine.game.Game.phase` reports (``deal``, ``turn``, ``claims``, ``rob``, ``over``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Union

from .actions import Action
from .precomputed import CLAIM_ORDER

if TYPE_CHECKING:
    from .results import HandResult
    from .state import TableState

__all__ = ["Deal", "Turn", "ClaimWindow", "RobWindow", "Over", "Phase", "TRANSITIONS", "TURN_MODES", "DRAW_KINDS",
           "new_turn", "new_claim_window"]

#: How a seat came to be on turn: the dealer's first turn, after a draw, after a claim.
TURN_MODES = ("dealer_first", "draw", "after_chi", "after_pon")
#: How the tile a seat on turn ended with came to it (None after a claim).
DRAW_KINDS = ("self_draw", "flower_replacement", "kong_replacement")
_NOBODY: list[Action] = []


@dataclass
class Deal:
    """The dice, the deal and the initial flower replacement: nobody acts."""

    name = "deal"

    def to_act(self) -> list[int]:
        """Nobody."""
        return []

    def legal(self, t: TableState, p: int) -> list[Action]:
        """Nothing."""
        return _NOBODY


@dataclass
class Turn:
    """``seat`` is on turn (``mode``, one of :data:`TURN_MODES`); ``drawn`` is the tile it
    drew (``draw_kind``), None after a claim; ``chi_bans`` the tiles 吃张打张 bars now.

    What the seat may do is the turn's own mechanics (``nbmj.engine.turn.turn_actions``),
    which the game asks directly: this data layer imports no mechanics."""

    seat: int
    mode: str
    draw_kind: str | None
    drawn: int | None
    chi_bans: tuple[int, ...] = ()
    name = "turn"

    def to_act(self) -> list[int]:
        """The seat on turn."""
        return [self.seat]


@dataclass
class ClaimWindow:
    """``tile`` discarded by ``discarder``; ``options`` are the claims each seat able to
    claim is offered (``pass`` last), ``responses`` what the seats answered so far."""

    tile: int
    discarder: int
    options: dict[int, list[Action]]
    responses: dict[int, Action]
    name = "claims"

    def to_act(self) -> list[int]:
        """Seats offered a claim that have not answered, nearest the discarder first."""
        options, responses = self.options, self.responses
        return [q for q in CLAIM_ORDER[self.discarder] if q in options and q not in responses]

    def legal(self, t: TableState, p: int) -> list[Action]:
        """What ``p`` is offered, until it answers."""
        if p in self.responses:
            return _NOBODY
        return self.options.get(p, _NOBODY)


@dataclass
class RobWindow(ClaimWindow):
    """``discarder`` adds ``tile`` to its pong; ``options`` are the seats able to rob it (NB-11.5)."""

    name = "rob"


@dataclass
class Over:
    """The hand has ended with ``result``."""

    result: HandResult
    name = "over"

    def to_act(self) -> list[int]:
        """Nobody."""
        return []

    def legal(self, t: TableState, p: int) -> list[Action]:
        """Nothing."""
        return _NOBODY


def new_turn(seat: int, mode: str, draw_kind: str | None, drawn: int | None, chi_bans: tuple[int, ...] = ()) -> Turn:
    """``Turn(seat, mode, draw_kind, drawn, chi_bans)``, made without the dataclass
    constructor's argument parsing: the engine makes a turn at nearly every step."""
    ph = Turn.__new__(Turn)
    ph.seat = seat
    ph.mode = mode
    ph.draw_kind = draw_kind
    ph.drawn = drawn
    ph.chi_bans = chi_bans
    return ph


def new_claim_window(tile: int, discarder: int, options: dict[int, list[Action]]) -> ClaimWindow:
    """``ClaimWindow(tile, discarder, options, {})``, made as :func:`new_turn` makes a turn."""
    ph = ClaimWindow.__new__(ClaimWindow)
    ph.tile = tile
    ph.discarder = discarder
    ph.options = options
    ph.responses = {}
    return ph


#: Any phase of a hand.
Phase = Union[Deal, Turn, ClaimWindow, RobWindow, Over]

#: Every move between phases: a turn goes on to a turn (a flower or kong replacement), a
#: claim window (a discard), a robbing window (an added kong) or the end; a window ends
#: in a turn (the claimant's, or the next player's) or the end.
TRANSITIONS: dict[type, tuple[type, ...]] = {
    Deal: (Turn, Over),
    Turn: (Turn, ClaimWindow, RobWindow, Over),
    ClaimWindow: (Turn, Over),
    RobWindow: (Turn, Over),
    Over: (),
}
