"""``twentyone train``: the headless JSON-lines contract scripts rely on, the list, the stats,
and a damaged profile met at the command line."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from random import Random
from typing import Any

import pytest
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.rules import PRESETS
from twentyone.train.chips import ChipCountDrill
from twentyone.train.registry import DRILLS


@pytest.fixture(autouse=True)
def profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWENTYONE_TRAIN_DIR", str(tmp_path))
    return tmp_path


def run(args: list[str], answers: list[Any] | None = None) -> tuple[list[dict[str, Any]], str]:
    stdin = "".join(json.dumps({"answer": a}) + "\n" for a in answers or [])
    res = CliRunner().invoke(app, ["train", *args], input=stdin)
    assert res.exit_code == 0, res.output
    lines = [json.loads(x) for x in res.stdout.strip().splitlines()]
    return lines, res.output


def test_list_json_names_every_drill() -> None:
    (line,), _ = run(["--list", "--json"])
    names = [d["name"] for d in line["drills"]]
    assert names == list(DRILLS)
    assert {"chip-count", "payouts", "change", "totals", "procedure", "strategy",
            "running-count", "true-count", "index-plays"} <= set(names)
    res = CliRunner().invoke(app, ["train"])
    assert res.exit_code == 0 and "chip-count" in res.output and "strategy" in res.output


def test_the_list_fits_an_eighty_column_terminal() -> None:
    """Each drill's name starts a line and no line runs past 80 columns: a long title wraps
    under itself, never under the names."""
    res = CliRunner().invoke(app, ["train", "--list"], env={"COLUMNS": "80"})
    lines = res.output.splitlines()
    assert all(len(line.rstrip()) <= 80 for line in lines), lines
    for name in DRILLS:
        assert any(line.startswith(f" {name} ") for line in lines), name
    continued = [line for line in lines if line.startswith("   ") and line.strip()]
    assert all(line.index(line.strip()) >= 17 for line in continued), continued


def pile_totals(seed: int, n: int, audition: bool = False) -> list[str]:
    """The dollar totals of the first ``n`` piles a headless chip count deals from ``seed``
    (the drill's own items, from the same seed the command line seeds them with)."""
    drill = ChipCountDrill(PRESETS["classic"], "classic")
    drill.auditioning = audition
    totals = [int(i.secret["total"]) for i in itertools.islice(drill.items(Random(seed)), n)]
    return [f"{t // 100}.{t % 100:02d}" for t in totals]


def test_a_chip_count_session_headless() -> None:
    right = pile_totals(1, 3)
    lines, _ = run(["chip-count", "--seed", "1", "--items", "3", "--json"],
                   [right[0], right[1], "0.01"])
    items, last = lines[:-1], lines[-1]
    assert len(items) == 3 and all(i["drill"] == "chip-count" for i in items)
    assert last["correct"] == 2
    assert [i["expected"] for i in last["items"]] == right


def test_a_payout_session_answers_chips_by_colour() -> None:
    lines, _ = run(["payouts", "--seed", "5", "--items", "2", "--json"], [{}, {}])
    items, last = lines[:-1], lines[-1]
    for item in items:
        assert isinstance(item["chips"], dict) and item["rules"] == "classic"
    # Answering the expected chips back is right.
    answers = [x["expected"] for x in last["items"]]
    lines, _ = run(["payouts", "--seed", "5", "--items", "2", "--json"], answers)
    assert lines[-1]["correct"] == 2


def test_a_strategy_session_reports_the_ev_each_answer_cost() -> None:
    lines, _ = run(["strategy", "--rules", "six-deck-s17", "--seed", "2", "--items", "3",
                    "--json"], ["stand", "hit", "surrender"])
    items, last = lines[:-1], lines[-1]
    for item in items:
        assert set(item) >= {"id", "drill", "hand", "up", "rules"}
        assert item["rules"] == "six-deck-s17"
    for graded, given in zip(last["items"], ["stand", "hit", "surrender"], strict=True):
        if given == "surrender":  # not offered in this game: a miss with no EV to price
            assert not graded["correct"] and graded["ev_cost"] is None
        else:
            assert graded["ev_cost"] >= 0
            assert graded["correct"] == (graded["expected"] == given)


def test_fewer_answers_than_items_ends_the_session_gracefully() -> None:
    lines, _ = run(["totals", "--seed", "1", "--items", "5", "--json"], ["12"])
    assert len(lines) == 3  # two items shown, one answered, then the summary
    assert len(lines[-1]["items"]) == 1


def test_unreadable_answer_lines_are_misses() -> None:
    res = CliRunner().invoke(app, ["train", "true-count", "--seed", "1", "--items", "2",
                                   "--json"], input="not json\n[1]\n")
    assert res.exit_code == 0
    last = json.loads(res.stdout.strip().splitlines()[-1])
    assert last["correct"] == 0 and len(last["items"]) == 2


def test_options_reach_the_drill() -> None:
    lines, _ = run(["running-count", "--seed", "1", "--items", "1", "--json",
                    "--opt", "system=ko", "--opt", "flash=3", "--opt", "cards=10"], [0])
    assert lines[0]["system"] == "ko" and lines[0]["flash"] == 3 and len(lines[0]["cards"]) == 10
    res = CliRunner().invoke(app, ["train", "running-count", "--opt", "system=nope", "--json"])
    assert res.exit_code != 0 and "nope" in res.output


def test_an_audition_reports_its_verdict() -> None:
    lines, _ = run(["chip-count", "--seed", "1", "--audition", "--json"],
                   pile_totals(1, 10, audition=True))
    assert lines[-1]["correct"] == 10
    assert lines[-1]["audition"]["accuracy"] == 1.0
    assert "passed" in lines[-1]["audition"]


def test_stats_after_a_recorded_session(tmp_path: Path) -> None:
    run(["strategy", "--rules", "six-deck-s17", "--seed", "2", "--items", "3", "--json",
         "--profile", "pat"], ["stand", "stand", "stand"])
    (data,), _ = run(["stats", "--profile", "pat", "--json"])
    assert data["answers"] == 3
    assert data["drills"]["strategy"]["answers"] == 3
    assert data["ev_per_hand"] is not None and data["ev_per_hand"] >= 0
    png = tmp_path / "stats.png"
    res = CliRunner().invoke(app, ["train", "stats", "--profile", "pat", "--png", str(png)])
    assert res.exit_code == 0, res.output
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_a_damaged_profile_at_the_command_line_is_a_message_not_a_traceback(
        profiles: Path) -> None:
    (profiles / "zed.sqlite3").write_bytes(b"garbage" * 500)
    res = CliRunner().invoke(app, ["train", "stats", "--profile", "zed", "--json"])
    assert res.exit_code == 0, res.output
    assert "fresh profile" in res.output and "Traceback" not in res.output
    res = CliRunner().invoke(app, ["train", "stats", "--profile", "../etc"])
    assert res.exit_code != 0 and "profile name" in res.output


def test_the_drill_summary_and_stats_report_the_same_cost_for_the_same_answers() -> None:
    """Issue 24: a session's summary gave 0.1078 (the plain mean over its answers) where stats
    gave 0.1848 (per hand dealt, each cell weighted by how often a shoe deals it) for the same
    misses. Both now report the cost per hand dealt (train/stats.py)."""
    answers = ["hit", "stand", "double", "split", "stand", "hit", "stand", "hit"]
    lines, _ = run(["strategy", "--seed", "5", "--items", str(len(answers)), "--json",
                    "--profile", "kim"], answers)
    summary = lines[-1]
    assert any(item["ev_cost"] for item in summary["items"])  # some answers cost something
    (data,), _ = run(["stats", "--profile", "kim", "--json"])
    assert data["ev_per_hand"] is not None and data["ev_per_hand"] > 0
    assert summary["ev_per_hand"] == pytest.approx(data["ev_per_hand"], abs=1e-12)
    assert summary["ev_coverage"] == pytest.approx(data["ev_coverage"], abs=1e-12)
