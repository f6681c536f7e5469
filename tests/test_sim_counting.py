"""Counting, index plays, bet ramps, back-counting and chart files."""

from __future__ import annotations

import numpy as np
import pytest

from twentyone.rules import PRESETS
from twentyone.sim import kernel as K
from twentyone.sim.betting import Betting, parse_ramp
from twentyone.sim.chartfile import format_chart, parse_chart
from twentyone.sim.counting import SYSTEMS, IndexPlays
from twentyone.sim.runner import Player, SimSpec, simulate, trace
from twentyone.strategy import rules_of_thumb
from twentyone.strategy.chart import DOUBLE_HIT, NO_SPLIT, SPLIT, STAND, SURRENDER_HIT

SIX = PRESETS["six-deck-s17"]


def test_balanced_counts_sum_to_zero_over_a_pack_and_ko_does_not() -> None:
    per_pack = np.array([4] * 9 + [16])  # four of each value, sixteen tens
    for name, system in SYSTEMS.items():
        total = float(np.dot(per_pack, system.tags))
        assert (total == 0) == system.balanced, name
    assert SYSTEMS["ko"].initial_running_count(6) == -20
    assert SYSTEMS["hilo"].initial_running_count(6) == 0


def test_the_shipped_indices_are_the_illustrious_18_and_fab_4() -> None:
    ix = IndexPlays.load("hilo-i18-fab4")
    assert ix.insurance == 3
    assert ix.count == 22  # 17 plays + insurance, 4 surrenders (15 v 10 holds two entries)
    # 16 v 10: stand (or surrender) at 0 and above; the chart below it
    assert ix.plays[K.K_HARD, 16, 10, 0] >= 0 and ix.thresholds[K.K_HARD, 16, 10, 0] == 0
    # 10,10 v 5 splits at +5
    assert ix.plays[K.K_PAIR, 10, 5, 0] == SPLIT and ix.thresholds[K.K_PAIR, 10, 5, 0] == 5
    # 12 v 4 hits below 0
    assert ix.directions[K.K_HARD, 12, 4, 0] == 1


def test_index_plays_override_the_chart_at_the_count() -> None:
    ix = IndexPlays.load("hilo-i18-fab4")
    chart = rules_of_thumb()
    hard_t, soft_t, pair_t = (t.astype(np.int64) for t in (chart.hard, chart.soft, chart.pairs))

    def act(hard: int, up: int, tc: float, can_surrender: bool = False) -> int:
        return int(K.decide(hard, False, 0, up, True, False, can_surrender, hard_t,
                            soft_t, pair_t, True, tc, ix.thresholds, ix.directions,
                            ix.plays))

    assert act(16, 10, -1.0) == K.A_HIT
    assert act(16, 10, 0.0) == K.A_STAND
    assert act(16, 10, 0.0, can_surrender=True) == K.A_SURRENDER
    assert act(15, 10, 2.0) == K.A_HIT
    assert act(15, 10, 2.0, can_surrender=True) == K.A_SURRENDER
    assert act(15, 10, 4.0) == K.A_STAND
    assert act(12, 4, -0.5) == K.A_HIT
    assert act(12, 4, 0.0) == K.A_STAND
    assert act(10, 10, 3.9) == K.A_HIT
    assert act(10, 10, 4.0) == K.A_DOUBLE


def test_bad_index_files_are_refused() -> None:
    with pytest.raises(ValueError, match="6 fields"):
        IndexPlays.parse("hard,16,10,>=,0\n", "x")
    with pytest.raises(ValueError, match="no hard 3"):
        IndexPlays.parse("hard,3,10,>=,0,S\n", "x")
    with pytest.raises(ValueError, match="unknown play"):
        IndexPlays.parse("hard,16,10,>=,0,X\n", "x")
    with pytest.raises(ValueError, match="more than"):
        IndexPlays.parse("hard,16,10,>=,0,S\n" * 4, "x")
    with pytest.raises(ValueError, match="no index file"):
        IndexPlays.load("no-such-indices")


def test_a_chart_file_round_trips_and_defaults_the_rows_it_leaves_out() -> None:
    chart = rules_of_thumb()
    again = parse_chart(format_chart(chart), "again")
    assert np.array_equal(chart.hard[4:, 1:], again.hard[4:, 1:])  # rows and columns in use
    assert np.array_equal(chart.soft[12:, 1:], again.soft[12:, 1:])
    assert np.array_equal(chart.pairs[1:, 1:], again.pairs[1:, 1:])
    small = parse_chart("hard A 10 9 8 7 6 5 4 3 2\n16 Rh Rh H H H S S S S S\n"
                        "pair 2 3 4 5 6 7 8 9 T A\n5 - - - - - - - - - -\n8 P P P P P P P P P P",
                        "small")
    assert small.hard[16, 1] == SURRENDER_HIT and small.hard[16, 2] == STAND
    assert small.hard[11, 5] != DOUBLE_HIT  # not listed: plain default
    assert small.pairs[8, 10] == SPLIT and small.pairs[9, 9] == NO_SPLIT


@pytest.mark.parametrize(("text", "message"), [
    ("12 H H H H H H H H H H", "before any"),
    ("hard 2 3 4 5 6 7 8 9 10\n", "each up card"),
    ("hard 2 3 4 5 6 7 8 9 10 A\n22 H H H H H H H H H H", "rows run"),
    ("hard 2 3 4 5 6 7 8 9 10 A\n12 H H H", "10 plays expected"),
    ("hard 2 3 4 5 6 7 8 9 10 A\n12 H H H H H H H H H Q", "unknown play"),
])
def test_bad_chart_files_name_the_line(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_chart(text, "bad")


def test_the_true_count_is_the_running_count_per_deck_left() -> None:
    """Traced true counts are multiples of 52 / cards left of whole running counts."""
    spec = SimSpec(SIX, Player(rules_of_thumb(), SYSTEMS["hilo"]))
    tcs = trace(spec, 2000, seed=4)[:, -1]
    assert tcs[0] == 0  # a fresh shoe (the burn card is not seen)
    assert np.any(tcs > 2) and np.any(tcs < -2)
    # Hi-Lo running counts are integers: tc * cards_left / 52 is whole for some cards left.
    assert all(any(abs(tc * left / 52 - round(tc * left / 52)) < 1e-9
                   for left in range(13, 312)) for tc in tcs[:200])


def test_a_counter_with_a_ramp_beats_the_house_and_the_count_predicts_the_edge() -> None:
    ramp = parse_ramp("1:2,2:4,3:8,4:12")
    spec = SimSpec(SIX, Player(rules_of_thumb(), SYSTEMS["hilo"],
                               IndexPlays.load("hilo-i18-fab4"), "count"),
                   Betting(mode="ramp", ramp=ramp))
    res = simulate(spec, 3_000_000, seed=21, workers=2)
    assert res.ev_per_round > 3 * res.standard_error
    assert res.mean_bet > 1.5
    assert res.rate(K.S_INSURED) > 0
    bins = {b.true_count: b for b in res.by_true_count()}
    assert sum(b.frequency for b in bins.values()) == pytest.approx(1.0)
    assert bins[4].ev > bins[0].ev > bins[-3].ev


def test_back_counting_plays_only_good_counts() -> None:
    spec = SimSpec(SIX, Player(rules_of_thumb(), SYSTEMS["hilo"]),
                   Betting(enter=2.0, leave=0.0))
    res = simulate(spec, 2_000_000, seed=9, workers=2)
    assert res.rounds == 2_000_000
    assert 0.05 * res.rounds < res.rounds_played < 0.4 * res.rounds
    assert res.ev_per_round > 0
    out = trace(spec, 5000, seed=9)
    playing = out[:, 1] != 0
    assert np.all(out[playing, -1] >= 0)  # never seated below the exit count


def test_ko_runs_on_the_running_count() -> None:
    spec = SimSpec(SIX, Player(rules_of_thumb(), SYSTEMS["ko"]),
                   Betting(mode="ramp", ramp=((0.0, 2.0), (2.0, 6.0))))
    tcs = trace(spec, 100, seed=1)[:, -1]
    assert tcs[0] == -20  # the initial running count, not divided by decks
    assert np.allclose(tcs, np.round(tcs))


def test_betting_is_validated() -> None:
    with pytest.raises(ValueError, match="needs steps"):
        Betting(mode="ramp")
    with pytest.raises(ValueError, match="both"):
        Betting(enter=1.0)
    with pytest.raises(ValueError, match="exit count"):
        Betting(enter=1.0, leave=2.0)
    with pytest.raises(ValueError, match="count:units"):
        parse_ramp("1-2")
