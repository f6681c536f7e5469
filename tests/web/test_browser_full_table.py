"""The blackjack room at a full table, measured in the browser's layout (never in pixels of a
picture): seven seats with the longest names the server takes fit a laptop's screen without one
seat's name, chips, balance or Remove button reaching into another's; on a phone each name stays
in its seat, and on your turn the dealer's up card and your hand are on the screen together, with
the buttons clear of your bet and balance. And the chips offered for a bet are only those that
can make a bet the table takes (docs/web.md#at-the-table-in-the-browser).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx2
import pytest
from browser_kit import Server, cents, drawn, page_for, serve, settled, shot, shots_dir
from full_table_kit import FULL_STACK, HITS, LONG_NAMES, Person, play_in_turn
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import Browser, Page, ViewportSize, expect

#: What the page draws of each seat, as boxes in the viewport (null where a seat has none).
MEASURE = """() => {
  const box = (el) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return r.width && r.height ? [r.left, r.top, r.right, r.bottom] : null;
  };
  const all = (root, sel) => [...root.querySelectorAll(sel)].map(box).filter(Boolean);
  return {
    width: innerWidth, height: innerHeight,
    seats: [...document.querySelectorAll(".seat")].map((s) => ({
      seat: s.dataset.seat, mine: s.classList.contains("mine"), box: box(s),
      name: box(s.querySelector(".seat-name")),
      parts: [".seat-head", ".seat-name", ".badge", ".remove", ".bankroll", ".stack", ".bet-spot",
              ".card", ".hand-info"].flatMap((sel) => all(s, sel).map((b) => [sel, b])),
    })),
    dealerUp: box(document.querySelector(".dealer .card.face")),
    controls: box(document.querySelector(".controls")),
  };
}"""
Box = list[float]
#: Half a pixel: a box edge rounded by the layout engine is not a spill.
SLACK = 0.5


def overlap(a: Box, b: Box) -> bool:
    return (a[0] < b[2] - SLACK and b[0] < a[2] - SLACK
            and a[1] < b[3] - SLACK and b[1] < a[3] - SLACK)


def inside(part: Box, whole: Box) -> bool:
    return (part[0] >= whole[0] - SLACK and part[1] >= whole[1] - SLACK
            and part[2] <= whole[2] + SLACK and part[3] <= whole[3] + SLACK)


def in_view(box: Box, m: dict[str, Any]) -> bool:
    return inside(box, [0, 0, m["width"], m["height"]])


def check_seats_apart(m: dict[str, Any], seats: int = 7) -> None:
    """Every seat draws inside its own box, and no two seats' boxes meet."""
    assert len(m["seats"]) == seats, m["seats"]
    for s in m["seats"]:
        for what, part in s["parts"]:
            assert inside(part, s["box"]), \
                f"seat {s['seat']}'s {what} {part} spills out of {s['box']}"
    for i, a in enumerate(m["seats"]):
        for b in m["seats"][i + 1:]:
            assert not overlap(a["box"], b["box"]), f"seats {a['seat']} and {b['seat']} overlap"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("full") / "ledger.db", stack=FULL_STACK) as s:
        yield s


def new_room(server: Server, **body: Any) -> dict[str, str]:
    made = httpx2.post(f"{server.base}/api/rooms",
                       json={"game": "casino", "rules": "classic", **body}, timeout=10)
    assert made.status_code == 201, made.text
    room: dict[str, str] = made.json()
    return room


def sit_on_page(page: Page, join: str, name: str, buy_in: str = "200") -> int:
    page.goto(join)
    page.get_by_placeholder("Your name").fill(name)
    page.get_by_label("buy-in in dollars").fill(buy_in)
    page.get_by_role("button", name="Sit down").click()
    mine = page.locator(".seat.mine")
    expect(mine).to_be_visible()
    page.evaluate("document.querySelectorAll('.toast').forEach((t) => t.remove())")
    return int(mine.get_attribute("data-seat") or 0)


def test_seven_seats_fit_the_hosts_laptop(server: Server, browser: Browser) -> None:
    """At 1280x800 the host sees all seven seats (names as long as the server takes), each with its
    name, chips, balance and Remove button inside its own box: before the deal, with the cards
    and bets out, and with the round settled."""
    made = new_room(server)
    errors: list[str] = []
    with ExitStack() as stack:
        people = [Person(server, made["room"], stack) for _ in LONG_NAMES]
        for p, name in zip(people, LONG_NAMES, strict=True):
            p.sit(name)
        host = page_for(browser, errors)
        host.goto(server.base + "/")
        host.evaluate("([code, token]) => localStorage.setItem(`twentyone:${code}:host`, token)",
                      [made["room"], made["host_token"]])
        host.goto(f"{server.base}/r/{made['room']}")
        expect(host.locator(".seat .remove")).to_have_count(7)
        measured = host.evaluate(MEASURE)
        check_seats_apart(measured)
        assert all(in_view(s["box"], measured) for s in measured["seats"]), measured["seats"]

        for p in people:
            p.op("bet", amount=10_00)
        host.locator('[data-host="deal"]').click()
        settled(host)
        expect(host.locator(".seat .card")).to_have_count(14)
        drawn(host)
        measured = host.evaluate(MEASURE)
        check_seats_apart(measured)
        assert all(in_view(s["box"], measured) for s in measured["seats"]), measured["seats"]
        assert measured["dealerUp"] and in_view(measured["dealerUp"], measured)

        # Each state frame redraws the felt: the cards already dealt lie still, never dealt again.
        host.evaluate("""() => {
          window.redealt = 0;
          new MutationObserver(() => {
            const dealing = document.getAnimations().filter(
              (a) => a.animationName === "deal" && a.playState === "running");
            window.redealt = Math.max(window.redealt, dealing.length);
          }).observe(document.getElementById("felt"), { childList: true });
        }""")
        people[0].op("stand")
        expect(host.locator(f'.seat.turn[data-seat="{people[1].seat}"]')).to_be_visible()
        assert host.evaluate("window.redealt") == 0
        play_in_turn(people[1:])
        expect(host.locator(".felt-head .phase")).to_have_text("Round over")
        drawn(host)
        measured = host.evaluate(MEASURE)
        check_seats_apart(measured)
        assert all(in_view(s["box"], measured) for s in measured["seats"]), measured["seats"]
        # The whole of each name is there for the asking.
        titles = host.locator(".seat-name").evaluate_all("els => els.map((e) => e.title)")
        assert sorted(titles) == sorted(LONG_NAMES)
        # A seat whose player has gone carries a badge too, and still keeps to itself.
        people[3].ws.close()
        expect(host.locator(f'.seat[data-seat="{people[3].seat}"] .badge.away')).to_be_visible()
        drawn(host)
        measured = host.evaluate(MEASURE)
        check_seats_apart(measured)
        assert all(in_view(s["box"], measured) for s in measured["seats"]), measured["seats"]
    assert not errors, errors


def test_seven_seats_on_a_phone_on_your_turn(server: Server, browser: Browser) -> None:
    """At 390x844, seven seats with names as long as the server takes: no name reaches into
    another seat, the buttons never cover your balance or bet, and when your turn comes the
    dealer's up card and your hand are on the screen together."""
    made = new_room(server)
    errors: list[str] = []
    phone = page_for(browser, errors, phone=True)
    with ExitStack() as stack:
        people = [Person(server, made["room"], stack) for _ in LONG_NAMES[1:]]
        host = Person(server, made["room"], stack, made["host_token"])
        for p, name in zip(people, LONG_NAMES[1:], strict=True):
            p.sit(name)
        seat = sit_on_page(phone, made["join_url"], LONG_NAMES[0])
        expect(phone.locator(".seat")).to_have_count(7)

        def check(m: dict[str, Any], *, bet: bool) -> None:
            check_seats_apart(m)
            for s in m["seats"]:
                for other in m["seats"]:
                    if other is not s:
                        assert not overlap(s["name"], other["box"]), \
                            f"seat {s['seat']}'s name reaches into seat {other['seat']}"
            mine = next(s for s in m["seats"] if s["mine"])
            covered = [b for what, b in mine["parts"]
                       if what in (".bankroll", ".bet-spot") or (bet and what == ".card")]
            assert covered
            for b in covered:
                assert in_view(b, m), f"{b} is off the screen"
                assert m["controls"] is None or not overlap(b, m["controls"]), \
                    f"the buttons {m['controls']} cover {b}"

        check(phone.evaluate(MEASURE), bet=False)
        for _ in range(2):
            phone.locator('[data-chip="red"]').click()
        phone.locator(".act-bet").click()
        settled(phone)
        for p in people:
            p.op("bet", amount=10_00)
        host.op("deal")
        # The phone's seat (the last to sit) plays last: the others' hands grow to five cards.
        assert seat == 7
        play_in_turn(people, HITS)
        expect(phone.locator('.action-bar [data-action="stand"]')).to_be_visible(timeout=15_000)
        expect(phone.locator(".seat:not(.mine) .card")).to_have_count(12 + sum(HITS.values()))
        drawn(phone)
        measured = phone.evaluate(MEASURE)
        check(measured, bet=True)
        assert measured["dealerUp"] and in_view(measured["dealerUp"], measured), measured
        # The odds, asked for, scroll into sight above the buttons (the page is taller now).
        # Worked out exactly by the server: a minute at most, on a busy machine.
        phone.locator(".hint-button").click()
        expect(phone.locator(".hint-panel li").first).to_be_visible(timeout=60_000)
        phone.wait_for_function("""() => {
          const panel = document.querySelector(".hint-panel").getBoundingClientRect();
          const bar = document.querySelector(".controls").getBoundingClientRect();
          return panel.top >= 0 && panel.bottom <= bar.top;
        }""", timeout=10_000)
        # A tap redraws the felt at once (its button held until the table answers): the cards
        # and the dealer's calls already shown stay as they are, neither dealt nor called again.
        assert phone.locator(".calls .call").count()
        drawn(phone)
        phone.evaluate("""() => {
          new MutationObserver((_, seen) => {
            seen.disconnect();
            window.replayed = document.getAnimations().filter((a) => a.playState === "running"
              && ["deal", "call-in"].includes(a.animationName)).length;
          }).observe(document.getElementById("felt"), { childList: true });
        }""")
        phone.locator('.action-bar [data-action="stand"]').click()
        expect(phone.locator(".felt-head .phase")).to_have_text("Round over")
        assert phone.evaluate("window.replayed") == 0
    assert not errors, errors


def test_a_ten_dollar_table_offers_no_twenty_five_chip(server: Server, browser: Browser) -> None:
    """At the casino-party table bets go in $10s (docs/casino.md#casino-party): the $25 chip is
    greyed out (it never makes whole $10s), the $5 is not (two make $10); a $25 bet sent all the
    same is refused in words and changes nothing."""
    made = new_room(server, rules="casino-party")
    errors: list[str] = []
    page = page_for(browser, errors)
    seat = sit_on_page(page, made["join_url"], "Dee")
    expect(page.locator('[data-chip="green"]')).to_be_disabled()
    for colour in ("yellow", "white", "red", "black"):
        expect(page.locator(f'[data-chip="{colour}"]')).to_be_enabled()
    expect(page.locator('[data-chip="purple"]')).to_be_disabled()  # $500: more than Dee's $200
    expect(page.locator(".bet-control .limits")).to_have_text("$10 to $500, in $10s")
    # A $15 bet waits: Bet opens only at a whole number of $10s.
    for colour in ("red", "red", "red"):
        page.locator(f'[data-chip="{colour}"]').click()
    expect(page.locator(".pending-amount")).to_have_text("$15")
    expect(page.locator(".act-bet")).to_be_disabled()
    page.locator('[data-chip="red"]').click()
    expect(page.locator(".act-bet")).to_be_enabled()
    page.get_by_role("button", name="Clear").click()
    # Were a $25 bet sent all the same (a page out of date), the table refuses it in words.
    page.evaluate("document.querySelector('[data-chip=green]').disabled = false")
    page.locator('[data-chip="green"]').click()
    expect(page.locator(".pending-amount")).to_have_text("$25")
    page.evaluate("document.querySelector('.act-bet').disabled = false")
    page.locator(".act-bet").click()
    settled(page)
    expect(page.locator(".toast.error")).to_contain_text("bets must be in multiples of $10")
    assert cents(page.locator(f'.seat[data-seat="{seat}"] .bankroll').inner_text()) == 200_00
    assert page.locator(".seat.mine .bet-amount").count() == 0
    assert not errors, errors


@pytest.fixture(scope="module")
def module_page(server: Server, browser: Browser) -> Iterator[Page]:
    errors: list[str] = []
    page = page_for(browser, errors)
    page.goto(server.base + "/")
    yield page
    assert not errors, errors


#: Every chip's answer at every amount from nothing to ``top`` (the most the seat may bet).
ASK = """async ({chipset, bets, balance, top}) => {
  const m = await import("/static/bets.js");
  const open = [], ready = [];
  for (let s = 0; s <= top; s++) {
    open.push(chipset.map((c) => m.chipOpen(c.value, s, chipset, bets, balance)));
    ready.push(m.betReady(s, bets, balance));
  }
  return { open, ready, top: m.betTop(bets, balance) };
}"""


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    """A table's chips and bets as the rules allow them (src/twentyone/rules.py's checks: the
    smallest chip makes up the bet unit, the least and most are whole units) and a seat's chips,
    sized so every amount up to the most can be asked."""
    smallest = draw(st.sampled_from([25, 50, 100]))
    unit = smallest * draw(st.integers(1, 8))
    others = draw(st.lists(st.integers(smallest + 1, 40 * smallest), max_size=5, unique=True))
    values = sorted({smallest, *others})
    least = unit * draw(st.integers(1, 4))
    most = least + unit * draw(st.integers(0, 12))
    balance = draw(st.integers(0, most + 3 * unit))
    return {"chipset": [{"colour": f"c{v}", "value": v} for v in values],
            "bets": {"min": least, "max": most, "unit": unit}, "balance": balance}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables())
def test_the_chips_offered_make_exactly_the_legal_bets(module_page: Page,
                                                       table: dict[str, Any]) -> None:
    """For any chip set, bet unit, limits and balance: tapping only the chips the page offers
    reaches every bet the table takes (docs/casino.md#bet_unit; engine/table.py's bet_refusal: at
    least the least, at most the most and the seat's chips, whole units), never strands a bet
    that cannot be finished, offers no chip that never makes whole units, and Bet opens exactly
    at a legal amount."""
    bets, balance = table["bets"], table["balance"]
    values = [c["value"] for c in table["chipset"]]
    top = min(bets["max"], balance) // bets["unit"] * bets["unit"]

    def legal(s: int) -> bool:
        return bool(bets["min"] <= s <= bets["max"] and s <= balance and s % bets["unit"] == 0)

    got = module_page.evaluate(ASK, {**table, "top": max(top, 0) + bets["unit"]})
    assert got["top"] == top
    open_at, ready = got["open"], got["ready"]
    assert ready == [legal(s) for s in range(len(ready))]
    reached = {0}
    frontier = [0]
    while frontier:
        s = frontier.pop()
        for v, ok in zip(values, open_at[s], strict=True):
            if ok:
                assert s + v <= top, (s, v, top)
                if s + v not in reached:
                    reached.add(s + v)
                    frontier.append(s + v)
    assert {s for s in range(top + 1) if legal(s)} <= reached
    # From every amount the chips can build, a legal bet is still in reach.
    finishes = {s for s in reached if legal(s)}
    grew = True
    while grew:
        grew = False
        for s in reached - finishes:
            if any(ok and s + v in finishes for v, ok in zip(values, open_at[s], strict=True)):
                finishes.add(s)
                grew = True
    assert reached - {0} <= finishes
    for i, v in enumerate(values):
        if v % bets["unit"] and bets["unit"] % v:
            assert not any(row[i] for row in open_at), f"a {v}c chip at a {bets['unit']}c unit"


#: Each other seat's cards on the page: whether each card's corner (rank and suit) is its own
#: (no later card covers it), and the gap between the dealer's calls and the seats.
READABLE = """() => {
  const own = (card) => [...card.querySelectorAll(".corner.top b, .corner.top i")].every((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return card.contains(hit);
  });
  const calls = document.querySelector(".felt .calls").getBoundingClientRect();
  const seats = document.querySelector(".felt .seats").getBoundingClientRect();
  return {
    cards: [...document.querySelectorAll(".seat:not(.mine) .card.face")]
      .map((c) => [c.dataset.card, own(c)]),
    gap: seats.top - calls.bottom,
    wide: document.documentElement.scrollWidth > innerWidth,
    downloads: [...document.querySelectorAll(".downloads")]
      .map((d) => d.scrollWidth <= d.clientWidth + 1),
  };
}"""


@pytest.mark.parametrize("width", [360, 390, 1280])
def test_a_full_table_at_each_width(server: Server, browser: Browser, width: int,
                                    tmp_path: Path) -> None:
    """Seven long names mid-round, the player's and the host's pages at 360, 390 and 1280 px:
    every other player's cards show their corners (none hidden under the next), the seats sit
    up under the dealer's calls on a phone (no empty middle), the host's download links wrap
    rather than scroll sideways, and no page is wider than the screen. The pictures docs/web.md
    shows (TWENTYONE_WEB_SHOTS=docs/images/web to write them there)."""
    made = new_room(server)
    errors: list[str] = []
    shots = shots_dir(tmp_path)
    size: ViewportSize = {"width": width, "height": 844 if width < 700 else 800}
    phone = width < 700

    def page_at() -> Page:
        ctx = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    player = page_at()
    with ExitStack() as stack:
        people = [Person(server, made["room"], stack) for _ in LONG_NAMES[1:]]
        for p, name in zip(people, LONG_NAMES[1:], strict=True):
            p.sit(name)
        sit_on_page(player, made["join_url"], LONG_NAMES[0])
        host = page_at()
        host.goto(server.base + "/")
        host.evaluate("([code, token]) => localStorage.setItem(`twentyone:${code}:host`, token)",
                      [made["room"], made["host_token"]])
        host.goto(f"{server.base}/r/{made['room']}")
        expect(host.locator(".seat")).to_have_count(7)
        for _ in range(2):
            player.locator('[data-chip="red"]').click()
        player.locator(".act-bet").click()
        settled(player)
        for p in people:
            p.op("bet", amount=25_00)
        host.locator('[data-host="deal"]').click()
        settled(host)
        play_in_turn(people, HITS)
        # As long as the pages wait for anything: a loaded machine (the room's hint worked out
        # beside it) held the page past expect's own five seconds as the turn came.
        expect(player.locator('.action-bar [data-action="stand"]')).to_be_visible(timeout=15_000)
        shot(host, shots / f"full-table-host-{width}.png")
        shot(player, shots / f"full-table-player-{width}.png")
        if width == 390:
            shot(player, shots / "phone-full-table.png")
        if width == 1280:
            shot(host, shots / "laptop-full-table.png")
        expect(host.locator(".felt-head .phase")).to_have_text(re.compile("Players"))
        seen = player.evaluate(READABLE)
        assert len(seen["cards"]) == 12 + sum(HITS.values())
        assert all(ok for _, ok in seen["cards"]), seen["cards"]
        assert not seen["wide"]
        if phone:
            assert seen["gap"] < 40, seen["gap"]
        on_host = host.evaluate(READABLE)
        assert on_host["downloads"] and all(on_host["downloads"])
        assert not on_host["wide"]
    assert not errors, errors
