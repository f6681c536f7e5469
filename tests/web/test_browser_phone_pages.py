"""The card room's pages on a small phone (360 px), a common one (390 px) and a laptop (1280 px),
against frames made straight from the games (``card_harness``: no server): a finished Solo Whist
trick stays on the table, four cards and its winner, until the next card is led, and the last
trick comes back on request; a card only one legal move uses is played with one tap; President's
eighteen cards fit the width with every rank readable; Durak's trump card stands upright with
its corner in view (docs/web.md#the-card-room-in-the-browser). Each case is photographed at each
width into docs/images/web (``TWENTYONE_WEB_SHOTS``) to be looked at."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_kit import Server, free_port, serve_command, settled, shot, shots_dir
from card_harness import Harness
from playwright.sync_api import Browser, Page, ViewportSize, expect

from twentyone.games.core.ops import Bid, Deal, Pass
from twentyone.games.core.shuffle import RandomShuffler
from twentyone.games.registry import GAMES

NAMES = {1: "Ann", 2: "Bob", 3: "Cleo", 4: "Dev"}
WAIT_MS = 15_000
#: The three screens: a small phone, a common phone, a laptop.
WIDTHS: dict[int, ViewportSize] = {360: {"width": 360, "height": 740},
                                   390: {"width": 390, "height": 844},
                                   1280: {"width": 1280, "height": 800}}

#: Each hand card's box and its rank's box, in page order, and the page's width and scroll width.
MEASURE_HAND = """() => ({
  width: window.innerWidth,
  scroll: document.documentElement.scrollWidth,
  cards: [...document.querySelectorAll(".my-hand .hand-card")].map((el) => {
    const b = el.getBoundingClientRect();
    const r = el.querySelector(".corner.top b").getBoundingClientRect();
    return { code: el.dataset.card, left: b.left, right: b.right, top: b.top, bottom: b.bottom,
             rankLeft: r.left, rankRight: r.right, rankTop: r.top, rankBottom: r.bottom,
             rankLines: el.querySelector(".corner.top b").getClientRects().length };
  }),
})"""


#: The seat and card of each card of a trick drawn on the page.
SEATS_CARDS = "els => els.map((e) => [Number(e.dataset.seat), e.dataset.card])"


def page_at(browser: Browser, errors: list[str], width: int) -> Page:
    """A fresh page at one of ``WIDTHS``: the phones with touch, as a phone reports it."""
    phone = width < 700
    ctx = browser.new_context(viewport=WIDTHS[width], is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    page.set_default_timeout(WAIT_MS)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def drawn_frames(page: Page, hz: Harness, seat: int = 1) -> dict[str, Any]:
    """The page has drawn every frame sent to ``seat`` (once one was sent: the page says hello
    first); the last of them."""
    for _ in range(WAIT_MS // 30):
        if hz.sent.get(seat):
            break
        page.wait_for_timeout(30)
    expect(page.locator("section.card-room")).to_have_attribute("data-frames",
                                                                  str(len(hz.sent[seat])))
    settled(page)
    return hz.sent[seat][-1]


def others(hz: Harness, *ops: Any) -> None:
    """Moves of the seats the test plays itself, then every page's frame."""
    for op in ops:
        hz.game.apply(op)
    hz.push()


def play_one(page: Page, hz: Harness) -> None:
    """The next card of the trick: seat 1's by one tap on its page (each card is one legal
    move), any other seat's by the test."""
    game = hz.game
    seat = game.to_act
    assert seat is not None
    op = game.legal_ops(seat)[0]
    if seat != 1:
        others(hz, op)
        return
    code = op.to_json()["cards"][0]
    seen = len(hz.sent[1])
    page.locator(f".my-hand .hand-card[data-card='{code}']").click(position={"x": 8, "y": 24})
    expect(page.locator("section.card-room")).to_have_attribute("data-frames", str(seen + 1))
    assert code not in (hz.sent[1][-1]["body"]["hand"] or [])


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_whist_shows_the_finished_trick(browser: Browser, width: int, tmp_path: Path) -> None:
    """docs/games/solo-whist.md#the-play: when the fourth card falls, all four cards and who won
    stay on the table until the next card is led; then "Last trick" shows them again."""
    game = GAMES["solo-whist"].new(4, RandomShuffler.seeded(4))
    game.apply(Deal(1))
    hz = Harness(game, NAMES, people=(1, 2, 3, 4))
    errors: list[str] = []
    page = page_at(browser, errors, width)
    try:
        hz.open(page, 1)
        drawn_frames(page, hz)
        others(hz, Bid(2, "solo"), Pass(3), Pass(4), Pass(1))
        for _ in range(4):
            play_one(page, hz)
        frame = drawn_frames(page, hz)
        body = frame["body"]
        assert body["trick"] == [] and len(body["last_trick"]) == 4
        last = page.locator(".last-trick .was-played")
        expect(last).to_have_count(4)
        assert last.evaluate_all(SEATS_CARDS) == body["last_trick"]
        winner = body["last_winner"]
        expect(page.locator(".last-trick .was-played.winner")).to_have_attribute(
            "data-seat", str(winner))
        won = "You win" if winner == 1 else f"{NAMES[winner]} wins"
        expect(page.locator(".trick-won")).to_contain_text(f"{won} the trick")
        for card in last.all():                 # every card of the trick in view, whole
            box = card.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        shot(page, shots_dir(tmp_path) / f"cardroom-solo-whist-trick-{width}.png")
        played = body["last_trick"]
        play_one(page, hz)                      # the next lead clears the table
        expect(page.locator(".trick .played")).to_have_count(1)
        expect(page.locator(".last-trick")).to_have_count(0)
        page.locator(".last-toggle").click()    # and the last trick comes back on request
        expect(page.locator(".last-trick .was-played")).to_have_count(4)
        assert last.evaluate_all(SEATS_CARDS) == played
        expect(page.locator(".last-toggle")).to_have_attribute("aria-pressed", "true")
        page.locator(".last-toggle").click()
        expect(page.locator(".trick .played")).to_have_count(1)
        assert not errors
    finally:
        page.context.close()


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_president_three_hands_fit(browser: Browser, width: int, tmp_path: Path) -> None:
    """docs/games/president.md#the-deal: three players hold 17 or 18 cards. Every card lies
    inside the screen, nothing scrolls sideways, and every card's rank ("10" too) is whole, on
    one line, and not covered by the card after it."""
    game = GAMES["president"].new(3, RandomShuffler.seeded(11))
    game.apply(Deal(1))
    seat = 2 if len(game.hand_of(2)) == 18 else 1 if len(game.hand_of(1)) == 18 else 3
    hz = Harness(game, NAMES, people=(seat,))
    errors: list[str] = []
    page = page_at(browser, errors, width)
    try:
        hz.open(page, seat)
        drawn_frames(page, hz, seat)
        shot(page, shots_dir(tmp_path) / f"cardroom-president-3-{width}.png")
        m = page.evaluate(MEASURE_HAND)
        cards = m["cards"]
        assert len(cards) == 18
        assert any(c["code"].startswith("10") for c in cards)
        assert m["scroll"] <= m["width"]
        rows = sorted({round(c["top"]) for c in cards})
        assert len(rows) <= (1 if width > 700 else 2), rows
        for i, c in enumerate(cards):
            assert c["left"] >= 0 and c["right"] <= width, c
            assert c["rankLines"] == 1, c
            assert c["left"] <= c["rankLeft"] and c["rankRight"] <= c["right"], c
            after = cards[i + 1] if i + 1 < len(cards) else None
            if after is not None and round(after["top"]) == round(c["top"]):
                assert c["rankRight"] + 1 <= after["left"], (c, after)
        assert not errors
    finally:
        page.context.close()


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_durak_trump_card_reads(browser: Browser, width: int, tmp_path: Path) -> None:
    """docs/games/durak.md#the-deal: the trump card under the stock stands upright, and the
    rank and suit in its corner are on top (nothing covers them) and inside the screen."""
    game = GAMES["durak"].new(3, RandomShuffler.seeded(10))
    game.apply(Deal(1))
    hz = Harness(game, NAMES, people=(1,))
    errors: list[str] = []
    page = page_at(browser, errors, width)
    try:
        hz.open(page, 1)
        frame = drawn_frames(page, hz)
        trump = frame["body"]["trump_card"]
        card = page.locator(f".stock-pile .trump-card .card[data-card='{trump}']")
        expect(card).to_be_visible()
        assert card.evaluate("(el) => getComputedStyle(el).rotate") in ("none", "0deg")
        shot(page, shots_dir(tmp_path) / f"cardroom-durak-trump-{width}.png")
        on_top = card.evaluate("""(card) => [
          ...card.querySelectorAll(".corner.top b, .corner.top i")].every((el) => {
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
            return r.left >= 0 && r.right <= window.innerWidth && card.contains(hit);
          })""")
        assert on_top
        expect(page.locator(".stock-text")).to_contain_text("in the stock")
        assert not errors
    finally:
        page.context.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One seeded party-table server for the room tests below (card_server)."""
    port = free_port()
    db = tmp_path_factory.mktemp("phones") / "ledger.db"
    with serve_command([sys.executable, str(Path(__file__).with_name("card_server.py")),
                        "--db", str(db), "--port", str(port), "--seed", "10"],
                       db, port) as running:
        yield running


#: Whether an element's text is all shown (not cut short) and inside the screen.
WHOLE = """(el) => { const r = el.getBoundingClientRect();
  return el.scrollWidth <= el.clientWidth + 1 && r.left >= 0 && r.right <= window.innerWidth; }"""
#: Whether the connection's light sits on the role label's line (it wrapped alone on a phone).
BESIDE = """(role) => { const r = role.getBoundingClientRect();
  const c = document.querySelector(".room-head .conn").getBoundingClientRect();
  return c.top >= r.top - 2 && c.bottom <= r.bottom + 2 && c.left >= r.right; }"""
#: Whether the page is no wider than the screen (nothing to scroll sideways).
NARROW = "() => document.documentElement.scrollWidth <= window.innerWidth"
#: What reaches past the screen's right edge (to say so when something does).
WIDE = """() => [...document.querySelectorAll("body *")].filter((el) =>
  el.getBoundingClientRect().right > window.innerWidth + 0.5).slice(0, 5)
  .map((el) => el.outerHTML.slice(0, 120))"""


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_host_sits_and_plays(server: Server, browser: Browser, width: int,
                             tmp_path: Path) -> None:
    """docs/web.md#the-card-room-in-the-browser: a new Durak room's host sees "Deal" (not the
    next hand) and no discards; the host takes a seat from the same page and plays it (a card
    only one move uses in one tap), keeping the host's controls; after a reload the page still
    says what just happened. A spectator is not offered the score sheet's download. Every role
    label is whole, and no page scrolls sideways."""
    errors: list[str] = []
    host = page_at(browser, errors, width)
    watcher = page_at(browser, errors, width)
    folder = shots_dir(tmp_path)
    try:
        host.goto(server.base)
        host.select_option("select[name=game]", "durak")
        host.fill("input[name=players]", "3")
        host.click("form.create button[type=submit]")
        role = host.locator(".role")
        expect(role).to_have_text("You are the host")
        assert role.evaluate(WHOLE)
        expect(host.locator("[data-host=deal]")).to_have_text("Deal")
        expect(host.locator(".stock-text")).not_to_contain_text("discarded")
        watcher.goto(host.url)
        expect(watcher.locator(".role")).to_have_text("Watching")
        assert watcher.locator(".role").evaluate(WHOLE)
        assert watcher.locator(".role").evaluate(BESIDE)
        assert role.evaluate(BESIDE)
        expect(watcher.locator(".score-sheet")).to_be_visible()
        expect(watcher.locator(".score-sheet a.csv")).to_have_count(0)
        expect(watcher.locator("form.sit")).to_be_visible()

        host.fill("form.sit input[name=name]", "Hana")
        host.select_option("form.sit select[name=seat]", "1")
        host.click("form.sit button[type=submit]")
        expect(role).to_have_text("Host · seat 1")
        assert role.evaluate(WHOLE)
        expect(host.locator(".cseat[data-seat='1'] .seat-name")).to_have_text("Hana")
        expect(host.locator("form.sit")).to_have_count(0)
        # The host's own seat has no Remove button (Leave the table gives it up).
        expect(host.locator("[data-host=pause]")).to_be_visible()
        expect(host.locator(".host-remove")).to_have_count(0)
        expect(watcher.locator(".cseat[data-seat='1'] .seat-name")).to_have_text("Hana")
        host.locator("[data-host=deal]").click()
        expect(host.locator(".my-hand .hand-card")).to_have_count(6)
        expect(host.locator("[data-host=pause]")).to_be_visible()     # still the host
        expect(host.locator(".stock-text")).to_contain_text("discarded")
        # Hana's move when it comes: a card only one move uses, in one tap.
        expect(host.locator(".prompt.yours")).to_be_visible(timeout=30_000)
        settled(host)
        usable = host.locator(".my-hand .hand-card.usable")
        if usable.count():
            code = usable.first.get_attribute("data-card")
            usable.first.click(position={"x": 8, "y": 24})
            expect(host.locator(f".my-hand .hand-card[data-card='{code}']")).to_have_count(0)
            expect(host.locator(f".pair .card[data-card='{code}']")).to_have_count(1)
        else:
            host.locator("button.move").first.click()
        settled(host)
        expect(host.locator(".news .news-line").first).to_be_visible()
        expect(host.locator(".toast")).to_have_count(0)  # the welcome gone: the header in view
        shot(host, folder / f"cardroom-host-plays-{width}.png")
        assert host.evaluate(NARROW), host.evaluate(WIDE)
        host.reload()
        expect(role).to_have_text("Host · seat 1")
        expect(host.locator(".news .news-line").first).to_be_visible()
        shot(watcher, folder / f"cardroom-spectator-{width}.png")
        assert host.evaluate(NARROW), host.evaluate(WIDE)
        assert watcher.evaluate(NARROW), watcher.evaluate(WIDE)
        assert not errors, errors
    finally:
        host.context.close()
        watcher.context.close()
