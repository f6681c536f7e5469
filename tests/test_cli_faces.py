"""The smaller faces of the command line a new player meets: help without type placeholders,
``ev`` with a heading and a natural shown as what it is, where written files went, and the
presets' table with surrender and doubling after a split."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.cli.strategy import natural_ev
from twentyone.rules import PRESETS

runner = CliRunner()


@pytest.mark.parametrize("command", [[], ["play"], ["ev"], ["chart"], ["sim"], ["rules"]])
def test_help_shows_no_type_placeholders(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert not re.search(r"<(bool|str|int|float|list\[str\]|Path)>", result.output)
    if command == ["play"]:
        assert re.search(r"--seats\s+INTEGER", result.output)
        assert re.search(r"--json\s+With --auto", result.output)  # a flag shows no value


def test_ev_of_a_natural_is_the_natural_paid_not_a_stand_on_21() -> None:
    """The issue: `ev --hand A,K --up 6` said stand +0.902; a natural is paid 3:2 = +1.5."""
    result = runner.invoke(app, ["ev", "--hand", "A,K", "--up", "6", "--json"])
    out = json.loads(result.stdout)
    assert out["ev"] == {"blackjack": 1.5} and out["best"] == "blackjack"
    text = runner.invoke(app, ["ev", "--hand", "A,K", "--up", "6"]).output
    assert text.startswith("EV per unit bet: A,K against 6 — classic rules")
    assert "blackjack +1.500000" in " ".join(text.split())
    assert "it is paid 3:2" in text


def test_a_natural_against_an_unchecked_ace_can_push() -> None:
    """European (no hole card): against an ace the dealer's natural is still to come; the
    natural pushes then, so it is worth 1.5 × (1 − p) with p the chance of a ten."""
    eu = PRESETS["european"]
    tens, cards = 16 * eu.decks - 1, 52 * eu.decks - 3
    assert natural_ev(eu, 1, None, False) == pytest.approx(1.5 * (1 - tens / cards))
    assert natural_ev(PRESETS["classic"], 1, None, False) == 1.5  # peeked: no dealer natural
    assert natural_ev(eu, 6, None, False) == 1.5


def test_ev_prints_a_heading_for_other_hands() -> None:
    text = runner.invoke(app, ["ev", "--hand", "10,6", "--up", "10"]).output
    assert text.splitlines()[0] == ("EV per unit bet: 10,6 against 10 — classic rules, from a "
                                    "full shoe of 6 decks")
    assert "given the dealer has no blackjack" in text


def test_chart_says_where_it_wrote_the_page(tmp_path: Path) -> None:
    page = tmp_path / "chart.html"
    result = runner.invoke(app, ["chart", "--rules", "six-deck-s17", "--html", str(page)],
                           env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    assert page.is_file()
    assert f"Wrote the page to {page.resolve()}" in " ".join(result.output.split())


def test_the_presets_table_shows_surrender_das_and_no_source_labels() -> None:
    result = runner.invoke(app, ["rules"], env={"COLUMNS": "160"})
    assert "surrender" in result.output and "DAS" in result.output
    assert not re.search(r"[Ss]eeds? \d", result.output)  # no source labels
    assert "--set" in result.output
