"""The line channel between a table's game thread and a seat's websocket on the event loop.

A table's match runs in a thread of its own (the engine and the bots are plain blocking
code); its people's websockets live on the server's event loop, which must never wait on a
thread. A :class:`SeatChannel` joins the two without a thread per socket:

* the game thread holds :attr:`SeatChannel.game_end`, a
  :class:`~nbmj.bots.transport.Transport` like a bot program's: ``send`` hands a line to the
  loop (``call_soon_threadsafe``, never blocking), ``receive(timeout)`` waits on a queue of
  the lines the browser sent;
* the websocket handler awaits :meth:`SeatChannel.next_line` for the lines to send, and
  gives what it reads to :meth:`SeatChannel.put`, which never blocks either.

Both directions are bounded: a browser that sends more lines than the game can have asked
for, or that stops reading while lines pile up for it, is cut off (:attr:`closed_code`
says why), so what one connection makes the server hold is bounded: 32 lines from the
browser, and 4,096 for it (a hand is some two hundred and thirty lines, about 90 kB, for
one seat: the lines for a browser that stops reading come to a megabyte or two before it
is cut off).
"""

from __future__ import annotations

import asyncio
import queue
import threading

from ..bots.transport import TransportClosed

__all__ = ["SeatChannel", "CLOSE_NORMAL", "CLOSE_POLICY", "CLOSE_IDLE", "CLOSE_REPLACED", "CLOSE_GONE"]

#: the websocket close codes a seat's connection ends with (RFC 6455 and the private range)
CLOSE_NORMAL = 1000  # the session is over
CLOSE_POLICY = 1008  # the browser broke a bound: too many lines sent, or too many unread
CLOSE_IDLE = 4408  # the person let several requests in a row time out: a bot plays on
CLOSE_REPLACED = 4409  # a newer connection (another tab or window) took the seat
CLOSE_GONE = 4410  # the table closed (it waited too long for its people, or the server stops)

# Lines from a browser the game has not read yet, at most: it answers one request at a time.
INBOX_LIMIT = 32
# Lines waiting to be sent to a browser, at most: a whole hand replayed on reconnection is
# a few hundred; a browser that lets thousands pile up has stopped reading.
OUTBOX_LIMIT = 4096

_END = None  # the marker that ends either direction


class SeatChannel:
    """One connection's two queues: the loop side's methods are called on ``loop``'s thread,
    :attr:`game_end`'s from the game thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self._inbox: queue.Queue[str | None] = queue.Queue(INBOX_LIMIT + 1)
        self._lock = threading.Lock()
        self._cut = asyncio.Event()
        #: the close code once either side has ended the channel (None while open)
        self.closed_code: int | None = None
        #: why, in a few words, for the close frame
        self.closed_reason = ""
        #: the game thread's end, a :class:`~nbmj.bots.transport.Transport`
        self.game_end = _GameEnd(self)

    # -------------------------------------------------------------- the loop's side

    async def next_line(self) -> str | None:
        """The next line for the browser; None once the channel is closed (after the lines
        the game sent before it ended the channel)."""
        return await self._outbox.get()

    def put(self, line: str) -> bool:
        """A line the browser sent, for the game; False (and the channel closed) when the
        browser has sent more than the game could have asked for."""
        if self.closed_code is not None:
            return False
        if self._inbox.qsize() >= INBOX_LIMIT:  # (one place is kept for the end marker)
            self.close(CLOSE_POLICY, "too many messages")
            return False
        self._inbox.put_nowait(line)
        return True

    def close(self, code: int = CLOSE_NORMAL, reason: str = "") -> None:
        """End the channel from the loop's side (the browser left, or broke a bound): what
        is queued for the browser is dropped, :meth:`cut` returns, and the game's next
        ``receive`` or ``send`` raises TransportClosed. Safe to call twice."""
        if not self._mark_closed(code, reason):
            return
        self._cut.set()
        self._outbox.put_nowait(_END)
        self._wake_game()

    async def cut(self) -> None:
        """Return once the loop's side has closed the channel (not when the game ends it:
        then :meth:`next_line` delivers what is queued and returns None)."""
        await self._cut.wait()

    # -------------------------------------------------------------- the game's side (any thread)

    def _mark_closed(self, code: int, reason: str) -> bool:
        with self._lock:
            if self.closed_code is not None:
                return False
            self.closed_code, self.closed_reason = code, reason
            return True

    def _wake_game(self) -> None:
        try:
            self._inbox.put_nowait(_END)
        except queue.Full:  # the game has lines to read first, then finds the channel closed
            pass

    def _deliver(self, line: str | None) -> None:
        """On the loop: queue ``line`` for the browser, or end the channel when the browser
        has stopped reading."""
        if line is _END:
            self._outbox.put_nowait(_END)
            return
        if self._cut.is_set():  # the loop's side closed it: nothing more goes out
            return
        if self._outbox.qsize() >= OUTBOX_LIMIT:
            self.close(CLOSE_POLICY, "messages not read")
            return
        self._outbox.put_nowait(line)

    def game_send(self, line: str) -> None:
        """The game thread's ``send``: hand ``line`` to the loop without waiting."""
        if self.closed_code is not None:
            raise TransportClosed(f"the browser's connection has closed ({self.closed_reason or self.closed_code})")
        try:
            self._loop.call_soon_threadsafe(self._deliver, line)
        except RuntimeError:  # the event loop has stopped: the server is shutting down
            self._mark_closed(CLOSE_GONE, "the server stopped")
            raise TransportClosed("the server has stopped") from None

    def game_receive(self, timeout: float | None) -> str | None:
        """The game thread's ``receive``: the browser's next line, waiting up to ``timeout``."""
        if self.closed_code is not None and self._inbox.empty():
            raise TransportClosed(f"the browser's connection has closed ({self.closed_reason or self.closed_code})")
        try:
            item = self._inbox.get(timeout=timeout)
        except queue.Empty:
            return None
        if item is _END:
            self._wake_game()  # every later call sees the end too
            raise TransportClosed(f"the browser's connection has closed ({self.closed_reason or self.closed_code})")
        return item

    def end_from_game(self, code: int = CLOSE_NORMAL, reason: str = "") -> None:
        """End the channel from the game's side: the loop sends what is queued, then closes
        the websocket with ``code``. Safe from any thread, and to call twice."""
        if not self._mark_closed(code, reason):
            return
        self._wake_game()
        try:
            self._loop.call_soon_threadsafe(self._deliver, _END)
        except RuntimeError:  # the loop has stopped: nothing is left to close
            pass


class _GameEnd:
    """The game thread's end of a :class:`SeatChannel`, a
    :class:`~nbmj.bots.transport.Transport`."""

    def __init__(self, channel: SeatChannel) -> None:
        self.channel = channel

    def send(self, line: str) -> None:
        self.channel.game_send(line)

    def receive(self, timeout: float | None) -> str | None:
        return self.channel.game_receive(timeout)

    def close(self) -> None:
        self.channel.end_from_game()
