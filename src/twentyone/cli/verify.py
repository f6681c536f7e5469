"""``twentyone verify FILE``: check a hand history or the house's record of a game.

A player's history is checked against its shoes: each opened shoe must match the commitment made
when it was shuffled, and every card the player saw must be the one at its place in that shoe; its
lines must be numbered and chained in order, each starting with the chips the one before it left.
The house's record is dealt again round by round through the engine, each round chained to the one
before it; rounds from a shoe still in play when it was written are committed to (their hashes
only) and checked as links of the chain. The file is read one line at a time.
"""

from __future__ import annotations

import itertools
import json
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
from twentyone.games.history import FORMAT as CARD_GAMES_FORMAT
from twentyone.games.history import replay as replay_card_game
from twentyone.pontoon.history import FORMAT as PONTOON_FORMAT
from twentyone.pontoon.history import replay_game


def verify(
    path: Annotated[Path, typer.Argument(help="A hand history or a house record (JSON lines).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Check a hand history (the cards you saw against the shoes committed to), the house's
    full record of a game, a Pontoon game's history (every round dealt again), or a Solo Whist,
    Durak or President game's history (every move played again)."""
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
    if kind == PONTOON_FORMAT:
        if next(rest, None) is not None:
            raise ReplayError(f"{path}: a Pontoon game's history is one line")
        rounds, committed = _pontoon_rounds(first)
        result = {"record": "pontoon", "rounds": rounds}
        text = (f"The Pontoon game of {_n(rounds, 'round')} deals again exactly, every "
                "operation through the same table and every event as recorded.")
        if committed is not None:
            result["committed"] = committed
            text += (f" The pack still in play is committed to ({committed}), not shown: "
                     "download the game again once it is finished to check the rest.")
        return result, text
    if kind == CARD_GAMES_FORMAT:
        if next(rest, None) is not None:
            raise ReplayError(f"{path}: a card game's history is one line")
        game = replay_card_game(first)
        hands = len(game.hand_results())
        result = {"record": game.name, "hands": hands, "operations": len(game.ops)}
        text = (f"The {game.title} game deals again exactly: {_n(len(game.ops), 'move')} "
                f"through the same rules, every event as recorded, {_n(hands, 'hand')} "
                "finished.")
        return result, text
    if isinstance(kind, str) and kind.startswith("twentyone-player-history/"):
        raise ReplayError(f"{path} is a hand history in a format this version does not check "
                          f"({kind}; it checks {PLAYER_FORMAT}, whose lines are chained)")
    raise ReplayError(f"{path} is neither a hand history nor a house record")


def _pontoon_rounds(history: dict[str, Any]) -> tuple[int, str | None]:
    """Deal a whole Pontoon game again (docs/pontoon.md#pontoon), and the commitment to the
    pack still in play if the game was recorded before it was finished; a record too damaged
    to be read is refused like one that deals differently."""
    try:
        table = replay_game(history)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError,
            RecursionError) as exc:
        raise ReplayError(f"not a complete Pontoon record ({type(exc).__name__})") from None
    committed = history.get("committed")
    return table.round, None if committed is None else str(committed["hash"])


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"
