"""``twentyone play --game solo-whist|durak|president``: the card room's other games.

Without ``--auto`` one person plays seat 1 at the terminal against the game's bots, its best
unless ``--level`` names another (``strong``, ``beginner``; ``twentyone.tui.cardroom``); that
needs a terminal, so with stdin or stdout redirected the command says so and exits with status
2 rather than waiting for keys that cannot come.
``--auto LEVEL`` seats bots of that level everywhere (``strong``, ``best``, ``beginner`` or
``random``, see ``games.levels``) and prints what the hands did (with ``--json``, the runner's
report: ``games`` dealt and per seat the counters won or lost, the times it was the durak, or the
titles it held); every move goes through the game's own checks and every hand is checked for
lost or doubled cards.
"""

from __future__ import annotations

import json
import sys

import typer
from rich.console import Console
from rich.table import Table as RichTable

from twentyone.cli.seating import Seating
from twentyone.errors import RulesError
from twentyone.games.auto import play_many
from twentyone.games.levels import ALIASES, bot_names
from twentyone.games.registry import BEST, GAMES
from twentyone.tui.cardroom import make_cardroom

#: ``--auto`` alone (or ``--auto basic``, the casino game's word) means the game's best bots;
#: ``heuristic`` was their name before there were levels.
AUTO_ALIASES = {"basic": "best", **ALIASES}


def play(s: Seating) -> None:
    """Sit a person down at the game against bots, or with ``--auto`` run it headless (the
    options checked for this kind of game by ``cli.play``)."""
    game, players, auto, rounds, seed, as_json = (s.game, s.players, s.auto, s.rounds, s.seed,
                                                  s.as_json)
    if auto is None:
        if as_json:
            raise typer.BadParameter("--json reports headless play: add --auto --rounds N")
        _at_the_terminal(game, players, seed, s.level or BEST)
        return
    bot = AUTO_ALIASES.get(auto, auto)
    if bot not in bot_names(game):
        raise typer.BadParameter(f"--auto for {game} names the bots' level: "
                                 f"{', '.join(bot_names(game))}")
    try:
        result = play_many(game, players, rounds, 0 if seed is None else seed,
                           [bot] * players)
    except RulesError as exc:
        raise typer.BadParameter(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    Console().print(_summary(game, result))


def _at_the_terminal(game: str, players: int, seed: int | None, level: str) -> None:
    """Run the card room app; print the final standings again once the screen is gone."""
    try:
        app = make_cardroom(game, players, seed, level=level)
    except RulesError as exc:
        raise typer.BadParameter(str(exc)) from None
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        typer.echo(f"twentyone play --game {game} needs a terminal (or add --auto --rounds N "
                   "to let bots play headless)", err=True)
        raise typer.Exit(2)
    standings = app.run()
    if standings is not None:
        Console().print(standings)


def _summary(game: str, result: dict[str, object]) -> RichTable:
    """Per seat, what counts in this game, in words (the registry's ``seat_words``)."""
    out = RichTable(title=f"{result['games']} hands of {game.replace('-', ' ').title()}")
    out.add_column("seat", justify="right")
    out.add_column("result")
    seats = result["seats"]
    assert isinstance(seats, dict)
    words = GAMES[game].seat_words
    assert words is not None
    for n, s in seats.items():
        out.add_row(n, words(s))
    return out
