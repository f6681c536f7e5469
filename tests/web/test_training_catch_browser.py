"""The catch-the-dealer drill in the browser at 360, 390 and 1280 px: a payout is judged by its
colours as well as its amount ("5 red" paid in the wrong colour), so the page shows the bet in
its chips as they lie on the layout, then the chips the dealer pays (docs/training.md#training).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_kit import Server, serve, start_drill
from playwright.sync_api import Browser, Page, ViewportSize, expect

WAIT_MS = 60_000
WIDTHS: dict[int, ViewportSize] = {360: {"width": 360, "height": 740},
                                   390: {"width": 390, "height": 844},
                                   1280: {"width": 1280, "height": 800}}
#: Each group of stacks the item shows, in page order, as {colour: count}.
STACKS = """() => [...document.querySelectorAll(".t-item .stacks")].map((g) =>
  Object.fromEntries([...g.querySelectorAll(".stack")].map(
    (s) => [s.dataset.colour, Number(s.dataset.count)])))"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("catchweb") / "ledger.db") as s:
        yield s


def answer(page: Page) -> dict[str, Any]:
    """Flag the item shown as done right; the server's answer (it carries the next item)."""
    with page.expect_response(lambda r: r.url.endswith("/answer")) as info:
        page.click(".t-answer button[data-answer=ok]")
    out: dict[str, Any] = info.value.json()
    expect(page.locator(".t-grade")).to_be_visible()
    page.keyboard.press("Enter")
    return out


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_a_payout_shows_the_bet_in_its_chips(browser: Browser, server: Server,
                                             width: int) -> None:
    phone = width < 700
    ctx = browser.new_context(viewport=WIDTHS[width], is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        shown = start_drill(page, server.base, "catch-dealer", f"cat{width}", WAIT_MS)["item"]
        checked = 0
        for _ in range(10):
            if shown.get("event") == "payout" and "bet_chips" in shown:
                expect(page.locator(".t-item .t-label", has_text=f"Seat {shown['seat']} bet "
                                    f"{shown['bet']}")).to_be_visible()
                groups = page.evaluate(STACKS)
                assert groups[:2] == [shown["bet_chips"], shown["chips"]], (groups, shown)
                checked += 1
            shown = answer(page)["item"]
            if not shown:
                break
        assert checked, "no payout to judge in ten items"
        assert not errors, errors
    finally:
        ctx.close()
