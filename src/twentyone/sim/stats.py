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


#: SCORE's bank and rounds: the win per 100 rounds of a player betting the Kelly fraction of a
#: bank of 10,000 units (docs/strategy.md#what-counting-is-worth).
SCORE_BANK = 10_000
SCORE_ROUNDS = 100


@dataclass(frozen=True)
class Desirability:
    """How good a game is to a counter, from its EV and SD per round
    (docs/strategy.md#what-counting-is-worth): DI = 1000 EV/SD; SCORE = the expected win per
    100 rounds betting optimally (Kelly) with a bank of 10,000 units, 100 x 10,000 x (EV/SD)^2,
    which is DI^2; N0 = (SD/EV)^2, the rounds after which the expected win is one SD. So
    SCORE x N0 = 10^6.
    SCORE and N0 are for a game worth playing: with no edge SCORE is 0 and N0 None (never).
    Standard errors are from the EV's (the SD's own sampling error, a relative 1/sqrt(2n) or
    so, is far smaller and left out)."""

    di: float
    di_standard_error: float
    score: float
    score_standard_error: float
    n0: float | None
    n0_standard_error: float | None

    @classmethod
    def of(cls, ev: float, sd: float, standard_error: float) -> Desirability | None:
        if sd <= 0:
            return None
        di = 1000.0 * ev / sd
        di_se = 1000.0 * standard_error / sd
        if ev <= 0:
            return cls(di, di_se, 0.0, 0.0, None, None)
        n0 = (sd / ev) ** 2
        return cls(di, di_se, SCORE_ROUNDS * SCORE_BANK * (ev / sd) ** 2, 2 * di * di_se, n0,
                   2 * n0 * standard_error / ev)

    def to_json(self) -> dict[str, float | None]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class CountBin:
    true_count: int
    rounds: int
    frequency: float
    ev: float
    standard_error: float

    @property
    def sd(self) -> float:
        """SD of a one-unit bet's result at this count."""
        return self.standard_error * math.sqrt(self.rounds)

    @property
    def desirability(self) -> Desirability | None:
        """DI, SCORE and N0 of a one-unit bet at this count."""
        return Desirability.of(self.ev, self.sd, self.standard_error)

    def to_json(self) -> dict[str, Any]:
        d = self.desirability
        return {**self.__dict__, **(d.to_json() if d is not None else {})}


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

    @property
    def desirability(self) -> Desirability | None:
        """DI, SCORE and N0 of the game as played (its bets and play), for a counted game."""
        if not self.setup.get("count"):
            return None
        return Desirability.of(self.ev_per_round, self.sd_per_round, self.standard_error)

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
        worth = self.desirability
        if worth is not None:
            out.update(worth.to_json())
        bins = self.by_true_count()
        if bins:
            out["by_true_count"] = [b.to_json() for b in bins]
        out["setup"] = self.setup
        return out
