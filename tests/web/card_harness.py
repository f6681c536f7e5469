"""The card room's pages against frames made straight from a game, with no server: Chromium loads
the real static files from a made-up origin (every request answered by Playwright's routing), and
the room's socket is answered here, each state frame built from ``Game.seat_view`` of the seat
the page plays. What the page sends is applied to the game, so a page plays a real game; bots
move the other seats. This tests the page components alone; the room's own tests drive them
through the real server.
"""

from __future__ import annotations

import json
import mimetypes
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, WebSocketRoute

import twentyone.web
from twentyone.errors import TableError
from twentyone.games.core.game import CardGame
from twentyone.games.core.ops import Deal
from twentyone.games.registry import GAMES

ORIGIN = "http://cards.test"
STATIC = Path(twentyone.web.__file__).parent / "static"
CODE = "CARDS1"


class Harness:
    """One game and the pages that play its seats; bots play every other seat."""

    def __init__(self, game: CardGame[Any], names: Mapping[int, str], seed: int = 7,
                 people: tuple[int, ...] = ()) -> None:
        self.game = game
        self.names = dict(names)
        self.people = set(people)
        self.sockets: dict[int, WebSocketRoute] = {}
        self.bot = GAMES[game.name].bot(random.Random(seed))
        self.sent: dict[int, list[dict[str, Any]]] = {}

    # -- frames ----------------------------------------------------------------------------------

    def frame(self, seat: int) -> dict[str, Any]:
        """The state frame FRAMES.md describes, for the page at ``seat``."""
        v = self.game.seat_view(seat).to_json()
        entry = GAMES[self.game.name]
        seats = {str(s): {"name": self.names.get(s, f"Seat {s}"), "connected": True,
                          "sitting_out": False, "bot": None if s in self.people else "best"}
                 for s in self.game.seats}
        scores = entry.sheet(self.game.hand_results(), self.names) if entry.sheet else None
        room = {"code": CODE, "game": self.game.name, "title": entry.title, "page": entry.page,
                "role": "player", "viewer": seat, "seats": seats, "paused": False,
                "closed": False, "clock": None, "host_legal": None,
                "scores": scores.to_json() if scores else None}
        return {"type": "state", **v, "events": [], "room": room}

    def push(self) -> None:
        """Let the bots move until a person is to act, then send every page its frame."""
        for _ in range(2000):
            seat = self.game.to_act
            if self.game.between_hands:
                self.game.apply(Deal(seat or 1))   # the host deals at once (to_act: the dealer)
                continue
            if seat is None or seat in self.people:
                break
            legal = self.game.legal_ops(seat)
            self.game.apply(self.bot.choose(self.game.view(seat), legal))
        for seat, ws in self.sockets.items():
            frame = self.frame(seat)
            self.sent.setdefault(seat, []).append(frame)
            ws.send(json.dumps(frame))

    # -- the page's side ---------------------------------------------------------------------------

    def open(self, page: Page, seat: int) -> None:
        """``page`` plays ``seat``: the static files, the room's facts and its socket."""
        self.people.add(seat)
        page.route(f"{ORIGIN}/**", lambda route: self._http(route))
        page.route_web_socket(f"ws://cards.test/ws/{CODE}",
                              lambda ws: self._socket(ws, seat))
        page.goto(f"{ORIGIN}/r/{CODE}")

    def _http(self, route: Route) -> None:
        path = route.request.url.removeprefix(ORIGIN).split("?")[0]
        if path.startswith("/static/"):
            file = STATIC / path.removeprefix("/static/")
            if file.is_file():
                kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
                if file.suffix == ".js":
                    kind = "text/javascript"
                route.fulfill(body=file.read_bytes(), content_type=kind)
                return
        elif path == f"/api/rooms/{CODE}":
            # The room's facts as the server gives them: the game's kind and page component
            # from its registry entry (the page loads the component that entry names).
            entry = GAMES[self.game.name]
            route.fulfill(json={"room": CODE, "game": self.game.name, "title": entry.title,
                                "kind": entry.kind, "page": entry.page,
                                "settings": {"turn_s": 30}})
            return
        elif path.startswith("/r/"):
            route.fulfill(body=(STATIC / "index.html").read_bytes(), content_type="text/html")
            return
        route.fulfill(status=404, json={"error": "NotFound", "message": "no such page"})

    def _socket(self, ws: WebSocketRoute, seat: int) -> None:
        def receive(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "hello":
                ws.send(json.dumps({"type": "welcome", "role": "player", "seat": seat}))
                self.sockets[seat] = ws
                self.push()
                return
            try:
                args = {k: v for k, v in data.items() if k not in ("type", "id")}
                op = self.game.operation({**args, "seat": seat})
                self.game.apply(op)
            except TableError as exc:
                ws.send(json.dumps({"type": "error", "id": data.get("id"),
                                    "error": type(exc).__name__, "message": str(exc)}))
                return
            ws.send(json.dumps({"type": "reply", "id": data.get("id")}))
            self.push()

        ws.on_message(receive)
