"""Reference tables for writers of variant files, generated from the installed package.

``nbmj-features`` lists the condition vocabulary, ``nbmj-grammar`` shows the grammar
file and ``nbmj-diagnostics`` shows each known-bad variant text with the message the
compiler prints for it; none of them can drift from the code.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from .i18n import data, language_key, text, texts
from .markup import inline_literal, paragraph, table, titled_section


class FeaturesDirective(SphinxDirective):
    """``.. nbmj-features::``: the condition vocabulary, with each feature's arguments."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """A table with a row per feature of :data:`~nbmj.rules.model.FEATURES`."""
        from ..rules.model import FEATURES

        env = self.env
        rows: list[tuple[list[Any], dict[str, Any]]] = []
        for spec in FEATURES.values():
            args = " · ".join("[" + " | ".join(choices) + "]" for choices in spec.arg_choices)
            rows.append(
                (
                    [
                        inline_literal(spec.name + ("(…)" if spec.arg_choices else "")),
                        inline_literal(args) if args else "",
                        text(env, "0 or 1") if spec.boolean else text(env, "a count"),
                        data(env, spec.description),
                    ],
                    {"ids": [f"feature-{spec.name}"], "classes": ["nbmj-feature"]},
                )
            )
        return [
            table(
                texts(env, "feature", "arguments (each slot optional)", "value", "meaning"),
                rows,
                classes=["nbmj-features"],
                widths=[2, 4, 1, 6],
            )
        ]


class GrammarDirective(SphinxDirective):
    """``.. nbmj-grammar::``: the Lark grammar of variant files, as installed."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """The grammar file as a captioned literal block; a missing file is an error."""
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
        """A section per kind of diagnostic, then one for problems across files."""
        diagnostics = importlib.import_module("nbmj.rules.diagnostics")
        self.env.note_dependency(str(Path(str(diagnostics.__file__)).resolve()))
        advice: dict[str, list[nodes.Node]] = {}
        if self.content:
            holder = nodes.container()
            self.state.nested_parse(self.content, self.content_offset, holder)
            for dl in holder.findall(nodes.definition_list):
                for item in dl.children:
                    term, definition = item.next_node(nodes.term), item.next_node(nodes.definition)
                    if term is not None and definition is not None:
                        advice[term.astext().strip()] = list(definition.children)

        env = self.env
        # the compiler's own wording in the build's language (Diagnostic.text: one table of
        # Chinese wordings, nbmj.rules.diagnostics_zh), for the labels and the messages alike
        language = language_key(env)
        by_kind: dict[str, list[Any]] = {}
        for example in diagnostics.BAD_EXAMPLES:
            by_kind.setdefault(example.kind, []).append(example)

        out: list[nodes.Node] = []
        for kind, examples in by_kind.items():
            sec = titled_section(self.state.document, _kind_title(env, kind), f"diagnostics {kind}")
            sec += advice.get(kind, [paragraph(text(env, "Read the message: it names the word and the place."))])
            seen: set[str] = set()
            for example in examples:
                if example.label in seen:
                    continue
                seen.add(example.label)
                diagnostic = _first_diagnostic(diagnostics, example)
                # (the English label is the table's, often a part of the message; in another
                # language the message itself, the compiler having the wording of whole messages)
                label = example.label if language == "en" else diagnostic.text(language)
                sec += paragraph(nodes.strong(label, label), classes=["nbmj-diagnostic-label"])
                rendered = diagnostic.render(language=language)
                block = nodes.literal_block(rendered, rendered, classes=["nbmj-diagnostic"])
                block["language"] = "text"
                sec += block
            out.append(sec)
        extends = getattr(diagnostics, "EXTENDS_EXAMPLES", {})
        if extends:
            sec = titled_section(self.state.document, text(env, "Problems across files"), "diagnostics across files")
            sec += advice.get("across files", [])
            from ..rules.diagnostics_zh import message_in

            rows = [[inline_literal(name), inline_literal(message_in(value[-1], language))] for name, value in extends.items()]
            sec += table(texts(env, "problem", "message"), rows, classes=["nbmj-diagnostics-extends"], widths=[2, 6])
            out.append(sec)
        return out


def _kind_title(env: BuildEnvironment, kind: str) -> str:
    """The section title of a kind of diagnostic (``unknown name`` -> ``Unknown name``)."""
    english = "Syntax errors" if kind == "syntax" else kind[:1].upper() + kind[1:]
    return data(env, english)


def _first_diagnostic(diagnostics: ModuleType, example: Any) -> Any:
    """The first :class:`~nbmj.rules.diagnostics.Diagnostic` the compiler gives for the
    example (rendered as it prints it, in the build's language).

    Falls back to the table's own label and position if the compiler is not available or
    (a bug the test suite reports) accepts the text.
    """
    try:
        from ..errors import RuleSetError
        from ..rules import compile_text

        try:
            compile_text(example.text, "mine.nbv")
        except RuleSetError as exc:
            if exc.diagnostics:
                return exc.diagnostics[0]
    except ImportError:
        pass
    lines = example.text.splitlines()
    source_line = lines[example.line - 1] if 0 < example.line <= len(lines) else None
    return diagnostics.Diagnostic("mine.nbv", example.line, example.column, example.label, 1, source_line)
