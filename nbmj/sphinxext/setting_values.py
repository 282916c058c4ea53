"""How one setting of a rule set reads in a table cell.

A value from :meth:`~nbmj.rules.model.RuleSet.to_dict` becomes short text, a rule
link, or tile codes; the variant pages and the comparison table use the same spelling.
"""

from __future__ import annotations

import json
from typing import Any

from .domain import RULE_ID, rule_ref
from .markup import inline_literal
from .ruleset_diff import ABSENT


def format_value(value: Any) -> str:
    """A compact, stable spelling of a ``to_dict()`` value for tables."""
    if value is None:
        return "none"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return str(value)
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def describe_shares(shares: list[dict]) -> str:
    """The shares of a payment row as ``<role> pays <multiplier> × S``, joined by ``; ``."""
    if not shares:
        return "nobody pays"
    return "; ".join(f"{s['role']} pays {s['multiplier']} × S" for s in shares)


def value_cell(env, key: str, value: Any) -> Any:
    """A value; rule IDs (fields named ``rule``) become rule links, seat flowers tiles."""
    if key.split(".")[-1] == "rule" and isinstance(value, str) and RULE_ID.match(value):
        return rule_ref(env, value)
    if key.split(".")[-1] == "shares" and isinstance(value, list) and all(isinstance(v, dict) for v in value):
        return inline_literal(describe_shares(value))
    if key.endswith("seat_flowers") and isinstance(value, list):
        from ..tiles import chinese_name, tile_code

        try:
            text = "; ".join(
                f"{seat} {' '.join(tile_code(t) for t in ids)} ({''.join(chinese_name(t) for t in ids)})"
                for seat, ids in value
            )
            return inline_literal(text)
        except Exception:  # noqa: BLE001 - fall back to the raw value
            pass
    return inline_literal(format_value(value))


def diff_cell(env, key: str, value: Any) -> Any:
    """One side of a :func:`~nbmj.sphinxext.ruleset_diff.diff` row: a dash when absent,
    a whole record as ``field value`` pairs, anything else as :func:`value_cell` shows it."""
    if value is ABSENT:
        return "—"
    if isinstance(value, dict):
        return inline_literal(", ".join(f"{k} {describe_shares(v) if k == 'shares' else format_value(v)}" for k, v in value.items()))
    return value_cell(env, key, value)
