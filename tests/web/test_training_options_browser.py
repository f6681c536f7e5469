"""Drill settings on the trainers' page, in a real browser against the real server
(docs/training.md#drill-options): on a phone the counting drill offers its count system as a
list and its pace as a number, the values chosen reach the drill (the item shows them), and a
drill without settings shows none; the settings fit a laptop's form as well."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_kit import LAPTOP, PHONE, Server, serve, shots_dir
from playwright.sync_api import Browser, expect

WAIT_MS = 60_000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("trainopts") / "ledger.db") as s:
        yield s


@pytest.mark.parametrize(("viewport", "shot"), [(PHONE, "trainer-options.png"),
                                                (LAPTOP, "trainer-options-laptop.png")])
def test_the_settings_are_offered_and_reach_the_drill(
        browser: Browser, server: Server, tmp_path: Path, viewport: Any, shot: str) -> None:
    errors: list[str] = []
    ctx = browser.new_context(viewport=viewport)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/train?drill=payouts")
    expect(page.locator("form.t-setup")).to_be_visible()
    expect(page.locator(".t-options")).to_be_hidden()  # payouts take no settings

    page.select_option("select[name=drill]", "running-count")
    system = page.locator("select[name=opt-system]")
    expect(system).to_be_visible()
    assert system.input_value() == "hilo"
    labels = page.locator("select[name=opt-system] option").all_inner_texts()
    assert "Knock-Out (unbalanced)" in labels
    pace = page.locator("input[name=opt-pace]")
    assert (pace.get_attribute("min"), pace.get_attribute("max"), pace.input_value()) == \
        ("100", "5000", "700")
    system.select_option("ko")
    pace.fill("400")
    page.fill("input[name=opt-cards]", "12")
    page.fill("input[name=profile]", "sam")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], "the settings must not widen the page"
    page.locator(".t-options").scroll_into_view_if_needed()
    page.screenshot(path=str(shots_dir(tmp_path) / shot), full_page=True)

    with page.expect_response(lambda r: r.url.endswith("/api/train/sessions")
                              and r.request.method == "POST", timeout=WAIT_MS) as info:
        page.click("form.t-setup button[type=submit]")
    sent = info.value.request.post_data_json
    assert sent is not None and sent["options"] == {
        "system": "ko", "flash": 1, "pace": 400, "cards": 12}
    item = info.value.json()["item"]
    assert (item["system"], item["pace_ms"], len(item["cards"])) == ("ko", 400, 12)
    expect(page.locator(".t-session")).to_be_visible(timeout=WAIT_MS)
    assert not errors
    ctx.close()


def test_a_setting_out_of_range_is_refused_in_words_on_the_page(
        browser: Browser, server: Server) -> None:
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{server.base}/train?drill=catch-dealer")
    rate = page.locator("input[name=opt-rate]")
    expect(rate).to_be_visible()
    # The field's own range stops a person at the form; a value that gets past it is still
    # refused by the drill, in words, and the setup stays for another try.
    page.evaluate("document.querySelector('input[name=opt-rate]').removeAttribute('max')")
    rate.fill("2")
    page.fill("input[name=profile]", "sam")
    page.click("form.t-setup button[type=submit]")
    expect(page.locator("#toasts")).to_contain_text("rate is a number from 0 to 1")
    expect(page.locator("form.t-setup button[type=submit]")).to_be_enabled()
    ctx.close()
