"""Pontoon at the terminal in its own words (issue 36): the banker's natural is a pontoon on the
felt and in the log (docs/pontoon.md#the-bankers-natural), a split's hands are named as they are
settled, the bank's lines read as sentences, the players may agree on the first banker
(docs/pontoon.md#choosing-the-first-banker), and a sale of the bank for nothing is refused
(docs/pontoon.md#giving-or-selling-the-bank)."""

from __future__ import annotations

import pytest
from tui_kit import drive, pontoon_game

from twentyone.engine.shoe import RandomShuffler, StackedShuffler
from twentyone.pontoon.table import PontoonRules, PontoonTable
from twentyone.tui.launch import pontoon_app

SIZES = [(80, 24), (100, 30)]


@pytest.mark.parametrize("size", SIZES)
def test_the_banks_natural_is_a_pontoon_on_the_felt_and_in_the_log(
        size: tuple[int, int]) -> None:
    t = PontoonTable(PontoonRules(players=3), seed=1)
    p = drive(pontoon_app(pontoon_game(t), [2], chips=100), t,
              ["", "s", "", "s", "", "s", "", "s", ""], size=size)
    assert "The bank has a natural!" in p.log
    assert "Seat 2 pays $2 (the bank's pontoon)" in p.log
    assert any("the bank's pontoon -$2" in screen for screen in p.screens)
    assert not any("blackjack" in line for line in p.log)
    assert not any("blackjack" in screen for screen in p.screens)
    # The cards come from a pack in the banker's hand (docs/pontoon.md#players-and-the-pack).
    assert any("Pack █" in screen for screen in p.screens)
    assert not any("Shoe" in screen or "shoe" in screen for screen in p.screens)
    # The bank's lines are sentences, and its standing is said once, with its total.
    assert not any(line.startswith("the bank") for line in p.log)
    assert "The bank stands" not in p.log
    assert any(line.startswith("The bank stands on ") for line in p.log)


@pytest.mark.parametrize("size", SIZES)
def test_the_log_says_which_split_hand_won_and_which_lost(size: tuple[int, int]) -> None:
    # The draw finds seat 2; seat 3, a bot, is dealt 8-8 and splits; the bank stands on 17.
    t = PontoonTable(PontoonRules(players=3), StackedShuffler(
        [["Js"], ["8h", "10c", "10d", "8d", "9c", "7s", "Kc", "2c", "3s"]],
        then=RandomShuffler.seeded(0)))
    p = drive(pontoon_app(pontoon_game(t), [2], chips=100), t, ["", "s"], size=size)
    assert "Seat 3 splits" in p.log
    assert "Seat 3 hand 1 collects $1 (win)" in p.log
    assert "Seat 3 hand 2 pays $1 (bust)" in p.log
    # The next deal's bet is the seat's again, not a hand's.
    assert not any("hand 1 bets" in line for line in p.log)


@pytest.mark.parametrize("size", SIZES)
def test_the_players_may_agree_on_the_first_banker(size: tuple[int, int]) -> None:
    t = PontoonTable(PontoonRules(players=3), seed=1)  # the draw finds seat 1
    p = drive(pontoon_app(pontoon_game(t), [1], chips=100, first_banker=3), t, [""], size=size)
    assert "★ Seat 1 takes the bank (first banker)." in p.log
    assert "As the players agreed, seat 1 gives the bank to seat 3." in p.log
    assert "★ Seat 3 takes the bank (given by seat 1)." in p.log
    assert "── deal 1 (seat 3 banks) ──" in p.log


@pytest.mark.parametrize("size", SIZES)
def test_selling_the_bank_for_nothing_is_refused(size: tuple[int, int]) -> None:
    t = PontoonTable(PontoonRules(players=3), seed=1)  # seat 1, a person, draws the bank
    seen: list[list[str]] = []
    p = drive(pontoon_app(pontoon_game(t), [1], chips=100), t, ["s 2 0", "k"], size=size,
              check=lambda app: seen.append(list(app.session.notes)))
    assert p.prompts[0].startswith("Seat 1, the bank is yours")
    assert p.prompts[1].startswith("Seat 1, the bank is yours")  # asked again
    assert seen[1] == ["✗ a sale is for at least one chip; g 2 gives the bank away"]
    assert t.banker == 1 and not any("Offered by" in line for line in p.log)
