"""Values worked out once per object and found again by the object's identity.

The scorer compiles things per rule set (its items' program, its payments, the settings the
scorer reads), per signature spec and per set of wild rules. Those objects are frozen
dataclasses: hashing one hashes every field, and comparing two compares them all, so they are
looked up by ``id()`` instead, with the object kept beside its value (an id is only reused
once its object is gone, and the object is held here). The object asked about last is
answered before any look-up: most calls ask about the one before's.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ByObject"]

#: The "last object" of a cache that has answered nothing yet (no caller's object is it).
_NOTHING = object()


class ByObject:
    """A value per object, found by the object's identity; at most ``kept`` objects, started
    over when full (with no order kept: a program meets a handful of rule sets)."""

    __slots__ = ("kept", "_last", "_last_value", "_entries")

    def __init__(self, kept: int = 64) -> None:
        self.kept: int = kept
        self._last: object = _NOTHING
        self._last_value: Any = None
        self._entries: dict[int, tuple[object, Any]] = {}

    def get(self, key: object) -> Any:
        """The value kept for ``key`` (this very object), or None."""
        if key is self._last:
            return self._last_value
        entry = self._entries.get(id(key))
        if entry is None or entry[0] is not key:
            return None
        self._last = key
        self._last_value = entry[1]
        return entry[1]

    def put(self, key: object, value: Any) -> Any:
        """Keep ``value`` for ``key`` and return it."""
        if len(self._entries) >= self.kept:
            self._entries.clear()
        self._entries[id(key)] = (key, value)
        self._last = key
        self._last_value = value
        return value

    def values(self) -> list[Any]:
        """The values kept."""
        return [value for _key, value in self._entries.values()]

    def clear(self) -> None:
        """Forget every value."""
        self._entries.clear()
        self._last = _NOTHING
        self._last_value = None

    def __len__(self) -> int:
        return len(self._entries)
