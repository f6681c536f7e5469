"""Exact EVs from an infinite deck: every card drawn with its full-pack chance whatever came
before (ace to nine 1/13 each, ten-cards 4/13), the limit of ever more decks.

Nothing depends on the cards already out, so a hand is just its hard total and whether it holds
an ace, the dealer's outcomes are one fixed distribution per up card (``dealer``), and the split
hands are independent. The solver has the ``UpSolver`` interface (the ``removed`` arguments are
ignored), so the chart, the round's EV and each rule's effect are computed by the same code as
for a shoe, with the same unnormalised handling of the peek.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from twentyone.rules import Rules, SplitBy
from twentyone.strategy import player
from twentyone.strategy.dealer import BLACKJACK, BUST, I64, infinite_outcomes
from twentyone.strategy.game import split_orderings

#: A card's chance, by value (index 0 unused).
P = (0.0,) + (1 / 13,) * 9 + (4 / 13,)


class InfiniteSolver:
    """All player EVs against one up card from an infinite deck (see the module docstring);
    ``policy`` as for ``UpSolver``. ``split_limit`` lets a pair split to more hands than a
    table's ``max_hands`` allows (published infinite-deck figures often resplit without
    limit, which a limit of a few dozen hands matches to ten digits)."""

    def __init__(self, rules: Rules, up: int, policy: I64 | None = None,
                 split_limit: int | None = None) -> None:
        self.rules = rules
        self.up = up
        self.excl = rules.dealer_checks(up)
        # Under a peek the natural's branch is left out unnormalised, as for a shoe.
        self.dealer = infinite_outcomes(up, rules.hit_soft_17, self.excl,
                                        not self.excl and rules.late_natural_is_21())
        self.policy = policy
        self.split_limit = rules.max_hands if split_limit is None else split_limit
        self._natural = P[10] if up == 1 else P[1] if up == 10 else 0.0
        self._stand = cache(self._stand_total)
        self._after = cache(self._after_hit)

    def natural(self, removed: Sequence[int] = ()) -> float:
        """P(the hole card makes a dealer natural), peeked or not."""
        return self._natural

    def mass(self, removed: Sequence[int] = ()) -> float:
        """P(no dealer natural) under a peek, else 1."""
        return 1.0 - self._natural if self.excl else 1.0

    def _stand_total(self, total: int) -> float:
        if total > 21:
            return -self.mass()
        d = self.dealer
        ev = float(d[BUST]) - float(d[BLACKJACK])
        for o in range(5):
            t = 17 + o
            ev += float(d[o]) if total > t else -float(d[o]) if total < t else 0.0
        return ev

    def _choice(self, hard: int, ace: bool, can_double: bool) -> int:
        if self.policy is None:
            return player.CHOOSE
        return int(self.policy[hard, int(ace), int(can_double)])

    def _after_hit(self, hard: int, ace: bool) -> float:
        """A hand that may stand or hit: the better (or the policy's)."""
        total = _total(hard, ace)
        if total >= 21:
            return self._stand(total)
        what = self._choice(hard, ace, False)
        if what == player.STAND:
            return self._stand(total)
        hit = self._draw(hard, ace, 1.0)
        return hit if what != player.CHOOSE else max(self._stand(total), hit)

    def _draw(self, hard: int, ace: bool, stake: float) -> float:
        """One more card: played on (``stake`` 1) or stood on doubled (``stake`` 2)."""
        ev = 0.0
        for c in range(1, 11):
            h, a = hard + c, ace or c == 1
            if stake == 1.0:
                ev += P[c] * (self._after(h, a) if h <= 21 else -self.mass())
            else:
                ev += P[c] * self._stand(_total(h, a))
        return stake * ev

    def stand(self, removed: Sequence[int], total: int) -> float:
        return self._stand(total)

    def hit(self, removed: Sequence[int], hard: int, ace: bool) -> float:
        return self._draw(hard, ace, 1.0)

    def double(self, removed: Sequence[int], hard: int, ace: bool) -> float:
        return self._draw(hard, ace, 2.0)

    def play(self, removed: Sequence[int], hard: int, ace: bool, can_double: bool) -> float:
        """Best (or policy) value of a hand that may stand, hit and, if allowed, double."""
        total = _total(hard, ace)
        if total >= 21:
            return self._stand(total)
        what = self._choice(hard, ace, can_double)
        values = {player.STAND: self._stand(total), player.HIT: self.hit((), hard, ace)}
        if can_double:
            values[player.DOUBLE] = self.double((), hard, ace)
        return max(values.values()) if what == player.CHOOSE else values[what]

    def split(self, v: int) -> float:
        """Splitting a pair of ``v``: the same orderings of second cards as from a shoe, with
        nothing removed by them."""
        rules = self.rules
        aces = v == 1
        limit = self.split_limit if (not aces or rules.resplit_aces) else min(self.split_limit, 2)
        q = P[v] / 4 if v == 10 and rules.split_by is SplitBy.RANK else P[v]
        average = pair_value = 0.0
        for c in range(1, 11):
            hard, ace = v + c, aces or c == 1
            total = _total(hard, ace)
            if aces and not rules.hit_split_aces:
                ev = self._stand(total)
            else:
                ev = self.play((), hard, ace,
                               rules.double_after_split and rules.can_double(total))
            average += P[c] * ev
            if c == v:
                pair_value = ev
        non_pair = (average - q * pair_value) / (1 - q)
        return split_orderings(limit, lambda a: True, lambda a, b: q ** a * (1 - q) ** b,
                               lambda a, b: average, lambda a, b: non_pair)


def _total(hard: int, ace: bool) -> int:
    return hard + 10 if ace and hard <= 11 else hard


def deal_probabilities() -> dict[tuple[int, int, int], float]:
    """Probability of each (up card, first player card <= second) deal."""
    return {(up, a, b): P[up] * P[a] * P[b] * (1 if a == b else 2)
            for up in range(1, 11) for a in range(1, 11) for b in range(a, 11)}
