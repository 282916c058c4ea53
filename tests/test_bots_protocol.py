"""The nbmj-bot/1 protocol: what a server sends validates against the shipped schema, a seat
never sees a hidden tile, the smallest bots play, answers are read as the schema says."""

from __future__ import annotations

import json
import re
import shutil
import sys
import threading
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbmj.bots import (
    PROTOCOL,
    BotFault,
    RemoteSeat,
    SubprocessTransport,
    default_action,
    make_seat,
    play_seated_hand,
    queue_pair,
    read_answer,
)
from nbmj.bots.protocol import protocol_schema, seat_view
from nbmj.engine import Action, Game
from nbmj.engine.bots import make_bots, play_hand
from nbmj.rules import compile_text

ROOT = Path(__file__).resolve().parents[1]
RANDOM_BOT = ROOT / "examples" / "random_bot.py"
SCHEMA = protocol_schema()


def validator(definition: str) -> jsonschema.protocols.Validator:
    schema = {"$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{definition}"}
    return jsonschema.Draft202012Validator(schema)


SERVER = validator("server_message")
ANSWER = validator("answer")


class Recording:
    """A transport that keeps every line the server sends through it."""

    def __init__(self, inner):
        self.inner = inner
        self.sent: list[dict] = []

    def send(self, line: str) -> None:
        self.sent.append(json.loads(line))
        self.inner.send(line)

    def receive(self, timeout):
        return self.inner.receive(timeout)

    def close(self) -> None:
        self.inner.close()


def test_the_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def _play_three_hands_as_east(seat):
    """Three seeded hands of ningbo with ``seat`` at East among built-in bots, none faulted."""
    seats = {"E": seat, "S": make_seat("greedy"), "W": make_seat("random"), "N": make_seat("greedy")}
    try:
        for hand in range(3):
            played = play_seated_hand(Game("ningbo", seed=hand), seats, hand)
            assert played.faults == [], played.faults
    finally:
        seat.close()


def test_the_example_random_bot_is_five_lines_and_plays_whole_hands():
    assert len(RANDOM_BOT.read_text().splitlines()) <= 5
    rec = Recording(SubprocessTransport([sys.executable, str(RANDOM_BOT)]))
    _play_three_hands_as_east(RemoteSeat("random_bot.py", rec, time_limit=5.0))
    kinds = [m["type"] for m in rec.sent]
    assert kinds[0] == "hello" and kinds[-1] == "bye"
    assert kinds.count("hello") == kinds.count("end") == 3
    assert kinds.count("request") > 10
    for message in rec.sent:
        SERVER.validate(message)
    hello = rec.sent[0]
    assert hello["protocol"] == PROTOCOL and hello["seat"] == "E" and hello["rules"]["name"] == "ningbo"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_example_javascript_bot_plays_whole_hands():
    """examples/random_bot.js, shown on the Bots page, is a whole bot for node."""
    bot = ROOT / "examples" / "random_bot.js"
    code = bot.read_text().splitlines()[1:]  # after its comment, as the page shows it
    assert len(code) <= 7
    page = (ROOT / "docs" / "bots.rst").read_text()
    assert "\n".join("   " + line for line in code) in page
    rec = Recording(SubprocessTransport(["node", str(bot)]))
    _play_three_hands_as_east(RemoteSeat("random_bot.js", rec, time_limit=5.0))
    assert [m["type"] for m in rec.sent].count("request") > 10


@pytest.mark.parametrize("startup", [float("nan"), float("inf"), -1.0, True, "10", 1e10, 1e300])
def test_a_startup_allowance_that_is_no_number_of_seconds_is_refused(startup):
    """RemoteSeat(startup=...) adds that many seconds to the first request after the bot
    starts: NaN would make the deadline never come, a negative one shorten the limit, and one
    past the platform's longest wait (about 9.2e9 s) end the first request in an OverflowError."""
    from nbmj.errors import NbmjError

    with pytest.raises(NbmjError, match=re.escape(f"startup is a finite number of seconds, at least 0 and at most 1e+09, not {startup!r}")):
        RemoteSeat("bot", lambda: None, startup=startup)
    assert RemoteSeat("bot", lambda: None, startup=0).startup == 0
    assert RemoteSeat("bot", lambda: None, startup=1e9).startup == 1e9


@pytest.mark.parametrize("limit", [float("nan"), float("inf"), 0, -1.0, True, "5", 1e10, 1e300])
def test_a_time_limit_that_is_no_number_of_seconds_is_refused(limit):
    """Found by an outside-in bad-input pass: `nbmj arena --bot PROGRAM --time-limit nan`
    (click's FloatRange lets NaN through) printed 'cannot convert float NaN to integer' from
    the first hello message as a traceback, inf an OverflowError; so did 1e300 (the first wait
    for an answer, past the platform's longest, about 9.2e9 s)."""
    from click.testing import CliRunner

    from nbmj.cli import main
    from nbmj.errors import NbmjError

    with pytest.raises(NbmjError, match=re.escape(f"time_limit is a finite number of seconds above 0 and at most 1e+09, or None, not {limit!r}")):
        RemoteSeat("bot", lambda: None, time_limit=limit)
    for given in ("nan", "1e300"):
        r = CliRunner().invoke(main, ["arena", "--bot", "greedy", "--bot", f"{sys.executable} {RANDOM_BOT}", "--games", "1", "--time-limit", given])
        said = float(given)
        assert r.exit_code == 2 and r.output.strip() == f"nbmj: error: time_limit is a finite number of seconds above 0 and at most 1e+09, or None, not {said!r}"
    assert RemoteSeat("bot", lambda: None, time_limit=1e9).time_limit == 1e9


def test_a_bot_in_the_shell_that_always_answers_index_0_plays():
    """Any language: a shell loop that answers every request with the first legal action."""
    script = 'while read -r line; do case "$line" in *\'"type":"request"\'*) echo \'{"index":0}\';; esac; done'
    seat = RemoteSeat("sh", SubprocessTransport(["sh", "-c", script]), time_limit=5.0)
    seats = {"E": make_seat("greedy"), "S": seat, "W": make_seat("greedy"), "N": make_seat("greedy")}
    try:
        played = play_seated_hand(Game("ninghai", seed=4), seats)
    finally:
        seat.close()
    assert played.faults == []
    s_moves = [e for e in played.game.events if e.get("seat") == "S" and e["e"] in ("discard", "pass", "hu", "pon", "chi", "kan")]
    assert s_moves, "the shell bot made moves"


def _greedy_through_queues(server_end, bot_end, seat_letter: str) -> threading.Thread:
    """A bot thread at the other end of a queue pair: answers with the greedy bot's choice,
    read back from the request alone (observation and legal list in notation)."""
    from nbmj.engine.bots import GreedyBot
    from nbmj.tiles import parse_tile

    bot = GreedyBot()

    def run() -> None:
        while True:
            line = bot_end.receive(None)
            message = json.loads(line)
            if message["type"] == "bye":
                bot_end.close()
                return
            if message["type"] != "request":
                continue
            obs = message["observation"]
            view = {"hand": [parse_tile(t) for t in obs["hand"]], "wilds": [parse_tile(t) for t in obs["wilds"]]}
            legal = [Action.from_json(a) for a in message["legal"]]
            choice = bot(view, legal)
            bot_end.send(json.dumps({"id": message["id"], "index": legal.index(choice)}))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_a_bot_behind_a_queue_transport_plays_as_the_built_in_bot_does():
    """The transport-agnostic seat: a bot reading only protocol messages makes the very moves
    the in-process greedy bot makes, so the hand's log is the same."""
    server_end, bot_end = queue_pair()
    thread = _greedy_through_queues(server_end, bot_end, "W")
    remote = RemoteSeat("queue", server_end, time_limit=10.0)
    seats = {"E": make_seat("greedy"), "S": make_seat("greedy"), "W": remote, "N": make_seat("greedy")}
    played = play_seated_hand(Game("ningbo", seed=11), seats)
    remote.close()
    thread.join(5)
    local = play_seated_hand(Game("ningbo", seed=11), {s: make_seat("greedy") for s in "ESWN"})
    assert played.faults == []
    assert played.game.log_text() == local.game.log_text()


def test_a_seat_sees_no_hidden_tile():
    """Every line sent to E: another seat's deal, draws and replacement draws carry no tile,
    another seat's claim answers are not sent, and E's observation holds only E's hand."""
    server_end, bot_end = queue_pair()
    _greedy_through_queues(server_end, bot_end, "E")
    rec = Recording(server_end)
    remote = RemoteSeat("queue", rec, time_limit=10.0)
    seats = {"E": remote, "S": make_seat("random"), "W": make_seat("random"), "N": make_seat("random")}
    for seed in range(6):
        game = Game("ningbo", seed=seed)
        played = play_seated_hand(game, seats, seed)
        assert played.faults == []
    remote.close()
    for message in rec.sent:
        SERVER.validate(message)
        if message["type"] == "event":
            ev = message["event"]
            if ev.get("seat") not in (None, "E"):
                assert "tiles" not in ev or ev["e"] != "deal"
                if ev["e"] == "draw":
                    assert "tile" not in ev
                if ev["e"] == "bu":
                    assert ev["draw"] in (None, "hidden")
                assert ev["e"] not in ("pass", "chi", "pon", "kan", "hu")
        if message["type"] == "request":
            assert "to_act" not in message["observation"]
            assert message["seat"] == "E"


@pytest.mark.parametrize("variant", ["ningbo", "ninghai", "ningbo-7wild"])
def test_seeded_hands_send_every_observation_field_the_schema_names_and_no_other(variant):
    """Every line sent to a bot at W over six seeded hands validates, and each request's
    observation holds exactly the fields the schema describes, all of them required: a field
    in the schema is a field sent, in the Ningbo and the Ninghai families alike."""
    observation = SCHEMA["$defs"]["observation"]
    assert set(observation["required"]) == set(observation["properties"])
    server_end, bot_end = queue_pair()
    thread = _greedy_through_queues(server_end, bot_end, "W")
    rec = Recording(server_end)
    remote = RemoteSeat("queue", rec, time_limit=10.0)
    seats = {"E": make_seat("random"), "S": make_seat("greedy"), "W": remote, "N": make_seat("random")}
    for seed in range(6):
        assert play_seated_hand(Game(variant, seed=seed), seats, seed).faults == []
    remote.close()
    thread.join(5)
    requests = [m for m in rec.sent if m["type"] == "request"]
    assert len(requests) > 30
    for message in rec.sent:
        SERVER.validate(message)
    for message in requests:
        assert set(message["observation"]) == set(observation["properties"])


def test_the_events_a_seat_sees_hide_exactly_the_hidden_parts():
    game = Game("ningbo", seed=3)
    deal_s = next(e for e in game.events if e["e"] == "deal" and e["seat"] == "S")
    assert seat_view(deal_s, "S") == deal_s
    assert seat_view(deal_s, "E") == {"e": "deal", "seat": "S", "count": 13}
    assert seat_view({"e": "draw", "seat": "W", "tile": "5m", "from": "tail"}, "E") == {"e": "draw", "seat": "W", "from": "tail"}
    assert seat_view({"e": "bu", "seat": "W", "tile": "3f", "draw": "5m"}, "E") == {"e": "bu", "seat": "W", "tile": "3f", "draw": "hidden"}
    assert seat_view({"e": "pass", "seat": "W"}, "E") is None
    assert seat_view({"e": "discard", "seat": "W", "tile": "5m"}, "E") == {"e": "discard", "seat": "W", "tile": "5m"}


LEGAL = [Action("E", "hu"), Action("E", "discard", 4), Action("E", "discard", 9)]


@pytest.mark.parametrize(
    "line, expected",
    [
        pytest.param('{"index": 1}', LEGAL[1], id="index"),
        pytest.param('{"action": {"e": "discard", "seat": "E", "tile": "1p"}}', LEGAL[2], id="action-json"),
        pytest.param('{"action": "E discard 5m"}', LEGAL[1], id="action-text"),
        pytest.param('{"id": 7, "index": 0}', LEGAL[0], id="own-id"),
        pytest.param('{"id": 6, "index": 0}', None, id="late-answer"),
        pytest.param('{"id": true, "index": 0}', None, id="id-not-a-number"),
        pytest.param('{"id": 7.0, "index": 0}', LEGAL[0], id="own-id-as-a-double"),
        pytest.param('{"id": 7e0, "index": 0}', LEGAL[0], id="own-id-with-an-exponent"),
        pytest.param('{"id": 6.0, "index": 0}', None, id="late-answer-as-a-double"),
        pytest.param('{"id": 7.5, "index": 0}', None, id="id-not-whole"),
        pytest.param('{"id": "7", "index": 0}', None, id="id-a-string"),
        pytest.param('{"index": 0, "action": null}', LEGAL[0], id="index-wins"),
        pytest.param('{"id": null, "index": 1, "action": null}', LEGAL[1], id="null-id-is-no-id"),
        pytest.param('{"id": 7, "index": null, "action": "E discard 5m"}', LEGAL[1], id="null-index-is-no-index"),
        pytest.param('{"id": null, "index": null, "action": null}', "garbage", id="all-null"),
        pytest.param('{"index": 3}', "illegal", id="index-out-of-range"),
        pytest.param('{"index": -1}', "illegal", id="negative-index"),
        pytest.param('{"action": "E discard 7s"}', "illegal", id="not-legal"),
        pytest.param('{"action": "S discard 5m"}', "illegal", id="other-seat"),
        pytest.param('{"index": 1.0}', "garbage", id="float-index"),
        pytest.param('{"index": true}', "garbage", id="bool-index"),
        pytest.param("hu", "garbage", id="not-json"),
        pytest.param("[0]", "garbage", id="not-an-object"),
        pytest.param('{"pick": 0}', "garbage", id="no-index-no-action"),
        pytest.param('{"action": {"e": "discard", "seat": "E", "tile": "0x"}}', "garbage", id="bad-tile"),
        pytest.param('{"action": 12}', "garbage", id="action-number"),
        pytest.param("[" * 5000, "garbage", id="deep"),
        pytest.param('{"index": 0, "note": "%s"}' % ("x" * 70000), "garbage", id="too-long"),
        pytest.param('{"index": 0, "note": "%s"}' % ("宁" * 22000), "garbage", id="too-long-in-bytes"),
        pytest.param('{"index": 0, "note": "%s"}' % ("宁" * 21000), LEGAL[0], id="long-but-not-too-long"),
    ],
)
def test_answers_are_read_as_documented(line, expected):
    got = read_answer(line, "E", LEGAL, request=7)
    if isinstance(expected, str):
        assert isinstance(got, BotFault) and got.kind == expected, got
    else:
        assert got == expected


def test_a_line_too_long_is_said_in_bytes_whatever_its_length():
    """The detail used to give the line's length in characters: for a line the transport
    had cut at the limit, always "65537 characters", whatever the bot had sent."""
    from nbmj.bots.protocol import MAX_LINE_BYTES

    for line in ("x" * (MAX_LINE_BYTES + 1), "x" * 200_000, "\x00" * (MAX_LINE_BYTES + 1), "宁" * 30_000):
        got = read_answer(line, "E", LEGAL, request=7)
        assert isinstance(got, BotFault) and got.kind == "garbage"
        assert got.detail == "an answer longer than 65536 bytes (UTF-8)"


def test_a_subprocess_bot_line_too_long_is_garbage_said_in_bytes():
    source = (
        "import sys, json\n"
        "for line in sys.stdin:\n"
        "    if json.loads(line)['type'] == 'request':\n"
        "        sys.stdout.buffer.write(json.dumps({'index': 0, 'note': '宁' * 30000}, ensure_ascii=False).encode() + b'\\n')\n"
        "        sys.stdout.flush()\n"
    )
    remote = RemoteSeat("long", SubprocessTransport([sys.executable, "-c", source], grace=0.5), time_limit=2.0)
    seats = {"E": remote, "S": make_seat("greedy"), "W": make_seat("greedy"), "N": make_seat("greedy")}
    try:
        hand = play_seated_hand(Game("ningbo", seed=1), seats)
    finally:
        remote.close()
    assert hand.faults and {(f.kind, f.detail) for f in hand.faults} <= {
        ("garbage", "an answer longer than 65536 bytes (UTF-8)"), ("dead", "disconnected after 20 faults")}


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["index", "action", "id", "e", "seat", "tile", "x"]), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=1000, deadline=None)
@given(json_values)
def test_any_answer_is_a_legal_action_or_a_fault_and_agrees_with_the_schema(value):
    line = json.dumps(value)
    got = read_answer(line, "E", LEGAL, request=1)
    if isinstance(got, Action):
        assert got in LEGAL
        ANSWER.validate(value)  # whatever the server takes, the schema allows
    else:
        assert got is None or got.kind in ("garbage", "illegal")
    if not ANSWER.is_valid(value):
        assert not isinstance(got, Action)


def test_the_default_move_passes_or_discards_the_drawn_tile():
    assert default_action([Action("S", "pon", 4), Action("S", "pass")], None).kind == "pass"
    legal = [Action("E", "hu"), Action("E", "discard", 4), Action("E", "discard", 9)]
    assert default_action(legal, 9) == legal[2]
    assert default_action(legal, 30) == legal[1]


def _listening_seat() -> tuple[threading.Thread, int, list]:
    """A thread accepting one bot on a free port of 127.0.0.1 (:func:`nbmj.bots.websocket.accept_bot`),
    the port once it listens, and the list the accepted seat is put in."""
    import queue as queue_module

    from nbmj.bots.websocket import accept_bot

    ready: queue_module.Queue[int] = queue_module.Queue()
    accepted: list = []
    thread = threading.Thread(target=lambda: accepted.append(accept_bot("127.0.0.1", 0, timeout=20, ready=ready.put)), daemon=True)
    thread.start()
    return thread, ready.get(timeout=20), accepted


def test_a_websocket_bot_plays_a_hand():
    pytest.importorskip("websockets")
    from websockets.sync.client import connect

    listener, port, accepted = _listening_seat()

    def bot() -> None:
        with connect(f"ws://127.0.0.1:{port}") as ws:
            for text in ws:
                message = json.loads(text)
                if message["type"] == "bye":
                    return
                if message["type"] == "request":
                    ws.send(json.dumps({"index": len(message["legal"]) - 1}))

    bot_thread = threading.Thread(target=bot, daemon=True)
    bot_thread.start()
    listener.join(20)
    remote = RemoteSeat("ws", accepted[0], time_limit=10.0)
    seats = {"E": make_seat("greedy"), "S": make_seat("greedy"), "W": make_seat("greedy"), "N": remote}
    played = play_seated_hand(Game("ningbo", seed=2), seats)
    remote.close()
    bot_thread.join(10)
    assert played.faults == []
    assert not bot_thread.is_alive()


def test_the_strong_bot_plays_every_kind_of_seat_through_the_seat_interface():
    seats = {"E": make_seat("strong"), "S": make_seat("greedy"), "W": make_seat("strong"), "N": make_seat("random")}
    played = play_seated_hand(Game("ningbo-7wild", seed=8), seats)
    assert played.game.is_over and played.faults == []


def test_an_arena_seat_given_as_a_websocket_address_waits_for_its_bot():
    pytest.importorskip("websockets")
    import socket
    import time as clock

    from websockets.sync.client import connect

    from nbmj.arena import run_arena

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    received: list[str] = []

    def bot() -> None:
        for _ in range(200):  # the arena listens once its first hand begins
            try:
                ws = connect(f"ws://127.0.0.1:{port}")
                break
            except OSError:
                clock.sleep(0.05)
        else:
            return
        with ws:
            for text in ws:
                message = json.loads(text)
                received.append(message["type"])
                if message["type"] == "bye":
                    return
                if message["type"] == "request":
                    ws.send(json.dumps({"id": message["id"], "index": 0}))

    # two bots A B fill the table A B A B: the websocket bot holds two seats, so two connect
    threads = [threading.Thread(target=bot, daemon=True) for _ in range(2)]
    for thread in threads:
        thread.start()
    out = run_arena([f"ws://127.0.0.1:{port}", "greedy"], 2, seed=3, time_limit=10.0)
    for thread in threads:
        thread.join(10)
    assert out["hands"] == 2 and out["bots"][0]["faults"] == 0
    assert received.count("hello") == received.count("end") == 4  # 2 hands x 2 seats
    assert received.count("bye") == 2


def test_a_websocket_seat_left_without_a_connection_says_each_seat_needs_its_own():
    """`--bot ws://... --bot greedy` seats the websocket bot twice (A B A B): two
    connections. A bot author who connects once used to read only "no bot connected ...",
    though a bot had connected."""
    pytest.importorskip("websockets")
    import socket

    from websockets.sync.client import connect

    from nbmj.bots.websocket import accept_bot
    from nbmj.errors import NbmjError

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    accepted: list = []
    listening = threading.Event()
    first = threading.Thread(
        target=lambda: accepted.append(accept_bot("127.0.0.1", port, timeout=20, ready=lambda _: listening.set())), daemon=True)
    first.start()
    assert listening.wait(20)
    with connect(f"ws://127.0.0.1:{port}"):
        first.join(20)
        try:
            with pytest.raises(NbmjError) as caught:
                accept_bot("127.0.0.1", port, timeout=0.3)
            assert isinstance(caught.value, TimeoutError)
            assert str(caught.value) == (
                f"no bot connected to ws://127.0.0.1:{port} within 0.3 s for another seat (1 connected for the seats "
                "before it: each seat a websocket bot holds is a connection of its own)")
        finally:
            accepted[0].close()


def test_connections_no_seat_takes_are_bounded_and_close_with_the_listener():
    """Stray connections to a bot listener (a bot started twice, another program) queued
    without bound, each holding the websockets server's threads, and the last seat's close
    never returned: the server's shutdown waited for their handlers, which waited for a seat."""
    pytest.importorskip("websockets")
    import contextlib

    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from nbmj.bots.websocket import PENDING_LIMIT

    seat, port, accepted = _listening_seat()
    with contextlib.ExitStack() as stack:
        stack.enter_context(connect(f"ws://127.0.0.1:{port}", open_timeout=10))
        seat.join(20)
        strays = [stack.enter_context(connect(f"ws://127.0.0.1:{port}", open_timeout=10)) for _ in range(PENDING_LIMIT + 3)]
        refused = []
        for client in strays:
            try:
                client.recv(timeout=0.1)
            except TimeoutError:
                continue  # held for a seat that may still ask
            except ConnectionClosed as closed:
                refused.append(closed.rcvd.code)
        assert refused == [1013] * 3
        closer = threading.Thread(target=accepted[0].close, daemon=True)
        closer.start()
        closer.join(10)
        assert not closer.is_alive(), "closing the last seat hangs"
        for client in strays[:PENDING_LIMIT]:  # the ones no seat took close with the listener
            with pytest.raises(ConnectionClosed):
                client.recv(timeout=10)


def test_seats_transports_and_bots_say_what_they_are():
    # repr() named only the class and an address before
    from nbmj.bots import QueueTransport, RemoteSeat, StrongBot, SubprocessTransport
    from nbmj.bots.fast import FastBot
    from nbmj.bots.plan import Tuning
    from nbmj.rules import load_variant

    ningbo = load_variant("ningbo")
    assert repr(make_seat("greedy")) == "<LocalSeat 'greedy'>"
    end, _other = queue_pair()
    assert repr(end) == "<QueueTransport: open>"
    seat = RemoteSeat("my bot", end, on_fault="forfeit")
    assert repr(seat) == "<RemoteSeat 'my bot': on_fault 'forfeit'; 0 fault(s) this session>"
    seat.dead = True
    assert repr(seat) == "<RemoteSeat 'my bot': on_fault 'forfeit'; dead>"
    program = SubprocessTransport([sys.executable, "-c", "import sys; sys.stdin.read()"])
    try:
        assert repr(program) == f"<SubprocessTransport {[sys.executable, '-c', 'import sys; sys.stdin.read()']!r}: pid {program.pid}>"
    finally:
        program.close()
    assert repr(program).endswith(": closed>")
    assert repr(StrongBot(ningbo, Tuning(budget=50))) == "<StrongBot for 'ningbo'; budget 50>"
    assert repr(StrongBot()) == f"<StrongBot for the observation's variant; budget {Tuning().budget}>"
    assert repr(FastBot(ningbo)) == "<FastBot for 'ningbo'>"
    assert isinstance(end, QueueTransport)


@pytest.mark.parametrize("spec", ["greedy", "python3 my_bot.py"])
@pytest.mark.parametrize("options, fragment", [
    ({"on_fault": "nope"}, "on_fault is one of default, forfeit, not 'nope'"),
    ({"time_limit": -1}, "time_limit is a finite number of seconds above 0 and at most 1e+09, or None, not -1"),
    ({"max_faults": 0}, "max_faults is a whole number, at least 1, not 0"),
    ({"max_faults": "20"}, "max_faults is a whole number, at least 1, not '20'"),
])
def test_make_seat_checks_its_options_whatever_the_spec(spec, options, fragment):
    # a built-in bot's seat took any options unread, a program's any max_faults (a string
    # failed at the bot's first fault, mid-hand)
    from nbmj.errors import NbmjError

    with pytest.raises(NbmjError, match="^" + re.escape(fragment) + "$") as err:
        make_seat(spec, **options)
    assert isinstance(err.value, ValueError)


def test_the_bots_page_says_what_every_action_meld_and_phase_kind_is():
    """Found writing an outside bot from the Bots page alone: it showed ``discard`` and
    ``chi`` actions but never said what ``ankan``, ``kakan`` or ``flower`` are (the schema
    only lists them), which ``kind`` a meld may have, what ``phase`` ``rob`` asks, or that a
    claimed river tile is also in the claimer's meld (counting seen tiles twice)."""
    from typing import get_args

    from nbmj.engine.actions import ACTION_KINDS
    from nbmj.engine.state import MeldKind

    page = (ROOT / "docs" / "bots.rst").read_text()
    request = page[page.index("\n``request``\n"):page.index("\n``end``\n")]
    phases = SCHEMA["$defs"]["observation"]["properties"]["phase"]["enum"]
    for kind in (*ACTION_KINDS, *get_args(MeldKind), *phases):
        assert f"``{kind}``" in request, kind
    assert "``claimed_by``" in request and "``wall_kept``" in request


# a Ningbo child that pays for flowers and kongs as they are laid down: the shipped variants
# pay nothing then, so their hands carry a ``pay`` event only for NB-14.18's rare bonuses
PAYS_AS_LAID = compile_text('variant pays-as-laid extends ningbo "immediate payments"\n'
                            "immediate { flower 1; exposed_kong 2; concealed_kong 4; added_kong 2 }\n")


def _seen_events():
    """Every event of seeded ``ningbo``, ``ninghai`` and ``ningbo-7wild`` hands (and of
    ``PAYS_AS_LAID``) as each seat sees it, played by random bots and by greedy ones."""
    for rules in ("ningbo", "ninghai", "ningbo-7wild", PAYS_AS_LAID):
        for seed, kind in ((seed, kind) for seed in range(6) for kind in ("random", "greedy")):
            game = Game(rules, seed=seed)
            play_hand(game, make_bots(kind, seed))
            for event in game.events:
                for seat in "ESWN":
                    seen = seat_view(event, seat)
                    if seen is not None:
                        yield seen


def _fields(node, defs):
    """The fields a schema object names, each with the fields of the objects under it
    (``None`` for a field whose value is no object of named fields)."""
    if "$ref" in node:
        return _fields(defs[node["$ref"].rsplit("/", 1)[1]], defs)
    if node.get("type") == "array" and "items" in node:
        return _fields(node["items"], defs)
    props = node.get("properties")
    if not props or "additionalProperties" in node and node["additionalProperties"] is not False:
        return None
    return {name: _fields(sub, defs) for name, sub in props.items()}


def _carried(values, into):
    """Add to ``into`` the fields ``values`` (JSON values) carry, nested as :func:`_fields`."""
    for value in values:
        if isinstance(value, list):
            _carried(value, into)
        elif isinstance(value, dict):
            for name, sub in value.items():
                into.setdefault(name, {})
                _carried([sub], into[name])


def _unseen(named, carried, path=""):
    if named is None:
        return []
    return [f"{path}{name}" for name in named if name not in carried] + [
        missing for name in named if name in carried for missing in _unseen(named[name], carried[name], f"{path}{name}.")]


def test_every_event_kind_lists_its_fields_and_each_field_listed_is_sent():
    """The schema gives each event kind its own fields, types and required ones, and refuses
    any other (``additionalProperties`` false); every event a seat is sent in seeded hands
    validates against it, and every field it names is carried by some event (nested ones
    too): the schema describes exactly what is sent."""
    defs = SCHEMA["$defs"]
    event = jsonschema.Draft202012Validator({"$defs": defs, "$ref": "#/$defs/event"})
    by_kind = {}
    for seen in _seen_events():
        errors = sorted(event.iter_errors(seen), key=str)
        assert not errors, (seen, errors[0].message)
        by_kind.setdefault(seen["e"], []).append(seen)
    action_kinds = set(defs["action"]["properties"]["e"]["enum"])
    kinds = {}
    for ref in defs["event"]["oneOf"]:
        name = ref["$ref"].rsplit("/", 1)[1]
        for kind in (action_kinds if name == "action" else {defs[name]["properties"]["e"]["const"]}):
            kinds[kind] = name
    assert set(by_kind) == set(kinds) - {"flower"}  # (flowers are laid down by the player in no shipped variant)
    for name in set(kinds.values()):
        carried = {}
        _carried([ev for kind, evs in by_kind.items() if kinds[kind] == name for ev in evs], carried)
        assert _unseen(_fields(defs[name], defs), carried) == [], name
