"""The ``twentyone`` command line (Typer): an index of the commands, each defined in its own
module of this package. Commands import their shared options from ``options``; nothing imports
this module but the entry point."""

from __future__ import annotations

from importlib.metadata import version
from typing import TYPE_CHECKING, Annotated

import typer
from typer.core import TyperGroup

from twentyone.cli.chips import chips_cmd
from twentyone.cli.play import play
from twentyone.cli.rules import rules_cmd
from twentyone.cli.shuffle import shuffle
from twentyone.cli.sim import sim
from twentyone.cli.strategy import chart, dealer, edge, ev
from twentyone.cli.verify import verify

if TYPE_CHECKING:  # Typer carries its own copy of click; its Context is what the group takes.
    from typer._click.core import Context

#: Options whose value may be left out, and what they then mean (``--auto`` alone: the bots'
#: usual play). Typer has no optional-value options, so the word is filled in before parsing.
OPTIONAL_VALUES = {"--auto": "basic"}


class Commands(TyperGroup):
    """The command group, filling in the value of an option given without one."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        filled: list[str] = []
        for i, arg in enumerate(args):
            filled.append(arg)
            nxt = args[i + 1] if i + 1 < len(args) else None
            if arg in OPTIONAL_VALUES and (nxt is None or nxt.startswith("-")):
                filled.append(OPTIONAL_VALUES[arg])
        return super().parse_args(ctx, filled)


app = typer.Typer(cls=Commands, add_completion=False, no_args_is_help=True,
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
app.command("shuffle")(shuffle)
app.command("chips")(chips_cmd)
