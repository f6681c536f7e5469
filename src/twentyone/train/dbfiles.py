"""Which of the project's SQLite files a file is: each kind is stamped with its own SQLite
``application_id`` when it is made, and a command opens only its own kind.

Without the stamp, ``serve --db`` given a trainer's profile added the ledger's tables to it, and
given another program's database with a ``rooms`` table of its own failed half-way. ``claim``
reads the stamp before anything is written: the command's own kind is opened; another kind,
another program's file, or an unstamped file whose tables are not this kind's is refused with a
``kind.error`` that names what it is, and nothing in it is changed. An unstamped file whose
tables are all this kind's (each with only this kind's columns) is one made before the stamp
existed, and is stamped; an empty file is new, and is stamped.

Here, beside the trainers' stores, because both the trainers and the party table's ledger (a
layer above) use it.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from functools import cache

from twentyone.errors import TwentyOneError

#: The stamps ("21" and two letters), and what each file is, for a refusal's message.
LEDGER_ID = 0x32314C44
PROFILE_ID = 0x32315052
SESSIONS_ID = 0x32315353
WHAT = {LEDGER_ID: "the party table's ledger", PROFILE_ID: "a trainer's profile",
        SESSIONS_ID: "the trainers' sessions file"}


@dataclass(frozen=True)
class Kind:
    """One kind of file: its stamp, its tables (``schema``, SQL), and the error that refuses a
    file of another kind."""

    app_id: int
    schema: str
    error: type[TwentyOneError]

    @property
    def what(self) -> str:
        return WHAT[self.app_id]


@cache
def _columns_of(schema: str) -> dict[str, frozenset[str]]:
    """Each table ``schema`` makes, with its columns (read from a database made in memory)."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(schema)
        return _tables(db)
    finally:
        db.close()


def _tables(db: sqlite3.Connection) -> dict[str, frozenset[str]]:
    names = [n for (n,) in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    return {n: frozenset(str(row[1]) for row in db.execute(
        "SELECT * FROM pragma_table_info(?)", (n,))) for n in names}


def claim(db: sqlite3.Connection, kind: Kind, name: str) -> None:
    """Make sure the database open in ``db`` (the file ``name``) is of ``kind``, stamping a new
    one or one from before the stamp; else raise ``kind.error``, having written nothing. Call
    it before anything else writes (the journal mode included)."""
    (stamp,) = db.execute("PRAGMA application_id").fetchone()
    if stamp == kind.app_id:
        return
    if stamp in WHAT:
        raise kind.error(f"{name} is {WHAT[stamp]}, not {kind.what}; it was left as it was")
    if stamp:
        raise kind.error(f"{name} is another program's database, not {kind.what}; it was "
                         "left as it was")
    found = _tables(db)
    ours = _columns_of(kind.schema)
    if any(t not in ours or not columns <= ours[t] for t, columns in found.items()):
        raise kind.error(f"{name} is not {kind.what} (it holds the tables "
                         f"{', '.join(sorted(found))}); it was left as it was")
    db.execute(f"PRAGMA application_id = {kind.app_id:d}")
