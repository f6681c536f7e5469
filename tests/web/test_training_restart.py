"""Trainer sessions survive a server restart (docs/training.md#trainers-on-the-site): a new
``Trainers`` on the same folder carries a session on at the same item with the same score,
rebuilt from its seed and answers without storing them again; finished, ended and idle sessions
are forgotten on disk too; a sessions file that cannot be read starts the sessions afresh."""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.applications import Starlette
from starlette.testclient import TestClient

from twentyone.rules import PRESETS
from twentyone.train.core import JSON
from twentyone.train.registry import DRILLS, make_drill
from twentyone.train.session import Session
from twentyone.train.store import Store
from twentyone.web.train_sessions import FILE_NAME
from twentyone.web.training import IDLE_S, Trainers, routes


class Clock:
    """A wall clock the test moves by hand (it runs on across a restart)."""

    def __init__(self) -> None:
        self.t = 1_700_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock() -> Clock:
    return Clock()


def server(folder: Path, clock: Clock, **kw: Any) -> tuple[Trainers, TestClient]:
    trainers = Trainers(folder, clock=clock, **kw)
    return trainers, TestClient(Starlette(routes=routes(trainers)))


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "profiles"


def expected(trainers: Trainers, key: str) -> JSON:
    live = trainers.sessions[key]
    assert live.current is not None
    return live.session.drill.grade(live.current, None).expected


def wrong(trainers: Trainers, key: str) -> JSON:
    """An answer of the drill's shape that is not the right one."""
    right = expected(trainers, key)
    live = trainers.sessions[key]
    assert live.current is not None
    kind = live.session.drill.answer_kind
    if kind == "action":
        return next(a for a in live.current.shown["actions"] if a != right)
    if kind == "flag":
        return "ok" if right == "mistake" else "mistake"
    if kind == "chips":
        return {}
    assert kind == "count"
    return float(right) + 1


def stored(folder: Path, profile: str = "pat") -> list[tuple[str, str]]:
    with Store.open(profile, folder) as store:
        return [(r[0], r[1]) for r in store.conn.execute(
            "SELECT session, item_id FROM answers ORDER BY id")]


def post(client: TestClient, url: str, body: dict[str, Any] | None = None) -> Any:
    res = client.post(url, json=body or {})
    assert res.status_code < 300, res.text
    return res.json()


@pytest.mark.parametrize(("drill", "options"), [
    ("strategy", {}), ("running-count", {"system": "zen", "cards": 8}), ("catch-dealer", {}),
    ("payouts", {}), ("shoe-count", {"ask": 0.5})])
def test_a_restart_carries_on_at_the_same_item_with_the_same_score(
        folder: Path, clock: Clock, drill: str, options: dict[str, Any]) -> None:
    first, client = server(folder, clock)
    s = post(client, "/api/train/sessions", {"drill": drill, "profile": "pat", "items": 5,
                                              "rules": "six-deck-s17", "options": options})
    key = s["session"]
    post(client, f"/api/train/sessions/{key}/answer", {"answer": expected(first, key)})
    clock.t += 7
    post(client, f"/api/train/sessions/{key}/answer", {"answer": wrong(first, key)})
    before = first.sessions[key]
    assert before.current is not None
    on_show, results = before.current, before.session.results
    assert len(stored(folder)) == 2

    clock.t += 60  # the server is restarted a minute later
    second, client = server(folder, clock)
    assert not second.sessions
    state = client.get(f"/api/train/sessions/{key}").json()
    assert state["item"] == on_show.line() and state["number"] == 3
    assert state["score"] == {"correct": sum(r.grade.correct for r in results), "answered": 2}
    assert state["options"] == first.sessions[key].session.drill.options
    after = second.sessions[key].session
    assert after.id == before.session.id
    assert [(r.item, r.answer, r.grade, r.seconds) for r in after.results] == \
        [(r.item, r.answer, r.grade, r.seconds) for r in results]
    assert len(stored(folder)) == 2  # the replayed answers are not stored again

    out = post(client, f"/api/train/sessions/{key}/answer",
               {"answer": expected(second, key), "item": on_show.id})
    assert out["grade"]["correct"] and out["score"]["answered"] == 3 and out["number"] == 4
    rows = stored(folder)
    assert len(rows) == 3 and len(set(rows)) == 3
    assert {sid for sid, _ in rows} == {before.session.id}


def test_an_answer_stored_just_before_a_crash_is_stored_once(
        folder: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The profile and the sessions file are two transactions: a crash between them leaves the
    answer in the profile and the item still on show after the restart. Answering it again
    keeps the first answer, once."""
    first, client = server(folder, clock)
    key = post(client, "/api/train/sessions",
               {"drill": "payouts", "profile": "pat", "items": 5})["session"]
    post(client, f"/api/train/sessions/{key}/answer", {"answer": expected(first, key)})
    on_show = first.sessions[key].current
    assert on_show is not None

    def killed(*args: object) -> None:
        raise RuntimeError("the server was killed here")

    monkeypatch.setattr(first.file, "record", killed)
    with pytest.raises(RuntimeError):
        first.answer(key, {"answer": wrong(first, key)})
    assert len(stored(folder)) == 2

    second, client = server(folder, clock)
    state = client.get(f"/api/train/sessions/{key}").json()
    assert state["item"] == on_show.line() and state["score"]["answered"] == 1
    post(client, f"/api/train/sessions/{key}/answer", {"answer": expected(second, key)})
    rows = stored(folder)
    assert len(rows) == 2 and len(set(rows)) == 2
    with Store.open("pat", folder) as store:
        first_answer = store.conn.execute(
            "SELECT correct FROM answers WHERE item_id = ?", (on_show.id,)).fetchone()
    assert first_answer == (0,)  # the wrong answer given before the crash stands


def test_review_items_from_the_profile_come_back_the_same_after_a_restart(
        folder: Path, clock: Clock) -> None:
    """The items the schedule brought back are kept with the session: the profile's schedule
    has moved on by the restart, and the rebuilt session must not ask it again."""
    drill = make_drill("totals", PRESETS["classic"], "classic")
    past = datetime.now().astimezone() - timedelta(days=3)
    with Store.open("pat", folder) as store:
        old = Session(drill, random.Random(5), store)
        for item in old.items(3):
            old.answer(item, "nothing", 2.0, when=past)
    first, client = server(folder, clock)
    s = post(client, "/api/train/sessions", {"drill": "totals", "profile": "pat", "items": 6})
    key = s["session"]
    assert s["item"]["id"].startswith("review-")
    post(client, f"/api/train/sessions/{key}/answer", {"answer": expected(first, key)})
    post(client, f"/api/train/sessions/{key}/answer", {"answer": expected(first, key)})
    on_show = first.sessions[key].current
    assert on_show is not None

    second, client = server(folder, clock)
    state = client.get(f"/api/train/sessions/{key}").json()
    assert state["item"] == on_show.line()
    assert second.sessions[key].session.reviews == first.sessions[key].session.reviews
    assert state["score"] == {"correct": 2, "answered": 2}


DRILL_NAMES = st.sampled_from(sorted(DRILLS))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(DRILL_NAMES, st.integers(0, 2**63 - 1), st.integers(0, 3), st.booleans(),
       st.dictionaries(st.sampled_from(["hard 16 v 10", "hard 12 v 2", "soft 18 v 9",
                                        "pair 8 v 10", "hard 11 v 6"]),
                       st.floats(0, 1), max_size=4))
def test_a_rebuilt_session_shows_the_item_the_original_would(
        name: str, seed: int, answered: int, right: bool, focus: dict[str, float]) -> None:
    rules = PRESETS["six-deck-s17"]
    original = make_drill(name, rules, "six-deck-s17")
    original.focus = dict(focus)
    session = Session(original, random.Random(seed))
    items = session.items(answered + 2)
    answers: list[tuple[JSON, float | None]] = []
    for _ in range(answered):
        item = next(items)
        given_ = original.grade(item, None).expected if right else None
        session.answer(item, given_, 1.5)
        answers.append((given_, 1.5))
    on_show = next(items)

    again = make_drill(name, rules, "six-deck-s17")
    again.focus = dict(focus)
    rebuilt = Session(again, random.Random(seed), id=session.id)
    rest = rebuilt.resume(answered + 2, session.reviews, answers)
    assert next(rest) == on_show
    assert [r.grade for r in rebuilt.results] == [r.grade for r in session.results]
    assert next(rest) == next(items)  # and the generator carries on in step


def test_finished_and_ended_sessions_are_forgotten_on_disk(folder: Path, clock: Clock) -> None:
    trainers, client = server(folder, clock)
    done = post(client, "/api/train/sessions", {"drill": "totals", "profile": "pat",
                                                "items": 1})["session"]
    ended = post(client, "/api/train/sessions", {"drill": "totals", "profile": "pat"})["session"]
    assert trainers.file.count() == 2
    post(client, f"/api/train/sessions/{done}/answer", {"answer": "16"})
    post(client, f"/api/train/sessions/{ended}/end")
    assert trainers.file.count() == 0
    _, client = server(folder, clock)
    for key in (done, ended):
        assert client.get(f"/api/train/sessions/{key}").status_code == 404


def test_idle_sessions_expire_on_disk_and_the_bound_holds_across_a_restart(
        folder: Path, clock: Clock) -> None:
    _, client = server(folder, clock, max_sessions=2)
    keys = [post(client, "/api/train/sessions", {"drill": "totals", "profile": "pat"})["session"]
            for _ in range(2)]
    _, client = server(folder, clock, max_sessions=2)
    res = client.post("/api/train/sessions", json={"drill": "totals", "profile": "pat"})
    assert res.status_code == 503  # the two on file still count after the restart

    clock.t += IDLE_S + 1
    trainers, client = server(folder, clock, max_sessions=2)
    res = client.get(f"/api/train/sessions/{keys[0]}")
    assert res.status_code == 404 and "idle" in res.json()["message"]
    assert trainers.file.count() == 0
    post(client, "/api/train/sessions", {"drill": "totals", "profile": "pat"})


@pytest.mark.parametrize("junk", [b"this is not a database" * 50, b""])
def test_an_unreadable_sessions_file_starts_the_sessions_afresh(
        folder: Path, clock: Clock, caplog: pytest.LogCaptureFixture, junk: bytes) -> None:
    _, client = server(folder, clock)
    key = post(client, "/api/train/sessions", {"drill": "totals", "profile": "pat"})["session"]
    if junk:
        (folder / FILE_NAME).write_bytes(junk)
        for suffix in ("-wal", "-shm"):
            (folder / (FILE_NAME + suffix)).unlink(missing_ok=True)
    else:
        (folder / FILE_NAME).unlink()
        (folder / FILE_NAME).mkdir()  # not even a file: it cannot be opened at all
    with caplog.at_level(logging.WARNING, logger="twentyone.web.train_sessions"):
        trainers, client = server(folder, clock)
    assert "sessions" in caplog.text and "Traceback" not in caplog.text
    assert client.get(f"/api/train/sessions/{key}").status_code == 404
    fresh = post(client, "/api/train/sessions", {"drill": "totals", "profile": "pat"})
    assert trainers.file.count() == 1
    assert client.get(f"/api/train/sessions/{fresh['session']}").json()["number"] == 1
