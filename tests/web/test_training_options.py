"""Drill settings on the site (docs/training.md#drill-options): the list describes each drill's
settings as the drills declare them, a session takes them and the items show them, and a
setting the drill does not take, or a value it does not allow, is refused in words with nothing
stored, exactly as the terminal's ``--opt`` refuses it."""

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
from typer.testing import CliRunner

from twentyone.cli.app import app
from twentyone.errors import DrillOptionError
from twentyone.rules import PRESETS
from twentyone.train.options import Option
from twentyone.train.registry import DRILLS, make_drill
from twentyone.web.training import Trainers, routes


@pytest.fixture
def trainers(tmp_path: Path) -> Trainers:
    return Trainers(tmp_path / "profiles")


@pytest.fixture
def client(trainers: Trainers) -> Iterator[TestClient]:
    with TestClient(Starlette(routes=routes(trainers))) as c:
        yield c


def listed(client: TestClient) -> dict[str, dict[str, Any]]:
    return {d["name"]: d for d in client.get("/api/train/drills").json()["drills"]}


def test_every_drill_lists_its_settings_as_it_declares_them(client: TestClient) -> None:
    drills = listed(client)
    assert set(drills) == set(DRILLS)
    for name, cls in DRILLS.items():
        assert [o["name"] for o in drills[name]["options"]] == [o.name for o in cls.option_specs]
    counting = {o["name"]: o for o in drills["running-count"]["options"]}
    assert set(counting) == {"system", "flash", "pace", "cards"}
    assert {"value": "ko", "label": "Knock-Out (unbalanced)"} in counting["system"]["choices"]
    assert counting["pace"] | {"meaning": ""} == {
        "name": "pace", "meaning": "", "default": 700, "min": 100, "max": 5000, "whole": True,
        "unit": "ms"}
    assert {o["name"] for o in drills["shoe-count"]["options"]} == {"system", "ask", "flash",
                                                                   "pace"}
    assert [o["name"] for o in drills["catch-dealer"]["options"]] == ["rate"]
    assert [o["name"] for o in drills["index-plays"]["options"]] == ["indices"]
    assert drills["payouts"]["options"] == []
    for d in drills.values():
        for o in d["options"]:
            assert o["meaning"] and o["meaning"][0].isupper()


def test_the_terminal_lists_the_same_settings(client: TestClient) -> None:
    res = CliRunner().invoke(app, ["train", "--list", "--json"])
    assert res.exit_code == 0
    assert json.loads(res.stdout) == client.get("/api/train/drills").json()


def test_every_default_is_a_value_its_setting_allows() -> None:
    for cls in DRILLS.values():
        for o in cls.option_specs:
            assert o.read(o.default) == o.default
            assert o.read(str(o.default)) == o.default


def test_a_session_takes_the_settings_and_its_items_show_them(client: TestClient) -> None:
    res = client.post("/api/train/sessions", json={
        "drill": "running-count", "profile": "pat",
        "options": {"system": "ko", "flash": 3, "pace": "400", "cards": 12}})
    assert res.status_code == 201, res.text
    item = res.json()["item"]
    assert (item["system"], item["flash"], item["pace_ms"], len(item["cards"])) == \
        ("ko", 3, 400, 12)


def test_catch_the_dealer_at_every_step_wrong(client: TestClient, trainers: Trainers) -> None:
    s = client.post("/api/train/sessions", json={
        "drill": "catch-dealer", "profile": "pat", "options": {"rate": 1}}).json()
    live = trainers.sessions[s["session"]]
    assert live.current is not None
    assert live.session.drill.grade(live.current, None).expected == "mistake"


BAD: list[tuple[dict[str, Any], str]] = [
    ({"drill": "running-count", "options": {"pase": 300}}, "no setting 'pase'"),
    ({"drill": "payouts", "options": {"rate": 0.5}}, "takes no settings"),
    ({"drill": "running-count", "options": {"system": "nope"}}, "system is one of hilo"),
    ({"drill": "running-count", "options": {"flash": 5}}, "flash is a whole number from 1 to 3"),
    ({"drill": "running-count", "options": {"flash": 1.5}}, "flash is a whole number"),
    ({"drill": "running-count", "options": {"pace": "fast"}}, "pace is a whole number"),
    ({"drill": "running-count", "options": {"cards": 53}}, "from 1 to 52"),
    ({"drill": "shoe-count", "options": {"ask": 0}}, "ask is a number from 0.05 to 1"),
    ({"drill": "catch-dealer", "options": {"rate": True}}, "rate is a number"),
    ({"drill": "catch-dealer", "options": {"rate": None}}, "rate is a number"),
    ({"drill": "index-plays", "options": {"indices": "/etc/passwd"}}, "indices is one of"),
    ({"drill": "running-count", "options": ["system", "ko"]}, "options are a JSON object"),
]


@pytest.mark.parametrize(("body", "words"), BAD)
def test_a_bad_setting_is_refused_in_words_with_nothing_stored(
        client: TestClient, trainers: Trainers, body: dict[str, Any], words: str) -> None:
    res = client.post("/api/train/sessions", json={"profile": "pat", **body})
    assert res.status_code == 400, res.text
    assert words in res.json()["message"] and "Traceback" not in res.text
    assert not trainers.sessions and trainers.file.count() == 0
    assert not list(trainers.profile_dir.glob("*.sqlite3"))


#: The refusals a terminal can be given: ``--opt`` is text, never a list, None or true.
TYPED = [b for b in BAD if isinstance(b[0]["options"], dict)
         and not any(v is None or v is True for v in b[0]["options"].values())]


@pytest.mark.parametrize(("body", "words"), TYPED)
def test_the_terminal_refuses_the_same_settings_in_the_same_words(
        body: dict[str, Any], words: str) -> None:
    opts = [a for k, v in body["options"].items() for a in ("--opt", f"{k}={v}")]
    res = CliRunner().invoke(app, ["train", body["drill"], "--json", "--items", "1", *opts])
    assert res.exit_code == 2 and words in " ".join(res.output.split())


SETTINGS = st.sampled_from([(cls.name, o) for cls in DRILLS.values() for o in cls.option_specs])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SETTINGS, st.one_of(st.text(max_size=8), st.integers(-10, 6000),
                           st.floats(allow_nan=True, allow_infinity=True)))
def test_the_terminal_and_the_site_accept_the_same_values(
        setting: tuple[str, Option], value: str | int | float) -> None:
    """The site passes a JSON value to the drill, the terminal the text of ``--opt``: a value
    and its spelling are both accepted, as the same setting, or both refused."""
    name, option = setting
    rules = PRESETS["classic"]

    def read(v: object) -> object:
        try:
            return make_drill(name, rules, "classic", {option.name: v}).options[option.name]
        except DrillOptionError:
            return "refused"

    assert read(value) == read(value if isinstance(value, str) else str(value))
