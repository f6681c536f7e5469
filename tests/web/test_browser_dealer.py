"""A room where the host deals, played in a real browser (docs/web.md#hosting-a-room): the host
burns a card, deals, offers insurance, stands the dealer's soft 17 as the rules say and pays the
winning bet in chips from the pay panel, each wrong step refused on the page with the right one
named, and the player's bankroll matches the engine's sums.

The shoe is stacked (``serve --stack``): Ann holds 10 and 9 (19); the dealer shows an ace over
a 6 (soft 17, which the six-deck game stands on). Ann declines insurance, stands, and wins $10,
which the host pays as two red chips.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_kit import Server, cents, page_for, serve, settled, shot, shots_dir
from playwright.sync_api import Browser, Page, expect

WAIT_MS = 15_000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("dealer") / "ledger.db", stack="10s,As,9h,6d") as s:
        yield s


def refused(page: Page, words: str) -> None:
    """The table said no, in words naming the right step; the note is cleared for the next."""
    toast = page.locator(".toast.error").last
    expect(toast).to_contain_text(words)
    page.evaluate("document.querySelectorAll('.toast').forEach((t) => t.remove())")


def host_buttons(page: Page) -> list[str]:
    return [b.get_attribute("data-host") or ""
            for b in page.locator(".host-buttons [data-host]").all()]


def test_the_host_deals_a_round_by_the_book(browser: Browser, server: Server,
                                            tmp_path: Path) -> None:
    errors: list[str] = []
    shots = shots_dir(tmp_path)
    host = page_for(browser, errors)
    host.goto(server.base + "/")
    host.locator('select[name="rules"] option[value="six-deck-s17"]').wait_for(state="attached")
    host.select_option('select[name="rules"]', "six-deck-s17")
    host.locator('input[name="host_mode"][value="dealer"]').check()
    host.get_by_role("button", name="Create the room").click()
    host.wait_for_url(re.compile(r"/r/[A-Z0-9]+$"))
    join = host.locator(".join-url").input_value()

    ann = page_for(browser, errors, phone=True)
    ann.goto(join)
    ann.get_by_placeholder("Your name").fill("Ann")
    ann.get_by_label("buy-in in dollars").fill("200")
    ann.get_by_role("button", name="Sit down").click()
    seat = ann.locator(".seat.mine")
    expect(seat).to_be_visible()
    number = seat.get_attribute("data-seat")
    for _ in range(2):
        ann.locator('[data-chip="red"]').click()
    ann.locator(".act-bet").click()
    settled(ann)

    # A fresh shoe: the burn comes before the deal (docs/dealing.md#the-burn-card).
    expect(host.locator('[data-host="burn"]')).to_be_visible()
    assert "deal" not in host_buttons(host)
    expect(host).to_have_title(re.compile(r"^Your turn"))
    host.locator('[data-host="burn"]').click()
    settled(host)
    host.locator('[data-host="deal"]').click()
    settled(host)

    # The ace offers insurance, but only once the dealer offers it.
    expect(host.locator('[data-host="offer_insurance"]')).to_be_visible()
    assert ann.locator(".action-bar").count() == 0
    host.locator('[data-host="offer_insurance"]').click()
    settled(host)
    expect(ann.locator(".calls")).to_contain_text("Insurance is open")
    ann.locator('[data-action="decline"]').click()
    settled(ann)
    ann.locator('[data-action="stand"]').click()
    settled(ann)

    # Soft 17: the six-deck game stands, and a hit is refused with the step due.
    expect(host.locator('[data-host="dealer_hit"]')).to_be_visible()
    host.locator('[data-host="dealer_hit"]').click()
    refused(host, "stand on soft 17")
    host.locator('[data-host="dealer_stand"]').click()
    settled(host)

    # Ann's 19 beats 17: the host counts out $10 from the rack. Until then her stack shows
    # neither the win nor her bet back (it is still on the layout). One red is short.
    panel = host.locator(".pay-panel")
    expect(panel).to_be_visible()
    for page in (host, ann):
        expect(page.locator(f'.seat[data-seat="{number}"] .bankroll')).to_have_text(
            re.compile(r"\$190"))
    host.locator('[data-pay-chip="red"]').click()
    expect(panel.locator(".pay-row span")).to_contain_text("$5")
    panel.locator('[data-host="pay"]').click()
    refused(host, "2 red")
    host.locator('[data-pay-chip="red"]').click()
    expect(panel.locator(".pay-row span")).to_contain_text("$10")
    shot(host, shots / "dealer-pay.png")
    panel.locator('[data-host="pay"]').click()
    settled(host)
    expect(panel).to_have_count(0)
    expect(ann.locator(f'.seat[data-seat="{number}"] .bankroll')).to_have_text(
        re.compile(r"\$210"))
    assert cents(ann.locator(f'.seat[data-seat="{number}"] .bankroll').inner_text()) == 210_00
    assert not errors, errors
