"""Sphinx extension for documents about nbmj rules: the rulebook and the shipped variants.

Add ``"nbmj.sphinxext"`` to ``extensions`` in ``conf.py``. It provides:

``.. rule:: NB-4.2``
    One numbered rule of the rulebook, with options ``:title:``, ``:sources:`` (source
    tags, comma-separated) and ``:variant:`` (the variant parameters that change it) and
    a prose body. The rendered rule carries an HTML anchor equal to its ID
    (``id="NB-4.2"``), a permalink, its sources linked to the sources page and the
    parameters named, each linked to where a variant page shows it (the pages named by
    the ``nbmj_params_docs`` setting first: ``ningbo`` for NB rules, ``ninghai-yaobansan``
    for NH rules).

``:rule:`NB-4.2```
    A link to a rule (``:rule:`the wild rule <NB-4.2>``` for other text). An unknown ID
    is a build warning. The same role is available as ``:nbmj:rule:``.

``.. nbmj-source:: S001``
    The anchor that ``:sources:`` tags link to (``id="source-S001"``); its body describes
    the source. Without any ``nbmj-source`` in the project, tags are shown unlinked.

``.. nbmj-variant:: ningbo``
    A variant's reference generated from its compiled :class:`~nbmj.rules.model.RuleSet`:
    its parent and what it changes, every scoring item, the settings, payments and
    liability, and worked examples scored at build time. The examples are a JSON list
    of situations (see :meth:`nbmj.scoring.situation.Situation.from_dict`), each with an
    optional ``"title"``, in the directive's body or in a file named by ``:examples:``.

``.. nbmj-compare::``
    A table of every shipped variant side by side (option ``:variants:`` to choose).

``.. nbmj-features::``, ``.. nbmj-grammar::``, ``.. nbmj-diagnostics::``
    The condition vocabulary (:data:`~nbmj.rules.model.FEATURES`), the variant grammar
    as shipped in the installed package, and the table of known-bad variant texts with
    the message each produces (:data:`nbmj.rules.diagnostics.BAD_EXAMPLES`).

``.. nbmj-cli::``
    The ``--help`` of every ``nbmj`` subcommand (option ``:commands:`` to choose).

Also: rule IDs written as plain text in running prose (``see NB-5.1``) become links;
on the page named by the ``nbmj_sources_doc`` setting (default ``"rulebook/sources"``)
each tag of a definition list (``S001`` and its indented description) becomes the
``source-S001`` anchor; and title underlines in included files that are long enough in
characters but not in display columns (Chinese is two columns wide) are lengthened.
Settings: ``nbmj_link_rule_ids`` (default True), ``nbmj_sources_doc``,
``nbmj_check_rulebook`` (default True: warn when a rule of
:func:`nbmj.rules.rulebook.load_rules` is missing from a build that shows any rule).

Every file the directives read (variant files, grammar, example data) is recorded as a
dependency of the page, so an incremental build notices when it changes.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.transforms import SphinxTransform
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

__all__ = ["setup", "RULE_ID"]

logger = logging.getLogger(__name__)

#: The shape of a rule ID: ``NB-4.2`` (Ningbo) or ``NH-3.1`` (Ninghai).
RULE_ID = re.compile(r"^(?:NB|NH)-\d+\.\d+$")
_RULE_ID_IN_TEXT = re.compile(r"\b(?:NB|NH)-\d+\.\d+\b")
_ABSENT = object()  # a setting one side of a comparison does not have


# --------------------------------------------------------------------------- helpers


def _docname(env) -> str:
    current = getattr(env, "current_document", None)
    return current.docname if current is not None else env.docname


def _comma_list(text: str | None) -> list[str]:
    return [w.strip() for w in re.split(r"[,\s]+", text or "") if w.strip()]


def rule_ref(env, rule_id: str, text: str | None = None) -> nodes.Node:
    """A pending cross-reference to a rule, resolved by the ``nbmj`` domain."""
    ref = addnodes.pending_xref(
        "",
        refdomain="nbmj",
        reftype="rule",
        reftarget=rule_id,
        refexplicit=text is not None,
        refwarn=True,
        refdoc=_docname(env),
    )
    ref += nodes.inline(text or rule_id, text or rule_id, classes=["xref", "nbmj", "nbmj-rule"])
    return ref


def variant_ref(env, name: str) -> nodes.Node:
    """A link to a variant's generated page (plain text when it has none)."""
    ref = addnodes.pending_xref(
        "", refdomain="nbmj", reftype="variant", reftarget=name, refexplicit=False, refwarn=False,
        refdoc=_docname(env),
    )
    ref += nodes.literal(name, name, classes=["xref", "nbmj", "nbmj-variant"])
    return ref


def _source_ref(env, tag: str) -> nodes.Node:
    ref = addnodes.pending_xref(
        "",
        refdomain="nbmj",
        reftype="source",
        reftarget=tag,
        refexplicit=False,
        refwarn=False,
        refdoc=_docname(env),
    )
    ref += nodes.inline(tag, tag, classes=["nbmj-source-tag"])
    return ref


def _paragraph(*parts: Any, classes: Iterable[str] = ()) -> nodes.paragraph:
    para = nodes.paragraph(classes=list(classes))
    for part in parts:
        para += part if isinstance(part, nodes.Node) else nodes.Text(str(part))
    return para


def _cell(value: Any) -> nodes.entry:
    entry = nodes.entry()
    if isinstance(value, nodes.entry):
        return value
    if isinstance(value, nodes.Node):
        entry += value if isinstance(value, nodes.Body) else _paragraph(value)
    elif isinstance(value, list):
        para = nodes.paragraph()
        for part in value:
            para += part if isinstance(part, nodes.Node) else nodes.Text(str(part))
        entry += para
    else:
        entry += nodes.paragraph(text=str(value))
    return entry


def _table(
    headers: list[str],
    rows: Iterable[list[Any] | tuple[list[Any], dict]],
    *,
    classes: Iterable[str] = (),
    widths: list[int] | None = None,
) -> nodes.table:
    """A table; a row may be ``(cells, {"ids": [...], "classes": [...]})``."""
    table = nodes.table(classes=["nbmj-table", *classes])
    group = nodes.tgroup(cols=len(headers))
    table += group
    for width in widths or [1] * len(headers):
        group += nodes.colspec(colwidth=width)
    thead = nodes.thead()
    group += thead
    head_row = nodes.row()
    for header in headers:
        head_row += _cell(header)
    thead += head_row
    body = nodes.tbody()
    group += body
    for row in rows:
        attrs: dict = {}
        if isinstance(row, tuple):
            row, attrs = row
        tr = nodes.row(**attrs)
        for value in row:
            tr += _cell(value)
        body += tr
    return table


def _section(document, title: str, name: str) -> nodes.section:
    section = nodes.section()
    section += nodes.title(title, title)
    section["names"].append(nodes.fully_normalize_name(name))
    document.note_implicit_target(section, section)
    return section


def _literal(text: str) -> nodes.literal:
    return nodes.literal(text, text)


def _spec_root() -> Path | None:
    try:
        from ._paths import spec_root

        return spec_root()
    except Exception:  # noqa: BLE001 - an incomplete install simply records no dependency
        return None


def _fmt(value: Any) -> str:
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


def _value_cell(env, key: str, value: Any) -> Any:
    """A value; rule IDs (fields named ``rule``) become rule links, seat flowers tiles."""
    if key.split(".")[-1] == "rule" and isinstance(value, str) and RULE_ID.match(value):
        return rule_ref(env, value)
    if key.split(".")[-1] == "shares" and isinstance(value, list) and all(isinstance(v, dict) for v in value):
        return _literal(_shares(value))
    if key.endswith("seat_flowers") and isinstance(value, list):
        from .tiles import chinese_name, tile_code

        try:
            text = "; ".join(
                f"{seat} {' '.join(tile_code(t) for t in ids)} ({''.join(chinese_name(t) for t in ids)})"
                for seat, ids in value
            )
            return _literal(text)
        except Exception:  # noqa: BLE001 - fall back to the raw value
            pass
    return _literal(_fmt(value))


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


def diff(old: dict, new: dict) -> list[tuple[str, Any, Any]]:
    """What changes from one ``to_dict()`` to another, as ``(path, old, new)`` rows.

    Paths are those of :func:`flatten`; a record (an item, a restriction, a table row)
    present on one side only is one row holding the whole record, and ``_ABSENT`` marks
    the missing side. Identity fields (name, parent, summary, aliases, source) are left out.
    """
    a, b = flatten(old), flatten(new)
    rows: list[tuple[str, Any, Any]] = []
    done: set[str] = set()
    for key in _ordered_keys([a, b]):
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
                rows.append((record, whole if in_a else _ABSENT, _ABSENT if in_a else whole))
                continue
        if record is not None and record in done:
            continue
        va, vb = a.get(key, _ABSENT), b.get(key, _ABSENT)
        if va != vb:
            rows.append((key, va, vb))
    return rows


def _record_of(key: str) -> str | None:
    """``items[x]`` for ``items[x].value``: the innermost keyed record a path is in."""
    end = key.rfind("]")
    return key[: end + 1] if end >= 0 else None


def _diff_cell(env, key: str, value: Any) -> Any:
    if value is _ABSENT:
        return "—"
    if isinstance(value, dict):
        return _literal(", ".join(f"{k} {_shares(v) if k == 'shares' else _fmt(v)}" for k, v in value.items()))
    return _value_cell(env, key, value)


def _shares(shares: list[dict]) -> str:
    if not shares:
        return "nobody pays"
    return "; ".join(f"{s['role']} pays {s['multiplier']} × S" for s in shares)


def _load_variant(name: str):
    from .rules import load_variant

    return load_variant(name)


def _variant_files(rules) -> list[Path]:
    """The ``.nbv`` files a rule set was compiled from (itself and its ancestors)."""
    root = _spec_root()
    found: list[Path] = []
    seen: set[str] = set()
    while rules is not None and rules.name not in seen:
        seen.add(rules.name)
        if rules.source and Path(rules.source).is_file():
            found.append(Path(rules.source))
        elif root is not None and (root / "variants" / f"{rules.name}.nbv").is_file():
            found.append(root / "variants" / f"{rules.name}.nbv")
        try:
            rules = _load_variant(rules.parent) if rules.parent else None
        except Exception:  # noqa: BLE001
            rules = None
    return found


def _shipped_variants() -> list[str]:
    """The shipped variants, each root followed by its descendants (depth first)."""
    from .rules import list_variants, variant_infos

    names = list(list_variants())
    try:
        parents = {info.name: info.parent for info in variant_infos()}
    except Exception:  # noqa: BLE001
        return names
    ordered: list[str] = []

    def visit(name: str) -> None:
        if name in ordered:
            return
        ordered.append(name)
        for child in names:
            if parents.get(child) == name:
                visit(child)

    for name in names:
        if parents.get(name) not in names:
            visit(name)
    return ordered + [n for n in names if n not in ordered]


# --------------------------------------------------------------------------- the domain


class RuleRole(XRefRole):
    """``:rule:`NB-4.2``` in any domain context."""

    innernodeclass = nodes.inline

    def run(self):
        self.refdomain, self.reftype = "nbmj", "rule"
        self.classes = ["xref", "nbmj", "nbmj-rule"]
        return self.create_xref_node()


class NbmjDomain(Domain):
    """Rules (``NB-4.2``) and sources (``S001``) as link targets."""

    name = "nbmj"
    label = "nbmj rules"
    object_types = {
        "rule": ObjType("rule", "rule"),
        "source": ObjType("source", "source"),
        "variant": ObjType("variant", "variant"),
        "param": ObjType("param", "param"),
    }
    roles = {"rule": RuleRole(warn_dangling=True)}
    initial_data: dict = {"rules": {}, "sources": {}, "variants": {}, "params": {}}
    dangling_warnings = {"rule": "unknown rule ID %(target)r"}

    @property
    def rules(self) -> dict[str, tuple[str, str]]:
        return self.data.setdefault("rules", {})

    @property
    def sources(self) -> dict[str, str]:
        return self.data.setdefault("sources", {})

    def note_rule(self, rule_id: str, title: str, docname: str, location) -> None:
        if rule_id in self.rules and self.rules[rule_id][0] != docname:
            other = self.env.doc2path(self.rules[rule_id][0])
            logger.warning("rule %s is defined twice (also in %s)", rule_id, other, location=location)
        self.rules[rule_id] = (docname, title)

    @property
    def variants(self) -> dict[str, str]:
        return self.data.setdefault("variants", {})

    def note_source(self, tag: str, docname: str) -> None:
        self.sources[tag] = docname

    def note_variant(self, name: str, docname: str) -> None:
        self.variants[name] = docname

    @property
    def params(self) -> dict[str, dict[str, str]]:
        """parameter -> {docname: anchor} of every variant page that shows it."""
        return self.data.setdefault("params", {})

    def note_param(self, param: str, docname: str, anchor: str) -> None:
        self.params.setdefault(param, {})[docname] = anchor

    def clear_doc(self, docname: str) -> None:
        for places in self.params.values():
            places.pop(docname, None)
        for table in (self.rules, self.sources, self.variants):
            for key, value in list(table.items()):
                if (value[0] if isinstance(value, tuple) else value) == docname:
                    del table[key]

    def merge_domaindata(self, docnames, otherdata: dict) -> None:
        for key, value in otherdata.get("rules", {}).items():
            if value[0] in docnames:
                self.rules[key] = value
        for table in ("sources", "variants"):
            for key, value in otherdata.get(table, {}).items():
                if value in docnames:
                    self.data.setdefault(table, {})[key] = value
        for key, places in otherdata.get("params", {}).items():
            for docname, anchor in places.items():
                if docname in docnames:
                    self.note_param(key, docname, anchor)

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        if typ == "rule" and target in self.rules:
            docname, title = self.rules[target]
            return make_refnode(builder, fromdocname, docname, target, contnode, f"{target} {title}")
        if typ == "source" and target in self.sources:
            return make_refnode(builder, fromdocname, self.sources[target], f"source-{target}", contnode, target)
        if typ == "param" and self.params.get(target):
            places = self.params[target]
            prefer = env.config.nbmj_params_docs.get(node.get("nbmj_rule", "")[:2], "")
            docname = prefer if prefer in places else min(places)
            anchor = places[docname]
            return make_refnode(builder, fromdocname, docname, anchor, contnode, f"{target} in {docname.split('/')[-1]}")
        if typ == "variant" and target in self.variants:
            return make_refnode(builder, fromdocname, self.variants[target], f"variant-{target}", contnode, target)
        return None

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        found = self.resolve_xref(env, fromdocname, builder, "rule", target, node, contnode)
        return [("nbmj:rule", found)] if found is not None else []

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for rule_id, (docname, title) in self.rules.items():
            yield rule_id, f"{rule_id} {title}", "rule", docname, rule_id, 1
        for tag, docname in self.sources.items():
            yield tag, tag, "source", docname, f"source-{tag}", 1
        for name, docname in self.variants.items():
            yield name, name, "variant", docname, f"variant-{name}", 1


def _domain(env) -> NbmjDomain:
    return env.get_domain("nbmj")  # type: ignore[return-value]


# --------------------------------------------------------------------------- rule / source


class RuleDirective(SphinxDirective):
    """``.. rule:: NB-4.2`` with ``:title:``, ``:sources:``, ``:variant:`` and a body."""

    required_arguments = 1
    has_content = True
    option_spec = {
        "title": directives.unchanged_required,
        "sources": directives.unchanged,
        "variant": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        rule_id = self.arguments[0].strip()
        if not RULE_ID.match(rule_id):
            raise self.error(f"malformed rule ID {rule_id!r}: expected NB-<section>.<number> or NH-<section>.<number>")
        title = self.options.get("title", "").strip()
        container = nodes.container(classes=["nbmj-rule"], ids=[rule_id])
        self.set_source_info(container)
        self.state.document.set_id(container)

        head = nodes.paragraph(classes=["nbmj-rule-head"])
        head += nodes.strong(rule_id, rule_id, classes=["nbmj-rule-id"])
        if title:
            head += nodes.Text(" ")
            title_nodes, messages = self.state.inline_text(title, self.lineno)
            title_node = nodes.inline("", "", *title_nodes, classes=["nbmj-rule-title"])
            head += title_node
            head += messages
        head += nodes.reference(
            "", "¶", refid=rule_id, classes=["headerlink"], reftitle=f"Link to rule {rule_id}"
        )
        container += head

        body = nodes.container(classes=["nbmj-rule-body"])
        self.state.nested_parse(self.content, self.content_offset, body)
        container += body

        sources = _comma_list(self.options.get("sources"))
        params = _comma_list(self.options.get("variant"))
        if sources or params:
            meta = nodes.paragraph(classes=["nbmj-rule-meta"])
            if sources:
                meta += nodes.inline("Sources: ", "Sources: ", classes=["nbmj-label"])
                for i, tag in enumerate(sources):
                    if i:
                        meta += nodes.Text(", ")
                    meta += _source_ref(self.env, tag)
            if params:
                if sources:
                    meta += nodes.Text(" · ")
                label = "Variant parameter: " if len(params) == 1 else "Variant parameters: "
                meta += nodes.inline(label, label, classes=["nbmj-label"])
                for i, param in enumerate(params):
                    if i:
                        meta += nodes.Text(", ")
                    ref = addnodes.pending_xref(
                        "", refdomain="nbmj", reftype="param", reftarget=param, refexplicit=False,
                        refwarn=False, refdoc=_docname(self.env), nbmj_rule=rule_id,
                    )
                    ref += nodes.literal(param, param, classes=["nbmj-param"])
                    meta += ref
            container += meta

        _domain(self.env).note_rule(rule_id, title, _docname(self.env), container)
        index = addnodes.index(entries=[("single", f"{rule_id}; {title or 'rule'}", rule_id, "", None)])
        return [index, container]


class SourceDirective(SphinxDirective):
    """``.. nbmj-source:: S001``: the target that rule source tags link to."""

    required_arguments = 1
    final_argument_whitespace = False
    has_content = True
    option_spec = {"title": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        tag = self.arguments[0].strip()
        container = nodes.container(classes=["nbmj-source"], ids=[f"source-{tag}"])
        self.set_source_info(container)
        self.state.document.set_id(container)
        head = nodes.paragraph(classes=["nbmj-source-head"])
        head += nodes.strong(tag, tag)
        if self.options.get("title"):
            head += nodes.Text(" ")
            inline, messages = self.state.inline_text(self.options["title"], self.lineno)
            head += inline
            head += messages
        head += nodes.reference("", "¶", refid=f"source-{tag}", classes=["headerlink"])
        container += head
        self.state.nested_parse(self.content, self.content_offset, container)
        _domain(self.env).note_source(tag, _docname(self.env))
        return [container]


_SOURCE_TAG = re.compile(r"^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*$")


def _source_targets(app, doctree) -> None:
    """On the sources page, each tag of its definition list becomes a ``source-TAG`` anchor."""
    docname = _docname(app.env)
    if docname != app.config.nbmj_sources_doc:
        return
    for item in doctree.findall(nodes.definition_list_item):
        term = item.next_node(nodes.term)
        if term is None:
            continue
        tag = term.astext().strip()
        if _SOURCE_TAG.match(tag) and f"source-{tag}" not in doctree.ids:
            term["ids"].append(f"source-{tag}")
            doctree.ids[f"source-{tag}"] = term
            term += nodes.reference("", "¶", refid=f"source-{tag}", classes=["headerlink"])
            _domain(app.env).note_source(tag, docname)


def _missing_source(app, env, node, contnode):
    """Source tags and variants without a target stay as plain text, silently."""
    if node.get("refdomain") == "nbmj" and (node.get("reftype") in ("source", "variant", "param") or node.get("nbmj_auto")):
        return contnode
    return None


# --------------------------------------------------------------------------- variants


class _VariantDirectiveBase(SphinxDirective):
    def load(self, name: str):
        try:
            rules = _load_variant(name)
        except Exception as exc:  # noqa: BLE001 - shown as a build error at the directive
            raise self.error(f"cannot load variant {name!r}: {exc}") from exc
        for path in _variant_files(rules):
            self.env.note_dependency(str(path))
        return rules


class VariantDirective(_VariantDirectiveBase):
    """``.. nbmj-variant:: NAME``: a variant's generated reference.

    The body, or the file named by ``:examples:``, is a JSON list of example situations
    to score.
    """

    required_arguments = 1
    has_content = True
    option_spec = {"examples": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0].strip()
        rules = self.load(name)
        doc = self.state.document
        env = self.env
        out: list[nodes.Node] = []
        data = rules.to_dict()

        # ---- summary and lineage
        intro = nodes.container(classes=["nbmj-variant-intro"], ids=[f"variant-{rules.name}"])
        self.state.document.set_id(intro)
        _domain(env).note_variant(rules.name, _docname(env))
        intro += _paragraph(nodes.strong(rules.name, rules.name), ": ", rules.summary or "")
        facts = nodes.bullet_list()
        parent_para = _paragraph("Parent: ")
        if rules.parent:
            parent_para += variant_ref(self.env, rules.parent)
        else:
            parent_para += nodes.Text("none (a root variant)")
        facts += nodes.list_item("", parent_para)
        if rules.aliases:
            facts += nodes.list_item("", _paragraph("Also called: ", *self._join(_literal(a) for a in rules.aliases)))
        scoring = data["scoring"]
        kind = "台 (tai) summed per hand" if scoring.get("kind") == "tai" else "胡 (fu) × 番 (fan)"
        facts += nodes.list_item("", _paragraph("Scoring: ", kind))
        facts += nodes.list_item("", _paragraph("Load it: ", _literal(f"nbmj.rules.load_variant({rules.name!r})")))
        intro += facts
        out.append(intro)

        # ---- differences from the parent
        if rules.parent:
            sec = _section(doc, f"Changes from {rules.parent}", f"changes from {rules.parent}")
            parent = self.load(rules.parent)
            rows = []
            for key, a, b in diff(parent.to_dict(), data):
                rows.append(
                    (
                        [_literal(key), _diff_cell(env, key, a), _diff_cell(env, key, b)],
                        {"classes": ["nbmj-diff"]},
                    )
                )
            if rows:
                sec += _paragraph(
                    f"Every setting in which {rules.name} differs from {rules.parent}, as paths into ",
                    _literal("RuleSet.to_dict()"),
                    "; an item or row that only one of them has is shown whole (— means absent):",
                )
                sec += _table(["setting", rules.parent, rules.name], rows, classes=["nbmj-diff-table"], widths=[3, 3, 3])
            else:
                sec += _paragraph(f"None: {rules.name} compiles to the same rules as {rules.parent}.")
            out.append(sec)

        # ---- scoring items
        out.append(self._items_section(rules))

        # ---- restrictions
        out.append(self._restrictions_section(rules, data))

        # ---- everything else
        sec = _section(doc, "Settings", "settings")
        sec += _paragraph(
            "Every other setting of the compiled rule set, by section, as paths into ",
            _literal("RuleSet.to_dict()"),
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
            rows.append(([_literal(key), _value_cell(env, key, value)], {"classes": ["nbmj-setting"], "ids": [f"setting-{key}"]}))
        sec += _table(["setting", "value"], rows, classes=["nbmj-settings"], widths=[4, 5])
        out.append(sec)

        # ---- payments and liability
        out.append(self._payments_section(rules, data))

        # ---- worked examples
        examples = self._examples()
        if examples:
            out.append(self._examples_section(rules, examples))
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
        domain = _domain(self.env)
        for param, anchor in anchors.items():
            domain.note_param(param, _docname(self.env), anchor)

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
        sec = _section(self.state.document, "Scoring items", "scoring items")
        unit_names = {"tai": "台 tai", "fu": "胡 fu", "fan": "番 fan"}
        sec += _paragraph(
            f"{len(rules.items)} items. An item scores its value (times the count after ",
            _literal("each"),
            ", if any) when its condition holds; ",
            _literal("off"),
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
                        _literal(it.name),
                        it.label,
                        value_cell,
                        unit_names.get(it.unit, it.unit),
                        _literal(cond),
                        "; ".join(extra) or "",
                        rule_ref(env, it.rule) if it.rule else "",
                    ],
                    {"ids": [f"item-{it.name}"], "classes": ["nbmj-item"]},
                )
            )
        sec += _table(
            ["item", "名称", "value", "unit", "condition", "notes", "rule"],
            rows,
            classes=["nbmj-items"],
            widths=[3, 3, 1, 2, 5, 4, 2],
        )
        return sec

    def _restrictions_section(self, rules, data: dict) -> nodes.section:
        env = self.env
        sec = _section(self.state.document, "Restrictions", "restrictions")
        if data["restrictions"]:
            from .rules.model import RESTRICTION_KINDS

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
                        [_literal(r["kind"]), RESTRICTION_KINDS.get(r["kind"], ""), r.get("window", ""), "; ".join(detail),
                         rule_ref(env, r["rule"]) if r.get("rule") else ""],
                        {"classes": ["nbmj-restriction"], "ids": [f"restriction-{r['kind']}"]},
                    )
                )
            sec += _paragraph("Restrictions on claims and discards:")
            sec += _table(["restriction", "meaning", "when", "details", "rule"], rows, classes=["nbmj-restrictions"],
                          widths=[2, 5, 2, 2, 1])
        else:
            sec += _paragraph("No restrictions on claims or discards.")
        if data["win_restrictions"]:
            rows = [
                ([_literal(w["when"]), ", ".join(w["forbid"]), rule_ref(env, w["rule"]) if w.get("rule") else ""],
                 {"classes": ["nbmj-win-restriction"]})
                for w in data["win_restrictions"]
            ]
            sec += _paragraph("Win methods forbidden to some hands:")
            sec += _table(["a hand with", "may not win by", "rule"], rows, classes=["nbmj-win-restrictions"], widths=[4, 4, 1])
        sec += _paragraph("Winning shapes: ", *self._join(_literal(x) for x in data["shapes"]), ".")
        return sec

    def _payments_section(self, rules, data: dict) -> nodes.section:
        env = self.env
        sec = _section(self.state.document, "Payments and liability", "payments and liability")
        sec += _paragraph(
            "S is the winning hand's value in points. Baseline payments, before liability (三摊/三包):"
        )
        rows = [
            ([_literal(p["situation"]), _shares(p["shares"]), rule_ref(env, p["rule"]) if p.get("rule") else ""],
             {"classes": ["nbmj-payment"], "ids": [f"payment-{p['situation']}"]})
            for p in data["payments"]
        ]
        sec += _table(["win situation", "who pays", "rule"], rows, classes=["nbmj-payments"], widths=[3, 5, 2])
        liability = data.get("liability")
        if liability is None:
            sec += _paragraph("No liability (三摊) in this variant: every win settles by the table above.")
        else:
            sec += _paragraph(
                f"Liability (三摊/三包): two seats are linked when {liability['threshold']} or more melds "
                f"({', '.join(liability['counts'])}) were fed between them (direction: {liability['direction']}). "
                "A linked row replaces the baseline; seats without a link "
                + ("still pay." if liability["others_pay"] else "pay nothing.")
            )
            rows = [
                (
                    [_literal(r["situation"]), r["link"], _shares(r["shares"]), rule_ref(env, r["rule"]) if r.get("rule") else ""],
                    {"classes": ["nbmj-liability"]},
                )
                for r in liability["rows"]
            ]
            sec += _table(["situation", "link", "who pays", "rule"], rows, classes=["nbmj-liability-table"], widths=[3, 2, 5, 2])
        return sec

    def _examples(self) -> list[dict]:
        text = "\n".join(self.content).strip()
        path = self.options.get("examples")
        if path:
            rel, absolute = self.env.relfn2path(path, _docname(self.env))
            self.env.note_dependency(rel)
            text = Path(absolute).read_text(encoding="utf-8")
        if not text:
            return []
        try:
            examples = json.loads(text)
        except json.JSONDecodeError as exc:
            raise self.error(f"the examples are not valid JSON: {exc}") from exc
        if not isinstance(examples, list):
            raise self.error("the examples must be a JSON list of situations")
        return examples

    def _examples_section(self, rules, examples: list[dict]) -> nodes.section:
        sec = _section(self.state.document, "Worked examples", "worked examples")
        try:
            from .scoring import score
            from .scoring.situation import Situation
        except ImportError as exc:
            raise self.error(f"worked examples need nbmj.scoring.score: {exc}") from exc
        import nbmj.scoring

        for module in sorted(Path(nbmj.scoring.__file__).resolve().parent.glob("*.py")):
            self.env.note_dependency(str(module))  # the totals change when the scorer does
        sec += _paragraph(
            "Each hand below was scored by ", _literal("nbmj.scoring.score"), " when these pages were built."
        )
        for number, example in enumerate(examples, 1):
            example = dict(example)
            title = example.pop("title", f"Example {number}")
            try:
                situation = Situation.from_dict(example)
                result = score(situation, rules)
            except Exception as exc:  # noqa: BLE001
                raise self.error(f"example {number} ({title}) does not score: {exc}") from exc
            box = nodes.container(classes=["nbmj-example"], ids=[f"example-{number}"])
            box += _paragraph(nodes.strong(title, title))
            box += self._hand_display(situation)
            box += _score_display(self.env, result)
            sec += box
        return sec

    def _hand_display(self, situation) -> nodes.Node:
        from .tiles import glyphs, to_notation

        items = nodes.bullet_list(classes=["nbmj-hand"])

        def line(label: str, tiles, extra: str = "") -> None:
            tiles = list(tiles)
            para = _paragraph(f"{label}: ")
            para += nodes.inline(glyphs(tiles), glyphs(tiles), classes=["nbmj-glyphs"])
            para += nodes.Text(" ")
            para += _literal(to_notation(tiles) if tiles else "—")
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
        items.append(nodes.list_item("", _paragraph(f"seat {situation.seat}, round wind {situation.round_wind}")))
        return items


def _score_display(env, result) -> list[nodes.Node]:
    """A :class:`~nbmj.scoring.result.ScoreResult`: the items that applied, the total, the payments."""
    out: list[nodes.Node] = []
    data = result.to_dict()
    rows = []
    for line in data.get("items", []):
        count = line.get("count", 1)
        rows.append(
            (
                [
                    _literal(str(line["name"])),
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
    facts += nodes.list_item("", _paragraph("reading: ", _literal(data["decomposition"]), f" (wait: {data['wait']})"))
    if rows:
        table = _table(["item", "名称", "count", "value", "unit", "rule"], rows, classes=["nbmj-score"], widths=[3, 3, 1, 1, 1, 2])
    else:
        table = _paragraph("No scoring item applies.")
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
    total_para = _paragraph("total: ", total, "; S = ", nodes.strong(str(data["points"]), str(data["points"])),
                            classes=["nbmj-total"])
    facts += nodes.list_item("", total_para)
    if not data["valid"]:
        reason = _paragraph("not a valid win: ", data["reason"] or "")
        if data.get("reason_rule"):
            reason += [nodes.Text(" "), rule_ref(env, data["reason_rule"])]
        facts += nodes.list_item("", reason)
    pays = ", ".join(f"{seat} {amount:+d}" for seat, amount in data["payments"].items())
    pay_para = _paragraph("payments: ", _literal(pays), classes=["nbmj-payments-result"])
    for rid in data.get("payment_rules", []):
        pay_para += [nodes.Text(" "), rule_ref(env, rid)]
    facts += nodes.list_item("", pay_para)
    out.append(table)
    out.append(facts)
    return out


_SECTIONS_SHOWN_ELSEWHERE = (
    "name", "parent", "summary", "aliases", "source", "items", "payments", "liability",
    "restrictions", "win_restrictions", "shapes",
)


def _ordered_keys(tables: list[dict]) -> list[str]:
    keys: list[str] = []
    seen: set[str] = set()
    for table in tables:
        for key in table:
            if key not in seen:
                seen.add(key)
                keys.append(key)
    return keys


class CompareDirective(_VariantDirectiveBase):
    """``.. nbmj-compare::``: every shipped variant (or ``:variants: a, b``) side by side."""

    has_content = False
    option_spec = {"variants": directives.unchanged, "all-rows": directives.flag}

    def run(self) -> list[nodes.Node]:
        names = _comma_list(self.options.get("variants")) or _shipped_variants()
        sets = [self.load(n) for n in names]
        env = self.env
        doc = self.state.document
        out: list[nodes.Node] = []

        headers: list[Any] = ["", *[variant_ref(env, s.name) for s in sets]]

        # ---- items
        sec = _section(doc, "Scoring items", "compare scoring items")
        item_names = _ordered_keys([{it.name: None for it in s.items} for s in sets])
        rows = []
        for item in item_names:
            cells: list[Any] = []
            rule = None
            label = ""
            for s in sets:
                try:
                    it = s.item(item)
                except KeyError:
                    cells.append("—")
                    continue
                rule = rule or it.rule
                label = label or it.label
                entry = nodes.entry(classes=["nbmj-value"])
                entry += nodes.paragraph(text="off" if it.value is None else f"{it.value} {it.unit}")
                cells.append(entry)
            head = [_literal(item), f" {label}"]
            if rule:
                head += [" ", rule_ref(env, rule)]
            rows.append(([head, *cells], {"ids": [f"item-{item}"], "classes": ["nbmj-item"]}))
        sec += _paragraph(
            "Value and unit of each scoring item (台 tai, 胡 fu, 番 fan); — means the variant has no such item, "
            "off that it is defined but switched off."
        )
        sec += _table(["item", *headers[1:]], rows, classes=["nbmj-compare-items", "nbmj-compare"])
        out.append(sec)

        # ---- every other setting
        sec = _section(doc, "Settings", "compare settings")
        flats = [flatten(s.to_dict()) for s in sets]
        rows = []
        for key in _ordered_keys(flats):
            top = key.split(".")[0].split("[")[0]
            if top in ("name", "summary", "source", "items"):
                continue
            values = [f.get(key, _ABSENT) for f in flats]
            differs = any(v != values[0] for v in values)
            if not differs and "all-rows" not in self.options:
                continue
            cells = ["—" if v is _ABSENT else _value_cell(env, key, v) for v in values]
            rows.append(([_literal(key), *cells], {"classes": ["nbmj-setting", "nbmj-differs" if differs else "nbmj-same"]}))
        sec += _paragraph(
            "Settings, as paths into ",
            _literal("RuleSet.to_dict()"),
            ", in which the variants differ"
            + (" (all settings are listed)" if "all-rows" in self.options else "; settings that all share are left out")
            + ".",
        )
        sec += _table(["setting", *[variant_ref(env, s.name) for s in sets]], rows, classes=["nbmj-compare-settings", "nbmj-compare"])
        out.append(sec)
        return out



# --------------------------------------------------------------------------- DSL reference


class FeaturesDirective(SphinxDirective):
    """``.. nbmj-features::``: the condition vocabulary, with each feature's arguments."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        from .rules.model import FEATURES

        rows = []
        for spec in FEATURES.values():
            args = " · ".join("[" + " | ".join(choices) + "]" for choices in spec.arg_choices)
            rows.append(
                (
                    [
                        _literal(spec.name + ("(…)" if spec.arg_choices else "")),
                        _literal(args) if args else "",
                        "0 or 1" if spec.boolean else "a count",
                        spec.description,
                    ],
                    {"ids": [f"feature-{spec.name}"], "classes": ["nbmj-feature"]},
                )
            )
        return [
            _table(
                ["feature", "arguments (each slot optional)", "value", "meaning"],
                rows,
                classes=["nbmj-features"],
                widths=[2, 4, 1, 6],
            )
        ]


class GrammarDirective(SphinxDirective):
    """``.. nbmj-grammar::``: the Lark grammar of variant files, as installed."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        import nbmj.rules

        path = Path(nbmj.rules.__file__).resolve().parent / "grammar.lark"
        if not path.is_file():
            raise self.error(f"the grammar file is not installed: {path}")
        self.env.note_dependency(str(path))
        text = path.read_text(encoding="utf-8")
        block = nodes.literal_block(text, text, classes=["nbmj-grammar"])
        block["language"] = "text"
        block["linenos"] = False
        caption = nodes.caption("nbmj/rules/grammar.lark", "nbmj/rules/grammar.lark")
        wrapper = nodes.container("", caption, block, classes=["literal-block-wrapper"], literal_block=True)
        self.set_source_info(wrapper)
        return [wrapper]


class DiagnosticsDirective(SphinxDirective):
    """``.. nbmj-diagnostics::``: the known-bad variant texts and the message each produces.

    The body is a definition list of advice by kind (``unknown name``, ``syntax`` ...);
    every kind in the table gets a section, advice or not.
    """

    has_content = True

    def run(self) -> list[nodes.Node]:
        diagnostics = importlib.import_module("nbmj.rules.diagnostics")
        self.env.note_dependency(str(Path(diagnostics.__file__).resolve()))
        advice: dict[str, list[nodes.Node]] = {}
        if self.content:
            holder = nodes.container()
            self.state.nested_parse(self.content, self.content_offset, holder)
            for dl in holder.findall(nodes.definition_list):
                for item in dl.children:
                    term = item.next_node(nodes.term).astext().strip()
                    advice[term] = list(item.next_node(nodes.definition).children)

        by_kind: dict[str, list] = {}
        for example in diagnostics.BAD_EXAMPLES:
            by_kind.setdefault(example.kind, []).append(example)

        out: list[nodes.Node] = []
        for kind, examples in by_kind.items():
            sec = _section(self.state.document, _kind_title(kind), f"diagnostics {kind}")
            sec += advice.get(kind, [_paragraph("Read the message: it names the word and the place.")])
            seen: set[str] = set()
            for example in examples:
                if example.label in seen:
                    continue
                seen.add(example.label)
                sec += _paragraph(nodes.strong(example.label, example.label), classes=["nbmj-diagnostic-label"])
                rendered = _render_bad_example(diagnostics, example)
                block = nodes.literal_block(rendered, rendered, classes=["nbmj-diagnostic"])
                block["language"] = "text"
                sec += block
            out.append(sec)
        extends = getattr(diagnostics, "EXTENDS_EXAMPLES", {})
        if extends:
            sec = _section(self.state.document, "Problems across files", "diagnostics across files")
            sec += advice.get("across files", [])
            rows = [[_literal(name), value[-1]] for name, value in extends.items()]
            sec += _table(["problem", "message"], rows, classes=["nbmj-diagnostics-extends"], widths=[2, 6])
            out.append(sec)
        return out


def _kind_title(kind: str) -> str:
    return {"syntax": "Syntax errors"}.get(kind, kind[:1].upper() + kind[1:])


def _render_bad_example(diagnostics, example) -> str:
    """The first diagnostic the compiler gives for the example, as it prints it.

    Falls back to the table's own label and position if the compiler is not available or
    (a bug the test suite reports) accepts the text.
    """
    try:
        from .errors import RuleSetError
        from .rules import compile_text

        try:
            compile_text(example.text, "mine.nbv")
        except RuleSetError as exc:
            if exc.diagnostics:
                return str(exc.diagnostics[0])
    except ImportError:
        pass
    lines = example.text.splitlines()
    source_line = lines[example.line - 1] if 0 < example.line <= len(lines) else None
    diagnostic = diagnostics.Diagnostic("mine.nbv", example.line, example.column, example.label, 1, source_line)
    return str(diagnostic)


# --------------------------------------------------------------------------- command line


class CliDirective(SphinxDirective):
    """``.. nbmj-cli::``: a section per ``nbmj`` subcommand with its ``--help`` text."""

    has_content = False
    option_spec = {"commands": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        import click

        from .cli import main

        width = 88
        settings = dict(terminal_width=width, max_content_width=width, **(main.context_settings or {}))
        ctx = click.Context(main, info_name="nbmj", **settings)
        names = _comma_list(self.options.get("commands")) or main.list_commands(ctx)
        out: list[nodes.Node] = []
        top = main.get_help(ctx)
        out.append(_literal_block(top, "console"))
        for name in names:
            try:
                command = main.get_command(ctx, name)
            except Exception as exc:  # noqa: BLE001
                raise self.error(f"the nbmj command {name!r} does not load: {exc}") from exc
            if command is None:
                raise self.error(f"no nbmj command {name!r}")
            sub = click.Context(command, info_name=name, parent=ctx, **settings)
            section = _section(self.state.document, f"nbmj {name}", f"nbmj {name}")
            section += _literal_block(command.get_help(sub), "console")
            out.append(section)
        return out


def _literal_block(text: str, language: str = "text") -> nodes.literal_block:
    block = nodes.literal_block(text, text)
    block["language"] = "text"
    block["classes"].append(f"nbmj-{language}")
    return block


# --------------------------------------------------------------------------- auto links


class RuleIdLinks(SphinxTransform):
    """Rule IDs written as plain text (``see NB-5.1``) become links to the rule.

    Only running text is touched: not literals, titles, existing links or code, nor the
    head of a rule. An ID that no rule defines stays plain text without a warning
    (``:rule:`` warns).
    """

    default_priority = 500
    _skip = (nodes.literal, nodes.literal_block, nodes.reference, nodes.title, nodes.raw,
             nodes.target, nodes.comment, nodes.term, nodes.option_string, addnodes.pending_xref)

    def apply(self, **kwargs: Any) -> None:
        if not self.config.nbmj_link_rule_ids:
            return
        for text in list(self.document.findall(nodes.Text)):
            parent = text.parent
            if parent is None or not _RULE_ID_IN_TEXT.search(text):
                continue
            if any(isinstance(a, self._skip) or "nbmj-rule-head" in a.get("classes", ()) for a in _ancestors(text)
                   if isinstance(a, nodes.Element)):
                continue
            new: list[nodes.Node] = []
            pos = 0
            source = str(text)
            for match in _RULE_ID_IN_TEXT.finditer(source):
                if match.start() > pos:
                    new.append(nodes.Text(source[pos:match.start()]))
                ref = rule_ref(self.env, match.group(0))
                ref["refwarn"] = False
                ref["nbmj_auto"] = True
                new.append(ref)
                pos = match.end()
            if pos < len(source):
                new.append(nodes.Text(source[pos:]))
            index = parent.index(text)
            parent[index:index + 1] = new


def _ancestors(node: nodes.Node) -> Iterator[nodes.Node]:
    node = node.parent
    while node is not None:
        yield node
        node = node.parent


# --------------------------------------------------------------------------- included files

_ADORNMENT = re.compile(r"^([=\-~^\"'`#*+.:_])\1+$")


def _wide_title_underlines(app, relative_path, parent_docname, content: list[str]) -> None:
    """Lengthen a title underline that is long enough in characters but not in columns.

    docutils counts a Chinese character as two columns, so ``Payments (三摊)`` needs a
    longer underline than its length; files written with one mark per character would
    otherwise warn. Only that case is touched.
    """
    import unicodedata

    def width(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)

    lines = content[0].split("\n")
    for i in range(1, len(lines)):
        title, under = lines[i - 1], lines[i]
        if not title.strip() or title != title.lstrip() or not _ADORNMENT.match(under):
            continue
        if len(title.rstrip()) <= len(under) < width(title.rstrip()):
            lines[i] = under[0] * width(title.rstrip())
            if i >= 2 and lines[i - 2] == under:  # overline as well
                lines[i - 2] = lines[i]
    content[0] = "\n".join(lines)


# --------------------------------------------------------------------------- setup


def _check_rules(app, env) -> None:
    """Warn when a rulebook rule never made it into the documents."""
    if not app.config.nbmj_check_rulebook:
        return
    try:
        from .rules.rulebook import load_rules
    except ImportError:
        return
    defined = _domain(env).rules
    missing = [r.id for r in load_rules() if r.id not in defined]
    if missing and defined:
        logger.warning("rulebook rules not rendered in the docs: %s", ", ".join(missing))


def setup(app) -> dict:
    app.add_domain(NbmjDomain)
    app.add_role("rule", RuleRole(warn_dangling=True))
    app.add_directive("rule", RuleDirective)
    app.add_directive("nbmj-source", SourceDirective)
    app.add_directive("nbmj-variant", VariantDirective)
    app.add_directive("nbmj-compare", CompareDirective)
    app.add_directive("nbmj-features", FeaturesDirective)
    app.add_directive("nbmj-grammar", GrammarDirective)
    app.add_directive("nbmj-diagnostics", DiagnosticsDirective)
    app.add_directive("nbmj-cli", CliDirective)
    app.add_config_value("nbmj_check_rulebook", True, "env")
    app.add_config_value("nbmj_link_rule_ids", True, "env")
    app.add_transform(RuleIdLinks)
    app.add_config_value("nbmj_sources_doc", "rulebook/sources", "env")
    app.add_config_value(
        "nbmj_params_docs", {"NB": "variants/ningbo", "NH": "variants/ninghai-yaobansan"}, "env"
    )
    app.connect("doctree-read", _source_targets)
    app.connect("missing-reference", _missing_source)
    app.connect("env-check-consistency", _check_rules)
    try:  # Sphinx >= 7.2
        app.connect("include-read", _wide_title_underlines)
    except Exception:  # noqa: BLE001
        pass
    from . import __version__

    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
