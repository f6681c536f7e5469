"""The compiled stepper behind the vector environment: many one-seat tables, a decision at a time.

The simulator's kernel (``sim/kernel.py``) plays whole rounds with a chart; a learning agent
decides one step at a time, so this module cuts the same round into the points where a seat
waits for a decision (the insurance / early-surrender offer, each hand's turn) and keeps each
table's state between calls in arrays. Everything below the decision is the simulator's own
compiled machinery, called as it is: the lazily shuffled shoe, its generator and cut card, the
refill from the discards (``_new_shoe``, ``_draw``), the hand arithmetic (``_add_card``,
``_total``, ``_natural``, ``_can_double``, ``_can_split``, ``_after_split_card``). The order of
events mirrors the table engine's, so from the same seed a table here deals the very cards the
engine deals (``tests/test_envs_vector.py`` holds the two to each other step by step).

Per table ``i``: ``g[i]`` the round's small state (``G_*``), ``hands[i]`` the seat's hands in the
simulator's layout (seat axis of length one), ``res[i]`` the round's result so far in bets,
``seen[i]`` the cards the seat has seen since the shuffle by value, ``hidden[i]`` the face-down
double cards it will see at settlement.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit
from numpy.typing import NDArray

from twentyone.envs.common import (
    DECLINE,
    DOUBLE,
    F_CARDS,
    F_HAND,
    F_HANDS,
    F_PAIR,
    F_PHASE,
    F_SOFT,
    F_TOTAL,
    F_UP,
    HILO,
    HIT,
    INSURE,
    N_BASE,
    PH_INSURANCE,
    PH_OVER,
    PH_PLAYING,
    SPLIT,
    STAND,
    SURRENDER,
)
from twentyone.sim.kernel import (
    H_ACE,
    H_BET,
    H_DONE,
    H_HARD,
    H_N,
    H_R1,
    H_R2,
    H_SA,
    H_SETTLED,
    H_SPLIT,
    N_HAND,
    NO_CARD,
    R_CHECKS,
    R_EVEN_MONEY,
    R_H17,
    R_HIDDEN_DOUBLE,
    R_HOLE_FIRST,
    R_HSA,
    R_LATE_21,
    R_NATURAL_AT_ONCE,
    R_PEEK,
    R_RESHUFFLE,
    R_RESHUFFLE_BELOW,
    R_SURRENDER,
    SH_CUT,
    SH_LEN,
    SH_POS,
    SH_REFILLED,
    SH_REFILLS,
    SH_ROUND_START,
    VALUE,
    _add_card,
    _after_split_card,
    _can_double,
    _can_split,
    _draw,
    _natural,
    _new_shoe,
    _total,
)

# --- a table's round state ------------------------------------------------------------------
G_PHASE = 0      # PH_INSURANCE, PH_PLAYING, PH_OVER (settled at the deal), or G_DONE_PHASE
G_HAND = 1       # the hand to act (or that acted last)
G_DHARD = 2
G_DACE = 3
G_DN = 4
G_UP = 5         # the up card's value
G_HOLE = 6       # the hole card's rank, 0 when none is dealt
G_PEEKED = 7
G_CHECKABLE = 8
G_INSURED = 9
G_NHANDS = 10
N_G = 11
#: The episode is over: the next step deals a new round (Gymnasium's next-step autoreset).
DONE = 9

# --- configuration (int64 vector) ---------------------------------------------------------
C_FULL = 0       # 1: the full action set; 0: hit and stand (offers declined for the agent)
C_COUNT = 1      # 0 none, 1 Hi-Lo, 2 composition
C_OFFER_INS = 2  # insurance is offered against an ace (the smallest insurance can be made)
C_CAN_INS = 3    # the agent's insurance (half the bet) can be made
C_NACT = 4
C_DECKS = 5
N_C = 6

# --- payoffs in bets (float64 vector), as the engine's chips round them for this bet --------
P_BJ = 0         # a natural's win
P_SURRENDER = 1  # what a surrender loses
P_INSURANCE = 2  # the insurance wager
N_P = 3

Int = NDArray[np.int64]
U64 = NDArray[np.uint64]
F64 = NDArray[np.float64]
F32 = NDArray[np.float32]

_HILO = np.array(HILO, dtype=np.int64)

_F = TypeVar("_F", bound=Callable[..., Any])


def _jit(fn: _F) -> _F:
    """numba's ``njit``, cached on disk, keeping the function's own signature for mypy."""
    return cast(_F, njit(cache=True)(fn))


@_jit
def _card(i: int, r: Int, st: U64, fy: U64, shoe: Int, sh: Int, seen: Int,
          visible: bool) -> int:
    """Draw the next card for table ``i``; a refill of the shoe forgets the cards seen."""
    refills = sh[i, SH_REFILLS]
    c = _draw(st[i], fy[i], shoe[i], sh[i])
    if c == NO_CARD:
        return c
    if sh[i, SH_REFILLS] != refills:
        seen[i, :] = 0
    if visible:
        seen[i, VALUE[c]] += 1
    return c


@_jit
def _shuffle(i: int, r: Int, st: U64, fy: U64, shoe: Int, sh: Int, seen: Int) -> None:
    _new_shoe(r, st[i], fy[i], shoe[i], sh[i])
    seen[i, :] = 0


@_jit
def new_table(i: int, r: Int, st: U64, fy: U64, shoe: Int, sh: Int, seen: Int) -> None:
    """A table's first shuffle (the engine's ``Table`` shuffles when it is built)."""
    _shuffle(i, r, st, fy, shoe, sh, seen)


@_jit
def _call_off(i: int, r: Int, st: U64, fy: U64, shoe: Int, sh: Int, g: Int, res: F64,
              seen: Int, hidden: Int, p: F64) -> None:
    """No card left anywhere to deal: the round is called off as the engine calls it off
    (docs/casino.md#when-the-dealer-reshuffles). Unsettled hands count nothing, insurance lost
    at the check stays lost (a bet still standing comes back), and everything is shuffled."""
    if g[i, G_INSURED] and g[i, G_PEEKED]:
        res[i] -= p[P_INSURANCE]
    hidden[i, :] = 0
    _shuffle(i, r, st, fy, shoe, sh, seen)
    g[i, G_PHASE] = DONE


@_jit
def _deal(i: int, r: Int, c: Int, st: U64, fy: U64, shoe: Int, sh: Int, g: Int,
          hands: Int, res: F64, seen: Int, hidden: Int, p: F64) -> None:
    """Bet one unit and deal the round, then wait for the offer, a decision or nothing."""
    if r[R_RESHUFFLE] == 1 and sh[i, SH_LEN] - sh[i, SH_POS] < r[R_RESHUFFLE_BELOW]:
        _shuffle(i, r, st, fy, shoe, sh, seen)
    sh[i, SH_ROUND_START] = sh[i, SH_POS]
    h3 = hands[i]
    for h in range(h3.shape[1]):
        for k in range(N_HAND):
            h3[0, h, k] = 0
    h3[0, 0, H_BET] = 1
    g[i, :] = 0
    g[i, G_NHANDS] = 1
    res[i] = 0.0
    hidden[i, :] = 0
    peek = r[R_PEEK] != 0
    up_index = 1 if (r[R_HOLE_FIRST] != 0 and peek) else 0
    for lap in range(2):
        card = _card(i, r, st, fy, shoe, sh, seen, True)
        if card == NO_CARD:
            _call_off(i, r, st, fy, shoe, sh, g, res, seen, hidden, p)
            return
        _add_card(h3, 0, 0, card)
        if lap == 1 and not peek:
            break
        card = _card(i, r, st, fy, shoe, sh, seen, lap == up_index)
        if card == NO_CARD:
            _call_off(i, r, st, fy, shoe, sh, g, res, seen, hidden, p)
            return
        v = VALUE[card]
        g[i, G_DHARD] += v
        if v == 1:
            g[i, G_DACE] = 1
        g[i, G_DN] += 1
        if lap == up_index:
            g[i, G_UP] = v
        else:
            g[i, G_HOLE] = card
    up = g[i, G_UP]
    checkable = r[R_CHECKS + up] != 0  # the rules' own dealer_checks(up), as a table
    g[i, G_CHECKABLE] = 1 if checkable else 0
    early = r[R_SURRENDER] == 2
    if up == 1 or (early and checkable):
        nat = _natural(h3, 0, 0)
        offer = (checkable and early) or (up == 1 and (
            (r[R_EVEN_MONEY] != 0 and nat) or c[C_OFFER_INS] != 0))
        if offer and c[C_FULL] != 0:
            g[i, G_PHASE] = PH_INSURANCE
            return
    _after_offers(i, r, c, st, fy, shoe, sh, g, hands, res, seen, hidden, p)


@_jit
def _after_offers(i: int, r: Int, c: Int, st: U64, fy: U64, shoe: Int, sh: Int, g: Int,
                  hands: Int, res: F64, seen: Int, hidden: Int, p: F64) -> None:
    """The peek (a dealer blackjack ends the round), then the seat's turn."""
    g[i, G_PHASE] = PH_PLAYING
    if g[i, G_CHECKABLE]:
        g[i, G_PEEKED] = 1
        if g[i, G_DN] == 2 and g[i, G_DHARD] == 11 and g[i, G_DACE]:
            _finish(i, r, st, fy, shoe, sh, g, hands, res, seen, hidden, p)
            return
    g[i, G_HAND] = 0
    _advance(i, r, st, fy, shoe, sh, g, hands, res, seen, hidden, p)


@_jit
def _advance(i: int, r: Int, st: U64, fy: U64, shoe: Int, sh: Int, g: Int, hands: Int,
             res: F64, seen: Int, hidden: Int, p: F64) -> None:
    """On to the next hand that needs a decision (dealing a split hand its second card,
    paying a natural at once when no dealer blackjack can follow); none left, the dealer's
    turn."""
    h3 = hands[i]
    up = g[i, G_UP]
    bj_possible = g[i, G_PEEKED] == 0 and (up == 1 or up == 10) and r[R_NATURAL_AT_ONCE] == 0
    h = g[i, G_HAND]
    while h < g[i, G_NHANDS]:
        if h3[0, h, H_DONE] or h3[0, h, H_SETTLED]:
            h += 1
            continue
        if h3[0, h, H_N] == 1:
            card = _card(i, r, st, fy, shoe, sh, seen, True)
            if card == NO_CARD:
                _call_off(i, r, st, fy, shoe, sh, g, res, seen, hidden, p)
                return
            _add_card(h3, 0, h, card)
            _after_split_card(r, h3, 0, h, g[i, G_NHANDS])
            continue
        if _natural(h3, 0, h):
            h3[0, h, H_DONE] = 1
            if not bj_possible:
                res[i] += p[P_BJ]
                h3[0, h, H_SETTLED] = 1
            h += 1
            continue
        if _total(h3, 0, h) == 21:
            h3[0, h, H_DONE] = 1
            h += 1
            continue
        g[i, G_HAND] = h
        return
    _finish(i, r, st, fy, shoe, sh, g, hands, res, seen, hidden, p)


@_jit
def _finish(i: int, r: Int, st: U64, fy: U64, shoe: Int, sh: Int, g: Int, hands: Int,
            res: F64, seen: Int, hidden: Int, p: F64) -> None:
    """The dealer's turn, settlement, and the reshuffle when the cut card came out."""
    h3 = hands[i]
    nh = g[i, G_NHANDS]
    live = False
    live_drawing = False
    for h in range(nh):
        if not h3[0, h, H_SETTLED]:
            live = True
            if not _natural(h3, 0, h):
                live_drawing = True
    if g[i, G_DN] == 1 and (live or g[i, G_INSURED] != 0):
        card = _card(i, r, st, fy, shoe, sh, seen, True)
        if card == NO_CARD:
            _call_off(i, r, st, fy, shoe, sh, g, res, seen, hidden, p)
            return
        v = VALUE[card]
        g[i, G_DHARD] += v
        if v == 1:
            g[i, G_DACE] = 1
        g[i, G_DN] = 2
    if g[i, G_HOLE]:
        seen[i, VALUE[g[i, G_HOLE]]] += 1  # the hole card is turned
    d_hard = g[i, G_DHARD]
    d_ace = g[i, G_DACE] != 0
    d_natural = g[i, G_DN] == 2 and d_hard == 11 and d_ace
    dealer_bj = d_natural and (g[i, G_PEEKED] != 0 or r[R_LATE_21] == 0)
    if not dealer_bj and live_drawing:
        h17 = r[R_H17] != 0
        while True:
            soft = d_ace and d_hard <= 11
            total = d_hard + 10 if soft else d_hard
            if total > 17 or (total == 17 and not (soft and h17)):
                break
            card = _card(i, r, st, fy, shoe, sh, seen, True)
            if card == NO_CARD:
                _call_off(i, r, st, fy, shoe, sh, g, res, seen, hidden, p)
                return
            v = VALUE[card]
            d_hard += v
            d_ace = d_ace or v == 1
    d_total = d_hard + 10 if (d_ace and d_hard <= 11) else d_hard
    for h in range(nh):
        if h3[0, h, H_SETTLED]:
            continue
        b = float(h3[0, h, H_BET])
        if dealer_bj:
            if not _natural(h3, 0, h):
                res[i] -= b
        elif h3[0, h, H_HARD] > 21:
            res[i] -= b
        elif _natural(h3, 0, h):
            res[i] += p[P_BJ]
        elif d_total > 21 or _total(h3, 0, h) > d_total:
            res[i] += b
        elif _total(h3, 0, h) < d_total:
            res[i] -= b
    if g[i, G_INSURED]:
        res[i] += 2.0 * p[P_INSURANCE] if d_natural else -p[P_INSURANCE]
    for v in range(11):
        seen[i, v] += hidden[i, v]  # face-down doubles are turned at settlement
        hidden[i, v] = 0
    if r[R_RESHUFFLE] == 0 and (sh[i, SH_POS] >= sh[i, SH_CUT] or sh[i, SH_REFILLED]):
        _shuffle(i, r, st, fy, shoe, sh, seen)
    g[i, G_PHASE] = DONE


@_jit
def mask_of(i: int, r: Int, c: Int, g: Int, hands: Int, out: NDArray[np.int8]) -> None:
    """The legal actions of table ``i`` now, as the engine's ``legal_actions`` says."""
    out[:] = 0
    phase = g[i, G_PHASE]
    if phase == DONE:
        return
    full = c[C_FULL] != 0
    if phase == PH_OVER:
        out[STAND] = 1
        if not full:
            out[HIT] = 1
        return
    h3 = hands[i]
    if phase == PH_INSURANCE:
        nat = _natural(h3, 0, 0)
        if (g[i, G_UP] == 1 and c[C_CAN_INS] != 0) or (
                r[R_EVEN_MONEY] != 0 and g[i, G_UP] == 1 and nat):
            out[INSURE] = 1
        if r[R_SURRENDER] == 2:
            out[SURRENDER] = 1
        out[DECLINE] = 1
        return
    h = g[i, G_HAND]
    nh = g[i, G_NHANDS]
    out[STAND] = 1
    if not (h3[0, h, H_SA] and r[R_HSA] == 0):
        out[HIT] = 1
    if not full:
        return
    if _can_double(r, h3, 0, h):
        out[DOUBLE] = 1
    if _can_split(r, h3, 0, h, nh):
        out[SPLIT] = 1
    if r[R_SURRENDER] != 0 and nh == 1 and h3[0, h, H_N] == 2:
        out[SURRENDER] = 1


@_jit
def _act(i: int, a: int, r: Int, c: Int, st: U64, fy: U64, shoe: Int, sh: Int, g: Int,
         hands: Int, res: F64, seen: Int, hidden: Int, p: F64) -> None:
    """Apply legal action ``a`` at table ``i`` and run the round on to its next decision."""
    h3 = hands[i]
    phase = g[i, G_PHASE]
    if phase == PH_OVER:
        g[i, G_PHASE] = DONE
        return
    if phase == PH_INSURANCE:
        if a == INSURE:
            if r[R_EVEN_MONEY] != 0 and _natural(h3, 0, 0):
                res[i] += 1.0
                h3[0, 0, H_SETTLED] = 1
                h3[0, 0, H_DONE] = 1
            else:
                g[i, G_INSURED] = 1
        elif a == SURRENDER:
            res[i] -= p[P_SURRENDER]
            h3[0, 0, H_SETTLED] = 1
            h3[0, 0, H_DONE] = 1
        _after_offers(i, r, c, st, fy, shoe, sh, g, hands, res, seen, hidden, p)
        return
    h = g[i, G_HAND]
    if a == STAND:
        h3[0, h, H_DONE] = 1
    elif a == HIT:
        card = _card(i, r, st, fy, shoe, sh, seen, True)
        if card == NO_CARD:
            _call_off(i, r, st, fy, shoe, sh, g, res, seen, hidden, p)
            return
        _add_card(h3, 0, h, card)
        if h3[0, h, H_HARD] > 21:
            h3[0, h, H_DONE] = 1
            h3[0, h, H_SETTLED] = 1
            res[i] -= float(h3[0, h, H_BET])
        elif _total(h3, 0, h) == 21:
            h3[0, h, H_DONE] = 1
    elif a == DOUBLE:
        h3[0, h, H_BET] = 2
        h3[0, h, H_DONE] = 1
        face_up = r[R_HIDDEN_DOUBLE] == 0
        card = _card(i, r, st, fy, shoe, sh, seen, face_up)
        if card == NO_CARD:
            _call_off(i, r, st, fy, shoe, sh, g, res, seen, hidden, p)
            return
        if not face_up:
            hidden[i, VALUE[card]] += 1
        _add_card(h3, 0, h, card)
        if h3[0, h, H_HARD] > 21 and face_up:
            h3[0, h, H_SETTLED] = 1
            res[i] -= 2.0
    elif a == SPLIT:
        n = g[i, G_NHANDS]
        for j in range(n, h + 1, -1):
            for k in range(N_HAND):
                h3[0, j, k] = h3[0, j - 1, k]
        moved = h3[0, h, H_R2]
        aces = VALUE[moved] == 1
        for k in range(N_HAND):
            h3[0, h + 1, k] = 0
        h3[0, h + 1, H_BET] = 1
        h3[0, h + 1, H_SPLIT] = 1
        _add_card(h3, 0, h + 1, moved)
        h3[0, h + 1, H_SA] = 1 if aces else 0
        h3[0, h, H_HARD] -= VALUE[moved]
        h3[0, h, H_ACE] = 1 if VALUE[h3[0, h, H_R1]] == 1 else 0
        h3[0, h, H_N] = 1
        h3[0, h, H_SPLIT] = 1
        h3[0, h, H_SA] = 1 if aces else 0
        g[i, G_NHANDS] = n + 1
        card = _card(i, r, st, fy, shoe, sh, seen, True)
        if card == NO_CARD:
            _call_off(i, r, st, fy, shoe, sh, g, res, seen, hidden, p)
            return
        _add_card(h3, 0, h, card)
        _after_split_card(r, h3, 0, h, g[i, G_NHANDS])
    else:  # late surrender
        res[i] -= p[P_SURRENDER]
        h3[0, h, H_DONE] = 1
        h3[0, h, H_SETTLED] = 1
    _advance(i, r, st, fy, shoe, sh, g, hands, res, seen, hidden, p)


@_jit
def observe(i: int, r: Int, c: Int, g: Int, hands: Int, seen: Int, out: F32,
            mask: NDArray[np.int8]) -> None:
    """Table ``i``'s observation vector (``common``'s layout) into ``out``."""
    h3 = hands[i]
    phase = g[i, G_PHASE]
    h = g[i, G_HAND]
    out[F_PHASE] = PH_OVER if phase == DONE else phase
    out[F_TOTAL] = _total(h3, 0, h)
    out[F_SOFT] = 1.0 if (h3[0, h, H_ACE] and h3[0, h, H_HARD] <= 11) else 0.0
    out[F_CARDS] = h3[0, h, H_N]
    v1 = VALUE[h3[0, h, H_R1]]
    out[F_PAIR] = v1 if (h3[0, h, H_N] == 2 and v1 == VALUE[h3[0, h, H_R2]]) else 0
    out[F_UP] = g[i, G_UP]
    out[F_HAND] = h
    out[F_HANDS] = g[i, G_NHANDS]
    n_act = c[C_NACT]
    for k in range(n_act):
        out[N_BASE + k] = mask[k]
    base = N_BASE + n_act
    decks = c[C_DECKS]
    if c[C_COUNT] == 0:
        return
    left = 0
    rc = 0
    for v in range(1, 11):
        full = 16 * decks if v == 10 else 4 * decks
        u = full - seen[i, v]
        left += u
        rc += _HILO[v] * seen[i, v]
        if c[C_COUNT] == 2:
            out[base + v - 1] = u
    if c[C_COUNT] == 2:
        out[base + 10] = left
    else:
        out[base] = rc
        out[base + 1] = rc * 52.0 / max(left, 13)
        out[base + 2] = left


@_jit
def start(i: int, r: Int, c: Int, p: F64, st: U64, fy: U64, shoe: Int, sh: Int, g: Int,
          hands: Int, res: F64, seen: Int, hidden: Int) -> None:
    """Deal table ``i`` a new round (an episode's first step), playing out an unfinished one
    by standing and declining, as the single-table environment does."""
    while g[i, G_PHASE] == PH_INSURANCE or g[i, G_PHASE] == PH_PLAYING:
        a = DECLINE if g[i, G_PHASE] == PH_INSURANCE else STAND
        _act(i, a, r, c, st, fy, shoe, sh, g, hands, res, seen, hidden, p)
    _deal(i, r, c, st, fy, shoe, sh, g, hands, res, seen, hidden, p)
    if g[i, G_PHASE] == DONE:
        g[i, G_PHASE] = PH_OVER
        g[i, G_HAND] = 0


@_jit
def step_all(actions: Int, r: Int, c: Int, p: F64, st: U64, fy: U64, shoe: Int, sh: Int,
             g: Int, hands: Int, res: F64, seen: Int, hidden: Int, obs: F32,
             rewards: F64, terms: NDArray[np.bool_], illegal: NDArray[np.bool_],
             mask: NDArray[np.int8]) -> None:
    """One step of every table: a table whose episode ended deals a new round (the action is
    ignored); otherwise its action is applied (a forbidden one replaced by stand, decline or
    the acknowledgement, flagged in ``illegal``). Observations, rewards and terminations are
    written into the given arrays; ``mask`` (tables x actions) receives the new masks."""
    n_act = c[C_NACT]
    for i in range(actions.shape[0]):
        rewards[i] = 0.0
        terms[i] = False
        illegal[i] = False
        if g[i, G_PHASE] == DONE:
            start(i, r, c, p, st, fy, shoe, sh, g, hands, res, seen, hidden)
        else:
            mask_of(i, r, c, g, hands, mask[i])
            a = actions[i]
            if a < 0 or a >= n_act or mask[i, a] == 0:
                illegal[i] = True
                a = STAND if mask[i, STAND] else DECLINE
            _act(i, a, r, c, st, fy, shoe, sh, g, hands, res, seen, hidden, p)
            if g[i, G_PHASE] == DONE:
                rewards[i] = res[i]
                terms[i] = True
        mask_of(i, r, c, g, hands, mask[i])
        observe(i, r, c, g, hands, seen, obs[i], mask[i])


@_jit
def reset_all(r: Int, c: Int, p: F64, st: U64, fy: U64, shoe: Int, sh: Int, g: Int,
              hands: Int, res: F64, seen: Int, hidden: Int, obs: F32,
              mask: NDArray[np.int8]) -> None:
    """A new round at every table."""
    for i in range(g.shape[0]):
        start(i, r, c, p, st, fy, shoe, sh, g, hands, res, seen, hidden)
        mask_of(i, r, c, g, hands, mask[i])
        observe(i, r, c, g, hands, seen, obs[i], mask[i])
