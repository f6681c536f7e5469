"""The page reads a blackjack or Pontoon frame's body and room as the felt draws them
(``static/tableview.js``, ``tableView``); the tests read the same frames through
``table_view.py``. Run in Chromium on the frames a room sends over a few rounds of each game
and host mode (a dealer's owed payments among them), the two readings must agree exactly, so
what the tests check of a table is what the page shows (docs/web.md#delta-frames)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from patches import canonical
from playwright.sync_api import Browser
from table_view import table_view
from web_kit import dealer_of, owed_payment, table_of

from twentyone.engine.shoe import RandomShuffler
from twentyone.engine.table import Phase
from twentyone.web.protocol import Request
from twentyone.web.room import Room, Sources
from twentyone.web.roomcore import Actor, Role
from twentyone.web.spec import RoomSpec
from twentyone.web.store import SqliteStore

TABLE_VIEW_JS = Path(__file__).resolve().parents[2] / "src/twentyone/web/static/tableview.js"
#: Takes the module's source and the frames, and gives ``tableView`` of each. The module is
#: read as a function's body (its ``export`` dropped): a blank page may not import a file.
RUN = """([source, frames]) => {
  const { tableView } = new Function(source.replaceAll("export ", "")
                                     + "; return { tableView };")();
  return frames.map((f) => tableView(f));
}"""


def _frames(body: dict[str, str], seed: int) -> list[dict[str, Any]]:
    """Every connection's whole frame after every request over three rounds."""
    room = Room("TEST01", RoomSpec.from_request(body), "0" * 64, SqliteStore(Path(":memory:")),
                Sources(RandomShuffler.seeded(seed)))
    host, spectator = Actor(Role.HOST), Actor(Role.SPECTATOR)
    actors = [host, spectator]
    rid = itertools.count()
    out: list[dict[str, Any]] = []

    def ask(actor: Actor, op: str, **args: Any) -> None:
        mark = room.log_mark()
        frame, _ = room.handle(actor, Request(f"q{next(rid)}", op, args))
        assert frame["type"] == "reply", frame
        frames = room.frames(mark)
        out.extend(json.loads(frames.text(a)) for a in actors)

    for n in range(3):
        player = Actor(Role.SPECTATOR)
        actors.append(player)
        ask(player, "sit", name=f"P{n}", buy_in=50_000)
    t = table_of(room)
    if body["game"] == "pontoon":
        ask(host, "draw_for_bank")
    for _ in range(3):
        for a in actors[2:]:
            if "bet" in room.legal(a.seat or 0):
                ask(a, "bet", amount=t.rules.min_bet)
        if "burn" in room.host_legal():
            ask(host, "burn")
        ask(host, "deal")
        dealer = dealer_of(room)
        while t.phase is not Phase.BETTING or (dealer and dealer.desk.due):
            steps = room.host_legal()
            if "pay" in steps:
                ask(host, "pay", **owed_payment(room))
            elif "offer_insurance" in steps:
                ask(host, "offer_insurance")
            elif dealer is not None and t.phase is Phase.DEALER:
                ask(host, f"dealer_{dealer.desk.next_step(t)}")  # hit or stand
            else:
                to_act = t.to_act
                assert to_act is not None
                actor = next(a for a in actors if a.seat == to_act[0])
                legal = room.legal(to_act[0])
                ask(actor, "hit" if "hit" in legal and len(t.log) % 3 else
                    next(op for op in ("stand", "dealer_stand", "decline") if op in legal))
    return out


@pytest.mark.parametrize("body", [{"game": "casino", "rules": "classic"},
                                  {"game": "casino", "rules": "single-deck"},
                                  {"game": "pontoon"},
                                  {"game": "casino", "rules": "six-deck-s17",
                                   "host_mode": "dealer"}])
def test_the_page_and_the_tests_read_a_table_frame_alike(body: dict[str, str],
                                                         browser: Browser) -> None:
    frames = _frames(body, 11)
    page = browser.new_page()
    page.set_default_timeout(60_000)
    try:
        read = page.evaluate(RUN, [TABLE_VIEW_JS.read_text(encoding="utf-8"), frames])
    finally:
        page.close()
    assert len(read) == len(frames)
    for frame, got in zip(frames, read, strict=True):
        assert canonical(got) == canonical(table_view(frame)), frame
    views = [table_view(f) for f in frames]
    # Every kind of thing the felt draws came through: cards dealt, hidden cards, a clock,
    # the host's steps, a settled round.
    assert any(c is not None for v in views for c in v["dealer"])
    assert any(v["settled"] for v in views)
    assert any("host_legal" in v for v in views) and any(v["legal"] for v in views)
    if body.get("host_mode") == "dealer":
        assert any(h.get("owed") for v in views for s in v["seats"] for h in s["hands"])
