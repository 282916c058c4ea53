"""``nbmj lsp``: a Language Server Protocol server for variant files (``.nbv``).

It speaks JSON-RPC over standard input and output, so any editor with an LSP client can
use it (``pip install 'nbmj[lsp]'``; the docs page "Editing variant files" shows VS Code,
Neovim, Emacs and Helix). Features: the checker's diagnostics as the author types, with
quick fixes for the mistakes it can name; completion; hover in the editor's language
(English or Chinese); go to definition; the outline; formatting with ``nbmj fmt``'s layout.

The parts: :mod:`.tokens` (the words of a half-typed file), :mod:`.document` (one open file
and its positions), :mod:`.knowledge` (the rulebook, the settings, where a value comes
from), :mod:`.checks` (diagnostics and quick fixes), :mod:`.completion`,
:mod:`.navigation` (hover, definition, outline), :mod:`.texts` (the editor's language) and
:mod:`.server` (the pygls wiring).
"""

from __future__ import annotations

__all__ = ["serve"]


def serve() -> None:
    """Serve over standard input and output until the editor says ``exit``."""
    from .server import create_server

    create_server().start_io()
