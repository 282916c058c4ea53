"""Sphinx configuration for the nbmj documentation.

Build with ``sphinx-build -n -W docs docs/_build/html`` after ``pip install '.[docs]'``.
The pages are generated from the *installed* nbmj: the variant pages compile the shipped
variants, the examples are scored by the engine and the API reference is read from the
installed modules. The rulebook pages include the spec files from ``spec/rulebook/`` in
this checkout.
"""

import os
import sys
from pathlib import Path

# The build reads nbmj's pure-Python modules (NBMJ_PUREPYTHON): autodoc documents a
# module's data from the ``#:`` comments of its source, and the engine's state modules,
# compiled from their own .py (nbmj._backend.FROM_SOURCE), keep no comments once compiled.
# Every compiled module gives the same answers as its source (the test suite runs both).
# (Only in a process that has not loaded the engine yet: sphinx-build's own.)
if "nbmj.engine.state" not in sys.modules:
    os.environ["NBMJ_PUREPYTHON"] = "1"

import nbmj  # noqa: E402

DOCS = Path(__file__).resolve().parent

project = "nbmj"
author = "nbmj developers"
copyright = "2026, nbmj developers"
release = nbmj.__version__
version = ".".join(release.split(".")[:2])
language = "en"

# ---- translations (the Chinese edition: ``-D language=zh_CN``)
# One catalogue per page, docs/locales/zh_CN/LC_MESSAGES/<docname>.po, made with
#   sphinx-build -b gettext docs /tmp/pot
#   sphinx-intl update -p /tmp/pot -l zh_CN -d docs/locales
# Sphinx compiles the .po files to .mo at build time; .mo files are never committed.
locale_dirs = ["locales"]
gettext_compact = False
# No source line numbers or uuids in the catalogues: they would change whenever the
# rulebook is edited and make every .po diff noisy.
gettext_location = False
gettext_uuid = False

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "nbmj.sphinxext",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
# The rulebook files are included into docs/rulebook/*.rst, never read on their own.
source_suffix = {".rst": "restructuredtext"}

# Furo: responsive (a phone at the table reads it), light and dark, and kept up to date.
html_theme = "furo"
html_static_path = ["_static"]
html_css_files = ["nbmj.css"]
html_js_files = ["nbmj.js"]
templates_path = ["_templates"]
html_title = f"nbmj {release}"
html_theme_options = {
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
    # Furo shows this bar on every page; _templates/page.html fills it with the language switch.
    "announcement": "English · 中文",
    "light_css_variables": {"color-announcement-background": "#f3efe6", "color-announcement-text": "#3b3326"},
    "dark_css_variables": {"color-announcement-background": "#2a2722", "color-announcement-text": "#e8e2d4"},
}
# Furo's sidebar with the language switch under the search box.
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "sidebar/search.html",
        "nbmj-editions.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ]
}
# The two editions are built side by side, docs/_build/html/en and docs/_build/html/zh_CN;
# the switch on every page links to the same page (and, by nbmj.js, the same rule) in the other.
html_context = {"nbmj_editions": [("en", "English"), ("zh_CN", "中文")]}
# Chinese search: Sphinx splits Chinese text into words with jieba (the docs/test extras
# install it); this list teaches it the mahjong words it does not know, so 百搭 or
# 杠上开花 are found whole.
html_search_options = {"dict": str(DOCS / "search-words.zh.txt")}

# autodoc: signatures of compiled functions come from their embedded docstrings.
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_default_options = {"members": True, "show-inheritance": True}
python_use_unqualified_type_names = True
# Type aliases that annotations name as strings (NumPy is imported only when a batch function
# runs, so nbmj.core's aliases are strings): shown by name, linked to their entries.
autodoc_type_aliases = {alias: f"nbmj.core.{alias}" for alias in ("HandLike", "Counts", "HandArray", "WildsLike")}

# Names outside nbmj that docstrings mention; no network, so no intersphinx.
nitpick_ignore_regex = [
    (r"py:.*", r"(builtins\.)?(int|str|bool|float|bytes|dict|list|tuple|set|frozenset|object|type|None|Any)"),
    (r"py:.*", r"(typing|collections\.abc|types|dataclasses|pathlib|enum|random|os|io|json|asyncio)\..*"),
    (r"py:.*", r"(Iterable|Iterator|Sequence|Mapping|Callable|Literal|Union|Optional|Path|TextIO|IO|Generator)"),
    (r"py:.*", r"(numpy|np|numpy\.typing|npt|click|rich|lark)(\..*)?"),
    (r"py:.*", r"(ndarray|NDArray|ArrayLike|DTypeLike)"),
    (r"py:exc", r"(ValueError|KeyError|TypeError|IndexError|RuntimeError|OSError|FileNotFoundError|Exception|StopIteration)"),
    (r"py:class", r"(ValueError|KeyError|TypeError|Exception)"),
    # the signatures a compiled module embeds name these as written in its source, unqualified
    # (Reseedable: nbmj.engine.seeding's protocol of a generator seeded again in place)
    (r"py:class", r"Expr|Reseedable"),
]

# Every example on a page runs as printed: it imports what it uses, and nothing is
# imported for it behind the scenes (a test checks that this setup imports nothing). The
# one name given is where the docs are, for the tutorial that copies its example file.
doctest_global_setup = f"DOCS_DIR = {str(DOCS)!r}"
# Docstring examples (shown by autodoc) are written in their module's namespace, as
# ``python -m doctest`` and ``pytest --doctest-modules`` run them; they form the group
# "docstrings", whose namespace each API page sets with ``.. testsetup:: docstrings``.
doctest_test_doctest_blocks = "docstrings"
# Examples print Chinese and tile glyphs exactly.
doctest_default_flags = 0
import doctest as _doctest  # noqa: E402

doctest_default_flags = _doctest.ELLIPSIS | _doctest.NORMALIZE_WHITESPACE | _doctest.DONT_ACCEPT_TRUE_FOR_1


def _resolve_short_names(app, env, node, contnode):
    """Docstrings often say :class:`RuleSet` or :meth:`Game.observation` outside the
    module that defines them. Resolve such a short name when exactly one documented
    object ends with it, as Sphinx does for ``.RuleSet``; leave the rest to -n."""
    if node.get("refdomain") != "py":
        return None
    from sphinx.util.nodes import make_refnode

    py = env.get_domain("py")
    target = node["reftarget"].lstrip(".~")
    matches = py.find_obj(env, None, None, target, node["reftype"], 1)
    if len(matches) != 1:
        return None
    name, obj = matches[0]
    return make_refnode(app.builder, node["refdoc"], obj.docname, obj.node_id, contnode, name)


def _edition_settings(app, config):
    """Settings that differ in the Chinese edition (``-D language=zh_CN`` is applied
    after this file runs, so they are set once the configuration is complete)."""
    config.html_context["nbmj_edition"] = config.language
    if config.language.startswith("zh"):
        config.html_title = f"nbmj {release} 文档"


def setup(app):
    app.connect("config-inited", _edition_settings)
    app.connect("missing-reference", _resolve_short_names)
