"""How one setting of a rule set reads in a table cell.

A value from :meth:`~nbmj.rules.model.RuleSet.to_dict` becomes short text, a rule
link, or tile codes; the variant pages and the comparison table use the same spelling,
in the build's language (:mod:`nbmj.sphinxext.i18n`).
"""

from __future__ import annotations

import json
from typing import Any

from docutils import nodes
from sphinx.environment import BuildEnvironment

from .domain import RULE_ID, rule_ref
from .i18n import data, language_key, text
from .markup import inline_literal
from .ruleset_diff import ABSENT


def format_value(env: BuildEnvironment, value: Any) -> str:
    """A compact, stable spelling of a ``to_dict()`` value for tables."""
    if value is None:
        return text(env, "none")
    if value is True:
        return text(env, "yes")
    if value is False:
        return text(env, "no")
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return str(value)
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def describe_shares(env: BuildEnvironment, shares: list[dict[str, Any]]) -> str:
    """The shares of a payment row as ``<role> pays <multiplier> × S``, joined by ``; ``."""
    if not shares:
        return text(env, "nobody pays")
    return "; ".join(
        text(env, "{role} pays {multiplier} × S", role=dsl_word(env, str(s["role"])), multiplier=s["multiplier"])
        for s in shares
    )


def dsl_word(env: BuildEnvironment, role: str) -> str:
    """A word of the variant language (a payer role such as ``discarder``, a unit such as
    ``tai``) as the build's language names it; English keeps the word itself."""
    return role if language_key(env) == "en" else data(env, role)


def unit_name(env: BuildEnvironment, unit: str) -> str:
    """A scoring unit as a table shows it: ``台 tai`` in English, ``台`` in Chinese."""
    names = {"tai": text(env, "台 tai"), "fu": text(env, "胡 fu"), "fan": text(env, "番 fan")}
    return names.get(unit, unit)


def value_cell(env: BuildEnvironment, key: str, value: Any) -> nodes.Node:
    """A value; rule IDs (fields named ``rule``) become rule links, seat flowers tiles."""
    if key.split(".")[-1] == "rule" and isinstance(value, str) and RULE_ID.match(value):
        return rule_ref(env, value)
    if key.split(".")[-1] == "shares" and isinstance(value, list) and all(isinstance(v, dict) for v in value):
        return inline_literal(describe_shares(env, value))
    if key.endswith("seat_flowers") and isinstance(value, list):
        from ..tiles import chinese_name, tile_code

        try:
            spelled = "; ".join(
                f"{seat} {' '.join(tile_code(t) for t in ids)} ({''.join(chinese_name(t) for t in ids)})"
                for seat, ids in value
            )
            return inline_literal(spelled)
        except Exception:  # noqa: BLE001 - fall back to the raw value
            pass
    return inline_literal(format_value(env, value))


def diff_cell(env: BuildEnvironment, key: str, value: Any) -> nodes.Node | str:
    """One side of a :func:`~nbmj.sphinxext.ruleset_diff.diff` row: a dash when absent,
    a whole record as ``field value`` pairs, anything else as :func:`value_cell` shows it."""
    if value is ABSENT:
        return "—"
    if isinstance(value, dict):
        return inline_literal(
            ", ".join(
                f"{k} {describe_shares(env, v) if k == 'shares' else format_value(env, v)}" for k, v in value.items()
            )
        )
    return value_cell(env, key, value)
