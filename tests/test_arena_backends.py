"""The simulation backends: the same records whatever the backend, worker count or chunking;
a dead worker is retried or reported; memory does not grow with the number of units."""

from __future__ import annotations

import os
import signal
import sys
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

import pytest

from nbmj.arena import BackendError, Interrupted, WorkerDiedError, check_workers, run_arena, run_task, simulate
from nbmj.arena.lab import compare
from nbmj.arena.backends import available_cpus


@dataclass
class Squares:
    """A cheap task: unit i gives {"i": i, "sq": i*i}. ``kill_at`` makes the worker that
    plays that unit SIGKILL itself: once when ``marker`` names a file to leave behind, else
    every time."""

    kill_at: int | None = None
    marker: str | None = None

    def setup(self) -> None:
        pass

    def teardown(self) -> None:
        pass

    def run(self, start: int, stop: int) -> list[dict]:
        if self.kill_at is not None and start <= self.kill_at < stop:
            if self.marker is None or not os.path.exists(self.marker):
                if self.marker is not None:
                    Path(self.marker).write_text("killed once")
                os.kill(os.getpid(), signal.SIGKILL)
        return [{"i": i, "sq": i * i} for i in range(start, stop)]


TWO = pytest.mark.skipif(available_cpus() < 2, reason="needs 2 CPUs for 2 workers")


@TWO
@pytest.mark.parametrize("chunk", [1, 7, 100])
def test_records_come_in_unit_order_whatever_the_workers_and_chunks(chunk):
    one = list(run_task(Squares(), 250, workers=1, chunk=chunk))
    two = list(run_task(Squares(), 250, workers=2, chunk=chunk))
    assert one == two == [{"i": i, "sq": i * i} for i in range(250)]


@TWO
def test_a_worker_killed_once_is_retried_and_the_results_are_whole(tmp_path):
    task = Squares(kill_at=120, marker=str(tmp_path / "killed"))
    got = list(run_task(task, 300, workers=2, chunk=10))
    assert (tmp_path / "killed").exists()
    assert got == [{"i": i, "sq": i * i} for i in range(300)]


@TWO
def test_a_worker_that_always_dies_stops_the_run_with_a_clear_error():
    with pytest.raises(WorkerDiedError, match="worker process died"):
        list(run_task(Squares(kill_at=55), 300, workers=2, chunk=10, retries=2))


@dataclass
class RefusedSetup(Squares):
    """A task whose setup refuses what it was given, as a seat spec that names no policy does."""

    def setup(self) -> None:
        raise BackendError("no saved policy at 'nowhere'")


@TWO
def test_a_setup_that_refuses_its_input_says_so_whatever_the_workers():
    """Found by an outside-in bad-input pass: `nbmj arena --bot policy:nowhere --workers 2`
    said 'a worker process died 3 times ... (out of memory, or killed?)', not what was wrong:
    the error broke the pool's initializer, and the pool was started again and again."""
    for workers in (1, 2):
        with pytest.raises(BackendError, match="^no saved policy at 'nowhere'$"):
            list(run_task(RefusedSetup(), 30, workers=workers, chunk=10))


@TWO
def test_a_million_units_stream_in_bounded_memory():
    """The parent holds a bounded window of chunks: its peak allocation over a million
    records stays far below what holding them would take (~200 MB)."""
    tracemalloc.start()
    count = 0
    total = 0
    for record in run_task(Squares(), 1_000_000, workers=2, chunk=25_000):
        count += 1
        total += record["i"]
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert count == 1_000_000 and total == 999_999 * 1_000_000 // 2
    assert peak < 40_000_000, f"peak {peak / 1e6:.1f} MB"


def test_worker_counts_are_checked_against_the_machine():
    with pytest.raises(BackendError, match=r"--workers 999 is more than the \d+ CPU"):
        check_workers(999, "process")
    with pytest.raises(BackendError, match="at least 1"):
        check_workers(0, "process")
    with pytest.raises(BackendError, match="unknown backend 'dask'"):
        check_workers(1, "dask")
    check_workers(999, "ray", address="ray://cluster:10001")  # a cluster's CPUs are Ray's to count


@TWO
def test_simulate_and_arena_agree_across_worker_counts():
    a = simulate("ningbo", 30, seed=5, bot="random", workers=1)
    b = simulate("ningbo", 30, seed=5, bot="random", workers=2, chunk=4)
    assert a == b
    x = run_arena(["greedy", "random"], 6, seed=2, duplicate=True, workers=1)
    y = run_arena(["greedy", "random"], 6, seed=2, duplicate=True, workers=2, chunk=1)
    assert x == y


def _bye_noting_bot(tmp_path: Path) -> tuple[str, Path]:
    """A bot program that answers index 0 and notes, in a file of its own, each hello and
    the bye that ends its session."""
    notes = tmp_path / "notes"
    notes.mkdir()
    bot = tmp_path / "bye_bot.py"
    bot.write_text(
        "import json, os, sys\n"
        f"notes = open(os.path.join({str(notes)!r}, str(os.getpid())), 'a')\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] in ('hello', 'bye'):\n"
        "        notes.write(m['type'] + '\\n'); notes.flush()\n"
        "    if m['type'] == 'request':\n"
        "        print(json.dumps({'index': 0}), flush=True)\n"
        "    if m['type'] == 'bye':\n"
        "        break\n",
        encoding="utf-8",
    )
    return f"{sys.executable} {bot}", notes


def _sessions(notes: Path) -> list[list[str]]:
    return [p.read_text().split() for p in sorted(notes.iterdir())]


def test_every_bot_program_is_told_bye_when_a_pool_run_ends(tmp_path):
    """The pool's workers were terminated at the end of every run, even a finished one, so
    a bot program never had the bye that docs/bots.rst promises (its input just closed)."""
    command, notes = _bye_noting_bot(tmp_path)
    out = run_arena([command, "greedy"], 8, seed=3, workers=2, chunk=1)
    assert out["hands"] == 8
    sessions = _sessions(notes)
    assert sessions and sum(s.count("hello") for s in sessions) == 16  # two seats a hand
    assert all(s[-1] == "bye" and s.count("bye") == 1 for s in sessions), sessions


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray", reason="Ray is in the test extra; without it the ray backend cannot be run")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield ray
    ray.shutdown()


def test_the_ray_backend_gives_the_same_results_and_digest(local_ray):
    by_process = simulate("ningbo", 16, seed=9, bot="random", workers=1)
    by_ray = simulate("ningbo", 16, seed=9, bot="random", workers=2, backend="ray", chunk=3)
    assert by_ray == by_process
    assert len(by_ray["digest"]) == 64
    arena_process = run_arena(["greedy", "random"], 2, seed=1, duplicate=True)
    arena_ray = run_arena(["greedy", "random"], 2, seed=1, duplicate=True, backend="ray", workers=2, chunk=1)
    assert arena_ray == arena_process



def test_every_bot_program_is_told_bye_when_a_ray_run_ends(local_ray, tmp_path):
    """Ray workers set a task up once and never tore it down: bot programs were left
    running, never told bye, until Ray itself went. Each chunk is now a session."""
    command, notes = _bye_noting_bot(tmp_path)
    out = run_arena([command, "greedy"], 4, seed=3, workers=2, chunk=2, backend="ray")
    assert out["hands"] == 4
    sessions = _sessions(notes)
    assert sessions and sum(s.count("hello") for s in sessions) == 8
    assert all(s[-1] == "bye" and s.count("bye") == 1 for s in sessions), sessions

def test_a_ray_worker_killed_once_is_run_again_by_ray(local_ray, tmp_path):
    import sys

    from ray import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[Squares.__module__])  # the test module is not importable in Ray's workers
    task = Squares(kill_at=13, marker=str(tmp_path / "killed"))
    got = list(run_task(task, 40, workers=2, backend="ray", chunk=5))
    assert (tmp_path / "killed").exists()
    assert got == [{"i": i, "sq": i * i} for i in range(40)]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_signal_during_a_submit_is_handed_on_after_it():
    """The pool starts workers as it takes a chunk; SIGINT and SIGTERM are held back for that
    moment and then handed to the handler in place (nothing is lost, nothing runs inside)."""
    from nbmj.arena.backends import _signals_held

    seen: list[tuple[int, bool]] = []
    inside = [False]
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: seen.append((signum, inside[0])))
    previous_int = signal.signal(signal.SIGINT, signal.default_int_handler)  # ignored when run from a background job
    try:
        with _signals_held():
            inside[0] = True
            os.kill(os.getpid(), signal.SIGTERM)
            for _ in range(1000):  # Python runs handlers between instructions: give it many
                pass
            assert seen == []
            inside[0] = False
        assert seen == [(signal.SIGTERM, False)]
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        with pytest.raises(KeyboardInterrupt):
            with _signals_held():
                os.kill(os.getpid(), signal.SIGINT)
                for _ in range(1000):
                    pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        signal.signal(signal.SIGINT, previous_int)


@pytest.mark.parametrize("games", [0, -5, "3", 2.0, True, None])
def test_a_run_of_no_whole_number_of_games_is_refused_not_played_as_none(games, tmp_path):
    """simulate("ningbo", -5) and run_arena([...], 0) played no hand and returned empty
    statistics without a word; "3" ended in a TypeError from inside the run."""
    from nbmj.arena.lab import compare

    logs = tmp_path / "logs"
    said = f"games is a whole number, at least 1, not {games!r}"
    for run in (lambda: simulate("ningbo", games, bot="random", logs=str(logs)),
                lambda: run_arena(["random"], games, logs=str(logs)),
                lambda: compare("ningbo", "ningbo", games, bot="random")):
        with pytest.raises(BackendError) as info:
            run()
        assert str(info.value) == said and isinstance(info.value, ValueError)
    assert not logs.exists()


@pytest.mark.parametrize("chunk", [0, -1, 2.5, "4"])
def test_a_chunk_that_is_no_whole_number_above_0_is_refused(chunk):
    """chunk=-1 played no hand at all (the chunks' range ran backwards) and returned the
    statistics of 0 games."""
    with pytest.raises(BackendError, match="chunk is a whole number, at least 1, or None, not "):
        simulate("ningbo", 3, bot="random", chunk=chunk)
    with pytest.raises(BackendError, match="chunk is a whole number, at least 1, or None, not "):
        run_task(Squares(), 10, chunk=chunk)
    assert [r["i"] for r in run_task(Squares(), 5, chunk=2)] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("seed", [1.0, "1", True, None])
def test_a_run_seed_that_is_no_integer_is_refused(seed):
    """Each hand's seed comes from the run seed's text: simulate(seed=True) or seed="1"
    dealt other hands than seed 1, and the results said seed True or "1"."""
    from nbmj.arena.lab import compare

    for run in (lambda: simulate("ningbo", 2, seed=seed, bot="random"),
                lambda: run_arena(["random"], 2, seed=seed),
                lambda: compare("ningbo", "ningbo", 2, seed=seed, bot="random")):
        with pytest.raises(BackendError) as info:
            run()
        assert str(info.value) == f"the seed of a run is an integer, not {seed!r}" and isinstance(info.value, ValueError)


def test_a_numpy_integer_seed_is_the_integer():
    np = pytest.importorskip("numpy")
    same = simulate("ningbo", 2, seed=np.int64(5), bot="random")
    assert same == simulate("ningbo", 2, seed=5, bot="random") and type(same["digest"]) is str
    assert run_arena(["random"], 1, seed=np.int64(5)) == run_arena(["random"], 1, seed=5)


@pytest.mark.parametrize("command", ["simulate", "arena", "compare"])
def test_an_address_without_the_ray_backend_is_refused_not_ignored(command):
    """nbmj simulate --address ray://cluster:10001 (without --backend ray) played every hand
    on this machine's process backend, as if no cluster had been named."""
    from click.testing import CliRunner

    from nbmj.cli import main

    args = {"simulate": ["simulate"], "arena": ["arena", "--bot", "random"], "compare": ["compare", "ningbo", "ningbo"]}[command]
    r = CliRunner().invoke(main, [*args, "--games", "2", "--address", "ray://cluster:10001", "--json"])
    assert r.exit_code == 2, r.output
    assert r.output.strip() == "nbmj: error: --address 'ray://cluster:10001' is a Ray cluster's: give --backend ray with it"
    with pytest.raises(BackendError):
        simulate("ningbo", 2, bot="random", address="ray://cluster:10001")


def _interrupting_at(unit: int):
    """A progress callback that sends this process SIGINT, as a Ctrl-C would, when the
    ``unit``-th record is folded in (the signal lands while the record is being added)."""
    seen = []

    def progress(*_hands):
        seen.append(1)
        if len(seen) == unit:
            signal.raise_signal(signal.SIGINT)

    return progress


@pytest.mark.parametrize("workers", [1, pytest.param(2, marks=TWO)])
def test_an_interrupted_arena_reports_the_walls_it_finished(workers, ctrl_c_raises):
    """A Ctrl-C while walls are played: the run raises Interrupted, a KeyboardInterrupt,
    whose results are those of the walls finished before it, equal to a run of that many
    walls with the same seed (each wall is seeded by its number)."""
    with pytest.raises(Interrupted) as stopped:
        run_arena(["greedy", "random"], 40, seed=6, duplicate=True, workers=workers, progress=_interrupting_at(3))
    assert isinstance(stopped.value, KeyboardInterrupt)
    assert (stopped.value.done, stopped.value.planned) == (3, 40)
    assert stopped.value.partial == run_arena(["greedy", "random"], 3, seed=6, duplicate=True)


def test_an_interrupted_simulation_and_comparison_report_the_hands_they_finished(ctrl_c_raises):
    with pytest.raises(Interrupted) as stopped:
        simulate("ningbo", 50, seed=2, bot="random", progress=_interrupting_at(4))
    assert stopped.value.done == 4 and stopped.value.partial == simulate("ningbo", 4, seed=2, bot="random")
    with pytest.raises(Interrupted) as stopped:
        compare("ningbo", "ninghai", 50, seed=2, bot="random", progress=_interrupting_at(3))
    assert stopped.value.done == 3 and stopped.value.partial == compare("ningbo", "ninghai", 3, seed=2, bot="random")


def test_an_interruption_before_enough_hands_has_no_results(ctrl_c_raises):
    """Nothing finished (or one paired hand, whose difference has no interval) reports no results."""
    with pytest.raises(Interrupted) as stopped:
        compare("ningbo", "ninghai", 50, seed=2, bot="random", progress=_interrupting_at(1))
    assert stopped.value.done == 1 and stopped.value.partial is None


def test_a_run_in_this_process_gives_each_record_as_its_unit_is_played():
    """One worker in this process: no chunk to ship, so a record comes as soon as its unit
    is played (a run of slow bots showed no progress, and a Ctrl-C lost, up to 100 units)."""
    played = []

    class Counted(Squares):
        def run(self, start: int, stop: int) -> list[dict]:
            played.extend(range(start, stop))
            return super().run(start, stop)

    records = run_task(Counted(), 250)
    assert next(records) == {"i": 0, "sq": 0} and played == [0]
    assert [r["i"] for r in records] == list(range(1, 250))
