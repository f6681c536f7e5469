"""The profile store (SQLite), FSRS scheduling and sessions: progress lasts, a crash mid-answer
loses only that answer, a damaged file gives a message and a fresh profile, missed items come
back sooner, and auditions pass or fail at their mark."""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fsrs import Rating

from twentyone.rules import PRESETS
from twentyone.train import schedule
from twentyone.train.chips import ChipCountDrill
from twentyone.train.core import Grade
from twentyone.train.session import Session
from twentyone.train.store import Store, profile_path

CLASSIC = PRESETS["classic"]
T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


def answer_all(session: Session, n: int, right: bool, start: datetime = T0) -> None:
    for k, item in enumerate(session.items(n, start)):
        answer = item.secret["total"] / 100 if right else "0"
        session.answer(item, str(answer), seconds=3.0, when=start + timedelta(seconds=10 * k))


def test_answers_last_between_sessions(tmp_path: Path) -> None:
    with Store.open("ann", tmp_path) as store:
        session = Session(ChipCountDrill(CLASSIC, "classic"), random.Random(1), store)
        answer_all(session, 4, True)
    with Store.open("ann", tmp_path) as store:
        assert store.notice is None
        rows = list(store.answers("chip-count"))
        assert [r.key for r in rows] == [r.item.key for r in session.results]
        assert all(r.correct and r.seconds == 3.0 for r in rows)


def test_missed_items_come_back_sooner_and_first(tmp_path: Path) -> None:
    drill = ChipCountDrill(CLASSIC, "classic")
    with Store.open("bob", tmp_path) as store:
        session = Session(drill, random.Random(1), store)
        items = list(session.items(2, T0))
        assert items[0].key != items[1].key
        session.answer(items[0], str(items[0].secret["total"] / 100), 3.0, T0)   # right
        session.answer(items[1], "1", 3.0, T0)      # missed
        due = {row[0]: datetime.fromisoformat(row[1]) for row in
               store.conn.execute("SELECT key, due FROM cells")}
        assert due[items[1].key] < due[items[0].key]
        # An hour later the missed pile is due and is asked first, as it was.
        later = Session(drill, random.Random(1), store)
        first = next(later.items(1, T0 + timedelta(hours=1)))
        assert first.key == items[1].key and first.id.startswith("review-")
        assert first.shown == items[1].shown


def test_fsrs_rates_a_miss_again_and_a_slow_answer_hard() -> None:
    assert schedule.rating(False, 1.0, 10.0) is Rating.Again
    assert schedule.rating(True, 30.0, 10.0) is Rating.Hard
    assert schedule.rating(True, 3.0, 10.0) is Rating.Good
    card = schedule.new_card()
    good = schedule.review(card, True, 3.0, 10.0, T0)
    for _ in range(3):
        good = schedule.review(good, True, 3.0, 10.0, good.due)
    missed = schedule.review(good, False, 3.0, 10.0, good.due)
    assert missed.due - good.due < good.due - T0


def test_a_crash_mid_answer_leaves_the_profile_as_it_was(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    drill = ChipCountDrill(CLASSIC, "classic")
    with Store.open("cat", tmp_path) as store:
        session = Session(drill, random.Random(1), store)
        item = next(session.items(1, T0))
        session.answer(item, str(item.secret["total"] / 100), 3.0, T0)

        def crash(*args: object) -> None:
            raise KeyboardInterrupt

        monkeypatch.setattr(schedule, "review", crash)
        with pytest.raises(KeyboardInterrupt):
            store.record("s", item, "1", Grade(False, "1033.00", ""), 1.0, T0)
    with Store.open("cat", tmp_path) as store:
        assert store.count() == 1
        assert [r.correct for r in store.answers()] == [True]


@pytest.mark.parametrize("damage", [b"this is not a database at all" * 100, b""])
def test_a_damaged_profile_gives_a_message_and_a_fresh_one(tmp_path: Path,
                                                           damage: bytes) -> None:
    path = profile_path("dan", tmp_path)
    with Store.open("dan", tmp_path) as store:
        answer_all(Session(ChipCountDrill(CLASSIC, "classic"), random.Random(1), store), 2, True)
    if damage:
        path.write_bytes(damage)
    else:  # a database whose pages are garbage after a valid header
        data = bytearray(path.read_bytes())
        data[100:] = b"\xff" * (len(data) - 100)
        path.write_bytes(bytes(data))
        for extra in ("-wal", "-shm"):
            Path(str(path) + extra).unlink(missing_ok=True)
    with Store.open("dan", tmp_path) as store:
        assert store.notice is not None
        assert "moved aside" in store.notice and "fresh profile" in store.notice
        assert store.count() == 0
        answer_all(Session(ChipCountDrill(CLASSIC, "classic"), random.Random(1), store), 1,
                   True)
    assert any(p.name.startswith("dan.sqlite3.damaged-") for p in tmp_path.iterdir())


def test_profile_names_cannot_escape_the_profiles_folder(tmp_path: Path) -> None:
    for bad in ("../x", "a/b", "", ".hidden"):
        with pytest.raises(ValueError):
            profile_path(bad, tmp_path)


def test_an_audition_passes_at_its_mark_and_fails_below_it() -> None:
    drill = ChipCountDrill(CLASSIC, "classic")
    n, mark, per_item = drill.audition or (0, 0.0, 0.0)
    passing = Session(drill, random.Random(1), audition=True)
    items = list(passing.items(None))
    assert len(items) == n
    for k, item in enumerate(items):
        right = f"{item.secret['total'] / 100:.2f}"
        passing.answer(item, right if k else "0", seconds=per_item / 2)
    assert passing.verdict()["passed"] == ((n - 1) / n >= mark)
    slow = Session(drill, random.Random(1), audition=True)
    for item in slow.items(None):
        slow.answer(item, f"{item.secret['total'] / 100:.2f}", seconds=per_item * 2)
    assert slow.summary()["audition"]["accuracy"] == 1.0
    assert not slow.verdict()["passed"]


def test_store_rejects_nothing_sqlite_can_store(tmp_path: Path) -> None:
    """Answers of any JSON shape (chips, words, numbers, nothing) are stored as given."""
    drill = ChipCountDrill(CLASSIC, "classic")
    with Store.open("eve", tmp_path) as store:
        session = Session(drill, random.Random(1), store)
        for item, answer in zip(session.items(4, T0), [{"red": 1}, None, 3.5, "x"], strict=True):
            session.answer(item, answer, None, T0)
        rows = store.conn.execute("SELECT answer FROM answers ORDER BY id").fetchall()
        assert [r[0] for r in rows] == ['{"red": 1}', "null", "3.5", '"x"']
    assert isinstance(sqlite3.sqlite_version, str)
