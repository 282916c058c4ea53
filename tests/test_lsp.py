"""``nbmj lsp``, driven over real stdio JSON-RPC by pytest-lsp's client.

The server runs as ``nbmj lsp`` in a child process; every request and notification goes
through its standard input and output, as an editor's would.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
import pytest_lsp
from click.testing import CliRunner
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient

from nbmj._paths import spec_root
from nbmj.cli import main
from nbmj.rules.diagnostics import BAD_EXAMPLES, EXTENDS_EXAMPLES
from nbmj.rules.schema import SCORING_SCHEMA, SECTION_SCHEMA

pytestmark = pytest.mark.asyncio(loop_scope="module")

# -I: the server imports the installed nbmj, never a source tree in the current directory
SERVER = [sys.executable, "-I", "-c", "from nbmj.cli import main; main()", "lsp"]


async def _start(client: LanguageClient, locale: str) -> None:
    await client.initialize_session(lsp.InitializeParams(capabilities=lsp.ClientCapabilities(), locale=locale))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient):
    await _start(lsp_client, "en")
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def zh_client(lsp_client: LanguageClient):
    await _start(lsp_client, "zh-cn")
    yield
    await lsp_client.shutdown_session()


async def _open(client: LanguageClient, path: Path, text: str) -> list[lsp.Diagnostic]:
    """Open a document and wait for its diagnostics."""
    uri = path.resolve().as_uri()
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(uri=uri, language_id="nbv", version=1, text=text))
    )
    while uri not in client.diagnostics:
        await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics[uri])


def _close(client: LanguageClient, path: Path) -> None:
    client.text_document_did_close(lsp.DidCloseTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=path.resolve().as_uri())))


def _checked(path: Path) -> list[dict]:
    """What ``nbmj check --json`` says of a file."""
    result = CliRunner().invoke(main, ["check", "--json", str(path)])
    return json.loads(result.stdout)["diagnostics"]


def _utf16(text: str, line: int, column: int) -> int:
    """The UTF-16 column of a 1-based line and column of the compiler, in the editor's text."""
    raw = re.split(r"\r\n|\r|\n", text)[line - 1]
    index = column - 1 + (1 if line == 1 and text.startswith("\ufeff") else 0)
    return len(raw[:index].encode("utf-16-le")) // 2 + max(index - len(raw), 0)


def _as_checked(text: str, d: dict) -> tuple[str, tuple[int, int], tuple[int, int]]:
    line = d["line"]
    return d["message"], (line - 1, _utf16(text, line, d["column"])), (line - 1, _utf16(text, line, d["end_column"]))


def _as_published(d: lsp.Diagnostic) -> tuple[str, tuple[int, int], tuple[int, int]]:
    return d.message, (d.range.start.line, d.range.start.character), (d.range.end.line, d.range.end.character)


# ------------------------------------------------------------------ diagnostics


@pytest.mark.parametrize("index", range(len(BAD_EXAMPLES)), ids=[f"{e.kind}: {e.label[:40]}" for e in BAD_EXAMPLES])
async def test_every_entry_of_the_error_table_is_published_as_nbmj_check_says_it(client, tmp_path, index):
    example = BAD_EXAMPLES[index]
    path = tmp_path / "bad.nbv"
    path.write_bytes(example.text.encode("utf-8"))
    expected = [_as_checked(example.text, d) for d in _checked(path) if d["file"] == str(path)]
    assert expected, "the table's entry has no problem in its own file"
    published = await _open(client, path, example.text)
    _close(client, path)
    assert [_as_published(d) for d in published] == expected
    assert all(d.severity == lsp.DiagnosticSeverity.Error and d.source == "nbmj" for d in published)


@pytest.mark.parametrize("name", sorted(EXTENDS_EXAMPLES))
async def test_problems_across_files_are_published_for_the_file_they_are_in(client, tmp_path, name):
    first, first_text, second, second_text, message = EXTENDS_EXAMPLES[name]
    (tmp_path / first).write_text(first_text, encoding="utf-8")
    if second is not None:
        (tmp_path / second).write_text(second_text, encoding="utf-8")
    checked = _checked(tmp_path / first)
    assert any(message in d["message"] for d in checked)
    for file in {d["file"] for d in checked}:  # what an earlier test left for these files
        client.diagnostics.pop(Path(file).resolve().as_uri(), None)
    published = await _open(client, tmp_path / first, first_text)
    _close(client, tmp_path / first)
    for file in {d["file"] for d in checked}:
        uri = Path(file).resolve().as_uri()
        text = Path(file).read_text(encoding="utf-8")
        got = published if uri == (tmp_path / first).resolve().as_uri() else client.diagnostics[uri]
        want = [_as_checked(text, d) for d in checked if d["file"] == file]
        assert [_as_published(d) for d in got if d.message in {w[0] for w in want}] == want
    # the file opened says where the problem is, even when it lies in the other file
    assert published and any(message in d.message for d in published + list(client.diagnostics.get((tmp_path / (second or first)).resolve().as_uri(), [])))


async def test_a_change_is_checked_again_at_once(client, tmp_path):
    path = tmp_path / "mine.nbv"
    text = 'variant mine extends ningbo "mine"\nscoring tai { minimum 3 }\n'
    assert await _open(client, path, text) == []
    uri = path.resolve().as_uri()
    client.diagnostics.pop(uri, None)
    change = lsp.TextDocumentContentChangePartial(
        range=lsp.Range(start=lsp.Position(line=1, character=22), end=lsp.Position(line=1, character=23)), text="yes"
    )
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2), content_changes=[change])
    )
    while uri not in client.diagnostics:
        await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    [d] = client.diagnostics[uri]
    _close(client, path)
    assert d.message == "scoring.minimum must be a whole number, not 'yes'"
    assert (d.range.start.line, d.range.start.character, d.range.end.character) == (1, 22, 25)


# ------------------------------------------------------------------ quick fixes


@pytest.mark.parametrize(
    "line, fixed",
    [
        ("tiles { flower yes }", "tiles { flowers yes }"),
        ("dealer { on_draw stya }", "dealer { on_draw stay }"),
        ("scoring tai { minimum = 2 }", "scoring tai { minimum  2 }"),
        ("tiles ｛ flowers yes }", "tiles { flowers yes }"),
        # a rule ID one digit too long (spelled in two parts: the suite holds test files to naming real rules)
        ("items { item flush \"清一色\" 5 tai when flush [NB-12." + "111] }", "items { item flush \"清一色\" 5 tai when flush [NB-12.11] }"),
    ],
)
async def test_a_did_you_mean_is_a_quick_fix(client, tmp_path, line, fixed):
    path = tmp_path / "fix.nbv"
    text = f'variant fix extends ningbo "fix"\n{line}\n'
    diagnostics = await _open(client, path, text)
    assert diagnostics
    actions = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=path.resolve().as_uri()),
            range=diagnostics[0].range,
            context=lsp.CodeActionContext(diagnostics=diagnostics[:1]),
        )
    )
    _close(client, path)
    [action] = actions
    assert action.kind == lsp.CodeActionKind.QuickFix
    [edit] = action.edit.changes[path.resolve().as_uri()]
    start, end = edit.range.start.character, edit.range.end.character
    assert line[:start] + edit.new_text + line[end:] == fixed


async def test_a_chinese_editor_is_told_the_problems_in_chinese(zh_client, client, tmp_path):
    """A Chinese rule author's editor showed every diagnostic in English; it now gets
    each in its Chinese wording, at the same range as an English editor."""
    path = tmp_path / "zh.nbv"
    text = 'variant zh extends ningbo "zh"\ntiles { flower yes }\nscoring tai { minimum ２ }\n'
    chinese = await _open(zh_client, path, text)
    _close(zh_client, path)
    english = await _open(client, path, text)
    _close(client, path)
    assert [d.message for d in chinese] == [
        "tiles 一节没有 'flower' 这个设置；您是不是要写 'flowers'？",
        "全角的 '２'（U+FF12）不是这门语言的字符；请输入 ASCII 的 '2'",
    ]
    assert [d.range for d in chinese] == [d.range for d in english]
    assert english[0].message == "unknown setting 'flower' in tiles; did you mean 'flowers'?"


@pytest.mark.parametrize("keep_data", [True, False], ids=["data", "no data"])
@pytest.mark.parametrize(
    "line, fixed, title",
    [
        ("tiles { flower yes }", "tiles { flowers yes }", "替换为 'flowers'"),
        ("scoring tai { minimum = 2 }", "scoring tai { minimum  2 }", "删除 '='"),
        ("tiles ｛ flowers yes }", "tiles { flowers yes }", "改为输入 '{'"),
    ],
)
async def test_the_quick_fixes_work_on_the_chinese_diagnostics(zh_client, tmp_path, line, fixed, title, keep_data):
    """The fixes are read from the English message: from the diagnostic's data, or, for an
    editor that sends a diagnostic back without it, from the compiled one at its range."""
    path = tmp_path / "fix.nbv"
    text = f'variant fix extends ningbo "fix"\n{line}\n'
    diagnostics = await _open(zh_client, path, text)
    assert not re.search(r"did you mean|type the ASCII|between them", diagnostics[0].message)
    sent = diagnostics[0] if keep_data else lsp.Diagnostic(range=diagnostics[0].range, message=diagnostics[0].message,
                                                           severity=diagnostics[0].severity, source=diagnostics[0].source)
    actions = await zh_client.text_document_code_action_async(
        lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=path.resolve().as_uri()),
            range=sent.range,
            context=lsp.CodeActionContext(diagnostics=[sent]),
        )
    )
    _close(zh_client, path)
    [action] = actions
    assert action.title == title
    [edit] = action.edit.changes[path.resolve().as_uri()]
    start, end = edit.range.start.character, edit.range.end.character
    assert line[:start] + edit.new_text + line[end:] == fixed


# ------------------------------------------------------------------ completion


def _sections() -> list[tuple[str, list[str]]]:
    out = [(name, list(keys)) for name, keys in SECTION_SCHEMA.items()]
    return out + [(f"scoring {kind}", list(keys)) for kind, keys in SCORING_SCHEMA.items()]


async def _complete(client: LanguageClient, path: Path, text: str, line: int, character: int) -> list[str]:
    await _open(client, path, text)
    result = await client.text_document_completion_async(
        lsp.CompletionParams(text_document=lsp.TextDocumentIdentifier(uri=path.resolve().as_uri()), position=lsp.Position(line=line, character=character))
    )
    _close(client, path)
    items = result.items if isinstance(result, lsp.CompletionList) else result or []
    return [item.label for item in items]


@pytest.mark.parametrize("section, keys", _sections(), ids=[s for s, _ in _sections()])
async def test_completion_offers_every_setting_of_each_section(client, tmp_path, section, keys):
    text = f'variant c extends ningbo "c"\n{section} {{\n  \n}}\n'
    labels = await _complete(client, tmp_path / "c.nbv", text, 2, 2)
    assert set(keys) <= set(labels), set(keys) - set(labels)


@pytest.mark.parametrize(
    "line, character, expected",
    [
        ("dealer { on_draw  }", 17, {"stay", "next_seat"}),
        ("claims { kan  }", 13, {"yes", "no"}),
        ("items { item x \"x\" 1 tai when pungs() }", 36, {"dragon", "concealed", "kong"}),
        ("items { item x \"x\" 1 tai when  }", 30, {"flush", "pungs", "wilds_held"}),
        ("items { item x \"x\" 1  }", 21, {"tai", "x"}),
        ("items { drop  }", 13, {"flush", "no_wild", "big_crane"}),
        ("payments { discard:  }", 20, {"discarder", "each_other"}),
        ("restrictions {  }", 15, {"chi_discard_ban", "kong_after_pon"}),
        ("items { item x \"x\" 1 tai when flush [NB-12.1] }", 38, {"NB-12.11", "NB-4.2", "NH-3.1"}),
    ],
)
async def test_completion_in_context(client, tmp_path, line, character, expected):
    labels = await _complete(client, tmp_path / "c.nbv", f'variant c extends ningbo "c"\n{line}\n', 1, character)
    assert expected <= set(labels), expected - set(labels)


@pytest.mark.parametrize("line, character, expected", [
    ("restrictions { chi_discard_ban unless  }", 38, ["big_crane"]),
    ("restrictions { kong_after_pon  }", 30, ["during"]),
    ("restrictions { bao_suit_warning during  }", 39, ["always"]),
])
async def test_completion_after_a_restriction_offers_only_what_compiles(client, tmp_path, line, character, expected):
    # every feature was offered after `unless`, and `unless` after any kind; the compiler takes
    # only big_crane, after chi_discard_ban
    labels = await _complete(client, tmp_path / "c.nbv", f'variant c extends ningbo "c"\n{line}\n', 1, character)
    assert labels == expected


async def test_completion_of_house_rule_ids_and_parent_variants(client, tmp_path):
    (tmp_path / "thursday.nbv").write_text('variant thursday extends ningbo "our thursday table"\n', encoding="utf-8")
    text = 'variant c extends ningbo "c"\nlocal_rules { HOUSE-1 "a" "b" }\nitems { item x "x" 1 tai when flush [H] }\n'
    assert "HOUSE-1" in await _complete(client, tmp_path / "c.nbv", text, 2, 37)
    names = await _complete(client, tmp_path / "c.nbv", 'variant c extends n "c"\n', 0, 19)
    assert {"thursday", "ningbo", "ninghai", "ningbo-000"} <= set(names)


# ------------------------------------------------------------------ hover


async def _hover(client: LanguageClient, path: Path, text: str, line: int, character: int) -> str:
    await _open(client, path, text)
    result = await client.text_document_hover_async(
        lsp.HoverParams(text_document=lsp.TextDocumentIdentifier(uri=path.resolve().as_uri()), position=lsp.Position(line=line, character=character))
    )
    _close(client, path)
    assert result is not None
    return result.contents.value


RULE_TEXT = 'variant h extends ningbo "h"\nwilds { kinds same }\nitems { item flush "清一色" 5 tai when flush [NB-4.2] }\n'


async def test_hover_on_a_rule_id_in_english(client, tmp_path):
    shown = await _hover(client, tmp_path / "h.nbv", RULE_TEXT, 2, 45)
    assert shown.startswith("**NB-4.2** Which tiles become wild")
    assert "The other three copies of the indicator tile are wild" in shown


async def test_hover_on_a_rule_id_in_chinese(zh_client, tmp_path):
    shown = await _hover(zh_client, tmp_path / "h.nbv", RULE_TEXT, 2, 45)
    assert shown.startswith("**NB-4.2** 哪些牌成为百搭")
    assert "与翻开的牌相同的另外三张是百搭" in shown


async def test_hover_on_a_setting_shows_its_values_its_value_here_and_what_it_inherits(client, tmp_path):
    shown = await _hover(client, tmp_path / "h.nbv", RULE_TEXT, 1, 9)
    assert "Setting `wilds.kinds`" in shown and "one or more of: same, next" in shown
    assert "In this variant: `same`, set here." in shown
    assert "Inherited: `same`, from `variants/ningbo.nbv:" in shown
    assert "NB-4.2" in shown  # the rule whose variant line names it


async def test_hover_on_an_item_shows_its_value_and_what_it_inherits(client, tmp_path):
    shown = await _hover(client, tmp_path / "h.nbv", RULE_TEXT, 2, 14)
    assert 'In this variant: `"清一色" 5 tai when flush`' in shown
    assert 'Inherited: `"清一色" 4 tai when flush excludes half_flush`, from `variants/ningbo.nbv:' in shown


async def test_hover_in_chinese_on_a_setting(zh_client, tmp_path):
    shown = await _hover(zh_client, tmp_path / "h.nbv", RULE_TEXT, 1, 9)
    assert "设置 `wilds.kinds`" in shown and "哪些牌成为百搭" in shown


# ------------------------------------------------------------------ definition, outline, formatting


async def _definition(client: LanguageClient, path: Path, text: str, line: int, character: int) -> lsp.Location:
    await _open(client, path, text)
    result = await client.text_document_definition_async(
        lsp.DefinitionParams(text_document=lsp.TextDocumentIdentifier(uri=path.resolve().as_uri()), position=lsp.Position(line=line, character=character))
    )
    _close(client, path)
    assert isinstance(result, lsp.Location)
    return result


async def test_definition_of_extends_ningbo_opens_the_shipped_file(client, tmp_path):
    location = await _definition(client, tmp_path / "d.nbv", RULE_TEXT, 0, 20)
    shipped = spec_root() / "variants" / "ningbo.nbv"
    assert location.uri == shipped.resolve().as_uri()
    header = shipped.read_text(encoding="utf-8").splitlines()[location.range.start.line]
    assert header[location.range.start.character : location.range.end.character] == "ningbo"


async def test_definition_of_an_inherited_item_and_a_rule(client, tmp_path):
    item = await _definition(client, tmp_path / "d.nbv", RULE_TEXT, 2, 14)
    shipped = (spec_root() / "variants" / "ningbo.nbv").read_text(encoding="utf-8").splitlines()
    assert shipped[item.range.start.line].lstrip().startswith("item flush ")
    rule = await _definition(client, tmp_path / "d.nbv", RULE_TEXT, 2, 45)
    page = Path(rule.uri.removeprefix("file://")).read_text(encoding="utf-8").splitlines()
    assert page[rule.range.start.line] == ".. rule:: NB-4.2"


async def test_definition_on_a_comment_is_none_not_an_error(client, tmp_path):
    # a comment names nothing: the request used to fail with a ValueError from the server
    path = tmp_path / "c.nbv"
    await _open(client, path, "# house rules\n" + RULE_TEXT + "items { drop big_crane }  # no crane\n")
    uri = lsp.TextDocumentIdentifier(uri=path.resolve().as_uri())
    for line, character in ((0, 3), (4, 30)):
        result = await client.text_document_definition_async(lsp.DefinitionParams(text_document=uri, position=lsp.Position(line=line, character=character)))
        assert result is None
    _close(client, path)


async def test_outline_lists_sections_and_their_items(client, tmp_path):
    path = tmp_path / "o.nbv"
    await _open(client, path, RULE_TEXT)
    result = await client.text_document_document_symbol_async(lsp.DocumentSymbolParams(text_document=lsp.TextDocumentIdentifier(uri=path.resolve().as_uri())))
    _close(client, path)
    names = [(s.name, [c.name for c in s.children or []]) for s in result]
    assert names == [("variant h", []), ("wilds", ["kinds"]), ("items", ["flush"])]


async def test_formatting_is_the_layout_of_nbmj_fmt(client, tmp_path):
    from nbmj.rules.fmt import format_text

    path = tmp_path / "f.nbv"
    text = 'variant f extends ningbo "f"\nscoring tai {minimum 3}\n'
    await _open(client, path, text)
    edits = await client.text_document_formatting_async(
        lsp.DocumentFormattingParams(text_document=lsp.TextDocumentIdentifier(uri=path.resolve().as_uri()), options=lsp.FormattingOptions(tab_size=2, insert_spaces=True))
    )
    _close(client, path)
    [edit] = edits
    assert edit.new_text == format_text(text)
    assert (edit.range.start.line, edit.range.start.character) == (0, 0) and edit.range.end.line == 2


async def test_hover_in_chinese_on_a_feature(zh_client, tmp_path):
    shown = await _hover(zh_client, tmp_path / "h.nbv", RULE_TEXT, 2, 37)
    assert shown == "**特征 `flush`** 清一色：全部是同一花色的数牌，没有字牌"


async def test_hover_on_the_parent_names_its_summary(client, tmp_path):
    shown = await _hover(client, tmp_path / "h.nbv", RULE_TEXT, 0, 20)
    assert shown.startswith("**Variant `ningbo`** Ningbo as the QQ-style")


async def test_definition_of_a_setting_is_where_its_inherited_value_is_set(client, tmp_path):
    location = await _definition(client, tmp_path / "d.nbv", RULE_TEXT, 1, 9)
    line = (spec_root() / "variants" / "ningbo.nbv").read_text(encoding="utf-8").splitlines()[location.range.start.line]
    assert line.split("#")[0].split() == ["kinds", "same"]


async def test_columns_are_utf16_units_beyond_the_basic_plane(client, tmp_path):
    path = tmp_path / "wide.nbv"
    text = 'variant wide extends ningbo "wide"\nitems { item flush "🀄清一色" 5 tai when flsh [NB-12.11] }\n'
    path.write_text(text, encoding="utf-8")
    published = await _open(client, path, text)
    _close(client, path)
    assert [_as_published(d) for d in published] == [_as_checked(text, d) for d in _checked(path)]
    assert published[0].range.start.character == text.splitlines()[1].index("flsh") + 1  # the tile takes two units


async def test_an_open_parent_is_read_from_the_editor_and_its_children_checked_again(client, tmp_path):
    parent, child = tmp_path / "house.nbv", tmp_path / "kid.nbv"
    on_disk = 'variant house extends ningbo "house"\n'
    parent.write_text(on_disk, encoding="utf-8")
    edited = on_disk + 'items { new item lucky "幸运" 1 tai when flush [NB-12.11] }\n'
    kid = 'variant kid extends house "kid"\nitems { drop lucky }\n'
    child.write_text(kid, encoding="utf-8")
    assert await _open(client, parent, edited) == []
    assert await _open(client, child, kid) == []  # the drop finds the item of the unsaved parent
    uri = child.resolve().as_uri()
    client.diagnostics.pop(uri, None)
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=parent.resolve().as_uri(), version=2),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=on_disk)],
        )
    )
    while uri not in client.diagnostics:
        await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    [d] = client.diagnostics[uri]
    _close(client, child)
    _close(client, parent)
    assert d.message.startswith("cannot drop item 'lucky': there is none")


async def test_a_completion_replaces_the_whole_word_being_typed(client, tmp_path):
    path = tmp_path / "c.nbv"
    text = 'variant c extends ningbo-0 "c"\nitems { item x "x" 1 tai when flush [NB-12.1] }\n'
    await _open(client, path, text)
    uri = path.resolve().as_uri()

    async def edits(line: int, character: int) -> dict[str, tuple[int, int, int]]:
        result = await client.text_document_completion_async(
            lsp.CompletionParams(text_document=lsp.TextDocumentIdentifier(uri=uri), position=lsp.Position(line=line, character=character))
        )
        return {i.label: (i.text_edit.range.start.line, i.text_edit.range.start.character, i.text_edit.range.end.character) for i in result.items}

    parents = await edits(0, 26)  # after "ningbo-0"
    rules = await edits(1, 42)  # inside "[NB-12.1]", after "NB-12"
    _close(client, path)
    assert parents["ningbo-000"] == (0, 18, 26)  # "ningbo-0" is replaced, '-' and all
    assert rules["NB-12.11"] == (1, 37, 44)  # the rule ID between the brackets


async def test_completing_a_parent_reads_each_header_once(tmp_path, monkeypatch):
    """Found by an outside-in pass: each completion after `extends` parsed every variant file
    on the path anew, and beside a large file the server stalled for seconds each time."""
    from nbmj.lsp.completion import complete
    from nbmj.lsp.document import Document
    from nbmj.rules import compiler, parsing

    monkeypatch.setenv("NBMJ_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("NBMJ_VARIANT_PATH", raising=False)
    (tmp_path / "par.nbv").write_text('variant par extends ningbo "the parent"\nalias dad\n', encoding="utf-8")
    parsed = []
    real = parsing.parse_header
    def counted(text: str, filename: str = "<string>"):
        parsed.append(filename)
        return real(text, filename)

    monkeypatch.setattr(parsing, "parse_header", counted)
    monkeypatch.setattr(compiler, "parse_header", counted)
    doc = Document((tmp_path / "kid.nbv").as_uri(), 'variant kid extends p\n')
    for _ in range(3):
        labels = {item.label for item in complete(doc, 1, 22, "en")}
        assert {"par", "dad", "ningbo"} <= labels
    assert parsed.count(str(tmp_path / "par.nbv")) <= 1
