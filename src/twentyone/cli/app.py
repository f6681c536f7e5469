"""The ``twentyone`` command line (Typer): an index of the commands, each defined in its own
module of this package. Commands import their shared options from ``options``; nothing imports
this module but the entry point."""

from __future__ import annotations

import typer

from twentyone.cli.options import Command, Group
from twentyone.cli.play import play
from twentyone.cli.rules import rules_cmd
from twentyone.cli.sim import sim
from twentyone.cli.strategy import chart, dealer, edge, ev

app = typer.Typer(cls=Group, add_completion=False, no_args_is_help=True,
                  help="twentyone: casino blackjack by the book.")

app.command("rules", cls=Command)(rules_cmd)
app.command("play", cls=Command)(play)
app.command("sim", cls=Command)(sim)
app.command("chart", cls=Command)(chart)
app.command("edge", cls=Command)(edge)
app.command("ev", cls=Command)(ev)
app.command("dealer", cls=Command)(dealer)
