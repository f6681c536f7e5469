"""The terminal table shares its rows so nothing a player needs leaves the screen: after ``??``
at 80x24 in the pitch game with three seats (one of them split), the prompt and the input line
stay on screen, the hint is whole, and the dealer's calls keep three rows (issue 36: the hint
pushed the prompt and input off and the calls shrank to a row). README: any terminal from 80x24.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import RichLog, Static
from tui_kit import casino, casino_table_app, type_line

from twentyone.cards import Card
from twentyone.engine.views import TableView
from twentyone.protocol import Op
from twentyone.rules import PRESETS
from twentyone.tui.fit import LOG_ROWS, fit

#: A hint as long as the real ``??`` one at 80 columns (six rows there).
HINT = [
    "Basic strategy, hard 10 against 3♦: double",
    "Unseen since the shuffle: 36 cards (A×4, 2×2, 3×2, 4×3, 5×3, 6×2, 7×3, 8×3, 9×1, 10×13)",
    "EV per bet, the cards left: ▶ double +0.517 ($15.51) · hit +0.259 ($7.76) · "
    "stand -0.248 (-$7.43)",
    "Hi-Lo: running count +5, true count +7.2: the index plays say double",
]


def hint(v: TableView, seen: Sequence[Card] | None) -> list[str]:
    return list(HINT)


class SplitsThenStands:
    """A bot that splits a pair it may split and stands on everything else."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Op]) -> Op:
        names = {op.name: op for op in legal}
        return next(names[n] for n in ("split", "stand", "decline") if n in names)


def test_the_rows_go_to_the_prompt_the_note_and_the_calls_before_the_felt() -> None:
    roomy = fit(60, fixed=5, notes=6, felt_lines=2, seat_rows=[4, 3])
    assert not (roomy.crowded or roomy.flat or roomy.bare_log)
    # 80x24 with a six-row hint: every border goes before a call does.
    tight = fit(24, fixed=5, notes=6, felt_lines=2, seat_rows=[4, 3])
    assert (tight.crowded, tight.flat, tight.bare_log) == (True, True, True)
    assert tight.notes_rows == 6 and tight.felt_rows == 24 - 5 - 6 - LOG_ROWS == 10
    # A note too long for the screen is cut, never the felt below its least.
    huge = fit(24, fixed=5, notes=40, felt_lines=2, seat_rows=[4, 3])
    assert huge.notes_rows == 24 - 5 - 4 - LOG_ROWS


@pytest.mark.parametrize("size", [(80, 24), (100, 24), (100, 30)])
def test_after_the_hint_the_prompt_input_hint_and_calls_are_all_on_screen(
        size: tuple[int, int]) -> None:
    bots = {1: SplitsThenStands(), 3: SplitsThenStands()}
    # Seat 1 gets a pair of nines and splits; seat 2 (the person) a hard 10 against a 3.
    t = casino(PRESETS["single-deck"],
               ["9s", "4c", "5s", "3d", "9c", "6c", "Ks", "Jh", "2d", "7c", "8d", "4h", "5h"],
               humans=[2], bots=bots)
    app = casino_table_app(t, humans=[2], bots=bots, hint=hint)
    width = size[0]

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for line in ("30", "??"):
                await type_line(pilot, app, line)
            await pilot.pause()
            assert app.session.notes == HINT
            screen = app.screen.region
            for part in ("#prompt", "#command", "#notes"):
                region = app.query_one(part).region
                assert region.height >= 1 and screen.contains_region(region), part
            # The hint whole: every wrapped row of it has a row on the screen.
            notes = app.query_one("#notes", Static)
            wrapped = Text("\n".join(HINT)).wrap(app.console, width - 2)
            assert notes.region.height >= len(wrapped)
            prompt = app.query_one("#prompt", Static)
            assert prompt.region.height == len(
                Text(str(prompt.content)).wrap(app.console, width - 2))
            # The dealer's calls keep their rows, the newest of them in view (the hint's rows
            # taken from the calls once left older calls showing and the last ones hidden),
            # and every seat is whole on the felt.
            log = app.query_one("#log", RichLog)
            assert log.content_region.height >= LOG_ROWS
            assert len(log.lines) > log.content_region.height
            assert log.scroll_offset.y == log.max_scroll_y > 0
            felt = app.query_one("#felt").content_region
            assert all(felt.contains_region(w.region) for w in app.query(".seat"))
            split = " ".join(str(next(app.query(".seat").results(Static)).content).split())
            assert "1: 9♠ ░░░ ? bet $5 2: 9♣ ░░░ ? bet $5" in split
            await pilot.press("ctrl+c")

    asyncio.run(run())
