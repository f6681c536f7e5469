"""Save and replay any game's history by the game's name (see ``core.history``)."""

from __future__ import annotations

import json
from typing import Any

from .core.errors import GameReplayError
from .core.game import Game
from .core.history import FORMAT, dumps, replay_into, to_history
from .registry import GAMES

__all__ = ["FORMAT", "dumps", "loads", "replay", "to_history"]


def replay(data: dict[str, Any]) -> Game[Any]:
    """The game a history records, replayed and checked; ``GameReplayError`` if it differs."""
    entry = GAMES.get(str(data.get("game")))
    if entry is None:
        raise GameReplayError(f"no game called {data.get('game')!r}")
    return replay_into(data, entry.game, entry.rules)


def loads(text: str) -> Game[Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GameReplayError(f"not a JSON history: {exc}") from exc
    if not isinstance(data, dict):
        raise GameReplayError("a history is a JSON object")
    return replay(data)
