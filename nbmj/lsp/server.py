"""The language server: pygls wiring of the features in this package.

Each open document is compiled when it opens and after every change (a full re-check: the
file and its ``extends`` chain, a parent open in the editor read from its unsaved text), and
its diagnostics are published at once. Everything else answers from the last check.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from ..errors import NbmjError, RuleSetError
from .checks import published, quick_fixes
from .completion import complete
from .document import Document, open_documents_resolver
from .navigation import definition, hover, symbols
from .texts import language_of

__all__ = ["NbmjLanguageServer", "create_server"]


def _version() -> str:
    try:
        return version("nbmj")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree without metadata
        return "0"


class NbmjLanguageServer(LanguageServer):
    """The server's state: the editor's language, and the analysis of each open document."""

    def __init__(self) -> None:
        super().__init__("nbmj", _version(), text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental)
        self.language = language_of(None)
        self.documents: dict[str, Document] = {}
        # uri -> the other files' URIs this document's check published diagnostics for
        self.foreign: dict[str, set[str]] = {}

    def open_text(self, uri: str) -> str | None:
        """The editor's text of an open document, else None."""
        doc = self.workspace.text_documents.get(uri)
        return doc.source if doc is not None else None

    def check(self, uri: str) -> Document:
        """Compile the document again and publish its diagnostics."""
        text = self.workspace.get_text_document(uri).source
        encoding = str(self.workspace.position_encoding or lsp.PositionEncodingKind.Utf16)
        doc = Document(uri, text, encoding, open_documents_resolver(self.open_text))
        self.documents[uri] = doc
        by_uri = published(doc, self.language)
        stale = self.foreign.get(uri, set()) - set(by_uri)
        self.foreign[uri] = {u for u in by_uri if u != uri and u not in self.workspace.text_documents}
        for target, diagnostics in by_uri.items():
            if target == uri or target not in self.workspace.text_documents:
                self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=target, diagnostics=diagnostics))
        for target in stale:
            if target not in self.workspace.text_documents:
                self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=target, diagnostics=[]))
        return doc

    def document(self, uri: str) -> Document | None:
        return self.documents.get(uri)

    def position(self, params: lsp.CompletionParams | lsp.HoverParams | lsp.DefinitionParams) -> tuple[Document, int, int] | None:
        """The open document a request is about, and its position as a line and column of
        the normalized text."""
        doc = self.documents.get(params.text_document.uri)
        if doc is None:
            return None
        line, column = doc.from_lsp(params.position)
        return doc, line, column


def create_server() -> NbmjLanguageServer:
    """A server with every feature registered (start it with ``start_io()``)."""
    server = NbmjLanguageServer()

    @server.feature(lsp.INITIALIZE)
    def initialize(ls: NbmjLanguageServer, params: lsp.InitializeParams) -> None:
        options: Any = params.initialization_options
        ls.language = language_of(params.locale, options.get("language") if isinstance(options, dict) else None)

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: NbmjLanguageServer, params: lsp.DidOpenTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: NbmjLanguageServer, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.check(params.text_document.uri)
        # a child open beside this parent depends on its text
        for uri, doc in list(ls.documents.items()):
            if uri != params.text_document.uri and any(spec.src.file == _file(ls, params.text_document.uri) for spec in doc.compilation.chain[:-1]):
                ls.check(uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: NbmjLanguageServer, params: lsp.DidSaveTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: NbmjLanguageServer, params: lsp.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.documents.pop(uri, None)
        for target in ls.foreign.pop(uri, set()) | {uri}:
            ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=target, diagnostics=[]))

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=["[", " ", "(", ":", ","]))
    def completion(ls: NbmjLanguageServer, params: lsp.CompletionParams) -> lsp.CompletionList | None:
        at = ls.position(params)
        return None if at is None else lsp.CompletionList(is_incomplete=False, items=complete(*at, ls.language))

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: NbmjLanguageServer, params: lsp.HoverParams) -> lsp.Hover | None:
        at = ls.position(params)
        return None if at is None else hover(*at, ls.language)

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def on_definition(ls: NbmjLanguageServer, params: lsp.DefinitionParams) -> lsp.Location | None:
        at = ls.position(params)
        return None if at is None else definition(*at)

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def document_symbols(ls: NbmjLanguageServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
        doc = ls.document(params.text_document.uri)
        return symbols(doc) if doc is not None else []

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION, lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
    def code_actions(ls: NbmjLanguageServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        doc = ls.document(params.text_document.uri)
        return quick_fixes(doc, list(params.context.diagnostics), ls.language) if doc is not None else []

    @server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: NbmjLanguageServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit] | None:
        from ..rules.fmt import format_text

        doc = ls.document(params.text_document.uri)
        if doc is None:
            return None
        try:
            formatted = format_text(doc.text, doc.filename)
        except RuleSetError:
            return None  # the diagnostics already say why it does not parse
        except NbmjError as exc:
            ls.window_show_message(lsp.ShowMessageParams(type=lsp.MessageType.Error, message=str(exc)))
            return None
        if formatted == doc.text:
            return []
        end = doc.to_lsp(len(doc.lines), len(doc.lines[-1]) + 1)
        return [lsp.TextEdit(range=lsp.Range(start=lsp.Position(line=0, character=0), end=end), new_text=formatted)]

    return server


def _file(ls: NbmjLanguageServer, uri: str) -> str:
    doc = ls.documents.get(uri)
    return doc.filename if doc is not None else uri
