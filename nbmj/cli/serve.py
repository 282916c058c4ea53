"""``nbmj serve``: the web table on this machine."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import click


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (this machine only by default).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--variant", "variants", multiple=True, metavar="NAME|FILE",
              help="A variant to offer besides the shipped ones (repeatable; the first is the lobby's default).")
@click.option("--hands", default=4, show_default=True, type=click.IntRange(1, 64), help="Hands in a match, by default.")
@click.option("--time-limit", default=30.0, show_default=True, type=click.FloatRange(1, 3600),
              help="Seconds a person has for each move; then the seat plays its default move.")
@click.option("--bot", default="greedy", show_default=True, type=click.Choice(["random", "greedy", "strong"]),
              help="Who plays the empty seats and a seat whose person has disconnected.")
@click.option("--logs", "log_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Keep every hand's log in this directory too (they are always kept in memory).")
def serve(host: str, port: int, variants: tuple[str, ...], hands: int, time_limit: float, bot: str, log_dir: Path | None) -> None:
    """Open a web table: people play in the browser against bots, in any variant.

    Open the printed address, open a table, and share its room code: each person who joins
    with it takes a free seat. Browser seats speak the nbmj-bot/1 protocol over a
    websocket, like any bot. Needs the web extra: pip install 'nbmj[web]'.
    """
    from ..web.server import WebUnavailable, create_app

    app = create_app(variants, log_dir=log_dir, time_limit=time_limit, hands=hands, bot=bot)
    try:
        import uvicorn
    except ImportError:
        raise WebUnavailable("the web table needs Starlette and uvicorn: pip install 'nbmj[web]'") from None
    if not _is_loopback(host):
        click.echo(f"warning: listening on {host}: anyone who can reach this address can open tables", err=True)
    click.echo(f"nbmj web table on http://{host}:{port}/  (Ctrl-C to stop)", err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
