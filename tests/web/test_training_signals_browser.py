"""The hand-signal drills on the trainers' page, on a phone (docs/training.md): "read the
signal" shows the drawn signal and takes the decision from its buttons; "give the signal" shows
four numbered drawings and takes the number of the right one. The right answer is read from the
drawing's own words (each signal's words are its own, ``SEEN``, and the classic rules' second
way to ask for a card, ``BECKON``), never from a hidden answer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_kit import PHONE, Server, serve, shots_dir, start_drill
from playwright.sync_api import Browser, Page, expect

from twentyone.engine.signals import Decision, SignalStyle
from twentyone.train.signals import BECKON, SEEN

WAIT_MS = 30_000
#: Each signal's words, to the decision they give. The same words may draw one decision in
#: two games (a surrender, the shoe and the classic game's stand), never two decisions; the
#: classic rules' hit is drawn as a scratch or a beckon, half the time each, so both are read.
DRAWN = {words: decision for (_, decision), words in SEEN.items()} | {BECKON: Decision.HIT}
assert all(len({d for (_, d), w in SEEN.items() if w == words}) == 1
           for words in SEEN.values())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("signals-train") / "ledger.db") as s:
        yield s


def answered(page: Page, value: str) -> dict[str, Any]:
    with page.expect_response(lambda r: r.url.endswith("/answer")) as info:
        page.click(f'.t-answer button[data-answer="{value}"]')
    out: dict[str, Any] = info.value.json()
    expect(page.locator(".t-grade")).to_be_visible()
    return out


def test_the_signal_drills_on_a_phone(browser: Browser, server: Server, tmp_path: Path) -> None:
    errors: list[str] = []
    shots = shots_dir(tmp_path)
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda e: errors.append(str(e)))

    # Read the signal: the drawing, its game, and the decisions as buttons.
    session = start_drill(page, server.base, "signals", "sam", WAIT_MS)
    drawn = page.locator(".t-signal svg")
    expect(drawn).to_be_visible()
    words = drawn.get_attribute("aria-label") or ""
    decision = DRAWN[words]
    game = SignalStyle(session["item"]["game"])
    assert words in (SEEN[game, decision], BECKON if game is SignalStyle.CLASSIC else None)
    page.screenshot(path=str(shots / "trainer-signals-phone.png"))
    choices = session["item"]["choices"]
    out = answered(page, str(choices.index(decision.value) + 1))
    assert out["grade"]["correct"] is True
    expect(page.locator(".t-grade h3")).to_have_text("Right")
    ctx.close()

    # Give the signal: four numbered drawings; the right one's number answers.
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    session = start_drill(page, server.base, "signals-give", "sam", WAIT_MS)
    item = session["item"]
    figures = page.locator(".t-signals figure.t-signal svg")
    expect(figures).to_have_count(4)
    labels = [figures.nth(i).get_attribute("aria-label") for i in range(4)]
    want = Decision(item["decision"])
    right = next(i + 1 for i, words in enumerate(labels) if DRAWN[words or ""] is want)
    page.screenshot(path=str(shots / "trainer-signals-give-phone.png"))
    out = answered(page, str(right % 4 + 1))
    assert out["grade"]["correct"] is False
    expect(page.locator(".t-grade h3")).to_have_text("Not quite")
    ctx.close()
    assert not errors
