"""Split values against a card-by-card oracle (``split_oracle``): issue 3's "split to
``max_hands``, resplit aces, hit split aces", under a peek, without a hole card, S17 and H17,
with and without double after split, each exact rather than approximated."""

from __future__ import annotations

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st
from split_oracle import ShoeRanDry, split_value

from twentyone.rules import PRESETS, Rules
from twentyone.strategy.chart import Chart, rules_of_thumb
from twentyone.strategy.exact import UpSolver, chart_policy, split_ev

BASE = PRESETS["six-deck-s17"].replace(decks=1)
#: Any fixed strategy will do: the oracle and the solver must agree on its value.
CHART = rules_of_thumb()


def solver_split(rules: Rules, chart: Chart, shoe: tuple[int, ...], pair: int, up: int) -> float:
    """The solver's split EV for ``chart``'s play, conditioned on the peek like the oracle."""
    left = list(shoe)
    left[up] -= 1
    s = UpSolver(rules, left, up, chart_policy(chart, up))
    removed = [0] * 11
    removed[pair] = 2
    return split_ev(s, pair) / s.mass(tuple(removed))


# Small shoes (few distinct values, plenty of ten-cards so they never run dry) keep the oracle's
# enumeration to a fraction of a second. Counts are by value, aces first.
CASES = [
    ("S17 DAS split to 4", {"max_hands": 4}, (1, 5, 0, 2, 0, 3, 0, 2, 0, 8), 2, 6),
    ("H17 no DAS split to 3, peeked ten", {"max_hands": 3, "hit_soft_17": True,
                                           "double_after_split": False},
     (2, 0, 3, 0, 2, 0, 0, 5, 0, 9), 8, 10),
    ("no hole card: a natural takes every split bet", {"max_hands": 4, "peek": False},
     (3, 0, 5, 0, 2, 0, 3, 0, 0, 8), 3, 1),
    ("aces, one card each, no resplit", {"max_hands": 4}, (4, 2, 0, 0, 3, 3, 0, 0, 0, 8), 1, 6),
    ("aces resplit and hit", {"max_hands": 4, "resplit_aces": True, "hit_split_aces": True},
     (5, 0, 2, 0, 0, 3, 0, 2, 0, 8), 1, 10),
    ("tens split by value", {"max_hands": 4, "split_by": "value"},
     (1, 3, 0, 0, 2, 0, 0, 2, 0, 12), 10, 5),
]


@pytest.mark.parametrize(("options", "counts", "pair", "up"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_issue3_split_ev_is_exact_against_playing_every_card(
        options: dict[str, object], counts: tuple[int, ...], pair: int, up: int) -> None:
    rules = BASE.replace(**options)
    shoe = (0, *counts)
    assert solver_split(rules, CHART, shoe, pair, up) == pytest.approx(
        split_value(rules, CHART, shoe, pair, up), abs=1e-12)


@settings(max_examples=30, deadline=None)
@given(pair=st.integers(1, 9), up=st.integers(1, 10), others=st.lists(
           st.integers(1, 9), min_size=1, max_size=2, unique=True),
       pair_count=st.integers(2, 5), other_count=st.integers(1, 4), tens=st.integers(6, 10),
       max_hands=st.integers(2, 4), h17=st.booleans(), das=st.booleans(), peek=st.booleans(),
       aces_again=st.booleans())
def test_issue3_split_ev_matches_the_oracle_on_random_small_shoes(
        pair: int, up: int, others: list[int], pair_count: int, other_count: int, tens: int,
        max_hands: int, h17: bool, das: bool, peek: bool, aces_again: bool) -> None:
    counts = [0] * 11
    counts[10] = tens
    for v in others:
        counts[v] += other_count
    counts[pair] += pair_count
    counts[up] += 1
    rules = BASE.replace(max_hands=max_hands, hit_soft_17=h17, double_after_split=das,
                         peek=peek, resplit_aces=aces_again, hit_split_aces=aces_again)
    shoe = tuple(counts)
    try:
        expected = split_value(rules, CHART, shoe, pair, up)
    except ShoeRanDry:
        reject()
    assert solver_split(rules, CHART, shoe, pair, up) == pytest.approx(expected, abs=1e-12)
