"""The ``nbmj`` Sphinx domain: rules, sources, variants and parameters as link targets.

The directives record what each page defines here (:class:`NbmjDomain`); the reference
nodes built by :func:`rule_ref`, :func:`variant_ref` and :func:`source_ref` are resolved
against it when the pages are written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Set
from typing import Any, cast

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.environment import BuildEnvironment
from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

from .i18n import text
from .markup import current_docname

logger = logging.getLogger(__name__)

#: The shape of a rule ID: ``NB-4.2`` (Ningbo) or ``NH-3.1`` (Ninghai).
RULE_ID = re.compile(r"^(?:NB|NH)-\d+\.\d+$")


def rule_ref(env: BuildEnvironment, rule_id: str, text: str | None = None) -> addnodes.pending_xref:
    """A pending cross-reference to a rule, resolved by the ``nbmj`` domain."""
    ref = addnodes.pending_xref(
        "",
        refdomain="nbmj",
        reftype="rule",
        reftarget=rule_id,
        refexplicit=text is not None,
        refwarn=True,
        refdoc=current_docname(env),
    )
    ref += nodes.inline(text or rule_id, text or rule_id, classes=["xref", "nbmj", "nbmj-rule"])
    return ref


def variant_ref(env: BuildEnvironment, name: str) -> nodes.Node:
    """A link to a variant's generated page (plain text when it has none)."""
    ref = addnodes.pending_xref(
        "", refdomain="nbmj", reftype="variant", reftarget=name, refexplicit=False, refwarn=False,
        refdoc=current_docname(env),
    )
    ref += nodes.literal(name, name, classes=["xref", "nbmj", "nbmj-variant"])
    return ref


def source_ref(env: BuildEnvironment, tag: str) -> nodes.Node:
    """A link to a source tag's anchor (plain text when no page defines the tag)."""
    ref = addnodes.pending_xref(
        "",
        refdomain="nbmj",
        reftype="source",
        reftarget=tag,
        refexplicit=False,
        refwarn=False,
        refdoc=current_docname(env),
    )
    ref += nodes.inline(tag, tag, classes=["nbmj-source-tag"])
    return ref


class RuleRole(XRefRole):
    """``:rule:`NB-4.2``` in any domain context."""

    innernodeclass = nodes.inline

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        """A pending reference of the ``nbmj`` domain, whatever the current default domain."""
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
    initial_data = {
        "rules": {}, "sources": {}, "variants": {}, "params": {}, "untranslated": {},
    }
    dangling_warnings = {"rule": "unknown rule ID %(target)r"}

    @property
    def rules(self) -> dict[str, tuple[str, str]]:
        """rule ID -> (docname, title) of every rule rendered."""
        return cast(dict[str, tuple[str, str]], self.data.setdefault("rules", {}))

    @property
    def sources(self) -> dict[str, str]:
        """source tag -> the docname that anchors it."""
        return cast(dict[str, str], self.data.setdefault("sources", {}))

    def note_rule(self, rule_id: str, title: str, docname: str, location: nodes.Node) -> None:
        """Record a rendered rule; warn when another page already defines the same ID."""
        if rule_id in self.rules and self.rules[rule_id][0] != docname:
            other = self.env.doc2path(self.rules[rule_id][0])
            logger.warning("rule %s is defined twice (also in %s)", rule_id, other, location=location)
        self.rules[rule_id] = (docname, title)

    @property
    def variants(self) -> dict[str, str]:
        """variant name -> the docname of its generated page."""
        return cast(dict[str, str], self.data.setdefault("variants", {}))

    def note_source(self, tag: str, docname: str, name: str = "") -> None:
        """Record the page that anchors a source tag, and the name readers see for it."""
        self.sources[tag] = docname
        self.data.setdefault("source_names", {})[tag] = name or tag

    def note_variant(self, name: str, docname: str) -> None:
        """Record the page that shows a variant."""
        self.variants[name] = docname

    @property
    def params(self) -> dict[str, dict[str, str]]:
        """parameter -> {docname: anchor} of every variant page that shows it."""
        return cast(dict[str, dict[str, str]], self.data.setdefault("params", {}))

    def note_param(self, param: str, docname: str, anchor: str) -> None:
        """Record the anchor at which a variant page shows a parameter."""
        self.params.setdefault(param, {})[docname] = anchor

    @property
    def untranslated(self) -> dict[str, list[str]]:
        """docname -> the data words the page shows untranslated (see :mod:`.i18n`)."""
        return cast(dict[str, list[str]], self.data.setdefault("untranslated", {}))

    def note_untranslated(self, docname: str, word: str) -> None:
        """Record a data word a page shows in English for want of its translation."""
        words = self.untranslated.setdefault(docname, [])
        if word not in words:
            words.append(word)

    def clear_doc(self, docname: str) -> None:
        """Forget what a document defined (Sphinx calls this before re-reading it)."""
        self.untranslated.pop(docname, None)
        for places in self.params.values():
            places.pop(docname, None)
        for table in (self.rules, self.sources, self.variants):
            for key, value in list(table.items()):
                if (value[0] if isinstance(value, tuple) else value) == docname:
                    del table[key]

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        """Take over what parallel readers recorded for ``docnames``."""
        for key, value in otherdata.get("rules", {}).items():
            if value[0] in docnames:
                self.rules[key] = value
        for table in ("sources", "variants"):
            for key, value in otherdata.get(table, {}).items():
                if value in docnames:
                    self.data.setdefault(table, {})[key] = value
        for tag, name in otherdata.get("source_names", {}).items():
            if otherdata.get("sources", {}).get(tag) in docnames:
                self.data.setdefault("source_names", {})[tag] = name
        for key, places in otherdata.get("params", {}).items():
            for docname, anchor in places.items():
                if docname in docnames:
                    self.note_param(key, docname, anchor)
        for docname, words in otherdata.get("untranslated", {}).items():
            if docname in docnames:
                self.untranslated[docname] = list(words)

    def resolve_xref(
        self, env: BuildEnvironment, fromdocname: str, builder: Builder, typ: str, target: str,
        node: addnodes.pending_xref, contnode: nodes.Element,
    ) -> nodes.reference | None:
        """A link for a rule, source, parameter or variant reference, or None if unknown.

        A parameter shown on several variant pages links to the page that
        ``nbmj_params_docs`` names for the rule's prefix (NB, NH), else to the first.
        """
        if typ == "rule" and target in self.rules:
            docname, title = self.rules[target]
            return make_refnode(builder, fromdocname, docname, target, contnode, f"{target} {title}")
        if typ == "source" and target in self.sources:
            name = self.data.get("source_names", {}).get(target, target)
            shown = nodes.inline(name, name, classes=contnode.get("classes", []))
            return make_refnode(builder, fromdocname, self.sources[target], f"source-{target}", shown, name)
        if typ == "param" and self.params.get(target):
            places = self.params[target]
            prefer = env.config.nbmj_params_docs.get(node.get("nbmj_rule", "")[:2], "")
            docname = prefer if prefer in places else min(places)
            anchor = places[docname]
            where = text(env, "{param} in {page}", param=target, page=docname.split("/")[-1])
            return make_refnode(builder, fromdocname, docname, anchor, contnode, where)
        if typ == "variant" and target in self.variants:
            return make_refnode(builder, fromdocname, self.variants[target], f"variant-{target}", contnode, target)
        return None

    def resolve_any_xref(
        self, env: BuildEnvironment, fromdocname: str, builder: Builder, target: str,
        node: addnodes.pending_xref, contnode: nodes.Element,
    ) -> list[tuple[str, nodes.reference]]:
        """``:any:`` finds rules only."""
        found = self.resolve_xref(env, fromdocname, builder, "rule", target, node, contnode)
        return [("nbmj:rule", found)] if found is not None else []

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        """Rules, sources and variants for the object inventory and the search index."""
        for rule_id, (docname, title) in self.rules.items():
            yield rule_id, f"{rule_id} {title}", "rule", docname, rule_id, 1
        for tag, docname in self.sources.items():
            yield tag, tag, "source", docname, f"source-{tag}", 1
        for name, docname in self.variants.items():
            yield name, name, "variant", docname, f"variant-{name}", 1


def nbmj_domain(env: BuildEnvironment) -> NbmjDomain:
    """The ``nbmj`` domain of a build environment."""
    return cast(NbmjDomain, env.get_domain("nbmj"))


def keep_unresolved_as_text(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: nodes.TextElement,
) -> nodes.TextElement | None:
    """A ``missing-reference`` handler: source tags, variants and parameters that no page
    defines, and rule IDs found in plain text, stay plain text, silently (``:rule:`` warns)."""
    if node.get("refdomain") == "nbmj" and (node.get("reftype") in ("source", "variant", "param") or node.get("nbmj_auto")):
        return contnode
    return None
