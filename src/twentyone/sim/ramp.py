"""The optimal bet ramp for a counted game, and what it earns (docs/strategy.md#optimal-bets).

A flat-betting simulation with the count kept measures, for each true count (floored, as the
simulator bins it), how often it comes up and the EV and SD of a one-unit bet there. Rounds are
then independent enough that any ramp's EV and variance per round follow from those figures:
EV = sum f b ev, variance = sum f b^2 (sd^2 + ev^2) - EV^2. The optimal ramp bets in proportion
to the advantage over the variance at each count (the Kelly bet; a count without an edge gets
the smallest bet), scaled so that its DI is the largest the spread allows, rounded to the
table's betting unit, then each bet stepped by a unit while that raises the DI. Its SCORE, DI
and N0 (``stats.Desirability``) are set against flat betting and a simple straight-line ramp.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from twentyone.sim.stats import CountBin, Desirability

#: How finely the Kelly scale is searched (log-spaced multipliers).
SCALES = 400
#: The simple ramp reaches its top bet at this true count, from one unit at +1.
SIMPLE_TOP_COUNT = 5


@dataclass(frozen=True)
class Plan:
    """A bet per true count and what it earns."""

    name: str
    units: dict[int, float]
    ev: float
    sd: float
    worth: Desirability | None
    #: Bank (in units) for the asked risk of ruin, playing on without end; None without an edge.
    bank: float | None
    #: Expected win per 100 rounds with a bank of 10,000 units, bets scaled to the risk of
    #: ruin (at 13.5%, the Kelly risk, this is SCORE).
    win_per_100: float

    @property
    def sim_ramp(self) -> str:
        """The ramp as ``sim --ramp`` takes it (count:units from the first count above one
        unit), so the simulator can play it."""
        steps = sorted((t, u) for t, u in self.units.items())
        out, last = [], 1.0
        for t, u in steps:
            if u != last:
                out.append(f"{t}:{u:g}")
                last = u
        return ",".join(out) or "0:1"

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "units": {str(k): v for k, v in self.units.items()},
                "sim_ramp": self.sim_ramp,
                "ev": self.ev, "sd": self.sd, "bank_units": self.bank,
                "win_per_100_at_ror": self.win_per_100,
                **(self.worth.to_json() if self.worth else {})}


def evaluate(name: str, bins: Sequence[CountBin], units: Mapping[int, float], ror: float
             ) -> Plan:
    """What betting ``units`` (one unit at a count not named) earns over ``bins``."""
    ev = second = err2 = 0.0
    rounds = sum(b.rounds for b in bins)
    for b in bins:
        u = units.get(b.true_count, 1.0)
        ev += b.frequency * u * b.ev
        second += b.frequency * u * u * (b.sd ** 2 + b.ev ** 2)
        err2 += (b.frequency * u * b.standard_error) ** 2
    sd = math.sqrt(max(second - ev * ev, 0.0))
    # The EV's own standard error: each count's, weighted; at least the whole run's.
    se = max(math.sqrt(err2), sd / math.sqrt(rounds) if rounds else 0.0)
    worth = Desirability.of(ev, sd, se)
    risk = -math.log(ror)
    bank = risk * sd * sd / (2 * ev) if ev > 0 else None
    win = (worth.score * 2 / risk) if worth is not None else 0.0
    return Plan(name, dict(units), ev, sd, worth, bank, win)


def _round(x: float, step: float, top: float) -> float:
    return float(min(top, max(1.0, round(x / step) * step)))


def optimal(bins: Sequence[CountBin], top: float, step: float, ror: float) -> Plan:
    """The ramp betting ``k x ev / variance`` units at each count with an edge (within 1..top,
    rounded to ``step``), ``k`` chosen for the largest DI."""
    kelly = {b.true_count: b.ev / (b.sd ** 2 + b.ev ** 2) for b in bins if b.ev > 0 and b.sd}
    best: Plan | None = None
    if kelly:
        low = 1.0 / max(kelly.values())
        for k in np.geomspace(low / 4, low * top * 4, SCALES):
            units = {t: _round(float(k) * v, step, top) for t, v in kelly.items()}
            plan = evaluate("optimal", bins, units, ror)
            if best is None or (plan.worth and best.worth and plan.worth.di > best.worth.di):
                best = plan
    if best is None:
        return evaluate("optimal", bins, {}, ror)
    return _refine(bins, best, top, step, ror)


def _di(plan: Plan) -> float:
    return plan.worth.di if plan.worth is not None else -math.inf


def _refine(bins: Sequence[CountBin], plan: Plan, top: float, step: float, ror: float) -> Plan:
    """Step each count's bet up or down by the betting unit while that raises the DI. DI is
    EV (linear in the bets) over SD (the root of a convex quadratic), so where it is positive
    its level sets are convex and this climb ends at the best ramp on the unit's grid, not at
    one merely good for its Kelly shape."""
    counts = [b.true_count for b in bins if b.ev > 0]
    better = True
    while better:
        better = False
        for t in counts:
            for delta in (step, -step):
                units = dict(plan.units)
                units[t] = _round(units.get(t, 1.0) + delta, step, top)
                trial = evaluate("optimal", bins, units, ror)
                if _di(trial) > _di(plan) + 1e-12:
                    plan, better = trial, True
    return plan


def simple(bins: Sequence[CountBin], top: float, step: float, ror: float) -> Plan:
    """The straight-line ramp: one unit to +1, the top bet from +5, even steps between."""
    units = {b.true_count: _round(1 + (top - 1) * (b.true_count - 1) / (SIMPLE_TOP_COUNT - 1),
                                  step, top)
             for b in bins if b.true_count > 1}
    return evaluate("straight line", bins, units, ror)


def flat(bins: Sequence[CountBin], ror: float) -> Plan:
    return evaluate("flat", bins, {}, ror)


def save_ramp_plot(bins: Sequence[CountBin], plan: Plan, file: str | Path, title: str) -> None:
    """One PNG: the advantage at each true count (95% interval) with how often each count comes
    up, and the optimal ramp's bets, as counters read a game."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tcs = [b.true_count for b in bins]
    ev = np.array([b.ev for b in bins]) * 100
    err = np.array([b.standard_error for b in bins]) * 100 * 1.96
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(12, 4.8))
    ax.bar(tcs, [b.frequency * 100 for b in bins], color="lightsteelblue",
           label="rounds at this count (%)")
    ax.set_xlabel("true count (floored)")
    ax.set_ylabel("rounds at this count (%)", color="steelblue")
    twin = ax.twinx()
    twin.errorbar(tcs, ev, yerr=err, color="black", marker="o", capsize=2,
                  label="advantage of a one-unit bet (%)")
    twin.axhline(0, color="grey", linewidth=0.8)
    twin.set_ylabel("player's advantage (%), 95% interval")
    ax.set_title("Advantage and frequency by true count")
    bx.step(tcs, [plan.units.get(t, 1.0) for t in tcs], where="mid", color="tab:green")
    bx.set_xlabel("true count (floored)")
    bx.set_ylabel("bet (units)")
    worth = plan.worth
    bx.set_title("Optimal ramp" + (f": SCORE {worth.score:.1f}, DI {worth.di:.2f}"
                                   if worth else ""))
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(file, dpi=110)
    plt.close(fig)
