"""Durak's bots: the best plays its cheapest card at every turn, trumps valued above every plain
card; the beginner plays its lowest rank and does not value trumps.

``benchmarks/bench_games.py`` measures them. Cleverer-sounding rules measured no better than
the plain cheapest-card rule against the beginner (taking to save a high trump while the stock
is deep, leading a rank held twice, holding back high plain cards) or clearly worse (a random
move now and then, leading at random among the three cheapest: the bot that did both was the
durak in 63% of decided games against a cheapest-card bot), so the best bot has none of them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from twentyone.cards import Card, Suit

from ..core.cards import ace_high
from ..core.ops import CardOp, Pass, Play, Take


def _cost(c: Card, trump: Suit) -> int:
    """How much a card is worth keeping: trumps above every plain card."""
    return ace_high(c) + (20 if c.suit == trump else 0)


def _take_or_pass(legal: Sequence[CardOp]) -> CardOp:
    """The defender's Take, or anyone else's Pass: the move that plays no card."""
    return next(op for op in legal if isinstance(op, (Take, Pass)))


class DurakBot:
    """The best Durak bot: the cheapest card that will do, trumps kept for when they are needed.

    It attacks with its cheapest card (a trump costs more than any plain card), beats each
    attack with the cheapest card that beats it and takes only when nothing does, and throws in
    (or hands a taker) the cheapest plain card it can, never a trump. Shedding low cards and
    keeping trumps is what wins Durak: the last player holding cards is the durak. Ties between
    equally cheap cards are broken at random, so a table of these bots does not pass the same
    cards round for ever.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp:
        if len(legal) == 1:
            return legal[0]
        trump: Suit = view["trump_card"].suit
        plays = [op for op in legal if isinstance(op, Play)]
        if view["phase"] not in ("attack", "defend"):
            plays = [op for op in plays if op.cards[0].suit != trump]
        if not plays:
            return _take_or_pass(legal)
        low = min(_cost(op.cards[0], trump) for op in plays)
        return self.rng.choice([op for op in plays if _cost(op.cards[0], trump) == low])


class DurakBeginnerBot:
    """A beginner's Durak: the lowest card that will do, trumps counted by their rank alone.

    It attacks with its lowest-ranked card, beats every attack it can with the lowest-ranked
    card that beats it (a trump six before a plain king), takes only when nothing beats, and
    throws in every card it can. That is how people play their first games, before they learn
    that a trump is worth more than its rank: it sheds low cards, so it beats random play
    easily, but it spends trumps on cards a plain card would have beaten and throws them in, so
    the best bot (``DurakBot``), which keeps them, out-plays it. It remembers nothing; ties are
    broken at random.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp:
        if len(legal) == 1:
            return legal[0]
        plays = [op for op in legal if isinstance(op, Play)]
        if not plays:
            return _take_or_pass(legal)
        low = min(ace_high(op.cards[0]) for op in plays)
        return self.rng.choice([op for op in plays if ace_high(op.cards[0]) == low])
