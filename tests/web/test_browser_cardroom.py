"""The card room in Chromium against the real server (docs/web.md#the-card-room-in-the-browser):
a host creates the room from the lobby, people join by the link and sit, the host deals, and
every move is made by tapping cards and buttons. After every move each page is read back from
its DOM and held to the frame it drew (the screen is the view), and a card no legal move uses
is tapped and stays unpicked while the page shows the game's reason.

Four pages play a whole Durak game; four play a President hand and the exchange that opens the
next; two people and two bots play a Solo Whist hand with its bidding. The room's shuffles and
its bots are seeded (``card_server``) and the people's moves are chosen by a fixed rule, so
every game is the same every run; every wait has a deadline.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from browser_kit import Server, free_port, page_for, serve_command, settled, shots_dir
from card_screen import CORNER, assert_screen_is_view, make_move, my_turn, screen, try_blocked
from patches import Copy
from playwright.sync_api import Browser, Page, WebSocket, expect

from twentyone.protocol import seal

Frame = dict[str, Any]
WAIT_MS = 20_000
#: The first card room each test's server opens deals from this seed (card_server).
SEED = {"durak": 10, "president": 3, "solo-whist": 2}


@contextmanager
def card_server(tmp_path: Path, seed: int) -> Iterator[Server]:
    port = free_port()
    db = tmp_path / "ledger.db"
    with serve_command([sys.executable, str(Path(__file__).with_name("card_server.py")),
                        "--db", str(db), "--port", str(port), "--seed", str(seed)],
                       db, port) as server:
        yield server


class Seat:
    """One page at the room and every state frame its socket received, in order."""

    def __init__(self, page: Page, name: str) -> None:
        self.page = page
        self.name = name
        self.frames: list[Frame] = []
        page.on("websocket", self._opened)

    def _opened(self, ws: WebSocket) -> None:
        """A new socket: its frames come as a whole frame and then deltas, each rebuilt into
        the whole frame the page draws (as its own copy, static/delta.js, rebuilds it)."""
        copy = Copy()
        ws.on("framereceived", lambda payload: self._received(copy, payload))

    def _received(self, copy: Copy, payload: str | bytes) -> None:
        data = json.loads(payload)
        if data.get("type") in ("state", "delta"):
            whole = copy.take(data)
            if whole is not None:
                self.frames.append(whole)

    def reload(self) -> None:
        """Open the room again in this browser (a phone that slept, a reload): a new socket,
        and the page counts its frames from one again."""
        self.frames.clear()
        self.page.reload()
        expect(self.page.locator("section.card-room")).to_have_attribute("data-frames", "1")

    def drawn(self) -> tuple[dict[str, Any], Frame]:
        """The page's screen and the frame it drew last (the one its count of frames names)."""
        deadline = time.monotonic() + WAIT_MS / 1000
        while True:
            shown = screen(self.page)
            if shown["frames"] and len(self.frames) >= shown["frames"] \
                    and self.page.locator("section.room").get_attribute("data-busy") == "0":
                return shown, self.frames[shown["frames"] - 1]
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}'s page did not draw its frames in time")
            self.page.wait_for_timeout(25)


def open_room(browser: Browser, base: str, errors: list[str], game: str,
              players: int) -> tuple[Seat, str]:
    """The host creates the room from the lobby's form; the host's page and the room's code."""
    page = page_for(browser, errors, wait_ms=WAIT_MS)
    host = Seat(page, "host")
    page.goto(base)
    page.select_option("select[name=game]", game)
    expect(page.locator(".card-choices")).to_be_visible()
    if page.locator("input[name=players]").is_enabled():
        page.fill("input[name=players]", str(players))
    page.click("form.create button[type=submit]")
    expect(page.locator("section.card-room")).to_have_attribute("data-game", game)
    expect(page.locator(".role")).to_have_text("You are the host")
    return host, page.url.rsplit("/", 1)[1]


def sit(browser: Browser, base: str, errors: list[str], code: str, seat: int, name: str,
        phone: bool) -> Seat:
    """A person opens the link, sees the room as a spectator, and sits at ``seat``."""
    page = page_for(browser, errors, phone=phone, wait_ms=WAIT_MS)
    person = Seat(page, name)
    page.goto(f"{base}/r/{code}")
    shown, frame = person.drawn()           # a spectator: every seat, no hand, no move
    assert_screen_is_view(shown, frame)
    assert frame["you"]["role"] == "spectator" and not shown["hand"] and not shown["moves"]
    page.fill("form.sit input[name=name]", name)
    page.select_option("form.sit select[name=seat]", str(seat))
    page.click("form.sit button[type=submit]")
    expect(page.locator(".role")).to_have_text(f"Seat {seat}")
    expect(page.locator(f".cseat[data-seat='{seat}'] .badge.you")).to_be_visible()
    return person


def deal(host: Seat) -> None:
    button = host.page.locator("[data-host=deal]")
    expect(button).to_be_visible()
    button.click()
    settled(host.page)


def preferred(frame: Frame) -> dict[str, Any]:
    """The people's fixed rule: the largest set of cards a legal move plays (the first such),
    else a pass, else Take; at Solo Whist, Solo when no bid stands, else a pass."""
    legal: list[dict[str, Any]] = frame["legal"]
    if frame["ctx"]["game"] == "solo-whist" and frame["ctx"]["phase"] != "play":
        if not frame["body"]["high"] and any(op.get("bid") == "solo" for op in legal):
            return next(op for op in legal if op.get("bid") == "solo")
        for name in ("pass", "name-trump"):
            for op in legal:
                if op["op"] == name:
                    return op
    cards = [op for op in legal if op["op"] in ("play", "give")]
    if cards:
        return max(cards, key=lambda op: (len(op["cards"]), -legal.index(op)))
    return next((op for op in legal if op["op"] == "pass"), legal[0])


def play(people: list[Seat], host: Seat, done: Callable[[Frame], bool], most: int,
         shoot: Callable[[Seat, Frame], None] = lambda s, f: None) -> int:
    """Moves by the people, each read back first, until ``done`` holds for the host's frame;
    the number of moves. Every page's screen is held to its frame at every move."""
    moves = explained = told = 0
    deadline = time.monotonic() + 600
    while True:
        _, hosts = host.drawn()
        if done(hosts):
            assert told, "no page ever said what just happened"
            return moves
        actor = next((p for p in people if p.frames and my_turn(p.frames[-1])), None)
        if actor is None:               # a bot's move, or a frame still on its way
            assert time.monotonic() < deadline, "the game stopped moving"
            host.page.wait_for_timeout(40)
            continue
        shown, frame = actor.drawn()
        if not my_turn(frame):
            continue
        assert_screen_is_view(shown, frame)
        told += bool(shown["news"])
        for other in [host, *people]:
            if other is not actor:
                assert_screen_is_view(*other.drawn())
        shoot(actor, frame)
        if explained < 4 and try_blocked(actor.page, frame):
            explained += 1
        make_move(actor.page, preferred(frame), frame)
        settled(actor.page)
        moves += 1
        assert moves <= most, "more moves than this seeded game takes"


def finished_hands(frame: Frame) -> int:
    scores = frame["room"]["scores"]
    return len(scores["rows"]) - 1 if scores else 0


def sheet_read_back(seat: Seat) -> None:
    """The score sheet on the page is the frame's, with its CSV link."""
    shown, frame = seat.drawn()
    scores = frame["room"]["scores"]
    assert shown["sheet"][0] == scores["header"]
    assert len(shown["sheet"]) == len(scores["rows"]) + 1
    assert shown["csv"] and "scores.csv" in shown["csv"]
    sealed = frame["room"]["seal"]
    if frame["ctx"]["over"]:
        # Between hands: the game's record, whose seal is the one on the page.
        assert sealed is not None
        expect(seat.page.locator(".seal")).to_have_text(f"Seal: {sealed}")
        href = seat.page.locator("a.game-record").get_attribute("href")
        record = json.loads(seat.page.evaluate("async (u) => (await fetch(u)).text()", href))
        # The seal is the game's: the decks' commitments beside it do not change it.
        assert seal({k: v for k, v in record.items() if k != "commitments"}) == sealed
        # The last deck's commitment, and its secret now the hand is over, as the record has
        # them (docs/web.md#checking-the-shoes-commitment).
        opened = [[c["commitment"], c["salt"]] for c in record["commitments"][-1:]]
        expect(seat.page.locator(".commitment code")).to_have_text(
            opened[0] if opened else [])
    elif frame["room"]["commitment"]:
        expect(seat.page.locator(".commitment code")).to_have_text(
            [frame["room"]["commitment"]])


def shooter(folder: Path, game: str) -> Callable[[Seat, Frame], None]:
    """Screenshots of the game mid-hand, one at a phone's size and one at a laptop's, at the
    first moment the table has cards on it and it is that page's move."""
    taken: set[str] = set()

    def shoot(seat: Seat, frame: Frame) -> None:
        size = "phone" if seat.page.viewport_size == {"width": 390, "height": 844} else "laptop"
        body = frame["body"]
        busy = bool(body.get("table") or body.get("top") or body.get("trick")
                    or (game == "solo-whist" and size == "phone"))
        if size in taken or not busy:
            return
        taken.add(size)
        seat.page.wait_for_timeout(400)   # the cards' deal animation
        seat.page.screenshot(path=str(folder / f"cardroom-{game}-{size}.png"), full_page=True)

    return shoot


def test_four_pages_play_a_whole_durak_game(browser: Browser, tmp_path: Path) -> None:
    """docs/games/durak.md: four people, a whole game to its durak; Take only ever offered to
    the defender; the tally of durak-ships on every page."""
    errors: list[str] = []
    with card_server(tmp_path, SEED["durak"]) as server:
        host, code = open_room(browser, server.base, errors, "durak", 4)
        people = [sit(browser, server.base, errors, code, n, name, phone=n <= 2)
                  for n, name in enumerate(["Ann", "Bob", "Cleo", "Dev"], start=1)]
        deal(host)
        moves = play(people, host, lambda f: finished_hands(f) >= 1, most=120,
                     shoot=shooter(shots_dir(tmp_path), "durak"))
        assert moves > 20
        for seat in people:
            for frame in seat.frames:
                takes = [op for op in frame["legal"] if op["op"] == "take"]
                assert not takes or frame["body"]["defender"] == frame["ctx"]["viewer"]
            sheet_read_back(seat)
        expect(people[0].page.locator(".score-sheet tfoot th")).to_have_text("Times durak")
    assert not errors


def test_president_hand_and_the_exchange(browser: Browser, tmp_path: Path) -> None:
    """docs/games/president.md: a whole hand by four people (sets picked and shown before they
    are played), the titles on the sheet, then the next hand's exchange: the President picks
    the card to hand back and the Asshole's page shows it."""
    errors: list[str] = []
    with card_server(tmp_path, SEED["president"]) as server:
        host, code = open_room(browser, server.base, errors, "president", 4)
        people = [sit(browser, server.base, errors, code, n, name, phone=n % 2 == 1)
                  for n, name in enumerate(["Ann", "Bob", "Cleo", "Dev"], start=1)]
        deal(host)
        # Each set is picked card by card, shown as it grows, and played when legal.
        play(people, host, lambda f: finished_hands(f) >= 1, most=100,
             shoot=shooter(shots_dir(tmp_path), "president"))
        for seat in people:
            sheet_read_back(seat)
        deal(host)
        _, frame = host.drawn()
        assert frame["body"]["phase"] == "exchange"
        order = frame["body"]["order"]
        president, bottom = people[order[0] - 1], people[order[-1] - 1]
        _, before = president.drawn()
        president.reload()                  # back in the seat, with the same cards and move
        shown, mine = president.drawn()
        assert_screen_is_view(shown, mine)
        assert sorted(shown["hand"]) == sorted(before["body"]["hand"])
        gives = [op for op in mine["legal"] if op["op"] == "give"]
        assert gives and my_turn(mine)
        card = gives[0]["cards"][0]
        # The one move that uses this card: a tap hands it back.
        president.page.locator(f".my-hand .hand-card[data-card='{card}']").click(position=CORNER)
        settled(president.page)
        expect(bottom.page.locator(f".my-hand .hand-card[data-card='{card}']")).to_have_count(1)
        for seat in [host, *people]:
            assert_screen_is_view(*seat.drawn())
    assert not errors


def test_solo_whist_hand_with_bidding_people_and_bots(browser: Browser, tmp_path: Path) -> None:
    """docs/games/solo-whist.md: two people and two bots; the bidding shows the whole ladder
    and what each bid must take, a person bids Solo, the thirteen tricks are played with
    follow-suit shown on the greyed cards, and the counters reach the score sheet."""
    errors: list[str] = []
    with card_server(tmp_path, SEED["solo-whist"]) as server:
        host, code = open_room(browser, server.base, errors, "solo-whist", 4)
        people = [sit(browser, server.base, errors, code, n, name, phone=n == 2)
                  for n, name in ((2, "Ann"), (1, "Bob"))]
        deal(host)
        ann = people[0]
        expect(ann.page.locator(".ladder tbody tr")).to_have_count(7)
        expect(ann.page.locator(".ladder tr[data-bid='solo']")).to_contain_text(
            "take at least 5 of the 13 tricks")
        play(people, host, lambda f: finished_hands(f) >= 1, most=60,
             shoot=shooter(shots_dir(tmp_path), "solo-whist"))
        _, frame = host.drawn()
        row = frame["room"]["scores"]["rows"][0]
        assert "by" in str(row[1]) and sum(int(v) for v in row[2:]) == 0
        for seat in [host, *people]:
            sheet_read_back(seat)
        expect(host.page.locator(".score-sheet tfoot th")).to_have_text("Total")
        host.page.wait_for_timeout(400)   # the last calls' animation
        host.page.screenshot(path=str(shots_dir(tmp_path) / "cardroom-solo-whist-sheet.png"),
                             full_page=True)
    assert not errors
