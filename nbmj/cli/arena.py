"""``nbmj simulate`` and ``nbmj arena``: many hands, on worker processes or Ray."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import TYPE_CHECKING, Any, NoReturn

import click

from ._output import emit_json

if TYPE_CHECKING:
    from ..arena.backends import Interrupted

BUILTIN = ("random", "greedy", "fast", "strong")


def backend_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``--workers``, ``--backend`` and ``--address``, shared by simulate, arena and compare."""
    fn = click.option("--address", default=None, help="Ray cluster to join (else RAY_ADDRESS; else Ray starts locally).")(fn)
    fn = click.option(
        "--backend",
        type=click.Choice(["process", "ray"]),
        default="process",
        show_default=True,
        help="Worker processes on this machine, or Ray tasks.",
    )(fn)
    fn = click.option("--workers", default=1, show_default=True, type=int, help="Parallel workers (at most this machine's CPUs).")(fn)
    return fn


@contextlib.contextmanager
def stop_cleanly(backend: str = "process") -> Iterator[None]:
    """SIGINT or SIGTERM end the run (on ``backend``) with one line and status 130, never a
    traceback."""

    def on_term(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, on_term)
    try:
        yield
    except KeyboardInterrupt:
        exit_interrupted("nbmj: interrupted; the run was stopped", backend)
    finally:
        signal.signal(signal.SIGTERM, previous)


def exit_interrupted(line: str, backend: str = "process") -> NoReturn:
    """Say ``line`` on stderr and end with status 130, as a program stopped by SIGINT does,
    after a run on ``backend``."""
    click.echo(line, err=True)
    if backend == "ray":
        # The run has shut its Ray down (nbmj.arena.backends); what is left is Ray's
        # native threads, whose teardown at the interpreter's exit can crash the process
        # (status -11) after an interrupted start: leave without it.
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)
    sys.exit(130)


def run_to_stop(run: Callable[[], dict[str, Any]]) -> tuple[dict[str, Any], Interrupted | None]:
    """``run()``'s results and None; or, when a Ctrl-C stopped the run with units finished,
    their results and the stop, to be printed before :func:`end_partial` ends the command.
    A stop with nothing finished to print goes on to :func:`stop_cleanly`."""
    from ..arena import Interrupted

    try:
        return run(), None
    except Interrupted as stop:
        if stop.partial is None:
            raise
        return stop.partial, stop


def end_partial(stop: Interrupted, units: str, backend: str) -> NoReturn:
    """End a command whose run (on ``backend``) was interrupted, once the results of what it
    finished are printed: one line that says so, and status 130."""
    exit_interrupted(f"nbmj: interrupted after {stop.done} of {stop.planned} {units}; the results above are of those {stop.done}",
                     backend)


@contextlib.contextmanager
def progress_bar(label: str, total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr (count, rate, time left); yields ``advance(n)``. Only a
    terminal gets one: stderr taken by a file or a pipe (a script, a CI log) gets nothing,
    rather than the blank line a bar leaves when it cannot redraw itself, which would put
    itself before an error's one line."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TimeElapsedColumn, TimeRemainingColumn

    err = Console(stderr=True)
    if not err.is_terminal:
        def ignore(n: int = 1) -> None:
            pass

        yield ignore
        return
    columns = ("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(), TaskProgressColumn(), TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task(label, total=total)
        def advance(n: int = 1) -> None:
            bar.advance(task, n)

        yield advance


def _table(title: str, columns: tuple[str, ...], right_from: int = 99) -> Any:
    """A rich table with these columns (those from ``right_from`` on aligned right)."""
    from rich.table import Table

    t = Table(title=title)
    for i, col in enumerate(columns):
        t.add_column(col, justify="right" if i >= right_from else "left")
    return t


def _check(workers: int, backend: str, address: str | None) -> None:
    from ..arena import check_workers

    check_workers(workers, backend, address)


# ---------------------------------------------------------------- simulate


@click.command("simulate")
@click.option("--variant", default="ningbo", show_default=True, help="Variant name or path.")
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=1), help="Hands to play.")
@click.option("--seed", default=0, show_default=True, help="Seed of the whole run (each hand gets its own).")
@click.option("--bot", type=click.Choice(list(BUILTIN)), default="greedy", show_default=True, help="The bot in all four seats.")
@backend_options
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON (with a digest of every hand).")
@click.option("--logs", "logs", default=None, type=click.Path(file_okay=False),
              help="Write every hand's log (hand-<index>.log, replayable with nbmj replay) into this directory.")
def simulate(variant: str, games: int, seed: int, bot: str, workers: int, backend: str, address: str | None, as_json: bool,
             logs: str | None) -> None:
    """Play many hands among bots and report statistics.

    Hands stream through the statistics, so memory does not grow with --games; the results
    and their digest are the same for any --workers and --backend.
    """
    from ..arena import simulate as run
    from ..rules import load_variant
    from ..rules.registry import portable_spec

    rules = load_variant(variant)  # fail fast, in this process, on a bad name
    _check(workers, backend, address)
    t0 = time.perf_counter()
    with stop_cleanly(backend), progress_bar(rules.name, games) as advance:
        stats, stopped = run_to_stop(lambda: run(portable_spec(variant), games, seed, bot, workers=workers, backend=backend,
                                                 address=address, progress=lambda: advance(1), logs=logs))
    elapsed = time.perf_counter() - t0
    stats = {"variant": rules.name, "rules_digest": rules.digest, "bot": bot, "seed": seed, **stats}
    if stopped is not None:
        stats["interrupted"] = {"after": stopped.done, "of": stopped.planned}
    if as_json:
        emit_json(stats)
    else:
        from rich.console import Console

        out = Console(highlight=False)
        _print_stats(out, stats, rules)
        played = stats["games"]
        rate = played / elapsed
        shown = f"{rate:.0f}" if rate >= 10 else f"{rate:.2g}"  # (whole numbers made 2 hands in 8 s '0 hands/s')
        out.print(f"[dim]{played} hands in {elapsed:.2f}s ({shown} hands/s, {workers} worker(s), {backend})[/dim]")
    if stopped is not None:
        end_partial(stopped, "hands", backend)


def _print_stats(console: Any, stats: dict[str, Any], rules: Any) -> None:
    from rich.table import Table

    console.print(f"[bold]{stats['variant']}[/bold]: {stats['games']} hands, {stats['bot']} bots, seed {stats['seed']}")
    console.print(f"wins {stats['wins']}, draws {stats['draws']} (draw rate {stats['draw_rate']:.1%})")
    t = Table(title="wins by seat")
    for s in "ESWN":
        t.add_column(s, justify="right")
    t.add_row(*[str(stats["wins_by_seat"][s]) for s in "ESWN"])
    console.print(t)
    t = Table(title="wins by type")
    t.add_column("type")
    t.add_column("wins", justify="right")
    for k, v in stats["wins_by_type"].items():
        t.add_row(k, str(v))
    console.print(t)
    p = stats["points"]
    if p["mean"] is not None:
        console.print(f"points: mean {p['mean']}, stdev {p['stdev']}, median {p['median']}, range {p['min']}–{p['max']}")
    labels = {item.name: item.label for item in rules.items}
    t = Table(title="scoring items")
    t.add_column("item")
    t.add_column("label")
    t.add_column("wins", justify="right")
    t.add_column("share", justify="right")
    for k, v in stats["items"].items():
        t.add_row(k, labels.get(k, ""), str(v["count"]), f"{v['share_of_wins']:.1%}")
    console.print(t)


# ---------------------------------------------------------------- arena


@click.command("arena")
@click.option("--bot", "bots", multiple=True, required=True, help="A seat: random, greedy, fast, strong, policy:PATH (a trained policy), a command line (run without a shell), or ws://HOST:PORT. Give 1 to 4.")
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=1), help="Walls to deal (each played once per seating with --duplicate).")
@click.option("--seed", default=0, show_default=True, help="Seed of the whole run (each wall gets its own).")
@click.option("--variant", default="ningbo", show_default=True, help="Variant name or path.")
@click.option("--duplicate", is_flag=True, help="Play every wall in every seating (4 rotations; 6 tables for two bots).")
@click.option("--time-limit", default=5.0, show_default=True, type=click.FloatRange(min=0.001), help="Seconds a bot program may take per move.")
@click.option("--on-fault", type=click.Choice(["default", "forfeit"]), default="default", show_default=True, help="A faulty bot's move: its default move, or a forfeit of the hand.")
@click.option("--forfeit-penalty", default=30, show_default=True, type=click.IntRange(min=0), help="Points a forfeiting seat pays each other seat.")
@click.option("--logs", "logs", default=None, type=click.Path(file_okay=False), help="Write every hand's log (replayable with nbmj replay) into this directory.")
@backend_options
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def arena(
    bots: tuple[str, ...],
    games: int,
    seed: int,
    variant: str,
    duplicate: bool,
    time_limit: float,
    on_fault: str,
    forfeit_penalty: int,
    logs: str | None,
    workers: int,
    backend: str,
    address: str | None,
    as_json: bool,
) -> None:
    """Bots against each other: mean points per hand with 95% intervals, win, deal-in and draw rates.

    Fewer than four bots are repeated around the table (A B A B). Bot programs speak the
    nbmj-bot/1 protocol (see the docs' Bots page) on stdin and stdout.
    """
    from ..arena import run_arena
    from ..arena.arena import seatings
    from ..rules import load_variant
    from ..rules.registry import portable_spec

    rules = load_variant(variant)
    _check(workers, backend, address)
    hands = games * (len(seatings(len(bots))) if duplicate and 1 <= len(bots) <= 4 else 1)
    t0 = time.perf_counter()
    with stop_cleanly(backend), progress_bar(f"{rules.name} arena", hands) as advance:
        result, stopped = run_to_stop(lambda: run_arena(
            list(bots),
            games,
            variant=portable_spec(variant),
            seed=seed,
            duplicate=duplicate,
            workers=workers,
            backend=backend,
            address=address,
            time_limit=time_limit,
            on_fault=on_fault,
            forfeit_penalty=forfeit_penalty,
            logs=logs,
            progress=advance,
        ))
    elapsed = time.perf_counter() - t0
    result["variant"] = rules.name
    result["rules_digest"] = rules.digest
    if stopped is not None:
        result["interrupted"] = {"after": stopped.done, "of": stopped.planned}
    if as_json:
        emit_json(result)
    else:
        _print_arena(result, elapsed)
    if stopped is not None:
        end_partial(stopped, "walls", backend)


def _print_arena(result: dict[str, Any], elapsed: float) -> None:
    from rich.console import Console

    out = Console(highlight=False)
    kind = "duplicate, " if result["duplicate"] else ""
    out.print(f"[bold]{result['variant']}[/bold]: {result['walls']} walls, {result['hands']} hands, "
              f"{result['distinct_hands']} distinct ({kind}seed {result['seed']})")
    t = _table("per bot", ("bot", "points/hand", "95% CI", "win rate", "deal-in rate", "draws", "faults"), right_from=1)
    for b in result["bots"]:
        p = b["points_per_hand"]
        t.add_row(
            b["bot"],
            f"{p['mean']:+.3f}",
            f"[{p['ci95'][0]:+.3f}, {p['ci95'][1]:+.3f}]",
            f"{b['win_rate']:.1%}",
            f"{b['deal_in_rate']:.1%}",
            f"{b['draw_rate']:.1%}",
            str(b["faults"]),
        )
    out.print(t)
    if result["pairs"]:
        t = _table("margins (a − b, points per hand)", ("a", "b", "margin", "95% CI", ""))
        for pair in result["pairs"]:
            m = pair["margin"]
            t.add_row(pair["a"], pair["b"], f"{m['mean']:+.3f}", f"[{m['ci95'][0]:+.3f}, {m['ci95'][1]:+.3f}]", "significant" if pair["significant"] else "")
        out.print(t)
    for fault in result["fault_samples"][:5]:
        out.print(f"[yellow]fault[/yellow] {fault['bot']} wall {fault['wall']} hand {fault['hand']}: {fault['kind']}: {fault['detail']}")
    out.print(f"[dim]{result['hands']} hands in {elapsed:.2f}s; digest {result['digest'][:16]}[/dim]")


# ---------------------------------------------------------------- compare and diff


@click.command("compare")
@click.argument("a")
@click.argument("b")
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=2), help="Paired hands: each wall is dealt under both variants.")
@click.option("--seed", default=0, show_default=True, help="Seed of the whole run.")
@click.option("--bot", type=click.Choice(list(BUILTIN)), default="greedy", show_default=True, help="The bot in all four seats.")
@backend_options
@click.option("--plot", "plot", default=None, type=click.Path(dir_okay=False), help="Draw the distributions into FILE.png or FILE.svg (needs matplotlib).")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
def compare(a: str, b: str, games: int, seed: int, bot: str, workers: int, backend: str, address: str | None, plot: str | None, as_json: bool) -> None:
    """Play the same walls under variants A and B and compare what happens.

    Per variant: win rate by seat, points per win, draw rate, the dealer's points per hand,
    how often each item scores and the hand values, with 95% intervals; then the paired
    differences (B minus A) with their p-values.
    """
    from ..arena.lab import compare as run, plot_compare
    from ..rules import load_variant

    from ..rules.registry import portable_spec

    digests = {"a": load_variant(a).digest, "b": load_variant(b).digest}  # and fail fast on a bad name
    _check(workers, backend, address)
    if plot is not None:
        from ..arena.lab import check_plot_path

        check_plot_path(plot)
    with stop_cleanly(backend), progress_bar("compare", games) as advance:
        result, stopped = run_to_stop(lambda: run(portable_spec(a), portable_spec(b), games, seed=seed, bot=bot, workers=workers,
                                                  backend=backend, address=address, progress=advance))
    result["rules_digest"] = digests
    if stopped is not None:
        result["interrupted"] = {"after": stopped.done, "of": stopped.planned}
    if plot is not None:
        plot_compare(result, plot)
    if as_json:
        emit_json(result)
    else:
        _print_compare(result, plot)
    if stopped is not None:
        end_partial(stopped, "paired hands", backend)


def _print_compare(result: dict[str, Any], plot: str | None) -> None:
    from rich.console import Console
    from rich.table import Table

    out = Console(highlight=False)
    va, vb = result["variants"]["a"], result["variants"]["b"]
    out.print(f"[bold]{result['a']}[/bold] (A) vs [bold]{result['b']}[/bold] (B): {result['games']} paired hands, {result['bot']} bots, seed {result['seed']}")

    def ci(x: dict[str, Any]) -> str:
        return f"{x['mean']:+.3f} [{x['ci95'][0]:+.3f}, {x['ci95'][1]:+.3f}]"

    def rate(r: float, c: list[float]) -> str:
        return f"{r:.1%} [{c[0]:.1%}, {c[1]:.1%}]"

    t = Table(title="per variant")
    t.add_column("")
    t.add_column("A", justify="right")
    t.add_column("B", justify="right")
    t.add_row("draw rate", rate(va["draw_rate"], va["draw_rate_ci95"]), rate(vb["draw_rate"], vb["draw_rate_ci95"]))
    for s in "ESWN":
        wa, wb = va["win_rate_by_seat"][s], vb["win_rate_by_seat"][s]
        t.add_row(f"{s} win rate", rate(wa["rate"], wa["ci95"]), rate(wb["rate"], wb["ci95"]))
    t.add_row("points per win", ci(va["points_per_win"]), ci(vb["points_per_win"]))
    t.add_row("dealer points/hand", ci(va["dealer_points_per_hand"]), ci(vb["dealer_points_per_hand"]))
    out.print(t)
    t = _table("paired differences (B − A)", ("", "difference", "95% CI", "p"))
    for name, d in result["paired_differences"].items():
        t.add_row(name.replace("_", " "), f"{d['mean']:+.4f}", f"[{d['ci95'][0]:+.4f}, {d['ci95'][1]:+.4f}]", f"{d['p_value']:.2g}")
    out.print(t)
    t = _table("items (share of wins)", ("item", "A", "B"), right_from=1)
    names = list(dict.fromkeys(list(va["items"]) + list(vb["items"])))
    for name in names:
        ia, ib = va["items"].get(name), vb["items"].get(name)
        t.add_row(name, f"{ia['share_of_wins']:.1%}" if ia else "—", f"{ib['share_of_wins']:.1%}" if ib else "—")
    out.print(t)
    values = sorted({int(v) for v in list(va["hand_values"]) + list(vb["hand_values"])})
    out.print("hand values (wins): " + ", ".join(f"{v}: {va['hand_values'].get(str(v), 0)}/{vb['hand_values'].get(str(v), 0)}" for v in values))
    if plot:
        out.print(f"[dim]plot written to {plot}[/dim]")


@click.command("diff")
@click.argument("a")
@click.argument("b")
@click.option("--corpus", "corpus", multiple=True, type=click.Path(exists=True), help="JSON situations (files or directories) to score under both; default: the docs' worked examples and golden situations of a source checkout.")
@click.option("--json", "as_json", is_flag=True, help="Print the difference as JSON.")
def diff(a: str, b: str, corpus: tuple[str, ...], as_json: bool) -> None:
    """What differs between two variants: settings, items (with rule IDs), and the hands of a
    fixed corpus whose validity or points change."""
    from pathlib import Path

    from ..arena.lab import diff_variants

    result = diff_variants(a, b, [Path(c) for c in corpus] if corpus else None)
    if as_json:
        emit_json(result)
        return
    from rich.console import Console

    out = Console(highlight=False)
    out.print(f"[bold]{result['a']}[/bold] (A) vs [bold]{result['b']}[/bold] (B)")
    if result["settings"]:
        t = _table("settings", ("setting", "A", "B", "rules"))
        for row in result["settings"]:
            t.add_row(row["setting"], _show(row["a"]), _show(row["b"]), ", ".join(row["rules"]))
        out.print(t)
    if result["items"]:
        t = _table("items", ("item", "field", "A", "B", "rule"))
        for row in result["items"]:
            t.add_row(row["item"], row["field"] or "(whole item)", _show(row["a"]), _show(row["b"]), row["rule"] or "")
        out.print(t)
    if not result["settings"] and not result["items"]:
        out.print("the compiled rules are the same")
    c = result["corpus"]
    out.print(f"corpus: {c['hands']} hands from {len(c['files'])} place(s); {len(c['changed'])} change")
    for row in c["changed"]:
        out.print(f"  {row['hand']}: A {_verdict(row['a'])}, B {_verdict(row['b'])}")


def _show(value: Any) -> str:
    import json

    return "—" if value is None else json.dumps(value, ensure_ascii=False)


def _verdict(s: dict[str, Any]) -> str:
    if s["valid"] is None:
        return f"not scorable ({s['reason']})"
    return f"{'valid' if s['valid'] else 'not valid'}, {s['points']} points"


__all__ = ["simulate", "arena", "compare", "diff", "backend_options", "stop_cleanly", "exit_interrupted", "run_to_stop",
           "end_partial", "progress_bar"]
