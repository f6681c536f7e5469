"""The dealer's final-total probabilities for a shoe composition, exactly, from a table of the
dealer's finished hands.

The dealer's play is fixed by the rules, so for one up card the hands the dealer can finish with
are a fixed set of card multisets, whatever the shoe. The probability of one particular draw
sequence depends only on its multiset: ``prod_c k_c (k_c - 1) ... / n (n - 1) ...`` (falling
factorials of the shoe's counts). So the table keeps each finished multiset once, with the number
of orders the dealer can draw it in (an order that would have stood earlier does not count) and
its outcome; a shoe's distribution is then one pass over ~200-2,000 multisets instead of a search
over up to ~19,000 draw sequences, which is what makes a composition-dependent solve take a
fraction of a second (the player's side asks for a distribution once per distinct player hand).

Outcomes are indexed 0..4 for final totals 17..21, 5 for bust and 6 for a dealer blackjack.
"Conditioned on no blackjack" is kept *unnormalised*: with ``exclude_bj`` the hole card that would
make a natural is left out of the table, so a distribution sums to P(no natural | shoe). The
player's side divides by that at the root, which makes every draw probability of the player's
later cards exactly conditional on the peek (calculators that renormalise per shoe instead are
off in the sixth decimal).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numba
import numpy as np
import numpy.typing as npt
from numba import types
from numba.typed import Dict

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

BUST = 5
BLACKJACK = 6
#: Bits per card value in a multiset key (counts up to 31 of each value).
BITS = 5


class DealerTable(NamedTuple):
    """The dealer's finished hands for one up card: per multiset its number of draw orders
    (``ways``), ``outcome`` and card count (``size``); its cards are ``card[start[j]:start[j+1]]``
    with multiplicities ``mult[...]``."""

    ways: F64
    outcome: I64
    size: I64
    start: I64
    card: I64
    mult: I64


@numba.njit(cache=True, nogil=True)
def _outcome(hard: int, ace: bool, h17: bool) -> int:
    """The dealer's outcome on this hand, or -1 while the dealer must still draw."""
    if hard > 21:
        return BUST
    total = hard + 10 if ace and hard <= 11 else hard
    if total >= 17 and not (h17 and ace and hard == 7):
        return total - 17
    return -1


@numba.njit(cache=True, nogil=True)
def _build(up: int, h17: bool, exclude_bj: bool) -> tuple[F64, I64, I64, I64, I64, I64]:
    # Level by level (one more card each time), merging hands that hold the same multiset:
    # the orders reaching a multiset add up, and its total and softness are the same.
    level = Dict.empty(key_type=types.int64, value_type=types.float64)
    level[0] = 1.0
    index = Dict.empty(key_type=types.int64, value_type=types.int64)
    keys: list[int] = []
    ways: list[float] = []
    outs: list[int] = []
    first = True
    while len(level) > 0:
        nxt = Dict.empty(key_type=types.int64, value_type=types.float64)
        for key, w in level.items():
            hard = up
            ace = up == 1
            for c in range(1, 11):
                m = (key >> (BITS * (c - 1))) & 31
                hard += c * m
                if c == 1 and m > 0:
                    ace = True
            for c in range(1, 11):
                nk = key + (1 << (BITS * (c - 1)))
                natural = first and ((up == 1 and c == 10) or (up == 10 and c == 1))
                if natural:
                    o = BLACKJACK
                    if exclude_bj:
                        continue
                else:
                    o = _outcome(hard + c, ace or c == 1, h17)
                if o < 0:
                    nxt[nk] = nxt.get(nk, 0.0) + w
                elif nk in index:
                    ways[index[nk]] += w
                else:
                    index[nk] = len(keys)
                    keys.append(nk)
                    ways.append(w)
                    outs.append(o)
        level = nxt
        first = False
    m_count = len(keys)
    start = np.zeros(m_count + 1, dtype=np.int64)
    size = np.zeros(m_count, dtype=np.int64)
    cards: list[int] = []
    mults: list[int] = []
    for j in range(m_count):
        for c in range(1, 11):
            m = (keys[j] >> (BITS * (c - 1))) & 31
            if m:
                cards.append(c)
                mults.append(m)
                size[j] += m
        start[j + 1] = len(cards)
    return (np.array(ways), np.array(outs, dtype=np.int64), size, start,
            np.array(cards, dtype=np.int64), np.array(mults, dtype=np.int64))


@cache
def dealer_table(up: int, h17: bool, exclude_bj: bool) -> DealerTable:
    """The finished-hand table for ``up`` (built once per process and rule)."""
    return DealerTable(*_build(up, h17, exclude_bj))


@numba.njit(cache=True, nogil=True)
def evaluate(counts: I64, ways: F64, outcome: I64, size: I64, start: I64, card: I64,
             mult: I64, out: F64) -> None:
    """Fill ``out`` (7 outcomes, zeroed here) for the shoe ``counts`` (index 1..10, the up card
    already removed) from a ``DealerTable``'s arrays."""
    n = 0
    for c in range(1, 11):
        n += counts[c]
    top = 0
    for i in range(len(mult)):
        top = max(top, mult[i])
    longest = 0
    for j in range(len(size)):
        longest = max(longest, size[j])
    falling = np.empty((11, top + 1))
    for c in range(1, 11):
        falling[c, 0] = 1.0
        for m in range(1, top + 1):
            falling[c, m] = falling[c, m - 1] * max(counts[c] - m + 1, 0)
    inv = np.empty(longest + 1)
    f = 1.0
    inv[0] = 1.0
    for k in range(1, longest + 1):
        f *= max(n - k + 1, 0)
        inv[k] = 1.0 / f if f > 0 else 0.0
    out[:] = 0.0
    for j in range(len(ways)):
        p = ways[j] * inv[size[j]]
        for i in range(start[j], start[j + 1]):
            p *= falling[card[i], mult[i]]
        out[outcome[j]] += p


def dealer_outcomes(counts: I64, up: int, h17: bool, exclude_bj: bool) -> F64:
    """Outcome probabilities (17..21, bust, blackjack) for ``up`` against the shoe ``counts``
    (index 1..10, the up card already removed). With ``exclude_bj`` the natural's branch is
    dropped without renormalising, so the total is P(no dealer natural)."""
    out = np.zeros(7)
    evaluate(np.asarray(counts, dtype=np.int64), *dealer_table(up, h17, exclude_bj), out)
    return out


def infinite_outcomes(up: int, h17: bool, exclude_bj: bool) -> F64:
    """The same distribution for an infinite deck (each value drawn with its full-pack share,
    never depleted), by a small dynamic programme over (hard total, holds an ace)."""
    probs = np.array([0.0] + [1 / 13] * 9 + [4 / 13])
    out = np.zeros(7)
    # states: (hard, ace) -> probability mass still drawing
    states: dict[tuple[int, bool], float] = {}
    for c in range(1, 11):
        if (up == 1 and c == 10) or (up == 10 and c == 1):
            if not exclude_bj:
                out[BLACKJACK] += probs[c]
            continue
        key = (up + c, up == 1 or c == 1)
        states[key] = states.get(key, 0.0) + probs[c]
    while states:
        nxt: dict[tuple[int, bool], float] = {}
        for (hard, ace), w in states.items():
            total = hard + 10 if ace and hard <= 11 else hard
            if hard > 21:
                out[BUST] += w
                continue
            stands = total >= 17 and not (h17 and total == 17 and ace and hard == 7)
            if stands:
                out[total - 17] += w
                continue
            for c in range(1, 11):
                key = (hard + c, ace or c == 1)
                nxt[key] = nxt.get(key, 0.0) + w * probs[c]
        states = nxt
    return out
