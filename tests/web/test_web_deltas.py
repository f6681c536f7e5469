"""Delta frames over the socket (docs/web.md#delta-frames): who is sent them, what a client's
``resync`` gets, what a bad hello or resync gets, and a failed send followed by a whole frame."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from patches import canonical, state_of
from table_view import table_view
from web_kit import party

from twentyone.web.app import Connection, Site
from twentyone.web.room import Room, Sources
from twentyone.web.roomcore import Actor, Role
from twentyone.web.shoes import secure_shuffler
from twentyone.web.spec import RoomSpec
from twentyone.web.store import SqliteStore

#: The shoe's first cards: Ann is dealt 10 and 9 against the dealer's 6 (a fixed deal, so the
#: deal's delta is the same size every run: a random one could come out no smaller than the whole
#: frame, which is then sent instead).
STACK = ["10s", "6d", "9h", "7c"]


def test_a_delta_client_gets_its_whole_frame_then_deltas_and_again_on_resync(
        tmp_path: Path) -> None:
    with party(tmp_path / "l.db", STACK) as p:
        ann = p.join()
        assert p.sit(ann, "Ann", 10_000)["ok"]
        assert p.act(ann, "bet", amount=1000)["ok"]
        kinds = [d["type"] for d, _ in ann.deltas]
        assert kinds and set(kinds) == {"delta"}
        held = ann.copy.version
        ann.ws.send_json({"type": "resync"})
        whole = ann.ws.receive_json()
        assert whole["type"] == "state" and whole["version"] > held
        assert canonical(state_of(whole)) == canonical(state_of(ann.state))
        ann.copy.take(whole)
        sent = len(ann.deltas)
        assert p.act(p.host, "deal")["ok"]
        assert len(ann.deltas) == sent + 1, "the deal came to Ann as a delta"
        assert ann.deltas[-1][0]["base"] == whole["version"]


def test_a_client_that_does_not_ask_for_deltas_gets_whole_frames(tmp_path: Path) -> None:
    with party(tmp_path / "l.db") as p:
        ann = p.join()
        with p.client.websocket_connect(f"/ws/{p.code}") as old:
            old.send_json({"type": "hello", "token": None})
            assert old.receive_json()["type"] == "welcome"
            frames = [old.receive_json()]
            ann.until_state()
            assert p.sit(ann, "Ann", 10_000)["ok"]
            frames.append(old.receive_json())
        assert [f["type"] for f in frames] == ["state", "state"]
        assert all("version" not in f for f in frames)
        assert table_view(frames[1])["seats"][0]["name"] == "Ann"


def test_a_bad_resync_or_hello_is_refused_in_words(tmp_path: Path) -> None:
    with party(tmp_path / "l.db") as p:
        ann = p.join()
        for bad in ({"type": "resync", "since": 3}, {"type": "resync", "x": "y" * 3000}):
            ann.ws.send_json(bad)
            refused = ann.ws.receive_json()
            assert refused["type"] == "error" and refused["error"] == "RequestError", refused
            assert "resync" in refused["message"]
        assert p.sit(ann, "Ann", 10_000)["ok"]  # the connection is still good
        with p.client.websocket_connect(f"/ws/{p.code}") as ws:
            ws.send_json({"type": "hello", "token": None, "deltas": "yes"})
            refused = ws.receive_json()
            assert refused["type"] == "error" and refused["error"] == "RequestError", refused
            assert "deltas" in refused["message"]


class _Flaky:
    """A socket whose second send fails, as a connection failing mid-send does (whether that
    frame arrived is not known)."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.tried = 0

    async def send_text(self, text: str) -> None:
        self.tried += 1
        if self.tried == 2:
            raise ConnectionResetError("gone")
        self.sent.append(json.loads(text))


def test_after_a_send_that_failed_the_next_frame_is_whole(tmp_path: Path) -> None:
    site = Site(SqliteStore(tmp_path / "l.db"), secure_shuffler)
    room = Room("TEST01", RoomSpec.from_request({"game": "casino"}), "0" * 64, site.store,
                Sources(secure_shuffler()))
    site.add(room)
    ws = _Flaky()
    conn = Connection(ws, Actor(Role.SPECTATOR), deltas=True)  # type: ignore[arg-type]
    site.conns[room.code].add(conn)

    async def run() -> None:
        await site.broadcast(room, None)
        room.paused = True  # a change, so that the next frames are deltas
        await site.broadcast(room, None)  # fails
        room.paused = False
        await site.broadcast(room, None)
        room.paused = True
        await site.broadcast(room, None)

    asyncio.run(run())
    assert [f["type"] for f in ws.sent] == ["state", "state", "delta"]
    assert ws.sent[2]["base"] == ws.sent[1]["version"]
