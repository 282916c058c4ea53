"""The ``nbmj-variant`` directive: a variant's reference page, generated from its rule set.

In order: the summary and parent, what changed from the parent, the scoring items, the
restrictions, every other setting, payments and liability, then the worked examples
(:mod:`nbmj.sphinxext.worked_examples`). Each row carries an anchor, and the page
records where it shows each parameter so that rules can link to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives

from ..rules.model import RuleSet
from .domain import nbmj_domain, rule_ref, variant_ref
from .i18n import data, parts, text, texts
from .markup import current_docname, inline_literal, name_text, paragraph, table, titled_section
from .ruleset_diff import diff, flatten
from .setting_values import describe_shares, diff_cell, unit_name, value_cell
from .variant_loading import VariantDirectiveBase
from .worked_examples import examples_section, read_examples

# Top-level keys of to_dict() that have a section of their own (or head the page), so the
# "Settings" table leaves them out.
_SECTIONS_SHOWN_ELSEWHERE = (
    "name", "parent", "summary", "aliases", "source", "items", "payments", "liability",
    "restrictions", "win_restrictions", "shapes",
)


class VariantDirective(VariantDirectiveBase):
    """``.. nbmj-variant:: NAME``: a variant's generated reference.

    The body, or the file named by ``:examples:``, is a JSON list of example situations
    to score.
    """

    required_arguments = 1
    has_content = True
    option_spec = {"examples": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        """The variant's sections, in the order the module docstring lists them."""
        t = self.env
        name = self.arguments[0].strip()
        rules = self.load(name)
        doc = self.state.document
        env = self.env
        out: list[nodes.Node] = []
        data_dict = rules.to_dict()

        # ---- summary and lineage
        intro = nodes.container(classes=["nbmj-variant-intro"], ids=[f"variant-{rules.name}"])
        self.state.document.set_id(intro)
        nbmj_domain(env).note_variant(rules.name, current_docname(env))
        intro += paragraph(nodes.strong(rules.name, rules.name), text(t, ": "), data(t, rules.summary or ""))
        facts = nodes.bullet_list()
        parent_para = paragraph(text(t, "Parent: "))
        if rules.parent:
            parent_para += variant_ref(self.env, rules.parent)
        else:
            parent_para += nodes.Text(text(t, "none (a root variant)"))
        facts += nodes.list_item("", parent_para)
        if rules.aliases:
            aliases = self._join((inline_literal(a) for a in rules.aliases), text(t, ", "))
            facts += nodes.list_item("", paragraph(text(t, "Also called: "), *aliases))
        scoring = data_dict["scoring"]
        kind = text(t, "台 (tai) summed per hand") if scoring.get("kind") == "tai" else text(t, "胡 (fu) × 番 (fan)")
        facts += nodes.list_item("", paragraph(text(t, "Scoring: "), kind))
        load_call = inline_literal(f"nbmj.rules.load_variant({rules.name!r})")
        facts += nodes.list_item("", paragraph(text(t, "Load it: "), load_call))
        intro += facts
        out.append(intro)

        # ---- differences from the parent
        if rules.parent:
            heading = text(t, "Changes from {parent}", parent=rules.parent)
            sec = titled_section(doc, heading, f"changes from {rules.parent}")
            parent = self.load(rules.parent)
            rows: list[tuple[list[Any], dict[str, Any]]] = []
            for key, a, b in diff(parent.to_dict(), data_dict):
                rows.append(
                    (
                        [inline_literal(key), diff_cell(env, key, a), diff_cell(env, key, b)],
                        {"classes": ["nbmj-diff"]},
                    )
                )
            if rows:
                sec += paragraph(*parts(
                    t,
                    "Every setting in which {name} differs from {parent}, as paths into {to_dict}; an item or row "
                    "that only one of them has is shown whole (— means absent):",
                    name=rules.name, parent=rules.parent, to_dict=inline_literal("RuleSet.to_dict()"),
                ))
                headers = [text(t, "setting"), rules.parent, rules.name]
                sec += table(headers, rows, classes=["nbmj-diff-table"], widths=[3, 3, 3])
            else:
                sec += paragraph(text(t, "None: {name} compiles to the same rules as {parent}.", name=rules.name,
                                      parent=rules.parent))
            out.append(sec)

        # ---- scoring items
        out.append(self._items_section(rules))

        # ---- restrictions
        out.append(self._restrictions_section(rules, data_dict))

        # ---- everything else
        sec = titled_section(doc, text(t, "Settings"), "settings")
        label = text(t, "Variant parameter")
        sec += paragraph(*parts(
            t,
            "Every other setting of the compiled rule set, by section, as paths into {to_dict}. "
            "The rulebook's rules name these paths in their {label} line.",
            to_dict=inline_literal("RuleSet.to_dict()"), label=nodes.emphasis(label, label),
        ))
        flat = flatten(data_dict)
        rows = []
        for key, value in flat.items():
            top = key.split(".")[0].split("[")[0]
            if top in _SECTIONS_SHOWN_ELSEWHERE:
                continue
            rows.append(([inline_literal(key), value_cell(env, key, value)], {"classes": ["nbmj-setting"], "ids": [f"setting-{key}"]}))
        sec += table([text(t, "setting"), text(t, "value")], rows, classes=["nbmj-settings"], widths=[4, 5])
        out.append(sec)

        # ---- payments and liability
        out.append(self._payments_section(rules, data_dict))

        # ---- worked examples
        examples = read_examples(self)
        if examples:
            out.append(examples_section(self, rules, examples))
        self._note_params(out, data_dict)
        return out

    def _note_params(self, sections: list[nodes.Node], data: dict[str, Any]) -> None:
        """Record where this page shows each rule-set parameter (``wilds.kinds``,
        ``items.flush``, ``payments``...), so that rules can link their parameters."""
        anchors: dict[str, str] = {}
        section_of: dict[str, str] = {}
        for sec in sections:
            if isinstance(sec, nodes.section) and sec["ids"]:
                section_of[sec["names"][0] if sec["names"] else ""] = sec["ids"][0]
        items_sec = section_of.get("scoring items")
        restr_sec = section_of.get("restrictions")
        pay_sec = section_of.get("payments and liability")
        for sec in sections:
            for row in sec.findall(nodes.row) if isinstance(sec, nodes.Element) else ():
                for row_id in row["ids"]:
                    kind, _, rest = row_id.partition("-")
                    if kind == "setting":
                        anchors.setdefault(rest, row_id)
                        parts = rest.split(".")
                        for i in range(1, len(parts)):
                            anchors.setdefault(".".join(parts[:i]), row_id)
                    elif kind == "item":
                        anchors.setdefault(f"items.{rest}", row_id)
                    elif kind == "restriction":
                        anchors.setdefault(f"restrictions.{rest}", row_id)
                    elif kind == "payment":
                        anchors.setdefault(f"payments.{rest}", row_id)
        for key, sec_id in (("items", items_sec), ("restrictions", restr_sec), ("win_restrictions", restr_sec),
                            ("shapes", restr_sec), ("payments", pay_sec), ("liability", pay_sec)):
            if sec_id:
                anchors.setdefault(key, sec_id)
        if pay_sec and data.get("liability"):
            for key in data["liability"]:
                anchors.setdefault(f"liability.{key}", pay_sec)
        domain = nbmj_domain(self.env)
        for param, anchor in anchors.items():
            domain.note_param(param, current_docname(self.env), anchor)

    # -- pieces

    def _join(self, pieces: Iterable[nodes.Node], sep: str = ", ") -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for i, part in enumerate(pieces):
            if i:
                out.append(nodes.Text(sep))
            out.append(part)
        return out

    def _words(self, words: Iterable[str]) -> str:
        """Words of the variant language (claims, win methods, conditions) in the build's
        language, listed."""
        return text(self.env, ", ").join(data(self.env, w) for w in words)

    def _items_section(self, rules: RuleSet) -> nodes.section:
        env = t = self.env
        sec = titled_section(self.state.document, text(t, "Scoring items"), "scoring items")
        sec += paragraph(*parts(
            t,
            "{count} items. An item scores its value (times the count after {each}, if any) when its "
            "condition holds; {off} marks an item defined but switched off in this variant.",
            count=len(rules.items), each=inline_literal("each"), off=inline_literal("off"),
        ))
        rows = []
        for it in rules.items:
            cond = str(it.when) if it.when is not None else "always"
            extra = []
            if it.each is not None:
                extra.append(text(t, "each {feature}", feature=it.each))
            if it.excludes:
                extra.append(text(t, "excludes {items}", items=", ".join(it.excludes)))
            if it.group:
                extra.append(text(t, "group {group}", group=it.group))
            if not it.counts_for_minimum:
                extra.append(text(t, "not for minimum"))
            value = "off" if it.value is None else str(it.value)
            value_cell = nodes.entry(classes=["nbmj-value"])
            value_cell += nodes.paragraph(text=value)
            rows.append(
                (
                    [
                        inline_literal(it.name),
                        name_text(it.label),
                        value_cell,
                        unit_name(t, it.unit),
                        inline_literal(cond),
                        text(t, "; ").join(extra),
                        rule_ref(env, it.rule) if it.rule else "",
                    ],
                    {"ids": [f"item-{it.name}"], "classes": ["nbmj-item"]},
                )
            )
        sec += table(
            texts(t, "item", "名称", "value", "unit", "condition", "notes", "rule"),
            rows,
            classes=["nbmj-items"],
            widths=[3, 3, 1, 2, 5, 4, 2],
        )
        return sec

    def _restrictions_section(self, rules: RuleSet, data_dict: dict[str, Any]) -> nodes.section:
        env = t = self.env
        sec = titled_section(self.state.document, text(t, "Restrictions"), "restrictions")
        if data_dict["restrictions"]:
            from ..rules.model import RESTRICTION_KINDS

            rows = []
            for r in data_dict["restrictions"]:
                detail = []
                if r.get("unless"):
                    detail.append(text(t, "unless {conditions}", conditions=self._words(r["unless"])))
                if r.get("suits"):
                    detail.append(text(t, "suits {suits}", suits=" ".join(r["suits"])))
                if r.get("claims"):
                    detail.append(text(t, "claims {claims}", claims=self._words(r["claims"])))
                meaning = data(t, RESTRICTION_KINDS.get(r["kind"], ""))
                window = data(t, r["window"]) if r.get("window") else ""
                rows.append(
                    (
                        [inline_literal(r["kind"]), meaning, window, text(t, "; ").join(detail),
                         rule_ref(env, r["rule"]) if r.get("rule") else ""],
                        {"classes": ["nbmj-restriction"], "ids": [f"restriction-{r['kind']}"]},
                    )
                )
            sec += paragraph(text(t, "Restrictions on claims and discards:"))
            headers = texts(t, "restriction", "meaning", "when", "details", "rule")
            sec += table(headers, rows, classes=["nbmj-restrictions"], widths=[2, 5, 2, 2, 1])
        else:
            sec += paragraph(text(t, "No restrictions on claims or discards."))
        if data_dict["win_restrictions"]:
            rows = [
                ([inline_literal(w["when"]), self._words(w["forbid"]), rule_ref(env, w["rule"]) if w.get("rule") else ""],
                 {"classes": ["nbmj-win-restriction"]})
                for w in data_dict["win_restrictions"]
            ]
            sec += paragraph(text(t, "Win methods forbidden to some hands:"))
            headers = texts(t, "a hand with", "may not win by", "rule")
            sec += table(headers, rows, classes=["nbmj-win-restrictions"], widths=[4, 4, 1])
        shapes = self._join((inline_literal(x) for x in data_dict["shapes"]), text(t, ", "))
        sec += paragraph(text(t, "Winning shapes: "), *shapes, text(t, "."))
        return sec

    def _payments_section(self, rules: RuleSet, data_dict: dict[str, Any]) -> nodes.section:
        env = t = self.env
        sec = titled_section(self.state.document, text(t, "Payments and liability"), "payments and liability")
        sec += paragraph(text(t, "S is the winning hand's value in points. Baseline payments, before liability (三摊/三包):"))
        rows = [
            ([inline_literal(p["situation"]), describe_shares(t, p["shares"]), rule_ref(env, p["rule"]) if p.get("rule") else ""],
             {"classes": ["nbmj-payment"], "ids": [f"payment-{p['situation']}"]})
            for p in data_dict["payments"]
        ]
        headers = texts(t, "win situation", "who pays", "rule")
        sec += table(headers, rows, classes=["nbmj-payments"], widths=[3, 5, 2])
        liability = data_dict.get("liability")
        if liability is None:
            sec += paragraph(text(t, "No liability (三摊) in this variant: every win settles by the table above."))
        else:
            others = text(t, "still pay.") if liability["others_pay"] else text(t, "pay nothing.")
            sec += paragraph(text(
                t,
                "Liability (三摊/三包): two seats are linked when {threshold} or more melds ({counts}) were fed "
                "between them (direction: {direction}). A linked row replaces the baseline; seats without a link {others}",
                threshold=liability["threshold"], counts=self._words(liability["counts"]),
                direction=data(t, liability["direction"]), others=others,
            ))
            rows = [
                (
                    [inline_literal(r["situation"]), r["link"], describe_shares(t, r["shares"]),
                     rule_ref(env, r["rule"]) if r.get("rule") else ""],
                    {"classes": ["nbmj-liability"]},
                )
                for r in liability["rows"]
            ]
            headers = texts(t, "situation", "link", "who pays", "rule")
            sec += table(headers, rows, classes=["nbmj-liability-table"], widths=[3, 2, 5, 2])
        return sec

