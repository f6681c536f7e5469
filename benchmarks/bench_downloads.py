"""How long the server stops answering while hosts download long histories.

Starts ``twentyone serve`` on a free loopback port with a fresh ledger, plays ROUNDS rounds at one
seat over a real websocket, then downloads the house's record TIMES at once (each in its own
thread) while another thread asks ``/health`` every 10 ms. Prints how long the downloads took and
the longest ``/health`` answer meanwhile: a download dealt on the event loop holds up every room
for as long as it takes.

    .venv/bin/python benchmarks/bench_downloads.py [--rounds N] [--times N]

(To compare with another checkout's server, run it with that checkout's ``src`` first on
PYTHONPATH: the server is started with this interpreter and environment.)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import httpx2
from websockets.sync.client import ClientConnection, connect


class Seat:
    """One websocket, reading up to each request's answer and keeping the last state."""

    def __init__(self, base: str, room: str, token: str | None) -> None:
        self.base, self.room, self.token = base, room, token
        self.n = 0
        self.view: dict[str, Any] = {}
        self._connect()

    def _connect(self) -> None:
        """A fresh connection: each may send only so many frames a second (the server's flood
        limit), so a bot playing fast takes a new one now and then, as a reloaded page does."""
        opened = connect(f"{self.base.replace('http', 'ws')}/ws/{self.room}", max_size=2**24)
        self.ws: ClientConnection = opened.__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": self.token}))
        self.view = {}
        while not self.view:
            self.read()

    def read(self) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(60))
        if frame["type"] == "state":
            self.view = {**frame["body"], "legal": [o["op"] for o in frame["legal"]]}
        return frame

    def send(self, op: str, **args: Any) -> dict[str, Any]:
        self.n += 1
        if self.n % 30 == 0:
            self.ws.close()
            self._connect()
        rid = f"{id(self):x}-{self.n}"
        self.ws.send(json.dumps({"type": "op", "id": rid, "op": op, **args}))
        while True:
            frame = self.read()
            if frame.get("id") == rid:
                if frame["type"] == "reply":
                    self.read()  # the state after it
                if op == "sit" and frame["type"] == "reply":
                    self.token = frame["token"]
                return frame


def play(base: str, rounds: int) -> tuple[str, str]:
    made = httpx2.post(f"{base}/api/rooms", json={"rules": "classic",
                                                  "settings": {"turn_s": 0}}).json()
    host = Seat(base, made["room"], made["host_token"])
    ann = Seat(base, made["room"], None)
    assert ann.send("sit", name="Ann", buy_in=1_000_000)["type"] == "reply"
    for _ in range(rounds):
        bet = ann.send("bet", amount=1000)
        assert bet["type"] == "reply", bet
        assert host.send("deal")["type"] == "reply"
        while ann.view["round"] != host.view["round"]:
            ann.read()  # up to the deal, as the seat sees it
        for _ in range(20):
            if ann.view["phase"] == "betting":
                break
            ann.send("decline" if "decline" in ann.view["legal"] else "stand")
    return made["room"], made["host_token"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=400)
    ap.add_argument("--times", type=int, default=10)
    args = ap.parse_args()
    with TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-m", "twentyone", "serve", "--host", "127.0.0.1", "--port", "0",
             "--db", str(Path(tmp) / "ledger.db")],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            assert server.stdout is not None
            base = server.stdout.readline().split(" at ")[1].split()[0].rstrip("/")
            for _ in range(600):
                try:
                    httpx2.get(f"{base}/health")
                    break
                except httpx2.TransportError:
                    time.sleep(0.05)
            room, host = play(base, args.rounds)
            url = f"{base}/api/rooms/{room}/history.jsonl"
            done = threading.Event()
            worst = [0.0]

            def watch() -> None:
                with httpx2.Client(timeout=60) as c:
                    while not done.is_set():
                        t = time.perf_counter()
                        c.get(f"{base}/health")
                        worst[0] = max(worst[0], time.perf_counter() - t)
                        time.sleep(0.01)

            lines: list[int] = []

            def fetch() -> None:
                text = httpx2.get(url, params={"token": host}, timeout=120).text
                lines.append(len(text.splitlines()))

            watcher = threading.Thread(target=watch)
            watcher.start()
            time.sleep(0.2)
            t0 = time.perf_counter()
            fetchers = [threading.Thread(target=fetch) for _ in range(args.times)]
            for th in fetchers:
                th.start()
            for th in fetchers:
                th.join()
            took = time.perf_counter() - t0
            done.set()
            watcher.join()
            print(f"{args.rounds} rounds, {args.times} downloads at once ({lines[0]} lines "
                  f"each): all done in {took:.2f} s; the longest /health answer meanwhile "
                  f"{worst[0] * 1000:.0f} ms")
        finally:
            server.kill()
            server.wait(60)


if __name__ == "__main__":
    main()
