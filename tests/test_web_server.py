"""The web table (``nbmj serve``) at the protocol level: an ASGI test client plays whole
hands over the seat websocket, exactly as a browser does."""

from __future__ import annotations

import json
import re
import time
from importlib import resources

import pytest

pytest.importorskip("starlette")
jsonschema = pytest.importorskip("jsonschema")

from starlette.testclient import TestClient  # noqa: E402

from nbmj.bots.protocol import protocol_schema  # noqa: E402
from nbmj.engine import Action, Game  # noqa: E402
from nbmj.engine.actions import ACTION_KINDS  # noqa: E402
from nbmj.web.server import create_app  # noqa: E402

SCHEMA = protocol_schema()
SERVER_MESSAGE = jsonschema.validators.validator_for(SCHEMA)({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/server_message"})


def _client(**settings):
    settings.setdefault("time_limit", 5.0)
    settings.setdefault("pause", 0.0)
    return TestClient(create_app(**settings))


def _open(client, **body):
    body.setdefault("humans", 1)
    body.setdefault("hands", 1)
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    code = r.json()["code"]
    ticket = client.post(f"/api/tables/{code}/join").json()
    return code, ticket


def _bearer(ticket):
    return {"authorization": f"Bearer {ticket['token']}"}


def _log(client, code, ticket, hand=1):
    """Hand ``hand``'s log, fetched with the seat's token (a log is for the people who played)."""
    r = client.get(f"/api/tables/{code}/logs/{hand}", headers=_bearer(ticket))
    assert r.status_code == 200, r.text
    return r.text


def _play(ws, choose, limit=2000):
    """Answer every request with ``choose(message)`` until the session's ``bye``."""
    seen = []
    for _ in range(limit):
        message = json.loads(ws.receive_text())
        SERVER_MESSAGE.validate(message)
        seen.append(message)
        if message["type"] == "request":
            ws.send_text(json.dumps(choose(message)))
        if message["type"] == "bye":
            return seen
    raise AssertionError("the session did not end")


def _replayed_log(served: str) -> str:
    """The engine's own log for the served hand's seed, dealer and actions."""
    lines = [json.loads(x) for x in served.splitlines()]
    game = Game.from_header(lines[0])
    for ev in lines[1:]:
        if ev["e"] in ACTION_KINDS:
            game.step(Action.from_json(ev))
    return game.log_text()


def test_a_person_plays_a_whole_hand_over_the_websocket():
    with _client() as client:
        code, ticket = _open(client, variant="ningbo")
        assert ticket["seat"] == "E"
        with client.websocket_connect(f"/ws/{code}?token={ticket['token']}") as ws:
            seen = _play(ws, lambda m: {"index": 0, "id": m["id"]})
        kinds = [m["type"] for m in seen]
        assert kinds[0] == "hello" and kinds[-2:] == ["end", "bye"] and "request" in kinds
        # No hidden tile reaches the person: other seats' deals and draws carry no tiles.
        for m in seen:
            if m["type"] == "event" and m["event"].get("seat") not in (None, "E"):
                assert m["event"]["e"] != "deal" or "tiles" not in m["event"]
                assert m["event"]["e"] != "draw" or "tile" not in m["event"]
        end = seen[-2]["settlement"]
        for winner in end["winners"]:
            assert winner["explained"], "every win is explained item by item"
            assert winner["reading"] and all(len(g["tiles"]) == len(g["wild"]) for g in winner["reading"])
            assert all({"name", "label", "value", "rule"} <= set(item) for item in winner["explained"])
        summary = client.get(f"/api/tables/{code}").json()
        assert summary["played"] == 1
        served = _log(client, code, ticket)
        assert _replayed_log(served) == served
        assert list(Game.replay(served))  # and it replays event by event
        assert sum(end["deltas"].values()) == 0 and summary["scores"] == end["deltas"]
        # and why the points moved: every seat's change a sum of named terms with their rules,
        # in both languages (the model the terminal and the replay viewer draw too)
        explained = end["explanation"]
        assert explained["deltas"] == end["deltas"]
        for seat, lines in explained["seats"].items():
            assert sum(line["change"] for line in lines) == end["deltas"][seat]
            assert all(line["rule"] and line["text"]["en"] and line["text"]["zh"] for line in lines)
        for win in explained["wins"]:
            assert win["steps"] and all(step["rule"] for step in win["steps"])


def test_a_seed_given_when_the_table_opens_fixes_its_deals():
    logs = []
    with _client() as client:
        for seed in (5, 5, 6):
            code, ticket = _open(client, variant="ningbo", seed=seed)
            with client.websocket_connect(f"/ws/{code}?token={ticket['token']}") as ws:
                _play(ws, lambda m: {"index": 0, "id": m["id"]})
            logs.append(_log(client, code, ticket))
    # the same answers: the same hand from the same seed, another from another
    assert logs[0] == logs[1] and logs[0] != logs[2]
    # with another person at the table, whoever chose the seed could deal every hand at
    # home and know their tiles: a seed is refused there (it was taken)
    with _client() as client:
        for humans in (2, 4):
            r = client.post("/api/tables", json={"humans": humans, "seed": 5})
            assert r.status_code == 400, r.text
            assert r.json()["error"] == f"a seed fixes every deal, so only a table for one person takes one, not a table for {humans}"


def test_forged_and_illegal_answers_change_nothing_but_a_recorded_fault():
    bad_answers = iter(
        [
            {"action": {"e": "discard", "seat": "S", "tile": "1m"}},  # another seat's move
            {"index": 999},  # not on the list
            "not json at all",
            {"action": "E discard 9z"},  # a tile that does not exist
        ]
    )

    def choose(message):
        bad = next(bad_answers, None)
        if bad is None:
            return {"index": len(message["legal"]) - 1, "id": message["id"]}
        return bad

    with _client() as client:
        # a fixed deal: each fault plays the seat's default move, and a deal drawn at
        # random could end the hand before the person was asked four times
        code, ticket = _open(client, variant="ninghai", seed=11)
        with client.websocket_connect(f"/ws/{code}?token={ticket['token']}") as ws:
            sent = []
            for _ in range(4000):
                message = json.loads(ws.receive_text())
                sent.append(message)
                if message["type"] == "request":
                    answer = choose(message)
                    ws.send_text(answer if isinstance(answer, str) else json.dumps(answer))
                if message["type"] == "bye":
                    break
        end = [m for m in sent if m["type"] == "end"][0]
        assert [f["kind"] for f in end["faults"]] == ["illegal", "illegal", "garbage", "garbage"]
        served = _log(client, code, ticket)
        assert _replayed_log(served) == served  # the hand stayed a legal hand of the variant


def test_the_end_of_a_hand_lists_the_faults_of_every_connection_the_person_had_in_it():
    """A person who moved to a second connection mid-hand (another tab, a reconnect) was
    told at the hand's end only of the new connection's faults: the first one's were lost."""
    with _client() as client:
        code, ticket = _open(client, variant="ninghai", seed=11, hands=1)
        url = f"/ws/{code}?token={ticket['token']}"
        with client.websocket_connect(url) as first:
            while json.loads(first.receive_text())["type"] != "request":
                pass
            first.send_text("not json at all")  # a fault: the seat's default move is played
            while (request := json.loads(first.receive_text()))["type"] != "request":
                pass
            with client.websocket_connect(url) as second:
                # the second connection takes the seat at its next move, after this answer
                first.send_text(json.dumps({"index": 0, "id": request["id"]}))
                seen = _play(second, lambda m: {"index": 0, "id": m["id"]})
        end = [m for m in seen if m["type"] == "end"][0]
        assert [f["kind"] for f in end["faults"]] == ["garbage"]


def test_a_seat_that_disconnects_is_played_by_a_bot_and_can_come_back():
    with _client(pause=1.5) as client:
        code, ticket = _open(client, variant="ningbo", hands=2)
        url = f"/ws/{code}?token={ticket['token']}"
        with client.websocket_connect(url) as ws:
            while json.loads(ws.receive_text())["type"] != "request":
                pass
        # Gone mid-hand: the seat waits a few seconds for the person (RECONNECT_GRACE),
        # then the bot finishes the hand without them.
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{code}").json()["played"] < 1:
            assert time.monotonic() < deadline, "the hand waited for a person who had left"
            time.sleep(0.05)
        # Back with the same token: a hello (hand 2 or a resync) and requests again.
        with client.websocket_connect(url) as ws:
            seen = _play(ws, lambda m: {"index": 0, "id": m["id"]})
        assert seen[0]["type"] == "hello" and seen[0]["seat"] == "E"
        assert any(m["type"] == "request" for m in seen)
        assert client.get(f"/api/tables/{code}").json()["played"] == 2


def test_tables_refuse_bad_requests():
    with _client() as client:
        assert client.post("/api/tables", json={"humans": 5}).status_code == 400
        assert client.post("/api/tables", json={"hands": "many"}).status_code == 400
        for seed in (-1, 2**63, "7", 1.5, True):
            r = client.post("/api/tables", json={"seed": seed})
            assert r.status_code == 400 and f"not {seed!r}" in r.json()["error"]
        r = client.post("/api/tables", json={"variant": "/etc/passwd"})
        assert r.status_code == 400 and "does not play" in r.json()["error"]
        assert client.post("/api/tables", content=b"{", headers={"content-type": "application/json"}).status_code == 400
        # a body not sent as JSON: what another site's page can post without asking first
        rooms = len(client.app.state.tables.rooms())
        for kind in (None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
            r = client.post("/api/tables", content=b'{"humans": 1}', headers={} if kind is None else {"content-type": kind})
            assert r.status_code == 415 and "application/json" in r.json()["error"], (kind, r.text)
        assert len(client.app.state.tables.rooms()) == rooms  # and no table was opened
        assert client.post("/api/tables", content=b'{"humans": 1}', headers={"content-type": "Application/JSON; charset=utf-8"}).status_code == 201
        assert client.post("/api/tables/ZZZZZZ/join").status_code == 404
        code, ticket = _open(client, humans=1)
        assert client.post(f"/api/tables/{code}/join").status_code == 409  # its one seat is taken
        assert client.get(f"/api/tables/{code}/logs/1", headers=_bearer(ticket)).status_code == 404  # nothing played yet
        from starlette.websockets import WebSocketDisconnect

        with pytest.raises(WebSocketDisconnect) as info:
            with client.websocket_connect(f"/ws/{code}?token=forged") as ws:
                ws.receive_text()
        assert info.value.code == 4404


@pytest.mark.parametrize("limit", [float("nan"), 0, -1.0, float("inf"), 1e300])
def test_a_time_limit_that_is_no_number_of_seconds_is_refused_before_the_server_starts(limit):
    """Found by an outside-in bad-input pass: `nbmj serve --time-limit nan` (click's
    FloatRange lets NaN through) started the server, whose first person's seat then failed."""
    import subprocess
    import sys

    from nbmj.errors import NbmjError

    with pytest.raises(NbmjError, match="time_limit is a finite number of seconds above 0"):
        create_app(time_limit=limit)
    run = subprocess.run([sys.executable, "-m", "nbmj", "serve", "--port", "0", "--time-limit", "nan"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr.strip() == "nbmj: error: time_limit is a finite number of seconds above 0 and at most 1e+09, or None, not nan"


def test_the_pages_name_the_table():
    with _client() as client:
        assert "nbmj" in client.get("/").text
        code, _ = _open(client)
        page = client.get(f"/t/{code}").text
        assert code in page and "nbmjTile" in page and "{{" not in page
        assert client.get("/t/NOSUCH").status_code == 404
        # said in Chinese as well (the lobby and the table speak both), the code escaped
        missing = client.get("/t/%3Cb%3EX").text
        assert "没有这一桌" in missing and "没有房号为 &#39;&lt;b&gt;X&#39; 的牌桌" in missing and "<b>" not in missing
        assert "ningbo" in client.get("/api/variants").json()["variants"]


def test_a_user_variant_given_to_the_server_can_be_played(tmp_path):
    variant = tmp_path / "thursday.nbv"
    variant.write_text('variant thursday extends ningbo "a 3-tai minimum"\nscoring tai { minimum 3 }\n', encoding="utf-8")
    with _client(variants=[str(variant)]) as client:
        assert client.get("/api/variants").json()["default"] == "thursday"
        code, ticket = _open(client, variant="thursday")
        with client.websocket_connect(f"/ws/{code}?token={ticket['token']}") as ws:
            seen = _play(ws, lambda m: {"index": 0})
        assert seen[0]["variant"] == "thursday"


def test_nb_13_1_a_person_is_told_why_a_complete_hand_is_offered_no_win():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from _engine_helpers import NINGBO, make

    from nbmj.bots.transport import queue_pair
    from nbmj.web.table import _PersonConnection

    g = make({"E": "234m567m345p678s99p"}, rules=NINGBO)
    server_end, _ = queue_pair()
    person = _PersonConnection("person E", server_end)
    extras = person.request_extras(g, "E")
    assert "NB-13.1" in extras["withheld"]
    assert person.request_extras(make({"E": "19m19p19s1234567z5m"}, rules=NINGBO), "E") == {}


def test_the_lobby_offers_the_servers_match_length():
    """``nbmj serve --hands N`` sets the lobby's default length of a match (issue #43)."""
    for hands in (4, 9):
        with _client(hands=hands) as client:
            page = client.get("/").text
            assert re.search(rf'<input id="hands"[^>]* value="{hands}"', page)


def test_a_person_sees_the_others_moves_while_not_asked():
    """A person's page was sent events only before its own requests: at a table with a
    second person, who has seconds to think, the page showed nothing of the person's own
    discard, nor of anything after it, until its next request. Now, before any other seat
    acts, each person is sent what happened, the last event with the table as the seat
    sees it."""
    with _client(time_limit=5.0, hands=2) as client:
        code, east = _open(client, humans=2, hands=2)
        south = client.post(f"/api/tables/{code}/join").json()
        assert south["seat"] == "S"
        with client.websocket_connect(f"/ws/{code}?token={east['token']}") as ws, \
                client.websocket_connect(f"/ws/{code}?token={south['token']}"):  # South never answers
            tile = None
            while tile is None:  # East plays until it discards
                message = json.loads(ws.receive_text())
                SERVER_MESSAGE.validate(message)
                if message["type"] == "request":
                    legal = message["legal"]
                    i = next((k for k, a in enumerate(legal) if a["e"] == "discard"), len(legal) - 1)
                    ws.send_text(json.dumps({"index": i, "id": message["id"]}))
                    if legal[i]["e"] == "discard":
                        tile = legal[i]["tile"]
            answered = time.monotonic()
            for _ in range(20):
                message = json.loads(ws.receive_text())
                SERVER_MESSAGE.validate(message)
                # the table comes with the last event before another person moves; or with
                # East's own request, when a bot claims East's discard and East may claim the
                # bot's (a random deal: a seed is only for one-person tables)
                assert message["type"] in ("event", "request"), message["type"]
                if "observation" in message:
                    break
            else:
                raise AssertionError("no event carried the table")
            # (South, a person, has 5 s for each move and answers none)
            assert time.monotonic() - answered < 2.5
            assert message["observation"]["rivers"]["E"][-1]["tile"] == tile
            assert message["observation"]["seat"] == "E"


def test_nb_13_1_the_reason_a_win_is_withheld_is_given_in_chinese_too():
    """The reason was sent in English only, and a Chinese page showed it so. Now the
    request carries it in Chinese as well, with the same numbers and rule."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from _engine_helpers import NINGBO, make

    from nbmj.bots.transport import queue_pair
    from nbmj.web.table import _PersonConnection

    server_end, _ = queue_pair()
    extras = _PersonConnection("person E", server_end).request_extras(make({"E": "234m567m345p678s99p"}, rules=NINGBO), "E")
    english, chinese = extras["withheld"], extras["withheld_zh"]
    assert "NB-13.1" in chinese and "起胡" in chinese
    assert re.findall(r"\d+", english) == re.findall(r"\d+", chinese)
    assert not re.search(r"[a-z]", chinese.replace("NB-13.1", "")), chinese


def test_a_person_among_bots_is_not_sent_the_table_at_every_step():
    """The table (an observation, a kilobyte or two) went with the events before every
    other seat's move, also before a bot's that comes at once: a hand's lines for a
    person among bots came to three times the bytes, all held by the server for a page
    that stops reading. It is sent only before a move the page would wait for."""
    with _client() as client:
        code, ticket = _open(client, variant="ningbo", seed=1)
        with client.websocket_connect(f"/ws/{code}?token={ticket['token']}") as ws:
            seen = _play(ws, lambda m: {"index": 0, "id": m["id"]})
    assert any(m["type"] == "event" for m in seen)
    assert not [m for m in seen if m["type"] == "event" and "observation" in m]


def test_a_page_reloaded_during_its_move_is_asked_the_same_move_again():
    """A reload closes the page's connection; the seat's bot played on at once, and among
    bots the whole hand was over before the reloaded page connected again (a one-hand
    match: the page found it over). Now the seat waits a few seconds for the person, and
    the new connection is asked the very move the old one was."""
    with _client(time_limit=30.0) as client:
        code, ticket = _open(client, variant="ningbo", seed=1)
        url = f"/ws/{code}?token={ticket['token']}"
        with client.websocket_connect(url) as ws:
            while (first := json.loads(ws.receive_text()))["type"] != "request":
                pass
        time.sleep(0.3)  # the page reloads
        with client.websocket_connect(url) as ws:
            seen = []
            while not seen or seen[-1]["type"] not in ("request", "end"):
                seen.append(json.loads(ws.receive_text()))
                SERVER_MESSAGE.validate(seen[-1])
            assert seen[0]["type"] == "hello"
            again = seen[-1]
            assert again["type"] == "request", [m["type"] for m in seen]
            assert again["legal"] == first["legal"] and again["observation"] == first["observation"]
            ws.send_text(json.dumps({"index": 0, "id": again["id"]}))
            seen = _play(ws, lambda m: {"index": 0, "id": m["id"]})
        assert seen[-1]["type"] == "bye"
        assert not [f for f in seen[-2]["faults"] if f["kind"] != "dead"]


def test_the_variant_list_says_what_each_variant_is(tmp_path):
    """The lobby offered bare names (ningbo-000, ninghai-yaoerliu, xiangshan-q10h6): nothing
    said what any of them plays. The list now gives each variant's one-line summary."""
    from nbmj.rules import load_variant

    variant = tmp_path / "thursday.nbv"
    variant.write_text('variant thursday extends ningbo "<b>Thursday</b> at the club"\n', encoding="utf-8")
    with _client(variants=[str(variant)]) as client:
        listed = client.get("/api/variants").json()
    assert set(listed["summaries"]) == set(listed["variants"])
    for name in listed["variants"]:
        want = load_variant(str(variant) if name == "thursday" else name).summary
        assert listed["summaries"][name] == want and want


def test_the_chinese_lobby_says_what_each_variant_is_in_chinese(tmp_path):
    """The Chinese lobby showed the English summary under the variant's name ("Ningbo as
    the QQ-style and 同城乐 rules describe it: ..."). The list now carries the summaries
    in Chinese too, the ones the Chinese documentation shows; a server's own variant keeps
    the summary its file gives."""
    variant = tmp_path / "thursday.nbv"
    variant.write_text('variant thursday extends ningbo "<b>Thursday</b> at the club"\n', encoding="utf-8")
    with _client(variants=[str(variant)]) as client:
        listed = client.get("/api/variants").json()
    chinese = listed["summaries_zh"]
    assert set(chinese) == set(listed["variants"])
    assert chinese["thursday"] == "<b>Thursday</b> at the club"
    for name in listed["variants"]:
        if name != "thursday":
            assert re.search(r"[\u4e00-\u9fff]", chinese[name]) and not re.search(r"\b(?:as|the|wilds|scheme|tiles)\b", chinese[name]), chinese[name]
    lobby = resources.files("nbmj.web").joinpath("lobby.html").read_text(encoding="utf-8")
    assert "v.summaries_zh" in lobby
