"""Crash recovery: the real server, killed with SIGKILL with rooms stopped at every phase of a
round, then started again on the same ledger. Every balance is where the ledger says; a round
under way resumes exactly where it stopped (``interrupted = "resume"``) or is called off with
every bet returned (``"void"``). Also: clients racing over real sockets for one seat, and for one
balance, get exactly the outcome the table allows."""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from proc_kit import join_all, started
from table_view import table_view
from websockets.sync.client import ClientConnection, connect

from twentyone.games.registry import GAMES as CARD_GAMES

#: The seat: 10 and 6 (16); the dealer: an ace up (insurance is offered) and a 7 in the hole.
STACK = "10s,As,6h,7d"
PHASES = ("betting", "bets", "insurance", "players", "dealer", "settled")
BUY_IN = 10_000
#: The longest a test waits for one frame from the server.
REPLY_S = 60
BET = 1000


@contextmanager
def server(db: Path, log: Path | None = None) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``twentyone serve`` on a free port; yields its address and process (ended, with all it
    started, on leaving: ``proc_kit.started``). ``log`` keeps what the server writes to stderr
    (its log)."""
    with contextlib.ExitStack() as files:
        err = files.enter_context(log.open("w")) if log is not None else subprocess.DEVNULL
        proc = files.enter_context(started(
            [sys.executable, "-m", "twentyone", "serve", "--host", "127.0.0.1", "--port", "0",
             "--db", str(db), "--stack", STACK],
            stdout=subprocess.PIPE, stderr=err, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"}))
        assert proc.stdout is not None
        # A selector, not select.select: select() cannot watch a descriptor numbered past
        # 1023, which a long run's process may well hand out.
        with selectors.DefaultSelector() as waiting:
            waiting.register(proc.stdout, selectors.EVENT_READ)
            if not waiting.select(120):
                pytest.fail("the server said nothing within 120 s")
        line = proc.stdout.readline()
        url = line.split(" at ")[1].split()[0].rstrip("/")
        for _ in range(200):
            try:
                if httpx2.get(f"{url}/health", timeout=5).json() == {"status": "ok"}:
                    break
            except httpx2.TransportError:
                time.sleep(0.05)
        yield url, proc


class Socket:
    """One device's connection, open until ``close`` (or the server goes)."""

    def __init__(self, url: str, room: str, token: str | None) -> None:
        self._open = connect(f"{url.replace('http', 'ws')}/ws/{room}")
        self.ws: ClientConnection = self._open.__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.welcome = json.loads(self.ws.recv(REPLY_S))
        self.state = json.loads(self.ws.recv(REPLY_S))
        self.n = 0

    def close(self) -> None:
        self._open.__exit__(None, None, None)

    def send(self, op: str, **args: Any) -> dict[str, Any]:
        self.n += 1
        # Each device its own ids: a shared id is one request.
        return self.send_as(f"{id(self):x}-{self.n}", op, **args)

    def send_as(self, rid: str, op: str, **args: Any) -> dict[str, Any]:
        """A request with the id ``rid``, and its answer."""
        self.ws.send(json.dumps({"type": "op", "id": rid, "op": op, **args}))
        while True:
            frame: dict[str, Any] = json.loads(self.ws.recv(REPLY_S))
            if frame.get("id") == rid:
                return frame


def _room(url: str, phase: str, interrupted: str) -> dict[str, Any]:
    """A room stopped at ``phase``: its code, tokens and the seat's view there."""
    mode = "dealer" if phase == "dealer" else "house"
    made = httpx2.post(f"{url}/api/rooms", json={
        "rules": "classic", "host_mode": mode,
        "settings": {"interrupted": interrupted, "turn_s": 0}}).json()
    host = Socket(url, made["room"], made["host_token"])
    seat = Socket(url, made["room"], None)
    sat = seat.send("sit", name="Ann", buy_in=BUY_IN)
    if phase != "betting":
        assert seat.send("bet", amount=BET)["ok"]
    if phase in ("insurance", "players", "dealer", "settled"):
        assert host.send("deal")["ok"]
        if mode == "dealer":  # refused (and nothing changes) unless an ace is up
            host.send("offer_insurance")
    if phase in ("players", "dealer", "settled"):
        assert seat.send("decline")["ok"]
    if phase in ("dealer", "settled"):
        assert seat.send("stand")["ok"]
    if phase == "settled":
        assert host.send("deal")["error"] == "BetError"
    last = table_view(Socket(url, made["room"], sat["token"]).state)
    host.close()
    seat.close()
    return {"room": made["room"], "host": made["host_token"], "token": sat["token"],
            "view": last}


def _balance_from_ledger(url: str, room: str, host: str) -> int:
    rows = httpx2.get(f"{url}/api/rooms/{room}/ledger.csv", params={"token": host}).text
    total = 0
    for line in rows.splitlines()[1:]:
        kind, _, seat, _, cents, _ = line.split(",")
        if seat == "1":
            total += -int(cents) if kind == "cash-out" else int(cents)
    return total


def test_kill_at_every_phase_then_resume_or_void(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    rooms = {}
    with server(db) as (url, proc):
        for phase in PHASES:
            for interrupted in ("resume", "void"):
                rooms[phase, interrupted] = _room(url, phase, interrupted)
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
    with server(db) as (url, _):
        for (phase, interrupted), r in rooms.items():
            back = Socket(url, r["room"], r["token"])
            view, before = table_view(back.state), r["view"]
            mine = view["seats"][0]
            where = (phase, interrupted)
            assert back.welcome["role"] == "player", where
            under_way = phase in ("bets", "insurance", "players", "dealer")
            if interrupted == "resume" or not under_way:
                for key in ("phase", "round", "dealer", "to_act", "legal", "settled"):
                    assert view[key] == before[key], (where, key)
                assert mine == {**before["seats"][0], "connected": True}, where
            else:
                assert view["phase"] == "betting" and mine["bankroll"] == BUY_IN, where
                assert [h["outcome"] for h in mine["hands"]] in ([], ["void"]), where
            owned = mine["bankroll"] + sum(h["bet"] for h in mine["hands"] if not h["outcome"])
            assert owned == _balance_from_ledger(url, r["room"], r["host"]), where
            back.close()


def test_clients_racing_for_one_seat_and_one_balance(tmp_path: Path) -> None:
    with server(tmp_path / "ledger.sqlite3") as (url, _):
        made = httpx2.post(f"{url}/api/rooms", json={"rules": "classic"}).json()
        room = made["room"]
        racers = [Socket(url, room, None) for _ in range(6)]
        answers: list[dict[str, Any]] = []
        barrier = threading.Barrier(len(racers), timeout=REPLY_S)

        def race(s: Socket, op: str, **args: Any) -> None:
            barrier.wait()
            answers.append(s.send(op, **args))

        threads = [threading.Thread(target=race, args=(s, "sit"),
                                    kwargs={"name": f"P{i}", "buy_in": 2000, "seat": 3})
                   for i, s in enumerate(racers)]
        for th in threads:
            th.start()
        join_all(threads, 120)
        won = [a for a in answers if a["type"] == "reply"]
        assert len(won) == 1 and won[0]["seat"] == 3
        assert sorted({a["error"] for a in answers if a["type"] == "error"}) == ["SeatError"]
        token = won[0]["token"]
        devices = [Socket(url, room, token) for _ in range(5)]
        answers.clear()
        barrier = threading.Barrier(len(devices), timeout=REPLY_S)
        threads = [threading.Thread(target=race, args=(s, "bet"), kwargs={"amount": 2000})
                   for s in devices]
        for th in threads:
            th.start()
        join_all(threads, 120)
        assert sum(a["type"] == "reply" for a in answers) == 1
        view = table_view(Socket(url, room, token).state)
        assert view["seats"][0]["bankroll"] == 0
        assert view["seats"][0]["hands"][0]["bet"] == 2000


def test_a_hostile_buy_in_and_a_refused_write_then_kill_9(tmp_path: Path) -> None:
    """Issue 22: a buy-in of 2^63 cents failed the ledger's write, stayed applied in memory,
    dropped the socket, and from then on the room played in memory only: a restart lost the
    play. Now the buy-in is refused in words on a socket that stays open; a write the ledger
    refuses (another process holding the ledger's lock) is answered in words and undone, with
    one line in the server's log; and after kill -9 the room is exactly where it was."""
    db, log = tmp_path / "ledger.sqlite3", tmp_path / "serve.log"
    with server(db, log) as (url, proc):
        made = httpx2.post(f"{url}/api/rooms", json={
            "rules": "classic", "settings": {"turn_s": 0}}).json()
        host = Socket(url, made["room"], made["host_token"])
        ann = Socket(url, made["room"], None)
        hostile = ann.send("sit", name="Ann", buy_in=10_000_000_000_000_000_000)
        assert hostile["type"] == "error" and "cents" in hostile["message"]
        sat = ann.send("sit", name="Ann", buy_in=BUY_IN)  # the same socket, still open
        assert sat["ok"]
        assert ann.send("bet", amount=BET)["ok"]
        lock = sqlite3.connect(db, isolation_level=None)
        lock.execute("BEGIN EXCLUSIVE")  # the server's next write waits, then fails
        refused = host.send("deal")
        lock.execute("ROLLBACK")
        lock.close()
        assert refused["type"] == "error" and refused["error"] == "LedgerError"
        assert "could not write" in refused["message"]
        undone = table_view(Socket(url, made["room"], sat["token"]).state)
        assert undone["phase"] == "betting" and undone["seats"][0]["hands"][0]["bet"] == BET
        assert host.send("deal")["ok"]  # the room plays on, and the ledger keeps up
        before = table_view(Socket(url, made["room"], sat["token"]).state)
        assert before["phase"] == "insurance"
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    text = log.read_text()
    assert "Traceback" not in text
    assert [line for line in text.splitlines() if made["room"] in line] == [
        f"room {made['room']}: the ledger refused a write (OperationalError: database is "
        "locked); the room goes back to its ledger"]
    with server(db) as (url, _):
        back = Socket(url, made["room"], sat["token"])
        view = table_view(back.state)
        for key in ("phase", "round", "dealer", "to_act", "legal", "settled"):
            assert view[key] == before[key], key
        assert view["seats"][0] == {**before["seats"][0], "connected": True}
        owned = view["seats"][0]["bankroll"] + BET
        assert owned == _balance_from_ledger(url, made["room"], made["host_token"]) == BUY_IN


def _my_turn(sock: Socket) -> dict[str, Any]:
    """A card room's frames up to one where it is this seat's move, or the hand is over (bots
    move on the server in between; a bounded wait)."""
    frame: dict[str, Any] = sock.state
    for _ in range(2000):
        if frame.get("type") == "state" and (
                frame["legal"] or (frame["ctx"]["over"] and frame["ctx"]["hand"])):
            return frame
        frame = json.loads(sock.ws.recv(REPLY_S))
    pytest.fail("the seat's move never came")


@pytest.mark.parametrize("game", list(CARD_GAMES))
def test_a_card_room_killed_mid_hand_resumes_with_your_cards(tmp_path: Path, game: str) -> None:
    """kill -9 mid-hand at a card room (docs/web.md#card-rooms-on-the-server): started again
    on the same ledger, the seat reconnects with its token to the very same cards, moves and
    table, and the host to the same score sheet; the hand then plays on."""
    db = tmp_path / "ledger.sqlite3"
    players = CARD_GAMES[game].players[0]
    with server(db) as (url, proc):
        made = httpx2.post(f"{url}/api/rooms", json={
            "game": game, "players": players, "settings": {"turn_s": 0}}).json()
        host = Socket(url, made["room"], made["host_token"])
        seat = Socket(url, made["room"], None)
        sat = seat.send("sit", name="Ann", seat=1)
        assert host.send("deal")["ok"]
        first = _my_turn(seat)
        move = {k: v for k, v in first["legal"][0].items() if k not in ("op", "seat")}
        assert seat.send(first["legal"][0]["op"], **move)["ok"]
        before = _my_turn(seat)
        sheet = Socket(url, made["room"], made["host_token"]).state["room"]["scores"]
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(30)
    with server(db) as (url, proc):
        again = Socket(url, made["room"], sat["token"])
        after = again.state
        for part in ("ctx", "legal", "body"):
            assert after[part] == before[part], part
        boss = Socket(url, made["room"], made["host_token"])
        assert boss.state["room"]["scores"] == sheet
        if after["legal"]:  # the hand plays on, or the next is dealt
            move = {k: v for k, v in after["legal"][0].items() if k not in ("op", "seat")}
            assert again.send(after["legal"][0]["op"], **move)["ok"]
        else:
            assert boss.send("deal")["ok"]


def test_an_answered_request_is_not_applied_again_after_kill_9(tmp_path: Path) -> None:
    """docs/web.md#if-the-server-stops-mid-round: a request id is answered once, across kill -9
    too: a casino seat's purchase of chips and a President seat's move, each sent again with the
    same id to the server started again on the same ledger, get their first answers, and the
    chips are bought and the move recorded once."""
    db = tmp_path / "ledger.sqlite3"
    with server(db) as (url, proc):
        casino = httpx2.post(f"{url}/api/rooms", json={
            "rules": "classic", "settings": {"turn_s": 0}}).json()
        ann = Socket(url, casino["room"], None)
        sat = ann.send("sit", name="Ann", buy_in=BUY_IN)
        bought = ann.send_as("buy-once", "buy", amount=BET)
        assert bought["ok"], bought
        cards = httpx2.post(f"{url}/api/rooms", json={
            "game": "president", "players": 3, "settings": {"turn_s": 0}}).json()
        host = Socket(url, cards["room"], cards["host_token"])
        bob = Socket(url, cards["room"], None)
        seat = bob.send("sit", name="Bob", seat=1)
        assert host.send("deal")["ok"]
        legal = _my_turn(bob)["legal"]
        move = {k: v for k, v in legal[-1].items() if k not in ("op", "seat")}  # a pass if open
        moved = bob.send_as("move-once", legal[-1]["op"], **move)
        assert moved["ok"], moved
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(30)
    with server(db) as (url, _):
        again = Socket(url, casino["room"], sat["token"])
        assert again.send_as("buy-once", "buy", amount=BET) == bought
        view = table_view(Socket(url, casino["room"], sat["token"]).state)
        assert view["seats"][0]["bankroll"] == BUY_IN + BET
        assert _balance_from_ledger(url, casino["room"], casino["host_token"]) == BUY_IN + BET
        back = Socket(url, cards["room"], seat["token"])
        assert back.send_as("move-once", legal[-1]["op"], **move) == moved
    ledger = sqlite3.connect(db)
    mine = [op for (op,) in ledger.execute("SELECT op FROM ops WHERE code = ?", (cards["room"],))
            if json.loads(op).get("seat") == 1 and json.loads(op)["op"] != "deal"]
    ledger.close()
    assert len(mine) == 1, mine
