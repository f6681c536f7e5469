"""A damaged cache never breaks a command: the crash test for every kind of cache file.

Each kind (the solver's saved chart and edge, numba's compiled-code index ``.nbi`` and data
``.nbc``) is truncated, emptied and garbled in a copy of a healthy cache, and ``chart``, ``edge``
and ``sim`` must still give the healthy cache's answers, with a one-line warning on stderr, and
leave the cache sound again. Subprocesses with their own ``TWENTYONE_CACHE_DIR`` and
``NUMBA_CACHE_DIR``: the healthy cache is built once (one compile) and each case damages a copy.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import proc_kit
import pytest

RULES = ("--rules", "single-deck")
SIM = ("sim", *RULES, "--rounds", "3000", "--seed", "4", "--workers", "1", "--json")
COMMANDS = {"chart": ("chart", *RULES), "edge": ("edge", *RULES, "--json"), "sim": SIM}
SOLVER_WARNING = "the saved odds for these rules were damaged; recomputing"
NUMBA_WARNING = "the compiled code saved on disk was damaged; compiling it again"


def run(cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"TWENTYONE_CACHE_DIR": str(cache / "odds"),
                        "NUMBA_CACHE_DIR": str(cache / "numba"), "COLUMNS": "100"}
    return proc_kit.run_cli(*args, env=env)


def answer(command: str, stdout: str) -> object:
    """What a command answered, less its timings."""
    if command == "chart":
        return stdout
    data = json.loads(stdout)
    data.pop("seconds", None)
    data.pop("rounds_per_second", None)
    return data


@pytest.fixture(scope="module")
def healthy(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    cache = tmp_path_factory.mktemp("healthy")
    answers = {}
    for name, args in COMMANDS.items():
        done = run(cache, *args)
        assert done.returncode == 0, done.stderr
        answers[name] = answer(name, done.stdout)
    return cache, answers


def truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def zero(path: Path) -> None:
    path.write_bytes(b"")


def garble(path: Path) -> None:
    data = bytearray(path.read_bytes())
    at = len(data) // 3
    data[at:at + 48] = bytes(255 - b for b in data[at:at + 48])
    path.write_bytes(bytes(data))


def one(folder: Path, pattern: str) -> Path:
    [path] = folder.rglob(pattern)
    return path


@pytest.mark.parametrize("damage", [truncate, zero, garble])
def test_every_kind_of_damaged_cache_file_is_rebuilt_and_every_command_still_answers(
        healthy: tuple[Path, dict[str, object]], damage: Callable[[Path], None],
        tmp_path: Path) -> None:
    source, answers = healthy
    cache = tmp_path / "cache"
    shutil.copytree(source, cache)
    damage(one(cache / "odds", "chart-*.npz"))
    damage(one(cache / "odds", "edge-*.json"))
    # The entry points called from Python (their callees' code is inside theirs): the solver's
    # index, the simulator kernels' data (a player alone runs the fast path, sim/solo.py).
    damage(one(cache / "numba", "player.play-*.nbi"))
    damage(one(cache / "numba", "kernel.play_chunk-*.nbc"))
    damage(one(cache / "numba", "solo.play_solo-*.nbc"))

    chart = run(cache, *COMMANDS["chart"])  # damaged chart, damaged solver index
    assert chart.returncode == 0, chart.stderr
    assert answer("chart", chart.stdout) == answers["chart"]
    assert SOLVER_WARNING in chart.stderr and NUMBA_WARNING in chart.stderr
    assert "Traceback" not in chart.stderr

    edge = run(cache, *COMMANDS["edge"])  # damaged edge, the chart rewritten above
    assert edge.returncode == 0, edge.stderr
    assert answer("edge", edge.stdout) == answers["edge"]
    assert SOLVER_WARNING in edge.stderr and NUMBA_WARNING not in edge.stderr

    sim = run(cache, *COMMANDS["sim"])  # damaged kernel data
    assert sim.returncode == 0, sim.stderr
    assert answer("sim", sim.stdout) == answers["sim"]
    assert NUMBA_WARNING in sim.stderr and SOLVER_WARNING not in sim.stderr

    # Everything was rewritten whole: the next runs read it without a word.
    for name in ("edge", "sim"):
        again = run(cache, *COMMANDS[name])
        assert answer(name, again.stdout) == answers[name]
        assert "damaged" not in again.stderr, again.stderr


def test_a_saved_chart_of_the_right_shape_with_invalid_codes_is_recomputed(
        healthy: tuple[Path, dict[str, object]], tmp_path: Path) -> None:
    """The case that once simulated an EV of -64%: a whole file, wrong plays in it."""
    source, answers = healthy
    cache = tmp_path / "cache"
    shutil.copytree(source, cache)
    path = one(cache / "odds", "chart-*.npz")
    with np.load(path) as data:
        tables = {k: data[k] for k in data.files}
    tables["hard"] = np.full_like(tables["hard"], 99)
    np.savez(path, **tables)
    (cache / "odds" / one(cache / "odds", "edge-*.json").name).write_text(
        '{"basic_strategy": NaN, "composition_dependent": 0.001}', encoding="utf-8")
    chart = run(cache, *COMMANDS["chart"])
    assert answer("chart", chart.stdout) == answers["chart"]
    assert chart.stderr.count(SOLVER_WARNING) == 1
    edge = run(cache, *COMMANDS["edge"])
    assert answer("edge", edge.stdout) == answers["edge"]
    assert SOLVER_WARNING in edge.stderr


# A cache entry that is not a file at all: numba wrote its new file over it and failed, every run.

#: A compiled function of the package's own kind (``compiled.no_refcount``), cheap to compile.
TINY = """
from twentyone.compiled import no_refcount

@no_refcount(python=True)
def add(x):
    return x + 1
"""
RUN_TINY = "import tiny; print(tiny.add(41))"


def _folder_instead(path: Path) -> None:
    path.unlink()
    (path / "inside").mkdir(parents=True)


def _file_instead(path: Path) -> None:
    shutil.rmtree(path)
    path.write_text("not a folder", encoding="utf-8")


@pytest.mark.parametrize(("pattern", "damage"), [
    ("*.nbi", _folder_instead), ("*.nbc", _folder_instead),
    ("", _file_instead),  # the module's folder in the cache
])
def test_a_cache_entry_that_is_not_a_file_is_replaced_with_one_notice(
        pattern: str, damage: Callable[[Path], None], tmp_path: Path) -> None:
    (tmp_path / "tiny.py").write_text(TINY, encoding="utf-8")
    cache = tmp_path / "numba"
    path = os.pathsep.join(p for p in (str(tmp_path), os.environ.get("PYTHONPATH")) if p)
    env = os.environ | {"NUMBA_CACHE_DIR": str(cache), "PYTHONPATH": path}

    def tiny() -> subprocess.CompletedProcess[str]:
        done = proc_kit.run([sys.executable, "-c", RUN_TINY], env=env, timeout=300)
        assert (done.returncode, done.stdout) == (0, "42\n"), done.stderr
        return done

    assert tiny().stderr == ""
    [entry] = cache.rglob(pattern) if pattern else cache.iterdir()
    damage(entry)
    assert tiny().stderr == f"twentyone: {NUMBA_WARNING}\n"
    assert tiny().stderr == ""  # healed: the next run loads it without a word
    assert entry.is_file() if pattern else entry.is_dir()
