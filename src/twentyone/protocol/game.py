"""The protocol's values (``Ctx``, ``View``, ``HandResult``) and the ``Game`` contract.

Modelled on boardgame.io's ``{G, ctx}`` and its filtered player view: ``Ctx`` is what every
front end reads to know whose move it is, ``View.body`` is the game's own picture for one seat,
already filtered, and ``View.legal`` the concrete operations that seat may send now, each of
which ``apply`` accepts (they are computed by the rule that accepts them).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, runtime_checkable

#: A JSON object as a game writes it (an operation, a context, a view's body, an event, a
#: result's detail, a history): ready for ``json.dumps``. Its values stay ``Any`` by choice:
#: each reader (a narrator, a bot, a page, ``verify``) knows the shape of the event or body it
#: reads by its ``kind``, which no static type here could state without a cast at every read.
JsonObject = dict[str, Any]

#: The house's seat number: a spectator's view, and the seat of an operation no player makes.
HOUSE = 0


@runtime_checkable
class Op(Protocol):
    """An operation: a frozen value naming what is asked, by whom (``seat``), with what."""

    @property
    def name(self) -> str: ...

    def to_json(self) -> JsonObject: ...


def op_json(op: Op) -> JsonObject:
    """An operation as JSON (its ``to_json``: the same words a history and a request use)."""
    return op.to_json()


class Ctx(NamedTuple):
    """What every front end reads first: which game, whose view, the phase, whose move, which
    hand (counting from 1; 0 before the first deal), and whether the hand is over (between
    hands: the next operation is a deal).

    A named tuple rather than a frozen dataclass: as immutable, but made in a third of the
    time, and a broadcast makes one per viewer whose context changed."""

    game: str
    viewer: int
    phase: str
    to_act: int | None
    hand: int
    over: bool

    def to_json(self) -> JsonObject:
        return {"game": self.game, "viewer": self.viewer, "phase": self.phase,
                "to_act": self.to_act, "hand": self.hand, "over": self.over}


class View(NamedTuple):
    """One seat's picture: the context, the operations it may make now, and the game's body
    (JSON-ready, holding only what that seat may see). A named tuple, as ``Ctx``: a broadcast
    makes one per viewer."""

    ctx: Ctx
    legal: tuple[Op, ...]
    body: Mapping[str, Any]

    def to_json(self) -> JsonObject:
        return {"ctx": self.ctx.to_json(), "legal": [op_json(o) for o in self.legal],
                "body": dict(self.body)}


@dataclass(frozen=True, slots=True)
class HandResult:
    """One finished hand, for ledgers and score sheets: each seat's score for the hand (Solo
    Whist's counters won or lost, 1 for the durak, President's points by title) and the
    game's own detail (the contract, the durak, the titles), JSON-ready."""

    hand: int
    scores: Mapping[int, int]
    detail: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> JsonObject:
        return {"hand": self.hand, "scores": {str(s): v for s, v in self.scores.items()},
                "detail": dict(self.detail)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandResult:
        return cls(int(data["hand"]), {int(s): int(v) for s, v in data["scores"].items()},
                   dict(data.get("detail", {})))


@runtime_checkable
class Game(Protocol):
    """What the room, the runner and the records need of any game.

    ``verify`` raises the ``TableError`` an operation would meet and changes nothing; ``apply``
    verifies, then performs, and returns nothing: what it did is read from ``events`` and the
    views. Both take an ``Op``, one a front end got from ``legal`` or read with ``operation``
    (a JSON object, as a request or a history carries it); a game still refuses in words an
    operation of another game, or a value sent past the types. ``legal(seat)`` lists concrete
    operations (amounts at their default) that ``apply`` accepts now. ``seat_view`` and
    ``events`` show a seat only what it may see; ``HOUSE`` sees what a spectator sees.
    ``mark`` is the event log's length, so a broadcast can send the events since a mark.
    ``history`` is everything that replays the game (its rules, shuffles and operations), for
    the house's record only: it holds every shuffle. ``name`` is read only: a game class names
    itself (a class variable) or a table adapter is given its name."""

    @property
    def name(self) -> str: ...

    @property
    def seat_numbers(self) -> Sequence[int]: ...

    @property
    def acting(self) -> int | None: ...

    def verify(self, op: Op) -> None: ...

    def apply(self, op: Op) -> None: ...

    def legal(self, seat: int) -> Sequence[Op]: ...

    def seat_view(self, seat: int) -> View: ...

    def mark(self) -> int: ...

    def events(self, seat: int, since: int) -> list[JsonObject]: ...

    def hand_results(self, since: int = 0) -> list[HandResult]: ...

    def operation(self, data: Mapping[str, object]) -> Op: ...

    def history(self) -> JsonObject: ...


def seal(history: Mapping[str, object]) -> str:
    """The seal of a game's history (``Game.history``): SHA-256 over its canonical JSON (keys
    sorted, no spaces, UTF-8), in hex. Any change to the rules, a shuffle, an operation or an
    event changes it, so a record can be compared with the seal shown for the game; ``twentyone
    verify`` shows it for every game history it replays (docs/games/protocol.md#the-seal)."""
    text = json.dumps(history, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
