"""The player's side of the exact solve, compiled: the value of standing, hitting, doubling and
playing on for a hand identified by the cards it took out of the shoe.

A hand's cards are a count per value (``removed``, index 1..10), packed into one integer key
(``dealer.BITS`` bits per value) so the memo table (``memo``) is a few NumPy arrays and the
search never leaves compiled code. Walking from a hand to the hand one card bigger, the dealer's
multiset probabilities are carried along and updated in one pass (``dealer.draw``) rather than
recomputed: a hand's dealer state is that vector, a per-size ``scale`` and the vector's sums per
block of one outcome and one size. The Python side (``exact``) asks for a few hundred root
values per up card and does the split bookkeeping. Values are unnormalised under a peek (see
``exact``).
"""

from __future__ import annotations

import numpy as np

from twentyone.compiled import no_refcount
from twentyone.strategy import memo
from twentyone.strategy.dealer import (
    BITS,
    BLACKJACK,
    BUST,
    F64,
    I64,
    DealerTable,
    block_sums,
    draw,
    draw_scale,
    scratch,
    shoe_vector,
)

#: What to do with a hand: the best of the allowed plays (or the policy's), or one forced play.
CHOOSE, HIT, STAND, DOUBLE = 0, 1, 2, 3
#: Deepest search: a hand of up to 21 one-point cards, and then some.
DEPTH = 40
#: Longest dealer hand the per-size scale covers.
SIZES = 32

Table = tuple[F64, I64, I64, I64, I64, I64, I64, I64, F64]
#: The search's work area: multiset vectors, per-size scales, block sums (a row per depth); the
#: search's stack (integer and float fields per depth); a shoe less a hand; ``shoe_vector``'s
#: scratch.
Work = tuple[F64, F64, F64, I64, F64, I64, F64, F64]
#: The search stack's fields: integers (hand key, cards out, hard total, holds an ace, next
#: card to try with 0 = not started, may only hit) and floats (hit value, stand value).
KEY, NREM, HARD, ACE, CARD, ONLY_HIT = 0, 1, 2, 3, 4, 5
HIT_VALUE, STAND_VALUE = 0, 1


def work_area(t: DealerTable) -> Work:
    """Everything the compiled search writes to, allocated once per solver rather than per
    call (so the compiled side allocates nothing and counts no references)."""
    return (np.empty((DEPTH, len(t.ways))), np.empty((DEPTH, SIZES)),
            np.empty((DEPTH, len(t.blocks) - 1)), np.zeros((6, DEPTH), dtype=np.int64),
            np.zeros((2, DEPTH)), np.zeros(11, dtype=np.int64), *scratch(t))


def no_policy() -> I64:
    """A policy table that chooses the best play everywhere."""
    return np.zeros((32, 2, 2), dtype=np.int64)


def table_arrays(t: DealerTable) -> Table:
    """A dealer table as the plain tuple the compiled functions take."""
    return tuple(t)  # type: ignore[return-value]


@no_refcount(python=True)
def composition_key(removed: I64) -> int:
    """The memo key of a hand's cards."""
    key = 0
    for c in range(1, 11):
        key += removed[c] << (BITS * (c - 1))
    return key


@no_refcount()
def mass(base: I64, n0: int, up: int, excl: bool, removed: I64, nrem: int) -> float:
    """P(no dealer natural | shoe less ``removed``) under a peek, else 1."""
    if not excl:
        return 1.0
    hole = 10 if up == 1 else 1
    return 1.0 - float(base[hole] - removed[hole]) / (n0 - nrem)


@no_refcount()
def bust_value(base: I64, n0: int, up: int, excl: bool, removed: I64, nrem: int, c: int) -> float:
    """The value of a hand that card ``c`` busts: the bet is lost (whenever the dealer has no
    natural, unnormalised under a peek)."""
    removed[c] += 1
    value = -mass(base, n0, up, excl, removed, nrem + 1)
    removed[c] -= 1
    return value


@no_refcount()
def stand_from(sums: F64, scales: F64, row: int, tbl: Table, total: int) -> float:
    """EV of standing on ``total`` (17 or less all alike) from the dealer state in ``row``."""
    block_outcome = tbl[6]
    block_size = tbl[7]
    ev = 0.0
    for b in range(sums.shape[1]):
        o = block_outcome[b]
        if o == BUST:
            sign = 1.0
        elif o == BLACKJACK:
            sign = -1.0
        else:
            t = 17 + o
            sign = 1.0 if t < total else -1.0 if t > total else 0.0
        ev += sign * sums[row, b] * scales[row, block_size[b]]
    return ev


@no_refcount()
def root_state(base: I64, tbl: Table, removed: I64, work: Work, row: int) -> None:
    """The dealer state of the shoe ``base`` less ``removed``, from scratch, into ``row``."""
    vecs, scales, sums, _, _, left, falling, inv = work
    for c in range(11):
        left[c] = base[c] - removed[c]
    shoe_vector(left, tbl[0], tbl[2], tbl[3], vecs, row, falling, inv)
    block_sums(vecs, row, tbl[5], sums)
    for s in range(scales.shape[1]):
        scales[row, s] = 1.0


@no_refcount(python=True)
def stand_value(base: I64, n0: int, up: int, excl: bool, tbl: Table, work: Work, removed: I64,
                nrem: int, total: int) -> float:
    """EV of standing on ``total`` holding ``removed`` (a bust loses the bet)."""
    if total > 21:
        return -mass(base, n0, up, excl, removed, nrem)
    root = int(np.int64(0))  # a runtime value: a literal would compile a copy of its own
    root_state(base, tbl, removed, work, root)
    return stand_from(work[2], work[1], root, tbl, total)


@no_refcount()
def after_hit(base: I64, n0: int, up: int, excl: bool, tbl: Table, best: memo.MemoArrays,
              policy: I64, use_policy: bool, work: Work, row0: int, removed: I64, key: int,
              nrem: int, hard: int, ace: bool) -> float:
    """Value of a hand that may only stand or hit, its dealer state in ``row0`` of the work
    area (deeper hands use the rows below): the better of the two, or the policy's.

    A depth-first search with its own stack rather than recursion (numba's disk cache does not
    load recursive functions safely); ``removed`` is mutated and restored."""
    root_key = key << 6 | hard << 1
    got = memo.get(best, root_key)
    if not np.isnan(got):
        return got
    vecs, scales, sums, fi, ff = work[0], work[1], work[2], work[3], work[4]
    mults = tbl[8]
    blocks = tbl[5]
    fi[KEY, 0], fi[NREM, 0], fi[HARD, 0], fi[ACE, 0] = key, nrem, hard, 1 if ace else 0
    fi[CARD, 0] = 0
    top = 0
    while True:
        d = top
        row = row0 + d
        done = False
        value = 0.0
        h = fi[HARD, d]
        if fi[CARD, d] == 0:  # a new hand, known not to be in the memo
            total = h + 10 if fi[ACE, d] and h <= 11 else h
            what = CHOOSE
            if use_policy and total < 21:
                what = policy[h, 1 if fi[ACE, d] else 0, 0]
            if total >= 21 or what == STAND:
                value = stand_from(sums, scales, row, tbl, total)
                done = True
            else:
                fi[ONLY_HIT, d] = 1 if what != CHOOSE else 0
                if not fi[ONLY_HIT, d]:
                    ff[STAND_VALUE, d] = stand_from(sums, scales, row, tbl, total)
                ff[HIT_VALUE, d] = 0.0
                fi[CARD, d] = 1
        if not done:
            n = n0 - fi[NREM, d]
            pushed = False
            while fi[CARD, d] <= 10:
                c = fi[CARD, d]
                k = base[c] - removed[c]
                fi[CARD, d] += 1
                if k == 0:
                    continue
                p = k / n
                if h + c > 21:
                    ff[HIT_VALUE, d] += p * bust_value(base, n0, up, excl, removed,
                                                       fi[NREM, d], c)
                    continue
                child_key = fi[KEY, d] + (1 << (BITS * (c - 1)))
                memo_key = child_key << 6 | (h + c) << 1
                got = memo.get(best, memo_key)
                if not np.isnan(got):
                    ff[HIT_VALUE, d] += p * got
                    continue
                draw(vecs, row, mults, c, k, blocks, sums)
                draw_scale(scales, row, k, n)
                removed[c] += 1
                top = d + 1
                fi[KEY, top] = child_key
                fi[NREM, top] = fi[NREM, d] + 1
                fi[HARD, top] = h + c
                fi[ACE, top] = 1 if (fi[ACE, d] or c == 1) else 0
                fi[CARD, top] = 0
                pushed = True
                break
            if pushed:
                continue
            hit = ff[HIT_VALUE, d]
            value = hit if fi[ONLY_HIT, d] else max(ff[STAND_VALUE, d], hit)
        memo.put(best, fi[KEY, d] << 6 | h << 1, value)
        if d == 0:
            return value
        # Hand the value to the parent, which drew card fi[CARD, parent] - 1.
        top = d - 1
        c = fi[CARD, top] - 1
        removed[c] -= 1
        ff[HIT_VALUE, top] += (base[c] - removed[c]) / (n0 - fi[NREM, top]) * value


@no_refcount(python=True)
def play(base: I64, n0: int, up: int, excl: bool, tbl: Table, best: memo.MemoArrays, policy: I64,
         use_policy: bool, work: Work, removed: I64, key: int, nrem: int, hard: int, ace: bool,
         can_double: bool, force: int) -> float:
    """Value of a hand (``removed`` mutated and restored): ``force`` one play, or CHOOSE the
    best of stand / hit / double-if-allowed (or what ``policy[hard, ace, can_double]`` says).
    Hands after a hit may only stand or hit (``after_hit``). Row 0 of the work area holds this
    hand's dealer state, row 1 the next card's."""
    total = hard + 10 if ace and hard <= 11 else hard
    memo_key = key << 6 | hard << 1 | (1 if can_double else 0)
    if force == CHOOSE:
        got = memo.get(best, memo_key)
        if not np.isnan(got):
            return got
    vecs, scales, sums = work[0], work[1], work[2]
    # Rows as runtime values: numba compiles a separate copy of a function for each literal.
    root = int(np.int64(0))
    child = int(np.int64(1))
    root_state(base, tbl, removed, work, root)
    if total >= 21:
        return stand_from(sums, scales, root, tbl, total)
    if force == CHOOSE and not can_double:
        return after_hit(base, n0, up, excl, tbl, best, policy, use_policy, work, root, removed,
                         key, nrem, hard, ace)
    what = force
    if what == CHOOSE and use_policy:
        what = policy[hard, 1 if ace else 0, 1]
    ev = -1e9
    if what in (STAND, CHOOSE):
        ev = stand_from(sums, scales, root, tbl, total)
    n = n0 - nrem
    if what in (HIT, CHOOSE):
        hit = 0.0
        for c in range(1, 11):
            k = base[c] - removed[c]
            if k == 0:
                continue
            if hard + c > 21:
                hit += k / n * bust_value(base, n0, up, excl, removed, nrem, c)
                continue
            draw(vecs, root, tbl[8], c, k, tbl[5], sums)
            draw_scale(scales, root, k, n)
            removed[c] += 1
            hit += k / n * after_hit(base, n0, up, excl, tbl, best, policy, use_policy, work,
                                     child, removed, key + (1 << (BITS * (c - 1))), nrem + 1,
                                     hard + c, ace or c == 1)
            removed[c] -= 1
        ev = max(ev, hit)
    if what in (DOUBLE, CHOOSE):
        dbl = 0.0
        for c in range(1, 11):
            k = base[c] - removed[c]
            if k == 0:
                continue
            nh = hard + c
            na = ace or c == 1
            t = nh + 10 if na and nh <= 11 else nh
            if t > 21:
                dbl += k / n * bust_value(base, n0, up, excl, removed, nrem, c)
                continue
            draw(vecs, root, tbl[8], c, k, tbl[5], sums)
            draw_scale(scales, root, k, n)
            dbl += k / n * stand_from(sums, scales, child, tbl, t)
        ev = max(ev, 2.0 * dbl)
    if force == CHOOSE:
        memo.put(best, memo_key, ev)
    return ev
