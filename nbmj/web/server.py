"""``nbmj serve``: the web table, an ASGI application on Starlette.

Pages: ``/`` (the lobby: open a table, or join one by its room code) and ``/t/CODE`` (the
table). JSON: ``POST /api/tables`` opens a table, ``GET /api/tables/CODE`` describes it,
``POST /api/tables/CODE/join`` gives a newcomer a seat and its token, ``GET
/api/tables/CODE/logs/N`` returns hand N's event log to a person who holds a seat token of
the table (``Authorization: Bearer TOKEN``, or ``?token=TOKEN``; ``nbmj replay`` and ``nbmj
view`` read it). The seat itself is a websocket, ``/ws/CODE?token=TOKEN``, on which the
server and the browser speak ``nbmj-bot/1`` exactly as a bot program does over its
standard input: one protocol line per text message. Every answer is checked against the
legal actions by the same code that checks a bot's, so a forged or illegal message changes
nothing but a recorded fault.

Everything runs on the server's event loop except the matches, one thread per room: a seat's
websocket and its room's thread meet in a :class:`~nbmj.web.channel.SeatChannel`, so no
connection holds a thread, and an idle one costs the other tables nothing. What a client
can make the server hold is bounded by :class:`~nbmj.web.limits.Limits`: rooms in all and
per client, seat connections per client, the size of a message and of a request body,
and time (a room waiting for its people, a person who stops answering, a finished room).
A websocket the server ends says why in its close code: 1000 (the session is over), 1003 (a
binary message), 1007 (text that is not UTF-8), 1008 (too many messages, or too many left
unread), 1009 (a message too large), 4404 (no such table or seat token), 4408 (several
requests in a row unanswered: the seat's bot plays on), 4409 (a newer connection, another
tab or window, took the seat), 4410 (the table has closed), 4429 (this client has too many
connections open).

Every page is a template that escapes what it shows (:mod:`nbmj.web.pages`) and is sent
with a Content-Security-Policy that runs only its own script; JSON answers escape ``<``,
``>`` and ``&``; every response says ``nosniff`` and sends no referrer. Only variants the
server was started with, or shipped ones, can be played: a browser cannot make the server
read a file. The server listens on 127.0.0.1 unless told otherwise. Starlette and uvicorn
come with the ``web`` extra (``pip install 'nbmj[web]'``).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from ..bots.seats import check_time_limit
from ..errors import NbmjError
from ..rules import RuleSet, load_variant
from ..rules.registry import known_names, list_variants
from .channel import CLOSE_NORMAL, SeatChannel
from .limits import Limits
from .pages import content_security_policy, new_nonce, render_page, script_json
from .table import NoFreeSeat, Room, RoomError, Tables, TooManyRooms, UnknownRoom
from .viewer import tile_faces

__all__ = ["create_app", "WebUnavailable"]

CLOSE_BINARY = 1003  # a binary message: the protocol is text
CLOSE_TOO_BIG = 1009  # a message larger than Limits.max_message
CLOSE_UNKNOWN = 4404  # no such table, or no seat with that token
CLOSE_CROWDED = 4429  # this client already has Limits.sockets_per_client connections open

# Sent with every response, whatever it is.
_ALWAYS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
# Sent with every response that is not a page (a page sends its own policy, with its nonce).
_NOT_A_PAGE_POLICY = (b"content-security-policy", b"default-src 'none'; frame-ancestors 'none'")


class WebUnavailable(NbmjError, RuntimeError):
    """The web table's packages (the ``web`` extra) are not installed."""


class _Variants:
    """The variants a server may play: shipped ones by name, plus those it was started with."""

    def __init__(self, extra: Sequence[str]) -> None:
        self._rules: dict[str, RuleSet] = {}
        for spec in extra:
            rules = load_variant(spec)
            self._rules[rules.name] = rules
        self.default = next(iter(self._rules), "ningbo")
        self._summaries: dict[str, str] | None = None

    def names(self) -> list[str]:
        return list(self._rules) + [n for n in list_variants() if n not in self._rules]

    def summaries(self) -> dict[str, str]:
        """Each variant's one-line summary (its ``variant`` line's text), by name, for the
        lobby: a name such as ``ninghai-yaoerliu`` says little to a player."""
        if self._summaries is None:
            self._summaries = {name: self.load(name).summary for name in self.names()}
        return self._summaries

    def summaries_zh(self) -> dict[str, str]:
        """:meth:`summaries` in Chinese for the Chinese lobby: a shipped variant's from
        :data:`nbmj.rules.zh_CN.SUMMARIES`; a variant of the server's own (``--variant
        FILE``) keeps the summary its file gives."""
        from ..rules.zh_CN import SUMMARIES

        return {name: SUMMARIES.get(summary, summary) for name, summary in self.summaries().items()}

    def load(self, name: str) -> RuleSet:
        if name in self._rules:
            return self._rules[name]
        if name in known_names():  # a shipped name or alias, never a path
            return load_variant(name)
        raise RoomError(f"this server does not play {name!r}; it plays {', '.join(self.names())}")


class _BadRequest(Exception):
    """A request body refused before it reaches a handler's logic: its status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _security_headers(app: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """An ASGI middleware adding :data:`_ALWAYS` to every HTTP response, and the
    nothing-allowed policy to those that set none."""

    async def with_headers(scope: dict[str, Any], receive: Callable[..., Any], send: Callable[..., Any]) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                headers += [h for h in _ALWAYS if h[0] not in names]
                if b"content-security-policy" not in names:
                    headers.append(_NOT_A_PAGE_POLICY)
                message = {**message, "headers": headers}
            await send(message)

        await app(scope, receive, send_with_headers)

    return with_headers


def _loopback_name(host_header: str, also: frozenset[str] = frozenset()) -> bool:
    """Whether a Host header names this machine: ``localhost`` (or a name under it), a
    loopback address or one of the names ``also`` (lower case), with or without a port."""
    host = host_header.strip().lower()
    if host.startswith("["):  # [::1]:8000
        host, closed, port = host[1:].partition("]")
        if not closed or port[:1] not in ("", ":"):
            return False
    elif host.count(":") == 1:
        host = host.partition(":")[0]
    host = host.rstrip(".")
    if host == "localhost" or host.endswith(".localhost") or (host and host in also):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _local_hosts_only(app: Callable[..., Awaitable[None]], also: frozenset[str] = frozenset()) -> Callable[..., Awaitable[None]]:
    """An ASGI middleware refusing every request whose Host header does not name this
    machine, nor one of the names ``also`` (421 for HTTP; a websocket is refused before it
    opens)."""

    async def only_local(scope: dict[str, Any], receive: Callable[..., Any], send: Callable[..., Any]) -> None:
        if scope["type"] in ("http", "websocket"):
            host = next((value for name, value in scope.get("headers", []) if name == b"host"), b"")
            if not _loopback_name(host.decode("latin-1"), also):
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008, "reason": ""})
                    return
                body = b"this server answers only requests addressed to this machine (localhost or 127.0.0.1)"
                await send({
                    "type": "http.response.start", "status": 421,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())],
                })
                await send({"type": "http.response.body", "body": body})
                return
        await app(scope, receive, send)

    return only_local


def create_app(
    variants: Sequence[str] = (),
    *,
    log_dir: Path | None = None,
    time_limit: float | None = 30.0,
    pause: float = 5.0,
    hands: int = 4,
    bot: str = "greedy",
    limits: Limits | None = None,
    local_only: bool = False,
    host_names: Sequence[str] = (),
) -> Any:
    """The ASGI application. ``variants``: names or files to offer besides the shipped
    ones (the first is the lobby's default); ``log_dir``: where every hand's log is kept
    (also kept in memory while the room is); ``time_limit``: seconds a person has per move;
    ``pause``: seconds between hands; ``hands``: a match's default length; ``bot``: who plays
    the empty seats and stands in for a person who has disconnected; ``limits``: the
    server's bounds (:class:`~nbmj.web.limits.Limits`; its defaults when None);
    ``local_only``: answer only requests whose Host header names this machine (``localhost``
    or a loopback address), as a server listening on a loopback address must, so that a page
    of another site whose name has been pointed at 127.0.0.1 (DNS rebinding) reaches nothing;
    ``host_names``: more names it answers to then (those a reverse proxy on this machine
    passes on from the browser).

    The per-client bounds on connections and the time to send a request are not the
    application's: ``nbmj serve`` sets them on uvicorn's connections
    (``nbmj.web.guard``). Another server of this application must set its own."""
    try:
        from starlette.applications import Starlette
        from starlette.middleware import Middleware
        from starlette.requests import ClientDisconnect, Request
        from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
        from starlette.routing import Route, WebSocketRoute
        from starlette.websockets import WebSocket, WebSocketState
    except ImportError:
        raise WebUnavailable("the web table needs Starlette and uvicorn: pip install 'nbmj[web]'") from None

    check_time_limit(time_limit)
    bounds = limits or Limits()
    known = _Variants(variants)
    tables = Tables(known.load, log_dir=log_dir, limits=bounds, time_limit=time_limit, pause=pause, hands=hands, bot=bot)
    sockets: Counter[str] = Counter()  # open seat connections, by client

    class SafeJSON(JSONResponse):
        """JSON with ``<``, ``>`` and ``&`` escaped: inert even where a browser sniffs HTML."""

        def render(self, content: Any) -> bytes:
            return bytes(script_json(content), "utf-8")

    def client_of(connection: Request | WebSocket) -> str:
        return connection.client.host if connection.client is not None else ""

    def error(message: str, status: int = 400, zh: str | None = None) -> Response:
        return SafeJSON({"error": message, **({"error_zh": zh} if zh else {})}, status_code=status)

    def room_error(exc: RoomError) -> Response:
        if isinstance(exc, UnknownRoom):
            return error(str(exc), 404)
        if isinstance(exc, NoFreeSeat):
            return error(str(exc), 409)
        if isinstance(exc, TooManyRooms):
            return error(str(exc), 429, exc.zh)
        return error(str(exc).splitlines()[0])

    def page(name: str, status: int = 200, **values: Any) -> Response:
        nonce = new_nonce()
        return HTMLResponse(
            render_page(name, nonce, **values),
            status_code=status,
            headers={"content-security-policy": content_security_policy(nonce), "cache-control": "no-store"},
        )

    async def json_body(request: Request) -> Any:
        """The request's JSON body, read no further than Limits.max_body bytes."""
        too_large = _BadRequest(413, f"the request is larger than {bounds.max_body} bytes")
        declared = request.headers.get("content-length", "")
        if declared.isascii() and declared.isdigit() and (len(declared) > 12 or int(declared) > bounds.max_body):
            raise too_large  # said at once: the client need not send what would not be read
        body = bytearray()
        try:
            async for chunk in request.stream():
                body += chunk
                if len(body) > bounds.max_body:
                    raise too_large
        except ClientDisconnect:  # the client left before its body was whole: no one to answer
            raise _BadRequest(400, "the request's body was cut short") from None
        try:
            return json.loads(bytes(body))
        except (ValueError, RecursionError):  # (a UnicodeDecodeError is a ValueError)
            raise _BadRequest(400, "the request is not JSON") from None

    def room_of(request: Request) -> Room:
        return tables.get(str(request.path_params["code"]))

    async def lobby(request: Request) -> Response:
        return page("lobby.html", DEFAULT=script_json(known.default), DEFAULT_NAME=known.default, HANDS=hands)

    async def table_page(request: Request) -> Response:
        try:
            room = room_of(request)
        except RoomError as exc:
            code = str(request.path_params["code"])
            return page(  # (the page has no script: it says it in both languages)
                "message.html", 404,
                TITLE="no such table", MESSAGE=f"{exc} (a mistyped code, or a table that has finished and been cleared away)",
                TITLE_ZH="没有这一桌", MESSAGE_ZH=f"没有房号为 {code!r} 的牌桌（房号打错了，或这一桌已经结束并被清除）。",
            )
        return page("table.html", CODE=room.code, CODE_JS=script_json(room.code), TILES=script_json(tile_faces()))

    async def variant_list(request: Request) -> Response:
        return SafeJSON({"variants": known.names(), "default": known.default, "summaries": known.summaries(),
                         "summaries_zh": known.summaries_zh()})

    async def open_table(request: Request) -> Response:
        # JSON only when it says so: a page of another site can post text/plain here without
        # asking (a "simple" request), and would open tables in this client's name
        media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if media_type != "application/json":
            sent = request.headers.get("content-type", "")
            return error(f"a table is opened with a JSON body sent as application/json, not as {sent!r}", 415)
        try:
            body = await json_body(request)
        except _BadRequest as exc:
            return error(exc.message, exc.status)
        if not isinstance(body, dict):
            return error("the request is a JSON object")
        variant = body.get("variant", known.default)
        humans = body.get("humans", 1)
        count = body.get("hands", hands)
        seed = body.get("seed")  # None: the room draws one
        if not isinstance(variant, str):
            return error(f"variant is a name, not {variant!r}")
        if type(humans) is not int or not 1 <= humans <= 4:
            return error(f"humans is a whole number from 1 to 4, not {humans!r}")
        if type(count) is not int or not 1 <= count <= 64:
            return error(f"hands is a whole number from 1 to 64, not {count!r}")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
            return error(f"seed is a whole number from 0 to 2**63 - 1, not {seed!r}")
        if seed is not None and humans > 1:
            # whoever chose the seed can deal every hand at home and see the others' tiles
            return error(f"a seed fixes every deal, so only a table for one person takes one, not a table for {humans}")
        try:
            room = tables.create(variant, humans=humans, hands=count, seed=seed, client=client_of(request))
        except RoomError as exc:
            return room_error(exc)
        except NbmjError as exc:
            return error(str(exc).splitlines()[0])
        return SafeJSON(room.summary(), status_code=201)

    async def describe(request: Request) -> Response:
        try:
            return SafeJSON(room_of(request).summary())
        except RoomError as exc:
            return room_error(exc)

    async def join(request: Request) -> Response:
        try:
            ticket = room_of(request).join()
        except RoomError as exc:
            return room_error(exc)
        return SafeJSON({"code": ticket.code, "seat": ticket.seat, "token": ticket.token})

    async def hand_log(request: Request) -> Response:
        try:
            room = room_of(request)
        except RoomError as exc:
            return room_error(exc)
        auth = request.headers.get("authorization", "")
        token = auth[len("Bearer "):] if auth.startswith("Bearer ") else request.query_params.get("token", "")
        try:
            room.seat_of(token)
        except RoomError:
            return error(f"the logs of table {room.code} are for the people who sat at it: give your seat's token", 403)
        raw = str(request.path_params["n"])
        # ASCII digits only, and few ("²" is a digit to str.isdigit but no number to int, and
        # int refuses more than 4,300 digits): any other hand number names no hand
        number = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else 0
        if not 1 <= number <= len(room.logs):
            return error(f"table {room.code} has {len(room.logs)} finished hands; there is no hand {raw!r}", 404)
        return PlainTextResponse(
            room.logs[number - 1], media_type="application/x-ndjson; charset=utf-8", headers={"cache-control": "no-store"}
        )

    async def seat_socket(websocket: WebSocket) -> None:
        client = client_of(websocket)
        await websocket.accept()  # then refuse with a close code the browser can read
        if sockets[client] >= bounds.sockets_per_client:
            await websocket.close(CLOSE_CROWDED, "too many connections from this address")
            return
        channel = SeatChannel(asyncio.get_running_loop())
        try:
            room = tables.get(str(websocket.path_params["code"]))
            room.connect(websocket.query_params.get("token", ""), channel)
        except RoomError as exc:
            await websocket.close(CLOSE_UNKNOWN, _reason(str(exc)))
            return
        sockets[client] += 1
        try:
            code, reason = await _serve_seat(websocket, channel, bounds.max_message)
        finally:
            sockets[client] -= 1
            if not sockets[client]:
                del sockets[client]
            channel.close(CLOSE_NORMAL, "the browser left")  # the seat's bot takes over until the person is back
        if websocket.client_state is WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):  # the browser may have gone already
                await websocket.close(code, _reason(reason))

    async def sweep_now_and_then() -> None:
        period = min(5.0, bounds.wait_limit / 4, bounds.keep_finished / 4)
        while True:
            await asyncio.sleep(period)
            tables.sweep()

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(sweep_now_and_then())
        yield
        sweeper.cancel()
        tables.stop_all()

    routes = [
        Route("/", lobby),
        Route("/t/{code}", table_page),
        Route("/api/variants", variant_list),
        Route("/api/tables", open_table, methods=["POST"]),
        Route("/api/tables/{code}", describe),
        Route("/api/tables/{code}/join", join, methods=["POST"]),
        Route("/api/tables/{code}/logs/{n}", hand_log),
        WebSocketRoute("/ws/{code}", seat_socket),
    ]
    names = frozenset(name.strip().lower().rstrip(".") for name in host_names)
    middleware = [Middleware(_security_headers)] + ([Middleware(_local_hosts_only, also=names)] if local_only else [])
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware)
    app.state.tables = tables
    app.state.limits = bounds
    return app


async def _serve_seat(websocket: Any, channel: SeatChannel, max_message: int) -> tuple[int, str]:
    """Move lines both ways between ``websocket`` and ``channel`` until one side ends;
    the close code and reason the websocket should end with."""
    import anyio  # Starlette's own task groups: a cancelled request cancels all three at once

    async with anyio.create_task_group() as group:

        async def until_done(step: Callable[[], Awaitable[None]]) -> None:
            await step()
            group.cancel_scope.cancel()  # whichever ends first ends the other two

        group.start_soon(until_done, lambda: _to_browser(websocket, channel))
        group.start_soon(until_done, lambda: _from_browser(websocket, channel, max_message))
        group.start_soon(until_done, channel.cut)
    return channel.closed_code or CLOSE_NORMAL, channel.closed_reason


async def _to_browser(websocket: Any, channel: SeatChannel) -> None:
    """Send the game's lines until the game ends the channel, or the browser goes."""
    while (line := await channel.next_line()) is not None:
        try:
            await websocket.send_text(line)
        except Exception:  # noqa: BLE001 - however the server says it (a disconnect, a closing socket), the browser has gone
            channel.close(CLOSE_NORMAL, "the browser left")
            return


async def _from_browser(websocket: Any, channel: SeatChannel, max_message: int) -> None:
    """Hand the browser's text messages to the game until it leaves or breaks a bound."""
    while True:
        try:
            message = await websocket.receive()
        except Exception:  # noqa: BLE001 - as in _to_browser: the connection is gone
            channel.close(CLOSE_NORMAL, "the browser left")
            return
        if message["type"] == "websocket.disconnect":
            channel.close(CLOSE_NORMAL, "the browser left")
            return
        text = message.get("text")
        if text is None:
            channel.close(CLOSE_BINARY, "the protocol is text: one JSON line per message")
            return
        if len(text) > max_message or len(text.encode("utf-8", "surrogatepass")) > max_message:  # (chars first: cheap)
            channel.close(CLOSE_TOO_BIG, f"a message is at most {max_message} bytes")
            return
        if not channel.put(text):
            return



def _reason(text: str) -> str:
    """``text`` cut to fit a websocket close frame's reason (123 bytes of UTF-8)."""
    return text.encode("utf-8")[:120].decode("utf-8", "ignore")
