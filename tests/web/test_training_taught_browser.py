"""Issue 38 in Chromium, against the real server: each changed drill's item and its feedback on
a miss (the explanation, and what was answered), at a phone's 390 px and a laptop's 1280 px,
with a screenshot of each; the chip picker with no "null"; paying nothing asked about, not sent;
the server unreachable said in words with the answer kept to send again; the summary after a
reload the whole session's; and the progress page.

The items are put before the page deterministically: each is answered wrong once in the
profile beforehand (the drill's own item, recorded by the library an hour ago), so the schedule
(FSRS) has it due and the session asks it first (docs/training.md#progress), as the drill made
it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from browser_kit import LAPTOP, PHONE, Server, page_for, serve, shots_dir
from playwright.sync_api import Browser, Page, expect

from twentyone.engine.chips import ChipSet
from twentyone.rules import PRESETS, STANDARD_CHIPS
from twentyone.train.core import Drill, Item
from twentyone.train.registry import make_drill
from twentyone.train.store import Store

WAIT_MS = 120_000
CS = ChipSet.of(STANDARD_CHIPS)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    folder = tmp_path_factory.mktemp("taught")
    with serve(folder / "ledger.db") as s:
        yield s, folder / "train"


def due_first(profiles: Path, profile: str, drill: Drill, *items: Item) -> None:
    """Record each item missed an hour ago in ``profile``, so that a session of the drill asks
    them first, in this order."""
    with Store.open(profile, profiles) as store:
        for k, item in enumerate(items):
            when = datetime.now().astimezone() - timedelta(hours=2) + timedelta(minutes=k)
            store.record(f"seed-{k}", item, None, drill.grade(item, None), 5.0, when)


def first(drill: Drill, pred: Any = lambda i: True, seed: int = 1) -> Item:
    return next(i for i in itertools.islice(drill.items(random.Random(seed)), 500) if pred(i))


def begin(page: Page, base: str, drill: str, profile: str, rules: str | None = None) -> None:
    page.goto(f"{base}/train?drill={drill}")
    page.fill("input[name=profile]", profile)
    if rules is not None:
        page.select_option("select[name=rules]", rules)
    page.click("form.t-setup button[type=submit]")
    expect(page.locator(".t-answer")).to_be_visible(timeout=WAIT_MS)


def answered(page: Page, act: Any) -> dict[str, Any]:
    with page.expect_response(lambda r: r.url.endswith("/answer")) as info:
        act()
    out: dict[str, Any] = info.value.json()
    expect(page.locator(".t-grade")).to_be_visible()
    return out


def shoot(page: Page, path: Path) -> None:
    page.evaluate("""async () => {
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }""")
    page.screenshot(path=str(path), full_page=True)


def type_answer(page: Page, name: str, value: str) -> None:
    page.fill(f"input[name={name}]", value)
    page.click(".t-answer button[type=submit]")


#: Each changed drill: (drill, rules, how its items are made, how the page answers them wrong,
#: what the feedback must say).
def cases() -> list[tuple[str, str | None, list[Item], Any, list[str]]]:
    classic = PRESETS["classic"]
    chip = make_drill("chip-count", classic, "classic")
    pay = make_drill("payouts", classic, "classic")
    double = pay.build("d", "double", CS.counts({"black": 6, "white": 10}),  # type: ignore[attr-defined]
                       extra=CS.counts({"black": 3, "red": 1}))
    change = make_drill("change", classic, "classic")
    strategy = make_drill("strategy", classic, "classic")
    index = make_drill("index-plays", PRESETS["six-deck-s17"], "six-deck-s17")
    true = make_drill("true-count", classic, "classic")
    running = make_drill("running-count", classic, "classic", {"pace": 150, "cards": 6})
    shoe = make_drill("shoe-count", classic, "classic", {"pace": 120, "flash": 3})

    def white(page: Page) -> None:
        page.click(".t-chip-pick[data-colour=white] .chip-button")
        page.click(".t-chips button.primary")

    return [
        ("chip-count", None, [first(chip, lambda i: i.id == "seed-6")],
         lambda p: type_answer(p, "amount", "1"), ["x $500 = $3,000", "You answered $1."]),
        ("payouts", None, [double], white,
         ["the bet $610 and the double $305 make $915", "You answered $1: 1 white."]),
        ("change", None, [first(change, lambda i: i.shown["kind"] == "break")], white,
         ["You answered $1: 1 white."]),
        ("totals", None, [Item("n", "totals", "blackjack", {"cards": ["A", "K"], "stripped": False,
                                                              "rules": "classic"},
                               {"total": "blackjack"}),
                          Item("a", "totals", "16", {"cards": ["A", "6", "9"], "stripped": False,
                                                     "rules": "classic"}, {"total": "16"})],
         lambda p: type_answer(p, "total", "21"), ["calls it blackjack", "You answered 21."]),
        ("strategy", None, [strategy.make("q", ["Q", "2"], 4)],  # type: ignore[attr-defined]
         lambda p: p.click(".t-buttons button[data-answer=hit]"),
         ["composition-dependent exception", "You answered hit."]),
        ("index-plays", "six-deck-s17", [index.make("i", ["10", "6"], 10, -2)],  # type: ignore[attr-defined]
         lambda p: p.click(".t-buttons button[data-answer=stand]"),
         ["index 0", "from 0 up: stand", "You answered stand."]),
        ("true-count", None, [first(true)], lambda p: type_answer(p, "count", "40"),
         ["The tray holds", "rounded down", "You answered 40."]),
        ("running-count", None, [first(running)], lambda p: type_answer(p, "count", "40"),
         ["start 0;", "You answered 40."]),
        ("shoe-count", None, [first(shoe)], lambda p: type_answer(p, "count", "40"),
         ["after the shuffle", "You answered 40."]),
    ]


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_each_changed_drill_explains_a_miss_at_both_sizes(
        browser: Browser, server: tuple[Server, Path], tmp_path: Path, size: str) -> None:
    s, profiles = server
    shots = shots_dir(tmp_path)
    errors: list[str] = []
    ctx = (browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
           if size == "phone" else browser.new_context(viewport=LAPTOP))
    page = ctx.new_page()
    page.set_default_timeout(WAIT_MS)
    page.on("pageerror", lambda e: errors.append(str(e)))
    for drill, rules, items, wrong, says in cases():
        profile = f"{size}-{drill}"
        made = make_drill(drill, PRESETS[rules or "classic"], rules or "classic")
        due_first(profiles, profile, made, *items)
        begin(page, s.base, drill, profile, rules)
        if drill == "payouts":
            expect(page.locator(".t-item .t-label").nth(0)).to_have_text("The original bet")
            expect(page.locator(".t-item .t-label").nth(1)).to_have_text("The double")
            assert "null" not in (page.locator(".t-picked").text_content() or "")
        if drill == "totals":
            expect(page.locator(".t-blackjack")).to_be_visible()
        if drill == "index-plays":
            buttons = page.locator(".t-buttons button")
            offered = {buttons.nth(i).get_attribute("data-answer")
                       for i in range(buttons.count())}
            assert offered == set(items[0].shown["actions"]) and "surrender" not in offered
        shoot(page, shots / f"taught-{drill}-{size}-item.png")
        out = answered(page, lambda w=wrong: w(page))
        assert out["grade"]["id"].startswith("review-")
        for words in says:
            expect(page.locator(".t-grade")).to_contain_text(words)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= (PHONE if size == "phone" else LAPTOP)["width"], drill
        shoot(page, shots / f"taught-{drill}-{size}-feedback.png")
    page.goto(f"{s.base}/train/stats?profile={size}-strategy")
    expect(page.locator(".t-heat td.seen")).to_have_count(1)
    expect(page.locator(".t-due")).to_contain_text("hard 12 v 4")
    expect(page.locator(".t-drill-stats[data-drill=strategy]")).to_contain_text("2 answers")
    shoot(page, shots / f"taught-stats-{size}.png")
    ctx.close()
    assert not errors, errors


def test_paying_nothing_asks_and_an_unreachable_server_keeps_the_answer(
        browser: Browser, server: tuple[Server, Path], tmp_path: Path) -> None:
    s, _ = server
    shots = shots_dir(tmp_path)
    errors: list[str] = []
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    begin(page, s.base, "payouts", "offline")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/answer") else None)
    page.click(".t-chips button.primary")
    expect(page.locator("#toasts")).to_contain_text("Pick the chips to pay first")
    assert sent == [] and page.locator(".t-grade").count() == 0
    # The server goes away: the page says so, and the chips picked stay picked.
    page.route("**/answer", lambda route: route.abort())
    page.click(".t-chip-pick[data-colour=red] .chip-button")
    page.click(".t-chips button.primary")
    expect(page.locator(".t-offline")).to_contain_text("cannot be reached")
    expect(page.locator(".t-offline")).to_contain_text("Your answer is kept")
    assert "Failed to fetch" not in (page.locator("body").text_content() or "")
    expect(page.locator(".t-chip-pick[data-colour=red] .t-chip-count")).to_have_text("1")
    shoot(page, shots / "taught-offline-phone.png")
    page.unroute("**/answer")
    out = answered(page, lambda: page.click(".t-chips button.primary"))
    assert out["grade"]["id"] == "pay-1"
    assert not errors, errors


def test_the_summary_after_a_reload_is_the_whole_sessions(
        browser: Browser, server: tuple[Server, Path], tmp_path: Path) -> None:
    s, _ = server
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(f"{s.base}/train?drill=chip-count")
    page.fill("input[name=profile]", "reloader")
    page.fill("input[name=items]", "3")
    page.click("form.t-setup button[type=submit]")
    for n in range(3):
        expect(page.locator("input[name=amount]")).to_be_visible()
        answered(page, lambda: type_answer(page, "amount", "0.01"))
        if n == 0:
            page.reload()   # the page comes back at the next item, the score kept
            expect(page.locator(".t-score")).to_have_text("0 right of 1")
        else:
            page.keyboard.press("Enter")
    expect(page.locator(".t-final")).to_have_text("0 right of 3 (0%)")
    expect(page.locator(".t-missed li")).to_have_count(3)
    shoot(page, shots_dir(tmp_path) / "taught-summary-laptop.png")


#: The drills the cases above leave out, each answered wrong through its buttons: the procedure
#: and the signals by a choice's number, catching the dealer by its flag, the thumb's strategy
#: by a play.
OTHER_DRILLS = ["procedure", "procedure-party", "catch-dealer", "signals", "signals-give",
                "strategy-thumb"]


def a_wrong_answer(drill: Drill, item: Item) -> str:
    """An answer the drill grades wrong for ``item``, as a button of the page gives it."""
    offered: list[str] = (["ok", "mistake"] if drill.answer_kind == "flag"
                          else list(item.shown["actions"]) if drill.answer_kind == "action"
                          else [str(n + 1) for n in range(len(item.shown["choices"]))])
    return next(v for v in offered if not drill.grade(item, v).correct)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_every_other_drill_shows_its_item_and_a_missed_answer_at_both_sizes(
        browser: Browser, server: tuple[Server, Path], tmp_path: Path, size: str) -> None:
    """The rest of the drills, item and feedback, at 390 and 1280 px: the grade says what was
    answered and why it is wrong (catching the dealer: the payout worked out), and nothing is
    wider than the screen."""
    s, profiles = server
    shots = shots_dir(tmp_path)
    errors: list[str] = []
    page = page_for(browser, errors, phone=size == "phone", wait_ms=WAIT_MS)
    for name in OTHER_DRILLS:
        drill = make_drill(name, PRESETS["classic"], "classic")
        # The procedure's first step is the shuffle, on an empty table: a round's step shows more.
        item = first(drill, lambda i: i.shown.get("dealer", True))
        wrong = a_wrong_answer(drill, item)
        profile = f"{size}-{name}"
        due_first(profiles, profile, drill, item)
        begin(page, s.base, name, profile)
        # End stays on the score's line (under a long title it wrapped to a line of its own).
        end, score = (page.locator(sel).bounding_box() for sel in (".t-end", ".t-score"))
        assert end and score and abs((end["y"] + end["height"] / 2)
                                     - (score["y"] + score["height"] / 2)) < 4, name
        shoot(page, shots / f"taught-{name}-{size}-item.png")
        out = answered(page, lambda w=wrong: page.click(f'.t-answer button[data-answer="{w}"]'))
        assert out["grade"]["id"].startswith("review-") and not out["grade"]["correct"]
        expect(page.locator(".t-grade h3")).to_have_text("Not quite")
        expect(page.locator(".t-grade .t-said")).to_contain_text("You answered")
        expect(page.locator(".t-grade .t-feedback")).to_contain_text(
            str(out["grade"]["feedback"]))
        if name == "catch-dealer":
            expect(page.locator(".t-grade .t-feedback")).to_contain_text(" pays ")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= (PHONE if size == "phone" else LAPTOP)["width"], name
        shoot(page, shots / f"taught-{name}-{size}-feedback.png")
    assert not errors, errors


def test_the_note_that_the_odds_are_being_prepared_goes_when_the_item_comes(
        browser: Browser, server: tuple[Server, Path], tmp_path: Path) -> None:
    """A strategy session whose odds take a while says so, and the note goes as soon as the
    first item is on show: left up its eight seconds, it covered the score and the item's
    heading on a phone. The page's clock is Playwright's and the server's answer is held
    back by the test, so no step here waits on the wall clock."""
    s, _ = server
    errors: list[str] = []
    page = page_for(browser, errors, phone=True, wait_ms=WAIT_MS)
    page.clock.install()
    held: list[Any] = []
    page.route("**/api/train/sessions", lambda route: held.append(route)
               if route.request.method == "POST" else route.continue_())
    page.goto(f"{s.base}/train?drill=strategy")
    page.fill("input[name=profile]", "waiting")
    with page.expect_request(lambda r: r.url.endswith("/api/train/sessions")
                             and r.method == "POST"):
        page.click("form.t-setup button[type=submit]")
    page.clock.run_for(1300)
    note = page.locator("#toasts .toast", has_text="Preparing the exact odds")
    expect(note).to_be_visible()
    while not held:
        page.clock.run_for(10)  # lets the route handler run
    held[0].continue_()
    expect(page.locator(".t-answer")).to_be_visible(timeout=WAIT_MS)
    page.clock.run_for(500)    # the note's way out
    expect(note).to_have_count(0)
    shoot(page, shots_dir(tmp_path) / "taught-strategy-first-item-phone.png")
    assert not errors, errors
