"""The bots each card game offers, by level: a strong bot that searches the hidden cards, its best
bot (the rule of thumb every seat gets unless another level is named) and a weaker one for
beginners.

One table for every place that seats a bot (the headless runner, the terminal card room, a host
filling an empty seat in the browser room), so a level means the same opponent everywhere.
``benchmarks/bench_games.py`` measures each level against random play and against the other.

Besides the levels, every game accepts ``"random"`` (uniformly random legal moves, the baseline
that every level must beat) and the older name ``"heuristic"`` for ``"best"``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from twentyone.errors import RulesError

from .core.bots import Bot, RandomBot
from .registry import GAMES

#: Per game, its levels strongest first (the registry's, read once); a seat gets ``BEST`` when
#: none is named.
LEVELS: dict[str, dict[str, Callable[[random.Random], Bot]]] = {
    name: dict(reversed(list(entry.levels.items()))) for name, entry in GAMES.items()
}

#: The baseline every game accepts beside its levels.
RANDOM = "random"

#: Names kept for the levels they meant before there were levels.
ALIASES: dict[str, str] = {"heuristic": "best"}


def bot_names(game: str) -> list[str]:
    """The bot names ``game`` accepts, levels strongest first, then ``"random"``."""
    return [*_levels(game), RANDOM]


def canonical(game: str, name: str) -> str:
    """``name`` as a level of ``game`` (an alias resolved), or a ``RulesError`` in words."""
    level = ALIASES.get(name, name)
    if level != RANDOM and level not in _levels(game):
        raise RulesError(f"no bot called {name!r} for {game}; choose one of "
                         f"{', '.join(bot_names(game))}")
    return level


def make_bot(game: str, name: str, rng: random.Random) -> Bot:
    """A new bot of level ``name`` (or ``"random"``) for ``game``, drawing from ``rng``."""
    level = canonical(game, name)
    if level == RANDOM:
        return RandomBot(rng)
    return _levels(game)[level](rng)


def _levels(game: str) -> dict[str, Callable[[random.Random], Bot]]:
    levels = LEVELS.get(game)
    if levels is None:
        raise RulesError(f"no game called {game!r}; choose one of {', '.join(LEVELS)}")
    return levels
