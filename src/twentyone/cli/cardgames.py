"""``twentyone play --game solo-whist|durak|president``: the card room's other games.

``--auto`` seats bots everywhere and prints what the hands did (with ``--json``, the runner's
report: ``games`` dealt and per seat the counters won or lost, the times it was the durak, or the
titles it held); every move goes through the game's own checks and every hand is checked for
lost or doubled cards.
"""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.table import Table as RichTable

from twentyone.errors import RulesError
from twentyone.games.auto import play_many
from twentyone.games.registry import BOTS, GAMES

#: ``--auto`` alone (or ``--auto basic``, the casino game's word) means the games' own bots.
AUTO_ALIASES = {"basic": "heuristic"}


def play(*, game: str, players: int, auto: str | None, rounds: int, seed: int | None,
         as_json: bool) -> None:
    """Run ``game`` headless with bots (options already parsed by ``cli.play``)."""
    if auto is None:
        raise typer.BadParameter(
            f"{game} is played by bots for now: add --auto --rounds N (at the terminal with "
            "people, only the casino game and Pontoon so far)")
    bot = AUTO_ALIASES.get(auto, auto)
    if bot not in BOTS:
        raise typer.BadParameter(f"--auto for {game} names the bots: {', '.join(BOTS)}")
    try:
        result = play_many(game, players, rounds, 0 if seed is None else seed,
                           [bot] * players)
    except RulesError as exc:
        raise typer.BadParameter(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    Console().print(_summary(game, result))


def _summary(game: str, result: dict[str, object]) -> RichTable:
    """Per seat, what counts in this game, in words."""
    out = RichTable(title=f"{result['games']} hands of {game.replace('-', ' ').title()}")
    out.add_column("seat", justify="right")
    out.add_column("result")
    seats = result["seats"]
    assert isinstance(seats, dict)
    for n, s in seats.items():
        if game == "solo-whist":
            text = (f"{s['counters']:+d} counters; made {s['made']} of "
                    f"{s['declared']} contracts declared")
        elif game == "durak":
            text = f"the durak {s['durak']} times"
        else:
            text = ", ".join(f"{title} {k}" for title, k in s["titles"].items() if k) or "-"
        out.add_row(n, text)
    return out


def names() -> list[str]:
    return list(GAMES)
