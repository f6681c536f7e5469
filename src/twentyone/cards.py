"""Cards as small immutable values.

A card knows its rank, suit and which deck of the shoe it came from, so that "no card is dealt
twice" is a checkable fact about physical cards even in an eight-deck shoe where many cards share
rank and suit. Every physical card of an eight-deck shoe is built once at import time and shared,
so dealing never allocates.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import NamedTuple


class Rank(IntEnum):
    """Ranks, numbered so that a pip card's number is its value (ace low)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3


RANK_LABELS = {
    Rank.ACE: "A", Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5",
    Rank.SIX: "6", Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "10",
    Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K",
}
def rank_plural(rank: Rank) -> str:
    """A pair's name in words: "aces", "sixes", "kings"."""
    name = rank.name.lower()
    return name + ("es" if name.endswith("x") else "s")


SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
SUIT_LETTERS = {Suit.CLUBS: "c", Suit.DIAMONDS: "d", Suit.HEARTS: "h", Suit.SPADES: "s"}

MAX_DECKS = 8


class Card(NamedTuple):
    """One physical card. ``deck`` tells identical-looking cards of a multi-deck shoe apart.

    ``value`` (ace low, tens and courts 10) is stored rather than computed: it is read for every
    card of every hand in the hot loop. Build cards with ``card()``, which keeps it consistent.
    """

    rank: Rank
    suit: Suit
    deck: int
    value: int

    @property
    def id(self) -> int:
        """A number unique to this physical card in an eight-deck shoe (0–415)."""
        return self.deck * 52 + int(self.suit) * 13 + int(self.rank) - 1

    @property
    def code(self) -> str:
        """A compact, parseable name: ``As``, ``10h``, ``Kd``; used in hand histories."""
        return RANK_LABELS[self.rank] + SUIT_LETTERS[self.suit]

    def __str__(self) -> str:
        return RANK_LABELS[self.rank] + SUIT_SYMBOLS[self.suit]


_ALL: dict[tuple[int, int, int], Card] = {
    (r, s, d): Card(Rank(r), Suit(s), d, min(r, 10))
    for d in range(MAX_DECKS)
    for r in range(1, 14)
    for s in range(4)
}


def card_by_id(card_id: int) -> Card:
    """The physical card with this ``Card.id``."""
    deck, rest = divmod(card_id, 52)
    suit, rank = divmod(rest, 13)
    return _ALL[(rank + 1, suit, deck)]


def card(rank: int, suit: int = 0, deck: int = 0) -> Card:
    """The shared instance of a physical card."""
    return _ALL[(rank, suit, deck)]


def fresh_shoe(decks: int) -> list[Card]:
    """All cards of ``decks`` packs in new-pack order."""
    return [_ALL[(r, s, d)] for d in range(decks) for s in range(4) for r in range(1, 14)]


_RANK_BY_LABEL = {label.upper(): rank for rank, label in RANK_LABELS.items()} | {"T": Rank.TEN}
_SUIT_BY_LETTER = {letter: suit for suit, letter in SUIT_LETTERS.items()}


def parse_rank(text: str) -> Rank:
    """Parse ``A``, ``2``…``10``, ``T``, ``J``, ``Q``, ``K`` (case-insensitive)."""
    try:
        return _RANK_BY_LABEL[text.strip().upper()]
    except KeyError:
        raise ValueError(f"not a card rank: {text!r} (use A, 2-10, T, J, Q or K)") from None


def parse_card(text: str, deck: int = 0) -> Card:
    """Parse a card code such as ``As``, ``10h``, ``Td``; a bare rank means clubs."""
    t = text.strip()
    if t and t[-1].lower() in _SUIT_BY_LETTER and len(t) > 1:
        return card(parse_rank(t[:-1]), _SUIT_BY_LETTER[t[-1].lower()], deck)
    return card(parse_rank(t), Suit.CLUBS, deck)


def hand_total(values: Sequence[int]) -> tuple[int, bool]:
    """Best total of card values (aces given as 1) and whether it is soft (an ace counted 11)."""
    total = sum(values)
    if 1 in values and total <= 11:
        return total + 10, True
    return total, False
