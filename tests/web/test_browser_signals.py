"""Each decision given as its hand signal on a phone (docs/web.md, docs/dealing.md#hand-signals):
the shoe game's signals at a table whose cards lie face up, the pitch game's where they are held.
The shoe is stacked (``serve --stack``): the player holds a pair of fives against a 6, so that
every decision is open; the page reads the signal, the table takes the decision, and the
dealer's calls say which signal was read. The buttons stay beside the signals."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_kit import (
    Server,
    bet_and_dealt,
    felt_point,
    serve,
    settled,
    shot,
    shots_dir,
    touch_gesture,
    touch_hold,
)
from playwright.sync_api import Browser, Page, expect

WAIT_MS = 15_000

#: (rules, decision, the call the dealer makes of it).
CASES = [
    ("classic", "hit", "Seat 1 scratches the felt towards them: hits"),
    ("modern-casino", "hit", "Seat 1 taps the felt: hits"),
    ("classic", "stand", "Seat 1 waves: stands"),
    ("classic", "double", "Seat 1 places chips beside the bet, one finger: doubles"),
    ("classic", "split", "Seat 1 places chips beside the bet, two fingers: splits"),
    ("single-deck", "hit", "Seat 1 scratches the cards towards them: hits"),
    ("single-deck", "stand", "Seat 1 slides the cards under the chips: stands"),
    ("single-deck", "double",
     "Seat 1 lays the cards face up and places chips beside the bet: doubles"),
    ("single-deck", "split",
     "Seat 1 lays the pair face up apart and places chips beside the bet: splits"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # Seat 1: 5 and 5; the dealer: 6 up, 10 in the hole; then small cards to draw.
    with serve(tmp_path_factory.mktemp("signals") / "ledger.db",
               stack="5s,6c,5h,10d,2c,3d,2h,3s") as s:
        yield s


def dealt_to_a_phone(browser: Browser, server: Server, rules: str,
                     errors: list[str]) -> tuple[Page, Page]:
    """A room of these rules; a player on a phone bets $10 and the host deals."""
    host, ann = bet_and_dealt(browser, server.base, rules, errors, phone=True)
    expect(ann.locator('[data-action="split"]')).to_be_visible()
    return host, ann


def give(page: Page, rules: str, decision: str) -> None:
    """The decision's signal on the felt, as docs/web.md's table gives it for this game."""
    x, y = felt_point(page)
    if decision == "hit":
        touch_gesture(page, [(x, y), (x, y + 20), (x, y + 45), (x + 2, y + 70)])
    elif decision == "stand" and rules == "single-deck":
        touch_gesture(page, [(x, y), (x, y - 20), (x + 1, y - 45), (x, y - 70)])
    elif decision == "stand":
        touch_gesture(page, [(x, y), (x + 40, y + 2), (x + 80, y), (x + 20, y + 3), (x - 30, y)])
    elif decision == "double":
        touch_hold(page, [(x, y)], 800)
    else:
        touch_hold(page, [(x - 30, y), (x + 30, y)], 250)


@pytest.mark.parametrize(("rules", "decision", "call"), CASES)
def test_each_decision_is_given_by_its_signal_on_a_phone(
        browser: Browser, server: Server, tmp_path: Path, rules: str, decision: str,
        call: str) -> None:
    errors: list[str] = []
    host, ann = dealt_to_a_phone(browser, server, rules, errors)
    # The legend names this game's signal for every decision open now; the buttons stay.
    # (docs/casino.md#hit_signal: the classic table's hit is its own, scratched or beckoned)
    game = {"single-deck": "pitch", "classic": "classic"}.get(rules, "shoe")
    legend = ann.locator(".signal-legend")
    expect(legend).to_have_attribute("data-game", game)
    for d in ("hit", "stand", "double", "split"):
        expect(legend.locator(f".legend-{d}")).to_be_visible()
        expect(ann.locator(f'[data-action="{d}"]')).to_be_visible()
    if (rules, decision) == ("single-deck", "split"):
        shot(ann, shots_dir(tmp_path) / "signals-phone.png")
    read = ann.locator("#signal-read")
    give(ann, rules, decision)
    expect(read).to_have_attribute("data-count", "1")
    expect(read).to_contain_text(decision.capitalize())
    settled(ann)
    # The table took it, and the calls say which signal the dealer read, to everyone.
    for page in (ann, host):
        expect(page.locator(".felt .calls")).to_contain_text(call)
    assert not errors


def test_what_is_no_signal_is_not_read(browser: Browser, server: Server) -> None:
    """At a pitch table a wave is not a signal (the cards slide under the chips), and a finger
    resting on the screen longer than a held signal is no double: nothing is read or sent."""
    errors: list[str] = []
    _, ann = dealt_to_a_phone(browser, server, "single-deck", errors)
    give(ann, "classic", "stand")
    x, y = felt_point(ann)
    touch_hold(ann, [(x, y)], 3300)
    ann.wait_for_timeout(500)
    expect(ann.locator("#signal-read")).to_have_attribute("data-count", "0")
    expect(ann.locator('[data-action="stand"]')).to_be_visible()
    assert not errors
