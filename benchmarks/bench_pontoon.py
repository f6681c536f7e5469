"""Pontoon speed: deals per second through ``PontoonTable`` with bots (the plain player, and each
banker bot), every deal through the public operations, settled in chips between players. Run:

    .venv/bin/python benchmarks/bench_pontoon.py [--rounds N] [--repeats K]

The reading banker weighs every decision against the standing hands, so it is the slower one.
"""

from __future__ import annotations

import argparse
import statistics
import time

from twentyone.pontoon.auto import play_pontoon
from twentyone.pontoon.bots import BANKER_STRATEGIES
from twentyone.pontoon.table import PontoonRules


def measure(banker: str, players: int, rounds: int, seed: int) -> float:
    start = time.perf_counter()
    _, result = play_pontoon(PontoonRules(players=players), rounds=rounds, seed=seed,
                       bankroll=10_000_000, banker_strategy=banker)
    return result.rounds / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    for banker in BANKER_STRATEGIES:
        for players in (2, 4, 7):
            rates = [measure(banker, players, args.rounds, seed) for seed in range(args.repeats)]
            print(f"{banker:>8} banker, {players} players: median "
                  f"{statistics.median(rates):,.0f} deals/s")


if __name__ == "__main__":
    main()
