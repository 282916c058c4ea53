"""``nbmj serve``: the web table on this machine."""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path

import click


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` (0: any free port) and listening, so that the
    address printed is the one served."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise click.BadParameter(f"cannot listen on {host!r}: {exc.strerror}", param_hint="--host") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise click.BadParameter(f"cannot listen on {host}:{port}: {exc.strerror}", param_hint="--port") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (this machine only by default).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: a free one, printed).")
@click.option("--variant", "variants", multiple=True, metavar="NAME|FILE",
              help="A variant to offer besides the shipped ones (repeatable; the first is the lobby's default).")
@click.option("--hands", default=4, show_default=True, type=click.IntRange(1, 64), help="Hands in a match, by default.")
@click.option("--time-limit", default=30.0, show_default=True, type=click.FloatRange(1, 3600),
              help="Seconds a person has for each move; then the seat plays its default move.")
@click.option("--bot", default="greedy", show_default=True, type=click.Choice(["random", "greedy", "strong"]),
              help="Who plays the empty seats and a seat whose person has disconnected.")
@click.option("--logs", "log_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Keep every hand's log in this directory too (they are kept in memory while their table is).")
@click.option("--max-rooms", default=100, show_default=True, type=click.IntRange(1),
              help="Tables held at once, in all (a finished one makes way for a new one).")
@click.option("--rooms-per-client", default=4, show_default=True, type=click.IntRange(1),
              help="Tables one address may have waiting or playing at once.")
@click.option("--sockets-per-client", default=8, show_default=True, type=click.IntRange(1),
              help="Seat connections one address may have open at once.")
@click.option("--allow-host", "host_names", multiple=True, metavar="NAME",
              help="On a loopback address, a name to answer to besides localhost and loopback addresses "
                   "(repeatable): the site's name, behind a reverse proxy that passes the browser's Host.")
@click.option("--connections-per-client", default=None, type=click.IntRange(1),
              help="Connections one address may have open at once, seat connections included "
                   "[default: 8 more than --sockets-per-client].")
@click.option("--request-time", default=10.0, show_default=True, type=click.FloatRange(1, 3600),
              help="Seconds a connection has to send a whole request; then it is closed.")
@click.option("--wait-limit", default=600.0, show_default=True, type=click.FloatRange(1),
              help="Seconds a table waits for its people; then bots take the seats of those not come.")
@click.option("--idle-moves", default=3, show_default=True, type=click.IntRange(1),
              help="Requests in a row a person may let time out before they are disconnected.")
def serve(
    host: str, port: int, variants: tuple[str, ...], hands: int, time_limit: float, bot: str, log_dir: Path | None,
    host_names: tuple[str, ...], max_rooms: int, rooms_per_client: int, sockets_per_client: int,
    connections_per_client: int | None,
    request_time: float, wait_limit: float, idle_moves: int,
) -> None:
    """Open a web table: people play in the browser against bots, in any variant.

    Open the printed address, open a table, and share its room code: each person who joins
    with it takes a free seat. Browser seats speak the nbmj-bot/1 protocol over a
    websocket, like any bot. What one address can make the server hold is bounded (the
    options above; messages of 4 KiB, request bodies of 4 KiB, finished tables kept 30
    minutes). Needs the web extra: pip install 'nbmj[web]'.
    """
    from ..web.limits import Limits, LimitsError
    from ..web.server import WebUnavailable, create_app

    try:
        limits = Limits(
            max_rooms=max_rooms, rooms_per_client=rooms_per_client, sockets_per_client=sockets_per_client,
            connections_per_client=connections_per_client, request_time=request_time,
            wait_limit=wait_limit, idle_moves=idle_moves,
        )
    except LimitsError as exc:
        raise click.BadParameter(str(exc), param_hint="--connections-per-client") from None
    # on a loopback address, only requests addressed to this machine: no DNS rebinding
    app = create_app(
        variants, log_dir=log_dir, time_limit=time_limit, hands=hands, bot=bot, limits=limits, local_only=_is_loopback(host),
        host_names=host_names,
    )
    try:
        import uvicorn
    except ImportError:
        raise WebUnavailable("the web table needs Starlette and uvicorn: pip install 'nbmj[web]'") from None
    if not _is_loopback(host):
        click.echo(f"warning: listening on {host}: anyone who can reach this address can open tables", err=True)
    sock = _listening_socket(host, port)
    bound = sock.getsockname()[1]
    from ..web.guard import guarded_http_protocol, guarded_websocket_protocol, quiet_client_faults

    config = uvicorn.Config(
        app,
        # a client's connections are counted, and one that sends no whole request is closed
        http=guarded_http_protocol(limits),
        ws=guarded_websocket_protocol() or "auto",  # and a client that reads nothing is cut off
        log_level="warning",
        ws_max_size=limits.max_message,  # a larger message closes the connection (1009)
        # a client is the address it connects from: X-Forwarded-For, which uvicorn would
        # believe from 127.0.0.1, would let a client name itself anew at every request and
        # slip every per-client bound (and is the browser's own, behind a proxy that passes it)
        proxy_headers=False,
        # every connection and request in flight, in all: 503 beyond (each room seats at most four)
        limit_concurrency=4 * limits.max_rooms + 64,
        timeout_keep_alive=5,
    )
    quiet_client_faults()  # (after the Config, which sets uvicorn's logging up)
    click.echo(f"nbmj web table on http://{host}:{bound}/  (Ctrl-C to stop)", err=True)
    uvicorn.Server(config).run(sockets=[sock])
