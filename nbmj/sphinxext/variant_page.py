"""The ``nbmj-variant`` directive: a variant's reference page, generated from its rule set.

In order: the summary and parent, what changed from the parent, the scoring items, the
restrictions, every other setting, payments and liability, then the worked examples
(:mod:`nbmj.sphinxext.worked_examples`). Each row carries an anchor, and the page
records where it shows each parameter so that rules can link to it.
"""

from __future__ import annotations

from collections.abc import Iterable

from docutils import nodes
from docutils.parsers.rst import directives

from .domain import nbmj_domain, rule_ref, variant_ref
from .markup import current_docname, inline_literal, paragraph, table, titled_section
from .ruleset_diff import diff, flatten
from .setting_values import describe_shares, diff_cell, value_cell
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
        name = self.arguments[0].strip()
        rules = self.load(name)
        doc = self.state.document
        env = self.env
        out: list[nodes.Node] = []
        data = rules.to_dict()

        # ---- summary and lineage
        intro = nodes.container(classes=["nbmj-variant-intro"], ids=[f"variant-{rules.name}"])
        self.state.document.set_id(intro)
        nbmj_domain(env).note_variant(rules.name, current_docname(env))
        intro += paragraph(nodes.strong(rules.name, rules.name), ": ", rules.summary or "")
        facts = nodes.bullet_list()
        parent_para = paragraph("Parent: ")
        if rules.parent:
            parent_para += variant_ref(self.env, rules.parent)
        else:
            parent_para += nodes.Text("none (a root variant)")
        facts += nodes.list_item("", parent_para)
        if rules.aliases:
            facts += nodes.list_item("", paragraph("Also called: ", *self._join(inline_literal(a) for a in rules.aliases)))
        scoring = data["scoring"]
        kind = "台 (tai) summed per hand" if scoring.get("kind") == "tai" else "胡 (fu) × 番 (fan)"
        facts += nodes.list_item("", paragraph("Scoring: ", kind))
        facts += nodes.list_item("", paragraph("Load it: ", inline_literal(f"nbmj.rules.load_variant({rules.name!r})")))
        intro += facts
        out.append(intro)

        # ---- differences from the parent
        if rules.parent:
            sec = titled_section(doc, f"Changes from {rules.parent}", f"changes from {rules.parent}")
            parent = self.load(rules.parent)
            rows = []
            for key, a, b in diff(parent.to_dict(), data):
                rows.append(
                    (
                        [inline_literal(key), diff_cell(env, key, a), diff_cell(env, key, b)],
                        {"classes": ["nbmj-diff"]},
                    )
                )
            if rows:
                sec += paragraph(
                    f"Every setting in which {rules.name} differs from {rules.parent}, as paths into ",
                    inline_literal("RuleSet.to_dict()"),
                    "; an item or row that only one of them has is shown whole (— means absent):",
                )
                sec += table(["setting", rules.parent, rules.name], rows, classes=["nbmj-diff-table"], widths=[3, 3, 3])
            else:
                sec += paragraph(f"None: {rules.name} compiles to the same rules as {rules.parent}.")
            out.append(sec)

        # ---- scoring items
        out.append(self._items_section(rules))

        # ---- restrictions
        out.append(self._restrictions_section(rules, data))

        # ---- everything else
        sec = titled_section(doc, "Settings", "settings")
        sec += paragraph(
            "Every other setting of the compiled rule set, by section, as paths into ",
            inline_literal("RuleSet.to_dict()"),
            ". The rulebook's rules name these paths in their ",
            nodes.emphasis("Variant parameter", "Variant parameter"),
            " line.",
        )
        flat = flatten(data)
        rows = []
        for key, value in flat.items():
            top = key.split(".")[0].split("[")[0]
            if top in _SECTIONS_SHOWN_ELSEWHERE:
                continue
            rows.append(([inline_literal(key), value_cell(env, key, value)], {"classes": ["nbmj-setting"], "ids": [f"setting-{key}"]}))
        sec += table(["setting", "value"], rows, classes=["nbmj-settings"], widths=[4, 5])
        out.append(sec)

        # ---- payments and liability
        out.append(self._payments_section(rules, data))

        # ---- worked examples
        examples = read_examples(self)
        if examples:
            out.append(examples_section(self, rules, examples))
        self._note_params(out, data)
        return out

    def _note_params(self, sections: list[nodes.Node], data: dict) -> None:
        """Record where this page shows each rule-set parameter (``wilds.kinds``,
        ``items.flush``, ``payments``...), so that rules can link their parameters."""
        anchors: dict[str, str] = {}
        section_of = {}
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

    def _join(self, parts: Iterable[nodes.Node], sep: str = ", ") -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for i, part in enumerate(parts):
            if i:
                out.append(nodes.Text(sep))
            out.append(part)
        return out

    def _items_section(self, rules) -> nodes.section:
        env = self.env
        sec = titled_section(self.state.document, "Scoring items", "scoring items")
        unit_names = {"tai": "台 tai", "fu": "胡 fu", "fan": "番 fan"}
        sec += paragraph(
            f"{len(rules.items)} items. An item scores its value (times the count after ",
            inline_literal("each"),
            ", if any) when its condition holds; ",
            inline_literal("off"),
            " marks an item defined but switched off in this variant.",
        )
        rows = []
        for it in rules.items:
            cond = str(it.when) if it.when is not None else "always"
            extra = []
            if it.each is not None:
                extra.append(f"each {it.each}")
            if it.excludes:
                extra.append("excludes " + ", ".join(it.excludes))
            if it.group:
                extra.append(f"group {it.group}")
            if not it.counts_for_minimum:
                extra.append("not for minimum")
            value = "off" if it.value is None else str(it.value)
            value_cell = nodes.entry(classes=["nbmj-value"])
            value_cell += nodes.paragraph(text=value)
            rows.append(
                (
                    [
                        inline_literal(it.name),
                        it.label,
                        value_cell,
                        unit_names.get(it.unit, it.unit),
                        inline_literal(cond),
                        "; ".join(extra) or "",
                        rule_ref(env, it.rule) if it.rule else "",
                    ],
                    {"ids": [f"item-{it.name}"], "classes": ["nbmj-item"]},
                )
            )
        sec += table(
            ["item", "名称", "value", "unit", "condition", "notes", "rule"],
            rows,
            classes=["nbmj-items"],
            widths=[3, 3, 1, 2, 5, 4, 2],
        )
        return sec

    def _restrictions_section(self, rules, data: dict) -> nodes.section:
        env = self.env
        sec = titled_section(self.state.document, "Restrictions", "restrictions")
        if data["restrictions"]:
            from ..rules.model import RESTRICTION_KINDS

            rows = []
            for r in data["restrictions"]:
                detail = []
                if r.get("unless"):
                    detail.append("unless " + ", ".join(r["unless"]))
                if r.get("suits"):
                    detail.append("suits " + " ".join(r["suits"]))
                if r.get("claims"):
                    detail.append("claims " + ", ".join(r["claims"]))
                rows.append(
                    (
                        [inline_literal(r["kind"]), RESTRICTION_KINDS.get(r["kind"], ""), r.get("window", ""), "; ".join(detail),
                         rule_ref(env, r["rule"]) if r.get("rule") else ""],
                        {"classes": ["nbmj-restriction"], "ids": [f"restriction-{r['kind']}"]},
                    )
                )
            sec += paragraph("Restrictions on claims and discards:")
            sec += table(["restriction", "meaning", "when", "details", "rule"], rows, classes=["nbmj-restrictions"],
                         widths=[2, 5, 2, 2, 1])
        else:
            sec += paragraph("No restrictions on claims or discards.")
        if data["win_restrictions"]:
            rows = [
                ([inline_literal(w["when"]), ", ".join(w["forbid"]), rule_ref(env, w["rule"]) if w.get("rule") else ""],
                 {"classes": ["nbmj-win-restriction"]})
                for w in data["win_restrictions"]
            ]
            sec += paragraph("Win methods forbidden to some hands:")
            sec += table(["a hand with", "may not win by", "rule"], rows, classes=["nbmj-win-restrictions"], widths=[4, 4, 1])
        sec += paragraph("Winning shapes: ", *self._join(inline_literal(x) for x in data["shapes"]), ".")
        return sec

    def _payments_section(self, rules, data: dict) -> nodes.section:
        env = self.env
        sec = titled_section(self.state.document, "Payments and liability", "payments and liability")
        sec += paragraph(
            "S is the winning hand's value in points. Baseline payments, before liability (三摊/三包):"
        )
        rows = [
            ([inline_literal(p["situation"]), describe_shares(p["shares"]), rule_ref(env, p["rule"]) if p.get("rule") else ""],
             {"classes": ["nbmj-payment"], "ids": [f"payment-{p['situation']}"]})
            for p in data["payments"]
        ]
        sec += table(["win situation", "who pays", "rule"], rows, classes=["nbmj-payments"], widths=[3, 5, 2])
        liability = data.get("liability")
        if liability is None:
            sec += paragraph("No liability (三摊) in this variant: every win settles by the table above.")
        else:
            sec += paragraph(
                f"Liability (三摊/三包): two seats are linked when {liability['threshold']} or more melds "
                f"({', '.join(liability['counts'])}) were fed between them (direction: {liability['direction']}). "
                "A linked row replaces the baseline; seats without a link "
                + ("still pay." if liability["others_pay"] else "pay nothing.")
            )
            rows = [
                (
                    [inline_literal(r["situation"]), r["link"], describe_shares(r["shares"]), rule_ref(env, r["rule"]) if r.get("rule") else ""],
                    {"classes": ["nbmj-liability"]},
                )
                for r in liability["rows"]
            ]
            sec += table(["situation", "link", "who pays", "rule"], rows, classes=["nbmj-liability-table"], widths=[3, 2, 5, 2])
        return sec
