"""Rule IDs written as plain text in running prose (``see NB-5.1``) become rule links.

Switched off by the ``nbmj_link_rule_ids`` setting.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform

from .domain import rule_ref

_RULE_ID_IN_TEXT = re.compile(r"\b(?:NB|NH)-\d+\.\d+\b")


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
        """Replace each rule ID in the document's running text by a silent rule link."""
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
    """The node's parent, its parent, and so on up to the document."""
    node = node.parent
    while node is not None:
        yield node
        node = node.parent
