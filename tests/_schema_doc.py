"""docs/input-schemas.rst, written from the shipped JSON Schemas (nbmj/schemas/*.json).

tests/test_cli_schemas.py checks that the page equals :func:`page`; ``pytest
--update-goldens`` rewrites it. The page's prose is here, its field tables come from the
schemas' ``description`` keywords.
"""

from __future__ import annotations

from typing import Any

from nbmj.schemas import load_schema

INTRO = """\
Input schemas
=============

``nbmj score`` and ``nbmj claims`` each read one JSON object. Both commands check it
against a JSON Schema shipped inside the package, ``nbmj/schemas/score-input.json`` and
``nbmj/schemas/claims-input.json`` (from Python: ``nbmj.schemas.load_schema("score-input")``),
before anything else reads it: a field that is unknown, missing or of the wrong type is a
one-line error naming the field and quoting the value, with exit status 2. The schemas fix
the fields and their types; the commands then check what a schema cannot, such as tile
notation, tile counts, whether the hand wins and what the variant allows.

Input files are UTF-8 (a byte-order mark is accepted). This page is generated from the
schemas; a field's path uses ``[]`` for the items of a list.
"""

SECTIONS = {
    "score-input": "The ``nbmj score`` input",
    "claims-input": "The ``nbmj claims`` input",
}


def _type(node: dict[str, Any], schema: dict[str, Any]) -> str:
    if "if" in node:  # a list (or object) checked item by item, else an empty value
        return _type({**node["if"], **node["then"]}, schema) + " or null"
    if "$ref" in node:
        return _type(_resolve(node, schema), schema)
    if "enum" in node:
        values = [v for v in node["enum"] if v not in (None, False, 0, "", {}, [])] or node["enum"]
        shown = ", ".join(f"``{v}``" for v in values if v is not None)
        return f"one of {shown}" + (" or null" if None in node["enum"] else "")
    if "anyOf" in node:
        parts = [_type(alt, schema) for alt in node["anyOf"]
                 if not ("enum" in alt and all(v in (None, False, 0, "", {}, []) for v in alt["enum"]))]
        empty = any("enum" in alt and all(v in (None, False, 0, "", {}, []) for v in alt["enum"])
                    for alt in node["anyOf"])
        return " or ".join(parts) + (" or null" if empty else "")
    kinds = node.get("type")
    if kinds is None:
        return "any"
    names = []
    for kind in kinds if isinstance(kinds, list) else [kinds]:
        if kind == "array":
            names.append("list of " + _type(node.get("items", {}), schema) + "s")
        elif kind == "object" and "additionalProperties" in node and isinstance(node["additionalProperties"], dict):
            names.append("object of " + _type(node["additionalProperties"], schema) + "s")
        else:
            names.append({"integer": "whole number", "boolean": "true or false"}.get(kind, kind))
    return " or ".join(names)


def _resolve(node: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    target: dict[str, Any] = schema
    for part in node["$ref"].lstrip("#/").split("/"):
        target = target[part]
    return target


def _rows(node: dict[str, Any], schema: dict[str, Any], prefix: str, required: set[str]) -> list[tuple[str, ...]]:
    rows = []
    for name, field in node.get("properties", {}).items():
        path = prefix + name
        if field.get("x-seat"):  # a seat's hand: its fields follow in a table of their own
            rows.append((path, "object", "unless discarder", field["description"]))
            continue
        rows.append((path, _type(field, schema), "yes" if name in required else "no", field["description"]))
        target = {**field.get("if", {}), **field.get("then", {})} if "if" in field else field
        if target.get("type") == "array" and "$ref" in target.get("items", {}):
            item = _resolve(target["items"], schema)
            rows += _rows(item, schema, path + "[].", set(item.get("required", ())))
    return rows


def _seat_rows(schema: dict[str, Any]) -> list[tuple[str, ...]]:
    hand = schema["definitions"]["seat_hand"]
    return _rows(hand, schema, "<seat>.", set(hand.get("required", ())))


def _table(rows: list[tuple[str, ...]]) -> str:
    out = [".. list-table::", "   :header-rows: 1", "   :widths: 20 20 8 52", "",
           "   * - field", "     - type", "     - required", "     - meaning"]
    for path, kind, required, meaning in rows:
        out += [f"   * - ``{path}``", f"     - {kind}", f"     - {required}", f"     - {meaning}"]
    return "\n".join(out) + "\n"


def page() -> str:
    """The whole text of docs/input-schemas.rst."""
    parts = [INTRO]
    for name, title in SECTIONS.items():
        schema = load_schema(name)
        parts.append(f"\n{title}\n{'-' * len(title)}\n\n{schema['description']}\n\n")
        parts.append(_table(_rows(schema, schema, "", set(schema.get("required", ())))))
        if "seat_hand" in schema.get("definitions", {}):
            hand = schema["definitions"]["seat_hand"]
            parts.append(f"\nEach seat's object (``<seat>`` is ``E``, ``S``, ``W`` or ``N``): {hand['description']}\n\n")
            parts.append(_table(_seat_rows(schema)))
    return "".join(parts)
