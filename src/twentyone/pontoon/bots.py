"""Decisions for bots at a Pontoon table: a player, and two bankers
(docs/pontoon.md#bots-at-the-pontoon-table; docs/pontoon.md#the-bankers-play: "the dealer is not
bound by the rules to stand on or draw to any total").

The decisions are pure functions of what the bot may see, so they can be tested without a table
and cannot peek at a hidden card: the table passes them only shown cards (its views decide that).

- ``stand_on_17``: the banker draws like a casino dealer, to 17 and no further.
- ``reading_banker``: the banker weighs standing against drawing, with the totals the standing
  players can hold given the cards they show and the cards the banker has not seen. Ties pay the
  banker, so standing on a low total against weak-looking hands is often right, and drawing to a
  16 against two visible tens is too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from twentyone.cards import hand_total

#: Card values 1 (ace) to 10 in a 52-card pack.
PACK_VALUES: dict[int, int] = {v: (16 if v == 10 else 4) for v in range(1, 11)}


@dataclass(frozen=True, slots=True)
class Standing:
    """A hand that stood against the banker, as the banker sees it."""

    shown: tuple[int, ...]
    hidden: int
    bet: int
    #: The hand stopped by rule, not by choice (a double's one card, split aces), so its
    #: standing says nothing about its total.
    forced: bool = False

#: A player who chose to stand is read as holding at least this, where the shown cards allow:
#: nobody sensible stands on less when ties pay the banker.
STANDS_ON = 17


BankerStrategy = Callable[[Sequence[int], Sequence[Standing], dict[int, int]], bool]


def stand_on_17(banker: Sequence[int], standing: Sequence[Standing],
                unseen: dict[int, int]) -> bool:
    """Draw below 17, stand on any 17 or more: the casino dealer's rule, for comparison."""
    total, _ = hand_total(tuple(banker))
    return total < 17


def unseen_values(seen: Iterable[int]) -> dict[int, int]:
    """Values left in a single pack once ``seen`` is taken out (never below zero)."""
    left = dict(PACK_VALUES)
    for v in seen:
        if left.get(v, 0) > 0:
            left[v] -= 1
    return left


def _totals(hand: Standing, unseen: dict[int, int]) -> dict[int, float]:
    """Distribution of a standing hand's total over its hidden card(s). A hand still standing is
    not bust (a bust is declared at once), so hidden cards that would bust it are ruled out; a
    hand that chose to stand is read as holding ``STANDS_ON`` or more where it can."""
    dist: dict[tuple[int, ...], float] = {hand.shown: 1.0}
    pool = sum(unseen.values())
    for _ in range(hand.hidden):
        nxt: dict[tuple[int, ...], float] = {}
        for vals, p in dist.items():
            for v, n in unseen.items():
                if n:
                    key = (*vals, v)
                    nxt[key] = nxt.get(key, 0.0) + p * n / pool
        dist = nxt
    out: dict[int, float] = {}
    for vals, p in dist.items():
        t, _ = hand_total(vals)
        if t <= 21:
            out[t] = out.get(t, 0.0) + p
    if not hand.forced and any(t >= STANDS_ON for t in out):
        out = {t: p for t, p in out.items() if t >= STANDS_ON}
    mass = sum(out.values())
    return {t: p / mass for t, p in out.items()} if mass else {}


def reading_banker(banker: Sequence[int], standing: Sequence[Standing],
                   unseen: dict[int, int]) -> bool:
    """Draw when drawing (then playing on as well) is worth more than standing now, in expected
    chips against the standing hands; ties count for the banker
    (docs/pontoon.md#settlement)."""
    dists = [(_totals(h, unseen), h.bet) for h in standing]
    at_risk = sum(h.bet for h in standing)
    pool = sum(unseen.values())
    if pool == 0 or not standing:
        return False

    def stand_value(total: int) -> float:
        value = 0.0
        for dist, bet in dists:
            beat = sum(p for t, p in dist.items() if t > total)
            value += bet * (1.0 - 2.0 * beat)
        return value

    memo: dict[tuple[int, bool], float] = {}

    def draw_value(hard: int, ace: bool) -> float:
        key = (hard, ace)
        if key not in memo:
            value = 0.0
            for v, n in unseen.items():
                if n:
                    value += n / pool * best(hard + v, ace or v == 1)
            memo[key] = value
        return memo[key]

    def best(hard: int, ace: bool) -> float:
        if hard > 21:
            return -float(at_risk)
        total = hard + 10 if ace and hard <= 11 else hard
        return max(stand_value(total), draw_value(hard, ace))

    hard = sum(banker)
    ace = 1 in banker
    total = hard + 10 if ace and hard <= 11 else hard
    return draw_value(hard, ace) > stand_value(total)


BANKER_STRATEGIES: dict[str, BankerStrategy] = {
    "stand-17": stand_on_17,
    "reading": reading_banker,
}


def player_choice(values: Sequence[int], *, can_split: bool, can_double: bool) -> str:
    """A plain player's decision: "split", "double", "hit" or "stand".

    Split aces and eights, double on 10 or 11, draw to 17 (soft 18), since ties pay the banker;
    with four cards draw to 14 as well, for the five-card bonus.
    """
    total, soft = hand_total(tuple(values))
    if can_split and len(values) == 2 and values[0] == values[1] and values[0] in (1, 8):
        return "split"
    if can_double and len(values) == 2 and total in (10, 11) and not soft:
        return "double"
    if total < 17 or (soft and total < 18) or (len(values) == 4 and total <= 14):
        return "hit"
    return "stand"
