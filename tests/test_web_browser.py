"""A person at the web table, as a browser sees it: Debian's chromium, driven by Selenium
through its chromedriver, opens a table in the lobby and plays a whole hand by clicking.

Screenshots of the table at the start, at a claim and at the settlement are written to
``$NBMJ_SCREENSHOTS`` when that names a directory (the test's temporary one otherwise).
"""

from __future__ import annotations

import os
import shutil
import contextlib
import socket
import threading
import re
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
webdriver = pytest.importorskip("selenium.webdriver")

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from nbmj.engine import Action, Game  # noqa: E402
from nbmj.engine.actions import ACTION_KINDS  # noqa: E402
from nbmj.web.server import create_app  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None,
    reason="needs Debian's chromium and chromium-driver (.ci/run installs both)",
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def _serving(app):
    """``app`` served by uvicorn on a free port of 127.0.0.1 in a thread; yields its address."""
    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not srv.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(10)


def _state(browser) -> str:
    """The table page's status, as its ``data-state``."""
    return browser.find_element(By.ID, "status").get_attribute("data-state") or ""


def _in_both_languages(browser, read):
    """What ``read()`` gives in each of the page's languages, by language (``en``, ``zh``):
    read, the language switched, read again and switched back."""
    seen = {}
    for _ in range(2):
        seen[browser.execute_script("return lang")] = read()
        browser.find_element(By.ID, "lang").click()
    return seen


@pytest.fixture()
def server():
    app = create_app(time_limit=60.0, pause=0.5, hands=1)
    with _serving(app) as url:
        yield url, app


@pytest.fixture()
def browser():
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console, for the policy's reports
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1100"):
        options.add_argument(arg)
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except WebDriverException as exc:  # pragma: no cover - a broken browser install
        pytest.skip(f"chromium would not start: {exc.msg}")
    yield driver
    driver.quit()


def _shots() -> Path | None:
    target = os.environ.get("NBMJ_SCREENSHOTS")
    return Path(target) if target else None


def _click_a_move(driver) -> str | None:
    """Click one move if the table offers any: a win first, else a pass, else a claim, else
    the drawn (rightmost) tile. Returns the kind clicked."""
    acts = driver.find_elements(By.CSS_SELECTOR, "#actions button.act")
    by_kind = {b.get_attribute("data-kind"): b for b in acts}
    for kind in ("hu", "pass"):
        if kind in by_kind:
            by_kind[kind].click()
            return kind
    tiles = [b for b in driver.find_elements(By.CSS_SELECTOR, "#hand button.tile") if b.is_enabled()]
    if tiles:
        tiles[-1].click()
        return "discard"
    if acts:
        acts[0].click()
        return acts[0].get_attribute("data-kind")
    return None


def test_a_person_plays_a_hand_in_the_browser(server, browser, tmp_path):
    base, app = server
    shots = _shots() or tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    browser.get(base + "/")
    browser.find_element(By.ID, "humans").send_keys("1")
    browser.find_element(By.ID, "hands").clear()
    browser.find_element(By.ID, "hands").send_keys("1")
    browser.find_element(By.ID, "create").click()
    deadline = time.monotonic() + 30
    while "/t/" not in browser.current_url:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    code = browser.current_url.rsplit("/", 1)[1]
    moves: list[str] = []
    claim_shot = False
    start_shot = False
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, f"the hand did not end; moves so far {moves}"
        if browser.find_element(By.ID, "settlement").is_displayed():
            break
        try:
            hand = browser.find_elements(By.CSS_SELECTOR, "#hand .tile")
            if hand and not start_shot:
                # The hand is drawn large and legible, wilds marked.
                assert hand[0].size["height"] >= 40
                browser.save_screenshot(str(shots / "table-start.png"))
                start_shot = True
            kinds = {b.get_attribute("data-kind") for b in browser.find_elements(By.CSS_SELECTOR, "#actions button.act")}
            if kinds & {"chi", "pon", "kan"} and not claim_shot:
                assert browser.find_element(By.ID, "timer").size["width"] > 0  # the claim's timer runs
                browser.save_screenshot(str(shots / "table-claim.png"))
                claim_shot = True
            move = _click_a_move(browser)
        except StaleElementReferenceException:
            continue  # the table was redrawn under the click: look again
        if move:
            moves.append(move)
        time.sleep(0.05)
    browser.save_screenshot(str(shots / "table-settlement.png"))
    assert "discard" in moves
    deadline = time.monotonic() + 10
    while _state(browser) != "over":  # the match was one hand: the session's bye follows its end
        assert time.monotonic() < deadline, _state(browser)
        time.sleep(0.05)
    text = browser.find_element(By.ID, "settlement").text
    assert "Settlement" in text  # headless chromium reports an English locale
    # the last hand's settlement said "The next hand starts shortly."
    assert "The match is over." in text and "next hand" not in text
    browser.find_element(By.ID, "lang").click()
    zh_text = browser.find_element(By.ID, "settlement").text
    assert "结算" in zh_text and " tai" not in zh_text and "比赛结束。" in zh_text and "下一局" not in zh_text
    browser.save_screenshot(str(shots / "table-settlement-zh.png"))
    # The served log is the engine's log for the same seed and actions, and replays.
    room = app.state.tables.get(code)
    deadline = time.monotonic() + 10
    while not room.logs:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    served = room.logs[0]
    import json

    lines = [json.loads(x) for x in served.splitlines()]
    game = Game.from_header(lines[0])
    for ev in lines[1:]:
        if ev["e"] in ACTION_KINDS:
            game.step(Action.from_json(ev))
    assert game.log_text() == served
    # The settlement the page shows is the hand's, and why the points moved: who pays whom,
    # each line with its rule (issue #43), in both languages.
    for seat, delta in game.result.deltas.items():
        if delta:
            assert f"{delta:+d}" in text
    if game.settlement().terms:
        assert "who pays whom" in text and re.search(r"N[BH]-\d+", text) and "谁付谁" in zh_text
    # The page's link to the hand's log carries the seat's token, which the log needs.
    href = browser.find_element(By.CSS_SELECTOR, "#settlement a").get_attribute("href")
    import urllib.request

    with urllib.request.urlopen(href) as answer:
        assert answer.read().decode("utf-8") == served
    # On a phone in portrait the table fits the width: nothing scrolls sideways, in either
    # language (issue #43).
    browser.set_window_size(390, 844)
    for _ in range(2):
        browser.find_element(By.ID, "lang").click()
        width = browser.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], width
    browser.save_screenshot(str(shots / "table-phone.png"))
    browser.set_window_size(1280, 957)
    # Nothing of the page was blocked by its Content-Security-Policy.
    console = [e["message"] for e in browser.get_log("browser")]
    assert not [m for m in console if "Content Security Policy" in m], console


def test_a_person_disconnected_for_not_answering_comes_back_only_by_choice(browser):
    """After --idle-moves requests in a row time out the server closes the seat's
    connection (4408) so that its bot plays on without waiting; the page reconnected by
    itself two seconds later, and the table waited for the empty chair again. Now it says
    why and offers a button that takes the seat back."""
    from nbmj.web.limits import Limits

    app = create_app(time_limit=1.0, pause=60.0, hands=8, limits=Limits(idle_moves=1))
    with _serving(app) as url:
        room = app.state.tables.create("ningbo", humans=1)
        seat = room._browser["E"]
        browser.get(f"{url}/t/{room.code}")
        deadline = time.monotonic() + 30
        while _state(browser) != "idle":  # one request let time out: closed with 4408
            assert time.monotonic() < deadline, f"the page never showed the idle state ({_state(browser)!r})"
            time.sleep(0.1)
        time.sleep(3.0)  # longer than the page's 2 s reconnection delay
        assert not seat.connected and _state(browser) == "idle", "the page reconnected by itself"
        button = browser.find_element(By.ID, "rejoin")
        assert button.is_displayed() and button.text == "play my seat again"
        button.click()
        deadline = time.monotonic() + 10
        while not (seat.connected or _state(browser) == "connected"):
            assert time.monotonic() < deadline, "the button did not take the seat back"
            time.sleep(0.05)
        assert not button.is_displayed()


def test_a_page_whose_table_closed_says_so_and_does_not_reconnect(browser):
    """When its table closes (4410: it waited too long for its people, or the server
    stops) the page said the connection was lost, reconnected two seconds later, was
    refused and showed "This table has no free seat.". Now it says the table has closed."""
    app = create_app(time_limit=30.0, pause=60.0, hands=8)
    with _serving(app) as url:
        room = app.state.tables.create("ningbo", humans=1)
        seat = room._browser["E"]
        browser.get(f"{url}/t/{room.code}")
        deadline = time.monotonic() + 20
        while not seat.connected:
            assert time.monotonic() < deadline, f"the page never took its seat ({_state(browser)!r})"
            time.sleep(0.05)
        room.close()
        deadline = time.monotonic() + 10
        while _state(browser) != "gone":
            assert time.monotonic() < deadline, f"the page never said the table closed ({_state(browser)!r})"
            time.sleep(0.05)
        time.sleep(3.0)  # longer than the page's 2 s reconnection delay
        assert _state(browser) == "gone", "the page reconnected by itself"
        assert browser.find_element(By.ID, "status").text in ("This table has closed.", "这一桌已经关闭。")


def test_the_page_shows_the_others_moves_while_another_person_thinks(browser):
    """At a table with a second person, the page was redrawn only at its own requests:
    after the person's discard it still showed their turn, their river without the tile
    and nothing of what followed, for as long as the other person thought. Now the table
    follows every move, the one to move is marked and the dock says the page waits."""
    from websockets.sync.client import connect

    from nbmj.web.limits import Limits

    app = create_app(time_limit=6.0, pause=60.0, hands=1, limits=Limits(idle_moves=100))
    with _serving(app) as url:
        room = app.state.tables.create("ningbo", humans=2, seed=3)
        browser.get(f"{url}/t/{room.code}")  # East
        deadline = time.monotonic() + 20
        while not room._browser["E"].connected:
            assert time.monotonic() < deadline, "the page never took its seat"
            time.sleep(0.05)
        south = room.join()
        with connect(f"{url.replace('http', 'ws')}/ws/{room.code}?token={south.token}"):  # South, who never answers
            deadline = time.monotonic() + 60
            tile = None
            while tile is None:
                assert time.monotonic() < deadline, "East was never asked to discard"
                try:
                    tiles = [b for b in browser.find_elements(By.CSS_SELECTOR, "#hand button.tile") if b.is_enabled()]
                    if tiles:
                        tile = tiles[-1].get_attribute("data-code")
                        tiles[-1].click()
                    else:
                        passes = browser.find_elements(By.CSS_SELECTOR, "#actions button.act[data-kind=pass]")
                        if passes:
                            passes[0].click()
                except StaleElementReferenceException:
                    tile = None
                time.sleep(0.05)
            clicked = time.monotonic()
            river = []
            while not river or river[-1] != tile:  # South thinks for 6 s: this comes well before
                assert time.monotonic() - clicked < 3.0, f"the page did not show East's discard {tile} ({river})"
                time.sleep(0.05)
                river = [t.get_attribute("data-code") for t in browser.find_elements(By.CSS_SELECTOR, "#me-river .tile")]
            assert browser.find_element(By.ID, "prompt").text == "Waiting for the others…"
            assert "acting" not in (browser.find_element(By.ID, "me").get_attribute("class") or "")


@contextlib.contextmanager
def _page_without_a_seat(browser, hands=1):
    """A table page whose one seat was taken by someone else: it opens no connection, so
    the messages a test gives its ``onMessage`` are all it is shown."""
    app = create_app(time_limit=30.0, pause=60.0, hands=hands)
    with _serving(app) as url:
        room = app.state.tables.create("ningbo", humans=1)
        room.join()
        browser.get(f"{url}/t/{room.code}")
        deadline = time.monotonic() + 10
        while _state(browser) != "full":
            assert time.monotonic() < deadline, _state(browser)
            time.sleep(0.05)
        yield


def test_the_settlement_says_who_won_how_as_each_language_says_it(browser):
    """The winner's line was English word order with Chinese words on the Chinese page,
    '南家 胡牌 (点炮, 放炮 西家) 六索 6s — 5 分', and a replacement win showed its raw
    method. It now reads as the terminal's does (NB-11.3)."""
    with _page_without_a_seat(browser):
        browser.execute_script(
            "onMessage({type: 'hello', seat: 'E', hand: 0, rules: {}});"
            "onMessage({type: 'end', hand: 0, faults: [], forfeited: false, settlement: {outcome: 'win',"
            " winners: [{seat: 'S', win_by: 'discard', from: 'W', tile: '6s', points: 5},"
            "           {seat: 'N', win_by: 'kong_replacement', tile: '7z', points: 4}],"
            " deltas: {E: 0, S: 10, W: -10, N: 0}}});")
        lines = _in_both_languages(browser, lambda: [p.text for p in browser.find_elements(By.CSS_SELECTOR, "#settlement p.winner")])
    assert lines == {
        "en": ["South wins (on a discard, from West) 6s — 5 points", "North wins (on a kong's replacement) 7z — 4 points"],
        "zh": ["南家胡牌（点炮，西家放炮）：六索 6s，5 分", "北家胡牌（杠上开花）：中 7z，4 分"],
    }


def test_the_log_tells_the_persons_own_answers_in_the_pages_language(browser):
    """The seat's own answers to a discard were logged as the bare kind ("pass", "pon"),
    untranslated on the Chinese page and without the seat."""
    with _page_without_a_seat(browser):
        browser.execute_script(
            "onMessage({type: 'hello', seat: 'E', hand: 0, rules: {}});"
            "for (const e of [{e: 'pass', seat: 'E'}, {e: 'pon', seat: 'E', tile: '7z'}, {e: 'chi', seat: 'E', tile: '3s', use: '12s'}])"
            " onMessage({type: 'event', event: e});"
        )
        assert _in_both_languages(browser, lambda: browser.find_element(By.ID, "log").text.splitlines()) == {
            "en": ["East pass", "East pon 7z", "East chi 3s"], "zh": ["东家 过", "东家 碰 中 7z", "东家 吃 三索 3s"]}


def test_a_move_made_for_the_person_when_time_ran_out_is_said(browser):
    """When a request's time ran out the server played the seat's default move and the page
    said nothing: the tile just drawn left the hand as if the person had discarded it. Now
    the dock says the seat's default move was made, until the next request."""
    observation = {
        "seat": "E", "seat_wind": "E", "dealer": "E", "round_wind": "E", "phase": "turn", "current": "E",
        "wall_remaining": 70, "wall_kept": 14, "hand_sizes": {"E": 14, "S": 13, "W": 13, "N": 13},
        "hand": ["2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "6s", "9p", "9p", "1s", "5z"], "drawn": "5z",
        "indicator": "1z", "wilds": ["1z"], "discard": None,
        "melds": {s: [] for s in "ESWN"}, "flowers": {s: [] for s in "ESWN"}, "rivers": {s: [] for s in "ESWN"}, "chi_bans": [],
    }
    after = dict(observation, hand=observation["hand"][:-1], drawn=None, current="S", phase="claims",
                 discard={"seat": "E", "tile": "5z"}, rivers={"E": [{"tile": "5z", "claimed_by": None}], "S": [], "W": [], "N": []})
    with _page_without_a_seat(browser):
        browser.execute_script(
            "onMessage({type: 'hello', seat: 'E', hand: 0, rules: {}});"
            "onMessage({type: 'request', id: 1, seat: 'E', observation: arguments[0], time_limit_ms: 1000,"
            " legal: [{e: 'discard', seat: 'E', tile: '5z'}]});"
            "onMessage({type: 'event', event: {e: 'discard', seat: 'E', tile: '5z'}, observation: arguments[1]});",
            observation, after)
        assert _in_both_languages(browser, lambda: browser.find_element(By.ID, "prompt").text) == {
            "en": "Time ran out: your seat made its default move (pass, or discard the tile just drawn).",
            "zh": "时间到：已替你按默认打法行动（过，或打出刚摸的牌）。"}
        assert not [b for b in browser.find_elements(By.CSS_SELECTOR, "#hand button.tile") if b.is_enabled()]
        browser.execute_script(  # it stays with the next request, and the next answer leaves it behind
            "socket = {send() {}};"  # (the page has no connection: the answer goes nowhere)
            "onMessage({type: 'request', id: 2, seat: 'E', observation: arguments[0], time_limit_ms: 1000,"
            " legal: [{e: 'pass', seat: 'E'}]});", after)
        assert browser.find_elements(By.ID, "timed-out")
        browser.find_element(By.CSS_SELECTOR, "#actions button.act").click()
        assert browser.find_element(By.ID, "prompt").text in ("Waiting for the others…", "等待其他玩家……")
        # among bots the next request comes at once, while the last is still open: the
        # same is said above its prompt
        browser.execute_script(
            "onMessage({type: 'request', id: 3, seat: 'E', observation: arguments[0], time_limit_ms: 1000,"
            " legal: [{e: 'discard', seat: 'E', tile: '5z'}]});"
            "onMessage({type: 'request', id: 4, seat: 'E', observation: arguments[1], time_limit_ms: 1000,"
            " legal: [{e: 'pass', seat: 'E'}]});", observation, after)
        assert browser.find_element(By.ID, "timed-out").text in (
            "Time ran out: your seat made its default move (pass, or discard the tile just drawn).", "时间到：已替你按默认打法行动（过，或打出刚摸的牌）。")
        browser.find_element(By.CSS_SELECTOR, "#actions button.act").click()
        assert not browser.find_elements(By.ID, "timed-out")
        # a connection that dropped at a request: the new one's hello, then the same request
        # again, which is no time-out
        browser.execute_script(
            "onMessage({type: 'request', id: 5, seat: 'E', observation: arguments[0], time_limit_ms: 1000,"
            " legal: [{e: 'discard', seat: 'E', tile: '5z'}]});"
            "onMessage({type: 'hello', seat: 'E', hand: 0, rules: {}});"
            "onMessage({type: 'request', id: 1, seat: 'E', observation: arguments[0], time_limit_ms: 1000,"
            " legal: [{e: 'discard', seat: 'E', tile: '5z'}]});", observation)
        assert not browser.find_elements(By.ID, "timed-out")


#: south's discard of 8s, which the person (east, the dealer) may claim, as a request's
#: observation says it
_CLAIM = {
    "seat": "E", "seat_wind": "E", "dealer": "E", "round_wind": "E", "phase": "claims", "current": "S",
    "wall_remaining": 80, "wall_kept": 14, "hand_sizes": {"E": 13, "S": 13, "W": 13, "N": 13},
    "hand": ["2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "6s", "7s", "9p", "9p"], "drawn": None,
    "indicator": "1z", "wilds": ["1z"], "discard": {"seat": "S", "tile": "8s"},
    "melds": {s: [] for s in "ESWN"}, "flowers": {s: [] for s in "ESWN"},
    "rivers": {"E": [], "S": [{"tile": "8s", "claimed_by": None}], "W": [], "N": []}, "chi_bans": [],
}


def test_the_table_says_which_hand_of_the_match_is_played(browser):
    """Nothing said which hand of the match was being played, nor how many the match has:
    the settlement's heading was "Settlement — 2". Now the centre of the table and the
    settlement say "hand 2 of 4" (第 2 局，共 4 局)."""
    observation = dict(_CLAIM, dealer="S")
    with _page_without_a_seat(browser, hands=4):
        browser.execute_script(
            "onMessage({type: 'hello', seat: 'E', hand: 1, rules: {}});"
            "onMessage({type: 'event', event: {e: 'discard', seat: 'S', tile: '8s'}, observation: arguments[0]});", observation)
        deadline = time.monotonic() + 5
        while browser.find_element(By.ID, "which-hand").text not in ("hand 2 of 4", "第 2 局，共 4 局"):
            assert time.monotonic() < deadline, browser.find_element(By.ID, "which-hand").text
            time.sleep(0.05)
        browser.execute_script(
            "onMessage({type: 'end', hand: 1, faults: [], forfeited: false,"
            " settlement: {outcome: 'draw', winners: [], deltas: {E: 0, S: 0, W: 0, N: 0}}});")
        shown = _in_both_languages(browser, lambda: (browser.find_element(By.ID, "which-hand").text,
                                                     browser.find_element(By.CSS_SELECTOR, "#settlement h2").text))
        assert shown == {"en": ("hand 2 of 4", "Settlement — hand 2 of 4"), "zh": ("第 2 局，共 4 局", "结算 — 第 2 局，共 4 局")}


_TURN = {  # the person's turn, as a request's observation says it
    "seat": "E", "seat_wind": "E", "dealer": "E", "round_wind": "E", "phase": "turn", "current": "E",
    "wall_remaining": 70, "wall_kept": 14, "hand_sizes": {"E": 14, "S": 13, "W": 13, "N": 13},
    "hand": ["2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "6s", "9p", "9p", "1s", "5z"], "drawn": "5z",
    "indicator": "1z", "wilds": ["1z"], "discard": None,
    "melds": {s: [] for s in "ESWN"}, "flowers": {s: [] for s in "ESWN"},
    "rivers": {s: [{"tile": "9s", "claimed_by": None}] * 8 for s in "ESWN"}, "chi_bans": [],
}


def test_a_request_gives_the_keyboard_a_move_to_make(browser):
    """Each request redrew the table and the keyboard's focus went back to the page: one
    tabbed past the language button to the hand at every move. Now the drawn tile has the
    focus on one's turn (Enter discards it) and the pass button at a claim."""
    claim = dict(_TURN, phase="claims", current="S", hand=_TURN["hand"][:-1], drawn=None, discard={"seat": "S", "tile": "9p"})
    with _page_without_a_seat(browser):
        browser.execute_script(
            "socket = {send(line) { window.sent = JSON.parse(line); }};"
            "onMessage({type: 'hello', seat: 'E', hand: 0, rules: {}});"
            "onMessage({type: 'request', id: 1, seat: 'E', observation: arguments[0], time_limit_ms: 30000,"
            " legal: [{e: 'discard', seat: 'E', tile: '1s'}, {e: 'discard', seat: 'E', tile: '5z'}]});", _TURN)
        assert browser.execute_script("return document.activeElement.dataset.code") == "5z"
        webdriver.ActionChains(browser).send_keys("\ue007").perform()  # Enter
        assert browser.execute_script("return window.sent") == {"index": 1, "id": 1}
        browser.execute_script(
            "onMessage({type: 'request', id: 2, seat: 'E', observation: arguments[0], time_limit_ms: 30000,"
            " legal: [{e: 'pon', seat: 'E', tile: '9p'}, {e: 'pass', seat: 'E'}]});", claim)
        assert browser.execute_script("return document.activeElement.dataset.kind") == "pass"


def test_the_discard_open_to_claims_is_marked_in_its_river(browser):
    """Offered a claim, the page named the tile in the dock but nothing on the table showed
    which tile it was, nor whose: now the open discard, the last of its discarder's river,
    is marked (and only it)."""
    claim = dict(_TURN, phase="claims", current="S", hand=_TURN["hand"][:-1], drawn=None,
                 discard={"seat": "S", "tile": "9p"},
                 rivers={"E": [{"tile": "9p", "claimed_by": None}], "S": [{"tile": "1m", "claimed_by": None}, {"tile": "9p", "claimed_by": None}],
                         "W": [], "N": []})
    with _page_without_a_seat(browser):
        browser.execute_script(
            "socket = {send() {}};"
            "onMessage({type: 'hello', seat: 'E', hand: 0, rules: {}});"
            "onMessage({type: 'request', id: 1, seat: 'E', observation: arguments[0], time_limit_ms: 30000,"
            " legal: [{e: 'pon', seat: 'E', tile: '9p'}, {e: 'pass', seat: 'E'}]});", claim)
        marked = browser.find_elements(By.CSS_SELECTOR, ".tile.open")
        assert len(marked) == 1 and marked[0].get_attribute("data-code") == "9p"
        assert marked[0] == browser.find_elements(By.CSS_SELECTOR, "#seat-S .tile")[-1]
        browser.execute_script("onMessage({type: 'request', id: 2, seat: 'E', observation: arguments[0], time_limit_ms: 30000,"
                               " legal: [{e: 'discard', seat: 'E', tile: '5z'}]});", _TURN)
        assert not browser.find_elements(By.CSS_SELECTOR, ".tile.open")


def test_the_table_says_why_its_wilds_are_wild(browser):
    """The centre showed the indicator and the wilds, 中 beside 中, but not why that tile is
    wild. It now says it by the variant's rule (the hello's rules), in the page's language:
    the indicator's other copies (NB-4.2), those and the next tile (NB-4.9, the seven-wild
    variant), or a flower's group (NB-4.3)."""
    from nbmj.rules import load_variant

    seven = dict(_TURN, indicator="7z", wilds=["7z", "5z"])
    flower = dict(_TURN, indicator="2f", wilds=["1f", "3f", "4f"])
    cases = [
        ("ningbo", _TURN, "the other copies of the indicator's tile are wild (NB-4.2)", "翻出的牌其余几张是百搭（NB-4.2）"),
        ("ningbo-7wild", seven, "the other copies of the indicator's tile and every copy of the next tile are wild (NB-4.9)",
         "翻出的牌其余几张和它的下一种牌四张都是百搭（NB-4.9）"),
        ("ningbo", flower, "a flower turned up makes the rest of its group wild (NB-4.3)", "翻出花牌，同组其余花牌是百搭（NB-4.3）"),
    ]
    with _page_without_a_seat(browser):
        for variant, observation, english, chinese in cases:
            browser.execute_script(
                "socket = {send() {}};"
                "onMessage({type: 'hello', seat: 'E', hand: 0, rules: arguments[0]});"
                "onMessage({type: 'request', id: 1, seat: 'E', observation: arguments[1], time_limit_ms: 30000,"
                " legal: [{e: 'discard', seat: 'E', tile: '5z'}]});", load_variant(variant).to_dict(), observation)
            assert _in_both_languages(browser, lambda: browser.find_element(By.ID, "wilds-why").text) == {"en": english, "zh": chinese}


def test_the_settlement_stays_into_the_next_hand_until_closed(browser):
    """The settlement, the one place that says why the points moved, was hidden when the
    next hand began: after the pause between hands (5 s by default), however far one had
    read. It now stays, as the last hand's, until the person closes it."""
    end = ("onMessage({type: 'end', hand: 0, faults: [], forfeited: false,"
           " settlement: {outcome: 'draw', winners: [], deltas: {E: 0, S: 0, W: 0, N: 0}}});")
    browser.set_window_size(1280, 700)
    with _page_without_a_seat(browser, hands=4):
        browser.execute_script("localStorage.setItem('nbmj-lang', 'en'); lang = 'en'; translate();")
        browser.execute_script("onMessage({type: 'hello', seat: 'E', hand: 0, rules: {}});" + end)
        box = browser.find_element(By.ID, "settlement")
        deadline = time.monotonic() + 5
        while "hand 1 of 4" not in box.text:  # (once the page has the match's length)
            assert time.monotonic() < deadline, box.text
            time.sleep(0.05)
        assert "The next hand starts shortly." in box.text
        browser.execute_script("onMessage({type: 'hello', seat: 'E', hand: 1, rules: {}});")
        assert box.is_displayed()
        # asked to move while scrolled to it, the page brings the hand into view
        browser.execute_script("arguments[0].scrollIntoView({block: 'start'});", box)
        browser.execute_script(
            "socket = {send() {}};"
            "onMessage({type: 'request', id: 1, seat: 'E', observation: arguments[0], time_limit_ms: 1000,"
            " legal: [{e: 'discard', seat: 'E', tile: '5z'}]});", _TURN)
        hand, dock = browser.execute_script(
            "return [document.getElementById('hand').getBoundingClientRect().toJSON(),"
            " document.getElementById('dock').getBoundingClientRect().toJSON()]")
        assert 0 <= hand["top"] and hand["bottom"] <= dock["top"], (hand, dock)
        assert box.find_element(By.TAG_NAME, "h2").text == "Settlement — hand 1 of 4"
        assert "next hand" not in box.text  # it has begun
        close = browser.find_element(By.ID, "close-settlement")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", close)
        close.click()
        assert not box.is_displayed()


def test_the_persons_own_melds_flowers_and_river_are_labelled(browser):
    """The person's melds and flowers shared one unlabelled row and their river another,
    while every other seat's rows said what they held: on a phone, where the rows wrap, one
    could not tell one's melds from one's river."""
    observation = {
        "seat": "E", "seat_wind": "E", "dealer": "E", "round_wind": "E", "phase": "turn", "current": "E",
        "wall_remaining": 70, "wall_kept": 14, "hand_sizes": {"E": 11, "S": 13, "W": 13, "N": 13},
        "hand": ["2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "6s", "9p"], "drawn": "9p",
        "indicator": "1z", "wilds": ["1z"], "discard": None,
        "melds": {"E": [{"kind": "pon", "tiles": ["7z", "7z", "7z"], "from": "S"}], "S": [], "W": [], "N": []},
        "flowers": {"E": ["5f"], "S": [], "W": [], "N": []},
        "rivers": {"E": [{"tile": "2z", "claimed_by": None}], "S": [{"tile": "7z", "claimed_by": "E"}], "W": [], "N": []},
        "chi_bans": [],
    }
    with _page_without_a_seat(browser):
        browser.execute_script(
            "onMessage({type: 'hello', seat: 'E', hand: 0, rules: {}});"
            "onMessage({type: 'event', event: {e: 'discard', seat: 'E', tile: '2z'}, observation: arguments[0]});", observation)
        for _ in range(2):
            rows = [
                (r.find_element(By.CSS_SELECTOR, ".label").text, [t.get_attribute("data-code") for t in r.find_elements(By.CSS_SELECTOR, ".tile")])
                for r in browser.find_elements(By.CSS_SELECTOR, "#me .row:not(.hand)")
            ]
            words = ["melds", "flowers", "river"] if browser.execute_script("return lang") == "en" else ["副露", "花牌", "牌河"]
            assert rows == list(zip(words, [["7z", "7z", "7z"], ["5f"], ["2z"]])), rows
            browser.find_element(By.ID, "lang").click()


def test_a_withheld_win_is_explained_in_the_pages_language(browser):
    """The reason a complete hand is offered no win (NB-13.1) was shown in English on the
    Chinese page too. The page is given a request as the server sends it (the table is
    full, so the page holds no seat and nothing else reaches it)."""
    with _page_without_a_seat(browser):
        observation = _CLAIM
        browser.execute_script(
            "onMessage({type: 'hello', seat: 'E', hand: 0, rules: {}});"
            "onMessage({type: 'request', id: 1, seat: 'E', observation: arguments[0], time_limit_ms: 30000,"
            " legal: [{e: 'pass', seat: 'E'}], withheld: arguments[1], withheld_zh: arguments[2]});",
            observation, "1 tai counting toward the minimum; 4 are needed to win (NB-13.1)", "计入起胡的只有 1 台，要 4 台才能胡（NB-13.1）",
        )
        assert _in_both_languages(browser, lambda: browser.find_element(By.ID, "withheld").text) == {
            "en": "Complete, but no win: 1 tai counting toward the minimum; 4 are needed to win (NB-13.1)",
            "zh": "已成胡牌牌型，但不能胡： 计入起胡的只有 1 台，要 4 台才能胡（NB-13.1）"}


def test_a_page_opened_after_the_match_says_it_is_over_with_the_scores(browser):
    """A page reloaded after the last hand (its seat's connection refused, 4404) said
    "This table has no free seat." and showed no score; so did a newcomer's. Now both say
    the match is over and show the final scores."""
    app = create_app(time_limit=30.0, pause=0.0, hands=1)
    with _serving(app) as url:
        room = app.state.tables.create("ningbo", humans=1, seed=1)  # a hand someone wins
        ticket = room.join()
        room.start()  # no one came: the bot plays the seat
        deadline = time.monotonic() + 60
        while room.state != "over":
            assert time.monotonic() < deadline, "the match did not end"
            time.sleep(0.05)
        scores = room.summary()["scores"]
        browser.get(url + "/")
        browser.execute_script("localStorage.setItem('nbmj-lang', 'en')")
        for token in (ticket.token, None):  # the seat's page reloaded, then a newcomer's
            if token:
                browser.execute_script(f"localStorage.setItem('nbmj-token-{room.code}', arguments[0])", token)
            else:
                browser.execute_script("localStorage.clear(); localStorage.setItem('nbmj-lang', 'en')")
            browser.get(f"{url}/t/{room.code}")
            deadline = time.monotonic() + 10
            while _state(browser) in ("", "connecting", "connected"):
                assert time.monotonic() < deadline, _state(browser)
                time.sleep(0.05)
            assert _state(browser) == "over" and browser.find_element(By.ID, "status").text == "The match is over."
            bar = browser.find_element(By.ID, "scores").text
            assert bar.split() == " ".join(f"{name} {scores[s]:+d}" for s, name in zip("ESWN", ("East", "South", "West", "North"))).split()
        assert any(scores.values())


def test_a_page_whose_seat_another_tab_took_says_so_and_does_not_take_it_back(browser):
    """The same table opened in a second tab takes the seat. The first tab was sent the
    session's bye and said "The match is over." (or, when its connection had not been taken
    up yet, said the connection was lost and took the seat back two seconds later, and the
    two tabs took it from each other for ever). Now it is closed with 4409, says the seat is
    played elsewhere, stays so, and offers the button that takes the seat back."""
    app = create_app(time_limit=60.0, pause=60.0, hands=1)
    with _serving(app) as url:
        room = app.state.tables.create("ningbo", humans=1, seed=1)
        browser.get(f"{url}/t/{room.code}")
        deadline = time.monotonic() + 20
        while not browser.execute_script("return request"):
            assert time.monotonic() < deadline, "the first tab was never asked to move"
            time.sleep(0.05)
        first = browser.current_window_handle
        browser.switch_to.new_window("tab")
        browser.get(f"{url}/t/{room.code}")  # the same browser: the same seat's token
        second = browser.current_window_handle
        browser.switch_to.window(first)
        assert _click_a_move(browser)  # the seat moves on, and the newer connection takes it
        deadline = time.monotonic() + 10
        while _state(browser) != "replaced":
            assert time.monotonic() < deadline, f"the first tab says {_state(browser)!r}"
            time.sleep(0.05)
        assert browser.find_element(By.ID, "status").text == "your seat is played in another tab or window"
        assert browser.find_element(By.ID, "rejoin").is_displayed()
        browser.switch_to.window(second)
        deadline = time.monotonic() + 10
        while not browser.find_elements(By.CSS_SELECTOR, "#hand .tile"):
            assert time.monotonic() < deadline, "the second tab shows no table"
            time.sleep(0.05)
        time.sleep(3.0)  # longer than the page's 2 s reconnection delay
        assert _state(browser) == "connected"
        browser.switch_to.window(first)
        assert _state(browser) == "replaced", "the first tab took the seat back by itself"


def test_the_lobby_asks_for_a_number_of_hands_before_opening_a_table(browser):
    """With the number of hands left empty the lobby sent null, and showed the server's
    answer "hands is a whole number from 1 to 64, not None" (Python's word), in English on
    the Chinese page too. The field is now required: the browser asks for it, in its own
    language, and nothing is sent."""
    app = create_app(time_limit=30.0, pause=60.0, hands=1)
    with _serving(app) as url:
        browser.get(url + "/")
        browser.find_element(By.ID, "hands").clear()
        browser.find_element(By.ID, "create").click()
        time.sleep(0.5)
        assert "/t/" not in browser.current_url
        assert browser.find_element(By.ID, "error").text == ""
        assert browser.execute_script("return document.getElementById('hands').validity.valueMissing")
        assert not app.state.tables.rooms()


def test_a_page_opened_during_a_match_shows_the_scores_so_far(browser):
    """The running scores were added up in the page from the ends of hands it saw: a page
    reloaded (or first opened) in the second hand showed every seat at +0. They now come
    from the table at each hand's start."""
    app = create_app(time_limit=30.0, pause=3.0, hands=2)
    with _serving(app) as url:
        room = app.state.tables.create("ningbo", humans=1, seed=1)  # a first hand someone wins
        ticket = room.join()
        room.start()  # the bot plays the first hand at once; the page comes in the pause
        deadline = time.monotonic() + 30
        while room.hand_index < 1:
            assert time.monotonic() < deadline, "the first hand did not end"
            time.sleep(0.05)
        scores = dict(room.scores)
        assert any(scores.values())
        browser.get(url + "/")
        browser.execute_script(
            f"localStorage.setItem('nbmj-token-{room.code}', arguments[0]); localStorage.setItem('nbmj-lang', 'en')", ticket.token)
        browser.get(f"{url}/t/{room.code}")
        want = " ".join(f"{name} {scores[s]:+d}" for s, name in zip("ESWN", ("East", "South", "West", "North"))).split()
        deadline = time.monotonic() + 20
        while browser.find_element(By.ID, "scores").text.split() != want:
            assert time.monotonic() < deadline, (browser.find_element(By.ID, "scores").text, want)
            time.sleep(0.05)


def test_the_lobby_says_what_the_chosen_variant_is(browser, tmp_path):
    """Under the variant's name the lobby now shows its summary (as text: a user variant's
    summary with markup in it is shown as written), and follows the choice."""
    from selenium.webdriver.support.ui import Select

    from nbmj.rules import load_variant

    variant = tmp_path / "thursday.nbv"
    variant.write_text('variant thursday extends ningbo "<img src=x onerror=window.pwned=1> at the club"\n', encoding="utf-8")
    app = create_app(variants=[str(variant)], time_limit=30.0, pause=60.0, hands=1)
    with _serving(app) as url:
        browser.get(url + "/")
        about = browser.find_element(By.ID, "about")
        deadline = time.monotonic() + 10
        while about.text != "<img src=x onerror=window.pwned=1> at the club":
            assert time.monotonic() < deadline, about.text
            time.sleep(0.05)
        Select(browser.find_element(By.ID, "variant")).select_by_value("ninghai-yaoerliu")
        assert about.text == load_variant("ninghai-yaoerliu").summary
        assert browser.execute_script("return window.pwned") is None
        # the Chinese lobby says it in Chinese (it showed the English summary)
        from nbmj.rules.zh_CN import SUMMARIES

        english = load_variant("ninghai-yaoerliu").summary
        assert _in_both_languages(browser, lambda: about.text) == {"en": english, "zh": SUMMARIES[english]}
