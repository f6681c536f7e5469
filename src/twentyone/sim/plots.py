"""PNG pictures of a simulation for people: EV by true count, and bankroll paths.

The EV-by-count panel is what a counter's bet ramp is built on (where the edge turns positive);
the paths show what the average hides: how far a bankroll swings, and for a progression how the
rare large losses pay for the many small wins.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only; never open a window

import matplotlib.pyplot as plt
import numpy as np

from twentyone.sim.runner import Array
from twentyone.sim.stats import SimResult


def bankroll_paths(net: Array, paths: int) -> Array:
    """Cut one stream of per-round results into ``paths`` equal runs and sum each up: rows are
    paths, columns the bankroll after each round (starting at 0)."""
    length = len(net) // paths
    runs = net[: paths * length].reshape(paths, length)
    return np.concatenate([np.zeros((paths, 1)), np.cumsum(runs, axis=1)], axis=1)


def save_plot(result: SimResult, paths: Array, file: str | Path, title: str) -> None:
    """One PNG: EV by true count (when a count was kept) beside the bankroll paths."""
    bins = result.by_true_count()
    panels = 2 if bins else 1
    fig, axes = plt.subplots(1, panels, figsize=(6 * panels, 4.5), squeeze=False)
    ax = axes[0][0]
    if bins:
        tcs = [b.true_count for b in bins]
        ev = np.array([b.ev for b in bins]) * 100
        err = np.array([b.standard_error for b in bins]) * 100 * 1.96
        ax.bar(tcs, ev, yerr=err, color=["tab:green" if e > 0 else "tab:red" for e in ev],
               capsize=2)
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_xlabel("true count at the start of the round")
        ax.set_ylabel("EV of a one-unit bet (%), 95% interval")
        twin = ax.twinx()
        twin.plot(tcs, [b.frequency * 100 for b in bins], color="tab:blue", marker=".")
        twin.set_ylabel("rounds at this count (%)", color="tab:blue")
        ax.set_title("EV and frequency by true count")
        ax = axes[0][1]
    x = np.arange(paths.shape[1])
    for row in paths:
        ax.plot(x, row, linewidth=0.7, alpha=0.8)
    mean = result.ev_per_round
    ax.plot(x, mean * x, color="black", linestyle="--",
            label=f"expected ({mean * 100:+.2f}%/round)")
    ax.set_xlabel("rounds")
    ax.set_ylabel("bankroll change (base bets)")
    ax.set_title(f"{len(paths)} bankroll paths")
    ax.legend(loc="lower left")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(file, dpi=110)
    plt.close(fig)
