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


#: Rounds per session in the session-result histogram of ``save_progression_plot``.
SESSION_ROUNDS = 200


def save_progression_plot(result: SimResult, flat_net: Array, prog_net: Array, paths: int,
                          file: str | Path, title: str, mode: str) -> None:
    """One PNG for the gambler's fallacy
    (docs/strategy.md#betting-systems-and-the-gamblers-fallacy): a progression's bankroll paths
    beside flat betting's on the same cards (the bet changes no card dealt), on one scale, and
    what sessions of ``SESSION_ROUNDS`` rounds end with for each. The expected lines are the
    edge per unit bet (``result``'s, the progression's own) times the average bet: the same
    edge, a larger bet."""
    edge = result.ev_per_initial_bet
    fig, axes = plt.subplots(1, 3, figsize=(17, 5),
                             gridspec_kw={"width_ratios": [1.2, 1.2, 1]})
    runs = [("flat betting", bankroll_paths(flat_net, paths), 1.0),
            (f"{mode} ({result.mean_bet:.2f} base bets a round on average)",
             bankroll_paths(prog_net, paths), result.mean_bet)]
    low = min(float(p.min()) for _, p, _ in runs)
    high = max(float(p.max()) for _, p, _ in runs)
    pad = 0.05 * (high - low or 1.0)
    for ax, (name, p, bet) in zip(axes[:2], runs, strict=True):
        x = np.arange(p.shape[1])
        for row in p:
            ax.plot(x, row, linewidth=0.7, alpha=0.8)
        ax.plot(x, edge * bet * x, color="black", linestyle="--",
                label=f"expected: {edge * 100:+.2f}% of {bet:.2f} bets a round")
        ax.set_ylim(low - pad, high + pad)
        ax.set_xlabel("rounds")
        ax.set_ylabel("bankroll change (base bets)")
        ax.set_title(f"{len(p)} bankroll paths, {name}", fontsize=10)
        ax.legend(loc="lower left", fontsize=8)
    ax = axes[2]
    sessions = len(flat_net) // SESSION_ROUNDS
    ends = [net[: sessions * SESSION_ROUNDS].reshape(sessions, SESSION_ROUNDS).sum(axis=1)
            for net in (flat_net, prog_net)]
    lo = float(min(e.min() for e in ends))
    hi = float(max(e.max() for e in ends))
    bins = np.linspace(lo, hi, 60)
    for e, name, colour in zip(ends, ("flat", mode), ("tab:blue", "tab:red"), strict=True):
        won = float((e > 0).mean()) * 100
        ax.hist(e, bins=bins, alpha=0.55, color=colour,
                label=f"{name}: ahead in {won:.0f}% of sessions, mean {e.mean():+.1f}")
    ax.set_yscale("log")
    ax.set_xlabel(f"result of a {SESSION_ROUNDS}-round session (base bets)")
    ax.set_ylabel("sessions")
    ax.set_title(f"{sessions} sessions of {SESSION_ROUNDS} rounds", fontsize=10)
    ax.legend(loc="upper left", fontsize=8)
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(file, dpi=110)
    plt.close(fig)
