"""What one server withstands from everyone together, and from another program holding its ledger
(docs/web.md#what-one-server-withstands): the totals of connections, new rooms and downloads,
the per-address cap counted exactly, and a ledger file locked by another process refused in
words while the server goes on answering.

The servers are real (``twentyone serve`` on loopback, sockets from 127.0.0.x addresses) where
the door is tested, and Starlette's test client where a route is; every socket has a timeout and
every load is bounded in count."""

from __future__ import annotations

import json
import socket
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import ExitStack, closing, contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from starlette.testclient import TestClient
from test_web_limits import PATIENCE, serve
from websockets.sync.client import connect

from twentyone.cli.serve import CONNS_TOTAL, DOWNLOADS_TOTAL, NEW_ROOMS_TOTAL
from twentyone.web.app import create_app
from twentyone.web.gate import REFUSING_MOST, Gate
from twentyone.web.limits import Limits, Slots
from twentyone.web.store import WAIT_S, SqliteStore, Transaction

linux = pytest.mark.skipif(sys.platform != "linux", reason="needs 127.0.0.x and /proc")


class Conn:
    """A stand-in for an accepted connection's transport: closed or not, quiet or not."""

    def __init__(self, quiet: bool = True) -> None:
        self.quiet = quiet
        self.closed = False

    def close(self) -> None:
        self.closed = True

    def is_quiet(self) -> bool:
        return self.quiet


def let_in(gate: Gate, host: str, n: int, quiet: bool = True) -> list[Conn]:
    conns = [Conn(quiet) for _ in range(n)]
    for i, c in enumerate(conns):
        assert gate.admit(c, (host, 1000 + i), c.is_quiet) is True
    return conns


# --- the per-address cap, exactly ------------------------------------------------------------

@pytest.mark.parametrize("cap", [1, 2, 3, 64])
def test_an_address_holds_exactly_its_cap(cap: int) -> None:
    """docs/web.md#what-one-server-withstands: ``conns_per_client`` connections are let in,
    and the next one is told it is one too many; once one closes, one more is let in."""
    gate = Gate(cap)
    held = let_in(gate, "10.0.0.1", cap)
    assert gate.held("10.0.0.1") == cap
    assert gate.admit(Conn(), ("10.0.0.1", 9), lambda: True) is False
    assert "at most" in str(gate.refused["10.0.0.1", 9])
    assert gate.admit(Conn(), ("10.0.0.2", 9), lambda: True) is True  # another address
    gate.release(held[0], ("10.0.0.1", 1000))
    assert gate.admit(Conn(), ("10.0.0.1", 10), lambda: True) is True
    assert gate.admit(Conn(), ("10.0.0.1", 11), lambda: True) is False


@linux
@pytest.mark.parametrize("silent", [2, 3])
def test_the_real_server_lets_in_its_cap_and_not_one_more(tmp_path: Path, silent: int) -> None:
    """With ``--conns-per-client 3``: two silent connections and a request is three, answered;
    three and a request is four, refused in words."""
    with serve(tmp_path / "l.sqlite3", "--conns-per-client", "3") as (url, _):
        host, port = url.removeprefix("http://").split(":")
        with ExitStack() as stack:
            for _ in range(silent):
                stack.enter_context(socket.create_connection((host, int(port)),
                                                             timeout=PATIENCE))
            answer = httpx2.get(f"{url}/health", timeout=PATIENCE)
            assert answer.status_code == (200 if silent == 2 else 429)


# --- the total of connections ---------------------------------------------------------------

def test_at_the_total_a_newcomer_is_let_in_by_closing_the_busiest_addresss_silent_one() -> None:
    gate = Gate(cap=10, total=8)
    crowd = let_in(gate, "10.0.0.1", 5) + let_in(gate, "10.0.0.2", 3)
    assert gate.admit(Conn(), ("10.0.0.9", 1), lambda: True) is True
    assert [c.closed for c in crowd].count(True) == 1
    assert next(i for i, c in enumerate(crowd) if c.closed) < 5  # the busiest address's
    assert gate.held("10.0.0.1") == 4 and gate.held("10.0.0.9") == 1


def test_at_the_total_no_connection_that_has_spoken_is_closed_for_a_newcomer() -> None:
    """Players' connections (a websocket, a request under way) are never closed to make room:
    the newcomer is told the server is full, in words."""
    gate = Gate(cap=10, total=4)
    players = let_in(gate, "10.0.0.1", 4, quiet=False)
    assert gate.admit(Conn(), ("10.0.0.9", 1), lambda: True) is False
    assert "as many connections as it may (4)" in str(gate.refused["10.0.0.9", 1])
    assert not any(c.closed for c in players)


def test_an_address_is_never_made_room_for_by_one_holding_as_few() -> None:
    """A crowd of addresses at the total does not close each other's connections round and
    round: room is made only by an address holding at least two more than the newcomer's."""
    gate = Gate(cap=10, total=4)
    crowd = let_in(gate, "10.0.0.1", 2) + let_in(gate, "10.0.0.2", 2)
    assert gate.admit(Conn(), ("10.0.0.3", 1), lambda: True) is True
    assert gate.admit(Conn(), ("10.0.0.3", 2), lambda: True) is False
    assert [c.closed for c in crowd].count(True) == 1


def test_refusals_being_told_are_bounded() -> None:
    """Past ``REFUSING_MOST`` connections waiting to be told why, the next is closed at once
    (None), so refusals cannot hold the files a bystander needs."""
    gate = Gate(cap=1)
    let_in(gate, "10.0.0.1", 1)
    for port in range(REFUSING_MOST):
        assert gate.admit(Conn(), ("10.0.0.1", 2000 + port), lambda: True) is False
    assert gate.admit(Conn(), ("10.0.0.1", 9999), lambda: True) is None
    gate.release(Conn(), ("10.0.0.1", 2000))  # one told and gone
    assert gate.admit(Conn(), ("10.0.0.1", 9998), lambda: True) is False


@linux
def test_silent_sockets_from_many_addresses_leave_a_bystander_served(tmp_path: Path) -> None:
    """docs/web.md#what-one-server-withstands: four addresses hold the server's whole total of
    connections (``--conns-total 40``), each under its own cap, half of them with half a
    request; a fifth address still gets ``/health``, creates a room and sits down, and the
    crowd's next connection is refused in words."""
    with serve(tmp_path / "l.sqlite3", "--conns-total", "40", "--conns-per-client", "12") \
            as (url, _):
        host, port = url.removeprefix("http://").split(":")
        crowd: list[socket.socket] = []
        try:
            for a in range(1, 5):
                for i in range(10):
                    s = socket.create_connection((host, int(port)), timeout=PATIENCE,
                                                 source_address=(f"127.0.0.{a}", 0))
                    if i % 2:
                        s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
                    crowd.append(s)
            bystander = httpx2.Client(transport=httpx2.HTTPTransport(
                local_address="127.0.0.9"), timeout=PATIENCE)
            with bystander:
                assert bystander.get(f"{url}/health").json() == {"status": "ok"}
                made = bystander.post(f"{url}/api/rooms", json={"rules": "classic"})
                assert made.status_code == 201
            with connect(f"{url.replace('http', 'ws')}/ws/{made.json()['room']}",
                         source_address=("127.0.0.9", 0), open_timeout=PATIENCE) as ws:
                ws.send(json.dumps({"type": "hello", "token": None}))
                assert json.loads(ws.recv(PATIENCE))["type"] == "welcome"
                ws.send(json.dumps({"type": "op", "id": "s", "op": "sit", "name": "Bea",
                                    "buy_in": 10_000}))
                while (frame := json.loads(ws.recv(PATIENCE))).get("id") != "s":
                    pass
                assert frame["ok"] is True
        finally:
            for s in crowd:
                s.close()


# --- new rooms and downloads, all together ---------------------------------------------------

class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_new_rooms_from_many_addresses_are_bounded_in_total(tmp_path: Path) -> None:
    """Six addresses, each well within its own burst, create rooms; past the server's total
    burst (here 4) the next is refused in words, whatever its address, until the total's rate
    gives it another."""
    clock = Clock()
    app = create_app(SqliteStore(tmp_path / "l.sqlite3"), clock=clock,
                     limits=Limits(rooms_total_burst=4, rooms_total_every_s=1.0))
    answers = [TestClient(app, client=(f"10.0.0.{a}", 5000)).post(
        "/api/rooms", json={"rules": "classic"}) for a in range(1, 7)]
    assert [a.status_code for a in answers] == [201] * 4 + [429] * 2
    refused = answers[4].json()
    assert refused["error"] == "LimitError"
    assert refused["message"] == "too many new rooms on this server: try again in 1 s"
    assert answers[4].headers["retry-after"] == "1"
    clock.t += 1.0
    assert TestClient(app, client=("10.0.0.7", 5000)).post(
        "/api/rooms", json={"rules": "classic"}).status_code == 201


def test_downloads_past_the_total_under_way_are_refused_in_words(tmp_path: Path) -> None:
    """With ``downloads_total`` downloads under way, the next (from anyone) is answered 503 in
    words; once one is done, it is served."""
    app = create_app(SqliteStore(tmp_path / "l.sqlite3"), limits=Limits(downloads_total=2))
    client = TestClient(app)
    made = client.post("/api/rooms", json={"rules": "classic"}).json()
    ledger = f"/api/rooms/{made['room']}/ledger.csv"
    slots: Slots = app.state.downloads
    with slots.hold() as first, slots.hold() as second:
        assert first and second
        busy = client.get(ledger, params={"token": made["host_token"]})
        assert busy.status_code == 503 and busy.json()["error"] == "LimitError"
        assert "busy with other downloads (2 at once)" in busy.json()["message"]
        for path in ("history.jsonl", "scores.csv"):
            assert client.get(f"/api/rooms/{made['room']}/{path}",
                              params={"token": made["host_token"]}).status_code == 503
    assert client.get(ledger, params={"token": made["host_token"]}).status_code == 200
    assert slots.used == 0


def test_slots_give_back_what_a_failed_holder_took() -> None:
    slots = Slots(1)
    with pytest.raises(RuntimeError), slots.hold() as got:
        assert got
        raise RuntimeError
    with slots.hold() as got, slots.hold() as other:
        assert got and not other


def test_serve_has_the_limits_totals() -> None:
    limits = Limits()
    totals = (limits.conns_total, limits.rooms_total_burst, limits.downloads_total)
    assert totals == (CONNS_TOTAL, NEW_ROOMS_TOTAL, DOWNLOADS_TOTAL)
    assert limits.ledger_wait_s == WAIT_S


# --- a ledger locked by another program ------------------------------------------------------

def test_the_ledger_waits_only_its_bound_for_another_programs_lock(tmp_path: Path) -> None:
    """docs/web.md#what-one-server-withstands: the store's every read and write waits at most
    ``ledger_wait_s`` (SQLite's busy timeout) for a lock, not SQLite's 5 s, on the loop every
    room shares."""
    store = SqliteStore(tmp_path / "l.sqlite3")
    (ms,) = store.db.execute("PRAGMA busy_timeout").fetchone()
    assert ms == round(Limits().ledger_wait_s * 1000) <= 100
    assert SqliteStore(tmp_path / "m.sqlite3", wait_s=0.5).db.execute(
        "PRAGMA busy_timeout").fetchone() == (500,)


def test_once_a_write_found_the_ledger_locked_the_next_ones_do_not_wait(tmp_path: Path) -> None:
    """While another program holds the file, only one write a second waits ``ledger_wait_s``
    for it (``store.LOCKED_FOR_S``); the others are refused at once. Nothing is written, and
    once the lock is gone the next write is."""
    db = tmp_path / "l.sqlite3"
    store = SqliteStore(db)
    store.create_room("ROOM01", {"game": "casino"}, "h")
    with locked(db):
        for _ in range(3):
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                store.commit("ROOM01", Transaction(closed=True))
        assert store.db.execute("PRAGMA busy_timeout").fetchone() == (0,)  # the next ones
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            store.create_room("ROOM02", {"game": "casino"}, "h")
    assert store.room("ROOM02") is None
    stored = store.room("ROOM01")
    assert stored is not None and not stored.closed
    store.commit("ROOM01", Transaction(closed=True))
    stored = store.room("ROOM01")
    assert stored is not None and stored.closed


@contextmanager
def locked(db: Path) -> Iterator[sqlite3.Connection]:
    """Another program's connection holding the ledger's write lock until the block ends."""
    other = sqlite3.connect(str(db), isolation_level=None, timeout=PATIENCE)
    try:
        other.execute("BEGIN IMMEDIATE")
        yield other
        other.execute("ROLLBACK")
    finally:
        other.close()


def seated(url: str, room: str) -> list[Any]:
    info = httpx2.get(f"{url}/api/rooms/{room}", timeout=PATIENCE).json()
    return [s for s in info.get("seats", []) if s.get("name")]


@linux
def test_a_locked_ledger_refuses_the_room_in_words_and_the_server_goes_on(
        tmp_path: Path) -> None:
    """Another process holds the ledger's write lock: a seat asked for in one room is refused
    in words and nothing of it is applied (the room and its ledger have nobody seated once the
    lock goes); meanwhile another address gets ``/health``, another room's page and a new room
    refused in words (503); once the lock is let go, the same request seats the player."""
    db = tmp_path / "l.sqlite3"
    with serve(db) as (url, _):
        room, other_room = (httpx2.post(f"{url}/api/rooms", json={"rules": "classic"},
                                        timeout=PATIENCE).json()["room"] for _ in range(2))
        with connect(f"{url.replace('http', 'ws')}/ws/{room}", open_timeout=PATIENCE) as ws:
            ws.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(ws.recv(PATIENCE))["type"] == "welcome"

            def sit(rid: str) -> dict[str, Any]:
                ws.send(json.dumps({"type": "op", "id": rid, "op": "sit", "name": "Bea",
                                    "buy_in": 10_000}))
                while True:
                    frame: dict[str, Any] = json.loads(ws.recv(PATIENCE))
                    if frame.get("id") == rid:
                        return frame

            with locked(db):
                refused = sit("s1")
                assert refused["type"] == "error" and refused["error"] == "LedgerError"
                assert "could not write that to its ledger, so it was not done" in \
                    refused["message"]
                with httpx2.Client(transport=httpx2.HTTPTransport(local_address="127.0.0.2"),
                                   timeout=PATIENCE) as bystander:
                    assert bystander.get(f"{url}/health").json() == {"status": "ok"}
                    assert bystander.get(f"{url}/api/rooms/{other_room}").status_code == 200
                    made = bystander.post(f"{url}/api/rooms", json={"rules": "classic"})
                    assert made.status_code == 503 and made.json()["error"] == "LedgerError"
                assert seated(url, room) == []
            assert seated(url, room) == []
            with closing(sqlite3.connect(str(db))) as look:
                assert look.execute("SELECT COUNT(*) FROM seats WHERE code = ?",
                                    (room,)).fetchone() == (0,)
            assert sit("s2")["ok"] is True
            assert [s["name"] for s in seated(url, room)] == ["Bea"]
