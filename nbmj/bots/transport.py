"""How protocol lines reach a bot: the small :class:`Transport` interface and its stdio forms.

A transport moves whole lines of text and knows nothing of mahjong. Three calls make one:
``send(line)`` (never blocks on a bot that stops reading), ``receive(timeout)`` (the next
line, ``None`` when the time is up, :class:`TransportClosed` once the bot is gone) and
``close()``. :class:`SubprocessTransport` speaks to a program over its stdin and stdout;
:class:`QueueTransport` is the in-process end a server hands another thread (a web
server's websocket handler pumps its two queues); :mod:`nbmj.bots.websocket` puts a
websocket behind the same three calls.
"""

from __future__ import annotations

import os
import queue
import re
import shlex
import shutil
import signal
import subprocess
import threading
import weakref
from typing import IO, Protocol, runtime_checkable

from ..errors import NbmjError

__all__ = ["Transport", "TransportClosed", "LineQueue", "SubprocessTransport", "QueueTransport", "queue_pair"]

# The reader gives up on a line longer than this (it is garbage whatever it says).
_LINE_LIMIT = 1 << 16

# Lines read from a bot and not yet taken, at most: past this the reader stops reading, the
# pipe fills and the bot's next write blocks, so a bot that floods its output holds at
# most this many lines (each at most _LINE_LIMIT bytes) of the server's memory.
_QUEUED_LINES = 256


class TransportClosed(NbmjError, ConnectionError):
    """The other end has gone (a bot that exited, a closed connection)."""


@runtime_checkable
class Transport(Protocol):
    """A line channel to one bot."""

    def send(self, line: str) -> None:
        """Queue ``line`` (no newline) for the bot; raises TransportClosed once it is gone."""

    def receive(self, timeout: float | None) -> str | None:
        """The next line from the bot (without its newline), or None after ``timeout``
        seconds; raises TransportClosed when the bot has gone and sent nothing more."""

    def close(self) -> None:
        """End the channel and release what it holds; safe to call twice."""


class LineQueue(Protocol):
    """What :class:`QueueTransport` needs of a queue (``queue.Queue`` has it): lines, and
    ``None`` for the end."""

    def put(self, item: str | None) -> None:
        """Add ``item`` at the back."""

    def get(self, block: bool = True, timeout: float | None = None) -> str | None:
        """Take the front item, waiting up to ``timeout`` seconds (then ``queue.Empty``)."""


_EOF = object()

_BOM = b"\xef\xbb\xbf"  # U+FEFF in UTF-8

# The bot programs this process has started and not yet closed (see _end_every_bot).
_LIVE: weakref.WeakSet[SubprocessTransport] = weakref.WeakSet()


class SubprocessTransport(Transport):
    """A bot program started with ``command`` (a shell-style command line, run without a
    shell, or an argument list).

    Daemon threads move the lines: one writes (so a bot that never reads cannot block
    the server), one reads (so ``receive`` can time out) and holds at most
    256 lines that ``receive`` has not taken (then the bot's writes wait). The program's stderr goes to
    ``stderr`` (a file); without one a third thread reads it and keeps only its last line
    (and the last that is no stack frame), which the message of a bot that exits quotes. ``close`` ends the program: stdin is closed, then
    after ``grace`` seconds it is terminated, then killed.
    """

    def __init__(self, command: str | list[str], *, stderr: IO[bytes] | None = None, grace: float = 1.0) -> None:
        self.command = command
        self.grace = grace
        args = command_args(command)
        try:
            self._proc = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr if stderr is not None else subprocess.PIPE,
                start_new_session=True,  # a Ctrl-C at the terminal is the server's to handle
            )
        except OSError as exc:
            raise _BotStartError(f"cannot start the bot {command!r}: {_start_failure(args[0], exc)}") from None
        self._incoming: queue.Queue[object] = queue.Queue(_QUEUED_LINES)
        self._outgoing: queue.Queue[object] = queue.Queue()
        self._closed = False
        _LIVE.add(self)
        self._last_error = ""  # the last line the bot wrote on stderr (when it goes to a pipe)
        self._last_headline = ""  # the last of them that is no stack frame
        self._error_reader: threading.Thread | None = None
        if self._proc.stderr is not None:
            self._error_reader = threading.Thread(target=self._error_loop, name=f"bot-stderr-{self._proc.pid}", daemon=True)
            self._error_reader.start()
        threading.Thread(target=self._read_loop, name=f"bot-reader-{self._proc.pid}", daemon=True).start()
        threading.Thread(target=self._write_loop, name=f"bot-writer-{self._proc.pid}", daemon=True).start()

    @property
    def pid(self) -> int:
        """The bot program's process id."""
        return self._proc.pid

    def __repr__(self) -> str:
        state = "closed" if self._closed else f"pid {self._proc.pid}"
        return f"<SubprocessTransport {self.command!r}: {state}>"

    def _read_loop(self) -> None:
        out = self._proc.stdout
        assert out is not None
        first = True
        try:
            while True:
                raw = out.readline(_LINE_LIMIT + 1)
                if not raw:
                    break
                if first:
                    # a byte-order mark that starts the output (some runtimes write one) is
                    # the stream's encoding signature, not the first answer's text
                    first = False
                    if raw.startswith(_BOM):
                        raw = raw[len(_BOM) :]
                if len(raw) > _LINE_LIMIT and not raw.endswith(b"\n"):
                    if not self._hand_over("\x00" * (_LINE_LIMIT + 1)):  # read as garbage upstream
                        return
                    while raw and not raw.endswith(b"\n"):
                        raw = out.readline(_LINE_LIMIT + 1)
                    continue
                if not self._hand_over(raw.decode("utf-8", errors="replace").rstrip("\r\n")):
                    return
        except (OSError, ValueError):
            pass
        self._hand_over(_EOF)

    def _error_loop(self) -> None:
        """Read the bot's stderr to its end (so that it never blocks on it), keeping the last
        line that is not blank and the last that is no stack frame (:func:`_is_headline`),
        each cut to 200 characters."""
        err = self._proc.stderr
        assert err is not None
        try:
            while True:
                raw = err.readline(_LINE_LIMIT)
                if not raw:
                    break
                line = raw.decode("utf-8", errors="replace").rstrip()
                text = line.strip()
                if text:
                    self._last_error = text if len(text) <= 200 else text[:200] + "…"
                    if _is_headline(line):
                        self._last_headline = self._last_error
        except (OSError, ValueError):
            pass

    def _exited(self, code: int) -> str:
        """What to say of the bot once it has exited with ``code``: the status, and the last
        line it wrote on stderr, or where that ends a stack trace (Java's, JavaScript's), the
        last line above it that is no frame: for a crash, the exception."""
        if self._error_reader is not None:
            self._error_reader.join(0.2)  # what it wrote before exiting, to the end
        said = f"the bot {self.command!r} exited with status {code}"
        if self._last_headline and self._last_headline != self._last_error:
            said += f"; the last line of its standard error, a stack trace's frames skipped: {self._last_headline!r}"
        elif self._last_error:
            said += f"; the last line of its standard error: {self._last_error!r}"
        return said

    def _hand_over(self, item: object) -> bool:
        """Queue ``item`` for ``receive``, waiting while the queue is full (so that the bot,
        not the server, holds what it floods); False once the transport is closed."""
        while not self._closed:
            try:
                self._incoming.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _write_loop(self) -> None:
        stdin = self._proc.stdin
        assert stdin is not None
        try:
            while True:
                item = self._outgoing.get()
                if item is _EOF:
                    break
                assert isinstance(item, str)
                stdin.write(item.encode("utf-8") + b"\n")
                stdin.flush()
        except (OSError, ValueError):
            pass
        try:
            stdin.close()
        except (OSError, ValueError):
            pass

    def send(self, line: str) -> None:
        if self._closed:
            raise TransportClosed(f"the bot {self.command!r} is closed")
        code = self._proc.poll()
        if code is not None:
            raise TransportClosed(self._exited(code))
        self._outgoing.put(line)

    def receive(self, timeout: float | None) -> str | None:
        if self._closed:
            raise TransportClosed(f"the bot {self.command!r} is closed")
        try:
            item = self._incoming.get(timeout=timeout)
        except queue.Empty:
            return None
        if item is _EOF:
            self._incoming.put_nowait(_EOF)  # every later call sees the end too (the reader has stopped: there is room)
            try:  # a bot that exits closes its output a moment before it can be seen to have exited
                code: int | None = self._proc.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                code = None
            raise TransportClosed(f"the bot {self.command!r} closed its output" if code is None else self._exited(code))
        assert isinstance(item, str)
        return item

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        _LIVE.discard(self)
        self._outgoing.put(_EOF)
        proc = self._proc
        try:
            proc.wait(timeout=self.grace)
        except subprocess.TimeoutExpired:
            _signal_group(proc, signal.SIGTERM)
            try:
                proc.wait(timeout=self.grace)
            except subprocess.TimeoutExpired:
                _signal_group(proc, signal.SIGKILL)
                proc.wait()
        for pipe in (proc.stdout, proc.stderr):
            if pipe is not None:
                pipe.close()


# node ends the report of an uncaught exception with its version ("Node.js v20.11.1")
_NODE_TRAILER = re.compile(r"Node\.js v\d+(\.\d+)*$")


def _is_headline(line: str) -> bool:
    """Whether a line of a bot's stderr may say why it died: not a stack frame or a frame's
    source (indented in the traces of Python, Java, JavaScript, C#, Ruby), not bare
    punctuation (node's caret and closing brace) and not node's closing version line."""
    return not line[:1].isspace() and any(ch.isalnum() for ch in line) and not _NODE_TRAILER.match(line)


def command_args(command: str | list[str]) -> list[str]:
    """The program and arguments of a bot command: a shell-style command line is split as
    a shell would (quotes group words), but no shell runs it; a command that is empty,
    cannot be split (an unclosed quote) or holds shell syntax that the split keeps as text
    (``&&``, ``|``, ``>``, ``$HOME``, ``~/``) is an error that quotes it."""
    if isinstance(command, str):
        try:
            args = shlex.split(command)
        except ValueError as exc:
            raise _BotStartError(f"cannot read the bot command {command!r}: {str(exc).lower()}") from None
        operator = _shell_operator(command)
        if operator is not None:
            raise _BotStartError(
                f"a bot command is not run by a shell: {operator!r} in {command!r} would reach the program as it is written;"
                " for a redirection, a pipe, && or a variable write sh -c '...'")
    else:
        args = list(command)
    if not args:
        raise _BotStartError(f"a bot command cannot be empty: {command!r}")
    return args


def _shell_operator(command: str) -> str | None:
    """The first piece of shell syntax in ``command`` that a shell would act on and the split
    keeps as text, or None: an operator outside quotes (``&&``, ``|``, ``;``, ``>`` of
    ``2>``), a variable or command substitution outside single quotes (``$HOME``, a
    backquote), a ``~`` that starts a word. Quotes and backslashes are read as a shell reads
    them, so ``'a|b'``, ``\\>`` and ``"print(\\"x\\")"`` hold none."""
    quote = ""
    word_start = True
    i, n = 0, len(command)
    while i < n:
        ch = command[i]
        if quote == "'":
            if ch == "'":
                quote = ""
        elif ch == "\\":
            i += 1  # the next character is taken as it is
        elif quote == '"' and ch == '"':
            quote = ""
        elif ch == "`" or (ch == "$" and (command[i + 1 : i + 2].isidentifier() or command[i + 1 : i + 2] in ("{", "("))):
            j = i + 1
            while j < n and (command[j].isalnum() or command[j] in "_{("):
                j += 1
            return command[i:j]
        elif quote:
            pass
        elif ch in "'\"":
            quote = ch
        elif ch in _OPERATOR_CHARS:
            j = i
            while j < n and command[j] in _OPERATOR_CHARS:
                j += 1
            return command[i:j]
        elif ch == "~" and word_start:
            return "~"
        word_start = ch.isspace() and not quote
        i += 1
    return None


_OPERATOR_CHARS = frozenset("();<>|&")

# What a shell runs itself, never found as a program: a bot command starting so wanted a shell.
_SHELL_WORDS = frozenset({"cd", "export", "source", ".", "set", "ulimit", "umask", "exec"})


def _start_failure(program: str, exc: OSError) -> str:
    """Why ``program`` could not be started, in lowercase words."""
    if isinstance(exc, FileNotFoundError) and shutil.which(program) is None:
        said = f"no program {program!r} was found"
        if "=" in program or program in _SHELL_WORDS:
            said += " (a bot command is not run by a shell: to set a variable or change directory write sh -c '...')"
        return said
    reason = exc.strerror or str(exc)
    return reason[:1].lower() + reason[1:]


def _end_every_bot() -> None:
    """Kill at once every bot program this process started and has not closed, with what
    it started (its session): for a process stopped by a signal, which cannot wait out
    ``close``'s grace. A bot that ignores the end of its input would otherwise run on."""
    for transport in list(_LIVE):
        if transport._proc.poll() is None:
            _signal_group(transport._proc, signal.SIGKILL)


def _signal_group(proc: subprocess.Popen[bytes], sig: int) -> None:
    """Signal the bot and whatever it started (a shell's children): its own session."""
    try:
        os.killpg(proc.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


class _BotStartError(NbmjError, ValueError):
    pass


class QueueTransport(Transport):
    """One end of an in-process line channel: lines put on ``outbox`` go to the bot, lines
    the bot puts on ``inbox`` come back. A ``None`` on ``inbox`` means the bot has gone."""

    def __init__(self, inbox: LineQueue, outbox: LineQueue) -> None:
        self.inbox = inbox
        self.outbox = outbox
        self._gone = False

    def __repr__(self) -> str:
        return f"<QueueTransport: {'the bot has gone' if self._gone else 'open'}>"

    def send(self, line: str) -> None:
        if self._gone:
            raise TransportClosed("the bot has gone")
        self.outbox.put(line)

    def receive(self, timeout: float | None) -> str | None:
        if self._gone:
            raise TransportClosed("the bot has gone")
        try:
            item = self.inbox.get(timeout=timeout)
        except queue.Empty:
            return None
        if item is None:
            self._gone = True
            raise TransportClosed("the bot has gone")
        return item

    def close(self) -> None:
        if not self._gone:
            self.outbox.put(None)
        self._gone = True


def queue_pair() -> tuple[QueueTransport, QueueTransport]:
    """Two connected ends: the server's and the bot's (each one's outbox is the other's inbox)."""
    to_bot: queue.Queue[str | None] = queue.Queue()
    to_server: queue.Queue[str | None] = queue.Queue()
    return QueueTransport(to_server, to_bot), QueueTransport(to_bot, to_server)
