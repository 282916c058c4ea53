"""``nbmj fmt``: variant files in the canonical layout (:mod:`nbmj.rules.fmt`)."""

from __future__ import annotations

import difflib
import os
import shutil
import sys
import tempfile
from pathlib import Path

import click

from ..errors import NbmjError, RuleSetError


def _read(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise NbmjError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        from ..rules.compiler import not_utf8

        raise RuleSetError([not_utf8(str(path), data, exc)]) from None


def _write(path: Path, text: str) -> None:
    """Replace the file at once (a crash leaves the old or the new text, never half)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(text.encode("utf-8"))
        shutil.copymode(path, tmp)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True, path_type=str))
@click.option("--check", is_flag=True, help="Write nothing; exit 1 when a file is not in the canonical layout.")
@click.option("--diff", "show_diff", is_flag=True, help="Write nothing; print what would change as a unified diff.")
def fmt(files: tuple[str, ...], check: bool, show_diff: bool) -> None:
    """Rewrite variant FILES in the canonical layout, keeping every comment.

    The layout fixes spacing, indentation, blank lines and the columns of rule IDs, item
    labels and comments; what a file means never changes (its compiled rule set is the
    same). Prints ``reformatted FILE`` for each file it changes. ``-`` reads standard
    input and prints the result. With ``--check`` (or ``--diff``) nothing is written and
    the exit status is 1 when some file would change. A file that does not parse is
    reported as ``nbmj check`` reports it and left alone; the exit status is then 2.
    """
    from ..rules.fmt import format_text

    changed = failed = False
    for name in files:
        path = Path(name)
        try:
            original = sys.stdin.read() if name == "-" else _read(path)
            formatted = format_text(original, "<stdin>" if name == "-" else name)
        except RuleSetError as exc:
            for d in exc.diagnostics:
                click.echo(d.render(), err=True)
            click.echo(f"{name}: not formatted: it does not parse", err=True)
            failed = True
            continue
        except NbmjError as exc:
            click.echo(f"nbmj: error: {exc}", err=True)
            failed = True
            continue
        if name == "-" and not (check or show_diff):
            click.echo(formatted, nl=False)
            continue
        if formatted == original:
            continue
        changed = True
        if show_diff:
            lines = difflib.unified_diff(
                original.splitlines(keepends=True), formatted.splitlines(keepends=True), f"{name} (original)", f"{name} (formatted)"
            )
            click.echo("".join(lines), nl=False)
        elif check:
            click.echo(f"would reformat {name}")
        else:
            _write(path, formatted)
            click.echo(f"reformatted {name}")
    sys.exit(2 if failed else 1 if changed and (check or show_diff) else 0)
