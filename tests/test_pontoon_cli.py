"""``twentyone play --game pontoon``: the headless JSON contract, and the hot-seat game the
command builds, played through Textual's pilot (issue 5's faces)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from engine_kit import replayed_pontoon
from tui_kit import (
    CTRL_C,
    Played,
    drive,
    drive_by,
    prompt_text,
    screen_text,
    squash,
    table_of,
)
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.cli import pontoon as pontoon_cli
from twentyone.pontoon.table import PontoonTable
from twentyone.protocol import seal
from twentyone.tui.app import TableApp
from twentyone.tui.pontoon import PontoonManners

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


@pytest.fixture
def apps(monkeypatch: pytest.MonkeyPatch) -> list[TableApp]:
    """``twentyone play --game pontoon`` as if at a terminal: the app is kept for the pilot."""
    built: list[TableApp] = []
    monkeypatch.setattr(pontoon_cli, "need_terminal", lambda: None)
    monkeypatch.setattr(pontoon_cli, "run_app", lambda app, history=None: built.append(app))
    return built


def pontoon(apps: list[TableApp], args: list[str], lines: list[str]) -> Played:
    result = runner.invoke(app, ["play", "--game", "pontoon", *args])
    assert result.exit_code == 0, result.output
    (table_app,) = apps
    return drive(table_app, table_of(table_app), lines)


def test_pontoon_without_a_terminal_says_so() -> None:
    result = runner.invoke(app, ["play", "--game", "pontoon"], input="")
    assert result.exit_code == 2 and "needs a terminal" in result.output


def test_pontoon_at_the_terminal_marks_the_banker_and_passes_the_bank(
        apps: list[TableApp]) -> None:
    """A person in seat 1 against bots: bets, stands, and sees the bank marked and moving."""
    p = pontoon(apps, ["--players", "3", "--bot", "2", "--bot", "3", "--seed", "11",
                       "--bankroll", "40"], ["1", "s"] * 30)
    assert any("takes the bank (first banker)" in line for line in p.log)
    assert any("★ BANK" in screen for screen in p.screens)
    assert "dealt face up round the table from seat 1 until a black jack" in p.log[0]


def test_a_human_banker_decides_at_the_terminal(apps: list[TableApp]) -> None:
    """Issue 5: "A human banker decides" — with seed 0 seat 1 draws the bank against one bot and
    is asked to hit or stand whenever a hand stands against the bank."""
    p = pontoon(apps, ["--players", "2", "--bot", "2", "--seed", "0", "--bankroll", "40"],
                ["k", *["s"] * 40])
    assert "★ Seat 1 takes the bank (first banker)." in p.log
    assert any("Seat 1, the bank is yours" in prompt for prompt in p.prompts)
    assert any("Seat 1 banks, holding" in prompt for prompt in p.prompts)


def test_a_sale_of_the_bank_at_the_terminal_waits_for_the_buyer(apps: list[TableApp]) -> None:
    """Issue 22: selling the bank took the buyer's chips without asking. At the terminal the
    buyer is asked: a decline moves nothing and the banker is asked again; an accept pays."""
    p = pontoon(apps, ["--players", "2", "--people", "2", "--seed", "0", "--bankroll", "40"],
                ["s 2 5", "d", "s 2 5", "a"])
    t = p.table
    assert isinstance(t, PontoonTable)
    offered = [q for q in p.prompts if "seat 1 offers you the bank for $5" in q]
    assert len(offered) == 2 and all("a accept · d decline" in q for q in offered)
    assert p.prompts[2].startswith("Seat 1, the bank is yours")  # asked again after "d"
    assert "The offer of the bank to seat 2 is declined." in p.log
    assert "★ Seat 2 takes the bank (sold by seat 1)." in p.log
    assert t.banker == 2
    assert {n: t.bankroll(n) for n in t.seats} == {1: 4500, 2: 3500}


def test_a_bot_declines_to_buy_the_bank_and_takes_it_as_a_gift(apps: list[TableApp]) -> None:
    p = pontoon(apps, ["--players", "2", "--bot", "2", "--seed", "0", "--bankroll", "40"],
                ["s 2 5", "g 2"])
    assert "seat 2 is a bot, and bots do not buy banks" in p.screens[1]
    assert "★ Seat 2 takes the bank (given by seat 1)." in p.log
    assert {n: p.table.bankroll(n) for n in p.table.seats} == {1: 4000, 2: 4000}


def test_the_pontoon_prompts_keep_their_letters_and_advice(apps: list[TableApp]) -> None:
    """The prompts once lost their letters to markup ("— it, tand?"); ? once answered "Type
    h, s, d or p."; an empty Enter once stood for the banker."""
    p = pontoon(apps, ["--players", "2", "--bot", "2", "--seed", "0", "--bankroll", "40"],
                ["k", *["", "?", "s"] * 10])
    bank = next(q for q in p.prompts if "the bank is yours" in q)
    assert "k keep (Enter) · g SEAT give it · s SEAT CHIPS sell it" in bank
    banker = [i for i, q in enumerate(p.prompts) if "banks, holding" in q]
    assert banker
    assert "h hit · s stand · ? advice" in p.prompts[banker[0]]
    after = p.screens[banker[0] + 1]
    if p.prompts[banker[0]] == p.prompts[banker[0] + 1]:  # the line typed was "" or "?"
        assert "✗ the banker decides: h to hit, s to stand" in after or "Advice:" in after


def test_a_player_prompt_offers_double_and_split_when_legal(apps: list[TableApp]) -> None:
    p = pontoon(apps, ["--players", "3", "--bot", "2", "--bot", "3", "--seed", "0",
                       "--bankroll", "40"], ["1", "?", "s"] * 12)
    plays = [q for q in p.prompts if "s stand" in q and "banks" not in q]
    assert plays and all(q.split(" › ")[1].startswith("h hit · s stand") for q in plays)
    assert any("Advice:" in screen for screen in p.screens)


def test_ctrl_c_at_the_bet_prompt_loses_nobody_a_chip(apps: list[TableApp]) -> None:
    """The issue: Ctrl-C at the bet prompt lost a bot's $1 that was already bet."""
    for seed in range(6):
        apps.clear()
        p = pontoon(apps, ["--players", "4", "--bot", "2", "--bot", "3", "--bot", "4",
                           "--seed", str(seed), "--bankroll", "40"], ["k", CTRL_C])
        t = p.table
        assert all(not s.hands for s in t.seats.values())
        assert {n: t.bankroll(n) for n in t.seats} == {n: 4000 for n in (1, 2, 3, 4)}


def test_a_game_at_the_terminal_writes_a_history_that_replays(apps: list[TableApp],
                                                              tmp_path: Path) -> None:
    """Issue 5: replay of a hand history reproduces the game, from the command line's record."""
    path = tmp_path / "pontoon.json"
    played = pontoon(apps, ["--players", "4", "--bot", "2", "--bot", "3", "--bot", "4", "--seed",
                            "21", "--bankroll", "30", "--history", str(path)],
                     ["2", "h", "s"] * 20)
    history = json.loads(path.read_text(encoding="utf-8"))
    again = replayed_pontoon(history)
    assert [e.to_json() for e in again.log] == history["events"]
    assert any(e["kind"] == "round-ended" for e in history["events"])
    checked = CliRunner().invoke(app, ["verify", str(path), "--json"])
    assert checked.exit_code == 0, checked.output
    # Its seal is the protocol's: the game's history as ``CasinoGame.history`` gives it.
    protocol_form = {"format": "twentyone-table-ops/1", "game": "pontoon",
                     "rules": history["rules"], "shuffles": history["shuffles"],
                     "ops": history["operations"], "events": history["events"]}
    assert json.loads(checked.output) == {"record": "pontoon", "rounds": again.round,
                                          "seal": seal(protocol_form)}
    # The seal the table showed when the game closed is the one verify finds.
    assert f"sealed {seal(protocol_form)}" in " ".join(played.app.session.goodbye())
    dealt = next(e for e in history["events"] if e["kind"] == "dealt" and "card" in e)
    dealt["card"] = "Kd" if dealt["card"] != "Kd" else "Qd"
    path.write_text(json.dumps(history), encoding="utf-8")
    tampered = CliRunner().invoke(app, ["verify", str(path)])
    assert tampered.exit_code == 1 and "Not verified" in tampered.output
    del history["shuffles"]
    path.write_text(json.dumps(history), encoding="utf-8")
    broken = CliRunner().invoke(app, ["verify", str(path)])
    assert broken.exit_code == 1 and "not a complete Pontoon record" in broken.output


def test_a_banker_against_two_bots_sees_each_deals_outcome_on_the_felt(
        apps: list[TableApp]) -> None:
    """Issue 24: banking against two bots, the next screen was already deal 3 (the bots bet
    without the banker). Each deal now stays on the felt, settled, until the banker moves on;
    the header names the bank of the deal shown, even once the bank has passed (the issue's seed
    1: seat 1 banks four deals, and seat 2's pontoon takes the bank in the fourth)."""
    result = runner.invoke(app, ["play", "--game", "pontoon", "--players", "3", "--bot", "2",
                                 "--bot", "3", "--seed", "1", "--bankroll", "100"])
    assert result.exit_code == 0, result.output
    (table_app,) = apps
    t = table_of(table_app)
    assert isinstance(t, PontoonTable)
    settled: dict[int, str] = {}
    bankers: dict[int, int | None] = {}

    def choose(a: TableApp) -> str:
        prompt = squash(prompt_text(a))
        if "is settled" in prompt:
            settled[t.round] = screen_text(a)
            bankers[t.round] = t.banker
            return ""
        return "k" if "the bank is yours" in prompt else "1" if "bet how many" in prompt else "s"

    drive_by(table_app, t, choose, 30)
    assert sorted(settled)[:4] == [1, 2, 3, 4]  # no deal the person banked passed unseen
    for deal, screen in settled.items():
        dealer_line = next(line for line in screen.splitlines() if line.startswith("Bank"))
        assert dealer_line.startswith("Bank (seat 1)"), (deal, dealer_line)
        assert "waiting for bets" not in dealer_line  # the deal's cards are on the felt
        assert f"deal {deal}" in screen.splitlines()[0]
    assert bankers[4] == 2  # the bank had passed, and the header still named the deal's bank


@pytest.mark.parametrize(("args", "people"), [
    ([], [1]), (["--players", "5"], [1]), (["--people", "3"], [1, 2, 3]),
    (["--players", "3", "--bot", "3"], [1, 2])])
def test_someone_alone_plays_seat_1_against_bots(apps: list[TableApp], args: list[str],
                                                 people: list[int]) -> None:
    """Issue 24: with no --bot, four people shared one screen. One person plays seat 1 and bots
    the rest (docs/pontoon.md#bots-at-the-pontoon-table); --people N seats more people, from
    seat 1."""
    result = runner.invoke(app, ["play", "--game", "pontoon", "--seed", "3", *args])
    assert result.exit_code == 0, result.output
    (table_app,) = apps
    session = table_app.session
    assert isinstance(session.manners, PontoonManners)
    assert sorted(session.humans) == people


@pytest.mark.parametrize(("args", "words"), [
    (["--game", "pontoon", "--people", "5"], "more than the 4 --players"),
    (["--game", "pontoon", "--people", "2", "--bot", "3"], "not both"),
    (["--people", "2"], "--people does not apply to the casino game"),
    (["--game", "pontoon", "--auto", "reading", "--people", "2"], "with --auto")])
def test_people_is_refused_where_it_cannot_apply(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2 and words in result.output, result.output

