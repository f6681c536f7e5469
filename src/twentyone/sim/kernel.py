"""The array kernel: whole rounds of casino blackjack in numba-compiled code.

This is the one allowed second implementation of the rules (the table engine is the authority);
``tests/test_sim_equivalence.py`` proves that from the same shoe order both reach the same result
round by round. It mirrors the engine's order of events exactly (deal order, the offer of
insurance and early surrender seat by seat, the peek, the split hand's second card dealt only when
that hand's turn comes, the dealer's second card in a no-hole-card game dealt only when a bet is
still live, the refill from the discards mid-round, the reshuffle at the end of the round in which
the cut card came out), because with a cut card the number of cards a round uses changes which
rounds a shoe holds, and so the house edge.

Everything the kernel needs comes in as small NumPy arrays (rules, player, charts, index plays,
count tags, bet ramp) rather than Python objects, so that one compiled function serves every rule
set and is cached on disk. Results are accumulated into a statistics vector per chunk of rounds;
a per-round trace is written only when asked for (tests, bankroll plots).

Speed: the helpers the round calls are compiled without numba's reference counting
(``compiled.no_refcount``: it cost three quarters of the time), so none of them allocates: a
refill tallies the tray in ``sh`` rather than in a new array. Nothing is inlined at numba's level
either (an inlined body re-binds its array arguments, which counts them again).

Randomness is xoshiro256** with its state in a ``uint64[4]`` array, seeded per chunk from
``numpy.random.SeedSequence``; each shoe is a Fisher–Yates shuffle of cards laid out in rank
order, done a card at a time as they are dealt, so the same seed deals the same cards on any
machine and the tests can reproduce a kernel shoe for the engine through :func:`permutation`.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numpy.typing import NDArray

from twentyone.compiled import no_refcount
from twentyone.strategy.chart import (
    DOUBLE_HIT,
    DOUBLE_STAND,
    SPLIT,
    STAND,
    SURRENDER_HIT,
    SURRENDER_SPLIT,
    SURRENDER_STAND,
)

# --- rule slots (int64 vector) ------------------------------------------------------------
R_DECKS = 0
R_H17 = 1
R_PEEK = 2               # 1: the dealer takes a hole card (0: no hole card, European)
R_DAS = 3
R_SPLIT_RANK = 4         # 1: only same rank splits; 0: any two cards of the same value
R_MAX_HANDS = 5
R_RSA = 6
R_HSA = 7
R_SURRENDER = 8          # 0 none, 1 late, 2 early
R_INSURANCE = 9          # 1: insurance is offered against an ace
R_EVEN_MONEY = 10
R_RESHUFFLE = 11         # 0 at the cut card, 1 before a round below R_RESHUFFLE_BELOW cards
R_RESHUFFLE_BELOW = 12
R_CUT_LO = 13            # cards behind the cut card: a random pick in [lo, hi] if R_CUT_RANDOM
R_CUT_HI = 14
R_CUT_RANDOM = 15
R_BURN = 16
R_SEATS = 17
R_HOLE_FIRST = 18        # with peek, the dealer's first card is the hole card
R_HIDDEN_DOUBLE = 19     # a busted double is not seen (face down), so it keeps the dealer drawing
#: Tables filled from the rules' own predicates, so the kernel does not re-derive a rule:
#: R_CHECKS + up (up 1-10) is 1 where the dealer looks under that up card for a blackjack
#: (``Rules.dealer_checks``); R_DOUBLES + total (0-21) is 1 where a first two cards of that
#: total may double (``Rules.can_double``).
R_CHECKS = 20
R_DOUBLES = R_CHECKS + 11
#: 1: a player's natural is paid on the player's turn even under an unchecked ace or ten
#: (``Rules.naturals_paid_at_once``).
R_NATURAL_AT_ONCE = R_DOUBLES + 22
#: 1: a dealer natural not checked for before play counts as 21 (``Rules.late_natural``).
R_LATE_21 = R_NATURAL_AT_ONCE + 1
N_RULES = R_LATE_21 + 1

# --- player slots (int64 vector) ----------------------------------------------------------
P_SEAT = 0               # the player's seat (0-based); the other seats play the chart flat
P_COUNT = 1              # keep a running count
P_BALANCED = 2           # true count = running count per deck left; else the running count
P_INSURE = 3             # 0 never, 1 always, 2 when the true count reaches F_INS_TC
P_BET = 4                # 0 flat, 1 ramp by true count, 2 martingale, 3 paroli
P_PAROLI_WINS = 5        # paroli: wins in a row before the bet goes back to one unit
P_BACKCOUNT = 6          # enter at F_ENTER_TC, leave below F_EXIT_TC
P_TRIP = 7               # rounds per bankroll trip (0: no bankroll kept)
P_INDICES = 8            # use the index plays
P_TRACE = 9              # write the per-round trace
N_PLAYER = 10

# --- float slots --------------------------------------------------------------------------
F_BJ = 0                 # blackjack payout per unit (1.5 for 3:2)
F_IRC = 1                # initial running count after a shuffle (unbalanced counts)
F_ENTER_TC = 2
F_EXIT_TC = 3
F_BANKROLL = 4           # units of the base bet at the start of each trip
F_MAX_UNITS = 5          # largest bet a progression may reach
F_INS_TC = 6
N_FLOAT = 7

# --- statistics vector --------------------------------------------------------------------
S_ROUNDS = 0             # rounds dealt
S_PLAYED = 1             # rounds the player had a bet in
S_HANDS = 2
S_SUM = 3                # net result, units of the base bet
S_SUMSQ = 4
S_BET = 5                # initial bets, units
S_WAGERED = 6            # everything put at risk: bets, doubles, splits, insurance
S_WINS = 7
S_PUSHES = 8
S_LOSSES = 9
S_BLACKJACKS = 10
S_DOUBLES = 11
S_SPLITS = 12
S_SURRENDERS = 13
S_INSURED = 14
S_TRIPS = 15
S_RUINED = 16
S_SHOES = 17
S_DEALER_BJ = 18
TC_MIN = -10
TC_BINS = 21             # true count floor, clipped to [-10, 10]
S_TC = 19                # then per bin: rounds, sum of the flat-unit result, sum of squares
#: Rounds called off because no card was left anywhere to deal (the shoe and the discard tray
#: both empty: docs/casino.md#when-the-dealer-reshuffles).
S_CALLED_OFF = S_TC + 3 * TC_BINS
N_STATS = S_CALLED_OFF + 1

# --- actions (the chart codes are ``strategy.chart``'s) ------------------------------------
A_STAND = 0
A_HIT = 1
A_DOUBLE = 2
A_SPLIT = 3
A_SURRENDER = 4

#: Index plays: kinds of table they override.
K_HARD = 0
K_SOFT = 1
K_PAIR = 2
INDEX_SLOTS = 3

# hand fields
H_HARD = 0
H_ACE = 1
H_N = 2
H_R1 = 3
H_R2 = 4
H_BET = 5
H_SPLIT = 6
H_SA = 7
H_DONE = 8
H_SETTLED = 9
H_BUST = 10
N_HAND = 11
MAX_SEATS = 7
MAX_HANDS = 8

# shoe state fields
SH_POS = 0
SH_LEN = 1
SH_CUT = 2
SH_REFILLED = 3
SH_REFILLS = 4           # refills since the chunk began (the counter starts again after one)
SH_ROUND_START = 5       # where this round's cards begin in the shoe; -1 once it was refilled
SH_PER_RANK = 6          # cards of each rank in the full shoe
SH_SHUFFLED = 7          # cards from the top already in their shuffled place
SH_TALLY = 8             # 14 slots: a refill's count of each rank (index 1..13) in the tray
SH_DRY = SH_TALLY + 14   # 1: no card was left anywhere to deal; ``_draw`` hands back NO_CARD
SH_SIZE = SH_DRY + 1
#: Cards shuffled ahead of the cut card (or of the reshuffle point): a round rarely deals more.
SHUFFLE_AHEAD = 16
NO_CUT = 1 << 30
#: What ``_draw`` hands back from a dry shoe: no rank, so it cannot make or settle a hand; the
#: round that draws it is called off.
NO_CARD = 0


IntArray = NDArray[np.int64]
FloatArray = NDArray[np.float64]

#: Card value by rank (ace 1, ten and court cards 10); a global array is a constant to numba.
VALUE = np.array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], dtype=np.int64)


@no_refcount()
def _next(s: NDArray[np.uint64]) -> np.uint64:
    """xoshiro256**: fast, 256 bits of state, passes BigCrush; plenty for shuffling cards."""
    s1 = s[1]
    x = s1 * np.uint64(5)
    result = ((x << np.uint64(7)) | (x >> np.uint64(57))) * np.uint64(9)
    t = s1 << np.uint64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s3 = s[3]
    s[3] = (s3 << np.uint64(45)) | (s3 >> np.uint64(19))
    return result  # type: ignore[no-any-return]


@no_refcount()
def _below(s: NDArray[np.uint64], n: int) -> int:
    """A uniform integer in [0, n) by multiply-shift on the top 32 bits (bias below 1e-7 for a
    shoe of 416 cards)."""
    return int(((_next(s) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@no_refcount()
def _seed_shoe(s: NDArray[np.uint64], fy: NDArray[np.uint64]) -> None:
    """Give a new shoe its own generator, seeded (splitmix64) from one draw of the chunk's.

    The shoe is shuffled only as far as it is dealt (Fisher–Yates from the top, one step per
    card), so cards behind the cut card (or, reshuffling every round, all but a round's few) are
    never shuffled at all. With its own generator a shoe costs the chunk's stream the same draws
    however many of its cards are dealt, and deals the order a full shuffle would have made.
    """
    x = _next(s)
    for k in range(4):
        x += np.uint64(0x9E3779B97F4A7C15)
        z = x
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        fy[k] = z ^ (z >> np.uint64(31))


@njit(cache=True, nogil=True, error_model="numpy")
def permutation(s: NDArray[np.uint64], n: int) -> IntArray:
    """The order in which a kernel shoe of ``n`` cards laid out in rank order is dealt, drawn
    from (and advancing) ``s`` exactly as a new kernel shoe does: lets a test hand the table
    engine the very shoe the kernel deals."""
    fy = np.zeros(4, dtype=np.uint64)
    _seed_shoe(s, fy)
    a = np.arange(n)
    for i in range(n - 1):
        j = i + _below(fy, n - i)
        t = a[i]
        a[i] = a[j]
        a[j] = t
    return a


@no_refcount(python=True)
def draw_between(s: NDArray[np.uint64], lo: int, hi: int) -> int:
    """A uniform integer in [lo, hi], as the kernel draws the cut card's place."""
    return lo + _below(s, hi - lo + 1)


@no_refcount()
def _new_shoe(r: IntArray, st: NDArray[np.uint64], fy: NDArray[np.uint64], shoe: IntArray,
              sh: IntArray) -> None:
    """Gather all the packs, shuffle (lazily), place the cut card, burn."""
    per_rank = 4 * r[R_DECKS]
    k = int(np.int64(0))
    for rank in range(1, 14):
        for _ in range(per_rank):
            shoe[k] = rank
            k += 1
    _seed_shoe(st, fy)
    sh[SH_LEN] = k
    sh[SH_POS] = 0
    if r[R_RESHUFFLE] == 0:
        behind = r[R_CUT_LO]
        if r[R_CUT_RANDOM]:
            behind = draw_between(st, r[R_CUT_LO], r[R_CUT_HI])
        sh[SH_CUT] = max(1, k - behind)
    else:
        sh[SH_CUT] = NO_CUT
    sh[SH_REFILLED] = 0
    sh[SH_DRY] = 0
    sh[SH_PER_RANK] = per_rank
    # The cards that will surely be dealt are shuffled here in one tight loop; any beyond are
    # shuffled one by one as they are dealt (the same steps, in the same order).
    # The generator's state is held in locals here (registers), not in ``fy``: ``_next`` and
    # ``_below`` step for step.
    ahead = sh[SH_CUT] if r[R_RESHUFFLE] == 0 else k - r[R_RESHUFFLE_BELOW]
    m = min(k - 1, ahead + SHUFFLE_AHEAD)
    s0 = fy[0]
    s1 = fy[1]
    s2 = fy[2]
    s3 = fy[3]
    for i in range(m):
        x = s1 * np.uint64(5)
        out = ((x << np.uint64(7)) | (x >> np.uint64(57))) * np.uint64(9)
        t = s1 << np.uint64(17)
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = (s3 << np.uint64(45)) | (s3 >> np.uint64(19))
        j = i + int(((out >> np.uint64(32)) * np.uint64(k - i)) >> np.uint64(32))
        c = shoe[i]
        shoe[i] = shoe[j]
        shoe[j] = c
    fy[0] = s0
    fy[1] = s1
    fy[2] = s2
    fy[3] = s3
    sh[SH_SHUFFLED] = m
    sh[SH_POS] = r[R_BURN]


@no_refcount()
def _refill(st: NDArray[np.uint64], fy: NDArray[np.uint64], shoe: IntArray,
            sh: IntArray) -> None:
    """The shoe ran dry mid-round: shuffle the discard tray and deal on
    (docs/casino.md#when-the-dealer-reshuffles); with the tray empty too (every card is on the
    table) mark the shoe dry instead, and the round is called off as the engine calls it off.

    The tray is not tallied card by card: with the shoe empty, it holds every card but those
    of this round, which are the cards dealt since the round began. A shoe refilled once this
    round has nothing more to refill from: the engine's tray is empty until the round ends.
    """
    start = sh[SH_ROUND_START]
    if start < 0:
        sh[SH_DRY] = 1
        return
    for rank in range(1, 14):
        sh[SH_TALLY + rank] = sh[SH_PER_RANK]
    for i in range(start, sh[SH_LEN]):
        sh[SH_TALLY + shoe[i]] -= 1
    k = int(np.int64(0))
    for rank in range(1, 14):
        for _ in range(sh[SH_TALLY + rank]):
            shoe[k] = rank
            k += 1
    if k == 0:
        sh[SH_DRY] = 1
        return
    _seed_shoe(st, fy)
    sh[SH_LEN] = k
    sh[SH_POS] = 0
    sh[SH_SHUFFLED] = 0
    sh[SH_CUT] = NO_CUT
    sh[SH_REFILLED] = 1
    sh[SH_REFILLS] += 1
    sh[SH_ROUND_START] = -1


@no_refcount()
def _shuffle_next(st: NDArray[np.uint64], fy: NDArray[np.uint64], shoe: IntArray,
                  sh: IntArray) -> None:
    """Past the cards shuffled ahead: refill an empty shoe, then one Fisher–Yates step picks
    the next card among those not yet dealt (kept out of ``_draw``, which is called often)."""
    if sh[SH_POS] >= sh[SH_LEN]:
        _refill(st, fy, shoe, sh)
        if sh[SH_DRY]:
            return
    i = sh[SH_POS]
    n = sh[SH_LEN]
    if i < n - 1:
        j = i + _below(fy, n - i)
        t = shoe[i]
        shoe[i] = shoe[j]
        shoe[j] = t
    sh[SH_SHUFFLED] = i + 1


@no_refcount()
def _draw(st: NDArray[np.uint64], fy: NDArray[np.uint64], shoe: IntArray, sh: IntArray) -> int:
    """The next card's rank, or NO_CARD when none is left anywhere."""
    if sh[SH_POS] >= sh[SH_SHUFFLED]:
        _shuffle_next(st, fy, shoe, sh)
        if sh[SH_DRY]:
            return NO_CARD
    i = sh[SH_POS]
    sh[SH_POS] = i + 1
    return shoe[i]  # type: ignore[no-any-return]


@no_refcount()
def _true_count(p: IntArray, rc: float, sh: IntArray) -> float:
    if p[P_BALANCED]:
        left = sh[SH_LEN] - sh[SH_POS]
        return rc * 52.0 / max(left, 13)  # type: ignore[no-any-return]
    return rc


@no_refcount()
def _indexed(kind: int, total: int, up: int, code: int, tc: float, idx_thr: FloatArray,
             idx_dir: IntArray, idx_act: IntArray) -> int:
    """The chart code after index plays: the first entry of the cell whose condition holds
    (true count at or above its index, or below it), else the chart's own code."""
    for k in range(INDEX_SLOTS):
        act = idx_act[kind, total, up, k]
        if act < 0:
            break
        if (idx_dir[kind, total, up, k] == 0) == (tc >= idx_thr[kind, total, up, k]):
            return act  # type: ignore[no-any-return]
    return code


@no_refcount()
def _resolve(code: int, can_double: bool, can_surrender: bool) -> int:
    """A chart code to the action taken when some options are not allowed now; as in
    ``Chart.decide``, a split code in a total table means hit."""
    if code == STAND:
        return A_STAND
    if code == DOUBLE_HIT:
        return A_DOUBLE if can_double else A_HIT
    if code == DOUBLE_STAND:
        return A_DOUBLE if can_double else A_STAND
    if code == SURRENDER_HIT:
        return A_SURRENDER if can_surrender else A_HIT
    if code == SURRENDER_STAND:
        return A_SURRENDER if can_surrender else A_STAND
    return A_HIT


@no_refcount(python=True)
def decide(hard: int, ace: bool, pair: int, up: int, can_double: bool, can_split: bool,
           can_surrender: bool, hard_t: IntArray, soft_t: IntArray, pair_t: IntArray,
           use_idx: bool, tc: float, idx_thr: FloatArray, idx_dir: IntArray,
           idx_act: IntArray) -> int:
    """What the chart (with index plays at true count ``tc`` if ``use_idx``) does with a hand:
    the pair table first when the pair may be split, otherwise the soft or hard table."""
    if can_split:
        code = pair_t[pair, up]
        if use_idx:
            code = _indexed(int(np.int64(K_PAIR)), pair, up, code, tc, idx_thr, idx_dir, idx_act)
        if code == SPLIT:
            return A_SPLIT
        if code == SURRENDER_SPLIT:
            return A_SURRENDER if can_surrender else A_SPLIT
    if ace and hard <= 11:
        total = hard + 10
        code = soft_t[total, up]
        if use_idx:
            code = _indexed(int(np.int64(K_SOFT)), total, up, code, tc, idx_thr, idx_dir, idx_act)
    else:
        code = hard_t[hard, up]
        if use_idx:
            code = _indexed(int(np.int64(K_HARD)), hard, up, code, tc, idx_thr, idx_dir, idx_act)
    return _resolve(code, can_double, can_surrender)


@no_refcount()
def _add_card(hands: IntArray, s: int, h: int, rank: int) -> None:
    v = rank if rank < 10 else 10
    hands[s, h, H_HARD] += v
    if v == 1:
        hands[s, h, H_ACE] = 1
    n = hands[s, h, H_N]
    if n == 0:
        hands[s, h, H_R1] = rank
    elif n == 1:
        hands[s, h, H_R2] = rank
    hands[s, h, H_N] = n + 1


@no_refcount()
def _total(hands: IntArray, s: int, h: int) -> int:
    hard = hands[s, h, H_HARD]
    if hands[s, h, H_ACE] and hard <= 11:
        return hard + 10  # type: ignore[no-any-return]
    return hard  # type: ignore[no-any-return]


@no_refcount()
def _natural(hands: IntArray, s: int, h: int) -> bool:
    return (hands[s, h, H_N] == 2 and hands[s, h, H_HARD] == 11 and hands[s, h, H_ACE] == 1  # type: ignore[no-any-return]
            and hands[s, h, H_SPLIT] == 0)


@no_refcount()
def _can_double(r: IntArray, hands: IntArray, s: int, h: int) -> bool:
    if hands[s, h, H_N] != 2:
        return False
    if hands[s, h, H_SPLIT] and not r[R_DAS]:
        return False
    if hands[s, h, H_SA] and not r[R_HSA]:
        return False
    return r[R_DOUBLES + _total(hands, s, h)] != 0  # type: ignore[no-any-return]


@no_refcount()
def _can_split(r: IntArray, hands: IntArray, s: int, h: int, nh: int) -> bool:
    if hands[s, h, H_N] != 2 or nh >= r[R_MAX_HANDS]:
        return False
    r1 = hands[s, h, H_R1]
    r2 = hands[s, h, H_R2]
    if r1 != r2 and (r[R_SPLIT_RANK] or VALUE[r1] != VALUE[r2]):
        return False
    return not (hands[s, h, H_SA] and not r[R_RSA])


@no_refcount()
def _after_split_card(r: IntArray, hands: IntArray, s: int, h: int, nh: int) -> None:
    """A split hand has its second card: split aces stop there unless they may resplit, and a
    21 needs no decision."""
    if hands[s, h, H_SA] and not r[R_HSA]:
        if not (r[R_RSA] and VALUE[hands[s, h, H_R2]] == 1 and nh < r[R_MAX_HANDS]):
            hands[s, h, H_DONE] = 1
    elif _total(hands, s, h) == 21:
        hands[s, h, H_DONE] = 1


def work_area() -> tuple[IntArray, IntArray, NDArray[np.uint64], IntArray, IntArray,
                         FloatArray, IntArray]:
    """``play_chunk``'s work arrays, fresh: the shoe, its state, the shoe's generator, the
    hands (seat, hand, field), hands per seat, each seat's result and insurance."""
    return (np.zeros(52 * 8, dtype=np.int64), np.zeros(SH_SIZE, dtype=np.int64),
            np.zeros(4, dtype=np.uint64),
            np.zeros((MAX_SEATS, MAX_HANDS, N_HAND), dtype=np.int64),
            np.zeros(MAX_SEATS, dtype=np.int64), np.zeros(MAX_SEATS),
            np.zeros(MAX_SEATS, dtype=np.int64))


@no_refcount(python=True)
def play_chunk(r: IntArray, p: IntArray, f: FloatArray, hard_t: IntArray, soft_t: IntArray,
               pair_t: IntArray, idx_thr: FloatArray, idx_dir: IntArray, idx_act: IntArray,
               tags: FloatArray, ramp_tc: FloatArray, ramp_units: FloatArray,
               st: NDArray[np.uint64], n_rounds: int, stats: FloatArray,
               trace: FloatArray, shoe: IntArray, sh: IntArray, fy: NDArray[np.uint64],
               hands: IntArray, nhands: IntArray, res: FloatArray, insured: IntArray) -> None:
    """Deal ``n_rounds`` rounds from a freshly shuffled shoe, adding into ``stats``.

    ``trace`` (rounds x (seats + 2)), when ``p[P_TRACE]``: each seat's result per unit bet, the
    player's net result in base units (0 while back-counting outside), and the true count the
    round began with. The rest is the work area (``work_area``), fresh for each call: the
    kernel allocates nothing, so it is compiled without reference counting (and without the
    compiles of NumPy's allocators).
    """
    # Constant arguments to the helpers are runtime values, not literals: numba compiles a
    # separate copy of a function for every literal argument, and compiling is part of the
    # first run's time.
    ZERO = int(np.int64(0))
    NO = bool(np.bool_(False))
    YES = bool(np.bool_(True))
    seats = r[R_SEATS]
    me = p[P_SEAT]
    counting = p[P_COUNT] != 0
    h17 = r[R_H17] != 0
    peek = r[R_PEEK] != 0
    early = r[R_SURRENDER] == 2
    bj_pay = f[F_BJ]
    _new_shoe(r, st, fy, shoe, sh)
    stats[S_SHOES] += 1
    rc = f[F_IRC]
    playing = p[P_BACKCOUNT] == 0
    unit = 1.0
    streak = 0
    bankroll = f[F_BANKROLL]
    trip_left = p[P_TRIP]
    refills_seen = 0
    # Running totals live in locals (registers) and reach ``stats`` once, at the end.
    n_played = 0
    n_hands = 0
    n_wins = 0
    n_losses = 0
    n_blackjacks = 0
    n_dealer_bj = 0
    net_sum = 0.0
    net_sq = 0.0
    total_bet = 0.0
    total_wagered = 0.0
    for rnd in range(n_rounds):
        if r[R_RESHUFFLE] == 1 and sh[SH_LEN] - sh[SH_POS] < r[R_RESHUFFLE_BELOW]:
            _new_shoe(r, st, fy, shoe, sh)
            stats[S_SHOES] += 1
            rc = f[F_IRC]
        tc0 = _true_count(p, rc, sh) if counting else 0.0
        # --- the bet -------------------------------------------------------------------
        if p[P_BACKCOUNT]:
            playing = tc0 >= (f[F_EXIT_TC] if playing else f[F_ENTER_TC])
        bet = 1.0
        mode = p[P_BET]
        if mode == 1:
            for k in range(ramp_tc.shape[0]):
                if tc0 >= ramp_tc[k]:
                    bet = ramp_units[k]
        elif mode == 2 or mode == 3:
            bet = unit
        if p[P_TRIP] and bet > bankroll:
            bet = max(1.0, np.floor(bankroll))
        # --- the deal ------------------------------------------------------------------
        sh[SH_ROUND_START] = sh[SH_POS]
        for s in range(seats):
            nhands[s] = 1
            res[s] = 0.0
            insured[s] = 0
            for k in range(N_HAND):
                hands[s, 0, k] = 0
            hands[s, 0, H_BET] = 1
        d_hard = 0
        d_ace = False
        d_n = 0
        up = ZERO
        hole = ZERO
        up_index = 1 if (r[R_HOLE_FIRST] and peek) else 0
        # No card left anywhere to deal: the round is called off where it stands (unsettled
        # bets and standing insurance count nothing, settled results stand).
        dry = False
        for lap in range(2):
            for s in range(seats):
                c = _draw(st, fy, shoe, sh)
                if c == NO_CARD:
                    dry = True
                    break
                _add_card(hands, s, ZERO, c)
                if counting:
                    rc += tags[VALUE[c]]
            if dry or (lap == 1 and not peek):
                break
            c = _draw(st, fy, shoe, sh)
            if c == NO_CARD:
                dry = True
                break
            v = VALUE[c]
            d_hard += v
            d_ace = d_ace or v == 1
            d_n += 1
            if lap == up_index:
                up = v
                if counting:
                    rc += tags[v]
            else:
                hole = c
        checkable = r[R_CHECKS + up] != 0 and not dry
        # --- insurance, even money, early surrender, seat by seat ------------------------
        if not dry and (up == 1 or (early and checkable)):
            for s in range(seats):
                nat = _natural(hands, s, ZERO)
                offer = (checkable and early) or (up == 1 and (
                    (r[R_EVEN_MONEY] != 0 and nat) or r[R_INSURANCE] != 0))
                if not offer:
                    continue
                mine = s == me and playing
                if early:
                    tc = _true_count(p, rc, sh) if counting else 0.0
                    a = decide(hands[s, 0, H_HARD], hands[s, 0, H_ACE] != 0, ZERO, up, NO,
                               NO, YES, hard_t, soft_t, pair_t,
                               mine and p[P_INDICES] != 0, tc, idx_thr, idx_dir, idx_act)
                    if a == A_SURRENDER:
                        res[s] = -0.5
                        hands[s, 0, H_SETTLED] = 1
                        hands[s, 0, H_DONE] = 1
                        if mine:
                            stats[S_SURRENDERS] += 1
                        continue
                if not mine or up != 1:
                    continue
                want = p[P_INSURE] == 1
                if p[P_INSURE] == 2:
                    want = _true_count(p, rc, sh) >= f[F_INS_TC]
                if want:
                    if nat and r[R_EVEN_MONEY]:
                        res[s] = 1.0
                        hands[s, 0, H_SETTLED] = 1
                        hands[s, 0, H_DONE] = 1
                    elif r[R_INSURANCE]:
                        insured[s] = 1
        # --- the peek ------------------------------------------------------------------
        peeked = False
        dealer_bj = False
        if checkable:
            peeked = True
            dealer_bj = d_hard == 11 and d_ace
        # --- the players' turns --------------------------------------------------------
        if not (dealer_bj or dry):
            bj_possible = ((not peeked) and (up == 1 or up == 10)
                           and r[R_NATURAL_AT_ONCE] == 0)
            for s in range(seats):
                mine = s == me and playing
                use_idx = mine and p[P_INDICES] != 0
                h = ZERO
                while h < nhands[s]:
                    if hands[s, h, H_DONE] or hands[s, h, H_SETTLED]:
                        h += 1
                        continue
                    if hands[s, h, H_N] == 1:
                        c = _draw(st, fy, shoe, sh)
                        if c == NO_CARD:
                            dry = True
                            break
                        _add_card(hands, s, h, c)
                        if counting:
                            rc += tags[VALUE[c]]
                        _after_split_card(r, hands, s, h, nhands[s])
                        continue
                    if _natural(hands, s, h):
                        hands[s, h, H_DONE] = 1
                        if not bj_possible:
                            res[s] += bj_pay
                            hands[s, h, H_SETTLED] = 1
                        h += 1
                        continue
                    if _total(hands, s, h) == 21:
                        hands[s, h, H_DONE] = 1
                        h += 1
                        continue
                    can_d = _can_double(r, hands, s, h)
                    can_p = _can_split(r, hands, s, h, nhands[s])
                    can_r = r[R_SURRENDER] != 0 and nhands[s] == 1 and hands[s, h, H_N] == 2
                    tc = _true_count(p, rc, sh) if use_idx else 0.0
                    a = decide(hands[s, h, H_HARD], hands[s, h, H_ACE] != 0,
                               VALUE[hands[s, h, H_R1]], up, can_d, can_p, can_r,
                               hard_t, soft_t, pair_t, use_idx, tc, idx_thr, idx_dir, idx_act)
                    if a == A_HIT and hands[s, h, H_SA] and not r[R_HSA]:
                        a = A_STAND  # split aces may not draw; resplit or stand
                    if a == A_STAND:
                        hands[s, h, H_DONE] = 1
                    elif a == A_HIT:
                        c = _draw(st, fy, shoe, sh)
                        if c == NO_CARD:
                            dry = True
                            break
                        _add_card(hands, s, h, c)
                        if counting:
                            rc += tags[VALUE[c]]
                        if hands[s, h, H_HARD] > 21:
                            hands[s, h, H_DONE] = 1
                            hands[s, h, H_SETTLED] = 1
                            res[s] -= 1.0
                        elif _total(hands, s, h) == 21:
                            hands[s, h, H_DONE] = 1
                    elif a == A_DOUBLE:
                        hands[s, h, H_BET] = 2
                        hands[s, h, H_DONE] = 1
                        if mine:
                            stats[S_DOUBLES] += 1
                        c = _draw(st, fy, shoe, sh)
                        if c == NO_CARD:
                            dry = True
                            break
                        _add_card(hands, s, h, c)
                        if counting:
                            rc += tags[VALUE[c]]
                        if hands[s, h, H_HARD] > 21:
                            if r[R_HIDDEN_DOUBLE]:
                                hands[s, h, H_BUST] = 1
                            else:
                                hands[s, h, H_SETTLED] = 1
                                res[s] -= 2.0
                    elif a == A_SPLIT:
                        n = nhands[s]
                        for j in range(n, h + 1, -1):
                            for k in range(N_HAND):
                                hands[s, j, k] = hands[s, j - 1, k]
                        moved = hands[s, h, H_R2]
                        aces = VALUE[moved] == 1
                        for k in range(N_HAND):
                            hands[s, h + 1, k] = 0
                        hands[s, h + 1, H_BET] = 1
                        hands[s, h + 1, H_SPLIT] = 1
                        _add_card(hands, s, h + 1, moved)
                        hands[s, h + 1, H_SA] = 1 if aces else 0
                        hands[s, h, H_HARD] -= VALUE[moved]
                        hands[s, h, H_ACE] = 1 if VALUE[hands[s, h, H_R1]] == 1 else 0
                        hands[s, h, H_N] = 1
                        hands[s, h, H_SPLIT] = 1
                        hands[s, h, H_SA] = 1 if aces else 0
                        nhands[s] = n + 1
                        if mine:
                            stats[S_SPLITS] += 1
                        c = _draw(st, fy, shoe, sh)
                        if c == NO_CARD:
                            dry = True
                            break
                        _add_card(hands, s, h, c)
                        if counting:
                            rc += tags[VALUE[c]]
                        _after_split_card(r, hands, s, h, nhands[s])
                    else:
                        res[s] -= 0.5
                        hands[s, h, H_DONE] = 1
                        hands[s, h, H_SETTLED] = 1
                        if mine:
                            stats[S_SURRENDERS] += 1
                if dry:
                    break
        # --- the dealer's turn and settlement ------------------------------------------
        live = False
        live_drawing = False
        any_insured = False
        for s in range(seats):
            any_insured = any_insured or insured[s] != 0
            for h in range(nhands[s]):
                if not hands[s, h, H_SETTLED]:
                    live = True
                    if not _natural(hands, s, h):
                        live_drawing = True
        if not dry and d_n == 1 and (live or any_insured):
            c = _draw(st, fy, shoe, sh)
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
        dealer_bj = d_natural and (peeked or r[R_LATE_21] == 0)
        if not (dealer_bj or dry) and live_drawing:
            while True:
                soft = d_ace and d_hard <= 11
                total = d_hard + 10 if soft else d_hard
                if total > 17 or (total == 17 and not (soft and h17)):
                    break
                c = _draw(st, fy, shoe, sh)
                if c == NO_CARD:
                    dry = True
                    break
                v = VALUE[c]
                d_hard += v
                d_ace = d_ace or v == 1
                if counting:
                    rc += tags[v]
        d_total = d_hard + 10 if (d_ace and d_hard <= 11) else d_hard
        for s in range(seats):
            if dry:
                # Called off: unsettled hands count nothing; insurance lost at the check stays
                # lost, a bet still standing (no check yet) comes back.
                if insured[s] and peeked:
                    res[s] -= 0.5
                continue
            for h in range(nhands[s]):
                if hands[s, h, H_SETTLED]:
                    continue
                b = float(hands[s, h, H_BET])
                if dealer_bj:
                    if not _natural(hands, s, h):
                        res[s] -= b
                elif hands[s, h, H_HARD] > 21:
                    res[s] -= b
                elif _natural(hands, s, h):
                    res[s] += bj_pay
                elif d_total > 21 or _total(hands, s, h) > d_total:
                    res[s] += b
                elif _total(hands, s, h) < d_total:
                    res[s] -= b
            if insured[s]:
                res[s] += 1.0 if d_natural else -0.5
        # --- the player's books --------------------------------------------------------
        mine_res = res[me]
        if dealer_bj:
            n_dealer_bj += 1
        if dry:
            stats[S_CALLED_OFF] += 1
        if counting:
            b_ = int(np.floor(tc0)) - TC_MIN
            b_ = min(max(b_, 0), TC_BINS - 1)
            stats[S_TC + 3 * b_] += 1
            stats[S_TC + 3 * b_ + 1] += mine_res
            stats[S_TC + 3 * b_ + 2] += mine_res * mine_res
        net = 0.0
        if playing:
            net = mine_res * bet
            n_played += 1
            n_hands += nhands[me]
            net_sum += net
            net_sq += net * net
            total_bet += bet
            risked = 0.0
            for h in range(nhands[me]):
                risked += hands[me, h, H_BET]
            total_wagered += bet * (risked + 0.5 * insured[me])
            if net > 0:
                n_wins += 1
            elif net < 0:
                n_losses += 1
            if _natural(hands, me, ZERO):
                n_blackjacks += 1
            if insured[me]:
                stats[S_INSURED] += 1
            if mode == 2:
                if net < 0:
                    unit = min(unit * 2.0, f[F_MAX_UNITS])
                elif net > 0:
                    unit = 1.0
            elif mode == 3:
                if net > 0:
                    streak += 1
                    unit = min(unit * 2.0, f[F_MAX_UNITS])
                    if streak >= p[P_PAROLI_WINS]:
                        streak = 0
                        unit = 1.0
                elif net < 0:
                    streak = 0
                    unit = 1.0
            if p[P_TRIP]:
                bankroll += net
                trip_left -= 1
                if bankroll < 1.0 or trip_left == 0:
                    stats[S_TRIPS] += 1
                    if bankroll < 1.0:
                        stats[S_RUINED] += 1
                    bankroll = f[F_BANKROLL]
                    trip_left = p[P_TRIP]
                    unit = 1.0
                    streak = 0
        if p[P_TRACE]:
            for s in range(seats):
                trace[rnd, s] = res[s]
            trace[rnd, seats] = net
            trace[rnd, seats + 1] = tc0
        # --- clear the table -----------------------------------------------------------
        if dry or (r[R_RESHUFFLE] == 0 and (sh[SH_POS] >= sh[SH_CUT] or sh[SH_REFILLED])):
            _new_shoe(r, st, fy, shoe, sh)
            stats[S_SHOES] += 1
            rc = f[F_IRC]
        elif sh[SH_REFILLS] != refills_seen:
            rc = f[F_IRC]
        refills_seen = sh[SH_REFILLS]
    stats[S_ROUNDS] += n_rounds
    stats[S_PLAYED] += n_played
    stats[S_HANDS] += n_hands
    stats[S_SUM] += net_sum
    stats[S_SUMSQ] += net_sq
    stats[S_BET] += total_bet
    stats[S_WAGERED] += total_wagered
    stats[S_WINS] += n_wins
    stats[S_LOSSES] += n_losses
    stats[S_PUSHES] += n_played - n_wins - n_losses
    stats[S_BLACKJACKS] += n_blackjacks
    stats[S_DEALER_BJ] += n_dealer_bj
