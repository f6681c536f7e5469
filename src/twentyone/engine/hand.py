"""Hands on the layout. Internal, mutable state of the table; the outside world sees them
through views, never directly."""

from __future__ import annotations

from twentyone.cards import Card
from twentyone.engine.chips import Counts


class CardsInHand:
    """Cards with their faces, and the running total kept incrementally: the hot loop asks for
    the total after every card."""

    __slots__ = ("cards", "face_up", "hard", "has_ace", "values")

    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.face_up: list[bool] = []
        #: Card values (ace 1), kept alongside the cards for strategy look-ups.
        self.values: list[int] = []
        self.hard = 0
        self.has_ace = False

    def add(self, card: Card, face_up: bool = True) -> None:
        self.cards.append(card)
        self.face_up.append(face_up)
        v = card.value
        self.values.append(v)
        self.hard += v
        if v == 1:
            self.has_ace = True

    def remove_last(self) -> Card:
        """Take the last card away (a split moves it to the new hand)."""
        card = self.cards.pop()
        self.face_up.pop()
        self.values.pop()
        self.hard -= card.value
        self.has_ace = 1 in self.values
        return card

    @property
    def total(self) -> int:
        if self.has_ace and self.hard <= 11:
            return self.hard + 10
        return self.hard

    @property
    def soft(self) -> bool:
        return self.has_ace and self.hard <= 11

    @property
    def busted(self) -> bool:
        return self.hard > 21


class Hand(CardsInHand):
    """A player's hand with its wager."""

    __slots__ = (
        "bet",
        "chips",
        "done",
        "doubled",
        "from_split",
        "outcome",
        "settled",
        "split_aces",
    )

    def __init__(self, bet: int, chips: Counts, from_split: bool = False) -> None:
        super().__init__()
        self.bet = bet
        self.chips = chips
        self.doubled = False
        self.from_split = from_split
        self.split_aces = False
        #: No more decisions for this hand (stood, doubled, bust, one-card split ace, 21...).
        self.done = False
        #: Its wager has been paid or collected.
        self.settled = False
        self.outcome = ""

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied as a blank one given this one's state: compiled, Python cannot
        make an empty instance to fill, so the default way fails (issue 34 item 11)."""
        return Hand, (self.bet, []), self.__getstate__()

    @property
    def natural(self) -> bool:
        """Ace and ten-card as the first two cards of an unsplit hand (docs/casino.md#naturals:
        split 21 is not)."""
        return len(self.cards) == 2 and self.hard == 11 and self.has_ace and not self.from_split


class DealerHand(CardsInHand):
    __slots__ = ("up_index",)

    def __init__(self) -> None:
        super().__init__()
        #: Which of the dealer's cards is the up card (the second at the casino-party table, the
        #: first elsewhere: docs/casino.md#hole_card_first).
        self.up_index = 0

    @property
    def natural(self) -> bool:
        return len(self.cards) == 2 and self.hard == 11 and self.has_ace

    @property
    def up(self) -> Card:
        return self.cards[self.up_index]
