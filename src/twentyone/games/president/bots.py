"""President's bots: the best leads whole sets and keeps its pairs together; the beginner plays
the lowest card it can, one at a time.

``benchmarks/bench_games.py`` measures them. Saving twos and aces by passing while the hand is
still long, which sounds clever, measured far weaker than always playing when able (a bot that
did so came President less often than the beginner), so the best bot never passes by choice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core.ops import CardOp, Give, Pass, Play
from .game import climb

#: How much a lead's size outweighs its rank, and a follow's broken set its rank: measured.
LEAD_SIZE = 4
BROKEN = 4


def _forced(legal: Sequence[CardOp]) -> CardOp | None:
    """The move both levels make without thinking: the only legal one, or at the exchange the
    President's card back to the Asshole, the lowest (None: a real choice)."""
    if len(legal) == 1:
        return legal[0]
    gives = [op for op in legal if isinstance(op, Give)]
    return min(gives, key=lambda op: climb(op.cards[0])) if gives else None


class PresidentBot:
    """The best President bot: lead a whole low set, follow without breaking sets, never pass
    while it can play.

    Leading all of a rank at once (a low pair before a lower single) sheds the most cards for
    the least strength and leaves the others fewer ways to follow; following with the lowest
    play that does not split a pair or triple keeps those sets for leads of their own; and a
    trick passed is a chance to shed lost, so it plays whenever it can. It hands back its lowest
    card.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp:
        forced = _forced(legal)
        if forced is not None:
            return forced
        held: dict[int, int] = {}
        for c in view["hand"]:
            held[c.rank] = held.get(c.rank, 0) + 1
        plays = [op for op in legal if isinstance(op, Play)]
        if not plays:
            return next(op for op in legal if isinstance(op, Pass))
        if not view["top"]:
            whole = [op for op in plays if len(op.cards) == held[op.cards[0].rank]] or plays
            return min(whole, key=lambda op: (climb(op.cards[0]) - LEAD_SIZE * len(op.cards),
                                              climb(op.cards[0])))

        def follow_key(op: Play) -> tuple[int, int]:
            c = op.cards[0]
            return (climb(c) + BROKEN * (held[c.rank] - len(op.cards)), climb(c))
        return min(plays, key=follow_key)


class PresidentBeginnerBot:
    """A beginner's President: play the lowest thing you can, every time, one card to a lead.

    It leads its lowest card alone, follows with the lowest legal set, passes only when it has
    nothing that beats the table, and hands back its lowest card. Playing low first is the rule
    every new player is taught, so it beats random play; but it leads singles where a pair would
    shed two cards, breaks pairs to follow singles, and so wastes the sets that the best bot
    (``PresidentBot``) keeps for its own leads. It remembers nothing; ties between equal plays
    are broken at random.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp:
        forced = _forced(legal)
        if forced is not None:
            return forced
        plays = [op for op in legal if isinstance(op, Play)]
        if not view["top"]:
            plays = [op for op in plays if len(op.cards) == 1] or plays
        if not plays:
            return next(op for op in legal if isinstance(op, Pass))
        low = min(climb(op.cards[0]) for op in plays)
        return self.rng.choice([op for op in plays if climb(op.cards[0]) == low])
