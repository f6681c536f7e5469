"""The shoe: shuffled packs, a player's cut, the cut card, burn cards and the discard tray.

Randomness is injected through a ``Shuffler`` so that live play can use the operating system's
secure source, simulations and tests a seeded generator, and tests an explicit stacked order,
all through the same code path the table uses.
"""

from __future__ import annotations

import copy
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from twentyone.cards import Card, fresh_shoe, parse_card
from twentyone.errors import ReplayError, ShoeError
from twentyone.rules import Reshuffle, Rules


class RandomSource(Protocol):
    def shuffle(self, x: list[Card]) -> None: ...
    def randint(self, a: int, b: int) -> int: ...


@dataclass(frozen=True, slots=True)
class ShuffleResult:
    order: list[Card]
    #: Where a player cut the shuffled pack (cards moved from the top to the bottom), if cut.
    cut_at: int | None

    def __reduce__(self) -> tuple[type[ShuffleResult], tuple[list[Card], int | None]]:
        """Pickled (and deep-copied) by its fields: compiled, the default way sets attributes
        one by one, which a frozen class refuses (issue 34 item 11)."""
        return ShuffleResult, (self.order, self.cut_at)


@dataclass(frozen=True, slots=True)
class ShuffleRecord:
    """One shuffle as it happened, so a hand history can deal the same cards again."""

    order: list[Card]
    cut_at: int | None
    #: Cards placed behind the cut card; None for a refill or a shoe without a cut card.
    behind: int | None

    def __reduce__(self) -> tuple[type[ShuffleRecord], tuple[list[Card], int | None, int | None]]:
        """Pickled by its fields, as ``ShuffleResult`` is."""
        return ShuffleRecord, (self.order, self.cut_at, self.behind)


class Shuffler(Protocol):
    """Puts the cards of a shoe in dealing order (top first)."""

    def shuffle(self, cards: list[Card], rules: Rules) -> ShuffleResult: ...

    def cut_card_behind(self, rules: Rules) -> int: ...


class RandomShuffler:
    """A thorough shuffle, then a cut by a player at a random point, then the cut card placed
    where the rules say (a random spot in ``cut_behind``, or by ``penetration``)."""

    def __init__(self, rng: RandomSource) -> None:
        self.rng = rng

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied as a blank one given this one's state: compiled, Python cannot
        make an empty instance to fill, so the default way fails (issue 34 item 11)."""
        return RandomShuffler, (self.rng,), self.__getstate__()

    def __deepcopy__(self, memo: dict[int, object]) -> RandomShuffler:
        """A copy that goes on shuffling exactly as this one would (to resume a game from a
        snapshot). Written out because the compiled build's classes cannot copy themselves."""
        return RandomShuffler(copy.deepcopy(self.rng, memo))

    @classmethod
    def seeded(cls, seed: int | None) -> RandomShuffler:
        """A reproducible shuffler for a seed (NumPy's PCG64: one C call per shuffle), or the
        operating system's cryptographically secure source for None (live play)."""
        if seed is None:
            return cls(secrets.SystemRandom())
        return cls(_NumpySource(np.random.Generator(np.random.PCG64(seed))))

    def shuffle(self, cards: list[Card], rules: Rules) -> ShuffleResult:
        order = list(cards)
        self.rng.shuffle(order)
        n = len(order)
        # A player may cut anywhere but near the ends; a cut is a rotation of the pack.
        cut_at = self.rng.randint(n // 10, n - n // 10) if n >= 10 else 0
        return ShuffleResult(order[cut_at:] + order[:cut_at], cut_at)

    def cut_card_behind(self, rules: Rules) -> int:
        if rules.cut_behind is not None:
            return self.rng.randint(*rules.cut_behind)
        return round(rules.shoe_size * (1.0 - rules.penetration))


class _NumpySource:
    """A NumPy generator behind the ``RandomSource`` protocol."""

    def __init__(self, gen: np.random.Generator) -> None:
        self.gen = gen

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied as a blank one given this one's state: compiled, Python cannot
        make an empty instance to fill, so the default way fails (issue 34 item 11)."""
        return _NumpySource, (self.gen,), self.__getstate__()

    def __deepcopy__(self, memo: dict[int, object]) -> _NumpySource:
        """The generator in its present state (see ``RandomShuffler.__deepcopy__``)."""
        return _NumpySource(copy.deepcopy(self.gen, memo))

    def shuffle(self, x: list[Card]) -> None:
        x[:] = [x[i] for i in self.gen.permutation(len(x))]

    def randint(self, a: int, b: int) -> int:
        return int(self.gen.integers(a, b + 1))


class StackedShuffler:
    """For tests and replays: each shuffle deals the named cards first (after any burn), the
    rest of the shoe following in the order another shuffler gives. A stack is a list of card
    codes ("As", "10h", "K") or Cards; physical cards are taken from the shoe, so a stack can
    never deal a card twice."""

    def __init__(self, stacks: Iterable[Sequence[Card | str]], *, then: Shuffler,
                 cut_behind: int | None = None) -> None:
        """``then`` shuffles the rest of each shoe: named, never a fixed fallback, so a stacked
        live game is exactly as predictable as its caller chose (seeded or secure)."""
        self.stacks = [list(s) for s in stacks]
        self.then = then
        self._cut_behind = cut_behind

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied as a blank one given this one's state: compiled, Python cannot
        make an empty instance to fill, so the default way fails (issue 34 item 11)."""
        return _stacked, (self.then,), self.__getstate__()

    def shuffle(self, cards: list[Card], rules: Rules) -> ShuffleResult:
        rest = self.then.shuffle(cards, rules).order
        if not self.stacks:
            return ShuffleResult(rest, None)
        wanted = self.stacks.pop(0)
        top: list[Card] = []
        for w in wanted:
            want = parse_card(w) if isinstance(w, str) else w
            top.append(_take_matching(rest, want, match_suit=isinstance(w, Card) or
                                      (isinstance(w, str) and w.strip()[-1:].lower() in "cdhs")))
        burn = rest[: rules.burn]
        return ShuffleResult(burn + top + rest[rules.burn:], None)

    def cut_card_behind(self, rules: Rules) -> int:
        if self._cut_behind is not None:
            return self._cut_behind
        return self.then.cut_card_behind(rules)


def _stacked(then: Shuffler) -> StackedShuffler:
    """A blank stacked shuffler, for ``StackedShuffler.__reduce__`` to fill."""
    return StackedShuffler([], then=then)


class ReplayShuffler:
    """Deals recorded shuffles again, in order (hand-history replay)."""

    def __init__(self, records: Sequence[ShuffleRecord]) -> None:
        self.records = list(records)
        self._next = 0
        self._behind: int | None = None

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied as a blank one given this one's state: compiled, Python cannot
        make an empty instance to fill, so the default way fails (issue 34 item 11)."""
        return ReplayShuffler, ([],), self.__getstate__()

    def shuffle(self, cards: list[Card], rules: Rules) -> ShuffleResult:
        if self._next >= len(self.records):
            raise ReplayError("the history has no record of this shuffle")
        rec = self.records[self._next]
        self._next += 1
        if sorted(rec.order) != sorted(cards):
            raise ReplayError("the recorded shuffle holds other cards than the shoe")
        self._behind = rec.behind
        return ShuffleResult(list(rec.order), rec.cut_at)

    def cut_card_behind(self, rules: Rules) -> int:
        if self._behind is None:
            raise ReplayError("the history has no cut card for this shuffle")
        return self._behind


def _take_matching(cards: list[Card], want: Card, match_suit: bool) -> Card:
    for i, c in enumerate(cards):
        if c.rank == want.rank and (not match_suit or c.suit == want.suit):
            return cards.pop(i)
    raise ValueError(f"the shoe has no more {want} to stack")


class Shoe:
    """Cards in dealing order with a position, the cut card and the discard tray."""

    __slots__ = ("burned", "cards", "cut_index", "discards", "history", "pos", "refilled",
                 "rules", "shuffler")

    def __init__(self, rules: Rules, shuffler: Shuffler) -> None:
        self.rules = rules
        self.shuffler = shuffler
        self.cards: list[Card] = fresh_shoe(rules.decks)
        self.pos = 0
        #: Index in ``cards`` at which the cut card sits; None when the rules use no cut card.
        self.cut_index: int | None = None
        self.discards: list[Card] = []
        self.burned: list[Card] = []
        #: The shoe ran dry and was refilled from the discards since the last shuffle.
        self.refilled = False
        #: Every shuffle and refill, for hand histories.
        self.history: list[ShuffleRecord] = []

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied as a blank one given this one's state: compiled, Python cannot
        make an empty instance to fill, so the default way fails (issue 34 item 11)."""
        return Shoe, (self.rules, self.shuffler), self.__getstate__()

    @property
    def remaining(self) -> int:
        return len(self.cards) - self.pos

    @property
    def cut_card_out(self) -> bool:
        return self.cut_index is not None and self.pos >= self.cut_index

    def shuffle(self, on_table: Sequence[Card] = ()) -> ShuffleResult:
        """Gather every card not on the table, shuffle, cut, place the cut card, burn."""
        held = set(on_table)
        pack = [c for c in fresh_shoe(self.rules.decks) if c not in held]
        result = self.shuffler.shuffle(pack, self.rules)
        self.cards = result.order
        self.discards = []
        self.pos = 0
        self.refilled = False
        behind: int | None = None
        if self.rules.reshuffle is Reshuffle.CUT_CARD:
            behind = self.shuffler.cut_card_behind(self.rules)
            self.cut_index = max(1, len(self.cards) - behind)
        else:
            self.cut_index = None
        self.history.append(ShuffleRecord(list(self.cards), result.cut_at, behind))
        self.burned = self.cards[: self.rules.burn]
        self.pos = self.rules.burn
        self.discards.extend(self.burned)
        return result

    def refill(self) -> None:
        """The shoe ran dry mid-round: shuffle the discards and deal on
        (docs/casino.md#when-the-dealer-reshuffles)."""
        if not self.discards:
            raise ShoeError("no cards left anywhere to deal")
        result = self.shuffler.shuffle(self.discards, self.rules)
        self.history.append(ShuffleRecord(list(result.order), result.cut_at, None))
        self.cards = result.order
        self.pos = 0
        self.discards = []
        self.cut_index = None
        self.refilled = True
        if self.rules.reshuffle is Reshuffle.BURN_CARD:
            # docs/pontoon.md#the-shuffle-the-cut-and-the-burned-card: cut and burned again.
            self.burned = self.cards[: self.rules.burn]
            self.pos = self.rules.burn
            self.discards.extend(self.burned)

    def discard(self, cards: Iterable[Card]) -> None:
        self.discards.extend(cards)
