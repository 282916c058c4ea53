"""The web table against hostile input and greedy clients (issue #45): every route is fed
hostile codes, names and bodies; every page escapes what it shows and is sent with a
Content-Security-Policy; every bound of :class:`~nbmj.web.limits.Limits` holds; a hand's
log is for the people who played it."""

from __future__ import annotations

import html
import json
import re
import time
from html.parser import HTMLParser
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from nbmj.web.limits import Limits, LimitsError  # noqa: E402
from nbmj.web.server import create_app  # noqa: E402
from nbmj.web.viewer import render_html  # noqa: E402

HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "</script><script>alert(1)</script>",
    "';alert(1)//",
    "{{7*7}}",
    "javascript:alert(1)",
    "\u2028\u2029",
    "\x00",
    "中<b>文</b>",
    "..\\..\\etc\\passwd",
    "A" * 3000,
]


def _client(**limits):
    return TestClient(create_app(time_limit=5.0, pause=0.0, hands=1, limits=Limits(**limits) if limits else None))


def _open(client, humans=1, hands=1):
    r = client.post("/api/tables", json={"humans": humans, "hands": hands})
    assert r.status_code == 201, r.text
    code = r.json()["code"]
    return code, client.post(f"/api/tables/{code}/join").json()["token"]


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, tuple[str, ...]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, tuple(sorted(name for name, _value in attrs))))


def _markup(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """The elements of an HTML page in order, each with the names of its attributes."""
    parser = _Tags()
    parser.feed(text)
    return parser.tags


def _check(response, hostile: str, benign_text: str = "") -> None:
    """What every answer to hostile input must be: no server error, the security headers,
    and the input never back unescaped. ``benign_text``: the same route's answer to a
    harmless input, for input the page's own markup holds (a lone ``&`` or ``"``), which
    cannot be told from a reflection by looking for it."""
    assert response.status_code < 500, response.text
    headers = response.headers
    assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "no-referrer"
    policy = headers["content-security-policy"]
    body = response.text
    if headers["content-type"].startswith("text/html"):
        nonce = re.search(r"script-src 'nonce-([^']+)'", policy).group(1)
        assert "unsafe-inline" not in policy and "default-src 'none'" in policy
        assert all(f'nonce="{nonce}"' in tag for tag in re.findall(r"<(?:script|style)\b[^>]*>", body) if "application/json" not in tag)
        if benign_text:
            # nothing the input holds became markup: the same elements and attributes as
            # the route's answer to a harmless input (a lone "&" or '"' cannot be looked
            # for as text: the page's own entities and attributes hold them)
            assert _markup(body) == _markup(benign_text)
        elif any(c in hostile for c in "<>\"'&"):
            assert hostile not in body
    else:
        assert policy.startswith("default-src 'none'")
        if headers["content-type"].startswith("application/json"):
            json.loads(body)
            assert "<" not in body and ">" not in body  # escaped, inert even if sniffed as HTML


@pytest.mark.parametrize("hostile", HOSTILE, ids=lambda h: repr(h[:20]))
def test_every_route_with_hostile_codes_names_and_bodies(hostile):
    h = quote(hostile, safe="")
    with _client() as client:
        code, token = _open(client)
        for response in (
            client.get(f"/t/{h}"),
            client.get(f"/api/tables/{h}"),
            client.post(f"/api/tables/{h}/join"),
            client.get(f"/api/tables/{h}/logs/1"),
            client.get(f"/api/tables/{code}/logs/{h}", headers={"authorization": f"Bearer {token}"}),
            client.get(f"/api/tables/{code}/logs/1?token={h}"),
            client.get(f"/api/tables/{code}/logs/1", headers={"authorization": f"Bearer {hostile}".encode()}),
            client.post("/api/tables", json={"variant": hostile}),
            client.post("/api/tables", json={"humans": hostile}),
            client.post("/api/tables", json={"hands": [hostile]}),
            client.post("/api/tables", json={"seed": {hostile: hostile}}),
            client.post("/api/tables", content=hostile.encode("utf-8", "surrogatepass")[:4096], headers={"content-type": "application/json"}),
            client.post("/api/tables", content=b"{}", headers={"content-type": hostile.encode("utf-8", "surrogatepass")}),
            client.get(f"/no/such/{h}"),
            client.get("/", headers={"x-forwarded-host": hostile.encode()}),
            client.get(f"/t/{code}?x={h}"),
        ):
            _check(response, hostile)
        # (a code with a '/' in it matches no route: Starlette closes that with 1000)
        for path, code_expected in ((f"/ws/{h}?token={token}", 1000 if "/" in hostile else 4404), (f"/ws/{code}?token={h}", 4404)):
            with pytest.raises(WebSocketDisconnect) as closed:
                with client.websocket_connect(path) as ws:
                    ws.receive_text()
            assert closed.value.code == code_expected
        with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
            ws.send_text(hostile)  # an answer that is no answer: a recorded fault, nothing else
            assert json.loads(ws.receive_text())["type"] == "hello"


@pytest.fixture(scope="module")
def shared_client():
    with _client(rooms_per_client=1000, max_rooms=1000) as client:
        yield client


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(code=st.text(min_size=1, max_size=40), body=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)))
@example(code="&", body=b"")  # the page's own entities hold it: not a reflection
@example(code="0&", body=b"")  # and its escaped reflection ("0&amp;")
@example(code='"', body=b"")  # and its own attributes
@example(code='"><script>alert(1)</script>', body=b"{")
def test_fuzzed_codes_and_bodies_never_break_a_route(shared_client, code, body):
    """Random text as a room code on every route that takes one, random bytes as a body:
    an answer below 500, with the security headers, every time."""
    def answers(h: str, body: bytes) -> list[Any]:
        return [
            shared_client.get(f"/t/{h}"),
            shared_client.get(f"/api/tables/{h}"),
            shared_client.post(f"/api/tables/{h}/join", content=body),
            shared_client.get(f"/api/tables/{h}/logs/{h}"),
            shared_client.post("/api/tables", content=body, headers={"content-type": "application/json"}),
        ]

    benign = answers("NOSUCH", b"")
    for response, harmless in zip(answers(quote(code, safe=""), body), benign):
        _check(response, code, harmless.text)


def test_the_unknown_table_page_shows_the_code_escaped():
    """The reflected XSS of the issue: /t/<code> for an unknown code."""
    with _client() as client:
        r = client.get("/t/" + quote("<img src=x onerror=alert(document.domain)>", safe=""))
        assert r.status_code == 404
        assert "&lt;img src=x onerror=alert(document.domain)&gt;" in r.text and "<img" not in r.text


def test_pages_are_templates_with_their_nonce():
    with _client() as client:
        code, _ = _open(client)
        for path in ("/", f"/t/{code}", "/t/NOSUCH"):
            r = client.get(path)
            nonce = re.search(r"'nonce-([^']+)'", r.headers["content-security-policy"]).group(1)
            tags = re.findall(r"<(script|style)([^>]*)>", r.text)
            assert tags and all(f'nonce="{nonce}"' in attrs for _, attrs in tags)
            assert "{{" not in r.text and "style=" not in r.text  # no inline style attribute the policy would block
        first, second = (re.search(r"nonce-([^']+)", client.get("/").headers["content-security-policy"]).group(1) for _ in range(2))
        assert first != second  # a nonce per response


def test_a_replay_page_of_a_hostile_log_runs_only_its_own_script():
    from nbmj.engine import Game, make_bots, play_hand

    game = Game("ningbo", seed=3)
    play_hand(game, make_bots("random"))
    lines = game.log_text().splitlines()
    header = json.loads(lines[0])
    header["note"] = "</script><script>alert(1)</script>\u2028"  # an extra header field is carried, not run
    page = render_html("\n".join([json.dumps(header)] + lines[1:]))
    assert "</script><script>alert(1)" not in page and "\u2028" not in page
    policy = html.unescape(re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1))
    nonce = re.search(r"'nonce-([^']+)'", policy).group(1)
    assert "default-src 'none'" in policy
    assert all(f'nonce="{nonce}"' in attrs for attrs in re.findall(r"<script([^>]*)>", page) if "application/json" not in attrs)


# ---------------------------------------------------------------- the bounds


def test_rooms_are_bounded_per_client_and_in_all():
    with _client(rooms_per_client=2, max_rooms=3) as client:
        _open(client)
        _open(client)
        r = client.post("/api/tables", json={"humans": 1})
        assert r.status_code == 429 and "the most one client may have" in r.json()["error"]
        assert "最多" in r.json()["error_zh"]  # the Chinese lobby says it in Chinese
    with _client(rooms_per_client=10, max_rooms=2) as client:
        (code, token), _ = _open(client), _open(client)
        r = client.post("/api/tables", json={"humans": 1})
        assert r.status_code == 429 and "as many as it may" in r.json()["error"]
        assert "不能再开" in r.json()["error_zh"]
        with client.websocket_connect(f"/ws/{code}?token={token}") as ws:  # finish one: it makes way
            _play_out(ws)
        _wait(lambda: client.get(f"/api/tables/{code}").json()["state"] == "over")
        assert client.post("/api/tables", json={"humans": 1}).status_code == 201
        assert client.get(f"/api/tables/{code}").status_code == 404  # the finished one went


def test_seat_connections_are_bounded_per_client():
    with _client(sockets_per_client=1) as client:
        code, token = _open(client, humans=2)
        other = client.post(f"/api/tables/{code}/join").json()["token"]
        with client.websocket_connect(f"/ws/{code}?token={token}"):
            with pytest.raises(WebSocketDisconnect) as closed:
                with client.websocket_connect(f"/ws/{code}?token={other}") as ws:
                    ws.receive_text()
            assert closed.value.code == 4429


@pytest.mark.parametrize(
    "send, code",
    [
        (lambda ws: ws.send_bytes(b"\x00binary"), 1003),
        (lambda ws: ws.send_text("x" * 65), 1009),
        (lambda ws: ws.send_text("中" * 30), 1009),  # 90 bytes of UTF-8 in 30 characters
        (lambda ws: [ws.send_text("{}") for _ in range(40)], 1008),
    ],
    ids=["binary", "too large", "too large in bytes", "a flood"],
)
def test_a_connection_that_breaks_a_bound_is_closed_with_its_code(send, code):
    # a two-person table with one person connected: the match waits, so nothing is read
    with _client(max_message=64) as client:
        table, token = _open(client, humans=2)
        with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
            send(ws)
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    ws.receive_text()
            assert closed.value.code == code
        assert client.get(f"/api/tables/{table}").json()["state"] == "waiting"  # and nothing else changed


def test_an_idle_seat_is_disconnected_and_its_bot_plays_on():
    app = create_app(time_limit=0.2, pause=0.0, hands=1, limits=Limits(idle_moves=2))
    with TestClient(app) as client:
        code, token = _open(client)
        with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
            requests = 0
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    requests += json.loads(ws.receive_text())["type"] == "request"
            assert closed.value.code == 4408 and requests == 2
        _wait(lambda: client.get(f"/api/tables/{code}").json()["state"] == "over")
        assert client.get(f"/api/tables/{code}").json()["played"] == 1


def test_a_room_that_waits_too_long_starts_with_bots_or_closes():
    with _client(wait_limit=0.4, keep_finished=0.6) as client:
        empty, _ = _open(client, humans=2)
        half, token = _open(client, humans=2)
        with client.websocket_connect(f"/ws/{half}?token={token}") as ws:
            assert json.loads(ws.receive_text())["type"] == "hello"  # S never came: its bot plays
        _wait(lambda: client.get(f"/api/tables/{empty}").status_code == 404)  # no one came: closed
        _wait(lambda: client.get(f"/api/tables/{half}").status_code == 404)  # over, then dropped


def test_a_hand_log_is_for_the_people_who_sat_at_the_table():
    with _client() as client:
        code, token = _open(client)
        other_code, other_token = _open(client)
        with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
            _play_out(ws)
        url = f"/api/tables/{code}/logs/1"
        assert client.get(url).status_code == 403  # the room code alone is not enough
        assert client.get(url, headers={"authorization": f"Bearer {other_token}"}).status_code == 403
        assert client.get(url, headers={"authorization": f"Bearer {token}"}).status_code == 200
        assert client.get(f"{url}?token={token}").text.startswith('{"format":"nbmj-log/1"')
        # hand numbers that name no hand: "²" (a digit to str.isdigit, no number to int) and a
        # number of 5,000 digits (past int's limit) were each a server error
        for n in ("²", "١", "1" * 5000, "0", "2", "-1", "1.0"):
            r = client.get(f"/api/tables/{code}/logs/{quote(n)}", headers={"authorization": f"Bearer {token}"})
            assert r.status_code == 404 and "there is no hand" in r.json()["error"], (n[:8], r.status_code)


def test_limits_are_positive_numbers():
    for bad in (0, -1, "5", True, float("nan")):
        with pytest.raises(LimitsError, match=f"max_rooms is a positive number, not {re.escape(repr(bad))}"):
            Limits(max_rooms=bad)


def _play_out(ws):
    """Answer every request with its first legal action until the session's ``bye``."""
    while (m := json.loads(ws.receive_text()))["type"] != "bye":
        if m["type"] == "request":
            ws.send_text(json.dumps({"id": m["id"], "index": 0}))


def _wait(condition, timeout=20.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_lines_for_a_browser_that_does_not_read_are_bounded():
    """The channel's outbox holds at most OUTBOX_LIMIT lines: one more ends the channel
    with 1008, and the game's next send finds it closed."""
    import asyncio

    from nbmj.bots.transport import TransportClosed
    from nbmj.web.channel import CLOSE_POLICY, OUTBOX_LIMIT, SeatChannel

    async def main() -> tuple[SeatChannel, int]:
        channel = SeatChannel(asyncio.get_running_loop())
        line = "x" * 400
        for _ in range(OUTBOX_LIMIT + 1):  # the browser reads none of them
            channel.game_end.send(line)
        await asyncio.sleep(0.05)  # the loop takes them in
        queued = channel._outbox.qsize()
        with pytest.raises(TransportClosed):
            channel.game_end.send(line)
        return channel, queued

    channel, queued = asyncio.run(main())
    assert channel.closed_code == CLOSE_POLICY and channel.closed_reason == "messages not read"
    assert queued <= OUTBOX_LIMIT + 1  # (the lines queued, and the end marker)
