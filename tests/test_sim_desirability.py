"""What counting is worth: DI, SCORE and N0 (docs/strategy.md#what-counting-is-worth)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from twentyone.rules import PRESETS
from twentyone.sim.betting import Betting, parse_ramp
from twentyone.sim.counting import SYSTEMS, IndexPlays
from twentyone.sim.runner import Player, SimSpec, simulate
from twentyone.sim.stats import Desirability
from twentyone.strategy import rules_of_thumb


@given(ev=st.floats(1e-6, 0.5), sd=st.floats(0.5, 20), se=st.floats(0, 0.1))
def test_score_times_n0_is_a_million_and_score_is_di_squared(ev: float, sd: float,
                                                             se: float) -> None:
    d = Desirability.of(ev, sd, se)
    assert d is not None and d.n0 is not None
    assert d.score * d.n0 == pytest.approx(1e6, rel=1e-9)
    assert d.score == pytest.approx(d.di ** 2, rel=1e-9)
    assert d.di == pytest.approx(1000 / d.n0 ** 0.5, rel=1e-9)


@given(ev=st.floats(-0.5, 0), sd=st.floats(0.5, 20))
def test_a_game_with_no_edge_scores_nothing_and_never_reaches_n0(ev: float, sd: float) -> None:
    d = Desirability.of(ev, sd, 0.01)
    assert d is not None and d.score == 0 and d.n0 is None and d.di <= 0


def test_a_counted_simulation_reports_di_score_and_n0_overall_and_per_count() -> None:
    rules = PRESETS["six-deck-s17"]
    player = Player(rules_of_thumb(), SYSTEMS["hilo"], IndexPlays.load("hilo-i18-fab4"), "count")
    spec = SimSpec(rules, player, Betting(mode="ramp", ramp=parse_ramp("1:1,2:4,3:8"),
                                          max_units=12))
    result = simulate(spec, 20_000, seed=3)
    out = result.to_json()
    d = Desirability.of(result.ev_per_round, result.sd_per_round, result.standard_error)
    assert d is not None and out["di"] == d.di and out["score"] == d.score
    for key in ("di_standard_error", "score_standard_error", "n0", "n0_standard_error"):
        assert key in out
    assert all("di" in b and "score" in b and "n0" in b for b in out["by_true_count"])
    # Uncounted, there is nothing to report.
    flat = simulate(SimSpec(rules, Player(rules_of_thumb())), 2_000, seed=3).to_json()
    assert "di" not in flat and "score" not in flat
