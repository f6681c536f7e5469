"""Issue 3's "an infinite deck": every figure from an infinite deck, against the published
infinite-deck tables and against the shoe solver on a shoe so large nothing drawn matters."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.rules import PRESETS
from twentyone.strategy import action_evs, basic_chart, house_edge
from twentyone.strategy.exact import round_ev
from twentyone.strategy.infinite import InfiniteSolver

SIX = PRESETS["six-deck-s17"]
#: 100,000 packs: removal effects of a few cards are below a millionth.
HUGE = [4 * 100_000] * 9 + [16 * 100_000]


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWENTYONE_CACHE_DIR", str(tmp_path))


# The Wizard of Odds, blackjack appendix 5 ("Expected Returns with Infinite Decks": S17, DAS,
# split aces one card, conditioned on no dealer blackjack): the best play's EV by hard total
# and up card, to the published four decimals.
APPENDIX_5 = {(16, 10): -0.5398, (11, 1): 0.143, (10, 10): 0.0253, (12, 2): -0.2534,
              (12, 4): -0.2111, (9, 2): 0.0744, (17, 8): -0.382, (17, 1): -0.478,
              (17, 10): -0.4197, (13, 2): -0.2928, (8, 6): 0.115, (5, 6): -0.0012,
              (15, 7): -0.3698, (14, 9): -0.4309, (7, 6): 0.0292}


@pytest.mark.parametrize(("total", "up"), sorted(APPENDIX_5))
def test_hand_evs_match_the_published_infinite_deck_table(total: int, up: int) -> None:
    hand = [total - 10, 10] if total > 11 else [2, total - 2]
    evs = action_evs(SIX, hand, up, infinite=True)
    assert round(max(evs.values()), 4) == APPENDIX_5[(total, up)]


def test_house_edge_matches_the_published_infinite_deck_figure_to_the_last_digit() -> None:
    # Appendix 5's game resplits without limit: 0.5093975%. A limit of 40 hands is unlimited to
    # ten digits; the table's own limit (8 hands) gives 0.5094039%.
    rules = SIX.replace(max_hands=8)
    solvers = {up: InfiniteSolver(rules, up, split_limit=40) for up in range(1, 11)}
    assert round(-100 * round_ev(rules, solvers=solvers, infinite=True), 7) == 0.5093975
    assert round(house_edge(rules, infinite=True).basic_strategy_percent, 7) == 0.5094039


def test_from_an_infinite_deck_basic_strategy_is_composition_dependent_strategy() -> None:
    he = house_edge(SIX, infinite=True)
    assert he.basic_strategy == pytest.approx(he.composition_dependent, abs=1e-15)
    assert he.basic_strategy > house_edge(SIX).basic_strategy  # more decks, worse odds
    assert basic_chart(SIX, infinite=True).name.startswith("basic strategy (infinite deck")


@settings(max_examples=25, deadline=None)
@given(a=st.integers(1, 10), b=st.integers(1, 10), up=st.integers(1, 10),
       h17=st.booleans(), peek=st.booleans(), das=st.booleans())
def test_an_infinite_deck_is_the_limit_of_a_huge_shoe(a: int, b: int, up: int, h17: bool,
                                                      peek: bool, das: bool) -> None:
    rules = SIX.replace(hit_soft_17=h17, peek=peek, double_after_split=das, max_hands=2)
    inf = action_evs(rules, [a, b], up, infinite=True)
    huge = action_evs(rules, [a, b], up, shoe=HUGE)
    assert set(inf) == set(huge)
    for action, value in inf.items():
        assert value == pytest.approx(huge[action], abs=5e-6), action


def test_ev_infinite_json() -> None:
    result = CliRunner().invoke(app, ["ev", "--rules", "six-deck-s17", "--hand", "10,6",
                                      "--up", "10", "--infinite", "--json"])
    assert result.exit_code == 0, result.output
    evs = json.loads(result.stdout)["ev"]
    assert round(evs["hit"], 4) == -0.5398 and evs["stand"] < evs["hit"]
