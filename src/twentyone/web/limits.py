"""What one party-table server withstands, and the small tools that hold it there
(docs/web.md#what-one-server-withstands).

A server on a network answers strangers too. Each client address may hold only so many
connections, must say hello on a websocket and send an HTTP request's headers within a time, and
may create rooms and download histories only at a rate; all of them together may hold only so
many connections, create rooms only at a rate and have only so many downloads under way; idle
rooms leave memory (their ledger stays). ``Limits`` holds those figures: its defaults are the
ones docs/web.md quotes, and ``twentyone serve`` lets a host change them.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """The limits of one server (docs/web.md#what-one-server-withstands)."""

    #: Connections (HTTP or websocket) one client address may hold open at once.
    conns_per_client: int = 64
    #: Connections all addresses together may hold open at once (``twentyone serve`` lowers it
    #: to what its open-file limit leaves room for). At the total, a newcomer from an address
    #: holding fewer than another is let in by closing one of that address's connections that
    #: has not yet sent its request; otherwise it is refused in words.
    conns_total: int = 2048
    #: Seconds a new connection has to send its HTTP request's headers, and a websocket to say
    #: hello once open.
    header_timeout_s: float = 10.0
    hello_timeout_s: float = 10.0
    #: Seconds an idle HTTP keep-alive connection stays open.
    keep_alive_s: int = 5
    #: Rooms one client address may create: a burst, then one every ``room_every_s`` seconds.
    rooms_burst: int = 20
    room_every_s: float = 10.0
    #: Rooms all addresses together may create: a burst, then one every ``rooms_total_every_s``
    #: seconds (each room is kept in memory until it has been idle ``room_idle_s``).
    rooms_total_burst: int = 100
    rooms_total_every_s: float = 1.0
    #: Downloads (histories and ledgers) one client address may make: a burst, then one every
    #: ``download_every_s`` seconds.
    downloads_burst: int = 20
    download_every_s: float = 3.0
    #: Downloads being dealt or waiting their turn at once, from all addresses together (they
    #: are dealt one at a time); past it, 503 "busy with other downloads".
    downloads_total: int = 8
    #: Messages one websocket may send: a burst, then ``messages_per_s`` a second (a person
    #: makes a few a second at most; past it the connection is closed, "too many messages").
    messages_burst: int = 40
    messages_per_s: float = 20.0
    #: Seconds a room with nobody connected and no round under way stays in memory.
    room_idle_s: float = 600.0
    #: A repeated error is logged once in this many seconds, with how many more there were.
    log_every_s: float = 10.0
    #: Seconds a write to the ledger waits for another program's lock on its file before the
    #: request is refused (``store.WAIT_S``): every room waits while one write does.
    ledger_wait_s: float = 0.05


class Buckets:
    """A token bucket per client address (or per anything keyed: a websocket's messages):
    ``burst`` at once, then one every ``every_s`` seconds. Only addresses that have spent
    something are kept, and a full bucket is forgotten, so a crowd of addresses costs memory
    only while it is spending."""

    def __init__(self, burst: int, every_s: float,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.every_s = every_s
        self.now = now
        #: Each address's tokens, at the time they were counted.
        self._held: dict[str, tuple[float, float]] = {}

    def allow(self, client: str) -> bool:
        """Take one token from ``client``'s bucket; False (and nothing taken) if it is empty."""
        t = self.now()
        tokens, at = self._held.get(client, (float(self.burst), t))
        tokens = min(float(self.burst), tokens + (t - at) / self.every_s)
        if tokens < 1:
            self._held[client] = (tokens, t)
            return False
        self._held[client] = (tokens - 1, t)
        if len(self._held) > 4 * 1024:
            self._forget_full(t)
        return True

    def wait_s(self, client: str) -> float:
        """Seconds until ``client`` may again (0 if it may now)."""
        tokens, at = self._held.get(client, (float(self.burst), self.now()))
        tokens = min(float(self.burst), tokens + (self.now() - at) / self.every_s)
        return max(0.0, (1 - tokens) * self.every_s)

    def _forget_full(self, t: float) -> None:
        for client, (tokens, at) in list(self._held.items()):
            if tokens + (t - at) / self.every_s >= self.burst:
                del self._held[client]


class Slots:
    """At most ``n`` of something at once, from everyone together (downloads in progress):
    ``hold`` yields whether one was free, and gives it back after."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.used = 0

    @contextlib.contextmanager
    def hold(self) -> Iterator[bool]:
        if self.used >= self.n:
            yield False
            return
        self.used += 1
        try:
            yield True
        finally:
            self.used -= 1


class LogThrottle(logging.Filter):
    """One log line per ``every_s`` seconds for each kind of repeated record (same logger, same
    message and the same exception type), the next one saying how many were left out. A server
    out of file descriptors fails every accept the same way; one traceback a second per socket
    would fill a disk instead of saying so once."""

    def __init__(self, every_s: float, now: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every_s = every_s
        self.now = now
        #: Each kind's last line's time and how many were left out since.
        self._kinds: dict[tuple[str, str, str], tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else ""
        kind = (record.name, str(record.msg), exc)
        t = self.now()
        last = self._kinds.get(kind)
        if last is not None and t - last[0] < self.every_s:
            self._kinds[kind] = (last[0], last[1] + 1)
            return False
        if last is not None and last[1]:
            record.msg = f"{record.msg} (and {last[1]} more like it in the last " \
                         f"{t - last[0]:.0f} s)"
        if len(self._kinds) > 1024:
            self._kinds.clear()
        self._kinds[kind] = (t, 0)
        return True


#: The loggers a flood of failures writes to: asyncio's (a failed accept) and uvicorn's errors.
NOISY = ("asyncio", "uvicorn.error")


def throttle_logs(every_s: float) -> LogThrottle:
    """Put one ``LogThrottle`` on each of the server's noisy loggers (docs/web.md)."""
    throttle = LogThrottle(every_s)
    for name in NOISY:
        logging.getLogger(name).addFilter(throttle)
    return throttle


def raise_open_files() -> tuple[int, int] | None:
    """Raise this process's soft limit of open files to its hard limit where the system
    allows (every connection is one file); the (soft, hard) limits after, or None where there
    is no such limit (Windows)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 16)
    if soft != resource.RLIM_INFINITY and soft < want:
        # A system that allows less (macOS caps it below "unlimited") keeps its soft limit.
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)
