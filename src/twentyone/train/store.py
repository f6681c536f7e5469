"""A trainee's profile: every answer with its time, and each skill cell's FSRS card, in SQLite;
and from the table, each session's statistics and the chips the player last left with.

One database file per profile, in the platform's user data directory (``platformdirs``;
``TWENTYONE_TRAIN_DIR`` overrides it, for tests and portable installs). Each answer is one
transaction (the answer row and the cell's new schedule together), in WAL mode, so a crash or a
Ctrl-C mid-answer leaves the profile as it was before that answer, never half-written.

A damaged file (not a database, or failing SQLite's integrity check) is moved aside with a
clear message and a fresh profile is started: a trainee should lose a history, never get a
traceback. A file that is a sound database but not a profile (the party table's ledger, another
program's) is refused and left as it was (``dbfiles``). A damaged row in a sound profile (an
answer whose time or figures cannot be read, a cell whose item or schedule cannot) is skipped,
left in the file as it is, and counted for a one-line notice (``damage_notice``): the rest of
the history stays usable, and nothing is thrown away that someone could still recover.
"""

from __future__ import annotations

import json
import math
import os
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fsrs import Card
from platformdirs import user_data_dir

from twentyone.errors import ProfileError
from twentyone.train import schedule
from twentyone.train.core import Grade, Item
from twentyone.train.dbfiles import PROFILE_ID, Kind, claim

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
CREATE TABLE IF NOT EXISTS table_sessions (
    session TEXT PRIMARY KEY,
    at TEXT NOT NULL,
    stats TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS bankroll (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    cents INTEGER NOT NULL,
    chips TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS cells (
    drill TEXT NOT NULL,
    key TEXT NOT NULL,
    item TEXT NOT NULL,
    card TEXT NOT NULL,
    due TEXT NOT NULL,
    PRIMARY KEY (drill, key)
);
"""

PROFILE = Kind(PROFILE_ID, SCHEMA, ProfileError)

#: A profile's name: what every file system takes as a file's name, and shows as typed.
_NAME = re.compile(r"[A-Za-z0-9_.-]{1,64}")
#: Names Windows keeps for devices, whatever the extension.
_DEVICES = re.compile(r"(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?", re.IGNORECASE)
SUFFIX = ".sqlite3"


def data_dir() -> Path:
    """Where profiles live: ``TWENTYONE_TRAIN_DIR``, else the user data directory."""
    env = os.environ.get("TWENTYONE_TRAIN_DIR")
    return Path(env) if env else Path(user_data_dir("twentyone", appauthor=False)) / "train"


def beside_ledger(ledger: Path) -> Path:
    """The profiles folder of the party table whose ledger is ``ledger`` (``twentyone serve
    --db LEDGER``): a ``train`` folder beside it, where its site keeps its trainees' answers,
    and where ``twentyone train --db LEDGER`` reads and records them."""
    return ledger.parent / "train"


def profile_path(profile: str, root: Path | None = None) -> Path:
    """The database file of ``profile``; a name is 1 to 64 letters, digits, ``_ . -`` (not
    beginning or ending with a dot, not a name Windows keeps for a device), so that it can never
    reach outside the profiles folder and is the same file on every system."""
    if (not isinstance(profile, str) or not _NAME.fullmatch(profile)
            or profile.startswith(".") or profile.endswith(".") or _DEVICES.fullmatch(profile)):
        raise ProfileError("a profile name is 1 to 64 letters, digits, '_', '.' and '-' "
                           f"(not beginning or ending with '.'), not {profile!r}")
    return (root or data_dir()) / f"{profile}{SUFFIX}"


def profiles(root: Path | None = None) -> list[str]:
    """The names of the profiles kept in ``root`` (the profiles folder), sorted."""
    folder = root or data_dir()
    if not folder.is_dir():
        return []
    names = (p.name[: -len(SUFFIX)] for p in folder.glob(f"*{SUFFIX}") if p.is_file())
    return sorted(n for n in names if _valid(n))


def _valid(name: str) -> bool:
    try:
        profile_path(name, Path())
    except ProfileError:
        return False
    return True


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
    """An open profile. Use ``Store.open``; ``notice`` says if a damaged file was replaced,
    ``damaged`` counts the damaged rows skipped so far (``damage_notice`` says it in words)."""

    def __init__(self, path: Path, conn: sqlite3.Connection, notice: str | None = None) -> None:
        self.path = path
        self.conn = conn
        self.notice = notice
        self.damaged = 0
        self._bad_cells: set[int] = set()

    @classmethod
    def open(cls, profile: str, root: Path | None = None, *, create: bool = True) -> Store:
        """The profile ``profile``; without ``create``, one that does not exist yet is a
        ``ProfileError`` naming the ones that do (and nothing is made)."""
        path = profile_path(profile, root)
        if not create and not path.is_file():
            have = profiles(root)
            names = (f"the profiles are {', '.join(have)}" if have
                     else "there are no profiles yet (answering a drill makes one)")
            raise ProfileError(f"there is no profile {profile!r}; {names}")
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
            card = self._card(row[0]) if row else schedule.new_card()
            card = schedule.review(card, grade.correct, seconds, slow_after, when)
            self.conn.execute(
                "INSERT OR REPLACE INTO cells (drill, key, item, card, due) "
                "VALUES (?, ?, ?, ?, ?)",
                (item.drill, item.key, json.dumps(item.to_json()), schedule.card_to_json(card),
                 schedule.due_at(card).isoformat()))

    def record_table(self, session: str, when: datetime, stats: dict[str, Any]) -> None:
        """Keep a session at the table's statistics (``coach.TableStats``); the same session
        kept again replaces its figures (a player who leaves and sits down again)."""
        with self.conn:
            self.conn.execute("INSERT OR REPLACE INTO table_sessions (session, at, stats) "
                              "VALUES (?, ?, ?)", (session, when.isoformat(), json.dumps(stats)))

    def table_sessions(self) -> list[dict[str, Any]]:
        """The sessions at the table, oldest first, each ``{"session", "at", **stats}`` (one
        that cannot be read is skipped, and counted)."""
        out = []
        for session, at, text in self.conn.execute(
                "SELECT session, at, stats FROM table_sessions ORDER BY at").fetchall():
            try:
                stats = json.loads(text)
                datetime.fromisoformat(at)
            except (TypeError, ValueError, RecursionError):
                self.damaged += 1
                continue
            if isinstance(stats, dict):
                out.append({"session": str(session), "at": str(at), **stats})
            else:
                self.damaged += 1
        return out

    def keep_bankroll(self, cents: int, chips: dict[str, int], when: datetime) -> None:
        """The chips the player has at the table now (their value in cents, and the count of
        each colour): written at each round's end and when they leave, one row replaced in
        one transaction, so a crash leaves the last round's chips."""
        with self.conn:
            self.conn.execute("INSERT OR REPLACE INTO bankroll (id, cents, chips, at) "
                              "VALUES (1, ?, ?, ?)", (cents, json.dumps(chips), when.isoformat()))

    def bankroll(self) -> tuple[int, dict[str, int]] | None:
        """The chips kept by ``keep_bankroll`` (None: none kept yet, or a row that cannot be
        read, which is counted)."""
        row = self.conn.execute("SELECT cents, chips FROM bankroll WHERE id = 1").fetchone()
        if row is None:
            return None
        cents, text = row
        try:
            chips = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            chips = None
        if (type(cents) is not int or cents < 0 or not isinstance(chips, dict)
                or not all(isinstance(k, str) and type(v) is int and v >= 0
                           for k, v in chips.items())):
            self.damaged += 1
            return None
        return cents, chips

    def due(self, drill: str, when: datetime, limit: int = 20) -> list[Item]:
        """Items of cells due by ``when``, most overdue first: the ones to ask again (a cell
        whose item cannot be read is skipped, and counted)."""
        rows = self.conn.execute(
            "SELECT rowid, item FROM cells WHERE drill = ? AND due <= ? ORDER BY due LIMIT ?",
            (drill, when.isoformat(), limit)).fetchall()
        items = []
        for rowid, text in rows:
            try:
                items.append(Item.from_json(json.loads(text)))
            except (TypeError, ValueError, KeyError, AttributeError, RecursionError):
                self._bad_cell(rowid)
        return items

    def _bad_cell(self, rowid: int) -> None:
        """Count a damaged cell once, however often a session looks it up."""
        if rowid not in self._bad_cells:
            self._bad_cells.add(rowid)
            self.damaged += 1

    def schedule(self) -> Iterator[tuple[str, str, datetime]]:
        """Every cell's (drill, key, due), soonest first (a due time that cannot be read is
        skipped, and counted)."""
        for rowid, drill, key, due in self.conn.execute(
                "SELECT rowid, drill, key, due FROM cells ORDER BY drill, due").fetchall():
            try:
                when = datetime.fromisoformat(str(due))
            except ValueError:
                self._bad_cell(rowid)
                continue
            if when.tzinfo is None:
                when = when.replace(tzinfo=UTC)
            yield str(drill), str(key), when

    def miss_rates(self, drill: str) -> dict[str, float]:
        """Each cell's share of misses over all its answers, for weighting the generators."""
        rows = self.conn.execute(
            "SELECT key, AVG(1 - correct) FROM answers WHERE drill = ? GROUP BY key",
            (drill,)).fetchall()
        return {str(k): float(r) for k, r in rows}

    def _card(self, text: object) -> Card:
        """A cell's stored schedule; one that cannot be read is counted and starts afresh (the
        cell's answers are all still there)."""
        try:
            return schedule.card_from_json(str(text))
        except (TypeError, ValueError, KeyError, AttributeError, RecursionError):
            self.damaged += 1
            return schedule.new_card()

    def answers(self, drill: str | None = None) -> Iterator[Answer]:
        """The stored answers in the order given; a row that cannot be read is skipped and
        counted."""
        sql = "SELECT at, drill, key, correct, ev_cost, seconds, session FROM answers"
        args: tuple[str, ...] = ()
        if drill is not None:
            sql += " WHERE drill = ?"
            args = (drill,)
        for row in self.conn.execute(sql + " ORDER BY id", args):
            answer = _answer(row)
            if answer is None:
                self.damaged += 1
            else:
                yield answer

    def damage_notice(self) -> str | None:
        """One line for the trainee if damaged rows were skipped; None if there were none."""
        if not self.damaged:
            return None
        rows = "1 damaged row" if self.damaged == 1 else f"{self.damaged} damaged rows"
        return (f"Note: {rows} in the profile file {self.path} could not be read and "
                "left out; nothing in the file was changed.")

    def count(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM answers").fetchone()[0])


def _answer(row: tuple[Any, ...]) -> Answer | None:
    """A stored answer row as an ``Answer``; None if any of its fields cannot be what it
    says (a time that is not one, a count or a duration that is not a finite number)."""
    at, drill, key, correct, ev_cost, seconds, session = row
    if not all(isinstance(v, str) for v in (at, drill, key, session)) or correct not in (0, 1):
        return None
    for v in (ev_cost, seconds):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int | float)
                              or not math.isfinite(v)):
            return None
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        return None
    if when.tzinfo is None:  # every answer is written with its zone; one without is read as UTC
        when = when.replace(tzinfo=UTC)
    return Answer(when, drill, key, bool(correct), ev_cost, seconds, session)


def open_checked(path: Path, kind: Kind = PROFILE, *, shared: bool = False) -> sqlite3.Connection:
    """Open a small database of the trainers' (a profile, or the site's sessions), check it and
    bring its tables up to ``kind``'s schema; raises ``sqlite3.DatabaseError`` on a damaged file
    and ``kind.error`` on a database of another kind (``dbfiles.claim``: left as it was),
    closing the connection first, so the file can be moved aside. ``shared``: the server's
    worker threads take turns with it, under the caller's own lock."""
    conn = sqlite3.connect(path, check_same_thread=not shared)
    try:
        with closing(conn.execute("PRAGMA quick_check")) as cur:
            status = cur.fetchone()
        if status is None or status[0] != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {status}")
        claim(conn, kind, str(path))
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.executescript(kind.schema)
    except (sqlite3.DatabaseError, kind.error):
        conn.close()
        raise
    return conn
