"""The same simulation on a Dask distributed cluster.

Chunks of rounds become tasks; each task runs the same kernel on the same random stream as it
would on one machine (chunk ``i`` draws from stream ``i``), and the statistics come back and are
summed in chunk order, so a cluster reports exactly what one machine would, only sooner. The
kernel's arguments are a few kilobytes of arrays, scattered once to every worker.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from typing import Any

import numpy as np
from dask.distributed import Client

from twentyone.sim import kernel as K
from twentyone.sim.runner import Array, KernelArgs, SimSpec, chunks, describe, run_chunk
from twentyone.sim.stats import SimResult

#: How long to try to reach a scheduler before giving up (a closed port fails at once; an
#: address that does not answer fails after this).
CONNECT_SECONDS = 5


def _task(chunk: int, rounds: int, args: KernelArgs, seed: int) -> Array:
    return run_chunk(args, seed, chunk, rounds)


#: Tasks in flight per worker ahead of the chunk being summed (memory stays bounded).
AHEAD_PER_WORKER = 4


def simulate_on_cluster(spec: SimSpec, rounds: int, *, scheduler: str | Client, seed: int = 0,
                        progress: Callable[[int], None] | None = None) -> SimResult:
    """Simulate on the cluster at ``scheduler`` (an address such as ``tcp://host:8786``, or a
    connected ``Client``); ``progress`` is told the rounds of each chunk as it is summed.

    Chunks are submitted a window at a time and summed in chunk order as they come back, so
    memory does not grow with ``rounds``; Ctrl-C cancels the rest and returns what was summed,
    marked ``setup["interrupted"]`` (see ``runner.simulate``)."""
    if rounds < 1:
        raise ValueError("simulate at least one round")
    own = not isinstance(scheduler, Client)
    client = (Client(scheduler, timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]
              if isinstance(scheduler, str) else scheduler)
    total = np.zeros(K.N_STATS)
    interrupted = False
    try:
        start = time.perf_counter()
        info = client.scheduler_info()
        window = max(1, len(info.get("workers", {}))) * AHEAD_PER_WORKER
        [args] = client.scatter([spec.kernel_args()], broadcast=True)  # type: ignore[no-untyped-call]
        queue: deque[tuple[Any, int]] = deque()
        try:
            for i, n in chunks(rounds):
                queue.append((client.submit(_task, i, n, args, seed, pure=False), n))
                if len(queue) > window:
                    total += _take(queue, progress)
            while queue:
                total += _take(queue, progress)
        except KeyboardInterrupt:
            interrupted = True
            client.cancel([fut for fut, _ in queue])  # type: ignore[no-untyped-call]
        seconds = time.perf_counter() - start
    finally:
        if own:
            client.close()  # type: ignore[no-untyped-call]
    setup = describe(spec, rounds, seed) | {"workers": len(info.get("workers", {})),
                                            "scheduler": info.get("address"),
                                            "interrupted": interrupted}
    return SimResult(total, seconds, setup)


def _take(queue: deque[tuple[Any, int]], progress: Callable[[int], None] | None) -> Array:
    fut, n = queue[0]
    part: Array = fut.result()
    queue.popleft()
    if progress:
        progress(n)
    return part
