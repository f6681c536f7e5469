"""Issue 38 on the site and at the command line: bad answers refused in words (never a 500),
the whole session's misses in the summary after a restart, a profile's progress and what is due
for review (``GET /api/train/stats``, the figures ``train stats --json`` prints), and ``train
stats --db LEDGER`` reaching the profiles ``serve --db LEDGER`` keeps beside its ledger
(docs/training.md#progress)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.train.core import JSON
from twentyone.train.store import Store, beside_ledger
from twentyone.web.training import Trainers, routes

#: A strategy session's seed whose second hand can be answered wrong.
SEED = 7


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "train"


@pytest.fixture
def site(folder: Path) -> Iterator[tuple[Trainers, TestClient]]:
    trainers = Trainers(folder, clock=Clock())
    with TestClient(Starlette(routes=routes(trainers)), raise_server_exceptions=False) as c:
        yield trainers, c


def start(client: TestClient, drill: str, **body: Any) -> dict[str, Any]:
    res = client.post("/api/train/sessions", json={"profile": "pat", "drill": drill, **body})
    assert res.status_code == 201, res.text
    out: dict[str, Any] = res.json()
    return out


def send(client: TestClient, key: str, value: JSON) -> Any:
    return client.post(f"/api/train/sessions/{key}/answer", content=json.dumps({"answer": value}),
                       headers={"Content-Type": "application/json"})


def expected(trainers: Trainers, key: str) -> JSON:
    s = trainers.sessions[key]
    assert s.current is not None
    return s.session.drill.grade(s.current, None).expected


@pytest.mark.parametrize(("drill", "value"), [
    ("totals", "9" * 5000), ("totals", "soft " + "9" * 4000),
    ("payouts", {"red": int("9" * 4299)}), ("change", {"white": 10**4000}),
    ("running-count", 10**400), ("true-count", "9" * 5000), ("chip-count", "9" * 5000),
])
def test_a_huge_answer_is_refused_in_words_and_nothing_is_stored(
        site: tuple[Trainers, TestClient], drill: str, value: JSON) -> None:
    trainers, client = site
    s = start(client, drill)
    res = send(client, s["session"], value)
    assert res.status_code == 400, res.text
    assert res.json()["error"] == "TrainingError" and len(res.json()["message"]) < 300
    with Store.open("pat", trainers.profile_dir) as store:
        assert store.count() == 0


def test_blackjack_is_an_answer_the_site_takes(site: tuple[Trainers, TestClient]) -> None:
    _, client = site
    s = start(client, "totals")
    res = send(client, s["session"], "blackjack")
    assert res.status_code == 200 and "grade" in res.json()


def test_the_summary_after_a_restart_lists_the_whole_sessions_misses(folder: Path) -> None:
    clock = Clock()
    first = Trainers(folder, clock=clock)
    with TestClient(Starlette(routes=routes(first))) as client:
        s = start(client, "chip-count", items=4)
        key = s["session"]
        assert send(client, key, "0.01").json()["grade"]["correct"] is False
        assert send(client, key, expected(first, key)).json()["grade"]["correct"] is True
    again = Trainers(folder, clock=clock)   # the server restarted; the page reloaded
    with TestClient(Starlette(routes=routes(again))) as client:
        assert client.get(f"/api/train/sessions/{key}").status_code == 200
        assert send(client, key, "0.02").json()["grade"]["correct"] is False
        out = send(client, key, expected(again, key)).json()
    summary = out["summary"]
    assert summary["correct"] == 2 and summary["total"] == 4
    assert [m["answer"] for m in summary["missed"]] == ["0.01", "0.02"]
    assert all("The pile is" in m["feedback"] for m in summary["missed"])


def test_progress_and_what_is_due_over_the_api(site: tuple[Trainers, TestClient],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    trainers, client = site
    # The session's seed fixed (the server draws one at random): a hand where the chart's play
    # and the exact best differ has no wrong answer among two plays (both are right), and this
    # session's second hand must have one.
    monkeypatch.setattr(secrets, "randbits", lambda _bits: SEED)  # as training.py draws it
    s = start(client, "strategy", rules="classic", items=2)
    key = s["session"]
    right = expected(trainers, key)
    send(client, key, right)
    item = trainers.sessions[key].current
    assert item is not None
    wrong = next(a for a in item.shown["actions"] if a != item.secret["action"]
                 and trainers.sessions[key].session.drill.grade(item, a).correct is False)
    send(client, key, wrong)
    stats = client.get("/api/train/stats", params={"profile": "pat"}).json()
    assert stats["answers"] == 2 and stats["drills"]["strategy"]["accuracy"] == 0.5
    assert stats["heat"]["cells"][item.key] == {"misses": 1, "answers": 1}
    due = stats["due"]["drills"]["strategy"]
    # The miss is due again within minutes (FSRS relearning), the right one later.
    assert due["cells"][0]["cell"] == item.key
    assert due["due_now"] == sum(c["now"] for c in due["cells"])
    gone = client.get("/api/train/stats", params={"profile": "nobody"})
    assert gone.status_code == 400 and "there is no profile 'nobody'" in gone.json()["message"]
    assert client.get("/api/train/stats").status_code == 400
    assert client.get("/train/stats").status_code == 200


def test_train_stats_reaches_the_servers_profiles_with_db(tmp_path: Path) -> None:
    ledger = tmp_path / "site" / "ledger.db"
    ledger.parent.mkdir()
    trainers = Trainers(beside_ledger(ledger), clock=Clock())
    with TestClient(Starlette(routes=routes(trainers))) as client:
        s = start(client, "chip-count", items=1)
        send(client, s["session"], "0.01")
    res = CliRunner().invoke(app, ["train", "stats", "--profile", "pat", "--db", str(ledger),
                                   "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["answers"] == 1 and data["due"]["drills"]["chip-count"]["cells"]
    plain = CliRunner().invoke(app, ["train", "stats", "--profile", "pat", "--db", str(ledger)])
    assert "Due for review" in plain.stdout and "chip-count" in plain.stdout
