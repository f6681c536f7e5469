"""Driving the party table's page in Debian's Chromium: the real server in a subprocess on a free
port with its own ledger file, Chromium launched without any download, touch gestures sent the
way a phone sends them (through the DevTools protocol, so the page gets real touch pointers).

Chromium missing is an error, never a skip: CI installs it, and a browser test that quietly does
not run is no test.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
from playwright.sync_api import Browser, Page, Playwright, ViewportSize, expect
from proc_kit import kill_group

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
#: Where the screenshots go: a temporary folder, or the docs' images when this names it.
SHOTS_ENV = "TWENTYONE_WEB_SHOTS"
#: How long an assertion waits for a page to come to what it expects. Playwright's own 5 s
#: is less than a page itself waits (15 s, ``new_page``): on a loaded two-core machine running
#: two browsers, a page was seen busy past 5 s just as a player's turn came.
EXPECT_MS = 15_000
expect.set_options(timeout=EXPECT_MS)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    base: str
    process: subprocess.Popen[bytes]


@contextmanager
def serve(db: Path, stack: str | None = None,
          count_checks: float | None = None) -> Iterator[Server]:
    """`twentyone serve` on a free port with a fresh ledger, until it answers /health; with
    ``stack`` ("10s,As,..."), each room's first shoe deals those cards first; the coach asks a
    count check after ``count_checks`` of the rounds (1: every one; None: the server's own)."""
    port = free_port()
    with serve_command([sys.executable, "-m", "twentyone", "serve", "--host", "127.0.0.1",
                        "--port", str(port), "--db", str(db),
                        *(["--stack", stack] if stack else []),
                        *(["--count-checks", str(count_checks)] if count_checks is not None
                          else [])], db, port) as server:
        yield server


@contextmanager
def serve_command(argv: Sequence[str], db: Path, port: int) -> Iterator[Server]:
    """A server started by ``argv`` on ``port`` with its log beside ``db``, until it answers
    /health; ended (its whole group, at a deadline) when the block ends."""
    log = open(db.with_suffix(".log"), "wb")  # noqa: SIM115 - closed below, after the server
    process = subprocess.Popen(list(argv), stdout=log, stderr=subprocess.STDOUT,
                               env={**os.environ}, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited: {db.with_suffix('.log').read_text()}")
            try:
                if httpx2.get(f"{base}/health", timeout=1).json() == {"status": "ok"}:
                    break
            except httpx2.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not answer /health within a minute")
            time.sleep(0.2)
        yield Server(base, process)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            kill_group(process)
        log.close()


def launch(p: Playwright) -> Browser:
    if not CHROMIUM.exists():
        raise RuntimeError(f"{CHROMIUM} is missing: install Debian's chromium package "
                           "(the browser tests drive it; they never download a browser)")
    return p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


def touch_gesture(page: Page, points: Sequence[tuple[float, float]], *,
                  step_ms: int = 40) -> None:
    """One finger down at the first point, through the others ``step_ms`` apart, and up: real
    touch input, as a phone's screen reports it, so the page receives touch pointer events.
    Each event carries its own time, so a loaded machine delivering them late does not turn a
    quick signal into a slow one."""
    cdp = page.context.new_cdp_session(page)
    t0 = time.time()
    try:
        x, y = points[0]
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchStart", "touchPoints": [{"x": x, "y": y}], "timestamp": t0})
        for i, (x, y) in enumerate(points[1:], start=1):
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": x, "y": y}],
                      "timestamp": t0 + i * step_ms / 1000})
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchEnd", "touchPoints": [],
                  "timestamp": t0 + len(points) * step_ms / 1000})
    finally:
        cdp.detach()


def touch_hold(page: Page, fingers: Sequence[tuple[float, float]], ms: int) -> None:
    """Every finger down at once at its point, held still ``ms`` milliseconds, and lifted: a
    held finger, or two on the screen together, as a phone reports them (the events carry
    their times, as in ``touch_gesture``)."""
    cdp = page.context.new_cdp_session(page)
    t0 = time.time()
    try:
        points = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(fingers)]
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchStart", "touchPoints": points, "timestamp": t0})
        page.wait_for_timeout(ms)
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchEnd", "touchPoints": [], "timestamp": t0 + ms / 1000})
    finally:
        cdp.detach()


#: The first point of the dealer's calls (the felt between the dealer and the seats) that a
#: finger would touch on the felt itself: on the screen, not under the buttons fixed at the
#: foot of a phone's screen or any other control, so the page takes it as a signal.
FELT_SPOT = """() => {
  const calls = document.querySelector(".felt .calls");
  calls.scrollIntoView({ block: "center" });
  const box = calls.getBoundingClientRect();
  const skip = "button, input, select, textarea, a, summary, .controls, .action-bar";
  for (const fy of [0.5, 0.35, 0.65, 0.2, 0.8]) {
    for (const fx of [0.5, 0.3, 0.7]) {
      const x = box.left + box.width * fx, y = box.top + box.height * fy;
      const at = document.elementFromPoint(x, y);
      if (at && at.closest("#felt") && !at.closest(skip)) return [x, y];
    }
  }
  return null;
}"""


def felt_point(page: Page) -> tuple[float, float]:
    """A spot on the felt between the dealer and the seats, in view and clear of any button
    (the action bar stays at the foot of a phone's screen and may cover the calls)."""
    spot = page.evaluate(FELT_SPOT)
    assert spot is not None, "no spot of the dealer's calls is in view, clear of the buttons"
    return float(spot[0]), float(spot[1])


def cents(text: str) -> int:
    """"$142.50" / "+$15" / "−$10" as cents."""
    m = re.fullmatch(r"([+−-]?)\$([\d,]+)(?:\.(\d\d))?", text.strip())
    if m is None:
        raise ValueError(f"{text!r} is not an amount")
    value = int(m[2].replace(",", "")) * 100 + int(m[3] or 0)
    return -value if m[1] in ("−", "-") else value


def shots_dir(default: Path) -> Path:
    folder = Path(os.environ.get(SHOTS_ENV) or default)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def page_for(browser: Browser, errors: list[str], *, phone: bool = False,
             wait_ms: int = 15_000) -> Page:
    """A fresh page, at a phone's size and touch or a laptop's; its script errors go to
    ``errors``."""
    ctx = (browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True) if phone
           else browser.new_context(viewport=LAPTOP))
    page = ctx.new_page()
    page.set_default_timeout(wait_ms)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def bet_and_dealt(browser: Browser, base: str, rules: str, errors: list[str], *,
                  phone: bool = False, seated: Callable[[Page], None] | None = None
                  ) -> tuple[Page, Page]:
    """A room of ``rules`` created by the host; Ann (on a phone, or a laptop) sits with $200
    (then ``seated`` is done on her page), bets $10 in two red chips, and the host deals: (the
    host's page, Ann's)."""
    host = page_for(browser, errors)
    host.goto(base + "/")
    host.locator(f'select[name="rules"] option[value="{rules}"]').wait_for(state="attached")
    host.select_option('select[name="rules"]', rules)
    host.get_by_role("button", name="Create the room").click()
    host.wait_for_url(re.compile(r"/r/[A-Z0-9]+$"))
    ann = page_for(browser, errors, phone=phone)
    ann.goto(host.locator(".join-url").input_value())
    ann.get_by_placeholder("Your name").fill("Ann")
    ann.get_by_label("buy-in in dollars").fill("200")
    ann.get_by_role("button", name="Sit down").click()
    expect(ann.locator(".seat.mine")).to_be_visible()
    if seated is not None:
        seated(ann)
    for _ in range(2):
        ann.locator('[data-chip="red"]').click()
    ann.locator(".act-bet").click()
    settled(ann)
    host.locator('[data-host="deal"]').click()
    settled(host)
    return host, ann


def settled(page: Page) -> None:
    """Wait until the room's page has no request of its own in flight."""
    expect(page.locator("section.room")).to_have_attribute("data-busy", "0")


def start_drill(page: Page, base: str, drill: str, profile: str,
                wait_ms: int) -> dict[str, Any]:
    """Open the trainers' page on ``drill`` for ``profile`` and start a session; the server's
    answer."""
    page.goto(f"{base}/train?drill={drill}")
    page.fill("input[name=profile]", profile)
    with page.expect_response(lambda r: r.url.endswith("/api/train/sessions")
                              and r.request.method == "POST", timeout=wait_ms) as info:
        page.click("form.t-setup button[type=submit]")
    body: dict[str, Any] = info.value.json()
    expect(page.locator(".t-answer")).to_be_visible(timeout=wait_ms)
    return body


def drawn(page: Page) -> None:
    """Let the page finish drawing: the cards' deal and the chips' flights over (each under a
    second, none repeating; five seconds at most all the same), then the next frame, in which the
    room's page scrolls for a turn."""
    page.evaluate("""async () => {
      const over = Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
      await Promise.race([over, new Promise((r) => setTimeout(r, 5000))]);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }""")


def shot(page: Page, path: Path | str) -> None:
    """A screenshot of the page once its drawing has settled (no card caught mid-deal)."""
    drawn(page)
    page.screenshot(path=str(path))
