"""``twentyone play --game pontoon``: Pontoon at the terminal, or bots playing it headless.

Every seat is a player; one of them banks, marked on screen, and the bank passes visibly when a
player's natural takes it. One person plays seat 1 and bots the other seats, as someone sitting
down alone expects; ``--people N`` seats people in seats 1 to N, who take turns at the keyboard
(a hot seat): each decision shows only what that seat may see, through ``views``. ``--bot SEAT``
instead names the bots' seats, people playing the rest. ``--auto`` seats bots everywhere
and prints what the deals did; its JSON carries every seat's ``bankroll_start`` and
``bankroll_end`` under ``seats`` and ``bank_changes``, the times the bank changed hands.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table as RichTable

from twentyone.cli.options import dollars_option, warn_predictable
from twentyone.cli.seating import Seating
from twentyone.cli.terminal import need_terminal, run_app
from twentyone.engine.shoe import RandomShuffler
from twentyone.errors import RulesError
from twentyone.games.registry import TABLES, TableEntry
from twentyone.money import Cents, dollars
from twentyone.tui.launch import pontoon_app


def play(s: Seating) -> None:
    """Run the Pontoon face of ``twentyone play`` (the options checked for this kind of game by
    ``cli.play``)."""
    _play(TABLES[s.game], s.game, players=s.players, bots=sorted(set(s.bots)),
          people=s.people, auto=s.auto, rounds=s.rounds, seed=s.seed, as_json=s.as_json,
          bankroll=dollars_option("--bankroll", s.bankroll), history=s.history,
          banker=s.banker)


def _play(entry: TableEntry, name: str, *, players: int, bots: list[int], people: int | None,
          auto: str | None, rounds: int, seed: int | None, as_json: bool, bankroll: Cents,
          history: Path | None, banker: int | None = None) -> None:
    try:
        game = entry.game(name, {"players": players}, RandomShuffler.seeded(seed))
    except RulesError as exc:
        raise typer.BadParameter(str(exc)) from None
    chip = game.rules.min_bet
    chips = bankroll // chip
    if chips < 1:
        raise typer.BadParameter(f"--bankroll buys no {dollars(chip)} chip")
    if bankroll % chip:
        raise typer.BadParameter(f"--bankroll: {dollars(bankroll)} cannot be made with "
                                 f"Pontoon's {dollars(chip)} chips")
    if any(not 1 <= b <= players for b in bots):
        raise typer.BadParameter(f"--bot seats are 1 to {players}")
    if banker is not None and banker > players:
        raise typer.BadParameter(f"--banker: the seats are 1 to {players}")
    if auto is not None:
        strategy = entry.aliases.get(auto, auto)
        if strategy not in entry.levels:
            raise typer.BadParameter(
                f"--auto for pontoon names the banker bot: {', '.join(entry.levels)}")
        _auto(entry, name, players, strategy, rounds=rounds, seed=seed, chips=chips,
              as_json=as_json)
        return
    if as_json:
        raise typer.BadParameter("--json reports headless play: add --auto reading --rounds N")
    humans = _humans(players, bots, people)
    if not humans:
        raise typer.BadParameter("every seat is a bot: use --auto reading --rounds N to watch")
    warn_predictable(seed, stacked=False)
    need_terminal()
    run_app(pontoon_app(game, humans, chips=chips, history=history, first_banker=banker))


def _humans(players: int, bots: list[int], people: int | None) -> list[int]:
    """The seats people play: seats 1 to ``people`` (one person when neither option is
    given), or, where ``--bot`` names the bots' seats, every other seat."""
    if people is not None and bots:
        raise typer.BadParameter("give --people (people in seats 1 to N, bots in the rest) or "
                                 "--bot (the bots' seats), not both")
    if people is not None and people > players:
        raise typer.BadParameter(f"--people {people} is more than the {players} --players")
    if bots:
        return [n for n in range(1, players + 1) if n not in bots]
    return list(range(1, (people or 1) + 1))


def _auto(entry: TableEntry, name: str, players: int, strategy: str, *, rounds: int,
          seed: int | None, chips: int, as_json: bool) -> None:
    """The registry's headless run (``TableEntry.auto``): bots in every seat, the banker
    playing ``strategy``, every move through the game's ``legal`` and ``apply``."""
    game = entry.game(name, {"players": players}, RandomShuffler.seeded(seed))
    rules = game.rules
    chip = rules.min_bet
    report = entry.auto(game, entry.levels[strategy](rules), strategy, seats=players,
                        rounds=rounds, bankroll=chips * chip)
    result = report.result
    if as_json:
        typer.echo(json.dumps({"seed": seed, **report.json}, indent=2))
        return
    out = RichTable(title=f"{result.rounds} deals of Pontoon, {strategy} banker, "
                          f"{report.bank_changes} changes of bank")
    for col in ("seat", "start", "end", "hands played", "chips/hand", "hands banked",
                "chips/hand banked"):
        out.add_column(col, justify="right")
    for n, s in sorted(result.seats.items()):
        out.add_row(str(n), dollars(s.bankroll_start), dollars(s.bankroll_end),
                    str(s.as_player.n), f"{s.as_player.mean / chip:+.3f}", str(s.as_banker.n),
                    f"{s.as_banker.mean / chip:+.3f}")
    player, banker = (t.scaled(chip) for t in result.pooled())
    out.caption = (f"All seats: {player.mean:+.4f} ± {player.stderr:.4f} chips a hand as a "
                   f"player, {banker.mean:+.4f} ± {banker.stderr:.4f} as the banker")
    Console().print(out)
