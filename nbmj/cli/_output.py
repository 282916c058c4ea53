"""Output helpers shared by the subcommands."""

from __future__ import annotations

import json
import sys
from typing import Any

import click


def emit_json(obj: Any) -> None:
    """Print one JSON object on one line (UTF-8, Chinese kept readable)."""
    click.echo(json.dumps(obj, ensure_ascii=False))


def read_text_arg(path: str) -> str:
    """The text of a file argument, ``-`` meaning standard input."""
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as fh:
        return fh.read()
