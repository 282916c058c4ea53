"""Worked examples on a variant page: hands scored by the engine while the docs build.

The examples are JSON situations (:meth:`nbmj.scoring.situation.Situation.from_dict`),
each with an optional ``"title"``. Each is shown as its tiles, the items that applied,
the total and the payments, so the page can never disagree with the scorer.
"""

from __future__ import annotations

import json
from pathlib import Path

from docutils import nodes

from .domain import RULE_ID, rule_ref
from .markup import current_docname, inline_literal, paragraph, table, titled_section


def read_examples(directive) -> list[dict]:
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


def examples_section(directive, rules, examples: list[dict]) -> nodes.section:
    """A "Worked examples" section: each example scored under ``rules`` and shown whole.

    An example that does not score is an error at the directive. The page depends on the
    scorer's modules, so a rebuild shows new totals when the scorer changes.
    """
    sec = titled_section(directive.state.document, "Worked examples", "worked examples")
    try:
        from ..scoring import score
        from ..scoring.situation import Situation
    except ImportError as exc:
        raise directive.error(f"worked examples need nbmj.scoring.score: {exc}") from exc
    import nbmj.scoring

    for module in sorted(Path(nbmj.scoring.__file__).resolve().parent.glob("*.py")):
        directive.env.note_dependency(str(module))  # the totals change when the scorer does
    sec += paragraph(
        "Each hand below was scored by ", inline_literal("nbmj.scoring.score"), " when these pages were built."
    )
    for number, example in enumerate(examples, 1):
        example = dict(example)
        title = example.pop("title", f"Example {number}")
        try:
            situation = Situation.from_dict(example)
            result = score(situation, rules)
        except Exception as exc:  # noqa: BLE001
            raise directive.error(f"example {number} ({title}) does not score: {exc}") from exc
        box = nodes.container(classes=["nbmj-example"], ids=[f"example-{number}"])
        box += paragraph(nodes.strong(title, title))
        box += hand_display(situation)
        box += score_display(directive.env, result)
        sec += box
    return sec


def hand_display(situation) -> nodes.Node:
    """The tiles of a situation, one line per part, as glyphs and as notation."""
    from ..tiles import glyphs, to_notation

    items = nodes.bullet_list(classes=["nbmj-hand"])

    def line(label: str, tiles, extra: str = "") -> None:
        tiles = list(tiles)
        para = paragraph(f"{label}: ")
        para += nodes.inline(glyphs(tiles), glyphs(tiles), classes=["nbmj-glyphs"])
        para += nodes.Text(" ")
        para += inline_literal(to_notation(tiles) if tiles else "—")
        if extra:
            para += nodes.Text(f" {extra}")
        items.append(nodes.list_item("", para))

    line("concealed", situation.concealed)
    for meld in situation.melds:
        line(f"meld ({meld.kind})", meld.tiles, f"from {meld.source}" if meld.source else "")
    how = situation.win_by + (f", discarded by {situation.discarder}" if situation.discarder else "")
    line("winning tile", [situation.win_tile], f"({how})")
    if situation.flowers:
        line("flowers", situation.flowers)
    if situation.indicator is not None:
        line("wild indicator", [situation.indicator])
    items.append(nodes.list_item("", paragraph(f"seat {situation.seat}, round wind {situation.round_wind}")))
    return items


def score_display(env, result) -> list[nodes.Node]:
    """A :class:`~nbmj.scoring.result.ScoreResult`: the items that applied, the total, the payments."""
    out: list[nodes.Node] = []
    data = result.to_dict()
    rows = []
    for line in data.get("items", []):
        count = line.get("count", 1)
        rows.append(
            (
                [
                    inline_literal(str(line["name"])),
                    str(line.get("label", "")),
                    f"× {count}" if count != 1 else "",
                    str(line["value"]),
                    str(line.get("unit", "")),
                    rule_ref(env, line["rule"]) if RULE_ID.match(str(line.get("rule", ""))) else "",
                ],
                {"classes": ["nbmj-applied"]},
            )
        )
    facts = nodes.bullet_list(classes=["nbmj-score-facts"])
    facts += nodes.list_item("", paragraph("reading: ", inline_literal(data["decomposition"]), f" (wait: {data['wait']})"))
    if rows:
        applied = table(["item", "名称", "count", "value", "unit", "rule"], rows, classes=["nbmj-score"], widths=[3, 3, 1, 1, 1, 2])
    else:
        applied = paragraph("No scoring item applies.")
    if data.get("tai") is not None:
        total = f"{data['tai']} 台 (tai)"
        if data.get("minimum_tai") is not None and data["minimum_tai"] != data["tai"]:
            total += f", {data['minimum_tai']} of them toward the minimum"
    else:
        total = f"{data['fu']} 胡 (fu) with {data['fan']} 番 (fan)"
        if data.get("fan_raw") not in (None, data.get("fan")):
            total += f" ({data['fan_raw']} before the cap)"
        total += f" → {data['hu']} 胡 after multiplying, rounding and capping"
    if data.get("capped"):
        total += " (capped)"
    total_para = paragraph("total: ", total, "; S = ", nodes.strong(str(data["points"]), str(data["points"])),
                           classes=["nbmj-total"])
    facts += nodes.list_item("", total_para)
    if not data["valid"]:
        reason = paragraph("not a valid win: ", data["reason"] or "")
        if data.get("reason_rule"):
            reason += [nodes.Text(" "), rule_ref(env, data["reason_rule"])]
        facts += nodes.list_item("", reason)
    pays = ", ".join(f"{seat} {amount:+d}" for seat, amount in data["payments"].items())
    pay_para = paragraph("payments: ", inline_literal(pays), classes=["nbmj-payments-result"])
    for rid in data.get("payment_rules", []):
        pay_para += [nodes.Text(" "), rule_ref(env, rid)]
    facts += nodes.list_item("", pay_para)
    out.append(applied)
    out.append(facts)
    return out
