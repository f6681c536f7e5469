"""A full table for the browser layout tests: seven seats with the longest names the server
takes, six of them people on plain websockets (who bet and stand when told) and one a page.

The shoe is stacked (``FULL_STACK``) so that nobody has a natural and the dealer shows a 7: the
round always reaches seat 1's turn, whoever sits where, and nobody is offered insurance.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from browser_kit import Server
from table_view import table_view
from websockets.sync.client import ClientConnection, connect

from twentyone.web.protocol import MAX_NAME_CHARS

#: Seven names as long as the server takes, with wide letters (W and M are the widest).
LONG_NAMES = (
    "Mwamba Wawrzyniak-Mwangi",
    "Wilhelmina Montgomery-Wu",
    "Bartholomew Featherstone",
    "Maximilian Wolfe-Hawkins",
    "Gwendolyn Abernathy-Moss",
    "Konstantina Papadopoulou",
    "Marguerite Wainwright-Oz",
)
assert all(len(n) == MAX_NAME_CHARS for n in LONG_NAMES)
#: The first cards of each room's shoe, no card more than twice (a two-deck shoe holds them):
#: seats 1 to 7 are dealt 2+2, 3+4, 10+6, 5+5, 2+3, 9+7 and 10+6 (no natural), the dealer a 7 up
#: and a 9 in the hole (no insurance, no peek); then the cards of the hits in ``HITS``, seat by
#: seat. If all seven stand, the dealer draws the first of them, a 3, for 19.
FULL_STACK = ",".join([
    "2s", "3s", "10s", "5s", "2h", "9s", "10h", "7c",
    "2d", "4s", "6s", "5h", "3h", "7s", "6h", "9d",
    "3d", "4c", "2c",  # seat 1: 4 to 13, in five cards
    "4d", "2h", "3c",  # seat 2: 7 to 16, in five cards
    "8s",  # seat 4: 10 to 18
    "4h", "2c", "3d",  # seat 5: 5 to 14, in five cards
])
#: How many cards each of seats 1 to 6 takes before standing, for the hands of FULL_STACK.
HITS = {1: 3, 2: 3, 3: 0, 4: 1, 5: 3, 6: 0}
#: Seconds any one wait for the server may take.
WAIT_S = 20.0


class Person:
    """One person at the table over a websocket (closed with ``stack``): sits, bets, stands, or
    hosts."""

    def __init__(self, server: Server, code: str, stack: ExitStack,
                 token: str | None = None) -> None:
        self.ws: ClientConnection = stack.enter_context(
            connect(server.base.replace("http", "ws") + f"/ws/{code}"))
        self.view: dict[str, Any] = {}
        self.seat: int | None = None
        self._ids = 0
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.until(lambda v: True)

    def _read(self, deadline: float) -> dict[str, Any]:
        text = self.ws.recv(timeout=max(0.05, deadline - time.monotonic()))
        frame: dict[str, Any] = json.loads(text)
        if frame.get("type") == "state":
            self.view = table_view(frame)
        return frame

    def until(self, ready: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read frames until the latest view is ``ready`` (within ``WAIT_S``)."""
        deadline = time.monotonic() + WAIT_S
        while not (self.view and ready(self.view)):
            if time.monotonic() > deadline:
                raise TimeoutError("the table did not get there in time")
            self._read(deadline)
        return self.view

    def op(self, op: str, **args: Any) -> dict[str, Any]:
        """Send one request and read up to its answer, which must be a yes."""
        self._ids += 1
        rid = f"k{self._ids}"
        self.ws.send(json.dumps({"type": "op", "id": rid, "op": op, **args}))
        deadline = time.monotonic() + WAIT_S
        while True:
            frame = self._read(deadline)
            if frame.get("id") == rid:
                assert frame.get("type") == "reply", frame
                return frame

    def sit(self, name: str, buy_in: int = 200_00) -> None:
        self.seat = self.op("sit", name=name, buy_in=buy_in)["seat"]

    def my_turn(self, view: dict[str, Any]) -> bool:
        to_act: list[int] | None = view.get("to_act")
        return to_act is not None and to_act[0] == self.seat


def play_in_turn(people: list[Person], hits: dict[int, int] | None = None) -> None:
    """Each of ``people`` plays when its turn comes, in the table's order: ``hits[seat]`` hits
    (none if not named), then a stand."""
    for p in sorted(people, key=lambda x: x.seat or 0):
        for _ in range((hits or {}).get(p.seat or 0, 0)):
            p.until(p.my_turn)
            p.op("hit")
        p.until(p.my_turn)
        p.op("stand")
