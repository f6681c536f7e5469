"""Full-engine speed: rounds per second through ``Table`` with bots playing basic strategy.

Every round goes through the public operations (bet, deal, each decision), the dealer's play,
settlement in chips from the rack, and the event log; nothing is skipped for speed. Run:

    .venv/bin/python benchmarks/bench_table.py [--rounds N] [--repeats K]

Prints the median of K runs for one seat and for seven seats. The reference from the issue: the
fastest pure-Python blackjack packages play about 30,000 hands per second on one core.
"""

from __future__ import annotations

import argparse
import statistics
import time

from twentyone.rules import PRESETS
from twentyone.strategy.play import play_chart

REFERENCE_HANDS_PER_SECOND = 30_000


def measure(seats: int, rounds: int, seed: int) -> tuple[float, int]:
    rules = PRESETS["six-deck-s17"]
    start = time.perf_counter()
    result = play_chart(rules, seats=seats, rounds=rounds, seed=seed, bankroll=10_000_000)
    elapsed = time.perf_counter() - start
    hands = sum(s.rounds for s in result.seats.values())
    return result.rounds / elapsed, hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    play_chart(PRESETS["six-deck-s17"], rounds=1000, seed=0)  # warm caches (strategy chart)
    for seats in (1, 7):
        rates = [measure(seats, args.rounds // seats, seed)[0] for seed in range(args.repeats)]
        median = statistics.median(rates)
        hands = median * seats
        print(f"{seats} seat(s): median {median:,.0f} rounds/s = {hands:,.0f} hands/s "
              f"(min {min(rates):,.0f}, max {max(rates):,.0f} rounds/s; "
              f"{hands / REFERENCE_HANDS_PER_SECOND:.2f}x the 30,000 hands/s reference)")


if __name__ == "__main__":
    main()
