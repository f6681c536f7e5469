"""Packs and card orderings for the games, built on the engine's physical ``Card``.

The engine numbers ranks ace-low because blackjack counts an ace as one; every game here ranks
aces high (President even puts twos above aces), so each game orders cards with a small key
function rather than a second card type. All games use a single pack, so ``deck`` is always 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from twentyone.cards import SUIT_LETTERS, Card, Rank, Suit, fresh_shoe, parse_card

__all__ = [
    "Card", "Rank", "Suit", "ace_high", "codes", "parse_cards", "short_pack", "standard_pack",
    "suit_from_letter", "suit_letter",
]


def standard_pack() -> list[Card]:
    """The 52 cards of one pack in new-pack order."""
    return fresh_shoe(1)


def short_pack(lowest: int) -> list[Card]:
    """A stripped pack: every card from ``lowest`` up to the king, plus the aces."""
    return [c for c in standard_pack() if c.rank == Rank.ACE or c.rank >= lowest]


#: Each rank's place with the ace above the king, by the engine's ace-low number.
_ACE_HIGH: tuple[int, ...] = (0, 14, *range(2, 14))


def ace_high(c: Card) -> int:
    """A card's rank with the ace above the king (2..14). Looked up, not worked out: the
    strong bots' playouts ask it millions of times a game."""
    return _ACE_HIGH[c.rank]


def codes(cards: Iterable[Card]) -> list[str]:
    """Cards as compact codes (``As``, ``10h``) for JSON."""
    return [c.code for c in cards]


def parse_cards(texts: Sequence[str]) -> tuple[Card, ...]:
    """Codes back into the shared card instances."""
    return tuple(parse_card(t) for t in texts)


_SUIT_BY_LETTER = {letter: suit for suit, letter in SUIT_LETTERS.items()}


def suit_letter(suit: Suit) -> str:
    return SUIT_LETTERS[suit]


def suit_from_letter(letter: str) -> Suit:
    try:
        return _SUIT_BY_LETTER[letter.strip().lower()[:1]]
    except KeyError:
        raise ValueError(f"not a suit: {letter!r} (use c, d, h or s)") from None

