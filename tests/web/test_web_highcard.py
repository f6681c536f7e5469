"""The registry is the only per-game table (issue 33): high card, a game that lives only in the
tests (``tests/highcard_game.py``), registered there and nowhere else, is created from the API,
seated, dealt and played to the end of its hands through the web room by a websocket client of
its own, with bots in the other seats, its hands' results in the ledger, and no frame showing
anyone a card not theirs."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from highcard_game import NAME, register
from patches import Copy
from starlette.testclient import TestClient

from twentyone.games.core.shuffle import RandomShuffler
from twentyone.web.app import create_app
from twentyone.web.store import SqliteStore

Frame = dict[str, Any]
#: Hands played.
HANDS = 3


class Client:
    """One websocket to the room, taking delta frames, as a page does."""

    def __init__(self, ws: Any, token: str | None) -> None:
        self.ws = ws
        self.copy = Copy()
        ws.send_json({"type": "hello", "token": token, "deltas": True})
        assert ws.receive_json()["type"] == "welcome"
        self.state: Frame = {}

    def next(self) -> Frame:
        f: Frame = self.ws.receive_json()
        if f["type"] in ("state", "delta"):
            whole = self.copy.take(f)
            assert whole is not None, f
            self.state = f = whole
        return f

    def ask(self, rid: str, op: str, **args: Any) -> Frame:
        self.ws.send_json({"type": "op", "id": rid, "op": op, **args})
        while (f := self.next()).get("id") != rid:
            pass
        return f


def test_high_card_registered_in_the_tests_is_played_to_the_end_through_the_web_room(
        tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "l.sqlite3")
    app = create_app(store, tick_s=0.01, bot_delay_s=0.0,
                     cards=lambda: RandomShuffler(random.Random(9)),
                     bot_rng=lambda code, seat: random.Random(seat))
    with register(), TestClient(app) as client:
        offered = {r["name"]: r for r in client.get("/api/presets").json()["rooms"]}
        assert offered[NAME]["title"] == "High card" and offered[NAME]["players"] == [2, 4]
        made = client.post("/api/rooms", json={"game": NAME, "players": 3})
        assert made.status_code == 201, made.text
        code, host_token = made.json()["room"], made.json()["host_token"]
        with client.websocket_connect(f"/ws/{code}") as h, \
                client.websocket_connect(f"/ws/{code}") as a:
            host, ann = Client(h, host_token), Client(a, None)
            sat = ann.ask("s", "sit", name="Ann", seat=2)
            assert sat["ok"] and sat["seat"] == 2, sat
            hands = 0
            n = 0
            while hands < HANDS:
                assert host.ask(f"d{hands}", "deal")["ok"]
                while True:
                    n += 1
                    f = ann.next()
                    if f["type"] != "state":
                        continue
                    ctx, body = f["ctx"], f["body"]
                    assert ctx["game"] == NAME and ctx["viewer"] == 2
                    # Ann holds one card and sees nobody else's until it is shown.
                    assert body["hand"] is None or len(body["hand"]) <= 1
                    if ctx["over"] and ctx["hand"] > hands:
                        hands = ctx["hand"]
                        break
                    if f["legal"] and ctx["to_act"] == 2:
                        ann.ask(f"m{n}", **f["legal"][0])
            assert hands == HANDS
        saved = store.room(code)
        assert saved is not None and len(saved.results) == HANDS
        assert all(sum(r["scores"].values()) == 1 for r in saved.results), \
            "each hand's highest card scores 1"
