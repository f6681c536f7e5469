"""Huge inputs are bounded, runs can be stopped, and output paths are checked before the work."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from proc_kit import finish, run, started, wait_rusage
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.rules import PRESETS
from twentyone.sim.runner import CHUNK_ROUNDS, Player, SimSpec, simulate
from twentyone.strategy import rules_of_thumb

runner = CliRunner()


@pytest.mark.parametrize(("text", "rounds"), [("2e3", 2000), ("2_000", 2000), ("1.5e3", 1500)])
def test_rounds_may_be_written_in_e_notation_or_with_underscores(text: str, rounds: int) -> None:
    result = runner.invoke(app, ["sim", "--rounds", text, "--strategy", "rules-of-thumb",
                                 "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["rounds"] == rounds


@pytest.mark.parametrize("text", ["0", "1.5", "-3", "lots", "inf", "nan"])
def test_rounds_that_are_not_a_whole_positive_number_are_refused(text: str) -> None:
    result = runner.invoke(app, ["sim", "--rounds", text, "--strategy", "rules-of-thumb"])
    assert result.exit_code == 2
    assert "--rounds" in result.output


def _threads(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("Threads:"))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_a_huge_run_is_bounded_in_memory_and_ctrl_c_prints_the_result_so_far() -> None:
    """``--rounds 1e12`` (3.8 million chunks): nothing is allocated per chunk up front, and
    Ctrl-C (SIGINT to the process group, as a terminal sends it) once the worker threads are
    dealing stops it with a partial result, no traceback; a child that went on regardless is
    killed at the deadline and the test fails."""
    # The kernel compiled first, so that the child is dealing when it is interrupted; one
    # thread each for NumPy's libraries, so that four threads are the main one, the progress
    # bar's and the two workers.
    env = os.environ | {name: "1" for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS",
                                               "MKL_NUM_THREADS")}
    warm = run([sys.executable, "-m", "twentyone.sim.warm"], env=env)
    assert warm.returncode == 0, warm.stderr
    command = [sys.executable, "-m", "twentyone", "sim", "--strategy", "rules-of-thumb",
               "--workers", "2", "--json", "--rounds"]
    # The same command for a few chunks: what the interpreter, NumPy, numba and the kernels
    # take on this machine, whatever it had to load or compile (a fixed bound once failed on
    # a machine where it read 796 MB).
    with started([*command, "1e6"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                 text=True) as small:
        baseline = wait_rusage(small, 300).ru_maxrss
        finish(small, 30)
    assert small.returncode == 0
    with started([*command, "1e12"], env=env,
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
        for _ in range(1200):  # until the pool's threads are up (or the child has ended)
            if child.poll() is not None or _threads(child.pid) >= 4:
                break
            time.sleep(0.1)
        time.sleep(1.5)
        os.killpg(child.pid, signal.SIGINT)
        usage = wait_rusage(child, 120)
        out, err = finish(child, 30)
    assert child.returncode == 0, err
    assert "Traceback" not in err
    data = json.loads(out)
    assert data["interrupted"] is True and data["setup"]["interrupted"] is True
    assert data["setup"]["rounds_requested"] == 10**12
    assert data["rounds"] % CHUNK_ROUNDS == 0 and data["rounds"] < 10**12
    # KiB: 3.8 million chunks planned up front would take hundreds of MB more than a few
    assert usage.ru_maxrss < baseline + 100 * 1024, (usage.ru_maxrss, baseline)


def test_an_interrupted_run_keeps_the_chunks_it_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in the middle: the result is the chunks summed so far, in order, marked."""
    from twentyone.sim import runner as R

    spec = SimSpec(PRESETS["six-deck-s17"], Player(rules_of_thumb()))
    whole = simulate(spec, 2 * CHUNK_ROUNDS, seed=3, workers=1)
    calls = 0
    real = R.run_chunk

    def third_interrupts(*args: object) -> object:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(R, "run_chunk", third_interrupts)
    for workers in (1, 2):
        calls = 0
        part = simulate(spec, 10 * CHUNK_ROUNDS, seed=3, workers=workers)
        assert part.setup["interrupted"] is True
        assert part.rounds == 2 * CHUNK_ROUNDS
        assert (part.stats == whole.stats).all()
    assert simulate(spec, 1000, workers=2).setup["interrupted"] is False


def test_ctrl_c_while_the_kernel_compiles_stops_the_command(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The warm-up's one round answered Ctrl-C with "no rounds dealt" and the run went on to
    deal its trillion rounds; Ctrl-C there stops the command."""
    from twentyone.sim import runner as R
    from twentyone.sim.warm import load_kernel

    def interrupted(*args: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(R, "run_chunk", interrupted)
    with pytest.raises(KeyboardInterrupt):
        load_kernel()


# Output paths: checked before any work (docs: README, "What is here").

@pytest.mark.parametrize(("args", "option"), [
    (["chart", "--png", "{missing}/chart.png"], "--png"),
    (["chart", "--html", "{folder}"], "--html"),
    (["sim", "--plot", "{missing}/report.png"], "--plot"),
    (["sim", "--save-chart", "{file}/chart.txt"], "--save-chart"),
    (["play", "--auto", "basic", "--rounds", "1", "--history", "{missing}/hands.jsonl"],
     "--history"),
])
def test_an_output_path_that_cannot_be_written_fails_at_once(
        args: list[str], option: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    odds = tmp_path / "odds"
    monkeypatch.setenv("TWENTYONE_CACHE_DIR", str(odds))
    (tmp_path / "file").write_text("x", encoding="utf-8")
    places = {"missing": tmp_path / "nope", "folder": tmp_path, "file": tmp_path / "file"}
    argv = [a.format(**places) for a in args]
    # rules whose chart is not on disk: had the command begun its work, it would solve one
    result = runner.invoke(app, [*argv, "--set", "decks=3", "--set", "hit_soft_17=true"])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.replace("│", " ").split())
    assert option in text and "cannot write" in text
    assert any(why in text for why in ("no such folder", "is a folder", "is not a folder"))
    assert not odds.exists()  # nothing was solved or saved
