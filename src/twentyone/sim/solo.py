"""The kernel's fast path: rounds with the measured player alone at the table.

``kernel.play_chunk`` carries every seat's hands in one array and every option of the game
(early surrender, back-counting, progressions, bankroll trips) on every round; most runs use
none of it. Here one seat's round keeps its hand in local variables (registers), its split
hands in a short stack of ranks and the shoe's position in a local, and looks its decisions up
itself (a call passing the chart's tables costs more than the lookup): about 1.45 times the
rounds per second. It deals exactly the same cards in exactly the same order as ``play_chunk``
and adds exactly the same statistics (``tests/test_sim_solo.py`` compares the two chunk by
chunk, bit for bit, and ``tests/test_sim_equivalence.py`` compares it with the table engine
round by round), so a seed gives the same result whichever kernel ran it.

It serves one occupied seat with a flat bet or a ramp, counting or not, index plays or not,
insurance never, always or by count, under any rules the kernel plays but early surrender;
:func:`kernel_for` picks it, and everything else goes to ``play_chunk``. The rare events (a
card beyond those shuffled ahead, a shoe run dry mid-round) are the kernel's own helpers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from twentyone.compiled import no_refcount
from twentyone.sim import kernel as K
from twentyone.sim.kernel import (
    A_DOUBLE,
    A_HIT,
    A_SPLIT,
    A_STAND,
    A_SURRENDER,
    NO_CARD,
    VALUE,
    FloatArray,
    IntArray,
)
from twentyone.strategy.chart import SPLIT, SURRENDER_SPLIT

#: A finished hand's total standing for an unsplit natural (settled after the dealer's turn).
NATURAL = 100


@no_refcount()
def _slow_draw(st: NDArray[np.uint64], fy: NDArray[np.uint64], shoe: IntArray, sh: IntArray,
               pos: int) -> tuple[int, int, int]:
    """A card past those shuffled ahead (the kernel's own draw: one shuffle step, or a refill
    from the discards): the card, the shoe's new position and how far it is shuffled."""
    sh[K.SH_POS] = pos
    c = K._draw(st, fy, shoe, sh)
    return c, sh[K.SH_POS], sh[K.SH_SHUFFLED]


@no_refcount()
def _tc(balanced: bool, rc: float, sh: IntArray, pos: int) -> float:
    """``kernel._true_count`` at shoe position ``pos``."""
    if balanced:
        return rc * 52.0 / max(sh[K.SH_LEN] - pos, 13)  # type: ignore[no-any-return]
    return rc


@no_refcount(python=True)
def play_solo(r: IntArray, p: IntArray, f: FloatArray, hard_t: IntArray, soft_t: IntArray,
              pair_t: IntArray, idx_thr: FloatArray, idx_dir: IntArray, idx_act: IntArray,
              tags: FloatArray, ramp_tc: FloatArray, ramp_units: FloatArray,
              st: NDArray[np.uint64], n_rounds: int, stats: FloatArray,
              trace: FloatArray, shoe: IntArray, sh: IntArray, fy: NDArray[np.uint64],
              hands: IntArray, nhands: IntArray, res: FloatArray, insured: IntArray) -> None:
    """``kernel.play_chunk`` for one occupied seat (same arguments, same statistics, same
    trace); only for the games :func:`solo_ok` accepts. ``hands[0]`` is scratch: column 0 the
    ranks of split hands waiting for their turn (a stack: the newest is played next), columns
    1 and 2 each finished hand's total and bet, in the order they are settled."""
    ZERO = int(np.int64(0))
    counting = p[K.P_COUNT] != 0
    balanced = p[K.P_BALANCED] != 0
    use_idx = p[K.P_INDICES] != 0
    insure = p[K.P_INSURE]
    ramp = p[K.P_BET] == 1
    tracing = p[K.P_TRACE] != 0
    h17 = r[K.R_H17] != 0
    peek = r[K.R_PEEK] != 0
    up_first = not (r[K.R_HOLE_FIRST] != 0 and peek)
    das = r[K.R_DAS] != 0
    rsa = r[K.R_RSA] != 0
    hsa = r[K.R_HSA] != 0
    by_rank = r[K.R_SPLIT_RANK] != 0
    max_hands = r[K.R_MAX_HANDS]
    late = r[K.R_SURRENDER] == 1
    hidden = r[K.R_HIDDEN_DOUBLE] != 0
    at_once = r[K.R_NATURAL_AT_ONCE] != 0
    late21 = r[K.R_LATE_21] != 0
    even_money = r[K.R_EVEN_MONEY] != 0
    offers_ins = r[K.R_INSURANCE] != 0
    below_mode = r[K.R_RESHUFFLE] == 1
    below = r[K.R_RESHUFFLE_BELOW]
    bj_pay = f[K.F_BJ]
    irc = f[K.F_IRC]
    K._new_shoe(r, st, fy, shoe, sh)
    n_shoes = 1
    rc = irc
    refills_seen = 0
    pos = sh[K.SH_POS]
    lim = sh[K.SH_SHUFFLED]
    n_hands = 0
    n_wins = 0
    n_losses = 0
    n_blackjacks = 0
    n_dealer_bj = 0
    n_doubles = 0
    n_splits = 0
    n_surrenders = 0
    n_insured = 0
    n_called_off = 0
    net_sum = 0.0
    net_sq = 0.0
    total_bet = 0.0
    total_wagered = 0.0
    for rnd in range(n_rounds):
        if below_mode and sh[K.SH_LEN] - pos < below:
            K._new_shoe(r, st, fy, shoe, sh)
            n_shoes += 1
            rc = irc
            pos = sh[K.SH_POS]
            lim = sh[K.SH_SHUFFLED]
        tc0 = 0.0
        if counting:
            tc0 = rc * 52.0 / max(sh[K.SH_LEN] - pos, 13) if balanced else rc
        bet = 1.0
        if ramp:
            for k in range(ramp_tc.shape[0]):
                if tc0 >= ramp_tc[k]:
                    bet = ramp_units[k]
        sh[K.SH_ROUND_START] = pos
        # --- the deal: player, dealer, player, dealer (the second only with a hole card) ---
        dry = False
        hard = ZERO
        ace = False
        ncards = ZERO
        r1 = ZERO
        r2 = ZERO
        d_hard = ZERO
        d_ace = False
        d_n = ZERO
        up = ZERO
        hole = ZERO
        if pos + 4 <= lim:
            # the common case: all four cards are shuffled already
            r1 = shoe[pos]
            d1 = shoe[pos + 1]
            r2 = shoe[pos + 2]
            v1 = VALUE[r1]
            v2 = VALUE[r2]
            hard = v1 + v2
            ace = v1 == 1 or v2 == 1
            ncards = 2
            if peek:
                d2 = shoe[pos + 3]
                pos += 4
                d_n = 2
                if up_first:
                    up = VALUE[d1]
                    hole = d2
                else:
                    up = VALUE[d2]
                    hole = d1
                dv = VALUE[hole]
                d_hard = up + dv
                d_ace = up == 1 or dv == 1
            else:
                pos += 3
                d_n = 1
                up = VALUE[d1]
                d_hard = up
                d_ace = up == 1
            if counting:  # in the order dealt, as the general kernel adds them
                rc += tags[v1]
                if up_first:
                    rc += tags[up]
                    rc += tags[v2]
                else:
                    rc += tags[v2]
                    rc += tags[up]
        else:
            for lap in range(2):
                if pos < lim:
                    c = shoe[pos]
                    pos += 1
                else:
                    c, pos, lim = _slow_draw(st, fy, shoe, sh, pos)
                    if c == NO_CARD:
                        dry = True
                        break
                v = VALUE[c]
                hard += v
                ace = ace or v == 1
                if lap == 0:
                    r1 = c
                else:
                    r2 = c
                ncards += 1
                if counting:
                    rc += tags[v]
                if lap == 1 and not peek:
                    break
                if pos < lim:
                    c = shoe[pos]
                    pos += 1
                else:
                    c, pos, lim = _slow_draw(st, fy, shoe, sh, pos)
                    if c == NO_CARD:
                        dry = True
                        break
                v = VALUE[c]
                d_hard += v
                d_ace = d_ace or v == 1
                d_n += 1
                if (lap == 0) == up_first:
                    up = v
                    if counting:
                        rc += tags[v]
                else:
                    hole = c
        natural0 = ncards == 2 and hard == 11 and ace
        checkable = r[K.R_CHECKS + up] != 0 and not dry
        won = 0.0
        is_insured = False
        settled0 = False
        # --- insurance and even money ------------------------------------------------------
        if not dry and up == 1 and ((even_money and natural0) or offers_ins):
            want = insure == 1
            if insure == 2:
                want = _tc(balanced, rc, sh, pos) >= f[K.F_INS_TC]
            if want:
                if natural0 and even_money:
                    won = 1.0
                    settled0 = True
                elif offers_ins:
                    is_insured = True
        peeked = checkable
        dealer_bj = checkable and d_hard == 11 and d_ace
        # --- the player's turn -------------------------------------------------------------
        nh = 1
        pending = ZERO
        nfin = ZERO
        doubled = ZERO
        if not (dealer_bj or dry or settled0):
            bj_possible = (not peeked) and (up == 1 or up == 10) and not at_once
            bet_h = 1
            split = False
            sa = False
            over = False     # the current hand is done
            settled = False  # ... and settled (busted, surrendered, a natural paid at once)
            while True:
                if over:
                    if not settled:
                        hands[0, nfin, 1] = NATURAL if (not split and ncards == 2 and hard == 11
                                                     and ace) else (
                            hard + 10 if ace and hard <= 11 else hard)
                        hands[0, nfin, 2] = bet_h
                        nfin += 1
                    if pending == 0:
                        break
                    pending -= 1
                    c = hands[0, pending, 0]
                    v = VALUE[c]
                    hard = v
                    ace = v == 1
                    ncards = 1
                    r1 = c
                    bet_h = 1
                    split = True
                    sa = ace
                    over = False
                    settled = False
                if ncards == 1:
                    # a split hand's second card, dealt when its turn comes
                    if pos < lim:
                        c = shoe[pos]
                        pos += 1
                    else:
                        c, pos, lim = _slow_draw(st, fy, shoe, sh, pos)
                        if c == NO_CARD:
                            dry = True
                            break
                    v = VALUE[c]
                    hard += v
                    ace = ace or v == 1
                    r2 = c
                    ncards = 2
                    if counting:
                        rc += tags[v]
                    if sa and not hsa:
                        if not (rsa and v == 1 and nh < max_hands):
                            over = True
                    elif (hard + 10 if ace and hard <= 11 else hard) == 21:
                        over = True
                    continue
                total = hard + 10 if ace and hard <= 11 else hard
                if ncards == 2 and hard == 11 and ace and not split:
                    over = True
                    if not bj_possible:
                        won += bj_pay
                        settled = True
                    continue
                if total == 21:
                    over = True
                    continue
                can_d = (ncards == 2 and not (split and not das) and not (sa and not hsa)
                         and r[K.R_DOUBLES + total] != 0)
                can_p = (ncards == 2 and nh < max_hands
                         and (r1 == r2 or (not by_rank and VALUE[r1] == VALUE[r2]))
                         and not (sa and not rsa))
                can_r = late and nh == 1 and ncards == 2
                # ``kernel.decide``, looked up here (a call passing the tables costs more than
                # the lookup): the pair table first when the pair may be split, else the soft
                # or hard table; with index plays, the first entry of the cell whose count
                # condition holds overrides the chart (``kernel._indexed``).
                tc = 0.0
                if use_idx:
                    tc = rc * 52.0 / max(sh[K.SH_LEN] - pos, 13) if balanced else rc
                a = -1
                if can_p:
                    pv = VALUE[r1]
                    code = pair_t[pv, up]
                    if use_idx:
                        for k in range(K.INDEX_SLOTS):
                            act = idx_act[K.K_PAIR, pv, up, k]
                            if act < 0:
                                break
                            if (idx_dir[K.K_PAIR, pv, up, k] == 0) == (
                                    tc >= idx_thr[K.K_PAIR, pv, up, k]):
                                code = act
                                break
                    if code == SPLIT:
                        a = A_SPLIT
                    elif code == SURRENDER_SPLIT:
                        a = A_SURRENDER if can_r else A_SPLIT
                if a < 0:
                    if ace and hard <= 11:
                        kind = K.K_SOFT
                        key = total
                        code = soft_t[total, up]
                    else:
                        kind = K.K_HARD
                        key = hard
                        code = hard_t[hard, up]
                    if use_idx:
                        for k in range(K.INDEX_SLOTS):
                            act = idx_act[kind, key, up, k]
                            if act < 0:
                                break
                            if (idx_dir[kind, key, up, k] == 0) == (
                                    tc >= idx_thr[kind, key, up, k]):
                                code = act
                                break
                    a = K._resolve(code, can_d, can_r)
                if a == A_HIT and sa and not hsa:
                    a = A_STAND
                if a == A_STAND:
                    over = True
                elif a in (A_HIT, A_DOUBLE):
                    if a == A_DOUBLE:
                        bet_h = 2
                        doubled += 1
                        n_doubles += 1
                        over = True
                    if pos < lim:
                        c = shoe[pos]
                        pos += 1
                    else:
                        c, pos, lim = _slow_draw(st, fy, shoe, sh, pos)
                        if c == NO_CARD:
                            dry = True
                            break
                    v = VALUE[c]
                    hard += v
                    ace = ace or v == 1
                    ncards += 1
                    if counting:
                        rc += tags[v]
                    if hard > 21:
                        over = True
                        if a == A_HIT or not hidden:
                            settled = True
                            won -= float(bet_h)
                    elif a == A_HIT and (hard + 10 if ace and hard <= 11 else hard) == 21:
                        over = True
                elif a == A_SPLIT:
                    hands[0, pending, 0] = r2
                    pending += 1
                    v = VALUE[r2]
                    sa = v == 1
                    hard -= v
                    ace = VALUE[r1] == 1
                    ncards = 1
                    split = True
                    nh += 1
                    n_splits += 1
                else:
                    won -= 0.5
                    over = True
                    settled = True
                    n_surrenders += 1
        elif dealer_bj and not settled0:
            # the players' turns are skipped: the first hand stands as dealt
            hands[0, 0, 1] = NATURAL if natural0 else (hard + 10 if ace and hard <= 11 else hard)
            hands[0, 0, 2] = 1
            nfin = 1
        # --- the dealer's turn and settlement ----------------------------------------------
        live_drawing = False
        for i in range(nfin):
            if hands[0, i, 1] != NATURAL:
                live_drawing = True
        if not dry and d_n == 1 and (nfin > 0 or is_insured):
            if pos < lim:
                c = shoe[pos]
                pos += 1
            else:
                c, pos, lim = _slow_draw(st, fy, shoe, sh, pos)
            if c == NO_CARD:
                dry = True
            else:
                v = VALUE[c]
                d_hard += v
                d_ace = d_ace or v == 1
                d_n += 1
                if counting:
                    rc += tags[v]
        if hole and counting:
            rc += tags[VALUE[hole]]
        d_natural = d_n == 2 and d_hard == 11 and d_ace
        dealer_bj = d_natural and (peeked or not late21)
        if not (dealer_bj or dry) and live_drawing:
            while True:
                soft = d_ace and d_hard <= 11
                d_tot = d_hard + 10 if soft else d_hard
                if d_tot > 17 or (d_tot == 17 and not (soft and h17)):
                    break
                if pos < lim:
                    c = shoe[pos]
                    pos += 1
                else:
                    c, pos, lim = _slow_draw(st, fy, shoe, sh, pos)
                    if c == NO_CARD:
                        dry = True
                        break
                v = VALUE[c]
                d_hard += v
                d_ace = d_ace or v == 1
                if counting:
                    rc += tags[v]
        d_total = d_hard + 10 if (d_ace and d_hard <= 11) else d_hard
        if dry:
            if is_insured and peeked:
                won -= 0.5
        else:
            for i in range(nfin):
                t = hands[0, i, 1]
                b = float(hands[0, i, 2])
                if dealer_bj:
                    if t != NATURAL:
                        won -= b
                elif t == NATURAL:
                    won += bj_pay
                elif t > 21:
                    won -= b
                elif d_total > 21 or t > d_total:
                    won += b
                elif t < d_total:
                    won -= b
            if is_insured:
                won += 1.0 if d_natural else -0.5
        # --- the player's books ------------------------------------------------------------
        if dealer_bj:
            n_dealer_bj += 1
        if dry:
            n_called_off += 1
        if counting:
            b_ = int(np.floor(tc0)) - K.TC_MIN
            b_ = min(max(b_, 0), K.TC_BINS - 1)
            stats[K.S_TC + 3 * b_] += 1
            stats[K.S_TC + 3 * b_ + 1] += won
            stats[K.S_TC + 3 * b_ + 2] += won * won
        net = won * bet
        n_hands += nh
        net_sum += net
        net_sq += net * net
        total_bet += bet
        total_wagered += bet * (float(nh + doubled) + (0.5 if is_insured else 0.0))
        if net > 0:
            n_wins += 1
        elif net < 0:
            n_losses += 1
        if natural0:
            n_blackjacks += 1
        if is_insured:
            n_insured += 1
        if tracing:
            trace[rnd, 0] = won
            trace[rnd, 1] = net
            trace[rnd, 2] = tc0
        # --- clear the table ---------------------------------------------------------------
        sh[K.SH_POS] = pos
        if dry or (not below_mode and (pos >= sh[K.SH_CUT] or sh[K.SH_REFILLED])):
            K._new_shoe(r, st, fy, shoe, sh)
            n_shoes += 1
            rc = irc
            pos = sh[K.SH_POS]
            lim = sh[K.SH_SHUFFLED]
        elif sh[K.SH_REFILLS] != refills_seen:
            rc = irc
        refills_seen = sh[K.SH_REFILLS]
    sh[K.SH_POS] = pos
    stats[K.S_SHOES] += n_shoes
    stats[K.S_ROUNDS] += n_rounds
    stats[K.S_PLAYED] += n_rounds
    stats[K.S_HANDS] += n_hands
    stats[K.S_SUM] += net_sum
    stats[K.S_SUMSQ] += net_sq
    stats[K.S_BET] += total_bet
    stats[K.S_WAGERED] += total_wagered
    stats[K.S_WINS] += n_wins
    stats[K.S_LOSSES] += n_losses
    stats[K.S_PUSHES] += n_rounds - n_wins - n_losses
    stats[K.S_BLACKJACKS] += n_blackjacks
    stats[K.S_DEALER_BJ] += n_dealer_bj
    stats[K.S_DOUBLES] += n_doubles
    stats[K.S_SPLITS] += n_splits
    stats[K.S_SURRENDERS] += n_surrenders
    stats[K.S_INSURED] += n_insured
    stats[K.S_CALLED_OFF] += n_called_off


def solo_ok(rules: IntArray, player: IntArray) -> bool:
    """Whether :func:`play_solo` plays this game: the player alone at the table, betting flat
    or by a ramp, no back-counting or bankroll trips, no early surrender."""
    return bool(rules[K.R_SEATS] == 1 and rules[K.R_SURRENDER] != 2
                and player[K.P_BET] in (0, 1) and player[K.P_BACKCOUNT] == 0
                and player[K.P_TRIP] == 0)


def kernel_for(rules: IntArray, player: IntArray) -> Callable[..., Any]:
    """The kernel that plays this game fastest: :func:`play_solo` where it can, else
    ``kernel.play_chunk`` (both take the same arguments and give the same results)."""
    return play_solo if solo_ok(rules, player) else K.play_chunk
