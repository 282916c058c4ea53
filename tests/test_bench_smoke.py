"""The scorer and bot benchmarks run end to end on a few hands (their numbers are not checked here:
speed is claimed by running bench/score.py and bench/bots.py, never by a timed test)."""

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench" / "score.py"


def test_score_bench_runs_and_reports_every_nbmj_row():
    """bench/score.py scores the same hands in every nbmj row, self-drawn and on a discard,
    refusing none (a refusal fails the run), with one to three wilds where it says so."""
    import json

    out = json.loads(subprocess.run([sys.executable, str(BENCH), "--hands", "40", "--repeats", "1", "--json"],
                                    capture_output=True, text=True, timeout=300, check=True).stdout)
    rows = [r for r in out["rows"] if r["label"].startswith("nbmj")]
    assert {(r["label"].split(",")[0], r["win_by"]) for r in rows} == {
        (f"nbmj {v}", k) for v in ("ningbo", "ninghai") for k in ("self_draw", "discard")}
    assert len(rows) == 6 and all(r["hands_per_s"] > 0 and r["refused"] == 0 for r in rows)
    for row in rows:
        if "1-3 wilds" in row["label"]:
            assert 1 <= float(row["note"].split()[0]) <= 3  # one to three wilds a hand


def test_score_bench_fails_on_a_refused_hand(monkeypatch, capsys):
    """A row whose hands nbmj refuses is an error, not a figure (it once timed the refusal)."""
    import dataclasses
    import importlib.util

    spec = importlib.util.spec_from_file_location("score_bench", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    real = bench.nbmj_situations

    def without_indicators(*args, **kwargs):
        return [dataclasses.replace(s, indicator=None) for s in real(*args, **kwargs)]

    monkeypatch.setattr(bench, "nbmj_situations", without_indicators)
    assert bench.main(["--hands", "5", "--repeats", "1"]) == 1
    assert "error: nbmj refused 5 of the hands of 'nbmj ningbo, no wilds, self_draw'" in capsys.readouterr().err


def test_bots_bench_runs_and_reports_every_bot_in_both_variants():
    """bench/bots.py times every built-in bot side by side (its numbers are not checked)."""
    import json

    bots = BENCH.parent / "bots.py"
    out = subprocess.run([sys.executable, str(bots), "--rounds", "1", "--hands", "1", "--json"], capture_output=True,
                         text=True, timeout=300, check=True).stdout
    result = json.loads(out)
    assert set(result["variants"]) == {"ningbo", "ninghai"}
    for rows in result["variants"].values():
        assert set(rows) == {"random", "greedy", "fast", "strong"}
        assert rows["greedy"]["vs_greedy"] == 1.0
        assert all(r["decisions"] > 0 and r["decisions_per_cpu_second"] > 0 for r in rows.values())


def test_lsp_bench_runs_and_reports_a_row_per_variant():
    bench = BENCH.parent / "lsp.py"
    out = subprocess.run([sys.executable, str(bench), "--quick", "--variant", "ninghai-tuidaoba"], capture_output=True,
                         text=True, timeout=300, check=True).stdout
    [row] = [line for line in out.splitlines() if line.startswith("ninghai-tuidaoba")]
    assert row.count(" ms") == 2 and row.rstrip().endswith("x")


def test_the_old_strong_bot_plays_as_the_bots_page_runs_it_without_a_fault():
    """docs/bots.rst measures strong against the old strong bot run as a bot program
    (``--bot 'python3 bench/strong_v1.py'``); on the compiled build it died at its first
    kong decision (the engine's compiled ``_without`` takes its counts as a bytearray, and
    the old bot kept them in a list). Wall 0 of seed 2026 offers it a kong."""
    from nbmj.arena import run_arena

    program = f"{sys.executable} {BENCH.parent / 'strong_v1.py'}"
    result = run_arena([program, "strong"], 1, seed=2026, duplicate=True)
    assert [bot["faults"] for bot in result["bots"]] == [0, 0], result["fault_samples"]


def test_the_editing_page_times_the_longest_extends_chain_as_it_says():
    """docs/editing.rst gives the language server's re-check time for "the longest
    ``extends`` chain" (bench/lsp.py's default): it named ningbo-riichi-advanced, a chain of
    two files, when xiangshan-q10h6 has four."""
    import re

    from nbmj.rules import variant_infos

    infos = {info.name: info for info in variant_infos() if not info.user}

    def chain(name):
        return [name] + ([] if infos[name].parent is None else chain(infos[name].parent))

    page = (BENCH.parents[1] / "docs" / "editing.rst").read_text(encoding="utf-8")
    (named,) = re.findall(r"``([a-z0-9-]+)`` \(the longest ``extends`` chain", page)
    assert len(chain(named)) == max(len(chain(n)) for n in infos)
    sys.path.insert(0, str(BENCH.parent))
    try:
        import lsp
    finally:
        sys.path.remove(str(BENCH.parent))
    assert named in lsp.default_variants()


def _rival():
    import importlib.util

    spec = importlib.util.spec_from_file_location("rival_bot", BENCH.parent / "rival_bot.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_rival_bot_imports_only_the_standard_library():
    """bench/rival_bot.py is an outsider's bot, written from the Bots page alone: it must not
    lean on nbmj's own shanten, scorer or bots."""
    import ast

    tree = ast.parse((BENCH.parent / "rival_bot.py").read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}, imported


def test_the_rival_bots_shanten_agrees_with_nbmjs_with_wilds():
    """Its own shanten (NB-10.5, wilds as free tiles, NB-10.4) gives nbmj.core's answer on random
    hands of every size, so its discards measure play, not a miscount."""
    import random

    from nbmj import core

    rival = _rival()
    rng = random.Random(7)
    for _ in range(2000):
        size = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
        wilds = min(size, rng.choice([0, 0, 1, 2, 3, 4]))
        pool = [k for k in range(34) for _ in range(4)]
        counts = [0] * 34
        for k in rng.sample(pool if rng.random() < 0.5 else pool[:36], size - wilds):
            counts[k] += 1
        assert rival.shanten(counts, (size - 1) // 3, wilds) == core.shanten(bytearray(counts), wilds), (counts, wilds)


def test_the_rival_bot_plays_both_variants_without_a_fault():
    """As docs/bots.rst runs it (``--bot 'python3 bench/rival_bot.py'``): legal moves in
    Ningbo (wilds) and Ninghai (first go-around suits, NH-1.7; no claims then, NH-1.8)."""
    from nbmj.arena import run_arena

    program = f"{sys.executable} {BENCH.parent / 'rival_bot.py'}"
    for variant in ("ningbo", "ninghai"):
        result = run_arena([program, "greedy"], 2, variant=variant, seed=2026, duplicate=True)
        assert [bot["faults"] for bot in result["bots"]] == [0, 0], result["fault_samples"]
