"""``twentyone rules``: the rule presets, as a table or as JSON."""

from __future__ import annotations

import json
import textwrap
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from twentyone.money import dollars
from twentyone.rules import PRESET_DESCRIPTIONS, PRESETS

#: Below this width the presets are listed one under another (the table's "about" column was
#: cut to three characters at 80 columns and when piped).
WIDE = 110

#: The closing note, its example a command on a line of its own: wrapped as prose, the example
#: broke between ``--set`` and ``surrender=late`` at 80 columns and in a pipe.
CAPTION = ("Any option can be changed at the table with --set key=value, for example:\n"
           "  twentyone play --rules classic --set surrender=late\n"
           "`twentyone play` shows the changes in its title and every option on F2.")


def rules_cmd(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """List the rule presets."""
    if as_json:
        typer.echo(json.dumps({n: r.to_mapping() for n, r in PRESETS.items()}, indent=2))
        return
    console = Console()
    if console.width < WIDE:
        _listed(console)
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
    table.caption = CAPTION
    console.print(table)


def _listed(console: Console) -> None:
    """The presets one under another: the name and its main rules on a line, what it is
    about wrapped beneath it, for a narrow terminal or a pipe."""
    console.print(Text("Rule presets", style="bold"))
    for name, r in PRESETS.items():
        facts = [f"{r.decks} deck{'s' if r.decks > 1 else ''}",
                 "H17" if r.hit_soft_17 else "S17", f"double {r.double_on}",
                 "DAS" if r.double_after_split else "no DAS",
                 "no surrender" if r.surrender == "none" else f"{r.surrender} surrender",
                 f"{dollars(r.min_bet)}-{dollars(r.max_bet)}"]
        console.print()
        head = Text(name, style="bold")
        head.append("  " + " · ".join(facts))
        console.print(head)
        console.print(Text(textwrap.fill(PRESET_DESCRIPTIONS[name], console.width - 1,
                                         initial_indent="  ", subsequent_indent="  ")))
    console.print()
    console.print(Text(CAPTION, style="dim"))
