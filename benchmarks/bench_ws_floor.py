"""The floor under the browser table's load benchmark: the same stack with no game in it.

A Starlette app under uvicorn, as ``twentyone serve`` runs, that does nothing but what every
operation at a party table must do at the least: answer the request and send each of the room's
connections a state frame of the size the real table sends (about 3.2 KB for seven seats). Each
room has a host and seven seats, and, as in the play of a hand, one request at a time: the
connection whose turn a frame names sends the next request as soon as it reads it. The bots
spend as little as they can (they read the turn from the frame's first bytes, never parse it).

Whatever the real server does, it cannot beat this: it answers the same requests with the same
frames over the same libraries, and also runs the game and writes the ledger. With ``--ledger``
each request is also written to a ledger on disk before it is answered, by the party table's own
store (``web.store.SqliteStore``: SQLite in WAL mode, one transaction a request) as one
operation of its room: the least any server pays that keeps the rule that nothing is answered
the ledger did not take, game or no game. Run:

    .venv/bin/python benchmarks/bench_ws_floor.py [--rooms N] [--seconds S] [--deflate]
        [--raw-bots] [--frame-bytes B] [--ledger] [--trimmed]

Prints operations per second, p50 and p99 latency and the server's CPU per wall second. The
server runs with glibc's heap never trimmed (``bench_web.STEADY_HEAP``): with the defaults this
small process gave its heap back after every burst of frames and took it again at the next, two
page faults an operation and a fifth of its cost, which is its size's, not the stack's
(``--trimmed`` runs it so, and each run prints its page faults per operation).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import websockets
from bench_web import STEADY_HEAP, cpu_seconds, page_faults

CONNECTIONS = 8  # a host and seven seats
FRAME_BYTES = 3200


def ledger_writer(path: Path) -> Callable[[str], None]:
    """Writes one operation of a room (a seat's hit, as the engine writes it) to a ledger at
    ``path``, a room made at its first, as the table commits a decision. The project's modules
    are imported only here: the floor without a ledger is the stack alone (their objects once
    made its heap large enough that glibc never trimmed it; ``STEADY_HEAP`` now does that)."""
    from twentyone.engine.ops import Hit
    from twentyone.web.store import SqliteStore, Transaction

    store = SqliteStore(path)
    made: set[str] = set()
    op = Hit(1).to_json()

    def write(code: str) -> None:
        if code not in made:
            store.create_room(code, {}, "")
            made.add(code)
        store.commit(code, Transaction(ops=[op]))

    return write


def server_app(frame_bytes: int, ledger: Path | None = None) -> object:
    """The app: each room's connections; a request is answered (with ``ledger``, once the
    party table's store has committed it as one operation of the room), then every connection
    of the room gets a state frame naming whose turn is next."""
    from starlette.applications import Starlette
    from starlette.responses import JSONResponse
    from starlette.routing import Route, WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    rooms: dict[str, list[WebSocket]] = defaultdict(list)
    padding = "x" * frame_bytes
    write = None if ledger is None else ledger_writer(ledger)

    async def health(_: object) -> JSONResponse:
        return JSONResponse({"status": "ok"})

    async def play(ws: WebSocket) -> None:
        await ws.accept()
        code = ws.path_params["room"]
        conns = rooms[code]
        me = int(ws.query_params["me"])
        conns.append(ws)
        try:
            while True:
                rid = await ws.receive_text()
                if write is not None:
                    write(code)
                await ws.send_text(f'{{"type":"reply","id":"{rid}","ok":true}}')
                turn = (me + 1) % CONNECTIONS
                frame = f'{{"turn":{turn},"type":"state","pad":"{padding}"}}'
                for c in conns:
                    await c.send_text(frame)
        except WebSocketDisconnect:
            return

    return Starlette(routes=[Route("/health", health), WebSocketRoute("/ws/{room}", play)])


def serve(port: int, deflate: bool, frame_bytes: int, ledger: Path | None) -> None:
    import uvicorn

    uvicorn.run(server_app(frame_bytes, ledger), host="127.0.0.1", port=port,  # type: ignore[arg-type]
                log_level="warning", ws_per_message_deflate=deflate)


async def seat(url: str, me: int, stop: float, latencies: list[float],
               ready: asyncio.Barrier) -> None:
    deflate = "deflate" if "deflate=1" in url else None
    async with websockets.connect(f"{url}&me={me}", compression=deflate,
                                  max_size=2**22) as ws:
        await ready.wait()
        sent: dict[str, float] = {}
        n = 0
        marker = f'{{"turn":{me},'
        if me == 0:
            sent["s0"] = time.perf_counter()
            await ws.send("s0")
        while time.perf_counter() < stop:
            try:
                frame = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            assert isinstance(frame, str)
            if frame.startswith('{"type":"reply"'):
                rid = frame.split('"id":"', 1)[1].split('"', 1)[0]
                latencies.append(time.perf_counter() - sent.pop(rid))
            elif frame.startswith(marker):
                n += 1
                rid = f"s{me}-{n}"
                sent[rid] = time.perf_counter()
                await ws.send(rid)


class RawBot(asyncio.Protocol):
    """A seat that speaks the websocket protocol by hand, uncompressed: the least a client in
    Python can spend on a frame (the server's frames come unmasked, so reading one is slicing)."""

    def __init__(self, me: int, stop: float, latencies: list[float]) -> None:
        self.me, self.stop, self.latencies = me, stop, latencies
        self.marker = f'{{"turn":{me},'.encode()
        self.buf = b""
        self.open = False
        self.sent: dict[bytes, float] = {}
        self.n = 0
        self.ready = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def send(self, text: bytes) -> None:
        # A client's frame is masked; an all-zero mask leaves the payload as it is.
        assert self.transport is not None and len(text) < 126
        self.transport.write(bytes((0x81, 0x80 | len(text), 0, 0, 0, 0)) + text)

    def request(self) -> None:
        self.n += 1
        rid = f"s{self.me}-{self.n}".encode()
        self.sent[rid] = time.perf_counter()
        self.send(rid)

    def data_received(self, data: bytes) -> None:
        self.buf += data
        if not self.open:
            head, sep, rest = self.buf.partition(b"\r\n\r\n")
            if not sep:
                return
            if not head.startswith(b"HTTP/1.1 101"):
                raise ConnectionError(head.decode(errors="replace"))
            self.open, self.buf = True, rest
            self.ready.set_result(None)
        buf = self.buf
        while len(buf) >= 2:
            size, at = buf[1] & 0x7F, 2
            if size == 126:
                size, at = int.from_bytes(buf[2:4], "big"), 4
            elif size == 127:
                size, at = int.from_bytes(buf[2:10], "big"), 10
            if len(buf) < at + size:
                break
            frame = buf[at:at + size]
            buf = buf[at + size:]
            if frame.startswith(b'{"type":"reply"'):
                rid = frame.split(b'"id":"', 1)[1].split(b'"', 1)[0]
                self.latencies.append(time.perf_counter() - self.sent.pop(rid))
            elif frame.startswith(self.marker) and time.perf_counter() < self.stop:
                self.request()
        self.buf = buf


async def raw_seat(port: int, room: int, me: int, stop: float, latencies: list[float],
                   ready: asyncio.Barrier) -> None:
    loop = asyncio.get_running_loop()
    key = "dGhlIHNhbXBsZSBub25jZQ=="
    _, bot = await loop.create_connection(
        lambda: RawBot(me, stop, latencies), "127.0.0.1", port)
    assert bot.transport is not None
    bot.transport.write(
        f"GET /ws/room{room}?me={me} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    await bot.ready
    await ready.wait()
    if me == 0:
        bot.request()
    await asyncio.sleep(max(0.0, stop - time.perf_counter()))
    bot.transport.close()


async def load(port: int, rooms: int, seconds: float, deflate: bool,
               raw: bool = False) -> list[float]:
    latencies: list[float] = []
    stop = time.perf_counter() + seconds
    tasks = []
    for r in range(rooms):
        ready = asyncio.Barrier(CONNECTIONS)
        url = f"ws://127.0.0.1:{port}/ws/room{r}?deflate={int(deflate)}"
        tasks += [raw_seat(port, r, me, stop, latencies, ready) if raw
                  else seat(url, me, stop, latencies, ready) for me in range(CONNECTIONS)]
    await asyncio.gather(*tasks)
    return latencies


@dataclass(frozen=True)
class Floor:
    """One run of the floor: operations a second, latency, and CPU (cores) of server and bots."""

    ops: float
    p50_ms: float
    p99_ms: float
    cpu: float
    bots: float
    #: The server's minor page faults per operation.
    faults: float

    @property
    def per_op_ms(self) -> float:
        return 1000 * self.cpu / self.ops


def measure(rooms: int, seconds: float, deflate: bool = False, raw: bool = False,
            frame_bytes: int = FRAME_BYTES, ledger: bool = False,
            trimmed: bool = False) -> Floor:
    """Start the floor's server in its own process (with ``ledger``, writing each request to a
    fresh ledger; with ``trimmed``, its heap trimmed as glibc's defaults do), load it for
    ``seconds``, and stop it."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # The ledger's folder outlives the server: it goes once the server is stopped.
    with tempfile.TemporaryDirectory() as tmp:
        flags = [*(["--deflate"] if deflate else []), "--frame-bytes", str(frame_bytes),
                 *(["--ledger-file", str(Path(tmp) / "ledger.db")] if ledger else [])]
        server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), *flags],
                                  env=os.environ | ({} if trimmed else STEADY_HEAP))
        try:
            for _ in range(300):
                with contextlib.suppress(OSError):
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2)
                    break
                time.sleep(0.1)
            cpu0, t0, own0 = cpu_seconds(server.pid), time.perf_counter(), time.process_time()
            faults0 = page_faults(server.pid)
            latencies = asyncio.run(load(port, rooms, seconds, deflate, raw))
            wall = time.perf_counter() - t0
            cpu = (cpu_seconds(server.pid) - cpu0) / wall
            faults = page_faults(server.pid) - faults0
            bots = (time.process_time() - own0) / wall
        finally:
            server.kill()
            server.wait(30)
    ms = sorted(x * 1000 for x in latencies)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))] if ms else float("nan")
    return Floor(len(ms) / wall, statistics.median(ms), p99, cpu, bots,
                 faults / max(1, len(ms)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rooms", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--deflate", action="store_true",
                    help="compress frames (permessage-deflate; the real server does not)")
    ap.add_argument("--frame-bytes", type=int, default=FRAME_BYTES,
                    help="the state frame's size (default: the real table's, seven seats)")
    ap.add_argument("--raw-bots", action="store_true",
                    help="bots that speak the protocol by hand, uncompressed (the cheapest)")
    ap.add_argument("--ledger", action="store_true",
                    help="write each request to a ledger on disk before answering it, as the "
                         "party table's store does")
    ap.add_argument("--trimmed", action="store_true",
                    help="the server's heap trimmed as glibc's defaults do (see above)")
    ap.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--ledger-file", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    deflate = args.deflate and not args.raw_bots
    if args.serve:
        serve(args.serve, deflate, args.frame_bytes, args.ledger_file)
        return
    f = measure(args.rooms, args.seconds, deflate, args.raw_bots, args.frame_bytes, args.ledger,
                args.trimmed)
    print(f"floor{' with a ledger' if args.ledger else ''}, {args.rooms} rooms x "
          f"{CONNECTIONS} connections, {args.seconds:g} s, {args.frame_bytes}-byte frames, "
          f"deflate {'on' if deflate else 'off'}: {f.ops:,.0f} operations/s")
    print(f"latency p50 {f.p50_ms:.1f} ms, p99 {f.p99_ms:.1f} ms; "
          f"server CPU {f.cpu:.2f} cores, bots {f.bots:.2f} cores; "
          f"{f.faults:.2f} page faults per operation")
    # Each operation is one request and its reply plus a state frame to every connection.
    frames = f.ops * (CONNECTIONS + 1)
    print(f"CPU per operation: server {f.per_op_ms:.3f} ms, bots {1000 * f.bots / f.ops:.2f} ms; "
          f"{frames:,.0f} frames/s")


if __name__ == "__main__":
    main()
