"""``twentyone play``: sit down at the terminal table, or let bots play headless.

With no options it seats one person at the classic table (docs/casino.md#classic) with $1,000, the
README's first command. ``--auto`` puts a bot in every seat and prints what the rounds did; its JSON
is a contract for demos and checks: ``house_net`` is minus the seats' net, to the cent.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from twentyone.cli import cardgames
from twentyone.cli import pontoon as pontoon_cli
from twentyone.cli.options import (
    MAX_SEED,
    buy_in_option,
    check_writable,
    dollars_option,
    given,
    printable,
    refuse_unused,
    rules_from_cli,
    warn_predictable,
)
from twentyone.cli.terminal import need_terminal, run_app
from twentyone.engine.shoe import RandomShuffler, Shuffler, StackedShuffler
from twentyone.engine.table import Table
from twentyone.errors import RulesError, TableError
from twentyone.money import Cents, dollars
from twentyone.rules import PRESETS, Rules
from twentyone.strategy.play import CHARTS, play_chart
from twentyone.tui.launch import casino_app

#: The most rounds ``--auto`` plays in one run (a few minutes of the engine; ``twentyone sim``
#: deals billions).
MAX_ROUNDS = 1_000_000
#: Options of the casino table only, and of the other games only.
CASINO_ONLY = ("rules", "set_", "seats", "stack")
OTHER_GAMES_ONLY = ("players",)
PONTOON_ONLY = ("people",)


def play(
    ctx: typer.Context,
    rules: Annotated[str, typer.Option("--rules", help="Preset name or TOML rules file.")]
    = "classic",
    set_: Annotated[list[str] | None,
                    typer.Option("--set", help="Override one rule option: key=value.")] = None,
    seats: Annotated[int, typer.Option("--seats", min=1, max=7,
                                       help="Seats taken, numbered from the dealer's left.")] = 1,
    bankroll: Annotated[str, typer.Option("--bankroll",
                                          help="Buy-in per seat, in dollars.")] = "1000",
    seed: Annotated[int | None, typer.Option("--seed", min=0, max=MAX_SEED,
                                             help="Seed the shuffle (replayable).")]
    = None,
    bot: Annotated[list[int] | None, typer.Option(
        "--bot", help="A seat played by a basic-strategy bot (repeat for more).")] = None,
    auto: Annotated[str | None, typer.Option(
        "--auto",
        help=f"Headless: bots in every seat play this ({', '.join(CHARTS)}; alone: basic; "
             "solo-whist, durak, president: best, beginner or random).")]
    = None,
    rounds: Annotated[int, typer.Option("--rounds", min=1, max=MAX_ROUNDS,
                                        help="Rounds to play with --auto.")] = 100,
    as_json: Annotated[bool, typer.Option("--json", help="With --auto: print JSON.")] = False,
    history: Annotated[Path | None, typer.Option(
        "--history", help="Append each round's JSON hand history to this file.")] = None,
    stack: Annotated[str | None, typer.Option(
        "--stack", hidden=True,
        help="Testing: cards dealt first after the shuffle, e.g. 8s,10h,8d,Ac.")] = None,
    game: Annotated[str, typer.Option(
        "--game", help="casino, pontoon (blackjack with a changing bank), "
                       "or another game of the card room: solo-whist, durak, president.")]
    = "casino",
    players: Annotated[int, typer.Option(
        "--players", min=2, max=14,
        help="With --game other than casino: players (Pontoon: the banker included).")]
    = 4,
    people: Annotated[int | None, typer.Option(
        "--people", min=1, max=14,
        help="Pontoon: people sharing this screen, in seats 1 to N (default 1; bots play the "
        "other seats).")] = None,
) -> None:
    """Sit down at a blackjack table in the terminal (or let bots play with --auto)."""
    check_writable(history, "the hand history", "--history")
    _refuse_unused_options(ctx, game, auto)
    if game == "pontoon":
        return pontoon_cli.play(
            players=players, bots=sorted(set(bot or [])), people=people, auto=auto,
            rounds=rounds, seed=seed, as_json=as_json,
            bankroll=dollars_option("--bankroll", bankroll), history=history)
    if game in cardgames.names():
        return cardgames.play(game=game, players=players, auto=auto, rounds=rounds, seed=seed,
                              as_json=as_json)
    if game != "casino":
        raise typer.BadParameter(
            f"--game is one of casino, pontoon, {', '.join(cardgames.names())}")
    table_rules = rules_from_cli(rules, set_)
    changing_bank = [n for n in table_rules.pontoon_options()
                     if n in ("dealer_decides", "changing_bank")]
    if changing_bank:  # the casino table has no banker seat, and no bot or key to draw for it
        raise typer.BadParameter(f"{' and '.join(changing_bank)} belong to the changing-bank "
                                 "game: play it with --game pontoon")
    stake = buy_in_option("--bankroll", bankroll, table_rules)
    bots = sorted(set(bot or []))
    if bots and bots[0] < 1:
        raise typer.BadParameter("seats are numbered from 1")
    taken = max([seats, *bots])
    if taken > table_rules.seats:
        raise typer.BadParameter(f"this table has {table_rules.seats} seats, not {taken}")
    if auto is not None:
        if auto not in CHARTS:
            raise typer.BadParameter(f"--auto must be one of {', '.join(CHARTS)}")
        _auto(table_rules, rules, auto, seats=taken, rounds=rounds, seed=seed,
              bankroll=stake, as_json=as_json)
        return
    if as_json:
        raise typer.BadParameter("--json reports headless play: add --auto basic --rounds N")
    humans = [n for n in range(1, taken + 1) if n not in bots]
    if not humans:
        raise typer.BadParameter("every seat is a bot: use --auto basic --rounds N to watch")
    warn_predictable(seed, bool(stack))
    try:
        table = Table(table_rules, _shuffler(stack, seed))
    except ValueError as exc:  # a --stack naming cards the shoe does not have
        raise typer.BadParameter(f"--stack: {exc}") from None
    for n in range(1, taken + 1):
        table.sit(n, stake)
    title = printable(Path(rules).stem if rules.endswith(".toml") else rules)
    need_terminal()
    app = casino_app(table, humans=humans, bot_seats=bots, stake=stake, name=title,
                     base=PRESETS.get(rules), history=history)
    run_app(app)


def _refuse_unused_options(ctx: typer.Context, game: str, auto: str | None) -> None:
    """Options that would be silently ignored for this game or mode are refused instead."""
    if game == "casino":
        refuse_unused(ctx, (*OTHER_GAMES_ONLY, *PONTOON_ONLY),
                      "to the casino game (it seats --seats players)")
    elif game == "pontoon":
        refuse_unused(ctx, CASINO_ONLY, "to Pontoon (its rules are fixed; seat players with "
                      "--players)")
    else:
        refuse_unused(ctx, (*CASINO_ONLY, *PONTOON_ONLY, "bankroll", "bot", "history"),
                      f"to {game}")
    if auto is not None:
        refuse_unused(ctx, ("history", "stack"), "with --auto (bots play headless; keep a "
                      "history of a game at the table)")
        if game == "casino":
            refuse_unused(ctx, ("bot",), "with --auto (every seat is a bot already)")
        else:
            refuse_unused(ctx, PONTOON_ONLY, "with --auto (every seat is a bot)")
    else:
        refuse_unused(ctx, ("rounds",), "without --auto (rounds at the table go on until you "
                      "leave)")
        if as_json_given(ctx):
            raise typer.BadParameter("--json reports headless play: add --auto --rounds N")


def as_json_given(ctx: typer.Context) -> bool:
    return bool(given(ctx, "as_json")) and bool(ctx.params.get("as_json"))


def _shuffler(stack: str | None, seed: int | None) -> Shuffler:
    """The shoe's shuffle: seeded or secure; ``--stack`` puts named cards on top of the first
    shoe (for demonstrating a split or an insurance offer on purpose)."""
    then = RandomShuffler.seeded(seed)
    if not stack:
        return then
    return StackedShuffler([[c.strip() for c in stack.split(",") if c.strip()]], then=then)


def _auto(rules: Rules, name: str, strategy: str, *, seats: int, rounds: int, seed: int | None,
          bankroll: Cents, as_json: bool) -> None:
    try:
        result = play_chart(rules, seats=seats, rounds=rounds, seed=seed, strategy=strategy,
                           bankroll=bankroll)
    except (RulesError, TableError) as exc:
        raise typer.BadParameter(str(exc)) from None
    if as_json:
        typer.echo(json.dumps({"rules": name, "seed": seed, "strategy": strategy,
                               **result.to_json()}, indent=2))
        return
    out = RichTable(title=f"{result.rounds} rounds of {escape(printable(name))}, {strategy} "
                          "strategy")
    for col in ("seat", "start", "end", "net", "wagered", "rounds"):
        out.add_column(col, justify="right")
    for n, s in sorted(result.seats.items()):
        out.add_row(str(n), dollars(s.bankroll_start), dollars(s.bankroll_end),
                    dollars(s.bankroll_end - s.bankroll_start), dollars(s.wagered),
                    str(s.rounds))
    console = Console()
    console.print(out)
    console.print(f"House net: {dollars(result.house_net)}")
