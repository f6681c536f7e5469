"""A trainee's profile: every answer with its time, and each skill cell's FSRS card, in SQLite.

One database file per profile, in the platform's user data directory (``platformdirs``;
``TWENTYONE_TRAIN_DIR`` overrides it, for tests and portable installs). Each answer is one
transaction (the answer row and the cell's new schedule together), in WAL mode, so a crash or a
Ctrl-C mid-answer leaves the profile as it was before that answer, never half-written.

A damaged file (not a database, or failing SQLite's integrity check) is moved aside with a
clear message and a fresh profile is started: a trainee should lose a history, never get a
traceback.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

from twentyone.train import schedule
from twentyone.train.core import Grade, Item

SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    session TEXT NOT NULL,
    drill TEXT NOT NULL,
    item_id TEXT NOT NULL,
    key TEXT NOT NULL,
    correct INTEGER NOT NULL,
    answer TEXT NOT NULL,
    expected TEXT NOT NULL,
    ev_cost REAL,
    seconds REAL
);
CREATE INDEX IF NOT EXISTS answers_drill ON answers (drill, at);
CREATE INDEX IF NOT EXISTS answers_session ON answers (session, item_id);
CREATE TABLE IF NOT EXISTS cells (
    drill TEXT NOT NULL,
    key TEXT NOT NULL,
    item TEXT NOT NULL,
    card TEXT NOT NULL,
    due TEXT NOT NULL,
    PRIMARY KEY (drill, key)
);
"""

_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


def data_dir() -> Path:
    """Where profiles live: ``TWENTYONE_TRAIN_DIR``, else the user data directory."""
    env = os.environ.get("TWENTYONE_TRAIN_DIR")
    return Path(env) if env else Path(user_data_dir("twentyone", appauthor=False)) / "train"


def profile_path(profile: str, root: Path | None = None) -> Path:
    """The database file of ``profile``; a name is letters, digits, ``_ . -`` only, so that it
    can never reach outside the profiles folder."""
    if not _NAME.match(profile) or profile.startswith("."):
        raise ValueError(f"a profile name is letters, digits, '_', '.' and '-': {profile!r}")
    return (root or data_dir()) / f"{profile}.sqlite3"


@dataclass(frozen=True)
class Answer:
    """One stored answer, as the statistics read it."""

    at: datetime
    drill: str
    key: str
    correct: bool
    ev_cost: float | None
    seconds: float | None
    session: str = ""


class Store:
    """An open profile. Use ``Store.open``; ``notice`` says if a damaged file was replaced."""

    def __init__(self, path: Path, conn: sqlite3.Connection, notice: str | None = None) -> None:
        self.path = path
        self.conn = conn
        self.notice = notice

    @classmethod
    def open(cls, profile: str, root: Path | None = None) -> Store:
        path = profile_path(profile, root)
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return cls(path, open_checked(path))
        except sqlite3.DatabaseError as exc:
            aside = path.with_name(f"{path.name}.damaged-"
                                   f"{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}")
            for suffix in ("", "-wal", "-shm"):
                part = Path(str(path) + suffix)
                if part.exists():
                    part.replace(Path(str(aside) + suffix))
            notice = (f"The profile {profile!r} could not be read ({exc}); its file was moved "
                      f"aside to {aside} and a fresh profile was started.")
            return cls(path, open_checked(path), notice)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def record(self, session: str, item: Item, answer: Any, grade: Grade,
               seconds: float | None, when: datetime, slow_after: float | None = None) -> None:
        """Store one answer and reschedule its cell, in one transaction. An item this session
        has answered already is left as it was: a session the site rebuilds after a crash that
        fell between this and its own note of the answer asks that item again
        (docs/training.md#trainers-on-the-site), and the first answer stands."""
        with self.conn:
            if self.conn.execute("SELECT 1 FROM answers WHERE session = ? AND item_id = ?",
                                 (session, item.id)).fetchone():
                return
            self.conn.execute(
                "INSERT INTO answers (at, session, drill, item_id, key, correct, answer, "
                "expected, ev_cost, seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (when.isoformat(), session, item.drill, item.id, item.key, int(grade.correct),
                 json.dumps(answer), json.dumps(grade.expected), grade.ev_cost, seconds))
            row = self.conn.execute("SELECT card FROM cells WHERE drill = ? AND key = ?",
                                    (item.drill, item.key)).fetchone()
            card = schedule.card_from_json(row[0]) if row else schedule.new_card()
            card = schedule.review(card, grade.correct, seconds, slow_after, when)
            self.conn.execute(
                "INSERT OR REPLACE INTO cells (drill, key, item, card, due) "
                "VALUES (?, ?, ?, ?, ?)",
                (item.drill, item.key, json.dumps(item.to_json()), schedule.card_to_json(card),
                 schedule.due_at(card).isoformat()))

    def due(self, drill: str, when: datetime, limit: int = 20) -> list[Item]:
        """Items of cells due by ``when``, most overdue first: the ones to ask again."""
        rows = self.conn.execute(
            "SELECT item FROM cells WHERE drill = ? AND due <= ? ORDER BY due LIMIT ?",
            (drill, when.isoformat(), limit)).fetchall()
        return [Item.from_json(json.loads(r[0])) for r in rows]

    def miss_rates(self, drill: str) -> dict[str, float]:
        """Each cell's share of misses over all its answers, for weighting the generators."""
        rows = self.conn.execute(
            "SELECT key, AVG(1 - correct) FROM answers WHERE drill = ? GROUP BY key",
            (drill,)).fetchall()
        return {str(k): float(r) for k, r in rows}

    def answers(self, drill: str | None = None) -> Iterator[Answer]:
        sql = "SELECT at, drill, key, correct, ev_cost, seconds, session FROM answers"
        args: tuple[str, ...] = ()
        if drill is not None:
            sql += " WHERE drill = ?"
            args = (drill,)
        for at, d, key, correct, ev_cost, seconds, session in self.conn.execute(
                sql + " ORDER BY id", args):
            yield Answer(datetime.fromisoformat(at), d, key, bool(correct), ev_cost, seconds,
                         session)

    def count(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM answers").fetchone()[0])


def open_checked(path: Path, schema: str = SCHEMA, *, shared: bool = False) -> sqlite3.Connection:
    """Open a small database of the trainers' (a profile, or the site's sessions), check it and
    bring its tables up to ``schema``; raises ``sqlite3.DatabaseError`` on a damaged file
    (closing the connection first, so the file can be moved aside). ``shared``: the server's
    worker threads take turns with it, under the caller's own lock."""
    conn = sqlite3.connect(path, check_same_thread=not shared)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        with closing(conn.execute("PRAGMA quick_check")) as cur:
            status = cur.fetchone()
        if status is None or status[0] != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {status}")
        conn.executescript(schema)
    except sqlite3.DatabaseError:
        conn.close()
        raise
    return conn
