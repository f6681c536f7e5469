"""The same simulation on a Dask distributed cluster.

Chunks of rounds become tasks; each task runs the same kernel on the same random stream as it
would on one machine (chunk ``i`` draws from stream ``i``), and the statistics come back and are
summed in chunk order, so a cluster reports exactly what one machine would, only sooner. The
kernel's arguments are a few kilobytes of arrays, scattered once to every worker.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from dask.distributed import Client, as_completed

from twentyone.sim.runner import Array, KernelArgs, SimSpec, chunks, describe, merge, run_chunk
from twentyone.sim.stats import SimResult

#: How long to try to reach a scheduler before giving up (a closed port fails at once; an
#: address that does not answer fails after this).
CONNECT_SECONDS = 5


def _task(chunk: int, rounds: int, args: KernelArgs, seed: int) -> Array:
    return run_chunk(args, seed, chunk, rounds)


def simulate_on_cluster(spec: SimSpec, rounds: int, *, scheduler: str | Client, seed: int = 0,
                        progress: Callable[[int], None] | None = None) -> SimResult:
    """Simulate on the cluster at ``scheduler`` (an address such as ``tcp://host:8786``, or a
    connected ``Client``); ``progress`` is told the rounds of each chunk as it finishes."""
    if rounds < 1:
        raise ValueError("simulate at least one round")
    own = not isinstance(scheduler, Client)
    client = (Client(scheduler, timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]
              if isinstance(scheduler, str) else scheduler)
    try:
        start = time.perf_counter()
        jobs = list(chunks(rounds))
        [args] = client.scatter([spec.kernel_args()], broadcast=True)  # type: ignore[no-untyped-call]
        futures = client.map(_task, [i for i, _ in jobs], [n for _, n in jobs], args=args,
                             seed=seed, pure=False)
        if progress:
            sizes = {f.key: n for f, (_, n) in zip(futures, jobs, strict=True)}
            for fut in as_completed(futures):  # type: ignore[no-untyped-call]
                progress(sizes[fut.key])
        parts = client.gather(futures)  # type: ignore[no-untyped-call]
        seconds = time.perf_counter() - start
        info = client.scheduler_info()
    finally:
        if own:
            client.close()  # type: ignore[no-untyped-call]
    setup = describe(spec, rounds, seed) | {"workers": len(info.get("workers", {})),
                                            "scheduler": info.get("address")}
    return SimResult(merge(list(parts)), seconds, setup)
