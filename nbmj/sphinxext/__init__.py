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

``:tiles:`123m 5z```
    Tiles drawn as legible faces in running text, the notation beside them (``5m!``
    marks a wild tile); the worked examples draw their hands the same way.

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

What the directives generate is written in the build's language (``language =
"zh_CN"`` gives Chinese tables and labels, from ``nbmj/sphinxext/zh_CN.py``); a rule's title and
body are messages of the page's catalogue like the rest of the page.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

# The extension is split by what each part generates; this module only wires the parts
# into Sphinx and keeps the names that conf.py files, the tests and the tutorial import.
from .cli_help import CliDirective
from .compare_table import CompareDirective
from .domain import RULE_ID, NbmjDomain, RuleRole, keep_unresolved_as_text, rule_ref, variant_ref
from .dsl_reference import DiagnosticsDirective, FeaturesDirective, GrammarDirective
from .rule_id_links import RuleIdLinks
from .i18n import write_untranslated_report
from .rulebook import RuleDirective, RuleTitles, SourceDirective, anchor_source_tags, check_rulebook_rendered
from .ruleset_diff import ABSENT, diff, flatten
from .tile_display import TilesRole, depart_tile_html, tile, visit_tile_html
from .title_underlines import widen_title_underlines
from .variant_page import VariantDirective

__all__ = [
    "setup",
    "RULE_ID",
    "ABSENT",
    "diff",
    "flatten",
    "rule_ref",
    "variant_ref",
    "NbmjDomain",
    "RuleRole",
    "RuleDirective",
    "SourceDirective",
    "VariantDirective",
    "CompareDirective",
    "FeaturesDirective",
    "GrammarDirective",
    "DiagnosticsDirective",
    "CliDirective",
    "RuleIdLinks",
    "RuleTitles",
    "TilesRole",
]

# The single module this package replaces called the marker _ABSENT, and diff() hands it out.
_ABSENT = ABSENT


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``nbmj`` domain, the directives, the roles, the settings and the hooks."""
    app.add_domain(NbmjDomain)
    app.add_role("rule", RuleRole(warn_dangling=True))
    app.add_role("tiles", TilesRole())
    app.add_node(tile, html=(visit_tile_html, depart_tile_html))
    app.add_transform(RuleTitles)
    # The lexer is also found through its Pygments entry point once nbmj is installed;
    # registering it here keeps ``code-block:: nbv`` working from an uninstalled checkout.
    from ..lexer import NbvLexer

    app.add_lexer("nbv", NbvLexer)
    app.connect("build-finished", write_untranslated_report)
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
    app.connect("doctree-read", anchor_source_tags)
    app.connect("missing-reference", keep_unresolved_as_text)
    app.connect("env-check-consistency", check_rulebook_rendered)
    try:  # Sphinx >= 7.2
        app.connect("include-read", widen_title_underlines)
    except Exception:  # noqa: BLE001  # sphinx.errors.ExtensionError on older Sphinx
        pass
    from .. import __version__

    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
