"""The connections ``nbmj serve`` accepts, bounded before any request reaches the table.

uvicorn counts every open connection towards its ``limit_concurrency`` and answers 503
beyond it, but it closes none that has not sent a whole request: a connection that sends
nothing, or dribbles a request's head a byte at a time, is held for ever. One client
opening a few hundred such connections would make the server refuse everyone else.
:func:`guarded_http_protocol` gives uvicorn an HTTP protocol that closes, at once, a
connection from a client that already has :attr:`~nbmj.web.limits.Limits.connections_per_client`
open (seat websockets included), and closes a connection that has not sent a whole request
(its head and its body) within :attr:`~nbmj.web.limits.Limits.request_time` seconds of
opening, or of its previous answer. :func:`guarded_websocket_protocol` gives it a websocket
protocol that cuts off a client that does not read what it is sent (uvicorn answers every
ping with a pong, however many come: a client that pings without reading made the server's
memory grow without bound). :func:`quiet_client_faults` keeps uvicorn from writing
a traceback to the server's log for a client's malformed websocket message.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from .limits import Limits

__all__ = ["guarded_http_protocol", "guarded_websocket_protocol", "quiet_client_faults", "UNREAD_LIMIT"]

# Bytes waiting to be sent to a websocket client, at most: the server writes its own lines
# only as they drain (some 64 KiB in flight), so more is what the client's pings pile up.
UNREAD_LIMIT = 2**20

# What uvicorn logs, with the exception's traceback, when a client sends a websocket text
# message that is not UTF-8 (it closes that connection with 1007, as it should).
_BAD_UTF8 = "Invalid UTF-8 sequence received from client."


def guarded_http_protocol(limits: Limits) -> type[asyncio.Protocol]:
    """uvicorn's h11 HTTP protocol, bounded by ``limits`` (see the module's description)."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    per_client: int = limits.connections_per_client or limits.sockets_per_client + 8  # (Limits fills it in)
    request_time = limits.request_time

    class GuardedH11Protocol(H11Protocol):
        _refused = False
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            host = peer[0] if isinstance(peer, (tuple, list)) and peer else None
            if host is not None:
                # every open connection of the server, HTTP or websocket, has its client's address
                mine = sum(1 for c in self.connections if (getattr(c, "client", None) or ("",))[0] == host)
                if mine >= per_client:
                    self._refused = True
                    self.transport = transport
                    transport.close()
                    return
            super().connection_made(transport)
            self._set_deadline()

        def connection_lost(self, exc: Exception | None) -> None:
            self._clear_deadline()
            if not self._refused:
                super().connection_lost(exc)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._set_deadline()  # the next request has as long as the first

        def _set_deadline(self) -> None:
            self._clear_deadline()
            self._deadline = self.loop.call_later(request_time, self._past_deadline)

        def _clear_deadline(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _past_deadline(self) -> None:
            self._deadline = None
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:  # (a websocket now)
                return
            if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):  # a request not wholly sent
                transport.close()

    return GuardedH11Protocol


def guarded_websocket_protocol() -> type[asyncio.Protocol] | None:
    """uvicorn's websocket protocol (the one it would choose), cutting off a client for
    which more than :data:`UNREAD_LIMIT` bytes wait unread; None when no websocket
    package is installed."""
    from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

    base: Any = AutoWebSocketsProtocol
    if base is None:
        return None

    class GuardedWebSocketProtocol(base):  # type: ignore[misc]
        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            transport = self.transport
            if not transport.is_closing() and transport.get_write_buffer_size() > UNREAD_LIMIT:
                transport.abort()  # the client reads nothing: nothing more is written for it

    return GuardedWebSocketProtocol


class _DropClientFaults(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return record.msg != _BAD_UTF8


def quiet_client_faults() -> None:
    """Keep out of uvicorn's error log what a client's own bad message makes uvicorn write:
    an error and its traceback for every websocket message that is not UTF-8, which would
    let any client fill the server's log (the connection is closed with 1007 all the same)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _DropClientFaults) for f in logger.filters):
        logger.addFilter(_DropClientFaults())
