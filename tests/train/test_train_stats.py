"""A profile's statistics: accuracy and speed per session, the missed cells on the chart's grid,
and the EV per hand that the measured strategy mistakes cost, weighted as a shoe deals."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from twentyone.train.stats import (
    ROWS,
    UPS,
    cell_weights,
    drill_stats,
    ev_coverage,
    ev_per_hand,
    heat_grid,
)
from twentyone.train.store import Answer

T0 = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)


def answer(key: str, correct: bool, cost: float | None = None, *, drill: str = "strategy",
           session: str = "a", minutes: int = 0, seconds: float | None = 3.0) -> Answer:
    return Answer(T0 + timedelta(minutes=minutes), drill, key, correct,
                  0.0 if cost is None and drill == "strategy" else cost, seconds, session)


def test_cell_weights_are_the_shoes_odds_without_naturals() -> None:
    weights = cell_weights()
    assert math.isclose(sum(weights.values()), 1.0)
    natural = 2 * (1 / 13) * (4 / 13)
    assert math.isclose(weights["pair A v A"], (1 / 13) ** 3 / (1 - natural))
    # 16 against a ten: 10-6, 9-7 in either order (8-8 is a pair), against four ten-cards.
    two_cards = 2 * (4 / 13) * (1 / 13) + 2 * (1 / 13) ** 2
    assert math.isclose(weights["hard 16 v 10"], two_cards * 4 / 13 / (1 - natural))
    assert not any(k.startswith("soft 21") or k.startswith("hard 21") for k in weights)


def test_ev_per_hand_weights_each_cell_by_how_often_it_is_dealt() -> None:
    answers = [answer("hard 16 v 10", False, 0.02), answer("hard 16 v 10", True),
               answer("pair A v A", False, 0.5)]
    w = cell_weights()
    a, b = w["hard 16 v 10"], w["pair A v A"]
    expected = (a * 0.01 + b * 0.5) / (a + b)
    got = ev_per_hand(answers)
    assert got is not None and math.isclose(got, expected)
    assert math.isclose(ev_coverage(answers), a + b)
    assert ev_per_hand([answer("totals-key", False, None, drill="totals")]) is None


@given(st.lists(st.tuples(st.sampled_from(sorted(cell_weights())), st.booleans(),
                          st.floats(0, 1)), min_size=1, max_size=30),
       st.integers(1, 5))
def test_practising_a_cell_more_does_not_change_what_mistakes_cost(
        rows: list[tuple[str, bool, float]], times: int) -> None:
    """The drill deals weak cells more often than a shoe; repeating one cell's answers (the
    same mix of right and wrong) must leave the cost per hand where it was."""
    answers = [answer(k, ok, 0.0 if ok else c) for k, ok, c in rows]
    key = rows[0][0]
    more = answers + [a for a in answers if a.key == key] * times
    before, after = ev_per_hand(answers), ev_per_hand(more)
    assert before is not None and after is not None
    assert math.isclose(before, after, abs_tol=1e-12)


def test_accuracy_and_speed_session_by_session() -> None:
    answers = [answer("k", False, drill="totals", session="s1", minutes=0, seconds=8.0),
               answer("k", True, drill="totals", session="s1", minutes=1, seconds=6.0),
               answer("k", True, drill="totals", session="s2", minutes=90, seconds=3.0),
               answer("k", True, drill="totals", session="s2", minutes=91, seconds=None)]
    stats = drill_stats(answers)["totals"]
    assert list(stats.sessions) == ["s1", "s2"]
    first, second = stats.sessions.values()
    assert (first.answers, first.accuracy, first.mean_seconds) == (2, 0.5, 7.0)
    assert (second.answers, second.accuracy, second.mean_seconds) == (2, 1.0, 3.0)
    assert stats.days[T0.date().isoformat()].answers == 4


def test_the_heatmap_tells_never_dealt_from_never_missed() -> None:
    grid = heat_grid({"hard 16 v 10": (3, 4), "soft 18 v 9": (0, 2)})
    row = {f"{t} {r}": i for i, (t, r) in enumerate(ROWS)}
    assert grid[row["hard 16"]][UPS.index("10")] == 0.75
    assert grid[row["soft 18"]][UPS.index("9")] == 0.0
    assert math.isnan(grid[row["hard 12"]][UPS.index("2")])


def test_one_session_spans_an_hour_of_the_time_axis_not_a_day() -> None:
    """Issue 24: train stats stretched one session over a whole day."""
    from twentyone.train.stats import time_limits

    lo, hi = time_limits([20_000.5])
    assert lo < 20_000.5 < hi and hi - lo <= 1 / 24 + 1e-9
    lo, hi = time_limits([20_000.0, 20_010.0])  # ten days: a twentieth either side
    assert (lo, hi) == (20_000.0 - 0.5, 20_010.0 + 0.5)
