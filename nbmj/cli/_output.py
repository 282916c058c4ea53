"""Output helpers shared by the subcommands."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import click

from ._input import read_input_text

__all__ = ["emit_json", "read_text_arg", "tolerate_narrow_consoles"]


def emit_json(obj: Any) -> None:
    """Print one JSON object on one line (UTF-8, Chinese kept readable).

    On a console whose encoding cannot show every character (GBK has no tile glyphs), the
    line is printed with ``\\u`` escapes instead: still the same JSON, never an encoding error.
    """
    text = json.dumps(obj, ensure_ascii=False)
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        text = json.dumps(obj)
    click.echo(text)


def tolerate_narrow_consoles() -> None:
    """Let standard output and error replace what their encoding cannot show.

    A Chinese Windows console (or ``PYTHONIOENCODING=gbk``) cannot encode tile glyphs such
    as 🀄; a replacement mark is better than a traceback in the middle of a table.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            try:
                stream.reconfigure(errors="replace")
            except (ValueError, OSError):  # a closed or unusual stream keeps its settings
                pass


# The older name of the file reader, which the game commands import.
read_text_arg = read_input_text
