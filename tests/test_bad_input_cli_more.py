"""More bad input at the command line (issue 34): each case one clear line and exit status 2, or
for a trainer's answer a miss graded like any other, never a traceback, and nothing written.

- A signals or procedure drill answered "²", "①" or five thousand digits, a totals drill
  answered five thousand digits.
- ``chart --png ""``, ``--png .``, ``--html ""``, ``--html /`` (with ``--thumb`` too), and the
  same for every command that writes a file: refused before any work.
- ``train stats --png`` on a profile holding an answer of ``1e308`` seconds, or dated in the
  year 9999 or 1, or without a time zone: drawn, the bad values left out.
- One rule for numbers (``money.DIGITS_RULE``): every option, rules file and ``--set`` that reads
  a number refuses another script's digits ("６", "١٠") in the same words."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.errors import DrillOptionError, MoneyError, RulesError
from twentyone.money import DIGITS_RULE, other_digits, parse_dollars
from twentyone.rules import PRESETS, Rules
from twentyone.train.registry import DRILLS, make_drill
from twentyone.train.session import Session

HUGE = "9" * 5000
ODD_ANSWERS = ["²", "①", "٣", "６", HUGE, f"hard {HUGE}", f"soft {HUGE}", f"{HUGE}.5", "-" + HUGE]


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TWENTYONE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("TWENTYONE_TRAIN_DIR", str(tmp_path / "train"))
    monkeypatch.setenv("COLUMNS", "200")
    return tmp_path


# --- a trainer's answers ---------------------------------------------------------------------

@pytest.mark.parametrize("drill", sorted(DRILLS))
def test_every_drill_grades_odd_numbers_as_a_miss(drill: str) -> None:
    """A superscript, a circled digit, another script's digits and five thousand digits are
    graded like any other answer (here a miss), never raised."""
    session = Session(make_drill(drill, PRESETS["classic"], "classic", {}), random.Random(1),
                      None, False)
    for answer, item in zip(ODD_ANSWERS, session.items(len(ODD_ANSWERS)), strict=False):
        grade = session.answer(item, answer, 1.0)
        assert grade.correct is False, (drill, answer[:12])


@pytest.mark.parametrize("drill", ["signals", "signals-give"])
@pytest.mark.parametrize("answer", ["²", HUGE], ids=["superscript", "5000 digits"])
def test_train_signals_headless_answered_odd_numbers(work: Path, drill: str,
                                                     answer: str) -> None:
    line = json.dumps({"answer": answer}) + "\n"
    result = CliRunner().invoke(app, ["train", drill, "--seed", "1", "--items", "1", "--json"],
                                input=line)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output.strip().splitlines()[-1])
    assert summary["total"] == 1 and summary["correct"] == 0


# --- output paths ----------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["chart", "--png", ""], ["chart", "--png", "."], ["chart", "--html", ""],
    ["chart", "--html", "/"], ["chart", "--thumb", "--png", ""], ["chart", "--html", ".."],
    ["chart", "--thumb", "--html", "/"], ["train", "stats", "--png", ""],
    ["train", "stats", "--png", "/"], ["chips", "--pdf", ""],
], ids=lambda argv: " ".join(repr(a) if not a or a in "./" else a for a in argv))
def test_an_output_path_that_names_no_file_is_refused_before_any_work(
        work: Path, argv: list[str]) -> None:
    before = sorted(work.rglob("*"))
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 2, (argv, result.output, result.exception)
    assert "give a file name, not a folder" in _flat(result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert sorted(work.rglob("*")) == before


def test_chart_path_refusals_reach_stderr_without_a_traceback(work: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "twentyone", "chart", "--thumb", "--png", ""],
                          capture_output=True, text=True, timeout=120, check=False,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "200",
                               "PYTHONPATH": ":".join(sys.path)})
    assert done.returncode == 2
    assert "Traceback" not in done.stderr + done.stdout
    assert "give a file name" in _flat(done.stderr)


# --- train stats on a damaged profile --------------------------------------------------------

def _profile(work: Path, change: str) -> None:
    """A profile of three answers, then ``change`` (SQL) done to its file by hand."""
    result = CliRunner().invoke(app, ["train", "totals", "--seed", "1", "--items", "3", "--json",
                                      "--profile", "p"], input='{"answer": "hard 12"}\n' * 3)
    assert result.exit_code == 0, result.output
    with sqlite3.connect(work / "train" / "p.sqlite3") as db:
        db.execute(change)
    db.close()


@pytest.mark.parametrize("change", [
    "UPDATE answers SET seconds = 1e308",
    "UPDATE answers SET seconds = 1e308 WHERE id = 1",
    "UPDATE answers SET at = '9999-12-31T23:59:59+00:00'",
    "UPDATE answers SET at = '0001-01-01T00:00:00+00:00'",
    "UPDATE answers SET at = '0001-01-01T00:00:00+00:00' WHERE id = 1",
    "UPDATE answers SET at = '2026-01-01T00:00:00' WHERE id = 1",
], ids=["all 1e308 s", "one 1e308 s", "year 9999", "year 1", "one in year 1", "no zone"])
def test_train_stats_draws_a_profile_holding_bad_values(work: Path, change: str) -> None:
    _profile(work, change)
    png = work / "stats.png"
    result = CliRunner().invoke(app, ["train", "stats", "--profile", "p", "--png", str(png)])
    assert result.exit_code == 0, (result.output, result.exception)
    assert png.stat().st_size > 0
    data = CliRunner().invoke(app, ["train", "stats", "--profile", "p", "--json"])
    report = json.loads(data.output)  # strict JSON: no Infinity
    mean = report["drills"]["totals"]["mean_seconds"]
    assert mean is None or 0 <= mean <= 3600
    assert "Infinity" not in data.output


# --- one rule for numbers --------------------------------------------------------------------

OTHER_DIGITS = ["６", "١٠", "٣", "१०", "²", "①", "1٠"]


@pytest.mark.parametrize("argv", [
    ["edge", "--set", "decks=６"],
    ["edge", "--set", "decks=٦"],
    ["edge", "--set", "min_bet=١٠"],
    ["edge", "--set", "penetration=٠.٥"],
    ["edge", "--set", "blackjack_pays=٣:٢"],
    ["edge", "--set", "cut_behind=٦٠-٧٥"],
    ["edge", "--rules", "digits.toml"],
    ["edge", "--rules", "money.toml"],
    ["ev", "--hand", "١٠,٦", "--up", "7"],
    ["ev", "--hand", "10,6", "--up", "７"],
    ["ev", "--hand", "10,6", "--up", "7", "--shoe", "٢,24,24,24,24,24,24,24,24,94"],
    ["sim", "--bankroll", "١٠٠٠", "--rounds", "10"],
    ["sim", "--rounds", "١٠"],
    ["sim", "--count", "hilo", "--ramp", "١:2", "--rounds", "10"],
    ["play", "--auto", "--rounds", "1", "--set", "max_bet=٥٠٠"],
    ["train", "running-count", "--opt", "cards=٣", "--json", "--items", "1"],
], ids=lambda argv: " ".join(argv))
def test_numbers_in_other_digits_are_refused_in_the_same_words(work: Path,
                                                               argv: list[str]) -> None:
    """Wherever a number is read from what a person typed (our own parsers), another script's
    digits are refused with ``DIGITS_RULE``, before any work."""
    (work / "digits.toml").write_text('decks = "６"\n', encoding="utf-8")
    (work / "money.toml").write_text('min_bet = "٥"\n', encoding="utf-8")
    before = sorted(work.rglob("*"))
    result = CliRunner().invoke(app, argv, input="")
    assert result.exit_code == 2, (argv, result.output, result.exception)
    assert DIGITS_RULE in _flat(result.output), result.output
    assert sorted(work.rglob("*")) == before


@pytest.mark.parametrize("argv", [
    ["serve", "--port", "８０"], ["serve", "--port=８٠"], ["sim", "--seed", "٣", "--rounds", "10"],
    ["train", "totals", "--items", "٣", "--json"], ["train", "totals", "--seed", "²"],
    ["shuffle", "--riffles", "٣"], ["serve", "--timeout", "١.٥"],
], ids=lambda argv: " ".join(argv))
def test_typed_number_options_refuse_other_digits_in_the_same_words(
        work: Path, argv: list[str]) -> None:
    """The options Typer reads as numbers itself (an int or a float) are refused in the same
    words, naming the option, before the command runs."""
    result = CliRunner().invoke(app, argv, input="")
    assert result.exit_code == 2, (argv, result.output)
    assert DIGITS_RULE in _flat(result.output), result.output
    option = next(a for a in argv if a.startswith("--")).split("=")[0]
    assert f"Invalid value for '{option}'" in _flat(result.output)


@pytest.mark.parametrize("text", OTHER_DIGITS)
def test_the_parsers_refuse_other_digits(text: str) -> None:
    assert other_digits(text)
    with pytest.raises(MoneyError, match=DIGITS_RULE):
        parse_dollars(text)
    with pytest.raises(RulesError, match=DIGITS_RULE):
        Rules.from_mapping({"decks": text})
    with pytest.raises(RulesError, match=DIGITS_RULE):
        Rules.from_mapping({"min_bet": text})
    with pytest.raises(DrillOptionError, match=DIGITS_RULE):
        make_drill("running-count", PRESETS["classic"], "classic", {"cards": text})


def test_plain_digits_and_words_are_not_other_digits() -> None:
    for text in ("0123456789", "1,000.50", "$7", "Zoë", "hard 17", "五", ""):
        assert other_digits(text) is (text == "五"), text
