"""Rule sets as flat ``{"dotted.path": value}`` tables, and the difference of two.

Both work on the plain data of :meth:`nbmj.rules.model.RuleSet.to_dict`, so they need
neither Sphinx nor a compiled rule set: the variant pages show :func:`diff` against the
parent, the comparison table lines up the :func:`flatten` of every variant, and the
tutorial uses :func:`flatten` directly.
"""

from __future__ import annotations

from typing import Any

#: Marks the side of a comparison that has no such setting or record.
ABSENT = object()

_ROW_KEYS = ("name", "situation", "kind")


def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """``to_dict()`` output as ``{"dotted.path": leaf}``.

    Lists of records that carry a ``name``, ``situation`` or ``kind`` are keyed by it
    (``items[qingyise].value``); other lists are leaves.
    """
    out: dict[str, Any] = {}
    if isinstance(value, dict):
        for key, sub in value.items():
            out.update(flatten(sub, f"{prefix}.{key}" if prefix else key))
        return out
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        key = next((k for k in _ROW_KEYS if all(k in v for v in value)), None)
        if key is not None:
            seen: dict[str, int] = {}
            for sub in value:
                label = str(sub[key])
                if "link" in sub:  # liability rows: one per situation and link kind
                    label = f"{label}/{sub['link']}"
                seen[label] = seen.get(label, 0) + 1
                if seen[label] > 1:
                    label = f"{label}#{seen[label]}"
                out.update(flatten(sub, f"{prefix}[{label}]"))
            return out
    out[prefix] = value
    return out


_DIFF_SKIP = ("name", "parent", "summary", "aliases", "source")


def diff(old: dict[str, Any], new: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """What changes from one ``to_dict()`` to another, as ``(path, old, new)`` rows.

    Paths are those of :func:`flatten`; a record (an item, a restriction, a table row)
    present on one side only is one row holding the whole record, and :data:`ABSENT` marks
    the missing side. Identity fields (name, parent, summary, aliases, source) are left out.
    """
    a, b = flatten(old), flatten(new)
    rows: list[tuple[str, Any, Any]] = []
    done: set[str] = set()
    for key in ordered_keys([a, b]):
        if key.split(".")[0] in _DIFF_SKIP or key in done:
            continue
        record = _record_of(key)
        if record is not None and record not in done:
            in_a = any(k == record or k.startswith(record + ".") for k in a)
            in_b = any(k == record or k.startswith(record + ".") for k in b)
            if in_a != in_b:
                done.add(record)
                side = a if in_a else b
                whole = {k[len(record) + 1:]: v for k, v in side.items() if k.startswith(record + ".")}
                whole = {k: v for k, v in whole.items() if v not in (None, [], False) or k == "value"}
                rows.append((record, whole if in_a else ABSENT, ABSENT if in_a else whole))
                continue
        if record is not None and record in done:
            continue
        va, vb = a.get(key, ABSENT), b.get(key, ABSENT)
        if va != vb:
            rows.append((key, va, vb))
    return rows


def _record_of(key: str) -> str | None:
    """``items[x]`` for ``items[x].value``: the innermost keyed record a path is in."""
    end = key.rfind("]")
    return key[: end + 1] if end >= 0 else None


def ordered_keys(tables: list[dict[str, Any]]) -> list[str]:
    """The keys of all the tables, each once, in the order first seen."""
    keys: list[str] = []
    seen: set[str] = set()
    for table in tables:
        for key in table:
            if key not in seen:
                seen.add(key)
                keys.append(key)
    return keys
