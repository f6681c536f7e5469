"""``twentyone sim`` on the command line, and the same simulation on a Dask cluster."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest
from dask.distributed import Client, LocalCluster
from proc_kit import run, within
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.rules import PRESETS
from twentyone.sim.counting import SYSTEMS, IndexPlays
from twentyone.sim.distributed import simulate_on_cluster
from twentyone.sim.runner import CHUNK_ROUNDS, Player, SimSpec, simulate
from twentyone.strategy import basic_chart, rules_of_thumb

runner = CliRunner()


def sim(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["sim", "--json", *args])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_json_has_the_contract_fields_and_the_seed_decides_the_result() -> None:
    a = sim("--rounds", "20000", "--seed", "5", "--workers", "1")
    for key in ("rounds", "ev_per_round", "standard_error", "seconds", "rounds_per_second"):
        assert key in a
    assert a["rounds"] == 20000
    assert isinstance(a["ev_per_round"], float) and -0.1 < a["ev_per_round"] < 0.1
    b = sim("--rounds", "20000", "--seed", "5", "--workers", "2")
    assert (a["ev_per_round"], a["standard_error"]) == (b["ev_per_round"], b["standard_error"])
    c = sim("--rounds", "20000", "--seed", "6")
    assert c["ev_per_round"] != a["ev_per_round"]


def test_rules_overrides_count_ramp_and_bankroll() -> None:
    out = sim("--rules", "classic", "--set", "decks=2", "--rounds", "30000", "--count", "hilo",
              "--indices", "hilo-i18-fab4", "--ramp", "1:2,3:6", "--bankroll", "200",
              "--trip", "1000")
    setup = out["setup"]
    assert isinstance(setup, dict)
    assert setup["rules"]["decks"] == 2
    assert setup["count"] == "hilo" and setup["indices"] == "hilo-i18-fab4"
    assert setup["insurance"] == "count" and setup["betting"] == "ramp"
    assert "by_true_count" in out and "risk_of_ruin" in out


def test_chart_file_and_plot(tmp_path: Path) -> None:
    chart = tmp_path / "chart.txt"
    result = runner.invoke(app, ["sim", "--rounds", "5000", "--save-chart", str(chart),
                                 "--strategy", "rules-of-thumb", "--plot",
                                 str(tmp_path / "a.png"), "--count", "zen"])
    assert result.exit_code == 0, result.output
    assert "EV per round" in result.stdout and "By true count" in result.stdout
    assert (tmp_path / "a.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    from_file = sim("--rounds", "5000", "--strategy", str(chart), "--count", "zen")
    same = sim("--rounds", "5000", "--strategy", "rules-of-thumb", "--count", "zen")
    assert from_file["ev_per_round"] == same["ev_per_round"]


def test_a_progression_is_plotted_against_flat_betting_on_the_same_cards(
        tmp_path: Path) -> None:
    """docs/strategy.md#betting-systems-and-the-gamblers-fallacy: a martingale's bankroll paths
    beside flat betting's, the bet changing no card: the two traces win and lose the same
    rounds."""
    from twentyone.sim.betting import Betting
    from twentyone.sim.runner import trace

    png = tmp_path / "m.png"
    result = runner.invoke(app, ["sim", "--rounds", "20000", "--bet", "martingale",
                                 "--max-units", "64", "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rules = PRESETS["six-deck-s17"]
    player = Player(basic_chart(rules))
    flat = trace(SimSpec(rules, player), 5000, seed=3)[:, 1]
    mart = trace(SimSpec(rules, player, Betting(mode="martingale", max_units=64)), 5000,
                 seed=3)[:, 1]
    assert np.array_equal(np.sign(flat), np.sign(mart))


def test_bad_options_are_refused_with_the_reason() -> None:
    for args, reason in ((["--strategy", "nonsense"], "chart file"),
                         (["--count", "nope"], "known counts"),
                         (["--ramp", "1:2"], "count system"),
                         (["--set", "decks=12"], "decks"),
                         (["--enter", "2"], "both")):
        result = runner.invoke(app, ["sim", "--rounds", "100", *args])
        assert result.exit_code != 0
        assert reason in result.output, (args, result.output)


def test_a_dask_cluster_gives_exactly_the_one_machine_result() -> None:
    spec = SimSpec(PRESETS["six-deck-s17"], Player(rules_of_thumb(), SYSTEMS["hilo"],
                                                   IndexPlays.load("hilo-i18-fab4"), "count"))
    rounds = 2 * CHUNK_ROUNDS + 999
    local = simulate(spec, rounds, seed=42, workers=2)
    seen: list[int] = []
    cluster = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        remote = within(300, lambda: simulate_on_cluster(spec, rounds, scheduler=client,
                                                         seed=42, progress=seen.append))
    assert np.array_equal(local.stats, remote.stats)
    assert sorted(seen) == sorted([CHUNK_ROUNDS, CHUNK_ROUNDS, 999])
    assert remote.setup["workers"] == 2


class _Helper:
    """Stands in for the kernel-warming process: records how it was started and ended."""

    started: ClassVar[list[list[str]]] = []

    def __init__(self, args: list[str], **_: object) -> None:
        self.started.append(args)
        self.killed = False
        self.waited = False
        _Helper.last = self

    def kill(self) -> None:
        self.killed = True

    def wait(self) -> int:
        self.waited = True
        return 0

    last: ClassVar[_Helper]


def test_a_chart_to_solve_compiles_the_kernel_in_a_second_process_meanwhile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWENTYONE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(subprocess, "Popen", _Helper)
    _Helper.started = []
    sim("--rounds", "1000", "--set", "decks=3")  # a chart not on disk: solved, helper started
    assert [args[1:] for args in _Helper.started] == [["-m", "twentyone.sim.warm"]]
    assert _Helper.last.waited and not _Helper.last.killed
    sim("--rounds", "1000", "--set", "decks=3")  # now on disk: nothing to overlap
    sim("--rounds", "1000", "--strategy", "rules-of-thumb")
    assert len(_Helper.started) == 1
    result = runner.invoke(app, ["sim", "--set", "decks=5", "--count", "nonsense"])
    assert result.exit_code == 2  # the command failed while the helper ran: it is stopped
    assert len(_Helper.started) == 2 and _Helper.last.killed and _Helper.last.waited


def test_the_warming_process_runs_on_its_own() -> None:
    done = run([sys.executable, "-m", "twentyone.sim.warm"], timeout=300)
    assert done.returncode == 0, done.stderr


def test_the_first_run_says_it_compiles_and_a_cached_one_says_nothing(tmp_path: Path) -> None:
    """A fresh numba cache: the kernel compiles (about 10 s), and stderr says so and how long it
    took; stdout is the JSON alone. Then the kernel loads from that cache: not a word."""
    charts = tmp_path / "charts"
    env = os.environ | {"NUMBA_CACHE_DIR": str(tmp_path / "numba"),
                        "TWENTYONE_CACHE_DIR": str(charts)}
    with pytest.MonkeyPatch.context() as mp:  # the chart on disk: only the kernel compiles
        mp.setenv("TWENTYONE_CACHE_DIR", str(charts))
        basic_chart(PRESETS["classic"])
    command = [sys.executable, "-m", "twentyone", "sim", "--rounds", "1000", "--json"]
    first = run(command, env=env)
    assert first.returncode == 0, first.stderr
    assert "First run: compiling the simulator once (about 10 s" in first.stderr
    assert re.search(r"Compiled the simulator in \d+\.\d s\.", first.stderr), first.stderr
    assert json.loads(first.stdout)["rounds"] == 1000
    again = run(command, env=env)
    assert again.returncode == 0, again.stderr
    assert "compil" not in again.stderr.lower()
    assert json.loads(again.stdout)["rounds"] == 1000


def test_rules_that_run_the_shoe_dry_finish_and_count_the_rounds_called_off(
        tmp_path: Path) -> None:
    """docs/casino.md#when-the-dealer-reshuffles: one deck, seven seats splitting every pair to
    eight hands and hitting to 21 often put the whole pack on the table; the simulation calls
    those rounds off, as the table does, and reports how many."""
    from test_sim_equivalence import GREEDY_CHART

    chart = tmp_path / "greedy.txt"
    chart.write_text(GREEDY_CHART, encoding="utf-8")
    out = sim("--rules", "single-deck", "--set", "seats=7", "--set", "max_hands=8",
              "--set", "split_by=value", "--set", "penetration=0.98", "--seats", "7",
              "--strategy", str(chart), "--rounds", "5000", "--seed", "3", "--workers", "1")
    assert out["rounds"] == 5000
    assert isinstance(out["called_off"], int) and 0 < out["called_off"] < 5000
    assert sim("--rounds", "2000", "--seed", "3")["called_off"] == 0
