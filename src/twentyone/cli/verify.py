"""``twentyone verify FILE``: check a hand history or the house's record of a game.

A player's history is checked against its shoes: each opened shoe must match the commitment made
when it was shuffled, and every card the player saw must be the one at its place in that shoe. The
house's record is dealt again round by round through the engine, each round chained to the one
before it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from twentyone.engine.records import (
    HOUSE_FORMAT,
    PLAYER_FORMAT,
    chain_seal,
    read_lines,
    verify_house,
    verify_player,
)
from twentyone.errors import ReplayError
from twentyone.pontoon.history import FORMAT as PONTOON_FORMAT
from twentyone.pontoon.history import replay_game


def verify(
    path: Annotated[Path, typer.Argument(help="A hand history or a house record (JSON lines).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Check a hand history (the cards you saw against the shoes committed to), the house's
    full record of a game, or a Pontoon game's history (every round dealt again)."""
    if not path.is_file():
        raise typer.BadParameter(f"no file {path}")
    try:
        lines = read_lines(path)
        kind = lines[0].get("format")
        if kind == HOUSE_FORMAT:
            table = verify_house(lines)
            result = {"record": "house", "rounds": len(lines), "seal": chain_seal(lines),
                      "last_round": table.round}
            text = (f"The house's record of {_n(len(lines), 'round')} deals again exactly, "
                    f"each round where the one before it ended. It is sealed {result['seal']}: "
                    "compare with the seal the game showed at its end.")
        elif kind == PLAYER_FORMAT:
            check = verify_player(lines)
            result = {"record": "player", "rounds": check.rounds,
                      "shoes_opened": check.shoes_opened, "cards_checked": check.cards_checked}
            text = (f"{_n(check.rounds, 'round')}: {_n(check.shoes_opened, 'shoe')} opened, "
                    "each the shoe committed to before it was dealt, and the "
                    f"{_n(check.cards_checked, 'card')} you saw came off them in order.")
        elif kind == PONTOON_FORMAT and len(lines) == 1:
            rounds = _pontoon_rounds(lines[0])
            result = {"record": "pontoon", "rounds": rounds}
            text = (f"The Pontoon game of {_n(rounds, 'round')} deals again exactly, every "
                    "operation through the same table and every event as recorded.")
        else:
            raise ReplayError(f"{path} is neither a hand history nor a house record")
    except ReplayError as exc:
        typer.echo(f"Not verified: {exc}", err=True)
        raise typer.Exit(1) from None
    typer.echo(json.dumps(result, indent=2) if as_json else text)


def _pontoon_rounds(history: dict[str, Any]) -> int:
    """Deal a whole Pontoon game again (docs/pontoon.md#pontoon); a record too damaged to be
    read is refused like one that deals differently."""
    try:
        table = replay_game(history)
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"not a complete Pontoon record ({type(exc).__name__}: {exc})") from None
    return table.round


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"
