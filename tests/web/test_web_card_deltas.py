"""A card room's frames as delta frames (docs/web.md#delta-frames): a connection that asks for
deltas rebuilds, from each delta, exactly the whole frame a connection that takes whole frames
is sent, for a seat and for a spectator; and each room counts its own versions, so a frame tells
nothing of another room's activity."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from patches import Copy, canonical
from starlette.testclient import TestClient

from twentyone.games.core.shuffle import RandomShuffler
from twentyone.web.app import create_app
from twentyone.web.store import SqliteStore

Frame = dict[str, Any]


def _hello(ws: Any, token: str | None, deltas: bool) -> Frame:
    ws.send_json({"type": "hello", "token": token, "deltas": deltas})
    welcome: Frame = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    return welcome


def _next(ws: Any, copy: Copy | None) -> Frame:
    """The next frame on ``ws``; a state frame whole (a delta rebuilt through ``copy``)."""
    f: Frame = ws.receive_json()
    if f["type"] in ("state", "delta"):
        if copy is None:
            assert f["type"] == "state" and "version" not in f
        else:
            whole = copy.take(f)
            assert whole is not None, f"a delta that does not follow the version held: {f}"
            f = whole
    return f


def _states(ws: Any, copy: Copy | None, count: int) -> list[Frame]:
    """The next ``count`` state frames on ``ws``."""
    out: list[Frame] = []
    while len(out) < count:
        f = _next(ws, copy)
        if f["type"] == "state":
            out.append(f)
    return out


def _drain(ws: Any, copy: Copy | None) -> None:
    """Every frame sent to ``ws`` so far: a request the room refuses (so nothing is broadcast)
    is answered after every broadcast made before it."""
    ws.send_json({"type": "op", "id": "ping", "op": "nope"})
    while _next(ws, copy).get("id") != "ping":
        pass


def _without_version(frame: Frame) -> Frame:
    return {k: v for k, v in frame.items() if k != "version"}


def test_a_card_rooms_deltas_rebuild_the_whole_frames_for_a_seat_and_a_spectator(
        tmp_path: Path) -> None:
    """Two connections for Ann's seat and two spectators, one of each taking deltas: through a
    Durak hand with two bots, every frame a delta connection rebuilds is the whole frame the
    other connection of the same viewer was sent, and most of them came as deltas."""
    app = create_app(SqliteStore(tmp_path / "l.sqlite3"), tick_s=0.01, bot_delay_s=0.0,
                     cards=lambda: RandomShuffler(random.Random(5)),
                     bot_rng=lambda code, seat: random.Random(seat))
    with TestClient(app) as client:
        made = client.post("/api/rooms", json={"game": "durak", "players": 3}).json()
        code, host_token = made["room"], made["host_token"]
        with client.websocket_connect(f"/ws/{code}") as ann, \
                client.websocket_connect(f"/ws/{code}") as host:
            _hello(host, host_token, False)
            _hello(ann, None, False)
            ann.send_json({"type": "op", "id": "s", "op": "sit", "name": "Ann"})
            while (f := ann.receive_json()).get("id") != "s":
                pass
            with client.websocket_connect(f"/ws/{code}") as ann2, \
                    client.websocket_connect(f"/ws/{code}") as watch, \
                    client.websocket_connect(f"/ws/{code}") as watch2:
                ann_copy, watch_copy = Copy(), Copy()
                _hello(ann2, f["token"], True)
                _hello(watch, None, False)
                _hello(watch2, None, True)
                for ws, copy in ((ann, None), (ann2, ann_copy), (watch, None),
                                 (watch2, watch_copy)):
                    _drain(ws, copy)
                host.send_json({"type": "op", "id": "d", "op": "deal"})
                made_by_delta = 0
                n = 0
                for n in range(1, 200):
                    held = (ann_copy.version, watch_copy.version)
                    mine, theirs = _states(ann, None, 1)[0], _states(ann2, ann_copy, 1)[0]
                    seen, seen2 = _states(watch, None, 1)[0], _states(watch2, watch_copy, 1)[0]
                    assert canonical(_without_version(theirs)) == canonical(mine)
                    assert canonical(_without_version(seen2)) == canonical(seen)
                    assert mine["ctx"]["viewer"] == 1 and seen["ctx"]["viewer"] == 0
                    made_by_delta += (ann_copy.version, watch_copy.version) != held
                    if mine["ctx"]["over"]:
                        break
                    if mine["legal"] and mine["ctx"]["to_act"] == mine["ctx"]["viewer"]:
                        ann.send_json({"type": "op", "id": f"m{n}", **mine["legal"][-1]})
                assert mine["ctx"]["over"], "the hand ended within the frames read"
                assert n > 10 and made_by_delta == n


def test_each_room_counts_its_own_versions(tmp_path: Path) -> None:
    """A room's first frames are numbered from 1 however much another room has done."""
    app = create_app(SqliteStore(tmp_path / "l.sqlite3"), tick_s=0.01, bot_delay_s=0.0,
                     cards=lambda: RandomShuffler(random.Random(5)),
                     bot_rng=lambda code, seat: random.Random(seat))
    with TestClient(app) as client:
        busy = client.post("/api/rooms", json={"game": "president", "players": 4}).json()
        with client.websocket_connect(f"/ws/{busy['room']}") as host:
            _hello(host, busy["host_token"], True)
            host.send_json({"type": "op", "id": "d", "op": "deal"})
            copy = Copy()
            _states(host, copy, 20)
        assert copy.version is not None and copy.version >= 20
        quiet = client.post("/api/rooms", json={"game": "durak", "players": 2}).json()
        with client.websocket_connect(f"/ws/{quiet['room']}") as watch:
            _hello(watch, None, True)
            first: Frame = watch.receive_json()
        assert first["type"] == "state" and first["version"] == 1
