"""The deadlines every test's processes run under (``proc_kit``): a child that ignores Ctrl-C,
or never ends, is killed with everything it started, and the test fails saying so."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from proc_kit import run, started, wait_rusage, within

#: A child that ignores SIGINT and SIGTERM and starts a grandchild doing the same; each writes its
#: pid to the file named on the command line.
STUBBORN = """
import os, signal, subprocess, sys, time
signal.signal(signal.SIGINT, signal.SIG_IGN)
signal.signal(signal.SIGTERM, signal.SIG_IGN)
if sys.argv[2] == "parent":
    subprocess.Popen([sys.executable, "-c", sys.argv[1], sys.argv[1], "child", sys.argv[3]])
with open(sys.argv[3] + "." + sys.argv[2], "w") as f:
    f.write(str(os.getpid()))
time.sleep(600)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split()[2] == "Z")


def _pids(base: Path) -> list[int]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        files = [Path(f"{base}.parent"), Path(f"{base}.child")]
        if all(f.exists() and f.read_text() for f in files):
            return [int(f.read_text()) for f in files]
        time.sleep(0.05)
    pytest.fail("the stubborn processes did not start")


def _gone(pids: list[int]) -> bool:
    deadline = time.monotonic() + 30
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not any(_alive(p) for p in pids)


@pytest.mark.skipif(not Path("/proc").exists(), reason="reads /proc")
def test_a_child_that_ignores_ctrl_c_is_killed_at_the_deadline_with_its_own_child(
        tmp_path: Path) -> None:
    base = tmp_path / "pid"
    with started([sys.executable, "-c", STUBBORN, STUBBORN, "parent", str(base)]) as child:
        pids = _pids(base)
        os.killpg(child.pid, signal.SIGINT)
        with pytest.raises(pytest.fail.Exception, match="still running 1 s after"):
            wait_rusage(child, 1)
    assert _gone(pids)


@pytest.mark.skipif(not Path("/proc").exists(), reason="reads /proc")
def test_a_command_past_its_deadline_is_killed_with_what_it_started(tmp_path: Path) -> None:
    base = tmp_path / "pid"
    with pytest.raises(pytest.fail.Exception, match="did not end within 3 s"):
        run([sys.executable, "-c", STUBBORN, STUBBORN, "parent", str(base)], timeout=3)
    assert _gone(_pids(base))


@pytest.mark.skipif(not Path("/proc").exists(), reason="reads /proc")
def test_leaving_the_block_ends_a_stubborn_child_and_its_children(tmp_path: Path) -> None:
    base = tmp_path / "pid"
    with started([sys.executable, "-c", STUBBORN, STUBBORN, "parent", str(base)],
                 stdout=subprocess.DEVNULL, grace=1):
        pids = _pids(base)
    assert _gone(pids)


def test_a_child_answers_ctrl_c_even_when_the_suite_runs_with_it_ignored() -> None:
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # as under ``pytest &``
    try:
        with started([sys.executable, "-c", "import time; print('up', flush=True); "
                      "time.sleep(600)"], stdout=subprocess.PIPE, text=True) as child:
            assert child.stdout is not None and child.stdout.readline() == "up\n"
            os.killpg(child.pid, signal.SIGINT)
            wait_rusage(child, 60)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert child.returncode != 0


def test_a_call_that_never_returns_fails_at_its_deadline() -> None:
    with pytest.raises(pytest.fail.Exception, match=r"did not return within 0\.5 s"):
        within(0.5, lambda: time.sleep(60))
    assert within(5, lambda: 21) == 21
