"""The trainers' page in a real browser, against the real server: a payouts item paid in chips
through the chip picker on a laptop (right, then over, with the right chips shown) and a strategy
item answered by its buttons on a phone (right, then a miss priced by the exact solver), the grade
read off the page and the answers found in the profile beside the server's ledger.

The right answers come from the drills themselves: the item the page was sent is rebuilt with the
drill's own ``build``/``make`` and graded with its own grader, as the headless tests do.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_kit import LAPTOP, PHONE, Server, serve, shots_dir, start_drill
from playwright.sync_api import Browser, Page, expect

from twentyone.rules import PRESETS
from twentyone.train.chips import PayoutDrill, chipset_of
from twentyone.train.core import Item
from twentyone.train.player import StrategyDrill
from twentyone.train.store import Store
from twentyone.train.totals import value_of

WAIT_MS = 60_000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    folder = tmp_path_factory.mktemp("trainweb")
    with serve(folder / "ledger.db") as s:
        yield s, folder / "train"


def payout_item(shown: dict[str, Any]) -> tuple[PayoutDrill, Item]:
    """The payout item the page shows, rebuilt by the drill from what it shows."""
    drill = PayoutDrill(PRESETS["classic"], "classic")
    cs = chipset_of(drill.rules)
    kind, chips = shown["kind"], cs.counts(shown["chips"])
    if kind == "insurance":
        item = drill.build(shown["id"], kind, chips, main=cs.counts(shown["bet"]))
    elif kind == "double":
        item = drill.build(shown["id"], kind, chips, extra=cs.counts(shown["double"]))
    elif kind == "split-aces":
        item = drill.build(shown["id"], kind, chips, ten=shown["hand"][1])
    else:
        item = drill.build(shown["id"], kind, chips)
    return drill, item


def send(page: Page, click: Any) -> dict[str, Any]:
    """Do ``click`` (which answers) and return the server's answer to it."""
    with page.expect_response(lambda r: r.url.endswith("/answer")) as info:
        click()
    out: dict[str, Any] = info.value.json()
    expect(page.locator(".t-grade")).to_be_visible()
    return out


def still(page: Page) -> None:
    """Wait for the cards' and chips' animations to finish, for a screenshot."""
    page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")


def pay(page: Page, chips: dict[str, int]) -> dict[str, Any]:
    for colour, n in chips.items():
        for _ in range(n):
            page.click(f".t-chip-pick[data-colour={colour}] .chip-button")
    return send(page, lambda: page.click(".t-chips button.primary"))


def test_payouts_and_strategy_answered_through_the_page(
        browser: Browser, server: tuple[Server, Path], tmp_path: Path) -> None:
    s, profiles = server
    errors: list[str] = []
    shots = shots_dir(tmp_path)

    # A laptop: payouts, the first paid right, the second over by a yellow chip.
    ctx = browser.new_context(viewport=LAPTOP)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    session = start_drill(page, s.base, "payouts", "robin", WAIT_MS)
    drill, item = payout_item(session["item"])
    right = drill.grade(item, None).expected
    out = pay(page, right)
    assert out["grade"]["correct"] is True
    expect(page.locator(".t-grade h3")).to_have_text("Right")
    expect(page.locator(".t-score")).to_have_text("1 right of 1")
    page.keyboard.press("Enter")
    expect(page.locator(".t-count")).to_have_text("item 2 of 10")
    # A reload carries on at the same item with the same score.
    with page.expect_response(lambda r: "/api/train/sessions/" in r.url) as shown:
        page.reload()
    assert shown.value.json()["item"] == out["item"]
    expect(page.locator(".t-count")).to_have_text("item 2 of 10")
    expect(page.locator(".t-score")).to_have_text("1 right of 1")
    drill, item = payout_item(out["item"])
    right = drill.grade(item, None).expected
    over = {**right, "yellow": right.get("yellow", 0) + 1}
    out = pay(page, over)
    assert out["grade"]["correct"] is False
    expect(page.locator(".t-grade h3")).to_have_text("Not quite")
    expect(page.locator(".t-score")).to_have_text("1 right of 2")
    stacks = page.locator(".t-right-chips .stack")
    drawn = {stacks.nth(i).get_attribute("data-colour"): int(
        stacks.nth(i).get_attribute("data-count") or 0) for i in range(stacks.count())}
    assert drawn == right
    still(page)
    page.screenshot(path=str(shots / "trainer-laptop.png"))
    page.click(".t-end")
    expect(page.locator(".t-final")).to_have_text("1 right of 2 (50%)")
    expect(page.locator(".t-missed li")).to_have_count(1)
    ctx.close()

    # A phone: strategy by tapping the play buttons, right and then a priced miss.
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    session = start_drill(page, s.base, "strategy", "robin", WAIT_MS)
    strategy = StrategyDrill(PRESETS["classic"], "classic")
    shown = session["item"]
    hand = strategy.make(shown["id"], shown["hand"], value_of(shown["up"]))
    best = strategy.grade(hand, None).expected
    out = send(page, lambda: page.tap(f".t-buttons button[data-answer={best}]"))
    assert out["grade"]["correct"] is True
    page.tap(".t-next")
    shown = out["item"]
    hand = strategy.make(shown["id"], shown["hand"], value_of(shown["up"]))
    best = strategy.grade(hand, None).expected
    # A play graded wrong (where the chart and the exact best differ, both are right).
    wrong = next(a for a in shown["actions"] if not strategy.grade(hand, a).correct)
    cost = strategy.grade(hand, wrong).ev_cost
    assert cost is not None
    out = send(page, lambda: page.tap(f".t-buttons button[data-answer={wrong}]"))
    assert out["grade"]["correct"] is False and out["grade"]["expected"] == best
    expect(page.locator(".t-grade h3")).to_have_text("Not quite")
    expect(page.locator(".t-feedback")).to_contain_text(best)
    ev = page.locator(".t-ev")
    if cost > 1e-9:
        expect(ev).to_contain_text(f"{cost:.4f} of a bet")
    else:  # two plays worth the same: the chart's is right, the other costs nothing
        expect(ev).to_contain_text("costs nothing")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "the page scrolls sideways on a phone"
    still(page)
    page.screenshot(path=str(shots / "trainer-phone.png"))
    ctx.close()

    assert not errors, errors
    with Store.open("robin", profiles) as store:
        stored = [(a.drill, a.correct) for a in store.answers()]
    assert stored == [("payouts", True), ("payouts", False), ("strategy", True),
                      ("strategy", False)]

