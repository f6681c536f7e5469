"""Hostile command lines (issue 22, "every bad input gets a clear error"): a broad table of
what a person could type at the rules and analysis commands and at ``play``, each run to its
end. Every one must end with a non-zero status, one message naming the problem, no traceback,
and nothing written. The standard streams are attacked in processes of their own (a closed
stdin or stdout, a pipe closed early, an ASCII-only encoding), each with a deadline."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import twentyone
from twentyone.cli import app
from twentyone.errors import RulesError
from twentyone.rules import PRESETS, Rules
from twentyone.safeload import MAX_DEPTH, loads_json, loads_toml

DEEP = 100_000
#: Rules files (and one folder) in the working directory before a case runs (name: text).
FILES: dict[str, str] = {
    "deep.toml": "x = " + "[" * DEEP,
    "deeptab.toml": "x = " + "{a=" * DEEP,
    "deepclosed.toml": "cut_behind = " + "[" * 120 + "]" * 120 + "\n",
    "markup.toml": 'payout_rounding = "1"\n[chips]\n"[/x]" = "1"\n',
    "escape.toml": 'payout_rounding = "1"\n[chips]\n"\\u001b[2J" = "1"\n',
    "newline.toml": 'payout_rounding = "1"\n[chips]\n"red\\nblue" = "1"\n',
    "long.toml": 'payout_rounding = "1"\n[chips]\n' + '"' + "x" * 200 + '" = "1"\n',
    "blank.toml": 'payout_rounding = "1"\n[chips]\n" " = "1"\n',
    "many.toml": "[chips]\n" + "".join(f'c{i} = "{i + 1}"\n' for i in range(40)),
    "rounding.toml": 'payout_rounding = "1000000000"\n',
    "negative.toml": 'blackjack_pays = "-3:-2"\n',
    "penny.toml": 'blackjack_pays = "1:3"\n',
    "\x1b[2Jbroken.toml": "decks = = 2\n",
}
FOLDERS = ("out.png", "out.html", "out.pdf", "hist", "thumbs-thumb.png")

#: (argv, a fragment of the message that names the problem).
CASES: list[tuple[list[str], str]] = [
    # 1. nested TOML: RecursionError before
    (["chart", "--rules", "deep.toml"], "nested too deeply"),
    (["edge", "--rules", "deeptab.toml"], "nested too deeply"),
    (["dealer", "--rules", "deep.toml"], "nested too deeply"),
    (["ev", "--hand", "10,6", "--up", "5", "--rules", "deeptab.toml"], "nested too deeply"),
    (["chips", "--rules", "deep.toml"], "nested too deeply"),
    (["play", "--auto", "--rounds", "1", "--rules", "deep.toml"], "nested too deeply"),
    (["sim", "--rounds", "10", "--rules", "deeptab.toml"], "nested too deeply"),
    (["chart", "--rules", "deepclosed.toml"], "nested too deeply"),
    # 2. names that would reach Rich as markup or the terminal as escape codes
    (["chips", "--rules", "escape.toml"], "is not a colour's name"),
    (["chips", "--rules", "newline.toml"], "is not a colour's name"),
    (["chips", "--rules", "long.toml"], "is not a colour's name"),
    (["chips", "--rules", "blank.toml"], "is not a colour's name"),
    (["chips", "--rules", "markup.toml"], "is not a colour's name"),
    (["play", "--auto", "--rounds", "1", "--rules", "escape.toml"], "is not a colour's name"),
    (["chart", "--rules", "\x1b[2Jbroken.toml"], "?[2Jbroken.toml: not valid TOML"),
    (["edge", "--rules", "\x1b[2Jmissing.toml"], "no preset or rules file"),
    (["edge", "--\x1b[2J"], "No such option"),
    (["ev", "--hand", "\x1b[2J", "--up", "5"], "card values are"),
    (["chips", "--rules", "many.toml"], "at most 12 colours, not 40"),
    # 3. absurd values
    (["edge", "--rules", "rounding.toml"], "payout_rounding"),
    (["edge", "--rules", "negative.toml"], "blackjack_pays"),
    (["edge", "--rules", "penny.toml"], "blackjack_pays"),
    (["edge", "--set", "blackjack_pays=٣:٢"], "blackjack_pays"),
    (["edge", "--set", "blackjack_pays=3:2:1"], "blackjack_pays"),
    (["edge", "--set", "payout_rounding=5"], "payout_rounding"),
    (["edge", "--set", "penetration=0.0001"], "penetration"),
    (["edge", "--set", "penetration=0.9999"], "penetration"),
    (["play", "--auto", "--rounds", "1", "--set", "payout_rounding=1000"], "payout_rounding"),
    # 4. rules the exact odds do not model
    (["edge", "--set", "ties_to_dealer=true"], "ties_to_dealer"),
    (["edge", "--set", "dealer_decides=true"], "dealer_decides"),
    (["chart", "--set", "dealer_natural_collects=2"], "dealer_natural_collects"),
    (["ev", "--hand", "10,6", "--up", "5", "--set", "changing_bank=true"], "changing_bank"),
    (["dealer", "--set", "ties_to_dealer=true"], "ties_to_dealer"),
    (["edge", "--effects", "--set", "ties_to_dealer=yes"], "ties_to_dealer"),
    # 5. play: the changing-bank options, a bankroll below the minimum, unbounded rounds
    (["play", "--auto", "--rounds", "2", "--set", "dealer_decides=true"], "--game pontoon"),
    (["play", "--auto", "--rounds", "2", "--set", "changing_bank=true"], "--game pontoon"),
    (["play", "--set", "dealer_decides=true"], "--game pontoon"),
    (["play", "--auto", "--rounds", "2", "--bankroll", "1"], "minimum bet"),
    (["play", "--bankroll", "1"], "minimum bet"),
    (["play", "--auto", "--rounds", "2", "--set", "min_bet=20", "--bankroll", "10"],
     "minimum bet"),
    (["play", "--auto", "--rounds", "100000000000"], "--rounds"),
    (["play", "--game", "durak", "--auto", "--rounds", "100000000000"], "--rounds"),
    (["play", "--game", "pontoon", "--auto", "--rounds", "100000000000"], "--rounds"),
    # 6. output paths: the format and the place checked before any work
    (["sim", "--rounds", "10", "--plot", "p.xyz"], ".png"),
    (["sim", "--rounds", "10", "--plot", "noext"], ".png"),
    (["sim", "--rounds", "10", "--plot", "out.png"], "folder"),
    (["sim", "--rounds", "10", "--plot", "/dev/full"], ".png"),
    (["chart", "--png", "chart"], ".png"),
    (["chart", "--png", "/dev/full"], ".png"),
    (["chart", "--png", "out.png"], "folder"),
    (["chart", "--html", "page.txt"], ".html"),
    (["chart", "--html", "out.html"], "folder"),
    (["chart", "--thumb", "--png", "thumbs.png"], "thumbs-thumb.png"),
    (["chips", "--png", "sheet.pdf"], ".png"),
    (["chips", "--pdf", "sheet"], ".pdf"),
    (["chips", "--pdf", "out.pdf"], "folder"),
    (["chips", "--png", "nowhere/sheet.png"], "no such folder"),
    (["chips", "--png", "markup.toml/sheet.png"], "markup.toml is not a folder"),
    (["train", "stats", "--png", "stats.jpg"], ".png"),
    (["train", "stats", "--png", "out.png"], "folder"),
    (["play", "--history", "hist"], "folder"),
    (["play", "--history", "/dev/full"], "not a regular file"),
    (["play", "--profile", "../../etc/passwd"], "a profile name is 1 to 64"),
    (["play", "--count", "\x1b[2Jhilo"], "--count is one of hilo"),
    (["play", "--profile", "pat", "--seats", "3"], "the coach sits beside one player"),
    (["sim", "--rounds", "10", "--save-chart", "/dev/full"], "not a regular file"),
    # 7. numeric options without bounds
    (["shuffle", "--seed", "-1"], "--seed"),
    (["shuffle", "--seed", str(2**64)], "--seed"),
    (["shuffle", "--delay", "inf"], "--delay"),
    (["shuffle", "--delay", "nan"], "--delay"),
    (["shuffle", "--delay", "1e9"], "--delay"),
    (["shuffle", "--measure", "--trials", "100000000"], "--trials"),
    (["sim", "--rounds", "1e300"], "--rounds"),
    (["sim", "--rounds", "10", "--workers", "1000000"], "--workers"),
    (["sim", "--rounds", "10", "--seed", str(2**64)], "--seed"),
    (["sim", "--rounds", "10", "--trip", "-5", "--bankroll", "10"], "--trip"),
    (["sim", "--rounds", "10", "--trip", str(10**13), "--bankroll", "10"], "--trip"),
    (["play", "--auto", "--rounds", "1", "--seed", str(2**64)], "--seed"),
    (["play", "--game", "durak", "--auto", "--rounds", "1", "--players", "99"], "--players"),
    (["dealer", "--shoe", "1,1,1,1,1,1,1,1,1,١٠"], "write numbers with the digits 0 to 9"),
    (["ev", "--hand", "10,6", "--up", "5", "--shoe", "4,4,4,4,4,4,4,4,4,1_6"],
     "whole numbers"),
]


def _listing(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


@pytest.fixture
def room(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory holding the hostile files and folders, and a cache and a
    trainer's profiles folder of its own."""
    work = tmp_path / "work"
    work.mkdir()
    for name, text in FILES.items():
        (work / name).write_text(text, encoding="utf-8")
    for name in FOLDERS:
        (work / name).mkdir()
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setenv("TWENTYONE_CACHE_DIR", str(cache))
    monkeypatch.setenv("TWENTYONE_TRAIN_DIR", str(tmp_path / "train"))  # no profile made
    monkeypatch.chdir(work)
    return tmp_path


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


@pytest.mark.parametrize(("argv", "fragment"), CASES, ids=[" ".join(c[0])[:60] for c in CASES])
def test_a_hostile_command_line_is_refused_in_words(room: Path, argv: list[str],
                                                    fragment: str) -> None:
    before = _listing(room)
    result = CliRunner().invoke(app, argv, env={"COLUMNS": "400"})
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        argv, repr(result.exception))
    assert result.exit_code != 0, (argv, result.output)
    assert "Traceback" not in result.output
    assert "\x1b" not in result.output  # nothing typed reaches the terminal as a control code
    assert _flat(fragment) in _flat(result.output), (argv, result.output)
    assert _listing(room) == before, argv  # refused before any work: nothing written


# --- the standard streams, in processes of their own ---------------------------------------------

#: The package under test, first on the child's path (a relative PYTHONPATH would not reach
#: it from the test's working directory).
SOURCE = str(Path(twentyone.__file__).resolve().parents[1])


def _run(argv: list[str], *, env: dict[str, str] | None = None, **streams: Any,
         ) -> subprocess.CompletedProcess[str]:
    path = os.pathsep.join([SOURCE, *filter(None, [os.environ.get("PYTHONPATH")])])
    return subprocess.run([sys.executable, "-m", "twentyone", *argv], text=True,
                          env={**os.environ, "PYTHONPATH": path, **(env or {})}, timeout=120,
                          check=False, **streams)


def test_a_closed_stdout_is_an_error_on_stderr(room: Path) -> None:
    done = _run(["rules"], stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1))
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert "standard output" in done.stderr


def test_a_closed_stdin_is_no_traceback(room: Path) -> None:
    done = _run(["play"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                preexec_fn=lambda: os.close(0))
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert "needs a terminal" in done.stderr


@pytest.mark.parametrize("argv", [["rules"], ["rules", "--json"], ["chips"],
                                  ["edge", "--infinite"]])
def test_a_pipe_closed_early_ends_quietly(room: Path, argv: list[str]) -> None:
    """``twentyone edge | head -c1``: the reader is gone before the first line; the command
    stops without a trace and with a non-zero status."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = _run(argv, stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


@pytest.mark.parametrize("argv", [["chips"], ["rules"], ["shuffle", "--decks", "1"],
                                  ["ev", "--hand", "10,6", "--up", "5", "--infinite"]])
def test_an_ascii_terminal_gets_readable_text(room: Path, argv: list[str]) -> None:
    """With an encoding that has no suit, chip or block symbols, the text still comes out,
    each such symbol shown as "?"."""
    done = _run(argv, env={"PYTHONIOENCODING": "ascii"}, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout.strip()


# --- every rule option bounded, by name (docs/casino.md#rule-options) ----------------------------

#: Per option, values out of its documented range (or of no sensible game): each is refused
#: with a ``RulesError`` that names the option.
ABSURD: dict[str, list[Any]] = {
    "decks": ["0", "9", "-1", 10**6],
    "hit_soft_17": ["maybe", 2], "peek": ["sometimes"], "peek_tens": [[]],
    "late_natural": ["never"], "naturals_paid_at_once": ["2"],
    "blackjack_pays": ["-3:-2", "3:0", "0:2", "1:3", "301:100", "1000000:1", "٣:٢", "3:2:1",
                       "3 : 2", "1.5:1", "3/2"],
    "double_on": ["12-13"], "double_for_less": ["half"], "double_after_split": [1.5],
    "split_by": ["suit"], "max_hands": ["0", "9", 10**9],
    "resplit_aces": ["x"], "split_face_down": ["x"], "hit_split_aces": ["x"],
    "surrender": ["always"], "insurance": ["all"], "even_money": ["x"],
    "penetration": ["0", "0.05", "0.995", "1", "-0.5", 1e-300],
    "cut_behind": ["0-10", "10-1000", [5, 400], "-5"],
    "burn": ["-1", "6", 10**9], "reshuffle": ["never"],
    "reshuffle_below": ["-1", "312", 10**9],
    "min_bet": ["0", "1000000001", "0.001"],
    "max_bet": ["1", "2000000000"],
    "bet_unit": ["0", "0.25", "1000"],
    "payout_rounding": ["0", "1000000000", "5", "0.25", "3"],
    "seats": ["0", "8", "-7"], "player_cards": ["sideways"], "hole_card_first": ["x"],
    "double_face_down": ["x"], "dealer_decides": ["x"], "ties_to_dealer": ["x"],
    "dealer_natural_collects": ["0", "4", "-1"], "changing_bank": ["x"],
    "payout_style": ["any"],
    "chips": [{}, *({"yellow": "0.50", name: "1"} for name in (
        "\x1b[2J", "[/x]", "red\nblue", "x" * 25, " ", "red ", "1st", "")),
        {"yellow": "0.50", "red": "0"}, {"yellow": "0.50", "red": "2000000000"},
        {"yellow": "0.50", **{f"c{i}": str(i + 1) for i in range(12)}}],
}
#: The ends of each numeric range, all taken.
EDGES: dict[str, list[Any]] = {
    "decks": ["1", "8"], "max_hands": ["1", "8"], "blackjack_pays": ["1:1", "6:5", "3:1"],
    "penetration": ["0.1", "0.99"], "burn": ["0", "5"], "reshuffle_below": ["0", "311"],
    "payout_rounding": ["0.5", "1"], "seats": ["1", "7"], "dealer_natural_collects": ["1", "3"],
    "chips": [{"yellow": "0.50", "light blue": "1", "o'hara": "2", "紫": "5"}],
}


def test_the_sweep_covers_every_option() -> None:
    assert set(ABSURD) == {f.name for f in dataclasses.fields(Rules)}


@pytest.mark.parametrize(("key", "value"), [(k, v) for k, vs in ABSURD.items() for v in vs],
                         ids=repr)
def test_an_absurd_rule_value_is_refused_by_name(key: str, value: Any) -> None:
    with pytest.raises(RulesError, match=key):
        Rules.from_mapping({key: value}, PRESETS["six-deck-s17"])


@pytest.mark.parametrize(("key", "value"), [(k, v) for k, vs in EDGES.items() for v in vs],
                         ids=repr)
def test_the_ends_of_each_range_are_taken(key: str, value: Any) -> None:
    Rules.from_mapping({key: value}, PRESETS["six-deck-s17"])


def test_a_natural_is_never_paid_less_than_even_money() -> None:
    """The two bounds together (blackjack_pays at least 1:1, payout_rounding dividing the bet
    unit): whatever a table sets that is taken, every bet's natural pays at least the bet."""
    for pays in ("1:1", "6:5", "3:2", "7:5", "2:1"):
        for rounding in ("0.5", "1", "2", "5", "10"):
            try:
                r = Rules.from_mapping({"blackjack_pays": pays, "payout_rounding": rounding},
                                       PRESETS["six-deck-s17"])
            except RulesError:
                continue
            for bet in range(r.min_bet, r.min_bet + 20 * r.bet_unit, r.bet_unit):
                paid = int(bet * r.blackjack_ratio) // r.payout_rounding * r.payout_rounding
                assert paid >= bet, (pays, rounding, bet)


# --- text from a rules file or a file name is shown as written ----------------------------------

def test_a_file_name_with_markup_and_escapes_is_shown_as_text(room: Path) -> None:
    """A rules file named with Rich markup and an escape code plays; its name comes out as
    text (the escape as "?"), never as styling or a control code."""
    name = "[bold]x\x1b[2J.toml"
    Path(name).write_text('preset = "classic"\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["play", "--auto", "--rounds", "1", "--rules", name],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "[bold]x?[2J.toml" in result.output and "\x1b" not in result.output
    result = CliRunner().invoke(app, ["ev", "--hand", "10,6", "--up", "5", "--infinite",
                                      "--rules", name])
    assert result.exit_code == 0, result.output
    assert "[bold]x?[2J.toml rules" in result.output and "\x1b" not in result.output


def test_the_procedure_does_not_wait_for_a_pipe(room: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """``shuffle --procedure > file`` writes the steps at once: no pause between them."""
    import time

    pauses: list[float] = []
    monkeypatch.setattr(time, "sleep", pauses.append)
    result = CliRunner().invoke(app, ["shuffle", "--procedure", "--decks", "1", "--delay", "5"])
    assert result.exit_code == 0, result.output
    assert pauses == []


# --- safeload: nesting bounded for every reader of TOML and JSON --------------------------------

def _nested(depth: int, leaf: Any = 1) -> Any:
    value = leaf
    for i in range(depth):
        value = [value] if i % 2 else {"a": value}
    return value


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2 * MAX_DEPTH), st.one_of(st.integers(), st.text(max_size=5)))
def test_json_reads_back_exactly_up_to_the_bound_and_refuses_past_it(depth: int,
                                                                     leaf: Any) -> None:
    data = _nested(depth, leaf)
    text = json.dumps(data)
    if depth <= MAX_DEPTH:
        assert loads_json(text) == data and loads_json(text.encode()) == data
    else:
        with pytest.raises(json.JSONDecodeError, match="nested too deeply"):
            loads_json(text)


@pytest.mark.parametrize("text", ["[" * DEEP, "{\"a\":" * DEEP, "[" * 5000 + "]" * 5000])
def test_json_too_deep_for_the_parser_is_a_decode_error(text: str) -> None:
    with pytest.raises(json.JSONDecodeError, match="nested too deeply"):
        loads_json(text)


@pytest.mark.parametrize("depth", [1, MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, 300, DEEP])
def test_toml_nesting_is_bounded(depth: int) -> None:
    text = "x = " + "[" * depth + "1" + "]" * depth
    if depth < MAX_DEPTH:  # the document's own table is one level
        assert loads_toml(text)["x"] == _nested_lists(depth)
    else:
        with pytest.raises(tomllib.TOMLDecodeError, match="nested too deeply"):
            loads_toml(text)


def _nested_lists(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value
