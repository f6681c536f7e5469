"""Pontoon's own policy (docs/pontoon.md#pontoon): the rules that are not the casino table's,
as small pure functions the engine is handed through its seams.

Nothing here deals, pays or keeps state. The table (``engine.table``) stays the one authority
on the round; these functions only answer the questions it asks of a changing-bank game: who
banks first, what a hand shape earns at once, who takes the bank next, in what order seats play.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from twentyone.cards import Card, Rank, Suit, hand_total

#: docs/pontoon.md#players-and-the-pack: "two to 14 people can play".
MIN_PLAYERS = 2
MAX_PLAYERS = 14
#: docs/pontoon.md#betting: "usually no more than five chips".
DEFAULT_LIMIT = 5


def is_black_jack(c: Card) -> bool:
    """The jack of spades or the jack of clubs: the card that makes the first banker
    (docs/pontoon.md#choosing-the-first-banker)."""
    return c.rank is Rank.JACK and c.suit in (Suit.SPADES, Suit.CLUBS)


def rotation(start: int, seats: Sequence[int]) -> list[int]:
    """``seats`` (numbered clockwise) in dealing order beginning with ``start``."""
    ordered = sorted(seats)
    i = ordered.index(start)
    return ordered[i:] + ordered[:i]


def left_of(seat: int, seats: Sequence[int]) -> list[int]:
    """Every other seat, nearest to ``seat``'s left first: the order play goes round from the
    banker (docs/pontoon.md#the-banker: "he starts with the player to the left")."""
    return rotation(seat, seats)[1:]


def first_banker(pack: Iterable[Card], dealing_order: Sequence[int]) -> tuple[int, int]:
    """Deal ``pack`` face up, one card a seat in ``dealing_order``, until a black jack falls
    (docs/pontoon.md#choosing-the-first-banker). Returns (that seat, cards dealt)."""
    if not dealing_order:
        raise ValueError("nobody to deal to")
    for i, c in enumerate(pack):
        if is_black_jack(c):
            return dealing_order[i % len(dealing_order)], i + 1
    raise ValueError("the pack holds no jack of spades or clubs")


def bonus_multiple(values: Sequence[int]) -> int:
    """How many times the bet a hand shape collects at once (docs/pontoon.md#bonus-hands); 0 for
    none.

    Five cards totalling 21 or under pay double, six four times, doubling for each card more;
    three sevens making 21 pay triple; 8-7-6 pays double. Values are card values, ace 1.
    """
    total, _ = hand_total(tuple(values))
    if total > 21:
        return 0
    n = len(values)
    if n >= 5:
        return 1 << (n - 4)
    if n == 3:
        shape = sorted(values)
        if shape == [7, 7, 7]:
            return 3
        if shape == [6, 7, 8]:
            return 2
    return 0


def next_banker(banker: int, naturals: Iterable[int], seats: Sequence[int]) -> int | None:
    """Who takes the bank after a deal (docs/pontoon.md#a-natural-takes-the-bank): of the players
    who had a natural while the banker had none, the nearest to the banker's left; None keeps the
    bank. The caller passes no naturals when the banker had one."""
    had = set(naturals)
    for seat in left_of(banker, seats):
        if seat in had:
            return seat
    return None
