"""JSON Schemas of what the commands read: ``score-input.json`` (``nbmj score``) and
``claims-input.json`` (``nbmj claims``), shipped with the package.

Each field carries a ``description`` (the docs page ``input-schemas`` is made from them) and
an ``x-error``: the end of the one-line message for a value that does not fit, in the words
the readers behind the schema (:meth:`nbmj.scoring.Situation.from_dict`,
:func:`nbmj.engine.claim_query.claims_for`) use for the same mistake. The schemas check
fields and types only; those readers still check what a schema cannot (tile notation, tile
counts, a winning shape, the variant's rules).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from typing import Any

from ..errors import NbmjError, SituationError

__all__ = ["SCHEMAS", "load_schema", "validate"]

#: The schemas shipped, by name.
SCHEMAS = ("score-input", "claims-input")


class _UnknownSchema(NbmjError, ValueError):
    """A schema name that is none of :data:`SCHEMAS`."""


def load_schema(name: str) -> dict[str, Any]:
    """The schema ``name`` (one of :data:`SCHEMAS`) as a dict."""
    if not isinstance(name, str) or name not in SCHEMAS:
        raise _UnknownSchema(f"no schema {name!r}; the schemas are {', '.join(SCHEMAS)}")
    text = resources.files(__name__).joinpath(f"{name}.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@lru_cache(maxsize=None)
def _validator(name: str) -> Callable[[Any], Any]:
    import fastjsonschema  # imported here: only the commands that read JSON need it

    validator: Callable[[Any], Any] = fastjsonschema.compile(load_schema(name))
    return validator


def _place(name: str) -> str:
    """``data.S.melds[0].kind`` as ``S.melds[0].kind``; the root as ``""``."""
    return name[len("data"):].lstrip(".")


def validate(data: Any, name: str, what: str, error: type[NbmjError] = SituationError) -> None:
    """Check ``data`` against the schema ``name``; ``what`` names the whole input in messages.

    Raises ``error`` with one lowercase line naming the field and quoting the bad value, e.g.
    ``'S.passed_win' must be true or false, not 'yes'``.
    """
    import fastjsonschema

    try:
        _validator(name)(data)
    except fastjsonschema.JsonSchemaValueException as exc:
        raise error(_message(exc, what)) from None


def _message(exc: Any, what: str) -> str:
    place = _place(exc.name)
    definition: dict[str, Any] = exc.definition if isinstance(exc.definition, dict) else {}
    value = exc.value
    if exc.rule == "additionalProperties" and isinstance(value, dict):
        known = definition.get("properties", {})
        field = next(k for k in value if k not in known)
        full = f"{place}.{field}" if place else field
        return f"{definition.get('x-unknown', 'unknown field')} {full!r}"
    if exc.rule == "required" and isinstance(value, dict):
        missing = next(k for k in definition.get("required", ()) if k not in value)
        return f"{repr(place) if place else what} lacks {missing!r}"
    expected = definition.get("x-error")
    if expected is None:  # a schema node without its own words: the validator's, made ours
        expected = exc.message[len(exc.name):].strip() if exc.message.startswith(exc.name) else exc.message
    return f"{repr(place) if place else what} {expected}, not {value!r}"
