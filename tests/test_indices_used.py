"""Computed index numbers where the published ones do not fit the rules: the ``??`` hint and the
index-play drill (docs/strategy.md#computed-index-numbers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from twentyone.cards import card
from twentyone.rules import PRESETS
from twentyone.sim import indices as idx
from twentyone.strategy import basic_chart, rules_of_thumb
from twentyone.train import player as train_player
from twentyone.train.player import IndexPlayDrill
from twentyone.tui.hint import count_line

SIX = PRESETS["six-deck-s17"]
H17 = SIX.replace(hit_soft_17=True)
#: A set as ``indices.compute`` makes it: stand on 16 against a ten from +3, hit 12 against a 4
#: below 0, insure from +2.
ONE_PLAY = idx.IndexSet("test", "hilo", 3.75, "test", (
    idx.IndexPlay("16", "10", "stand", 3, "above", "hit", 2.8, "stand/hit"),
    idx.IndexPlay("12", "4", "hit", 0, "below", "stand", -0.3, "stand/hit"),
    idx.IndexPlay("any", "A", "insurance", 2, "above", "no insurance", 2.4, "insurance")))

# Twenty-six small cards seen: +26 over 5.5 decks left of six, a true count near +4.7.
SMALL = [card(2 + (n % 5), n % 4, n // 20) for n in range(26)]
ALLOWED = {"can_double": True, "can_split": False, "can_surrender": False}


def test_the_count_hint_reads_the_published_set_where_it_fits() -> None:
    chart = rules_of_thumb()
    line = count_line(SIX, chart, SMALL, [10, 6], 10, ALLOWED)
    assert line.startswith("Hi-Lo: running count +26, true count +4.7")
    assert "say stand (basic strategy: hit)" in line  # the Illustrious 18's 16 v 10 at 0


def test_the_count_hint_names_the_computed_set_where_the_published_one_does_not_fit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWENTYONE_CACHE_DIR", str(tmp_path))
    chart = rules_of_thumb()
    # Nothing solved yet for H17: the hint says how to get the numbers, and solves nothing.
    assert "run twentyone indices" in count_line(H17, chart, SMALL, [10, 6], 10, ALLOWED)
    monkeypatch.setattr(idx, "cached", lambda rules, count, decks_left=None: True)
    monkeypatch.setattr(idx, "load", lambda rules, count, decks_left=None: ONE_PLAY)
    assert "say stand" in count_line(H17, chart, SMALL, [10, 6], 10, ALLOWED)
    assert "say hit" in count_line(H17, chart, SMALL[:5], [10, 6], 10, ALLOWED)


def test_the_drill_learns_the_computed_set_where_the_published_one_does_not_fit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWENTYONE_CACHE_DIR", str(tmp_path))
    asked = []

    def fake(rules: object, count: str, decks_left: float | None = None) -> idx.IndexSet:
        asked.append(rules)
        return ONE_PLAY

    monkeypatch.setattr(train_player, "load_indices", fake)
    six = IndexPlayDrill(SIX, "six-deck-s17")
    assert six.index_name == "hilo-i18-fab4" and six.indices.insurance == 3 and not asked
    drill = IndexPlayDrill(H17, "six-deck-h17")
    basic_chart(H17)
    assert drill.index_name == "computed (hilo)"
    assert drill.make("a", ["10", "6"], 10, 3).secret["action"] == "stand"
    assert drill.make("b", ["10", "6"], 10, 2).secret["action"] == "hit"
    assert asked == [H17]
    chosen = IndexPlayDrill(SIX, "six-deck-s17", {"indices": "computed"})
    assert chosen.index_name == "computed (hilo)"


def test_the_indices_command_prints_json_and_a_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shape ``--json`` promises (docs/strategy.md#computed-index-numbers), from a set
    stood in for the solve; at a table with no insurance the insurance entry is left out."""
    import json

    from typer.testing import CliRunner

    from twentyone.cli.app import app

    monkeypatch.setattr(idx, "cached", lambda rules, count, decks_left=None: True)
    monkeypatch.setattr(idx, "load", lambda rules, count, decks_left=None: ONE_PLAY)
    runner = CliRunner()
    res = runner.invoke(app, ["indices", "--rules", "six-deck-h17-ls", "--json"])
    assert res.exit_code == 0, res.output
    rows = json.loads(res.output)
    assert {"hand": "16", "up": "10", "play": "stand", "index": 3}.items() <= rows[0].items()
    assert "direction" not in rows[0]
    assert rows[1]["play"] == "hit" and rows[1]["direction"] == "below"
    assert rows[2]["hand"] == "any" and rows[2]["play"] == "insurance"
    none = runner.invoke(app, ["indices", "--set", "insurance=none", "--json"])
    assert [r["play"] for r in json.loads(none.output)] == ["stand", "hit"]
    table = runner.invoke(app, ["indices"], env={"COLUMNS": "100"})
    assert "+3 or more" in table.output and "Convention" in table.output
    bad = runner.invoke(app, ["indices", "--count", "plus-minus"])
    assert bad.exit_code == 2 and "no count named" in bad.output
