"""Seats: who plays a position at a table, whether a built-in bot or a program far away.

A :class:`Seat` is told when a hand begins, asked for a move whenever its position must
act, and told when the hand ends. :class:`LocalSeat` calls an engine bot in this process;
:class:`RemoteSeat` speaks ``nbmj-bot/1`` over any :class:`~nbmj.bots.transport.Transport`
and turns every fault of the bot into a documented outcome (see ``docs/bots.rst``):

``timeout``, ``garbage``, ``illegal``
    the seat plays its default move (:func:`default_action`) and the fault is recorded.
    With ``on_fault="forfeit"`` the seat instead forfeits the hand: it plays default moves
    to the end of the hand without being asked, and the arena books the forfeit penalty.
``dead``
    the bot has gone (it exited, or its connection closed): the fault is recorded once and
    the seat plays default moves, unasked, for the rest of the session. A bot with
    ``max_faults`` faults in one session is treated as dead too.

:func:`play_seated_hand` plays one hand among four seats using the engine's public API only.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .._numbers import finite_real
from ..engine import Action, Game, HandResult
from ..errors import NbmjError
from ..rules.model import RuleSet
from .protocol import (
    BotFault,
    clip,
    bye_message,
    encode,
    end_message,
    event_message,
    hello_message,
    observation_json,
    read_answer,
    request_message,
    seat_view,
)
from .transport import Transport, TransportClosed

__all__ = ["Seat", "LocalSeat", "RemoteSeat", "SeatedHand", "default_action", "play_seated_hand", "check_time_limit", "ON_FAULT"]

#: The fault policies a :class:`RemoteSeat` takes (``on_fault``), the default first
ON_FAULT = ("default", "forfeit")

# Lines read and dropped, at most, before a request (late answers to earlier ones).
_DRAIN_LIMIT = 1000



@runtime_checkable
class Seat(Protocol):
    """A player of one position for one or many hands."""

    name: str
    faults: list[BotFault]
    forfeited: bool

    def begin_hand(self, game: Game, seat: str, hand: int) -> None:
        """A hand starts with this player at ``seat``; ``faults`` and ``forfeited`` reset."""

    def act(self, game: Game, seat: str, legal: list[Action]) -> Action:
        """One of ``legal``: the move of ``seat`` now."""

    def end_hand(self, game: Game) -> None:
        """The hand is over (``game.result`` is set)."""

    def close(self) -> None:
        """The session is over: release the bot."""


def default_action(legal: Sequence[Action], drawn: int | None) -> Action:
    """The move played for a seat that cannot answer: pass where passing is legal, else
    discard the tile just drawn, else the lowest discard, else the first legal action."""
    discards = []
    for a in legal:
        if a.kind == "pass":
            return a
        if a.kind == "discard":
            if a.tile == drawn:
                return a
            discards.append(a)
    return discards[0] if discards else legal[0]


class LocalSeat(Seat):
    """An engine bot in this process; ``factory(hand_seed, seat, rules)`` makes its bot for a
    hand (so that a random bot's choices depend only on the hand, not on the worker playing it)."""

    def __init__(self, name: str, factory: Callable[[int, str, RuleSet], Callable[[Any, list[Action]], Action]]) -> None:
        self.name = name
        self.factory = factory
        self.faults: list[BotFault] = []
        self.forfeited = False
        self._bot: Callable[[Any, list[Action]], Action] | None = None

    def __repr__(self) -> str:
        return f"<LocalSeat {self.name!r}>"

    def begin_hand(self, game: Game, seat: str, hand: int) -> None:
        self.faults = []
        self.forfeited = False
        self._bot = self.factory(game.seed, seat, game.rules)

    def act(self, game: Game, seat: str, legal: list[Action]) -> Action:
        assert self._bot is not None, "begin_hand first"
        return self._bot(game.observation(seat), legal)

    def end_hand(self, game: Game) -> None:
        self._bot = None

    def close(self) -> None:
        self._bot = None


# The longest wait a seat is given, in seconds (about 31 years): a thread's wait longer than
# the platform's (threading.TIMEOUT_MAX, about 9.2e9 on Linux) ends in an OverflowError.
_LONGEST_WAIT = 1e9


def _seconds(value: object, *, above_zero: bool) -> float | None:
    """``value`` as seconds a seat can wait (a finite real, at least 0 or above 0, and at most
    ``_LONGEST_WAIT``), else None."""
    number = finite_real(value, above_zero=above_zero)
    return number if number is not None and number <= _LONGEST_WAIT else None


def check_time_limit(time_limit: object) -> None:
    """Refuse a time per move (seconds) that is no finite number above 0 and at most 10⁹
    (longer than any wait can be), or None (no limit)."""
    if time_limit is not None and _seconds(time_limit, above_zero=True) is None:
        raise _SeatError(f"time_limit is a finite number of seconds above 0 and at most {_LONGEST_WAIT:.0e}, or None, not {time_limit!r}")


def check_seat_options(time_limit: object, on_fault: object, max_faults: object) -> None:
    """Refuse the options of a seat that speaks the protocol when one is not what it may be:
    the time per move (:func:`check_time_limit`), the fault policy (one of :data:`ON_FAULT`)
    and the faults in a session that disconnect the bot (a whole number, at least 1)."""
    if on_fault not in ON_FAULT:
        raise _SeatError(f"on_fault is one of {', '.join(ON_FAULT)}, not {on_fault!r}")
    check_time_limit(time_limit)
    if isinstance(max_faults, bool) or not isinstance(max_faults, int) or max_faults < 1:
        raise _SeatError(f"max_faults is a whole number, at least 1, not {max_faults!r}")


class RemoteSeat(Seat):
    """A bot that speaks ``nbmj-bot/1`` over ``transport``.

    ``time_limit``: seconds per move (None waits for ever: only for trusted bots).
    ``startup``: seconds more for the first request after the seat opens its transport
    (when ``transport`` is a factory, as for a bot program, which starts then): the
    program's start (a JVM, a runtime, a model to load) would otherwise count against its
    first answer.
    ``on_fault``: ``"default"`` or ``"forfeit"`` (see the module's docstring).
    """

    def __init__(
        self,
        name: str,
        transport: Transport | Callable[[], Transport],
        *,
        time_limit: float | None = 5.0,
        on_fault: str = "default",
        max_faults: int = 20,
        startup: float = 10.0,
    ) -> None:
        check_seat_options(time_limit, on_fault, max_faults)
        if _seconds(startup, above_zero=False) is None:
            raise _SeatError(f"startup is a finite number of seconds, at least 0 and at most {_LONGEST_WAIT:.0e}, not {startup!r}")
        self.name = name
        self._transport_or_factory = transport
        self._transport: Transport | None = None
        self.time_limit = time_limit
        self.startup = startup
        self._starting = False  # the transport has just opened: its first request allows for the start
        self.on_fault = on_fault
        self.max_faults = max_faults
        self.faults: list[BotFault] = []
        self.session_faults = 0
        self.forfeited = False
        self.dead = False
        self._hand = 0
        self._seat = "E"
        self._request = 0
        self._sent = 0
        self._rules_cache: tuple[object, dict[str, Any]] | None = None

    def __repr__(self) -> str:
        state = "dead" if self.dead else f"{self.session_faults} fault(s) this session"
        return f"<RemoteSeat {self.name!r}: on_fault {self.on_fault!r}; {state}>"

    @property
    def transport(self) -> Transport:
        """The open transport (started on first use when a factory was given)."""
        if self._transport is None:
            t = self._transport_or_factory
            if isinstance(t, Transport):
                self._transport = t
            else:
                self._transport = t()
                self._starting = True  # a program just started, or a bot just connected
        return self._transport

    # -------------------------------------------------------------- sending

    def _send(self, message: Mapping[str, Any], seat: str) -> None:
        if self.dead:
            return
        try:
            self.transport.send(encode(message))
        except TransportClosed as exc:
            self._die(seat, str(exc))

    def _die(self, seat: str, detail: str) -> None:
        if not self.dead:
            self.dead = True
            self._record(BotFault(seat, "dead", detail, self._hand, self._request))

    def _record(self, fault: BotFault) -> None:
        self.faults.append(fault)
        self.session_faults += 1
        if self.on_fault == "forfeit":
            self.forfeited = True
        if fault.kind != "dead" and self.session_faults >= self.max_faults:
            self._die(fault.seat, f"disconnected after {self.session_faults} faults")

    def _rules_json(self, game: Game) -> dict[str, Any]:
        if self._rules_cache is None or self._rules_cache[0] is not game.rules:
            self._rules_cache = (game.rules, game.rules.to_dict())
        return self._rules_cache[1]

    def _flush_events(self, game: Game, seat: str) -> None:
        events = game.events
        for ev in events[self._sent :]:
            seen = seat_view(ev, seat)
            if seen is not None:
                self._send(event_message(seen), seat)
        self._sent = len(events)

    # -------------------------------------------------------------- the Seat calls

    def begin_hand(self, game: Game, seat: str, hand: int) -> None:
        self.faults = []
        self.forfeited = False
        self._hand = hand
        self._seat = seat
        self._sent = 0
        self._send(hello_message(self._rules_json(game), game.variant, seat, hand, self.time_limit), seat)

    def act(self, game: Game, seat: str, legal: list[Action]) -> Action:
        self._flush_events(game, seat)
        obs = game.observation(seat)
        if self.dead or self.forfeited:
            return default_action(legal, obs["drawn"])
        self._request += 1
        number = self._request
        self._drain(seat)
        message = request_message(number, seat, observation_json(obs), legal, self.time_limit)
        message.update(self.request_extras(game, seat))
        self._send(message, seat)
        answer = self._await_answer(seat, legal, number)
        if isinstance(answer, Action):
            return answer
        return default_action(legal, obs["drawn"])

    def request_extras(self, game: Game, seat: str) -> dict[str, Any]:
        """Optional fields to add to a request (none for a bot; a person's table adds
        ``withheld``, the reason a complete hand is offered no win)."""
        return {}

    def _drain(self, seat: str) -> None:
        """Drop lines that came before this request (answers too late for an earlier one)."""
        if self.dead:
            return
        try:
            for _ in range(_DRAIN_LIMIT):  # bounded: a bot that floods its output cannot hold the server
                if self.transport.receive(0) is None:
                    break
        except TransportClosed as exc:
            self._die(seat, str(exc))

    def _await_answer(self, seat: str, legal: list[Action], number: int) -> Action | None:
        if self.dead:
            return None
        allowed = self.time_limit
        first = self._starting
        self._starting = False
        if allowed is not None and first:
            allowed += self.startup
        deadline = None if allowed is None else time.monotonic() + allowed
        dropped = None  # the last answer dropped for naming another request, said on a timeout
        while True:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                detail = f"no answer within {allowed:g} s"
                if first:
                    detail += f" (the first request since the bot started: {self.time_limit:g} s and {self.startup:g} s to start)"
                if dropped is not None:
                    detail += f" (an answer whose id is not {number} was dropped: {clip(dropped)!r})"
                self._record(BotFault(seat, "timeout", detail, self._hand, number))
                return None
            try:
                line = self.transport.receive(remaining)
            except TransportClosed as exc:
                self._die(seat, str(exc))
                return None
            if line is None:
                continue  # the loop's clock decides whether that was the deadline
            if not line.strip():
                continue  # blank lines are allowed between answers
            result = read_answer(line, seat, legal, number)
            if result is None:
                dropped = line
                continue  # a late answer to an earlier request
            if isinstance(result, BotFault):
                self._record(BotFault(seat, result.kind, result.detail, self._hand, number))
                return None
            return result

    def end_hand(self, game: Game) -> None:
        seat = self._seat
        self._flush_events(game, seat)
        result = game.result
        assert result is not None
        self._send(end_message(self._hand, result.to_json(), self.faults, self.forfeited), seat)

    def close(self) -> None:
        if self._transport is None:
            return
        if not self.dead:
            try:
                self._transport.send(encode(bye_message()))
            except TransportClosed:
                pass
        self._transport.close()
        self._transport = None


class _SeatError(NbmjError, ValueError):
    pass


@dataclass
class SeatedHand:
    """A finished hand among seats: the engine's result and the seats' faults and forfeits."""

    game: Game
    result: HandResult
    faults: list[BotFault] = field(default_factory=list)
    forfeits: list[str] = field(default_factory=list)

    def deltas(self, forfeit_penalty: int) -> dict[str, int]:
        """Points per seat: the engine's settlement, or, when a seat forfeited, each
        forfeiting seat pays ``forfeit_penalty`` to each other seat instead."""
        if not self.forfeits:
            return dict(self.result.deltas)
        out = {s: 0 for s in self.result.deltas}
        for loser in self.forfeits:
            for s in out:
                if s != loser:
                    out[s] += forfeit_penalty
                    out[loser] -= forfeit_penalty
        return out


def play_seated_hand(game: Game, seats: Mapping[str, Seat], hand: int = 0) -> SeatedHand:
    """Play ``game`` to its end with ``seats`` (keyed by position ``"E" "S" "W" "N"``)."""
    for position, seat in seats.items():
        seat.begin_hand(game, position, hand)
    while not game.is_over:
        position = game.to_act[0]
        legal = game.legal_actions(position)
        game.step(seats[position].act(game, position, legal))
    for seat in seats.values():
        seat.end_hand(game)
    result = game.result
    assert result is not None
    faults = [f for s in seats.values() for f in s.faults]
    forfeits = [p for p, s in seats.items() if s.forfeited]
    return SeatedHand(game, result, faults, forfeits)
