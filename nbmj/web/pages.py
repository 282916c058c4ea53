"""The HTML pages of this package, rendered from Jinja2 templates that escape every value.

Every page (the lobby, the table, the replay viewer, the server's error page) is a template
in this package rendered by :func:`render_page` in an environment with autoescaping on: a
value put into a page is HTML-escaped unless the code that passes it has marked it safe,
and only two kinds of value are: the package's own tile styles and script, and JSON made
safe for a ``<script>`` element by :func:`script_json`. A room code, a variant name or a
message that quotes what a browser sent cannot close an element or open a new one.

Each page's inline ``<script>`` and ``<style>`` carry the ``nonce`` given to
:func:`render_page`; the server sends the same nonce in the page's
Content-Security-Policy (:func:`content_security_policy`), so a script that found its way
into a page anyway would not run. The replay viewer's standalone file states the same
policy in a ``<meta>`` element.
"""

from __future__ import annotations

import functools
import json
import secrets
from importlib import resources
from typing import Any

from ..narration import win_method, words_zh
from ..rules.model import WIN_METHODS

__all__ = ["render_page", "script_json", "trusted_asset", "new_nonce", "content_security_policy", "file_security_policy"]

# Inside <script>, these could end the element or a comment early, or (U+2028/9) end a
# JavaScript string in older engines: each is written as its \u escape instead.
_SCRIPT_UNSAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


@functools.lru_cache(maxsize=1)
def _environment() -> Any:
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FunctionLoader(_asset),  # the package's own files, read once
        autoescape=True,  # every template, whatever its name
        undefined=jinja2.StrictUndefined,  # a value the code forgot is an error, not an empty string
        keep_trailing_newline=True,
    )


@functools.lru_cache(maxsize=None)
def _asset(name: str) -> str:
    return resources.files("nbmj.web").joinpath(name).read_text(encoding="utf-8")


def script_json(value: Any) -> Any:
    """``value`` as JSON that can stand inside a ``<script>`` element, marked safe for the
    templates (nothing in it can end the element)."""
    from markupsafe import Markup

    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for ch, escaped in _SCRIPT_UNSAFE.items():
        text = text.replace(ch, escaped)
    return Markup(text)


def trusted_asset(name: str) -> Any:
    """The package's own file ``name`` (a script or styles), marked safe for the templates."""
    from markupsafe import Markup

    return Markup(_asset(name))


def new_nonce() -> str:
    """A fresh nonce for one response's inline script and styles."""
    return secrets.token_urlsafe(18)


def content_security_policy(nonce: str) -> str:
    """The policy a page is served with: its own inline script and styles (by ``nonce``),
    requests to its own origin (the API and the seat's websocket), nothing else."""
    return (
        f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; "
        "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


def file_security_policy(nonce: str) -> str:
    """The policy a standalone page (the replay viewer's file) states in its ``<meta>``:
    its own inline script and styles, and nothing to fetch."""
    return f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; img-src data:; base-uri 'none'"


def render_page(name: str, nonce: str, **values: Any) -> str:
    """The page ``name`` (a template of this package) with ``values``, escaped unless marked
    safe (:func:`script_json`), the shared tile styles and scripts (the tiles, the settlement
    explained) and the narration's words (``WORDS_ZH``: :func:`nbmj.narration.words_zh`;
    ``WIN_BY_EN``: the win methods in English, :func:`nbmj.narration.win_method`) put in, and ``nonce`` on its inline script and styles."""
    template = _environment().get_template(name)
    return str(
        template.render(
            TILE_CSS=trusted_asset("tiles.css"),
            EXPLAIN_CSS=trusted_asset("explain.css"),
            TILE_JS=trusted_asset("tiles.js"),
            EXPLAIN_JS=trusted_asset("explain.js"),
            WORDS_ZH=script_json(words_zh()),
            WIN_BY_EN=script_json({w: win_method(w) for w in WIN_METHODS}),
            NONCE=nonce,
            **values,
        )
    )
