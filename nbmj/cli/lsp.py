"""``nbmj lsp``: the language server for variant files (:mod:`nbmj.lsp`)."""

from __future__ import annotations

import click

from ..errors import NbmjError


@click.command()
def lsp() -> None:
    """Run the language server for variant files over standard input and output.

    An editor starts it and speaks the Language Server Protocol with it: diagnostics as
    you type (the messages of ``nbmj check``, with quick fixes), completion, hover in the
    editor's language (English or Chinese), go to definition, the outline and formatting
    (the layout of ``nbmj fmt``). It needs the ``lsp`` extra: ``pip install 'nbmj[lsp]'``.
    """
    try:
        from ..lsp import serve
        import pygls  # noqa: F401 - checked here to say which extra is missing
    except ImportError as exc:
        raise NbmjError(f"nbmj lsp needs the lsp extra ({exc.name} is not installed): pip install 'nbmj[lsp]'") from None
    serve()
