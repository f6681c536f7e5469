"""Environment speed: steps per second of Gymnasium's ``Blackjack-v1``, our single-table
``twentyone/Blackjack-v0`` (the full engine behind it) and our compiled vector of tables, on one
core, each with a random legal policy. Run:

    .venv/bin/python benchmarks/bench_envs.py [--steps N] [--repeats K] [--envs E]

The three take turns, K runs each, with the same number of steps for both single envs, each
timed by the CPU time it used (a shared machine's other jobs do not count); prints the median of
each and the ratios to ``Blackjack-v1``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import gymnasium
import numpy as np

import twentyone.envs  # noqa: F401
from twentyone.engine import native
from twentyone.envs.vector import BlackjackVectorEnv


def single(env_id: str, steps: int, seed: int, **kwargs: Any) -> float:
    env = gymnasium.make(env_id, **kwargs)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    start = time.process_time()
    for _ in range(steps):
        _, _, term, trunc, _ = env.step(int(rng.integers(2)))
        if term or trunc:
            env.reset()
    return steps / (time.process_time() - start)


def vector(n_envs: int, steps: int, seed: int) -> float:
    vec = BlackjackVectorEnv(n_envs, "six-deck-s17", actions="hit-stand")
    vec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = rng.integers(0, 2, size=(64, n_envs))
    start = time.process_time()
    rounds = max(1, steps // n_envs)
    for k in range(rounds):
        vec.step(actions[k % 64])
    return rounds * n_envs / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=50_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--envs", type=int, default=1024)
    args = parser.parse_args()
    vector(8, 100, 0)  # compile (or load) the kernel before timing
    names = ("Blackjack-v1 (gymnasium)", "twentyone/Blackjack-v0 (engine)",
             f"twentyone vector ({args.envs} tables)")
    runs: dict[str, list[float]] = {name: [] for name in names}
    for s in range(args.repeats):  # the programs take turns, so a busy spell hits them alike
        runs[names[0]].append(single("Blackjack-v1", args.steps, s))
        runs[names[1]].append(single("twentyone/Blackjack-v0", args.steps, s,
                                     observation="tuple", actions="hit-stand"))
        runs[names[2]].append(vector(args.envs, args.steps * 20, s))
    print(f"one core (CPU time), a random hit/stand policy, median of {args.repeats} runs "
          f"(the engine {'compiled' if native.compiled() else 'pure Python'}):")
    base = statistics.median(runs["Blackjack-v1 (gymnasium)"])
    for name, rates in runs.items():
        med = statistics.median(rates)
        print(f"{name:36s} median {med:12,.0f} steps/s  ({med / base:6.2f}x Blackjack-v1; "
              f"min {min(rates):,.0f}, max {max(rates):,.0f})")


if __name__ == "__main__":
    main()
