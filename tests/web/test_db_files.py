"""Each of the project's SQLite files opens only as its own kind (``train.dbfiles``): the party
table's ledger, a trainer's profile and the trainers' sessions file refuse one another and
any other program's database in words, changing nothing in it; a new file and one made before
the files were stamped are stamped and opened as before."""

from __future__ import annotations

import hashlib
import random
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest
from proc_kit import run_cli

from twentyone.errors import LedgerError, ProfileError
from twentyone.rules import PRESETS
from twentyone.train.chips import ChipCountDrill
from twentyone.train.dbfiles import LEDGER_ID, PROFILE_ID, SESSIONS_ID
from twentyone.train.session import Session
from twentyone.train.store import SCHEMA as PROFILE_SCHEMA
from twentyone.train.store import Store, profile_path
from twentyone.web.store import _SCHEMA as LEDGER_SCHEMA
from twentyone.web.store import SqliteStore
from twentyone.web.train_sessions import FILE_NAME, SessionFile


def _ledger(path: Path) -> None:
    store = SqliteStore(path)
    store.create_room("ABCD", {"rules": "classic"}, "hash")
    store.close()


def _profile(path: Path) -> None:
    with Store.open(path.stem, path.parent) as store:
        session = Session(ChipCountDrill(PRESETS["classic"], "classic"), random.Random(1), store)
        session.answer(next(session.items(1)), "1", 2.0)


def _sessions(path: Path) -> None:
    SessionFile.open(path.parent).close()
    (path.parent / FILE_NAME).rename(path)


def _foreign(path: Path) -> None:
    """Another program's database, with a ``rooms`` table of its own."""
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE rooms (id INTEGER PRIMARY KEY, name TEXT, beds INTEGER)")
        db.execute("INSERT INTO rooms (name, beds) VALUES ('attic', 2)")


def _stamped_other(path: Path) -> None:
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("PRAGMA application_id = 1234")
        db.execute("CREATE TABLE notes (text TEXT)")


MAKERS: dict[str, Callable[[Path], None]] = {
    "ledger": _ledger, "profile": _profile, "sessions": _sessions, "foreign": _foreign,
    "another program's": _stamped_other,
}


def _contents(path: Path) -> tuple[str, dict[str, list[tuple[object, ...]]]]:
    """The file's bytes (as a digest) and every table's rows."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        rows = {t: db.execute(f'SELECT * FROM "{t}"').fetchall() for t in tables}
    finally:
        db.close()
    return hashlib.sha256(path.read_bytes()).hexdigest(), rows


def _open_ledger(path: Path) -> None:
    SqliteStore(path).close()


def _open_profile(path: Path) -> None:
    Store.open(path.stem, path.parent).close()


@pytest.mark.parametrize("made", ["profile", "sessions", "foreign", "another program's"])
def test_the_ledger_refuses_any_other_database_and_changes_nothing(made: str,
                                                                   tmp_path: Path) -> None:
    path = tmp_path / "x.sqlite3"
    MAKERS[made](path)
    before = _contents(path)
    with pytest.raises(LedgerError, match=r"not the party table's ledger.*left as it was"):
        _open_ledger(path)
    assert _contents(path) == before


@pytest.mark.parametrize("made", ["ledger", "sessions", "foreign", "another program's"])
def test_a_profile_refuses_any_other_database_and_changes_nothing(made: str,
                                                                  tmp_path: Path) -> None:
    path = profile_path("pat", tmp_path)
    MAKERS[made](path)
    before = _contents(path)
    with pytest.raises(ProfileError, match=r"not a trainer's profile.*left as it was"):
        _open_profile(path)
    assert _contents(path) == before
    assert not [p for p in tmp_path.iterdir() if "damaged" in p.name]  # nothing moved aside


@pytest.mark.parametrize("made", ["ledger", "profile", "foreign"])
def test_another_file_where_the_sessions_file_goes_is_moved_aside_unchanged(
        made: str, tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    MAKERS[made](tmp_path / "made.sqlite3")
    (tmp_path / "made.sqlite3").rename(path)
    before = _contents(path)
    SessionFile.open(tmp_path).close()
    [aside] = [p for p in tmp_path.iterdir() if p.name.startswith(f"{FILE_NAME}.damaged-")]
    assert _contents(aside)[1] == before[1]


@pytest.mark.parametrize(("schema", "opener", "stamp"), [
    (LEDGER_SCHEMA, _open_ledger, LEDGER_ID), (PROFILE_SCHEMA, _open_profile, PROFILE_ID),
])
def test_a_file_made_before_the_stamp_is_opened_and_stamped(
        schema: str, opener: Callable[[Path], None], stamp: int, tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with closing(sqlite3.connect(path)) as db, db:
        db.executescript(schema)
    opener(path)
    with closing(sqlite3.connect(path)) as db, db:
        assert db.execute("PRAGMA application_id").fetchone() == (stamp,)


def test_new_files_are_stamped_each_with_its_own_kind(tmp_path: Path) -> None:
    for name, stamp in (("ledger", LEDGER_ID), ("profile", PROFILE_ID),
                        ("sessions", SESSIONS_ID)):
        path = tmp_path / f"{name}.sqlite3"
        MAKERS[name](path)
        with closing(sqlite3.connect(path)) as db, db:
            assert db.execute("PRAGMA application_id").fetchone() == (stamp,), name


@pytest.mark.parametrize("made", ["profile", "foreign"])
def test_serve_refuses_a_database_that_is_not_a_ledger_in_one_line(made: str,
                                                                   tmp_path: Path) -> None:
    """Before: another program's ``rooms`` table was a traceback, and a trainer's profile was
    served from (the deadline ends such a server, and the test fails)."""
    path = profile_path("pat", tmp_path)
    MAKERS[made](path)
    before = _contents(path)
    done = run_cli("serve", "--host", "127.0.0.1", "--port", "0", "--db", str(path),
                   timeout=60)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith(f"Error: {path} is ") and "not the party table's ledger" in line
    assert _contents(path) == before
