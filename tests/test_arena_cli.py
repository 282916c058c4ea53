"""``nbmj arena`` and ``nbmj simulate`` on the command line: results, logs that replay byte
for byte, bot programs as seats, clean stops on signals, checked worker counts."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from nbmj.cli import main
from nbmj.engine import Action, Game
from nbmj.engine.log import parse_log

ROOT = Path(__file__).resolve().parents[1]
RANDOM_BOT = f"{sys.executable} {ROOT / 'examples' / 'random_bot.py'}"


def run(*args):
    return CliRunner().invoke(main, list(args))


def json_of(result) -> dict:
    assert result.exit_code == 0, result.output
    return json.loads(result.output.splitlines()[-1])


def test_arena_reports_each_bot_with_intervals_and_rates():
    out = json_of(run("arena", "--bot", "strong", "--bot", "greedy", "--games", "2", "--seed", "4", "--duplicate", "--json"))
    # two bots: six distinct tables of two seats each per wall, not four rotations of A B A B
    # (the third rotation replayed the first byte for byte)
    assert out["walls"] == 2 and out["hands"] == 12 and out["distinct_hands"] == 12
    assert sorted(map(tuple, out["seatings"])) == sorted(set(map(tuple, out["seatings"])))
    strong, greedy = out["bots"]
    assert strong["bot"] == "strong" and greedy["bot"] == "greedy"
    for b in out["bots"]:
        assert b["seat_hands"] == 24
        lo, hi = b["points_per_hand"]["ci95"]
        assert lo <= b["points_per_hand"]["mean"] <= hi
        assert 0 <= b["win_rate"] <= 1 and 0 <= b["deal_in_rate"] <= 1 and 0 <= b["draw_rate"] <= 1
        for rate in ("win_rate", "deal_in_rate", "draw_rate"):
            lo, hi = b[f"{rate}_ci95"]
            assert 0 <= lo <= b[rate] <= hi <= 1
    # two bots fill four seats: the points are zero-sum between them
    assert strong["total_points"] == -greedy["total_points"]
    (pair,) = out["pairs"]
    assert pair["margin"]["mean"] == pytest.approx(strong["points_per_hand"]["mean"] - greedy["points_per_hand"]["mean"], abs=1e-3)


def test_duplicate_cancels_the_deal_between_identical_bots():
    """Two copies of one deterministic bot, rotated through the seats over each wall, score
    exactly the same: what is left of a margin in a duplicate arena is the bots' doing."""
    out = json_of(run("arena", "--bot", "greedy", "--bot", "greedy", "--games", "6", "--seed", "1", "--duplicate", "--json"))
    a, b = out["bots"]
    assert b["bot"] == "greedy#2"
    assert a["total_points"] == b["total_points"] == 0
    assert out["pairs"][0]["margin"]["mean"] == 0
    plain = json_of(run("arena", "--bot", "greedy", "--bot", "greedy", "--games", "24", "--seed", "1", "--json"))
    assert plain["bots"][0]["total_points"] != 0  # without duplication the deal decides


def test_arena_logs_replay_byte_for_byte(tmp_path):
    logs = tmp_path / "logs"
    json_of(run("arena", "--bot", "greedy", "--bot", "random", "--games", "2", "--duplicate", "--logs", str(logs), "--json"))
    files = sorted(logs.iterdir())
    assert len(files) == 12
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert run("replay", str(path)).exit_code == 0
        events = parse_log(text)
        game = Game.from_header(events[0])
        for ev in events[1:]:
            if ev["e"] in ("discard", "hu", "pass", "chi", "pon", "kan", "ankan", "kakan", "flower"):
                game.step(Action.from_json(ev))
        assert game.log_text() == text


# A bot program whose answer depends only on the request (the example random bot draws from
# an unseeded generator, so its results differ from run to run by design).
LAST_LEGAL_BOT = (
    f"{sys.executable} -c \"import json, sys\nfor line in sys.stdin:\n m = json.loads(line)\n"
    f" if m['type'] == 'request': print(json.dumps({{'index': len(m['legal']) - 1}}), flush=True)\""
)


def test_the_example_random_bot_plays_in_the_arena():
    out = json_of(run("arena", "--bot", RANDOM_BOT, "--bot", "greedy", "--games", "4", "--json"))
    assert out["hands"] == 4 and [b["faults"] for b in out["bots"]] == [0, 0]


def test_a_bot_program_plays_in_the_arena_on_two_workers_with_the_same_results():
    args = ("arena", "--bot", LAST_LEGAL_BOT, "--bot", "greedy", "--games", "6", "--seed", "3", "--json")
    one = json_of(run(*args))
    two = json_of(run(*args, "--workers", "2"))
    assert one == two
    assert [b["faults"] for b in one["bots"]] == [0, 0]


def test_a_faulty_bot_program_is_reported_not_fatal():
    bot = f"{sys.executable} -c \"import sys\nfor line in sys.stdin:\n  print('nonsense', flush=True)\""
    out = json_of(run("arena", "--bot", bot, "--bot", "greedy", "--games", "2", "--json", "--on-fault", "forfeit", "--forfeit-penalty", "5"))
    faulty = out["bots"][0]
    assert faulty["faults"] >= 1 and faulty["forfeits"] >= 1
    assert out["fault_samples"][0]["kind"] == "garbage"


def test_arena_table_and_errors():
    r = run("arena", "--bot", "greedy", "--bot", "random", "--games", "2")
    assert r.exit_code == 0, r.output
    assert "points/hand" in r.output and "margins" in r.output
    r = run("arena", "--bot", "greedy", "--bot", "greedy", "--bot", "greedy", "--bot", "greedy", "--bot", "greedy", "--games", "1")
    assert r.exit_code == 2 and "1 to 4 bots" in r.output
    r = run("arena", "--bot", "/no/such/bot-program", "--games", "1")
    assert r.exit_code == 2 and "cannot start the bot" in r.output
    r = run("arena", "--bot", "ws://localhost:8765", "--bot", "greedy", "--workers", "2", "--games", "1")
    assert r.exit_code == 2 and "websocket" in r.output


def test_a_bot_command_that_cannot_be_read_is_one_line_quoting_it():
    # an unclosed quote used to end the command in shlex's ValueError traceback
    r = run("arena", "--bot", "python3 -c 'print(1)", "--bot", "greedy", "--games", "1")
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert r.output.strip() == "nbmj: error: cannot read the bot command \"python3 -c 'print(1)\": no closing quotation"
    r = run("arena", "--bot", "   ", "--games", "1")
    assert r.exit_code == 2 and "not '   '" in r.output, r.output


@pytest.mark.parametrize(
    "command, said",
    [
        pytest.param("cd /tmp && node bot.js", "'&&'", id="and"),
        pytest.param("node bot.js 2>/tmp/bot.log", "'>'", id="redirection"),
        pytest.param("node bot.js | tee out", "'|'", id="pipe"),
        pytest.param("node $HOME/bot.js", "'$HOME'", id="variable"),
        pytest.param("node ~/bot.js", "'~'", id="home"),
    ],
)
def test_a_bot_command_with_shell_syntax_is_refused_before_any_hand(command, said):
    """The help and the arena page called a bot a "shell command", but no shell runs it: its
    words are split as a shell would and the program started. `cd DIR && node bot.js` then
    failed with "No such file or directory" (of `cd`, unsaid), and a redirection or $HOME
    reached the bot as a literal argument without a word. Shell syntax outside quotes is now
    refused, saying so; inside quotes it is the program's text."""
    r = run("arena", "--bot", command, "--bot", "greedy", "--games", "1")
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert r.output.strip() == (f"nbmj: error: a bot command is not run by a shell: {said} in {command!r} would reach the program"
                                " as it is written; for a redirection, a pipe, && or a variable write sh -c '...'")


def test_a_bot_command_whose_program_is_missing_names_the_program():
    r = run("arena", "--bot", "nodee bot.js", "--bot", "greedy", "--games", "1")
    assert r.exit_code == 2 and r.output.strip() == "nbmj: error: cannot start the bot 'nodee bot.js': no program 'nodee' was found"
    r = run("arena", "--bot", "BOT_DEBUG=1 node bot.js", "--bot", "greedy", "--games", "1")
    assert r.exit_code == 2 and "no program 'BOT_DEBUG=1' was found (a bot command is not run by a shell" in r.output, r.output


def test_shell_syntax_inside_quotes_is_the_programs_text():
    bot = f"{sys.executable} -c \"import json, sys\nfor line in sys.stdin:\n  m = json.loads(line)\n  if m['type'] == 'request': print(json.dumps({{'index': 0, 'note': 'a && b | c > d'}}), flush=True)\""
    out = json_of(run("arena", "--bot", bot, "--bot", "greedy", "--games", "1", "--json"))
    assert out["bots"][0]["faults"] == 0


def test_simulate_has_a_digest_and_refuses_too_many_workers():
    out = json_of(run("simulate", "--games", "5", "--seed", "2", "--bot", "random", "--json"))
    assert len(out["digest"]) == 64 and out["games"] == 5
    r = run("simulate", "--games", "5", "--workers", "4096")
    assert r.exit_code == 2
    assert r.output.strip().startswith("nbmj: error: --workers 4096 is more than") and "Traceback" not in r.output


def test_simulate_logs_every_hand_for_replay_whatever_the_workers(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    a = json_of(run("simulate", "--games", "6", "--seed", "3", "--json", "--logs", str(one)))
    b = json_of(run("simulate", "--games", "6", "--seed", "3", "--json", "--logs", str(two), "--workers", "2"))
    assert a["digest"] == b["digest"]
    logs = sorted(p.name for p in one.iterdir())
    assert logs == [f"hand-{i:07d}.log" for i in range(6)] == sorted(p.name for p in two.iterdir())
    for name in logs:
        assert (one / name).read_text(encoding="utf-8") == (two / name).read_text(encoding="utf-8")
        assert run("replay", str(one / name)).exit_code == 0


@pytest.mark.parametrize("command", [("simulate", "--games", "2"), ("arena", "--bot", "greedy", "--games", "1")])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_log_directory_that_cannot_be_made_is_refused_before_any_hand(tmp_path, command, workers):
    """Found by an outside-in bad-input pass: --logs under a file made each worker's setup
    raise NotADirectoryError: a traceback with one worker, and with two a pool that broke
    three times and said a worker died (out of memory, or killed?)."""
    (tmp_path / "f").write_text("a file")
    logs = tmp_path / "f" / "logs"
    r = run(*command, "--workers", workers, "--logs", str(logs), "--json")
    assert r.exit_code == 2, r.output
    assert r.output.strip() == f"nbmj: error: cannot make the log directory {str(logs)!r}: Not a directory"


# A command started from a background job (a script's `&`, nohup) inherits SIGINT ignored, and
# Python then keeps it ignored; the Ctrl-C tests play the command as a terminal starts it.
_AS_FROM_A_TERMINAL = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "

# The command with its progress bar saying "playing" on stdout at its first hand played.
_SAYS_WHEN_HANDS_ARE_PLAYED = """
import contextlib, sys
import nbmj.cli.arena as commands
from nbmj.cli import main

bar = commands.progress_bar

@contextlib.contextmanager
def saying_bar(label, total):
    with bar(label, total) as advance:
        said = []
        def first_says(n):
            if not said:
                said.append(n)
                print("playing", flush=True)
            advance(n)
        yield first_says

commands.progress_bar = saying_bar
sys.argv[0] = "nbmj"
main()
"""

_INTERRUPTED_WHILE_STARTING = """
import os, signal, sys
from multiprocessing.context import ForkProcess
from nbmj.cli import main

started = []
start = ForkProcess.start

def start_then_signal(self):
    # the signal lands just after the second worker starts, before the pool records it
    start(self)
    started.append(self)
    if len(started) == 2:
        os.kill(os.getpid(), signal.SIG{name})

ForkProcess.start = start_then_signal
sys.argv = ["nbmj", "simulate", "--games", "100000", "--workers", "2", "--json"]
main()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="the pool forks its workers on POSIX")
@pytest.mark.parametrize("name", ["INT", "TERM"])
def test_a_signal_while_a_worker_starts_stops_simulate_and_every_worker(name):
    """A signal landing between a worker's start and the pool's record of it: the run stops
    with its one line and status 130, and no worker is left to keep the command from exiting
    (multiprocessing joins every live child at exit: that worker would hang it)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _AS_FROM_A_TERMINAL + _INTERRUPTED_WHILE_STARTING.replace("{name}", name)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise AssertionError("simulate did not stop") from None
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "interrupted" in err
    left = subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True, text=True).stdout.split()
    assert left == [], f"processes left in the group: {left}"


# concurrent.futures' exit hook (called by threading._shutdown) wakes every pool's manager
# thread by writing to a pipe that the thread closes as it finishes, and it checks "not
# closed" and then writes without a lock (until CPython's gh-125451, in 3.12.8 and 3.13.1): a
# manager thread still finishing as the interpreter exits can close the pipe in between, and the
# hook's traceback (EBADF, or "handle is closed") follows the run's last line. It was seen
# once, on a loaded machine; here the window is held open instead: the manager thread closes
# its pipe late, and the hook pauses between its check and its write.
_EXIT_RACE_HELD_OPEN = """
import time
import concurrent.futures.process as cfp

manager_waits, wakeup = cfp._ExecutorManagerThread.wait_result_broken_or_wakeup, cfp._ThreadWakeup.wakeup

def late_manager(self):
    woken = manager_waits(self)
    if self.is_shutting_down():
        time.sleep(0.2)  # the manager thread slow to wind the pool up, as on a loaded machine
    return woken

def paused_wakeup(self):
    if not cfp._global_shutdown:
        return wakeup(self)
    if not self._closed:  # the exit hook's check and write, a pause between them
        time.sleep(1.0)
        self._writer.send_bytes(b"")

cfp._ExecutorManagerThread.wait_result_broken_or_wakeup, cfp._ThreadWakeup.wakeup = late_manager, paused_wakeup
"""


@pytest.mark.skipif(sys.platform == "win32", reason="the pool forks its workers on POSIX")
@pytest.mark.parametrize("name", ["INT", "TERM"])
def test_a_stopped_pool_has_finished_its_teardown_before_the_command_exits(name):
    """The interrupted run of the test above, with the exit race held open: the pool's
    manager thread has ended (its pipe closed) by the time the command exits, so the exit
    hook has nothing to wake and stderr holds the one line alone. A few runs, a second or so
    each: the race depends on the timing as well as the order."""
    code = _AS_FROM_A_TERMINAL + _EXIT_RACE_HELD_OPEN + _INTERRUPTED_WHILE_STARTING.replace("{name}", name)
    for _ in range(2):
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, start_new_session=True)
        assert proc.returncode == 130, proc.stderr
        assert proc.stderr.split() == "nbmj: interrupted; the run was stopped".split(), proc.stderr


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_stops_simulate_cleanly(sig):
    """As a terminal sends Ctrl-C to the whole process group: one line, status 130, no
    traceback, no worker left behind."""
    workers = "2" if (os.cpu_count() or 1) >= 2 else "1"
    proc = subprocess.Popen(
        [sys.executable, "-c", _AS_FROM_A_TERMINAL + _SAYS_WHEN_HANDS_ARE_PLAYED, "simulate", "--games", "1000000", "--workers", workers, "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    # the signal lands once hands are being played (the run is under way, its handlers set),
    # however long the start took on this machine
    ready, _, _ = select.select([proc.stdout], [], [], 60)
    assert ready and proc.stdout is not None and proc.stdout.readline().strip() == "playing", "simulate did not start"
    os.killpg(proc.pid, sig) if sig == signal.SIGINT else proc.send_signal(sig)
    try:
        out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        raise AssertionError("simulate did not stop")
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "interrupted" in err
    left = subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True, text=True).stdout.split()
    assert left == [], f"processes left in the group: {left}"


@pytest.mark.skipif(sys.platform == "win32", reason="signals to a process group are POSIX")
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_leaves_no_bot_program_behind(workers, tmp_path):
    """Bot programs run in sessions of their own (a Ctrl-C is the arena's to handle), so a
    worker ended by the stopped pool left its bots running: a bot that ignores the end of
    its input ran on for ever. A stopped worker now kills its bots first."""
    bot = tmp_path / "deaf_bot.py"
    bot.write_text(
        "import json, sys, time\n"
        "for line in sys.stdin:\n"
        "    if json.loads(line)['type'] == 'request':\n"
        "        print(json.dumps({'index': 0}), flush=True)\n"
        "while True:\n"
        "    time.sleep(1)  # deaf to the end of its input and to bye\n",
        encoding="utf-8",
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", _AS_FROM_A_TERMINAL + _SAYS_WHEN_HANDS_ARE_PLAYED, "arena", "--bot", f"{sys.executable} {bot}",
         "--bot", "greedy", "--games", "100000", "--workers", workers, "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        assert ready and proc.stdout is not None and proc.stdout.readline().strip() == "playing", "the arena did not start"
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == 130, err
        assert "Traceback" not in err and "interrupted" in err
        deadline = time.monotonic() + 5
        while True:
            left = subprocess.run(["pgrep", "-f", str(bot)], capture_output=True, text=True).stdout.split()
            if not left or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert left == [], f"bot programs left running: {left}"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        for pid in subprocess.run(["pgrep", "-f", str(bot)], capture_output=True, text=True).stdout.split():
            os.kill(int(pid), signal.SIGKILL)  # only this test's own bots, named by its tmp path


@pytest.mark.skipif(sys.platform == "win32", reason="signals to a process group are POSIX")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_stops_a_ray_run_as_it_stops_a_process_run(sig, tmp_path):
    """Issue #45: Ctrl-C (SIGINT to the whole group, as a terminal sends it) or SIGTERM stops
    `--backend ray` with the one line and status 130, as the process backend does, no stack
    dump, nothing left in the group. (Ray's own SIGTERM handlers exited with 15, or dumped a
    stack; a crash at the interpreter's exit could end it with -11.) The signal is sent once
    the run's first hand is logged: Ray is then running its tasks."""
    pytest.importorskip("ray")
    logs = tmp_path / "logs"
    proc = subprocess.Popen(
        [sys.executable, "-c", _AS_FROM_A_TERMINAL + "from nbmj.cli import main; main()", "simulate", "--games", "1000000",
         "--workers", "1", "--backend", "ray", "--json", "--logs", str(logs)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while not (logs.is_dir() and any(logs.iterdir())):
        if proc.poll() is not None or time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            raise AssertionError(f"the Ray run did not start: {proc.communicate()[1][-2000:]}")
        time.sleep(0.2)
    os.killpg(proc.pid, sig) if sig == signal.SIGINT else proc.send_signal(sig)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        raise AssertionError("the Ray run did not stop") from None
    assert proc.returncode == 130, err[-2000:]
    assert "interrupted" in err and "Traceback" not in err and "SIGTERM received" not in err
    # the hands of the chunks Ray had finished, if any (a chunk is a hundred hands)
    assert out == "" or json.loads(out)["interrupted"] == {"after": json.loads(out)["games"], "of": 1000000}
    left = subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True, text=True).stdout.split()
    assert left == [], f"processes left in the group: {left}"


@pytest.mark.parametrize("command", [
    ("arena", "--bot", "/no/such/bot-program", "--games", "1"),
    ("arena", "--bot", "policy:/no/such/policy", "--games", "1"),
    ("dataset", str(ROOT / "examples" / "hand.log"), "-o", "/no/such/dir/out.npz"),
])
def test_an_error_on_a_stderr_that_is_no_terminal_is_its_one_line(command):
    """A progress bar that cannot redraw (stderr a file or a pipe) left a blank line there,
    before the error's line."""
    r = CliRunner().invoke(main, list(command))
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("nbmj: error: ") and r.stderr.count("\n") == 1, repr(r.stderr)


def test_a_run_on_a_stderr_that_is_no_terminal_writes_nothing_there():
    r = CliRunner().invoke(main, ["simulate", "--games", "2", "--bot", "random", "--json"])
    assert r.exit_code == 0, r.output
    assert r.stderr == ""


_STOPPED_AT_THE_SECOND_LOG = """
import sys
import nbmj.engine
from nbmj.cli import main

made = []

class StoppedAtTheSecondLog(nbmj.engine.Game):
    def log_text(self):
        made.append(1)
        if len(made) == 2:
            raise KeyboardInterrupt
        return super().log_text()

nbmj.engine.Game = StoppedAtTheSecondLog
sys.argv[0] = "nbmj"
main()
"""


@pytest.mark.parametrize("command", [("simulate", "--bot", "random"), ("arena", "--bot", "random", "--bot", "greedy")])
def test_a_run_stopped_while_a_log_is_written_leaves_no_log_cut_short(command, tmp_path):
    """Ctrl-C landing while a hand's log is being written: the logs kept are whole ones. The
    log file was opened (made empty) before its text was made, so the stop left an empty
    log behind, which nbmj dataset then refused. (In a process of its own: a process that
    has imported Ray leaves a stopped run by os._exit.)"""
    logs = tmp_path / "logs"
    proc = subprocess.run([sys.executable, "-c", _STOPPED_AT_THE_SECOND_LOG, *command, "--games", "3", "--logs", str(logs)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 130, proc.stderr
    kept = sorted(logs.iterdir())
    assert len(kept) == 1 and kept[0].suffix == ".log", kept
    assert kept[0].read_text(encoding="utf-8").endswith("\n") and len(parse_log(kept[0].read_text(encoding="utf-8"))) > 10


def test_kept_logs_can_be_read_as_any_new_file(tmp_path):
    logs = tmp_path / "logs"
    r = CliRunner().invoke(main, ["simulate", "--bot", "random", "--games", "1", "--logs", str(logs)])
    assert r.exit_code == 0, r.output
    (log,) = logs.iterdir()
    umask = os.umask(0)
    os.umask(umask)
    assert log.stat().st_mode & 0o777 == 0o666 & ~umask


@pytest.mark.parametrize("command", [("simulate", "--bot", "random"), ("arena", "--bot", "random", "--bot", "greedy")])
def test_a_log_directory_holding_an_earlier_runs_logs_is_refused_not_written_over(command, tmp_path):
    """A second run into the same --logs directory wrote over the first's logs (or, were it
    shorter, left the rest of them to mix with its own: nbmj dataset DIR then took both
    runs for one). It is refused before any hand, and the first run's logs are kept."""
    logs = tmp_path / "logs"
    json_of(run(*command, "--games", "3", "--seed", "1", "--json", "--logs", str(logs)))
    before = {p.name: p.read_bytes() for p in logs.iterdir()}
    r = run(*command, "--games", "2", "--seed", "2", "--json", "--logs", str(logs))
    assert r.exit_code == 2, r.output
    first = sorted(before)[0]
    assert r.output.strip() == (f"nbmj: error: the log directory {str(logs)!r} already holds logs this run would write over "
                                f"({first} and 1 more): give a new or empty directory")
    assert {p.name: p.read_bytes() for p in logs.iterdir()} == before
    # other files, and the logs of units the run does not play, are no clash
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("kept")
    last = sorted(before)[-1]
    (other / last).write_bytes(before[last])  # unit 2
    json_of(run(*command, "--games", "2", "--seed", "2", "--json", "--logs", str(other)))
    assert len(list(other.iterdir())) == 4 and (other / last).read_bytes() == before[last]


@pytest.mark.parametrize("command", [("simulate", "--bot", "random"), ("arena", "--bot", "random")])
def test_an_empty_log_directory_name_is_refused_not_read_as_no_logs(command):
    """--logs "$DIR" with DIR unset played the whole run and kept no log, without a word."""
    r = run(*command, "--games", "1", "--logs", "", "--json")
    assert r.exit_code == 2, r.output
    assert r.output.strip() == "nbmj: error: the log directory is an empty name: give --logs a directory"


def test_simulate_says_its_rate_when_a_hand_takes_more_than_a_second(monkeypatch):
    """2 hands in 8 s were '0 hands/s': the rate was rounded to a whole number."""
    import types

    import nbmj.cli.arena as commands

    for seconds, said in ((8.0, "2 hands in 8.00s (0.25 hands/s,"), (0.0001, "2 hands in 0.00s (20000 hands/s,")):
        clock = iter([100.0, 100.0 + seconds])
        monkeypatch.setattr(commands, "time", types.SimpleNamespace(perf_counter=lambda: next(clock)))
        r = run("simulate", "--games", "2", "--bot", "random")
        assert r.exit_code == 0, r.output
        assert said in r.output, r.output


def _ctrl_c_at(monkeypatch, unit: int) -> None:
    """Make the commands' progress callback send SIGINT, as a Ctrl-C would, when the
    ``unit``-th wall or hand is folded in."""
    import contextlib
    import signal as signals

    import nbmj.cli.arena as commands

    @contextlib.contextmanager
    def bar(label, total):
        seen = []

        def advance(n=1):
            seen.append(n)
            if len(seen) == unit:
                signals.raise_signal(signals.SIGINT)

        yield advance

    monkeypatch.setattr(commands, "progress_bar", bar)


@pytest.mark.parametrize("as_json", [False, True], ids=["table", "json"])
def test_an_interrupted_arena_prints_the_walls_it_finished_and_says_so(monkeypatch, as_json, ctrl_c_raises):
    """Ctrl-C after three of forty walls: the results of those three (as a run of three
    would print them), then the one line saying so, and status 130."""
    _ctrl_c_at(monkeypatch, 3)
    args = ["arena", "--bot", "greedy", "--bot", "random", "--games", "40", "--seed", "6"] + (["--json"] if as_json else [])
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 130, result.output
    assert "nbmj: interrupted after 3 of 40 walls; the results above are of those 3" in result.stderr
    if as_json:
        out = json.loads(result.stdout.splitlines()[-1])
        assert out["walls"] == 3 and out["interrupted"] == {"after": 3, "of": 40}
        monkeypatch.undo()
        whole = json_of(run("arena", "--bot", "greedy", "--bot", "random", "--games", "3", "--seed", "6", "--json"))
        assert {k: v for k, v in out.items() if k != "interrupted"} == whole
    else:
        assert "3 walls, 3 hands" in result.stdout and "margins" in result.stdout


def test_an_interrupted_simulation_and_comparison_print_what_they_finished(monkeypatch, ctrl_c_raises):
    _ctrl_c_at(monkeypatch, 5)
    result = CliRunner().invoke(main, ["simulate", "--games", "50", "--bot", "random"])
    assert result.exit_code == 130 and "5 hands, random bots" in result.stdout
    assert "nbmj: interrupted after 5 of 50 hands; the results above are of those 5" in result.stderr
    result = CliRunner().invoke(main, ["compare", "ningbo", "ninghai", "--games", "50", "--bot", "random"])
    assert result.exit_code == 130 and "5 paired hands" in result.stdout
    assert "nbmj: interrupted after 5 of 50 paired hands; the results above are of those 5" in result.stderr


def test_an_interruption_with_nothing_to_report_is_the_one_line(monkeypatch, ctrl_c_raises):
    """One paired hand has no difference to report: the line of a run stopped with nothing."""
    _ctrl_c_at(monkeypatch, 1)
    result = CliRunner().invoke(main, ["compare", "ningbo", "ninghai", "--games", "50", "--bot", "random"])
    assert result.exit_code == 130 and result.stdout == ""
    assert result.stderr.strip() == "nbmj: interrupted; the run was stopped"
