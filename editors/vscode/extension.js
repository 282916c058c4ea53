// Starts `nbmj lsp` for .nbv files through Microsoft's language client library; every
// feature (diagnostics, quick fixes, completion, hover, definition, outline, formatting)
// comes from the server.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("nbmj");
  const [command, ...args] = config.get("server.command", ["nbmj", "lsp"]);
  const language = config.get("language", "auto");
  client = new LanguageClient(
    "nbmj",
    "nbmj variant files",
    { command, args },
    {
      documentSelector: [{ language: "nbv" }],
      // the client sends VS Code's display language as `locale`; a setting overrides it
      initializationOptions: language === "auto" ? {} : { language },
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
