"""``twentyone indices``: index numbers computed from the exact solver for any rules and any
count (docs/strategy.md#computed-index-numbers)."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from twentyone.cli.options import RulesOpt, SetOpt
from twentyone.cli.strategy import odds_rules
from twentyone.rules import Insurance, Rules
from twentyone.sim import indices as idx
from twentyone.sim.counting import SYSTEMS

CountOpt = Annotated[str, typer.Option(
    "--count", help=f"The count system: {', '.join(SYSTEMS)}.")]
DecksLeftOpt = Annotated[float | None, typer.Option(
    "--decks-left", help="Decks left before the deal at which the counts are figured (default: "
    "halfway through the dealt part of the shoe).")]


def load_indices(r: Rules, count: str, decks_left: float | None = None) -> idx.IndexSet:
    """The index set for these rules and count, saying on stderr when it must be solved."""
    if count not in SYSTEMS:
        raise typer.BadParameter(f"no count named {count!r}; counts: {', '.join(SYSTEMS)}",
                                 param_hint="--count")
    if decks_left is not None and not 0.25 <= decks_left < r.decks:
        raise typer.BadParameter(f"between 0.25 and {r.decks} (the shoe's decks), not "
                                 f"{decks_left:g}", param_hint="--decks-left")
    if idx.cached(r, count, decks_left):
        return idx.load(r, count, decks_left)
    err = Console(stderr=True, highlight=False)
    err.print("Solving the index numbers for these rules and this count once (a minute or two "
              "on two cores; later runs read them from the cache)...")
    start = time.perf_counter()
    with err.status("solving index numbers"):
        got = idx.load(r, count, decks_left)
    err.print(f"Solved in {time.perf_counter() - start:.0f} s.")
    return got


def _sign(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def indices(rules: RulesOpt = "classic", set_: SetOpt = None,
            count: CountOpt = "hilo", decks_left: DecksLeftOpt = None,
            as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
            every: Annotated[bool, typer.Option(
                "--all", help="Also list the plays the count never changes between -10 and "
                "+10.")] = False) -> None:
    """Print, for every play a count can change, the count at which the better play changes:
    exact EVs of both plays over the shoes a count stands for, from the solver."""
    r = odds_rules(rules, set_)  # the casino game's: Pontoon's options are refused by name
    found = load_indices(r, count, decks_left)
    if r.insurance is Insurance.NONE:  # the table offers none: nothing to index
        found = replace(found, plays=tuple(p for p in found.plays if p.kind != "insurance"))
    if as_json:
        # As the table: the plays a count changes, and with --all those it never does too.
        listed = found if every else replace(
            found, plays=tuple(p for p in found.plays if p.index is not None))
        typer.echo(json.dumps(listed.to_json(), indent=1))
        return
    console = Console()
    console.print(f"[bold]{found.rules}[/], {SYSTEMS[count].description}")
    console.print(f"Convention: {found.convention}.")
    table = RichTable("Hand", "Up", "Play", "Index", "Otherwise", "Crossing")
    shown = 0
    for p in found.plays:
        if p.index is None and not every:
            continue
        shown += 1
        if p.index is None:
            when = "never (within -10..+10)"
        else:
            when = (f"{_sign(p.index)} or more" if p.direction == "above"
                    else f"below {_sign(p.index)}")
        table.add_row(p.hand, p.up, p.play, when, p.instead,
                      "" if p.crossing is None else f"{p.crossing:+.1f}")
    console.print(table)
    if not every:
        console.print(f"{len(found.plays) - shown} more plays never change between -10 and +10 "
                      "(--all lists them).")
