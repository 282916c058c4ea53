"""What a short command loads: ``import nbmj`` and the libraries below the env import no
NumPy until a batch function needs it, and ``nbmj --help`` / ``nbmj variants`` load neither
the engine, nor NumPy, nor (help) the parser. Each is run in a fresh interpreter, where
nothing was imported before. (How long they take is bench/startup.py's to say.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import click
import pytest

from nbmj.cli import COMMANDS, SUMMARIES, main


def _modules_after(code: str, cache_dir: str | None = None) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    env = dict(os.environ)
    if cache_dir is not None:
        env["NBMJ_CACHE_DIR"] = cache_dir
    script = code + "\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env).stdout
    return set(json.loads(out.splitlines()[-1]))


@pytest.mark.parametrize("module", ["nbmj", "nbmj.core", "nbmj.scoring", "nbmj.engine", "nbmj.rules", "nbmj.bots",
                                    "nbmj.arena"])
def test_importing_the_libraries_imports_no_numpy(module):
    assert "numpy" not in _modules_after(f"import {module}")


def test_a_batch_function_imports_numpy_when_it_runs():
    code = ("import sys, nbmj.core\nassert 'numpy' not in sys.modules\nimport numpy\n"
            "print(nbmj.core.is_win_batch(numpy.zeros((1, 34), dtype=numpy.uint8), 2).tolist())")
    assert "numpy" in _modules_after(code)


def _command(*args: str) -> str:
    return f"from nbmj.cli import main\nmain({list(args)!r}, standalone_mode=False)"


def test_help_loads_no_command():
    loaded = _modules_after(_command("--help"))
    assert not {m for m in loaded if m.startswith(("nbmj.engine", "nbmj.rules", "nbmj.scoring", "nbmj.core"))}
    assert "numpy" not in loaded and "lark" not in loaded
    assert not {m for m in loaded if m.startswith("nbmj.cli.") and m not in ("nbmj.cli._output", "nbmj.cli._input")}


def test_variants_loads_neither_the_engine_nor_numpy_and_once_read_not_the_parser(tmp_path):
    first = _modules_after(_command("variants"), str(tmp_path))
    assert "numpy" not in first and not {m for m in first if m.startswith(("nbmj.engine", "nbmj.scoring"))}
    again = _modules_after(_command("variants"), str(tmp_path))  # the headers are kept: no parsing
    assert "lark" not in again and "nbmj.rules.compiler" not in again


def test_every_command_has_a_summary_and_it_is_the_commands_own():
    assert set(SUMMARIES) == set(COMMANDS)
    for name in COMMANDS:
        command = main.get_command(click.Context(main), name)
        assert command is not None and command.help is not None
        first_paragraph = " ".join(command.help.split("\n\n")[0].split())
        assert SUMMARIES[name] == first_paragraph, name


@pytest.mark.parametrize("width", [40, 80, 120])
def test_the_command_list_is_the_one_click_writes(width):
    ctx = click.Context(main)
    lazy = click.HelpFormatter(width=width)
    main.format_commands(ctx, lazy)
    loaded = click.HelpFormatter(width=width)
    click.Group.format_commands(main, ctx, loaded)
    assert lazy.getvalue() == loaded.getvalue()
