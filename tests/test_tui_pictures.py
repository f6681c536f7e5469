"""The terminal tables the README shows (docs/images/screens), played by the pilot at 100x30 and
saved as SVG: the casino table mid-round, a split hand, and Pontoon with the banker marked. Each
scene checks the words a newcomer reads in it (the shoe's cut card, both split hands, Pontoon's
pack and its "1 discard"), so a picture retaken is a picture of the table as it is now.

``TWENTYONE_TUI_SHOTS=docs/images/screens`` writes the pictures there (else a temporary folder).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tui_kit import casino, pontoon_game, screen_text, type_line

from twentyone.engine.table import Table
from twentyone.games.blackjack import CasinoGame
from twentyone.pontoon.table import PontoonRules, PontoonTable
from twentyone.protocol import Op
from twentyone.rules import PRESETS
from twentyone.tui.app import TableApp
from twentyone.tui.launch import casino_app, pontoon_app

SIZE = (100, 30)


class Stands:
    """A bot that stands on every hand (and declines insurance): the pictures need no odds."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Op]) -> Op:
        return next(op for op in legal if op.name in ("stand", "decline"))


def classic_app(t: Table, person: int, bots: dict[int, Stands]) -> TableApp:
    """The classic table as ``twentyone play --rules classic`` titles it, with ``bots``."""
    return casino_app(CasinoGame(t), humans=[person], bot_seats=sorted(bots), stake=100_000,
                      name="classic", base=None, bots=dict(bots), hint=lambda v, seen: [],
                      history=None)


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("TWENTYONE_TUI_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def picture(app: TableApp, lines: Sequence[str], name: str, folder: Path) -> str:
    """Type ``lines``, save the screen as ``name``.svg in ``folder``; the screen's text."""

    async def run() -> str:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for _ in range(2000):  # any first work runs in a thread; wait for the prompt
                if app.session.ask is not None:
                    break
                await pilot.pause(0.01)
            for line in lines:
                await type_line(pilot, app, line)
            await pilot.pause()
            text = screen_text(app)
            app.save_screenshot(f"{name}.svg", path=str(folder))
            await pilot.press("ctrl+c")
            return text

    return asyncio.run(run())


def test_the_casino_table_mid_round(tmp_path: Path) -> None:
    bots = {1: Stands(), 3: Stands()}
    # Seat 1 9-7, seat 2 (the person) K-9, seat 3 6-8; the dealer shows 6 over a 10.
    t = casino(PRESETS["classic"], ["9s", "Kd", "6c", "6h", "7d", "9h", "8c", "10s"],
               humans=[2], bots=bots)
    text = picture(classic_app(t, 2, bots), ["25"], "casino-table",
                   shots(tmp_path))
    assert "Shoe █" in text and "cut card in the shoe" in text
    assert "K♦ 9♥ hard 19 bet $25" in text and "Seat 2 hard 19 › h hit · s stand" in text


def test_a_split_hand(tmp_path: Path) -> None:
    bots = {2: Stands()}
    # Seat 1 (the person) 8-8 against a 6, splits: 8-3-K on the first hand, 8-2 on the second.
    t = casino(PRESETS["classic"], ["8s", "9c", "6c", "8h", "7d", "10s", "3c", "Ks", "2d"],
               humans=[1], bots=bots)
    text = picture(classic_app(t, 1, bots), ["10", "p", "h"],
                   "split-hand", shots(tmp_path))
    assert "1: 8♠ 3♣ K♠ hard 21 bet $10" in text
    assert "▶ 2: 8♥ 2♦ hard 10 bet $10" in text


def test_pontoon_with_the_banker_marked(tmp_path: Path) -> None:
    t = PontoonTable(PontoonRules(players=4), seed=1)  # the draw finds seat 1, a person
    text = picture(pontoon_app(pontoon_game(t), [1], chips=40, first_banker=3), ["2"], "pontoon",
                   shots(tmp_path))
    assert "Seat 3 (bot) ★ BANK" in text and "Pack █" in text
    assert "Shoe" not in text and "1 discards" not in text
