"""The progress page lists and charts the sessions played at the terminal table with the coach
(docs/training.md#the-coach-at-the-table), at a phone's 390 px and a laptop's 1280 px, from the
profile the table kept them in (``train.coach.Coach.keep``), beside the server's ledger."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from browser_kit import LAPTOP, PHONE, Server, page_for, serve, shot, shots_dir
from playwright.sync_api import Browser, expect

from twentyone.rules import PRESETS
from twentyone.train.coach import Coach
from twentyone.train.store import Store


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    folder = tmp_path_factory.mktemp("tableplay")
    with serve(folder / "ledger.db") as s:
        yield s, folder / "train"


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "laptop"])
def test_the_progress_page_lists_the_table_sessions(
        browser: Browser, server: tuple[Server, Path], tmp_path: Path, phone: bool) -> None:
    s, profiles = server
    coach = Coach(PRESETS["six-deck-s17"], "hilo")
    coach.settle([1500, -1000, 0])
    coach.see("10", "6", "10")                      # Hi-Lo -1: a true count of -0.17
    assert coach.judge(["10", "6"], "10", "stand") is not None   # below the index 0: hit
    assert coach.check_count(-1, 0).correct
    name = f"tp-{'phone' if phone else 'laptop'}"
    with Store.open(name, profiles) as store:
        coach.keep(store, "table-1", datetime(2026, 3, 1, 20, 0, tzinfo=UTC))
    errors: list[str] = []
    page = page_for(browser, errors, phone=phone)
    page.goto(f"{s.base}/train/stats?profile={name}")
    line = page.locator(".t-table-play li")
    expect(line).to_have_count(1)
    expect(line).to_contain_text("3 hands (won 1, lost 1, pushed 1), net +$5")
    expect(line).to_contain_text(f"1 mistake costing {coach.stats.ev_cost:.4f} of a bet")
    expect(line).to_contain_text("count checks 1 of 1 right")
    # Charted too: one session, one play judged and a mistake: a point at 0%.
    chart = page.locator(".t-table-chart svg.t-spark")
    expect(chart).to_have_attribute("aria-label", "accuracy over 1 session")
    expect(chart.locator("circle")).to_have_count(1)
    assert chart.locator("circle").get_attribute("cy") == str(60 - 4)
    expect(page.locator(".t-table-chart")).to_contain_text(
        "% of plays as the coach advised · 1 session, the latest 0%")
    # A profile with no strategy answers has no cost a hand: nothing, not the word "null".
    assert "null" not in (page.locator(".t-stats-body").text_content() or "")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= (PHONE if phone else LAPTOP)["width"]
    shot(page, shots_dir(tmp_path) / f"table-play-stats-{'phone' if phone else 'laptop'}.png")
    assert not errors, errors
