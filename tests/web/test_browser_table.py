"""The party table played in a real browser: a host and three players, each in a browser context
of their own (two laptops, one phone), play several rounds of the casino-party game through the
page's buttons and the phone's hand signals, against the real server.

What is checked is what a person sees: their cards and everyone's face-up cards, the backs of
cards they may not see (the casino-party game deals each hand's first card face down,
docs/casino.md#casino-party, and the dealer's hole card), only legal actions as buttons, and each
seat's chips changing by exactly the result the table shows for its hands.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from browser_kit import (
    LAPTOP,
    PHONE,
    Server,
    cents,
    felt_point,
    serve,
    shot,
    shots_dir,
    touch_gesture,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

#: The buttons a player may ever see in the action bar of the casino-party game.
PLAYER_ACTIONS = {"hit", "stand", "double", "split", "surrender", "insure", "decline"}
WAIT_MS = 15_000
#: Uncaught errors on any page: each test ends by finding none.
PAGE_ERRORS: list[str] = []


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web") / "ledger.db") as s:
        yield s


@dataclass
class Player:
    name: str
    page: Page
    phone: bool = False
    seat: int = 0
    gestures: list[str] = field(default_factory=list)


def new_page(browser: Browser, *, phone: bool = False) -> tuple[BrowserContext, Page]:
    ctx = (browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True) if phone
           else browser.new_context(viewport=LAPTOP))
    page = ctx.new_page()
    page.set_default_timeout(WAIT_MS)
    page.on("dialog", lambda d: d.accept())
    page.on("pageerror", lambda e: PAGE_ERRORS.append(str(e)))
    return ctx, page


def settle(page: Page) -> None:
    """Wait until every request this page sent is answered and drawn."""
    expect(page.locator("section.room")).to_have_attribute("data-busy", "0")


def no_error_toast(page: Page) -> None:
    assert page.locator(".toast.error").count() == 0, page.locator(".toast.error").all_inner_texts()


def actions(page: Page) -> list[str]:
    return [b.get_attribute("data-action") or ""
            for b in page.locator(".action-bar [data-action]").all()]


def bankroll(page: Page, seat: int) -> int:
    return cents(page.locator(f'.seat[data-seat="{seat}"] .bankroll').inner_text())


def mine_total(page: Page) -> int:
    text = page.locator(".seat.mine .hand.acting .total").inner_text()
    return int(text.split()[-1])


def open_room(page: Page, base: str) -> tuple[str, str]:
    page.goto(base + "/")
    page.locator('select[name="rules"] option[value="casino-party"]').wait_for(state="attached")
    page.select_option('select[name="rules"]', "casino-party")
    page.get_by_role("button", name="Create the room").click()
    page.wait_for_url(re.compile(r"/r/[A-Z0-9]+$"))
    code = page.locator(".room-code").inner_text()
    join = page.locator(".join-url").input_value()
    assert code in page.url and join.endswith(f"/r/{code}")
    return code, join


def take_seat(player: Player, join: str) -> None:
    page = player.page
    page.goto(join)
    page.get_by_placeholder("Your name").fill(player.name)
    page.get_by_label("buy-in in dollars").fill("200")
    page.get_by_role("button", name="Sit down").click()
    mine = page.locator(".seat.mine")
    expect(mine).to_be_visible()
    player.seat = int(mine.get_attribute("data-seat") or 0)
    assert mine.locator(".seat-name").inner_text() == player.name
    assert bankroll(page, player.seat) == 200_00


def bet_ten(player: Player) -> None:
    page = player.page
    page.locator('[data-chip="red"]').click()
    page.locator('[data-chip="red"]').click()
    expect(page.locator(".pending-amount")).to_have_text("$10")
    page.locator(".act-bet").click()
    settle(page)
    no_error_toast(page)
    expect(page.locator(".seat.mine .bet-amount")).to_have_text("$10")


def check_hidden_cards(players: list[Player]) -> None:
    """Each hand's first card lies face down: its owner sees it, nobody else's page holds its
    face; nobody sees the dealer's hole card."""
    for viewer in players:
        page = viewer.page
        dealer = page.locator(".dealer .card")
        if dealer.count() == 2:
            assert page.locator(".dealer .card.back").count() == 1
        for other in players:
            # A hand already over (a natural paid at once) has been turned up for everyone.
            first = page.locator(
                f'.seat[data-seat="{other.seat}"] .hand:not(:has(.outcome)) .card').first
            if not first.count():
                continue
            if other is viewer:
                assert first.get_attribute("data-card"), "a player sees their own face-down card"
            else:
                assert "back" in (first.get_attribute("class") or "")
                assert first.get_attribute("data-card") is None
                assert first.inner_text() == ""


def act_once(player: Player, use_gesture: bool) -> str:
    """Play one decision from what the page offers: decline insurance, hit below 17, stand
    otherwise; on the phone by hand signal when asked to."""
    page = player.page
    names = actions(page)
    assert set(names) <= PLAYER_ACTIONS, names
    if "decline" in names:
        page.locator('[data-action="decline"]').click()
        settle(page)
        return "decline"
    assert {"hit", "stand"} <= set(names), names
    choice = "hit" if mine_total(page) < 17 else "stand"
    cards_before = page.locator(".seat.mine .hand.acting .card").count()
    if use_gesture:
        x, y = felt_point(page)
        path = ([(x, y), (x, y + 20), (x, y + 45), (x + 2, y + 70)] if choice == "hit"
                else [(x, y), (x + 40, y + 2), (x + 80, y), (x + 20, y + 3), (x - 30, y)])
        read = page.locator("#signal-read")
        count = int(read.get_attribute("data-count") or "0")
        touch_gesture(page, path)
        player.gestures.append(choice)
        # The sign over the felt fades within a second; the live region keeps what was read.
        expect(read).to_have_attribute("data-count", str(count + 1))
        expect(read).to_contain_text(choice.capitalize())
    else:
        page.locator(f'[data-action="{choice}"]').click()
    settle(page)
    if choice == "hit":
        mine = page.locator(".seat.mine .hand").first
        expect(mine.locator(".card")).not_to_have_count(cards_before)
    return choice


def play_round(host: Page, players: list[Player], *, reconnect: bool = False,
               shots: dict[str, Path] | None = None) -> None:
    before = {p.name: bankroll(p.page, p.seat) for p in players}
    for p in players:
        bet_ten(p)
    host.locator('[data-host="deal"]').click()
    settle(host)
    no_error_toast(host)
    reconnected = False
    checked_hidden = False
    for _ in range(200):
        if host.locator(".felt-head .phase").inner_text() == "Round over":
            break
        busy = [p for p in players if actions(p.page)]
        assert len(busy) <= 1, "only the seat whose turn it is has buttons"
        if not busy:
            host.wait_for_timeout(100)
            continue
        player = busy[0]
        expect(player.page).to_have_title(re.compile(r"^Your turn"))
        for other in players:
            if other is not player:
                expect(other.page).not_to_have_title(re.compile(r"^Your turn"))
        if not checked_hidden and actions(player.page) != ["decline"]:
            check_hidden_cards(players)
            checked_hidden = True
            if shots is not None:
                for p in players:
                    if p.phone:
                        shot(p.page, shots["phone-mid-round"])
                shot(players[0].page, shots["laptop-mid-round"])
        # The first player to have a decision reloads the page then, mid-round: whoever the
        # cards make it (a named player might have a blackjack and never decide).
        if reconnect and not reconnected:
            see_it_all_after_reload(player)
            reconnected = True
        act_once(player, use_gesture=player.phone)
        no_error_toast(player.page)
    else:
        pytest.fail("the round did not end")
    assert reconnected or not reconnect
    for p in players:
        page = p.page
        expect(page.locator(".felt-head .phase")).to_have_text("Round over")
        hands = page.locator(".seat.mine .hand")
        nets = [cents(t) for t in page.locator(".seat.mine .hand .net").all_inner_texts()]
        assert hands.count() >= 1
        assert page.locator(".seat.mine .hand .outcome").count() == hands.count()
        after = bankroll(page, p.seat)
        assert after == before[p.name] + sum(nets), (p.name, before[p.name], nets, after)
        assert bankroll(host, p.seat) == after
        assert page.locator(".dealer .card.back").count() == 0


def see_it_all_after_reload(player: Player) -> None:
    """Mid-round the player reloads: the seat comes back with its cards, bet and buttons."""
    page = player.page
    cards = page.locator(".seat.mine .card").evaluate_all(
        "els => els.map(e => e.dataset.card || 'back')")
    buttons = actions(page)
    page.reload()
    expect(page.locator(".seat.mine")).to_be_visible()
    expect(page.locator(".action-bar [data-action]").first).to_be_visible()
    assert page.locator(".seat.mine").get_attribute("data-seat") == str(player.seat)
    again = page.locator(".seat.mine .card").evaluate_all(
        "els => els.map(e => e.dataset.card || 'back')")
    assert again == cards and "back" not in again
    assert actions(page) == buttons
    expect(page.locator(".seat.mine .bet-amount").first).to_have_text("$10")


def after_payout_shots(players: list[Player], shots: dict[str, Path], *, last: bool) -> None:
    """The table just after a round, taken the first time a winner was paid (or after the last
    round if the cards never paid anyone), once the chips have finished their flight."""
    laptop, phone = players[0].page, players[2].page
    if shots["laptop-after-payout"].exists() or not (
            last or laptop.locator(".pile.payout").count()):
        return
    shot(laptop, shots["laptop-after-payout"])
    shot(phone, shots["phone-after-payout"])


def test_a_party_plays_rounds_in_the_browser(server: Server, browser: Browser,
                                             tmp_path: Path) -> None:
    host_ctx, host = new_page(browser)
    code, join = open_room(host, server.base)
    players = []
    for name, on_phone in (("Ana", False), ("Ben", False), ("Cleo", True)):
        _, page = new_page(browser, phone=on_phone)
        players.append(Player(name, page, on_phone))
    for p in players:
        take_seat(p, join)
    expect(host.locator(".seat")).to_have_count(3)
    expect(players[2].page.locator(".room-code")).to_have_text(code)
    # The shoe's commitment, on every page (docs/web.md#checking-the-shoes-commitment).
    for page in (host, players[0].page, players[2].page):
        expect(page.locator(".commitment code")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    # A seat sees no host controls and the host no seat's buttons.
    assert players[0].page.locator(".host-panel").count() == 0
    assert host.locator(".action-bar").count() == 0

    folder = shots_dir(tmp_path)
    shots = {k: folder / f"{k}.png" for k in ("laptop-mid-round", "phone-mid-round",
                                              "laptop-after-payout", "phone-after-payout")}
    for picture in shots.values():
        picture.unlink(missing_ok=True)
    play_round(host, players, shots=shots)
    after_payout_shots(players, shots, last=False)
    play_round(host, players, reconnect=True)
    after_payout_shots(players, shots, last=False)

    # The host pauses: no one may act; then resumes, and the party plays on.
    host.locator('[data-host="pause"]').click()
    settle(host)
    expect(players[0].page.locator(".felt-head .phase")).to_have_text("Paused by the host")
    assert players[0].page.locator(".act-bet").count() == 0
    host.locator('[data-host="resume"]').click()
    settle(host)
    play_round(host, players)
    after_payout_shots(players, shots, last=True)

    phone = players[2]
    assert phone.gestures, "the phone player played by hand signals"
    for picture in shots.values():
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    # The host's downloads answer with the room's records.
    for link in ("House history", f"{players[0].name}'s history", "Ledger (CSV)"):
        href = host.get_by_role("link", name=link).get_attribute("href")
        assert href is not None
        response = host.request.get(server.base + href)
        assert response.ok and response.text().strip()

    # The host removes a player, then closes the room: everyone is told.
    ben = players[1]
    host.locator(f'[data-remove="{ben.seat}"]').click()
    expect(host.locator(f'.seat[data-seat="{ben.seat}"]')).to_have_count(0)
    host.locator('[data-host="close"]').click()
    for p in (players[0], phone):
        expect(p.page.get_by_role("heading", name="The table is closed")).to_be_visible()
    host_ctx.close()
    assert not PAGE_ERRORS


def test_refusals_are_shown_politely(server: Server, browser: Browser) -> None:
    """An unknown room and a bet the table refuses each give a note in words, not a blank page,
    and the refused bet changes nothing."""
    ctx, page = new_page(browser)
    page.goto(server.base + "/r/NOSUCH")
    expect(page.locator(".toast")).to_contain_text("There is no room NOSUCH")
    expect(page.get_by_role("heading", name="Join a table")).to_be_visible()

    host_ctx, host = new_page(browser)
    _, join = open_room(host, server.base)
    player = Player("Dee", page)
    take_seat(player, join)
    page.locator('[data-chip="white"]').click()  # $1: below the casino-party table's $10
    # The page knows the table's limits and holds the bet back...
    expect(page.locator(".bet-control .limits")).to_have_text(re.compile(r"^\$10 to "))
    expect(page.locator(".act-bet")).to_be_disabled()
    # ...and were it sent all the same (a page out of date), the table refuses it in words.
    page.evaluate("document.querySelector('.act-bet').disabled = false")
    page.locator(".act-bet").click()
    settle(page)
    toast = page.locator(".toast.error")
    expect(toast).to_be_visible()
    assert toast.inner_text().strip()
    assert bankroll(page, player.seat) == 200_00
    assert page.locator(".seat.mine .bet-amount").count() == 0
    ctx.close()
    host_ctx.close()
    assert not PAGE_ERRORS
