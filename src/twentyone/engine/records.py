"""What a game writes down, and how anyone checks it.

Two records, kept apart (docs/casino.md#fair-play-and-records):

- **The house's record**: every round in full (the table before it, the shoe's order, every
  operation and event), one JSON line a round, each line carrying the hash of the line before it.
  Replaying the chain deals every round again through the engine and checks that each round starts
  exactly where the one before it ended, so an altered, missing, reordered or truncated round is a
  ``ReplayError``.
- **A player's history**: only what that seat saw (``views.visible_events``), and for each shoe a
  commitment (a salted SHA-256 of its order, given when the shoe is shuffled) that is opened (the
  order and salt revealed) once the shoe is finished. The player can then check that every card
  they saw came off the shoe in the committed order — and never learns a card to come while it
  matters.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from twentyone.cards import parse_card
from twentyone.engine.events import Kind
from twentyone.engine.history import Recorder, replay, snapshot
from twentyone.engine.shoe import ShuffleRecord
from twentyone.engine.table import Table
from twentyone.engine.views import visible_events
from twentyone.errors import ReplayError

HOUSE_FORMAT = "twentyone-house-record/1"
PLAYER_FORMAT = "twentyone-player-history/1"


def line_hash(record: Mapping[str, Any]) -> str:
    """The hash that the next record of a chain names: SHA-256 of the record's canonical JSON."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def shoe_commitment(salt: str, order: Sequence[int], behind: int | None) -> str:
    """A shoe's commitment: hiding (the salt is secret until the opening) and binding (another
    order or cut card gives another hash)."""
    text = f"{salt}|{','.join(map(str, order))}|{behind}"
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class _Shoe:
    """One shuffle (or refill) as the recording numbers it, with its secret salt."""

    number: int
    record: ShuffleRecord
    salt: str = field(default_factory=lambda: secrets.token_hex(16))

    @property
    def order(self) -> list[int]:
        return [c.id for c in self.record.order]

    def commitment(self) -> dict[str, Any]:
        return {"shoe": self.number,
                "hash": shoe_commitment(self.salt, self.order, self.record.behind)}

    def opening(self) -> dict[str, Any]:
        return {"shoe": self.number, "salt": self.salt, "order": self.order,
                "behind": self.record.behind}


class Recording:
    """Records a table round by round: the house's chained record and each watched seat's own
    history. Call ``round_started`` between rounds (before the bets) and ``round_ended`` after
    settlement; each returns nothing but the lines to write, so the caller owns the files."""

    def __init__(self, table: Table, seats: Iterable[int],
                 salt_of: Callable[[int], str] | None = None) -> None:
        """``salt_of`` gives the salt of the shuffle at that place in ``table.shoe.history``:
        a server that publishes each shoe's commitment while it deals keeps its salts itself,
        so the histories it writes later commit to the same hashes. Default: fresh salts."""
        self.table = table
        self._salt_of = salt_of
        self.seats = sorted(seats)
        self._prev: str | None = None
        current = table.shoe.history[-1] if table.shoe.history else None
        if current is None:
            raise ReplayError("the table has not shuffled yet")
        #: Shoes by number; the shoe in use when recording began is number 1.
        self._shoes: list[_Shoe] = [self._shoe(1, len(table.shoe.history) - 1)]
        self._opened = 0
        self._recorder: Recorder | None = None
        self._start = (1, table.shoe.pos)
        self._log = len(table.log)

    def _shoe(self, number: int, place: int) -> _Shoe:
        record = self.table.shoe.history[place]
        if self._salt_of is None:
            return _Shoe(number, record)
        return _Shoe(number, record, self._salt_of(place))

    @property
    def seal(self) -> str | None:
        """The hash of the house's last line: shown to the players at the end of the game, it
        pins the whole chain (a forger would have to change it too)."""
        return self._prev

    def round_started(self) -> None:
        """Begin recording a round (between rounds); a recording still running since a round
        in which nothing was dealt goes on, so nothing done between rounds is lost."""
        if self._recorder is not None:
            return
        self._recorder = Recorder(self.table)
        self._log = len(self.table.log)
        self._start = (self._shoes[-1].number, self.table.shoe.pos)

    def round_ended(self) -> tuple[dict[str, Any], dict[int, dict[str, Any]]] | None:
        """The house's line for the round just played and each watched seat's line; None (and
        the recording goes on) if no round was dealt or called off since it began, or none was
        begun."""
        if self._recorder is None:
            return None
        t = self.table
        if not any(e.kind in (Kind.ROUND_STARTED, Kind.VOIDED) for e in t.log[self._log:]):
            return None
        history = self._recorder.history()
        new = history["shuffles"]
        committed = []
        for place in range(len(t.shoe.history) - len(new), len(t.shoe.history)):
            shoe = self._shoe(self._shoes[-1].number + 1, place)
            self._shoes.append(shoe)
            committed.append(shoe)
        fresh = [self._shoes[0]] if self._prev is None else []
        finished = self._shoes[self._opened:-1]
        self._opened = len(self._shoes) - 1
        house = {"format": HOUSE_FORMAT, "prev": self._prev, "history": history,
                 "salts": {str(s.number): s.salt for s in [*fresh, *committed]}}
        self._prev = line_hash(house)
        players = {
            seat: {
                "format": PLAYER_FORMAT, "seat": seat, "round": t.round,
                "starts": {"shoe": self._start[0], "pos": self._start[1]},
                "events": [e.to_json() for e in visible_events(t, seat, self._log)],
                "committed": [s.commitment() for s in [*fresh, *committed]],
                "opened": [s.opening() for s in finished],
            }
            for seat in self.seats
        }
        self._recorder = None
        return house, players

    def close(self) -> dict[int, dict[str, Any]]:
        """Each watched seat's last line when the game ends: every shoe not yet opened is
        opened, so the player can check the cards of the last shoe too."""
        finished = self._shoes[self._opened:]
        self._opened = len(self._shoes)
        return {seat: {"format": PLAYER_FORMAT, "seat": seat, "round": self.table.round,
                       "starts": {"shoe": self._shoes[-1].number, "pos": self.table.shoe.pos},
                       "events": [], "committed": [], "opened": [s.opening() for s in finished]}
                for seat in self.seats}


# --- reading records back ----------------------------------------------------------------------


def read_lines(path: Path) -> list[dict[str, Any]]:
    """A JSON-lines record; anything that is not one (binary, truncated, not objects) is a
    ``ReplayError`` naming the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ReplayError(f"{path} is not a text record") from None
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ReplayError(f"{path}, line {n}: not a complete record ({exc.msg})") from None
        if not isinstance(data, dict):
            raise ReplayError(f"{path}, line {n}: not a record")
        out.append(data)
    if not out:
        raise ReplayError(f"{path} holds no record")
    return out


def chain_seal(lines: Sequence[Mapping[str, Any]]) -> str:
    """The hash of a chain's last line: what the game showed when it ended."""
    return line_hash(lines[-1])


def verify_house(lines: Sequence[Mapping[str, Any]]) -> Table:
    """Replay a house record's rounds in order: each line must name the hash of the one before
    it (the first none), deal exactly its recorded events, and start where the round before it
    ended. Returns the table as the last round left it."""
    prev: str | None = None
    table: Table | None = None
    for n, line in enumerate(lines, 1):
        if line.get("format") != HOUSE_FORMAT:
            raise ReplayError(f"round {n}: not a {HOUSE_FORMAT} line")
        if line.get("prev") != prev:
            raise ReplayError(f"round {n}: the chain is broken (a round before it was changed, "
                              "removed or reordered)")
        history = line.get("history")
        if not isinstance(history, dict):
            raise ReplayError(f"round {n}: no history")
        if table is not None and history.get("before") != snapshot(table):
            raise ReplayError(f"round {n} does not start where round {n - 1} ended")
        table = replay(history)
        prev = line_hash(line)
    if table is None:
        raise ReplayError("no rounds to verify")
    return table


@dataclass
class PlayerCheck:
    """What verifying a player's history found."""

    rounds: int = 0
    shoes_opened: int = 0
    cards_checked: int = 0


def verify_player(lines: Sequence[Mapping[str, Any]]) -> PlayerCheck:
    """Check a player's history against its shoes' openings: every opening matches the
    commitment given before the shoe was dealt, and every card the player saw came off that
    shoe at its place in the committed order."""
    check = PlayerCheck()
    commitments: dict[int, str] = {}
    orders: dict[int, list[int]] = {}
    # Every card seen, by shoe and position, to check once the shoe is opened.
    seen: dict[int, dict[int, int]] = {}
    # Where each seat's cards lay, and the cards later turned up for it: a turned card must be
    # the card at one of those places (after a split, which one is not said).
    dealt_to: dict[int, list[tuple[int, int]]] = {}
    turned: list[tuple[int, int]] = []
    try:
        for n, line in enumerate(lines, 1):
            if line.get("format") != PLAYER_FORMAT:
                raise ReplayError(f"line {n}: not a {PLAYER_FORMAT} line")
            for c in line["committed"]:
                commitments[int(c["shoe"])] = str(c["hash"])
            for o in line["opened"]:
                number = int(o["shoe"])
                order = [int(i) for i in o["order"]]
                behind = o["behind"]
                if commitments.get(number) != shoe_commitment(str(o["salt"]), order, behind):
                    raise ReplayError(f"line {n}: shoe {number} is not the shoe committed to")
                orders[number] = order
                check.shoes_opened += 1
            shoe, pos = int(line["starts"]["shoe"]), int(line["starts"]["pos"])
            for e in line["events"]:
                kind = e.get("kind")
                if kind in (Kind.SHUFFLED, Kind.REFILLED):
                    shoe, pos = shoe + 1, 0
                elif kind in (Kind.BURNED, Kind.DEALT):
                    if "card" in e:
                        seen.setdefault(shoe, {})[pos] = _card_id(e)
                    if kind == Kind.DEALT:
                        dealt_to.setdefault(int(e.get("seat", 0)), []).append((shoe, pos))
                    pos += 1
                elif kind == Kind.TURNED and "card" in e:
                    turned.append((int(e.get("seat", 0)), _card_id(e)))
            check.rounds += bool(line["events"])  # the closing line only opens shoes
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise ReplayError(f"not a complete {PLAYER_FORMAT} record: {exc!r}") from None
    for number, cards in seen.items():
        opened = orders.get(number)
        if opened is None:
            continue  # the shoe in play when the history ends is not opened yet
        for pos, card_id in cards.items():
            if pos >= len(opened) or opened[pos] != card_id:
                raise ReplayError(f"shoe {number}: the card at place {pos + 1} is not the one "
                                  "dealt")
            check.cards_checked += 1
    for seat, card_id in turned:
        places = dealt_to.get(seat, [])
        known = [p for p in places if p[0] in orders]
        if not known:
            continue  # dealt from a shoe not opened yet
        match = next((p for p in known if orders[p[0]][p[1]] == card_id), None)
        if match is None:
            raise ReplayError(f"a card turned up for seat {seat} was not dealt to it")
        places.remove(match)
        check.cards_checked += 1
    return check



def _card_id(event: Mapping[str, Any]) -> int:
    """The physical card an event names (its code and which deck of the shoe)."""
    return int(event.get("deck", 0)) * 52 + parse_card(str(event["card"])).id
