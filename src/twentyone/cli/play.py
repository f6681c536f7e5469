"""``twentyone play``: sit down at the terminal table, or let bots play headless.

With no options it seats one person at the classic table (docs/casino.md#classic) with $1,000, the
README's first command. ``--auto`` puts a bot in every seat and prints what the rounds did; its JSON
is a contract for demos and checks (the casino game's ``house_net`` is minus the seats' net, to
the cent). The game named by ``--game`` is looked up in the registry, and its kind of game picks
the front end (``FRONTS``): which options it takes, and what seats people or runs the bots. A new
game of a kind already here needs nothing in this module.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from twentyone.cli import cardgames, casino
from twentyone.cli import pontoon as pontoon_cli
from twentyone.cli.names import GAME_WORDS, resolve
from twentyone.cli.options import MAX_SEED, check_writable, given, refuse_unused
from twentyone.cli.seating import GAME_OPTIONS, Front, Seating
from twentyone.games.registry import (
    CARD_GAME,
    GAMES,
    HOUSE_BANKS,
    PLAYER_BANKS,
    ROOM_GAMES,
)
from twentyone.sim.counting import SYSTEMS
from twentyone.strategy.play import CHARTS

#: The most rounds ``--auto`` plays in one run (a few minutes of the engine; ``twentyone sim``
#: deals billions).
MAX_ROUNDS = 1_000_000

#: Each kind of game of the registry (``games.registry.KINDS``), as the command line plays it.
FRONTS: dict[str, Front] = {
    HOUSE_BANKS: Front(
        frozenset({"rules", "set_", "seats", "stack", "bankroll", "bot", "history", "coach",
                   "count", "profile", "fresh_bankroll"}),
        "to the casino game (it seats --seats players)",
        ("bot",), "with --auto (every seat is a bot already)", casino.play),
    PLAYER_BANKS: Front(
        frozenset({"players", "people", "bankroll", "bot", "history", "banker"}),
        "to Pontoon (its rules are fixed; seat players with --players)",
        ("people", "banker"), "with --auto (every seat is a bot)", pontoon_cli.play),
    CARD_GAME: Front(frozenset({"players", "level"}), "to {game}", ("level",),
                     "with --auto (--auto names the bots' level)", cardgames.play),
}


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
             f"{', '.join(GAMES)}: strong, best, beginner or random).")]
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
                       f"or another game of the card room: {', '.join(GAMES)}.")]
    = "casino",
    players: Annotated[int, typer.Option(
        "--players", min=2, max=14,
        help="With --game other than casino: players (Pontoon: the banker included).")]
    = 4,
    people: Annotated[int | None, typer.Option(
        "--people", min=1, max=14,
        help="Pontoon: people sharing this screen, in seats 1 to N (default 1; bots play the "
        "other seats).")] = None,
    coach: Annotated[bool, typer.Option(
        "--coach", help="A coach beside you: after a play that is not the best one it says "
        "what was, and what the mistake cost (F3 turns it off and on).")] = False,
    count: Annotated[str | None, typer.Option(
        "--count", help=f"The count you keep ({', '.join(SYSTEMS)}): the coach asks for it "
        "between rounds now and then, and advises Hi-Lo's index plays.")] = None,
    profile: Annotated[str | None, typer.Option(
        "--profile", help="Your trainer profile: it keeps each session's statistics (train "
        "stats shows them) and your chips: you sit down with what you left with.")] = None,
    fresh_bankroll: Annotated[bool, typer.Option(
        "--fresh-bankroll", help="With --profile: start again from --bankroll instead of "
        "the chips you left with.")] = False,
    banker: Annotated[int | None, typer.Option(
        "--banker", min=1, max=14,
        help="Pontoon: the seat that banks first, as the players agree (else the pack is dealt "
        "round for a black jack).")] = None,
    level: Annotated[str | None, typer.Option(
        "--level", help=f"With --game {'|'.join(GAMES)} at the terminal: the bots you play "
        "against (strong, best or beginner; default best).")] = None,
) -> None:
    """Sit down at a blackjack table in the terminal (or let bots play with --auto)."""
    check_writable(history, "the hand history", "--history")
    game = resolve(game, ROOM_GAMES, what="game", option="--game", words=GAME_WORDS)
    entry = ROOM_GAMES[game]
    front = FRONTS[entry.kind]
    _refuse_unused_options(ctx, game, front, auto)
    front.play(Seating(game, rules, set_ or [], seats, bankroll, seed, bot or [], auto, rounds,
                       as_json, history, stack, players, people, coach, count, profile,
                       fresh_bankroll, banker, level))


def _refuse_unused_options(ctx: typer.Context, game: str, front: Front,
                           auto: str | None) -> None:
    """Options that would be silently ignored for this game or mode are refused instead."""
    refuse_unused(ctx, tuple(o for o in GAME_OPTIONS if o not in front.takes),
                  front.not_here.format(game=game))
    if auto is not None:
        refuse_unused(ctx, ("history", "stack"), "with --auto (bots play headless; keep a "
                      "history of a game at the table)")
        refuse_unused(ctx, ("coach", "count", "profile", "fresh_bankroll"),
                      "with --auto (the coach sits beside a person at the table)")
        refuse_unused(ctx, front.not_with_auto, front.why_not_with_auto)
    else:
        refuse_unused(ctx, ("rounds",), "without --auto (rounds at the table go on until you "
                      "leave)")
        if as_json_given(ctx):
            raise typer.BadParameter("--json reports headless play: add --auto --rounds N")


def as_json_given(ctx: typer.Context) -> bool:
    return bool(given(ctx, "as_json")) and bool(ctx.params.get("as_json"))
