"""A President bot: lead low, beat with the lowest set that does not break a bigger one, save
twos and aces for when the hand is nearly gone, and hand back the lowest card."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core.ops import Give, Op, Pass, Play
from .game import climb


class PresidentBot:
    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, view: dict[str, Any], legal: Sequence[Op]) -> Op:
        if len(legal) == 1:
            return legal[0]
        hand = view["hand"]
        gives = [op for op in legal if isinstance(op, Give)]
        if gives:
            return min(gives, key=lambda op: climb(op.cards[0]))
        held: dict[int, int] = {}
        for c in hand:
            held[c.rank] = held.get(c.rank, 0) + 1
        plays = [op for op in legal if isinstance(op, Play)]
        if not view["top"]:
            # Lead: the lowest rank, all of it (sheds most cards for the least strength).
            return min(plays, key=lambda op: (climb(op.cards[0]), -len(op.cards)))
        # Follow: prefer a rank held in exactly the needed number, then the lowest rank.
        def follow_key(op: Play) -> tuple[int, int]:
            c = op.cards[0]
            broken = held[c.rank] - len(op.cards)
            return (climb(c) + 4 * broken, int(c.suit))
        best = min(plays, key=follow_key)
        top = climb(best.cards[0])
        near_out = len(hand) <= 4
        if top >= 14 and not near_out:
            return next(op for op in legal if isinstance(op, Pass))
        return best


class PresidentBeginnerBot:
    """A beginner's President: play the lowest thing you can, every time, and never pass by
    choice.

    It leads its lowest rank as a single card, follows with the lowest legal set, passes only
    when it has nothing that beats the table, and hands back its lowest card. Playing low first
    is the rule every new player is taught, so it beats random play; but it breaks pairs to
    follow singles, spends its twos and aces as soon as they are the lowest card that will do,
    and never saves a trick-winner for the end, which is what the best bot (``PresidentBot``)
    does. It remembers nothing; ties between equal plays are broken at random.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, view: dict[str, Any], legal: Sequence[Op]) -> Op:
        if len(legal) == 1:
            return legal[0]
        gives = [op for op in legal if isinstance(op, Give)]
        if gives:
            return min(gives, key=lambda op: climb(op.cards[0]))
        plays = [op for op in legal if isinstance(op, Play)]
        if not view["top"]:
            plays = [op for op in plays if len(op.cards) == 1] or plays
        if not plays:
            return next(op for op in legal if isinstance(op, Pass))
        low = min(climb(op.cards[0]) for op in plays)
        return self.rng.choice([op for op in plays if climb(op.cards[0]) == low])
