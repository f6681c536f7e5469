"""``twentyone play --game pontoon``: the headless JSON contract and a hot-seat game fed line by
line (issue 5's faces)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.pontoon.history import replay_game

runner = CliRunner()


def auto(*extra: str) -> dict[str, Any]:
    result = runner.invoke(app, ["play", "--game", "pontoon", "--players", "5", "--auto",
                                 "reading", "--rounds", "200", "--json", *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_pontoon_auto_json_reports_bankrolls_and_bank_changes() -> None:
    data = auto("--seed", "4")
    assert data["game"] == "pontoon" and data["rounds"] == 200
    seats = data["seats"]
    assert sorted(seats) == ["1", "2", "3", "4", "5"]
    for s in seats.values():
        assert {"bankroll_start", "bankroll_end"} <= set(s)
    assert isinstance(data["bank_changes"], int) and data["bank_changes"] > 0
    # Chips only move between players.
    assert round(sum(s["bankroll_end"] - s["bankroll_start"] for s in seats.values()), 2) == 0


def test_pontoon_auto_is_deterministic_for_a_seed() -> None:
    assert auto("--seed", "9") == auto("--seed", "9")
    assert auto("--seed", "9")["seats"] != auto("--seed", "10")["seats"]


def test_pontoon_refuses_a_table_of_one_and_an_unknown_banker_bot() -> None:
    one = runner.invoke(app, ["play", "--game", "pontoon", "--players", "1", "--auto", "reading"])
    assert one.exit_code != 0
    bad = runner.invoke(app, ["play", "--game", "pontoon", "--auto", "psychic"])
    assert bad.exit_code != 0 and "stand-17" in bad.output


def test_pontoon_at_the_terminal_marks_the_banker_and_passes_the_bank() -> None:
    """A person in seat 1 against bots: bets, stands, and sees the bank marked and moving."""
    lines = "\n".join(["1", "s"] * 30) + "\n"
    result = runner.invoke(app, ["play", "--game", "pontoon", "--players", "3", "--bot", "2",
                                 "--bot", "3", "--seed", "11", "--bankroll", "40"], input=lines)
    assert result.exit_code == 0, result.output
    assert "takes the bank (first banker)" in result.output
    assert "★seat" in result.output


def test_a_human_banker_decides_at_the_terminal() -> None:
    """Issue 5: "A human banker decides" — with seed 0 seat 1 draws the bank against one bot and
    is asked to hit or stand whenever a hand stands against the bank."""
    lines = "k\n" + "s\n" * 40
    result = runner.invoke(app, ["play", "--game", "pontoon", "--players", "2", "--bot", "2",
                                 "--seed", "0", "--bankroll", "40"], input=lines)
    assert result.exit_code == 0, result.output
    assert "Seat 1 takes the bank (first banker)" in result.output
    assert "Seat 1, the bank is yours" in result.output
    assert "Seat 1 banks, holding" in result.output


def test_a_game_at_the_terminal_writes_a_history_that_replays(tmp_path: Path) -> None:
    """Issue 5: replay of a hand history reproduces the game, from the command line's record."""
    path = tmp_path / "pontoon.json"
    lines = "\n".join(["2", "h", "s"] * 20) + "\n"
    result = runner.invoke(app, ["play", "--game", "pontoon", "--players", "4", "--bot", "2",
                                 "--bot", "3", "--bot", "4", "--seed", "21", "--bankroll", "30",
                                 "--history", str(path)], input=lines)
    assert result.exit_code == 0, result.output
    history = json.loads(path.read_text(encoding="utf-8"))
    again = replay_game(history)
    assert [e.to_json() for e in again.log] == history["events"]
    assert any(e["kind"] == "round-ended" for e in history["events"])
