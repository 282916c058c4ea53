"""``nbmj serve``: the web table, an ASGI application on Starlette.

Pages: ``/`` (the lobby: open a table, or join one by its room code) and ``/t/CODE`` (the
table). JSON: ``POST /api/tables`` opens a table, ``GET /api/tables/CODE`` describes it,
``POST /api/tables/CODE/join`` gives a newcomer a seat and its token, ``GET
/api/tables/CODE/logs/N`` returns hand N's event log (``nbmj replay`` and ``nbmj view`` read
it). The seat itself is a websocket, ``/ws/CODE?token=TOKEN``, on which the server and the
browser speak ``nbmj-bot/1`` exactly as a bot program does over its standard input: one
protocol line per text message. Every answer is checked against the legal actions by the
same code that checks a bot's, so a forged or illegal message changes nothing but a
recorded fault.

Only variants the server was started with, or shipped ones, can be played: a browser
cannot make the server read a file. The server listens on 127.0.0.1 unless told otherwise.
Starlette and uvicorn come with the ``web`` extra (``pip install 'nbmj[web]'``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
import html
import json
from pathlib import Path
from typing import Any

from ..bots.transport import QueueTransport, TransportClosed
from ..errors import NbmjError
from ..rules import RuleSet, load_variant
from ..rules.registry import known_names, list_variants
from .table import Room, RoomError, Tables
from .viewer import page_template, tile_faces

__all__ = ["create_app", "WebUnavailable"]

# A message from a browser longer than this is dropped unread (an answer is a few bytes).
_MESSAGE_LIMIT = 1 << 16


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

    def names(self) -> list[str]:
        return list(self._rules) + [n for n in list_variants() if n not in self._rules]

    def load(self, name: str) -> RuleSet:
        if name in self._rules:
            return self._rules[name]
        if name in known_names():  # a shipped name or alias, never a path
            return load_variant(name)
        raise RoomError(f"this server does not play {name!r}; it plays {', '.join(self.names())}")


def create_app(
    variants: Sequence[str] = (),
    *,
    log_dir: Path | None = None,
    time_limit: float | None = 30.0,
    pause: float = 5.0,
    hands: int = 4,
    bot: str = "greedy",
) -> Any:
    """The ASGI application. ``variants``: names or files to offer besides the shipped
    ones (the first is the lobby's default); ``log_dir``: where every hand's log is kept
    (also kept in memory); ``time_limit``: seconds a person has per move; ``pause``:
    seconds between hands; ``hands``: a match's default length; ``bot``: who plays the
    empty seats and stands in for a person who has disconnected."""
    try:
        from starlette.applications import Starlette
        from starlette.requests import Request
        from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
        from starlette.routing import Route, WebSocketRoute
        from starlette.websockets import WebSocket, WebSocketDisconnect
    except ImportError:
        raise WebUnavailable("the web table needs Starlette and uvicorn: pip install 'nbmj[web]'") from None

    known = _Variants(variants)
    tables = Tables(known.load, log_dir=log_dir, time_limit=time_limit, pause=pause, hands=hands, bot=bot)

    def error(message: str, status: int = 400) -> Response:
        return JSONResponse({"error": message}, status_code=status)

    def room_of(request: Request) -> Room:
        return tables.get(str(request.path_params["code"]))

    async def lobby(request: Request) -> Response:
        page = page_template("lobby.html").replace("{{DEFAULT}}", html.escape(known.default))
        return HTMLResponse(page)

    async def table_page(request: Request) -> Response:
        try:
            room = room_of(request)
        except RoomError as exc:
            return HTMLResponse(f"<!DOCTYPE html><title>nbmj</title><p>{exc}</p>", status_code=404)
        faces = json.dumps(tile_faces(), ensure_ascii=False).replace("<", "\\u003c")
        return HTMLResponse(page_template("table.html").replace("{{CODE}}", room.code).replace("{{TILES}}", faces))

    async def list_variants(request: Request) -> Response:
        return JSONResponse({"variants": known.names(), "default": known.default})

    async def open_table(request: Request) -> Response:
        try:
            body = await request.json()
        except ValueError:
            return error("the request is not JSON")
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
        try:
            room = tables.create(variant, humans=humans, hands=count, seed=seed)
        except NbmjError as exc:
            return error(str(exc).splitlines()[0])
        return JSONResponse(room.summary(), status_code=201)

    async def describe(request: Request) -> Response:
        try:
            return JSONResponse(room_of(request).summary())
        except RoomError as exc:
            return error(str(exc), 404)

    async def join(request: Request) -> Response:
        try:
            ticket = room_of(request).join()
        except RoomError as exc:
            return error(str(exc), 404 if "no table" in str(exc) else 409)
        return JSONResponse({"code": ticket.code, "seat": ticket.seat, "token": ticket.token})

    async def hand_log(request: Request) -> Response:
        try:
            room = room_of(request)
        except RoomError as exc:
            return error(str(exc), 404)
        raw = str(request.path_params["n"])
        if not raw.isdigit() or not 1 <= int(raw) <= len(room.logs):
            return error(f"table {room.code} has {len(room.logs)} finished hands; there is no hand {raw!r}", 404)
        return PlainTextResponse(room.logs[int(raw) - 1], media_type="application/x-ndjson; charset=utf-8")

    async def seat_socket(websocket: WebSocket) -> None:
        code = str(websocket.path_params["code"])
        token = websocket.query_params.get("token", "")
        try:
            room = tables.get(code)
            _, end = room.connect(token)
        except RoomError:
            await websocket.close(code=4404)
            return
        await websocket.accept()
        to_browser = asyncio.create_task(_pump_to_browser(end, websocket))
        try:
            while True:
                message = await websocket.receive_text()
                if len(message) <= _MESSAGE_LIMIT:
                    end.send(message)
        except (WebSocketDisconnect, TransportClosed, RuntimeError):
            pass
        finally:
            end.close()  # the seat's bot takes over until the person connects again
            to_browser.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await to_browser

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        yield
        tables.stop_all()

    routes = [
        Route("/", lobby),
        Route("/t/{code}", table_page),
        Route("/api/variants", list_variants),
        Route("/api/tables", open_table, methods=["POST"]),
        Route("/api/tables/{code}", describe),
        Route("/api/tables/{code}/join", join, methods=["POST"]),
        Route("/api/tables/{code}/logs/{n}", hand_log),
        WebSocketRoute("/ws/{code}", seat_socket),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.tables = tables
    return app


async def _pump_to_browser(end: QueueTransport, websocket: Any) -> None:
    """Move protocol lines from the game thread to the browser until either side goes."""
    try:
        while True:
            line = await asyncio.to_thread(end.receive, 0.25)
            if line is not None:
                await websocket.send_text(line)
    except TransportClosed:
        with contextlib.suppress(Exception):
            await websocket.close()
