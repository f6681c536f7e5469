"""The server keeps serving (docs/web.md#what-one-server-withstands): rooms are dealt from the
ledger when first used and leave memory when idle between rounds; creating rooms and downloading
are rate-limited per client address; a download is dealt off the event loop, and a later one deals
only what the ledger took since. The limits' own tools (token buckets, the log throttle) too."""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from web_kit import Party, Person, table_of

from twentyone.engine.table import Phase
from twentyone.web import downloads
from twentyone.web.app import create_app
from twentyone.web.gate import server_config
from twentyone.web.limits import Buckets, Limits, LogThrottle
from twentyone.web.store import SqliteStore, StoredRoom

#: Seconds any one wait may take before the test gives up on it (a deadline, not a measurement).
PATIENCE = 20.0


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def app_over(db: Path, limits: Limits | None = None, clock: Callable[[], float] = time.monotonic,
             ) -> Any:
    return create_app(SqliteStore(db), tick_s=0.02, limits=limits, clock=clock)


def until(done: Callable[[], bool]) -> bool:
    """Whether ``done`` comes true within PATIENCE (looked at every 20 ms)."""
    deadline = time.monotonic() + PATIENCE
    while not done():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def play_rounds(p: Party, people: Sequence[Person], rounds: int) -> None:
    """``rounds`` rounds of each person betting $10 and standing (declining insurance)."""
    t = table_of(p.room)
    for _ in range(rounds):
        for who in people:
            assert p.act(who, "bet", amount=1000)["ok"]
        assert p.act(p.host, "deal")["ok"]
        while t.phase is not Phase.BETTING:
            to_act = t.to_act
            assert to_act is not None
            who = next(w for w in people if w.seat == to_act[0])
            p.act(who, "decline" if t.phase is Phase.INSURANCE else "stand")


@contextmanager
def room_with_ann(client: TestClient) -> Iterator[tuple[Party, Person]]:
    with ExitStack() as stack:
        p = Party(client, stack, settings={"turn_s": 0})
        ann = p.join()
        assert p.sit(ann, "Ann", 50_000)["ok"]
        yield p, ann


def test_the_server_deals_no_room_before_it_is_used(tmp_path: Path) -> None:
    """docs/web.md#what-one-server-withstands: the server listens at once; a room is dealt from
    the ledger when someone first uses it, and then it is as the ledger left it."""
    db = tmp_path / "l.db"
    with TestClient(app_over(db)) as client:
        codes = [client.post("/api/rooms", json={"rules": "classic"}).json()["room"]
                 for _ in range(3)]
        with room_with_ann(client) as (p, ann):
            play_rounds(p, [ann], 2)
            code, token, before = p.code, ann.token, ann.view["seats"][0]["bankroll"]
    app = app_over(db)
    assert app.state.site.rooms == {}
    with TestClient(app) as client, ExitStack() as stack:
        assert app.state.site.rooms == {}
        assert client.get(f"/api/rooms/{codes[1]}").json()["room"] == codes[1]
        assert set(app.state.site.rooms) == {codes[1]}
        back = Person(client, stack, code, token)
        assert back.welcome["role"] == "player"
        assert back.view["seats"][0]["bankroll"] == before
        assert set(app.state.site.rooms) == {codes[1], code}
        assert client.get("/api/rooms/ZZZZZZ").status_code == 404


def test_an_idle_room_leaves_memory_and_comes_back_as_it_was(tmp_path: Path) -> None:
    """A room nobody is connected to or has used for ``room_idle_s`` leaves memory between
    rounds (its ledger stays) and is dealt again, as it was, on its next use; a room with a
    round under way stays (docs/web.md#what-one-server-withstands)."""
    clock = Clock()
    app = app_over(tmp_path / "l.db", Limits(room_idle_s=60), clock)
    site = app.state.site
    with TestClient(app) as client:
        with room_with_ann(client) as (p, ann):
            play_rounds(p, [ann], 1)
            idle, token, before = p.code, ann.token, ann.view
        with room_with_ann(client) as (q, bea):
            assert q.act(bea, "bet", amount=1000)["ok"]
            assert q.act(q.host, "deal")["ok"]
            busy = q.code
            under_way = table_of(q.room).phase is not Phase.BETTING
        assert until(lambda: not site.conns[idle] and not site.conns[busy])
        clock.t += 59
        time.sleep(0.1)  # several ticks: not idle long enough yet
        assert idle in site.rooms
        clock.t += 2
        assert until(lambda: idle not in site.rooms)
        if under_way:  # (a dealt blackjack can end the round at once)
            assert busy in site.rooms
        with ExitStack() as stack:
            back = Person(client, stack, idle, token)
            assert back.welcome["role"] == "player"
            after = back.view
            for key in ("phase", "round", "seats", "settled", "legal"):
                assert after[key] == before[key], key
            assert idle in site.rooms


def test_room_creation_is_rate_limited_per_address(tmp_path: Path) -> None:
    clock = Clock()
    app = app_over(tmp_path / "l.db", Limits(rooms_burst=3, room_every_s=10), clock)
    with TestClient(app) as client:
        for _ in range(3):
            assert client.post("/api/rooms", json={"rules": "classic"}).status_code == 201
        refused = client.post("/api/rooms", json={"rules": "classic"})
        assert refused.status_code == 429
        assert refused.json() == {"error": "LimitError", "message":
                                  "too many new rooms from your address: try again in 10 s"}
        assert refused.headers["retry-after"] == "10"
        other = TestClient(app, client=("10.0.0.2", 4000))
        assert other.post("/api/rooms", json={"rules": "classic"}).status_code == 201
        clock.t += 10
        assert client.post("/api/rooms", json={"rules": "classic"}).status_code == 201
        assert client.post("/api/rooms", json={"rules": "classic"}).status_code == 429
        assert len(app.state.site.rooms) == 5


def test_downloads_are_rate_limited_per_address(tmp_path: Path) -> None:
    clock = Clock()
    app = app_over(tmp_path / "l.db", Limits(downloads_burst=2, download_every_s=3), clock)
    with TestClient(app) as client, room_with_ann(client) as (p, ann):
        play_rounds(p, [ann], 1)
        history = f"/api/rooms/{p.code}/history.jsonl"
        ledger = f"/api/rooms/{p.code}/ledger.csv"
        assert client.get(history, params={"token": p.host_token}).status_code == 200
        assert client.get(ledger, params={"token": p.host_token}).status_code == 200
        for url in (history, ledger):
            refused = client.get(url, params={"token": p.host_token})
            assert refused.status_code == 429
            assert refused.json()["message"] == \
                "too many downloads from your address: try again in 3 s"
        other = TestClient(app, client=("10.0.0.2", 4000))
        assert other.get(history, params={"token": ann.token}).status_code == 200
        clock.t += 3
        assert client.get(history, params={"token": p.host_token}).status_code == 200


def test_a_download_is_dealt_off_the_event_loop(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """While a download is being written (held here until the test lets it go), the server
    still answers: the work is not on the event loop."""
    writing, release = threading.Event(), threading.Event()
    jsonl = downloads.jsonl

    def held(lines: Any) -> str:
        writing.set()
        release.wait(PATIENCE)
        return jsonl(lines)

    with TestClient(app_over(tmp_path / "l.db")) as client, room_with_ann(client) as (p, ann):
        play_rounds(p, [ann], 1)
        monkeypatch.setattr(downloads, "jsonl", held)
        got: dict[str, Any] = {}
        download = threading.Thread(target=lambda: got.setdefault("history", client.get(
            f"/api/rooms/{p.code}/history.jsonl", params={"token": p.host_token})))
        health = threading.Thread(target=lambda: got.setdefault("health",
                                                                client.get("/health")))
        download.start()
        try:
            assert writing.wait(PATIENCE)
            health.start()
            health.join(PATIENCE)
            assert got.get("health") is not None and got["health"].status_code == 200
            assert "history" not in got
        finally:
            release.set()
            download.join(PATIENCE)
            health.join(PATIENCE)
        assert got["history"].status_code == 200


def test_a_download_deals_only_what_the_ledger_took_since(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A later download of the same history deals only the operations after the ones an earlier
    one dealt, and writes exactly what a download dealt from scratch writes."""
    dealt: list[int] = []
    extend = downloads.Replay.extend

    def counted(self: downloads.Replay, ops: Any, shuffles: Any) -> None:
        dealt.append(len(ops))
        extend(self, ops, shuffles)

    monkeypatch.setattr(downloads.Replay, "extend", counted)
    app = app_over(tmp_path / "l.db")
    store = app.state.site.store
    with TestClient(app) as client, room_with_ann(client) as (p, ann):
        bob = p.join()
        assert p.sit(bob, "Bob", 50_000)["ok"]
        url = f"/api/rooms/{p.code}/history.jsonl"
        seen = 0
        for rounds in (1, 2, 0, 3):
            play_rounds(p, [ann, bob], rounds)
            dealt.clear()
            house = client.get(url, params={"token": p.host_token}).text
            mine = client.get(url, params={"token": ann.token}).text
            saved = store.room(p.code)
            assert dealt[0] == dealt[1] == len(saved.ops) - seen  # the house's, then Ann's
            seen = len(saved.ops)
            dealt.clear()
            assert house == downloads.jsonl(downloads.house_record(saved))
            assert mine == downloads.jsonl(downloads.seat_history(saved, ann.seat or 0, 0))
            assert len(house.splitlines()) == table_of(p.room).round


@pytest.fixture(scope="module")
def long_room(tmp_path_factory: pytest.TempPathFactory) -> StoredRoom:
    """A single-deck room's ledger after 14 rounds at two seats (several shuffles in it)."""
    app = app_over(tmp_path_factory.mktemp("ledger") / "l.db")
    with TestClient(app) as client, ExitStack() as stack:
        p = Party(client, stack, rules="single-deck", settings={"turn_s": 0})
        ann, bob = p.join(), p.join()
        assert p.sit(ann, "Ann", 50_000)["ok"] and p.sit(bob, "Bob", 50_000)["ok"]
        play_rounds(p, [ann, bob], 14)
        saved: StoredRoom | None = app.state.site.store.room(p.code)
    assert saved is not None and len(saved.shuffles) >= 3
    return saved


def _dealt_shuffles(saved: StoredRoom, ops: int) -> int:
    """How many shuffles dealing the first ``ops`` operations takes: what the ledger holds at
    the latest when it holds those operations."""
    replay = downloads.Replay(saved.spec, None)
    replay.extend(saved.ops[:ops], saved.shuffles)
    return replay._tail._dealt


@settings(max_examples=25, deadline=None)
@given(cuts=st.lists(st.floats(0, 1), max_size=6))
def test_a_kept_deal_writes_what_a_fresh_one_writes(long_room: StoredRoom,
                                                    cuts: list[float]) -> None:
    """However the ledger's rows arrive between downloads (each shuffle no earlier than the
    operations that dealt it need it), a deal kept and extended download after download writes
    exactly what a download dealt from scratch writes."""
    saved = long_room
    points = sorted({round(c * len(saved.ops)) for c in cuts} | {len(saved.ops)})
    house, ann = downloads.Replay(saved.spec, None), downloads.Replay(saved.spec, 1)
    for point in points:
        upto = _dealt_shuffles(saved, point)
        for replay in (house, ann):
            replay.extend(saved.ops[replay.applied:point], saved.shuffles[replay.shuffles:upto])
        prefix = StoredRoom(saved.code, saved.spec, saved.host_hash, saved.closed, saved.seats,
                            saved.ops[:point], saved.shuffles[:upto], saved.state)
        assert downloads.house_lines(house) == downloads.house_record(prefix)
        assert downloads.seat_lines(ann, 0) == downloads.seat_history(prefix, 1, 0)
        assert downloads.seat_lines(ann, point // 2) == downloads.seat_history(prefix, 1,
                                                                                point // 2)


def test_a_token_bucket_gives_its_burst_then_one_an_interval() -> None:
    clock = Clock()
    bucket = Buckets(3, 10.0, clock)
    assert [bucket.allow("a") for _ in range(4)] == [True, True, True, False]
    assert bucket.wait_s("a") == pytest.approx(10.0)
    assert bucket.allow("b")
    clock.t += 9.9
    assert not bucket.allow("a")
    clock.t += 0.1
    assert bucket.allow("a") and not bucket.allow("a")
    clock.t += 1000
    assert [bucket.allow("a") for _ in range(4)] == [True, True, True, False]


def test_a_repeated_error_is_logged_once_an_interval() -> None:
    clock = Clock()
    throttle = LogThrottle(10.0, clock)
    logger = logging.getLogger("twentyone.test.throttle")
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    keep = Keep()
    logger.addHandler(keep)
    logger.addFilter(throttle)
    logger.propagate = False
    try:
        for i in range(1000):
            try:
                raise OSError(24, "Too many open files")
            except OSError:
                logger.exception("socket.accept() out of system resource")
            if i % 100 == 0:
                logger.warning("something else")
            clock.t += 0.001
        assert [r.getMessage() for r in records] == ["socket.accept() out of system resource",
                                                     "something else"]
        clock.t += 10
        logger.error("socket.accept() out of system resource")  # no exception: another kind
        try:
            raise OSError(24, "Too many open files")
        except OSError:
            logger.exception("socket.accept() out of system resource")
        assert [r.getMessage() for r in records[2:]] == [
            "socket.accept() out of system resource",
            "socket.accept() out of system resource (and 999 more like it in the last 11 s)"]
    finally:
        logger.removeHandler(keep)
        logger.removeFilter(throttle)


def test_every_connection_the_server_accepts_sends_without_waiting_for_an_ack(
        tmp_path: Path) -> None:
    """docs/web.md#what-one-server-withstands: each request is answered with a reply and then a
    state frame to the same connection; with Nagle's algorithm on, the frame waited for the
    client's delayed acknowledgement of the reply (40 ms on Linux, after every move). The
    server is started as ``serve`` starts it, on the socket uvicorn binds, and every
    connection it accepts, plain HTTP or a websocket's, has TCP_NODELAY set."""
    async def accepted() -> list[int]:
        config = server_config(app_over(tmp_path / "l.sqlite3"), "127.0.0.1", 0, Limits())
        server = uvicorn.Server(config)
        config.load()
        sock = config.bind_socket()
        serving = asyncio.create_task(server.serve(sockets=[sock]))
        try:
            while not server.started:
                await asyncio.sleep(0.01)
            clients = [await asyncio.open_connection(*sock.getsockname()[:2])
                       for _ in range(3)]
            while len(server.server_state.connections) < len(clients):
                await asyncio.sleep(0.01)
            found = [p.transport.get_extra_info("socket").getsockopt(
                socket.IPPROTO_TCP, socket.TCP_NODELAY)
                for p in server.server_state.connections]
            for _, writer in clients:
                writer.close()
            return found
        finally:
            server.should_exit = True
            await asyncio.wait_for(serving, PATIENCE)

    found = asyncio.run(asyncio.wait_for(accepted(), PATIENCE))
    assert len(found) == 3 and all(found), found
