"""Bot seats: a room part every game played for scores gets (``entry.cards``), at the bot level
its room names (``RoomSpec.level``, one of the entry's ``levels``: the weaker ones, ``best``,
``strong``).

Every seat no person holds, a seat sat out, and a seat taken while the hand in play was dealt
to someone else is played by a bot of that level, on the server, one move per ``delay_s`` so
people at the table see each move. A bot chooses from its own seat's view and legal moves
only, shown the news since it last looked exactly as that seat may see it (``show_news``).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Any

from twentyone.games.core.bots import Bot, show_news
from twentyone.games.core.game import CardGame
from twentyone.games.registry import BotMaker
from twentyone.protocol import game as protocol_game

#: Seconds between a bot's moves, so people at the table see each one.
BOT_DELAY_S = 0.9


def secure_bot_rng(code: str, seat: int) -> random.Random:
    """A bot's random source at a room: from the system's secure source (a test passes a
    seeded one to ``create_app`` to repeat a bot's play)."""
    return random.Random(secrets.randbits(64))


class BotSeats:
    """The bots of one room, one per seat, made the first time each seat needs one."""

    def __init__(self, code: str, level: str, make: BotMaker, game: CardGame[Any], *,
                 delay_s: float, rng: Callable[[str, int], random.Random]) -> None:
        self.code = code
        self.level = level
        self._make = make
        self.game = game
        self.delay_s = delay_s
        self._rng = rng
        self._bots: dict[int, Bot] = {}

    def bot_for(self, seat: int) -> Bot:
        """``seat``'s bot, with its own random source (``rng(code, seat)``)."""
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = self._make(self._rng(self.code, seat))
        return bot

    def move(self, seat: int) -> protocol_game.Op | None:
        """``seat``'s bot's move from that seat's own view and legal moves (None: it has none
        to make)."""
        g = self.game
        legal = g.legal(seat)
        if not legal:
            return None
        bot = self.bot_for(seat)
        show_news(bot, g, seat)
        return bot.choose(g.view(seat), legal)
