"""Bytes a card room sends per state frame, whole and as delta frames (docs/web.md#delta-frames).

A room of each card game with one person (who always makes the first legal move) and bots for
the other seats plays HANDS hands over the websocket, in process (Starlette's test client), with
four connections: the person's and a spectator's, each once taking whole frames and once delta
frames. Every state or delta frame's bytes are counted. Run:

    .venv/bin/python benchmarks/bench_card_frames.py [--hands N]

Prints, per game, the frames each connection was sent and their average size whole and as deltas.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from twentyone.games.core.shuffle import RandomShuffler
from twentyone.web.app import create_app
from twentyone.web.store import SqliteStore

#: Each card game with a middling number of players.
GAMES = {"durak": 3, "president": 4, "solo-whist": 4}


def _hello(ws: Any, token: str | None, deltas: bool) -> None:
    ws.send_json({"type": "hello", "token": token, "deltas": deltas})
    assert ws.receive_json()["type"] == "welcome"


def _drain(ws: Any) -> None:
    """Every frame sent to ``ws`` so far: a request the room refuses is answered after them."""
    ws.send_json({"type": "op", "id": "ping", "op": "nope"})
    while ws.receive_json().get("id") != "ping":
        pass


def measure(game: str, players: int, hands: int, folder: Path) -> dict[str, tuple[int, int]]:
    """Frames and bytes per connection (person/spectator, whole/deltas) over ``hands`` hands."""
    app = create_app(SqliteStore(folder / f"{game}.sqlite3"), tick_s=0.005, bot_delay_s=0.0,
                     cards=lambda: RandomShuffler(random.Random(3)),
                     bot_rng=lambda code, seat: random.Random(seat))
    counts = {k: [0, 0] for k in ("seat whole", "seat deltas", "spectator whole",
                                  "spectator deltas")}
    with TestClient(app) as client:
        made = client.post("/api/rooms", json={"game": game, "players": players}).json()
        code = made["room"]
        with client.websocket_connect(f"/ws/{code}") as host, \
                client.websocket_connect(f"/ws/{code}") as me:
            _hello(host, made["host_token"], False)
            _hello(me, None, False)
            me.send_json({"type": "op", "id": "s", "op": "sit", "name": "Ann"})
            while (f := me.receive_json()).get("id") != "s":
                pass
            with client.websocket_connect(f"/ws/{code}") as seat_d, \
                    client.websocket_connect(f"/ws/{code}") as watch, \
                    client.websocket_connect(f"/ws/{code}") as watch_d:
                _hello(seat_d, f["token"], True)
                _hello(watch, None, False)
                _hello(watch_d, None, True)
                conns = {"seat whole": me, "seat deltas": seat_d, "spectator whole": watch,
                         "spectator deltas": watch_d}
                for ws in conns.values():
                    _drain(ws)
                done = 0
                n = 0
                host.send_json({"type": "op", "id": "d0", "op": "deal"})
                while done < hands:
                    frame: dict[str, Any] = {}
                    for name, ws in conns.items():
                        while True:
                            text = ws.receive_text()
                            got = json.loads(text)
                            if got["type"] in ("state", "delta"):
                                counts[name][0] += 1
                                counts[name][1] += len(text.encode())
                                if ws is me:
                                    frame = got
                                break
                    n += 1
                    ctx = frame["ctx"]
                    if ctx["over"] and ctx["hand"] > done:
                        done = ctx["hand"]
                        if done < hands:
                            host.send_json({"type": "op", "id": f"d{n}", "op": "deal"})
                    elif frame["legal"] and ctx["to_act"] == ctx["viewer"]:
                        me.send_json({"type": "op", "id": f"m{n}", **frame["legal"][0]})
    return {k: (c[0], c[1]) for k, c in counts.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=2)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for game, players in GAMES.items():
            got = measure(game, players, args.hands, Path(folder))
            parts = []
            for who in ("seat", "spectator"):
                (n, whole), (_, deltas) = got[f"{who} whole"], got[f"{who} deltas"]
                parts.append(f"{who} {whole / n:,.0f} -> {deltas / n:,.0f} bytes "
                             f"({deltas / whole:.0%})")
            print(f"{game} ({players} players, {args.hands} hands, "
                  f"{got['seat whole'][0]} frames): " + "; ".join(parts))


if __name__ == "__main__":
    main()
