"""``nbmj-bot/1`` over a websocket: one text message per protocol line.

:class:`WebSocketTransport` wraps any connection with ``send(text)``, ``recv(timeout=...)``
and ``close()`` (the ``websockets`` library's synchronous client and server connections
have exactly these). :func:`accept_bot` listens on a port and returns the transport of the
first bot that connects. Both need the ``websockets`` package (``pip install 'nbmj[bots]'``);
it is imported only when they are used.

An asyncio web server (Starlette, FastAPI) keeps its own websocket handler instead: it
gives the game thread one end of :func:`~nbmj.bots.transport.queue_pair` and pumps the
other end's queues to and from its socket.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any, Protocol

from ..errors import NbmjError
from .transport import TransportClosed

__all__ = ["WebSocketTransport", "accept_bot", "WebSocketUnavailable"]


class WebSocketUnavailable(NbmjError, RuntimeError):
    """The ``websockets`` package is not installed."""


class _Connection(Protocol):
    def send(self, message: str) -> None: ...

    def recv(self, timeout: float | None = None) -> str | bytes: ...

    def close(self) -> None: ...


def _websockets() -> Any:
    try:
        import websockets.exceptions
        import websockets.sync.server
    except ImportError:
        raise WebSocketUnavailable("the websocket transport needs the 'websockets' package: pip install 'nbmj[bots]'") from None
    return websockets


class WebSocketTransport:
    """A protocol line channel over an open websocket connection."""

    def __init__(self, connection: _Connection, on_close: Callable[[], None] | None = None) -> None:
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


def accept_bot(host: str = "127.0.0.1", port: int = 0, *, timeout: float | None = 60.0, ready: "queue.Queue[int] | None" = None) -> WebSocketTransport:
    """Listen on ``host:port`` until one bot connects (``port`` 0 picks a free port, put on
    ``ready`` once listening) and return its transport. Later connections are refused; the
    listener stops when the transport is closed."""
    ws = _websockets()
    connections: queue.Queue[_Connection] = queue.Queue()
    done = threading.Event()
    taken = threading.Lock()

    def handler(connection: _Connection) -> None:
        if not taken.acquire(blocking=False):
            return  # one bot per seat: returning closes the extra connection
        connections.put(connection)
        done.wait()  # the connection lives while this handler runs

    server = ws.sync.server.serve(handler, host, port)
    thread = threading.Thread(target=server.serve_forever, name="nbmj-bot-listener", daemon=True)
    thread.start()
    if ready is not None:
        ready.put(server.socket.getsockname()[1])
    try:
        connection = connections.get(timeout=timeout)
    except queue.Empty:
        server.shutdown()
        raise _NoBot(f"no bot connected to ws://{host}:{port} within {timeout:g} s") from None

    def stop() -> None:
        done.set()
        server.shutdown()

    return WebSocketTransport(connection, stop)


class _NoBot(NbmjError, TimeoutError):
    pass
