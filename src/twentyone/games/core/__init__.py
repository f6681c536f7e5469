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
from .game import CardGame, Record
from .ops import OPS, Bid, Deal, Give, NameTrump, Op, Pass, Play, Take
from .shuffle import RandomShuffler, ReplayShuffler, Shuffler, StackedShuffler

__all__ = [
    "OPS", "Bid", "CardGame", "Deal", "Event", "GameError", "GameReplayError", "GameRulesError",
    "Give", "IllegalMoveError", "NameTrump", "NoSuchSeatError", "NotYourTurnError", "Op", "Pass",
    "Play", "RandomShuffler", "Record", "ReplayShuffler", "Shuffler", "StackedShuffler", "Take",
    "WrongPhaseError",
]
