"""Worked examples on a variant page: hands scored by the engine while the docs build.

The examples are JSON situations (:meth:`nbmj.scoring.situation.Situation.from_dict`),
each with an optional ``"title"``. Each is shown as its tiles, the items that applied,
the total and the payments, so the page can never disagree with the scorer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from .domain import RULE_ID, rule_ref
from .i18n import data, language_key, localized, parts, text, texts
from .markup import current_docname, inline_literal, name_text, paragraph, table, titled_section
from .setting_values import unit_name
from .tile_display import tile_row

if TYPE_CHECKING:
    from ..rules.model import RuleSet
    from ..scoring.result import ScoreResult
    from ..scoring.situation import Situation


def read_examples(directive: SphinxDirective) -> list[dict[str, Any]]:
    """The example situations of an ``nbmj-variant`` directive: its body, or the JSON
    file named by its ``:examples:`` option (recorded as a dependency)."""
    text = "\n".join(directive.content).strip()
    path = directive.options.get("examples")
    if path:
        rel, absolute = directive.env.relfn2path(path, current_docname(directive.env))
        directive.env.note_dependency(rel)
        text = Path(absolute).read_text(encoding="utf-8")
    if not text:
        return []
    try:
        examples = json.loads(text)
    except json.JSONDecodeError as exc:
        raise directive.error(f"the examples are not valid JSON: {exc}") from exc
    if not isinstance(examples, list):
        raise directive.error("the examples must be a JSON list of situations")
    return examples


def examples_section(directive: SphinxDirective, rules: RuleSet, examples: list[dict[str, Any]]) -> nodes.section:
    """A "Worked examples" section: each example scored under ``rules`` and shown whole.

    An example that does not score is an error at the directive. The page depends on the
    scorer's modules, so a rebuild shows new totals when the scorer changes.
    """
    env = directive.env
    sec = titled_section(directive.state.document, text(env, "Worked examples"), "worked examples")
    try:
        from ..scoring import score
        from ..scoring.situation import Situation
    except ImportError as exc:
        raise directive.error(f"worked examples need nbmj.scoring.score: {exc}") from exc
    import nbmj.scoring

    for module in sorted(Path(nbmj.scoring.__file__).resolve().parent.glob("*.py")):
        directive.env.note_dependency(str(module))  # the totals change when the scorer does
    sec += paragraph(*parts(
        env, "Each hand below was scored by {score} when these pages were built.",
        score=inline_literal("nbmj.scoring.score"),
    ))
    sec += paragraph(text(env, "A gold frame marks a wild tile (百搭)."), classes=["nbmj-tile-legend"])
    wild_rules = rules.wilds
    for number, example in enumerate(examples, 1):
        example = dict(example)
        given_title = example.pop("title", None)
        title = text(env, "Example {number}", number=number) if given_title is None else localized(env, given_title)
        try:
            situation = Situation.from_dict(example)
            result = score(situation, rules)
        except Exception as exc:  # noqa: BLE001
            raise directive.error(f"example {number} ({title}) does not score: {exc}") from exc
        box = nodes.container(classes=["nbmj-example"], ids=[f"example-{number}"])
        box += paragraph(nodes.strong(title, title))
        box += hand_display(env, situation, _wild_kinds(wild_rules, situation))
        box += score_display(env, result)
        sec += box
    return sec


def _wild_kinds(wild_rules: Any, situation: Situation) -> frozenset[int]:
    """The tile ids that are wild in the example's hand (none without an indicator)."""
    if situation.indicator is None:
        return frozenset()
    from ..rules.wilds import wild_tiles

    return wild_tiles(wild_rules, situation.indicator)


def hand_display(env: BuildEnvironment, situation: Situation, wild_kinds: frozenset[int] = frozenset()) -> nodes.Node:
    """The tiles of a situation, one line per part, as tile faces (wilds marked) and notation."""
    items = nodes.bullet_list(classes=["nbmj-hand"])

    def line(label: str, tiles: list[int], extra: str = "", wilds: frozenset[int] = wild_kinds) -> None:
        para = paragraph(text(env, "{part}: ", part=label))
        para += tile_row(list(tiles), wilds)
        if extra:
            para += nodes.Text(f" {extra}")
        items.append(nodes.list_item("", para))

    line(text(env, "concealed"), list(situation.concealed))
    for meld in situation.melds:
        source = text(env, "from {seat}", seat=meld.source) if meld.source else ""
        line(text(env, "meld ({kind})", kind=meld.kind), list(meld.tiles), source, frozenset())
    how = data(env, situation.win_by)
    if situation.discarder:
        how = text(env, "{how}, discarded by {seat}", how=how, seat=situation.discarder)
    line(text(env, "winning tile"), [situation.win_tile], f"({how})")
    if situation.flowers:
        line(text(env, "flowers"), list(situation.flowers), wilds=frozenset())
    if situation.indicator is not None:
        line(text(env, "wild indicator"), [situation.indicator], wilds=frozenset())
    seats = text(env, "seat {seat}, round wind {wind}", seat=situation.seat, wind=situation.round_wind)
    items.append(nodes.list_item("", paragraph(seats)))
    return items


def score_display(env: BuildEnvironment, result: ScoreResult) -> list[nodes.Node]:
    """A :class:`~nbmj.scoring.result.ScoreResult`: the items that applied, the total, the payments."""
    out: list[nodes.Node] = []
    scored = result.to_dict()
    rows = []
    for line in scored.get("items", []):
        count = line.get("count", 1)
        rows.append(
            (
                [
                    inline_literal(str(line["name"])),
                    name_text(str(line.get("label", ""))),
                    f"× {count}" if count != 1 else "",
                    str(line["value"]),
                    unit_name(env, str(line.get("unit", ""))),
                    rule_ref(env, line["rule"]) if RULE_ID.match(str(line.get("rule", ""))) else "",
                ],
                {"classes": ["nbmj-applied"]},
            )
        )
    facts = nodes.bullet_list(classes=["nbmj-score-facts"])
    reading = inline_literal(scored["decomposition"])
    facts += nodes.list_item("", paragraph(*parts(env, "reading: {reading} (wait: {wait})", reading=reading,
                                                  wait=data(env, scored["wait"]))))
    if rows:
        headers = texts(env, "item", "名称", "count", "value", "unit", "rule")
        applied: nodes.Node = table(headers, rows, classes=["nbmj-score"], widths=[3, 3, 1, 1, 1, 2])
    else:
        applied = paragraph(text(env, "No scoring item applies."))
    if scored.get("tai") is not None:
        total = text(env, "{tai} 台 (tai)", tai=scored["tai"])
        if scored.get("minimum_tai") is not None and scored["minimum_tai"] != scored["tai"]:
            total += text(env, ", {count} of them toward the minimum", count=scored["minimum_tai"])
    else:
        total = text(env, "{fu} 胡 (fu) with {fan} 番 (fan)", fu=scored["fu"], fan=scored["fan"])
        if scored.get("fan_raw") not in (None, scored.get("fan")):
            total += text(env, " ({fan} before the cap)", fan=scored["fan_raw"])
        total += text(env, " → {hu} 胡 after multiplying, rounding and capping", hu=scored["hu"])
    if scored.get("capped"):
        total += text(env, " (capped)")
    points = str(scored["points"])
    total_para = paragraph(text(env, "total: "), total, "; S = ", nodes.strong(points, points), classes=["nbmj-total"])
    facts += nodes.list_item("", total_para)
    if not scored["valid"]:
        from ..scoring.explanation import refusal_text

        reason = paragraph(text(env, "not a valid win: "), refusal_text(scored["reason"] or "", "zh" if language_key(env) == "zh" else "en"))
        if scored.get("reason_rule"):
            reason += [nodes.Text(" "), rule_ref(env, scored["reason_rule"])]
        facts += nodes.list_item("", reason)
    pays = ", ".join(f"{seat} {amount:+d}" for seat, amount in scored["payments"].items())
    pay_para = paragraph(text(env, "payments: "), inline_literal(pays), classes=["nbmj-payments-result"])
    for rid in scored.get("payment_rules", []):
        pay_para += [nodes.Text(" "), rule_ref(env, rid)]
    facts += nodes.list_item("", pay_para)
    out.append(applied)
    out.append(facts)
    return out
