"""The trainers' sessions in progress, kept on disk so that a server restart loses none.

A session is not stored as its items (a strategy item carries its exact EVs; a session is up to
a hundred of them) but as what rebuilds it exactly: the drill, its rules and settings, the
profile, the audition flag, the item limit, the seed of its generator, the profile's miss rates
it was dealt from, the review items the schedule brought back, and the answers given with their
seconds. ``Trainers`` rebuilds one by replaying those through the library
(``Session.resume``), which grades the answers again without recording them: the profile has
them already (docs/training.md#trainers-on-the-site).

One small SQLite file (WAL) beside the profiles, one transaction per request. A file that cannot
be read is moved aside and the sessions start fresh, with a notice in the log; if even a fresh
file cannot be made, the sessions are kept in memory for this run only, again with a notice.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from twentyone.errors import TrainingError
from twentyone.train.core import JSON, Item
from twentyone.train.dbfiles import SESSIONS_ID, Kind
from twentyone.train.options import OptionValue
from twentyone.train.store import open_checked

log = logging.getLogger(__name__)

#: The file's name in the profiles folder: a profile's file ends ``.sqlite3``, so no profile
#: name can reach it.
FILE_NAME = "sessions.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    key TEXT PRIMARY KEY,
    drill TEXT NOT NULL,
    rules TEXT NOT NULL,
    options TEXT NOT NULL,
    profile TEXT NOT NULL,
    audition INTEGER NOT NULL,
    items INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    session_id TEXT NOT NULL,
    focus TEXT NOT NULL,
    used REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_used ON sessions (used);
CREATE TABLE IF NOT EXISTS answers (
    key TEXT NOT NULL,
    n INTEGER NOT NULL,
    answer TEXT NOT NULL,
    seconds REAL,
    PRIMARY KEY (key, n)
);
CREATE TABLE IF NOT EXISTS reviews (
    key TEXT NOT NULL,
    n INTEGER NOT NULL,
    item TEXT NOT NULL,
    PRIMARY KEY (key, n)
);
"""
#: A file of another kind where this one goes is moved aside like a damaged one (the name is
#: the trainers' own), never written to.
SESSIONS = Kind(SESSIONS_ID, SCHEMA, TrainingError)


@dataclass
class Saved:
    """What rebuilds one session: how it was started, and what happened since."""

    key: str
    drill: str
    rules: str
    options: dict[str, OptionValue]
    profile: str
    audition: bool
    items: int
    seed: int
    session_id: str
    focus: dict[str, float]
    used: float
    #: The answers given, in order, with the seconds each took.
    answers: list[tuple[JSON, float | None]] = field(default_factory=list)
    #: For each item served (the one on show included), the review item or None for a fresh one.
    reviews: list[Item | None] = field(default_factory=list)


class SessionFile:
    """The sessions' database. One connection shared by the worker threads under a lock (each
    call is one short transaction), opened with ``SessionFile.open``."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None) -> None:
        self.conn = conn
        self.path = path
        self._lock = threading.Lock()

    @classmethod
    def open(cls, folder: Path) -> SessionFile:
        """The sessions file in ``folder``; an unreadable one is moved aside (logged) and a
        fresh one started; failing that, a database in memory (logged)."""
        path = folder / FILE_NAME
        try:
            folder.mkdir(parents=True, exist_ok=True)
            return cls(open_checked(path, SESSIONS, shared=True), path)
        except (OSError, sqlite3.DatabaseError, TrainingError) as exc:
            problem = exc
        aside = path.with_name(f"{path.name}.damaged-{datetime.now(UTC):%Y%m%dT%H%M%S}")
        try:
            for suffix in ("", "-wal", "-shm"):
                part = Path(str(path) + suffix)
                if part.exists():
                    part.replace(Path(str(aside) + suffix))
            conn = open_checked(path, SESSIONS, shared=True)
        except (OSError, sqlite3.DatabaseError, TrainingError) as exc:
            log.warning("The trainers' sessions file %s cannot be used (%s); sessions are kept "
                        "in memory and will not survive a restart.", path, exc)
            return cls(open_checked(Path(":memory:"), SESSIONS, shared=True), None)
        log.warning("The trainers' sessions file %s could not be read (%s); it was moved aside "
                    "to %s and the sessions start fresh.", path, problem, aside)
        return cls(conn, path)

    def close(self) -> None:
        self.conn.close()

    def add(self, s: Saved) -> None:
        """A session just started, with the first item's review (if it was one)."""
        with self._lock, self.conn:
            self.conn.execute(
                "INSERT INTO sessions (key, drill, rules, options, profile, audition, items, "
                "seed, session_id, focus, used) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (s.key, s.drill, s.rules, json.dumps(s.options), s.profile, int(s.audition),
                 s.items, s.seed, s.session_id, json.dumps(s.focus), s.used))
            for n, review in enumerate(s.reviews):
                self._review(s.key, n, review)

    def record(self, key: str, n: int, answer: JSON, seconds: float | None,
               review: Item | None, used: float) -> None:
        """Answer number ``n`` (from 0), the next item's review (if it was one) and the time of
        this request, together."""
        with self._lock, self.conn:
            self.conn.execute("INSERT INTO answers (key, n, answer, seconds) VALUES (?, ?, ?, ?)",
                              (key, n, json.dumps(answer), seconds))
            self._review(key, n + 1, review)
            self.conn.execute("UPDATE sessions SET used = ? WHERE key = ?", (used, key))

    def _review(self, key: str, n: int, review: Item | None) -> None:
        if review is not None:
            self.conn.execute("INSERT INTO reviews (key, n, item) VALUES (?, ?, ?)",
                              (key, n, json.dumps(review.to_json())))

    def load(self, key: str) -> Saved | None:
        """The session ``key`` as stored, or None if there is none."""
        with self._lock:
            row = self.conn.execute(
                "SELECT key, drill, rules, options, profile, audition, items, seed, session_id, "
                "focus, used FROM sessions WHERE key = ?", (key,)).fetchone()
            if row is None:
                return None
            answers = self.conn.execute(
                "SELECT answer, seconds FROM answers WHERE key = ? ORDER BY n", (key,)).fetchall()
            reviews = dict(self.conn.execute(
                "SELECT n, item FROM reviews WHERE key = ?", (key,)).fetchall())
        key_, drill, rules, options, profile, audition, items, seed, sid, focus, used = row
        return Saved(key_, drill, rules, json.loads(options), profile, bool(audition), items,
                     seed, sid, json.loads(focus), used,
                     [(json.loads(a), s) for a, s in answers],
                     [Item.from_json(json.loads(reviews[n])) if n in reviews else None
                      for n in range(len(answers) + 1)])

    def delete(self, key: str) -> None:
        """Forget a session: finished, ended or let go."""
        with self._lock, self.conn:
            self._delete("key = ?", (key,))

    def expire(self, before: float) -> None:
        """Forget every session whose last request came before ``before``."""
        with self._lock, self.conn:
            self._delete("key IN (SELECT key FROM sessions WHERE used < ?)", (before,))

    def _delete(self, where: str, args: tuple[object, ...]) -> None:
        for table in ("answers", "reviews", "sessions"):
            self.conn.execute(f"DELETE FROM {table} WHERE {where}", args)

    def count(self) -> int:
        with self._lock:
            return int(self.conn.execute("SELECT COUNT(*) FROM sessions").fetchone()[0])

