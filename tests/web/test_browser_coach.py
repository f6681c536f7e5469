"""The coach at the browser table (docs/web.md#the-coach): turned on with its button, it says
after a play that is not the chart's what the best play was and what the choice cost, from the
room's own hint; off, it says nothing. The shoe is stacked (``serve --stack``): the player holds
10 and 6 against a 10 at ``classic`` (no surrender, so the chart hits), the dealer's hole card a
7, so that standing is the mistake."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_kit import Server, bet_and_dealt, serve, settled, shot, shots_dir
from playwright.sync_api import Browser, Page, expect

from twentyone.rules import PRESETS
from twentyone.strategy import action_evs

WAIT_MS = 15_000
#: Seat 1: 10 and 6; the dealer: 10 up, 7 in the hole; then cards to draw.
STACK = "10s,10c,6h,7d,2c,3d,2h,3s"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("coach") / "ledger.db", stack=STACK) as s:
        yield s


def coach_on(page: Page) -> None:
    """The coach turned on from the chips panel, between rounds."""
    page.locator("details.chips-control summary").click()
    toggle = page.locator(".coach-toggle")
    expect(toggle).to_have_text("Coach: off")
    toggle.click()
    expect(page.locator(".coach-toggle")).to_have_text("Coach: on")
    expect(page.locator(".coach-toggle")).to_have_attribute("aria-pressed", "true")


def seated_and_dealt(browser: Browser, server: Server, errors: list[str], *,
                     coach: bool) -> tuple[Page, Page]:
    """A classic room; Ann on a laptop (the coach on or not) bets $10 and the host deals her
    10, 6 against a 10."""
    host, ann = bet_and_dealt(browser, server.base, "classic", errors,
                              seated=coach_on if coach else None)
    expect(ann.locator('[data-action="stand"]')).to_be_visible(timeout=WAIT_MS)
    return host, ann


def test_the_coach_names_the_best_play_and_its_cost_after_a_wrong_stand(
        browser: Browser, server: Server, tmp_path: Path) -> None:
    errors: list[str] = []
    _, ann = seated_and_dealt(browser, server, errors, coach=True)
    ann.locator('[data-action="stand"]').click()
    note = ann.locator(".toast.coach")
    expect(note).to_be_visible(timeout=WAIT_MS)
    evs = action_evs(PRESETS["classic"], [10, 6], 10, None, can_double=False, can_split=False,
                     can_surrender=False)
    cost = round(evs["hit"], 4) - round(evs["stand"], 4)
    assert cost > 0
    expect(note).to_have_text(
        f"Coach: best was hit (the chart for hard 16 v 10): stand cost {cost:.4f} of a bet, "
        f"${math.floor(cost * 1000 + 0.5) / 100:.2f} on your $10", timeout=WAIT_MS)
    shot(ann, shots_dir(tmp_path) / "coach-laptop.png")
    # The page remembers the coach on in this browser.
    ann.reload()
    settled(ann)
    assert ann.evaluate("localStorage.getItem('twentyone.coach')") == "on"
    assert not errors, errors


def test_the_coach_off_says_nothing(browser: Browser, server: Server) -> None:
    errors: list[str] = []
    _, ann = seated_and_dealt(browser, server, errors, coach=False)
    ann.locator('[data-action="stand"]').click()
    expect(ann.locator('[data-action="stand"]')).to_have_count(0, timeout=WAIT_MS)
    ann.wait_for_timeout(1500)  # as long as a warning would take to come
    assert ann.locator(".toast.coach").count() == 0
    assert not errors, errors
