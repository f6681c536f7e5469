"""Fixtures shared by the web tests: one Debian Chromium per test module, and every database
file a test opens closed when it ends."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from browser_kit import launch
from playwright.sync_api import Browser, sync_playwright

from twentyone.web.store import SqliteStore
from twentyone.web.train_sessions import SessionFile


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture(autouse=True)
def _files_closed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each ledger (``SqliteStore``) and trainers' sessions file (``SessionFile``) a test opens
    is closed when the test ends, with its three descriptors (the file, its -wal and -shm).
    Most tests open a ledger in passing (``card_room(SqliteStore(tmp_path / ...))``) and an
    app's trainers open their sessions file when it is made, closed only by a lifespan a
    ``TestClient`` outside ``with`` never runs. Left to Python, an unclosed sqlite3
    connection goes only in a full garbage collection (in 3.11 the connection and its
    statement cache refer to each other), which a long run makes seldom: a whole run's
    process once held descriptors past 1023, which ``select()`` cannot watch, and the tests
    that waited for a server with it failed. A file opened by a module's fixture (set up
    before this one) stays open for the module's tests."""
    opened: list[SqliteStore | SessionFile] = []
    for cls in (SqliteStore, SessionFile):
        init = cls.__init__

        def tracked(self: Any, *args: Any, _init: Any = init, **kwargs: Any) -> None:
            _init(self, *args, **kwargs)
            opened.append(self)

        monkeypatch.setattr(cls, "__init__", tracked)
    yield
    for each in opened:
        with contextlib.suppress(sqlite3.ProgrammingError):  # one made on another thread
            each.close()
