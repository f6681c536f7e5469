"""The game-neutral core every game in ``twentyone.games`` is built on (one copy, not three)."""

from __future__ import annotations

from .errors import (
    GameError,
    GameReplayError,
    GameRulesError,
    IllegalMoveError,
    NoSuchSeatError,
    NotYourTurnError,
    WrongPhaseError,
)
from .events import Event
from .game import CardGame
from .ops import OPS, Bid, CardOp, Deal, Give, NameTrump, Pass, Play, Take
from .shuffle import RandomShuffler, ReplayShuffler, Shuffler, StackedShuffler

__all__ = [
    "OPS", "Bid", "CardGame", "CardOp", "Deal", "Event", "GameError", "GameReplayError",
    "GameRulesError", "Give", "IllegalMoveError", "NameTrump", "NoSuchSeatError",
    "NotYourTurnError", "Pass", "Play", "RandomShuffler", "ReplayShuffler", "Shuffler",
    "StackedShuffler", "Take", "WrongPhaseError",
]
