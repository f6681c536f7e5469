"""``twentyone serve``: the party table in the browser (docs/web.md).

Prints the address to join (and a QR code of it, for phones), then serves until interrupted. It
listens at once: each open room in the ledger is dealt again when it is first used, so a server
stopped at any moment carries on where its ledger says. What one client may ask of it (connections,
timeouts, rates) is set by the options below (docs/web.md#what-one-server-withstands).
"""

from __future__ import annotations

import gc
import io
import socket
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from twentyone.cli.options import warn_predictable
from twentyone.engine.shoe import Shuffler, StackedShuffler
from twentyone.errors import LedgerError, did_you_mean
from twentyone.rules import PRESETS

#: The defaults of ``web.limits.Limits``, repeated here so that the CLI does not load the server
#: to show its help (``test_serve_defaults_are_the_servers`` keeps them equal).
CONNS_PER_CLIENT = 64
TIMEOUT_S = 10.0
ROOM_IDLE_S = 600.0
NEW_ROOMS = 20
DOWNLOADS = 20
MESSAGES_PER_S = 20.0
CONNS_TOTAL = 2048
NEW_ROOMS_TOTAL = 100
DOWNLOADS_TOTAL = 8
#: Open files ``serve`` keeps for itself beyond its connections (the ledger, the trainers'
#: files, its libraries): the total of connections is at most the open-file limit less these
#: (or half the limit, where it is small).
FILES_KEPT = 64


def serve(
    rules: Annotated[str, typer.Option(
        "--rules", help="The preset the page offers first when a room is created.")]
    = "classic",
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "0.0.0.0",
    port: Annotated[int, typer.Option("--port", min=0, max=65535,
                                      help="Port (0: any free port).")] = 8000,
    db: Annotated[Path | None, typer.Option(
        "--db", help="The ledger's SQLite file (default: in your data folder).")] = None,
    conns_per_client: Annotated[int, typer.Option(
        "--conns-per-client", min=1, max=100_000,
        help="Connections one address may hold open at once.")] = CONNS_PER_CLIENT,
    conns_total: Annotated[int, typer.Option(
        "--conns-total", min=1, max=1_000_000,
        help="Connections all addresses together may hold open at once (at most the "
             "open-file limit allows).")] = CONNS_TOTAL,
    timeout: Annotated[float, typer.Option(
        "--timeout", min=0.1, max=3600,
        help="Seconds a new connection has to send its request, and a websocket its hello.")]
    = TIMEOUT_S,
    room_idle: Annotated[float, typer.Option(
        "--room-idle", min=1, max=7 * 86400,
        help="Seconds an unused room between rounds stays in memory (its ledger stays).")]
    = ROOM_IDLE_S,
    new_rooms: Annotated[int, typer.Option(
        "--new-rooms", min=1, max=100_000,
        help="Rooms one address may create at once (then one every 10 seconds).")] = NEW_ROOMS,
    new_rooms_total: Annotated[int, typer.Option(
        "--new-rooms-total", min=1, max=1_000_000,
        help="Rooms all addresses together may create at once (then one a second).")]
    = NEW_ROOMS_TOTAL,
    downloads: Annotated[int, typer.Option(
        "--downloads", min=1, max=100_000,
        help="Downloads one address may make at once (then one every 3 seconds).")]
    = DOWNLOADS,
    downloads_total: Annotated[int, typer.Option(
        "--downloads-total", min=1, max=10_000,
        help="Downloads under way or waiting at once, from all addresses together.")]
    = DOWNLOADS_TOTAL,
    messages: Annotated[float, typer.Option(
        "--messages", min=1, max=100_000,
        help="Messages a second one player's connection may send (after a burst of twice "
             "that); past it the connection is closed.")] = MESSAGES_PER_S,
    stack: Annotated[str | None, typer.Option(
        "--stack", hidden=True,
        help="Testing: cards dealt first in each room's first shoe, e.g. 10s,As,6h,7d.")]
    = None,
    count_checks: Annotated[float, typer.Option(
        "--count-checks", hidden=True, min=0, max=1,
        help="Testing: the share of rounds after which the coach asks a count check.")]
    = 0.25,
) -> None:
    """Serve the party table: everyone joins from a browser on the same network."""
    # The server's libraries are loaded here, not with the CLI: every other command would pay
    # for them at start (half a second).
    import uvicorn

    from twentyone.web.app import create_app
    from twentyone.web.gate import server_config
    from twentyone.web.limits import Limits, raise_open_files, throttle_logs
    from twentyone.web.store import SqliteStore, default_db

    if rules not in PRESETS:
        raise typer.BadParameter(f"no rules preset {rules!r}{did_you_mean(rules, PRESETS)} "
                                 f"(presets: {', '.join(PRESETS)})", param_hint="--rules")
    files = raise_open_files()
    if files is not None and files[0] > 0:  # RLIM_INFINITY is -1: no bound from files
        conns_total = max(1, min(conns_total, max(files[0] // 2, files[0] - FILES_KEPT)))
    limits = Limits(conns_per_client=conns_per_client, conns_total=conns_total,
                    header_timeout_s=timeout, hello_timeout_s=timeout, room_idle_s=room_idle,
                    rooms_burst=new_rooms, rooms_total_burst=new_rooms_total,
                    downloads_burst=downloads, downloads_total=downloads_total,
                    messages_burst=round(2 * messages), messages_per_s=messages)
    path = db or default_db()
    try:
        store = SqliteStore(path, wait_s=limits.ledger_wait_s)
    except (OSError, sqlite3.DatabaseError) as exc:
        raise LedgerError(f"cannot use {path} as the ledger: {exc}") from None
    warn_predictable(None, bool(stack))
    app = create_app(store, live=_live(stack), rules=rules, limits=limits,
                     count_checks=count_checks)
    config = server_config(app, host, port, limits)
    throttle_logs(limits.log_every_s)
    server = uvicorn.Server(config)
    config.load()
    sock = config.bind_socket()
    bound = sock.getsockname()[1]
    url = f"http://{_reachable(host)}:{bound}/"
    try:
        typer.echo(f"The party table is open at {url}  (ledger: {path})")
        typer.echo("Scan to join:")
        typer.echo(_qr(url))
        typer.echo("Stop with Ctrl-C; the ledger keeps every room.", err=True)
        _collect_less()
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        # uvicorn shuts down cleanly on Ctrl-C, then raises it again: that is how a person
        # stops the server, not a failure (it exited 130 and said nothing).
        pass
    finally:
        store.close()
    typer.echo(f"The party table is closed; the ledger keeps every room ({path}).")


def _collect_less() -> None:
    """Every request makes short-lived objects by the thousand (views, frames, deltas), and
    Python's cycle collector, at its default of a pass every 700 new objects, spent about 5%
    of the server's time walking them and the objects made at start-up. Those are frozen out
    of its passes (they live as long as the server), and it passes every 20,000: a few
    megabytes of cycles at most wait for it (three alternating runs of ``bench_web.py``: 0.33
    against 0.35 ms of processor time a request)."""
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)


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
