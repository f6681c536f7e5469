"""The runner and the statistics: reproducible whatever the number of workers, and right.

The house-edge checks: reshuffled every round, a long simulation of a chart agrees with the
exact solver's EV for playing that same chart (``strategy.exact.chart_round_ev``), and with the
published figure for six decks, S17, double after split, no surrender, basic strategy (0.4059%).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from twentyone.rules import PRESETS
from twentyone.sim import kernel as K
from twentyone.sim.betting import Betting
from twentyone.sim.chartfile import parse_chart
from twentyone.sim.runner import CHUNK_ROUNDS, Player, SimSpec, chunk_state, simulate, trace
from twentyone.strategy import basic_chart
from twentyone.strategy.exact import chart_round_ev

#: Six decks, S17, DAS, no surrender: the published total-dependent basic strategy.
BASIC_6D_S17_DAS = """
hard  2  3  4  5  6  7  8  9  10 A
9     H  Dh Dh Dh Dh H  H  H  H  H
10    Dh Dh Dh Dh Dh Dh Dh Dh H  H
11    Dh Dh Dh Dh Dh Dh Dh Dh Dh H
12    H  H  S  S  S  H  H  H  H  H
13    S  S  S  S  S  H  H  H  H  H
14    S  S  S  S  S  H  H  H  H  H
15    S  S  S  S  S  H  H  H  H  H
16    S  S  S  S  S  H  H  H  H  H
soft  2  3  4  5  6  7  8  9  10 A
13    H  H  H  Dh Dh H  H  H  H  H
14    H  H  H  Dh Dh H  H  H  H  H
15    H  H  Dh Dh Dh H  H  H  H  H
16    H  H  Dh Dh Dh H  H  H  H  H
17    H  Dh Dh Dh Dh H  H  H  H  H
18    S  Ds Ds Ds Ds S  S  H  H  H
pair  2  3  4  5  6  7  8  9  10 A
A     P  P  P  P  P  P  P  P  P  P
2     P  P  P  P  P  P  -  -  -  -
3     P  P  P  P  P  P  -  -  -  -
4     -  -  -  P  P  -  -  -  -  -
6     P  P  P  P  P  -  -  -  -  -
7     P  P  P  P  P  P  -  -  -  -
8     P  P  P  P  P  P  P  P  P  P
9     P  P  P  P  P  -  P  P  -  -
"""
BASIC = parse_chart(BASIC_6D_S17_DAS, "6D S17 DAS basic")
SIX = PRESETS["six-deck-s17"]
PUBLISHED_EDGE = -0.004059


def spec_for(**betting: object) -> SimSpec:
    return SimSpec(SIX, Player(BASIC), Betting(**betting))  # type: ignore[arg-type]


def test_same_seed_same_result_whatever_the_workers() -> None:
    rounds = 2 * CHUNK_ROUNDS + 1234  # three chunks, the last one short
    one = simulate(spec_for(), rounds, seed=7, workers=1)
    two = simulate(spec_for(), rounds, seed=7, workers=2)
    three = simulate(spec_for(), rounds, seed=7, workers=3)
    assert one.rounds == rounds
    assert np.array_equal(one.stats, two.stats)
    assert np.array_equal(one.stats, three.stats)
    other = simulate(spec_for(), rounds, seed=8, workers=2)
    assert not np.array_equal(one.stats, other.stats)


def test_chunks_draw_from_independent_streams() -> None:
    states = {tuple(chunk_state(3, i)) for i in range(100)}
    assert len(states) == 100
    assert tuple(chunk_state(3, 0)) != tuple(chunk_state(4, 0))


def test_statistics_match_the_round_by_round_trace() -> None:
    """The kernel's running sums agree with the rounds it traced (same stream, chunk 0)."""
    rounds = 50_000
    res = simulate(spec_for(), rounds, seed=11)
    net = trace(spec_for(), rounds, seed=11)[:, 1]
    assert res.ev_per_round == pytest.approx(net.mean(), abs=1e-12)
    assert res.sd_per_round == pytest.approx(net.std(ddof=1), rel=1e-9)
    assert res.rate(K.S_WINS) == pytest.approx((net > 0).mean())
    assert res.rate(K.S_LOSSES) == pytest.approx((net < 0).mean())
    assert res.rate(K.S_PUSHES) == pytest.approx((net == 0).mean())
    lo, hi = res.confidence_interval
    assert lo < res.ev_per_round < hi
    assert hi - lo == pytest.approx(2 * 1.959963984540054 * res.sd_per_round / math.sqrt(rounds))
    assert res.hands > rounds  # splits make hands
    assert 0.04 < res.rate(K.S_BLACKJACKS) < 0.05


def test_reshuffled_every_round_the_edge_is_the_exact_and_the_published_one() -> None:
    rules = SIX.replace(reshuffle="below", reshuffle_below=SIX.shoe_size - SIX.burn)
    res = simulate(SimSpec(rules, Player(BASIC)), 16_000_000, seed=2026, workers=2)
    assert res.stats[K.S_SHOES] == res.rounds  # a fresh shoe every round
    exact = chart_round_ev(SIX, BASIC)
    assert abs(res.ev_per_round - exact) < 3 * res.standard_error
    assert abs(res.ev_per_round - PUBLISHED_EDGE) < 3 * res.standard_error
    assert 1.1 < res.sd_per_round < 1.2


def test_a_progression_reshapes_risk_but_not_the_edge() -> None:
    """docs/strategy.md#betting-systems-and-the-gamblers-fallacy: a martingale or a paroli bets more
    after some rounds, but each round has the same odds, so the edge per unit bet stays the flat
    bettor's."""
    rounds = 1_500_000
    flat = simulate(spec_for(), rounds, seed=5, workers=2)
    for mode in ("martingale", "paroli"):
        prog = simulate(spec_for(mode=mode, max_units=64), rounds, seed=5, workers=2)
        assert prog.mean_bet > 1.2
        se = prog.sd_per_round / prog.mean_bet / math.sqrt(rounds)
        assert abs(prog.ev_per_initial_bet - flat.ev_per_round) < 3.5 * math.hypot(
            se, flat.standard_error)
        assert prog.sd_per_round > 1.5 * flat.sd_per_round


def test_risk_of_ruin_measured_and_by_formula() -> None:
    short = simulate(spec_for(bankroll=20, trip_rounds=2000), 400_000, seed=3)
    measured = short.risk_of_ruin_measured
    assert measured is not None
    assert short.stats[K.S_TRIPS] >= 200
    assert 0.5 < measured[0] < 1.0  # twenty bets rarely survive 2,000 rounds at a loss
    assert short.risk_of_ruin(20) == 1.0  # without an edge, ruin is certain in the long run
    deep = simulate(spec_for(bankroll=400, trip_rounds=2000), 400_000, seed=3)
    assert deep.risk_of_ruin_measured is not None
    assert deep.risk_of_ruin_measured[0] < measured[0]


def test_seats_and_rules_are_checked() -> None:
    with pytest.raises(ValueError, match="seats"):
        SimSpec(SIX.replace(seats=2), Player(BASIC), seats=3)
    with pytest.raises(ValueError, match="seat must be"):
        SimSpec(SIX, Player(BASIC, seat=2), seats=1)
    with pytest.raises(ValueError, match="count system"):
        SimSpec(SIX, Player(BASIC), Betting(mode="ramp", ramp=((1, 2),)))
    with pytest.raises(ValueError, match="casino game"):
        SimSpec(SIX.replace(ties_to_dealer=True), Player(BASIC)).kernel_args()
    with pytest.raises(ValueError, match="at least one round"):
        simulate(spec_for(), 0)


def test_the_solver_and_the_simulator_agree_on_the_late_natural_and_paying_at_once() -> None:
    """docs/casino.md#late_natural and docs/casino.md#naturals_paid_at_once on the casino-party
    game (docs/casino-party.md#settlement), reshuffled every round and played by one chart:
    each variant's simulated EV is within 3 standard errors of the solver's, and so is each
    option's effect, measured on the same shoes (the options change no card dealt, so the rounds
    pair and the difference is measured far more finely than either EV)."""
    party = PRESETS["casino-party"]
    chart = basic_chart(party)
    fresh = {"burn": 1, "reshuffle_below": party.shoe_size - 1}
    variants: dict[str, dict[str, object]] = {
        "sheet": {},
        "late blackjack": {"late_natural": "blackjack"},
        "natural waits": {"naturals_paid_at_once": False},
        "casino": {"late_natural": "blackjack", "naturals_paid_at_once": False},
    }
    rounds = 2_000_000
    exact: dict[str, float] = {}
    results: dict[str, np.ndarray] = {}
    for name, change in variants.items():
        rules = party.replace(**change)
        exact[name] = chart_round_ev(rules, chart)
        results[name] = trace(SimSpec(rules.replace(**fresh), Player(chart)), rounds,
                              seed=2027)[:, 0]
    for name in variants:
        sim = results[name]
        se = float(sim.std()) / math.sqrt(rounds)
        assert abs(float(sim.mean()) - exact[name]) < 3 * se, name
    # Each option's effect with the other on and off; with the late natural only a 21, paying
    # a natural at once changes no result at all.
    for better, worse in (("sheet", "late blackjack"), ("natural waits", "casino"),
                          ("late blackjack", "casino"), ("sheet", "natural waits")):
        diff = results[better] - results[worse]
        se = float(diff.std()) / math.sqrt(rounds)
        effect = exact[better] - exact[worse]
        if worse == "natural waits":
            assert effect == 0.0 and not diff.any()
            continue
        assert abs(float(diff.mean()) - effect) < 3 * se, (better, worse, diff.mean(), effect)
        assert effect > 5 * se, (better, worse)  # measured, not lost in the noise
