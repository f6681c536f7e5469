"""Every bad input to the trainers gets a clear error and changes nothing (docs/training.md#scripts,
#progress): item counts and seeds out of range, profile names that cannot be a file's, a profile
that does not exist asked for its statistics, damaged rows in a sound profile, and answer lines
nested or long enough to break a reader."""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.applications import Starlette
from starlette.testclient import TestClient
from typer.testing import CliRunner, Result

from twentyone.cli import app
from twentyone.cli.train import MAX_DEPTH, MAX_LINE
from twentyone.errors import ProfileError
from twentyone.rules import PRESETS
from twentyone.train.chips import ChipCountDrill
from twentyone.train.session import Session
from twentyone.train.store import Store, profile_path
from twentyone.web.training import Trainers, routes

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWENTYONE_TRAIN_DIR", str(tmp_path))
    return tmp_path


def train(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(app, ["train", *args], input=stdin)


def words(result: Result) -> str:
    return " ".join(result.output.replace("│", " ").split())


def digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


@pytest.mark.parametrize(("option", "value"), [
    ("--items", "0"), ("--items", "-5"), ("--items", "10001"), ("--items", "100000000000"),
    ("--seed", "-1"), ("--seed", str(2**63)),
])
def test_item_counts_and_seeds_out_of_range_are_refused(option: str, value: str,
                                                        folder: Path) -> None:
    result = train("chip-count", "--json", "--profile", "pat", option, value)
    assert result.exit_code == 2
    assert option in words(result)
    assert "Traceback" not in result.output and not any(folder.iterdir())


def test_a_drill_setting_given_twice_is_refused(folder: Path) -> None:
    """docs/training.md#drill-options: a setting is refused, never silently chosen between."""
    result = train("running-count", "--json", "--opt", "pace=300", "--opt", "pace=4000")
    assert result.exit_code == 2 and "pace is given twice" in words(result)


@pytest.mark.parametrize("name", [
    "bob\n", "bob\r", "a\tb", "a b", "../x", "x/y", "", ".hidden", "trailing.", "x" * 65,
    "CON", "nul.txt", "lpt1", "caf\u00e9", "\u001b[2J",
])
def test_a_name_that_cannot_be_a_profile_is_refused_and_makes_no_file(name: str,
                                                                      folder: Path) -> None:
    result = train("chip-count", "--json", "--profile", name, stdin='{"answer": "1"}\n')
    assert result.exit_code == 2
    assert "profile name" in words(result)
    assert not any(folder.iterdir())
    with pytest.raises(ProfileError):
        Store.open(name, folder)


@given(st.text(max_size=80))
def test_a_profile_name_is_a_plain_file_name_in_the_profiles_folder_or_refused(
        name: str) -> None:
    root = Path("/profiles")
    try:
        path = profile_path(name, root)
    except ProfileError:
        return
    assert path.parent == root and path.name == f"{name}.sqlite3"
    assert name.isascii() and name.isprintable() and 1 <= len(name) <= 64
    assert not name.startswith(".") and not name.endswith(".") and "/" not in name


def test_stats_of_a_profile_that_does_not_exist_names_the_ones_that_do(folder: Path) -> None:
    result = train("stats", "--profile", "typo")
    assert result.exit_code == 2 and "no profile 'typo'" in words(result)
    assert "no profiles yet" in words(result)
    assert not any(folder.iterdir())
    for who in ("pat", "sam"):
        assert train("chip-count", "--json", "--items", "1", "--profile", who,
                     stdin='{"answer": "1"}\n').exit_code == 0
    before = digest(folder)
    result = train("stats", "--profile", "typo")
    assert result.exit_code == 2
    assert "no profile 'typo'; the profiles are pat, sam" in words(result)
    assert digest(folder) == before
    assert train("stats", "--profile", "sam").exit_code == 0


def _profile(folder: Path, answers: int = 3) -> Path:
    with Store.open("pat", folder) as store:
        session = Session(ChipCountDrill(PRESETS["classic"], "classic"), random.Random(1), store)
        for k, item in enumerate(session.items(answers, T0)):
            session.answer(item, "0", seconds=2.0, when=T0 + timedelta(seconds=k))
    return profile_path("pat", folder)


@pytest.mark.parametrize(("table", "column", "value"), [
    ("answers", "at", "x"), ("answers", "ev_cost", "x"), ("answers", "seconds", "slow"),
    ("answers", "correct", 7), ("answers", "at", None), ("answers", "seconds", 1e999),
])
def test_a_damaged_answer_row_is_left_out_with_a_note_naming_the_file(
        folder: Path, table: str, column: str, value: Any) -> None:
    path = _profile(folder)
    with closing(sqlite3.connect(path)) as db, db:
        if value is None:
            _null(db, column)
        else:
            db.execute(f"UPDATE {table} SET {column} = ? WHERE id = 2", (value,))
    before = _rows(path)
    result = CliRunner().invoke(app, ["train", "stats", "--profile", "pat", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["answers"] == 2
    assert f"1 damaged row in the profile file {path}" in " ".join(result.stderr.split())
    assert "Traceback" not in result.output
    assert _rows(path) == before  # left as it was, for anyone who can mend it
    plain = train("stats", "--profile", "pat")
    assert plain.exit_code == 0 and "2 answers" in plain.stdout


def _rows(path: Path) -> list[tuple[Any, ...]]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT * FROM answers ORDER BY id").fetchall()
    finally:
        db.close()


def _null(db: sqlite3.Connection, column: str) -> None:
    """A NULL where the schema says NOT NULL: a row made by another program, or a hand."""
    db.execute("CREATE TABLE copy AS SELECT * FROM answers")
    db.execute(f"UPDATE copy SET {column} = NULL WHERE id = 2")
    db.execute("DROP TABLE answers")
    db.execute("ALTER TABLE copy RENAME TO answers")


@pytest.mark.parametrize(("column", "value"), [("item", "[[["), ("item", '{"id": 1}'),
                                               ("card", "[[["), ("card", "{}")])
def test_a_damaged_cell_is_skipped_or_started_afresh_and_the_session_goes_on(
        folder: Path, column: str, value: str) -> None:
    path = _profile(folder, answers=1)
    with closing(sqlite3.connect(path)) as db, db:
        db.execute(f"UPDATE cells SET {column} = ?, due = ?", (value, "2000-01-01"))
    result = train("chip-count", "--json", "--items", "2", "--seed", "5", "--profile", "pat",
                   stdin='{"answer": "1"}\n' * 2)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout.splitlines()[-1])["total"] == 2
    if column == "item":
        assert "1 damaged row" in result.stderr
    with Store.open("pat", folder) as store:
        assert store.count() == 3


def _answers(result: Result) -> list[bool]:
    return [i["correct"] for i in json.loads(result.stdout.splitlines()[-1])["items"]]


@pytest.mark.parametrize("line", [
    "[" * 100_000, '{"answer": ' + "[" * 100_000,
    # the right answer, in a line longer (deeper) than any answer line: read as a miss unread
    '{"answer": "1033", "pad": "' + "x" * MAX_LINE + '"}',
    '{"answer": "1033", "pad": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}",
])
def test_an_answer_line_nested_or_long_beyond_any_answer_is_a_miss(line: str) -> None:
    """The next line is still the next answer: a long line is read to its end."""
    one, two = (int(i.secret["total"]) // 100 for i in itertools.islice(
        ChipCountDrill(PRESETS["classic"], "classic").items(random.Random(3)), 2))
    first = train("chip-count", "--json", "--items", "2", "--seed", "3",
                  stdin=f'{{"answer": {one}}}\n{{"answer": {two}}}\n')
    assert _answers(first) == [True, True]
    line = line.replace('"1033"', str(one))
    result = train("chip-count", "--json", "--items", "2", "--seed", "3",
                   stdin=line + f'\n{{"answer": {two}}}\n')
    assert result.exit_code == 0, result.output
    assert _answers(result) == [False, True]


def test_the_sites_trainers_refuse_a_deeply_nested_request_in_words(tmp_path: Path) -> None:
    trainers = Trainers(tmp_path / "site")
    with closing(trainers.file), TestClient(Starlette(routes=routes(trainers)),
                                            raise_server_exceptions=False) as client:
        for body in ("[" * 10_000, '{"drill": ' + "[" * 10_000):
            reply = client.post("/api/train/sessions", content=body)
            assert reply.status_code == 400, reply.text
            assert reply.json()["error"] == "TrainingError"
