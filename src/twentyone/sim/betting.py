"""How the simulated player bets: flat, a ramp by true count, back-counting, and the progressions
people try.

A progression cannot change the edge (docs/strategy.md#betting-systems-and-the-gamblers-fallacy):
each round is played with the same odds whatever came before, so a martingale or a paroli only
reshapes the risk. The simulator shows it: the EV per unit wagered of a progression matches flat
betting within its standard error, while the standard deviation and the risk of ruin change. Only
information about the cards to come (the count) moves the edge, which is what a ramp and
back-counting use.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

BET_MODES = ("flat", "ramp", "martingale", "paroli")


@dataclass(frozen=True)
class Betting:
    """Units are the base bet (the simulator's unit of money)."""

    mode: str = "flat"
    #: (true count, units) steps for ``ramp``: the bet is the units of the highest step whose
    #: count has been reached, one unit below the first step.
    ramp: tuple[tuple[float, float], ...] = ()
    #: Back-counting: sit down when the true count reaches ``enter``, leave when it falls below
    #: ``leave``. None plays every round.
    enter: float | None = None
    leave: float | None = None
    #: Largest bet a progression may reach (the table maximum over the minimum).
    max_units: float = 1000.0
    #: Paroli: wins in a row before the bet goes back to one unit.
    paroli_wins: int = 3
    #: Bankroll in units and rounds per trip for the measured risk of ruin (0: not measured).
    bankroll: float = 0.0
    trip_rounds: int = 0

    def __post_init__(self) -> None:
        # Every figure is finite and bounded, so no result comes out as NaN or infinity: a bet
        # of 1e308 units squared overflows the variance, a NaN bankroll makes the risk NaN.
        for what, x, low, high in (
                *(("a ramp count", c, -MAX_COUNT, MAX_COUNT) for c, _ in self.ramp),
                *(("a ramp bet", u, 0.0, MAX_UNITS) for _, u in self.ramp),
                ("the entry count", self.enter, -MAX_COUNT, MAX_COUNT),
                ("the exit count", self.leave, -MAX_COUNT, MAX_COUNT),
                ("max_units", self.max_units, 1.0, MAX_UNITS),
                ("the bankroll", self.bankroll, 0.0, MAX_UNITS * 1e6)):
            if x is not None and not (math.isfinite(x) and low <= x <= high):
                raise ValueError(f"{what} must be a number from {low:g} to {high:g}, not {x:g}")
        if self.mode not in BET_MODES:
            raise ValueError(f"betting must be one of {', '.join(BET_MODES)}, not {self.mode!r}")
        if self.mode == "ramp" and not self.ramp:
            raise ValueError("a ramp needs steps, e.g. --ramp 1:2,2:4,3:8")
        if any(u <= 0 for _, u in self.ramp):
            raise ValueError("ramp bets must be positive")
        if (self.enter is None) != (self.leave is None):
            raise ValueError("back-counting needs both an entry and an exit count")
        if self.enter is not None and self.leave is not None and self.leave > self.enter:
            raise ValueError("the exit count must not be above the entry count")
        if self.max_units < 1 or self.paroli_wins < 1:
            raise ValueError("max_units and paroli_wins must be at least 1")
        if self.trip_rounds < 0 or (self.trip_rounds and self.bankroll < 1):
            raise ValueError("a trip needs a bankroll of at least one unit")

    @property
    def needs_count(self) -> bool:
        return self.mode == "ramp" or self.enter is not None

    def ramp_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        steps = sorted(self.ramp)
        return (np.array([c for c, _ in steps], dtype=np.float64),
                np.array([u for _, u in steps], dtype=np.float64))


#: The largest bet, in units, any betting takes (a thousand times the table's spread of
#: any real table), and the largest true count a ramp or a back-count may name.
MAX_UNITS = 1e6
MAX_COUNT = 100.0


def parse_ramp(text: str) -> tuple[tuple[float, float], ...]:
    """``"1:2,2:4,3:8"`` (true count: units) to ramp steps."""
    steps: list[tuple[float, float]] = []
    for part in text.split(","):
        count, sep, units = part.partition(":")
        if not sep:
            raise ValueError(f"a ramp step is count:units, not {part!r}")
        try:
            steps.append((float(count), float(units)))
        except ValueError:
            raise ValueError(f"a ramp step is count:units, not {part!r}") from None
    return tuple(steps)
