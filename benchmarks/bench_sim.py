"""Simulator speed: rounds per second on one core and on two, and the compile/cache start times.

The issue's targets, for ``six-deck-s17``, flat bets, basic strategy, one seat: at least four
million rounds per second on one core, at least 1.8 times that on two; a first run including
compilation under 5 s and a cached start under 1 s. Run:

    .venv/bin/python benchmarks/bench_sim.py [--rounds N] [--repeats K] [--skip-start]

Throughput is the median of K runs (the machine is shared, so single runs are noisy). Start
times run a fresh interpreter that simulates 1,000 rounds playing the basic strategy chart: with
an empty numba cache and the chart already on disk (the kernel's compile), with both caches
empty as on a fresh install (the solver's compile and the chart's solve too), and with the
caches those runs left (loading).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from twentyone.rules import PRESETS
from twentyone.sim import Player, SimSpec, simulate
from twentyone.strategy import basic_chart

TARGET_ONE_CORE = 4_000_000
TARGET_SCALING = 1.8

START_SCRIPT = """
from twentyone.rules import PRESETS
from twentyone.sim import Player, SimSpec, simulate
from twentyone.strategy import basic_chart
rules = PRESETS["six-deck-s17"]
simulate(SimSpec(rules, Player(basic_chart(rules))), 1000, seed=1, workers=1)
"""


def start_seconds(numba_cache: str, chart_cache: str) -> float:
    """Wall time of a fresh interpreter importing twentyone and simulating 1,000 rounds."""
    env = os.environ | {"NUMBA_CACHE_DIR": numba_cache, "TWENTYONE_CACHE_DIR": chart_cache}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", START_SCRIPT], env=env, check=True)
    return time.perf_counter() - start


def throughput(spec: SimSpec, rounds: int, workers: int, repeats: int) -> list[float]:
    return [(lambda r: r.rounds / r.seconds)(simulate(spec, rounds, seed=s, workers=workers))
            for s in range(repeats)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=16_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--skip-start", action="store_true", help="Skip the start-time runs.")
    args = parser.parse_args()
    if not args.skip_start:
        with tempfile.TemporaryDirectory() as charts:
            with tempfile.TemporaryDirectory() as solver:
                start_seconds(solver, charts)  # solve the chart, so only the kernel compiles next
            with tempfile.TemporaryDirectory() as kernel:
                first = start_seconds(kernel, charts)
                cached = statistics.median(start_seconds(kernel, charts) for _ in range(3))
        with tempfile.TemporaryDirectory() as fresh_numba, \
                tempfile.TemporaryDirectory() as fresh_charts:
            fresh = start_seconds(fresh_numba, fresh_charts)
        print(f"first run, compiling the kernel:        {first:5.2f} s   target < 5 s")
        print(f"first run on a fresh install (+ chart): {fresh:5.2f} s")
        print(f"cached start (median of 3):             {cached:5.2f} s   target < 1 s")
    rules = PRESETS["six-deck-s17"]
    spec = SimSpec(rules, Player(basic_chart(rules)))
    simulate(spec, 1000)  # compile or load the kernel before timing
    one = throughput(spec, args.rounds, 1, args.repeats)
    two = throughput(spec, args.rounds, 2, args.repeats)
    m1, m2 = statistics.median(one), statistics.median(two)
    print(f"one core:  median {m1:12,.0f} rounds/s  (runs: "
          f"{', '.join(f'{x / 1e6:.2f}M' for x in one)})  target {TARGET_ONE_CORE:,}")
    print(f"two cores: median {m2:12,.0f} rounds/s  (runs: "
          f"{', '.join(f'{x / 1e6:.2f}M' for x in two)})  {m2 / m1:.2f}x one core, "
          f"target {TARGET_SCALING}x")


if __name__ == "__main__":
    main()
