"""Reading what a command is given: bytes to text, text to JSON, each failure one line.

Files written on a Chinese Windows system are often GBK or UTF-16 ("Unicode" in Notepad),
or UTF-8 with a byte-order mark. nbmj reads UTF-8 only, so a command says which file is not
UTF-8 and where, instead of failing with a traceback; a UTF-8 BOM is simply skipped. JSON
nested far deeper than any nbmj input would exhaust Python's recursion limit in the parser
(or later, in a message quoting the value), so it is refused with a bound of its own.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any, BinaryIO

from ..errors import InputError, NbmjError

__all__ = ["MAX_DEPTH", "read_input_text", "read_json_lines", "decode_text", "parse_json", "json_depth", "byte_lines", "where"]

#: The deepest JSON nesting a command reads. A situation is three levels deep (object, list
#: of melds, meld), a claims table four; the bound leaves room and stays far below Python's
#: recursion limit.
MAX_DEPTH = 64

_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def where(path: str) -> str:
    """How an error names a file argument: quoted, or "standard input" for ``-``."""
    return "standard input" if path == "-" else repr(path)


def _read_bytes(path: str) -> bytes:
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text-only stdin (some embedders): already decoded
            return sys.stdin.read().encode("utf-8", "surrogateescape")
        data: bytes = stream.read()
        return data
    with open(path, "rb") as fh:
        return fh.read()


def decode_text(data: bytes, source: str, one_line: bool = False) -> str:
    """``data`` as text: UTF-8, a leading BOM skipped. ``source`` names it in the error.

    Raises :class:`~nbmj.errors.InputError` for UTF-16 (by its byte-order mark) and for any
    byte sequence that is not UTF-8, naming the first bad byte's line and column (from 1;
    only the column when ``one_line``, ``source`` then naming the line).
    """
    if data.startswith(_UTF16_BOMS):
        raise InputError(f"{source} is UTF-16 text; save it as UTF-8")
    if data.startswith(_UTF8_BOM):
        data = data[len(_UTF8_BOM):]
    if b"\x00" in data:  # valid UTF-8, but no text file holds it: UTF-16 without a BOM, or binary
        raise InputError(f"{source} holds NUL bytes (UTF-16 or binary data, not text); save it as UTF-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        place = f"column {column}" if one_line else f"line {line}, column {column}"
        raise InputError(f"{source} is not UTF-8 text: byte 0x{data[exc.start]:02x} at {place}; save it as UTF-8") from None


def read_input_text(path: str) -> str:
    """The text of a file argument (``-`` for standard input), decoded as :func:`decode_text`.

    Raises :class:`OSError` when the file cannot be opened (the command words that error)
    and :class:`~nbmj.errors.InputError` when it is not UTF-8.
    """
    return decode_text(_read_bytes(path), where(path))


def json_depth(value: Any) -> int:
    """How deeply ``value`` nests lists and objects (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth + 1)
        if deepest > MAX_DEPTH:
            break
        stack.extend((child, depth + 1) for child in children)
    return deepest


def parse_json(text: str, what: str, error: type[NbmjError] = InputError) -> Any:
    """``text`` parsed as JSON; ``what`` names the input in the error ("the situation").

    Raises ``error`` (an :class:`~nbmj.errors.NbmjError` class taking one message) for text
    that is not JSON and for JSON nested more than :data:`MAX_DEPTH` levels deep.
    """
    too_deep = error(f"{what} is nested more than {MAX_DEPTH} levels deep")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{what} is not valid JSON: {exc}") from None
    except RecursionError:
        raise too_deep from None
    except ValueError:  # (not JSONDecodeError: Python's cap on the digits of a whole number)
        raise error(f"{what} holds a number too long to read") from None
    if json_depth(value) > MAX_DEPTH:
        raise too_deep
    return value


def read_json_lines(path: str) -> str:
    """The text of a JSON-lines file argument (an event log), as :func:`read_input_text`,
    with every line that parses checked against :data:`MAX_DEPTH`.

    A line that is not JSON is left for the reader of the lines to report in its own words;
    a line nested too deeply is refused here, naming its line (from 1), because parsing it
    again would exhaust the recursion limit.
    """
    text = read_input_text(path)
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() and _too_deep(line):
            raise InputError(f"line {number} of {where(path)} is nested more than {MAX_DEPTH} levels deep")
    return text


def _too_deep(line: str) -> bool:
    try:
        return json_depth(json.loads(line)) > MAX_DEPTH
    except ValueError:  # (JSONDecodeError, or a number of too many digits)
        return False  # not JSON that can be read: the log reader says so in its own words
    except RecursionError:
        return True


def byte_lines(stream: BinaryIO, source: str) -> Iterator[tuple[int, bytes]]:
    """(line number from 1, raw line) of a byte stream, a UTF-8 BOM skipped on line 1.

    Raises :class:`~nbmj.errors.InputError` at once for UTF-16 text, which no line of could
    be read; a bad byte later costs only its own line, which the caller decodes.
    """
    for number, raw in enumerate(stream, 1):
        if number == 1:
            if raw.startswith(_UTF16_BOMS):
                raise InputError(f"{source} is UTF-16 text; save it as UTF-8")
            if raw.startswith(_UTF8_BOM):
                raw = raw[len(_UTF8_BOM):]
        yield number, raw
