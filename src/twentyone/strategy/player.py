"""The player's side of the exact solve, compiled: the value of standing, hitting, doubling and
playing on for a hand identified by the cards it took out of the shoe.

A hand's cards are a count per value (``removed``, index 1..10), packed into one integer key
(``dealer.BITS`` bits per value) so the memo tables are numba typed dicts and the recursion never
leaves compiled code; the Python side (``exact``) asks for a few hundred root values per up card
and does the split bookkeeping. Values are unnormalised under a peek (see ``exact``).
"""

from __future__ import annotations

import numba
import numpy as np
from numba import types
from numba.typed import Dict

from .dealer import BITS, BLACKJACK, BUST, F64, I64, DealerTable, evaluate

#: What to do with a hand: the best of the allowed plays (or the policy's), or one forced play.
CHOOSE, HIT, STAND, DOUBLE = 0, 1, 2, 3

#: Composition key -> the dealer's 7 outcomes (a numba typed dict, which type-checks as a dict).
DealerMemo = dict[int, F64]
#: (composition, hard total, may double) key -> the hand's value.
BestMemo = dict[int, float]


def new_memos() -> tuple[DealerMemo, BestMemo]:
    """Empty memo tables for one up card and one starting shoe."""
    dealers: DealerMemo = Dict.empty(key_type=types.int64, value_type=types.float64[::1])
    best: BestMemo = Dict.empty(key_type=types.int64, value_type=types.float64)
    return dealers, best


def no_policy() -> I64:
    """A policy table that chooses the best play everywhere."""
    return np.zeros((32, 2, 2), dtype=np.int64)


@numba.njit(cache=True, nogil=True)
def composition_key(removed: I64) -> int:
    """The memo key of a hand's cards."""
    key = 0
    for c in range(1, 11):
        key += removed[c] << (BITS * (c - 1))
    return key


@numba.njit(cache=True, nogil=True)
def dealer_for(base: I64, tbl: tuple[F64, I64, I64, I64, I64, I64], dealers: DealerMemo,
               removed: I64, key: int) -> F64:
    """Dealer outcomes for the shoe ``base`` less ``removed`` (memoised by ``key``)."""
    if key in dealers:
        return dealers[key]
    out = np.zeros(7)
    evaluate(base - removed, tbl[0], tbl[1], tbl[2], tbl[3], tbl[4], tbl[5], out)
    dealers[key] = out
    return out


@numba.njit(cache=True, nogil=True)
def mass(base: I64, n0: int, up: int, excl: bool, removed: I64, nrem: int) -> float:
    """P(no dealer natural | shoe less ``removed``) under a peek, else 1."""
    if not excl:
        return 1.0
    hole = 10 if up == 1 else 1
    return 1.0 - float(base[hole] - removed[hole]) / (n0 - nrem)


@numba.njit(cache=True, nogil=True)
def stand_value(base: I64, n0: int, up: int, excl: bool,
                tbl: tuple[F64, I64, I64, I64, I64, I64], dealers: DealerMemo, removed: I64,
                key: int, nrem: int, total: int) -> float:
    """EV of standing on ``total`` holding ``removed`` (a bust loses the bet)."""
    if total > 21:
        return -mass(base, n0, up, excl, removed, nrem)
    d = dealer_for(base, tbl, dealers, removed, key)
    win = d[BUST]
    lose = d[BLACKJACK]
    for t in range(17, 22):
        if t < total:
            win += d[t - 17]
        elif t > total:
            lose += d[t - 17]
    return float(win - lose)


@numba.njit(cache=True, nogil=True)
def after_hit(base: I64, n0: int, up: int, excl: bool,
              tbl: tuple[F64, I64, I64, I64, I64, I64], dealers: DealerMemo, best: BestMemo,
              policy: I64, use_policy: bool, removed: I64, key: int, nrem: int, hard: int,
              ace: bool) -> float:
    """Value of a hand that may only stand or hit: the better of the two, or the policy's.

    A depth-first search with its own stack rather than recursion (numba's disk cache does not
    load recursive functions safely); ``removed`` is mutated and restored."""
    depth_max = 40
    f_key = np.zeros(depth_max, dtype=np.int64)
    f_nrem = np.zeros(depth_max, dtype=np.int64)
    f_hard = np.zeros(depth_max, dtype=np.int64)
    f_ace = np.zeros(depth_max, dtype=np.bool_)
    f_card = np.zeros(depth_max, dtype=np.int64)  # next card to try; 0 = not started
    f_hit = np.zeros(depth_max, dtype=np.float64)
    f_stand = np.zeros(depth_max, dtype=np.float64)
    f_only_hit = np.zeros(depth_max, dtype=np.bool_)
    f_key[0], f_nrem[0], f_hard[0], f_ace[0] = key, nrem, hard, ace
    top = 0
    result = 0.0
    while True:
        d = top
        done = False
        value = 0.0
        if f_card[d] == 0:
            h = f_hard[d]
            a = f_ace[d]
            memo_key = f_key[d] << 6 | h << 1
            total = h + 10 if a and h <= 11 else h
            what = CHOOSE
            if use_policy and total < 21:
                what = policy[h, 1 if a else 0, 0]
            if memo_key in best:
                value = best[memo_key]
                done = True
            elif total >= 21 or what == STAND:
                value = stand_value(base, n0, up, excl, tbl, dealers, removed, f_key[d],
                                    f_nrem[d], total)
                best[memo_key] = value
                done = True
            else:
                f_only_hit[d] = what != CHOOSE
                if not f_only_hit[d]:
                    f_stand[d] = stand_value(base, n0, up, excl, tbl, dealers, removed,
                                             f_key[d], f_nrem[d], total)
                f_hit[d] = 0.0
                f_card[d] = 1
        if not done:
            n = n0 - f_nrem[d]
            pushed = False
            while f_card[d] <= 10:
                c = f_card[d]
                k = base[c] - removed[c]
                if k == 0:
                    f_card[d] += 1
                    continue
                removed[c] += 1
                if f_hard[d] + c > 21:
                    f_hit[d] -= k / n * mass(base, n0, up, excl, removed, f_nrem[d] + 1)
                    removed[c] -= 1
                    f_card[d] += 1
                    continue
                top = d + 1
                f_key[top] = f_key[d] + (1 << (BITS * (c - 1)))
                f_nrem[top] = f_nrem[d] + 1
                f_hard[top] = f_hard[d] + c
                f_ace[top] = f_ace[d] or c == 1
                f_card[top] = 0
                pushed = True
                break
            if pushed:
                continue
            value = f_hit[d] if f_only_hit[d] else max(f_stand[d], f_hit[d])
            best[f_key[d] << 6 | f_hard[d] << 1] = value
        # Hand the value to the parent (which had drawn card f_card[parent]).
        if d == 0:
            result = value
            break
        top = d - 1
        c = f_card[top]
        removed[c] -= 1
        f_hit[top] += (base[c] - removed[c]) / (n0 - f_nrem[top]) * value
        f_card[top] += 1
    return result


@numba.njit(cache=True, nogil=True)
def play(base: I64, n0: int, up: int, excl: bool, tbl: tuple[F64, I64, I64, I64, I64, I64],
         dealers: DealerMemo, best: BestMemo, policy: I64, use_policy: bool, removed: I64,
         key: int, nrem: int, hard: int, ace: bool, can_double: bool, force: int) -> float:
    """Value of a hand (``removed`` mutated and restored): ``force`` one play, or CHOOSE the
    best of stand / hit / double-if-allowed (or what ``policy[hard, ace, can_double]`` says).
    Hands after a hit may only stand or hit (``after_hit``)."""
    total = hard + 10 if ace and hard <= 11 else hard
    if total >= 21:
        return stand_value(base, n0, up, excl, tbl, dealers, removed, key, nrem, total)
    if force == CHOOSE and not can_double:
        return after_hit(base, n0, up, excl, tbl, dealers, best, policy, use_policy, removed,
                         key, nrem, hard, ace)
    memo_key = key << 6 | hard << 1 | 1
    if force == CHOOSE and memo_key in best:
        return best[memo_key]
    what = force
    if what == CHOOSE and use_policy:
        what = policy[hard, 1 if ace else 0, 1]
    ev = -1e9
    if what in (STAND, CHOOSE):
        ev = stand_value(base, n0, up, excl, tbl, dealers, removed, key, nrem, total)
    n = n0 - nrem
    if what in (HIT, CHOOSE):
        hit = 0.0
        for c in range(1, 11):
            k = base[c] - removed[c]
            if k == 0:
                continue
            removed[c] += 1
            if hard + c > 21:
                hit -= k / n * mass(base, n0, up, excl, removed, nrem + 1)
            else:
                hit += k / n * after_hit(base, n0, up, excl, tbl, dealers, best, policy,
                                         use_policy, removed, key + (1 << (BITS * (c - 1))),
                                         nrem + 1, hard + c, ace or c == 1)
            removed[c] -= 1
        ev = max(ev, hit)
    if what in (DOUBLE, CHOOSE):
        dbl = 0.0
        for c in range(1, 11):
            k = base[c] - removed[c]
            if k == 0:
                continue
            removed[c] += 1
            nh = hard + c
            na = ace or c == 1
            t = nh + 10 if na and nh <= 11 else nh
            dbl += k / n * stand_value(base, n0, up, excl, tbl, dealers, removed,
                                       key + (1 << (BITS * (c - 1))), nrem + 1, t)
            removed[c] -= 1
        ev = max(ev, 2.0 * dbl)
    if force == CHOOSE:
        best[memo_key] = ev
    return ev


def table_arrays(t: DealerTable) -> tuple[F64, I64, I64, I64, I64, I64]:
    """A dealer table as the plain tuple the compiled functions take."""
    return (t.ways, t.outcome, t.size, t.start, t.card, t.mult)
