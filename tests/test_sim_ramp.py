"""The optimal bet ramp (docs/strategy.md#optimal-bets)."""

from __future__ import annotations

import json
import math
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from twentyone.cli.app import app
from twentyone.sim import ramp as R
from twentyone.sim.stats import CountBin

runner = CliRunner()
ROUNDS = 100_000_000


def bins(slope: float) -> list[CountBin]:
    """A game whose advantage rises ``slope`` per true count from -0.5% at 0, SD 1.15 a unit,
    counts normally spread: what a six-deck Hi-Lo game looks like, measured over 100 million
    rounds (so from +2 up the advantage is shown beyond its error, and the ramp bets on it)."""
    out = []
    weights = {t: 2.0 ** -abs(t) for t in range(-6, 7)}
    total = sum(weights.values())
    for t, w in weights.items():
        n = int(ROUNDS * w / total)
        out.append(CountBin(t, n, n / ROUNDS, -0.005 + slope * t, 1.15 / n ** 0.5))
    return out


@settings(deadline=None)  # a few hundred DIs a case: no time limit on a shared machine
@given(slope=st.floats(0.005, 0.01), top=st.integers(6, 20))
def test_the_optimal_ramp_earns_at_least_the_simple_ramp_and_flat_betting(
        slope: float, top: int) -> None:
    """In games a spread of six or more beats (the advantage rising 0.5% a count or more)."""
    b = bins(slope)
    best = R.optimal(b, top, 0.5, 0.135)
    assert best.ev > 0
    assert all(1 <= u <= top and (u * 2).is_integer() for u in best.units.values())
    bets = [best.units.get(t, 1.0) for t in range(-6, 7)]
    assert bets == sorted(bets)  # the bets rise with the count
    for other in (R.simple(b, top, 0.5, 0.135), R.flat(b, 0.135)):
        assert best.worth is not None and other.worth is not None
        assert best.worth.di >= other.worth.di - 1e-9
    # The win per 100 rounds at a risk of ruin r is SCORE x 2 / -ln r (SCORE itself at e^-2).
    assert best.worth is not None
    assert abs(best.win_per_100 - best.worth.score * 2 / -math.log(0.135)) < 1e-9


def test_ramp_prints_the_plans_and_draws_advantage_by_count(tmp_path: Path) -> None:
    png = tmp_path / "ramp.png"
    result = runner.invoke(app, ["ramp", "--rules", "six-deck-s17", "--rounds", "200000",
                                 "--spread", "1-8", "--json",
                                 "--plot", str(png), "--indices", "hilo-i18-fab4"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    names = [p["name"] for p in out["plans"]]
    assert names == ["optimal", "straight line", "flat"]
    assert all(1 <= u <= 8 for u in out["plans"][0]["units"].values())
    assert png.stat().st_size > 10_000


def test_ramp_refuses_a_bad_spread_or_risk() -> None:
    for args, words in ((["--spread", "12-1"], "SMALLEST-LARGEST"),
                        (["--spread", "x"], "SMALLEST-LARGEST"),
                        (["--ror", "150%"], "risk of ruin"),
                        (["--rounds", "1000"], "at least 100,000 rounds")):
        result = runner.invoke(app, ["ramp", "--rounds", "100000", *args])
        assert result.exit_code == 2 and words in result.output, result.output
