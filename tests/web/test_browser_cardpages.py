"""The card room's page components in Chromium, against frames made straight from the games
(``card_harness``: no server): one page plays seat 1 of a whole hand with bots at the other
seats, and after every frame the page is read back and held to that frame (the screen is the
view), a card no legal move uses is tapped and stays unpicked with the game's reason, and every
move is made by tapping cards and buttons (docs/web.md#the-card-room-in-the-browser)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from browser_kit import page_for, settled
from card_harness import Harness
from card_screen import assert_screen_is_view, make_move, my_turn, screen, try_blocked
from playwright.sync_api import Browser, Page, expect

from twentyone.games.core.ops import Bid, Deal
from twentyone.games.core.shuffle import RandomShuffler
from twentyone.games.registry import GAMES

NAMES = {1: "Ann", 2: "Bob", 3: "Cleo", 4: "Dev"}
WAIT_MS = 15_000


def next_frame(page: Page, hz: Harness, seen: int) -> dict[str, Any]:
    """Wait (with a deadline) until the harness has sent seat 1 more than ``seen`` frames and the
    page has drawn them all; the last one."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while len(hz.sent.get(1, [])) <= seen:
        if time.monotonic() > deadline:
            raise AssertionError("no new frame reached the page")
        page.wait_for_timeout(30)
    expect(page.locator("section.card-room")).to_have_attribute("data-frames", str(len(hz.sent[1])))
    settled(page)
    return hz.sent[1][-1]


def choose(hz: Harness, rng: random.Random, frame: dict[str, Any]) -> dict[str, Any]:
    """Seat 1's move: the game's bot decides, except that at Solo Whist seat 1 opens the
    bidding with Solo when it may, so that a contract is played."""
    game = hz.game
    legal = game.legal_ops(1)
    if game.name == "solo-whist" and Bid(1, "solo") in legal and not frame["body"]["high"]:
        return Bid(1, "solo").to_json()
    op = GAMES[game.name].bot(rng).choose(game.view(1), legal)
    return op.to_json()


@pytest.mark.parametrize(("name", "players", "phone"),
                         [("durak", 3, True), ("president", 4, False), ("solo-whist", 4, True)])
def test_page_plays_a_whole_hand(browser: Browser, name: str, players: int, phone: bool) -> None:
    game = GAMES[name].new(players, RandomShuffler.seeded(11))
    game.apply(Deal(1))
    hz = Harness(game, NAMES, seed=5, people=(1,))
    errors: list[str] = []
    page = page_for(browser, errors, phone=phone, wait_ms=WAIT_MS)
    rng = random.Random(3)
    try:
        hz.open(page, 1)
        frame = next_frame(page, hz, 0)
        explained = moves = 0
        while not game.hand_results():
            assert_screen_is_view(screen(page), frame)
            assert my_turn(frame)
            if explained < 3 and try_blocked(page, frame):
                explained += 1
            seen = len(hz.sent[1])
            make_move(page, choose(hz, rng, frame), frame)
            moves += 1
            assert moves < 200
            frame = next_frame(page, hz, seen)
        assert_screen_is_view(screen(page), frame)
        sheet = screen(page)["sheet"]
        assert len(sheet) == 3                  # the header, the finished hand, the summary
        assert explained > 0
        assert not errors
    finally:
        page.context.close()
