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
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path

import numpy as np

from twentyone.sim import kernel as K
from twentyone.sim.stats import CountBin, Desirability

#: The highest true count the simulator bins apart (``by_true_count``'s top bin holds the rest).
TOP_COUNT = K.TC_MIN + K.TC_BINS - 1

#: How finely the Kelly scale is searched (log-spaced multipliers).
SCALES = 400
#: The simple ramp reaches its top bet at this true count, from one unit at +1.
SIMPLE_TOP_COUNT = 5
#: A count is bet up only where its measured advantage is this many standard errors above
#: nothing: at fewer, an advantage seen is as likely the sampling's as the game's (at the
#: least rounds ``ramp`` takes, true count -1 once measured +0.1% and was bet 5 units).
SIGNIFICANT = 2.0


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
    #: Counts that measured an advantage the ramp does not bet on (``bet_counts``): one unit.
    unsure: tuple[int, ...] = ()
    #: Counts bet up on an advantage within ``SIGNIFICANT`` standard errors of none.
    rough: tuple[int, ...] = ()

    @property
    def sim_ramp(self) -> str:
        """The ramp as ``sim --ramp`` takes it (count:units where the bet changes, from the
        first count above one unit), so the simulator can play it. The simulator bets a step's
        units from its count up to the next step's, so a count back at one unit after a higher
        bet is a step too."""
        out, last = [], 1.0
        if self.units:
            # The top count's bin holds every count above it: no step back down beyond it.
            for t in range(min(self.units), min(max(self.units) + 1, TOP_COUNT) + 1):
                u = self.units.get(t, 1.0)
                if u != last:
                    out.append(f"{t}:{u:g}")
                    last = u
        return ",".join(out) or "0:1"

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "units": {str(k): v for k, v in self.units.items()},
                "sim_ramp": self.sim_ramp,
                "ev": self.ev, "sd": self.sd, "bank_units": self.bank,
                "win_per_100_at_ror": self.win_per_100,
                "unsure_counts": list(self.unsure), "rough_counts": list(self.rough),
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


def edge_shown(b: CountBin) -> bool:
    """Whether a count's measured advantage is above nothing by more than its own error."""
    return b.ev > SIGNIFICANT * b.standard_error and b.sd > 0


def bet_counts(bins: Sequence[CountBin]) -> set[int]:
    """The counts a ramp may bet up: every count from the first one, counting up from the
    commonest count, whose advantage is shown beyond its error. The advantage rises with the
    count, so an edge measured below that (true count -1 at +0.1%, -8 from fifty rounds) is
    the sampling's, however it measured."""
    if not bins:
        return set()
    common = max(bins, key=lambda b: b.rounds).true_count
    shown = [b.true_count for b in bins if b.true_count >= common and edge_shown(b)]
    if not shown:
        return set()
    start = min(shown)
    return {b.true_count for b in bins if b.true_count >= start and b.sd > 0}


def rising(bins: Sequence[CountBin], counts: set[int]) -> dict[int, float]:
    """The advantage at ``counts`` fitted to rise with the count (pooling adjacent counts that
    measured out of order, each weighed by its precision): the shape the bets follow, so one
    count measured low between two high ones is not bet down to a unit between them."""
    blocks: list[list[float]] = []  # [weighted ev sum, weight, number of counts]
    for b in sorted((b for b in bins if b.true_count in counts), key=lambda b: b.true_count):
        w = 1.0 / max(b.standard_error, 1e-12) ** 2
        blocks.append([b.ev * w, w, 1.0])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            last = blocks.pop()
            for i in range(3):
                blocks[-1][i] += last[i]
    out, ordered = {}, sorted(counts)
    at = 0
    for total, weight, n in blocks:
        for t in ordered[at:at + int(n)]:
            out[t] = total / weight
        at += int(n)
    return out


def optimal(bins: Sequence[CountBin], top: float, step: float, ror: float) -> Plan:
    """The ramp betting ``k x ev / variance`` units at each count ``bet_counts`` allows (within
    1..top, rounded to ``step``; ``ev`` as fitted to rise with the count), ``k`` chosen for the
    largest DI, the bets never falling as the count rises. The counts that measured an
    advantage not shown are named: bet one unit (``Plan.unsure``), or bet on a measurement
    within its error (``Plan.rough``), so sampling noise is never bet up without a word."""
    allowed = bet_counts(bins)
    best = _optimal(bins, allowed, top, step, ror)
    return replace(best, unsure=tuple(b.true_count for b in bins
                                      if b.ev > 0 and b.true_count not in allowed),
                   rough=tuple(b.true_count for b in bins
                               if b.true_count in allowed and not edge_shown(b)
                               and best.units.get(b.true_count, 1.0) > 1))


def _optimal(bins: Sequence[CountBin], allowed: set[int], top: float, step: float, ror: float
             ) -> Plan:
    edge = rising(bins, allowed)
    kelly = {b.true_count: edge[b.true_count] / (b.sd ** 2 + edge[b.true_count] ** 2)
             for b in bins if b.true_count in allowed and edge[b.true_count] > 0}
    best: Plan | None = None
    if kelly:
        low = 1.0 / max(kelly.values())
        for k in np.geomspace(low / 4, low * top * 4, SCALES):
            units, bet = {}, 1.0
            for t in sorted(kelly):  # never less than at a lower count
                bet = max(bet, _round(float(k) * kelly[t], step, top))
                units[t] = bet
            plan = evaluate("optimal", bins, units, ror)
            if best is None or (plan.worth and best.worth and plan.worth.di > best.worth.di):
                best = plan
    if best is None:
        return evaluate("optimal", bins, {}, ror)
    return _refine(bins, best, allowed, top, step, ror)


def _di(plan: Plan) -> float:
    return plan.worth.di if plan.worth is not None else -math.inf


def _refine(bins: Sequence[CountBin], plan: Plan, allowed: set[int], top: float, step: float,
            ror: float) -> Plan:
    """Step each count's bet up or down by the betting unit while that raises the DI and the
    bets still rise with the count. DI is EV (linear in the bets) over SD (the root of a convex
    quadratic), so where it is positive its level sets are convex: the climb ends at a ramp no
    one count's step improves, better than one merely good for its Kelly shape."""
    counts = sorted(allowed)

    def rises(units: dict[int, float]) -> bool:
        bets = [units.get(t, 1.0) for t in counts]
        return all(a <= b for a, b in pairwise(bets))

    better = True
    while better:
        better = False
        for t in counts:
            for delta in (step, -step):
                units = dict(plan.units)
                units[t] = _round(units.get(t, 1.0) + delta, step, top)
                if not rises(units):
                    continue
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
    # Each count's rounds are those from it up to the next (the count floored): the bars span
    # that stretch, the advantage sits in its middle, and the bets step at its ends.
    ax.bar(tcs, [b.frequency * 100 for b in bins], width=0.9, align="edge",
           color="lightsteelblue", label="rounds at this count (%)")
    ax.set_xlabel("true count (each bar: from its count up to the next)")
    ax.set_ylabel("rounds at this count (%)", color="steelblue")
    twin = ax.twinx()
    twin.errorbar([t + 0.45 for t in tcs], ev, yerr=err, color="black", marker="o", capsize=2,
                  label="advantage of a one-unit bet (%)")
    twin.axhline(0, color="grey", linewidth=0.8)
    twin.set_ylabel("player's advantage (%), 95% interval")
    ax.set_title("Advantage and frequency by true count")
    # The bet at count t is made from t up to t + 1 (the count floored), so the steps are
    # drawn where the bets change: at whole counts, each held to the next.
    edges = [*tcs, tcs[-1] + 1]
    bets = [plan.units.get(t, 1.0) for t in tcs]
    bx.step(edges, [*bets, bets[-1]], where="post", color="tab:green")
    for n, t in enumerate(plan.unsure):
        bx.axvspan(t, t + 1, color="khaki", alpha=0.5, linewidth=0,
                   label="an edge measured, not shown: one unit" if n == 0 else None)
    if plan.unsure:
        bx.legend(loc="upper left", fontsize=8)
    bx.set_xlabel("true count (a bet holds from its count to the next)")
    bx.set_ylabel("bet (units)")
    worth = plan.worth
    bx.set_title("Optimal ramp" + (f": SCORE {worth.score:.1f}, DI {worth.di:.2f}"
                                   if worth else ""))
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(file, dpi=110)
    plt.close(fig)
