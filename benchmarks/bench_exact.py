"""Exact-solver speed: a full composition-dependent six-deck solve, a basic strategy chart for a
new rule set, the chart-play house edge, and one ``action_evs`` call. Median of several runs,
nothing read from the disk cache (the solver is called directly).

Run: ``.venv/bin/python benchmarks/bench_exact.py [--runs N]``
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from twentyone.rules import PRESETS
from twentyone.strategy.exact import action_evs, chart_round_ev, compute_chart, round_ev

SIX = PRESETS["six-deck-s17"]


def median_seconds(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    action_evs(SIX.replace(decks=1), [10, 6], 10)  # compile (or load) the numba dealer search
    chart = compute_chart(SIX)
    cases: list[tuple[str, Callable[[], object]]] = [
        ("six-deck composition-dependent round (every hand, splits)", lambda: round_ev(SIX)),
        ("basic strategy chart, six decks", lambda: compute_chart(SIX)),
        ("basic strategy chart, two decks H17 late surrender",
         lambda: compute_chart(SIX.replace(decks=2, hit_soft_17=True, surrender="late"))),
        ("house edge playing the chart, six decks", lambda: chart_round_ev(SIX, chart)),
        ("action_evs 10,6 v 10, six decks", lambda: action_evs(SIX, [10, 6], 10)),
    ]
    for name, fn in cases:
        print(f"{name:<60}{median_seconds(fn, runs):9.4f} s (median of {runs})")


if __name__ == "__main__":
    main()
