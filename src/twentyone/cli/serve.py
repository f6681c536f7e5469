"""``twentyone serve``: the party table in the browser (docs/web.md).

Prints the address to join (and a QR code of it, for phones), then serves until interrupted.
Every open room in the ledger is dealt again first, so a server stopped at any moment carries on
where its ledger says.
"""

from __future__ import annotations

import io
import socket
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from twentyone.cli.options import warn_predictable
from twentyone.engine.shoe import Shuffler, StackedShuffler
from twentyone.errors import LedgerError
from twentyone.rules import PRESETS


def serve(
    rules: Annotated[str, typer.Option(
        "--rules", help="The preset the page offers first when a room is created.")]
    = "classic",
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "0.0.0.0",
    port: Annotated[int, typer.Option("--port", min=0, max=65535,
                                      help="Port (0: any free port).")] = 8000,
    db: Annotated[Path | None, typer.Option(
        "--db", help="The ledger's SQLite file (default: in your data folder).")] = None,
    stack: Annotated[str | None, typer.Option(
        "--stack", hidden=True,
        help="Testing: cards dealt first in each room's first shoe, e.g. 10s,As,6h,7d.")]
    = None,
) -> None:
    """Serve the party table: everyone joins from a browser on the same network."""
    # The server's libraries are loaded here, not with the CLI: every other command would pay
    # for them at start (half a second).
    import uvicorn

    from twentyone.web.app import create_app
    from twentyone.web.store import SqliteStore, default_db

    if rules not in PRESETS:
        raise typer.BadParameter(f"--rules is one of the presets: {', '.join(PRESETS)}")
    path = db or default_db()
    try:
        store = SqliteStore(path)
    except (OSError, sqlite3.DatabaseError) as exc:
        raise LedgerError(f"cannot use {path} as the ledger: {exc}") from None
    warn_predictable(None, bool(stack))
    app = create_app(store, live=_live(stack), rules=rules)
    # Frames go out uncompressed: a state frame is about 3 KB, every change sends one to every
    # connection, and compressing each for each connection was a fifth of the server's work.
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws_max_size=1 << 16,
                            ws_per_message_deflate=False)
    server = uvicorn.Server(config)
    config.load()
    sock = config.bind_socket()
    bound = sock.getsockname()[1]
    url = f"http://{_reachable(host)}:{bound}/"
    typer.echo(f"The party table is open at {url}  (ledger: {path})")
    typer.echo("Scan to join:")
    typer.echo(_qr(url))
    typer.echo("Stop with Ctrl-C; the ledger keeps every room.", err=True)
    server.run(sockets=[sock])
    store.close()


def _live(stack: str | None) -> Callable[[], Shuffler]:
    """Each room's shuffler: the secure source, or (testing) with the first cards named."""
    from twentyone.web.shoes import secure_shuffler

    if not stack:
        return secure_shuffler
    cards = [c.strip() for c in stack.split(",") if c.strip()]
    return lambda: StackedShuffler([cards], then=secure_shuffler())


def _reachable(host: str) -> str:
    """The address others on the network use: this machine's own when listening on all."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # no packet is sent; it picks the outgoing interface
            address: str = s.getsockname()[0]
            return address
        except OSError:
            return "127.0.0.1"


def _qr(url: str) -> str:
    """The address as a QR code in terminal characters (segno's compact half-block drawing)."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
