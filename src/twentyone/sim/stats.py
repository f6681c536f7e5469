"""What a simulation measured, from the kernel's statistics vector.

The kernel only adds up sums, sums of squares and counts per chunk; everything here is derived
from those totals, so merging chunks from any number of workers or machines is a plain sum in
chunk order and gives the same figures bit for bit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from twentyone.sim import kernel as K

#: Two-sided 95% normal quantile, for confidence intervals.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class CountBin:
    true_count: int
    rounds: int
    frequency: float
    ev: float
    standard_error: float


@dataclass
class SimResult:
    stats: np.ndarray
    seconds: float = 0.0
    #: What was simulated (rules, strategy, count, betting, seed, workers), for the report.
    setup: dict[str, Any] = field(default_factory=dict)

    def _s(self, i: int) -> float:
        return float(self.stats[i])

    @property
    def called_off(self) -> int:
        """Rounds called off with no card left anywhere to deal."""
        return int(self.stats[K.S_CALLED_OFF])

    @property
    def rounds(self) -> int:
        """Rounds dealt at the table (including those a back-counter watched)."""
        return int(self.stats[K.S_ROUNDS])

    @property
    def rounds_played(self) -> int:
        return int(self.stats[K.S_PLAYED])

    @property
    def hands(self) -> int:
        return int(self.stats[K.S_HANDS])

    @property
    def ev_per_round(self) -> float:
        """Mean result per round played, in units of the base bet."""
        n = self._s(K.S_PLAYED)
        return self._s(K.S_SUM) / n if n else 0.0

    @property
    def sd_per_round(self) -> float:
        n = self._s(K.S_PLAYED)
        if n < 2:
            return 0.0
        mean = self._s(K.S_SUM) / n
        var = (self._s(K.S_SUMSQ) - n * mean * mean) / (n - 1)
        return math.sqrt(max(var, 0.0))

    @property
    def standard_error(self) -> float:
        n = self._s(K.S_PLAYED)
        return self.sd_per_round / math.sqrt(n) if n else 0.0

    @property
    def confidence_interval(self) -> tuple[float, float]:
        half = Z95 * self.standard_error
        return self.ev_per_round - half, self.ev_per_round + half

    @property
    def ev_per_initial_bet(self) -> float:
        """Result per unit of initial bet (the edge of a bettor who varies the bet)."""
        b = self._s(K.S_BET)
        return self._s(K.S_SUM) / b if b else 0.0

    @property
    def ev_per_wagered(self) -> float:
        """Result per unit of everything put at risk (doubles, splits and insurance too)."""
        w = self._s(K.S_WAGERED)
        return self._s(K.S_SUM) / w if w else 0.0

    @property
    def mean_bet(self) -> float:
        n = self._s(K.S_PLAYED)
        return self._s(K.S_BET) / n if n else 0.0

    def rate(self, slot: int) -> float:
        n = self._s(K.S_PLAYED)
        return self._s(slot) / n if n else 0.0

    @property
    def risk_of_ruin_measured(self) -> tuple[float, float] | None:
        """Share of bankroll trips that went broke, with its standard error."""
        trips = self._s(K.S_TRIPS)
        if not trips:
            return None
        p = self._s(K.S_RUINED) / trips
        return p, math.sqrt(p * (1 - p) / trips)

    def risk_of_ruin(self, bankroll: float) -> float:
        """Risk of ever losing ``bankroll`` units, playing on without end: the diffusion
        approximation ``exp(-2 * ev * bankroll / variance)``; certain ruin without an edge."""
        ev, sd = self.ev_per_round, self.sd_per_round
        if ev <= 0 or sd == 0:
            return 1.0
        return math.exp(-2.0 * ev * bankroll / (sd * sd))

    def by_true_count(self) -> list[CountBin]:
        """EV of a one-unit bet and frequency for each true count (floored, clipped to ±10)."""
        total = float(self.stats[K.S_TC: K.S_TC + 3 * K.TC_BINS: 3].sum())
        out: list[CountBin] = []
        for b in range(K.TC_BINS):
            n, s, ss = (float(x) for x in self.stats[K.S_TC + 3 * b: K.S_TC + 3 * b + 3])
            if not n:
                continue
            mean = s / n
            var = (ss - n * mean * mean) / (n - 1) if n > 1 else 0.0
            out.append(CountBin(b + K.TC_MIN, int(n), n / total, mean,
                                math.sqrt(max(var, 0.0) / n)))
        return out

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.confidence_interval
        out: dict[str, Any] = {
            "rounds": self.rounds,
            "rounds_played": self.rounds_played,
            # Stopped by Ctrl-C: the figures are of the rounds dealt before it.
            "interrupted": bool(self.setup.get("interrupted", False)),
            "hands": self.hands,
            "ev_per_round": self.ev_per_round,
            "standard_error": self.standard_error,
            "ci95": [lo, hi],
            "ev_per_initial_bet": self.ev_per_initial_bet,
            "ev_per_wagered": self.ev_per_wagered,
            "sd_per_round": self.sd_per_round,
            "mean_bet": self.mean_bet,
            "win_rate": self.rate(K.S_WINS),
            "push_rate": self.rate(K.S_PUSHES),
            "loss_rate": self.rate(K.S_LOSSES),
            "blackjack_rate": self.rate(K.S_BLACKJACKS),
            "dealer_blackjack_rate": (self._s(K.S_DEALER_BJ) / self.rounds
                                      if self.rounds else 0.0),
            "double_rate": self.rate(K.S_DOUBLES),
            "split_rate": self.rate(K.S_SPLITS),
            "surrender_rate": self.rate(K.S_SURRENDERS),
            "insurance_rate": self.rate(K.S_INSURED),
            "shoes": int(self.stats[K.S_SHOES]),
            # Rounds called off because every card was on the table and none was left to deal
            # (docs/casino.md#when-the-dealer-reshuffles): unsettled bets went back.
            "called_off": self.called_off,
            "seconds": self.seconds,
            "rounds_per_second": self.rounds / self.seconds if self.seconds else None,
        }
        bankroll = self.setup.get("bankroll")
        if bankroll:
            out["risk_of_ruin"] = {"bankroll": bankroll,
                                   "formula": self.risk_of_ruin(float(bankroll))}
            measured = self.risk_of_ruin_measured
            if measured is not None:
                out["risk_of_ruin"].update(
                    trips=int(self.stats[K.S_TRIPS]), trip_rounds=self.setup.get("trip_rounds"),
                    measured=measured[0], measured_standard_error=measured[1])
        bins = self.by_true_count()
        if bins:
            out["by_true_count"] = [b.__dict__ for b in bins]
        out["setup"] = self.setup
        return out
