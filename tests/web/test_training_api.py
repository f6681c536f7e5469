"""The trainers' API on the site (docs/training.md#trainers-on-the-site): every drill gets a
session, its own answer key's answer is graded right and another answer wrong, every graded
answer lands in the profile store, and bad requests are refused in words with nothing stored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.applications import Starlette
from starlette.testclient import TestClient

from twentyone.train.core import JSON
from twentyone.train.player import ACTIONS
from twentyone.train.registry import DRILLS, describe_all
from twentyone.train.store import Store
from twentyone.web.app import create_app
from twentyone.web.store import SqliteStore
from twentyone.web.training import IDLE_S, Live, Trainers, routes


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def trainers(tmp_path: Path, clock: Clock) -> Trainers:
    return Trainers(tmp_path / "profiles", clock=clock, max_sessions=3)


@pytest.fixture
def client(trainers: Trainers) -> Iterator[TestClient]:
    with TestClient(Starlette(routes=routes(trainers))) as c:
        yield c


def answers_stored(trainers: Trainers, profile: str = "pat") -> int:
    if not (trainers.profile_dir / f"{profile}.sqlite3").exists():
        return 0
    with Store.open(profile, trainers.profile_dir) as store:
        return store.count()


def start(client: TestClient, **body: Any) -> dict[str, Any]:
    res = client.post("/api/train/sessions", json={"profile": "pat", **body})
    assert res.status_code == 201, res.text
    out: dict[str, Any] = res.json()
    return out


def live(trainers: Trainers, key: str) -> Live:
    return trainers.sessions[key]


def right_answer(trainers: Trainers, key: str) -> JSON:
    """The drill's own answer key for the item on show: its grader's ``expected`` (the headless
    contract's answer shape), taken without recording anything."""
    s = live(trainers, key)
    assert s.current is not None
    return s.session.drill.grade(s.current, None).expected


def wrong_answer(kind: str, item: dict[str, Any], right: JSON) -> JSON:
    """An answer of the right shape that is not the right one."""
    if kind == "dollars":
        return f"{float(right) + 1:.2f}"
    if kind == "chips":
        return {}
    if kind == "total":
        return "20" if right == "blackjack" else str(int(str(right).split()[-1]) + 1)
    if kind == "choice":
        return next(i + 1 for i, c in enumerate(item["choices"]) if c != right)
    if kind == "flag":
        return "ok" if right == "mistake" else "mistake"
    if kind == "action":
        return next(a for a in item.get("actions", ACTIONS) if a != right)
    assert kind == "count"
    return float(right) + 1


def answer(client: TestClient, key: str, value: JSON, item: str | None = None) -> Any:
    body: dict[str, Any] = {"answer": value}
    if item is not None:
        body["item"] = item
    # Encoded here, not by the client: Python writes an infinite float as ``Infinity``, which a
    # careless client may send too, and the server must refuse it like any malformed answer.
    return client.post(f"/api/train/sessions/{key}/answer", content=json.dumps(body),
                       headers={"Content-Type": "application/json"})


def test_the_drills_are_listed_as_the_command_line_lists_them(client: TestClient) -> None:
    assert client.get("/api/train/drills").json() == {"drills": describe_all()}


@pytest.mark.parametrize("name", list(DRILLS))
def test_each_drill_grades_its_right_answer_right_and_another_wrong(
        client: TestClient, trainers: Trainers, name: str) -> None:
    s = start(client, drill=name, rules="six-deck-s17", items=2)
    kind = s["drill"]["answer_kind"]
    first = s["item"]
    assert first["drill"] == name and {"id", "drill"} <= set(first)
    assert s["number"] == 1 and s["items"] == 2

    res = answer(client, s["session"], right_answer(trainers, s["session"]), first["id"])
    assert res.status_code == 200, res.text
    out = res.json()
    assert out["grade"]["correct"] is True and out["grade"]["id"] == first["id"]
    assert out["score"] == {"correct": 1, "answered": 1}
    assert out["summary"] is None and out["number"] == 2
    assert answers_stored(trainers) == 1

    second = out["item"]
    right = right_answer(trainers, s["session"])
    out = answer(client, s["session"], wrong_answer(kind, second, right), second["id"]).json()
    assert out["grade"]["correct"] is False and out["grade"]["expected"] == right
    assert out["grade"]["feedback"]
    assert out["item"] is None
    summary = out["summary"]
    assert summary["correct"] == 1 and summary["total"] == 2 and summary["drill"] == name
    assert [i["correct"] for i in summary["items"]] == [True, False]
    assert answers_stored(trainers) == 2
    # The session is over: it is let go, and a further answer is refused.
    assert s["session"] not in trainers.sessions
    assert answer(client, s["session"], right).status_code == 404


def test_a_missed_strategy_play_says_what_it_cost(client: TestClient, trainers: Trainers) -> None:
    s = start(client, drill="strategy", rules="six-deck-s17")
    item = s["item"]
    right = right_answer(trainers, s["session"])
    drill = live(trainers, s["session"]).session.drill
    current = live(trainers, s["session"]).current
    assert current is not None
    wrong = next(a for a in item["actions"] if a != right)
    grade = answer(client, s["session"], wrong, item["id"]).json()["grade"]
    assert grade["correct"] is False and grade["expected"] == right
    assert grade["ev_cost"] == pytest.approx(drill.grade(current, wrong).ev_cost)
    assert grade["ev_cost"] >= 0


def test_a_missed_payout_gives_the_right_chips(client: TestClient, trainers: Trainers) -> None:
    s = start(client, drill="payouts")
    right = right_answer(trainers, s["session"])
    grade = answer(client, s["session"], {"yellow": 1}).json()["grade"]
    assert grade["correct"] is False and grade["expected"] == right
    assert isinstance(right, dict) and all(isinstance(n, int) for n in right.values())
    assert {c["colour"] for c in s["chipset"]} >= set(right)


def test_ending_early_summarises_the_items_answered(client: TestClient,
                                                    trainers: Trainers) -> None:
    s = start(client, drill="totals", items=5)
    answer(client, s["session"], right_answer(trainers, s["session"]))
    out = client.post(f"/api/train/sessions/{s['session']}/end").json()
    assert out["summary"]["total"] == 1 and out["summary"]["correct"] == 1
    assert out["summary"]["mean_seconds"] is not None
    assert client.post(f"/api/train/sessions/{s['session']}/end").status_code == 404


def test_an_audition_runs_the_drills_own_count_and_gives_its_verdict(
        client: TestClient, trainers: Trainers) -> None:
    s = start(client, drill="chip-count", audition=True, items=3)
    n = DRILLS["chip-count"].audition
    assert n is not None and s["items"] == n[0] and s["audition"] is True
    out: dict[str, Any] = {}
    for _ in range(n[0]):
        out = answer(client, s["session"], right_answer(trainers, s["session"])).json()
    assert out["summary"]["audition"]["accuracy"] == 1.0
    assert out["summary"]["audition"]["passed"] is True


BAD_STARTS: list[tuple[dict[str, Any], str]] = [
    ({"drill": "juggling", "profile": "pat"}, "choose a drill"),
    ({"drill": "chips", "profile": "pat"}, "did you mean 'chip-count'?"),
    ({"drill": "payouts", "profile": "pat", "rules": "singledeck"},
     "did you mean 'single-deck'?"),
    ({"drill": "payouts"}, "profile"),
    ({"drill": "payouts", "profile": "../etc"}, "profile name"),
    ({"drill": "payouts", "profile": "pat", "rules": "las-vegas"}, "presets"),
    ({"drill": "strategy", "profile": "pat", "audition": True}, "no audition"),
    ({"drill": "payouts", "profile": "pat", "audition": "yes"}, "true or false"),
    ({"drill": "payouts", "profile": "pat", "items": 0}, "items"),
    ({"drill": "payouts", "profile": "pat", "items": "ten"}, "items"),
]


@pytest.mark.parametrize(("body", "words"), BAD_STARTS)
def test_a_bad_start_is_refused_in_words(client: TestClient, trainers: Trainers,
                                         body: dict[str, Any], words: str) -> None:
    res = client.post("/api/train/sessions", json=body)
    assert res.status_code == 400
    data = res.json()
    assert set(data) == {"error", "message"} and words in data["message"]
    assert "Traceback" not in res.text
    assert not trainers.sessions
    assert not list(trainers.profile_dir.glob("*.sqlite3")) and trainers.file.count() == 0


@pytest.mark.parametrize("raw", [b"not json", b"[1, 2]", b"{" + b" " * 20000 + b"}"])
def test_a_body_that_is_not_a_json_object_is_refused(client: TestClient, raw: bytes) -> None:
    res = client.post("/api/train/sessions", content=raw,
                      headers={"content-type": "application/json"})
    assert res.status_code == 400 and res.json()["error"] == "TrainingError"


MALFORMED: list[tuple[str, JSON]] = [
    ("chip-count", "twelve dollars"), ("chip-count", None), ("chip-count", {"red": 1}),
    ("payouts", "12.50"), ("payouts", {"blue": 2}), ("payouts", {"red": -1}),
    ("payouts", {"red": 1.5}), ("change", ["red"]), ("totals", "seventeen"),
    ("totals", True), ("procedure", 9), ("procedure", "make coffee"),
    ("catch-dealer", "maybe"), ("strategy", "fold"), ("strategy", 3),
    ("running-count", "lots"), ("running-count", "nan"), ("true-count", [2]),
    ("index-plays", "insure"), ("shoe-count", {}),
]


@pytest.mark.parametrize(("name", "value"), MALFORMED)
def test_a_malformed_answer_is_refused_and_nothing_is_stored(
        client: TestClient, trainers: Trainers, name: str, value: JSON) -> None:
    s = start(client, drill=name, rules="six-deck-s17")
    res = answer(client, s["session"], value)
    assert res.status_code == 400, res.text
    assert res.json()["error"] == "TrainingError"
    assert "cannot be read" in res.json()["message"]
    assert answers_stored(trainers) == 0
    # The same item is still on show, and its right answer is still graded right.
    assert live(trainers, s["session"]).current is not None
    out = answer(client, s["session"], right_answer(trainers, s["session"]),
                 s["item"]["id"]).json()
    assert out["grade"]["correct"] is True and answers_stored(trainers) == 1


def test_an_answer_without_answer_or_for_another_item_is_refused(
        client: TestClient, trainers: Trainers) -> None:
    s = start(client, drill="totals")
    key = s["session"]
    res = client.post(f"/api/train/sessions/{key}/answer", json={"reply": "12"})
    assert res.status_code == 400 and "answer" in res.json()["message"]
    res = answer(client, key, "12", "total-99")
    assert res.status_code == 400 and "answered already" in res.json()["message"]
    assert answers_stored(trainers) == 0


def test_an_unknown_session_is_a_404_in_words(client: TestClient) -> None:
    res = answer(client, "no-such-session", "12")
    assert res.status_code == 404
    assert res.json()["error"] == "TrainingSessionGone" and "start a new one" in \
        res.json()["message"]


def test_idle_sessions_are_let_go_and_the_number_held_is_bounded(
        client: TestClient, trainers: Trainers, clock: Clock) -> None:
    keys = [start(client, drill="totals")["session"] for _ in range(3)]
    res = client.post("/api/train/sessions", json={"drill": "totals", "profile": "pat"})
    assert res.status_code == 503 and res.json()["error"] == "TrainersBusy"
    clock.t += IDLE_S / 2
    answer(client, keys[0], right_answer(trainers, keys[0]))  # keeps the first one in use
    clock.t += IDLE_S / 2 + 1
    assert set(trainers.sessions) == set(keys)  # nothing is let go until a request looks
    start(client, drill="totals")
    assert keys[0] in trainers.sessions
    assert keys[1] not in trainers.sessions and keys[2] not in trainers.sessions
    assert answer(client, keys[1], "12").status_code == 404


def test_the_time_an_answer_took_is_measured_by_the_server(
        client: TestClient, trainers: Trainers, clock: Clock) -> None:
    s = start(client, drill="totals")
    clock.t += 4.5
    grade = answer(client, s["session"], right_answer(trainers, s["session"])).json()["grade"]
    assert grade["seconds"] == 4.5
    with Store.open("pat", trainers.profile_dir) as store:
        (stored,) = list(store.answers())
    assert stored.seconds == 4.5 and stored.correct and stored.drill == "totals"


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["red", "white", "green", "blue", "answer"]), inner, max_size=3),
    max_leaves=6))
def test_any_payout_answer_is_graded_or_refused_never_a_server_error(
        client: TestClient, trainers: Trainers, value: JSON) -> None:
    s = start(client, drill="payouts")
    before = answers_stored(trainers)
    res = answer(client, s["session"], value)
    assert res.status_code in (200, 400), res.text
    assert answers_stored(trainers) == before + (res.status_code == 200)
    if res.status_code == 400:
        assert set(res.json()) == {"error", "message"}
    client.post(f"/api/train/sessions/{s['session']}/end")


def test_the_site_serves_the_trainers_and_keeps_profiles_beside_its_ledger(
        tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "ledger" / "party.sqlite3")
    try:
        with TestClient(create_app(store)) as c:
            page = c.get("/train")
            assert page.status_code == 200 and 'src="/static/train.js"' in page.text
            assert c.get("/static/train.js").status_code == 200
            s = c.post("/api/train/sessions", json={"drill": "true-count", "profile": "kim"})
            assert s.status_code == 201
            key = s.json()["session"]
            res = c.post(f"/api/train/sessions/{key}/answer", json={"answer": 0})
            assert res.status_code == 200
    finally:
        store.close()
    with Store.open("kim", tmp_path / "ledger" / "train") as profile:
        assert profile.count() == 1
