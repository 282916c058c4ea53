"""Every command line of the README's command block runs as written (issue #43): from a folder
that holds the repository's ``examples/``, as a user at the repository root would, each exits
0 with no traceback. The interactive ones are driven as a person would leave them: ``nbmj
play`` sees its input end at once (the person leaves the table), ``nbmj serve`` is stopped
once it says where it serves.

The commands run once, on the build a user installs (the compiled one): under
NBMJ_PUREPYTHON some of them (an arena of the strong bot) would take minutes.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nbmj.engine import BACKEND

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCK = re.search(r"## The command\n\n```console\n(.*?)```", README, flags=re.S)
LINES = [line[2:] for line in (BLOCK.group(1).splitlines() if BLOCK else []) if line.startswith("$ ")]

pytestmark = pytest.mark.skipif(BACKEND != "cython", reason="the README's commands are timed for the compiled build")


def _argv(line: str) -> list[str]:
    """The line's words (its comment left out), ``nbmj`` as the console script beside this
    interpreter and ``python3`` as this interpreter."""
    words = shlex.split(line, comments=True)
    script = shutil.which("nbmj", path=os.path.dirname(sys.executable))
    if words[0] == "nbmj":
        words[:1] = [script] if script else [sys.executable, "-c", "from nbmj.cli import main; main()"]
    return [sys.executable if w == "python3" else w.replace("python3 ", f"{sys.executable} ") for w in words]


def test_the_readme_has_its_command_block():
    assert BLOCK is not None and len(LINES) >= 10
    assert not [line for line in LINES if not line.startswith("nbmj ")]


@pytest.mark.parametrize("line", LINES, ids=[shlex.split(line, comments=True)[1] + f"-{i}" for i, line in enumerate(LINES)])
def test_a_readme_command_runs_as_written(line, tmp_path):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    argv = _argv(line)
    env = {**os.environ, "NBMJ_CACHE_DIR": str(tmp_path / "cache")}
    if "serve" in argv[:5]:
        proc = subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + 60
            said = ""
            while "http://127.0.0.1:" not in said:
                assert time.monotonic() < deadline and proc.poll() is None, said + (proc.stderr.read() if proc.poll() is not None else "")
                said += proc.stderr.readline()
        finally:
            proc.terminate()
            proc.wait(timeout=30)
        return
    run = subprocess.run(argv, cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, (line, run.stdout[-2000:], run.stderr[-2000:])
    assert "Traceback" not in run.stderr
