"""``nbmj variants``, ``nbmj check`` and ``nbmj show``: the rule variants from the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .._paths import is_file
from ..errors import RuleSetError
from ._output import emit_json


@click.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object: {\"variants\": [...]}.")
@click.option("--lang", type=click.Choice(["zh", "en"]), default=None,
              help="Language of the list (default: Chinese when the locale is Chinese).")
def variants(as_json: bool, lang: str | None) -> None:
    """List the rule variants with their parent, aliases and summary.

    The shipped variants come first; then every variant file on the variant search path
    (the current directory, then the NBMJ_VARIANT_PATH directories), each marked
    ``[user PATH]``. A user variant that shadows a shipped one is used in its place. A file
    that does not compile is listed as broken, with its first problem; a name that two
    files answer to is marked ambiguous on both (looking it up is an error).
    """
    from ..rules.registry import user_variant_infos, variant_infos
    from ..rules.zh_CN import SUMMARIES
    from ._language import default_language

    zh = (lang or default_language()) == "zh"
    user = user_variant_infos(compile=True)
    infos = variant_infos() + user
    if as_json:
        emit_json({"variants": [i.to_dict() for i in infos]})
        return
    width = max(len(i.name) for i in infos)
    pwidth = max(len(i.parent or "-") for i in infos)
    for i in infos:
        if zh:
            aliases = f"  （别名 {'、'.join(i.aliases)}）" if i.aliases else ""
            notes = [f"用户变体 {i.path}"] if i.user else []
            notes += [f"取代内置的 {'、'.join(i.shadows)}"] if i.shadows else []
        else:
            aliases = f"  (alias {', '.join(i.aliases)})" if i.aliases else ""
            notes = [f"user {i.path}"] if i.user else []
            notes += [f"shadows {', '.join(i.shadows)}"] if i.shadows else []
        if i.user:
            names = (i.name, *i.aliases) if i.problem is None else (Path(i.path).stem,)
            twins = [o.path for o in user if o is not i and any(o.answers_to(n) for n in names)]
            if twins:
                notes.append(f"有歧义：{'、'.join(twins)} 也叫这个名字" if zh
                             else f"ambiguous: {', '.join(twins)} answers to the same name")
        mark = (f"  [{'；'.join(notes)}]" if zh else f"  [{'; '.join(notes)}]") if notes else ""
        if i.diagnostic is not None:
            problem = i.diagnostic.render(context=False, language="zh" if zh else "en")
            summary = f"无法编译：{problem}" if zh else f"broken: {problem}"
        else:
            summary = SUMMARIES.get(i.summary, i.summary) if zh else i.summary
        click.echo(f"{i.name:<{width}}  {i.parent or '-':<{pwidth}}  {summary}{aliases}{mark}")


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=str))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per file: {\"file\", \"ok\", \"diagnostics\"}.")
@click.option("--lang", type=click.Choice(["zh", "en"]), default=None,
              help="Language of the messages (default: Chinese when the locale is Chinese).")
def check(files: tuple[str, ...], as_json: bool, lang: str | None) -> None:
    """Compile variant FILES and report every problem.

    Prints ``FILE: ok`` for a clean file; otherwise each problem as
    ``FILE:LINE:COL: message`` with the source line and a caret. Exit status 1 when any
    file has a problem. A name that is not a file is looked up along the variant search
    path (``nbmj check thursday`` checks the ``thursday`` variant's file). With ``--lang
    zh`` the messages are in Chinese (the location, the line and the caret are the same);
    ``--json`` always gives the English message, which tools match.
    """
    from ..rules import compile_file
    from ..rules.diagnostics import Diagnostic
    from ..rules.registry import broken_owner, find_variant
    from ._language import default_language

    language = lang or default_language()

    failed = False
    for name in files:
        path = Path(name)
        if not is_file(path) and path.suffix != ".nbv" and "/" not in name:
            # a file that does not compile answers only to its file name, but it is the file to check
            found = find_variant(name) or broken_owner(name)
            if found is not None:
                path = Path(found.path)
        try:
            compile_file(path, source=name)
            diags: list[Diagnostic] = []
        except RuleSetError as exc:
            diags = exc.diagnostics
        except Exception as exc:  # noqa: BLE001 - `check` reports, it never crashes
            diags = [Diagnostic(name, 1, 1, f"internal error: {exc!r}")]
        failed = failed or bool(diags)
        if as_json:
            emit_json({"file": name, "ok": not diags, "diagnostics": [d.to_dict() for d in diags]})
        elif diags:
            for d in diags:
                click.echo(d.render(language=language))
            n = len(diags)
            click.echo(f"{name}：{n} 个问题" if language == "zh" else f"{name}: {n} problem{'s' if n != 1 else ''}", err=True)
        else:
            click.echo(f"{name}：没有问题" if language == "zh" else f"{name}: ok")
    sys.exit(1 if failed else 0)


@click.command()
@click.argument("variant")
@click.option("--compact", is_flag=True, help="One line of JSON instead of an indented document.")
def show(variant: str, compact: bool) -> None:
    """Print the compiled rule set of VARIANT (a shipped name or alias, or a .nbv file) as JSON."""
    from ..rules import load_variant

    target = variant
    if is_file(variant):
        target = str(Path(variant))
        if not target.endswith(".nbv") and "/" not in target:
            target = f"./{target}"
    rules = load_variant(target)
    if compact:
        emit_json(rules.to_dict())
    else:
        click.echo(json.dumps(rules.to_dict(), ensure_ascii=False, indent=2))
