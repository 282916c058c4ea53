"""The README's examples work as written."""

import contextlib
import io
import re
from pathlib import Path

from nbmj.rules import compile_text

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.S)


def test_quick_start_holds_two_commands_install_and_run_then_test():
    first = _blocks("sh")[0].strip().splitlines()
    assert len(first) == 2
    assert first[0].startswith("pip install . && nbmj ")
    assert first[1] == "pip install '.[test]' && pytest"


def test_python_example_runs_and_prints_what_it_says():
    (code,) = _blocks("python")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    promised = re.search(r"#\s*(.+)$", code.strip().splitlines()[-1]).group(1)
    assert out.getvalue().strip() == promised.strip()


def test_house_rule_example_compiles_and_changes_what_it_says():
    (text,) = _blocks("text")
    rules = compile_text(text, "my-ningbo.nbv")
    assert rules.parent == "ningbo"
    assert rules.scoring.minimum == 3
    assert rules.item("half_flush").value == 3


def test_the_table_of_contents_names_every_shipped_variant_and_its_aliases():
    from nbmj.rules import variant_infos

    row = next(line for line in README.splitlines() if line.startswith("| `spec/variants/*.nbv` |"))
    named = set(re.findall(r"`([a-z0-9-]+)`", row))
    for info in variant_infos():
        assert info.name in named, f"the README's list of shipped variants leaves out {info.name!r}"
    shipped = {info.name for info in variant_infos()} | {a for info in variant_infos() for a in info.aliases}
    assert named <= shipped, f"the README names variants nbmj does not ship: {sorted(named - shipped)}"


def test_the_table_of_contents_names_every_subcommand():
    from nbmj.cli import main

    row = next(line for line in README.splitlines() if line.startswith("| `nbmj` command |"))
    named = re.findall(r"`([a-z]+)`", row.split("|")[2])
    import click

    assert sorted(named) == sorted(main.list_commands(click.Context(main)))
