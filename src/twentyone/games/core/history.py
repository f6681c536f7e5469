"""Game histories as JSON: the rules, every shuffle, every operation and every event.

Replaying builds a fresh game from the rules, hands it the recorded shuffles, applies the
recorded operations through ``apply`` (so the rules are enforced by the one piece of code that
enforces them in play) and demands the very same events, each compared once as its operation
appends it (the time grows with the game's length, not its square). Any difference, a refused
operation or an unknown operation name raises ``GameReplayError``.
"""

from __future__ import annotations

import json
from typing import Any

from twentyone.errors import TableError

from .cards import parse_cards
from .errors import GameReplayError, GameRulesError
from .events import Event
from .game import HISTORY_FORMAT, CardGame
from .ops import op_from_json
from .rules import GameRules
from .shuffle import ReplayShuffler

FORMAT = HISTORY_FORMAT


def to_history(game: CardGame[Any]) -> dict[str, Any]:
    return game.history()


def dumps(game: CardGame[Any]) -> str:
    return json.dumps(to_history(game))


def replay_into(data: dict[str, Any], game_type: type[CardGame[Any]],
                rules_type: type[GameRules]) -> CardGame[Any]:
    """The game a history describes, replayed operation by operation and checked event by
    event."""
    if data.get("format") != FORMAT or data.get("game") != game_type.name:
        raise GameReplayError(f"not a {game_type.name} history in format {FORMAT}")
    try:
        rules = rules_type.from_mapping(data["rules"])
        shuffles = [parse_cards(order) for order in data["shuffles"]]
        expected = [Event.from_json(e) for e in data["events"]]
        ops = [op_from_json(o) for o in data["ops"]]
    except (GameRulesError, KeyError, TypeError, ValueError, AttributeError, IndexError,
            OverflowError, RecursionError) as exc:
        raise GameReplayError(f"the history is damaged: {str(exc)[:200]}") from None
    shuffler = ReplayShuffler(shuffles)
    game = game_type(rules, shuffler)
    checked = 0  # events already compared: each is compared once, so replaying is linear
    for number, op in enumerate(ops, 1):
        try:
            game.apply(op)
        except TableError as exc:
            raise GameReplayError(f"operation {number} ({op.name}) was refused: {exc}") from exc
        logged = len(game.log)
        if game.log[checked:logged] != expected[checked:logged]:
            raise GameReplayError(f"operation {number} ({op.name}) logs different events")
        checked = logged
    if game.log != expected:
        raise GameReplayError("the history records events the operations do not produce")
    if shuffler.used != len(shuffles):
        raise GameReplayError("the history records shuffles the game never used")
    return game
