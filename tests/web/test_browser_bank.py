"""Selling the Pontoon bank in the browser (docs/pontoon.md#giving-or-selling-the-bank): the
banker's page offers the bank, the buyer's page shows the offer with Accept and Decline, and
nothing changes hands until the buyer presses Accept."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from browser_kit import LAPTOP, Server, cents, serve, shot, shots_dir
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import connect

WAIT_MS = 15_000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web") / "ledger.db") as s:
        yield s


def _seat(browser: Browser, join: str, name: str, errors: list[str]) -> tuple[Page, int]:
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.set_default_timeout(WAIT_MS)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(join)
    page.get_by_placeholder("Your name").fill(name)
    page.get_by_label("buy-in in dollars").fill("200")
    page.get_by_role("button", name="Sit down").click()
    mine = page.locator(".seat.mine")
    expect(mine).to_be_visible()
    return page, int(mine.get_attribute("data-seat") or 0)


def _bankroll(page: Page, seat: int) -> int:
    return cents(page.locator(f'.seat[data-seat="{seat}"] .bankroll').inner_text())


def _offer(page: Page, to: int, dollars: str) -> None:
    details = page.locator("details.chips-control")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    page.locator('form.sell select[aria-label="to whom"]').select_option(str(to))
    page.get_by_label("price in dollars").fill(dollars)
    page.get_by_role("button", name="Offer the bank").click()


def test_the_buyer_accepts_or_declines_the_bank_on_their_page(server: Server, browser: Browser,
                                                             tmp_path: Path) -> None:
    made = httpx2.post(f"{server.base}/api/rooms", json={"game": "pontoon"}).json()
    errors: list[str] = []
    ann, ann_seat = _seat(browser, made["join_url"], "Ann", errors)
    bob, bob_seat = _seat(browser, made["join_url"], "Bob", errors)
    ws_url = server.base.replace("http", "ws") + f"/ws/{made['room']}"
    with connect(ws_url) as host:
        host.send(json.dumps({"type": "hello", "token": made["host_token"]}))
        host.send(json.dumps({"type": "op", "id": "draw", "op": "draw_for_bank"}))
        while (frame := json.loads(host.recv(timeout=30))).get("id") != "draw":
            pass
        assert frame["ok"], frame
    expect(ann.locator(".seat.banker")).to_have_count(1)
    # Pontoon's cards are a pack in the banker's hand, with no cut card
    # (docs/pontoon.md#players-and-the-pack).
    expect(ann.locator(".dealer .shoe.from-pack")).to_have_count(1)
    assert "left in the pack" in (ann.locator(".dealer .shoe").get_attribute("title") or "")
    assert ann.locator(".dealer .cut-card").count() == 0
    expect(ann.locator(".commitment")).to_contain_text("This pack's commitment: ")
    banker_first = ann.locator(".seat.mine.banker").count() == 1
    (seller, s_seat), (buyer, b_seat) = (((ann, ann_seat), (bob, bob_seat)) if banker_first
                                         else ((bob, bob_seat), (ann, ann_seat)))
    _offer(seller, b_seat, "50")
    offer = buyer.locator(".bank-offer-text")
    expect(offer).to_contain_text("offers you the bank for $50")
    expect(seller.locator(".bank-offer-text")).to_contain_text("You offered")
    shot(buyer, shots_dir(tmp_path) / "pontoon-bank-offer.png")
    assert _bankroll(buyer, b_seat) == _bankroll(buyer, s_seat) == 200_00
    buyer.get_by_role("button", name="Decline").click()
    expect(offer).to_have_count(0)
    expect(seller.locator(".bank-offer-text")).to_have_count(0)
    assert _bankroll(seller, b_seat) == _bankroll(seller, s_seat) == 200_00
    _offer(seller, b_seat, "50")
    expect(offer).to_contain_text("for $50")
    buyer.get_by_role("button", name="Accept the bank").click()
    expect(buyer.locator(".seat.mine.banker")).to_have_count(1)
    expect(seller.locator(f'.seat[data-seat="{s_seat}"] .bankroll')).to_have_text("$250")
    assert _bankroll(seller, b_seat) == 150_00
    assert not errors, errors
