"""What a first run says while numba compiles: the solver and the simulator are compiled once,
on first use, and cached on disk (``compiled.cached`` tells whether a run will compile). Without
a word the command would sit silent for several seconds, so it says on stderr what it is doing,
about how long it takes and, after, how long it took. Nothing goes to stdout, so ``--json``
output stays as it is."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console

from twentyone.strategy import SOLVER_SECONDS as SOLVER_SECONDS

#: About how long the simulator's compile takes on a fresh install (two cores; docs/speed.md#speed).
SIMULATOR_SECONDS = 10


@contextmanager
def compiling(what: str | None, about: int) -> Iterator[None]:
    """While the body runs, say that ``what`` (e.g. "the solver") is compiling, once, for about
    ``about`` seconds; after it, how long that took. ``what=None`` says nothing."""
    if what is None:
        yield
        return
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    err.print(f"First run: compiling {what} once (about {about} s; later runs load it from "
              "the cache)...")
    start = time.perf_counter()
    with err.status(f"compiling {what}"):
        yield
    err.print(f"Compiled {what} in {time.perf_counter() - start:.1f} s.")
