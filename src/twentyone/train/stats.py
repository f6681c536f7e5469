"""A profile's progress: accuracy and speed per drill over time, the strategy cells most
missed (as a heatmap on the chart's own grid), and what the measured mistakes cost per hand.

The figures are computed from the stored answers only, so they are the same whichever front end
recorded them. ``ev_per_hand`` is the mean ``ev_cost`` over every strategy answer (right ones
cost nothing against the chart), in units of the initial bet: the edge this player gives away
on top of the house's edge, as measured.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from twentyone.train.store import Answer, Store

STRATEGY_DRILLS = ("strategy", "strategy-thumb")
UPS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")
#: The chart's rows as the heatmap draws them: (table, row label) per row.
ROWS = ([("hard", str(t)) for t in range(5, 21)] + [("soft", str(t)) for t in range(13, 21)]
        + [("pair", p) for p in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")])


@dataclass
class DrillStats:
    answers: int
    correct: int
    mean_seconds: float | None
    #: Per day (ISO date): answers, accuracy, mean seconds.
    days: dict[str, tuple[int, float, float | None]]

    @property
    def accuracy(self) -> float:
        return self.correct / self.answers if self.answers else 0.0


def _mean(xs: list[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None


def drill_stats(answers: list[Answer]) -> dict[str, DrillStats]:
    by_drill: dict[str, list[Answer]] = defaultdict(list)
    for a in answers:
        by_drill[a.drill].append(a)
    out = {}
    for drill, rows in sorted(by_drill.items()):
        days: dict[str, list[Answer]] = defaultdict(list)
        for a in rows:
            days[a.at.date().isoformat()].append(a)
        out[drill] = DrillStats(
            len(rows), sum(a.correct for a in rows),
            _mean([a.seconds for a in rows if a.seconds is not None]),
            {d: (len(rs), sum(a.correct for a in rs) / len(rs),
                 _mean([a.seconds for a in rs if a.seconds is not None]))
             for d, rs in sorted(days.items())})
    return out


def missed_cells(answers: list[Answer]) -> dict[str, tuple[int, int]]:
    """Strategy cells by key ("hard 16 v 10"): (misses, answers), most missed first."""
    cells: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for a in answers:
        if a.drill in STRATEGY_DRILLS:
            cells[a.key][0] += not a.correct
            cells[a.key][1] += 1
    ranked = sorted(cells.items(), key=lambda kv: (-kv[1][0], kv[0]))
    return {k: (m, n) for k, (m, n) in ranked}


def ev_per_hand(answers: list[Answer]) -> float | None:
    """The mean EV the strategy answers cost, per hand (None with no strategy answers)."""
    costs = [a.ev_cost for a in answers if a.drill in STRATEGY_DRILLS and a.ev_cost is not None]
    return _mean([max(c, 0.0) for c in costs])


def report(store: Store) -> dict[str, Any]:
    """Everything ``twentyone train stats --json`` prints."""
    answers = list(store.answers())
    return {
        "answers": len(answers),
        "drills": {d: {"answers": s.answers, "accuracy": s.accuracy,
                       "mean_seconds": s.mean_seconds,
                       "days": {day: {"answers": n, "accuracy": acc, "mean_seconds": secs}
                                for day, (n, acc, secs) in s.days.items()}}
                   for d, s in drill_stats(answers).items()},
        "missed_cells": [{"cell": k, "misses": m, "answers": n}
                         for k, (m, n) in missed_cells(answers).items() if m][:15],
        "ev_per_hand": ev_per_hand(answers),
    }


def heat_grid(cells: dict[str, tuple[int, int]]) -> list[list[float]]:
    """Miss counts on the chart's grid: one row per ``ROWS`` entry, one column per up card."""
    grid = [[0.0] * len(UPS) for _ in ROWS]
    index = {f"{t} {r}": i for i, (t, r) in enumerate(ROWS)}
    for key, (misses, _n) in cells.items():
        hand, _, up = key.partition(" v ")
        row = index.get(hand)
        if row is not None and up in UPS:
            grid[row][UPS.index(up)] = float(misses)
    return grid


def plot(store: Store, path: str) -> None:
    """Accuracy per drill over time, and the most-missed strategy cells as a heatmap."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    answers = list(store.answers())
    stats = drill_stats(answers)
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(13, 7),
                                   gridspec_kw={"width_ratios": [1.2, 1]})
    for drill, s in stats.items():
        days = list(s.days)
        ax1.plot(days, [s.days[d][1] for d in days], marker="o", label=drill)
    ax1.set_ylim(0, 1.05)
    ax1.set_ylabel("accuracy")
    ax1.set_title("Accuracy per drill, by day")
    if stats:
        ax1.legend(fontsize="small")
    ax1.tick_params(axis="x", rotation=45)
    grid = heat_grid(missed_cells(answers))
    ax2.imshow(grid, cmap="Reds", aspect="auto")
    ax2.set_xticks(range(len(UPS)), UPS)
    ax2.set_yticks(range(len(ROWS)), [f"{t} {r}" for t, r in ROWS], fontsize=7)
    ax2.set_xlabel("dealer's up card")
    cost = ev_per_hand(answers)
    ax2.set_title("Strategy misses" + (f" (costing {cost:.4f} a hand)" if cost else ""))
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
