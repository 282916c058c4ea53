"""The ``nbmj`` command.

Each subcommand lives in its own module and is imported only when it runs, so that
``nbmj hand`` does not pay for loading the engine. Errors that nbmj raises on purpose
(:class:`~nbmj.errors.NbmjError`) become a one-line message on stderr and exit status 2.
"""

from __future__ import annotations

import importlib
import sys
import warnings
from typing import Any

import click

from .._paths import current_directory_searched, search_current_directory
from ..errors import NbmjError
from ._output import tolerate_narrow_consoles

# name -> "module:attribute" of a click command. Add a line here when adding a subcommand.
COMMANDS: dict[str, str] = {
    "hand": "nbmj.cli.hand:hand",
    "score": "nbmj.cli.score:score",
    "variants": "nbmj.cli.rules:variants",
    "check": "nbmj.cli.rules:check",
    "fmt": "nbmj.cli.fmt:fmt",
    "lsp": "nbmj.cli.lsp:lsp",
    "show": "nbmj.cli.rules:show",
    "demo": "nbmj.cli.game:demo",
    "play": "nbmj.cli.play:play",
    "simulate": "nbmj.cli.arena:simulate",
    "arena": "nbmj.cli.arena:arena",
    "compare": "nbmj.cli.arena:compare",
    "diff": "nbmj.cli.arena:diff",
    "replay": "nbmj.cli.game:replay",
    "claims": "nbmj.cli.claims:claims",
    "view": "nbmj.cli.view:view",
    "review": "nbmj.cli.review:review",
    "dataset": "nbmj.cli.dataset:dataset",
    "serve": "nbmj.cli.serve:serve",
}

# name -> the first paragraph of the command's help, which ``nbmj --help`` shortens to one
# line: so listing the commands loads none of them (loading ``play`` or ``simulate`` pulls in
# the engine, NumPy and more). A command missing here is loaded to ask it;
# tests/test_cli_startup.py checks each text against the command's own help.
SUMMARIES: dict[str, str] = {
    "arena": "Bots against each other: mean points per hand with 95% intervals, win, deal-in and draw rates.",
    "check": "Compile variant FILES and report every problem.",
    "claims": "Legal claims on one discard and who takes it (JSON in FILE, - for standard input).",
    "compare": "Play the same walls under variants A and B and compare what happens.",
    "dataset": "Turn LOGS (nbmj-log/1 files, or directories of *.log files, one hand each) into training "
               "data: every decision of the chosen seats as the feature planes and action mask the RL envs "
               "give that seat, the action's index, and the seat's return for the hand.",
    "demo": "Play one seeded hand among four bots and show it as it goes.",
    "diff": "What differs between two variants: settings, items (with rule IDs), and the hands of a "
            "fixed corpus whose validity or points change.",
    "fmt": "Rewrite variant FILES in the canonical layout, keeping every comment.",
    "hand": "Shanten, win and waits of HAND, as one JSON object.",
    "lsp": "Run the language server for variant files over standard input and output.",
    "play": "Play one seat of a match in the terminal against three bots.",
    "replay": "Step through a logged hand, checking every event; then say whether the log reaches "
              "the end of the hand and, if it does, the settlement.",
    "review": "Go over LOG (an nbmj-log/1 file, - for standard input) for one seat: at each of its "
              "decisions, the player's choice beside the strong bot's, the shanten and waits before and "
              "after, the expected points at stake, and the reasons with their rule IDs.",
    "score": "Score the winning situation in FILE (JSON; - for standard input).",
    "serve": "Open a web table: people play in the browser against bots, in any variant.",
    "show": "Print the compiled rule set of VARIANT (a shipped name or alias, or a .nbv file) as JSON.",
    "simulate": "Play many hands among bots and report statistics.",
    "variants": "List the rule variants with their parent, aliases and summary.",
    "view": "Write LOG (an nbmj-log/1 file, - for standard input) as an HTML page that steps "
            "through the hand: every seat's tiles, the wall count, claims and the settlement.",
}


def _one_line_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int, line: str | None = None) -> str:
    """A warning as the command's users read it: one line on stderr, no source location."""
    return f"nbmj: warning: {message}\n"


class _LazyGroup(click.Group):
    def main(self, *args: Any, **kwargs: Any) -> Any:
        tolerate_narrow_consoles()
        return super().main(*args, **kwargs)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attr = target.split(":")
        command: click.Command = getattr(importlib.import_module(module_name), attr)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``nbmj --help``, as click writes it, from :data:`SUMMARIES`."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            summary = SUMMARIES.get(name)
            if summary is None:
                command = self.get_command(ctx, name)
                if command is None or command.hidden:
                    continue
                rows.append((name, command.get_short_help_str(limit)))
            else:
                rows.append((name, click.Command(name, help=summary).get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        # For the command's run (restored after, for a program that invokes it in-process):
        # its user stands in their folder of rule files, so names are looked up there, and
        # a warning is one line on stderr.
        searched, formatted = current_directory_searched(), warnings.formatwarning
        search_current_directory(True)
        warnings.formatwarning = _one_line_warning
        try:
            return super().invoke(ctx)
        except NbmjError as exc:
            first_line = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            click.echo(f"nbmj: error: {first_line}", err=True)
            # Multi-line messages (rule-file diagnostics) are worth showing whole.
            rest = str(exc).splitlines()[1:]
            if rest:
                click.echo("\n".join(rest), err=True)
            sys.exit(2)
        finally:
            search_current_directory(searched)
            warnings.formatwarning = formatted


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="nbmj")
def main() -> None:
    """Ningbo and Ninghai mahjong: rules, scoring and a game engine."""
