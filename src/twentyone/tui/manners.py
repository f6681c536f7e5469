"""Each kind of game's manners at the terminal, found through the game's registry entry by its
kind (``games.registry.KINDS``), never by the game's name or class: the one session
(``tui.seat.SeatSession``) plays every game, and these are the only per-game parts it calls.
A new game of a kind already here needs nothing in ``tui/`` but its registry entry.
"""

from __future__ import annotations

from collections.abc import Callable

from twentyone.games.registry import CARD_GAME, HOUSE_BANKS, PLAYER_BANKS
from twentyone.tui.cardplay import CardManners, CardSeating
from twentyone.tui.pontoon import PontoonManners
from twentyone.tui.session import CasinoManners, ChipManners, ChipSeating

#: The chip tables' manners by kind: the house banks (the casino game), a player banks.
CHIP_MANNERS: dict[str, Callable[[ChipSeating], ChipManners]] = {
    HOUSE_BANKS: CasinoManners, PLAYER_BANKS: PontoonManners}
#: The card games' manners (every card game alike).
CARD_MANNERS: dict[str, Callable[[CardSeating], CardManners]] = {CARD_GAME: CardManners}


def chip_manners(seating: ChipSeating) -> ChipManners:
    """The manners of the chip table ``seating`` seats, by its entry's kind."""
    return CHIP_MANNERS[seating.entry.kind](seating)


def card_manners(seating: CardSeating) -> CardManners:
    """The manners of the card table ``seating`` seats, by its entry's kind."""
    return CARD_MANNERS[seating.entry.kind](seating)
