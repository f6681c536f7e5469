"""Run the kernel: rules and strategy to arrays, rounds to fixed-size chunks, chunks to threads.

Reproducibility does not depend on the number of workers: the rounds are cut into chunks of a
fixed size, chunk ``i`` always draws from stream ``i`` of ``SeedSequence(seed)`` and always starts
from a fresh shuffle, and the chunks' statistics are summed in chunk order. One worker, eight
threads or a Dask cluster (``distributed.py``) therefore report the same figures bit for bit.

Threads rather than processes on one machine: the kernel is compiled with ``nogil``, so threads
run it truly in parallel without a second interpreter importing numba and loading the compiled
kernel, and a chunk's only traffic is a few hundred bytes of statistics.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from twentyone.errors import AnalysisError
from twentyone.rules import PlayerCards, Reshuffle, Rules, SplitBy, Surrender
from twentyone.sim import kernel as K
from twentyone.sim.betting import Betting
from twentyone.sim.counting import CountSystem, IndexPlays
from twentyone.sim.solo import kernel_for
from twentyone.sim.stats import SimResult
from twentyone.strategy.chart import Chart

#: Rounds per chunk: small enough to spread over workers and drive a progress bar, large enough
#: that the per-chunk overhead (a shuffle and a few Python calls) is noise. Fixed, because the
#: chunking decides which random stream deals which round.
CHUNK_ROUNDS = 1 << 18

INSURANCE_MODES = ("never", "always", "count")

Array = np.ndarray[Any, Any]


class KernelArgs(NamedTuple):
    """``play_chunk``'s arguments up to (not including) the random state, in its order."""

    rules: Array
    player: Array
    floats: Array
    hard: Array
    soft: Array
    pairs: Array
    index_thresholds: Array
    index_directions: Array
    index_plays: Array
    tags: Array
    ramp_counts: Array
    ramp_units: Array


@dataclass(frozen=True)
class Player:
    """The player being measured. Every other occupied seat plays the same chart flat, without
    counting, as the rest of a table would."""

    chart: Chart
    count: CountSystem | None = None
    indices: IndexPlays | None = None
    #: "never" (basic strategy), "always", or "count" (at the index file's insurance count).
    insurance: str = "never"
    #: Seat number, 1 = the dealer's left (first to act).
    seat: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.chart, Chart):
            raise AnalysisError(f"a strategy is a Chart (twentyone.chart), "
                                f"not {self.chart!r:.40}")
        if not _whole(self.seat) or not 1 <= self.seat <= 7:
            raise AnalysisError(f"the player's seat is 1 to 7, not {self.seat!r:.40}")
        if self.insurance not in INSURANCE_MODES:
            raise AnalysisError(f"insurance must be one of {INSURANCE_MODES}")
        if self.insurance == "count" and (self.indices is None or
                                          self.indices.insurance is None):
            raise AnalysisError("insurance by count needs index plays with an insurance entry")
        if self.indices is not None and self.count is None:
            raise AnalysisError("index plays need a count system")


@dataclass(frozen=True)
class SimSpec:
    """Everything that decides what is simulated (not how many rounds or on what)."""

    rules: Rules
    player: Player
    betting: Betting = field(default_factory=Betting)
    #: Occupied seats at the table (the player's among them).
    seats: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise AnalysisError(f"rules are a Rules, not {self.rules!r:.40}")
        if not isinstance(self.player, Player):
            raise AnalysisError(f"the player is a Player, not {self.player!r:.40}")
        if not _whole(self.seats) or not 1 <= self.seats <= self.rules.seats:
            raise AnalysisError(f"this table has {self.rules.seats} seats; "
                                f"cannot fill {self.seats!r:.40}")
        if not 1 <= self.player.seat <= self.seats:
            raise AnalysisError(f"the player's seat must be 1 to {self.seats}")
        if self.betting.needs_count and self.player.count is None:
            raise AnalysisError("a bet ramp or back-counting needs a count system (--count)")

    def kernel_args(self) -> KernelArgs:
        player = self.player
        indices = player.indices or IndexPlays.empty()
        count = player.count
        ramp_tc, ramp_units = self.betting.ramp_arrays()
        chart = player.chart
        return KernelArgs(
            rules_vector(self.rules, self.seats), self._player_vector(), self._float_vector(),
            chart.hard.astype(np.int64), chart.soft.astype(np.int64),
            chart.pairs.astype(np.int64), indices.thresholds, indices.directions, indices.plays,
            count.tag_array() if count else np.zeros(11), ramp_tc, ramp_units)

    def _player_vector(self) -> Array:
        pl, bt = self.player, self.betting
        v = np.zeros(K.N_PLAYER, dtype=np.int64)
        v[K.P_SEAT] = pl.seat - 1
        v[K.P_COUNT] = pl.count is not None
        v[K.P_BALANCED] = pl.count is not None and pl.count.balanced
        v[K.P_INSURE] = INSURANCE_MODES.index(pl.insurance)
        v[K.P_BET] = ("flat", "ramp", "martingale", "paroli").index(bt.mode)
        v[K.P_PAROLI_WINS] = bt.paroli_wins
        v[K.P_BACKCOUNT] = bt.enter is not None
        v[K.P_TRIP] = bt.trip_rounds
        v[K.P_INDICES] = pl.indices is not None
        return v

    def _float_vector(self) -> Array:
        pl, bt = self.player, self.betting
        v = np.zeros(K.N_FLOAT)
        v[K.F_BJ] = float(self.rules.blackjack_ratio)
        v[K.F_IRC] = pl.count.initial_running_count(self.rules.decks) if pl.count else 0.0
        v[K.F_ENTER_TC] = bt.enter if bt.enter is not None else 0.0
        v[K.F_EXIT_TC] = bt.leave if bt.leave is not None else 0.0
        v[K.F_BANKROLL] = bt.bankroll
        v[K.F_MAX_UNITS] = bt.max_units
        if pl.indices is not None and pl.indices.insurance is not None:
            v[K.F_INS_TC] = pl.indices.insurance
        return v


def rules_vector(rules: Rules, seats: int) -> Array:
    """The rules as the kernel's int vector (see the ``R_*`` slots). The kernel plays the casino
    game; the changing-bank (Pontoon) options belong to another engine."""
    pontoon = [*rules.pontoon_options(),
               *(["reshuffle=burn-card"] if rules.reshuffle is Reshuffle.BURN_CARD else [])]
    if pontoon:
        raise AnalysisError(f"the simulator plays the casino game; not {', '.join(pontoon)}")
    v = np.zeros(K.N_RULES, dtype=np.int64)
    v[K.R_DECKS] = rules.decks
    v[K.R_H17] = rules.hit_soft_17
    v[K.R_PEEK] = rules.peek
    v[K.R_DAS] = rules.double_after_split
    v[K.R_SPLIT_RANK] = rules.split_by is SplitBy.RANK
    v[K.R_MAX_HANDS] = rules.max_hands
    v[K.R_RSA] = rules.resplit_aces
    v[K.R_HSA] = rules.hit_split_aces
    v[K.R_SURRENDER] = list(Surrender).index(rules.surrender)
    v[K.R_INSURANCE] = rules.offers_insurance
    v[K.R_EVEN_MONEY] = rules.even_money
    v[K.R_RESHUFFLE] = rules.reshuffle is Reshuffle.BELOW
    v[K.R_RESHUFFLE_BELOW] = rules.reshuffle_below
    if rules.cut_behind is not None:
        v[K.R_CUT_LO], v[K.R_CUT_HI] = rules.cut_behind
        v[K.R_CUT_RANDOM] = 1
    else:
        # As the table places it: Python's round() of the share left behind.
        behind = round(rules.shoe_size * (1.0 - rules.penetration))
        v[K.R_CUT_LO] = v[K.R_CUT_HI] = behind
    v[K.R_BURN] = rules.burn
    v[K.R_SEATS] = seats
    v[K.R_HOLE_FIRST] = rules.hole_card_first
    v[K.R_HIDDEN_DOUBLE] = rules.double_face_down or rules.player_cards is PlayerCards.DOWN
    for up in range(1, 11):
        v[K.R_CHECKS + up] = rules.dealer_checks(up)
    for total in range(22):
        v[K.R_DOUBLES + total] = rules.can_double(total)
    v[K.R_NATURAL_AT_ONCE] = rules.naturals_paid_at_once
    v[K.R_LATE_21] = rules.late_natural_is_21()
    return v


def chunk_state(seed: int, chunk: int) -> Array:
    """The xoshiro state for chunk ``chunk``: stream ``chunk`` of ``SeedSequence(seed)``."""
    state = np.random.SeedSequence(seed, spawn_key=(chunk,)).generate_state(4, np.uint64)
    if not state.any():  # the one state xoshiro cannot leave; never met in practice
        state[0] = 1
    return state


def chunks(rounds: int) -> Iterator[tuple[int, int]]:
    """(chunk index, rounds in it) covering ``rounds``."""
    for i, start in enumerate(range(0, rounds, CHUNK_ROUNDS)):
        yield i, min(CHUNK_ROUNDS, rounds - start)


_NO_TRACE = np.zeros((1, 1))


def run_chunk(args: KernelArgs, seed: int, chunk: int, rounds: int) -> Array:
    """One chunk's statistics vector."""
    stats = np.zeros(K.N_STATS)
    kernel_for(args.rules, args.player)(*args, chunk_state(seed, chunk), rounds, stats,
                                        _NO_TRACE, *K.work_area())
    return stats


def merge(parts: list[Array]) -> Array:
    """Sum chunk statistics in chunk order (the order fixes the floating-point result)."""
    total = np.zeros(K.N_STATS)
    for part in parts:
        total += part
    return total


def describe(spec: SimSpec, rounds: int, seed: int) -> dict[str, Any]:
    pl, bt = spec.player, spec.betting
    return {
        "rules": spec.rules.to_mapping(), "strategy": pl.chart.name, "seats": spec.seats,
        "seat": pl.seat, "count": pl.count.name if pl.count else None,
        "indices": pl.indices.name if pl.indices else None, "insurance": pl.insurance,
        "betting": bt.mode, "ramp": [list(s) for s in bt.ramp], "enter": bt.enter,
        "leave": bt.leave, "bankroll": bt.bankroll or None,
        "trip_rounds": bt.trip_rounds or None, "seed": seed, "rounds_requested": rounds,
        "chunk_rounds": CHUNK_ROUNDS,
    }


#: Chunks queued per worker thread ahead of the one being summed: enough to keep every thread
#: busy, few enough that memory stays the same whatever the number of rounds.
AHEAD_PER_WORKER = 2


def _whole(x: object) -> bool:
    return type(x) is int


def check_run(rounds: object, seed: object, workers: object, progress: object) -> None:
    """Refuse a run that is not one (``AnalysisError``) before anything is dealt: rounds and
    workers whole numbers from 1, a seed a whole number from 0, ``progress`` callable or None."""
    if not _whole(rounds) or rounds < 1:  # type: ignore[operator]
        raise AnalysisError(f"simulate at least one round, a whole number of rounds; "
                            f"not {rounds!r:.40}")
    if not _whole(seed) or not 0 <= seed < 2**128:  # type: ignore[operator]
        raise AnalysisError(f"a seed is a whole number from 0 below 2**128, not {seed!r:.40}")
    if not _whole(workers) or workers < 1:  # type: ignore[operator]
        raise AnalysisError(f"workers must be a whole number, at least 1; not {workers!r:.40}")
    if progress is not None and not callable(progress):
        raise AnalysisError(f"progress is a function of the rounds done, not {progress!r:.40}")


def simulate(spec: SimSpec, rounds: int, *, seed: int = 0, workers: int = 1,
             progress: Callable[[int], None] | None = None) -> SimResult:
    """Simulate ``rounds`` rounds on ``workers`` threads; ``progress`` is told the rounds of
    each chunk as it finishes.

    Chunks are handed out and summed as they go, so memory does not grow with ``rounds``.
    Ctrl-C (KeyboardInterrupt) stops the run: the chunks finished in order so far are the
    result, marked ``setup["interrupted"]`` (the rounds in it are the rounds actually dealt)."""
    check_run(rounds, seed, workers, progress)
    args = spec.kernel_args()
    start = time.perf_counter()
    total = np.zeros(K.N_STATS)
    interrupted = False
    jobs = chunks(rounds)
    try:
        if workers == 1:
            for i, n in jobs:
                total += run_chunk(args, seed, i, n)
                if progress:
                    progress(n)
        else:
            with ThreadPoolExecutor(max_workers=workers) as pool:
                queue: deque[tuple[Future[Array], int]] = deque()
                try:
                    for i, n in jobs:
                        queue.append((pool.submit(run_chunk, args, seed, i, n), n))
                        if len(queue) > workers * AHEAD_PER_WORKER:
                            total += _take(queue, progress)
                    while queue:
                        total += _take(queue, progress)
                finally:
                    for fut, _ in queue:
                        fut.cancel()  # on Ctrl-C: the chunks running finish, no more start
    except KeyboardInterrupt:
        interrupted = True
    seconds = time.perf_counter() - start
    setup = describe(spec, rounds, seed) | {"workers": workers, "interrupted": interrupted}
    return SimResult(total, seconds, setup)


def _take(queue: deque[tuple[Future[Array], int]],
          progress: Callable[[int], None] | None) -> Array:
    """The oldest chunk's statistics (chunk order fixes the floating-point sum)."""
    fut, n = queue[0]
    part = fut.result()
    queue.popleft()
    if progress:
        progress(n)
    return part


def trace(spec: SimSpec, rounds: int, *, seed: int = 0) -> Array:
    """Round-by-round results of one stream (the first chunk's), for bankroll paths and checks:
    columns are each seat's result per unit bet, the player's net in base units and the true
    count the round began with."""
    args = spec.kernel_args()
    args.player[K.P_TRACE] = 1
    out = np.zeros((rounds, spec.seats + 2))
    kernel_for(args.rules, args.player)(*args, chunk_state(seed, 0), rounds,
                                        np.zeros(K.N_STATS), out, *K.work_area())
    return out
