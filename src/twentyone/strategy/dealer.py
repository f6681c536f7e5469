"""The dealer's final-total probabilities for a shoe composition, exactly, from a table of the
dealer's finished hands.

The dealer's play is fixed by the rules, so for one up card the hands the dealer can finish with
are a fixed set of card multisets, whatever the shoe. The probability of one particular draw
sequence depends only on its multiset: ``prod_c k_c (k_c - 1) ... / n (n - 1) ...`` (falling
factorials of the shoe's counts). So the table keeps each finished multiset once, with the number
of orders the dealer can draw it in (an order that would have stood earlier does not count) and
its outcome; a shoe's distribution is then one pass over ~200-2,000 multisets instead of a search
over up to ~19,000 draw sequences. Better still, the player's side walks from hand to hand one
card at a time, and taking one card of value c (k of them among n) out of the shoe multiplies a
multiset's probability by ``(k - m_c) / k * n / (n - size)``: so it keeps each hand's vector of
multiset probabilities and derives the next hand's in one pass (``draw``). The factor
``n / (k (n - size))`` is the same for every multiset of one size, so it is kept per size
(``scale``) and the pass is one integer multiply per multiset, summed in blocks of one outcome
and one size; that is what makes a composition-dependent solve take a fraction of a second.

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

import numpy as np
import numpy.typing as npt

from twentyone.compiled import no_refcount

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

BUST = 5
BLACKJACK = 6
#: Bits per card value in a multiset key (counts up to 31 of each value).
BITS = 5


class DealerTable(NamedTuple):
    """The dealer's finished hands for one up card, sorted by outcome and then size: per
    multiset its number of draw orders (``ways``), ``outcome`` and card count (``size``);
    ``mults[c, j]`` is how many cards of value c multiset j holds. Multisets
    ``bounds[o]:bounds[o + 1]`` end in outcome o; block b, ``blocks[b]:blocks[b + 1]``, holds
    the multisets of outcome ``block_outcome[b]`` and size ``block_size[b]``; ``draw_mults`` is
    ``mults`` as floats (so the hot loop needs no integer conversion, and vectorises)."""

    ways: F64
    outcome: I64
    size: I64
    mults: I64
    bounds: I64
    blocks: I64
    block_outcome: I64
    block_size: I64
    draw_mults: F64


def _outcome(hard: int, ace: bool, h17: bool) -> int:
    """The dealer's outcome on this hand, or -1 while the dealer must still draw."""
    if hard > 21:
        return BUST
    total = hard + 10 if ace and hard <= 11 else hard
    if total >= 17 and not (h17 and ace and hard == 7):
        return total - 17
    return -1


def _build(up: int, h17: bool, exclude_bj: bool,
           natural_21: bool = False) -> tuple[F64, I64, I64, I64]:
    """Plain Python: a few thousand hands per up card, built once per process (compiling it
    would cost more than running it). ``natural_21``: a natural (not excluded) is the outcome
    21, not a blackjack (``Rules.late_natural``)."""
    # Level by level (one more card each time), merging hands that hold the same multiset:
    # the orders reaching a multiset add up, and its total and softness are the same.
    level: dict[tuple[int, ...], float] = {(0,) * 11: 1.0}
    finished: dict[tuple[int, ...], list[float]] = {}  # multiset -> [ways, outcome]
    first = True
    while level:
        nxt: dict[tuple[int, ...], float] = {}
        for held, w in level.items():
            hard = up + sum(c * m for c, m in enumerate(held))
            ace = up == 1 or held[1] > 0
            for c in range(1, 11):
                grown = (*held[:c], held[c] + 1, *held[c + 1:])
                if first and ((up == 1 and c == 10) or (up == 10 and c == 1)):
                    if exclude_bj:
                        continue
                    o = 21 - 17 if natural_21 else BLACKJACK
                else:
                    o = _outcome(hard + c, ace or c == 1, h17)
                if o < 0:
                    nxt[grown] = nxt.get(grown, 0.0) + w
                else:
                    finished.setdefault(grown, [0.0, o])[0] += w
        level = nxt
        first = False
    mults = np.array(list(finished), dtype=np.int64).T.copy()
    ways = np.array([v[0] for v in finished.values()])
    outs = np.array([v[1] for v in finished.values()], dtype=np.int64)
    return ways, outs, mults.sum(axis=0), mults


@cache
def dealer_table(up: int, h17: bool, exclude_bj: bool, natural_21: bool = False) -> DealerTable:
    """The finished-hand table for ``up`` (built once per process and rule); ``natural_21``
    counts a natural the dealer did not check for as 21 (see ``_build``)."""
    ways, outcome, size, mults = _build(up, h17, exclude_bj, natural_21)
    order = np.lexsort((size, outcome))
    outcome, size = outcome[order], size[order]
    bounds = np.searchsorted(outcome, np.arange(8)).astype(np.int64)
    change = np.flatnonzero((np.diff(outcome) != 0) | (np.diff(size) != 0)) + 1
    blocks = np.concatenate(([0], change, [len(outcome)])).astype(np.int64)
    mults = np.ascontiguousarray(mults[:, order])
    return DealerTable(ways[order], outcome, size, mults, bounds, blocks, outcome[blocks[:-1]],
                       size[blocks[:-1]], mults.astype(np.float64))


def scratch(t: DealerTable) -> tuple[F64, F64]:
    """``shoe_vector``'s work arrays for table ``t``: falling factorials of each value's count
    up to the most copies any multiset holds, and inverse falling factorials of the shoe's size
    up to the longest hand (allocated by the caller, so the compiled side allocates nothing)."""
    return np.empty((11, int(t.mults.max()) + 1)), np.empty(int(t.size.max()) + 1)


@no_refcount(python=True)
def shoe_vector(counts: I64, ways: F64, size: I64, mults: I64, vecs: F64, row: int,
                falling: F64, inv: F64) -> None:
    """Fill ``vecs[row]`` with each finished multiset's probability for the shoe ``counts``
    (index 1..10, the up card already removed); ``falling`` and ``inv`` from ``scratch``."""
    n = 0
    for c in range(1, 11):
        n += counts[c]
    top = falling.shape[1] - 1
    longest = inv.shape[0] - 1
    for c in range(1, 11):
        falling[c, 0] = 1.0
        for m in range(1, top + 1):
            falling[c, m] = falling[c, m - 1] * max(counts[c] - m + 1, 0)
    f = 1.0
    inv[0] = 1.0
    for k in range(1, longest + 1):
        f *= max(n - k + 1, 0)
        inv[k] = 1.0 / f if f > 0 else 0.0
    for j in range(len(size)):
        vecs[row, j] = ways[j] * inv[size[j]]
    for c in range(1, 11):
        for j in range(len(size)):
            vecs[row, j] *= falling[c, mults[c, j]]


@no_refcount()
def block_sums(vecs: F64, row: int, blocks: I64, sums: F64) -> None:
    """``sums[row]``: ``vecs[row]`` summed over each block of one outcome and one size. (Rows
    of work arrays rather than 1-D slices: a slice is a new array, counted in and out.)"""
    for b in range(len(blocks) - 1):
        total = 0.0
        for j in range(blocks[b], blocks[b + 1]):
            total += vecs[row, j]
        sums[row, b] = total


@no_refcount(fastmath=True)
def draw(vecs: F64, row: int, mults: F64, c: int, k: int, blocks: I64, sums: F64) -> None:
    """One card of value ``c``, with ``k`` copies in the shoe, leaves it: ``vecs[row + 1]`` is
    ``vecs[row]`` times ``k - m_c`` (``mults``: ``DealerTable.draw_mults``), summed per block
    into ``sums[row + 1]``. The rest of the factor, ``n / (k (n - size))``, goes to the
    per-size scale (``draw_scale``)."""
    kf = float(k)
    for j in range(vecs.shape[1]):  # a plain elementwise loop, so it vectorises
        vecs[row + 1, j] = vecs[row, j] * (kf - mults[c, j])
    for b in range(len(blocks) - 1):
        total = 0.0
        for j in range(blocks[b], blocks[b + 1]):
            total += vecs[row + 1, j]
        sums[row + 1, b] = total


@no_refcount()
def draw_scale(scales: F64, row: int, k: int, n: int) -> None:
    """``scales[row + 1]``: the per-size factor of a draw (see ``draw``), zero where fewer
    cards than the size are left."""
    for s in range(scales.shape[1]):
        scales[row + 1, s] = scales[row, s] * n / (k * (n - s)) if n - s > 0 else 0.0


def dealer_outcomes(counts: I64, up: int, h17: bool, exclude_bj: bool) -> F64:
    """Outcome probabilities (17..21, bust, blackjack) for ``up`` against the shoe ``counts``
    (index 1..10, the up card already removed). With ``exclude_bj`` the natural's branch is
    dropped without renormalising, so the total is P(no dealer natural)."""
    t = dealer_table(up, h17, exclude_bj)
    vecs = np.empty((1, len(t.ways)))
    shoe_vector(np.asarray(counts, dtype=np.int64), t.ways, t.size, t.mults, vecs, 0,
                *scratch(t))
    vec = vecs[0]
    return np.array([vec[t.bounds[o]:t.bounds[o + 1]].sum() for o in range(7)])


def infinite_outcomes(up: int, h17: bool, exclude_bj: bool, natural_21: bool = False) -> F64:
    """The same distribution for an infinite deck (each value drawn with its full-pack share,
    never depleted), by a small dynamic programme over (hard total, holds an ace);
    ``natural_21`` as for ``dealer_table``."""
    probs = np.array([0.0] + [1 / 13] * 9 + [4 / 13])
    out = np.zeros(7)
    # states: (hard, ace) -> probability mass still drawing
    states: dict[tuple[int, bool], float] = {}
    for c in range(1, 11):
        if (up == 1 and c == 10) or (up == 10 and c == 1):
            if not exclude_bj:
                out[21 - 17 if natural_21 else BLACKJACK] += probs[c]
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
