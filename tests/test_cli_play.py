"""``twentyone play``: the headless JSON contract, and the interactive table the command builds,
played through Textual's pilot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tui_kit import CTRL_C, drive, table_of
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.cli import casino as casino_cli
from twentyone.cli.play import FRONTS
from twentyone.cli.seating import GAME_OPTIONS
from twentyone.engine.records import read_lines, verify_house, verify_player
from twentyone.games.registry import KINDS, ROOM_GAMES
from twentyone.rules import PRESETS
from twentyone.strategy import basic_chart
from twentyone.tui.app import TableApp

runner = CliRunner()

AUTO = ["play", "--rules", "six-deck-s17", "--seats", "3", "--auto", "basic", "--rounds", "300",
        "--json"]


def auto(*extra: str) -> dict[str, object]:
    result = runner.invoke(app, [*AUTO, *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


def test_auto_json_has_the_promised_keys_per_seat() -> None:
    data = auto("--seed", "5")
    assert data["rounds"] == 300
    seats = data["seats"]
    assert isinstance(seats, dict) and sorted(seats) == ["1", "2", "3"]
    for s in seats.values():
        assert {"bankroll_start", "bankroll_end", "wagered"} <= set(s)
        assert s["bankroll_start"] == 1000
        assert s["wagered"] >= 300 * 5  # at least the $5 minimum every round


@pytest.mark.parametrize("seed", ["11", "12", "13"])
def test_auto_accounts_for_every_dollar(seed: str) -> None:
    data = auto("--seed", seed)
    seats = data["seats"]
    assert isinstance(seats, dict)
    nets = [s["bankroll_end"] - s["bankroll_start"] for s in seats.values()]
    assert isinstance(data["house_net"], float | int)
    assert round(data["house_net"] + sum(nets), 2) == 0
    assert any(nets)  # 300 rounds in which no seat won or lost would mean nothing was settled


def test_auto_is_deterministic_for_a_seed() -> None:
    assert auto("--seed", "3") == auto("--seed", "3")
    assert auto("--seed", "3")["seats"] != auto("--seed", "4")["seats"]


def test_auto_rejects_an_unknown_strategy_and_too_many_seats() -> None:
    bad = runner.invoke(app, ["play", "--auto", "psychic", "--rounds", "1"])
    assert bad.exit_code != 0 and "--auto must be one of" in bad.output
    crowded = runner.invoke(app, ["play", "--rules", "single-deck", "--seats", "6", "--auto",
                                  "basic"])
    assert crowded.exit_code != 0 and "5 seats" in crowded.output


@pytest.fixture
def apps(monkeypatch: pytest.MonkeyPatch) -> list[TableApp]:
    """``twentyone play`` as if at a terminal: the app it builds is kept, not run, for the test
    to play through Textual's pilot."""
    built: list[TableApp] = []
    monkeypatch.setattr(casino_cli, "need_terminal", lambda: None)
    monkeypatch.setattr(casino_cli, "run_app", lambda app, history=None: built.append(app))
    return built


def test_play_without_a_terminal_says_so_instead_of_waiting() -> None:
    result = runner.invoke(app, ["play"], input="")
    assert result.exit_code == 2
    assert "needs a terminal" in result.output and "--auto basic" in result.output


def test_play_with_no_options_seats_one_person_with_1000_at_the_classic_table(
        apps: list[TableApp]) -> None:
    result = runner.invoke(app, ["play"])
    assert result.exit_code == 0, result.output
    (table_app,) = apps
    p = drive(table_app, table_of(table_app), ["q"])
    assert "classic · $2–$500" in p.screens[0]
    assert "Seat 1 (you)" in p.screens[0]
    assert "Seat 1 leaves with $1,000" in p.farewell


def test_the_first_launch_says_what_it_prepares_and_how_long_it_takes(
        apps: list[TableApp], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWENTYONE_CACHE_DIR", str(tmp_path))  # nothing solved yet
    runner.invoke(app, ["play", "--rules", "european"])
    (table_app,) = apps
    assert table_app.prepare is not None
    assert "Preparing the exact odds for these rules (first time only" in table_app.preparing
    assert " s" in table_app.preparing.split("first time only")[1]


def test_a_cached_chart_with_the_solver_not_compiled_says_so_and_compiles_it_first(
        apps: list[TableApp], monkeypatch: pytest.MonkeyPatch) -> None:
    """The odds on disk but the solver not compiled: the first ? once sat silent for about 8 s
    while it compiled. The launch now says what it prepares and compiles it behind the notice."""
    import twentyone.tui.launch as launch

    loaded: list[bool] = []
    monkeypatch.setattr(launch, "chart_on_disk", lambda rules: True)
    monkeypatch.setattr(launch, "solver_cached", lambda: False)
    monkeypatch.setattr(launch, "basic_chart", lambda rules: basic_chart(PRESETS["classic"]))
    monkeypatch.setattr(launch, "load_solver", lambda: loaded.append(True))
    runner.invoke(app, ["play"])
    (table_app,) = apps
    assert "Preparing the odds calculator the ? hint uses (first time only" in table_app.preparing
    assert table_app.prepare is not None
    table_app.prepare()
    assert loaded == [True]


def test_a_stacked_split_played_through_the_command_line(apps: list[TableApp],
                                                         tmp_path: Path) -> None:
    hands = tmp_path / "hands.jsonl"
    result = runner.invoke(
        app, ["play", "--stack", "8s,10c,8h,7d,3c,Ks,2d", "--seed", "1", "--history",
              str(hands)])
    assert result.exit_code == 0, result.output
    (table_app,) = apps
    p = drive(table_app, table_of(table_app), ["10", "p", "h", "s", "q"])
    assert "Seat 1 places chips beside the bet, two fingers: splits the eights ($10 more)" in p.log
    assert "Seat 1 hand 1 wins: paid $10 in 2 red" in p.log
    assert verify_player(read_lines(hands)).rounds == 1
    assert verify_house(read_lines(tmp_path / "hands.house.jsonl")).round == 1


def test_a_bot_seat_plays_alongside_a_person(apps: list[TableApp]) -> None:
    result = runner.invoke(app, ["play", "--bot", "2", "--seed", "8"])
    assert result.exit_code == 0, result.output
    (table_app,) = apps
    p = drive(table_app, table_of(table_app), ["5", "s", "q"])
    assert "Seat 2 (bot)" in p.screens[0]
    assert "Seat 2 bets $2" in p.log


def test_ctrl_c_mid_game_calls_the_round_off(apps: list[TableApp]) -> None:
    result = runner.invoke(app, ["play", "--stack", "10s,6c,9h,10d"])
    assert result.exit_code == 0, result.output
    (table_app,) = apps
    p = drive(table_app, table_of(table_app), ["10", CTRL_C])
    assert "Traceback" not in p.farewell
    assert "The round is called off: every bet on the layout goes back." in p.log
    assert "Seat 1 leaves with $1,000" in p.farewell


def test_every_seat_a_bot_or_json_is_refused_without_auto() -> None:
    result = runner.invoke(app, ["play", "--bot", "1"])
    assert result.exit_code != 0 and "every seat is a bot" in result.output
    result = runner.invoke(app, ["play", "--json"])
    assert result.exit_code != 0 and "add --auto" in result.output


def test_a_bad_stack_or_bankroll_is_a_clear_error() -> None:
    assert "--bankroll" in runner.invoke(app, ["play", "--bankroll", "lots"]).output
    assert "no more" in runner.invoke(app, ["play", "--rules", "single-deck", "--stack",
                                            "As,As"]).output


def test_every_kind_of_game_in_the_registry_has_a_front_end() -> None:
    """``twentyone play`` finds a game's front end by the registry's kind of game, so a new
    game of a kind already here needs nothing in cli/ (ISSUE23, "one game core"); each front
    end takes only options some kind of game refuses, named in ``GAME_OPTIONS``."""
    assert set(FRONTS) == set(KINDS)
    assert {entry.kind for entry in ROOM_GAMES.values()} <= set(FRONTS)
    for front in FRONTS.values():
        assert front.takes <= set(GAME_OPTIONS)
        assert set(front.not_with_auto) <= front.takes
