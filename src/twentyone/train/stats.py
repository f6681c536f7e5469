"""A profile's progress: accuracy and speed per drill over time (by day and by session), the
strategy cells most missed (as a heatmap on the chart's own grid), what the measured mistakes
cost per hand, and the sessions played at the table with the coach (kept by ``train.coach``).

The figures are computed from the stored answers only, so they are the same whichever front end
recorded them.

``ev_per_hand`` is what the player's strategy answers give away per hand dealt, in units of the
initial bet, on top of the house's edge: each chart cell's mean cost over its answers (a right
answer costs nothing), weighted by how often that cell is dealt (``cell_weights``). The weighting
matters because the drill deals the cells a player misses more often than a shoe would; a plain
mean over the answers would charge a player for practising their weak spots. Only cells the
player has answered count (``ev_coverage`` says what share of dealt hands they make up).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import TYPE_CHECKING, Any

from twentyone.money import dollars
from twentyone.strategy.chart import cell
from twentyone.train.store import Answer, Store

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

STRATEGY_DRILLS = ("strategy", "strategy-thumb")
UPS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")
#: The chart's rows as the heatmap draws them: (table, row label) per row.
ROWS = ([("hard", str(t)) for t in range(5, 21)] + [("soft", str(t)) for t in range(13, 21)]
        + [("pair", p) for p in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")])


@dataclass(frozen=True)
class Period:
    """A drill's answers in one day or one session: how many, how right, how fast."""

    start: datetime
    answers: int
    accuracy: float
    mean_seconds: float | None


@dataclass
class DrillStats:
    answers: int
    correct: int
    mean_seconds: float | None
    #: Per day (ISO date).
    days: dict[str, Period]
    #: Per session, in the order they began.
    sessions: dict[str, Period]

    @property
    def accuracy(self) -> float:
        return self.correct / self.answers if self.answers else 0.0


#: The longest an answer may take and still count towards the seconds per answer: past an hour
#: the trainee was away, and a damaged or hand-edited profile's ``1e308`` would make every mean
#: infinite (and the speed plot's axis impossible to draw).
MAX_SECONDS = 3600.0


def _mean(xs: list[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None


def _speeds(rows: list[Answer]) -> list[float]:
    """The answers' seconds that say how fast the trainee was (``MAX_SECONDS``)."""
    return [a.seconds for a in rows if a.seconds is not None and 0 <= a.seconds <= MAX_SECONDS]


def _period(rows: list[Answer]) -> Period:
    return Period(min(a.at for a in rows), len(rows), sum(a.correct for a in rows) / len(rows),
                  _mean(_speeds(rows)))


def drill_stats(answers: list[Answer]) -> dict[str, DrillStats]:
    by_drill: dict[str, list[Answer]] = defaultdict(list)
    for a in answers:
        by_drill[a.drill].append(a)
    out = {}
    for drill, rows in sorted(by_drill.items()):
        days: dict[str, list[Answer]] = defaultdict(list)
        sessions: dict[str, list[Answer]] = defaultdict(list)
        for a in rows:
            days[a.at.date().isoformat()].append(a)
            sessions[a.session].append(a)
        by_start = sorted(sessions.items(), key=lambda kv: min(a.at for a in kv[1]))
        out[drill] = DrillStats(
            len(rows), sum(a.correct for a in rows),
            _mean(_speeds(rows)),
            {d: _period(rs) for d, rs in sorted(days.items())},
            {s: _period(rs) for s, rs in by_start})
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


@cache
def cell_weights() -> dict[str, float]:
    """How often each chart cell is dealt: two cards and the dealer's up card from a shoe of
    thirteen equally likely ranks (a pair is two of the same rank), naturals left out since
    they are paid, not played. The weights of all cells sum to one."""
    weights: dict[str, float] = defaultdict(float)
    values = [min(r, 10) for r in range(1, 14)]
    for a, va in enumerate(values):
        for b, vb in enumerate(values):
            if sorted((va, vb)) == [1, 10]:
                continue
            for up in values:
                weights[cell([va, vb], up, can_split=a == b)] += 1.0
    total = sum(weights.values())
    return {k: w / total for k, w in weights.items()}


def _cell_costs(costs: Iterable[tuple[str, float]]) -> dict[str, float]:
    """Each strategy cell's mean cost per answer, in bets, from (cell, cost) pairs."""
    by_cell: dict[str, list[float]] = defaultdict(list)
    for key, cost in costs:
        by_cell[key].append(max(cost, 0.0))
    return {k: sum(v) / len(v) for k, v in by_cell.items()}


def strategy_costs(answers: Iterable[Answer]) -> list[tuple[str, float]]:
    """The (cell, EV cost) of each stored strategy answer; a right answer costs nothing, even
    one stored with a cost (answers graded before a composition-dependent exception's exact
    best play counted as right, and the chart's play there, priced against it)."""
    return [(a.key, 0.0 if a.correct else a.ev_cost) for a in answers
            if a.drill in STRATEGY_DRILLS and a.ev_cost is not None]


def cost_per_hand(costs: Iterable[tuple[str, float]]) -> float | None:
    """The EV the strategy answers give away per hand dealt (see the module docstring), from
    (cell, cost) pairs: a session's own answers (the drill's summary) or a profile's (``train
    stats``), the same quantity either way; None with no strategy answers."""
    by_cell = _cell_costs(costs)
    weights = cell_weights()
    measured = sum(weights.get(k, 0.0) for k in by_cell)
    if not measured:
        return None
    return sum(weights.get(k, 0.0) * c for k, c in by_cell.items()) / measured


def coverage(costs: Iterable[tuple[str, float]]) -> float:
    """The share of hands dealt whose chart cell is among ``costs``."""
    weights = cell_weights()
    return sum(weights.get(k, 0.0) for k in _cell_costs(costs))


def ev_per_hand(answers: list[Answer]) -> float | None:
    """``cost_per_hand`` of a profile's stored answers."""
    return cost_per_hand(strategy_costs(answers))


def ev_coverage(answers: list[Answer]) -> float:
    """The share of hands dealt whose chart cell the player has answered."""
    return coverage(strategy_costs(answers))


#: The cells of one drill listed as due: the soonest, so a page stays short.
DUE_LISTED = 12


def due_report(store: Store, now: datetime) -> dict[str, Any]:
    """What the schedule (FSRS) brings back, per drill: how many cells are due now, when the
    next one is due after that, and the soonest cells with their times. Practising the drill
    with the profile asks the due cells first."""
    drills: dict[str, Any] = {}
    for drill, key, due in store.schedule():
        d = drills.setdefault(drill, {"due_now": 0, "next": None, "cells": []})
        if due <= now:
            d["due_now"] += 1
        elif d["next"] is None:
            d["next"] = due.isoformat()
        if len(d["cells"]) < DUE_LISTED:
            d["cells"].append({"cell": key, "due": due.isoformat(), "now": due <= now})
    return {"now": sum(d["due_now"] for d in drills.values()), "drills": drills}


def report(store: Store, now: datetime | None = None) -> dict[str, Any]:
    """Everything ``twentyone train stats --json`` prints: ``due`` is as of ``now`` (default:
    this moment)."""
    answers = list(store.answers())

    def period(p: Period) -> dict[str, Any]:
        return {"start": p.start.isoformat(), "answers": p.answers, "accuracy": p.accuracy,
                "mean_seconds": p.mean_seconds}

    return {
        "answers": len(answers),
        "drills": {d: {"answers": s.answers, "accuracy": s.accuracy,
                       "mean_seconds": s.mean_seconds,
                       "days": {day: period(p) for day, p in s.days.items()},
                       "sessions": [{"session": k, **period(p)} for k, p in s.sessions.items()]}
                   for d, s in drill_stats(answers).items()},
        "missed_cells": [{"cell": k, "misses": m, "answers": n}
                         for k, (m, n) in missed_cells(answers).items() if m][:15],
        "ev_per_hand": ev_per_hand(answers),
        "ev_coverage": ev_coverage(answers),
        "heat": {"rows": [f"{t} {r}" for t, r in ROWS], "ups": list(UPS),
                 "cells": {k: {"misses": m, "answers": n}
                           for k, (m, n) in missed_cells(answers).items()}},
        "due": due_report(store, now or datetime.now().astimezone()),
        "table": store.table_sessions(),
    }


def heat_grid(cells: dict[str, tuple[int, int]]) -> list[list[float]]:
    """Miss rates on the chart's grid (one row per ``ROWS`` entry, one column per up card);
    NaN where the cell has not been answered, so the map tells "never seen" from "never
    missed"."""
    grid = [[math.nan] * len(UPS) for _ in ROWS]
    index = {f"{t} {r}": i for i, (t, r) in enumerate(ROWS)}
    for key, (misses, n) in cells.items():
        hand, _, up = key.partition(" v ")
        row = index.get(hand)
        if row is not None and up in UPS and n:
            grid[row][UPS.index(up)] = misses / n
    return grid


#: The least margin either side of the sessions on the progress plots' time axis, in days.
PAD_DAYS = 1 / 48


def time_limits(days: list[float]) -> tuple[float, float]:
    """The progress plots' time axis for sessions starting at ``days``: a margin of a twentieth
    of their span and at least ``PAD_DAYS`` either side (one session alone would otherwise span
    years, matplotlib's default, or a whole day at a fixed half-day pad), and never past the
    years matplotlib can draw (``DRAWN_DAYS``)."""
    pad = max(PAD_DAYS, (max(days) - min(days)) * 0.05)
    return max(DRAWN_DAYS[0], min(days) - pad), min(DRAWN_DAYS[1], max(days) + pad)


def _day_number(t: datetime) -> float:
    """A moment as matplotlib's dates count it: days since 1970-01-01 UTC."""
    return t.timestamp() / 86400


#: The days matplotlib's dates can show (the years 1 to 9999), a day inside each end. A session
#: dated outside them (a profile's clock gone wrong, a hand-edited file) is left off the plots.
DRAWN_DAYS = (_day_number(datetime(1, 1, 2, tzinfo=UTC)),
              _day_number(datetime(9999, 12, 30, tzinfo=UTC)))


def _drawn(t: datetime) -> float | None:
    """``t`` as a day number if the plots can show it, else None."""
    try:
        day = _day_number(t)
    except (OverflowError, ValueError, OSError):  # a naive date at the calendar's ends
        return None
    return day if DRAWN_DAYS[0] <= day <= DRAWN_DAYS[1] else None


@dataclass(frozen=True)
class TablePoint:
    """One session at the table as the progress plot draws it: when it was kept (a day number,
    ``_day_number``), the percentage of plays the coach judged right and of count checks
    answered right (None where there were none), and the net in cents."""

    day: float
    plays_right: float | None
    checks_right: float | None
    net: int


def _count(value: object) -> int:
    """A statistic as kept in the profile: a whole number, or 0 for anything else (a row
    written by hand, or by another program)."""
    return value if type(value) is int else 0


def table_points(sessions: list[dict[str, Any]]) -> list[TablePoint]:
    """The sessions at the table (``Store.table_sessions``, oldest first) as points of the
    progress plot; one dated where the plot cannot draw it is left off."""
    out = []
    for t in sessions:
        day = _drawn(datetime.fromisoformat(str(t["at"])))
        if day is None:
            continue
        decisions, checks = _count(t.get("decisions")), _count(t.get("checks"))
        mistakes, right = _count(t.get("mistakes")), _count(t.get("checks_right"))
        out.append(TablePoint(day, 100 * (decisions - mistakes) / decisions if decisions else None,
                              100 * right / checks if checks else None,
                              _count(t.get("net"))))
    return out


def plot(store: Store, path: str) -> None:
    """The progress plot (``figure``) written to ``path`` as a PNG."""
    import matplotlib.pyplot as plt

    fig = figure(store)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def figure(store: Store) -> Figure:
    """Accuracy and seconds per answer for each drill, session by session; the sessions at the
    table with the coach (the plays judged right, the count checks right, the net of each);
    the strategy cells on the chart's grid coloured by how often they are missed
    (misses/answers written in); and what the mistakes cost per hand."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.dates as mdates
    import matplotlib.pyplot as plt

    answers = list(store.answers())
    stats = drill_stats(answers)
    fig = plt.figure(figsize=(15, 12))
    grid_spec = fig.add_gridspec(3, 2, width_ratios=[1.25, 1], hspace=0.45, wspace=0.25,
                                 bottom=0.08, top=0.92)
    acc, speed = fig.add_subplot(grid_spec[0, 0]), fig.add_subplot(grid_spec[1, 0])
    table = fig.add_subplot(grid_spec[2, 0])
    heat = fig.add_subplot(grid_spec[:, 1])
    for drill, s in stats.items():
        sessions = [(day, p) for p in s.sessions.values() if (day := _drawn(p.start)) is not None]
        acc.plot([day for day, _ in sessions],
                 [100 * p.accuracy for _, p in sessions], marker="o", label=drill)
        timed = [(day, p.mean_seconds) for day, p in sessions if p.mean_seconds is not None]
        speed.plot([x for x, _ in timed], [t for _, t in timed], marker="o", label=drill)
    days = [day for st in stats.values() for p in st.sessions.values()
            if (day := _drawn(p.start)) is not None]
    points = table_points(store.table_sessions())
    _table_play(table, points)
    for ax, when in ((acc, days), (speed, days), (table, [p.day for p in points])):
        if when:
            ax.set_xlim(*time_limits(when))
        locator = mdates.AutoDateLocator()  # type: ignore[no-untyped-call]
        ax.xaxis.set_major_locator(locator)
        ax.xaxis.set_major_formatter(
            mdates.ConciseDateFormatter(locator))  # type: ignore[no-untyped-call]
        ax.grid(alpha=0.3)
    acc.set_ylim(0, 108)  # room above 100% for the marker
    acc.set_ylabel("% right")
    acc.set_title("Accuracy per drill, one point a session")
    times = [p.mean_seconds for st in stats.values() for p in st.sessions.values()
             if p.mean_seconds is not None]
    # The slowest session's marker inside the frame, not cut by its top edge.
    speed.set_ylim(0, max(times) * 1.15 if times and max(times) > 0 else 1)
    speed.set_ylabel("seconds per answer")
    speed.set_title("Speed per drill, one point a session")
    if stats:
        acc.legend(fontsize="small", loc="lower right")
        speed.legend(fontsize="small", loc="lower left")
    cells = missed_cells(answers)
    rates = heat_grid(cells)
    cmap = matplotlib.colormaps["Reds"].with_extremes(bad="#eeeeee")
    heat.imshow(rates, cmap=cmap, vmin=0, vmax=1, aspect="auto")
    index = {f"{t} {r}": i for i, (t, r) in enumerate(ROWS)}
    for key, (misses, n) in cells.items():
        hand, _, up = key.partition(" v ")
        if hand in index and up in UPS:
            heat.text(UPS.index(up), index[hand], f"{misses}/{n}", ha="center", va="center",
                      fontsize=7, color="white" if misses / n > 0.5 else "black")
    heat.set_xticks(range(len(UPS)), UPS)
    heat.set_yticks(range(len(ROWS)), [f"{t} {r}" for t, r in ROWS], fontsize=7)
    heat.set_xlabel("dealer's up card")
    heat.set_title("Strategy cells: misses / answers (grey: not yet dealt)")
    cost = ev_per_hand(answers)
    if cost is not None:
        # Dollar signs escaped: matplotlib reads $...$ as mathematics.
        fig.text(0.5, 0.02, f"Your strategy mistakes cost {cost:.4f} of a bet per hand "
                 f"(\\${cost * 100:.2f} per \\$100 bet), measured over the hands you have "
                 f"practised ({ev_coverage(answers):.0%} of the hands a shoe deals).",
                 ha="center", fontsize=11, weight="bold", color="#b71c1c")
    fig.suptitle(f"Training progress: {store.path.stem}, {len(answers)} answers",
                 fontsize=14, weight="bold")
    return fig


def _table_play(ax: Axes, points: list[TablePoint]) -> None:
    """The sessions at the table on ``ax``: the plays judged right and the count checks right,
    each session's net written above its point."""
    ax.set_title("Table play with the coach, one point a session")
    ax.set_ylim(0, 118)  # room above 100% for the net written over the points
    ax.set_ylabel("% right")
    if not points:
        ax.text(0.5, 0.5, "No sessions at the table yet: twentyone play --profile NAME",
                ha="center", va="center", transform=ax.transAxes, color="#666666")
        return
    for label, of in (("plays as the coach advised", "plays_right"),
                      ("count checks right", "checks_right")):
        shown = [(p.day, y) for p in points if (y := getattr(p, of)) is not None]
        if shown:
            ax.plot([d for d, _ in shown], [y for _, y in shown], marker="o", label=label)
    if ax.get_lines():
        ax.legend(fontsize="small", loc="lower left")
    for p in points:
        sign = "+" if p.net > 0 else "-" if p.net < 0 else ""
        # Dollar signs escaped: matplotlib reads $...$ as mathematics.
        ax.annotate("net " + sign + dollars(abs(p.net)).replace("$", "\\$"),
                    (p.day, p.plays_right if p.plays_right is not None else p.checks_right or 0),
                    textcoords="offset points", xytext=(0, 7), ha="center", fontsize=8)
