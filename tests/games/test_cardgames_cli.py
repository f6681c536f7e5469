"""``twentyone play --game solo-whist|durak|president --players N --auto --rounds K --seed S
--json``: bots play the card room's other games headless, and the report adds up; ``twentyone
verify`` plays a card game's history again."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.games.auto import make_bots, make_game, play_hand
from twentyone.games.durak.strong import DurakStrongBot
from twentyone.games.president.bots import PresidentBot
from twentyone.games.registry import GAMES

runner = CliRunner()


def play(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_durak_reports_how_often_each_seat_was_the_durak() -> None:
    data = play("--game", "durak", "--players", "3", "--auto", "--rounds", "30", "--seed", "2",
                "--json")
    assert data["games"] == 30
    assert sum(s["durak"] for s in data["seats"].values()) + data["draws"] == 30


def test_president_reports_the_titles_each_seat_held() -> None:
    data = play("--game", "president", "--players", "5", "--auto", "--rounds", "12", "--seed",
                "4", "--json")
    assert len(data["seats"]) == 5
    for s in data["seats"].values():
        assert sum(s["titles"].values()) == data["games"] == 12


def test_solo_whist_counters_are_conserved() -> None:
    data = play("--game", "solo-whist", "--players", "4", "--auto", "--rounds", "15", "--seed",
                "1", "--json")
    assert sum(s["counters"] for s in data["seats"].values()) == 0


def test_the_same_seed_plays_the_same_games() -> None:
    args = ("--game", "durak", "--players", "4", "--auto", "random", "--rounds", "10", "--seed",
            "9", "--json")
    assert play(*args) == play(*args)


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "durak", "--json"], "add --auto"),
    (["--game", "chess", "--auto"], "no game 'chess'"),
    (["--game", "durak", "--auto", "clever"], "names the bots"),
    (["--game", "solo-whist", "--players", "3", "--auto"], "four"),
    (["--game", "durak", "--level", "grandmaster"], "no bot called 'grandmaster' for durak"),
    (["--game", "durak", "--auto", "--level", "strong"], "--level does not apply with --auto"),
    (["--level", "strong"], "--level does not apply to the casino game"),
])
def test_a_bad_request_says_why(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code != 0
    assert message in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("name", ["solo-whist", "durak", "president"])
def test_verify_plays_a_card_games_history_again(tmp_path: Path, name: str) -> None:
    """``twentyone verify`` checks a card game's history through the registry's replay: a true
    one deals again; one with an event changed is refused in words, exit 1."""
    g = make_game(name, GAMES[name].players[0], 5)
    bots = make_bots(name, GAMES[name].players[0], 5, None)
    play_hand(g, bots)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(g.history()))
    ok = runner.invoke(app, ["verify", str(path), "--json"])
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.output)["hands"] == 1
    history = g.history()
    history["events"][-1]["kind"] = "changed"
    path.write_text(json.dumps(history))
    bad = runner.invoke(app, ["verify", str(path)])
    assert bad.exit_code == 1 and "Not verified" in bad.output


def test_the_headless_table_says_each_seats_result_in_the_registrys_words(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """ISSUE23, "one game core": the command line names no game; a card game's result per seat
    is put in words by its own entry in the registry (``GameEntry.seat_words``)."""
    def words_of(name: str) -> Callable[[Mapping[str, Any]], str]:
        return lambda seat: f"as {name} says"

    for name, entry in list(GAMES.items()):
        assert entry.seat_words is not None
        monkeypatch.setitem(GAMES, name, dataclasses.replace(entry, seat_words=words_of(name)))
        result = runner.invoke(app, ["play", "--game", name, "--players",
                                     str(entry.players[0]), "--auto", "--rounds", "2",
                                     "--seed", "1"])
        assert result.exit_code == 0, result.output
        assert result.output.count(f"as {name} says") == entry.players[0]


def test_at_the_terminal_the_bots_are_of_the_level_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/games/bots.md: ``--level strong`` seats strong bots in the seats beside the person
    (here without a terminal, so the table is set and the command stops, saying why)."""
    import twentyone.tui.cardroom as cardroom

    seated: list[type] = []
    real = cardroom.CardRoomApp

    def recording(game: Any, bots: Mapping[int, Any], **kwargs: Any) -> Any:
        seated.extend(type(b) for _, b in sorted(bots.items()))
        return real(game, bots, **kwargs)

    monkeypatch.setattr(cardroom, "CardRoomApp", recording)
    result = runner.invoke(app, ["play", "--game", "durak", "--players", "3", "--level",
                                 "strong"])
    assert result.exit_code == 2 and "needs a terminal" in result.output
    assert seated == [DurakStrongBot] * 2
    seated.clear()
    runner.invoke(app, ["play", "--game", "president", "--players", "4"])
    assert seated == [PresidentBot] * 3
