"""``twentyone rules``: the rule presets, as a table or as JSON."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from twentyone.money import dollars
from twentyone.rules import PRESET_DESCRIPTIONS, PRESETS


def rules_cmd(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """List the rule presets."""
    if as_json:
        typer.echo(json.dumps({n: r.to_mapping() for n, r in PRESETS.items()}, indent=2))
        return
    table = RichTable(title="Rule presets")
    for col in ("preset", "decks", "dealer", "double", "DAS", "surrender", "limits"):
        table.add_column(col, no_wrap=True)
    table.add_column("about", ratio=1, min_width=20)
    for name, r in PRESETS.items():
        table.add_row(name, str(r.decks), "H17" if r.hit_soft_17 else "S17", r.double_on,
                      "yes" if r.double_after_split else "no", r.surrender,
                      f"{dollars(r.min_bet)}-{dollars(r.max_bet)}",
                      PRESET_DESCRIPTIONS[name])
    table.caption = ("Any option can be changed at the table with --set key=value, e.g. "
                     "--set surrender=late; `twentyone play` shows the changes in its title "
                     "and every option on F2.")
    Console().print(table)
