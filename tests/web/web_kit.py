"""Helpers for the party table's tests: an app over a temporary ledger with the first cards of
each room's shoe named, and a person at the table speaking the protocol over Starlette's test
websockets, keeping every frame it was sent (a delta frame applied to its copy, as the browser
does: ``frames`` holds whole state frames, ``deltas`` each delta as sent with the frame it made)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from patches import Copy
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from table_view import table_view

from twentyone.engine.shoe import StackedShuffler
from twentyone.engine.table import Table
from twentyone.games.blackjack import CasinoGame
from twentyone.games.blackjack.dealer import DealerGame
from twentyone.games.blackjack.payouts import accepted_payouts
from twentyone.web.app import create_app
from twentyone.web.room import Room
from twentyone.web.shoes import secure_shuffler
from twentyone.web.store import SqliteStore

Frame = dict[str, Any]
_ids = itertools.count(1)


def stacked_app(db: Path, cards: Sequence[str] = (), tick_s: float = 0.05) -> Any:
    """The app over the ledger at ``db``; each room's first shoe deals ``cards`` first."""
    store = SqliteStore(db)

    def live() -> Any:
        return StackedShuffler([list(cards)], then=secure_shuffler()) if cards \
            else secure_shuffler()

    return create_app(store, live=live, tick_s=tick_s)


def table_of(room: Room) -> Table:
    """The engine's table under a chip room's game, for a test to look at: the room itself
    never reads it (it asks its game)."""
    game = room.game
    assert isinstance(game, CasinoGame | DealerGame)
    return game.table


def dealer_of(room: Room) -> DealerGame | None:
    """A dealer-mode room's game (the host deals), or None."""
    game = room.game
    return game if isinstance(game, DealerGame) else None


def owed_payment(room: Room) -> dict[str, Any]:
    """The first payment the dealing host owes, paid right (in the fewest chips the table's
    payout rules accept): the ``pay`` request's arguments, an insurance bet's as
    ``{"seat", "insurance": true, "chips"}``."""
    dealer = dealer_of(room)
    assert dealer is not None
    owed = dealer.desk.due[0]
    cs = table_of(room).chipset
    fewest = cs.fewest(owed.bet)
    assert fewest is not None
    chips = cs.by_colour(accepted_payouts(cs, fewest, owed.odds, owed.amount)[0])
    if owed.hand < 0:
        return {"seat": owed.seat, "insurance": True, "chips": chips}
    return {"seat": owed.seat, "hand": owed.hand, "chips": chips}

class Person:
    """One connection to a room; ``frames`` holds everything the server sent it."""

    def __init__(self, client: TestClient, stack: ExitStack, room: str,
                 token: str | None) -> None:
        self.ws = stack.enter_context(client.websocket_connect(f"/ws/{room}"))
        self.frames: list[Frame] = []
        self.deltas: list[tuple[Frame, Frame]] = []
        self.copy = Copy()
        self.token = token
        self.seat: int | None = None
        self.ws.send_json({"type": "hello", "token": token, "deltas": True})
        self.welcome = self.receive()
        assert self.welcome["type"] == "welcome", self.welcome
        self.state = self.receive()

    def receive(self) -> Frame:
        frame: Frame = self.ws.receive_json()
        if frame["type"] in ("state", "delta"):
            whole = self.copy.take(frame)
            assert whole is not None, f"a delta that does not follow the version held: {frame}"
            if frame["type"] == "delta":
                self.deltas.append((frame, whole))
            frame = whole
        self.frames.append(frame)
        return frame

    def until_state(self) -> Frame:
        """Frames up to the next state frame (which is kept as ``state``)."""
        while True:
            frame = self.receive()
            if frame["type"] == "state":
                self.state = frame
                return frame
            if frame["type"] == "closed":
                return frame

    def send(self, op: str, rid: str | None = None, **args: Any) -> Frame:
        """Send a request and read frames up to its answer."""
        rid = rid or f"r{next(_ids)}"
        self.ws.send_json({"type": "op", "id": rid, "op": op, **args})
        while True:
            frame = self.receive()
            if frame["type"] in ("reply", "error") and frame.get("id") == rid:
                return frame
            if frame["type"] == "state":
                self.state = frame

    def sit(self, name: str, buy_in: int, seat: int | None = None) -> Frame:
        args: dict[str, Any] = {"name": name, "buy_in": buy_in}
        if seat is not None:
            args["seat"] = seat
        reply = self.send("sit", **args)
        if reply.get("ok"):
            self.seat, self.token = reply["seat"], reply["token"]
        return reply

    @property
    def view(self) -> Frame:
        """The table as the page draws it from the last state frame (``table_view``)."""
        return table_view(self.state)

    def closed_code(self) -> int | None:
        """The close code once the server closes this connection (reading what is left)."""
        try:
            while True:
                self.receive()
        except WebSocketDisconnect as exc:
            return exc.code


class Party:
    """A room with a host, for one test: ``join`` adds people; ``sync`` reads every
    connection up to the state frame each is sent after a change."""

    def __init__(self, client: TestClient, stack: ExitStack, **room: Any) -> None:
        self.client = client
        self.stack = stack
        made = client.post("/api/rooms", json={"game": "casino", "rules": "classic", **room})
        assert made.status_code == 201, made.text
        self.code: str = made.json()["room"]
        self.host_token: str = made.json()["host_token"]
        self.people: list[Person] = []
        self.host = self.join(self.host_token)

    @property
    def room(self) -> Room:
        room: Room = self.client.app.state.site.rooms[self.code]  # type: ignore[attr-defined]
        return room

    def join(self, token: str | None = None) -> Person:
        person = Person(self.client, self.stack, self.code, token)
        for p in self.people:  # the others are told someone connected
            p.until_state()
        self.people.append(person)
        return person

    def act(self, who: Person, op: str, rid: str | None = None, **args: Any) -> Frame:
        """``who`` sends a request; if it changed the table, everyone reads their new state."""
        reply = who.send(op, rid, **args)
        if reply["type"] == "reply":
            for p in self.people:
                p.until_state()
        return reply

    def sit(self, who: Person, name: str, buy_in: int, seat: int | None = None) -> Frame:
        args: dict[str, Any] = {"name": name, "buy_in": buy_in}
        if seat is not None:
            args["seat"] = seat
        reply = self.act(who, "sit", **args)
        if reply.get("ok"):
            who.seat, who.token = reply["seat"], reply["token"]
        return reply


@contextmanager
def party(db: Path, cards: Sequence[str] = (), **room: Any) -> Iterator[Party]:
    app = stacked_app(db, cards)
    try:
        with TestClient(app) as client, ExitStack() as stack:
            yield Party(client, stack, **room)
    finally:  # the ledger's file handles go with the party, not at the next garbage collection
        app.state.site.store.close()
