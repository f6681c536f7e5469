"""Issue 3: "the effect of each rule" on the house edge, for the rules in front of the player."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.rules import PRESETS
from twentyone.strategy import HouseEdge, analysis_rules, house_edge
from twentyone.strategy.effects import RuleEffect, rule_changes, rule_effects

SIX = PRESETS["six-deck-s17"]


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One disk cache for the module: every game is solved once and read back after."""
    where = tmp_path_factory.mktemp("odds")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TWENTYONE_CACHE_DIR", str(where))
        yield where


@pytest.fixture(scope="module")
def six(cache: Path) -> tuple[HouseEdge, dict[str, RuleEffect]]:
    base, effects = rule_effects(SIX)
    return base, {e.change: e for e in effects}


# Published rule-effect tables (blackjackreview.com "Blackjack Rule Variations", six decks;
# thecolorofblackjack.com; the Wizard of Odds' rule variations), in percentage points of house
# edge. They are rounded to hundredths and each starts from a slightly different base game, so
# they differ from each other by up to 0.03: that is the band here, around the figure they share.
PUBLISHED = {
    "dealer hits soft 17": 0.21,
    "no double after split": 0.14,
    "late surrender": -0.07,
    "early surrender": -0.63,  # 0.39 against an ace and 0.24 against a ten
    "resplit aces": -0.07,
    "blackjack pays 6:5": 1.37,
    "no hole card (European)": 0.11,
    "double on 10-11 only": 0.20,
}


@pytest.mark.parametrize(("change", "published"), sorted(PUBLISHED.items()))
def test_rule_effects_agree_with_published_tables(
        six: tuple[HouseEdge, dict[str, RuleEffect]], change: str, published: float) -> None:
    _, effects = six
    assert 100 * effects[change].basic_strategy == pytest.approx(published, abs=0.03)


# What each change does to the player, as every table agrees: liberal rules lower the edge.
HELPS = ("1 deck", "2 decks", "4 decks", "blackjack pays 2:1", "resplit aces",
         "draw to split aces", "late surrender", "early surrender")
HURTS = ("8 decks", "dealer hits soft 17", "no hole card (European)",
         "dealer peeks under aces only", "blackjack pays 6:5", "blackjack pays 1:1",
         "double on 9-11 only", "double on 10-11 only", "no double after split",
         "no splitting", "split once (no resplits)", "split to 3 hands")


def test_every_rule_change_moves_the_edge_the_way_the_rule_favours(
        six: tuple[HouseEdge, dict[str, RuleEffect]]) -> None:
    _, effects = six
    assert set(HELPS) | set(HURTS) | {"split any two ten-cards"} == set(effects)
    for change in HELPS:
        assert effects[change].basic_strategy < 0, change
        assert effects[change].composition_dependent < 0, change
    for change in HURTS:
        assert effects[change].basic_strategy > 0, change
        assert effects[change].composition_dependent > 0, change
    # Tens are never split from a full shoe, so splitting unlike tens changes nothing.
    assert effects["split any two ten-cards"].basic_strategy == pytest.approx(0, abs=1e-12)


def test_an_effect_is_the_difference_of_two_exact_house_edges(
        six: tuple[HouseEdge, dict[str, RuleEffect]]) -> None:
    base, effects = six
    h17 = house_edge(SIX.replace(hit_soft_17=True))
    e = effects["dealer hits soft 17"]
    assert e.edge == h17 and e.settings == {"hit_soft_17": True}
    assert e.basic_strategy == h17.basic_strategy - base.basic_strategy
    assert e.composition_dependent == h17.composition_dependent - base.composition_dependent


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_has_a_valid_change_for_every_odds_option(preset: str) -> None:
    rules = analysis_rules(PRESETS[preset])
    changes = rule_changes(rules)
    assert len({c for c, _ in changes}) == len(changes)
    for _, settings in changes:
        changed = rules.replace(**settings)  # every change is a valid game
        assert any(getattr(changed, k) != getattr(rules, k) for k in settings)
    fields = {k for _, settings in changes for k in settings}
    assert {"decks", "hit_soft_17", "peek", "blackjack_pays", "double_on",
            "double_after_split", "max_hands", "surrender"} <= fields


def test_edge_effects_json(six: tuple[HouseEdge, dict[str, RuleEffect]], cache: Path) -> None:
    result = CliRunner().invoke(app, ["edge", "--rules", "six-deck-s17", "--effects", "--json"],
                                env={"TWENTYONE_CACHE_DIR": str(cache)})
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["house_edge_percent"] == {"basic_strategy": 0.405922,
                                          "composition_dependent": 0.402862}
    rows = {row["change"]: row for row in data["rule_effects"]}
    assert set(rows) == set(six[1])
    h17 = rows["dealer hits soft 17"]
    assert h17["set"] == {"hit_soft_17": True}
    assert h17["effect_percent"]["basic_strategy"] == pytest.approx(
        100 * six[1]["dealer hits soft 17"].basic_strategy, abs=1e-6)


def test_the_casino_party_options_effects(cache: Path) -> None:
    """docs/casino.md#late_natural and docs/casino.md#naturals_paid_at_once, from the
    casino-party game (docs/casino-party.md#settlement): counting a late ten-ace as a blackjack
    costs the player; with the late natural only a 21, paying a natural at once or later changes
    nothing; a game that peeks under every card offers neither change (it has no late natural)."""
    party = PRESETS["casino-party"]
    changes = dict(rule_changes(analysis_rules(party)))
    late = changes["a late dealer natural is a blackjack"]
    waits = changes["a natural waits for an unchecked dealer"]
    assert late == {"late_natural": "blackjack"} and waits == {"naturals_paid_at_once": False}
    base = house_edge(party)
    worse = house_edge(party.replace(**late))
    assert 0.001 < worse.basic_strategy - base.basic_strategy < 0.003
    assert house_edge(party.replace(**waits)) == base
    assert not any("late dealer natural" in c or "natural waits" in c
                   for c, _ in rule_changes(analysis_rules(SIX)))
