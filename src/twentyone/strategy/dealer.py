"""The dealer's final-total probabilities for a shoe composition, exactly, by depth-first search.

The dealer's play is fixed by the rules, so for a shoe of card counts (by value, ace = 1) and an
up card the outcome distribution is a finite sum over draw sequences. The search runs compiled
(numba) because the player-side recursion asks for it once per distinct player hand.

Outcomes are indexed 0..4 for final totals 17..21, 5 for bust and 6 for a dealer blackjack.
"Conditioned on no blackjack" is kept *unnormalised* here: with ``exclude_bj`` the hole-card
branch that would make a natural is simply left out, so the result sums to P(no natural | shoe).
The player's side divides by that at the root, which makes every draw probability of the
player's later cards exactly conditional on the peek (calculators that renormalise per shoe
instead are off in the sixth decimal).
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

BUST = 5
BLACKJACK = 6


@numba.njit(cache=True, nogil=True)
def _draw(counts: I64, n: int, hard: int, ace: bool, h17: bool, weight: float, out: F64) -> None:
    soft_total = hard + 10 if ace and hard <= 11 else hard
    if soft_total >= 17 and not (h17 and ace and hard == 7):
        out[soft_total - 17] += weight
        return
    for c in range(1, 11):
        k = counts[c]
        if k == 0:
            continue
        counts[c] = k - 1
        nh = hard + c
        if nh > 21:
            out[5] += weight * k / n
        else:
            _draw(counts, n - 1, nh, ace or c == 1, h17, weight * k / n, out)
        counts[c] = k


@numba.njit(cache=True, nogil=True)
def dealer_outcomes(counts: I64, up: int, h17: bool, exclude_bj: bool) -> F64:
    """Outcome probabilities (17..21, bust, blackjack) for ``up`` against the shoe ``counts``
    (index 1..10, the up card already removed). With ``exclude_bj`` the natural's branch is
    dropped without renormalising, so the total is P(no dealer natural)."""
    out = np.zeros(7)
    n = 0
    for c in range(1, 11):
        n += counts[c]
    for c in range(1, 11):
        k = counts[c]
        if k == 0:
            continue
        w = k / n
        if (up == 1 and c == 10) or (up == 10 and c == 1):
            if not exclude_bj:
                out[6] += w
            continue
        counts[c] = k - 1
        _draw(counts, n - 1, up + c, up == 1 or c == 1, h17, w, out)
        counts[c] = k
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
