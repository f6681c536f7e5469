"""Downloads dealt off the event loop, each room's deal kept for its next download
(docs/web.md#what-one-server-withstands).

A history is written by dealing the room again from its ledger (``downloads``): after hundreds
of rounds that is a good part of a second of work, which on the event loop would stall every room.
Here the ledger's new rows are read on the loop (only those since the last download of the same
history: the ledger is written on the loop too, so the read sees whole requests), and the dealing
and writing happen in one worker thread, on a ``downloads.Replay`` no other thread touches. The
deal is then kept, so the next download deals only what the ledger took since.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from twentyone.web import downloads
from twentyone.web.downloads import Replay
from twentyone.web.store import Store

T = TypeVar("T")

#: How many rooms' deals are kept (a room's house record and each seat's history count apart).
KEEP = 32


class Histories:
    """The rooms' downloads, one at a time, dealt in a worker thread."""

    def __init__(self, store: Store, keep: int = KEEP) -> None:
        self.store = store
        self.keep = keep
        self._replays: OrderedDict[tuple[str, int | None], Replay] = OrderedDict()
        #: One download at a time: the worker is one thread, and a deal is read, extended and
        #: kept again by one download only.
        self._lock = asyncio.Lock()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="twentyone-download")

    async def house(self, code: str, spec: dict[str, Any], closed: bool) -> str:
        """The house's record of room ``code`` (``downloads.house_record``), as JSON lines; a
        closed room's last shoe is finished, so it is opened too."""
        return await self._text(code, spec, None,
                                lambda replay: downloads.house_lines(replay, closed=closed))

    async def seat(self, code: str, spec: dict[str, Any], seat: int, since_op: int) -> str:
        """What ``seat`` saw (``downloads.seat_history``), as JSON lines."""
        return await self._text(code, spec, seat,
                                lambda replay: downloads.seat_lines(replay, since_op))

    async def _text(self, code: str, spec: dict[str, Any], seat: int | None,
                    render: Callable[[Replay], list[dict[str, Any]]]) -> str:
        async with self._lock:
            key = (code, seat)
            replay = self._replays.pop(key, None) or Replay(spec, seat)
            ops, shuffles = self.store.tail(code, replay.applied, replay.shuffles)

            def work() -> str:
                replay.extend(ops, shuffles)
                return downloads.jsonl(render(replay))

            # Kept again only once it is whole: a download that failed or was given up leaves
            # no half-dealt room behind.
            text = await asyncio.get_running_loop().run_in_executor(self._pool, work)
            self._replays[key] = replay
            while len(self._replays) > self.keep:
                self._replays.popitem(last=False)
            return text

    async def off_loop(self, work: Callable[[T], str], arg: T) -> str:
        """``work(arg)`` in the worker thread (the ledger's CSV: rows read on the loop, written
        there)."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, work, arg)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
