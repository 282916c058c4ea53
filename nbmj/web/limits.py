"""What one web table server gives, in all and to each client: :class:`Limits`.

Every resource a browser can make the server hold is bounded: rooms (and so the match
threads, one per room), seat connections, the size of what is sent, and time. A "client"
is the address a connection comes from; behind a reverse proxy every browser has the
proxy's address, so serve directly or raise the per-client bounds.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..errors import NbmjError

__all__ = ["Limits", "LimitsError"]


class LimitsError(NbmjError, ValueError):
    """A bound that is not a positive number."""


@dataclass(frozen=True)
class Limits:
    """The bounds of one server (``nbmj serve`` has an option for each)."""

    #: rooms held at once, in all: a room waiting for its people, playing, or finished and
    #: kept for its logs (a finished one makes way for a new one when the server is full)
    max_rooms: int = 100
    #: rooms one client may have waiting or playing at once
    rooms_per_client: int = 4
    #: seat connections (websockets) one client may have open at once
    sockets_per_client: int = 8
    #: connections one client may have open at once, seat connections included (one more
    #: is closed as soon as it opens); more than :attr:`sockets_per_client`, so that a page
    #: and its requests fit beside the seats (None: 8 more than it)
    connections_per_client: int | None = None
    #: seconds a connection has to send a whole request (its head and its body) from the
    #: moment it opens or its previous request is answered; then it is closed
    request_time: float = 10.0
    #: bytes of one websocket message from a browser (an answer is a few dozen)
    max_message: int = 4096
    #: bytes of an HTTP request body (opening a table takes a few dozen)
    max_body: int = 4096
    #: seconds a room waits for all its people: then it starts with bots in the seats of
    #: those who have not come, or closes if no one has
    wait_limit: float = 600.0
    #: requests in a row a person may let time out before the connection is closed (their
    #: seat's bot plays on; connecting again takes the seat back)
    idle_moves: int = 3
    #: seconds a finished room is kept so its logs can be fetched
    keep_finished: float = 1800.0

    def __post_init__(self) -> None:
        if self.connections_per_client is None and isinstance(self.sockets_per_client, int):
            object.__setattr__(self, "connections_per_client", self.sockets_per_client + 8)
        for f in fields(self):
            value: Any = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise LimitsError(f"{f.name} is a positive number, not {value!r}")
        if self.connections_per_client <= self.sockets_per_client:  # type: ignore[operator]
            raise LimitsError(
                f"connections_per_client is more than sockets_per_client ({self.sockets_per_client!r}), since a "
                f"client's seat connections are among its connections; not {self.connections_per_client!r}"
            )
