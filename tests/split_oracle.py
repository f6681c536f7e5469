"""A card-by-card oracle for splitting: the whole round played out over every order the cards
can come in, from a small shoe, with a fixed strategy (a chart).

It deals the way the table does: the hole card first (a peeked natural ends the round before
anyone splits, so those deals are left out, which conditions on the peek; without a peek a
natural beats every hand, doubles included), then each split hand takes its second card,
splits again on a pair card while the hands are short of the limit, and is played to the end
before the next one; then the dealer draws. Nothing is assumed about exchangeability, so it
checks the solver's split algebra rather than restating it. A shoe that runs dry mid-round
raises, since the two would then disagree about what happens.
"""

from __future__ import annotations

from functools import cache

from twentyone.rules import Rules
from twentyone.strategy.chart import Chart

Shoe = tuple[int, ...]  # counts by value, index 0 unused
Settled = tuple[tuple[int, int], ...]  # (final total, stake) per finished hand, sorted


class ShoeRanDry(Exception):
    """The shoe ran out of cards mid-round."""


def _total(cards: tuple[int, ...]) -> tuple[int, bool]:
    hard = sum(cards)
    if 1 in cards and hard <= 11:
        return hard + 10, True
    return hard, False


def _take(shoe: Shoe, c: int) -> Shoe:
    return (*shoe[:c], shoe[c] - 1, *shoe[c + 1:])


def split_value(rules: Rules, chart: Chart, shoe: Shoe, pair: int, up: int) -> float:
    """EV per initial bet of splitting ``pair`` against ``up`` from ``shoe`` (which still holds
    the pair and the up card), every later decision from ``chart``; conditioned on no dealer
    natural where the rules peek under ``up``."""
    limit = rules.max_hands if pair != 1 or rules.resplit_aces else min(rules.max_hands, 2)

    @cache
    def dealer(left: Shoe, hard: int, ace: bool) -> tuple[tuple[int, float], ...]:
        """The dealer's final totals (22 = bust) and their chances, from ``left``."""
        total = hard + 10 if ace and hard <= 11 else hard
        if hard > 21:
            return ((22, 1.0),)
        if total >= 17 and not (rules.hit_soft_17 and total == 17 and ace and hard == 7):
            return ((total, 1.0),)
        n = sum(left)
        if n == 0:
            raise ShoeRanDry
        out: dict[int, float] = {}
        for c in range(1, 11):
            if left[c]:
                for t, p in dealer(_take(left, c), hard + c, ace or c == 1):
                    out[t] = out.get(t, 0.0) + p * left[c] / n
        return tuple(out.items())

    def settle(left: Shoe, hole: int, hands: Settled) -> float:
        if up + hole == 11 and 1 in (up, hole):  # an unpeeked natural takes every stake
            return -float(sum(stake for _, stake in hands))
        ev = 0.0
        for t, p in dealer(left, up + hole, up == 1 or hole == 1):
            for total, stake in hands:
                if total > 21 or (t <= 21 and total < t):
                    ev -= p * stake
                elif t > 21 or total > t:
                    ev += p * stake
        return ev

    def decide(hard: int, ace: bool, two: bool) -> str:
        total = hard + 10 if ace and hard <= 11 else hard
        may_double = two and rules.double_after_split and rules.can_double(total)
        cards = [1, hard - 1] if ace else [hard]  # the chart reads only the total and softness
        return chart.decide(cards, up, can_double=may_double, can_split=False,
                            can_surrender=False)

    def stood(done: Settled, total: int, stake: int) -> Settled:
        # Any total under 17 loses to every dealer total and wins only on a dealer bust.
        return tuple(sorted((*done, (max(total, 16), stake))))

    @cache
    def play(left: Shoe, hole: int, waiting: int, hands: int, hard: int, ace: bool, size: int,
             done: Settled) -> float:
        """The hand being played holds ``size`` cards (0: take the next waiting hand, or
        settle) of ``hard`` points, an ace among them or not; a bust pays at once."""
        if size == 0:
            if waiting == 0:
                return settle(left, hole, done)
            return play(left, hole, waiting - 1, hands, pair, pair == 1, 1, done)
        total = hard + 10 if ace and hard <= 11 else hard
        if size >= 2 and (total >= 21 or (pair == 1 and not rules.hit_split_aces)):
            return play(left, hole, waiting, hands, 0, False, 0, stood(done, total, 1))
        n = sum(left)
        if n == 0:
            raise ShoeRanDry
        action = "hit" if size == 1 else decide(hard, ace, size == 2)
        if action == "stand":
            return play(left, hole, waiting, hands, 0, False, 0, stood(done, total, 1))
        stake = 2 if action == "double" else 1
        ev = 0.0
        for c in range(1, 11):
            if not left[c]:
                continue
            p = left[c] / n
            rest = _take(left, c)
            h, a = hard + c, ace or c == 1
            t = h + 10 if a and h <= 11 else h
            if size == 1 and c == pair and hands < limit:
                ev += p * play(rest, hole, waiting + 1, hands + 1, pair, pair == 1, 1, done)
            elif t > 21:
                ev -= p * stake  # lost whatever the dealer holds
                ev += p * play(rest, hole, waiting, hands, 0, False, 0, done)
            elif action == "double":
                ev += p * play(rest, hole, waiting, hands, 0, False, 0, stood(done, t, 2))
            else:
                ev += p * play(rest, hole, waiting, hands, h, a, min(size + 1, 3), done)
        return ev

    left = _take(_take(_take(shoe, up), pair), pair)
    n = sum(left)
    value = weight = 0.0
    for hole in range(1, 11):
        if not left[hole]:
            continue
        if rules.dealer_checks(up) and up + hole == 11 and 1 in (up, hole):
            continue  # the peek: this round never reaches the split
        p = left[hole] / n
        value += p * play(_take(left, hole), hole, 1, 2, pair, pair == 1, 1, ())
        weight += p
    return value / weight
