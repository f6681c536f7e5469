"""The casino table's words at 80x24 and at 100 columns (issue 36): a refused move says the
table's reason (docs/casino.md#double_on: classic doubles on 9, 10 or 11 only) and lists every
choice, ``??`` included; ``buy`` is offered between rounds; F2 names every rule in words; the
single-deck pitch game's cards are a deck in the dealer's hand, not a shoe
(docs/casino.md#player_cards)."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Static
from tui_kit import casino, casino_table_app, drive

from twentyone.rules import PRESETS

SIZES = [(80, 24), (100, 30)]


@pytest.mark.parametrize("size", SIZES)
def test_a_refused_double_says_why_and_lists_every_choice(size: tuple[int, int]) -> None:
    t = casino(PRESETS["classic"], ["10s", "9c", "2h", "7d"])  # hard 12 against a 9
    notes: list[list[str]] = []
    p = drive(casino_table_app(t), t, ["10", "d", "s"], size=size,
              check=lambda app: notes.append(list(app.session.notes)))
    assert notes[2] == ["✗ no double: you may double only on a total of 9, 10 or 11; "
                        "choose one of: h, s, ?, ??"]
    assert "Seat 1 stands on 12" in " ".join(p.log) or any("stands" in x for x in p.log)
    assert not any("doubles" in line for line in p.log)
    # Buying chips is a choice between rounds, so the prompt offers it.
    assert "buy AMOUNT more chips" in p.prompts[0]


@pytest.mark.parametrize("size", SIZES)
def test_an_unknown_word_lists_the_odds_too(size: tuple[int, int]) -> None:
    t = casino(PRESETS["classic"], ["10s", "9c", "2h", "7d"])
    notes: list[list[str]] = []
    drive(casino_table_app(t), t, ["10", "zz", "s"], size=size,
          check=lambda app: notes.append(list(app.session.notes)))
    assert notes[2] == ["✗ 'zz' is not a choice now; choose one of: h, s, ?, ??"]


@pytest.mark.parametrize("size", SIZES)
def test_the_pitch_game_is_a_deck_in_the_dealers_hand(size: tuple[int, int]) -> None:
    t = casino(PRESETS["single-deck"], [])
    p = drive(casino_table_app(t), t, ["5"], size=size)
    felt = "\n".join(p.screens)
    assert "Deck in hand" in felt and "cut card in the deck" in felt
    assert "Shoe" not in felt and "in the shoe" not in felt


@pytest.mark.parametrize("size", SIZES)
def test_f2_names_the_rules_in_words(size: tuple[int, int]) -> None:
    t = casino(PRESETS["classic"], [])
    app = casino_table_app(t)

    async def run() -> str:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("f2")
            await pilot.pause()
            page = str(app.screen.query_one("#page-body", Static).content)
            await pilot.press("escape", "ctrl+c")
            return page

    page = asyncio.run(run())
    assert "Double down on" in page and "9, 10 or 11" in page
    assert "Pairs that split" in page and "same rank only" in page
    assert "_" not in page.split("docs/casino.md")[0]  # no raw keys before the pointer
