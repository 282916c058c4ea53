"""A table where people sit beside bots: rooms, browser seats and the game thread.

Nothing here knows HTTP. A :class:`Room` holds one match of a variant: the positions that
people take (``humans`` of them, from ``"E"`` on), the bots that play the others, the logs
of the hands played, and the thread that plays them. A person joins with :meth:`Room.join`
(which hands out a seat and a secret token) and connects with :meth:`Room.connect`, which
gives back one end of an in-process line channel: whatever the web server reads from its
websocket goes in, whatever comes out goes to the browser. The lines are ``nbmj-bot/1``
(:mod:`nbmj.bots.protocol`), so a browser seat and a program seat are interchangeable.

A :class:`BrowserSeat` is played by its person while a connection is open and by a
built-in bot while none is: a person who closes the tab or loses the network is replaced
at once, and takes the seat back by connecting again with the same token (the seat then
receives the hand's ``hello`` and every event so far, as at the start of a hand). The
match never waits for a person longer than the move time limit, after which the seat plays
its default move (pass, or the tile just drawn), as the protocol says.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots import RemoteSeat, Seat, make_seat, play_seated_hand
from ..bots.protocol import BotFault, end_message
from ..bots.transport import QueueTransport, queue_pair
from ..engine import Action, Game, Match
from ..errors import NbmjError
from ..narration import reading_groups
from ..rules import RuleSet
from ..tiles import tile_code

__all__ = ["BrowserSeat", "Room", "RoomError", "SeatTicket", "Tables", "explained_settlement"]

SEATS = ("E", "S", "W", "N")
# Room codes avoid letters people confuse (0/O, 1/I/L).
_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


class RoomError(NbmjError, ValueError):
    """A room that does not exist, is full, or a token that names no seat."""


@dataclass(frozen=True, slots=True)
class SeatTicket:
    """A person's place at a table: the position and the secret that reclaims it."""

    code: str
    seat: str
    token: str


def explained_settlement(game: Game) -> dict[str, Any]:
    """The hand's result as JSON, each winner with the items it scored (name, Chinese label,
    value, unit, rule ID) under ``explained``, its reading under ``detail`` and, group by
    group with the places wilds fill marked, under ``reading``; this is
    what a person's ``end`` message carries, so the table can explain every point."""
    result = game.result
    assert result is not None, "the hand is not over"
    out = result.to_json()
    for winner, score, sit in zip(out["winners"], result.scores, result.situations):
        winner["explained"] = [dict(item) for item in score.items]
        reading = score.detail.get("decomposition")
        if isinstance(reading, str):
            winner["reading"] = [
                {"tiles": [tile_code(t) for t in g.tiles], "wild": list(g.wild), "melded": g.melded}
                for g in reading_groups(reading, sit.concealed, sit.win_tile, game.wilds)
            ]
        winner["detail"] = {k: v for k, v in score.detail.items() if isinstance(v, (str, int, float, bool)) or v is None}
    return out


class _PersonConnection(RemoteSeat):
    """The protocol seat of one open connection; its ``end`` message explains every item
    (the protocol lets a settlement carry more fields than a bot needs)."""

    def request_extras(self, game: Game, seat: str) -> dict[str, Any]:
        refused = game.withheld_win(seat)
        return {} if refused is None else {"withheld": refused.reason}

    def end_hand(self, game: Game) -> None:
        self._flush_events(game, self._seat)
        self._send(end_message(self._hand, explained_settlement(game), self.faults, self.forfeited), self._seat)


class BrowserSeat:
    """A position played by a person through whichever connection is open, else by a bot."""

    def __init__(self, name: str, fallback: Seat, time_limit: float | None) -> None:
        self.name = name
        self.fallback = fallback
        self.time_limit = time_limit
        self.faults: list[BotFault] = []
        self.forfeited = False
        self._lock = threading.Lock()
        self._pending: QueueTransport | None = None
        self._remote: _PersonConnection | None = None
        self._game: Game | None = None
        self._seat = "E"
        self._hand = 0

    @property
    def connected(self) -> bool:
        """Whether a person is playing the seat now (or is about to, on their next move)."""
        with self._lock:
            if self._pending is not None:
                return True
        return self._remote is not None and not self._remote.dead

    def attach(self, transport: QueueTransport) -> None:
        """A person connected: they play from the next moment the seat is asked to act.
        Called from the web server's thread."""
        with self._lock:
            old, self._pending = self._pending, transport
        if old is not None:
            old.close()

    def _adopt(self, game: Game) -> None:
        with self._lock:
            transport, self._pending = self._pending, None
        if transport is None:
            return
        if self._remote is not None:
            self._remote.close()
        remote = _PersonConnection(self.name, transport, time_limit=self.time_limit, on_fault="default", max_faults=1_000_000)
        remote.begin_hand(game, self._seat, self._hand)  # hello, then every event of the hand so far
        self._remote = remote

    def begin_hand(self, game: Game, seat: str, hand: int) -> None:
        self.faults = []
        self.forfeited = False
        self._game, self._seat, self._hand = game, seat, hand
        self.fallback.begin_hand(game, seat, hand)
        if self._remote is not None and not self._remote.dead:
            self._remote.begin_hand(game, seat, hand)
        self._adopt(game)

    def act(self, game: Game, seat: str, legal: list[Action]) -> Action:
        self._adopt(game)
        remote = self._remote
        if remote is not None and not remote.dead:
            action = remote.act(game, seat, legal)
            self.faults.extend(f for f in remote.faults if f not in self.faults)
            if not remote.dead:
                return action
        return self.fallback.act(game, seat, legal)

    def end_hand(self, game: Game) -> None:
        self.fallback.end_hand(game)
        self._adopt(game)
        if self._remote is not None and not self._remote.dead:
            self._remote.end_hand(game)

    def close(self) -> None:
        self.fallback.close()
        with self._lock:
            pending, self._pending = self._pending, None
        if pending is not None:
            pending.close()
        if self._remote is not None:
            self._remote.close()
            self._remote = None


@dataclass
class Room:
    """One table: a match of ``hands`` hands of ``rules`` among ``humans`` people and bots.

    ``seed`` fixes every deal (each hand's seed comes from it, as in :class:`~nbmj.engine.Match`);
    ``time_limit`` is the time a person has per move (seconds); ``pause`` the seconds between
    hands, so the settlement can be read; ``log_dir``, when given, receives every hand's log
    as ``<code>-<hand>.log``.
    """

    code: str
    rules: RuleSet
    humans: int = 1
    hands: int = 4
    seed: int = 0
    bot: str = "greedy"
    time_limit: float | None = 30.0
    pause: float = 5.0
    log_dir: Path | None = None
    logs: list[str] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=lambda: {s: 0 for s in SEATS})
    error: str | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.humans <= 4:
            raise RoomError(f"a table seats 0 to 4 people, not {self.humans!r}")
        if self.hands < 1:
            raise RoomError(f"a match has at least one hand, not {self.hands!r}")
        self._lock = threading.Lock()
        self._tickets: dict[str, str] = {}
        self._seats: dict[str, Seat] = {}
        self._browser: dict[str, BrowserSeat] = {}
        for i, position in enumerate(SEATS):
            bot = make_seat(self.bot)
            if i < self.humans:
                seat = BrowserSeat(f"person {position}", bot, self.time_limit)
                self._browser[position] = seat
                self._seats[position] = seat
            else:
                self._seats[position] = bot
        self._connected_once: set[str] = set()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.hand_index = 0

    # -------------------------------------------------------------- people

    @property
    def human_seats(self) -> tuple[str, ...]:
        """The positions people play."""
        return tuple(self._browser)

    @property
    def state(self) -> str:
        """``"waiting"`` for people, ``"playing"``, or ``"over"``."""
        if self._thread is None:
            return "waiting"
        return "playing" if self._thread.is_alive() else "over"

    def join(self) -> SeatTicket:
        """Give the next free person's seat to a newcomer."""
        with self._lock:
            taken = set(self._tickets.values())
            for position in self._browser:
                if position not in taken:
                    token = secrets.token_urlsafe(16)
                    self._tickets[token] = position
                    return SeatTicket(self.code, position, token)
        raise RoomError(f"table {self.code!r} has no free seat")

    def seat_of(self, token: str) -> str:
        """The position ``token`` was given; a :class:`RoomError` for a token it was not."""
        with self._lock:
            position = self._tickets.get(token)
        if position is None:
            raise RoomError(f"no seat at table {self.code!r} has that token")
        return position

    def connect(self, token: str) -> tuple[str, QueueTransport]:
        """Connect the person holding ``token``: their seat and the browser's end of the
        channel (lines the browser sends go to ``send``; lines for it come from ``receive``).
        The match starts once every person's seat has been connected."""
        position = self.seat_of(token)
        server_end, browser_end = queue_pair()
        self._browser[position].attach(server_end)
        with self._lock:
            self._connected_once.add(position)
            ready = self._connected_once == set(self._browser) and self._thread is None
            if ready:
                self._thread = threading.Thread(target=self._run, name=f"table-{self.code}", daemon=True)
        if ready:
            assert self._thread is not None
            self._thread.start()
        return position, browser_end

    def start(self) -> None:
        """Start a table without people (bots only) or before everyone has come."""
        with self._lock:
            if self._thread is not None:
                return
            self._thread = threading.Thread(target=self._run, name=f"table-{self.code}", daemon=True)
        self._thread.start()

    def stop(self, timeout: float | None = 5.0) -> None:
        """End the match after the hand being played, and wait for the thread."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

    # -------------------------------------------------------------- the match

    def _run(self) -> None:
        match = Match(self.rules, self.seed, hands=self.hands)
        try:
            while not match.is_over and not self._stop.is_set():
                game = match.new_game()
                play_seated_hand(game, self._seats, self.hand_index)
                match.record(game)
                log = game.log_text()
                self.logs.append(log)
                if self.log_dir is not None:
                    self.log_dir.mkdir(parents=True, exist_ok=True)
                    (self.log_dir / f"{self.code}-{self.hand_index + 1}.log").write_text(log, encoding="utf-8")
                self.scores = dict(match.result.scores)
                self.hand_index += 1
                if not match.is_over:
                    self._stop.wait(self.pause)
        except Exception as exc:  # noqa: BLE001 - a table thread reports, never dies silently
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            for seat in self._seats.values():
                seat.close()

    def summary(self) -> dict[str, Any]:
        """What the lobby shows of the table."""
        taken = set(self._tickets.values())
        return {
            "code": self.code,
            "variant": self.rules.name,
            "humans": list(self._browser),
            "free": [p for p in self._browser if p not in taken],
            "hands": self.hands,
            "played": self.hand_index,
            "state": self.state,
            "scores": dict(self.scores),
            "error": self.error,
        }


class Tables:
    """Every room of a server, by code."""

    def __init__(self, make_rules: Callable[[str], RuleSet], log_dir: Path | None = None, **room_defaults: Any) -> None:
        self._make_rules = make_rules
        self.log_dir = log_dir
        self.room_defaults = room_defaults
        self._rooms: dict[str, Room] = {}
        self._lock = threading.Lock()

    def create(self, variant: str, humans: int = 1, hands: int | None = None, seed: int | None = None) -> Room:
        """A new room; ``seed`` None draws a fresh one (it is recorded in every log)."""
        rules = self._make_rules(variant)
        settings: dict[str, Any] = dict(self.room_defaults)
        if hands is not None:
            settings["hands"] = hands
        with self._lock:
            code = _new_code(self._rooms)
            room = Room(
                code, rules, humans=humans, seed=secrets.randbits(32) if seed is None else seed,
                log_dir=self.log_dir, **settings,
            )
            self._rooms[code] = room
        return room

    def get(self, code: str) -> Room:
        """The room with ``code`` (case-insensitive); a :class:`RoomError` when there is none."""
        room = self._rooms.get(code.upper())
        if room is None:
            raise RoomError(f"there is no table {code!r}")
        return room

    def rooms(self) -> Mapping[str, Room]:
        """Every room, by code."""
        return dict(self._rooms)

    def stop_all(self) -> None:
        """End every match (used when the server shuts down)."""
        for room in list(self._rooms.values()):
            room.stop(timeout=1.0)


def _new_code(taken: Mapping[str, Room]) -> str:
    while True:
        code = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(6))
        if code not in taken:
            return code


