"""The coach at the browser table (docs/web.md#the-coach), at a phone's size and a laptop's: turned
on with its button, with Hi-Lo and a profile chosen, it asks for the count between rounds and
grades it, says after a wrong play what the best play was and what the choice cost for the cards
the seat has not seen, and shows the session's statistics when the player leaves, which the
profile's progress page then lists; off, it says nothing. The shoe is stacked (``serve
--stack``) and the server asks a count check after every round (``--count-checks 1``):

- round 1: Ann holds 10 and 9 against a 10, the hole card an 8: she stands (right) and wins;
- round 2: Ann holds 10 and 6 against a 10 at ``classic`` (no surrender, so the chart hits), the
  hole card a 7: she stands, the mistake, and loses.

Every figure the page shows is worked out here again: the count from the tags, the cost by the
solver for the shoe less round 1's cards."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_kit import Server, bet_and_dealt, page_for, serve, settled, shot, shots_dir
from playwright.sync_api import Browser, Page, expect

from twentyone.rules import PRESETS
from twentyone.strategy import action_evs

WAIT_MS = 15_000
CLASSIC = PRESETS["classic"]
#: Round 1 (Ann 10, 9; the dealer 10 up, 8 in the hole), then round 2 (Ann 10, 6; the dealer
#: 10 up, 7 in the hole), then cards to draw.
STACK = "10s,10d,9s,8d,10h,10c,6c,7d,2c,3d,2h,3s"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("coach") / "ledger.db", stack=STACK,
               count_checks=1) as s:
        yield s


#: For the counter: round 1 Ann's 5 and 6 against a 4 (3 in the hole), doubled, a 2 drawn; the
#: dealer draws 2, 5, 10 and busts. Round 2: 10 and 6 against a 10 (7 in the hole), a 3 to draw.
SMALL_STACK = "5s,4d,6h,3c,2s,2h,5d,10s,10h,10c,6c,7d,3h,2d,2c"


@pytest.fixture(scope="module")
def small_cards_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("coach-index") / "ledger.db", stack=SMALL_STACK,
               count_checks=0) as s:
        yield s


def cost_of_the_stand() -> float:
    """Standing on 10, 6 against a 10, for the cards Ann has not seen after round 1 (the hand
    and up card still in the shoe the solver takes): the chart's hit less the stand."""
    shoe = [4 * CLASSIC.decks] * 9 + [16 * CLASSIC.decks]
    for v in (10, 10, 9, 8):
        shoe[v - 1] -= 1
    evs = action_evs(CLASSIC, [10, 6], 10, shoe, can_double=False, can_split=False,
                     can_surrender=False)
    full = action_evs(CLASSIC, [10, 6], 10, None, can_double=False, can_split=False,
                      can_surrender=False)
    cost = evs["hit"] - evs["stand"]
    assert f"{cost:.4f}" != f"{full['hit'] - full['stand']:.4f}"  # the cards seen count
    return cost


def coach_on(profile: str) -> object:
    def turn_on(page: Page) -> None:
        """The coach turned on from the chips panel between rounds, Hi-Lo and a profile kept."""
        page.locator("details.chips-control summary").click()
        toggle = page.locator(".coach-toggle")
        expect(toggle).to_have_text("Coach: off")
        toggle.click()
        expect(page.locator(".coach-toggle")).to_have_text("Coach: on")
        expect(page.locator(".coach-toggle")).to_have_attribute("aria-pressed", "true")
        page.select_option("select[name=coach-count]", "hilo")
        page.fill("input[name=coach-profile]", profile)
        page.locator(".coach-settings button").click()
        expect(page.locator(".toast.info", has_text="Coach: settings kept")).to_be_visible()
    return turn_on


def bet_again(host: Page, ann: Page) -> None:
    for _ in range(2):
        ann.locator('[data-chip="red"]').click()
    ann.locator(".act-bet").click()
    settled(ann)
    host.locator('[data-host="deal"]').click()
    settled(host)


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "laptop"])
def test_the_coach_checks_the_count_warns_and_sums_up_the_session(
        browser: Browser, server: Server, tmp_path: Path, phone: bool) -> None:
    errors: list[str] = []
    size = "phone" if phone else "laptop"
    profile = f"ann-{size}"
    host, ann = bet_and_dealt(browser, server.base, "classic", errors, phone=phone,
                              seated=coach_on(profile))  # type: ignore[arg-type]
    shots = shots_dir(tmp_path)
    ann.locator('[data-action="stand"]').click()  # 19 v 10: right, so nothing is said
    # Round 1 over: 10 -1, 10 -1, 9 0, 8 0 is -2 after 4 cards; over 308/52 = 5.92 decks
    # left, -0.34: a true count of -1 (floored) or 0.
    check = ann.locator("form.count-check")
    expect(check).to_be_visible(timeout=WAIT_MS)
    expect(check).to_contain_text("what are the running count and the true count?")
    check.get_by_label("running count").fill("minus two")
    check.get_by_role("button", name="Check").click()
    expect(check.locator(".count-note")).to_have_text(
        "A count check takes the running count, then the true count, as whole numbers like "
        "+4 +1 (the running count may end in .5).")
    check.get_by_label("running count").fill("-2")
    check.get_by_label("true count").fill("0")
    expect(check).to_have_attribute("data-in-sight", "1")
    shot(ann, shots / f"coach-count-check-{size}.png")
    check.get_by_role("button", name="Check").click()
    expect(check.locator(".count-result")).to_have_text(
        "Coach: “You said -2 and 0. Right: the running count is -2 after 4 cards; over 5.92 "
        "decks left that is -0.34, a true count of -1 or 0.”", timeout=WAIT_MS)
    expect(check).to_have_attribute("data-in-sight", "1")
    shot(ann, shots / f"coach-count-right-{size}.png")
    check.get_by_role("button", name="Thanks").click()
    assert ann.locator(".toast.coach").count() == 0

    bet_again(host, ann)
    expect(ann.locator('[data-action="stand"]')).to_be_visible(timeout=WAIT_MS)
    ann.locator('[data-action="stand"]').click()
    # Hi-Lo at -3 over 5.79 decks, a true count of -1: below the index 0, so the chart's hit.
    cost = cost_of_the_stand()
    note = ann.locator(".toast.coach")
    expect(note).to_have_text(
        f"Coach: “Best was hit (the chart for hard 16 v 10): stand cost {cost:.4f} of a bet, "
        f"${round(cost * 1000) / 100:.2f} on your $10”", timeout=WAIT_MS)
    check = ann.locator("form.count-check")
    expect(check).to_have_attribute("data-in-sight", "1", timeout=WAIT_MS)
    shot(ann, shots / f"coach-warning-{size}.png")
    check.get_by_role("button", name="Skip").click()
    expect(check.locator(".count-result")).to_have_text("Coach: “Count check skipped”")
    check.get_by_role("button", name="Thanks").click()

    # The page remembers the coach on in this browser, and a reload keeps the same session.
    ann.reload()
    settled(ann)
    assert ann.evaluate("localStorage.getItem('twentyone.coach')") == "on"
    ann.on("dialog", lambda d: d.accept())
    ann.locator("details.chips-control summary").click()
    ann.locator(".leave").click()
    summary = ann.locator(".coach-summary")
    expect(summary).to_be_visible(timeout=WAIT_MS)
    lines = summary.locator("li")
    expect(lines).to_have_text([
        "This session: 2 hands (won 1, lost 1, pushed 0), net +$0, biggest swing $10.",
        f"Plays judged: 2; mistakes 1, costing {cost:.4f} of a bet in all.",
        "Count checks right: 1 of 1.",
        f"Kept in the profile {profile}: your progress page shows every session.",
    ])
    expect(summary).to_have_attribute("data-in-sight", "1")
    shot(ann, shots / f"coach-leaving-{size}.png")
    progress = page_for(browser, errors, phone=phone)
    progress.goto(f"{server.base}/train/stats?profile={profile}")
    expect(progress.locator(".t-table-play li")).to_contain_text(
        ["2 hands (won 1, lost 1, pushed 0), net $0; 1 mistake costing "
         f"{cost:.4f} of a bet; count checks 1 of 1 right"], timeout=WAIT_MS)
    assert not errors, errors


def test_a_hilo_counter_is_warned_with_the_index_and_the_count(
        browser: Browser, small_cards_server: Server, tmp_path: Path) -> None:
    """After round 1's small cards (+6 by Hi-Lo: 5, 4, 6, 3, 2, 2, 5 each +1, the 10 -1), round
    2's 10, 10, 6 bring it to +5 over 301/52 = 5.79 decks: a true count of 0, where the Hi-Lo
    index says stand on 16 v 10 though the chart hits. Ann hits: the warning names the index
    and the count, and prices the hit for the cards she has not seen."""
    errors: list[str] = []
    host, ann = bet_and_dealt(browser, small_cards_server.base, "classic", errors,
                              seated=coach_on("ann-index"))  # type: ignore[arg-type]
    ann.locator('[data-action="double"]').click()  # 11 v 4: the chart's double, nothing said
    expect(ann.locator(".act-bet")).to_be_visible(timeout=WAIT_MS)
    bet_again(host, ann)
    ann.locator('[data-action="hit"]').click()
    shoe = [4 * CLASSIC.decks] * 9 + [16 * CLASSIC.decks]
    for v in (5, 4, 6, 3, 2, 2, 5, 10):
        shoe[v - 1] -= 1
    evs = action_evs(CLASSIC, [10, 6], 10, shoe, can_double=False, can_split=False,
                     can_surrender=False)
    cost = evs["stand"] - evs["hit"]
    note = ann.locator(".toast.coach")
    expect(note).to_have_text(
        f"Coach: “Best was stand (the Hi-Lo index 0, at 0): hit cost {cost:.4f} of a bet, "
        f"${round(cost * 1000) / 100:.2f} on your $10”", timeout=WAIT_MS)
    shot(ann, shots_dir(tmp_path) / "coach-index-laptop.png")
    assert not errors, errors


def test_the_coach_off_says_nothing(browser: Browser, server: Server) -> None:
    errors: list[str] = []
    _, ann = bet_and_dealt(browser, server.base, "classic", errors)
    ann.locator('[data-action="stand"]').click()
    expect(ann.locator('[data-action="stand"]')).to_have_count(0, timeout=WAIT_MS)
    ann.wait_for_timeout(1500)  # as long as a warning or a count check would take to come
    assert ann.locator(".toast.coach").count() == 0
    assert ann.locator("form.count-check").count() == 0
    assert not errors, errors
