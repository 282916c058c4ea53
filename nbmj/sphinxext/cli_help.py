"""The ``nbmj-cli`` directive: the ``--help`` of the ``nbmj`` command and each subcommand.

The text comes from the click commands themselves at a fixed width, so the page says
what the installed command says.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from .markup import comma_list, titled_section


class CliDirective(SphinxDirective):
    """``.. nbmj-cli::``: a section per ``nbmj`` subcommand with its ``--help`` text."""

    has_content = False
    option_spec = {"commands": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        """The top-level help, then a section per subcommand; a subcommand that is
        unknown or does not load is an error."""
        import click

        from ..cli import main

        width = 88
        settings = dict(terminal_width=width, max_content_width=width, **(main.context_settings or {}))
        ctx = click.Context(main, info_name="nbmj", **settings)
        names = comma_list(self.options.get("commands")) or main.list_commands(ctx)
        out: list[nodes.Node] = []
        top = main.get_help(ctx)
        out.append(_literal_block(top, "console"))
        for name in names:
            try:
                command = main.get_command(ctx, name)
            except Exception as exc:  # noqa: BLE001
                raise self.error(f"the nbmj command {name!r} does not load: {exc}") from exc
            if command is None:
                raise self.error(f"no nbmj command {name!r}")
            sub = click.Context(command, info_name=name, parent=ctx, **settings)
            section = titled_section(self.state.document, f"nbmj {name}", f"nbmj {name}")
            section += _literal_block(command.get_help(sub), "console")
            out.append(section)
        return out


def _literal_block(text: str, language: str = "text") -> nodes.literal_block:
    """A preformatted block of ``text``, classed ``nbmj-<language>`` for the style sheet."""
    block = nodes.literal_block(text, text)
    block["language"] = "text"
    block["classes"].append(f"nbmj-{language}")
    return block
