"""Reading a card room's page back and comparing it with the frame it drew (the screen is the
view: FRAMES.md), and making a move the way a person does, by tapping cards and buttons.

Used by the browser tests of the card room, against the real server and against the harness
(``card_harness``) alike: both send the same frames.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from playwright.sync_api import Page, Position, expect

#: What the page shows, read from its DOM in one go.
READ_SCREEN = """() => {
  const q = (sel) => [...document.querySelectorAll(sel)];
  return {
    frames: Number(document.querySelector("section.card-room")?.dataset.frames || 0),
    title: document.title,
    prompt: document.querySelector(".prompt")?.textContent || "",
    seats: q(".cseat").map((el) => ({
      seat: Number(el.dataset.seat), name: el.querySelector(".seat-name").textContent,
      held: el.querySelector(".held") ? Number(el.querySelector(".held").textContent.trim()) : null,
      turn: el.classList.contains("turn"), bot: Boolean(el.querySelector(".badge.bot")) })),
    hand: q(".my-hand .hand-card").map((el) => el.dataset.card),
    usable: q(".my-hand .hand-card.usable").map((el) => el.dataset.card),
    blocked: Object.fromEntries(q(".my-hand .hand-card.blocked")
      .map((el) => [el.dataset.card, el.dataset.why])),
    picked: q(".my-hand .hand-card.picked").map((el) => el.dataset.card),
    moves: q("button.move").map((el) => ({ op: el.dataset.op, bid: el.dataset.bid || null,
      suit: el.dataset.suit || null, disabled: el.disabled })),
    why: document.querySelector(".why")?.textContent || "",
    news: q(".news .news-line").map((el) => el.textContent),
    pairs: q(".pair").map((el) => [el.dataset.attack, el.dataset.defence || null]),
    top: q(".top-cards .card").map((el) => el.dataset.card),
    trick: q(".trick .played").map((el) => [Number(el.dataset.seat), el.dataset.card]),
    calls: q(".calls-list li").length,
    ladder: q(".ladder tbody tr").map((el) => el.dataset.bid),
    sheet: q(".score-sheet table tr").map((tr) => [...tr.children].map((c) => c.textContent)),
    csv: document.querySelector(".score-sheet a.csv")?.getAttribute("href") || null,
  };
}"""


#: Where a finger touches a card in a fanned hand: its top left corner, which the next card
#: never covers.
CORNER: Position = {"x": 8, "y": 24}


SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


def card_text(code: str) -> str:
    """A card as the page writes it in words: "10h" is "10♥"."""
    return code[:-1] + SUITS[code[-1]]


def screen(page: Page) -> dict[str, Any]:
    out: dict[str, Any] = page.evaluate(READ_SCREEN)
    return out


def card_moves(frame: dict[str, Any]) -> set[str]:
    """The cards some legal move uses."""
    return {c for op in frame["legal"] for c in op.get("cards", ())}


def my_turn(frame: dict[str, Any]) -> bool:
    ctx = frame["ctx"]
    return bool(ctx["viewer"]) and ctx["to_act"] == ctx["viewer"] and bool(frame["legal"])


def assert_screen_is_view(shown: dict[str, Any], frame: dict[str, Any]) -> None:
    """Everything the page drew is what the frame says, and nothing it does not say."""
    body, room = frame["body"], frame["room"]
    seats = {int(n): s for n, s in room["seats"].items()}
    assert [s["seat"] for s in shown["seats"]] == sorted(seats)
    for s in shown["seats"]:
        assert s["name"] == seats[s["seat"]]["name"]
        assert s["bot"] == bool(seats[s["seat"]]["bot"])
        assert s["held"] == body["counts"][str(s["seat"])]
        assert s["turn"] == (s["seat"] == frame["ctx"]["to_act"] and not frame["ctx"]["over"])
    hand = body["hand"] or []
    assert Counter(shown["hand"]) == Counter(hand)
    assert set(shown["usable"]) == card_moves(frame)
    if my_turn(frame):
        assert shown["blocked"] == body["unplayable"]
        assert "Your turn" in shown["title"]
    else:
        assert shown["blocked"] == {}
        assert "Your turn" not in shown["title"]
    ops = Counter(op["op"] if op.get("bid") != "cop" else "cop" for op in frame["legal"]
                  if op["op"] != "play" and op["op"] != "give")
    drawn = Counter(m["op"] for m in shown["moves"] if m["op"] not in ("play", "give"))
    assert drawn == ops
    if any(op["op"] == "play" for op in frame["legal"]):
        assert any(m["op"] == "play" for m in shown["moves"])
    game = frame["ctx"]["game"]
    if game == "durak":
        assert shown["pairs"] == [[a, d] for a, d in body["table"]]
    elif game == "president":
        assert sorted(shown["top"]) == sorted(body["top"])
    elif body["phase"] == "play":
        assert shown["trick"] == [[s, c] for s, c in body["trick"]]
    elif body["phase"] in ("bidding", "late-cop", "prop-option", "trump"):
        assert shown["calls"] == len(body["calls"])
        auction = body["phase"] != "trump"      # the ladder is shown while bids are made
        assert shown["ladder"] == ([rung["bid"] for rung in body["ladder"]] if auction else [])
    # What just happened names only cards the frame's events show this viewer.
    told = {card_text(c) for e in frame["events"] for c in e.get("cards", ())}
    assert len(shown["news"]) <= 3
    for line in shown["news"]:
        assert set(CARD_TEXT.findall(line)) <= told, (line, told)
    scores = room.get("scores")
    if scores and len(scores["rows"]) > 1:
        assert shown["sheet"][0] == scores["header"]
        assert len(shown["sheet"]) == len(scores["rows"]) + 1


def try_blocked(page: Page, frame: dict[str, Any]) -> bool:
    """Tap a card no legal move uses: it is not picked, and the page says the game's reason.
    False if the hand has no such card now."""
    unplayable: dict[str, str] = frame["body"].get("unplayable") or {}
    if not unplayable:
        return False
    code, reason = sorted(unplayable.items())[0]
    card = page.locator(f".my-hand .hand-card[data-card='{code}']")
    expect(card).to_have_attribute("aria-disabled", "true")
    card.click(force=True, position=CORNER)   # a finger can still touch it
    expect(card).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".why")).to_contain_text(reason)
    # The card is named once: a reason that already names it ("6♠ does not beat 8♥") is not
    # prefixed with it again ("6♠: 6♠ does not beat 8♥").
    why = page.locator(".why").inner_text().strip()
    assert re.match(r"^(\S+): \1 ", why) is None, why
    return True


def make_move(page: Page, op: dict[str, Any], frame: dict[str, Any]) -> None:
    """Make ``op`` (an entry of ``frame``'s ``legal``) by tapping, as a person does. A card
    only this move uses is played by tapping it. A set of several cards (President) is picked
    card by card: the page shows the set as it grows, and
    offers Play only once the set picked is one the frame lists as legal."""
    name = op["op"]
    if name in ("play", "give") and [o for o in frame["legal"]
                                     if op["cards"][0] in o.get("cards", ())] == [op]:
        # The only move that uses this card: one tap plays it.
        page.locator(f".my-hand .hand-card[data-card='{op['cards'][0]}']").click(position=CORNER)
    elif name in ("play", "give"):
        button = page.locator(f"button.move[data-op='{name}']")
        legal_sets = {" ".join(sorted(o["cards"])) for o in frame["legal"] if o["op"] == name}
        for k, code in enumerate(op["cards"], start=1):
            page.locator(f".my-hand .hand-card[data-card='{code}']").click(position=CORNER)
            so_far = sorted(op["cards"][:k])
            if len(op["cards"]) > 1:
                shown = page.locator(".picked-set")
                expect(shown).to_have_attribute("data-set", " ".join(so_far))
                expect(shown.locator(".picked-cards .card")).to_have_count(k)
            if " ".join(so_far) in legal_sets:
                expect(button).to_be_enabled()
            else:
                expect(button).to_be_disabled()
        expect(page.locator(".my-hand .hand-card.picked")).to_have_count(len(op["cards"]))
        expect(button).to_be_enabled()
        button.click()
    elif name == "bid" and op["bid"] == "cop":
        page.locator("button.move[data-op='cop']").click()
    elif name == "bid":
        page.locator(f"button.move[data-bid='{op['bid']}']").click()
    elif name == "name-trump":
        page.locator(f"button.move[data-op='name-trump'][data-suit='{op['suit']}']").click()
    else:
        page.locator(f"button.move[data-op='{name}']").click()
