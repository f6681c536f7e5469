"""The card room's page components in Chromium, against frames made straight from the games
(``card_harness``: no server): one page plays seat 1 of a whole hand with bots at the other
seats, and after every frame the page is read back and held to that frame (the screen is the
view), a card no legal move uses is tapped and stays unpicked with the game's reason, and every
move is made by tapping cards and buttons (docs/web.md#the-card-room-in-the-browser)."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from browser_kit import page_for, settled
from card_harness import Harness
from card_screen import assert_screen_is_view, make_move, my_turn, screen, try_blocked
from playwright.sync_api import Browser, Page, expect

from twentyone.games.core.ops import Bid, Deal, Pass
from twentyone.games.core.shuffle import RandomShuffler
from twentyone.games.registry import GAMES

NAMES = {1: "Ann", 2: "Bob", 3: "Cleo", 4: "Dev"}
WAIT_MS = 15_000


def next_frame(page: Page, hz: Harness, seen: int, seat: int = 1) -> dict[str, Any]:
    """Wait (with a deadline) until the harness has sent ``seat`` more than ``seen`` frames and
    the page has drawn them all; the last one."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while len(hz.sent.get(seat, [])) <= seen:
        if time.monotonic() > deadline:
            raise AssertionError("no new frame reached the page")
        page.wait_for_timeout(30)
    expect(page.locator("section.card-room")).to_have_attribute("data-frames",
                                                                  str(len(hz.sent[seat])))
    settled(page)
    return hz.sent[seat][-1]


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


def whist_table(browser: Browser, errors: list[str],
                seats: tuple[int, ...]) -> tuple[Harness, dict[int, Page]]:
    """A dealt Solo Whist hand (seat 1 deals, seat 2 speaks first) where every seat is a person:
    ``seats`` have pages, the test moves the others itself."""
    game = GAMES["solo-whist"].new(4, RandomShuffler.seeded(4))
    game.apply(Deal(1))
    hz = Harness(game, NAMES, people=(1, 2, 3, 4))
    pages: dict[int, Page] = {}
    for seat in seats:
        pages[seat] = page_for(browser, errors, phone=seat == 2, wait_ms=WAIT_MS)
        hz.open(pages[seat], seat)
        next_frame(pages[seat], hz, 0, seat)
    return hz, pages


def others(hz: Harness, *ops: Any) -> None:
    """Moves of the seats without a page, then every page's frame."""
    for op in ops:
        hz.game.apply(op)
    hz.push()


def test_whist_prop_and_cop(browser: Browser) -> None:
    """docs/games/solo-whist.md#bidding: after a Prop, the next player is offered Cop (naming
    the proposer) beside the ladder; once accepted, both partners are the declarers."""
    errors: list[str] = []
    hz, pages = whist_table(browser, errors, (2, 3))
    try:
        pages[2].locator("button.move[data-bid='prop']").click()
        cop = pages[3].locator("button.move[data-op='cop']")
        expect(cop).to_have_text("Cop: partner Bob")
        expect(pages[3].locator(".ladder tr[data-bid='prop']")).to_have_class(re.compile("below"))
        assert_screen_is_view(screen(pages[3]), hz.sent[3][-1])
        cop.click()
        settled(pages[3])
        others(hz, Pass(4), Pass(1))
        expect(pages[2].locator(".contract")).to_contain_text("Prop by You and Cleo")
        expect(pages[2].locator(".cseat[data-seat='3'] .role-badge")).to_contain_text(["declarer"])
        assert not errors
    finally:
        for page in pages.values():
            page.context.close()


def test_whist_abundance_names_trumps(browser: Browser) -> None:
    """docs/games/solo-whist.md#trumps: an Abundance declarer is offered the four suits, and the
    contract then shows the suit named."""
    errors: list[str] = []
    hz, pages = whist_table(browser, errors, (2,))
    try:
        pages[2].locator("button.move[data-bid='abundance']").click()
        settled(pages[2])
        others(hz, Pass(3), Pass(4), Pass(1))
        suits = pages[2].locator("button.move[data-op='name-trump']")
        expect(suits).to_have_count(4)
        assert_screen_is_view(screen(pages[2]), hz.sent[2][-1])
        pages[2].locator("button.move[data-suit='h']").click()
        expect(pages[2].locator(".contract")).to_contain_text("trumps ♥ hearts")
        assert not errors
    finally:
        pages[2].context.close()


def test_whist_open_misere_shown_only_once_exposed(browser: Browser) -> None:
    """docs/games/solo-whist.md#misere-ouverte: a defender's page shows the declarer's hand only
    after the first trick, and then exactly the cards the frame exposes; the declarer's own page
    does not draw it twice."""
    errors: list[str] = []
    hz, pages = whist_table(browser, errors, (2, 3))
    try:
        pages[2].locator("button.move[data-bid='misere-ouverte']").click()
        settled(pages[2])
        pages[3].locator("button.move[data-op='pass']").click()
        settled(pages[3])
        others(hz, Pass(4), Pass(1))
        for seat in (2, 3):                 # the first trick: seat 2 leads, seat 3 follows
            frame = hz.sent[seat][-1]
            expect(pages[seat].locator("section.card-room")).to_have_attribute(
                "data-frames", str(len(hz.sent[seat])))
            assert my_turn(frame)
            make_move(pages[seat], frame["legal"][0], frame)
            settled(pages[seat])
            expect(pages[3].locator(".exposed")).to_have_count(0)
        game = hz.game
        others(hz, game.legal_ops(4)[0])
        expect(pages[3].locator(".exposed")).to_have_count(0)
        others(hz, game.legal_ops(1)[0])
        exposed = hz.sent[3][-1]["body"]["exposed"]
        assert list(exposed) == ["2"]
        shown = pages[3].locator(".exposed .card")
        expect(shown).to_have_count(len(exposed["2"]))
        assert sorted(shown.evaluate_all("els => els.map((e) => e.dataset.card)")) \
            == sorted(exposed["2"])
        expect(pages[2].locator(".exposed")).to_have_count(0)
        assert not errors
    finally:
        for page in pages.values():
            page.context.close()
