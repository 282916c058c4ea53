"""The language server's words in both languages (no server needed): every template it
says has its Chinese, every setting's description too, and every rule of the rulebook
reads in Chinese from the shipped catalogues, paragraph by paragraph."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the lsp extra")

from nbmj.lsp.knowledge import EXTRA_SETTINGS, rulebook
from nbmj.lsp.texts import ZH, language_of, meaning, rule_markdown
from nbmj.rules import model as M
from nbmj.rules.schema import SCORING_SCHEMA, SECTION_SCHEMA, ValueReader

LSP = Path(__import__("nbmj.lsp").lsp.__file__).parent


def _said() -> set[str]:
    """Every template the package passes to ``say`` as a literal."""
    out = set()
    for path in LSP.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "say" and len(node.args) > 1:
                if isinstance(node.args[1], ast.Constant):
                    out.add(node.args[1].value)
    return out


def test_every_template_the_server_says_has_its_chinese():
    said = _said()
    assert len(said) > 15
    assert said - set(ZH) == set()


def test_every_settings_description_has_its_chinese():
    readers = [r for schema in (*SECTION_SCHEMA.values(), *SCORING_SCHEMA.values(), *EXTRA_SETTINGS.values()) for r in schema.values()]
    assert all(isinstance(r, ValueReader) for r in readers)
    assert {r.expects for r in readers} - set(ZH) == set()


def test_every_feature_and_restriction_means_something_in_chinese():
    for text in [f.description for f in M.FEATURES.values()] + list(M.RESTRICTION_KINDS.values()):
        assert re.search("[\u4e00-\u9fff]", meaning("zh", text)), text
        assert meaning("en", text) == text


@pytest.mark.parametrize("rule_id", sorted(rulebook()))
def test_every_rule_reads_in_chinese(rule_id):
    rule = rulebook()[rule_id]
    shown = rule_markdown(rule, "zh").split("\n\n")
    assert shown[0].startswith(f"**{rule_id}** ") and re.search("[\u4e00-\u9fff]", shown[0])
    for paragraph in shown[1:]:
        assert re.search("[\u4e00-\u9fff]", paragraph), paragraph
    english = rule_markdown(rule, "en")
    assert rule.title in english and ":rule:" not in english and "``" not in english


def test_the_language_follows_the_editor_then_the_option_then_the_environment(monkeypatch):
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert language_of("en-us", "zh") == "en"
    assert language_of(None, "en") == "en"
    assert language_of(None, None) == "zh"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert language_of(None) == "en" and language_of("zh-tw") == "zh"


def test_without_the_lsp_extra_the_command_says_what_to_install():
    import subprocess
    import sys

    code = "import sys; sys.modules['pygls'] = None; sys.argv = ['nbmj', 'lsp']; from nbmj.cli import main; main()"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert result.stderr == "nbmj: error: nbmj lsp needs the lsp extra (pygls is not installed): pip install 'nbmj[lsp]'\n"
