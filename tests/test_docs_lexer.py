"""The ``.nbv`` Pygments lexer: installed as a Pygments plugin, clean on every variant file.

The lexer has no catch-all rule, so a character it does not expect is an error token;
it is run over every ``.nbv`` file in the repository and every ``nbv`` code block of the
docs, and both built editions are checked for highlighting errors.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import pygments  # the docs extra, which the test extra includes
from pygments.token import Error, Keyword, Name, String  # noqa: E402

from nbmj.lexer import NbvLexer  # noqa: E402

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _docs_build import DOCS, edition  # noqa: E402

REPO = DOCS.parent


def _errors(text: str) -> list[str]:
    return [value for token, value in NbvLexer().get_tokens(text) if token in Error]


def _variant_files() -> list[Path]:
    skip = {".git", "build", "_build", ".venv", "node_modules"}
    return sorted(p for p in REPO.rglob("*.nbv") if not skip & set(p.relative_to(REPO).parts))


def _nbv_blocks() -> list[tuple[str, str]]:
    """(where, text) of every ``code-block:: nbv`` in docs/ and spec/ and every file that
    a ``literalinclude`` shows as nbv."""
    blocks = []
    for rst in sorted([*DOCS.rglob("*.rst"), *(REPO / "spec").rglob("*.rst")]):
        if "_build" in rst.parts:
            continue
        lines = rst.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            directive = re.match(r"(\s*)\.\. (code-block|code|sourcecode|literalinclude)::\s*(\S*)", line)
            if not directive:
                continue
            indent = len(directive.group(1))
            options = []
            j = i + 1
            while j < len(lines) and re.match(rf"\s{{{indent + 1},}}:", lines[j]):
                options.append(lines[j].strip())
                j += 1
            if directive.group(2) == "literalinclude":
                if ":language: nbv" in options:
                    path = (rst.parent / directive.group(3)).resolve()
                    blocks.append((f"{rst.relative_to(REPO)}:{i + 1}", path.read_text(encoding="utf-8")))
                continue
            if directive.group(3) != "nbv":
                continue
            body = []
            for k in range(j, len(lines)):
                if lines[k].strip() and len(lines[k]) - len(lines[k].lstrip()) <= indent:
                    break
                body.append(lines[k])
            blocks.append((f"{rst.relative_to(REPO)}:{i + 1}", "\n".join(body)))
    return blocks


def test_pygments_finds_the_lexer_through_its_entry_point():
    from pygments.lexers import find_lexer_class_for_filename, get_lexer_by_name

    assert isinstance(get_lexer_by_name("nbv"), NbvLexer)
    assert find_lexer_class_for_filename("house.nbv") is NbvLexer


@pytest.mark.parametrize("path", _variant_files(), ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_variant_file_lexes_without_an_error_token(path):
    assert not _errors(path.read_text(encoding="utf-8")), path


def test_the_shipped_variants_are_all_lexed():
    names = {p.stem for p in _variant_files()}
    from nbmj.rules import list_variants

    assert set(list_variants()) <= names


def test_every_nbv_block_of_the_docs_lexes_without_an_error_token():
    blocks = _nbv_blocks()
    assert len(blocks) >= 3  # dsl.rst's two blocks and the tutorial's variant file
    bad = [(where, _errors(text)) for where, text in blocks if _errors(text)]
    assert not bad, bad


def test_no_variant_code_is_left_in_a_plain_text_block():
    plain = []
    for rst in sorted(DOCS.rglob("*.rst")):
        text = rst.read_text(encoding="utf-8")
        for match in re.finditer(r"^\s*\.\. code-block:: (?:text|none)\s*\n\n((?:[ \t]+.*\n|\n)+)", text, flags=re.M):
            if re.search(r"^\s*variant \S+|^\s*item \S+ \"", match.group(1), flags=re.M):
                plain.append(f"{rst.relative_to(REPO)}: use .. code-block:: nbv")
    assert not plain, plain


def test_the_lexer_names_the_parts_of_a_variant():
    text = 'variant mine extends ningbo "mine"\nitems {\n  item x "清一色" 4 tai when flush and not pungs(dragon) [NB-12.10]\n}\n'
    tokens = [(t, v) for t, v in NbvLexer().get_tokens(text) if v.strip()]
    kinds = dict((v, t) for t, v in tokens)
    assert kinds["variant"] in Keyword.Declaration and kinds["ningbo"] in Name.Class
    assert kinds["items"] in Name.Namespace and kinds["item"] in Keyword.Declaration
    assert kinds['"清一色"'] in String and kinds["tai"] in Keyword.Type
    assert kinds["pungs"] in Name.Function and kinds["[NB-12.10]"] in Name.Label


@pytest.mark.parametrize("text", ["items { @ }", 'variant x "unclosed\n', "items { item x 1 tai } }"])
def test_text_that_is_not_a_variant_gives_an_error_token(text):
    assert _errors(text)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_both_editions_highlight_nbv_blocks_with_the_lexer(language):
    root = edition(language)
    pages = [root / "dsl.html", root / "tutorials" / "house-variant.html"]
    for page in pages:
        html = page.read_text(encoding="utf-8")
        blocks = re.findall(r'<div class="highlight-nbv notranslate">(.*?)</div>\s*</div>', html, flags=re.S)
        assert blocks, (language, page.name)
        for block in blocks:
            assert 'class="err"' not in block, (language, page.name)
            assert 'class="k' in block  # keywords are highlighted, not plain text
