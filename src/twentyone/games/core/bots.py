"""Bots see what a player sees (their seat's view) and the moves the game offers them.

A bot never receives the game object, so it cannot peek at another hand; it picks one of the
legal operations the game computed, so it cannot cheat either.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from twentyone.protocol import Game

from .ops import CardOp


class Bot(Protocol):
    def choose(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp: ...


@runtime_checkable
class Watcher(Protocol):
    """A bot that remembers what its seat was shown between its moves (the strong bots, which
    infer the hidden hands from the cards played, passed and taken). ``read`` is the game's
    mark up to which it has been shown the events; ``show_news`` keeps it."""

    read: int

    def choose(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp: ...

    def watch(self, events: Sequence[dict[str, Any]]) -> None: ...


def show_news(bot: Bot, game: Game, seat: int) -> None:
    """Before ``bot`` chooses for ``seat``: a ``Watcher`` is shown the events since it last
    looked, exactly as that seat may see them (``Game.events``: another hand's cards blanked);
    any other bot needs nothing. Every place that seats a bot calls this before ``choose``."""
    if isinstance(bot, Watcher):
        bot.watch(game.events(seat, bot.read))
        bot.read = game.mark()


class RandomBot:
    """Uniformly random among the legal moves: the baseline every heuristic bot must beat."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp:
        return legal[self.rng.randrange(len(legal))]
