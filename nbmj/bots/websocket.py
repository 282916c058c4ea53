"""``nbmj-bot/1`` over a websocket: one text message per protocol line.

:class:`WebSocketTransport` wraps any connection with ``send(text)``, ``recv(timeout=...)``
and ``close()`` (the ``websockets`` library's synchronous client and server connections
have exactly these). :func:`accept_bot` listens on a port and returns the transport of the
first bot that connects. Both need the ``websockets`` package (``pip install 'nbmj[bots]'``);
it is imported only when they are used.

An asyncio web server (Starlette, FastAPI) keeps its own websocket handler instead: it
gives the game thread the game end of a :class:`~nbmj.web.channel.SeatChannel` and awaits
the lines for its socket on the event loop (``nbmj serve`` does so).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any, Protocol

from ..errors import NbmjError
from .transport import TransportClosed

__all__ = ["Connection", "WebSocketTransport", "accept_bot", "WebSocketUnavailable"]


class WebSocketUnavailable(NbmjError, RuntimeError):
    """The ``websockets`` package is not installed."""


class Connection(Protocol):
    """An open websocket, as the ``websockets`` library's synchronous connections are."""

    def send(self, message: str) -> None:
        """Send one text message."""

    def recv(self, timeout: float | None = None) -> str | bytes:
        """The next message; ``TimeoutError`` after ``timeout`` seconds."""

    def close(self) -> None:
        """Close the connection."""


def _websockets() -> Any:
    try:
        import websockets.exceptions
        import websockets.sync.server
    except ImportError:
        raise WebSocketUnavailable("the websocket transport needs the 'websockets' package: pip install 'nbmj[bots]'") from None
    return websockets


class WebSocketTransport:
    """A protocol line channel over an open websocket connection."""

    def __init__(self, connection: Connection, on_close: Callable[[], None] | None = None) -> None:
        self._ws = _websockets()
        self.connection = connection
        self._on_close = on_close
        self._closed = False

    def send(self, line: str) -> None:
        if self._closed:
            raise TransportClosed("the websocket is closed")
        try:
            self.connection.send(line)
        except self._ws.exceptions.ConnectionClosed as exc:
            raise TransportClosed(f"the bot's websocket closed ({exc})") from None

    def receive(self, timeout: float | None) -> str | None:
        if self._closed:
            raise TransportClosed("the websocket is closed")
        try:
            message = self.connection.recv(timeout=timeout)
        except TimeoutError:
            return None
        except self._ws.exceptions.ConnectionClosed as exc:
            raise TransportClosed(f"the bot's websocket closed ({exc})") from None
        if isinstance(message, bytes):
            return message.decode("utf-8", errors="replace")
        return message

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            self.connection.close()
        finally:
            if self._on_close is not None:
                self._on_close()


# Connections a listener holds for seats that have not asked for one yet, at most: a bot
# for each seat of a table, and some; one more is closed at once (1013, try again later),
# since each holds threads of the websockets server until a seat takes it.
PENDING_LIMIT = 16


class _Listener:
    """One listening socket per address, shared by every seat that waits on it: each
    connection goes to the next seat that asks; the socket closes with the last seat, and
    the connections no seat took close with it."""

    def __init__(self, host: str, port: int) -> None:
        ws = _websockets()
        self.connections: queue.Queue[tuple[Connection, threading.Event]] = queue.Queue()
        self.users = 0
        self.accepted = 0  # connections handed to seats so far
        self.closing = False
        self.lock = threading.Lock()

        def handler(connection: Connection) -> None:
            done = threading.Event()
            with self.lock:
                refused = self.closing or self.connections.qsize() >= PENDING_LIMIT
                if not refused:
                    self.connections.put((connection, done))
            if refused:
                connection.close(1013, "no seat is waiting for a bot here")  # type: ignore[call-arg]
                return
            done.wait()  # the connection lives while this handler runs

        self.server = ws.sync.server.serve(handler, host, port)
        self.port: int = self.server.socket.getsockname()[1]
        threading.Thread(target=self.server.serve_forever, name="nbmj-bot-listener", daemon=True).start()

    def release(self) -> None:
        unclaimed: list[tuple[Connection, threading.Event]] = []
        with self.lock:
            self.users -= 1
            last = self.users == 0
            if last:
                self.closing = True  # (a connection that comes now is refused, not queued)
                while not self.connections.empty():
                    unclaimed.append(self.connections.get_nowait())
        if last:
            for _connection, done in unclaimed:
                done.set()  # its handler returns and the server closes it: shutdown waits for every handler
            self.server.shutdown()


_LISTENERS: dict[tuple[str, int], _Listener] = {}
_LISTENERS_LOCK = threading.Lock()


def accept_bot(host: str = "127.0.0.1", port: int = 0, *, timeout: float | None = 60.0, ready: Callable[[int], None] | None = None) -> WebSocketTransport:
    """Wait on ``host:port`` until a bot connects (``port`` 0 picks a free port; ``ready``
    is called with the port once listening) and return its transport. Seats waiting on one address share
    its socket: each takes the next bot to connect."""
    with _LISTENERS_LOCK:
        listener = _LISTENERS.get((host, port)) if port else None
        if listener is None:
            listener = _Listener(host, port)
            if port:
                _LISTENERS[(host, port)] = listener
        listener.users += 1
    if ready is not None:
        ready(listener.port)
    try:
        connection, done = listener.connections.get(timeout=timeout)
    except queue.Empty:
        _forget(listener, host, port)
        detail = f"no bot connected to ws://{host}:{listener.port} within {timeout:g} s"
        if listener.accepted:
            detail += (f" for another seat ({listener.accepted} connected for the seats before it: "
                       "each seat a websocket bot holds is a connection of its own)")
        raise _NoBot(detail) from None
    with listener.lock:
        listener.accepted += 1

    def stop() -> None:
        done.set()
        _forget(listener, host, port)

    return WebSocketTransport(connection, stop)


def _forget(listener: _Listener, host: str, port: int) -> None:
    with _LISTENERS_LOCK:
        listener.release()
        if listener.users == 0:
            _LISTENERS.pop((host, port), None)


class _NoBot(NbmjError, TimeoutError):
    pass
