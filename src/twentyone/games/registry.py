"""Every game by name, from one list (as python-chess finds its variants in ``VARIANTS``): its
class, its rules type, how many players a room may choose, its bots by level, the page
component that draws it in the browser and its score sheet.

``GAMES`` is the card games (the headless runner, histories and the terminal card room play
those); ``TABLES`` the chip games, blackjack and Pontoon, whose compiled ``Table`` meets the
protocol through ``blackjack.CasinoGame``; ``ROOM_GAMES`` every game a room can be created for.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from twentyone.engine.shoe import Shuffler as TableShuffler
from twentyone.engine.table import Table
from twentyone.pontoon.table import PontoonRules, PontoonTable
from twentyone.rules import Rules

from .blackjack import CasinoGame
from .core.bots import Bot, RandomBot
from .core.game import Game
from .core.rules import GameRules
from .core.sheet import SheetMaker
from .durak.bots import DurakBot
from .durak.game import Durak
from .durak.rules import DurakRules
from .durak.sheet import score_sheet as durak_sheet
from .president.bots import PresidentBot
from .president.game import President
from .president.rules import PresidentRules
from .president.sheet import score_sheet as president_sheet
from .solo_whist.bots import SoloWhistBot
from .solo_whist.game import SoloWhist
from .solo_whist.rules import SoloWhistRules
from .solo_whist.sheet import score_sheet as solo_whist_sheet

#: A bot for one seat, from its random source.
BotMaker = Callable[[random.Random], Bot]

#: The level a room fills empty seats with unless the host chooses another.
BEST = "best"


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One card game: what the runner, the records and the room need to know of it."""

    game: type[Game[Any]]
    rules: type[GameRules]
    #: The game's best bot (its heuristic).
    bot: BotMaker
    #: The title players read.
    title: str = ""
    #: The fewest and the most players a room may choose.
    players: tuple[int, int] = (2, 2)
    #: The page component that draws the game (``static/games/<page>.js``).
    page: str = ""
    #: The game's score sheet from its hand results (``core.sheet``).
    sheet: SheetMaker | None = None
    #: Bots by level, weakest to strongest; ``BEST`` is ``bot``.
    more_levels: Mapping[str, BotMaker] = field(default_factory=dict)

    @property
    def levels(self) -> dict[str, BotMaker]:
        """The bot levels a host chooses from for the empty seats."""
        return {**self.more_levels, BEST: self.bot}

    def new(self, players: int, shuffler: Any = None) -> Game[Any]:
        """A new table for ``players`` (the game's other rules at their defaults)."""
        return self.game(self.rules(players=players), shuffler)


GAMES: dict[str, GameEntry] = {
    "solo-whist": GameEntry(SoloWhist, SoloWhistRules, SoloWhistBot, "Solo Whist", (4, 4),
                            "solo-whist", solo_whist_sheet),
    "durak": GameEntry(Durak, DurakRules, DurakBot, "Durak", (2, 5), "durak", durak_sheet),
    "president": GameEntry(President, PresidentRules, PresidentBot, "President", (3, 7),
                           "president", president_sheet),
}

#: Bot names the runner accepts: each game's own heuristic bot, or uniformly random moves.
BOTS: dict[str, Callable[[str, random.Random], Bot]] = {
    "heuristic": lambda game, rng: GAMES[game].bot(rng),
    "random": lambda game, rng: RandomBot(rng),
}


@dataclass(frozen=True, slots=True)
class TableEntry:
    """A chip game: its table from the room's stored rules and a shuffler, seen through the
    protocol by ``CasinoGame``."""

    title: str
    #: The table from the rules a room stores (``Rules.to_mapping`` for the casino game; for
    #: Pontoon only the host's own choices) and the room's shuffler.
    make: Callable[[Mapping[str, Any], TableShuffler], Table]
    #: The page component that draws it.
    page: str = "table"

    def game(self, name: str, rules: Mapping[str, Any], shuffler: TableShuffler) -> CasinoGame:
        return CasinoGame(self.make(rules, shuffler), name)


#: Seats at a Pontoon room: the banker and up to seven players, a table's worth of phones.
PONTOON_PLAYERS = 8

TABLES: dict[str, TableEntry] = {
    "casino": TableEntry("Blackjack", lambda rules, shuffler: Table(
        Rules.from_mapping(dict(rules)), shuffler)),
    "pontoon": TableEntry("Pontoon", lambda rules, shuffler: PontoonTable(
        PontoonRules(players=PONTOON_PLAYERS, **rules), shuffler)),
}

#: Every game a room can be created for, by name.
ROOM_GAMES: dict[str, GameEntry | TableEntry] = {**TABLES, **GAMES}
