"""The ``twentyone`` command line (Typer): an index of the commands, each defined in its own
module of this package. Commands import their shared options from ``options``; nothing imports
this module but the entry point."""

from __future__ import annotations

from importlib.metadata import version
from typing import Annotated

import typer

from twentyone.cli.play import play
from twentyone.cli.rules import rules_cmd
from twentyone.cli.sim import sim
from twentyone.cli.strategy import chart, dealer, edge, ev
from twentyone.cli.verify import verify

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="twentyone: casino blackjack by the book.")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"twentyone {version('twentyone')}")
        raise typer.Exit()


@app.callback()
def main(
    show_version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Print the version and exit.")] = False,
) -> None:
    """twentyone: casino blackjack by the book."""


app.command("rules")(rules_cmd)
app.command("play")(play)
app.command("sim")(sim)
app.command("chart")(chart)
app.command("edge")(edge)
app.command("ev")(ev)
app.command("dealer")(dealer)
app.command("verify")(verify)
