"""The rulebook's directives: numbered rules and the sources they cite.

``.. rule::`` renders one rule with its anchor, permalink, sources and the variant
parameters that change it; ``.. nbmj-source::`` (or, on the sources page, each term of
a definition list) is an anchor that source tags link to. Once every page is read,
:func:`check_rulebook_rendered` warns about rules of the rulebook that no page shows.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.transforms import SphinxTransform
from sphinx.util.docutils import SphinxDirective

from .domain import RULE_ID, nbmj_domain, source_ref
from .i18n import text
from .markup import comma_list, current_docname

logger = logging.getLogger(__name__)


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
        """An index entry and the rule's block: head with permalink, body, then the
        sources and variant parameters; a malformed rule ID is an error."""
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
            # The title is a message of the page's catalogue: an inline marked translatable,
            # with its raw text and its place in the source, is extracted by Sphinx and
            # replaced by its translation; Sphinx then unwraps that inline, so it sits alone
            # inside the styled span.
            message = nodes.inline(title, "", *title_nodes, translatable=True)
            message.source, message.line = self.get_source_info()
            title_node = nodes.inline("", "", message, classes=["nbmj-rule-title"])
            head += title_node
            head += messages
        link_title = text(self.env, "Link to rule {rule_id}", rule_id=rule_id)
        head += nodes.reference("", "¶", refid=rule_id, classes=["headerlink"], reftitle=link_title)
        container += head

        body = nodes.container(classes=["nbmj-rule-body"])
        self.state.nested_parse(self.content, self.content_offset, body)
        container += body

        sources = comma_list(self.options.get("sources"))
        params = comma_list(self.options.get("variant"))
        if sources or params:
            meta = nodes.paragraph(classes=["nbmj-rule-meta"])
            if sources:
                label = text(self.env, "Sources: ")
                meta += nodes.inline(label, label, classes=["nbmj-label"])
                for i, tag in enumerate(sources):
                    if i:
                        meta += nodes.Text(", ")
                    meta += source_ref(self.env, tag)
            if params:
                if sources:
                    meta += nodes.Text(" · ")
                if len(params) == 1:
                    label = text(self.env, "Variant parameter: ")
                else:
                    label = text(self.env, "Variant parameters: ")
                meta += nodes.inline(label, label, classes=["nbmj-label"])
                for i, param in enumerate(params):
                    if i:
                        meta += nodes.Text(", ")
                    ref = addnodes.pending_xref(
                        "", refdomain="nbmj", reftype="param", reftarget=param, refexplicit=False,
                        refwarn=False, refdoc=current_docname(self.env), nbmj_rule=rule_id,
                    )
                    ref += nodes.literal(param, param, classes=["nbmj-param"])
                    meta += ref
            container += meta

        nbmj_domain(self.env).note_rule(rule_id, title, current_docname(self.env), container)
        # The entry is rewritten with the translated title by RuleTitles, once Sphinx has
        # translated the page.
        index = addnodes.index(entries=[("single", f"{rule_id}; {title or text(self.env, 'rule')}", rule_id, "", None)])
        return [index, container]


class SourceDirective(SphinxDirective):
    """``.. nbmj-source:: S001``: the target that rule source tags link to."""

    required_arguments = 1
    final_argument_whitespace = False
    has_content = True
    option_spec = {"title": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        """The source's anchored block: its tag, optional title, permalink and description."""
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
        nbmj_domain(self.env).note_source(tag, current_docname(self.env))
        return [container]


_SOURCE_TAG = re.compile(r"^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*$")


def anchor_source_tags(app: Sphinx, doctree: nodes.document) -> None:
    """On the sources page, each tag of its definition list becomes a ``source-TAG`` anchor."""
    docname = current_docname(app.env)
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
            # The gettext builder keeps the name's paragraph, so that it is translated.
            name = _reader_name(item, remove=app.builder.name != "gettext")
            if name:  # the reader sees the name; the tag stays the anchor and the key
                term.children = [nodes.Text(name)]
            term += nodes.reference("", "¶", refid=f"source-{tag}", classes=["headerlink"])
            nbmj_domain(app.env).note_source(tag, docname, name)


def _reader_name(item: nodes.definition_list_item, remove: bool) -> str:
    """A source's reader-facing name: the definition's first paragraph when it is a bold
    phrase alone (``**Ninghai text**``), taken out of the definition if ``remove``; else ``""``."""
    definition = item.next_node(nodes.definition)
    if definition is None or not definition.children:
        return ""
    first = definition.children[0]
    if not isinstance(first, nodes.paragraph) or len(first.children) != 1:
        return ""
    if not isinstance(first.children[0], nodes.strong):
        return ""
    if remove:
        definition.remove(first)
    return str(first.astext()).strip()


def check_rulebook_rendered(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn when a rulebook rule never made it into the documents."""
    if not app.config.nbmj_check_rulebook:
        return
    try:
        from ..rules.rulebook import load_rules
    except ImportError:
        return
    defined = nbmj_domain(env).rules
    missing = [r.id for r in load_rules() if r.id not in defined]
    if missing and defined:
        logger.warning("rulebook rules not rendered in the docs: %s", ", ".join(missing))


class RuleTitles(SphinxTransform):
    """After translation, each rule's index entry and its record in the domain (link
    tooltips, search results) carry the title as the page shows it."""

    default_priority = 30  # after Sphinx's Locale transform (20), before RuleIdLinks (500)

    def apply(self, **kwargs: Any) -> None:
        """Copy each rendered rule title into its index entry and the domain."""
        domain = nbmj_domain(self.env)
        docname = current_docname(self.env)
        for container in self.document.findall(nodes.container):
            if "nbmj-rule" not in container["classes"] or not container["ids"]:
                continue
            rule_id = container["ids"][0]
            title_node = next(
                (n for n in container.findall(nodes.inline) if "nbmj-rule-title" in n["classes"]), None
            )
            if title_node is None:
                continue
            title = title_node.astext()
            domain.note_rule(rule_id, title, docname, container)
            parent = container.parent
            if parent is None:
                continue
            index = parent.index(container)
            before = parent[index - 1] if index else None
            if isinstance(before, addnodes.index):
                before["entries"] = [("single", f"{rule_id}; {title}", rule_id, "", None)]
