"""``twentyone verify FILE``: check a hand history or the house's record of a game.

A player's history is checked against its shoes: each opened shoe must match the commitment made
when it was shuffled, and every card the player saw must be the one at its place in that shoe; its
lines must be numbered and chained in order, each starting with the chips the one before it left.
The house's record is dealt again round by round through the engine, each round chained to the one
before it; rounds from a shoe still in play when it was written are committed to (their hashes
only) and checked as links of the chain. The file is read one line at a time. Those two are the
casino table's own chained records; any game's history (``games.history.replay_record``) is
found in the registry by the game it names and played again through the protocol, and its seal
shown (docs/games/protocol.md#checking-a-games-history).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from twentyone.engine.records import (
    HOUSE_FORMAT,
    PLAYER_FORMAT,
    check_house,
    iter_lines,
    verify_player,
)
from twentyone.errors import ReplayError
from twentyone.games.history import Replayed, is_game_record, replay_record
from twentyone.games.registry import CARD_GAME, HOUSE_BANKS, PLAYER_BANKS
from twentyone.protocol import HOUSE, Game


def verify(
    path: Annotated[Path, typer.Argument(help="A hand history or a house record (JSON lines).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Check a hand history (the cards you saw against the shoes committed to), the house's
    full record of a game, or any game's history (every move played again), and show its
    seal."""
    if not path.is_file():
        raise typer.BadParameter(f"no file {path}")
    try:
        result, text = _check(path)
    except ReplayError as exc:
        typer.echo(f"Not verified: {exc}", err=True)
        raise typer.Exit(1) from None
    typer.echo(json.dumps(result, indent=2) if as_json else text)


def _check(path: Path) -> tuple[dict[str, Any], str]:
    """What the record at ``path`` is and what checking it found, for ``--json`` and in words."""
    rest = iter_lines(path)
    first = next(rest)
    kind = first.get("format")
    lines = itertools.chain([first], rest)
    result: dict[str, Any]
    if kind == HOUSE_FORMAT:
        house = check_house(lines)
        result = {"record": "house", "rounds": house.rounds + house.committed,
                  "committed": house.committed, "seal": house.seal,
                  "last_round": None if house.table is None else house.table.round}
        text = (f"The house's record of {_n(house.rounds, 'round')} deals again exactly, "
                "each round where the one before it ended.")
        if house.committed:
            text += (f" {_n(house.committed, 'more round')} from the shoe still in play "
                     f"{'is' if house.committed == 1 else 'are'} committed to, not shown: "
                     "download the record again once that shoe is finished to check them.")
        text += f" It is sealed {house.seal}: compare with the seal the game showed."
        return result, text
    if kind == PLAYER_FORMAT:
        check = verify_player(lines)
        result = {"record": "player", "rounds": check.rounds,
                  "shoes_opened": check.shoes_opened, "cards_checked": check.cards_checked,
                  "seal": check.seal, "closed": check.closed}
        text = (f"{_n(check.rounds, 'round')}, every line in order and none missing: "
                f"{_n(check.shoes_opened, 'shoe')} opened, each the shoe committed to before "
                f"it was dealt, and the {_n(check.cards_checked, 'card')} you saw came off "
                f"them in order. It is sealed {check.seal}: compare with the seal the game "
                "showed.")
        if not check.closed:
            text += " The game had not ended: the shoe in play is not opened yet."
        return result, text
    if is_game_record(first):
        if next(rest, None) is not None:
            raise ReplayError(f"{path}: a game's history is one line")
        return _game(replay_record(first))
    if isinstance(kind, str) and kind.startswith("twentyone-player-history/"):
        raise ReplayError(f"{path} is a hand history in a format this version does not check "
                          f"({kind}; it checks {PLAYER_FORMAT}, whose lines are chained)")
    raise ReplayError(f"{path} is neither a hand history nor a house record")


def _game(replayed: Replayed) -> tuple[dict[str, Any], str]:
    """What replaying a game's history found, in the words of its kind of game (rounds dealt
    at a table, moves and hands of a card game), with its seal."""
    game = replayed.game
    words = REPORTS[replayed.kind]
    result, text = words(replayed.name, replayed.title, game)
    result["seal"] = replayed.seal
    if replayed.committed is not None:
        result["committed"] = replayed.committed
        text += (f" The pack still in play is committed to ({replayed.committed}), not shown: "
                 "download the game again once it is finished to check the rest.")
    if replayed.decks:
        result["commitments"] = list(replayed.decks)
        last = replayed.decks[-1]
        text += (f" {_n(len(replayed.decks), 'deck')} dealt, each the deck committed to before "
                 f"it was dealt (the last, {last}: compare with the commitment the table "
                 "showed).")
    text += f" It is sealed {replayed.seal}: compare with the seal the game showed."
    return result, text


def _table(name: str, title: str, game: Game) -> tuple[dict[str, Any], str]:
    rounds = game.seat_view(HOUSE).ctx.hand
    return ({"record": name, "rounds": rounds},
            f"The {title} game of {_n(rounds, 'round')} deals again exactly, every operation "
            "through the same table and every event as recorded.")


def _cards(name: str, title: str, game: Game) -> tuple[dict[str, Any], str]:
    moves = len(game.history()["ops"])
    hands = len(game.hand_results())
    return ({"record": name, "hands": hands, "operations": moves},
            f"The {title} game deals again exactly: {_n(moves, 'move')} through the same "
            f"rules, every event as recorded, {_n(hands, 'hand')} finished.")


#: How a replayed history is reported, by the registry's kind of game.
REPORTS: dict[str, Callable[[str, str, Game], tuple[dict[str, Any], str]]] = {
    HOUSE_BANKS: _table, PLAYER_BANKS: _table, CARD_GAME: _cards}


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"
