"""The ``twentyone`` command line (Typer). Each family of commands lives in its own module and is
registered here, so this file stays an index of what the command line offers."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from .errors import RulesError
from .money import dollars
from .rules import PRESET_DESCRIPTIONS, PRESETS, Rules, load_rules, parse_set_options

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="twentyone: casino blackjack by the book.")

RulesOpt = Annotated[str, typer.Option("--rules", help="Preset name or TOML rules file.")]
SetOpt = Annotated[list[str] | None, typer.Option("--set", help="Override one option: key=value.")]


def rules_from_cli(rules: str, set_: list[str] | None) -> Rules:
    """Rules from ``--rules`` and ``--set``; a bad option exits with the reason, not a trace."""
    try:
        return load_rules(rules, parse_set_options(set_ or []))
    except RulesError as exc:
        raise typer.BadParameter(str(exc)) from None


@app.command("rules")
def rules_cmd(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """List the rule presets."""
    if as_json:
        typer.echo(json.dumps({n: r.to_mapping() for n, r in PRESETS.items()}, indent=2))
        return
    table = RichTable(title="Rule presets")
    for col in ("preset", "decks", "dealer", "double", "limits", "about"):
        table.add_column(col)
    for name, r in PRESETS.items():
        table.add_row(name, str(r.decks), "H17" if r.hit_soft_17 else "S17", r.double_on,
                      f"{dollars(r.min_bet)}-{dollars(r.max_bet)}", PRESET_DESCRIPTIONS[name])
    Console().print(table)


from . import play_cli  # noqa: E402  (registered last: play_cli uses this module's helpers)

app.command("play")(play_cli.play)

from . import sim_cli  # noqa: E402  (registered last: sim_cli uses this module's helpers)

app.command("sim")(sim_cli.sim)

from . import strategy_cli  # noqa: E402  (registered last: strategy_cli uses this module's helpers)

app.command("chart")(strategy_cli.chart)
app.command("edge")(strategy_cli.edge)
app.command("ev")(strategy_cli.ev)
app.command("dealer")(strategy_cli.dealer)
