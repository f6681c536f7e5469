"""A request id is answered once, across a restart too (docs/web.md#if-the-server-stops-mid-round):
the answer to a request that changed anything is written to the ledger in the same transaction
as what it changed, so the same id sent again to a room dealt again from its ledger gets the
same answer and applies nothing, at a casino table, a Pontoon table and a card room alike. The
ledger keeps each person's last ``ANSWERS_KEPT`` answers, forgetting the oldest; it never keeps
a seat's token. (The real server killed with SIGKILL: ``test_web_recovery.py``.)"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from card_kit import HOST_TOKEN, card_room, host, reopen, sit
from web_kit import table_of

from twentyone.engine.shoe import RandomShuffler
from twentyone.web.protocol import Request
from twentyone.web.room import Room, Sources
from twentyone.web.roomcore import Actor, Role, token_hash
from twentyone.web.spec import RoomSpec
from twentyone.web.store import (
    ANSWERS_KEPT,
    ANSWERS_SLACK,
    SqliteStore,
    StoredAnswer,
    Transaction,
)


def _casino(store: SqliteStore, body: dict[str, Any], seed: int = 1) -> Room:
    spec = RoomSpec.from_request(body)
    store.create_room("ROOM01", spec.to_json(), token_hash(HOST_TOKEN))
    return Room("ROOM01", spec, token_hash(HOST_TOKEN), store, Sources(RandomShuffler.seeded(seed)))


def _casino_again(store: SqliteStore) -> Room:
    """The casino room dealt again from its ledger, as a restarted server deals it."""
    saved = store.room("ROOM01")
    assert saved is not None
    room = Room("ROOM01", RoomSpec.from_json(saved.spec), saved.host_hash, store,
                Sources(RandomShuffler.seeded(99)), saved=saved)
    room.recover()
    return room


def _ops(store: SqliteStore, code: str) -> int:
    (n,) = store.db.execute("SELECT COUNT(*) FROM ops WHERE code = ?", (code,)).fetchone()
    return int(n)


def test_a_casino_request_answered_before_a_restart_is_not_applied_again(
        tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "l.sqlite3")
    room = _casino(store, {"rules": "classic", "settings": {"turn_s": 0}})
    ann = Actor(Role.SPECTATOR)
    sat, _ = room.handle(ann, Request("s1", "sit", {"name": "Ann", "buy_in": 10_000}))
    token = sat["token"]
    bought, changed = room.handle(ann, Request("b1", "buy", {"amount": 1000}))
    assert bought["ok"] and changed
    ops, balance = _ops(store, "ROOM01"), room.balances()[1]
    again = _casino_again(store)  # the server restarted: memory is gone, the ledger is not
    back = again.actor_for(token)
    answer, changed = again.handle(back, Request("b1", "buy", {"amount": 1000}))
    assert answer == bought and not changed
    assert again.balances()[1] == balance == 11_000 and _ops(store, "ROOM01") == ops
    assert [r.amount for r in store.ledger("ROOM01") if r.kind == "buy-in"] == [10_000, 1000]
    # The sit's answer is kept without its token: the ledger keeps only the token's hash.
    seated, changed = again.handle(back, Request("s1", "sit", {"name": "Ann",
                                                               "buy_in": 10_000}))
    assert seated == {k: v for k, v in sat.items() if k != "token"} and not changed
    assert token not in (tmp_path / "l.sqlite3").read_bytes().decode("latin-1")
    # A new id is a new request.
    assert again.handle(back, Request("b2", "buy", {"amount": 1000}))[0]["ok"]
    assert again.balances()[1] == 12_000


def test_a_pontoon_hosts_answer_survives_a_restart(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "l.sqlite3")
    room = _casino(store, {"game": "pontoon", "settings": {"turn_s": 0}})
    for n in range(3):
        assert room.handle(Actor(Role.SPECTATOR),
                           Request(f"s{n}", "sit", {"name": f"P{n}", "buy_in": 5000}))[0]["ok"]
    boss = room.actor_for(HOST_TOKEN)
    drawn, _ = room.handle(boss, Request("h1", "draw_for_bank", {}))
    assert drawn["ok"]
    banker, ops = table_of(room).dealer_seat, _ops(store, "ROOM01")
    again = _casino_again(store)
    assert again.handle(again.actor_for(HOST_TOKEN), Request("h1", "draw_for_bank", {})) \
        == (drawn, False)
    assert table_of(again).dealer_seat == banker and _ops(store, "ROOM01") == ops


def test_a_card_rooms_move_answered_before_a_restart_is_not_applied_again(
        tmp_path: Path) -> None:
    """A President seat's move, sent again after the room is dealt again from its ledger, is
    answered as before and recorded once, though the seat's turn has come round again."""
    store = SqliteStore(tmp_path / "l.sqlite3")
    room = card_room(store, "president", 3, seed=4)
    ann = sit(room, "Ann", 1)
    assert room.handle(host(room), Request("d1", "deal", {}))[0]["ok"]
    answers: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
    for n in range(200):
        if room.game.between_hands:
            break
        if room.game.acting != 1:
            assert room.tick()
            continue
        move = room.game.legal(1)[-1].to_json()  # a pass where one is open
        op = move.pop("op")
        args = {k: v for k, v in move.items() if k != "seat"}
        frame, _ = room.handle(ann, Request(f"m{n}", op, args))
        assert frame["ok"], frame
        answers.append((f"m{n}", {"op": op, **args}, frame))
    assert len(answers) > 1
    ops = _ops(store, "CARD01")
    again = reopen(store, seed=4)
    back = Actor(Role.PLAYER, 1, key=ann.key)  # her token, reconnecting
    for rid, sent, frame in answers:
        args = {k: v for k, v in sent.items() if k != "op"}
        assert again.handle(back, Request(rid, sent["op"], args)) == (frame, False)
    assert _ops(store, "CARD01") == ops


def test_the_ledger_keeps_the_last_answers_and_forgets_the_oldest(tmp_path: Path) -> None:
    """Past the window the oldest answer is forgotten, in the ledger as in memory: the ledger
    forgets the oldest once a person has ``ANSWERS_SLACK`` more, down to the last
    ``ANSWERS_KEPT``; after a restart the newest id is answered from the ledger, and one older
    than the last ``ANSWERS_KEPT`` is a new request, whether the ledger still held it or not."""
    store = SqliteStore(tmp_path / "l.sqlite3")
    room = card_room(store, "durak", 2, seed=1)
    boss = host(room)
    made = ANSWERS_KEPT + ANSWERS_SLACK

    def held() -> list[str]:
        rows = store.db.execute("SELECT id FROM answers WHERE code = 'CARD01' AND who = 'host' "
                                "ORDER BY seq").fetchall()
        return [r[0] for r in rows]

    for i in range(made + 1):
        frame, changed = room.handle(boss, Request(f"id{i}", "resume" if i % 2 else "pause", {}))
        assert frame["ok"] and changed
        if i == made - 1:  # the slack is full: nothing forgotten yet
            assert held() == [f"id{n}" for n in range(made)]
    assert room.paused
    assert held() == [f"id{i}" for i in range(ANSWERS_SLACK + 1, made + 1)]
    again = reopen(store)
    boss = host(again)
    newest, changed = again.handle(boss, Request(f"id{made}", "resume", {}))
    assert newest["ok"] and not changed and again.paused
    oldest, changed = again.handle(boss, Request(f"id{ANSWERS_SLACK}", "resume", {}))
    assert oldest["ok"] and changed and not again.paused


def test_an_answer_the_ledger_still_holds_past_the_window_is_not_given_again(
        tmp_path: Path) -> None:
    """The ledger may hold up to ``ANSWERS_SLACK`` more than the window, but a room read back
    answers only the last ``ANSWERS_KEPT``, as the room it was would have: an older id is a
    new request."""
    store = SqliteStore(tmp_path / "l.sqlite3")
    room = card_room(store, "durak", 2, seed=1)
    boss = host(room)
    for i in range(ANSWERS_KEPT + 1):
        frame, changed = room.handle(boss, Request(f"id{i}", "resume" if i % 2 else "pause", {}))
        assert frame["ok"] and changed
    assert store.db.execute("SELECT COUNT(*) FROM answers WHERE id = 'id0'").fetchone()[0] == 1
    again = reopen(store)
    boss = host(again)
    assert again.paused
    oldest, changed = again.handle(boss, Request("id0", "resume", {}))
    assert oldest["ok"] and changed and not again.paused


class _Counting(SqliteStore):
    """The ledger, counting its transactions and failing the next ``fail`` of them."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.commits = 0
        self.fail = 0

    def commit(self, code: str, change: Transaction) -> None:
        if self.fail:
            self.fail -= 1
            raise sqlite3.OperationalError("database or disk is full")
        self.commits += not change.empty()
        super().commit(code, change)


def test_a_request_and_its_answer_are_one_transaction(tmp_path: Path) -> None:
    """Closing a casino room with a round under way calls the round off and cashes everyone
    out: one transaction with the answer. If that write fails, nothing of it is applied and
    no answer is kept, so the same id may be sent again."""
    store = _Counting(tmp_path / "l.sqlite3")
    room = _casino(store, {"rules": "classic", "settings": {"turn_s": 0}})
    ann = Actor(Role.SPECTATOR)
    assert room.handle(ann, Request("s", "sit", {"name": "Ann", "buy_in": 10_000}))[0]["ok"]
    assert room.handle(ann, Request("b", "bet", {"amount": 1000}))[0]["ok"]
    boss = room.actor_for(HOST_TOKEN)
    assert room.handle(boss, Request("d", "deal", {}))[0]["ok"]
    store.fail = 1
    refused, _ = room.handle(boss, Request("c", "close", {}))
    assert refused["error"] == "LedgerError" and not room.closed
    saved = store.room("ROOM01")
    assert saved is not None and not saved.closed
    assert "c" not in [rid for rid, _ in saved.answers.get("host", [])]
    before = store.commits
    closed, _ = room.handle(boss, Request("c", "close", {}))
    assert closed["ok"] and room.closed and store.commits == before + 1


#: The answers table as the ledger first made it (before each person's answers were one tree).
ANSWERS_BEFORE = """CREATE TABLE answers (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL, who TEXT NOT NULL,
    id TEXT NOT NULL, frame TEXT NOT NULL, UNIQUE (code, who, id));
CREATE INDEX answers_by_person ON answers (code, who, seq);"""


def test_a_ledger_with_the_answers_as_first_kept_keeps_them(tmp_path: Path) -> None:
    """A ledger made when the answers had one row id for all is opened with every answer kept,
    in order, each person's numbered from 1: after a restart a resent id gets its first answer
    and changes nothing, and a new one is kept after them."""
    path = tmp_path / "l.sqlite3"
    store = SqliteStore(path)
    room = card_room(store, "durak", 2, seed=1)
    boss = host(room)
    for i in range(3):
        assert room.handle(boss, Request(f"id{i}", "resume" if i % 2 else "pause", {}))[0]["ok"]
    rows = store.db.execute("SELECT code, who, id, frame FROM answers ORDER BY who, seq").fetchall()
    store.db.executescript("DROP TABLE answers;" + ANSWERS_BEFORE)
    store.db.executemany("INSERT INTO answers (code, who, id, frame) VALUES (?, ?, ?, ?)",
                         [(c, w, "other" + i if w != "host" else i, f) for c, w, i, f in rows])
    store.close()
    again = SqliteStore(path)
    assert again.db.execute("SELECT who, seq, id FROM answers ORDER BY who, seq").fetchall() == [
        ("host", n + 1, f"id{n}") for n in range(3)]
    assert "answers_before" not in {n for (n,) in again.db.execute(
        "SELECT name FROM sqlite_master")}
    room = reopen(again)
    boss = host(room)
    assert room.paused
    resent, changed = room.handle(boss, Request("id2", "pause", {}))
    assert resent["ok"] and not changed
    fresh, changed = room.handle(boss, Request("id3", "resume", {}))
    assert fresh["ok"] and changed and not room.paused
    assert again.db.execute("SELECT seq, id FROM answers WHERE who = 'host' ORDER BY seq"
                            ).fetchall()[-1] == (4, "id3")


class _FailingAfterTheAnswer(SqliteStore):
    """The ledger, failing its next transaction once the answer is written in it (so the
    transaction is rolled back with the answer's number taken)."""

    fail = False

    def _answer(self, code: str, answer: StoredAnswer) -> None:
        super()._answer(code, answer)
        if self.fail:
            self.fail = False
            raise sqlite3.OperationalError("database or disk is full")


def test_an_answer_after_a_failed_write_is_numbered_on_from_the_file(tmp_path: Path) -> None:
    """A write the ledger refused leaves no gap in a person's answers: the next answer is
    numbered after the last one the file holds, so the window keeps the full last
    ``ANSWERS_KEPT``."""
    store = _FailingAfterTheAnswer(tmp_path / "l.sqlite3")
    room = card_room(store, "durak", 2, seed=1)
    boss = host(room)
    assert room.handle(boss, Request("a", "pause", {}))[0]["ok"]
    store.fail = True
    refused, _ = room.handle(boss, Request("b", "resume", {}))
    assert refused["error"] == "LedgerError"
    assert room.handle(boss, Request("c", "resume", {}))[0]["ok"]
    assert store.db.execute("SELECT seq, id FROM answers WHERE who = 'host' ORDER BY seq"
                            ).fetchall() == [(1, "a"), (2, "c")]
