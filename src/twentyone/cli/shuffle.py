"""``twentyone shuffle``: the dealer's multi-deck hand shuffle, shown step by step in the
terminal (``--procedure``) or measured against a uniform shuffle (``--measure``); see
docs/dealing.md#the-hand-shuffle. The table itself always shuffles uniformly."""

from __future__ import annotations

import math
import time
from typing import Annotated

import numpy as np
import typer
from rich.console import Console, Group
from rich.live import Live
from rich.table import Table as RichTable
from rich.text import Text

from twentyone.cli.options import MAX_SEED
from twentyone.engine.handshuffle import DEFAULT_RIFFLES, HandShuffle, Step, quality

#: The colour of a card by the quarter of the shoe it started in (stacks 1 to 4).
QUARTER_COLOURS = ("red", "yellow", "green", "blue")
#: Cards drawn per line of the picture.
WIDTH = 78
#: The longest pause between steps, and the most shuffles measured a row (each is kept in
#: memory: eight decks' orders and a uniform one, about 7 KB a shuffle).
MAX_DELAY = 10.0
MAX_TRIALS = 10_000


def _strip(cards: np.ndarray, n: int, plain: bool = False) -> Text:
    """Cards as coloured blocks, top first, each by the quarter it started in; ``plain``: as
    the quarter's number (1 to 4), for a file, where colours do not go."""
    text = Text()
    for i, c in enumerate(cards):
        if i and i % WIDTH == 0:
            text.append("\n")
        quarter = min(3, int(c) * 4 // n)
        text.append(str(quarter + 1) if plain else "█", style=QUARTER_COLOURS[quarter])
    return text


def _frame(step: Step, number: int, total: int, n: int, plain: bool = False) -> Group:
    parts: list[Text | RichTable] = [
        Text(f"step {number}/{total}: {step.action} - {step.text}", style="bold")]
    for i, s in enumerate(step.stacks):
        if len(s):
            line = Text(f"stack {i + 1} ({len(s):3d}) ")
            line.append_text(_strip(s[:WIDTH - 14], n, plain))
            parts.append(line)
    n_pile = len(step.pile)
    parts.append(Text(f"pile on the cut card ({n_pile} card{'' if n_pile == 1 else 's'}, "
                      "top first):"))
    parts.append(_strip(step.pile, n, plain))
    return Group(*parts)


def shuffle(
    procedure: Annotated[bool, typer.Option(
        "--procedure", help="Show the hand shuffle step by step.")] = False,
    measure: Annotated[bool, typer.Option(
        "--measure", help="Measure how far from uniform each number of riffles leaves a "
        "shoe.")] = False,
    decks: Annotated[int, typer.Option("--decks", min=1, max=8, help="Packs in the shoe.")] = 6,
    riffles: Annotated[int, typer.Option(
        "--riffles", min=0, max=20, help="Riffles per pair of grabs.")] = DEFAULT_RIFFLES,
    seed: Annotated[int | None, typer.Option("--seed", min=0, max=MAX_SEED,
                                             help="Seed for a repeatable run.")] = None,
    delay: Annotated[float, typer.Option(
        "--delay", min=0.0, max=MAX_DELAY,
        help="Seconds between steps of --procedure (none when the output is not a "
        "terminal).")] = 0.6,
    trials: Annotated[int, typer.Option(
        "--trials", min=10, max=MAX_TRIALS, help="Shuffles per row of --measure.")] = 300,
) -> None:
    """The dealer's multi-deck hand shuffle: four stacks, about a deck from opposite stacks
    riffled together (Gilbert-Shannon-Reeds riffles), a strip, the box and the cut. For showing
    and study only: the table always shuffles uniformly."""
    if math.isnan(delay):  # a range lets "nan" through: it compares false both ways
        raise typer.BadParameter("a number of seconds, not nan", param_hint="--delay")
    console = Console()
    if not procedure and not measure:
        procedure = True
    n = 52 * decks
    if procedure:
        proc = HandShuffle(riffles=riffles)
        proc.run(n, np.random.default_rng(seed), record=True)
        steps = proc.steps
        if not console.is_terminal:
            # A file or a program: every step, one after another, each card written as the
            # number of the quarter it started in (a live picture would leave only the last).
            console.print("Each card is written as the quarter of the shoe it started in, 1 "
                          "(the top) to 4.")
            for i, step in enumerate(steps):
                console.print()
                console.print(_frame(step, i + 1, len(steps), n, plain=True))
        else:
            console.print("Each card is coloured by the quarter of the shoe it started in: "
                          + "  ".join(f"[{c}]█[/] {i + 1}"
                                      for i, c in enumerate(QUARTER_COLOURS)))
            with Live(_frame(steps[0], 1, len(steps), n), console=console,
                      auto_refresh=False) as live:
                for i, step in enumerate(steps):
                    live.update(_frame(step, i + 1, len(steps), n), refresh=True)
                    if delay:
                        time.sleep(delay)
    if measure:
        table = RichTable(title=f"The hand shuffle of {decks} deck{'s' if decks > 1 else ''} "
                                f"from new-pack order, {trials} shuffles a row")
        for col in ("riffles", "rising sequences", "uniform", "place correlation",
                    "quarter table TV", "TV of uniform"):
            table.add_column(col, justify="right")
        for r in sorted({0, 1, 2, 3, 4, 6, 8, riffles}):
            q = quality(decks, r, trials, seed=0 if seed is None else seed)
            table.add_row(str(r), f"{q.rising:.1f} ± {q.rising_se:.1f}",
                          f"{q.rising_uniform:.1f}",
                          f"{q.correlation:+.3f} ± {q.correlation_se:.3f}",
                          f"{q.quarters_tv:.3f}", f"{q.quarters_tv_uniform:.3f}")
        console.print(table)
        console.print("Rising sequences reach the uniform figure only after several riffles; "
                      "the quarter table (which quarter a card starts and ends in) stays off "
                      "uniform whatever the riffles, because cards are riffled only with the "
                      "opposite stack's.")
