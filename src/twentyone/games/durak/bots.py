"""A Durak bot: attack with low non-trumps, defend cheaply, save trumps, take when defending
would cost too much while the stock is still deep."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from twentyone.cards import Card

from ..core.cards import ace_high
from ..core.ops import Op, Pass, Play, Take


def _cost(c: Card, trump: int) -> int:
    """How much a card is worth keeping: trumps above every plain card."""
    return ace_high(c) + (20 if c.suit == trump else 0)


class DurakBot:
    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, view: dict[str, Any], legal: Sequence[Op]) -> Op:
        plays = [op for op in legal if isinstance(op, Play)]
        if len(legal) == 1:
            return legal[0]
        if self.rng.random() < 0.05:
            # A rare random move: tables of identical strategies can otherwise pass the same
            # cards round for ever (beat, take, attack again) without anything going out.
            return legal[self.rng.randrange(len(legal))]
        trump = view["trump_card"].suit
        stock = view["stock"]
        phase = view["phase"]
        cheapest = min(plays, key=lambda op: _cost(op.cards[0], trump)) if plays else None
        if phase == "attack":
            assert cheapest is not None
            hand: tuple[Card, ...] = view["hand"]
            # Lead a low card, preferring a rank we hold twice (it can be followed up).
            def lead_key(op: Play) -> tuple[int, int]:
                c = op.cards[0]
                pairs = sum(1 for x in hand if x.rank == c.rank)
                return (_cost(c, trump) - 3 * (pairs - 1), int(c.suit))
            ranked = sorted(plays, key=lead_key)
            # Now and then lead the second or third choice: a fixed lead order can make a
            # table of these bots pass the same cards round for ever.
            if len(ranked) > 1 and self.rng.random() < 0.5:
                return ranked[self.rng.randrange(min(3, len(ranked)))]
            return ranked[0]
        if phase == "defend":
            take = next(op for op in legal if isinstance(op, Take))
            if cheapest is None:
                return take
            # Save a high trump only while it costs little: the stock is deep, the bout has
            # just begun and our hand is short (taking into a big hand lets cards circle).
            c = cheapest.cards[0]
            short = len(view["hand"]) <= 4
            if c.suit == trump and stock > 12 and ace_high(c) >= 13 and short:
                return take
            return cheapest
        # Throwing in (pile-on) or handing more to a taker: shed low plain cards only,
        # anything plain once the stock is gone.
        passing = next(op for op in legal if isinstance(op, Pass))
        if cheapest is None:
            return passing
        c = cheapest.cards[0]
        limit_rank = 14 if stock == 0 else 11
        if c.suit != trump and ace_high(c) <= limit_rank:
            return cheapest
        return passing


class DurakBeginnerBot:
    """A beginner's Durak: always the lowest card that will do, and never a choice beyond that.

    It attacks with its lowest card (trumps counted above every plain card), beats every attack
    it can with the cheapest card that beats it and takes only when nothing does, and throws in
    the lowest plain card that fits the table. That is how people play their first games: it
    sheds low cards and keeps trumps without being told, so it beats random play, but it never
    takes on purpose to save a trump, never leads a pair to follow it up, and beats with a trump
    whenever that is the only beater, so the best bot (``DurakBot``) out-plays it. It remembers
    nothing; ties between equally cheap cards are broken at random.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, view: dict[str, Any], legal: Sequence[Op]) -> Op:
        if len(legal) == 1:
            return legal[0]
        trump = view["trump_card"].suit
        plays = [op for op in legal if isinstance(op, Play)]
        if view["phase"] in ("attack", "defend"):
            if not plays:   # a defender with nothing that beats
                return next(op for op in legal if isinstance(op, Take))
            return self._lowest(plays, trump)
        plain = [op for op in plays if op.cards[0].suit != trump]
        if plain:
            return self._lowest(plain, trump)
        return next(op for op in legal if isinstance(op, Pass))

    def _lowest(self, plays: list[Play], trump: int) -> Play:
        low = min(_cost(op.cards[0], trump) for op in plays)
        return self.rng.choice([op for op in plays if _cost(op.cards[0], trump) == low])
