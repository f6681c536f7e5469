"""A room's shuffles: from the system's secure random source, each kept in the ledger with the
salt of its published commitment, and dealt again exactly when a room is rebuilt.

``LedgerShuffler`` is the engine's shuffler hook for a chip room (a shoe with its cut card),
``LedgerCards`` a card game's for a room (a pack): each first deals the shuffles the ledger
holds, in order (as ``ReplayShuffler`` does for a hand history), then goes on shuffling live. A
room rebuilt after a crash therefore deals the very same cards, and its next shuffle is as
unpredictable as any.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from twentyone.cards import Card, card_by_id
from twentyone.engine.records import shoe_commitment
from twentyone.engine.shoe import (
    RandomShuffler,
    ReplayShuffler,
    Shuffler,
    ShuffleRecord,
    ShuffleResult,
)
from twentyone.errors import LedgerError, ReplayError
from twentyone.games.core.shuffle import RandomShuffler as CardRandomShuffler
from twentyone.games.core.shuffle import Shuffler as CardShuffler
from twentyone.rules import Rules
from twentyone.web.store import StoredShuffle


def secure_shuffler() -> Shuffler:
    """Live shuffles from the operating system's CSPRNG (``secrets.SystemRandom``)."""
    return RandomShuffler(secrets.SystemRandom())


class LedgerShuffler:
    """The stored shuffles first, then ``live`` (None: a record only, which may not shuffle
    beyond what it holds)."""

    def __init__(self, stored: Sequence[StoredShuffle], live: Shuffler | None) -> None:
        self._replay = ReplayShuffler([ShuffleRecord([card_by_id(i) for i in s.order], s.cut_at,
                                                     s.behind) for s in stored])
        self._left = len(stored)
        self._live = live
        self._replaying = False

    def shuffle(self, cards: list[Card], rules: Rules) -> ShuffleResult:
        if self._left:
            self._left -= 1
            self._replaying = True
            return self._replay.shuffle(cards, rules)
        if self._live is None:
            raise ReplayError("the ledger has no record of this shuffle")
        self._replaying = False
        return self._live.shuffle(cards, rules)

    def cut_card_behind(self, rules: Rules) -> int:
        if self._replaying:
            return self._replay.cut_card_behind(rules)
        if self._live is None:
            raise ReplayError("the ledger has no record of this cut card")
        return self._live.cut_card_behind(rules)


def secure_cards() -> CardShuffler:
    """Live shuffles of a card game's pack, from the system's secure random source."""
    return CardRandomShuffler(secrets.SystemRandom())


class LedgerCards:
    """A card game's shuffler for a room: the ledger's shuffles first, in order (a room dealt
    again after a restart deals the very same hands), then ``live``."""

    def __init__(self, stored: Sequence[StoredShuffle], live: CardShuffler) -> None:
        self._stored = [[card_by_id(i) for i in s.order] for s in stored]
        self._live = live

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        if self._stored:
            order = self._stored.pop(0)
            if sorted(order) != sorted(cards):
                raise LedgerError("the ledger's shuffle is not an order of this game's pack")
            return order
        return self._live.shuffle(cards)


def stored_pack(order: Sequence[Card]) -> StoredShuffle:
    """A card game's shuffle as the ledger keeps it (a pack has no cut card), with a fresh
    secret salt for its commitment."""
    return StoredShuffle([c.id for c in order], None, None, secrets.token_hex(16))


def stored(record: ShuffleRecord) -> StoredShuffle:
    """A shuffle as the ledger keeps it, with a fresh secret salt for its commitment."""
    return StoredShuffle([c.id for c in record.order], record.cut_at, record.behind,
                         secrets.token_hex(16))


def commitment(shuffle: StoredShuffle) -> str:
    """The shoe's published commitment: the same hash a player's history commits to
    (``engine.records``), so a player can compare the two."""
    return shoe_commitment(shuffle.salt, shuffle.order, shuffle.behind)
