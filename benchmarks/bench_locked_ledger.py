"""How long the server stops answering while another program holds its ledger's write lock.

Starts ``twentyone serve`` on a free loopback port with a fresh ledger and two rooms, then another
connection (this process, not the server's) takes the ledger's write lock and holds it for HOLD
seconds. Meanwhile one player asks for a seat in the first room again and again, about fifteen
times a second (each is refused: the ledger cannot take it), and another address (127.0.0.2) asks
``/health`` every 20 ms. Prints how long each refusal took and the longest ``/health`` answer: a
write that waits SQLite's own busy timeout on the event loop stops every room for as long.

    .venv/bin/python benchmarks/bench_locked_ledger.py [--hold S]

(To compare with another checkout's server, run it with that checkout's ``src`` first on
PYTHONPATH: the server is started with this interpreter and environment.)
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from tempfile import TemporaryDirectory

import httpx2
from websockets.sync.client import connect


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hold", type=float, default=8.0, help="seconds the lock is held")
    args = parser.parse_args()
    with TemporaryDirectory() as tmp:
        db = Path(tmp) / "l.sqlite3"
        proc = subprocess.Popen(
            [sys.executable, "-m", "twentyone", "serve", "--host", "127.0.0.1", "--port", "0",
             "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            assert proc.stdout is not None
            url = proc.stdout.readline().split(" at ")[1].split()[0].rstrip("/")
            while True:
                try:
                    httpx2.get(f"{url}/health", timeout=5)
                    break
                except httpx2.TransportError:
                    time.sleep(0.05)
            room = httpx2.post(f"{url}/api/rooms", json={"rules": "classic"},
                               timeout=30).json()["room"]
            httpx2.post(f"{url}/api/rooms", json={"rules": "classic"}, timeout=30)
            measure(url, room, db, args.hold)
        finally:
            proc.kill()
            proc.wait()


def measure(url: str, room: str, db: Path, hold: float) -> None:
    other = sqlite3.connect(str(db), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    until = time.monotonic() + hold
    health: list[float] = []
    refusals: list[float] = []

    def ask_health() -> None:
        with httpx2.Client(transport=httpx2.HTTPTransport(local_address="127.0.0.2"),
                           timeout=60) as client:
            while time.monotonic() < until:
                t = time.perf_counter()
                client.get(f"{url}/health")
                health.append(time.perf_counter() - t)
                time.sleep(0.02)

    watcher = threading.Thread(target=ask_health)
    watcher.start()
    with connect(f"{url.replace('http', 'ws')}/ws/{room}", open_timeout=60) as ws:
        ws.send(json.dumps({"type": "hello", "token": None}))
        ws.recv(60)
        n = 0
        while time.monotonic() < until:
            n += 1
            t = time.perf_counter()
            ws.send(json.dumps({"type": "op", "id": f"s{n}", "op": "sit", "name": "Bea",
                                "buy_in": 10_000}))
            while json.loads(ws.recv(60)).get("id") != f"s{n}":
                pass
            refusals.append(time.perf_counter() - t)
            time.sleep(0.06)  # within the messages a connection may send a second
    watcher.join()
    other.execute("ROLLBACK")
    other.close()
    print(f"lock held {hold:g} s: {len(refusals)} seats refused, each in "
          f"{min(refusals) * 1000:.0f}-{max(refusals) * 1000:.0f} ms; /health asked "
          f"{len(health)} times, longest answer {max(health) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
