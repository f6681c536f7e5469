"""Running a terminal table from the command line: refuse politely without a terminal, and
make sure that however the app ends, a round in play is called off and everyone leaves with
their chips."""

from __future__ import annotations

import signal
import sys

import typer

from twentyone.tui.app import TableApp


def need_terminal() -> None:
    """The table is interactive: without a terminal (a pipe, CI) say so instead of waiting."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        typer.echo("twentyone play needs a terminal to play at; for headless play use "
                   "--auto basic --rounds N [--json].", err=True)
        raise typer.Exit(2)


def run_app(app: TableApp) -> None:
    """Run the app; however it ends (a key, Ctrl-C, a closed terminal: SIGHUP), a round in play
    is called off and every person leaves with their chips; then the goodbye (with where the
    hand histories went and their seals, once the app has closed)."""
    signal.signal(signal.SIGHUP, lambda *_: app.call_later(app.action_leave))
    try:
        app.run()
    finally:
        app.leave()
    for line in app.farewell:
        typer.echo(line)
