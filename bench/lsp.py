"""How long the language server takes to check a variant file again after a change.

    python bench/lsp.py [--changes N] [--variant NAME ...]
    python bench/lsp.py --quick       # 5 changes

``nbmj lsp`` runs in a child process and is spoken to over its standard input and output,
as an editor would: the shipped variant's file is opened, then changed N times (a whole-text
change, alternating one value so the diagnostics alternate between none and one), and each
change is timed from the moment it is written to the pipe until its diagnostics are read
back: a full re-check of the file and its ``extends`` chain, with JSON-RPC both ways. Beside
it, for the same file, ``nbmj check FILE`` in a new process: what an author waited for
before, in a terminal. Figures are medians of wall-clock time; the target for the server
is under 50 ms. The defaults are the largest shipped file and the shipped variant with the
longest ``extends`` chain, both found when the bench runs (``ningbo``, and ``xiangshan-q10h6``,
which extends ``xiangshan``, which extends ``xizhou``, which extends ``ningbo``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

# -I: the server imports the installed nbmj, never a source tree in the current directory
SERVER = [sys.executable, "-I", "-c", "from nbmj.cli import main; main()", "lsp"]


class Client:
    """The least JSON-RPC client: send a message, read messages until one matches."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(SERVER, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.out: IO[bytes] = self.proc.stdin
        self.inp: IO[bytes] = self.proc.stdout
        self.next_id = 0

    def send(self, method: str, params: Any, request: bool = False) -> int:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.next_id += 1
            message["id"] = self.next_id
        body = json.dumps(message).encode("utf-8")
        self.out.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.out.flush()
        return self.next_id

    def read(self) -> dict[str, Any]:
        length = 0
        while True:
            line = self.inp.readline()
            if not line:
                raise RuntimeError("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        message: dict[str, Any] = json.loads(self.inp.read(length))
        return message

    def until(self, match: Any) -> dict[str, Any]:
        while True:
            message = self.read()
            if match(message):
                return message

    def close(self) -> None:
        request = self.send("shutdown", None, request=True)
        self.until(lambda m: m.get("id") == request)
        self.send("exit", None)
        self.proc.wait(timeout=10)


def time_changes(path: Path, changes: int) -> list[float]:
    """Seconds from each change written to its diagnostics read, for ``changes`` changes."""
    client = Client()
    request = client.send("initialize", {"processId": None, "rootUri": None, "capabilities": {}}, request=True)
    client.until(lambda m: m.get("id") == request)
    client.send("initialized", {})
    uri = path.resolve().as_uri()
    text = path.read_text(encoding="utf-8")

    def diagnostics_of(message: dict[str, Any]) -> bool:
        return bool(message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri)

    client.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "nbv", "version": 1, "text": text}})
    client.until(diagnostics_of)
    broken = text.replace("\nalias", "\nalias 2bad", 1) if "\nalias" in text else text + "tiles { flowers maybe }\n"
    times = []
    for n in range(changes):
        new = broken if n % 2 == 0 else text
        start = time.perf_counter()
        client.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": n + 2}, "contentChanges": [{"text": new}]})
        got = client.until(diagnostics_of)
        times.append(time.perf_counter() - start)
        assert bool(got["params"]["diagnostics"]) == (n % 2 == 0), got
    client.close()
    return times


def default_variants() -> list[str]:
    """The shipped variant with the largest file and the one with the longest ``extends`` chain."""
    from nbmj.rules import variant_infos

    infos = {info.name: info for info in variant_infos() if not info.user}

    def depth(name: str) -> int:
        parent = infos[name].parent
        return 0 if parent is None else 1 + depth(parent)

    largest = max(infos, key=lambda n: len(Path(infos[n].path).read_text(encoding="utf-8").splitlines()))
    longest = max(infos, key=depth)
    return [largest] if longest == largest else [largest, longest]


def time_check(path: Path, runs: int) -> list[float]:
    """Seconds for ``nbmj check FILE`` in a new process, ``runs`` times."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-I", "-c", "from nbmj.cli import main; main()", "check", str(path)], capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=40, help="changes timed per variant (default 40)")
    parser.add_argument("--runs", type=int, default=7, help="runs of nbmj check per variant (default 7)")
    parser.add_argument("--variant", action="append", help="a shipped variant (repeatable)")
    parser.add_argument("--quick", action="store_true", help="5 changes and 3 runs of nbmj check")
    args = parser.parse_args(argv)
    if args.quick:
        args.changes, args.runs = 5, 3
    from nbmj.rules.registry import variant_path

    names = args.variant or default_variants()
    print(f"{'variant':<24} {'lines':>5} {'lsp re-check (median)':>22} {'nbmj check (median)':>20} {'ratio':>7}")
    for name in names:
        path = variant_path(name)
        server = statistics.median(time_changes(path, args.changes)) * 1000
        check = statistics.median(time_check(path, args.runs)) * 1000
        lines = len(path.read_text(encoding="utf-8").splitlines())
        print(f"{name:<24} {lines:>5} {server:>19.1f} ms {check:>17.1f} ms {check / server:>6.1f}x", flush=True)


if __name__ == "__main__":
    main()
