"""``indices`` and ``ramp`` at the command line: what they print, what they refuse before any work,
and the ramp handed to the simulator as it was measured (docs/strategy.md#computed-index-numbers,
docs/strategy.md#optimal-bets)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.cli import ramp as ramp_cli
from twentyone.sim import indices as idx
from twentyone.sim import ramp as R
from twentyone.sim.stats import CountBin

runner = CliRunner()

#: A set as ``indices.compute`` makes it: one play a count changes, one it never does.
TWO_PLAYS = idx.IndexSet("test", "hilo", 3.75, "test", (
    idx.IndexPlay("16", "10", "stand", 0, "above", "hit", 0.45, "stand/hit"),
    idx.IndexPlay("11", "2", "hit", None, "above", "double", None, "double"),
    idx.IndexPlay("any", "A", "insurance", 3, "above", "no insurance", 3.03, "insurance")))


@pytest.fixture
def solved(monkeypatch: pytest.MonkeyPatch) -> None:
    """``indices`` reads ``TWO_PLAYS`` as if it were on disk: nothing is solved."""
    monkeypatch.setattr(idx, "cached", lambda rules, count, decks_left=None: True)
    monkeypatch.setattr(idx, "load", lambda rules, count, decks_left=None: TWO_PLAYS)


def test_indices_json_lists_what_the_table_lists(solved: None) -> None:
    """``--json`` gives the plays a count changes, as the table does; ``--all`` adds those it
    never changes, in both."""
    plain = json.loads(runner.invoke(app, ["indices", "--json"]).stdout)
    assert [p["hand"] for p in plain] == ["16", "any"]
    every = json.loads(runner.invoke(app, ["indices", "--json", "--all"]).stdout)
    assert [p["hand"] for p in every] == ["16", "11", "any"] and every[1]["index"] is None
    table = runner.invoke(app, ["indices", "--all"]).stdout
    assert "never (within -10..+10)" in table


@pytest.mark.parametrize("option", ["dealer_decides=true", "changing_bank=true"])
def test_indices_refuses_pontoons_options_by_name(option: str, solved: None) -> None:
    """The index numbers are the casino game's, as every odds command's figures are: the
    changing-bank game's options are refused by name, not left out of the solve
    (docs/casino.md)."""
    result = runner.invoke(app, ["indices", "--set", option])
    assert result.exit_code == 2
    assert option.split("=")[0] in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(("args", "words"), [
    (["--spread", "inf-inf"], "SMALLEST-LARGEST"),
    (["--spread", "1-inf"], "SMALLEST-LARGEST"),
    (["--spread", "nan-2"], "SMALLEST-LARGEST"),
    (["--plot", "out/r.xyz"], ".png"),
    (["--plot", "r.xyz"], ".png"),
    (["--plot", "nowhere/r.png"], "nowhere/r.png"),
])
def test_ramp_refuses_bad_input_before_any_simulation(
        args: list[str], words: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def no_work(*_: object, **__: object) -> None:
        raise AssertionError("simulated before refusing")

    monkeypatch.setattr(ramp_cli, "simulate", no_work)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["ramp", "--rounds", "100000", *args])
    assert result.exit_code == 2 and words in result.output, result.output
    assert "Traceback" not in result.output


def test_an_edge_not_shown_is_bet_one_unit_and_named() -> None:
    """True count -1 measuring +0.1% with an error of 0.3% is noise, and so is -8 measuring
    +40% (four errors) from a few rounds below the commonest count, where the advantage is
    negative: the optimal ramp bets one unit at both and names them. +4 (+2% with an error of
    0.5%) is an edge and is bet; +5 (+1% with an error of 0.8%) is bet, and named as rough."""
    bins = [CountBin(-8, 50, 0.0005, 0.4, 0.1), CountBin(-1, 100_000, 0.4, 0.001, 0.003),
            CountBin(0, 120_000, 0.4, -0.005, 0.003), CountBin(4, 20_000, 0.15, 0.02, 0.005),
            CountBin(5, 5_000, 0.05, 0.01, 0.008)]
    plan = R.optimal(bins, 8, 1, 0.135)
    assert plan.units.get(-8, 1.0) == plan.units.get(-1, 1.0) == 1.0 and plan.units[4] > 1
    assert plan.unsure == (-8, -1) and plan.to_json()["unsure_counts"] == [-8, -1]
    assert plan.rough == ((5,) if plan.units.get(5, 1.0) > 1 else ())
    notes = ramp_cli.unsure_notes(plan)
    assert "true counts -8, -1" in notes[0] and "one unit" in notes[0]


def test_the_simulators_ramp_steps_back_down_where_the_plan_does() -> None:
    """``sim --ramp`` bets a step's units up to the next step: a count back at one unit after
    a higher one is a step of its own, and the top count's bet holds above it."""
    plan = R.evaluate("x", [], {-2: 3.0, 1: 2.0, 2: 2.0, 10: 8.0}, 0.135)
    assert plan.sim_ramp == "-2:3,-1:1,1:2,3:1,10:8"


def test_the_printed_command_plays_the_ramp_and_earns_its_score(tmp_path: Path) -> None:
    """The command ``ramp`` ends with names the game (rules and every ``--set``), the count,
    the index plays, the ramp and the cards (rounds and seed); run as printed it earns the
    ramp's SCORE, within the ramp's own error (the same cards: the bet changes no card)."""
    png = tmp_path / "ramp.png"
    args = ["ramp", "--rules", "six-deck-s17", "--set", "decks=8", "--rounds", "100000",
            "--spread", "1-8", "--indices", "hilo-i18-fab4", "--seed", "3", "--plot", str(png)]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    command = shlex.split(out["sim_command"])
    assert command[:2] == ["twentyone", "sim"]
    for pair in (["--rules", "six-deck-s17"], ["--set", "decks=8"], ["--count", "hilo"],
                 ["--indices", "hilo-i18-fab4"], ["--rounds", "100000"], ["--seed", "3"],
                 ["--ramp", out["plans"][0]["sim_ramp"]]):
        at = command.index(pair[0])
        assert command[at:at + 2] == pair, (pair, command)
    text = runner.invoke(app, args)
    assert out["sim_command"] in text.stdout.replace("\n", "")
    played = runner.invoke(app, [*command[1:], "--workers", "1", "--json"])
    assert played.exit_code == 0, played.output
    sim = json.loads(played.stdout)
    ramp_plan = out["plans"][0]
    assert sim["rounds"] == out["rounds"] and sim["ev_per_round"] > 0
    assert abs(sim["score"] - ramp_plan["score"]) <= ramp_plan["score_standard_error"], (
        sim["score"], ramp_plan["score"], ramp_plan["score_standard_error"])
    assert png.stat().st_size > 10_000
