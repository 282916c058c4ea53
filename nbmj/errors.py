"""The exceptions nbmj raises.

Every exception derives from :class:`NbmjError`, so ``except NbmjError`` catches anything
this library raises on purpose. Where the caller's input was at fault the class also derives
from :class:`ValueError`, so code that already guards against bad values keeps working.

Messages are lowercase and quote the offending input with ``!r``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules.diagnostics import Diagnostic

__all__ = [
    "NbmjError",
    "TileNotationError",
    "TileIdError",
    "HandShapeError",
    "RuleSetError",
    "UnknownVariantError",
    "AmbiguousVariantError",
    "SituationError",
    "IllegalActionError",
    "ReplayError",
    "InputError",
    "ActionSyntaxError",
    "GameSetupError",
    "UnknownSeatError",
    "UnknownBotError",
    "UnknownLanguageError",
    "ScriptError",
    "StaleObservationError",
    "WallExhausted",
]


class NbmjError(Exception):
    """Root of every error nbmj raises on purpose."""


class TileNotationError(NbmjError, ValueError):
    """Tile notation that cannot be read.

    ``text`` is the whole string given and ``position`` the 0-based index of the first
    character that could not be read.
    """

    def __init__(self, message: str, text: str, position: int) -> None:
        super().__init__(message)
        self.text = text
        self.position = position


class TileIdError(NbmjError, ValueError):
    """A tile id that names no tile: ids are whole numbers 0-41, the 34 kinds and then the
    eight flowers (:mod:`nbmj.tiles`)."""


class HandShapeError(NbmjError, ValueError):
    """A hand that is readable but impossible: a wrong tile count or more than four of a kind."""


class RuleSetError(NbmjError, ValueError):
    """A rule-variant file that does not compile.

    ``diagnostics`` lists every problem found, each with file, line, column and message,
    so an author sees all of them at once. ``str()`` renders them with caret context.
    """

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class UnknownVariantError(NbmjError, ValueError):
    """A variant name that is neither shipped nor a readable file."""


class AmbiguousVariantError(NbmjError, ValueError):
    """A variant name that two files on the variant search path answer to."""


class SituationError(NbmjError, ValueError):
    """A scoring or claims situation that is not a possible game position."""


class IllegalActionError(NbmjError, ValueError):
    """An action that the rules do not allow in the current game state.

    ``action`` is what was attempted and ``legal`` the actions that were allowed.
    The game state is unchanged when this is raised.
    """

    def __init__(self, message: str, action: object = None, legal: Iterable[object] = ()) -> None:
        super().__init__(message)
        self.action = action
        self.legal = tuple(legal)


class ReplayError(NbmjError, ValueError):
    """An event log that is malformed or records an illegal history.

    ``index`` is the 0-based number of the first bad event.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


class InputError(NbmjError, ValueError):
    """Input given to a command that cannot be read: text that is not UTF-8, or JSON that is
    not JSON or is nested too deeply to be any nbmj input."""
# --- the engine's errors (nbmj.engine) ---


class ActionSyntaxError(NbmjError, ValueError):
    """An action, in text (``"S chi 4m 56m"``) or JSON form, that cannot be read."""


class GameSetupError(NbmjError, ValueError):
    """A hand that cannot be set up as asked: a bad dealer or round wind, seed, fixed wall or dice."""


class UnknownSeatError(NbmjError, ValueError):
    """A seat name that is none of the table positions ``E S W N``."""


class UnknownBotError(NbmjError, ValueError):
    """A bot kind that :func:`nbmj.engine.bots.make_bots` does not know."""


class UnknownLanguageError(NbmjError, ValueError):
    """A language that nbmj's explanations are not written in: they are in ``en`` and
    ``zh``."""


class ScriptError(NbmjError, ValueError):
    """A scripted deal that cannot be built (``nbmj.engine.script.scripted_wall``):
    a tile asked for twice, a hand of the wrong size, tail draws running into the head."""


class StaleObservationError(NbmjError, RuntimeError):
    """An observation read after its game moved on."""


class WallExhausted(NbmjError, RuntimeError):
    """A draw found no drawable tile. The game checks the reserve before drawing, so this
    means a bug or a wall used outside a game."""
