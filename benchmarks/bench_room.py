"""A party room's own work per operation, with no network: what the server spends on the game
itself, to set beside the load benchmark (``bench_web.py``) and the stack's floor
(``bench_ws_floor.py``).

Seven bots and a host play a six-deck room straight through ``Room.handle``, as the server's
socket handler calls it, over a SQLite ledger on disk (one transaction per request, as served);
after each request the state frames of one broadcast are built for all eight connections and
encoded, exactly as ``Site.broadcast`` builds them before sending. Run:

    .venv/bin/python benchmarks/bench_room.py [--ops N] [--repeats R] [--whole]

The frames are delta frames (``web.delta``) against what each connection was sent last, as the
page asks for them; with ``--whole`` they are whole state frames, as an older page asks.

Prints the median over the repeats of the CPU time per operation, split into handling the
request (engine, ledger) and building the frames.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from twentyone.engine.shoe import RandomShuffler
from twentyone.engine.table import Phase
from twentyone.web.delta import Feed, Held
from twentyone.web.protocol import MAX_CENTS, Request
from twentyone.web.room import Actor, Role, Room
from twentyone.web.spec import RoomSpec
from twentyone.web.store import SqliteStore

SEATS = 7


def run(ops: int, db: Path, deltas: bool = True) -> tuple[float, float]:
    """CPU seconds per operation (handling, frames) over ``ops`` operations."""
    store = SqliteStore(db)
    # The most a room allows a seat to buy in for, so the bots never run out of chips.
    spec = RoomSpec.from_request({"game": "casino", "rules": "six-deck-s17",
                                  "settings": {"max_buy_in": MAX_CENTS}})
    room = Room("BENCH1", spec, "0" * 64, store, RandomShuffler.seeded(2026))
    host = Actor(Role.HOST)
    bots = [Actor(Role.SPECTATOR) for _ in range(SEATS)]
    actors = [host, *bots]
    ids = itertools.count()
    versions = itertools.count(1)
    held: dict[int, Held] = {}
    handling = framing = 0.0
    done = 0

    def ask(actor: Actor, op: str, **args: Any) -> None:
        nonlocal handling, framing, done
        mark = room.log_mark()
        t0 = time.process_time()
        frame, changed = room.handle(actor, Request(f"r{next(ids)}", op, args))
        t1 = time.process_time()
        if changed:
            frames = room.frames(mark)
            feed = Feed(frames, next(versions))
            for i, a in enumerate(actors):
                if deltas:
                    _, held[i] = feed.frame(a, held.get(i))
                else:
                    frames.text(a)
        t2 = time.process_time()
        assert frame.get("ok"), frame
        handling += t1 - t0
        framing += t2 - t1
        done += 1

    for n, bot in enumerate(bots, 1):
        ask(bot, "sit", name=f"bot{n}", buy_in=MAX_CENTS, seat=n)
    handling = framing = 0.0
    done = 0
    t = room.table
    while done < ops:
        for bot in bots:
            ask(bot, "bet", amount=2_500)
        ask(host, "deal")
        while t.phase is not Phase.BETTING:
            if t.phase is Phase.INSURANCE:
                for bot in bots:
                    if "decline" in room.legal(bot.seat or 0):
                        ask(bot, "decline")
                continue
            assert t.to_act is not None
            seat, index = t.to_act
            hand = t.seats[seat].hands[index]
            ask(bots[seat - 1], "hit" if hand.total < 17 else "stand")
    store.close()
    return handling / done, framing / done


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ops", type=int, default=5000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--whole", action="store_true", help="whole state frames, not deltas")
    args = ap.parse_args()
    results = []
    for r in range(args.repeats):
        with tempfile.TemporaryDirectory() as tmp:
            results.append(run(args.ops, Path(tmp) / f"ledger{r}.db", not args.whole))
    handle = statistics.median(h for h, _ in results) * 1000
    frames = statistics.median(f for _, f in results) * 1000
    total = statistics.median(h + f for h, f in results) * 1000
    print(f"{args.ops} operations x {args.repeats}: CPU per operation {total:.3f} ms "
          f"(handling {handle:.3f} ms, building 8 {'whole' if args.whole else 'delta'} frames "
          f"{frames:.3f} ms)")


if __name__ == "__main__":
    main()
