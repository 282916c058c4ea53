"""The ``nbmj-compare`` directive: the shipped variants side by side.

One table of every scoring item's value in each variant, and one of the settings in
which the variants differ (all settings with ``:all-rows:``).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives

from .domain import rule_ref, variant_ref
from .i18n import parts, text
from .markup import comma_list, inline_literal, name_text, paragraph, table, titled_section
from .ruleset_diff import ABSENT, flatten, ordered_keys
from .setting_values import dsl_word, value_cell
from .variant_loading import VariantDirectiveBase, shipped_variants


class CompareDirective(VariantDirectiveBase):
    """``.. nbmj-compare::``: every shipped variant (or ``:variants: a, b``) side by side."""

    has_content = False
    option_spec = {"variants": directives.unchanged, "all-rows": directives.flag}

    def run(self) -> list[nodes.Node]:
        """The items table and the settings table, a column per variant."""
        names = comma_list(self.options.get("variants")) or shipped_variants()
        sets = [self.load(n) for n in names]
        env = self.env
        doc = self.state.document
        out: list[nodes.Node] = []

        headers: list[Any] = ["", *[variant_ref(env, s.name) for s in sets]]

        # ---- items
        sec = titled_section(doc, text(env, "Scoring items"), "compare scoring items")
        item_names = ordered_keys([{it.name: None for it in s.items} for s in sets])
        rows: list[tuple[list[Any], dict[str, Any]]] = []
        for item in item_names:
            cells: list[Any] = []
            rule = None
            label = ""
            for s in sets:
                try:
                    it = s.item(item)
                except KeyError:  # a value cell too, so that every row's cells line up with the variants
                    absent = nodes.entry(classes=["nbmj-value", "nbmj-absent"])
                    absent += nodes.paragraph(text="—")
                    cells.append(absent)
                    continue
                rule = rule or it.rule
                label = label or it.label
                entry = nodes.entry(classes=["nbmj-value"])
                shown = "off" if it.value is None else f"{it.value} {dsl_word(env, it.unit)}"
                entry += nodes.paragraph(text=shown)
                cells.append(entry)
            head: list[Any] = [inline_literal(item), " ", name_text(label)]
            if rule:
                head += [" ", rule_ref(env, rule)]
            rows.append(([head, *cells], {"ids": [f"item-{item}"], "classes": ["nbmj-item"]}))
        sec += paragraph(text(
            env,
            "Value and unit of each scoring item (台 tai, 胡 fu, 番 fan); — means the variant has no such item, "
            "off that it is defined but switched off.",
        ))
        sec += table([text(env, "item"), *headers[1:]], rows, classes=["nbmj-compare-items", "nbmj-compare"])
        out.append(sec)

        # ---- every other setting
        sec = titled_section(doc, text(env, "Settings"), "compare settings")
        flats = [flatten(s.to_dict()) for s in sets]
        rows = []
        for key in ordered_keys(flats):
            top = key.split(".")[0].split("[")[0]
            if top in ("name", "summary", "source", "items"):
                continue
            values = [f.get(key, ABSENT) for f in flats]
            differs = any(v != values[0] for v in values)
            if not differs and "all-rows" not in self.options:
                continue
            cells = ["—" if v is ABSENT else value_cell(env, key, v) for v in values]
            rows.append(([inline_literal(key), *cells], {"classes": ["nbmj-setting", "nbmj-differs" if differs else "nbmj-same"]}))
        to_dict = inline_literal("RuleSet.to_dict()")
        if "all-rows" in self.options:
            intro = parts(env, "Settings, as paths into {to_dict}, in which the variants differ (all settings are listed).",
                          to_dict=to_dict)
        else:
            intro = parts(env, "Settings, as paths into {to_dict}, in which the variants differ; settings that all "
                          "share are left out.", to_dict=to_dict)
        sec += paragraph(*intro)
        sec += table([text(env, "setting"), *[variant_ref(env, s.name) for s in sets]], rows,
                     classes=["nbmj-compare-settings", "nbmj-compare"])
        out.append(sec)
        return out
