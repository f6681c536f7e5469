"""The party tables' ledger: everything a server needs to rebuild every open room after a crash.

A room is stored as what it was created with (game, rules, settings, the host token's hash), the
people in its seats (names and token hashes, never the tokens), every operation the engine
applied, in order, and every shuffle (the shoe's order: kept here, server-side, and never sent to
a browser before the shoe is finished). Replaying those operations against those shuffles deals
exactly the same table again (``engine.history`` replays the same way), so the ledger never keeps
a second copy of the table's state that could disagree with it. Beside them, for people: buy-ins,
cash-outs, each round's net per seat, and each seat's balance.

Everything one request changed is one ``Transaction``, written in one SQLite transaction with
the request's answer: a crash leaves the ledger before the request or after it, never half-way,
and a request id answered before a crash is answered the same after it, and applies nothing
again.

``Store`` is the interface; ``SqliteStore`` (one file, WAL) is the embedded default. A server for
many hosts could add a PostgreSQL store behind the same few methods.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

import orjson
import platformdirs

from twentyone.errors import LedgerError
from twentyone.train.dbfiles import LEDGER_ID, Kind, claim


@dataclass(frozen=True)
class StoredShuffle:
    """One shuffle of a room's shoe, and the salt its published commitment was made with."""

    order: list[int]
    cut_at: int | None
    behind: int | None
    salt: str


@dataclass(frozen=True)
class StoredSeat:
    seat: int
    name: str
    token_hash: str
    #: How many of the room's operations had been applied when this person sat down.
    since_op: int


@dataclass(frozen=True)
class LedgerRow:
    seat: int
    name: str
    #: "buy-in", "cash-out" or "round" (a round's net result for the seat).
    kind: str
    amount: int
    round: int


#: Answers kept per person for repeated request ids (older ids are forgotten), in memory and in
#: the ledger alike.
ANSWERS_KEPT = 256
#: The ledger's log of writes is copied into the file (a checkpoint, which waits for the disk)
#: once it holds this many pages (SQLite's default is 1,000): every request writes a few
#: pages, so at the default the server waited for the disk every few hundred requests. A
#: committed write survives the server being killed either way; what a power cut may take is
#: the writes since the last checkpoint, as at any setting with ``synchronous=NORMAL``.
CHECKPOINT_PAGES = 10_000
#: How many more than ``ANSWERS_KEPT`` a person's answers may grow to in the ledger before the
#: oldest are forgotten: one statement every so many requests rather than one with each (a
#: room is read back with the last ``ANSWERS_KEPT`` only).
ANSWERS_SLACK = 32
#: The most people whose answers' numbers a store remembers, so that a long evening's people
#: stay bounded (one it forgot is read again from the file).
ANSWERS_COUNTED = 4096
#: Whose answers the host's are (a seat's are its holder's token hash).
HOST_ANSWERS = "host"


@dataclass(frozen=True)
class StoredAnswer:
    """A request's answer, kept by whose it is (``HOST_ANSWERS`` or the seat token's hash) and
    its id, so the same id sent again after a restart is answered again and applies nothing."""

    who: str
    id: str
    frame: dict[str, Any]


@dataclass
class Transaction:
    """What one request did to a room, written at once (a ledger transaction; ``engine.ops``'
    ``Change`` is a chip exchange at the table, another thing)."""

    ops: list[dict[str, Any]] = field(default_factory=list)
    shuffles: list[StoredShuffle] = field(default_factory=list)
    seated: list[StoredSeat] = field(default_factory=list)
    unseated: list[int] = field(default_factory=list)
    ledger: list[LedgerRow] = field(default_factory=list)
    #: Each seated seat's balance now: its chips, with its bets still on the layout.
    balances: dict[int, int] = field(default_factory=dict)
    closed: bool = False
    #: The room's own state that no operation records (paused; in dealer mode, the payments
    #: the host still owes), when it changed.
    room_state: dict[str, Any] | None = None
    #: A card room's hands finished since the last change (``protocol.HandResult`` as JSON:
    #: each seat's score and the game's detail), for its score sheet.
    results: list[dict[str, Any]] = field(default_factory=list)
    #: The answer to the request that made this change, written with it.
    answer: StoredAnswer | None = None

    def empty(self) -> bool:
        return not (self.ops or self.shuffles or self.seated or self.unseated or self.ledger
                    or self.balances or self.closed or self.room_state is not None
                    or self.results or self.answer is not None)

    def then(self, later: Transaction) -> None:
        """Take in ``later``, made after this one, so that writing this one writes both (one
        request's steps, written in its one transaction)."""
        self.ops += later.ops
        self.shuffles += later.shuffles
        gone = set(later.unseated)
        self.seated = [s for s in self.seated if s.seat not in gone] + later.seated
        self.unseated = [n for n in self.unseated if n not in gone] + later.unseated
        self.ledger += later.ledger
        for n in later.unseated:
            self.balances.pop(n, None)
        self.balances.update(later.balances)
        self.closed = self.closed or later.closed
        if later.room_state is not None:
            self.room_state = later.room_state
        self.results += later.results
        if later.answer is not None:
            self.answer = later.answer


@dataclass(frozen=True)
class StoredRoom:
    code: str
    spec: dict[str, Any]
    host_hash: str
    closed: bool
    seats: list[StoredSeat]
    ops: list[dict[str, Any]]
    shuffles: list[StoredShuffle]
    #: As ``Transaction.room_state`` last wrote it.
    state: dict[str, Any] = field(default_factory=dict)
    #: A card room's finished hands, in order (``Transaction.results``).
    results: list[dict[str, Any]] = field(default_factory=list)
    #: The answers kept, by whose they are (``StoredAnswer.who``), oldest first.
    answers: dict[str, list[tuple[str, dict[str, Any]]]] = field(default_factory=dict)


class Store(Protocol):
    """Where rooms are kept."""

    def create_room(self, code: str, spec: dict[str, Any], host_hash: str) -> None: ...

    def commit(self, code: str, change: Transaction) -> None: ...

    def room(self, code: str) -> StoredRoom | None: ...

    def tail(self, code: str, ops_from: int,
             shuffles_from: int) -> tuple[list[dict[str, Any]], list[StoredShuffle]]: ...

    def ledger(self, code: str) -> list[LedgerRow]: ...

    def balances(self, code: str) -> dict[int, int]: ...

    def close(self) -> None: ...


def default_db() -> Path:
    """The ledger's file when ``--db`` is not given: in the user's data folder."""
    return Path(platformdirs.user_data_dir("twentyone")) / "party.sqlite3"


#: Each person's last answers (``ANSWERS_KEPT``), numbered per person: one tree.
_ANSWERS = """CREATE TABLE IF NOT EXISTS answers (
    code TEXT NOT NULL, who TEXT NOT NULL, seq INTEGER NOT NULL, id TEXT NOT NULL,
    frame TEXT NOT NULL, PRIMARY KEY (code, who, seq)) WITHOUT ROWID"""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY, spec TEXT NOT NULL, host_hash TEXT NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL, state TEXT NOT NULL DEFAULT '{}');
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL,
    since_op INTEGER NOT NULL, PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS ops (
    code TEXT NOT NULL, seq INTEGER NOT NULL, op TEXT NOT NULL, PRIMARY KEY (code, seq));
CREATE TABLE IF NOT EXISTS shuffles (
    code TEXT NOT NULL, seq INTEGER NOT NULL, record TEXT NOT NULL, salt TEXT NOT NULL,
    PRIMARY KEY (code, seq));
CREATE TABLE IF NOT EXISTS ledger (
    id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL, seat INTEGER NOT NULL,
    name TEXT NOT NULL, kind TEXT NOT NULL, amount INTEGER NOT NULL, round INTEGER NOT NULL,
    at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS balances (
    code TEXT NOT NULL, seat INTEGER NOT NULL, cents INTEGER NOT NULL,
    PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS hands (
    code TEXT NOT NULL, seq INTEGER NOT NULL, result TEXT NOT NULL, PRIMARY KEY (code, seq));
""" + _ANSWERS + ";\n"

#: The answers table as the ledger first made it: a row id for every answer and two indexes, so
#: each answer wrote four trees (the table, the row ids' counter, each index). A ledger made
#: then is moved to today's one tree, keyed by person, when it is opened (``_one_tree``).
_ANSWERS_BEFORE = "AUTOINCREMENT"


#: The ledger's stamp: ``serve --db`` opens a ledger, or a new file, and refuses any other
#: database, leaving it as it was (``dbfiles``).
LEDGER = Kind(LEDGER_ID, _SCHEMA, LedgerError)


#: How an operation is written (orjson, one a request): keys that are not text become text, as
#: ``json.dumps`` makes them.
NON_STR = orjson.OPT_NON_STR_KEYS

#: A new ledger's page size in bytes (``SqliteStore``).
PAGE_BYTES = 1024

#: The rooms whose sequence numbers and balances a store keeps between commits, at most (past
#: this it forgets them all and reads each again from the file at its next commit).
KEPT_ROOMS = 4096


def _next_seq(db: sqlite3.Connection, table: Literal["ops", "shuffles", "hands"],
              code: str) -> int:
    """The next sequence number of a room's ops or shuffles. They are numbered from 0 without
    a gap, so this is their count, but read from the end of the (code, seq) key: a count would
    step through every row the room ever wrote, on every request."""
    (after,) = db.execute(f"SELECT COALESCE(MAX(seq) + 1, 0) FROM {table} WHERE code = ?",
                          (code,)).fetchone()
    return int(after)


#: Seconds a read or write waits for another program's lock on the ledger file before it
#: gives up (``Limits.ledger_wait_s``). The store is used on the server's event loop, so every
#: room and every request waits with it: SQLite's own 5 s made one locked file stop the whole
#: server, where a room now refuses the request in words and the others carry on.
WAIT_S = 0.05
#: Seconds after a write found the file locked during which writes do not wait at all: a room
#: whose players keep asking while another program holds the file is refused at once, and only
#: one write a second waits ``WAIT_S`` to see whether the lock has gone.
LOCKED_FOR_S = 1.0


class SqliteStore:
    """The embedded ledger: one SQLite file in WAL mode. With WAL and ``synchronous=NORMAL`` a
    committed transaction survives the process being killed at any moment. Opening it waits
    SQLite's usual 5 s for a lock; once open, each read and write waits at most ``wait_s``, and
    for ``LOCKED_FOR_S`` after a write found the file locked, writes do not wait at all."""

    def __init__(self, path: Path, wait_s: float = WAIT_S) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        try:
            # A new ledger's pages are 1 KiB, not SQLite's 4 KiB: each commit writes a few
            # small rows (the operation, the answer, a balance) to as many pages of the log, so
            # smaller pages are less to copy and checksum (a sixth of a commit's cost in
            # ``bench_room``). A ledger that exists keeps its pages: the setting writes nothing.
            self.db.execute(f"PRAGMA page_size = {PAGE_BYTES}")
            claim(self.db, LEDGER, str(path))
        except BaseException:
            self.db.close()
            raise
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute(f"PRAGMA wal_autocheckpoint = {CHECKPOINT_PAGES}")
        _one_tree(self.db)
        self.db.executescript(_SCHEMA)
        self.wait_ms = max(0, round(wait_s * 1000))
        self._waits_ms = -1
        #: Until when (``time.monotonic``) writes do not wait for a lock (``LOCKED_FOR_S``).
        self._locked_until = 0.0
        self._wait(self.wait_ms)
        #: What this store has committed, so a commit reads nothing back and writes only what
        #: changed: each room's next sequence number per table, and the balances it holds.
        #: Only this process writes a room (``serve`` holds the ledger), and an entry is set
        #: only once its transaction is committed and dropped when one fails, so it never
        #: runs ahead of the file.
        self._next: dict[tuple[str, str], int] = {}
        self._balances: dict[str, dict[int, int]] = {}
        #: The numbers of each person's (room, whose) first and last answers in the file: read
        #: once, then kept up as answers are written, and read again after a failed commit
        #: (``_forget``), so a person's numbers never have a gap.
        self._answers_held: dict[tuple[str, str], tuple[int, int]] = {}

    def close(self) -> None:
        self.db.close()

    def _wait(self, ms: int) -> None:
        if ms != self._waits_ms:
            self.db.execute(f"PRAGMA busy_timeout = {ms}")
            self._waits_ms = ms

    def _writing(self) -> None:
        """Before a write: wait for a lock only if none was found lately (``LOCKED_FOR_S``)."""
        self._wait(0 if time.monotonic() < self._locked_until else self.wait_ms)

    def _failed(self, exc: BaseException) -> None:
        """After a write failed: if the file was locked, the next writes do not wait."""
        if isinstance(exc, sqlite3.OperationalError) and (
                "locked" in str(exc) or "busy" in str(exc)):
            self._locked_until = time.monotonic() + LOCKED_FOR_S

    def create_room(self, code: str, spec: dict[str, Any], host_hash: str) -> None:
        self._writing()
        try:
            self.db.execute("INSERT INTO rooms (code, spec, host_hash, created) "
                            "VALUES (?, ?, ?, ?)", (code, json.dumps(spec), host_hash,
                                                    time.time()))
        except BaseException as exc:
            self._failed(exc)
            raise

    def commit(self, code: str, change: Transaction) -> None:
        if change.empty():
            return
        db = self.db
        done: dict[tuple[str, str], int] = {}
        held = self._balances.get(code, {})
        balances = dict(held)
        for n in change.unseated:
            balances.pop(n, None)
        changed = [(code, n, c) for n, c in change.balances.items() if balances.get(n) != c]
        balances.update(change.balances)
        self._writing()
        try:
            db.execute("BEGIN IMMEDIATE")
        except BaseException as exc:
            self._failed(exc)
            raise
        try:
            if change.ops:
                start = done["ops", code] = self._seq(db, "ops", code)
                db.executemany("INSERT INTO ops (code, seq, op) VALUES (?, ?, ?)",
                               [(code, start + i, orjson.dumps(op, option=NON_STR).decode())
                                for i, op in enumerate(change.ops)])
                done["ops", code] += len(change.ops)
            if change.shuffles:
                start = done["shuffles", code] = self._seq(db, "shuffles", code)
                db.executemany(
                    "INSERT INTO shuffles (code, seq, record, salt) VALUES (?, ?, ?, ?)",
                    [(code, start + i, json.dumps({"order": s.order, "cut_at": s.cut_at,
                                                   "behind": s.behind}), s.salt)
                     for i, s in enumerate(change.shuffles)])
                done["shuffles", code] += len(change.shuffles)
            if change.answer is not None:
                self._answer(code, change.answer)
            for n in change.unseated:  # whoever gave the seat up is answered no more
                db.execute("DELETE FROM answers WHERE code = ? AND who IN "
                           "(SELECT token_hash FROM seats WHERE code = ? AND seat = ?)",
                           (code, code, n))
                db.execute("DELETE FROM seats WHERE code = ? AND seat = ?", (code, n))
                db.execute("DELETE FROM balances WHERE code = ? AND seat = ?", (code, n))
            if change.seated:
                db.executemany("INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?, ?)",
                               [(code, s.seat, s.name, s.token_hash, s.since_op)
                                for s in change.seated])
            if change.ledger:
                now = time.time()
                db.executemany("INSERT INTO ledger (code, seat, name, kind, amount, round, at) "
                               "VALUES (?, ?, ?, ?, ?, ?, ?)",
                               [(code, r.seat, r.name, r.kind, r.amount, r.round, now)
                                for r in change.ledger])
            if changed:
                db.executemany("INSERT OR REPLACE INTO balances VALUES (?, ?, ?)", changed)
            if change.results:
                start = done["hands", code] = self._seq(db, "hands", code)
                db.executemany("INSERT INTO hands (code, seq, result) VALUES (?, ?, ?)",
                               [(code, start + i, json.dumps(r))
                                for i, r in enumerate(change.results)])
                done["hands", code] += len(change.results)
            if change.closed:
                db.execute("UPDATE rooms SET closed = 1 WHERE code = ?", (code,))
                db.execute("DELETE FROM answers WHERE code = ?", (code,))
            if change.room_state is not None:
                db.execute("UPDATE rooms SET state = ? WHERE code = ?",
                           (json.dumps(change.room_state), code))
            db.execute("COMMIT")
        except BaseException as exc:
            self._failed(exc)
            self._forget(code)
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        if change.closed:  # never written again
            self._forget(code)
            return
        if len(self._balances) >= KEPT_ROOMS and code not in self._balances:
            self._next.clear()  # read again from the file: a long evening's rooms stay bounded
            self._balances.clear()
        self._next.update(done)
        self._balances[code] = balances

    def _answer(self, code: str, answer: StoredAnswer) -> None:
        """Keep an answer, numbered after that person's last; once they have ``ANSWERS_SLACK``
        more than ``ANSWERS_KEPT``, forget their oldest past the last ``ANSWERS_KEPT``."""
        db = self.db
        key = (code, answer.who)
        held = self._answers_held.get(key)
        if held is None:
            if len(self._answers_held) >= ANSWERS_COUNTED:
                self._answers_held.clear()
            first, last = db.execute("SELECT MIN(seq), MAX(seq) FROM answers "
                                     "WHERE code = ? AND who = ?", key).fetchone()
            held = (1, 0) if last is None else (first, last)
        first, last = held[0], held[1] + 1
        db.execute("INSERT INTO answers (code, who, seq, id, frame) VALUES (?, ?, ?, ?, ?)",
                   (code, answer.who, last, answer.id, orjson.dumps(answer.frame).decode()))
        if last - first >= ANSWERS_KEPT + ANSWERS_SLACK:
            first = last - ANSWERS_KEPT + 1
            db.execute("DELETE FROM answers WHERE code = ? AND who = ? AND seq < ?",
                       (*key, first))
        self._answers_held[key] = (first, last)

    def _forget(self, code: str) -> None:
        """Read the room's sequence numbers, balances and answers' numbers from the file at
        its next commit."""
        for table in ("ops", "shuffles", "hands"):
            self._next.pop((table, code), None)
        self._balances.pop(code, None)
        for key in [k for k in self._answers_held if k[0] == code]:
            del self._answers_held[key]

    def _seq(self, db: sqlite3.Connection, table: Literal["ops", "shuffles", "hands"],
             code: str) -> int:
        """The next sequence number, as committed here last, or read from the file."""
        known = self._next.get((table, code))
        return _next_seq(db, table, code) if known is None else known

    def room(self, code: str) -> StoredRoom | None:
        db = self.db
        row = db.execute("SELECT spec, host_hash, closed, state FROM rooms WHERE code = ?",
                         (code,)).fetchone()
        if row is None:
            return None
        seats = [StoredSeat(*r) for r in db.execute(
            "SELECT seat, name, token_hash, since_op FROM seats WHERE code = ? ORDER BY seat",
            (code,))]
        ops, shuffles = self.tail(code, 0, 0)
        results = [json.loads(r) for (r,) in db.execute(
            "SELECT result FROM hands WHERE code = ? ORDER BY seq", (code,))]
        answers: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        for who, rid, frame in db.execute(
                "SELECT who, id, frame FROM answers WHERE code = ? ORDER BY who, seq", (code,)):
            answers.setdefault(who, []).append((rid, json.loads(frame)))
        answers = {who: kept[-ANSWERS_KEPT:] for who, kept in answers.items()}
        return StoredRoom(code, json.loads(row[0]), row[1], bool(row[2]), seats, ops, shuffles,
                          json.loads(row[3]), results, answers)

    def tail(self, code: str, ops_from: int,
             shuffles_from: int) -> tuple[list[dict[str, Any]], list[StoredShuffle]]:
        """A room's operations from number ``ops_from`` on and its shuffles from number
        ``shuffles_from`` on (read from the end of their keys: a download that has dealt the
        rest already reads only what came since)."""
        db = self.db
        ops = [json.loads(op) for (op,) in db.execute(
            "SELECT op FROM ops WHERE code = ? AND seq >= ? ORDER BY seq", (code, ops_from))]
        shuffles = []
        for record, salt in db.execute(
                "SELECT record, salt FROM shuffles WHERE code = ? AND seq >= ? ORDER BY seq",
                (code, shuffles_from)):
            r = json.loads(record)
            shuffles.append(StoredShuffle(r["order"], r["cut_at"], r["behind"], salt))
        return ops, shuffles

    def ledger(self, code: str) -> list[LedgerRow]:
        return [LedgerRow(*r) for r in self.db.execute(
            "SELECT seat, name, kind, amount, round FROM ledger WHERE code = ? ORDER BY id",
            (code,))]

    def balances(self, code: str) -> dict[int, int]:
        return dict(self.db.execute("SELECT seat, cents FROM balances WHERE code = ?", (code,)))


def stored_shuffles(rows: Sequence[StoredShuffle]) -> list[dict[str, Any]]:
    """Shuffles as a hand history writes them."""
    return [{"order": s.order, "cut_at": s.cut_at, "behind": s.behind} for s in rows]


def _one_tree(db: sqlite3.Connection) -> None:
    """A ledger whose answers are kept as they first were (``_ANSWERS_BEFORE``) has them moved,
    in one transaction and in order, to today's table (``_ANSWERS``), each person's numbered
    from 1 (today's numbers are each person's own, with no gaps between them)."""
    row = db.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'answers'"
                     ).fetchone()
    if row is None or _ANSWERS_BEFORE not in row[0]:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute("ALTER TABLE answers RENAME TO answers_before")
        db.execute("DROP INDEX IF EXISTS answers_by_person")
        db.execute(_ANSWERS)
        db.execute("INSERT INTO answers (code, who, seq, id, frame) SELECT code, who, "
                   "ROW_NUMBER() OVER (PARTITION BY code, who ORDER BY seq), id, frame "
                   "FROM answers_before")
        db.execute("DROP TABLE answers_before")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
