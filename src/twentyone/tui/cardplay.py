"""The card games' manners on the one terminal session (``tui.seat.SeatSession``): the card-game
kind of the registry, every card game alike (Solo Whist, Durak, President, and any registered
later, such as the high-card game the tests register).

One person sits at ``seat``; the bots move by themselves (the session moves them, one at a time
where the screen paces them). The person's moves are picked on screen (``SeatSession.choose``,
by the card room's cursor and keys), so nothing is typed in a hand. Between hands the first
hand is dealt at once; after each hand the person is asked whether to deal the next
(``DEAL_NEXT``, the card room's summary) or leave. The log is the game's events in the words of
the drawing its registry entry names (``GameEntry.drawing``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from twentyone.games.core.events import Event
from twentyone.games.registry import GameEntry
from twentyone.protocol import Game
from twentyone.tui.seat import Ask, Move, SeatSession

#: The answer, at a hand's end, that deals the next hand.
DEAL_NEXT = "deal"


@dataclass(frozen=True, slots=True)
class CardSeating:
    """A card table as the card room seats it: the game, its entry, and the person's seat."""

    game: Game
    entry: GameEntry
    seat: int


class CardManners:
    """A card game's manners: the person's moves come from the screen, and between hands
    they say when the next is dealt."""

    def __init__(self, seating: CardSeating) -> None:
        self.drawing = seating.entry.drawing
        self.me = seating.seat
        self.narrator = seating.seat
        #: The next hand is to be dealt (the first at once).
        self._dealing = True

    def bind(self, session: SeatSession[Any]) -> None:
        self.session = session

    def start(self) -> Iterator[Move]:
        return iter(())

    def next(self) -> Ask | Move | None:
        """Between hands, the deal (once the person asks for it); else the person is asked:
        for their move, or at a hand's end whether to deal the next."""
        if not self.session.over:
            return Ask(self.me, "Your move", "")
        if self._dealing:
            self._dealing = False
            return Move(self.session.deal_op())
        return Ask(self.me, "The hand is over", f"{DEAL_NEXT} the next hand, or leave")

    def answer(self, ask: Ask, text: str) -> Iterator[Move]:
        """At a hand's end, ``DEAL_NEXT`` deals the next (the session deals it next)."""
        self._dealing = self.session.over and text == DEAL_NEXT
        return iter(())

    def narrate(self, events: list[dict[str, Any]]) -> list[str]:
        """Each event in the words of the game's drawing (some say nothing), as Rich markup."""
        return [line.markup for e in events
                if (line := self.drawing.narrate(Event.from_json(e), self.me)) is not None]

    def interrupt(self) -> Iterator[Move]:
        """Leaving: the hand stays where it is (it is played for scores, not chips)."""
        return iter(())

    def goodbye(self) -> list[str]:
        return []
