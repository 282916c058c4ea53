"""The extension's own words in the language of the build.

Pages are translated by Sphinx from their catalogues; what the directives generate
(table headings, labels, the sentences around the tables) never reaches a catalogue, so
the extension writes it in the build's language itself, from the tables of
:mod:`nbmj.sphinxext.zh_CN`. Two kinds of text are looked up:

* :func:`text` — the extension's fixed wording, a :meth:`str.format` template with named
  fields (``"Changes from {parent}"``); every template the code uses has its
  translation, which the test suite checks by reading the code.
* :func:`data` — words that come from the rules data (a variant's summary, a feature's
  meaning, a diagnostic's label, an example's title); a shipped word without its
  translation is shown in English and noted for the page (:func:`untranslated`), and the
  Chinese build lists every such word in ``nbmj-untranslated.json`` beside the pages.

An English build (any language without a table) shows the English text unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from . import zh_CN
from .markup import current_docname

#: language (its part before ``_``) -> English template -> translated template
TEXTS: dict[str, Mapping[str, str]] = {"zh": zh_CN.TEXT}
#: language -> English data word -> translated word
DATA: dict[str, Mapping[str, str]] = {"zh": zh_CN.DATA}

#: The file, in the output directory, that lists the data words left in English.
UNTRANSLATED_REPORT = "nbmj-untranslated.json"


def language_key(env: BuildEnvironment) -> str:
    """``"zh"`` for ``zh_CN``, ``"en"`` for English (or no language set)."""
    return (env.config.language or "en").split("_")[0]


def text(env: BuildEnvironment, template: str, /, **fields: object) -> str:
    """``template`` in the build's language, with ``fields`` filled in."""
    table = TEXTS.get(language_key(env))
    if table is not None:
        template = table.get(template, template)
    return template.format(**fields) if fields else template


def texts(env: BuildEnvironment, /, *templates: str) -> list[str]:
    """:func:`text` of each template (table headings)."""
    return [text(env, template) for template in templates]


def data(env: BuildEnvironment, word: str) -> str:
    """A word of the rules data in the build's language; noted when it has no translation."""
    table = DATA.get(language_key(env))
    if table is None or not word:
        return word
    translated = table.get(word)
    if translated is None:
        _note_untranslated(env, word)
        return word
    return translated


def localized(env: BuildEnvironment, value: object) -> str:
    """A text given per language (``{"en": ..., "zh_CN": ...}``) or as plain English."""
    if isinstance(value, Mapping):
        lang = env.config.language or "en"
        for key in (lang, lang.split("_")[0]):
            if key in value:
                return str(value[key])
        english = str(value.get("en", ""))
        if language_key(env) != "en":
            _note_untranslated(env, english)
        return english
    return data(env, str(value))


def parts(env: BuildEnvironment, template: str, /, **fields: object) -> list[nodes.Node]:
    """:func:`text`, with fields that are nodes (links, code) kept as nodes.

    The translated template decides where each node goes, so a sentence can put its
    code where Chinese word order wants it.
    """
    import string

    table = TEXTS.get(language_key(env))
    if table is not None:
        template = table.get(template, template)
    out: list[nodes.Node] = []
    for literal, name, spec, _ in string.Formatter().parse(template):
        if literal:
            out.append(nodes.Text(literal))
        if name is None:
            continue
        value = fields[name]
        if isinstance(value, nodes.Node):
            out.append(value)
        else:
            out.append(nodes.Text(format(value, spec or "")))
    return out


def _note_untranslated(env: BuildEnvironment, word: str) -> None:
    from .domain import nbmj_domain

    nbmj_domain(env).note_untranslated(current_docname(env), word)


def untranslated(env: BuildEnvironment) -> dict[str, list[str]]:
    """docname -> the data words its page shows in English for want of a translation."""
    from .domain import nbmj_domain

    return {doc: sorted(words) for doc, words in nbmj_domain(env).untranslated.items() if words}


def write_untranslated_report(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: list the untranslated data words of a translated build."""
    if exception is not None or language_key(app.env) == "en" or app.builder.format != "html":
        return
    report = Path(app.outdir) / UNTRANSLATED_REPORT
    report.write_text(json.dumps(untranslated(app.env), ensure_ascii=False, indent=1), encoding="utf-8")
