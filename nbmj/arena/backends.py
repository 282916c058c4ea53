"""Where the hands are played: this process, a pool of worker processes, or Ray.

A :class:`Task` splits its work into numbered units (a hand, or a wall played four times)
and plays any range of them; each unit gives one JSON-able record that depends only on
the task and the unit's number. :func:`run_task` plays the units in chunks on a backend
and yields the records in unit order, with a bounded number of chunks in flight, so that
a million hands stream in constant memory and the results do not depend on the backend
or the number of workers.

``process`` (the default)
    ``workers`` 1 plays in this process; more use a pool of forked worker processes. A
    worker that dies (SIGKILL, SIGTERM, a crash) breaks the pool: the pool is rebuilt and
    the unfinished chunks played again, up to ``retries`` times; then the run stops with
    :class:`WorkerDiedError`.
``ray``
    Ray tasks (``pip install 'nbmj[ray]'``): ``ray.init()`` starts Ray on this machine,
    ``address`` (or the ``RAY_ADDRESS`` environment variable) joins a cluster. Ray runs a
    task again when its worker dies; a task that still fails stops the run with
    :class:`WorkerDiedError`. Ctrl-C and SIGTERM stop a Ray run as they stop a process
    run: Ray's own handlers, which ``ray.init`` puts in place of the program's, are put
    back, the driver waits on its tasks in short steps so that a signal is acted on at
    once, and on the way out the tasks in flight are cancelled and the Ray this run
    started is shut down.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from .._numbers import whole_number
from ..errors import NbmjError

__all__ = ["BACKENDS", "Task", "WorkerDiedError", "BackendError", "Interrupted", "run_task", "fold_records", "check_workers",
           "check_games", "check_seed", "available_cpus", "chunk_ranges", "make_log_directory", "write_log"]

#: The backends a run may use (``--backend``), the default first
BACKENDS = ("process", "ray")

Record = dict[str, Any]


class BackendError(NbmjError, ValueError):
    """A backend that cannot run as asked (too many workers, Ray missing, a bad address, a
    log directory that cannot be made)."""


class WorkerDiedError(NbmjError, RuntimeError):
    """A worker died and its work could not be finished."""


class Interrupted(KeyboardInterrupt):
    """A run stopped by Ctrl-C (or by SIGTERM, which nbmj's commands turn into one) before
    its last unit, with the results of the units it finished.

    ``partial`` is what the run's function would have returned had it been asked for those
    units only: the first ``done`` of the ``planned`` units, in order (the units are seeded
    by their number, so it equals a run of ``done`` units with the same seed), or None when
    too few had finished to report (none; fewer than two paired hands for ``compare``).
    A KeyboardInterrupt still, so that code which stops on one stops on this too."""

    def __init__(self, partial: dict[str, Any] | None, done: int, planned: int) -> None:
        super().__init__(f"interrupted after {done} of {planned}")
        self.partial = partial
        self.done = done
        self.planned = planned


def fold_records(records: Iterator[Record], add: Callable[[Record], None], planned: int,
                 results: Callable[[int], dict[str, Any]], least: int = 1) -> int:
    """Hand every record of a run to ``add``, in order, and return how many there were.

    A Ctrl-C (or SIGTERM turned into one) while the records are read stops the run's
    workers and raises :class:`Interrupted` with ``results(done)``, the results of the
    ``done`` records added so far (None below ``least``). Each record is added whole or not
    at all: the signal is held while it is added, so ``results`` never sees half a record."""
    done = 0
    try:
        for record in records:
            with _signals_held():
                add(record)
                done += 1
    except KeyboardInterrupt as stop:
        close = getattr(records, "close", None)
        if close is not None:
            close()  # (a generator stopped between records: its workers are stopped now, not at its collection)
        raise Interrupted(results(done) if done >= least else None, done, planned) from stop
    return done


class Task(Protocol):
    """Work split into numbered units; picklable, so that it can travel to a worker."""

    def setup(self) -> None:
        """Prepare a worker (load the rules, start bots): once per worker process with the
        process backend, once per chunk on Ray (which gives a worker no last call)."""

    def run(self, start: int, stop: int) -> list[Record]:
        """The records of units ``start`` .. ``stop - 1``, in order."""

    def teardown(self) -> None:
        """Release what ``setup`` took (bot programs): when a worker process is done, or at the
        end of each chunk on Ray."""


def available_cpus() -> int:
    """CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def check_workers(workers: int, backend: str, address: str | None = None) -> None:
    """Refuse a worker count this machine cannot give (a cluster's is Ray's to judge), and
    a Ray cluster's address given to the process backend (which would play on this machine
    instead, without a word)."""
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if address and backend != "ray":
        raise BackendError(f"--address {address!r} is a Ray cluster's: give --backend ray with it")
    if workers < 1:
        raise BackendError(f"--workers must be at least 1, not {workers}")
    remote = backend == "ray" and (address or os.environ.get("RAY_ADDRESS"))
    cpus = available_cpus()
    if not remote and workers > cpus:
        raise BackendError(f"--workers {workers} is more than the {cpus} CPU(s) this machine gives nbmj")


def make_log_directory(path: str | None, ours: Callable[[str], bool] | None = None) -> None:
    """Make the directory a run keeps its hands' logs in (``--logs``), here, before any
    worker starts (each worker makes it too, on its own machine): one that cannot be made
    is refused at once, in words, rather than breaking every worker's setup. ``ours`` tells
    the names of the files the run will write: one already there (the logs of an earlier
    run) is refused too, rather than overwritten, or left to mix with the new ones. An empty
    name (``--logs "$DIR"`` with DIR unset) is refused rather than read as no logs."""
    if path == "":
        raise BackendError("the log directory is an empty name: give --logs a directory")
    if path:
        try:
            os.makedirs(path, exist_ok=True)
            there = sorted(name for name in os.listdir(path) if ours is not None and ours(name))
        except OSError as exc:
            raise BackendError(f"cannot make the log directory {path!r}: {exc.strerror or exc}") from None
        if there:
            more = f" and {len(there) - 1} more" if len(there) > 1 else ""
            raise BackendError(f"the log directory {path!r} already holds logs this run would write over ({there[0]}{more}): "
                               f"give a new or empty directory")


def write_log(directory: str, name: str, text: str) -> None:
    """Keep a hand's log as ``directory/name``, whole or not at all: the text goes to a
    hidden temporary file beside it (not a ``*.log``, so ``nbmj dataset DIR`` never reads
    it), which then takes the log's name. A run stopped meanwhile (Ctrl-C, a worker ended by
    SIGTERM) leaves no log cut short, nor an empty one."""
    temp = os.path.join(directory, f".{name}.{os.getpid()}.part")  # one writer per process
    try:
        with open(temp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.replace(temp, os.path.join(directory, name))
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def chunk_ranges(units: int, chunk: int, first: int = 0) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` pairs covering ``first .. units - 1`` in chunks of ``chunk``."""
    for start in range(first, units, chunk):
        yield start, min(units, start + chunk)


def default_chunk(units: int, workers: int) -> int:
    """A chunk big enough to keep the cost of shipping it small, small enough to spread."""
    return max(1, min(100, units // (workers * 8) or 1))


def run_task(
    task: Task,
    units: int,
    *,
    workers: int = 1,
    backend: str = "process",
    chunk: int | None = None,
    address: str | None = None,
    retries: int = 2,
) -> Iterator[Record]:
    """Every record of ``task``'s ``units`` units, in order (see the module's docstring).
    ``units`` (the games of a run) and ``chunk`` are whole numbers, at least 1 (``chunk``
    None: a size chosen for ``workers``); they and the workers are checked at the call, the
    units played as the records are read (in this process, one unit at a time unless
    ``chunk`` says otherwise)."""
    check_workers(workers, backend, address)
    count = check_games(units)
    size: int | None = whole_number(chunk)
    if chunk is None:
        # in this process a chunk ships nothing: each unit's record comes as it is played,
        # so that a slow bot's progress shows, and a Ctrl-C keeps every unit finished
        size = 1 if workers == 1 and backend == "process" else default_chunk(count, workers)
    if size is None or size < 1:
        raise BackendError(f"chunk is a whole number, at least 1, or None, not {chunk!r}")
    return _records(task, count, workers, backend, size, address, retries)


def check_games(games: object) -> int:
    """The games (units) of a run as an int: a whole number, at least 1; anything else is a
    :class:`BackendError` (a count of 0 or less played nothing, and said nothing)."""
    count = whole_number(games)
    if count is None or count < 1:
        raise BackendError(f"games is a whole number, at least 1, not {games!r}")
    return count


def check_seed(seed: object) -> int:
    """The seed of a run as an int: a whole number (a NumPy one too); anything else is a
    :class:`BackendError`. Each hand's seed is derived from the seed's text, so ``True``,
    ``1.0`` or ``"1"`` would deal other hands than ``1`` while the results said seed 1."""
    whole = whole_number(seed)
    if whole is None:
        raise BackendError(f"the seed of a run is an integer, not {seed!r}")
    return whole


def _records(task: Task, units: int, workers: int, backend: str, size: int, address: str | None, retries: int) -> Iterator[Record]:
    if backend == "ray":
        yield from _run_ray(task, units, workers, size, address)
    elif workers == 1:
        task.setup()
        try:
            for start, stop in chunk_ranges(units, size):
                yield from task.run(start, stop)
        finally:
            task.teardown()
    else:
        yield from _run_pool(task, units, workers, size, retries)


# ------------------------------------------------------------------ the process pool

_WORKER_TASK: Task | None = None
# What the task's setup refused (a seat spec naming no policy, say): raised by the worker's
# first chunk, so that the caller gets the error itself. Raised by the pool's initializer, it
# would break the pool, and the run would end saying a worker died.
_WORKER_REFUSED: NbmjError | None = None


def _worker_init(task: Task) -> None:
    global _WORKER_TASK, _WORKER_REFUSED
    # Ctrl-C reaches the whole process group: the parent stops the run, workers stay quiet.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_stopped)
    try:
        task.setup()
    except NbmjError as exc:
        _WORKER_REFUSED = exc
        return
    _WORKER_TASK = task
    from multiprocessing import util

    util.Finalize(None, task.teardown, exitpriority=10)  # multiprocessing skips atexit


def _worker_stopped(signum: int, frame: object) -> None:
    """A worker's SIGTERM (the pool being stopped): the bot programs its seats started run
    in sessions of their own, out of the signal's reach, so they are killed first; then the
    worker ends at once, as the signal's default would end it."""
    transport = sys.modules.get("nbmj.bots.transport")  # not imported: no bot was started
    if transport is not None:
        transport._end_every_bot()
    os._exit(128 + signum)


def _worker_run(start: int, stop: int) -> list[Record]:
    if _WORKER_REFUSED is not None:
        raise _WORKER_REFUSED
    assert _WORKER_TASK is not None
    return _WORKER_TASK.run(start, stop)


def _new_pool(task: Task, workers: int) -> ProcessPoolExecutor:
    import multiprocessing as mp

    methods = mp.get_all_start_methods()
    ctx = mp.get_context("fork" if "fork" in methods else "spawn")
    return ProcessPoolExecutor(workers, mp_context=ctx, initializer=_worker_init, initargs=(task,))


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back for the block, and hand a signal that came to the
    caller's handler after it. The pool starts its workers as it takes a chunk and records
    one only after starting it: a signal handled in between would leave a worker the stop
    never sees (running on, and multiprocessing joins every live child at exit, so the
    command would never end), and a worker forked in that moment would run the caller's
    handler until it sets its own. Only the main thread sets handlers, and a handler
    installed from outside Python could not be put back: then nothing is held."""
    held = (signal.SIGINT, signal.SIGTERM)
    if threading.current_thread() is not threading.main_thread() or any(signal.getsignal(sig) is None for sig in held):
        yield
        return
    came: list[signal.Signals] = []

    def hold(signum: int, frame: object) -> None:
        came.append(signal.Signals(signum))

    previous = {sig: signal.signal(sig, hold) for sig in held}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if came:
        handler = previous[came[0]]
        if callable(handler):
            handler(came[0], None)
        elif handler == signal.SIG_DFL:
            signal.raise_signal(came[0])


def _submit(pool: ProcessPoolExecutor, start: int, stop: int) -> Future[list[Record]]:
    with _signals_held():
        return pool.submit(_worker_run, start, stop)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop at once: cancel what has not started, end the workers (no waiting on their
    work), and let the pool's manager thread finish winding it up."""
    # the stdlib keeps no public handle on either
    processes = list(getattr(pool, "_processes", {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    for proc in processes:
        proc.join(timeout=2)
        if proc.is_alive():
            proc.kill()
            proc.join(timeout=2)
    if manager is not None:
        # The manager thread sees its workers gone and closes the pipe it is woken by as it
        # finishes. concurrent.futures' exit hook (threading._shutdown) writes to that pipe
        # after checking it is open, without a lock (until CPython's gh-125451, in 3.12.8
        # and 3.13.1): a thread still finishing as the interpreter exits can close it in
        # between, and a traceback (EBADF, "handle is closed") follows the run's last line.
        # Once the thread has ended, the pipe is marked closed and the hook leaves it alone.
        # The workers are dead, so this is quick; the bound keeps a stuck thread from
        # holding up a rebuilt pool.
        manager.join(timeout=5)


def _top_up(
    pending: deque[tuple[tuple[int, int], Any]],
    redo: deque[tuple[int, int]],
    ranges: Iterator[tuple[int, int]],
    window: int,
    submit: Callable[[int, int], Any],
) -> None:
    """Submit chunks (those to play again first) until ``window`` are in flight or none are
    left: the bound on memory. A chunk whose submission fails goes back on ``redo``."""
    while len(pending) < window:
        rng = redo.popleft() if redo else next(ranges, None)
        if rng is None:
            return
        try:
            handle = submit(*rng)
        except BaseException:
            redo.appendleft(rng)
            raise
        pending.append((rng, handle))


def _run_pool(task: Task, units: int, workers: int, size: int, retries: int) -> Iterator[Record]:
    window = 2 * workers
    ranges = chunk_ranges(units, size)
    pending: deque[tuple[tuple[int, int], Future[list[Record]]]] = deque()
    redo: deque[tuple[int, int]] = deque()
    failures = 0
    finished = False
    pool = _new_pool(task, workers)
    try:
        while True:
            try:
                # a broken pool shows either here, refusing a new chunk, or in a result
                _top_up(pending, redo, ranges, window, lambda start, stop: _submit(pool, start, stop))
                if not pending:
                    finished = True
                    return
                records = pending[0][1].result()
            except BrokenProcessPool:
                failures += 1
                lost = [r for r, _ in pending] + list(redo)  # in unit order: pending chunks come first
                if failures > retries:
                    first = lost[0][0] if lost else units
                    raise WorkerDiedError(
                        f"a worker process died {failures} times; units {first} onwards were not played "
                        f"(out of memory, or killed?)"
                    ) from None
                _stop_pool(pool)
                pool = _new_pool(task, workers)
                pending.clear()
                redo = deque(lost)  # the same chunks again: each record depends only on its unit
                continue
            pending.popleft()
            yield from records
    finally:
        if finished:
            # every chunk played: the workers end of themselves, each tearing its task down
            # (bot programs are told bye and closed), rather than being terminated
            pool.shutdown(wait=True)
        else:
            _stop_pool(pool)


# ------------------------------------------------------------------ Ray

def _ray_run(task: Task, start: int, stop: int) -> list[Record]:
    """One chunk in a Ray worker, set up and torn down around it: Ray gives no worker a
    last call, so whatever the task holds (bot programs, told ``bye`` and closed) is
    released at the end of each chunk."""
    task.setup()
    try:
        return task.run(start, stop)
    finally:
        task.teardown()


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError("--backend ray needs Ray: pip install 'nbmj[ray]'") from None
    return ray


# Seconds the driver waits on a Ray task at a time: between waits, a signal is acted on.
_RAY_WAIT_STEP = 0.2


def _run_ray(task: Task, units: int, workers: int, size: int, address: str | None) -> Iterator[Record]:
    ray = _ray()
    owned = not ray.is_initialized()  # this run starts (or joins) Ray, and takes it down if stopped
    pending: deque[tuple[tuple[int, int], Any]] = deque()
    redo: deque[tuple[int, int]] = deque()
    finished = False
    try:
        if owned:
            target = address or os.environ.get("RAY_ADDRESS")
            with _handlers_kept():
                try:
                    if target:
                        ray.init(address=target, log_to_driver=False, logging_level="ERROR")
                    else:
                        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
                except (ConnectionError, RuntimeError, ValueError) as exc:
                    raise BackendError(f"cannot start or join Ray{f' at {target!r}' if target else ''}: {exc}") from None
        remote: Any = ray.remote(max_retries=3)(_ray_run)
        task_ref = ray.put(task)
        window = workers  # tasks in flight: Ray runs all it is given, so this is the concurrency
        ranges = chunk_ranges(units, size)
        while True:
            _top_up(pending, redo, ranges, window, lambda start, stop: remote.remote(task_ref, start, stop))
            if not pending:
                finished = True
                return
            _, ref = pending.popleft()
            while not ray.wait([ref], timeout=_RAY_WAIT_STEP)[0]:
                pass  # back in Python between waits: a Ctrl-C or SIGTERM is raised here
            try:
                records: list[Record] = ray.get(ref)
            except ray.exceptions.RayError as exc:
                raise WorkerDiedError(f"a Ray task failed after its retries: {str(exc).splitlines()[0]}") from None
            yield from records
    finally:
        if owned and not finished:
            # stopped early (a signal, a failure, a consumer that stopped reading), or while
            # Ray was starting: take down what this run started, now and in order, rather
            # than at the interpreter's exit (shutting down ends the tasks in flight too)
            _shut_down(ray)
        else:
            for _, ref in pending:
                ray.cancel(ref, force=True)


def _shut_down(ray: Any) -> None:
    """Shut down the Ray this process started, and end whatever of it outlives that: a
    raylet stopped while it was starting leaves its agent processes behind, orphaned, for a
    minute or more."""
    try:
        import psutil
    except ImportError:  # (the ray extra brings it)
        ray.shutdown()
        return
    try:
        family = psutil.Process().children(recursive=True)
    except psutil.Error:
        family = []
    ray.shutdown()
    _, alive = psutil.wait_procs(family, timeout=2)
    for proc in alive:
        with contextlib.suppress(psutil.Error):
            proc.kill()
    psutil.wait_procs(alive, timeout=2)


@contextlib.contextmanager
def _handlers_kept() -> Iterator[None]:
    """Put SIGINT's and SIGTERM's handlers back as they were after the block: ``ray.init``
    installs its own for SIGTERM (one that exits, one that dumps a stack and exits), which
    would end the process without the program's say. A SIGTERM that comes while Ray starts
    meets Ray's handler, which exits: that exit is handed to the program's own SIGTERM
    handler instead. Only the main thread can set handlers; elsewhere nothing is done."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    kept = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}

    def put_back() -> None:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # a Ctrl-C held meanwhile is raised here
        for sig, handler in kept.items():
            if handler is not None:  # (None: a handler installed from outside Python, which cannot be put back)
                signal.signal(sig, handler)

    # Ray's processes and threads, started in the block, inherit a blocked SIGINT: the Ctrl-C a
    # terminal sends to the whole process group then reaches the driver alone, which stops
    # the run and shuts Ray down in order, instead of Ray's processes dying in mid-start.
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    except SystemExit:
        put_back()
        on_term = kept[signal.SIGTERM]
        if not callable(on_term):
            raise
        on_term(signal.SIGTERM, None)  # the program's own way out (nbmj's: status 130)
        raise
    except BaseException:
        put_back()
        raise
    put_back()
