"""The games by name: their game class, rules class and heuristic bot, for histories, the
headless runner and (later) the command line."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .core.bots import Bot, RandomBot
from .core.game import Game
from .core.rules import GameRules
from .durak.bots import DurakBot
from .durak.game import Durak
from .durak.rules import DurakRules
from .president.bots import PresidentBot
from .president.game import President
from .president.rules import PresidentRules
from .solo_whist.bots import SoloWhistBot
from .solo_whist.game import SoloWhist
from .solo_whist.rules import SoloWhistRules


@dataclass(frozen=True, slots=True)
class GameEntry:
    game: type[Game[Any]]
    rules: type[GameRules]
    bot: Callable[[random.Random], Bot]


GAMES: dict[str, GameEntry] = {
    "solo-whist": GameEntry(SoloWhist, SoloWhistRules, SoloWhistBot),
    "durak": GameEntry(Durak, DurakRules, DurakBot),
    "president": GameEntry(President, PresidentRules, PresidentBot),
}

#: Bot names the runner accepts: each game's own heuristic bot, or uniformly random moves.
BOTS: dict[str, Callable[[str, random.Random], Bot]] = {
    "heuristic": lambda game, rng: GAMES[game].bot(rng),
    "random": lambda game, rng: RandomBot(rng),
}
