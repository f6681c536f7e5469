"""Monte Carlo simulation at native speed: a numba kernel checked against the table engine,
counting and betting as data, threads on one machine and Dask for a cluster."""

from __future__ import annotations

from twentyone.sim.betting import Betting, parse_ramp
from twentyone.sim.chartfile import format_chart, load_chart, parse_chart
from twentyone.sim.counting import SYSTEMS, CountSystem, IndexPlays
from twentyone.sim.runner import CHUNK_ROUNDS, Player, SimSpec, simulate, trace
from twentyone.sim.stats import SimResult

__all__ = [
    "CHUNK_ROUNDS",
    "SYSTEMS",
    "Betting",
    "CountSystem",
    "IndexPlays",
    "Player",
    "SimResult",
    "SimSpec",
    "format_chart",
    "load_chart",
    "parse_chart",
    "parse_ramp",
    "simulate",
    "trace",
]
