"""Injected randomness: every game shuffles through a ``Shuffler``.

Live play uses the operating system's secure source (``secrets.SystemRandom``), bots, tests and
benchmarks a seeded ``random.Random``, and scenario tests a stacked order. Because every game
records each shuffle it was given, a history can hand the same orders back (``ReplayShuffler``).
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from twentyone.cards import Card

from .errors import GameReplayError


class Shuffler(Protocol):
    """Puts a pack in dealing order (top card first)."""

    def shuffle(self, cards: Sequence[Card]) -> list[Card]: ...


class RandomShuffler:
    """A thorough shuffle from a random source."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    @classmethod
    def seeded(cls, seed: int | None) -> RandomShuffler:
        """Reproducible for a seed; the operating system's secure source for ``None``."""
        return cls(secrets.SystemRandom() if seed is None else random.Random(seed))

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        order = list(cards)
        self.rng.shuffle(order)
        return order


class StackedShuffler:
    """Deals exactly the orders it is given, one per shuffle (for scenario tests).

    An order may name only the top of the pack: the rest of the pack follows in new-pack order,
    so a test states just the cards that matter."""

    def __init__(self, *orders: Sequence[Card]) -> None:
        self.orders = [list(o) for o in orders]

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        if not self.orders:
            raise ValueError("the stacked shuffler has no more orders")
        top = self.orders.pop(0)
        if len(set(top)) != len(top) or not set(top) <= set(cards):
            raise ValueError("a stacked order names a card twice or one not in the pack")
        chosen = set(top)
        return top + [c for c in cards if c not in chosen]


class ReplayShuffler:
    """Hands back recorded shuffles, refusing one that is not a shuffle of the pack asked for."""

    def __init__(self, orders: Sequence[Sequence[Card]]) -> None:
        self.orders = [list(o) for o in orders]
        self.used = 0

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        if self.used >= len(self.orders):
            raise GameReplayError("the game shuffled more often than the history records")
        order = self.orders[self.used]
        if Counter(order) != Counter(cards):
            raise GameReplayError(f"recorded shuffle {self.used + 1} is not an order of the pack")
        self.used += 1
        return list(order)
