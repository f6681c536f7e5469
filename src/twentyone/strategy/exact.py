"""Exact, composition-dependent expected values of every player action, for any ``Rules``.

How it works. For one up card and one starting shoe, a player hand is identified by the cards
it took out of the shoe (a count per value), so the order cards came in cannot matter. Standing
is valued from the dealer's exact outcome distribution for the shoe less those cards
(``dealer``); hitting and doubling sum over the next card; the best play after
a hit is the larger of stand and hit for that exact composition (composition-dependent play).

Peek games: every figure is conditioned on the dealer not holding a natural. The dealer's table
leaves the natural's branch out without renormalising, and the root divides by P(no natural), which
conditions the player's draws on the peek as well as the dealer's (exact, not approximate).
Without a peek (European no hole card, or a ten up where only aces are peeked under) a dealer
natural is just one more dealer outcome, losing every doubled and split bet too.

Splits (the assumption, stated as asked). After a split each hand plays the composition-dependent
strategy for its own cards and the number of pair cards known to be gone (Eric Farmer's "CDP"):
it ignores what the other split hands drew. For that play the value of the split is exact, not
an approximation, by Farmer's method (``split_ev``): how many hands there end up being depends
only on whether each hand's second card is a pair card, every ordering of those second cards is
equally likely, and every other card the hands draw is exchangeable with the rest of the shoe.
So the split is a sum over the orderings of a few per-hand values, each from the shoe less the
pair cards and a number of known non-pair cards, and those come from the values with only pair
cards removed (taking out an unknown card changes an expectation by nothing). Resplits to any
``max_hands`` are counted. A test plays every split card by card from small shoes with a fixed
strategy and agrees to 1e-12; the six-deck house edges agree with the published figures (Farmer's
calculator) to their last digit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Protocol

import numpy as np

from twentyone.errors import AnalysisError
from twentyone.rules import DoubleOn, Rules, SplitBy, Surrender
from twentyone.strategy import chart, memo, player
from twentyone.strategy.dealer import I64, dealer_table
from twentyone.strategy.game import split_orderings
from twentyone.strategy.infinite import InfiniteSolver, deal_probabilities

ACTIONS = ("stand", "hit", "double", "split", "surrender")


def full_shoe(decks: int) -> tuple[int, ...]:
    """Counts by value for ``decks`` packs, index 0 unused, 1 = aces, 10 = ten-cards."""
    return (0,) + (4 * decks,) * 9 + (16 * decks,)


def _total(hard: int, ace: bool) -> tuple[int, bool]:
    if ace and hard <= 11:
        return hard + 10, True
    return hard, False


#: A strategy for the hands after the first decision: ``policy[hard, holds an ace, may double]``
#: is one of ``player.HIT / STAND / DOUBLE``; None means the composition-dependent best.
Policy = I64 | None


class Solver(Protocol):
    """What the round, the chart and the advisor ask of a solver for one up card: a shoe's
    (``UpSolver``) or an infinite deck's (``infinite.InfiniteSolver``). Hands are given by the
    cards they took out (``removed``, counts by value) and their hard total and ace; values are
    unnormalised under a peek (see the module docstring)."""

    rules: Rules
    up: int
    excl: bool

    def natural(self, removed: Sequence[int]) -> float: ...
    def mass(self, removed: Sequence[int]) -> float: ...
    def stand(self, removed: Sequence[int], total: int) -> float: ...
    def hit(self, removed: Sequence[int], hard: int, ace: bool) -> float: ...
    def double(self, removed: Sequence[int], hard: int, ace: bool) -> float: ...
    def play(self, removed: Sequence[int], hard: int, ace: bool, can_double: bool) -> float: ...
    def split(self, v: int) -> float: ...


class UpSolver:
    """All player EVs against one up card from one shoe (counts with the up card removed).

    A thin front on the compiled ``player`` functions, which keep the memo tables. Values are
    unnormalised in peek games (see the module docstring): divide by the dealer's no-natural mass
    for the hand's own shoe to condition them on the peek.
    """

    def __init__(self, rules: Rules, shoe: Sequence[int], up: int, policy: Policy = None,
                 memo_slots: int = memo.SLOTS) -> None:
        self.rules = rules
        self.up = up
        self.base = np.array(shoe, dtype=np.int64)
        self.basel = [int(x) for x in shoe]
        self.total = sum(self.basel)
        self.excl = rules.dealer_checks(up)
        dealer = dealer_table(up, rules.hit_soft_17, self.excl,
                              not self.excl and rules.late_natural_is_21())
        self.table = player.table_arrays(dealer)
        self._work = player.work_area(dealer)
        self.policy = player.no_policy() if policy is None else policy
        self.use_policy = policy is not None
        self._best = memo.new(memo_slots)  # it doubles between calls as it fills

    def _value(self, removed: Sequence[int], hard: int, ace: bool, can_double: bool,
               force: int) -> float:
        arr = np.array(removed, dtype=np.int64)
        self._best = memo.room(self._best)
        return float(player.play(self.base, self.total, self.up, self.excl, self.table,
                                 self._best, self.policy, self.use_policy, self._work, arr,
                                 player.composition_key(arr), sum(removed), hard, ace,
                                 can_double, force))

    def natural(self, removed: Sequence[int]) -> float:
        """P(the hole card makes a dealer natural | shoe less ``removed``), peeked or not."""
        if self.up not in (1, 10):
            return 0.0
        hole = 10 if self.up == 1 else 1
        return (self.basel[hole] - removed[hole]) / (self.total - sum(removed))

    def mass(self, removed: Sequence[int]) -> float:
        """P(no dealer natural | shoe less ``removed``) under a peek, else 1: the total of the
        unnormalised dealer outcomes (a busted hand needs only this)."""
        return 1.0 - self.natural(removed) if self.excl else 1.0

    def stand(self, removed: Sequence[int], total: int) -> float:
        """EV of standing on ``total`` holding ``removed`` (unnormalised)."""
        arr = np.array(removed, dtype=np.int64)
        return float(player.stand_value(self.base, self.total, self.up, self.excl, self.table,
                                        self._work, arr, sum(removed), total))

    def hit(self, removed: Sequence[int], hard: int, ace: bool) -> float:
        """EV of taking one card and then playing on (optimally or by the policy)."""
        return self._value(removed, hard, ace, False, player.HIT)

    def double(self, removed: Sequence[int], hard: int, ace: bool) -> float:
        """EV of doubling: one card, twice the stake."""
        return self._value(removed, hard, ace, True, player.DOUBLE)

    def play(self, removed: Sequence[int], hard: int, ace: bool, can_double: bool) -> float:
        """Best (or policy) value of a hand that may stand, hit and, if allowed, double."""
        return self._value(removed, hard, ace, can_double, player.CHOOSE)

    def split(self, v: int) -> float:
        """Splitting a pair of ``v`` (``split_ev``)."""
        return split_ev(self, v)


def split_ev(s: UpSolver, v: int) -> float:
    """EV (unnormalised, per initial bet) of splitting a pair of ``v`` against ``s.up``: the
    expected total of the split hands, exact for the post-split play (see the module docstring).

    The hands' second cards decide how many hands there are: each is a pair card (one that
    splits again: a same-rank ten when tens split by rank) or not. Every ordering of ``a``
    further pair cards and ``b`` other cards is equally likely, and a hand's value given such an
    ordering depends only on ``a`` and ``b`` (the cards the hands drew beyond their second
    card are exchangeable with the rest of the shoe), so the split is a sum over (a, b) of the
    number of orderings, their chance and the hands' values.
    """
    rules = s.rules
    aces = v == 1
    limit = rules.max_hands if (not aces or rules.resplit_aces) else min(rules.max_hands, 2)
    n = s.total - 2  # cards left once the pair is out
    pairs = (s.basel[10] / 4 if v == 10 and rules.split_by is SplitBy.RANK else s.basel[v]) - 2

    @cache
    def drawn(a: int) -> tuple[float, float]:
        """With ``a`` further pair cards out: a hand's value whatever its second card, and its
        value when that card is a pair card (played, not split: the hands are all there)."""
        left = list(s.basel)
        left[v] -= a + 2
        cards = sum(left)
        average = pair_value = 0.0
        for c in range(1, 11):
            if left[c] <= 0:
                continue
            removed = [0] * 11
            removed[v] = a + 2
            removed[c] += 1
            hard = v + c
            ace = aces or c == 1
            total, _ = _total(hard, ace)
            if aces and not rules.hit_split_aces:
                ev = s.stand(tuple(removed), total)
            else:
                can_d = rules.double_after_split and rules.can_double(total)
                ev = s.play(tuple(removed), hard, ace, can_d)
            average += left[c] / cards * ev
            if c == v:
                pair_value = ev
        return average, pair_value

    def without_other(value: Callable[[int, int], float], a: int, b: int, left: float) -> float:
        """``value(a, b)`` from ``value(a, b - 1)``: taking out one more unknown card (of
        ``left``) changes nothing on average, so a known non-pair card out is the average less
        the pair-card case, rescaled."""
        w = (pairs - a) / left
        if w <= 0:
            return value(a, b - 1)
        if w >= 1:
            return 0.0  # no non-pair card is left: the ordering has no chance
        return (value(a, b - 1) - w * value(a + 1, b - 1)) / (1 - w)

    @cache
    def any_second(a: int, b: int) -> float:
        """A hand's value, its second card unknown, ``a`` more pair cards and ``b`` non-pair
        cards known to be out."""
        if b == 0:
            return drawn(a)[0]
        return without_other(any_second, a, b, n - a - (b - 1))

    @cache
    def non_pair_second(a: int, b: int) -> float:
        """The same for a hand whose own second card is known not to be a pair card."""
        if b == 0:
            average, pair_value = drawn(a)
            w = (pairs - a) / (n - a)
            return (average - w * pair_value) / (1 - w) if w < 1 else 0.0
        return without_other(non_pair_second, a, b, n - a - b)

    def chance(a: int, b: int) -> float:
        """The chance of one particular ordering of ``a`` pair and ``b`` other second cards."""
        p = 1.0
        for i in range(a):
            p *= (pairs - i) / (n - i)
        for j in range(b):
            p *= (n - pairs - j) / (n - a - j)
        return p

    return split_orderings(limit, lambda a: pairs - a > 0, chance, any_second, non_pair_second)


def _removed(values: Sequence[int]) -> tuple[int, ...]:
    out = [0] * 11
    for v in values:
        out[v] += 1
    return tuple(out)


def hand_evs(s: Solver, values: Sequence[int], *, can_double: bool = True,
             can_split: bool = True, can_surrender: bool = True) -> dict[str, float]:
    """Unnormalised EVs of the legal actions for a hand (card values) in solver ``s``."""
    removed = _removed(values)
    hard = sum(values)
    ace = 1 in values
    total, _ = _total(hard, ace)
    rules = s.rules
    out: dict[str, float] = {"stand": s.stand(removed, total)}
    if total < 21:
        out["hit"] = s.hit(removed, hard, ace)
    two = len(values) == 2
    if two and can_double and total < 21 and rules.can_double(total):
        out["double"] = s.double(removed, hard, ace)
    if (two and can_split and values[0] == values[1] and rules.max_hands > 1):
        out["split"] = s.split(values[0])
    if two and can_surrender and rules.surrender is not Surrender.NONE:
        out["surrender"] = -0.5 * s.mass(removed)
    return out


def action_evs(rules: Rules, hand: Sequence[int], up: int, shoe: Sequence[int] | None = None,
               *, can_double: bool = True, can_split: bool = True, can_surrender: bool = True,
               split_hands: int = 1, infinite: bool = False) -> dict[str, float]:
    """EV of each legal action for ``hand`` (card values, ace = 1) against ``up``, as a fraction
    of the initial bet, conditioned on no dealer natural where the dealer peeks under ``up``.

    ``shoe`` is the cards left *including* the hand and up card, as counts by value: either 10
    numbers (aces first, ten-cards last) or 11 with index 0 ignored; None means a full shoe of
    ``rules.decks`` packs. Play after the first decision is composition-dependent optimal;
    splits follow the module's split assumption. ``split_hands`` is how many hands the player
    already has (a hand from a split may split again only while fewer than ``max_hands``);
    after a split the double follows ``double_after_split`` and surrender is not offered.
    Early surrender in a peek game is shown as its equivalent conditioned on no natural.
    ``infinite`` values the hand from an infinite deck instead (``shoe`` is then not used).
    """
    check_question(rules, hand, up, shoe, split_hands)
    counts = list(full_shoe(rules.decks) if shoe is None else shoe)
    if len(counts) == 10:
        counts = [0, *counts]
    counts[up] -= 1
    removed = _removed(hand)
    if any(counts[v] < removed[v] for v in range(1, 11)):
        raise AnalysisError("the shoe does not hold the hand and the up card")
    if not infinite and sum(counts[1:]) - sum(removed) < 1:
        raise AnalysisError("the shoe holds no card beyond the hand and the up card")
    if split_hands > 1:
        can_surrender = False
        can_double = can_double and rules.double_after_split
        can_split = can_split and split_hands < rules.max_hands and (
            hand[0] != 1 or rules.resplit_aces)
    r = rules.replace(max_hands=max(1, rules.max_hands - split_hands + 1))
    s: Solver = InfiniteSolver(r, up) if infinite else UpSolver(r, counts, up)
    evs = hand_evs(s, hand, can_double=can_double, can_split=can_split,
                   can_surrender=can_surrender)
    mass = s.mass(removed)
    out = {a: evs[a] / mass for a in ACTIONS if a in evs}
    if "surrender" in out and rules.surrender is Surrender.EARLY and s.excl:
        # -0.5 whatever the hole card: as if conditioned, -(0.5 - P(natural)) / P(no natural).
        out["surrender"] = (-0.5 + (1 - mass)) / mass
    return out


def _card(x: object) -> bool:
    return type(x) is int and 1 <= x <= 10


def check_question(rules: Rules, hand: Sequence[int], up: int,
                   shoe: Sequence[int] | None, split_hands: int = 1) -> None:
    """Refuse, with an ``AnalysisError`` saying why, a question ``action_evs`` has no answer
    for: a hand of fewer than two cards or a bust, a card that is not a value 1 (ace) to 10, a
    shoe that is not 10 (or 11) counts of cards."""
    if not isinstance(rules, Rules):
        raise AnalysisError(f"rules are a Rules, not {_shown(rules)}")
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence):
        raise AnalysisError(f"a hand is a list of card values, not {_shown(hand)}")
    if not all(_card(c) for c in hand):
        raise AnalysisError(f"a hand's cards are values 1 (ace) to 10, not {_shown(list(hand))}")
    if len(hand) < 2:
        raise AnalysisError("a hand has at least two cards (a split hand has its second card)")
    if sum(hand) > 21:
        raise AnalysisError(f"the hand {list(hand)} is bust ({sum(hand)}): nothing is left "
                            f"to decide")
    if not _card(up):
        raise AnalysisError(f"the up card is a value 1 (ace) to 10, not {_shown(up)}")
    if type(split_hands) is not int or not 1 <= split_hands <= rules.max_hands:
        raise AnalysisError(f"split_hands is 1 to {rules.max_hands}, not {_shown(split_hands)}")
    if shoe is None:
        return
    if isinstance(shoe, (str, bytes)) or not isinstance(shoe, Sequence) or len(shoe) not in (
            10, 11):
        raise AnalysisError("shoe must give 10 counts (aces to ten-cards) or 11 (index 0 unused)")
    if not all(type(n) is int and 0 <= n <= MAX_SHOE_COUNT for n in shoe):
        raise AnalysisError(f"a shoe's counts are whole numbers 0 to {MAX_SHOE_COUNT}")


#: The most cards of one value a shoe may hold for the solver: a million packs' ten-cards
#: (a shoe that large stands for an infinite deck, as a test checks; counts stay far from
#: overflowing the compiled solver's integers).
MAX_SHOE_COUNT = 16_000_000


def _shown(x: object) -> str:
    text = repr(x)
    return text if len(text) <= 40 else text[:40] + "..."


def _up_solver(rules: Rules, shoe: Sequence[int], up: int, policy: Policy = None) -> UpSolver:
    left = list(shoe)
    left[up] -= 1
    return UpSolver(rules, left, up, policy)


def warm_solvers(rules: Rules, policy_for: Callable[[int], Policy] | None = None,
                 infinite: bool = False) -> dict[int, Solver]:
    """One solver per up card with every two-card hand's EVs already worked out, the up cards
    shared between two threads: the compiled search releases the GIL, and it is nearly all of
    the work, so a two-core machine solves in a little over half the time. (An infinite deck's
    solvers need no warming: a few hundred totals.)"""
    if infinite:
        return {up: InfiniteSolver(rules, up, policy_for(up) if policy_for else None)
                for up in range(1, 11)}
    shoe = full_shoe(rules.decks)

    def solve(up: int) -> Solver:
        s = _up_solver(rules, shoe, up, policy_for(up) if policy_for else None)
        for a in range(1, 11):
            for b in range(a, 11):
                if (a + b != 11 or 1 not in (a, b)) and s.basel[a] > (a == b) and s.basel[b]:
                    hand_evs(s, (a, b))
        return s

    # Slowest (small up cards: long dealer draws) first, so the two threads finish together.
    order = (2, 3, 4, 5, 6, 1, 7, 8, 9, 10)
    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(order, pool.map(solve, order), strict=True))


def deals(rules: Rules, infinite: bool) -> dict[tuple[int, int, int], float]:
    """Probability of each (up card, first player card <= second) deal from a full shoe of
    ``rules.decks`` packs, or from an infinite deck."""
    return deal_probabilities() if infinite else _deal_probs(full_shoe(rules.decks))


def _deal_probs(shoe: Sequence[int]) -> dict[tuple[int, int, int], float]:
    """Probability of each (up card, first player card <= second) deal from ``shoe``."""
    n = sum(shoe)
    out: dict[tuple[int, int, int], float] = {}
    for up in range(1, 11):
        for a in range(1, 11):
            for b in range(a, 11):
                left = list(shoe)
                p = left[up] / n
                left[up] -= 1
                p *= left[a] / (n - 1)
                left[a] -= 1
                p *= left[b] / (n - 2)
                if a != b:
                    p *= 2
                if p > 0:
                    out[(up, a, b)] = p
    return out


def dealt_evs(s: Solver, a: int, b: int) -> dict[str, float]:
    """``hand_evs`` for a hand as dealt (a, b), every action valued on the same footing:
    unnormalised, so each carries the loss to a peeked natural alike, except that an early
    surrender escapes it (half the bet whatever the hole card, shown as the unnormalised value
    that, with the common loss added, makes -0.5)."""
    evs = hand_evs(s, (a, b))
    if "surrender" in evs and s.rules.surrender is Surrender.EARLY and s.excl:
        evs["surrender"] = -0.5 + (1 - s.mass(_removed((a, b))))
    return evs


def round_value(rules: Rules, s: Solver, a: int, b: int,
                choose: Callable[[dict[str, float]], str] | None) -> float:
    """Unconditional EV of a round dealt (a, b) against ``s.up``: a player natural is paid (or
    pushes a dealer natural), a peeked natural takes the bet before anyone acts, otherwise the
    hand takes the best action (or ``choose``'s) among the legal ones."""
    removed = _removed((a, b))
    mass = s.mass(removed)
    if a + b == 11 and 1 in (a, b):
        # A peeked dealer natural pushes it; one not checked for pushes it too, unless the
        # natural was paid at once or the dealer's counts only as 21
        # (docs/casino.md#when-a-natural-is-paid).
        if s.excl or not (rules.naturals_paid_at_once or rules.late_natural_is_21()):
            return float(rules.blackjack_ratio) * (1 - s.natural(removed))
        return float(rules.blackjack_ratio)
    evs = dealt_evs(s, a, b)
    action = choose(evs) if choose is not None else max(evs, key=lambda k: evs[k])
    lost_to_peek = -(1 - mass) if s.excl else 0.0
    return lost_to_peek + evs[action]


def round_ev(rules: Rules, policy_for: Callable[[int], Policy] | None = None,
             choose_for: Callable[[int, int, int], Callable[[dict[str, float]], str]] | None
             = None, solvers: Mapping[int, Solver] | None = None, infinite: bool = False
             ) -> float:
    """Expected value of a round from a full shoe (fraction of the bet), composition-dependent
    when no policy is given, else playing the policy (after the first decision) and
    ``choose_for(up, a, b)`` (at it). ``solvers`` (per up card, from a full shoe) may be shared
    with ``compute_chart`` so the composition-dependent values are worked out once;
    ``infinite`` plays from an infinite deck (and so must ``solvers``)."""
    total = 0.0
    if solvers is None:
        solvers = warm_solvers(rules, policy_for, infinite)
    for (up, a, b), p in deals(rules, infinite).items():
        s = solvers[up]
        choose = choose_for(up, a, b) if choose_for else None
        total += p * round_value(rules, s, a, b, choose)
    return total


def chart_code(evs: dict[str, float]) -> int:
    """The chart code for aggregated EVs of stand/hit/double/surrender: the best action, with
    its fallback for when it is not allowed."""
    best = max(evs, key=lambda k: evs[k])
    if best == "double":
        return chart.DOUBLE_HIT if evs["hit"] >= evs["stand"] else chart.DOUBLE_STAND
    if best == "surrender":
        rest = {k: v for k, v in evs.items() if k != "surrender"}
        if "double" in rest and rest["double"] >= max(rest["hit"], rest["stand"]):
            # A double beats the fallbacks: chart the double, surrender is secondary.
            return chart_code(rest)
        return chart.SURRENDER_HIT if evs["hit"] >= evs["stand"] else chart.SURRENDER_STAND
    return chart.HIT if best == "hit" else chart.STAND


def compute_chart(rules: Rules, solvers: Mapping[int, Solver] | None = None,
                  infinite: bool = False) -> chart.Chart:
    """The best total-dependent chart for ``rules`` from a full shoe.

    Each entry compares the actions' EVs summed over every two-card hand of that total (each
    weighted by its chance to be dealt), with composition-dependent play after the first card
    drawn; pairs compare splitting with the best other play the same way. Totals no two-card
    non-pair hand makes (hard 4, soft 12) take the pair's figures; hard 21 stands. With
    ``infinite``, from an infinite deck (where it is the composition-dependent strategy too).
    """
    agg_hard: dict[tuple[int, int], dict[str, float]] = {}
    agg_soft: dict[tuple[int, int], dict[str, float]] = {}
    pairs = np.full((11, 11), chart.NO_SPLIT, dtype=np.int8)
    if solvers is None:
        solvers = warm_solvers(rules, infinite=infinite)
    for (up, a, b), p in deals(rules, infinite).items():
        if a + b == 11 and 1 in (a, b):
            continue
        s = solvers[up]
        evs = dealt_evs(s, a, b)
        total, soft = _total(a + b, a == 1 or b == 1)
        split = evs.pop("split", None)
        if split is not None:
            others = max(evs.values())
            if split > others:
                pairs[a][up] = chart.SPLIT
            elif evs.get("surrender", -9.0) >= others and split >= max(
                    v for k, v in evs.items() if k != "surrender"):
                pairs[a][up] = chart.SURRENDER_SPLIT
        target = agg_soft if soft else agg_hard
        acc = target.setdefault((total, up), {})
        for k, v in evs.items():
            acc[k] = acc.get(k, 0.0) + p * v
    hard = np.full((22, 11), chart.STAND, dtype=np.int8)
    soft_t = np.full((22, 11), chart.STAND, dtype=np.int8)
    for (total, up), evs in agg_hard.items():
        hard[total][up] = chart_code(evs)
    for (total, up), evs in agg_soft.items():
        soft_t[total][up] = chart_code(evs)
    for up in range(1, 11):
        hard[21][up] = chart.STAND
        soft_t[21][up] = chart.STAND
    return chart.Chart(f"basic strategy ({describe(rules, infinite)})", hard, soft_t, pairs)


def describe(rules: Rules, infinite: bool = False) -> str:
    """A short name of the rules that matter to the odds, e.g. "6D S17 DAS DA2 SPL4 3:2"."""
    parts = ["infinite deck" if infinite else f"{rules.decks}D",
             "H17" if rules.hit_soft_17 else "S17"]
    parts.append("peek" if rules.peek and rules.peek_tens else
                 "peek-A" if rules.peek else "ENHC")
    parts.append({DoubleOn.ANY: "DA2", DoubleOn.NINE_TO_ELEVEN: "D9",
                  DoubleOn.TEN_OR_ELEVEN: "D10"}[rules.double_on])
    parts.append("DAS" if rules.double_after_split else "NDAS")
    parts.append(f"SPL{rules.max_hands}")
    if rules.resplit_aces:
        parts.append("RSA")
    if rules.hit_split_aces:
        parts.append("HSA")
    if rules.surrender is not Surrender.NONE:
        parts.append("LS" if rules.surrender is Surrender.LATE else "ES")
    if rules.late_natural_is_21():
        parts.append("late-21")
    if rules.naturals_paid_at_once:
        parts.append("BJ-now")
    parts.append(rules.blackjack_pays)
    return " ".join(parts)


def chart_policy(c: chart.Chart, up: int) -> I64:
    """A ``Policy`` playing chart ``c`` against ``up`` after the first decision."""
    codes = {"hit": player.HIT, "stand": player.STAND, "double": player.DOUBLE}
    table = player.no_policy()
    for hard in range(2, 22):
        for ace in (False, True):
            values = (1, hard - 1) if ace else (hard,)
            for can_double in (False, True):
                choice = c.decide(values, up, can_double=can_double, can_split=False,
                                  can_surrender=False)
                table[hard, int(ace), int(can_double)] = codes[choice]
    return table


def chart_round_ev(rules: Rules, c: chart.Chart, infinite: bool = False) -> float:
    """Expected value of a round from a full shoe (or an infinite deck) when every decision
    follows chart ``c`` (the split hands too, resplitting whenever the chart splits that
    pair)."""
    def choose_for(up: int, a: int, b: int) -> Callable[[dict[str, float]], str]:
        def choose(evs: dict[str, float]) -> str:
            return c.decide((a, b), up, can_double="double" in evs, can_split="split" in evs,
                            can_surrender="surrender" in evs)
        return choose
    return round_ev(rules, lambda up: chart_policy(c, up), choose_for, infinite=infinite)
