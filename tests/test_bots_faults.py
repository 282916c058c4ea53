"""Bad bots: every timeout, garbage answer, illegal answer and death ends in the documented
outcome (a default move and a recorded fault, or a forfeit), never a crash or a hang."""

from __future__ import annotations

import sys
import time

import pytest

from nbmj.bots import RemoteSeat, SubprocessTransport, make_seat, play_seated_hand
from nbmj.bots.protocol import FAULT_KINDS
from nbmj.engine import Game

# Each bot is a Python program given to `python -c`; it reads the protocol on stdin.
ANSWER_EACH_REQUEST = """
import sys, json
n = 0
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] != "request":
        continue
    n += 1
    {body}
"""

BAD_BOTS = {
    "silent": ("import sys\nfor line in sys.stdin: pass", "timeout"),
    "garbage": (ANSWER_EACH_REQUEST.format(body='print("take the 5m please", flush=True)'), "garbage"),
    "bad-utf8": (ANSWER_EACH_REQUEST.format(body='sys.stdout.buffer.write(b"\\xff\\xfe{\\n"); sys.stdout.flush()'), "garbage"),
    "index-out-of-range": (ANSWER_EACH_REQUEST.format(body='print(json.dumps({"index": len(m["legal"])}), flush=True)'), "illegal"),
    "other-seat": (ANSWER_EACH_REQUEST.format(body='print(json.dumps({"action": {"e": "pass", "seat": "N" if m["seat"] != "N" else "E"}}), flush=True)'), "illegal"),
    "huge-line": (ANSWER_EACH_REQUEST.format(body='sys.stdout.write("x" * 200000); sys.stdout.flush()'), "garbage"),
    "exits-at-once": ("import sys\nsys.exit(3)", "dead"),
    "dies-mid-hand": (ANSWER_EACH_REQUEST.format(body='print(json.dumps({"index": 0}), flush=True)\n    if n == 3: sys.exit(1)'), "dead"),
    "never-reads": ("import time\ntime.sleep(60)", "timeout"),
    "floods": ("import sys\nwhile True: sys.stdout.write('{\"index\": 0}\\n' * 100)", None),
}


def run_bad_bot(source: str, on_fault: str = "default", hands: int = 1, time_limit: float = 0.15):
    remote = RemoteSeat("bad", SubprocessTransport([sys.executable, "-c", source], grace=0.5), time_limit=time_limit, on_fault=on_fault)
    seats = {"E": make_seat("greedy"), "S": remote, "W": make_seat("greedy"), "N": make_seat("greedy")}
    played = []
    t0 = time.monotonic()
    try:
        for hand in range(hands):
            played.append(play_seated_hand(Game("ningbo", seed=hand + 5), seats, hand))
    finally:
        remote.close()
    return played, remote, time.monotonic() - t0


@pytest.mark.parametrize("name", list(BAD_BOTS))
def test_a_bad_bot_gets_its_documented_outcome(name):
    source, kind = BAD_BOTS[name]
    played, remote, elapsed = run_bad_bot(source)
    hand = played[0]
    assert hand.result.outcome in ("win", "draw")
    assert hand.game.is_over
    kinds = {f.kind for f in hand.faults}
    assert kinds <= set(FAULT_KINDS)
    if kind is not None:
        assert kind in kinds, hand.faults
    if kind == "dead":
        assert [f.kind for f in hand.faults].count("dead") == 1
    assert all(f.seat == "S" for f in hand.faults)
    # the log is a legal hand: it replays to the same end
    states = list(Game.replay(hand.game.log_text()))
    assert states[-1]["result"] == hand.result.to_json()
    assert elapsed < 30, f"{name} took {elapsed:.1f}s"


def test_a_dead_bot_is_not_asked_again_and_its_seat_plays_default_moves():
    source, _ = BAD_BOTS["exits-at-once"]
    played, remote, _ = run_bad_bot(source, hands=2)
    assert remote.dead
    assert [f.kind for f in played[0].faults] == ["dead"]
    assert played[1].faults == []  # already dead: nothing new to record


def test_too_many_faults_disconnect_the_bot():
    source, _ = BAD_BOTS["garbage"]
    remote = RemoteSeat("bad", SubprocessTransport([sys.executable, "-c", source]), time_limit=1.0, max_faults=4)
    seats = {"E": remote, "S": make_seat("greedy"), "W": make_seat("greedy"), "N": make_seat("greedy")}
    try:
        hand = play_seated_hand(Game("ningbo", seed=1), seats)
    finally:
        remote.close()
    kinds = [f.kind for f in hand.faults]
    assert kinds[:4] == ["garbage"] * 4 and kinds[4:] == ["dead"]
    assert "disconnected after 4 faults" in hand.faults[-1].detail


def test_forfeit_makes_the_faulty_seat_pay_the_penalty_to_each_other_seat():
    source, _ = BAD_BOTS["garbage"]
    played, remote, _ = run_bad_bot(source, on_fault="forfeit")
    hand = played[0]
    assert hand.forfeits == ["S"]
    assert len(hand.faults) == 1  # forfeited at the first fault, never asked again that hand
    assert hand.deltas(10) == {"E": 10, "S": -30, "W": 10, "N": 10}


def test_a_fuzzing_bot_never_breaks_the_server():
    """A bot that answers each request with one of many kinds of nonsense (or a good answer),
    chosen by a seeded random draw: four hands finish and every fault is a known kind."""
    source = ANSWER_EACH_REQUEST.format(
        body="""import random
    r = random.Random(n)
    k = len(m["legal"])
    pick = r.choice([
        json.dumps({"index": r.randrange(k)}),
        json.dumps({"index": r.randrange(-3, k + 3)}),
        json.dumps({"action": m["legal"][r.randrange(k)]}),
        json.dumps({"action": {"e": r.choice(["discard", "chi", "zz"]), "seat": m["seat"], "tile": r.choice(["5m", "9z", 7])}}),
        json.dumps({"action": "%s discard 1m" % m["seat"]}),
        json.dumps([1, 2]), "", "{", "null", '{"index": "0"}', "\\u00e9" * 3,
        json.dumps({"id": n - 1, "index": 0}),
    ])
    print(pick, flush=True)"""
    )
    played, remote, elapsed = run_bad_bot(source, hands=4, time_limit=0.3)
    for hand in played:
        assert hand.game.is_over
        assert {f.kind for f in hand.faults} <= set(FAULT_KINDS)
        # the bot never exits: a "dead" fault can only be the disconnection after max_faults
        assert all("disconnected after" in f.detail for f in hand.faults if f.kind == "dead")
    assert sum(len(h.faults) for h in played) > 0


def test_a_bot_that_floods_its_output_holds_a_bounded_part_of_the_servers_memory(tmp_path):
    """Lines a bot writes that nobody has asked for wait in the bot's pipe, not in the
    server: the reader stops taking them once a few hundred are queued, so the bot's writes
    block. (The reader used to queue them without bound: one bot writing long lines between
    requests grew the arena past 1.5 GB in 15 s.)"""
    written = tmp_path / "written"
    source = (
        "import sys\n"
        f"out = open({str(written)!r}, 'w')\n"
        "line = '{\"id\": 0, \"pad\": \"' + 'y' * 1000 + '\"}\\n'\n"
        "n = 0\n"
        "while True:\n"
        "    sys.stdout.write(line); sys.stdout.flush(); n += 1\n"
        "    out.seek(0); out.write('%d ' % n); out.flush()\n"
    )
    transport = SubprocessTransport([sys.executable, "-c", source], grace=0.2)
    try:
        time.sleep(1.5)
        first = int(written.read_text().split()[0])
        time.sleep(0.5)
        # the bot is blocked: it wrote what the pipe and the reader's queue hold, no more
        assert int(written.read_text().split()[0]) == first
        assert first < 2000, first
        # and what it wrote before blocking is still read in order
        assert transport.receive(1.0).startswith('{"id": 0')
    finally:
        transport.close()


def test_a_timeout_says_when_the_bot_answered_with_another_id():
    """A bot that echoes the id as a string ("id": "1") answers at once, but every answer is
    dropped as naming another request; the timeout used to say only "no answer within ...",
    which sent its author looking for a slow bot."""
    source = ANSWER_EACH_REQUEST.format(body='print(json.dumps({"index": 0, "id": str(m["id"])}), flush=True)')
    played, remote, _ = run_bad_bot(source)
    first = played[0].faults[0]
    assert first.kind == "timeout"
    assert first.detail == "no answer within 0.15 s (an answer whose id is not 1 was dropped: '{\"index\": 0, \"id\": \"1\"}')"


def test_a_bot_that_exits_mid_hand_is_said_to_have_exited_with_its_status():
    """The reader sees the bot's output close a moment before the process can be seen to
    have ended: the fault used to say "closed its output" for a bot that had exited."""
    source, _ = BAD_BOTS["dies-mid-hand"]
    played, remote, _ = run_bad_bot(source)
    dead = [f for f in played[0].faults if f.kind == "dead"]
    assert len(dead) == 1 and dead[0].detail.endswith("exited with status 1"), dead


def test_a_bot_that_crashes_is_said_to_have_exited_with_the_last_line_of_its_stderr():
    """A bot program with a bug dies with a traceback on its stderr, which the server used to
    discard: its author read only "exited with status 1". The fault now ends with the
    traceback's last line, the exception."""
    source = ANSWER_EACH_REQUEST.format(body='print(m["legals"])')
    played, remote, _ = run_bad_bot(source)
    dead = [f for f in played[0].faults if f.kind == "dead"]
    assert len(dead) == 1
    assert dead[0].detail.endswith("exited with status 1; the last line of its standard error: \"KeyError: 'legals'\""), dead


def test_a_bot_that_writes_much_on_stderr_is_never_blocked_by_it():
    source = ANSWER_EACH_REQUEST.format(body='sys.stderr.write("x" * 300000 + "\\n"); sys.stderr.flush(); print(json.dumps({"index": 0}), flush=True)')
    played, remote, _ = run_bad_bot(source, time_limit=2.0)
    assert played[0].faults == []


def test_a_bot_whose_output_starts_with_a_byte_order_mark_is_read_as_it_means():
    """Some runtimes (a .NET console set to UTF-8, a Windows editor's template) start their
    output with a byte-order mark: the bot's first answer used to be garbage ('not JSON:
    '\\ufeff{"index": 0}''). Windows line ends (CRLF) are read too."""
    source = ANSWER_EACH_REQUEST.format(
        body='sys.stdout.buffer.write((b"\\xef\\xbb\\xbf" if n == 1 else b"") + json.dumps({"index": 0}).encode() + b"\\r\\n"); sys.stdout.flush()')
    played, remote, _ = run_bad_bot(source, time_limit=2.0)
    assert played[0].faults == []
    assert remote._request > 1


NODE_CRASH = """/bots/bot.js:44
  if (n === 3) throw new TypeError('boom');
               ^

TypeError: boom
    at answer (/bots/bot.js:44:16)
    at Interface.<anonymous> (/bots/bot.js:61:31)
    at Interface.emit (node:events:518:28) {
  code: 'E_BOOM'
}

Node.js v20.11.1
"""

JAVA_CRASH = """Exception in thread "main" java.lang.IllegalStateException: boom
\tat Bot.choose(Bot.java:80)
\tat Bot.main(Bot.java:44)
Caused by: java.lang.ArithmeticException: / by zero
\tat Bot.count(Bot.java:90)
\t... 2 more
"""


@pytest.mark.parametrize(
    "trace, said",
    [
        pytest.param(NODE_CRASH, "TypeError: boom", id="node"),
        pytest.param(JAVA_CRASH, "Caused by: java.lang.ArithmeticException: / by zero", id="java"),
    ],
)
def test_a_crash_in_another_language_is_said_with_its_exception_not_its_last_frame(trace, said):
    """A node or Java bot that crashes ends its stderr with stack frames (node adds its
    version): the fault used to quote that last line ('Node.js v20.11.1', '\\tat
    Bot.main(Bot.java:44)'), which says nothing of the crash. It now quotes the last line
    that is no frame."""
    source = ANSWER_EACH_REQUEST.format(body="print(json.dumps({'index': 0}), flush=True)\n    if n == 3: sys.stderr.write(%r); sys.exit(1)" % trace)
    played, remote, _ = run_bad_bot(source)
    dead = [f for f in played[0].faults if f.kind == "dead"]
    assert len(dead) == 1
    assert dead[0].detail.endswith(f"exited with status 1; the last line of its standard error, a stack trace's frames skipped: {said!r}"), dead


def test_a_bot_programs_start_does_not_count_against_its_first_answer():
    """The clock of the first request ran from the moment the program was started: a node or
    Java bot (a runtime to start, classes to load) under a tight --time-limit timed out on
    its first request every session. A seat that starts its program (a factory, as the
    arena's) now allows ``startup`` seconds more for that request, and only for it."""
    source = "import time\ntime.sleep(0.6)\n" + ANSWER_EACH_REQUEST.format(body='print(json.dumps({"index": 0}), flush=True)')
    remote = RemoteSeat("slow start", lambda: SubprocessTransport([sys.executable, "-c", source], grace=0.5), time_limit=0.3, startup=2.0)
    seats = {"E": remote, "S": make_seat("greedy"), "W": make_seat("greedy"), "N": make_seat("greedy")}
    try:
        hand = play_seated_hand(Game("ningbo", seed=1), seats)
    finally:
        remote.close()
    assert hand.faults == []
    # a bot that never answers times out on its first request after both allowances, said so
    silent, _ = BAD_BOTS["silent"]
    remote = RemoteSeat("silent", lambda: SubprocessTransport([sys.executable, "-c", silent], grace=0.5), time_limit=0.1, startup=0.3)
    seats["E"] = remote
    try:
        hand = play_seated_hand(Game("ningbo", seed=1), seats)
    finally:
        remote.close()
    assert hand.faults[0].detail == "no answer within 0.4 s (the first request since the bot started: 0.1 s and 0.3 s to start)"
    assert hand.faults[1].detail == "no answer within 0.1 s"
