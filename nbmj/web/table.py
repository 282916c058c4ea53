"""A table where people sit beside bots: rooms, browser seats and the game thread.

Nothing here knows HTTP. A :class:`Room` holds one match of a variant: the positions that
people take (``humans`` of them, from ``"E"`` on), the bots that play the others, the logs
of the hands played, and the thread that plays them. A person joins with :meth:`Room.join`
(which hands out a seat and a secret token) and connects with :meth:`Room.connect`, giving
the :class:`~nbmj.web.channel.SeatChannel` of their connection: whatever the web server
reads from its websocket goes in, whatever comes out goes to the browser. The lines are
``nbmj-bot/1`` (:mod:`nbmj.bots.protocol`), so a browser seat and a program seat are
interchangeable.

A :class:`BrowserSeat` is played by its person while a connection is open and by a
built-in bot while none is: a person who closes the tab or loses the network is replaced
after :data:`RECONNECT_GRACE` seconds (a reloaded page is back by then, and is asked the
move it was asked), and takes the seat back by connecting again with the same token (the
seat then receives the hand's ``hello`` and every event so far, as at the start of a hand). The
match never waits for a person longer than the move time limit, after which the seat plays
its default move (pass, or the tile just drawn), as the protocol says; a person who lets
:attr:`~nbmj.web.limits.Limits.idle_moves` requests in a row time out is disconnected, and
the bot plays on without waiting.

:class:`Tables` holds a server's rooms within its :class:`~nbmj.web.limits.Limits`: so many
rooms in all and per client, a room that waits too long for its people started or closed,
a finished one dropped after a while (:meth:`Tables.sweep`).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots import LocalSeat, RemoteSeat, Seat, make_seat, play_seated_hand
from ..bots.protocol import BotFault, end_message, event_message, observation_json, seat_view
from ..engine import Action, Game, Match
from ..errors import NbmjError
from ..narration import reading_groups
from ..rules import RuleSet
from ..rules.model import SEATS
from ..scoring.explanation import withheld_in_chinese
from ..tiles import tile_code
from .channel import CLOSE_GONE, CLOSE_IDLE, CLOSE_REPLACED, SeatChannel
from .limits import Limits

__all__ = [
    "BrowserSeat", "Room", "RoomError", "UnknownRoom", "NoFreeSeat", "TooManyRooms", "SeatTicket", "Tables",
    "explained_settlement",
]

# Room codes avoid letters people confuse (0/O, 1/I/L).
_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


class RoomError(NbmjError, ValueError):
    """A request a table cannot grant (each kind its own subclass). ``zh`` is the message
    in Chinese, for a Chinese page, where one is given."""

    def __init__(self, message: str, zh: str | None = None) -> None:
        super().__init__(message)
        self.zh = zh


class UnknownRoom(RoomError):
    """A room code, or a seat token, that names nothing here."""


class NoFreeSeat(RoomError):
    """Every person's seat of the room has been given out."""


class TooManyRooms(RoomError):
    """The server, or this client, already holds as many rooms as it may."""


@dataclass(frozen=True, slots=True)
class SeatTicket:
    """A person's place at a table: the position and the secret that reclaims it."""

    code: str
    seat: str
    token: str


def explained_settlement(game: Game) -> dict[str, Any]:
    """The hand's result as JSON, each winner with the items it scored (name, Chinese label,
    value, unit, rule ID) under ``explained``, its reading under ``detail`` and, group by
    group with the places wilds fill marked, under ``reading``; and the settlement explained
    (:meth:`~nbmj.engine.Game.settlement`, as JSON) under ``explanation``. This is what a
    person's ``end`` message carries, so the table can explain every point."""
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
    # every payment as a sum of named terms with their rules, both languages (the one model
    # the terminal, this table and the replay viewer draw)
    out["explanation"] = game.settlement().to_json()
    return out


class _PersonConnection(RemoteSeat):
    """The protocol seat of one open connection; its ``end`` message explains every item
    (the protocol lets a settlement carry more fields than a bot needs)."""

    def request_extras(self, game: Game, seat: str) -> dict[str, Any]:
        refused = game.withheld_win(seat)
        if refused is None:
            return {}
        return {"withheld": refused.reason, "withheld_zh": withheld_in_chinese(refused.reason)}

    def end_hand(self, game: Game) -> None:
        self.send_end(game, self.faults)

    def show(self, game: Game) -> None:
        """Between the seat's own requests: send the events the person has not seen yet,
        the last of them with the table as the seat now sees it (``observation``), so that
        the page keeps up with the others' moves while it is not asked (a bot is sent
        events only before its requests)."""
        seat = self._seat
        events = game.events
        seen = [view for ev in events[self._sent:] if (view := seat_view(ev, seat)) is not None]
        self._sent = len(events)
        if not seen:
            return
        for view in seen[:-1]:
            self._send(event_message(view), seat)
        last = event_message(seen[-1])
        last["observation"] = observation_json(game.observation(seat))
        self._send(last, seat)

    def send_end(self, game: Game, faults: list[BotFault]) -> None:
        """The hand's end, listing ``faults``: the seat's over every connection the person
        had in the hand, of which this is the last."""
        self._flush_events(game, self._seat)
        self._send(end_message(self._hand, explained_settlement(game), faults, self.forfeited), self._seat)


_REPLACED = "the seat is played from a newer connection"

#: seconds a seat whose person's connection dropped (a reload, a short loss of the network)
#: waits for them to connect again before its bot plays on, once per loss
RECONNECT_GRACE = 5.0


class BrowserSeat:
    """A position played by a person through whichever connection is open, else by a bot.

    ``idle_moves``: requests in a row the person may let time out before their connection
    is closed (with :data:`~nbmj.web.channel.CLOSE_IDLE`); the bot plays on until they
    connect again."""

    def __init__(self, name: str, fallback: Seat, time_limit: float | None, idle_moves: int = 3) -> None:
        self.name = name
        self.fallback = fallback
        self.time_limit = time_limit
        self.idle_moves = idle_moves
        self.faults: list[BotFault] = []
        self.forfeited = False
        self._lock = threading.Lock()
        self._pending: SeatChannel | None = None
        self._channel: SeatChannel | None = None  # the adopted connection's, once adopted
        self._remote: _PersonConnection | None = None
        self._idle = 0  # requests in a row the connected person let time out
        self._faults_kept = 0  # the faults of the adopted connection already in self.faults
        self._game: Game | None = None
        self._seat = "E"
        self._hand = 0
        self.grace = RECONNECT_GRACE
        self._arrived = threading.Event()  # set when a connection comes
        self._waited = False  # this loss of the connection has been waited for
        self._hung_up = False  # the server closed the connection: no one to wait for

    @property
    def connected(self) -> bool:
        """Whether a person is playing the seat now (or is about to, on their next move)."""
        with self._lock:
            if self._pending is not None:
                return True
        return self._remote is not None and not self._remote.dead

    def attach(self, channel: SeatChannel) -> None:
        """A person connected: they play from the next moment the seat is asked to act
        (a connection they had before is closed). Called from the event loop's thread."""
        with self._lock:
            old, self._pending = self._pending, channel
        self._arrived.set()
        if old is not None:
            old.end_from_game(CLOSE_REPLACED, _REPLACED)

    def hang_up(self, code: int, reason: str) -> None:
        """Close the person's connection, pending or adopted, with ``code`` (any thread)."""
        with self._lock:
            pending, self._pending = self._pending, None
            adopted = self._channel
        self._hung_up = True
        self._arrived.set()  # (a wait for the person ends)
        for channel in (pending, adopted):
            if channel is not None:
                channel.end_from_game(code, reason)

    def _came_back(self, game: Game) -> bool:
        """The person's connection has dropped: wait up to :attr:`grace` seconds for a new
        one (once per loss; not when the server closed it) and take it up. Whether the
        person is connected again."""
        if self._hung_up or self._waited:
            return False
        self._waited = True
        self._arrived.clear()
        with self._lock:
            waiting = self._pending is None
        if waiting:
            self._arrived.wait(self.grace)
        self._adopt(game)
        return self._remote is not None and not self._remote.dead

    def _adopt(self, game: Game) -> None:
        with self._lock:
            channel, self._pending = self._pending, None
        if channel is None:
            return
        if self._remote is not None:
            self._note_faults(self._remote)
            if self._channel is not None:  # the page is told why, and sent no bye: the match goes on
                self._channel.end_from_game(CLOSE_REPLACED, _REPLACED)
            self._remote.close()
        remote = _PersonConnection(self.name, channel.game_end, time_limit=self.time_limit, on_fault="default", max_faults=1_000_000)
        remote.begin_hand(game, self._seat, self._hand)  # hello, then every event of the hand so far
        with self._lock:
            self._channel = channel
        self._remote = remote
        self._waited = self._hung_up = False
        self._idle = 0
        self._faults_kept = 0

    def begin_hand(self, game: Game, seat: str, hand: int) -> None:
        self.faults = []
        self._faults_kept = 0  # (the connection's own list starts over too)
        self.forfeited = False
        self._game, self._seat, self._hand = game, seat, hand
        self.fallback.begin_hand(game, seat, hand)
        if self._remote is not None and not self._remote.dead:
            self._remote.begin_hand(game, seat, hand)
        self._adopt(game)

    def act(self, game: Game, seat: str, legal: list[Action]) -> Action:
        self._adopt(game)
        if self._remote is not None and self._remote.dead:
            self._came_back(game)  # it dropped since the seat last moved
        for _ in range(2):  # the person's connection; if it drops during the request, the next one
            remote = self._remote
            if remote is None or remote.dead:
                break
            before = len(remote.faults)
            action = remote.act(game, seat, legal)
            self._note_faults(remote)
            timed_out = any(f.kind == "timeout" for f in remote.faults[before:])
            self._idle = self._idle + 1 if timed_out else 0
            if self._idle >= self.idle_moves:
                self.hang_up(CLOSE_IDLE, f"no answer to {self._idle} requests in a row")
            if not remote.dead:
                return action
            if not self._came_back(game):  # (a reloaded page is asked the same again)
                break
        return self.fallback.act(game, seat, legal)

    def _note_faults(self, remote: _PersonConnection) -> None:
        """Keep the faults ``remote`` has recorded since last asked: the seat's faults
        outlive a connection. (Counted, not compared: two connections may record equal faults.)"""
        self.faults.extend(remote.faults[self._faults_kept:])
        self._faults_kept = len(remote.faults)

    def show(self, game: Game) -> None:
        """Another seat is about to act: bring the person's page up to date (a connection
        opened since the seat last acted is taken up now)."""
        self._adopt(game)
        remote = self._remote
        if remote is not None and not remote.dead:
            remote.show(game)

    def end_hand(self, game: Game) -> None:
        self.fallback.end_hand(game)
        self._adopt(game)
        remote = self._remote
        if remote is not None and not remote.dead:
            self._note_faults(remote)
            remote.send_end(game, self.faults)

    def close(self) -> None:
        self.fallback.close()
        with self._lock:
            pending, self._pending = self._pending, None
        if pending is not None:
            pending.end_from_game()
        if self._remote is not None:
            self._remote.close()  # a bye, then the connection closes
            self._remote = None


class _ShowingOthers:
    """``seat``, which calls ``show_others(game, position)`` before each of its moves."""

    def __init__(self, seat: Seat, show_others: Callable[[Game, str], None]) -> None:
        self.seat = seat
        self.name = seat.name
        self._show_others = show_others

    @property
    def faults(self) -> list[BotFault]:
        return self.seat.faults

    @faults.setter
    def faults(self, faults: list[BotFault]) -> None:
        self.seat.faults = faults

    @property
    def forfeited(self) -> bool:
        return self.seat.forfeited

    @forfeited.setter
    def forfeited(self, forfeited: bool) -> None:
        self.seat.forfeited = forfeited

    def begin_hand(self, game: Game, seat: str, hand: int) -> None:
        self.seat.begin_hand(game, seat, hand)

    def act(self, game: Game, seat: str, legal: list[Action]) -> Action:
        self._show_others(game, seat)
        return self.seat.act(game, seat, legal)

    def end_hand(self, game: Game) -> None:
        self.seat.end_hand(game)

    def close(self) -> None:
        self.seat.close()


@dataclass
class Room:
    """One table: a match of ``hands`` hands of ``rules`` among ``humans`` people and bots.

    ``seed`` fixes every deal (each hand's seed comes from it, as in :class:`~nbmj.engine.Match`);
    ``time_limit`` is the time a person has per move (seconds); ``pause`` the seconds between
    hands, so the settlement can be read; ``log_dir``, when given, receives every hand's log
    as ``<code>-<hand>.log``; ``idle_moves`` is :attr:`BrowserSeat.idle_moves`; ``client``
    names who opened the room (for the per-client bounds of :class:`Tables`).
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
    idle_moves: int = 3
    client: str = ""
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
                seat = BrowserSeat(f"person {position}", bot, self.time_limit, self.idle_moves)
                self._browser[position] = seat
                self._seats[position] = seat
            else:
                self._seats[position] = bot
        self._connected_once: set[str] = set()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.hand_index = 0
        #: when the room was opened, and when its match ended (``time.monotonic()``)
        self.opened_at = time.monotonic()
        self.finished_at: float | None = None

    # -------------------------------------------------------------- people

    @property
    def human_seats(self) -> tuple[str, ...]:
        """The positions people play."""
        return tuple(self._browser)

    @property
    def state(self) -> str:
        """``"waiting"`` for people, ``"playing"``, or ``"over"``."""
        if self._thread is None:
            return "over" if self._stop.is_set() else "waiting"
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
        raise NoFreeSeat(f"table {self.code!r} has no free seat")

    def seat_of(self, token: str) -> str:
        """The position ``token`` was given; a :class:`RoomError` for a token it was not."""
        with self._lock:
            position = self._tickets.get(token)
        if position is None:
            raise UnknownRoom(f"no seat at table {self.code!r} has that token")
        return position

    def connect(self, token: str, channel: SeatChannel) -> str:
        """Connect the person holding ``token`` through ``channel`` (the game reads what the
        browser sends from it, and writes what the browser is sent): their seat. The match
        starts once every person's seat has been connected."""
        position = self.seat_of(token)
        if self.state == "over":
            raise UnknownRoom(f"the match at table {self.code!r} is over")
        self._browser[position].attach(channel)
        with self._lock:
            self._connected_once.add(position)
            ready = self._connected_once == set(self._browser) and self._thread is None
        if ready:
            self.start()
        return position

    @property
    def anyone_connected(self) -> bool:
        """Whether a person's seat has a connection open (or about to be taken up)."""
        return any(seat.connected for seat in self._browser.values())

    def start(self) -> None:
        """Start the match now: bots play the seats of people who have not come (a room
        with no people, or one that has waited long enough for them)."""
        with self._lock:
            if self._thread is not None or self._stop.is_set():
                return
            self._thread = threading.Thread(target=self._run, name=f"table-{self.code}", daemon=True)
        self._thread.start()

    def stop(self, timeout: float | None = 5.0) -> None:
        """End the match after the hand being played, and wait for the thread."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def close(self) -> None:
        """Close the room: its people's connections end (with
        :data:`~nbmj.web.channel.CLOSE_GONE`) and its match, if any, stops after the hand
        being played, without waiting for it."""
        self._stop.set()
        for seat in self._browser.values():
            seat.hang_up(CLOSE_GONE, "the table has closed")
        if self.finished_at is None and self._thread is None:
            self.finished_at = time.monotonic()

    # -------------------------------------------------------------- the match

    def _run(self) -> None:
        match = Match(self.rules, self.seed, hands=self.hands)
        try:
            while not match.is_over and not self._stop.is_set():
                game = match.new_game()
                play_seated_hand(game, self._shown_seats(), self.hand_index)
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
            self.finished_at = time.monotonic()

    def _shown_seats(self) -> dict[str, Seat]:
        """The seats, each of which, before it acts, shows every other person's page the
        table as it now is: a person sees the others' moves as they are made, not only when
        next asked to move. Not before a bot of this process moves, which it does at once:
        the page is sent the table only where it would wait (an observation is a kilobyte
        or two: sent at every step, a hand's lines for a page came to three times the
        bytes, which the server holds for a page that does not read them)."""
        people = self._browser
        seats = self._seats

        def show_others(game: Game, acting: str) -> None:
            if isinstance(seats[acting], LocalSeat):
                return
            for position, person in people.items():
                if position != acting:
                    person.show(game)

        return {position: _ShowingOthers(seat, show_others) for position, seat in self._seats.items()}

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
    """Every room of a server, by code, within ``limits`` (:class:`~nbmj.web.limits.Limits`)."""

    def __init__(
        self, make_rules: Callable[[str], RuleSet], log_dir: Path | None = None, limits: Limits | None = None, **room_defaults: Any
    ) -> None:
        self._make_rules = make_rules
        self.log_dir = log_dir
        self.limits = limits or Limits()
        self.room_defaults = room_defaults
        self._rooms: dict[str, Room] = {}
        self._lock = threading.Lock()

    def create(self, variant: str, humans: int = 1, hands: int | None = None, seed: int | None = None, client: str = "") -> Room:
        """A new room opened by ``client``; ``seed`` None draws a fresh secret one (each hand's
        seed, which its log records, is derived from it). :class:`TooManyRooms` when the server
        holds :attr:`~Limits.max_rooms` rooms none of which is finished, or ``client`` has
        :attr:`~Limits.rooms_per_client` rooms waiting or playing."""
        rules = self._make_rules(variant)
        settings: dict[str, Any] = dict(self.room_defaults)
        if hands is not None:
            settings["hands"] = hands
        limits = self.limits
        with self._lock:
            self._sweep_locked(time.monotonic())
            mine = sum(1 for r in self._rooms.values() if r.client == client and r.state != "over")
            if mine >= limits.rooms_per_client:
                raise TooManyRooms(f"you have {mine} tables open, the most one client may have; finish or leave one first",
                                   zh=f"你已经开了 {mine} 桌，一个客户端最多只能开这么多；请先打完或离开一桌")
            if len(self._rooms) >= limits.max_rooms and not self._make_way_locked():
                raise TooManyRooms(f"the server holds {len(self._rooms)} tables, as many as it may; try again later",
                                   zh=f"服务器已有 {len(self._rooms)} 桌，不能再开了；请稍后再试")
            code = _new_code(self._rooms)
            room = Room(
                code, rules, humans=humans, seed=secrets.randbits(63) if seed is None else seed,
                log_dir=self.log_dir, idle_moves=limits.idle_moves, client=client, **settings,
            )
            self._rooms[code] = room
        return room

    def _make_way_locked(self) -> bool:
        """Drop the finished room that finished first, to make way for a new one."""
        over = [r for r in self._rooms.values() if r.state == "over"]
        if not over:
            return False
        oldest = min(over, key=lambda r: r.finished_at if r.finished_at is not None else r.opened_at)
        del self._rooms[oldest.code]
        return True

    def get(self, code: str) -> Room:
        """The room with ``code`` (case-insensitive); a :class:`RoomError` when there is none."""
        room = self._rooms.get(code.upper())
        if room is None:
            raise UnknownRoom(f"there is no table {code!r}")
        return room

    def rooms(self) -> Mapping[str, Room]:
        """Every room, by code."""
        return dict(self._rooms)

    def sweep(self, now: float | None = None) -> None:
        """Apply the time limits: a room that has waited :attr:`~Limits.wait_limit` seconds
        for its people starts with bots in the seats of those who have not come, or closes
        when no one is connected; a room finished :attr:`~Limits.keep_finished` seconds ago
        is dropped (its logs stay in ``log_dir``, if one was given)."""
        with self._lock:
            self._sweep_locked(time.monotonic() if now is None else now)

    def _sweep_locked(self, now: float) -> None:
        limits = self.limits
        for code, room in list(self._rooms.items()):
            state = room.state
            if state == "waiting" and now - room.opened_at >= limits.wait_limit:
                if room.anyone_connected:
                    room.start()
                else:
                    room.close()
                    del self._rooms[code]
            elif state == "over" and room.finished_at is not None and now - room.finished_at >= limits.keep_finished:
                del self._rooms[code]

    def stop_all(self) -> None:
        """End every match and close every connection (used when the server shuts down)."""
        for room in list(self._rooms.values()):
            room.close()
        for room in list(self._rooms.values()):
            room.stop(timeout=1.0)


def _new_code(taken: Mapping[str, Room]) -> str:
    while True:
        code = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(6))
        if code not in taken:
            return code
