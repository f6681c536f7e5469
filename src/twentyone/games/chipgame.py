"""What a front end of a chip game (blackjack, Pontoon) reads beside the one game protocol: the
rules in force, the chips, the words of the events, the cards a seat has seen since the shuffle,
the buy-in limit and the records. ``games.blackjack.CasinoGame`` is one; the terminal's sessions
and the coach's side of a table ask for this, never for the engine's table, so they reach a chip
game only as a game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, Protocol

from twentyone.cards import Card
from twentyone.engine.chips import ChipSet
from twentyone.engine.records import Recording
from twentyone.money import Cents
from twentyone.protocol import Game, Op
from twentyone.rules import Rules


class TableBot(Protocol):
    """A chip game's bot: from its own seat's ``seat_view`` body and the legal operations, the
    one it makes (``games.blackjack.bots``), as a card game's bot chooses."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Op]) -> Op: ...


class ChipGame(Game, Protocol):
    """A chip game: the protocol, and what a table of chips shows beside it."""

    @property
    def rules(self) -> Rules: ...

    @property
    def chipset(self) -> ChipSet: ...

    @property
    def max_buy_in(self) -> Cents: ...

    @property
    def event_kinds(self) -> Mapping[str, StrEnum]: ...

    def seen_cards(self, seat: int) -> list[Card]: ...

    def recording(self, seats: list[int]) -> Recording: ...
