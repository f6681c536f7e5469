"""Bots see what a player sees (their seat's view) and the moves the game offers them.

A bot never receives the game object, so it cannot peek at another hand; it picks one of the
legal operations the game computed, so it cannot cheat either.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from .ops import Op


class Bot(Protocol):
    def choose(self, view: dict[str, Any], legal: Sequence[Op]) -> Op: ...


class RandomBot:
    """Uniformly random among the legal moves: the baseline every heuristic bot must beat."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: dict[str, Any], legal: Sequence[Op]) -> Op:
        return legal[self.rng.randrange(len(legal))]
