"""Exact-solver speed: a full composition-dependent six-deck solve, a basic strategy chart for a
new rule set, the chart-play house edge, and one ``action_evs`` call. Median of several runs,
nothing read from the disk cache (the solver is called directly). Then whole processes, as a
user runs them: ``twentyone chart`` for a rule set not solved before, with the compiled solver
on disk, and on a fresh install (an empty numba cache too: the one-time compile).

Run: ``.venv/bin/python benchmarks/bench_exact.py [--runs N] [--skip-start]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
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


def chart_process_seconds(numba_cache: str, rules: str) -> float:
    """Wall time of ``twentyone chart`` for rules whose chart is not on disk yet."""
    with tempfile.TemporaryDirectory() as charts:
        env = os.environ | {"NUMBA_CACHE_DIR": numba_cache, "TWENTYONE_CACHE_DIR": charts}
        cli = os.path.join(os.path.dirname(sys.executable), "twentyone")
        start = time.perf_counter()
        subprocess.run([cli, "chart", "--rules", "six-deck-s17", "--set", rules], env=env,
                       check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-start", action="store_true", help="Skip the process timings.")
    args = parser.parse_args()
    runs = args.runs
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
    if args.skip_start:
        return
    with tempfile.TemporaryDirectory() as numba_cache:
        fresh = chart_process_seconds(numba_cache, "decks=4")
        warm = statistics.median(chart_process_seconds(numba_cache, f"decks={d}")
                                 for d in (1, 2, 3, 5, 7)[:max(runs, 1)])
    print(f"{'twentyone chart, a new rule set (process)':<60}{warm:9.4f} s (median of "
          f"{min(max(runs, 1), 5)}; target < 5 s)")
    print(f"{'twentyone chart, first ever on a fresh install (process)':<60}{fresh:9.4f} s")


if __name__ == "__main__":
    main()
