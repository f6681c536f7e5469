"""The ``twentyone`` command line (Typer): an index of the commands, each defined in its own
module of this package. Commands import their shared options from ``options``; nothing imports
this module but the entry point."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import platformdirs
import typer
from typer._click.exceptions import ClickException
from typer.core import TyperGroup

from twentyone.cli.chips import chips_cmd
from twentyone.cli.indices import indices
from twentyone.cli.options import Command, plain_type, printable_lines
from twentyone.cli.play import play
from twentyone.cli.ramp import ramp
from twentyone.cli.rules import rules_cmd
from twentyone.cli.serve import serve
from twentyone.cli.shuffle import shuffle
from twentyone.cli.sim import sim
from twentyone.cli.strategy import chart, dealer, edge, ev
from twentyone.cli.train import train
from twentyone.cli.verify import verify
from twentyone.engine import native
from twentyone.errors import TwentyOneError

if TYPE_CHECKING:  # Typer carries its own copy of click; its Context is what the group takes.
    from typer._click.core import Context

#: Options whose value may be left out, and what they then mean (``--auto`` alone: the bots'
#: usual play). Typer has no optional-value options, so the word is filled in before parsing.
OPTIONAL_VALUES = {"--auto": "basic"}


class Commands(TyperGroup):
    """The command group, filling in the value of an option given without one, and the last
    net under every command: an error the package raises on purpose (``TwentyOneError``) or a
    file that cannot be read or written (``OSError``) that a command let through is shown as
    one line and exit status 2 (a request refused) or 1 (a file), never a traceback. Each
    command validates its own options first; anything else (a bug) still shows its trace.
    A reader gone from the pipe (``twentyone edge | head -c1``) ends the command quietly with
    status 1 (Typer's own handling); the standard streams are made ready first
    (``ready_streams``)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        ready_streams()
        return super().main(*args, **kwargs)

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise  # the reader left: Typer ends quietly with status 1
        except ClickException as exc:  # a refusal Typer prints: what it quotes is shown as text
            exc.message = printable_lines(exc.message)
            raise
        except TwentyOneError as exc:
            typer.echo(f"Error: {printable_lines(str(exc))}", err=True)
            raise typer.Exit(2) from None
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            typer.echo(f"Error: {printable_lines(f'{where}{exc.strerror or exc}')}", err=True)
            raise typer.Exit(1) from None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:  # ``--version``, shown bare like the commands' flags
            plain_type(param)

    def get_help_option(self, ctx: Context) -> Any:
        """The index's ``--help`` shown bare, like the commands' (``plain_type``)."""
        option = super().get_help_option(ctx)
        if option is not None:
            plain_type(option)
        return option

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        filled: list[str] = []
        for i, arg in enumerate(args):
            filled.append(arg)
            nxt = args[i + 1] if i + 1 < len(args) else None
            if arg in OPTIONAL_VALUES and (nxt is None or nxt.startswith("-")):
                filled.append(OPTIONAL_VALUES[arg])
        return super().parse_args(ctx, filled)


#: Symbols the commands print (suits, chips, blocks, dashes): a stream whose encoding cannot
#: write them shows each as "?" rather than failing part way (``PYTHONIOENCODING=ascii``).
SYMBOLS = "♠♥♦♣●█¢—░"


def ready_streams() -> None:
    """Before any command: a closed stdin reads as empty (so a command that needs a terminal
    says so), a closed stdout is refused in one line on stderr (status 2: nothing could be
    shown), and a stream that cannot encode the symbols replaces them instead of failing."""
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - lives as long as stdin
    if sys.stdout is None:
        if sys.stderr is not None:
            print("Error: standard output is closed; twentyone has nowhere to write",
                  file=sys.stderr)
        raise SystemExit(2)
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            SYMBOLS.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                reconfigure(errors="replace")


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
    if native.NOTICE and _first_time(native.NOTICE):
        # The engine meant to run compiled runs as Python: say why, in one line, once.
        typer.echo(f"twentyone: {native.NOTICE}", err=True)


def _first_time(notice: str) -> bool:
    """Whether ``notice`` is new to this user for this build: it is said once, not before
    every command, and again only when the build or the reason changes. Remembered in the
    user's cache directory; where that cannot be written, it is said every time."""
    build = native.read_build()
    key = hashlib.sha256(f"{notice}\n{json.dumps(build, sort_keys=True)}".encode()).hexdigest()
    marker = Path(platformdirs.user_cache_dir("twentyone")) / "engine-notice"
    try:
        if marker.read_text(encoding="utf-8") == key:
            return False
    except OSError:
        pass
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text(key, encoding="utf-8")
    except OSError:
        pass
    return True


app.command("rules", cls=Command)(rules_cmd)
app.command("play", cls=Command)(play)
app.command("sim", cls=Command)(sim)
app.command("chart", cls=Command)(chart)
app.command("edge", cls=Command)(edge)
app.command("ev", cls=Command)(ev)
app.command("indices", cls=Command)(indices)
app.command("ramp", cls=Command)(ramp)
app.command("dealer", cls=Command)(dealer)
app.command("verify", cls=Command)(verify)
app.command("train", cls=Command)(train)
app.command("shuffle", cls=Command)(shuffle)
app.command("chips", cls=Command)(chips_cmd)
app.command("serve", cls=Command)(serve)
