"""A full table in an 80×24 terminal shows every seat on the felt (issue 24: with five Pontoon
players the last box, the bank's among them, was cut off; seven casino seats lost the seventh).
Where the boxes fit, they keep their borders."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Static
from tui_kit import casino, casino_table_app, pontoon_game

from twentyone.pontoon.table import PontoonRules, PontoonTable
from twentyone.rules import PRESETS
from twentyone.tui.app import TableApp
from twentyone.tui.launch import pontoon_app


def drawn(app: TableApp, size: tuple[int, int]) -> tuple[list[str], bool]:
    """The seat boxes not wholly inside the felt's visible inside once the table is drawn, and
    whether the seats were drawn without their borders."""

    async def run() -> tuple[list[str], bool]:
        async with app.run_test(size=size) as pilot:
            for _ in range(300):
                await pilot.pause(0.01)
                if app.session.ask is not None:
                    break
            felt = app.query_one("#felt").content_region
            panels = list(app.query(".seat").results(Static))
            assert panels
            hidden = [str(w.name) for w in panels if not felt.contains_region(w.region)]
            crowded = app.screen.has_class("crowded")
            await pilot.press("ctrl+c")
            return hidden, crowded

    return asyncio.run(run())


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (60, 40)])
def test_five_pontoon_players_all_show(size: tuple[int, int]) -> None:
    app = pontoon_app(pontoon_game(PontoonTable(PontoonRules(players=5), seed=1)), [1],
                      chips=100)
    assert drawn(app, size)[0] == []


def test_seven_casino_seats_all_show_at_80_by_24() -> None:
    seats = range(1, 8)
    t = casino(PRESETS["classic"], [], humans=seats)
    assert drawn(casino_table_app(t, humans=seats), (80, 24))[0] == []


def test_a_roomy_screen_keeps_the_seat_boxes() -> None:
    app = pontoon_app(pontoon_game(PontoonTable(PontoonRules(players=3), seed=1)), [1],
                      chips=100)
    assert drawn(app, (110, 40)) == ([], False)
