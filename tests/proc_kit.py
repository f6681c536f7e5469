"""Every process a test starts has a deadline, and is ended at it, with all it started.

A child is started in a session of its own (``start_new_session``), so that at its deadline its
whole process group is killed: the command and any helper it started (``sim``'s compile helper, a
server's workers). A test waits only through these calls, each with a deadline; a child still
running at the deadline is killed and the test fails saying so, instead of hanging the suite
(``test_sim_limits``' huge run once waited 17 minutes on a child that went on after Ctrl-C).
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any, TypeVar

import pytest

_T = TypeVar("_T")

#: The longest any one command of the suite may take, compiles on a slow machine included.
DEADLINE_S = 600.0
#: How long a child is given to end after it is asked to (SIGINT, SIGTERM) before it is killed.
GRACE_S = 30.0


def kill_group(proc: subprocess.Popen[Any]) -> None:
    """SIGKILL the child's whole process group, and reap the child."""
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with suppress(ProcessLookupError):
        proc.kill()
    proc.wait(GRACE_S)


def _interruptible() -> None:
    """In the child: Ctrl-C as a terminal gives it. A process started with SIGINT ignored (a
    suite run in the background: ``pytest &``) passes that on, and Python then never raises
    KeyboardInterrupt: a child sent SIGINT would go on to the end of a trillion rounds."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextmanager
def started(argv: Sequence[str], *, grace: float = GRACE_S,
            **popen: Any) -> Iterator[subprocess.Popen[str]]:
    """``Popen(argv)`` in its own process group; on leaving (however the test went) it is asked
    to stop (SIGTERM), and killed with its group if it has not within ``grace`` s."""
    proc: subprocess.Popen[str] = subprocess.Popen(argv, start_new_session=True,
                                                   preexec_fn=_interruptible, **popen)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            with suppress(ProcessLookupError):
                proc.terminate()
            with suppress(subprocess.TimeoutExpired):
                proc.wait(grace)
        kill_group(proc)  # the group: whatever the child started goes with it
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


def finish(proc: subprocess.Popen[str], timeout: float = DEADLINE_S,
           input: str | None = None) -> tuple[str, str]:
    """The child's output once it ends; at ``timeout`` it is killed and the test fails."""
    try:
        out, err = proc.communicate(input, timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_group(proc)
        pytest.fail(f"{proc.args!r} did not end within {timeout:g} s and was killed")
    return out or "", err or ""


def run(argv: Sequence[str], *, timeout: float = DEADLINE_S, input: str | None = None,
        **popen: Any) -> subprocess.CompletedProcess[str]:
    """``subprocess.run`` with a deadline that kills the child's whole group; text in and out,
    output captured unless ``popen`` says otherwise."""
    popen = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True} | popen
    if input is not None:
        popen["stdin"] = subprocess.PIPE
    with started(argv, **popen) as proc:
        out, err = finish(proc, timeout, input)
    return subprocess.CompletedProcess(list(argv), proc.returncode, out, err)


def run_cli(*args: str, timeout: float = DEADLINE_S, input: str | None = None,
              **popen: Any) -> subprocess.CompletedProcess[str]:
    """``python -m twentyone ARGS`` through ``run``."""
    return run([sys.executable, "-m", "twentyone", *args], timeout=timeout, input=input, **popen)


def wait_rusage(proc: subprocess.Popen[Any], timeout: float) -> resource.struct_rusage:
    """Wait for the child (at most ``timeout`` s, then kill it and fail) and return what it
    used (``os.wait4``), setting its return code."""
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            proc.returncode = os.waitstatus_to_exitcode(status)
            return usage
        if time.monotonic() > deadline:
            kill_group(proc)
            pytest.fail(f"{proc.args!r} was still running {timeout:g} s after it was asked "
                        "to stop, and was killed")
        time.sleep(0.05)


def within(timeout: float, call: Callable[[], _T]) -> _T:
    """``call()``, which waits on other processes or threads (a cluster's workers, a server's
    replies), given ``timeout`` s: run on a thread of its own, the test fails at the deadline
    (the caller's ``with`` blocks then close what it started)."""
    box: list[_T] = []
    failed: list[BaseException] = []

    def go() -> None:
        try:
            box.append(call())
        except BaseException as exc:  # handed to the test's own thread below
            failed.append(exc)

    thread = threading.Thread(target=go, daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        pytest.fail(f"{call!r} did not return within {timeout:g} s")
    if failed:
        raise failed[0]
    return box[0]


def join_all(threads: Iterable[threading.Thread], timeout: float = DEADLINE_S) -> None:
    """Join each thread, all of them within ``timeout`` s together, else fail."""
    deadline = time.monotonic() + timeout
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
        if thread.is_alive():
            pytest.fail(f"{thread.name} was still running after {timeout:g} s")
