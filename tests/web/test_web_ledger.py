"""The ledger equals memory (docs/web.md#if-the-server-stops-mid-round): after any request to a
room, whether the table allows it, refuses it, or the ledger refuses to write it, the room dealt
again from its SQLite ledger equals the room in memory to the cent (every seat's chips, bets and
hands, who sits where, the round's state, the balances the ledger keeps); and a restart standing
for kill -9 brings back exactly the room that was there before it.

Requests are drawn from what the room offers each person (``legal``, ``host_legal``) and from
hostile ones (absurd amounts, operations out of turn, a buy-in of 2^63 cents); seats change
hands along the way (the host removes someone, mid-round too, a player leaves between rounds,
newcomers sit down meanwhile); the store's commit fails on requests the test chooses, as a full
disk or a locked file would make it fail.
"""

from __future__ import annotations

import itertools
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from web_kit import dealer_of, owed_payment, party, table_of

from twentyone.engine.shoe import RandomShuffler, StackedShuffler
from twentyone.engine.table import Phase
from twentyone.engine.views import view
from twentyone.protocol import HOUSE
from twentyone.web.app import create_app
from twentyone.web.protocol import MAX_CENTS, Request
from twentyone.web.room import Room, Sources
from twentyone.web.roomcore import Actor, Role, token_hash
from twentyone.web.spec import RoomSpec
from twentyone.web.store import SqliteStore, Transaction

CODE = "LEDGER"
HOST = "host-token"
ROOMS = [{"game": "casino", "rules": "classic"},
         {"game": "casino", "rules": "classic", "host_mode": "dealer"},
         {"game": "pontoon"}]
#: Amounts a hostile client sends where money goes: out of range, not whole, not numbers.
HOSTILE = [2**63, 10**19, -1, 0, MAX_CENTS + 1, 1.5, "100", True, None, [100]]


class FlakyStore(SqliteStore):
    """A ledger whose commit fails when told to (``fail``: the next commits to refuse), as a
    full disk, a locked file or a value SQLite cannot hold makes it fail."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.fail = 0
        self.refused = 0

    def commit(self, code: str, change: Transaction) -> None:
        if self.fail:
            self.fail -= 1
            self.refused += 1
            raise sqlite3.OperationalError("database or disk is full")
        super().commit(code, change)


class ReadOnly(SqliteStore):
    """The same ledger, read to deal a room again without writing to it."""

    def __init__(self, store: SqliteStore) -> None:
        self.db = store.db
        self.path = store.path

    def commit(self, code: str, change: Transaction) -> None:
        pass


def snapshot(room: Room) -> dict[str, Any]:
    """Everything the ledger must hold of a room, to the cent."""
    t = table_of(room)
    seats = {n: (list(s.chips), [(list(h.cards), h.bet, list(h.chips), h.settled)
                                 for h in s.hands], s.insurance, list(s.insurance_chips))
             for n, s in t.seats.items()}
    return {
        "ops": [op.to_json() for op in t.ops], "phase": t.phase, "round": t.round,
        "to_act": t.to_act, "dealer": list(t.dealer.cards), "seats": seats,
        "shoe": (t.shoe.remaining, len(t.shoe.history)), "chips_total": t.chips_total(),
        "views": [view(t, n) for n in (HOUSE, *t.seats)],
        "balances": room.balances(),
        "people": {n: (p.name, p.token_hash, p.since_op, p.leaving)
                   for n, p in room.people.items()},
        "paused": room.paused, "closed": room.closed,
        "dealer_desk": None if (dealer := dealer_of(room)) is None else dealer.state(),
    }


def from_ledger(store: SqliteStore, room: Room) -> Room:
    saved = store.room(CODE)
    assert saved is not None
    return Room(CODE, room.spec, room.host_hash, ReadOnly(store), Sources(RandomShuffler.seeded(0)),
                saved=saved)


def assert_ledger_is_memory(store: SqliteStore, room: Room) -> None:
    assert snapshot(from_ledger(store, room)) == snapshot(room)
    if not room.closed:
        assert store.balances(CODE) == room.balances()


def _request(data: Any, room: Room, actors: list[Actor]) -> tuple[Actor, str, dict[str, Any]]:
    """Who asks for what: mostly something the room offers that person now, one time in five
    something hostile (out of turn, out of place, an absurd amount)."""
    t = table_of(room)
    hostile = data.draw(st.integers(0, 4), label="hostile") == 0
    who = data.draw(st.sampled_from(actors))
    args: dict[str, Any] = {}
    if who.role is Role.HOST:
        useful = [o for o in room.host_legal() if o not in ("pause", "remove", "close")]
        if room.people and data.draw(st.integers(0, 5), label="a seat changes hands") == 0:
            # At once between rounds; mid-round the seat is played out and cashed out at the
            # round's end, while newcomers may sit down meanwhile.
            return who, "remove", {"seat": data.draw(st.sampled_from(sorted(room.people)))}
        if hostile or not useful:
            op = data.draw(st.sampled_from(["pause", "remove", "deal", "pay", "dealer_hit"]))
            if op == "remove":
                args["seat"] = data.draw(st.sampled_from([*sorted(room.people), 99]))
            elif data.draw(st.integers(0, 19), label="close") == 0:
                op = "close"
        else:
            op = data.draw(st.sampled_from(useful))
            if op == "pay":
                args = owed_payment(room)
            elif op in ("dealer_hit", "dealer_stand") and (dealer := dealer_of(room)) is not None:
                op = "dealer_hit" if dealer.desk.next_step(t) == "hit" else "dealer_stand"
        return who, op, args
    seat = who.seat if room.holds(who) else None
    unit, least = t.rules.bet_unit, t.rules.min_bet
    if seat is None:
        amount = data.draw(st.sampled_from(HOSTILE if hostile else [least * 20, least * 60]))
        return who, "sit", {"name": "Ann", "buy_in": amount}
    legal = [o for o in room.legal(seat)
             if o != "leave" or data.draw(st.integers(0, 3), label="may leave") == 0]
    if hostile or not legal:
        op = data.draw(st.sampled_from(["bet", "hit", "buy", "leave", "double", "offer_bank",
                                        "accept_bank"]))
    else:
        op = data.draw(st.sampled_from(legal))
    if op in ("bet", "buy", "double", "insure") and (hostile or op != "insure"):
        args["amount"] = data.draw(st.sampled_from(
            HOSTILE if hostile else [least, least + unit, 3 * least]))
    elif op == "change":
        args["colour"] = data.draw(st.sampled_from(t.chipset.colours))
    elif op == "offer_bank":
        args.update(to=data.draw(st.sampled_from(sorted(t.seats))),
                    price=data.draw(st.sampled_from(HOSTILE if hostile else [0, least])))
    return who, op, args


@pytest.mark.parametrize("body", ROOMS, ids=["casino", "dealer", "pontoon"])
@settings(max_examples=12, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(shuffle=st.integers(0, 2**32 - 1), data=st.data())
def test_the_room_from_its_ledger_is_the_room_in_memory(
        tmp_path_factory: pytest.TempPathFactory, body: dict[str, str], shuffle: int,
        data: Any) -> None:
    store = FlakyStore(tmp_path_factory.mktemp("ledger") / "party.sqlite3")
    spec = RoomSpec.from_request({**body, "settings": {"turn_s": 0}})
    store.create_room(CODE, spec.to_json(), token_hash(HOST))
    live = RandomShuffler.seeded(shuffle)
    room = Room(CODE, spec, token_hash(HOST), store, Sources(live))
    host = Actor(Role.HOST)
    actors = [host, *(Actor(Role.SPECTATOR) for _ in range(3))]
    tokens: dict[int, str] = {}
    for step in range(60):
        if room.closed:
            break
        if data.draw(st.integers(0, 11), label="restart") == 0:
            # kill -9: the process is gone; a new one deals the room from the ledger.
            before = snapshot(room)
            saved = store.room(CODE)
            assert saved is not None
            room = Room(CODE, spec, saved.host_hash, store, Sources(live), saved=saved)
            room.recover()
            assert snapshot(room) == before
            actors = [host, *(room.actor_for(tokens[n]) for n in room.people),
                      *(Actor(Role.SPECTATOR) for _ in range(3 - len(room.people)))]
        store.fail = data.draw(st.sampled_from([0, 0, 0, 1, 2]), label="commits refused")
        who, op, args = _request(data, room, actors)
        frame, _ = room.handle(who, Request(f"s{step}", op, args))
        store.fail = 0
        event(f"{body.get('host_mode', body['game'])} {op}: {frame.get('error', 'ok')}")
        if frame["type"] == "reply" and "token" in frame:
            tokens[frame["seat"]] = frame["token"]
        if frame["type"] == "error":
            assert frame["message"] and "Traceback" not in frame["message"]
        assert_ledger_is_memory(store, room)
        t = table_of(room)
        if dealer_of(room) is None and not any(s.hands for s in t.seats.values()):
            assert room.balances() == {n: t.bankroll(n) for n in t.seats}
    store.close()


def _room(tmp_path: Path, **body: Any) -> tuple[FlakyStore, Room]:
    store = FlakyStore(tmp_path / "party.sqlite3")
    spec = RoomSpec.from_request({"game": "casino", "rules": "classic", **body})
    store.create_room(CODE, spec.to_json(), token_hash(HOST))
    return store, Room(CODE, spec, token_hash(HOST), store, Sources(RandomShuffler.seeded(7)))


_ids = itertools.count()


def ask(room: Room, actor: Actor, op: str, **args: Any) -> dict[str, Any]:
    frame, _ = room.handle(actor, Request(f"q{next(_ids)}", op, args))
    return frame


def test_a_commit_that_fails_once_loses_nothing_that_was_answered(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 22: a store commit that fails once, after which the unsaved operations were lost
    and a restart dealt a different table. The refused request is answered in words and undone;
    what follows is saved, and the restart deals the very same table."""
    store, room = _room(tmp_path)
    ann = Actor(Role.SPECTATOR)
    assert ask(room, ann, "sit", name="Ann", buy_in=10_000)["ok"]
    store.fail = 1
    with caplog.at_level(logging.WARNING):
        refused = ask(room, ann, "bet", amount=1000)
    assert refused["type"] == "error" and refused["error"] == "LedgerError"
    assert "could not write" in refused["message"]
    assert [r.getMessage() for r in caplog.records] == [
        "room LEDGER: the ledger refused a write (OperationalError: database or disk is full); "
        "the room goes back to its ledger"]
    assert not table_of(room).seats[1].hands and table_of(room).bankroll(1) == 10_000
    assert ask(room, ann, "bet", amount=500)["ok"]
    assert ask(room, Actor(Role.HOST), "deal")["ok"]
    saved = store.room(CODE)
    assert saved is not None
    again = Room(CODE, room.spec, room.host_hash, store, Sources(RandomShuffler.seeded(8)),
                 saved=saved)
    assert snapshot(again) == snapshot(room)


def test_a_room_the_ledger_cannot_take_is_refused_in_words(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A new room whose write to the ledger fails was a 500 with a traceback: it is a 503 in
    words, one line in the log, and no room."""

    class Full(SqliteStore):
        def create_room(self, code: str, spec: dict[str, Any], host_hash: str) -> None:
            raise sqlite3.OperationalError("database or disk is full")

    store = Full(tmp_path / "full.db")
    app = create_app(store)
    with TestClient(app) as client, caplog.at_level(logging.WARNING):
        answer = client.post("/api/rooms", json={"rules": "classic"})
        assert app.state.site.rooms == {}
    assert answer.status_code == 503
    assert answer.json()["error"] == "LedgerError"
    assert "could not write the new room" in answer.json()["message"]
    assert [r.getMessage() for r in caplog.records] == [
        "a new room could not be written to the ledger (OperationalError: database or disk is "
        "full)"]


def test_the_hostile_buy_in_is_refused_in_words_and_the_room_plays_on(tmp_path: Path) -> None:
    """Issue 22: {"op":"sit","buy_in":10000000000000000000} failed the ledger's write, stayed
    applied in memory and jammed the room. Every amount is bounded where it enters."""
    store, room = _room(tmp_path)
    ann = Actor(Role.SPECTATOR)
    for amount in (10**19, 2**63, MAX_CENTS + 1, 1_000_001):
        refused = ask(room, ann, "sit", name="Ann", buy_in=amount)
        assert refused["type"] == "error", amount
        assert "$" in refused["message"], refused
    assert not table_of(room).seats and not room.people and ann.seat is None
    assert ask(room, ann, "sit", name="Ann", buy_in=10_000)["ok"]
    assert ask(room, ann, "buy", amount=10**19)["type"] == "error"
    buy = ask(room, ann, "buy", amount=995_000)
    assert buy["error"] == "BetError" and "up to $10,000" in buy["message"]
    assert ask(room, ann, "bet", amount=2**63)["error"] == "RequestError"
    assert ask(room, ann, "bet", amount=1000)["ok"]
    assert_ledger_is_memory(store, room)


def test_a_room_whose_ledger_cannot_be_read_refuses_everything_until_it_can(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A failed write, then the ledger cannot even be read back: the room does not go on from
    memory, it refuses in words until the ledger answers, then deals from it."""
    store, room = _room(tmp_path)
    ann = Actor(Role.SPECTATOR)
    assert ask(room, ann, "sit", name="Ann", buy_in=10_000)["ok"]
    real_room = store.room
    store.room = lambda code: (_ for _ in ()).throw(sqlite3.OperationalError("locked"))  # type: ignore[method-assign]
    store.fail = 1
    with caplog.at_level(logging.WARNING):
        assert ask(room, ann, "bet", amount=1000)["error"] == "LedgerError"
        for _ in range(3):
            jammed = ask(room, ann, "bet", amount=1000)
            assert jammed["error"] == "LedgerError" and "cannot be read" in jammed["message"]
    assert [r.getMessage().split(" (")[0] for r in caplog.records] == [
        "room LEDGER: the ledger refused a write", "room LEDGER: the ledger cannot be read back"]
    store.room = real_room  # type: ignore[method-assign]
    assert ask(room, ann, "bet", amount=1000)["ok"]
    assert_ledger_is_memory(store, room)


def test_a_failed_write_of_a_timeout_goes_back_to_the_ledger(tmp_path: Path) -> None:
    """The clock acts for a seat, and its write fails: the room goes back to its ledger (the
    turn is still open, its clock started again), and the ticker that called it goes on."""
    clock = [1000.0]
    store = FlakyStore(tmp_path / "party.sqlite3")
    spec = RoomSpec.from_request({"game": "casino", "rules": "classic",
                                  "settings": {"turn_s": 5}})
    store.create_room(CODE, spec.to_json(), token_hash(HOST))
    # The seat's 10 and 6, the dealer's 9 up and 7 in the hole: no natural, no insurance.
    live = StackedShuffler([["10s", "9s", "6h", "7d"]], then=RandomShuffler.seeded(3))
    room = Room(CODE, spec, token_hash(HOST), store, Sources(live), now=lambda: clock[0])
    ann = Actor(Role.SPECTATOR)
    assert ask(room, ann, "sit", name="Ann", buy_in=10_000)["ok"]
    room.connected(ann)
    assert ask(room, ann, "bet", amount=1000)["ok"]
    assert ask(room, Actor(Role.HOST), "deal")["ok"]
    assert table_of(room).phase is Phase.PLAYERS
    clock[0] += 10
    store.fail = 1
    assert room.tick()
    assert table_of(room).to_act == (1, 0)  # still the seat's turn
    assert_ledger_is_memory(store, room)
    clock[0] += 10  # the room dealt again gives the turn its time afresh
    assert room.tick()
    assert table_of(room).to_act is None and table_of(room).round == 1
    assert_ledger_is_memory(store, room)



@pytest.mark.parametrize(("body", "error"), [
    ({"rules_toml": 'max_bet = "2000000"'}, "max_bet is $2,000,000"),
    ({"rules_toml": '[chips]\nyellow = "0.50"\ngold = "500000"'}, "the gold chip is $500,000"),
    ({"settings": {"max_buy_in": 10_000_001}}, "max_buy_in is a whole number of cents"),
    ({"settings": {"max_buy_in": 0}}, "max_buy_in is a whole number of cents"),
    ({"settings": {"max_buy_in": 2**63}}, "max_buy_in is a whole number of cents"),
])
def test_a_rooms_stakes_are_bounded_where_it_is_made(tmp_path: Path, body: dict[str, Any],
                                                     error: str) -> None:
    """A rules file allows stakes up to a billion dollars; a room takes none above the amount
    any request may carry, and no buy-in limit beyond it."""
    with party(tmp_path / "l.db") as p:
        made = p.client.post("/api/rooms", json={"game": "casino", "rules": "classic", **body})
        assert made.status_code == 400, made.text
        assert error in made.json()["message"]
