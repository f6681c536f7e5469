"""What one server withstands (docs/web.md#what-one-server-withstands), over real sockets against
``twentyone serve`` on loopback: a client address over its connection cap is refused in words
while another address (127.0.0.2) still gets ``/health`` and a seat; silent and half-sent
connections are closed; a websocket that never says hello is closed with the reason; the server
raises its own open-file limit; a flood of failed accepts is logged once an interval.

Every process has a deadline, every socket a timeout, and only loopback addresses are used."""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from twentyone.cli.app import app as cli
from twentyone.cli.serve import (
    CONNS_PER_CLIENT,
    DOWNLOADS,
    MESSAGES_PER_S,
    NEW_ROOMS,
    ROOM_IDLE_S,
    TIMEOUT_S,
)
from twentyone.web.limits import Limits

OTHER = "127.0.0.2"  # a second client: another loopback address
#: Seconds any one step may take before the test gives up on it (not a measurement).
PATIENCE = 30.0

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="needs 127.0.0.2 and /proc")


@contextmanager
def serve(db: Path, *args: str, nofile: tuple[int, int] | None = None,
          stderr: Path | None = None) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``twentyone serve`` on a free loopback port (with ``nofile`` as its open-file limits);
    yields its address and process, and kills it after."""

    def limit() -> None:
        if nofile is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, nofile)

    with ExitStack() as stack:
        err = stack.enter_context(stderr.open("w")) if stderr else subprocess.DEVNULL
        proc = subprocess.Popen(
            [sys.executable, "-m", "twentyone", "serve", "--host", "127.0.0.1", "--port", "0",
             "--db", str(db), *args],
            stdout=subprocess.PIPE, stderr=err, text=True, preexec_fn=limit,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            url = line.split(" at ")[1].split()[0].rstrip("/")
            deadline = time.monotonic() + PATIENCE
            while time.monotonic() < deadline:
                try:
                    if httpx2.get(f"{url}/health", timeout=5).status_code == 200:
                        break
                except httpx2.TransportError:
                    time.sleep(0.05)
            yield url, proc
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=PATIENCE)


def other_client() -> httpx2.Client:
    return httpx2.Client(transport=httpx2.HTTPTransport(local_address=OTHER), timeout=PATIENCE)


def silent_sockets(url: str, n: int) -> list[socket.socket]:
    """``n`` connections from 127.0.0.1 that send nothing, or (every third) half a request."""
    host, port = url.removeprefix("http://").split(":")
    out = []
    for i in range(n):
        s = socket.create_connection((host, int(port)), timeout=PATIENCE)
        if i % 3 == 2:
            s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")  # headers never finished
        out.append(s)
    return out


def closed_by_server(s: socket.socket) -> bool:
    """Whether the server closed ``s`` (read to the end, within PATIENCE)."""
    try:
        while True:
            data = s.recv(4096)
            if not data:
                return True
    except (TimeoutError, OSError) as exc:
        return not isinstance(exc, TimeoutError)


def sit_from(url: str, room: str, client: str = OTHER) -> dict[str, Any]:
    """A newcomer at ``client`` joins ``room`` and sits; the reply to the sit."""
    ws_url = f"{url.replace('http', 'ws')}/ws/{room}"
    with connect(ws_url, source_address=(client, 0), open_timeout=PATIENCE) as ws:
        ws.send(json.dumps({"type": "hello", "token": None}))
        assert json.loads(ws.recv(PATIENCE))["type"] == "welcome"
        ws.send(json.dumps({"type": "op", "id": "s1", "op": "sit", "name": "Bea",
                            "buy_in": 10_000}))
        while True:
            frame: dict[str, Any] = json.loads(ws.recv(PATIENCE))
            if frame.get("id") == "s1":
                return frame


def soft_nofile(pid: int) -> tuple[int, int]:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            soft, hard = line.split()[3:5]
            return int(soft), int(hard)
    raise AssertionError("no open-file limit in /proc")


def test_one_address_over_its_cap_is_refused_in_words_while_another_still_plays(
        tmp_path: Path) -> None:
    """docs/web.md#what-one-server-withstands: with the default limits, 100 silent connections
    from one address (the cap and 36 more; a third of them half a request) leave ``/health``
    and a new player from another address answered; that address's next request is refused in
    words (429, or its websocket closed with the reason); the server closes every silent
    connection; and then the address is served again. The server was started with a soft limit
    of 64 open files: it raises it to the hard limit itself."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    with serve(tmp_path / "l.sqlite3", nofile=(64, hard)) as (url, proc):
        assert soft_nofile(proc.pid)[0] == soft_nofile(proc.pid)[1]
        room = httpx2.post(f"{url}/api/rooms", json={"rules": "classic"}).json()["room"]
        flood = silent_sockets(url, CONNS_PER_CLIENT + 36)
        try:
            over = httpx2.get(f"{url}/health", timeout=PATIENCE)
            assert over.status_code == 429
            assert over.json()["error"] == "LimitError"
            assert "too many connections from your address (at most 64" in over.json()["message"]
            with connect(f"{url.replace('http', 'ws')}/ws/{room}",
                         open_timeout=PATIENCE) as ws, pytest.raises(ConnectionClosed) as shut:
                ws.recv(PATIENCE)
            assert shut.value.rcvd is not None and shut.value.rcvd.code == 1013
            assert "too many connections" in shut.value.rcvd.reason
            with other_client() as other:
                assert other.get(f"{url}/health").json() == {"status": "ok"}
                assert other.post(f"{url}/api/rooms", json={"rules": "classic"}).status_code \
                    == 201
            assert sit_from(url, room)["ok"] is True
            assert all(closed_by_server(s) for s in flood)
        finally:
            for s in flood:
                s.close()
        assert httpx2.get(f"{url}/health", timeout=PATIENCE).json() == {"status": "ok"}


def test_a_websocket_that_never_says_hello_is_closed_with_the_reason(tmp_path: Path) -> None:
    with serve(tmp_path / "l.sqlite3", "--timeout", "1") as (url, _):
        room = httpx2.post(f"{url}/api/rooms", json={"rules": "classic"}).json()["room"]
        with connect(f"{url.replace('http', 'ws')}/ws/{room}", source_address=(OTHER, 0),
                     open_timeout=PATIENCE) as ws, pytest.raises(ConnectionClosed) as shut:
            ws.recv(PATIENCE)
        assert shut.value.rcvd is not None and shut.value.rcvd.code == 1008
        assert shut.value.rcvd.reason == "say hello within 1 s of connecting"
        assert sit_from(url, room)["ok"] is True  # one that does say hello is seated


def test_running_out_of_files_is_logged_once_an_interval(tmp_path: Path) -> None:
    """A server that cannot raise its open-file limit (hard limit 48) and is sent more
    connections than that fails its accepts again and again for a few seconds: the log says so
    once (the interval is 10 s), with its traceback, not once per failure."""
    log = tmp_path / "stderr.txt"
    with serve(tmp_path / "l.sqlite3", "--conns-per-client", "1000", nofile=(48, 48),
               stderr=log) as (url, _):
        flood = silent_sockets(url, 80)
        try:
            deadline = time.monotonic() + 4
            while time.monotonic() < deadline:  # the server's accepts keep failing meanwhile
                time.sleep(0.25)
        finally:
            for s in flood:
                s.close()
    text = log.read_text()
    failures = re.findall(r"socket\.accept\(\) out of system resource", text)
    assert len(failures) == 1, text[-2000:]
    assert "Too many open files" in text


def test_the_documented_limits_are_the_servers() -> None:
    """docs/web.md#what-one-server-withstands quotes the defaults; ``serve`` has the same."""
    limits = Limits()
    serves = (CONNS_PER_CLIENT, TIMEOUT_S, ROOM_IDLE_S, NEW_ROOMS, DOWNLOADS, MESSAGES_PER_S,
              2 * MESSAGES_PER_S)
    assert serves == (limits.conns_per_client, limits.header_timeout_s, limits.room_idle_s,
                      limits.rooms_burst, limits.downloads_burst, limits.messages_per_s,
                      limits.messages_burst)
    assert limits.header_timeout_s == limits.hello_timeout_s
    docs = (Path(__file__).resolve().parents[2] / "docs" / "web.md").read_text()
    section = docs.split("## What one server withstands")[1].split("\n## ")[0]
    quoted = {m[0]: m[1] for m in re.findall(r"\| `([a-z_]+)` \| ([0-9.]+) \|", section)}
    assert quoted == {name: f"{getattr(limits, name):g}" for name in (
        "conns_per_client", "header_timeout_s", "hello_timeout_s", "keep_alive_s",
        "rooms_burst", "room_every_s", "downloads_burst", "download_every_s", "room_idle_s",
        "messages_burst", "messages_per_s", "log_every_s", "conns_total", "rooms_total_burst",
        "rooms_total_every_s", "downloads_total", "ledger_wait_s")}


@pytest.mark.parametrize("args", [["--timeout", "nan"], ["--room-idle", "nan"],
                                  ["--timeout", "0"], ["--conns-per-client", "0"],
                                  ["--messages", "0"], ["--messages", "nan"]])
def test_serve_refuses_limits_out_of_range(tmp_path: Path, args: list[str]) -> None:
    """A limit that is no number of seconds, or none at all, is refused in words before the
    server starts."""
    result = CliRunner().invoke(cli, ["serve", "--db", str(tmp_path / "l.sqlite3"), *args],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 2
    assert f"Invalid value for '{args[0]}'" in result.output
