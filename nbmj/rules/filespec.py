"""What one variant file says, checked line by line but not yet merged with its parents.

The reader (:mod:`nbmj.rules.reader`) fills a :class:`FileSpec`; the merge
(:mod:`nbmj.rules.merge`) applies the specs of an ``extends`` chain in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .schema import TABLE_SECTIONS
from .source import Loc, Source
from .syntax import Atom

__all__ = ["Setting", "Entry", "FileSpec"]


@dataclass
class Setting:
    """A setting's value and where it was set."""

    value: Any
    loc: Loc


@dataclass
class Entry:
    """A keyed table entry (item, restriction, row) or its removal (``value`` None).

    ``extra`` is the entry's syntax node, for the whole-variant checks.
    """

    key: Any
    value: Any
    loc: Loc
    extra: Any = None


@dataclass
class FileSpec:
    """What one file says, checked line by line but not yet merged."""

    src: Source
    name: Atom
    parent: Atom | None
    summary: str | None
    aliases: list[Atom]
    shadows: list[Atom] = field(default_factory=list)
    settings: dict[tuple[str, str], Setting] = field(default_factory=dict)
    section_locs: dict[str, Loc] = field(default_factory=dict)
    absent: dict[str, Loc] = field(default_factory=dict)
    scoring_kind: Setting | None = None
    seat_flowers: dict[str, Setting] = field(default_factory=dict)
    tables: dict[str, list[Entry]] = field(default_factory=lambda: {k: [] for k in TABLE_SECTIONS + ("liability_rows",)})
    # settings (section, key) whose line had an error, (section, "*") for a whole section:
    # not reported again as missing
    failed: set[tuple[str, str]] = field(default_factory=set)
    # every rule ID the file cites, and where: checked against the rulebook and the local
    # rules of the chain once the parents are known
    citations: list[tuple[str, Loc]] = field(default_factory=list)
