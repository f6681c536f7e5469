"""Hardening: every bad input a person can type gets one clear line and an exit status, never a
traceback, and changes nothing on disk (nor, for the engine, at the table). Hypothesis fuzzes the
parsers: the money parser, ``--set``, the TOML loader and the history loaders refuse anything
they cannot read with their own typed error and nothing else."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.engine.history import FORMAT, replay
from twentyone.engine.records import read_lines, verify_house, verify_player
from twentyone.engine.table import Table
from twentyone.errors import (
    BetError,
    ChipError,
    InsuranceError,
    MoneyError,
    ReplayError,
    RulesError,
    SeatError,
    ShoeError,
    TableError,
)
from twentyone.money import MAX_DOLLARS, parse_dollars
from twentyone.rules import PRESETS, Rules, load_rules, parse_set_options

#: Rules files written into the working directory before a case runs (name: bytes).
FILES: dict[str, bytes] = {
    "cut.toml": b"cut_behind = []\n",
    "preset.toml": b"preset = [1]\n",
    "decks.toml": b"decks = 1.5\n",
    "bool.toml": b"decks = true\n",
    "binary.toml": b"\x00\x01\x02\xff",
    "latin1.toml": b'surrender = "l\xe9te"\n',
    "broken.toml": b"decks = = 2\n",
    "inf.toml": b"min_bet = inf\n",
    "money.toml": b'min_bet = "1e999999"\n',
    "chips.toml": b"chips = [1, 2]\n",
    "bad.jsonl": b"\x00\x01",
}

#: (argv, a fragment of the one line it must print, exit status).
CASES: list[tuple[list[str], str, int]] = [
    # money in --set, --bankroll and TOML: inf, nan, snan, huge, exponents
    (["play", "--set", "min_bet=inf", "--auto", "--rounds", "1"], "not a dollar amount", 2),
    (["play", "--set", "min_bet=nan", "--auto", "--rounds", "1"], "not a dollar amount", 2),
    (["play", "--set", "min_bet=snan", "--auto", "--rounds", "1"], "not a dollar amount", 2),
    (["play", "--set", "min_bet=1e999999", "--auto", "--rounds", "1"], "not a dollar amount", 2),
    (["play", "--set", "max_bet=2000000000", "--auto", "--rounds", "1"], "more than", 2),
    (["play", "--bankroll", "inf", "--auto", "--rounds", "1"], "not a dollar amount", 2),
    (["play", "--bankroll", "1e999999", "--auto", "--rounds", "1"], "not a dollar amount", 2),
    (["play", "--bankroll", "-5", "--auto", "--rounds", "1"], "negative", 2),
    (["play", "--bankroll", "1.25", "--auto", "--rounds", "1"],
     "$1.25 cannot be made with this table's chips (smallest $0.50)", 2),
    (["play", "--game", "pontoon", "--bankroll", "1.50", "--auto", "--rounds", "1"],
     "cannot be made", 2),
    (["play", "--rules", "inf.toml", "--auto", "--rounds", "1"], "min_bet must be dollars", 2),
    (["play", "--rules", "money.toml", "--auto", "--rounds", "1"], "not a dollar amount", 2),
    # numeric ranges
    (["play", "--seed", "-1", "--auto", "--rounds", "1"], "--seed", 2),
    (["sim", "--seed", "-1", "--rounds", "10"], "--seed", 2),
    (["play", "--rounds", "0", "--auto"], "--rounds", 2),
    (["play", "--set", "decks=1.5", "--auto", "--rounds", "1"], "decks must be a whole number",
     2),
    (["play", "--set", "decks=99999999999999999999999", "--auto", "--rounds", "1"],
     "decks must be a whole number", 2),
    (["play", "--set", "penetration=nan", "--auto", "--rounds", "1"], "penetration must be", 2),
    (["play", "--set", "blackjack_pays=1000000:1", "--auto", "--rounds", "1"],
     "blackjack_pays", 2),
    # ev's options
    (["ev"], "ev needs --hand", 2),
    (["ev", "--up", "X"], "ev needs --hand", 2),
    (["ev", "--hand", "10,6", "--up", "X"], "card values are", 2),
    (["ev", "--hand", "10,Z", "--up", "5"], "card values are", 2),
    # --shoe too short for the hand, the up card and the round
    (["ev", "--hand", "10,6", "--up", "10", "--shoe", "1,0,0,0,0,1,0,0,0,2"], "too few cards", 2),
    (["ev", "--hand", "A,A", "--up", "A", "--shoe", "4,0,0,0,0,0,0,0,0,0"], "too few cards", 2),
    (["ev", "--hand", "10,6", "--up", "10", "--shoe", "0,0,0,0,0,0,0,0,0,9"],
     "does not hold the hand", 2),
    (["ev", "--hand", "10,6", "--up", "A", "--shoe", "1,0,0,0,0,1,0,0,0,40"],
     "blackjack", 2),
    (["dealer", "--shoe", "4,0,0,0,0,0,0,0,0,0"], "too few cards", 2),
    (["dealer", "--shoe", "x"], "whole numbers", 2),
    (["dealer", "--shoe", "1,1,1,1,1,1,1,1,1,999"], "at most", 2),
    # rules files: binary, not UTF-8, not TOML, values of the wrong shape
    (["chart", "--rules", "binary.toml"], "a binary file", 2),
    (["chart", "--rules", "latin1.toml"], "not UTF-8", 2),
    (["chart", "--rules", "broken.toml"], "not valid TOML", 2),
    (["chart", "--rules", "cut.toml"], "cut_behind must be", 2),
    (["chart", "--rules", "preset.toml"], "unknown preset", 2),
    (["chart", "--rules", "decks.toml"], "decks must be a whole number, not 1.5", 2),
    (["chart", "--rules", "bool.toml"], "decks must be a whole number, not true", 2),
    (["chart", "--rules", "chips.toml"], "chips must be a table", 2),
    (["chart", "--rules", "missing.toml"], "no preset or rules file", 2),
    (["edge", "--set", "nonsense"], "--set needs key=value", 2),
    (["edge", "--set", "colour=red"], "unknown rule option", 2),
    # sim: bankroll, ramp, scheduler
    (["sim", "--rounds", "10", "--bankroll", "-5"], "--bankroll", 2),
    (["sim", "--rounds", "10", "--bankroll", "nan"], "--bankroll must be a number", 2),
    (["sim", "--rounds", "10", "--count", "hilo", "--ramp", "1:1e308"], "a ramp bet", 2),
    (["sim", "--rounds", "10", "--count", "hilo", "--ramp", "nan:2"], "a ramp count", 2),
    (["sim", "--rounds", "10", "--max-units", "inf"], "--max-units must be a number", 2),
    (["sim", "--rounds", "10", "--trip", "100"], "--trip", 2),
    (["sim", "--rounds", "10", "--scheduler", "tcp://127.0.0.1:1", "--workers", "2"],
     "--workers does not apply", 2),
    # options that do not apply are refused, not ignored
    (["play", "--game", "pontoon", "--rules", "classic", "--auto", "--rounds", "1"],
     "--rules does not apply to Pontoon", 2),
    (["play", "--game", "pontoon", "--set", "decks=2", "--auto", "--rounds", "1"],
     "--set does not apply to Pontoon", 2),
    (["play", "--game", "pontoon", "--seats", "2", "--auto", "--rounds", "1"],
     "--seats does not apply", 2),
    (["play", "--game", "durak", "--bankroll", "50", "--auto", "--rounds", "1"],
     "--bankroll does not apply to durak", 2),
    (["play", "--auto", "--history", "h.jsonl", "--rounds", "1"],
     "--history does not apply with --auto", 2),
    (["play", "--auto", "--bot", "1", "--rounds", "1"], "--bot does not apply", 2),
    (["play", "--json"], "--json reports headless play", 2),
    (["play", "--rounds", "5"], "--rounds does not apply without --auto", 2),
    (["play", "--players", "3", "--auto", "--rounds", "1"], "--players does not apply", 2),
    (["ev", "--hand", "10,6", "--up", "5", "--infinite", "--shoe", "4,4,4,4,4,4,4,4,4,16"],
     "--shoe and --infinite", 2),
    (["dealer", "--infinite", "--shoe", "4,4,4,4,4,4,4,4,4,16"], "--shoe and --infinite", 2),
    # histories
    (["verify", "bad.jsonl"], "Not verified", 1),
]


def _listing(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


@pytest.fixture
def room(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory holding the bad files, and a rules cache of its own."""
    work = tmp_path / "work"
    work.mkdir()
    for name, data in FILES.items():
        (work / name).write_bytes(data)
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setenv("TWENTYONE_CACHE_DIR", str(cache))
    monkeypatch.chdir(work)
    return tmp_path


@pytest.mark.parametrize(("argv", "fragment", "status"), CASES,
                         ids=[" ".join(c[0])[:60] for c in CASES])
def test_bad_input_is_one_clear_line(room: Path, argv: list[str], fragment: str,
                                     status: int) -> None:
    before = _listing(room)
    result = CliRunner().invoke(app, argv)
    text = " ".join(result.output.split()).replace("│", "").replace("  ", " ")
    flat = " ".join(text.split())
    assert result.exit_code == status, (argv, result.output, result.exception)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        argv, repr(result.exception))
    assert " ".join(fragment.split()) in flat, (argv, result.output)
    assert _listing(room) == before, argv  # nothing written: no file, no cache entry


@pytest.mark.parametrize("argv", [
    ["play", "--set", "min_bet=snan", "--auto", "--rounds", "1"],
    ["ev", "--up", "X"],
    ["chart", "--rules", "binary.toml"],
])
def test_no_traceback_reaches_stderr(room: Path, argv: list[str]) -> None:
    """The real entry point, in a process of its own: one line, no trace."""
    env = {**os.environ, "COLUMNS": "200"}
    done = subprocess.run([sys.executable, "-m", "twentyone", *argv], capture_output=True,
                          text=True, env=env, timeout=120, check=False)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert done.stderr.strip()


def test_the_net_catches_a_typed_error_a_command_lets_through(
        room: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Were a command to miss a refusal, the group shows it as one line, not a traceback; a
    genuine bug (any other exception) is not hidden."""
    import twentyone.cli.strategy as strategy_cli

    def refuse(*_: Any, **__: Any) -> None:
        raise ChipError("no such chip")

    monkeypatch.setattr(strategy_cli, "house_edge", refuse)
    result = CliRunner().invoke(app, ["edge", "--rules", "classic"])
    assert result.exit_code == 2 and "Error: no such chip" in result.output

    def bug(*_: Any, **__: Any) -> None:
        raise KeyError("a bug")

    monkeypatch.setattr(strategy_cli, "house_edge", bug)
    result = CliRunner().invoke(app, ["edge", "--rules", "classic"])
    assert isinstance(result.exception, KeyError)


# --- the library --------------------------------------------------------------------------------

def _state(t: Table) -> tuple[Any, ...]:
    return (len(t.log), len(t.ops), {n: list(s.chips) for n, s in t.seats.items()},
            {n: [h.bet for h in s.hands] for n, s in t.seats.items()}, t.shoe.remaining)


NOT_WHOLE = [500.0, "500", True, Decimal(500), None, [500]]


@pytest.mark.parametrize("amount", NOT_WHOLE, ids=repr)
def test_the_table_takes_only_whole_cents(amount: Any) -> None:
    t = Table(PRESETS["classic"], seed=1)
    with pytest.raises(ChipError):
        t.sit(1, amount if amount is not None else 1.5)
    t.sit(1, 100_000)
    before = _state(t)
    with pytest.raises(BetError):
        t.bet(1, amount)
    assert not t.can_bet(1, amount)
    assert _state(t) == before


@pytest.mark.parametrize("seat", [1.0, True, "1", None], ids=repr)
def test_the_table_takes_only_whole_seats(seat: Any) -> None:
    t = Table(PRESETS["classic"], seed=1)
    with pytest.raises(SeatError):
        t.sit(seat, 100_000)
    t.sit(1, 100_000)
    before = _state(t)
    requests: list[Callable[[], object]] = [
        lambda: t.bet(seat, 500), lambda: t.hit(seat), lambda: t.leave(seat),
        lambda: t.insure(seat, 100), lambda: t.double(seat)]
    for request in requests:
        with pytest.raises(SeatError):
            request()
    assert _state(t) == before


def test_double_and_insure_refuse_amounts_that_are_not_cents() -> None:
    t = Table(PRESETS["classic"], seed=1)
    t.sit(1, 100_000)
    t.bet(1, 1000)
    t.deal()
    before = _state(t)
    with pytest.raises(TableError):
        t.double(1, 500.0)
    with pytest.raises(InsuranceError):
        t.insure(1, 250.0)
    assert _state(t) == before


def test_every_engine_refusal_is_a_table_error() -> None:
    assert issubclass(ChipError, TableError) and issubclass(ShoeError, TableError)
    assert not issubclass(RulesError, TableError)  # rules are refused before a table exists
    assert issubclass(MoneyError, ValueError)


# --- fuzzing the parsers ------------------------------------------------------------------------

FUZZ = settings(max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])

MONEYISH = st.one_of(
    st.text(max_size=30),
    st.text(alphabet="0123456789.,$-+eE naifINFAN_ ", max_size=30),
    st.from_regex(r"\$?\d{1,15}(\.\d{0,4})?", fullmatch=True),
    st.integers(), st.floats(), st.booleans(), st.decimals(),
)


@FUZZ
@given(MONEYISH)
def test_parse_dollars_gives_cents_or_a_value_error(text: Any) -> None:
    try:
        cents = parse_dollars(text)
    except ValueError as exc:
        assert isinstance(exc, MoneyError)
        return
    assert type(cents) is int and 0 <= cents <= MAX_DOLLARS * 100


@FUZZ
@given(st.from_regex(r"[0-9]{1,9}(\.[0-9][0-9])?", fullmatch=True))
def test_parse_dollars_reads_plain_amounts_exactly(text: str) -> None:
    """Amounts in the digits 0 to 9 (``\\d`` would draw other scripts' digits too, which every
    number a person types refuses: ``test_bad_input_cli_more``)."""
    assert parse_dollars(text) == int(Decimal(text) * 100)


OPTION_NAMES = [*Rules().to_mapping(), "preset", "colour"]
VALUES = st.one_of(st.text(max_size=12), st.integers(), st.floats(), st.booleans(),
                   st.none(), st.lists(st.integers(), max_size=3),
                   st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=3))


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(OPTION_NAMES), st.text(max_size=12)), max_size=4))
def test_set_options_give_rules_or_a_rules_error(pairs: list[tuple[str, str]]) -> None:
    with contextlib.suppress(RulesError):
        Rules.from_mapping(parse_set_options([f"{k}={v}" for k, v in pairs]),
                           PRESETS["classic"])


@FUZZ
@given(st.dictionaries(st.sampled_from(OPTION_NAMES), VALUES, max_size=4))
def test_native_values_give_rules_or_a_rules_error(options: dict[str, Any]) -> None:
    with contextlib.suppress(RulesError):
        Rules.from_mapping(options)


def _toml_value(v: Any) -> str:
    return json.dumps(v) if not isinstance(v, bool) else str(v).lower()


@FUZZ
@given(st.one_of(
    st.binary(max_size=60),
    st.dictionaries(st.sampled_from(OPTION_NAMES),
                    st.one_of(st.text(max_size=8), st.integers(), st.booleans(),
                              st.floats(allow_nan=False, allow_infinity=False),
                              st.lists(st.integers(-5, 100), max_size=3)),
                    max_size=4).map(
        lambda d: "\n".join(f"{k} = {_toml_value(v)}" for k, v in d.items()).encode())))
def test_toml_files_give_rules_or_a_rules_error(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.toml"
    path.write_bytes(data)
    with contextlib.suppress(RulesError):
        load_rules(str(path))


JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
              st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=20)
HISTORY_KEYS = ["format", "rules", "table", "shuffles", "operations", "events", "seats",
                "round", "hash", "prev", "commitment", "opening"]


@FUZZ
@given(st.dictionaries(st.sampled_from(HISTORY_KEYS), JSONISH, max_size=6))
def test_a_hand_history_replays_or_is_a_replay_error(history: dict[str, Any]) -> None:
    history.setdefault("format", FORMAT)
    with contextlib.suppress(ReplayError):
        replay(history)


@FUZZ
@given(st.lists(st.dictionaries(st.sampled_from(HISTORY_KEYS), JSONISH, max_size=6),
                min_size=1, max_size=3), st.binary(max_size=40))
def test_records_read_or_are_a_replay_error(tmp_path: Path, lines: list[dict[str, Any]],
                                            junk: bytes) -> None:
    path = tmp_path / "fuzz.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    for check in (verify_house, verify_player):
        with contextlib.suppress(ReplayError):
            check(read_lines(path))
    path.write_bytes(junk)
    with contextlib.suppress(ReplayError):
        read_lines(path)
